// CustomResourceDefinitions end to end through kubectl 1.34: create and establish, discovery
// and OpenAPI updating live, custom resources with defaulting, pruning, validation, printer
// columns, status and scale subresources, several versions, and deletion of a CRD with its objects.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const WIDGETS = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names:
    plural: widgets
    singular: widget
    kind: Widget
    shortNames: [wd]
    categories: [all]
  versions:
  - name: v1beta1
    served: true
    storage: false
    deprecated: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        description: A widget.
        properties:
          spec:
            type: object
            required: [size]
            properties:
              size:
                type: string
                enum: [small, large]
                description: How big the widget is.
              replicas:
                type: integer
                minimum: 0
                default: 1
              color:
                type: string
                default: blue
              port:
                x-kubernetes-int-or-string: true
              labels:
                type: object
                additionalProperties:
                  type: string
              extra:
                type: object
                x-kubernetes-preserve-unknown-fields: true
              template:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
          status:
            type: object
            properties:
              replicas:
                type: integer
              phase:
                type: string
              conditions:
                type: array
                items:
                  type: object
                  properties:
                    type:
                      type: string
                    status:
                      type: string
    selectableFields:
    - jsonPath: .spec.color
    subresources:
      status: {}
      scale:
        specReplicasPath: .spec.replicas
        statusReplicasPath: .status.replicas
    additionalPrinterColumns:
    - name: Size
      type: string
      jsonPath: .spec.size
    - name: Replicas
      type: integer
      jsonPath: .spec.replicas
    - name: Color
      type: string
      priority: 1
      jsonPath: .spec.color
    - name: Ready
      type: string
      priority: 1
      jsonPath: .status.conditions[?(@.type=="Ready")].status
    - name: Age
      type: date
      jsonPath: .metadata.creationTimestamp
`;

function cr(name: string, spec: string, apiVersion = 'stable.example.com/v1'): string {
  return `apiVersion: ${apiVersion}\nkind: Widget\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}`;
}

describe('CustomResourceDefinitions through kubectl', () => {
  let srv: TestServer;
  let kc: string;
  const k = (args: string[], input?: string) => kubectl(kc, args, input);

  before(async () => {
    srv = await startTestServer();
    kc = srv.kubeconfig;
    const r = await k(['apply', '-f', '-'], WIDGETS);
    assert.equal(r.code, 0, r.stderr);
    const w = await k(['wait', '--for=condition=established', '--timeout=30s', 'crd/widgets.stable.example.com']);
    assert.equal(w.code, 0, w.stderr);
  });
  after(async () => {
    await srv?.close();
  });

  it('establishes the CRD with accepted names and conditions', async () => {
    const r = await k(['get', 'crd', 'widgets.stable.example.com', '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const crd = JSON.parse(r.stdout);
    assert.deepEqual(crd.status.acceptedNames, { plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList', categories: ['all'] });
    const cond = Object.fromEntries(crd.status.conditions.map((c: { type: string; status: string; reason: string }) => [c.type, `${c.status}/${c.reason}`]));
    assert.deepEqual(cond, { NamesAccepted: 'True/NoConflicts', Established: 'True/InitialNamesAccepted' });
    assert.deepEqual(crd.status.storedVersions, ['v1']);
    assert.equal(crd.spec.conversion.strategy, 'None');
    const list = await k(['get', 'crds']);
    assert.match(list.stdout, /^NAME\s+CREATED AT\n/);
    assert.match(list.stdout, /widgets\.stable\.example\.com\s+\d{4}-\d\d-\d\dT/);
  });

  it('publishes the resource in discovery', async () => {
    const r = await k(['api-resources', '--api-group=stable.example.com', '-o', 'wide']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /^widgets\s+wd\s+stable\.example\.com\/v1\s+true\s+Widget\s+delete,deletecollection,get,list,patch,create,update,watch\s+all$/);
    const versions = await k(['api-versions']);
    assert.match(versions.stdout, /^stable\.example\.com\/v1$/m);
    assert.match(versions.stdout, /^stable\.example\.com\/v1beta1$/m);
    // The preferred version is the kube-aware highest one.
    const group = await srv.request('GET', '/apis/stable.example.com');
    assert.equal(group.json().preferredVersion.version, 'v1');
    assert.deepEqual(group.json().versions.map((v: { version: string }) => v.version), ['v1', 'v1beta1']);
    // Aggregated discovery (what kubectl 1.34 reads) lists the group last, its versions preferred first.
    const agg = await srv.request('GET', '/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } });
    const items = agg.json().items as { metadata: { name: string }; versions: { version: string; resources: any[] }[] }[];
    assert.equal(items[items.length - 1]!.metadata.name, 'stable.example.com');
    const g = items[items.length - 1]!;
    assert.deepEqual(g.versions.map((v) => v.version), ['v1', 'v1beta1']);
    const widgets = g.versions[0]!.resources.find((r) => r.resource === 'widgets');
    assert.deepEqual(widgets.responseKind, { group: 'stable.example.com', version: 'v1', kind: 'Widget' });
    assert.equal(widgets.scope, 'Namespaced');
    assert.deepEqual(widgets.subresources.map((x: { subresource: string; responseKind: unknown }) => [x.subresource, x.responseKind]), [
      ['status', { group: 'stable.example.com', version: 'v1', kind: 'Widget' }],
      ['scale', { group: 'autoscaling', version: 'v1', kind: 'Scale' }],
    ]);
  });

  it('creates custom resources with defaults, pruning and unknown-field warnings', async () => {
    const r = await k(['create', '--validate=warn', '-f', '-'], cr('w1', '  size: small\n  bogus: 1\n  extra:\n    anything: [1, 2]\n  port: http\n'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Warning: unknown field "spec\.bogus"/);
    const got = JSON.parse((await k(['get', 'widget', 'w1', '-o', 'json'])).stdout);
    assert.deepEqual(got.spec, { size: 'small', extra: { anything: [1, 2] }, port: 'http', replicas: 1, color: 'blue' });
    assert.equal(got.metadata.generation, 1);
    // kubectl's default (--validate=strict) makes the unknown field an error.
    const strict = await k(['create', '-f', '-'], cr('w-strict', '  size: small\n  bogus: 1\n'));
    assert.notEqual(strict.code, 0);
    assert.match(strict.stderr, /Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec\.bogus"/);
  });

  it('rejects invalid custom resources with upstream messages', async () => {
    const r = await k(['create', '-f', '-'], cr('bad', '  size: medium\n  replicas: "two"\n'));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /The Widget "bad" is invalid:/);
    assert.match(r.stderr, /spec\.size: Unsupported value: "medium": supported values: "small", "large"/);
    assert.match(r.stderr, /spec\.replicas: Invalid value: "string": spec\.replicas in body must be of type integer: "string"/);
    const missing = await k(['create', '-f', '-'], cr('bad2', '  replicas: -1\n'));
    assert.match(missing.stderr, /spec\.size: Required value/);
    assert.match(missing.stderr, /spec\.replicas: Invalid value: -1: spec\.replicas in body should be greater than or equal to 0/);
  });

  it('prints additionalPrinterColumns, wide columns and field selectors', async () => {
    await k(['create', '-f', '-'], cr('w2', '  size: large\n  replicas: 3\n  color: red\n'));
    const r = await k(['get', 'widgets', '-n', 'default']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0]!, /^NAME\s+SIZE\s+REPLICAS\s+AGE$/);
    assert.match(r.stdout, /^w1\s+small\s+1\s+\d+s$/m);
    assert.match(r.stdout, /^w2\s+large\s+3\s+\d+s$/m);
    const wide = await k(['get', 'wd', 'w2', '-o', 'wide']);
    assert.match(wide.stdout, /^NAME\s+SIZE\s+REPLICAS\s+COLOR\s+READY\s+AGE\n/);
    // A path that finds nothing is a null cell, which kubectl leaves blank.
    assert.match(wide.stdout, /^w2\s+large\s+3\s+red\s+\d+s$/m);
    const sel = await k(['get', 'widgets', '--field-selector', 'spec.color=red', '-o', 'name']);
    assert.equal(sel.stdout.trim(), 'widget.stable.example.com/w2');
    const bad = await k(['get', 'widgets', '--field-selector', 'spec.size=small']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /field label not supported: spec\.size/);
    const all = await k(['get', 'all', '-n', 'default', '-o', 'name']);
    assert.match(all.stdout, /widget\.stable\.example\.com\/w1/);
  });

  it('serves the status and scale subresources', async () => {
    // The main resource ignores status; the status subresource ignores spec.
    const p = await k(['patch', 'widget', 'w2', '--type=merge', '-p', '{"status":{"phase":"Ready"}}']);
    assert.equal(p.code, 0, p.stderr);
    let got = JSON.parse((await k(['get', 'widget', 'w2', '-o', 'json'])).stdout);
    assert.equal(got.status, undefined);
    const s = await k(['patch', 'widget', 'w2', '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Ready","replicas":2,"conditions":[{"type":"Synced","status":"False"},{"type":"Ready","status":"True"}]},"spec":{"size":"small"}}']);
    assert.equal(s.code, 0, s.stderr);
    got = JSON.parse((await k(['get', 'widget', 'w2', '-o', 'json'])).stdout);
    assert.equal(got.status.phase, 'Ready');
    assert.equal(got.status.replicas, 2);
    const wide = await k(['get', 'widget', 'w2', '-o', 'wide', '--no-headers']);
    assert.match(wide.stdout, /^w2\s+large\s+3\s+red\s+True\s+\d+s$/m);
    assert.equal(got.spec.size, 'large');
    assert.equal(got.metadata.generation, 1, 'status writes do not bump the generation');
    const scale = await srv.request('GET', '/apis/stable.example.com/v1/namespaces/default/widgets/w2/scale');
    assert.equal(scale.status, 200);
    assert.deepEqual({ kind: scale.json().kind, spec: scale.json().spec, status: scale.json().status }, { kind: 'Scale', spec: { replicas: 3 }, status: { replicas: 2 } });
    const sc = await k(['scale', 'widget', 'w2', '--replicas=5']);
    assert.equal(sc.code, 0, sc.stderr);
    got = JSON.parse((await k(['get', 'widget', 'w2', '-o', 'json'])).stdout);
    assert.equal(got.spec.replicas, 5);
    assert.equal(got.metadata.generation, 2, 'a spec change bumps the generation');
  });

  it('serves every served version, converting with strategy None', async () => {
    const r = await k(['create', '-f', '-'], cr('old', '  size: small\n  free: form\n', 'stable.example.com/v1beta1'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Warning: stable\.example\.com\/v1beta1 Widget is deprecated; use stable\.example\.com\/v1 Widget/);
    const v1 = await srv.request('GET', '/apis/stable.example.com/v1/namespaces/default/widgets/old');
    assert.equal(v1.json().apiVersion, 'stable.example.com/v1');
    // What is stored is coerced by the storage version's schema (v1), whichever version wrote it:
    // v1 does not declare spec.free, so it is not stored, and v1's defaults fill what is read
    // through either version (kube-apiserver v1.32 answers the same: apiextensions'
    // schemaCoercingConverter and the storage decoder's defaulting).
    assert.deepEqual(v1.json().spec, { color: 'blue', replicas: 1, size: 'small' });
    const beta = await srv.request('GET', '/apis/stable.example.com/v1beta1/namespaces/default/widgets/old');
    assert.equal(beta.json().apiVersion, 'stable.example.com/v1beta1');
    assert.deepEqual(beta.json().spec, { color: 'blue', replicas: 1, size: 'small' });
    // A create through v1beta1 answers what was stored, read back through v1beta1.
    const direct = await srv.request('POST', '/apis/stable.example.com/v1beta1/namespaces/default/widgets', { body: { apiVersion: 'stable.example.com/v1beta1', kind: 'Widget', metadata: { name: 'old2' }, spec: { size: 'small', free: 'form' } } });
    assert.equal(direct.status, 201, direct.text);
    assert.deepEqual(direct.json().spec, { color: 'blue', replicas: 1, size: 'small' });
    const list = await srv.request('GET', '/apis/stable.example.com/v1beta1/widgets');
    assert.ok(list.json().items.every((i: { apiVersion: string }) => i.apiVersion === 'stable.example.com/v1beta1'));
  });

  it('rejects strategic merge patch and accepts JSON, merge and apply patches', async () => {
    const smp = await k(['patch', 'widget', 'w1', '--type=strategic', '-p', '{"spec":{"color":"green"}}']);
    assert.notEqual(smp.code, 0);
    assert.match(smp.stderr, /415|UnsupportedMediaType|unknown format/i);
    const jp = await k(['patch', 'widget', 'w1', '--type=json', '-p', '[{"op":"replace","path":"/spec/color","value":"green"}]']);
    assert.equal(jp.code, 0, jp.stderr);
    const conflict = await k(['apply', '--server-side', '--field-manager=tester', '-f', '-'], cr('w1', '  size: large\n'));
    assert.match(conflict.stderr, /Apply failed with 1 conflict: conflict with "kubectl-create" using stable\.example\.com\/v1: \.spec\.size/);
    const ssa = await k(['apply', '--server-side', '--force-conflicts', '--field-manager=tester', '-f', '-'], cr('w1', '  size: large\n'));
    assert.equal(ssa.code, 0, ssa.stderr);
    const got = JSON.parse((await k(['get', 'widget', 'w1', '-o', 'json', '--show-managed-fields'])).stdout);
    assert.equal(got.spec.size, 'large');
    assert.equal(got.spec.color, 'green');
    assert.ok(got.metadata.managedFields.some((m: { manager: string; operation: string }) => m.manager === 'tester' && m.operation === 'Apply'));
    // Client-side apply (a merge patch for custom resources) works too.
    const csa = await k(['apply', '-f', '-'], cr('w3', '  size: small\n'));
    assert.equal(csa.code, 0, csa.stderr);
    const csa2 = await k(['apply', '-f', '-'], cr('w3', '  size: large\n'));
    assert.equal(csa2.code, 0, csa2.stderr);
    assert.match(csa2.stdout, /widget\.stable\.example\.com\/w3 configured/);
  });

  it('explains custom resources from their OpenAPI schema', async () => {
    const r = await k(['explain', 'widgets.spec.size']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /KIND:\s+Widget/);
    assert.match(r.stdout, /How big the widget is\./);
    const v3 = await srv.request('GET', '/openapi/v3/apis/stable.example.com/v1');
    assert.equal(v3.status, 200);
    const schema = v3.json().components.schemas['com.example.stable.v1.Widget'];
    assert.equal(schema.description, 'A widget.');
    assert.deepEqual(schema['x-kubernetes-group-version-kind'], [{ group: 'stable.example.com', kind: 'Widget', version: 'v1' }]);
    assert.ok(schema.properties.metadata.allOf[0].$ref.endsWith('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'));
    const v2 = await srv.request('GET', '/openapi/v2');
    assert.ok(v2.json().definitions['com.example.stable.v1.Widget']);
    assert.ok(v2.json().paths['/apis/stable.example.com/v1/namespaces/{namespace}/widgets/{name}/scale']);
  });

  it('deletes the custom resources of a namespace being deleted', async () => {
    assert.equal((await k(['create', 'namespace', 'doomed'])).code, 0);
    const c = await k(['create', '-f', '-'], cr('in-doomed', '  size: small\n').replace('namespace: default', 'namespace: doomed'));
    assert.equal(c.code, 0, c.stderr);
    const d = await k(['delete', 'namespace', 'doomed', '--timeout=30s']);
    assert.equal(d.code, 0, d.stderr);
    const left = await srv.request('GET', '/apis/stable.example.com/v1/namespaces/doomed/widgets');
    assert.deepEqual(left.json().items, []);
  });

  it('rejects invalid CRDs with upstream messages', async () => {
    const bad = WIDGETS.replace('name: widgets.stable.example.com', 'name: gadgets.stable.example.com').replace(/      scale:\n.*\n.*\n/, '');
    const r = await k(['create', '-f', '-'], bad);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /metadata\.name: Invalid value: "gadgets\.stable\.example\.com": must be spec\.names\.plural\+"\."\+spec\.group/);
    const noStorage = WIDGETS.replace('name: widgets.stable.example.com', 'name: things.stable.example.com').replace('plural: widgets', 'plural: things').replace('storage: true', 'storage: false');
    const r2 = await k(['create', '-f', '-'], noStorage);
    assert.match(r2.stderr, /spec\.versions: Invalid value: .*must have exactly one version marked as storage version/);
  });

  it('deleting a CRD deletes its custom resources, then the CRD, and the resource leaves discovery and OpenAPI', async () => {
    const before = await srv.request('GET', '/apis/stable.example.com/v1/widgets');
    assert.ok(before.json().items.length > 0);
    const d = await k(['delete', 'crd', 'widgets.stable.example.com', '--timeout=60s']);
    assert.equal(d.code, 0, d.stderr);
    const gone = await srv.request('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.stable.example.com');
    assert.equal(gone.status, 404);
    await eventually(async () => (await srv.request('GET', '/apis/stable.example.com/v1')).status === 404, 15_000, 'group version gone');
    const res = await k(['api-resources', '--api-group=stable.example.com']);
    assert.equal(res.stdout.trim().split('\n').length, 1, res.stdout);
    const index = await srv.request('GET', '/openapi/v3');
    assert.equal(index.json().paths['apis/stable.example.com/v1'], undefined);
    // Re-created, the CRD starts empty: its objects were deleted, not orphaned.
    assert.equal((await k(['apply', '-f', '-'], WIDGETS)).code, 0);
    assert.equal((await k(['wait', '--for=condition=established', '--timeout=30s', 'crd/widgets.stable.example.com'])).code, 0);
    const after = await k(['get', 'widgets', '-A', '-o', 'name']);
    assert.equal(after.code, 0, after.stderr);
    assert.equal(after.stdout.trim(), '');
  });
});
