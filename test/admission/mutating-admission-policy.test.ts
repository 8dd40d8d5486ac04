// MutatingAdmissionPolicy (admissionregistration.k8s.io/v1beta1) through raw HTTPS and
// kubectl, against upstream's k8s.io/apiserver pkg/admission/plugin/policy/mutating
// (plugin.go, dispatcher.go, compilation.go, patch/json_patch.go, patch/smd.go),
// policy/generic/policy_dispatcher.go (errors, failurePolicy), pkg/cel/mutation (Object and
// JSONPatch types) and kubernetes pkg/apis/admissionregistration/validation/validation.go
// (validateMutatingAdmissionPolicySpec, validateMutation) and v1beta1/defaults.go.
// Each scenario uses its own namespace; a policy takes effect once the plugin's watch has
// delivered it, so each scenario first waits for a dry-run create that shows the mutation.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, startTestServer, type HttpResult, type TestServer } from '../support/server.js';
import { kubectl } from '../support/kubectl.js';

const GV = '/apis/admissionregistration.k8s.io/v1beta1';
const MAP = `${GV}/mutatingadmissionpolicies`;
const MAPB = `${GV}/mutatingadmissionpolicybindings`;
const ENABLED = { runtimeConfig: { 'admissionregistration.k8s.io/v1beta1': 'true' }, featureGates: { MutatingAdmissionPolicy: true } };

const configMapRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] };

describe('MutatingAdmissionPolicy: serving', () => {
  it('is not served by default, nor with the API enabled but the feature gate off (404 on the resource)', async () => {
    for (const opts of [{}, { runtimeConfig: ENABLED.runtimeConfig }]) {
      const srv = await startTestServer(opts);
      try {
        const r = await srv.request('GET', MAP);
        assert.equal(r.status, 404, r.text);
        // The plugin is in the default set and does nothing while the API is off.
        assert.equal((await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'c' }, data: { a: '1' } } })).status, 201);
      } finally {
        await srv.close();
      }
    }
  });
});

describe('MutatingAdmissionPolicy', () => {
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer(ENABLED);
  });
  after(() => srv.close());

  const ok = (r: HttpResult, code = 201) => assert.equal(r.status, code, r.text);
  async function namespace(name: string): Promise<void> {
    ok(await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name } } }));
  }
  const nsRule = (ns: string) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } });
  function policyBody(name: string, spec: Record<string, unknown>) {
    return { metadata: { name }, spec: { matchConstraints: { resourceRules: [configMapRule] }, reinvocationPolicy: 'Never', ...spec } };
  }
  async function policy(name: string, spec: Record<string, unknown>): Promise<void> {
    ok(await srv.request('POST', MAP, { body: policyBody(name, spec) }));
  }
  async function binding(name: string, ns: string, spec: Record<string, unknown> = {}): Promise<void> {
    ok(await srv.request('POST', MAPB, { body: { metadata: { name }, spec: { policyName: name, matchResources: nsRule(ns), ...spec } } }));
  }
  function createConfigMap(ns: string, body: Record<string, unknown>, dryRun = true): Promise<HttpResult> {
    return srv.request('POST', `/api/v1/namespaces/${ns}/configmaps${dryRun ? '?dryRun=All' : ''}`, { body: { metadata: { name: 'cm' }, ...body } });
  }
  /** Wait until a dry-run create passes `check` (the policy is live). */
  function waitFor(ns: string, body: Record<string, unknown>, check: (r: HttpResult) => boolean, what: string): Promise<HttpResult> {
    return eventually<HttpResult | undefined>(async () => {
      const r = await createConfigMap(ns, body);
      return check(r) ? r : undefined;
    }, 15_000, what) as Promise<HttpResult>;
  }
  const labelsOf = (r: HttpResult) => (r.status === 201 ? r.json().metadata.labels ?? {} : {});

  it('defaults failurePolicy to Fail and the match resources (matchPolicy Equivalent, selectors {}); the binding too', async () => {
    const r = await srv.request('POST', MAP, {
      body: policyBody('defaults', { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{}' } }] }),
    });
    ok(r);
    const spec = r.json().spec;
    assert.equal(spec.failurePolicy, 'Fail');
    assert.equal(spec.reinvocationPolicy, 'Never');
    assert.equal(spec.matchConstraints.matchPolicy, 'Equivalent');
    assert.deepEqual(spec.matchConstraints.namespaceSelector, {});
    assert.deepEqual(spec.matchConstraints.objectSelector, {});
    assert.equal(spec.matchConstraints.resourceRules[0].scope, '*');
    assert.equal(r.json().metadata.generation, 1);
    const b = await srv.request('POST', MAPB, { body: { metadata: { name: 'defaults' }, spec: { policyName: 'defaults', matchResources: { resourceRules: [configMapRule] } } } });
    ok(b);
    assert.equal(b.json().spec.matchResources.matchPolicy, 'Equivalent');
    ok(await srv.request('DELETE', `${MAPB}/defaults`), 200);
    ok(await srv.request('DELETE', `${MAP}/defaults`), 200);
  });

  it('validation: 422 with upstream messages for missing mutations, patch type union, bad expressions, DELETE, reinvocationPolicy', async () => {
    const cases: { spec: Record<string, unknown>; want: string[] }[] = [
      { spec: { mutations: [] }, want: ['spec.mutations: Required value: mutations must contain at least one item'] },
      { spec: { mutations: [{ patchType: 'Merge' }] }, want: ['spec.mutations[0].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch"'] },
      { spec: { mutations: [{ applyConfiguration: { expression: 'Object{}' } }] }, want: ['spec.mutations[0].patchType: Required value'] },
      {
        spec: { mutations: [{ patchType: 'JSONPatch', applyConfiguration: { expression: 'Object{}' } }] },
        want: [
          'spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch',
          'spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch',
        ],
      },
      { spec: { mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '  ' } }] }, want: ['spec.mutations[0].jsonPatch.expression: Required value'] },
      { spec: { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: '"x"' } }] }, want: ['spec.mutations[0].applyConfiguration.expression: Invalid value: "\\"x\\"": must evaluate to Object'] },
      { spec: { mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: 'Object{}' } }] }, want: ['spec.mutations[0].jsonPatch.expression: Invalid value: "Object{}": must evaluate to list(JSONPatch)'] },
      { spec: { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{' } }] }, want: ['spec.mutations[0].applyConfiguration.expression: Invalid value: "Object{": compilation failed: ERROR: <input>:1:8: Syntax error'] },
      {
        spec: { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{}' } }], reinvocationPolicy: 'Sometimes' },
        want: ['spec.reinvocationPolicy: Unsupported value: "Sometimes": supported values: "Never", "IfNeeded"'],
      },
      {
        spec: {
          mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{}' } }],
          matchConstraints: { resourceRules: [{ ...configMapRule, operations: ['DELETE'] }] },
        },
        want: ['spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE"'],
      },
    ];
    for (const c of cases) {
      const r = await srv.request('POST', MAP, { body: policyBody('bad', c.spec) });
      assert.equal(r.status, 422, `${JSON.stringify(c.spec)}: ${r.text}`);
      const s = r.json();
      assert.equal(s.reason, 'Invalid');
      assert.match(s.message, /^MutatingAdmissionPolicy.admissionregistration.k8s.io "bad" is invalid: /);
      for (const w of c.want) assert.ok(s.message.includes(w), `${s.message}\n  lacks: ${w}`);
    }
    const missing = await srv.request('POST', MAP, { body: { metadata: { name: 'bad' }, spec: { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{}' } }] } } });
    assert.equal(missing.status, 422);
    assert.ok(missing.json().message.includes('spec.matchConstraints: Required value'), missing.text);
    assert.ok(missing.json().message.includes('spec.reinvocationPolicy: Required value'), missing.text);
    const b = await srv.request('POST', MAPB, { body: { metadata: { name: 'bad' }, spec: {} } });
    assert.equal(b.status, 422);
    assert.ok(b.json().message.includes('spec.policyName: Required value'), b.text);
  });

  it('ApplyConfiguration: an Object merged over the created object sets labels and fields, keeping the rest', async () => {
    await namespace('map-apply');
    await policy('add-labels', {
      mutations: [{
        patchType: 'ApplyConfiguration',
        applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": "blue", "name": object.metadata.name}}, data: {"added": "yes"}}' },
      }],
    });
    await binding('add-labels', 'map-apply');
    const r = await waitFor('map-apply', { metadata: { name: 'cm', labels: { keep: 'me' } }, data: { a: '1' } }, (x) => labelsOf(x).team === 'blue', 'labels applied');
    const obj = r.json();
    assert.deepEqual(obj.metadata.labels, { keep: 'me', team: 'blue', name: 'cm' });
    assert.deepEqual(obj.data, { a: '1', added: 'yes' });
    // A real create stores the mutated object.
    ok(await createConfigMap('map-apply', { metadata: { name: 'stored' }, data: { a: '1' } }, false));
    const got = (await srv.request('GET', '/api/v1/namespaces/map-apply/configmaps/stored')).json();
    assert.equal(got.metadata.labels.team, 'blue');
    assert.equal(got.data.added, 'yes');
    // Other namespaces are not bound.
    assert.equal(labelsOf(await createConfigMap('default', { data: { a: '1' } })).team, undefined);
  });

  it('ApplyConfiguration: an Object initializer whose type name does not follow the field path is a type mismatch (403 Invalid under Fail)', async () => {
    await namespace('map-mismatch');
    await policy('mismatch', {
      mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.spec{labels: {"a": "b"}}}' } }],
    });
    await binding('mismatch', 'map-mismatch');
    const r = await waitFor('map-mismatch', { data: { a: '1' } }, (x) => x.status !== 201, 'policy to fail');
    assert.equal(r.status, 403, r.text);
    const s = r.json();
    assert.equal(s.reason, 'Invalid');
    assert.equal(
      s.message,
      `policy 'mismatch' with binding 'mismatch' denied request: type mismatch: unexpected type name "Object.spec", expected "Object.metadata", which matches field name path from root Object type`,
    );
    assert.deepEqual(s.details.causes, [{ message: s.message }]);
  });

  it('JSONPatch: add and replace in order, with jsonpatch.escapeKey for a key holding "/"', async () => {
    await namespace('map-jsonpatch');
    await policy('patch', {
      mutations: [{
        patchType: 'JSONPatch',
        jsonPatch: {
          expression: `[
            JSONPatch{op: "add", path: "/metadata/labels", value: {}},
            JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/owner"), value: "ops"},
            JSONPatch{op: "replace", path: "/data/a", value: "replaced"}
          ]`,
        },
      }],
    });
    await binding('patch', 'map-jsonpatch');
    const r = await waitFor('map-jsonpatch', { data: { a: '1', b: '2' } }, (x) => labelsOf(x)['example.com/owner'] === 'ops', 'patch applied');
    assert.deepEqual(r.json().data, { a: 'replaced', b: '2' });
    // A failed test operation leaves the object as it was. The policy is live once a passing test lets its add through.
    await policy('patch-test', {
      mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "test", path: "/data/b", value: "pass"}, JSONPatch{op: "add", path: "/data/t", value: "x"}]' } }],
    });
    await binding('patch-test', 'map-jsonpatch');
    await waitFor('map-jsonpatch', { data: { a: '1', b: 'pass' } }, (x) => x.status === 201 && x.json().data.t === 'x', 'patch-test live');
    const t = await createConfigMap('map-jsonpatch', { data: { a: '1', b: 'fail' } });
    ok(t);
    assert.equal(t.json().data.t, undefined);
    assert.equal(t.json().data.a, 'replaced', 'the other policy still applied');
  });

  it('matchConditions exclude a request: no mutation when a condition is false', async () => {
    await namespace('map-conditions');
    await policy('conditional', {
      matchConditions: [{ name: 'only-marked', expression: 'has(object.data) && "mark" in object.data' }],
      mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: {"mutated": "true"}}' } }],
    });
    await binding('conditional', 'map-conditions');
    const r = await waitFor('map-conditions', { data: { mark: '1' } }, (x) => x.status === 201 && x.json().data.mutated === 'true', 'conditional mutation');
    assert.equal(r.json().data.mark, '1');
    const skipped = await createConfigMap('map-conditions', { data: { other: '1' } });
    ok(skipped);
    assert.deepEqual(skipped.json().data, { other: '1' });
  });

  it('params: a binding paramRef by name feeds `params`; a missing param with parameterNotFoundAction Deny fails the request', async () => {
    await namespace('map-params');
    ok(await srv.request('POST', '/api/v1/namespaces/map-params/configmaps', { body: { metadata: { name: 'settings' }, data: { team: 'green' } } }));
    await policy('with-params', {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConditions: [{ name: 'not-params', expression: 'object.metadata.name != "settings"' }],
      mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": params.data.team}}}' } }],
    });
    await binding('with-params', 'map-params', { paramRef: { name: 'settings', namespace: 'map-params', parameterNotFoundAction: 'Deny' } });
    await waitFor('map-params', { data: { a: '1' } }, (x) => labelsOf(x).team === 'green', 'param label');
    ok(await srv.request('DELETE', '/api/v1/namespaces/map-params/configmaps/settings'), 200);
    const r = await waitFor('map-params', { data: { a: '1' } }, (x) => x.status !== 201, 'missing param to deny');
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().reason, 'Forbidden');
    assert.equal(
      r.json().message,
      "policy 'with-params' with binding 'with-params' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    );
  });

  it('failurePolicy: a runtime error fails the request under Fail and is ignored under Ignore', async () => {
    await namespace('map-fail');
    const failing = { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: {"x": object.data.missing}}' } }] };
    await policy('fails', { ...failing, failurePolicy: 'Fail' });
    await binding('fails', 'map-fail');
    const r = await waitFor('map-fail', { data: { a: '1' } }, (x) => x.status !== 201, 'failure');
    assert.equal(r.status, 403, r.text);
    const s = r.json();
    assert.equal(s.reason, 'Invalid');
    assert.match(s.message, /^policy 'fails' with binding 'fails' denied request: expression 'Object\{data: \{"x": object.data.missing\}\}' resulted in error: /);
    ok(await srv.request('DELETE', `${MAPB}/fails`), 200);
    await namespace('map-ignore');
    await policy('ignored', { ...failing, failurePolicy: 'Ignore' });
    await binding('ignored', 'map-ignore');
    // Make the policy observable: a second mutation of the same policy still applies.
    ok(await srv.request('PUT', `${MAP}/ignored`, {
      body: {
        ...policyBody('ignored', { ...failing, failurePolicy: 'Ignore' }),
        metadata: { name: 'ignored', resourceVersion: (await srv.request('GET', `${MAP}/ignored`)).json().metadata.resourceVersion },
        spec: {
          ...policyBody('ignored', {}).spec,
          failurePolicy: 'Ignore',
          mutations: [...failing.mutations, { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: {"ok": "1"}}' } }],
        },
      },
    }), 200);
    const i = await waitFor('map-ignore', { data: { a: '1' } }, (x) => x.status === 201 && x.json().data.ok === '1', 'ignored failure');
    assert.equal(i.json().data.x, undefined);
  });

  it('reinvocationPolicy IfNeeded: a policy runs again after a later policy changed the object; Never does not', async () => {
    for (const [ns, reinvocationPolicy, want] of [['map-reinvoke', 'IfNeeded', 'yes'], ['map-once', 'Never', undefined]] as const) {
      await namespace(ns);
      // Policies run in name order: "a-..." before "b-...".
      await policy(`a-observer-${ns}`, {
        reinvocationPolicy,
        mutations: [{
          patchType: 'ApplyConfiguration',
          applyConfiguration: { expression: 'has(object.metadata.labels) && "b" in object.metadata.labels ? Object{metadata: Object.metadata{annotations: {"saw-b": "yes"}}} : Object{}' },
        }],
      });
      await binding(`a-observer-${ns}`, ns);
      await policy(`b-labeler-${ns}`, { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"b": "set"}}}' } }] });
      await binding(`b-labeler-${ns}`, ns);
      const r = await waitFor(ns, { data: { a: '1' } }, (x) => labelsOf(x).b === 'set', 'labeler');
      // Both policies are live once the later one acts (the watch delivers them in order).
      const again = await createConfigMap(ns, { data: { a: '1' } });
      ok(again);
      assert.equal(again.json().metadata.annotations?.['saw-b'], want, `${reinvocationPolicy}: ${again.text}`);
      assert.equal(r.json().metadata.labels.b, 'set');
    }
  });

  it('a mutation producing an invalid object is refused by the kind validation (422)', async () => {
    await namespace('map-invalid');
    await policy('bad-label', {
      mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels", value: {"bad key!": "v"}}]' } }],
    });
    await binding('bad-label', 'map-invalid');
    const r = await waitFor('map-invalid', { data: { a: '1' } }, (x) => x.status !== 201, 'invalid object');
    assert.equal(r.status, 422, r.text);
    assert.equal(r.json().reason, 'Invalid');
    assert.match(r.json().message, /metadata.labels: Invalid value: "bad key!"/);
  });

  it('kubectl: lists the policies and a kubectl create is mutated', async () => {
    await namespace('map-kubectl');
    await policy('kubectl-labels', { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"via": "policy"}}}' } }] });
    await binding('kubectl-labels', 'map-kubectl');
    await waitFor('map-kubectl', { data: { a: '1' } }, (x) => labelsOf(x).via === 'policy', 'kubectl policy');
    const list = await kubectl(srv.kubeconfig, ['get', 'mutatingadmissionpolicies', '-o', 'name']);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(list.stdout.includes('mutatingadmissionpolicy.admissionregistration.k8s.io/kubectl-labels'), list.stdout);
    const file = join(srv.dataDir, 'map-cm.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-kubectl\n  namespace: map-kubectl\ndata:\n  a: "1"\n');
    const c = await kubectl(srv.kubeconfig, ['create', '-f', file]);
    assert.equal(c.code, 0, c.stderr);
    const got = await kubectl(srv.kubeconfig, ['get', 'configmap', 'from-kubectl', '-n', 'map-kubectl', '-o', 'jsonpath={.metadata.labels.via}']);
    assert.equal(got.stdout, 'policy');
  });
});
