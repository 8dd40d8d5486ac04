// A custom resource's metadata is Go's ObjectMeta: the CR handler decodes it as such
// (apiextensions-apiserver pkg/apiserver/schema/objectmeta/coerce.go), and every update
// runs the generic ObjectMeta checks of a create too (k8s.io/apiserver
// pkg/registry/rest/update.go validateCommonFields). Each expectation below was taken from
// kube-apiserver v1.32 given the same request (test/support/kube-apiserver.ts).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';
import { installWidgets, widgetCrd } from '../support/widget-crd.js';

const GROUP = 'meta.fz.example.com';
const WIDGETS = `/apis/${GROUP}/v1/namespaces/default/widgets`;
const CMS = '/api/v1/namespaces/default/configmaps';
const MERGE = { 'content-type': 'application/merge-patch+json' };
const JSON_PATCH = { 'content-type': 'application/json-patch+json' };
const APPLY = { 'content-type': 'application/apply-patch+yaml' };
const cannotHandle = (goError: string) => `Widget in version "v1" cannot be handled as a Widget: ${goError}`;
const EMPTY_FINALIZER = [
  'metadata.finalizers: Invalid value: "": name part must be non-empty',
  `metadata.finalizers: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
];

describe('custom resource metadata is decoded as ObjectMeta', () => {
  let srv: TestServer;
  const widget = (metadata: Record<string, unknown>) => ({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata, spec: { a: 1 } });
  const get = async (path: string) => {
    const r = await srv.request('GET', path);
    assert.equal(r.status, 200, r.text);
    return r.json();
  };

  before(async () => {
    srv = await startTestServer({ store: 'memory' });
    await installWidgets(srv, widgetCrd(GROUP, { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }));
  });
  after(async () => {
    await srv?.close();
  });

  it('refuses a create whose metadata has a value of the wrong Go type with 400 and Go decoding error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ finalizers: [1] }, 'json: cannot unmarshal number into Go struct field ObjectMeta.finalizers of type string'],
      [{ finalizers: 'x' }, 'json: cannot unmarshal string into Go struct field ObjectMeta.finalizers of type []string'],
      [{ labels: { x: 1 } }, 'json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string'],
      [{ annotations: { x: 2 } }, 'json: cannot unmarshal number into Go struct field ObjectMeta.annotations of type string'],
      [{ generation: 'x' }, 'json: cannot unmarshal string into Go struct field ObjectMeta.generation of type int64'],
      [{ uid: 5 }, 'json: cannot unmarshal number into Go struct field ObjectMeta.uid of type types.UID'],
      [{ generateName: 7 }, 'json: cannot unmarshal number into Go struct field ObjectMeta.generateName of type string'],
      [{ namespace: 3 }, 'json: cannot unmarshal number into Go struct field ObjectMeta.namespace of type string'],
      [{ managedFields: 'x' }, 'json: cannot unmarshal string into Go struct field ObjectMeta.managedFields of type []v1.ManagedFieldsEntry'],
      [{ deletionGracePeriodSeconds: 'x' }, 'json: cannot unmarshal string into Go struct field ObjectMeta.deletionGracePeriodSeconds of type int64'],
      [{ creationTimestamp: 5 }, 'json: cannot unmarshal number into Go struct field ObjectMeta.creationTimestamp of type string'],
      [{ creationTimestamp: 'yesterday' }, 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'],
      [{ ownerReferences: [{ apiVersion: 1 }] }, 'json: cannot unmarshal number into Go struct field OwnerReference.ownerReferences.apiVersion of type string'],
    ];
    for (const [i, [meta, goError]] of cases.entries()) {
      const r = await srv.request('POST', WIDGETS, { body: widget({ name: `bad-${i}`, ...meta }) });
      assert.equal(r.status, 400, `${JSON.stringify(meta)}: ${r.text}`);
      assert.equal(r.json().reason, 'BadRequest');
      assert.equal(r.json().message, cannotHandle(goError), JSON.stringify(meta));
      assert.equal((await srv.request('GET', `${WIDGETS}/bad-${i}`)).status, 404, 'nothing was stored');
    }
  });

  it('decodes null list and map elements as "" (Go zero values), which validation then judges', async () => {
    const nullFinalizer = await srv.request('POST', WIDGETS, { body: widget({ name: 'null-finalizer', finalizers: [null] }) });
    assert.equal(nullFinalizer.status, 422, nullFinalizer.text);
    for (const m of EMPTY_FINALIZER) assert.ok(nullFinalizer.json().message.includes(m), nullFinalizer.json().message);
    const nullLabel = await srv.request('POST', WIDGETS, { body: widget({ name: 'null-label', labels: { x: null } }) });
    assert.equal(nullLabel.status, 201, nullLabel.text);
    assert.deepEqual(nullLabel.json().metadata.labels, { x: '' });
  });

  it('refuses ill-typed metadata on update (400) and patch (422 "patch: Invalid value"), leaving the object as it was', async () => {
    assert.equal((await srv.request('POST', WIDGETS, { body: widget({ name: 'w', labels: { keep: 'me' } }) })).status, 201);
    const before = await get(`${WIDGETS}/w`);
    const put = await srv.request('PUT', `${WIDGETS}/w`, { body: { ...before, metadata: { ...before.metadata, finalizers: [1] } } });
    assert.equal(put.status, 400, put.text);
    assert.equal(put.json().message, cannotHandle('json: cannot unmarshal number into Go struct field ObjectMeta.finalizers of type string'));

    const goError = 'json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string';
    const patches: [Record<string, string>, unknown][] = [
      [MERGE, { metadata: { labels: { x: 1 } } }],
      [JSON_PATCH, [{ op: 'add', path: '/metadata/labels/x', value: 1 }]],
    ];
    for (const [headers, body] of patches) {
      const r = await srv.request('PATCH', `${WIDGETS}/w`, { body, headers });
      assert.equal(r.status, 422, r.text);
      const status = r.json();
      assert.equal(status.reason, 'Invalid');
      assert.match(status.message, /^ "" is invalid: patch: Invalid value: "\{.*\\"labels\\":\{\\"keep\\":\\"me\\",\\"x\\":1\}.*\}": /);
      assert.ok(status.message.endsWith(`: ${goError}`), status.message);
      assert.equal(status.details.causes[0].field, 'patch');
      assert.ok(!('kind' in status.details), JSON.stringify(status.details));
    }
    assert.deepEqual(await get(`${WIDGETS}/w`), before);
  });

  it('runs the generic ObjectMeta checks on every update: a patched-in null finalizer is a 422 (rest.BeforeUpdate)', async () => {
    assert.equal((await srv.request('POST', WIDGETS, { body: widget({ name: 'u' }) })).status, 201);
    const before = await get(`${WIDGETS}/u`);
    const r = await srv.request('PATCH', `${WIDGETS}/u`, { body: { metadata: { finalizers: [null] } }, headers: MERGE });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.json().message, `Widget.${GROUP} "u" is invalid: [${EMPTY_FINALIZER.join(', ')}]`);
    const put = await srv.request('PUT', `${WIDGETS}/u`, { body: { ...before, metadata: { ...before.metadata, finalizers: ['x y/z'] } } });
    assert.equal(put.status, 422, put.text);
    assert.match(put.json().message, /metadata\.finalizers: Invalid value: "x y\/z": prefix part a lowercase RFC 1123 subdomain/);
    assert.deepEqual(await get(`${WIDGETS}/u`), before);
  });

  it('runs them on built-in kinds too: a ConfigMap update may not add an invalid finalizer', async () => {
    assert.equal((await srv.request('POST', CMS, { body: { metadata: { name: 'cm' } } })).status, 201);
    const before = await get(`${CMS}/cm`);
    const empty = await srv.request('PUT', `${CMS}/cm`, { body: { ...before, metadata: { ...before.metadata, finalizers: [''] } } });
    assert.equal(empty.status, 422, empty.text);
    assert.equal(
      empty.json().message,
      `ConfigMap "cm" is invalid: [${EMPTY_FINALIZER.join(', ')}, metadata.finalizers[0]: Invalid value: "": name is neither a standard finalizer name nor is it fully qualified]`,
    );
    const spaced = await srv.request('PATCH', `${CMS}/cm`, { body: { metadata: { finalizers: ['x y/z'] } }, headers: MERGE });
    assert.equal(spaced.status, 422, spaced.text);
    assert.deepEqual(await get(`${CMS}/cm`), before);
  });

  it('drops an empty labels or annotations map a patch or an apply leaves, as ObjectMeta re-encoded does (omitempty)', async () => {
    assert.equal((await srv.request('POST', WIDGETS, { body: widget({ name: 'e1', labels: {}, annotations: {}, finalizers: [] }) })).status, 201);
    assert.deepEqual(Object.keys((await get(`${WIDGETS}/e1`)).metadata).filter((k) => ['labels', 'annotations', 'finalizers'].includes(k)), []);
    assert.equal((await srv.request('POST', WIDGETS, { body: widget({ name: 'e2', labels: { x: 'y' } }) })).status, 201);
    const merged = await srv.request('PATCH', `${WIDGETS}/e2`, { body: { metadata: { labels: { x: null } } }, headers: MERGE });
    assert.equal(merged.status, 200, merged.text);
    assert.equal(merged.json().metadata.labels, undefined);
    const added = await srv.request('PATCH', `${WIDGETS}/e2`, { body: [{ op: 'add', path: '/metadata/annotations', value: {} }], headers: JSON_PATCH });
    assert.equal(added.status, 200, added.text);
    assert.equal(added.json().metadata.annotations, undefined);
    const applied = await srv.request('PATCH', `${WIDGETS}/e3?fieldManager=t`, { body: widget({ name: 'e3', labels: {} }), headers: APPLY });
    assert.equal(applied.status, 201, applied.text);
    assert.equal(applied.json().metadata.labels, undefined);
    const nullLabel = await srv.request('PATCH', `${WIDGETS}/e4?fieldManager=t`, { body: widget({ name: 'e4', labels: { a: null } }), headers: APPLY });
    assert.equal(nullLabel.status, 201, nullLabel.text);
    assert.deepEqual(nullLabel.json().metadata.labels, { a: '' });
  });

  it('refuses a number no float64 holds anywhere in the body (the CR codec decodes into interface{})', async () => {
    for (const [name, json] of [
      ['big-meta', `{"apiVersion":"${GROUP}/v1","kind":"Widget","metadata":{"name":"big-meta","generation":1e400}}`],
      ['big-spec', `{"apiVersion":"${GROUP}/v1","kind":"Widget","metadata":{"name":"big-spec"},"spec":{"a":-1.5e999}}`],
    ]) {
      const r = await srv.request('POST', WIDGETS, { raw: json, headers: { 'content-type': 'application/json' } });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json().message, cannotHandle(`json: cannot unmarshal number ${name === 'big-meta' ? '1e400' : '-1.5e999'} into Go value of type float64`));
      assert.equal((await srv.request('GET', `${WIDGETS}/${name}`)).status, 404, 'nothing was stored');
    }
    const fine = await srv.request('POST', WIDGETS, { raw: `{"apiVersion":"${GROUP}/v1","kind":"Widget","metadata":{"name":"fine"},"spec":{"a":1e300,"s":"1e400"}}`, headers: { 'content-type': 'application/json' } });
    assert.equal(fine.status, 201, fine.text);
    assert.equal(fine.json().spec.s, '1e400');
  });
});

// Server-side apply of ill-typed metadata, as kube-apiserver v1.32 answers it: the typed patch
// (kube-openapi schemaconv: a string with a format other than "byte", such as Time's
// date-time, is an untyped scalar), then the conversion of the result to the Go type; a
// managedFields list (any list) is refused first, anything else in its place is a typed error.
describe('server-side apply of ill-typed metadata', () => {
  let srv: TestServer;
  const cm = (metadata: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', ...metadata }, data: { a: 'b' } });
  const apply = (body: unknown, path = `${CMS}/c1`) => srv.request('PATCH', `${path}?fieldManager=t`, { body, headers: APPLY });

  before(async () => {
    srv = await startTestServer({ store: 'memory' });
    assert.equal((await apply(cm({}))).status, 201);
  });
  after(async () => {
    await srv?.close();
  });

  it('answers each as upstream does', async () => {
    const typedPatch = (why: string) => `failed to create typed patch object (/c1; /v1, Kind=ConfigMap): ${why}`;
    const converted = (why: string) => `failed to convert new object (/c1; /v1, Kind=ConfigMap) to proper version: unable to convert unstructured object to /v1, Kind=ConfigMap: ${why}`;
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ namespace: 3 }, 500, typedPatch('.metadata.namespace: expected string, got &value.valueUnstructured{Value:3}')],
      [{ namespace: 'other' }, 400, 'the namespace of the provided object does not match the namespace sent on the request'],
      [{ namespace: '' }, 200, undefined],
      [{ creationTimestamp: 5 }, 500, converted('json: cannot unmarshal number into Go value of type string')],
      [{ managedFields: 'x' }, 500, typedPatch('.metadata.managedFields: expected list, got &{x}')],
      [{ managedFields: null }, 200, undefined],
      [{ managedFields: [] }, 400, 'metadata.managedFields must be nil'],
      [{ uid: 5 }, 500, typedPatch('.metadata.uid: expected string, got &value.valueUnstructured{Value:5}')],
    ];
    for (const [meta, code, message] of cases) {
      const r = await apply(cm(meta));
      assert.equal(r.status, code, `${JSON.stringify(meta)}: ${r.text}`);
      if (message) assert.equal(r.json().message, message, JSON.stringify(meta));
      else assert.equal(r.json().metadata.namespace, 'default');
    }
    const lease = await apply({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l1' }, spec: { renewTime: 5 } }, '/apis/coordination.k8s.io/v1/namespaces/default/leases/l1');
    assert.equal(lease.status, 500, lease.text);
    assert.equal(
      lease.json().message,
      'failed to convert new object (/l1; coordination.k8s.io/v1, Kind=Lease) to proper version: unable to convert unstructured object to coordination.k8s.io/v1, Kind=Lease: json: cannot unmarshal number into Go value of type string',
    );
  });

  it('gives a null label value the Go zero value ""', async () => {
    const r = await apply(cm({ name: 'c3', labels: { a: null } }), `${CMS}/c3`);
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().metadata.labels, { a: '' });
  });
});
