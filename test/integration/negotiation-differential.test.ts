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
// - the legacy discovery documents in YAML and protobuf.
// Skips when ../shared/kube or etcd is absent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
});
