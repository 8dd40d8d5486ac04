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
});
