// Raw HTTP against an in-process skiff: status codes, Status bodies, discovery,
// health, list and watch semantics, as kube-apiserver v1.34 answers them.

import assert from 'node:assert/strict';
import { connect } from 'node:http2';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('HTTP semantics', () => {
  let srv: TestServer;
  before(async () => {
    // Lists here count the ConfigMaps of fresh namespaces: no kube-root-ca.crt publisher.
    srv = await startTestServer({ bookmarkIntervalMs: 200, controllers: ['*', '-root-ca-cert-publisher'] });
  });
  after(async () => {
    await srv?.close();
  });

  it('creates with defaults from the URL and server-set metadata', async () => {
    const r = await srv.request('POST', CM, { body: { metadata: { name: 'plain' }, data: { a: '1' } } });
    assert.equal(r.status, 201, r.text);
    const o = r.json();
    assert.equal(o.kind, 'ConfigMap');
    assert.equal(o.apiVersion, 'v1');
    assert.equal(o.metadata.namespace, 'default');
    assert.match(o.metadata.uid, /^[0-9a-f-]{36}$/);
    assert.match(o.metadata.resourceVersion, /^\d+$/);
    assert.match(o.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const g = await srv.request('POST', CM, { body: { metadata: { generateName: 'gen-' } } });
    assert.equal(g.status, 201);
    assert.match(g.json().metadata.name, /^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const dep = await srv.request('POST', '/apis/apps/v1/namespaces/default/deployments', {
      body: { metadata: { name: 'd1' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } },
    });
    assert.equal(dep.status, 201, dep.text);
    assert.equal(dep.json().metadata.generation, 1);
  });

  it('answers errors with upstream Status bodies', async () => {
    const nf = await srv.request('GET', `${CM}/missing`);
    assert.equal(nf.status, 404);
    assert.deepEqual(nf.json(), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'configmaps "missing" not found', reason: 'NotFound',
      details: { name: 'missing', kind: 'configmaps' }, code: 404,
    });
    const dup = await srv.request('POST', CM, { body: { metadata: { name: 'plain' } } });
    assert.equal(dup.status, 409);
    assert.equal(dup.json().reason, 'AlreadyExists');
    assert.equal(dup.json().message, 'configmaps "plain" already exists');
    const appsNf = await srv.request('GET', '/apis/apps/v1/namespaces/default/deployments/nope');
    assert.equal(appsNf.json().message, 'deployments.apps "nope" not found');
    assert.deepEqual(appsNf.json().details, { name: 'nope', group: 'apps', kind: 'deployments' });

    const bad = await srv.request('POST', CM, { raw: '{"metadata": {' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json().reason, 'BadRequest');
    assert.match(bad.json().message, /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: unexpected end of JSON input/);
    const badYaml = await srv.request('POST', CM, { raw: 'metadata:\n  name: [x\n', headers: { 'content-type': 'application/yaml' } });
    assert.equal(badYaml.status, 400);
    const wrongKind = await srv.request('POST', CM, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } } });
    assert.equal(wrongKind.status, 400);
    assert.match(wrongKind.json().message, /^Secret in version "v1" cannot be handled as a ConfigMap/);
    const wrongVersion = await srv.request('POST', CM, { body: { apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 's' } } });
    assert.equal(wrongVersion.status, 400);
    const nameMismatch = await srv.request('PUT', `${CM}/plain`, { body: { metadata: { name: 'other' } } });
    assert.equal(nameMismatch.status, 400);
    assert.equal(nameMismatch.json().message, 'the name of the object (other) does not match the name on the URL (plain)');
    const nsMismatch = await srv.request('POST', CM, { body: { metadata: { name: 'x', namespace: 'kube-system' } } });
    assert.equal(nsMismatch.status, 400);
    assert.equal(nsMismatch.json().message, 'the namespace of the provided object does not match the namespace sent on the request');

    const big = await srv.request('POST', CM, { raw: JSON.stringify({ metadata: { name: 'big' }, data: { x: 'a'.repeat(3 * 1024 * 1024) } }) });
    assert.equal(big.status, 413);
    assert.equal(big.json().message, 'Request entity too large: limit is 3145728');

    const invalid = await srv.request('POST', CM, { body: { metadata: { name: 'Bad_Name' } } });
    assert.equal(invalid.status, 422);
    assert.equal(invalid.json().reason, 'Invalid');
    assert.equal(invalid.json().details.causes[0].field, 'metadata.name');
    assert.match(invalid.json().message, /^ConfigMap "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);

    const unknownRes = await srv.request('GET', '/api/v1/foos');
    assert.equal(unknownRes.status, 404);
    assert.equal(unknownRes.json().message, 'the server could not find the requested resource');
    const unknownGroup = await srv.request('GET', '/apis/nope.example.com/v1/foos');
    assert.equal(unknownGroup.status, 404);
    assert.equal(unknownGroup.text, '404 page not found\n');

    const notAllowed = await srv.request('POST', `${CM}/plain`, { body: {} });
    assert.equal(notAllowed.status, 405);
    assert.equal(notAllowed.json().reason, 'MethodNotAllowed');
    const nsCollection = await srv.request('DELETE', '/api/v1/namespaces');
    assert.equal(nsCollection.status, 405);

    const notAcceptable = await srv.request('GET', `${CM}/plain`, { headers: { accept: 'application/json;as=Foo;g=meta.k8s.io;v=v1' } });
    assert.equal(notAcceptable.status, 406);
    assert.equal(notAcceptable.json().reason, 'NotAcceptable');
    const unsupported = await srv.request('POST', CM, { raw: 'x', headers: { 'content-type': 'text/plain' } });
    assert.equal(unsupported.status, 415);
    assert.equal(unsupported.json().reason, 'UnsupportedMediaType');

    const badRV = await srv.request('GET', `${CM}?resourceVersion=abc`);
    assert.equal(badRV.status, 500);
    const tooLarge = await srv.request('GET', `${CM}?resourceVersion=99999999&resourceVersionMatch=NotOlderThan`);
    assert.equal(tooLarge.status, 504);
    assert.equal(tooLarge.headers['retry-after'], '1');
    assert.match(tooLarge.json().message, /^Timeout: Too large resource version: 99999999, current: \d+$/);
    const badMatch = await srv.request('GET', `${CM}?resourceVersionMatch=Exact`);
    assert.equal(badMatch.status, 422);
    const badContinue = await srv.request('GET', `${CM}?limit=1&continue=garbage`);
    assert.equal(badContinue.status, 400);
    const badField = await srv.request('GET', `${CM}?fieldSelector=foo=bar`);
    assert.equal(badField.status, 400);
    assert.equal(badField.json().message, '"foo" is not a known field selector: only "metadata.name", "metadata.namespace"');
    const badPodField = await srv.request('GET', '/api/v1/pods?fieldSelector=foo=bar');
    assert.equal(badPodField.json().message, 'field label not supported: foo');
  });

  it("rejects values that do not fit the kind's Go types, naming the first as upstream's decoder does", async () => {
    const handled = (kind: string, version = 'v1') => `${kind} in version "${version}" cannot be handled as a ${kind}: json: `;
    const cm = await srv.request('POST', CM, { body: { metadata: { name: 'typed' }, data: { a: 'ok', b: 1 } } });
    assert.equal(cm.status, 400, cm.text);
    assert.equal(cm.json().reason, 'BadRequest');
    assert.equal(cm.json().message, handled('ConfigMap') + 'cannot unmarshal number into Go struct field ConfigMap.data of type string');
    assert.equal((await srv.request('GET', `${CM}/typed`)).status, 404, 'nothing is stored');

    const put = await srv.request('PUT', `${CM}/plain`, { body: { metadata: { name: 'plain' }, binaryData: { x: 'AA==' }, immutable: 'yes' } });
    assert.equal(put.status, 400, put.text);
    assert.equal(put.json().message, handled('ConfigMap') + 'cannot unmarshal string into Go struct field ConfigMap.immutable of type bool');

    const labels = await srv.request('POST', CM, { raw: 'metadata:\n  name: labelled\n  labels:\n    v: 1.5\n', headers: { 'content-type': 'application/yaml' } });
    assert.equal(labels.status, 400, labels.text);
    assert.equal(labels.json().message, handled('ConfigMap') + 'cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string');

    const PODS = '/api/v1/namespaces/default/pods';
    const container = { name: 'c', image: 'nginx' };
    const notList = await srv.request('POST', PODS, { body: { metadata: { name: 'p' }, spec: { containers: 'nginx' } } });
    assert.equal(notList.json().message, handled('Pod') + 'cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container');
    const fraction = await srv.request('POST', PODS, { body: { metadata: { name: 'p' }, spec: { containers: [{ ...container, ports: [{ containerPort: 80.5 }] }] } } });
    assert.equal(fraction.json().message, handled('Pod') + 'cannot unmarshal number 80.5 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32');
    const notStruct = await srv.request('POST', PODS, { body: { metadata: { name: 'p' }, spec: { containers: [container], securityContext: [] } } });
    assert.equal(notStruct.json().message, handled('Pod') + 'cannot unmarshal array into Go struct field PodSpec.spec.securityContext of type v1.PodSecurityContext');

    const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
    const template = { metadata: { labels: { app: 'typed' } }, spec: { containers: [container] } };
    const dep = await srv.request('POST', DEPLOY, { body: { metadata: { name: 'typed' }, spec: { replicas: 'two', selector: { matchLabels: { app: 'typed' } }, template } } });
    assert.equal(dep.status, 400, dep.text);
    assert.equal(dep.json().message, handled('Deployment') + 'cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
    const made = await srv.request('POST', DEPLOY, { body: { metadata: { name: 'typed' }, spec: { replicas: 2, selector: { matchLabels: { app: 'typed' } }, template } } });
    assert.equal(made.status, 201, made.text);
    const scale = await srv.request('PUT', `${DEPLOY}/typed/scale`, { body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'typed' }, spec: { replicas: 'x' } } });
    assert.equal(scale.status, 400, scale.text);
    assert.equal(scale.json().message, handled('Scale') + 'cannot unmarshal string into Go struct field ScaleSpec.spec.replicas of type int32');
    assert.equal((await srv.request('GET', `${DEPLOY}/typed`)).json().spec.replicas, 2);
  });

  it('updates with optimistic concurrency and deletes', async () => {
    const cur = (await srv.request('GET', `${CM}/plain`)).json();
    cur.data = { a: '2' };
    const ok = await srv.request('PUT', `${CM}/plain`, { body: cur });
    assert.equal(ok.status, 200, ok.text);
    assert.notEqual(ok.json().metadata.resourceVersion, cur.metadata.resourceVersion);
    const stale = await srv.request('PUT', `${CM}/plain`, { body: cur });
    assert.equal(stale.status, 409);
    assert.equal(stale.json().reason, 'Conflict');
    assert.equal(stale.json().message, 'Operation cannot be fulfilled on configmaps "plain": the object has been modified; please apply your changes to the latest version and try again');
    const merged = await srv.request('PATCH', `${CM}/plain`, { raw: '{"data":{"b":"3"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(merged.status, 200, merged.text);
    assert.deepEqual(merged.json().data, { a: '2', b: '3' });
    const jp = await srv.request('PATCH', `${CM}/plain`, { raw: '[{"op":"test","path":"/data/a","value":"9"}]', headers: { 'content-type': 'application/json-patch+json' } });
    assert.equal(jp.status, 422);
    const del = await srv.request('DELETE', `${CM}/plain`);
    assert.equal(del.status, 200);
    assert.equal(del.json().status, 'Success');
    assert.equal(del.json().details.name, 'plain');
    const again = await srv.request('DELETE', `${CM}/plain`);
    assert.equal(again.status, 404);
  });

  it('serves YAML, pretty JSON and the Table', async () => {
    await srv.request('POST', CM, { body: { metadata: { name: 'fmt' }, data: { on: 'yes' } } });
    const y = await srv.request('GET', `${CM}/fmt`, { headers: { accept: 'application/yaml' } });
    assert.equal(y.headers['content-type'], 'application/yaml');
    // As kube-apiserver (go-yaml v2): strings that YAML 1.1 reads as booleans are double-quoted.
    assert.match(y.text, /^apiVersion: v1\ndata:\n  "on": "yes"\n/);
    const created = await srv.request('POST', CM, { raw: 'metadata:\n  name: from-yaml\ndata:\n  k: v\n', headers: { 'content-type': 'application/yaml' } });
    assert.equal(created.status, 201, created.text);
    const p = await srv.request('GET', `${CM}/fmt?pretty=true`);
    assert.match(p.text, /^\{\n  "kind": "ConfigMap"/);
    const t = await srv.request('GET', CM, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' } });
    const table = t.json();
    assert.equal(table.kind, 'Table');
    assert.deepEqual(table.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Data', 'Age']);
    const leases = (await srv.request('GET', '/apis/coordination.k8s.io/v1/leases', { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).json();
    assert.ok(leases.columnDefinitions.length >= 2);
    assert.ok(table.rows.some((r: { cells: unknown[] }) => r.cells[0] === 'fmt'));
    assert.equal(table.rows[0].object.kind, 'PartialObjectMetadata');
  });

  it('serves discovery, version and health', async () => {
    const api = (await srv.request('GET', '/api')).json();
    assert.deepEqual(api.versions, ['v1']);
    const v1 = (await srv.request('GET', '/api/v1')).json();
    const cm = v1.resources.find((r: { name: string }) => r.name === 'configmaps');
    assert.deepEqual(cm, {
      name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'], shortNames: ['cm'], storageVersionHash: 'qFsyl6wFWjQ=',
    });
    const apps = (await srv.request('GET', '/apis/apps/v1')).json();
    assert.equal(apps.resources.find((r: { name: string }) => r.name === 'deployments/scale').group, 'autoscaling');
    const agg = await srv.request('GET', '/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json' } });
    assert.equal(agg.headers['content-type'], 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    const aggBody = agg.json();
    assert.equal(aggBody.kind, 'APIGroupDiscoveryList');
    assert.ok(aggBody.items.some((g: { metadata: { name: string } }) => g.metadata.name === 'apps'));
    const again = await srv.request('GET', '/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', 'if-none-match': String(agg.headers.etag) } });
    assert.equal(again.status, 304);
    const ver = (await srv.request('GET', '/version')).json();
    assert.equal(ver.major, '1');
    assert.equal(ver.minor, '34');

    const ready = await srv.request('GET', '/readyz?verbose', { auth: false });
    assert.equal(ready.status, 200);
    // The storage checks carry upstream's names on SQLite too (k8s.io/apiserver pkg/server/options/etcd.go).
    assert.match(ready.text, /^\[\+\]ping ok\n\[\+\]log ok\n\[\+\]etcd ok\n\[\+\]etcd-readiness ok\n/);
    for (const path of ['/livez/etcd', '/readyz/etcd', '/readyz/etcd-readiness', '/healthz/etcd', '/readyz/shutdown']) {
      const one = await srv.request('GET', path);
      assert.equal(`${path} ${one.status} ${one.text}`, `${path} 200 ok`);
    }
    // system:public-info-viewer grants anonymous users /livez, /readyz and /healthz themselves, not the named checks.
    assert.equal((await srv.request('GET', '/livez/etcd', { auth: false })).status, 403);
    assert.match(ready.text, /readyz check passed\n$/);
    const ex = await srv.request('GET', '/readyz?verbose&exclude=ping', { auth: false });
    assert.match(ex.text, /\[\+\]ping excluded: ok/);
    const single = await srv.request('GET', '/livez/ping');
    assert.equal(single.text, 'ok');
    const anonList = await srv.request('GET', CM, { auth: false });
    assert.equal(anonList.status, 403);
    assert.equal(anonList.json().reason, 'Forbidden');
  });

  it('watches: initial events, resume, bookmarks, selectors, too old', async () => {
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'wns' } } });
    const base = '/api/v1/namespaces/wns/configmaps';
    await srv.request('POST', base, { body: { metadata: { name: 'a', labels: { app: 'x' } } } });
    const events: any[] = [];
    const w = await srv.stream(`${base}?watch=1&allowWatchBookmarks=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&labelSelector=app%3Dx`, (l) => events.push(JSON.parse(l)));
    assert.equal(w.status, 200);
    assert.equal(w.headers['content-type'], 'application/json');
    await eventually(() => events.find((e) => e.type === 'BOOKMARK' && e.object.metadata.annotations?.['k8s.io/initial-events-end'] === 'true'), 15_000, 'initial-events-end bookmark');
    assert.equal(events[0].type, 'ADDED');
    assert.equal(events[0].object.metadata.name, 'a');
    const b = (await srv.request('POST', base, { body: { metadata: { name: 'b', labels: { app: 'x' } } } })).json();
    await srv.request('POST', base, { body: { metadata: { name: 'other', labels: { app: 'y' } } } });
    await eventually(() => events.some((e) => e.type === 'ADDED' && e.object.metadata.name === 'b'), 15_000, 'ADDED b');
    // Leaving the selector is a DELETED event for this watcher.
    await srv.request('PATCH', `${base}/b`, { raw: '{"metadata":{"labels":{"app":"z"}}}', headers: { 'content-type': 'application/merge-patch+json' } });
    await eventually(() => events.some((e) => e.type === 'DELETED' && e.object.metadata.name === 'b'), 15_000, 'DELETED b');
    assert.ok(!events.some((e) => e.object.metadata.name === 'other'));
    await eventually(() => events.filter((e) => e.type === 'BOOKMARK').length >= 2, 15_000, 'periodic bookmark');
    w.close();

    // Resume from a resourceVersion: only later events, no initial state.
    const resumed: any[] = [];
    const w2 = await srv.stream(`${base}?watch=true&resourceVersion=${b.metadata.resourceVersion}`, (l) => resumed.push(JSON.parse(l)));
    await eventually(() => resumed.length >= 2, 15_000, 'resumed events');
    assert.deepEqual(resumed.slice(0, 2).map((e) => `${e.type}:${e.object.metadata.name}`), ['ADDED:other', 'MODIFIED:b']);
    w2.close();

    const old: any[] = [];
    const w3 = await srv.stream(`${base}?watch=true&resourceVersion=1`, (l) => old.push(JSON.parse(l)));
    await w3.ended;
    assert.equal(old.length, 1);
    assert.equal(old[0].type, 'ERROR');
    assert.equal(old[0].object.code, 410);
    assert.equal(old[0].object.reason, 'Expired');
    assert.match(old[0].object.message, /^too old resource version: 1 \(\d+\)$/);

    const timed: any[] = [];
    const w4 = await srv.stream(`${base}?watch=true&timeoutSeconds=1`, (l) => timed.push(l));
    await w4.ended;
    assert.ok(timed.length >= 2);
  });

  it('lists at exact and not-older-than resource versions, with paging', async () => {
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'lns' } } });
    const base = '/api/v1/namespaces/lns/configmaps';
    for (let i = 0; i < 5; i++) await srv.request('POST', base, { body: { metadata: { name: `i${i}` } } });
    const full = (await srv.request('GET', base)).json();
    assert.equal(full.items.length, 5);
    const rv = full.metadata.resourceVersion;
    await srv.request('DELETE', `${base}/i0`);
    const exact = (await srv.request('GET', `${base}?resourceVersion=${rv}&resourceVersionMatch=Exact`)).json();
    assert.equal(exact.items.length, 5);
    assert.equal(exact.metadata.resourceVersion, rv);
    const now = (await srv.request('GET', `${base}?resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`)).json();
    assert.equal(now.items.length, 4);
    const p1 = (await srv.request('GET', `${base}?limit=2`)).json();
    assert.equal(p1.items.length, 2);
    assert.equal(p1.metadata.remainingItemCount, 2);
    const p2 = (await srv.request('GET', `${base}?limit=2&continue=${encodeURIComponent(p1.metadata.continue)}`)).json();
    assert.deepEqual(p2.items.map((i: any) => i.metadata.name), ['i3', 'i4']);
    assert.equal(p2.metadata.continue, undefined);
    const any = (await srv.request('GET', `${base}?resourceVersion=0`)).json();
    assert.equal(any.items.length, 4);
    const all = (await srv.request('GET', '/api/v1/configmaps?fieldSelector=metadata.namespace%3Dlns')).json();
    assert.equal(all.items.length, 4);
  });

  it('compresses large responses for clients that accept gzip', async () => {
    const { gunzipSync } = await import('node:zlib');
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'gz' } } });
    for (let i = 0; i < 3; i++) await srv.request('POST', '/api/v1/namespaces/gz/configmaps', { body: { metadata: { name: `big-${i}` }, data: { x: 'y'.repeat(60_000) } } });
    const { request } = await import('node:https');
    const url = new URL(srv.url);
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/api/v1/namespaces/gz/configmaps', headers: { 'accept-encoding': 'gzip' }, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(JSON.parse(gunzipSync(res.body).toString('utf8')).items.length, 3);
    const small = await srv.request('GET', '/api/v1/namespaces/gz', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it('speaks protobuf: objects, lists and watch frames', async () => {
    const pb = await import('../../src/encoding/protobuf.js');
    const { coreSchemas } = await import('../../src/types/schemas/core.js');
    const { ListMeta } = await import('../../src/types/schemas/meta.js');
    const { request } = await import('node:https');
    const url = new URL(srv.url);
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'pb' } } });
    const created = await srv.request('POST', '/api/v1/namespaces/pb/configmaps', { body: { metadata: { name: 'p1' }, data: { k: 'v' } } });
    assert.equal(created.status, 201);
    const raw = (path: string, onData?: (b: Buffer) => boolean) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path, headers: { accept: 'application/vnd.kubernetes.protobuf, application/json' }, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => {
            chunks.push(c);
            if (onData?.(Buffer.concat(chunks))) {
              req.destroy();
              resolve({ headers: r.headers, body: Buffer.concat(chunks) });
            }
          });
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
        req.end();
      });
    const one = await raw('/api/v1/namespaces/pb/configmaps/p1');
    assert.equal(one.headers['content-type'], 'application/vnd.kubernetes.protobuf');
    const env = pb.decodeEnvelope(one.body);
    assert.equal(env.kind, 'ConfigMap');
    const obj = pb.decodeProto(env.raw, coreSchemas.ConfigMap!);
    assert.deepEqual((obj as any).data, { k: 'v' });
    const list = await raw('/api/v1/namespaces/pb/configmaps');
    const lenv = pb.decodeEnvelope(list.body);
    assert.equal(lenv.kind, 'ConfigMapList');
    const decodedList = pb.decodeProto(lenv.raw, pb.listType(coreSchemas.ConfigMap!, ListMeta)) as any;
    assert.equal(decodedList.items[0].metadata.name, 'p1');
    const watch = await raw('/api/v1/namespaces/pb/configmaps?watch=1', (b) => pb.splitProtoFrames(b).frames.length >= 1);
    assert.equal(watch.headers['content-type'], 'application/vnd.kubernetes.protobuf;stream=watch');
    const frame = pb.splitProtoFrames(watch.body).frames[0]!;
    const ev = pb.decodeWatchEventMessage(frame);
    assert.equal(ev.type, 'ADDED');
    assert.equal(pb.decodeEnvelope(ev.object).kind, 'ConfigMap');
  });

  it('speaks HTTP/2', async () => {
    const session = connect(srv.url, { ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = session.request({ ':path': '/api/v1/namespaces/default' });
        let data = '';
        req.on('data', (c: Buffer) => (data += c));
        req.on('end', () => resolve(data));
        req.on('error', reject);
        req.end();
      });
      assert.equal(JSON.parse(body).metadata.name, 'default');
    } finally {
      session.close();
    }
  });
});

describe('slow watchers', () => {
  it('drops a watcher that does not read, without blocking the others', async () => {
    const srv = await startTestServer({ watchBufferLimitBytes: 256 * 1024 });
    try {
      const base = '/api/v1/namespaces/default/configmaps';
      let slowEnded = false;
      const { request } = await import('node:https');
      const url = new URL(srv.url);
      const slow = request({ host: url.hostname, port: url.port, path: `${base}?watch=1`, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (res) => {
        res.pause(); // never read
        res.on('close', () => (slowEnded = true));
        res.on('end', () => (slowEnded = true));
      });
      slow.end();
      const fast: string[] = [];
      const w = await srv.stream(`${base}?watch=1`, (l) => fast.push(l));
      // Both watches registered before the writes (the slow one's request may still be in flight).
      await eventually(() => srv.openWatches() === 2, 15_000, 'both watches open');
      const payload = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 120; i++) {
        const r = await srv.request('POST', base, { body: { metadata: { name: `big-${i}` }, data: { p: payload } } });
        assert.equal(r.status, 201);
      }
      await eventually(() => fast.filter((l) => l.includes('"ADDED"') && l.includes('big-119')).length === 1, 10_000, 'fast watcher gets every event');
      // The server cut the slow one off and kept the fast one.
      await eventually(() => srv.openWatches() === 1, 10_000, 'slow watcher dropped');
      void slowEnded;
      w.close();
      slow.destroy();
      assert.ok(fast.length >= 120);
    } finally {
      await srv.close();
    }
  });

  // k8s.io/apiserver pkg/storage/cacher/cache_watcher.go: init events go out through a blocking
  // channel at the watcher's pace; only live events that cannot be queued end a watcher.
  it('hands a long initial state to a watcher at its pace instead of dropping it, then the changes made meanwhile', async () => {
    const srv = await startTestServer({ watchBufferLimitBytes: 256 * 1024 });
    try {
      const ns = 'initial-state';
      assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: ns } } })).status, 201);
      const base = `/api/v1/namespaces/${ns}/configmaps`;
      const count = 1200; // ~1.3 MB of initial events: five times the slow-watcher limit
      const payload = 'y'.repeat(1024);
      for (let i = 0; i < count; i += 16) {
        await Promise.all(Array.from({ length: Math.min(16, count - i) }, (_, j) => srv.request('POST', base, { body: { metadata: { name: `cm-${String(i + j).padStart(4, '0')}` }, data: { p: payload } } }).then((r) => assert.equal(r.status, 201))));
      }
      const lines: string[] = [];
      const w = await srv.stream(`${base}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan`, (l) => lines.push(l));
      assert.equal((await srv.request('POST', base, { body: { metadata: { name: 'late' } } })).status, 201);
      await eventually(() => lines.some((l) => l.includes('"late"')), 30_000, 'the change made during the initial state arrives');
      w.close();
      // The namespace's kube-root-ca.crt (root CA publisher) is not one of ours.
      const events = lines.map((l) => JSON.parse(l) as { type: string; object: { metadata: { name?: string; annotations?: Record<string, string> } } }).filter((e) => e.object.metadata.name !== 'kube-root-ca.crt');
      const added = events.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name);
      const endMark = events.findIndex((e) => e.type === 'BOOKMARK' && e.object.metadata.annotations?.['k8s.io/initial-events-end'] === 'true');
      assert.equal(added.length, count + 1, 'every object once, and the late one');
      assert.deepEqual(added.slice(0, count), Array.from({ length: count }, (_, i) => `cm-${String(i).padStart(4, '0')}`));
      assert.equal(added[count], 'late');
      assert.equal(endMark, count, 'the initial-events-end bookmark follows the initial state and precedes the change');
    } finally {
      await srv.close();
    }
  });
});
