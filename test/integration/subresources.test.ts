// Subresources: status keeps spec and status apart, scale reads and writes replicas.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DEP = '/apis/apps/v1/namespaces/default/deployments';
const deployment = (name: string) => ({
  metadata: { name },
  spec: { replicas: 2, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

describe('subresources', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('status and main resource each keep the other half', async () => {
    const created = (await srv.request('POST', DEP, { body: { ...deployment('split'), status: { replicas: 9 } } })).json();
    assert.equal(created.status?.replicas, undefined, 'status is dropped on create');
    assert.equal(created.metadata.generation, 1);
    const withStatus = { ...created, status: { replicas: 2, readyReplicas: 1 }, spec: { ...created.spec, replicas: 5 } };
    const s = await srv.request('PUT', `${DEP}/split/status`, { body: withStatus });
    assert.equal(s.status, 200, s.text);
    assert.equal(s.json().status.readyReplicas, 1);
    assert.equal(s.json().spec.replicas, 2, 'the status endpoint ignores spec');
    assert.equal(s.json().metadata.generation, 1);
    const main = { ...s.json(), status: { replicas: 0 }, spec: { ...s.json().spec, replicas: 3 } };
    const m = await srv.request('PUT', `${DEP}/split`, { body: main });
    assert.equal(m.status, 200, m.text);
    assert.equal(m.json().spec.replicas, 3);
    assert.equal(m.json().status.readyReplicas, 1, 'the main resource ignores status');
    assert.equal(m.json().metadata.generation, 2, 'a spec change bumps generation');
    const st = await srv.request('GET', `${DEP}/split/status`);
    assert.equal(st.json().kind, 'Deployment');
  });

  it('scale reads and writes replicas', async () => {
    await srv.request('POST', DEP, { body: deployment('scaled') });
    const sc = await srv.request('GET', `${DEP}/scaled/scale`);
    assert.equal(sc.status, 200, sc.text);
    assert.equal(sc.json().kind, 'Scale');
    assert.equal(sc.json().apiVersion, 'autoscaling/v1');
    assert.equal(sc.json().spec.replicas, 2);
    assert.equal(sc.json().status.selector, 'app=scaled');
    const put = await srv.request('PUT', `${DEP}/scaled/scale`, { body: { ...sc.json(), spec: { replicas: 4 } } });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.json().spec.replicas, 4);
    const patched = await srv.request('PATCH', `${DEP}/scaled/scale`, { raw: '{"spec":{"replicas":6}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(patched.json().spec.replicas, 6);
    assert.equal((await srv.request('GET', `${DEP}/scaled`)).json().spec.replicas, 6);
    const neg = await srv.request('PATCH', `${DEP}/scaled/scale`, { raw: '{"spec":{"replicas":-1}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(neg.status, 422);
    const k = await kubectl(srv.kubeconfig, ['scale', 'deployment', 'scaled', '--replicas=1', '-n', 'default']);
    assert.equal(k.code, 0, k.stderr);
    assert.match(k.stdout, /deployment.apps\/scaled scaled/);
    assert.equal((await srv.request('GET', `${DEP}/scaled`)).json().spec.replicas, 1);
  });

  it('pods: binding, eviction with budgets, ephemeral containers, resize, connect', async () => {
    const PODS = '/api/v1/namespaces/default/pods';
    const pod = (name: string, labels: Record<string, string> = {}) => ({
      metadata: { name, labels },
      spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m' } } }] },
    });
    await srv.request('POST', PODS, { body: pod('p1') });
    const bind = await srv.request('POST', `${PODS}/p1/binding`, { body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p1' }, target: { apiVersion: 'v1', kind: 'Node', name: 'node-a' } } });
    assert.equal(bind.status, 201, bind.text);
    assert.equal(bind.json().status, 'Success');
    const bound = (await srv.request('GET', `${PODS}/p1`)).json();
    assert.equal(bound.spec.nodeName, 'node-a');
    assert.ok(bound.status.conditions.some((c: any) => c.type === 'PodScheduled' && c.status === 'True'));
    const again = await srv.request('POST', `${PODS}/p1/binding`, { body: { target: { name: 'node-b' } } });
    assert.equal(again.status, 409);
    assert.match(again.json().message, /is already assigned to node "node-a"/);

    const logs = await srv.request('GET', `${PODS}/p1/log`);
    assert.equal(logs.status, 503);
    await srv.request('POST', PODS, { body: pod('unbound') });
    const noHost = await srv.request('GET', `${PODS}/unbound/log`);
    assert.equal(noHost.status, 400);
    assert.equal(noHost.json().message, 'pod unbound does not have a host assigned');

    // Eviction: a running pod protected by a budget that allows nothing gets 429.
    await srv.request('POST', PODS, { body: pod('guarded', { app: 'g' }) });
    const running = (await srv.request('GET', `${PODS}/guarded`)).json();
    running.status = { ...running.status, phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    assert.equal((await srv.request('PUT', `${PODS}/guarded/status`, { body: running })).status, 200);
    const pdb = await srv.request('POST', '/apis/policy/v1/namespaces/default/poddisruptionbudgets', { body: { metadata: { name: 'g' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'g' } } } } });
    assert.equal(pdb.status, 201, pdb.text);
    const evict = await srv.request('POST', `${PODS}/guarded/eviction`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'guarded' } } });
    assert.equal(evict.status, 429, evict.text);
    assert.equal(evict.json().reason, 'TooManyRequests');
    assert.equal(evict.json().details.causes[0].reason, 'DisruptionBudget');
    const free = await srv.request('POST', `${PODS}/unbound/eviction`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'unbound' } } });
    assert.equal(free.status, 201, free.text);
    assert.equal((await srv.request('GET', `${PODS}/unbound`)).status, 404);
    // policy/v1beta1 Evictions are still taken, as upstream's EvictionREST accepts both versions.
    await srv.request('POST', PODS, { body: pod('old-client') });
    const beta = await srv.request('POST', `${PODS}/old-client/eviction`, { body: { apiVersion: 'policy/v1beta1', kind: 'Eviction', metadata: { name: 'old-client' } } });
    assert.equal(beta.status, 201, beta.text);
    assert.equal((await srv.request('GET', `${PODS}/old-client`)).status, 404);
    const alpha = await srv.request('POST', `${PODS}/p1/eviction`, { body: { apiVersion: 'policy/v1alpha1', kind: 'Eviction', metadata: { name: 'p1' } } });
    assert.equal(alpha.status, 400, alpha.text);

    // ephemeralcontainers changes only that list; resize only resources.
    const cur = (await srv.request('GET', `${PODS}/p1/ephemeralcontainers`)).json();
    cur.spec.ephemeralContainers = [{ name: 'debug', image: 'busybox' }];
    cur.spec.containers[0].image = 'changed';
    const eph = await srv.request('PUT', `${PODS}/p1/ephemeralcontainers`, { body: cur });
    assert.equal(eph.status, 200, eph.text);
    assert.equal(eph.json().spec.ephemeralContainers[0].name, 'debug');
    assert.equal(eph.json().spec.containers[0].image, 'nginx');
    const rz = await srv.request('PATCH', `${PODS}/p1/resize`, { raw: '{"spec":{"containers":[{"name":"c","image":"other","resources":{"requests":{"cpu":"200m"}}}]}}', headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    assert.equal(rz.status, 200, rz.text);
    assert.equal(rz.json().spec.containers[0].resources.requests.cpu, '200m');
    assert.equal(rz.json().spec.containers[0].image, 'nginx');
  });

  it('serviceaccounts/token issues a bound JWT', async () => {
    await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts', { body: { metadata: { name: 'robot' } } });
    const tr = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/robot/token', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { audiences: ['api'], expirationSeconds: 3600 } } });
    assert.equal(tr.status, 201, tr.text);
    const token: string = tr.json().status.token;
    const [h, p] = token.split('.').slice(0, 2).map((x) => JSON.parse(Buffer.from(x!, 'base64url').toString('utf8')));
    assert.equal(h.alg, 'ES256');
    assert.equal(p.sub, 'system:serviceaccount:default:robot');
    assert.deepEqual(p.aud, ['api']);
    assert.equal(p.exp - p.iat, 3600);
    const short = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/robot/token', { body: { spec: { expirationSeconds: 60 } } });
    assert.equal(short.status, 422);
    const missing = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/ghost/token', { body: { spec: {} } });
    assert.equal(missing.status, 404);
  });

  it('serves componentstatuses computed and deprecated, and binds through the bindings resource', async () => {
    const cs = await kubectl(srv.kubeconfig, ['get', 'componentstatuses']);
    assert.equal(cs.code, 0, cs.stderr);
    assert.match(cs.stderr, /Warning: v1 ComponentStatus is deprecated in v1\.19\+/);
    assert.match(cs.stdout, /^controller-manager\s+Healthy\s+ok/m);
    // Upstream names its storage etcd-0 (pkg/registry/core/componentstatus); so does skiff on SQLite.
    assert.match(cs.stdout, /^etcd-0\s+Healthy\s+ok/m);
    const one = await srv.request('GET', '/api/v1/componentstatuses/controller-manager');
    assert.equal(one.json().conditions[0].status, 'True');
    assert.equal((await srv.request('GET', '/api/v1/componentstatuses/nope')).status, 404);
    await srv.request('POST', '/api/v1/namespaces/default/pods', { body: { metadata: { name: 'tobind' }, spec: { containers: [{ name: 'c', image: 'x' }] } } });
    const b = await srv.request('POST', '/api/v1/namespaces/default/bindings', { body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'tobind' }, target: { kind: 'Node', name: 'node-z' } } });
    assert.equal(b.status, 201, b.text);
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/pods/tobind')).json().spec.nodeName, 'node-z');
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/bindings')).status, 405);
    // ValidatePodBinding (pkg/apis/core/validation) reports the kind before the name.
    const bad = await srv.request('POST', '/api/v1/namespaces/default/bindings', { body: { metadata: { name: 'tobind' }, target: { kind: 'Pod', name: '' } } });
    assert.deepEqual(bad.json().details?.causes?.map((c: { field: string }) => c.field), ['target.kind', 'target.name']);
  });

  // Each REST's ResourceLocation as kube-apiserver v1.32 answers it (compared with
  // test/support/kube-apiserver.ts): `[scheme:]name[:port]` names, a path after /proxy/, a
  // numbered port looked up in the service, then its Endpoints.
  it('answers proxy requests up to where kube-apiserver would dial', async () => {
    const ns = '/api/v1/namespaces/default';
    assert.equal((await srv.request('POST', `${ns}/services`, { body: { metadata: { name: 'px' }, spec: { ports: [{ port: 80 }] } } })).status, 201);
    const answer = async (path: string) => {
      const r = await srv.request('GET', path);
      return [r.status, r.json().message];
    };
    assert.deepEqual(await answer(`${ns}/services/nosvc:80/proxy/`), [404, 'services "nosvc" not found']);
    assert.deepEqual(await answer(`${ns}/services/px/proxy/some/path`), [404, 'services "px" not found']);
    assert.deepEqual(await answer(`${ns}/services/https:px:81/proxy/`), [503, 'no service port 81 found for service "px"']);
    assert.deepEqual(await answer(`${ns}/services/ftp:px:80/proxy/`), [400, 'invalid service request "ftp:px:80"']);
    assert.deepEqual(await answer(`${ns}/services/a:b:c:d/proxy/`), [400, 'invalid service request "a:b:c:d"']);
    assert.deepEqual(await answer(`${ns}/services/:80/proxy/`), [400, 'invalid service request ":80"']);
    assert.equal((await srv.request('POST', `${ns}/endpoints`, { body: { metadata: { name: 'px' } } })).status, 201);
    assert.deepEqual(await answer(`${ns}/services/px:80/proxy/`), [503, 'no endpoints available for service "px"']);
    assert.deepEqual(await answer('/api/v1/nodes/nonode:10250/proxy/healthz'), [404, 'nodes "nonode" not found']);
    assert.deepEqual(await answer(`${ns}/pods/nopod:80/proxy/`), [404, 'pods "nopod" not found']);
    assert.deepEqual(await answer(`${ns}/pods/x:y:z:w/proxy/`), [400, 'invalid pod request "x:y:z:w"']);
    // Only a proxy takes a path after its subresource.
    assert.equal((await srv.request('GET', `${ns}/pods/nopod/log/extra`)).status, 404);
  });
});
