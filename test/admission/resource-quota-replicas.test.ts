// Quota admission on two replicas sharing one real etcd: each replica checks its own
// requests, so only the compare-and-swap on the quota's status (as upstream's
// k8s.io/apiserver pkg/admission/plugin/resourcequota/controller.go UpdateStatus with the
// read resourceVersion) keeps them from overshooting together.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NO_ETCD, etcdBinary, startEtcd, type EtcdCluster } from '../support/etcd.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

/** kube-root-ca.crt would count against ConfigMap quotas in every namespace (as upstream's publisher's does). */
const WITHOUT_CA_PUBLISHER = ['*', '-root-ca-cert-publisher'];

const skip = etcdBinary() ? false : NO_ETCD;

describe('ResourceQuota across etcd replicas', { skip }, () => {
  let etcd: EtcdCluster;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    etcd = await startEtcd();
    a = await startTestServer({ controllers: WITHOUT_CA_PUBLISHER, etcdServers: etcd.endpoints, resourceQuotaSyncPeriodMs: 0 });
    b = await startTestServer({ etcdServers: etcd.endpoints, controllers: [] });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await etcd?.stop();
  });

  it('32 concurrent creates through both replicas against a count quota of 10 leave exactly 10', async () => {
    assert.equal((await a.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'rq-replicas' } } })).status, 201);
    const made = await a.request('POST', '/api/v1/namespaces/rq-replicas/resourcequotas', { body: { metadata: { name: 'ten' }, spec: { hard: { 'count/configmaps': '10' } } } });
    assert.equal(made.status, 201, made.text);
    // Both replicas see the controller's status before the race starts.
    for (const s of [a, b]) {
      await eventually(async () => (await s.request('GET', '/api/v1/namespaces/rq-replicas/resourcequotas/ten?resourceVersion=0')).json().status?.used?.['count/configmaps'] === '0', 10_000, 'quota status on each replica');
    }
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) => (i % 2 ? b : a).request('POST', '/api/v1/namespaces/rq-replicas/configmaps', { body: { metadata: { name: `cm-${i}` } } })),
    );
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, 10, statuses.join(','));
    // The rest are refused: over quota, or (when the quota kept moving under a replica) upstream's conflict.
    for (const r of results.filter((x) => x.status !== 201)) {
      assert.ok(r.status === 403 || r.status === 409, r.text);
      if (r.status === 403) assert.match(r.json().message, /exceeded quota: ten, requested: count\/configmaps=1, used: count\/configmaps=10, limited: count\/configmaps=10$/);
    }
    assert.equal((await a.request('GET', '/api/v1/namespaces/rq-replicas/configmaps')).json().items.length, 10);
    assert.equal((await b.request('GET', '/api/v1/namespaces/rq-replicas/resourcequotas/ten')).json().status.used['count/configmaps'], '10');
  });
});
