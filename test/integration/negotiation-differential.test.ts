// How errors and discovery documents are negotiated, against the reference kube-apiserver
// (v1.32): the same request to both servers must get the same code, Content-Type and body,
// byte for byte. It covers
// - Status errors on any path, from the filters (401) or the handlers (404, 405, 406): JSON,
//   YAML or protobuf as Accept asks (k8s.io/apiserver responsewriters ErrorNegotiated), and
//   indented JSON with the error's own code when nothing fits (WriteObjectNegotiated);
// - go-restful's route match on Accept before any handler runs (emicklei/go-restful
//   jsr311.go detectRoute): "406: Not Acceptable\n\nAvailable representations: ...";
// - the 404 of a path under a served group (a Status) against one under no group (the
//   mux's text page), and OpenAPI v3's bare 404;
// - the legacy discovery documents in YAML and protobuf;
// - aggregated discovery (apidiscovery.k8s.io v2, v2beta1) in JSON and protobuf, which
//   client-go asks for in protobuf when its content type is (kube-controller-manager).
// Skips when ../shared/kube or etcd is absent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeObjectProto } from '../../src/encoding/protobuf.js';
import { APIGroupDiscoveryList } from '../../src/types/schemas/apidiscovery.js';
import { referenceApiserverMissing, startReferenceApiserver, type ReferenceApiserver } from '../support/kube-apiserver.js';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const missing = referenceApiserverMissing();

const YAML = 'application/yaml';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const ERROR_ACCEPTS = [YAML, PROTOBUF, 'text/html', TABLE, 'application/cbor', '*/*', 'application/json, application/yaml'];

interface Probe {
  method?: string;
  path: string;
  accepts: string[];
  /** Present a token neither server knows (a 401 from the authentication filter). */
  unauthenticated?: boolean;
}

const PROBES: Probe[] = [
  ...['/version', '/apis', '/healthz/foo', '/metrics', '/api/v1/namespaces/default/configmaps/missing', '/openapi/v2', '/nonexistent'].map((path) => ({ path, accepts: ERROR_ACCEPTS, unauthenticated: true })),
  ...[
    '/apis/nonexistent',
    '/apis/foo/v1',
    '/apis/foo/v1/bars',
    '/apis/apps/v9',
    '/apis/apps/v9/deployments',
    '/api/v2',
    '/api/v2/pods',
    '/version/x',
    '/api/v1/foos',
    '/apis/apps/v1/foos/x',
    '/api/v1/namespaces/default/configmaps/missing',
    '/apis/apps/v1/namespaces/default/deployments/missing',
    '/apis/apps/v1/namespaces/default/deployments/missing/scale',
    '/api/v1/namespaces/default/configmaps/x/y/z',
    '/openapi/v3/apis/foo',
    '/openapi/v3/api/v9',
    '/logs/x',
  ].map((path) => ({ path, accepts: [...ERROR_ACCEPTS, 'application/*'] })),
  // go-restful's 406s, before the handler (so before the 404 of a missing object).
  ...[
    '/api',
    '/api/',
    '/api/v1',
    '/apis/apps/v1',
    '/apis/apps/v1/',
    '/apis/apps',
    '/version',
    '/api/v1/namespaces/default/configmaps',
    '/api/v1/configmaps',
    '/api/v1/watch/namespaces/default/configmaps',
    '/api/v1/namespaces/default/configmaps?watch=1',
    '/api/v1/namespaces/default/configmaps/absent',
    '/api/v1/namespaces/default/pods/absent/log',
  ].map((path) => ({ path, accepts: ['text/html', 'application/*', 'application/JSON', 'text/html;q=1, application/xml'] })),
  { path: '/apis', accepts: ['text/html', 'application/JSON', TABLE] },
  { method: 'POST', path: '/api/v1/namespaces/default/configmaps', accepts: ['text/html', 'application/*'] },
  { method: 'DELETE', path: '/api/v1/namespaces/default/configmaps', accepts: ['text/html'] },
  // A list decodes and validates its options before it negotiates (handlers/get.go ListResource).
  ...['/api/v1/namespaces/default/configmaps?labelSelector=a%3D%3D%3Db', '/api/v1/namespaces/default/configmaps?limit=-1', '/api/v1/namespaces/default/configmaps?watch=1&labelSelector=a%3D%3D%3Db'].map((path) => ({ path, accepts: [`${PROTOBUF};as=Table;v=v1;g=meta.k8s.io`, 'application/json;as=Nope;g=x;v=y'] })),
  { path: '/version', accepts: [YAML, PROTOBUF] },
  // go-restful's 405s.
  ...[['POST', '/version'], ['PUT', '/api'], ['DELETE', '/apis/apps/v1'], ['POST', '/api/v1']].map(([method, path]) => ({ method, path: path!, accepts: [YAML, 'text/html', PROTOBUF] })),
  // Discovery documents whose bytes do not depend on the server's address or its groups.
  // (Not the resource lists in YAML: go-yaml writes their empty singularName as "", js-yaml
  // as '' — a known difference of every YAML answer with a string that needs quotes.)
  ...['/apis/apps', '/apis/apps/'].map((path) => ({ path, accepts: [YAML, PROTOBUF, `${PROTOBUF}, application/json`, TABLE, `${TABLE}, ${YAML}`] })),
  ...['/apis/apps/v1', '/apis/batch/v1', '/apis/rbac.authorization.k8s.io/v1', '/apis/coordination.k8s.io/v1'].map((path) => ({ path, accepts: [PROTOBUF, `${PROTOBUF}, application/json`, TABLE, `${TABLE}, application/json`] })),
];

const seen = (r: HttpResult | { status: number; headers: Record<string, unknown>; body: Buffer }): string =>
  `${r.status} ${String(r.headers['content-type'])} ${JSON.stringify(r.body.toString('latin1'))}`;

describe('negotiated errors and discovery against kube-apiserver', { skip: missing || undefined }, () => {
  let kas: ReferenceApiserver;
  let srv: TestServer;
  before(async () => {
    [kas, srv] = await Promise.all([startReferenceApiserver(), startTestServer()]);
  });
  after(async () => {
    await Promise.all([kas?.stop(), srv?.close()]);
  });

  it('answers every probe with the same code, Content-Type and bytes', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const probe of PROBES) {
      for (const accept of probe.accepts) {
        const method = probe.method ?? 'GET';
        const headers: Record<string, string> = { accept };
        if (probe.unauthenticated) headers['authorization'] = 'Bearer not-a-known-token';
        const [a, b] = await Promise.all([kas.raw(method, probe.path, headers), srv.request(method, probe.path, { headers, auth: !probe.unauthenticated })]);
        compared++;
        if (seen(a) !== seen(b)) differences.push(`${method} ${probe.path} [${accept}]${probe.unauthenticated ? ' (bad token)' : ''}:\n  kube-apiserver ${seen(a)}\n  skiff          ${seen(b)}`);
      }
    }
    assert.ok(compared > 250, `compared ${compared}`);
    assert.deepEqual(differences, []);
  });

  // sigs.k8s.io/yaml JSONToYAML over go-yaml v2: YAML 1.1 quoting, folding at column 80,
  // literal blocks, natural key order. Lines that differ by nature (uid, times) are masked.
  it('writes YAML byte for byte as kube-apiserver does', async () => {
    const values = ['', 'true', 'Yes', 'off', '~', 'null', '123', '-0', '+1', '0x1F', '0o17', '017', '08', '1_000', '0b101', '1e3', '1.', '.5', '.inf', '1:20', '2001-12-14', '2001-12-14T21:59:43Z',
      'a: b', 'a #b', '#a', '- a', '-a', '-', '---', '...', '*a', '&a', '!a', '|a', '>a', "'a", '"a', '%a', '@a', '`a', '{a', '[a', ',a', '?a', '? a', ' a', 'a ', 'a\nb', 'a\n', '\na', 'a\n\nb\n', 'a\tb',
      'caf\u00e9', '\u65e5\u672c', '\u0001x', '\u{1F600}', "a'b", '<<', 'http://x:80/y', ':a', 'word '.repeat(30), 'a: ' + 'word '.repeat(25), '{"json":"no spaces","list":["a","b"],"x":"long enough to pass eighty columns"}',
      'line one\nline two that is quite long and goes on and on beyond eighty characters wide for sure\n', ' leading\nspace', 'trailing \nspace', 'a\r\nb', '\u00a0nbsp', '\ufeffbom', 'a\u2028b', 'tab\tinside words'];
    const data = Object.fromEntries(values.map((v, i) => [`k${i}`, v]));
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'yaml-probe', labels: { 'a.b/c': 'true', d: '' }, annotations: { 'x/y': '1:20', long: 'word '.repeat(30), ['k'.repeat(120) + '/x']: 'v' } }, data };
    const [ca, cb] = await Promise.all([kas.request('POST', '/api/v1/namespaces/default/configmaps', cm), srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm })]);
    assert.equal(ca.status, 201, ca.text);
    assert.equal(cb.status, 201, cb.text);
    const path = '/api/v1/namespaces/default/configmaps/yaml-probe';
    const [a, b] = await Promise.all([kas.raw('GET', path, { accept: YAML }), srv.request('GET', path, { headers: { accept: YAML } })]);
    const masked = (r: { body: Buffer }) => r.body.toString('utf8').replace(/^(\s*(?:uid|resourceVersion|creationTimestamp|time): ).*$/gm, '$1MASKED');
    assert.equal(b.headers['content-type'], 'application/yaml');
    assert.equal(masked(b), masked(a));
  });

  it('serves aggregated discovery in JSON and protobuf as kube-apiserver does', async () => {
    const differences: string[] = [];
    for (const version of ['v2', 'v2beta1']) {
      const params = `g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;
      const asked = { json: `application/json;${params}`, protobuf: `${PROTOBUF};${params},application/json;${params}` };
      // The core group is the same in both servers: byte for byte, and so its ETag (discovery/aggregated
      // etag.go: the SHA-512 of the cached list's JSON, the same for both versions and encodings).
      const caching = (r: { headers: Record<string, unknown> }) => JSON.stringify(['etag', 'cache-control', 'vary'].map((h) => r.headers[h]));
      for (const accept of Object.values(asked)) {
        const [a, b] = await Promise.all([kas.raw('GET', '/api', { accept }), srv.request('GET', '/api', { headers: { accept } })]);
        if (seen(a) !== seen(b)) differences.push(`/api [${accept}]:\n  kube-apiserver ${seen(a)}\n  skiff          ${seen(b)}`);
        if (caching(a) !== caching(b)) differences.push(`/api [${accept}] caching headers:\n  kube-apiserver ${caching(a)}\n  skiff          ${caching(b)}`);
        const ifNoneMatch = { accept, 'if-none-match': String(a.headers['etag']) };
        const [a304, b304] = await Promise.all([kas.raw('GET', '/api', ifNoneMatch), srv.request('GET', '/api', { headers: ifNoneMatch })]);
        if (`${a304.status} ${caching(a304)}` !== `${b304.status} ${caching(b304)}`) differences.push(`/api [${accept}] If-None-Match: kube-apiserver ${a304.status} ${caching(a304)}, skiff ${b304.status} ${caching(b304)}`);
      }
      // /apis holds groups that differ between v1.32 and v1.34: the groups both serve alike, decoded.
      const [a, b] = await Promise.all([kas.raw('GET', '/apis', { accept: asked.protobuf }), srv.request('GET', '/apis', { headers: { accept: asked.protobuf } })]);
      assert.equal(b.headers['content-type'], `${PROTOBUF};${params}`);
      const groups = (bytes: Buffer) => new Map((decodeObjectProto(bytes, () => APIGroupDiscoveryList).items as { metadata: { name: string } }[]).map((g) => [g.metadata.name, JSON.stringify(g)]));
      const [ours, theirs] = [groups(b.body), groups(a.body)];
      const json = new Map((JSON.parse((await srv.request('GET', '/apis', { headers: { accept: asked.json } })).text).items as { metadata: { name: string; creationTimestamp?: null } }[]).map((g) => {
        delete g.metadata.creationTimestamp; // null in JSON, absent once decoded from protobuf
        return [g.metadata.name, JSON.stringify(g)];
      }));
      for (const group of ['apps', 'batch', 'autoscaling', 'policy', 'rbac.authorization.k8s.io', 'coordination.k8s.io', 'apiextensions.k8s.io', 'admissionregistration.k8s.io', 'certificates.k8s.io', 'discovery.k8s.io', 'events.k8s.io']) {
        if (ours.get(group) !== theirs.get(group)) differences.push(`/apis ${version} protobuf, group ${group}:\n  kube-apiserver ${theirs.get(group)}\n  skiff          ${ours.get(group)}`);
      }
      for (const [group, doc] of ours) if (json.get(group) !== doc) differences.push(`/apis ${version}: the protobuf and JSON documents differ for ${group}`);
    }
    assert.deepEqual(differences, []);
  });
});
