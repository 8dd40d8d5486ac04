// Service ClusterIP and NodePort allocation: IPAddress objects, ranges, conflicts,
// release on delete, and no side effects on dry run.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

const SVC = '/api/v1/namespaces/default/services';
const svc = (name: string, spec: Record<string, unknown>) => ({ metadata: { name }, spec: { ports: [{ port: 80 }], ...spec } });

describe('service allocation', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ serviceClusterIpRange: '10.96.0.0/28', serviceNodePortRange: { base: 30000, size: 5 } });
  });
  after(async () => {
    await srv?.close();
  });

  it('allocates a ClusterIP from the range and records it as an IPAddress', async () => {
    const r = await srv.request('POST', SVC, { body: svc('a', {}) });
    assert.equal(r.status, 201, r.text);
    const ip: string = r.json().spec.clusterIP;
    assert.match(ip, /^10\.96\.0\.([1-9]|1[0-4])$/);
    assert.deepEqual(r.json().spec.clusterIPs, [ip]);
    const addr = await srv.request('GET', `/apis/networking.k8s.io/v1/ipaddresses/${ip}`);
    assert.equal(addr.status, 200);
    // ParentReference.Group is omitempty (k8s.io/api networking/v1 types.go): the core group's "" is not written.
    assert.deepEqual(addr.json().spec.parentRef, { resource: 'services', namespace: 'default', name: 'a' });
    const k = (await srv.request('GET', `${SVC}/kubernetes`)).json();
    assert.equal(k.spec.clusterIP, '10.96.0.1');
    assert.equal((await srv.request('GET', '/apis/networking.k8s.io/v1/ipaddresses/10.96.0.1')).status, 200);

    const taken = await srv.request('POST', SVC, { body: svc('b', { clusterIP: ip }) });
    assert.equal(taken.status, 422);
    assert.match(taken.json().message, /provided IP is already allocated/);
    const outside = await srv.request('POST', SVC, { body: svc('c', { clusterIP: '192.168.1.1' }) });
    assert.equal(outside.status, 422);

    const del = await srv.request('DELETE', `${SVC}/a`);
    assert.equal(del.status, 200);
    assert.equal((await srv.request('GET', `/apis/networking.k8s.io/v1/ipaddresses/${ip}`)).status, 404);
    const reuse = await srv.request('POST', SVC, { body: svc('b', { clusterIP: ip }) });
    assert.equal(reuse.status, 201, reuse.text);
  });

  it('allocates NodePorts in range, refuses taken ones, and keeps nothing on dry run', async () => {
    const np = await srv.request('POST', SVC, { body: svc('np', { type: 'NodePort' }) });
    assert.equal(np.status, 201, np.text);
    const port = np.json().spec.ports[0].nodePort;
    assert.ok(port >= 30000 && port < 30005, String(port));
    const clash = await srv.request('POST', SVC, { body: { metadata: { name: 'np2' }, spec: { type: 'NodePort', ports: [{ port: 81, nodePort: port }] } } });
    assert.equal(clash.status, 422);
    assert.match(clash.json().message, /provided port is already allocated/);

    const before = (await srv.request('GET', '/apis/networking.k8s.io/v1/ipaddresses')).json().items.length;
    const dry = await srv.request('POST', `${SVC}?dryRun=All`, { body: svc('dry', { type: 'NodePort' }) });
    assert.equal(dry.status, 201, dry.text);
    assert.ok(dry.json().spec.clusterIP);
    assert.equal((await srv.request('GET', `${SVC}/dry`)).status, 404);
    assert.equal((await srv.request('GET', '/apis/networking.k8s.io/v1/ipaddresses')).json().items.length, before);

    // Switching to ClusterIP releases the port for others.
    const cur = (await srv.request('GET', `${SVC}/np`)).json();
    cur.spec.type = 'ClusterIP';
    delete cur.spec.ports[0].nodePort;
    const upd = await srv.request('PUT', `${SVC}/np`, { body: cur });
    assert.equal(upd.status, 200, upd.text);
    assert.equal(upd.json().spec.ports[0].nodePort, undefined);
    const again = await srv.request('POST', SVC, { body: { metadata: { name: 'np3' }, spec: { type: 'NodePort', ports: [{ port: 82, nodePort: port }] } } });
    assert.equal(again.status, 201, again.text);
  });
});
