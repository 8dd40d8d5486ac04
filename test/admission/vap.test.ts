// ValidatingAdmissionPolicy enforcement through raw HTTPS and kubectl, against upstream's
// k8s.io/apiserver pkg/admission/plugin/policy/validating (dispatcher.go, validator.go),
// policy/generic/policy_dispatcher.go (CollectParams), plugin/cel/activation.go (cost
// budgets, error texts) and webhook/matchconditions/matcher.go.
// Each scenario uses its own namespace; policies take effect once the plugin's watch has
// delivered them, so each scenario first waits for a probe the policy must deny.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, startTestServer, type HttpResult, type TestServer } from '../support/server.js';
import { kubectl } from '../support/kubectl.js';

const VAP = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';
const VAPB = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings';

const configMapRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] };

describe('ValidatingAdmissionPolicy', () => {
  let srv: TestServer;
  const ended: { path: string; annotations: Record<string, string> }[] = [];

  before(async () => {
    srv = await startTestServer({ onRequestEnd: (ctx) => ended.push({ path: ctx.path, annotations: { ...ctx.auditAnnotations } }) });
  });
  after(() => srv.close());

  const ok = (r: HttpResult, code = 201) => assert.equal(r.status, code, r.text);
  async function namespace(name: string, labels: Record<string, string> = {}): Promise<void> {
    ok(await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name, labels } } }));
  }
  async function policy(name: string, spec: Record<string, unknown>): Promise<void> {
    ok(await srv.request('POST', VAP, { body: { metadata: { name }, spec: { matchConstraints: { resourceRules: [configMapRule] }, ...spec } } }));
  }
  async function binding(name: string, spec: Record<string, unknown>): Promise<void> {
    ok(await srv.request('POST', VAPB, { body: { metadata: { name }, spec } }));
  }
  /** A ConfigMap create (dry run unless told otherwise). */
  function createConfigMap(ns: string, data: Record<string, string>, opts: { name?: string; labels?: Record<string, string>; dryRun?: boolean; headers?: Record<string, string> } = {}) {
    const q = opts.dryRun === false ? '' : '?dryRun=All';
    return srv.request('POST', `/api/v1/namespaces/${ns}/configmaps${q}`, {
      body: { metadata: { name: opts.name ?? 'cm', labels: opts.labels }, data },
      headers: opts.headers,
    });
  }
  /** Wait until the policy is live: the probe data must be refused. */
  async function waitDenied(ns: string, data: Record<string, string>, labels?: Record<string, string>): Promise<HttpResult> {
    return eventually<HttpResult | undefined>(async () => {
      const r = await createConfigMap(ns, data, { labels });
      return r.status !== 201 ? r : undefined;
    }, 15_000, `policy to deny in ${ns}`) as Promise<HttpResult>;
  }
  const nsRule = (ns: string) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } });

  it('Deny: a false validation is refused with the validation message, reason Invalid (422) by default, the message as the cause', async () => {
    await namespace('vap-deny');
    await policy('must-have-owner', {
      validations: [{ expression: "has(object.data) && 'owner' in object.data", message: 'owner is required' }],
    });
    await binding('must-have-owner-b', { policyName: 'must-have-owner', validationActions: ['Deny'], matchResources: nsRule('vap-deny') });
    const r = await waitDenied('vap-deny', { x: '1' });
    assert.equal(r.status, 422);
    const s = r.json();
    const msg = "ValidatingAdmissionPolicy 'must-have-owner' with binding 'must-have-owner-b' denied request: owner is required";
    assert.equal(s.reason, 'Invalid');
    assert.equal(s.code, 422);
    assert.equal(s.message, `configmaps "cm" is forbidden: ${msg}`);
    assert.deepEqual(s.details, { name: 'cm', kind: 'configmaps', causes: [{ message: msg }] });
    ok(await createConfigMap('vap-deny', { owner: 'me' }));
    // Outside the binding's namespace selector, nothing is enforced.
    ok(await createConfigMap('default', { x: '1' }));
  });

  it('Deny: the reason picks the code (Forbidden 403, Unauthorized 401, RequestEntityTooLarge 413); a generateName create is named by the generated name', async () => {
    await namespace('vap-reason');
    await policy('reasons', {
      validations: [
        { expression: "object.data.kind != 'forbidden'", reason: 'Forbidden' },
        { expression: "object.data.kind != 'unauthorized'", reason: 'Unauthorized' },
        { expression: "object.data.kind != 'large'", reason: 'RequestEntityTooLarge' },
      ],
    });
    await binding('reasons-b', { policyName: 'reasons', validationActions: ['Deny'], matchResources: nsRule('vap-reason') });
    const f = await waitDenied('vap-reason', { kind: 'forbidden' });
    assert.deepEqual([f.status, f.json().reason], [403, 'Forbidden']);
    assert.match(f.json().message, /denied request: failed expression: object\.data\.kind != 'forbidden'$/);
    const u = await createConfigMap('vap-reason', { kind: 'unauthorized' });
    assert.deepEqual([u.status, u.json().reason], [401, 'Unauthorized']);
    const l = await createConfigMap('vap-reason', { kind: 'large' });
    assert.deepEqual([l.status, l.json().reason], [413, 'RequestEntityTooLarge']);
    const g = await srv.request('POST', '/api/v1/namespaces/vap-reason/configmaps?dryRun=All', { body: { metadata: { generateName: 'gen-' }, data: { kind: 'forbidden' } } });
    assert.equal(g.status, 403);
    // Validation runs after the name was generated, so the message names the object (as upstream).
    assert.match(g.json().message, /^configmaps "gen-[a-z0-9]{5}" is forbidden: /);
  });

  it('messageExpression: its string is the message; an error, a blank or a multi-line result falls back to message, then to the expression', async () => {
    await namespace('vap-msg');
    await policy('messages', {
      validations: [
        { expression: "object.data.v != 'a'", messageExpression: "'value ' + object.data.v + ' is refused'", message: 'static a' },
        { expression: "object.data.v != 'b'", messageExpression: 'string(object.data.missing)', message: 'static b' },
        { expression: "object.data.v != 'c'", messageExpression: "'   '", message: 'static c' },
        { expression: "object.data.v != 'd'", messageExpression: "'line1\\nline2'" },
      ],
    });
    await binding('messages-b', { policyName: 'messages', validationActions: ['Deny'], matchResources: nsRule('vap-msg') });
    const prefix = "ValidatingAdmissionPolicy 'messages' with binding 'messages-b' denied request: ";
    const a = await waitDenied('vap-msg', { v: 'a' });
    assert.equal(a.json().details.causes[0].message, `${prefix}value a is refused`);
    const b = await createConfigMap('vap-msg', { v: 'b' });
    assert.equal(b.json().details.causes[0].message, `${prefix}static b`);
    const c = await createConfigMap('vap-msg', { v: 'c' });
    assert.equal(c.json().details.causes[0].message, `${prefix}static c`);
    const d = await createConfigMap('vap-msg', { v: 'd' });
    assert.equal(d.json().details.causes[0].message, `${prefix}failed expression: object.data.v != 'd'`);
  });

  it('Warn: the request succeeds with upstream\'s Warning text; Audit: the validation_failure annotation; auditAnnotations joined per policy key', async () => {
    await namespace('vap-warn');
    await policy('soft', {
      validations: [{ expression: "object.data.v != 'bad'", message: 'v is bad' }],
      auditAnnotations: [{ key: 'seen', valueExpression: "'v=' + object.data.v" }, { key: 'none', valueExpression: 'null' }],
    });
    await binding('soft-warn', { policyName: 'soft', validationActions: ['Warn', 'Audit'], matchResources: nsRule('vap-warn') });
    const r = await eventually<HttpResult | undefined>(async () => {
      const x = await createConfigMap('vap-warn', { v: 'bad' });
      return x.headers.warning ? x : undefined;
    }, 15_000, 'warning');
    assert.equal(r!.status, 201);
    assert.equal(r!.headers.warning, `299 - "Validation failed for ValidatingAdmissionPolicy 'soft' with binding 'soft-warn': v is bad"`);
    const seen = ended.filter((e) => e.path === '/api/v1/namespaces/vap-warn/configmaps').at(-1)!;
    assert.deepEqual(JSON.parse(seen.annotations['validation.policy.admission.k8s.io/validation_failure']!), [
      { message: 'v is bad', policy: 'soft', binding: 'soft-warn', expressionIndex: 0, validationActions: ['Warn', 'Audit'] },
    ]);
    assert.equal(seen.annotations['soft/seen'], 'v=bad');
    assert.equal('soft/none' in seen.annotations, false, 'a null value omits the annotation');
    const good = await createConfigMap('vap-warn', { v: 'good' });
    assert.equal(good.headers.warning, undefined);
    const last = ended.filter((e) => e.path === '/api/v1/namespaces/vap-warn/configmaps').at(-1)!;
    assert.equal(last.annotations['validation.policy.admission.k8s.io/validation_failure'], undefined);
    assert.equal(last.annotations['soft/seen'], 'v=good');
  });

  it('params by name (namespaced paramKind, paramRef.namespace) and by selector (every selected param must pass); parameterNotFoundAction Allow and Deny', async () => {
    await namespace('vap-params');
    await namespace('vap-params-cfg');
    for (const [name, max, team] of [['limits', '3', 'a'], ['limits-2', '5', 'a']] as const) {
      ok(await srv.request('POST', '/api/v1/namespaces/vap-params-cfg/configmaps', { body: { metadata: { name, labels: { team } }, data: { max } } }));
    }
    await policy('max-keys', {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      validations: [{ expression: 'size(object.data) <= int(params.data.max)', messageExpression: "'at most ' + params.data.max + ' keys'" }],
    });
    await binding('max-keys-by-name', {
      policyName: 'max-keys',
      validationActions: ['Deny'],
      paramRef: { name: 'limits-2', namespace: 'vap-params-cfg', parameterNotFoundAction: 'Deny' },
      matchResources: { ...nsRule('vap-params'), objectSelector: { matchLabels: { by: 'name' } } },
    });
    await binding('max-keys-by-selector', {
      policyName: 'max-keys',
      validationActions: ['Deny'],
      paramRef: { selector: { matchLabels: { team: 'a' } }, namespace: 'vap-params-cfg', parameterNotFoundAction: 'Deny' },
      matchResources: { ...nsRule('vap-params'), objectSelector: { matchLabels: { by: 'selector' } } },
    });
    await binding('max-keys-missing-allow', {
      policyName: 'max-keys',
      validationActions: ['Deny'],
      paramRef: { name: 'nope', namespace: 'vap-params-cfg', parameterNotFoundAction: 'Allow' },
      matchResources: { ...nsRule('vap-params'), objectSelector: { matchLabels: { by: 'allow' } } },
    });
    await binding('max-keys-missing-deny', {
      policyName: 'max-keys',
      validationActions: ['Deny'],
      // No namespace: the request's namespace, which has no such ConfigMap.
      paramRef: { selector: { matchLabels: { team: 'zzz' } }, parameterNotFoundAction: 'Deny' },
      matchResources: { ...nsRule('vap-params'), objectSelector: { matchLabels: { by: 'deny' } } },
    });
    const four = { a: '1', b: '2', c: '3', d: '4' };
    const six = { ...four, e: '5', f: '6' };
    const byName = await waitDenied('vap-params', six, { by: 'name' });
    assert.equal(byName.json().details.causes[0].message, "ValidatingAdmissionPolicy 'max-keys' with binding 'max-keys-by-name' denied request: at most 5 keys");
    ok(await createConfigMap('vap-params', four, { labels: { by: 'name' } }));
    // Selector: limits (3) and limits-2 (5) both apply; four keys fail the first.
    const bySel = await waitDenied('vap-params', four, { by: 'selector' });
    assert.equal(bySel.json().details.causes[0].message, "ValidatingAdmissionPolicy 'max-keys' with binding 'max-keys-by-selector' denied request: at most 3 keys");
    ok(await createConfigMap('vap-params', { a: '1' }, { labels: { by: 'selector' } }));
    ok(await createConfigMap('vap-params', six, { labels: { by: 'allow' } }));
    const deny = await waitDenied('vap-params', { a: '1' }, { by: 'deny' });
    assert.equal(deny.status, 422);
    assert.equal(
      deny.json().details.causes[0].message,
      "ValidatingAdmissionPolicy 'max-keys' with binding 'max-keys-missing-deny' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    );
  });

  it('params of a cluster-scoped kind by selector; paramRef.namespace with a cluster-scoped kind is a configuration error; an unknown paramKind fails the policy', async () => {
    await namespace('vap-cparams');
    await namespace('vap-cparams-limit', { 'vap-limit': 'yes', maxlen: '3' });
    await policy('ns-params', {
      paramKind: { apiVersion: 'v1', kind: 'Namespace' },
      validations: [{ expression: "size(object.data.v) <= int(params.metadata.labels.maxlen)", messageExpression: "'too long for ' + params.metadata.name" }],
    });
    await binding('ns-params-b', {
      policyName: 'ns-params',
      validationActions: ['Deny'],
      paramRef: { selector: { matchLabels: { 'vap-limit': 'yes' } }, parameterNotFoundAction: 'Allow' },
      matchResources: { ...nsRule('vap-cparams'), objectSelector: { matchLabels: { t: 'sel' } } },
    });
    await binding('ns-params-bad', {
      policyName: 'ns-params',
      validationActions: ['Deny'],
      paramRef: { name: 'default', namespace: 'default', parameterNotFoundAction: 'Allow' },
      matchResources: { ...nsRule('vap-cparams'), objectSelector: { matchLabels: { t: 'bad' } } },
    });
    const r = await waitDenied('vap-cparams', { v: 'long' }, { t: 'sel' });
    assert.match(r.json().message, /denied request: too long for vap-cparams-limit$/);
    ok(await createConfigMap('vap-cparams', { v: 'ok' }, { labels: { t: 'sel' } }));
    const bad = await waitDenied('vap-cparams', { v: 'ok' }, { t: 'bad' });
    assert.match(bad.json().message, /with binding 'ns-params-bad' denied request: failed to configure binding: paramRef\.namespace must not be provided for a cluster-scoped `paramKind`$/);

    // A policy-level configuration error applies to every request the policy matches, before any binding is looked at.
    await policy('unknown-param', {
      matchConstraints: { resourceRules: [configMapRule], ...nsRule('vap-cparams'), objectSelector: { matchLabels: { t: 'unknown' } } },
      paramKind: { apiVersion: 'example.com/v1', kind: 'Nothing' },
      validations: [{ expression: 'true' }],
    });
    await binding('unknown-param-b', { policyName: 'unknown-param', validationActions: ['Deny'], paramRef: { name: 'x', parameterNotFoundAction: 'Allow' }, matchResources: { ...nsRule('vap-cparams'), objectSelector: { matchLabels: { t: 'unknown' } } } });
    const u = await waitDenied('vap-cparams', { v: 'ok' }, { t: 'unknown' });
    assert.equal(u.json().details.causes[0].message, "ValidatingAdmissionPolicy 'unknown-param' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Nothing'");
  });

  it('failurePolicy: a runtime error denies under Fail and is ignored under Ignore (a false validation is enforced either way)', async () => {
    await namespace('vap-fail');
    await policy('broken-fail', { failurePolicy: 'Fail', validations: [{ expression: "object.data.missing == 'x'" }] });
    await binding('broken-fail-b', { policyName: 'broken-fail', validationActions: ['Deny'], matchResources: { ...nsRule('vap-fail'), objectSelector: { matchLabels: { fp: 'fail' } } } });
    await policy('broken-ignore', {
      failurePolicy: 'Ignore',
      validations: [{ expression: "object.data.missing == 'x'" }, { expression: "object.data.v != 'no'" }],
    });
    await binding('broken-ignore-b', { policyName: 'broken-ignore', validationActions: ['Deny'], matchResources: { ...nsRule('vap-fail'), objectSelector: { matchLabels: { fp: 'ignore' } } } });
    const r = await waitDenied('vap-fail', { v: '1' }, { fp: 'fail' });
    assert.equal(r.status, 422);
    assert.equal(r.json().details.causes[0].message, "ValidatingAdmissionPolicy 'broken-fail' with binding 'broken-fail-b' denied request: expression 'object.data.missing == 'x'' resulted in error: no such key: missing");
    const no = await waitDenied('vap-fail', { v: 'no' }, { fp: 'ignore' });
    assert.match(no.json().message, /'broken-ignore' with binding 'broken-ignore-b' denied request: failed expression: object\.data\.v != 'no'$/);
    ok(await createConfigMap('vap-fail', { v: '1' }, { labels: { fp: 'ignore' } }));
  });

  it('matchConditions: any false skips the policy; all true evaluates it; an error with none false follows the failurePolicy', async () => {
    await namespace('vap-mc');
    await policy('conditional', {
      matchConditions: [
        { name: 'is-checked', expression: "object.metadata.?labels.check.orValue('') == 'yes'" },
        { name: 'maybe-error', expression: "!has(object.data.boom) || object.data.boom.size() == 0 || object.data.nothing == 'x'" },
      ],
      validations: [{ expression: "object.data.v != 'bad'", message: 'bad v' }],
    });
    await binding('conditional-b', { policyName: 'conditional', validationActions: ['Deny'], matchResources: nsRule('vap-mc') });
    const r = await waitDenied('vap-mc', { v: 'bad' }, { check: 'yes' });
    assert.match(r.json().message, /denied request: bad v$/);
    ok(await createConfigMap('vap-mc', { v: 'bad' }, { labels: { check: 'no' } }));
    const err = await createConfigMap('vap-mc', { v: 'good', boom: 'x' }, { labels: { check: 'yes' } });
    assert.equal(err.status, 422, err.text);
    assert.equal(
      err.json().details.causes[0].message,
      "ValidatingAdmissionPolicy 'conditional' with binding 'conditional-b' denied request: expression '!has(object.data.boom) || object.data.boom.size() == 0 || object.data.nothing == 'x'' resulted in error: no such key: nothing",
    );
    // A false condition wins over an error.
    ok(await createConfigMap('vap-mc', { v: 'good', boom: 'x' }, { labels: { check: 'no' } }));
  });

  it('variables are evaluated lazily and in order; request, namespaceObject and authorizer are bound', async () => {
    await namespace('vap-vars', { env: 'prod' });
    await policy('vars', {
      variables: [
        { name: 'env', expression: "namespaceObject.metadata.labels.env" },
        { name: 'isProd', expression: "variables.env == 'prod'" },
        { name: 'broken', expression: 'object.data.nothing' },
      ],
      validations: [
        { expression: "!variables.isProd || object.data.v != 'x'", messageExpression: "'not in ' + variables.env + ' by ' + request.userInfo.username" },
        { expression: "request.operation == 'CREATE' && request.namespace == 'vap-vars' && request.dryRun", message: 'request fields' },
        { expression: "authorizer.group('').resource('secrets').namespace('vap-vars').check('list').allowed() || object.data.v != 'nosecrets'", message: 'may not list secrets' },
      ],
    });
    await binding('vars-b', { policyName: 'vars', validationActions: ['Deny'], matchResources: nsRule('vap-vars') });
    const r = await waitDenied('vap-vars', { v: 'x' });
    assert.match(r.json().message, /denied request: not in prod by kubernetes-admin$/);
    // The broken variable is never read, so it does not fail the request.
    ok(await createConfigMap('vap-vars', { v: 'nosecrets' }));
    // Impersonating a user without RBAC grants: the authorizer check is false.
    ok(await srv.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/vap-vars/rolebindings', {
      body: { metadata: { name: 'edit-alice' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }] },
    }));
    const alice = await eventually<HttpResult | undefined>(async () => {
      const x = await createConfigMap('vap-vars', { v: 'nosecrets' }, { headers: { 'impersonate-user': 'alice' } });
      return x.status !== 403 || x.json().reason !== 'Forbidden' ? x : undefined;
    }, 15_000, 'alice to be allowed by RBAC');
    assert.equal(alice!.status, 201, 'alice may list secrets with edit');
    ok(await srv.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/vap-vars/roles', { body: { metadata: { name: 'cm-only' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }] } }));
    ok(await srv.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/vap-vars/rolebindings', {
      body: { metadata: { name: 'cm-bob' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'cm-only' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }] },
    }));
    const bob = await eventually<HttpResult | undefined>(async () => {
      const x = await createConfigMap('vap-vars', { v: 'nosecrets' }, { headers: { 'impersonate-user': 'bob' } });
      return x.status === 422 ? x : undefined;
    }, 15_000, 'bob to be refused by the policy');
    assert.match(bob!.json().message, /denied request: may not list secrets$/);
  });

  it('cost: an expression over the per-call limit is an error; expressions past the per-binding budget stop evaluation', async () => {
    await namespace('vap-cost');
    const ten = '[0,1,2,3,4,5,6,7,8,9]';
    const heavy = `${ten}.all(a, ${ten}.all(b, ${ten}.all(c, ${ten}.all(d, ${ten}.all(e, ${ten}.all(f, true))))))`;
    await policy('costly', { validations: [{ expression: `object.data.v != 'heavy' || ${heavy}` }] });
    await binding('costly-b', { policyName: 'costly', validationActions: ['Deny'], matchResources: nsRule('vap-cost') });
    const r = await waitDenied('vap-cost', { v: 'heavy' });
    assert.equal(r.json().details.causes[0].message, `ValidatingAdmissionPolicy 'costly' with binding 'costly-b' denied request: expression 'object.data.v != 'heavy' || ${heavy}' resulted in error: operation cancelled: actual cost limit exceeded`);
    ok(await createConfigMap('vap-cost', { v: 'light' }));

    // Each of these stays under the per-call limit; together they exceed the binding's 10M budget.
    const medium = `${ten}.all(a, ${ten}.all(b, ${ten}.all(c, ${ten}.all(d, ${ten}.all(e, true)))))`;
    await policy('budget', {
      matchConstraints: { resourceRules: [configMapRule], objectSelector: { matchLabels: { budget: 'yes' } } },
      validations: Array.from({ length: 40 }, (_, i) => ({ expression: `${medium} && ${i} >= 0` })),
    });
    await binding('budget-b', { policyName: 'budget', validationActions: ['Deny'], matchResources: nsRule('vap-cost') });
    const b = await waitDenied('vap-cost', { v: 'light' }, { budget: 'yes' });
    assert.equal(b.json().details.causes[0].message, "ValidatingAdmissionPolicy 'budget' with binding 'budget-b' denied request: validation failed due to running out of cost budget, no further validation rules will be run");
  });

  it('a policy never matches admission policies or bindings themselves', async () => {
    await policy('deny-admission-config', {
      matchConstraints: { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: ['*'] }] },
      matchConditions: [{ name: 'only-marked', expression: "has(object.metadata.labels) && 'deny-me' in object.metadata.labels" }],
      validations: [{ expression: 'false', message: 'everything marked is denied' }],
    });
    await binding('deny-admission-config-b', { policyName: 'deny-admission-config', validationActions: ['Deny'] });
    await namespace('vap-exempt');
    await waitDenied('vap-exempt', { a: '1' }, { 'deny-me': 'x' });
    ok(await srv.request('POST', VAP, {
      body: { metadata: { name: 'marked', labels: { 'deny-me': 'x' } }, spec: { matchConstraints: { resourceRules: [configMapRule] }, validations: [{ expression: 'true' }] } },
    }));
    ok(await srv.request('POST', VAPB, { body: { metadata: { name: 'marked-b', labels: { 'deny-me': 'x' } }, spec: { policyName: 'marked', validationActions: ['Warn'] } } }));
    ok(await srv.request('DELETE', `${VAPB}/deny-admission-config-b`), 200);
  });

  it('type checking: the status controller writes observedGeneration and a warning per expression that does not check against a matched kind', async () => {
    await policy('typed', {
      matchConstraints: {
        resourceRules: [
          { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] },
          { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] },
        ],
      },
      validations: [
        { expression: 'object.spec.replicas > 1' },
        { expression: "object.metadata.name != ''", messageExpression: "'n: ' + object.metadata.name" },
        { expression: 'true', messageExpression: 'string(object.nope)' },
      ],
    });
    const p = await eventually(async () => {
      const r = await srv.request('GET', `${VAP}/typed`);
      const o = r.json();
      return o.status?.observedGeneration === 1 ? o : undefined;
    }, 10_000, 'type checking status');
    const warnings = p.status.typeChecking.expressionWarnings;
    assert.deepEqual(warnings.map((w: { fieldRef: string }) => w.fieldRef), ['spec.validations[0].expression', 'spec.validations[2].messageExpression']);
    assert.match(warnings[0].warning, /^\/v1, Kind=ConfigMap: compilation failed: ERROR: <input>:1:7: undefined field 'spec'/);
    assert.doesNotMatch(warnings[0].warning, /Kind=Deployment/, 'deployments have spec.replicas');
    assert.match(warnings[1].warning, /^\/v1, Kind=ConfigMap: compilation failed: .*undefined field 'nope'[\s\S]*\n\napps\/v1, Kind=Deployment: compilation failed: .*undefined field 'nope'/);
    const managers = p.metadata.managedFields.map((m: { manager: string; operation: string; subresource?: string }) => `${m.manager}/${m.operation}/${m.subresource ?? ''}`);
    assert.ok(managers.includes('validatingadmissionpolicy-status-controller/Apply/status'), managers.join(' '));
    // A policy that checks cleanly gets typeChecking without warnings.
    await policy('typed-clean', { validations: [{ expression: "has(object.data)" }] });
    const clean = await eventually(async () => {
      const o = (await srv.request('GET', `${VAP}/typed-clean`)).json();
      return o.status?.observedGeneration === 1 ? o : undefined;
    }, 10_000, 'type checking status');
    assert.deepEqual(clean.status.typeChecking, {});
  });

  it('kubectl: a denied apply prints the policy message; a Warn binding prints the warning', async () => {
    await namespace('vap-kubectl');
    await policy('kubectl-policy', { validations: [{ expression: "object.data.mode != 'off'", message: 'mode must not be off' }] });
    await binding('kubectl-deny', { policyName: 'kubectl-policy', validationActions: ['Deny'], matchResources: { ...nsRule('vap-kubectl'), objectSelector: { matchLabels: { a: 'deny' } } } });
    await binding('kubectl-warn', { policyName: 'kubectl-policy', validationActions: ['Warn'], matchResources: { ...nsRule('vap-kubectl'), objectSelector: { matchLabels: { a: 'warn' } } } });
    await waitDenied('vap-kubectl', { mode: 'off' }, { a: 'deny' });
    const file = join(srv.dataDir, 'cm.yaml');
    const manifest = (name: string, a: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: vap-kubectl\n  labels:\n    a: ${a}\ndata:\n  mode: "off"\n`;
    writeFileSync(file, manifest('denied', 'deny'));
    const d = await kubectl(srv.kubeconfig, ['apply', '-f', file]);
    assert.notEqual(d.code, 0);
    assert.match(d.stderr, /ValidatingAdmissionPolicy 'kubectl-policy' with binding 'kubectl-deny' denied request: mode must not be off/);
    writeFileSync(file, manifest('warned', 'warn'));
    const w = await kubectl(srv.kubeconfig, ['apply', '-f', file]);
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stderr, /Warning: Validation failed for ValidatingAdmissionPolicy 'kubectl-policy' with binding 'kubectl-warn': mode must not be off/);
    assert.match(w.stdout, /configmap\/warned created/);
  });
});
