// Details real clients trip on, each checked against the upstream code path named in
// the test (kube-apiserver v1.34: k8s.io/apiserver, k8s.io/apimachinery, pkg/registry).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeObjectProto, encodeObjectProto, PROTOBUF_MEDIA_TYPE } from '../../src/encoding/protobuf.js';
import { DeleteOptions, Status as StatusType } from '../../src/types/schemas/meta.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const NS = '/api/v1/namespaces/parity';
const CM = `${NS}/configmaps`;
const MERGE = { 'content-type': 'application/merge-patch+json' };

describe('upstream parity', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'parity' } } });
  });
  after(async () => {
    await srv?.close();
  });

  const cm = async (name: string, extra: object = {}) => {
    const r = await srv.request('POST', CM, { body: { metadata: { name }, data: { k: 'v' }, ...extra } });
    assert.equal(r.status, 201, r.text);
    return r.json();
  };
  const exists = async (path: string) => (await srv.request('GET', path)).status === 200;

  it('a watch with a negative timeoutSeconds ends at once with 200 and no events (handlers/watch.go: its timer has already fired)', async () => {
    await cm('negative-timeout');
    const w = await srv.request('GET', `${CM}?watch=1&timeoutSeconds=-5`);
    assert.equal(w.status, 200);
    assert.equal(w.text, '');
    assert.equal(w.headers['content-type'], 'application/json');
  });

  it('an apply to the status subresource records its Apply entry with subresource status (fieldmanager managedfields)', async () => {
    const dep = { metadata: { name: 'sa1' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    assert.equal((await srv.request('POST', '/apis/apps/v1/namespaces/parity/deployments', { body: dep })).status, 201);
    const r = await srv.request('PATCH', '/apis/apps/v1/namespaces/parity/deployments/sa1/status?fieldManager=statusbot&force=true', {
      raw: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: sa1}\nstatus: {replicas: 5}',
      headers: { 'content-type': 'application/apply-patch+yaml' },
    });
    assert.equal(r.status, 200, r.text);
    const entry = r.json().metadata.managedFields.find((m: any) => m.manager === 'statusbot');
    assert.deepEqual([entry?.operation, entry?.subresource, entry?.fieldsV1], ['Apply', 'status', { 'f:status': { 'f:replicas': {} } }]);
    assert.equal(r.json().status.replicas, 5);
  });

  it('errors are negotiated like objects: YAML for Accept: application/yaml (responsewriters.ErrorNegotiated; kube-apiserver v1.32 differential)', async () => {
    const y = await srv.request('GET', `${CM}/missing`, { headers: { accept: 'application/yaml' } });
    assert.equal(y.status, 404);
    assert.equal(y.headers['content-type'], 'application/yaml');
    assert.match(y.text, /^apiVersion: v1\ncode: 404\n/);
    assert.match(y.text, /message: configmaps "missing" not found\n/);
    const j = await srv.request('GET', `${CM}/missing`, { headers: { accept: 'text/html' } });
    assert.equal(j.status, 406);
    assert.equal(j.headers['content-type'], 'application/json');
  });

  it('deletecollection answers a typed list: items without kind/apiVersion, the list resourceVersion set (kube-apiserver v1.32 differential)', async () => {
    await cm('dc1', { metadata: { name: 'dc1', labels: { dc: 'yes' } } });
    await cm('dc2', { metadata: { name: 'dc2', labels: { dc: 'yes' } } });
    const r = await srv.request('DELETE', `${CM}?labelSelector=dc%3Dyes`);
    assert.equal(r.status, 200, r.text);
    const list = r.json();
    assert.equal(list.kind, 'ConfigMapList');
    assert.match(list.metadata.resourceVersion, /^\d+$/);
    assert.deepEqual(list.items.map((i: any) => i.metadata.name).sort(), ['dc1', 'dc2']);
    for (const i of list.items) assert.ok(!('kind' in i) && !('apiVersion' in i), JSON.stringify(i));
  });

  it('reads boolean query parameters as runtime.Convert_Slice_string_To_bool (apimachinery runtime/conversion.go)', async () => {
    await cm('b1');
    for (const v of ['True', 'TRUE', 't', '1', 'yes', '']) {
      const w = await srv.request('GET', `${CM}?watch=${v}&timeoutSeconds=1`);
      assert.equal(w.status, 200);
      const first = JSON.parse(w.text.split('\n')[0]!);
      assert.equal(first.type, 'ADDED', `watch=${v} streams events`);
    }
    for (const v of ['False', 'false', 'FALSE', '0']) {
      const l = await srv.request('GET', `${CM}?watch=${v}`);
      assert.equal(l.json().kind, 'ConfigMapList', `watch=${v} lists`);
    }
  });

  it('pretty-prints JSON by ?pretty (strconv.ParseBool) or for curl, wget and browsers (negotiation/negotiate.go isPrettyPrint)', async () => {
    await cm('pp');
    const compact = await srv.request('GET', `${CM}/pp`, { headers: { 'user-agent': 'kubectl/v1.34.0' } });
    assert.doesNotMatch(compact.text, /\n {2}"/);
    for (const ua of ['curl/8.5.0', 'Wget/1.21', 'Mozilla/5.0 (X11; Linux x86_64)']) {
      const r = await srv.request('GET', `${CM}/pp`, { headers: { 'user-agent': ua } });
      assert.match(r.text, /^\{\n {2}"kind": "ConfigMap",\n/, ua);
    }
    assert.match((await srv.request('GET', `${CM}/pp?pretty=T`)).text, /^\{\n {2}"kind"/);
    assert.doesNotMatch((await srv.request('GET', `${CM}/pp?pretty=0`, { headers: { 'user-agent': 'curl/8' } })).text, /^\{\n/);
    assert.doesNotMatch((await srv.request('GET', `${CM}/pp?pretty=yes`)).text, /^\{\n/);
  });

  it('decodes DeleteOptions bodies in protobuf, YAML and JSON, any group version (handlers/delete.go, meta internalversion scheme)', async () => {
    // client-go (helm uninstall) sends protobuf with the client's group version in the envelope.
    await cm('pb', { metadata: { name: 'pb', finalizers: ['example.com/hold'] } });
    const proto = Buffer.from(encodeObjectProto({ apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Foreground', gracePeriodSeconds: 0 }, DeleteOptions));
    const d = await srv.request('DELETE', `${CM}/pb`, { raw: proto, headers: { 'content-type': PROTOBUF_MEDIA_TYPE } });
    assert.equal(d.status, 200, d.text);
    assert.deepEqual(d.json().metadata.finalizers, ['example.com/hold', 'foregroundDeletion']);

    await cm('yaml');
    const y = await srv.request('DELETE', `${CM}/yaml`, { raw: 'apiVersion: apps/v1\nkind: DeleteOptions\ndryRun: [All]\n', headers: { 'content-type': 'application/yaml' } });
    assert.equal(y.status, 200, y.text);
    assert.ok(await exists(`${CM}/yaml`), 'dryRun from the YAML body was honoured');

    // A body replaces the query: ?dryRun is not read when a body is sent.
    const j = await srv.request('DELETE', `${CM}/yaml?dryRun=All`, { body: { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1' } });
    assert.equal(j.status, 200, j.text);
    assert.equal(await exists(`${CM}/yaml`), false);

    await cm('col1');
    const col = await srv.request('DELETE', `${CM}?fieldSelector=metadata.name%3Dcol1`, {
      raw: Buffer.from(encodeObjectProto({ apiVersion: 'v1', kind: 'DeleteOptions', dryRun: ['All'] }, DeleteOptions)),
      headers: { 'content-type': PROTOBUF_MEDIA_TYPE },
    });
    assert.equal(col.status, 200, col.text);
    assert.ok(await exists(`${CM}/col1`));

    const wrongKind = await srv.request('DELETE', `${CM}/col1`, { body: { kind: 'Pod', apiVersion: 'v1' } });
    assert.equal(wrongKind.status, 400);
    assert.match(wrongKind.json().message, /^no kind "Pod" is registered for version "v1" in scheme /);
    const badType = await srv.request('DELETE', `${CM}/col1`, { body: { gracePeriodSeconds: 'soon' } });
    assert.equal(badType.status, 400);
    assert.equal(badType.json().message, 'json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64');
    const badQuery = await srv.request('DELETE', `${CM}/col1?gracePeriodSeconds=soon`);
    assert.equal(badQuery.status, 400);
    assert.equal(badQuery.json().message, 'strconv.ParseInt: parsing "soon": invalid syntax');
    const cbor = await srv.request('DELETE', `${CM}/col1`, { raw: '{}', headers: { 'content-type': 'application/cbor' } });
    assert.equal(cbor.status, 415);
  });

  it('rejects a delete whose preconditions fail with rest.BeforeDelete wording (registry/rest/delete.go)', async () => {
    await cm('pre');
    const rv = await srv.request('DELETE', `${CM}/pre`, { body: { preconditions: { resourceVersion: '1' } } });
    assert.equal(rv.status, 409);
    assert.match(rv.json().message, /^Operation cannot be fulfilled on ConfigMap "pre": the ResourceVersion in the precondition \(1\) does not match the ResourceVersion in record \(\d+\)\. The object might have been modified$/);
    assert.deepEqual([rv.json().details.kind, rv.json().details.name], ['ConfigMap', 'pre']);
  });

  it('merges Secret stringData over data (core/v1 conversion.go Convert_v1_Secret_To_core_Secret)', async () => {
    const r = await srv.request('POST', `${NS}/secrets`, { body: { metadata: { name: 's' }, data: { a: 'YQ==', b: 'Yg==' }, stringData: { b: 'bee', c: 'see' } } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().data, { a: 'YQ==', b: Buffer.from('bee').toString('base64'), c: Buffer.from('see').toString('base64') });
    assert.equal(r.json().stringData, undefined);
    const p = await srv.request('PATCH', `${NS}/secrets/s`, { raw: '{"stringData":{"a":"A"}}', headers: MERGE });
    assert.equal(p.json().data.a, Buffer.from('A').toString('base64'));
    assert.equal(p.json().stringData, undefined);
  });

  it('omits kind and apiVersion from items of built-in lists (JSON and YAML)', async () => {
    await cm('li');
    const l = (await srv.request('GET', CM)).json();
    assert.equal(l.kind, 'ConfigMapList');
    assert.ok(l.items.length > 0);
    for (const item of l.items) {
      assert.equal(item.kind, undefined);
      assert.equal(item.apiVersion, undefined);
      assert.ok(item.metadata.name);
    }
    const y = await srv.request('GET', CM, { headers: { accept: 'application/yaml' } });
    assert.doesNotMatch(y.text, /\n {2}kind: ConfigMap/);
    const one = (await srv.request('GET', `${CM}/li`)).json();
    assert.deepEqual([one.kind, one.apiVersion], ['ConfigMap', 'v1']);
  });

  it('refuses a create carrying a resourceVersion (storage/etcd3/store.go Create), but not a dry run', async () => {
    const r = await srv.request('POST', CM, { body: { metadata: { name: 'rv', resourceVersion: '42' } } });
    assert.equal(r.status, 500);
    assert.deepEqual([r.json().reason, r.json().message], [undefined, 'resourceVersion should not be set on objects to be created']);
    assert.equal(await exists(`${CM}/rv`), false);
    const zero = await srv.request('POST', CM, { body: { metadata: { name: 'rv0', resourceVersion: '0' } } });
    assert.equal(zero.status, 201);
    const dry = await srv.request('POST', `${CM}?dryRun=All`, { body: { metadata: { name: 'rv', resourceVersion: '42' } } });
    assert.equal(dry.status, 201);
  });

  it('treats a PUT with resourceVersion "0" as unconditional (registry/generic/registry/store.go Update)', async () => {
    const c = await cm('u0');
    const r = await srv.request('PUT', `${CM}/u0`, { body: { metadata: { name: 'u0', resourceVersion: '0' }, data: { k: 'w' } } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json().data.k, 'w');
    assert.notEqual(r.json().metadata.resourceVersion, c.metadata.resourceVersion);
  });

  it('creates a missing Lease and Role on PUT (their strategies AllowCreateOnUpdate), not a ConfigMap', async () => {
    const lease = await srv.request('PUT', '/apis/coordination.k8s.io/v1/namespaces/parity/leases/l1', { body: { metadata: { name: 'l1' }, spec: { holderIdentity: 'me' } } });
    assert.equal(lease.status, 201, lease.text);
    const role = await srv.request('PUT', '/apis/rbac.authorization.k8s.io/v1/namespaces/parity/roles/r1', { body: { metadata: { name: 'r1' }, rules: [] } });
    assert.equal(role.status, 201, role.text);
    const cmPut = await srv.request('PUT', `${CM}/nope`, { body: { metadata: { name: 'nope' } } });
    assert.equal(cmPut.status, 404);
  });

  it('checks a PUT body uid as a precondition and refuses a patched uid as immutable (rest.BeforeUpdate)', async () => {
    const c = await cm('uid');
    const put = await srv.request('PUT', `${CM}/uid`, { body: { metadata: { name: 'uid', uid: 'other' }, data: {} } });
    assert.equal(put.status, 409);
    assert.equal(put.json().message, `Operation cannot be fulfilled on configmaps "uid": StorageError: invalid object, Code: 4, Key: /registry/configmaps/parity/uid, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: other, UID in object meta: ${c.metadata.uid}`);
    const patch = await srv.request('PATCH', `${CM}/uid`, { raw: '{"metadata":{"uid":"other"}}', headers: MERGE });
    assert.equal(patch.status, 422);
    assert.equal(patch.json().message, 'ConfigMap "uid" is invalid: metadata.uid: Invalid value: "other": field is immutable');
    const same = await srv.request('PATCH', `${CM}/uid`, { raw: JSON.stringify({ metadata: { uid: c.metadata.uid, labels: { a: 'b' } } }), headers: MERGE });
    assert.equal(same.status, 200);
  });

  it('renders a bad dryRun list as apimachinery v1.34 field.Error.ErrorBody does (json.Marshal of the []string) on create, patch and delete', async () => {
    await cm('dry');
    const create = await srv.request('POST', `${CM}?dryRun=Bad&dryRun=All`, { body: { metadata: { name: 'dry2' } } });
    assert.deepEqual([create.status, create.json().message], [422, 'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bad","All"]: supported values: "All"']);
    const patch = await srv.request('PATCH', `${CM}/dry?dryRun=Bad`, { raw: '{}', headers: MERGE });
    assert.deepEqual([patch.status, patch.json().message], [422, 'PatchOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bad"]: supported values: "All"']);
    const del = await srv.request('DELETE', `${CM}/dry?dryRun=Bad`);
    assert.deepEqual([del.status, del.json().message], [422, 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bad"]: supported values: "All"']);
    assert.equal((await srv.request('GET', `${CM}/dry`)).status, 200);
  });

  it('strips managedFields when a write sets them to one empty entry (fieldmanager reset)', async () => {
    await cm('mf');
    const before = (await srv.request('GET', `${CM}/mf`)).json();
    assert.ok(before.metadata.managedFields?.length > 0);
    const r = await srv.request('PATCH', `${CM}/mf`, { raw: '{"metadata":{"managedFields":[{}]},"data":{"k":"x"}}', headers: MERGE });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json().metadata.managedFields, undefined);
    assert.equal((await srv.request('GET', `${CM}/mf`)).json().metadata.managedFields, undefined);
  });

  it('bumps a Deployment generation on annotation changes (apps/deployment/strategy.go PrepareForUpdate), not a ReplicaSet one', async () => {
    const tmpl = { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'x' }] } };
    const spec = { selector: { matchLabels: { app: 'a' } }, template: tmpl };
    const d = await srv.request('POST', '/apis/apps/v1/namespaces/parity/deployments', { body: { metadata: { name: 'd' }, spec } });
    assert.equal(d.json().metadata.generation, 1);
    const annotated = await srv.request('PATCH', '/apis/apps/v1/namespaces/parity/deployments/d', { raw: '{"metadata":{"annotations":{"a":"1"}}}', headers: MERGE });
    assert.equal(annotated.json().metadata.generation, 2);
    const labelled = await srv.request('PATCH', '/apis/apps/v1/namespaces/parity/deployments/d', { raw: '{"metadata":{"labels":{"x":"1"}}}', headers: MERGE });
    assert.equal(labelled.json().metadata.generation, 2);
    const rs = await srv.request('POST', '/apis/apps/v1/namespaces/parity/replicasets', { body: { metadata: { name: 'rs' }, spec } });
    assert.equal(rs.status, 201, rs.text);
    const rsAnnotated = await srv.request('PATCH', '/apis/apps/v1/namespaces/parity/replicasets/rs', { raw: '{"metadata":{"annotations":{"a":"1"}}}', headers: MERGE });
    assert.equal(rsAnnotated.json().metadata.generation, 1);
  });

  it('sends a BOOKMARK shortly before a watch deadline once the cache moved past it (cacher/cache_watcher.go nextBookmarkTime)', async () => {
    const start = (await srv.request('GET', CM)).json().metadata.resourceVersion;
    const events: { type: string; object: { metadata: { resourceVersion: string } } }[] = [];
    const w = await srv.stream(`${CM}?watch=true&allowWatchBookmarks=true&timeoutSeconds=3&resourceVersion=${start}`, (l) => events.push(JSON.parse(l)));
    // A write the watcher does not see (another namespace) moves the cache past its resourceVersion.
    const other = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { generateName: 'bm-' } } });
    await w.ended;
    const bookmarks = events.filter((e) => e.type === 'BOOKMARK');
    assert.equal(bookmarks.length, 1, JSON.stringify(events));
    assert.ok(Number(bookmarks[0]!.object.metadata.resourceVersion) >= Number(other.json().metadata.resourceVersion));
    assert.ok(events.every((e) => e.type === 'BOOKMARK'));
  });

  it('answers a protobuf-only Accept for a custom resource with a protobuf 406 Status (protobuf errNotMarshalable), listing protobuf among its types', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gizmos.parity.example.com' },
      spec: { group: 'parity.example.com', scope: 'Namespaced', names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status, 201);
    const base = '/apis/parity.example.com/v1/namespaces/parity/gizmos';
    await eventually(async () => (await srv.request('GET', base)).status === 200, 10_000, 'gizmos served');
    assert.equal((await srv.request('POST', base, { body: { apiVersion: 'parity.example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } } })).status, 201);
    for (const [path, goType] of [[`${base}/g`, '*unstructured.Unstructured'], [base, '*unstructured.UnstructuredList']] as const) {
      const r = await rawRequest(srv, path, PROTOBUF_MEDIA_TYPE);
      assert.equal(r.status, 406);
      assert.equal(r.contentType, PROTOBUF_MEDIA_TYPE);
      const status = decodeObjectProto(r.body, () => StatusType);
      assert.deepEqual([status.kind, status.reason, status.code], ['Status', 'NotAcceptable', 406]);
      assert.equal(status.message, `object ${goType} does not implement the protobuf marshalling interface and cannot be encoded to a protobuf message`);
    }
    const listed = await srv.request('GET', base, { headers: { accept: 'text/plain' } });
    assert.equal(listed.status, 406);
    assert.equal(listed.json().message, 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
    // Metadata-only views of custom resources do encode in protobuf, as upstream's do.
    const meta = await rawRequest(srv, base, `${PROTOBUF_MEDIA_TYPE};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1`);
    assert.equal(meta.status, 200);
    // kubectl's and client-go's JSON requests are unaffected.
    assert.equal((await srv.request('GET', `${base}/g`, { headers: { accept: 'application/json' } })).json().metadata.name, 'g');
  });
});

/** A GET returning the raw body bytes (protobuf responses are not UTF-8). */
async function rawRequest(srv: TestServer, path: string, accept: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  const { request } = await import('node:https');
  const url = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: { accept }, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
