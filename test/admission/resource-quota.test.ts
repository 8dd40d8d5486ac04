// ResourceQuota admission (k8s.io/apiserver pkg/admission/plugin/resourcequota/controller.go)
// and the quota controller (k8s.io/kubernetes pkg/controller/resourcequota): status filled
// and kept true, every tracked resource charged (k8s.io/kubernetes pkg/quota/v1/evaluator/core
// pods.go, services.go, persistent_volume_claims.go and the object counters), scopes and
// scope selectors, upstream's 403 messages, compare-and-swap that never lets concurrent
// creates overshoot, dry runs checked but not charged.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startTestServer, type TestServer } from '../support/server.js';
import { kubectl } from '../support/kubectl.js';
import { createDefaultServiceAccount } from '../support/pods.js';

/** kube-root-ca.crt would count against ConfigMap quotas in every namespace (as upstream's publisher's does). */
const WITHOUT_CA_PUBLISHER = ['*', '-root-ca-cert-publisher'];

type Res = Record<string, string>;

function pod(name: string, containers: { name: string; requests?: Res; limits?: Res }[], spec: Record<string, unknown> = {}) {
  return {
    metadata: { name },
    spec: {
      ...spec,
      containers: containers.map((c) => ({ name: c.name, image: 'busybox', resources: { ...(c.requests ? { requests: c.requests } : {}), ...(c.limits ? { limits: c.limits } : {}) } })),
    },
  };
}

describe('ResourceQuota admission and the quota controller', () => {
  let srv: TestServer;
  const post = (path: string, body: unknown, query = '') => srv.request('POST', `${path}${query}`, { body });
  const ns = async (name: string) => assert.equal((await post('/api/v1/namespaces', { metadata: { name } })).status, 201);
  /** Create a quota and wait until the controller has filled its status. */
  const quota = async (namespace: string, name: string, spec: Record<string, unknown>) => {
    const r = await post(`/api/v1/namespaces/${namespace}/resourcequotas`, { metadata: { name }, spec });
    assert.equal(r.status, 201, r.text);
    return eventually(async () => {
      const q = (await srv.request('GET', `/api/v1/namespaces/${namespace}/resourcequotas/${name}`)).json();
      return q.status?.used && Object.keys(q.status.hard ?? {}).length === Object.keys(spec.hard as object).length ? q : undefined;
    }, 10_000, `status of quota ${namespace}/${name}`);
  };
  const getQuota = async (namespace: string, name: string) => (await srv.request('GET', `/api/v1/namespaces/${namespace}/resourcequotas/${name}`)).json();
  const forbiddenMessage = (r: { status: number; text: string; json(): any }) => {
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().reason, 'Forbidden');
    return r.json().message as string;
  };

  before(async () => {
    srv = await startTestServer({ controllers: WITHOUT_CA_PUBLISHER, resourceQuotaSyncPeriodMs: 0 });
  });
  after(() => srv.close());

  it('the controller fills status.hard and status.used from what exists', async () => {
    await ns('rq-status');
    for (const n of ['a', 'b', 'c']) assert.equal((await post('/api/v1/namespaces/rq-status/configmaps', { metadata: { name: n } })).status, 201);
    assert.equal((await post('/api/v1/namespaces/rq-status/pods', pod('p', [{ name: 'c', requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } }]))).status, 201);
    const q = await quota('rq-status', 'q', { hard: { configmaps: '10', 'count/configmaps': '10', pods: '5', 'requests.cpu': '2', 'limits.memory': '1Gi', 'requests.memory': '512Mi', 'count/deployments.apps': '3' } });
    assert.deepEqual(q.status.hard, q.spec.hard);
    assert.deepEqual(q.status.used, { configmaps: '3', 'count/configmaps': '3', 'count/deployments.apps': '0', 'limits.memory': '128Mi', pods: '1', 'requests.cpu': '250m', 'requests.memory': '64Mi' });
  });

  it('object counts: exceeded quota names requested, used and limited; the charge is written to status.used', async () => {
    await ns('rq-count');
    await quota('rq-count', 'counts', { hard: { 'count/configmaps': '2', secrets: '1' } });
    assert.equal((await post('/api/v1/namespaces/rq-count/configmaps', { metadata: { name: 'one' } })).status, 201);
    assert.equal((await getQuota('rq-count', 'counts')).status.used['count/configmaps'], '1', 'charged at admission');
    assert.equal((await post('/api/v1/namespaces/rq-count/configmaps', { metadata: { name: 'two' } })).status, 201);
    const r = await post('/api/v1/namespaces/rq-count/configmaps', { metadata: { name: 'three' } });
    assert.equal(forbiddenMessage(r), 'configmaps "three" is forbidden: exceeded quota: counts, requested: count/configmaps=1, used: count/configmaps=2, limited: count/configmaps=2');
    assert.deepEqual(r.json().details, { name: 'three', kind: 'configmaps' });
    assert.equal((await post('/api/v1/namespaces/rq-count/secrets', { metadata: { name: 's1' } })).status, 201);
    const s = await post('/api/v1/namespaces/rq-count/secrets', { metadata: { name: 's2' } });
    assert.equal(forbiddenMessage(s), 'secrets "s2" is forbidden: exceeded quota: counts, requested: secrets=1, used: secrets=1, limited: secrets=1');
    // Updates of counted objects are not charged.
    const u = await srv.request('PATCH', '/api/v1/namespaces/rq-count/configmaps/one', { raw: '{"data":{"k":"v"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(u.status, 200, u.text);
  });

  it('a quota race: 32 concurrent creates against a count quota of 10 leave exactly 10 objects', async () => {
    await ns('rq-race');
    await quota('rq-race', 'ten', { hard: { 'count/configmaps': '10' } });
    const results = await Promise.all(Array.from({ length: 32 }, (_, i) => post('/api/v1/namespaces/rq-race/configmaps', { metadata: { name: `cm-${i}` } })));
    const created = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 403);
    assert.equal(created, 10, results.map((r) => r.status).join(','));
    assert.equal(refused.length, 22);
    for (const r of refused) assert.match(r.json().message, /exceeded quota: ten, requested: count\/configmaps=1, used: count\/configmaps=10, limited: count\/configmaps=10$/);
    const list = (await srv.request('GET', '/api/v1/namespaces/rq-race/configmaps')).json();
    assert.equal(list.items.length, 10);
    assert.equal((await getQuota('rq-race', 'ten')).status.used['count/configmaps'], '10');
  });

  it('status.used decreases after deletes (the controller recalculates)', async () => {
    for (const i of [0, 1, 2, 3]) {
      const name = (await srv.request('GET', '/api/v1/namespaces/rq-race/configmaps')).json().items[0].metadata.name;
      assert.equal((await srv.request('DELETE', `/api/v1/namespaces/rq-race/configmaps/${name}`)).status, 200, String(i));
    }
    await eventually(async () => (await getQuota('rq-race', 'ten')).status.used['count/configmaps'] === '6', 10_000, 'used to drop to 6');
    assert.equal((await post('/api/v1/namespaces/rq-race/configmaps', { metadata: { name: 'again' } })).status, 201);
  });

  it('dry run is checked but not charged', async () => {
    await ns('rq-dry');
    await quota('rq-dry', 'one', { hard: { 'count/configmaps': '1' } });
    const dry = await post('/api/v1/namespaces/rq-dry/configmaps', { metadata: { name: 'x' } }, '?dryRun=All');
    assert.equal(dry.status, 201, dry.text);
    assert.equal((await getQuota('rq-dry', 'one')).status.used['count/configmaps'], '0');
    assert.equal((await post('/api/v1/namespaces/rq-dry/configmaps', { metadata: { name: 'x' } })).status, 201);
    const over = await post('/api/v1/namespaces/rq-dry/configmaps', { metadata: { name: 'y' } }, '?dryRun=All');
    assert.match(forbiddenMessage(over), /exceeded quota: one/);
  });

  it('compute resources: containers must specify tracked cpu/memory; requests and limits are charged and bounded', async () => {
    await ns('rq-compute');
    await quota('rq-compute', 'compute', { hard: { 'requests.cpu': '1', 'limits.cpu': '2', 'requests.memory': '1Gi', pods: '3' } });
    const missing = await post('/api/v1/namespaces/rq-compute/pods', pod('bare', [{ name: 'a' }, { name: 'b', requests: { cpu: '100m', memory: '10Mi' } }]));
    assert.equal(forbiddenMessage(missing), 'pods "bare" is forbidden: failed quota: compute: must specify limits.cpu for: a,b; requests.cpu for: a; requests.memory for: a');
    const ok = await post('/api/v1/namespaces/rq-compute/pods', pod('p1', [{ name: 'a', requests: { cpu: '600m', memory: '512Mi' }, limits: { cpu: '1' } }]));
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual((await getQuota('rq-compute', 'compute')).status.used, { 'limits.cpu': '1', pods: '1', 'requests.cpu': '600m', 'requests.memory': '512Mi' });
    const over = await post('/api/v1/namespaces/rq-compute/pods', pod('p2', [{ name: 'a', requests: { cpu: '500m', memory: '600Mi' }, limits: { cpu: '1' } }]));
    assert.equal(forbiddenMessage(over), 'pods "p2" is forbidden: exceeded quota: compute, requested: requests.cpu=500m,requests.memory=600Mi, used: requests.cpu=600m,requests.memory=512Mi, limited: requests.cpu=1,requests.memory=1Gi');
  });

  it('extended resources are quota-ed as requests.<name>, hugepages with and without the prefix', async () => {
    await ns('rq-ext');
    await quota('rq-ext', 'gpu', { hard: { 'requests.example.com/gpu': '1', 'requests.hugepages-2Mi': '4Mi' } });
    const p = pod('g1', [{ name: 'a', requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '1' } }]);
    assert.equal((await post('/api/v1/namespaces/rq-ext/pods', p)).status, 201);
    const r = await post('/api/v1/namespaces/rq-ext/pods', { ...p, metadata: { name: 'g2' } });
    assert.equal(forbiddenMessage(r), 'pods "g2" is forbidden: exceeded quota: gpu, requested: requests.example.com/gpu=1, used: requests.example.com/gpu=1, limited: requests.example.com/gpu=1');
  });

  it('scopes: BestEffort/NotBestEffort and Terminating/NotTerminating select which pods a quota counts', async () => {
    await ns('rq-scopes');
    await quota('rq-scopes', 'besteffort', { hard: { pods: '1' }, scopes: ['BestEffort'] });
    await quota('rq-scopes', 'terminating', { hard: { pods: '1' }, scopes: ['Terminating', 'NotBestEffort'] });
    assert.equal((await post('/api/v1/namespaces/rq-scopes/pods', pod('be1', [{ name: 'a' }]))).status, 201);
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-scopes/pods', pod('be2', [{ name: 'a' }]))), /^pods "be2" is forbidden: exceeded quota: besteffort, requested: pods=1, used: pods=1, limited: pods=1$/);
    // Not best effort, not terminating: no quota matches.
    const burstable = (name: string, spec: Record<string, unknown> = {}) => pod(name, [{ name: 'a', requests: { cpu: '10m' } }], spec);
    assert.equal((await post('/api/v1/namespaces/rq-scopes/pods', burstable('nt1'))).status, 201);
    assert.equal((await post('/api/v1/namespaces/rq-scopes/pods', burstable('nt2'))).status, 201);
    assert.equal((await post('/api/v1/namespaces/rq-scopes/pods', burstable('t1', { activeDeadlineSeconds: 60 }))).status, 201);
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-scopes/pods', burstable('t2', { activeDeadlineSeconds: 60 }))), /exceeded quota: terminating, requested: pods=1/);
    const q = await getQuota('rq-scopes', 'besteffort');
    assert.equal(q.status.used.pods, '1');
  });

  it('scopeSelector: PriorityClass In / NotIn / Exists / DoesNotExist, CrossNamespacePodAffinity', async () => {
    await ns('rq-prio');
    await quota('rq-prio', 'high', { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } });
    await quota('rq-prio', 'unset', { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'DoesNotExist' }] } });
    await quota('rq-prio', 'xns', { hard: { pods: '0' }, scopeSelector: { matchExpressions: [{ scopeName: 'CrossNamespacePodAffinity', operator: 'Exists' }] } });
    for (const name of ['high', 'low']) {
      const pc = await post('/apis/scheduling.k8s.io/v1/priorityclasses', { metadata: { name: `rq-${name}` }, value: name === 'high' ? 1000 : 10 });
      assert.ok(pc.status === 201 || pc.status === 409, pc.text);
    }
    // priorityClassName is resolved by the Priority plugin upstream; here it is only the selector's value.
    const withClass = (name: string, cls: string) => pod(name, [{ name: 'a' }], { priorityClassName: cls });
    const q = await srv.request('PUT', '/api/v1/namespaces/rq-prio/resourcequotas/high', {
      body: { ...(await getQuota('rq-prio', 'high')), spec: { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['rq-high'] }] } } },
    });
    assert.equal(q.status, 200, q.text);
    assert.equal((await post('/api/v1/namespaces/rq-prio/pods', withClass('h1', 'rq-high'))).status, 201);
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-prio/pods', withClass('h2', 'rq-high'))), /exceeded quota: high,/);
    assert.equal((await post('/api/v1/namespaces/rq-prio/pods', withClass('l1', 'rq-low'))).status, 201, 'not selected by In [rq-high]');
    assert.equal((await post('/api/v1/namespaces/rq-prio/pods', pod('u1', [{ name: 'a' }]))).status, 201);
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-prio/pods', pod('u2', [{ name: 'a' }]))), /exceeded quota: unset,/);
    const affinity = { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { a: 'b' } }, namespaces: ['other'] }] } } };
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-prio/pods', pod('x1', [{ name: 'a' }], { ...affinity, priorityClassName: 'rq-low' }))), /exceeded quota: xns, requested: pods=1, used: pods=0, limited: pods=0$/);
  });

  it('services: services, services.nodeports and services.loadbalancers', async () => {
    await ns('rq-svc');
    await quota('rq-svc', 'svc', { hard: { services: '5', 'services.nodeports': '2', 'services.loadbalancers': '1' } });
    const svc = (name: string, type: string, ports: number) => ({ metadata: { name }, spec: { type, ports: Array.from({ length: ports }, (_, i) => ({ name: `p${i}`, port: 80 + i })) } });
    assert.equal((await post('/api/v1/namespaces/rq-svc/services', svc('np', 'NodePort', 2))).status, 201);
    assert.equal(forbiddenMessage(await post('/api/v1/namespaces/rq-svc/services', svc('np2', 'NodePort', 1))), 'services "np2" is forbidden: exceeded quota: svc, requested: services.nodeports=1, used: services.nodeports=2, limited: services.nodeports=2');
    const lb = { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: [{ port: 80 }] } };
    assert.equal((await post('/api/v1/namespaces/rq-svc/services', lb)).status, 201);
    assert.deepEqual((await getQuota('rq-svc', 'svc')).status.used, { services: '2', 'services.loadbalancers': '1', 'services.nodeports': '2' });
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-svc/services', { ...lb, metadata: { name: 'lb2' } })), /requested: services.loadbalancers=1, used: services.loadbalancers=1, limited: services.loadbalancers=1$/);
  });

  it('persistent volume claims: requests.storage and the per-storage-class names', async () => {
    await ns('rq-pvc');
    const gold = 'gold.storageclass.storage.k8s.io';
    await quota('rq-pvc', 'storage', { hard: { persistentvolumeclaims: '5', 'requests.storage': '10Gi', [`${gold}/requests.storage`]: '3Gi', [`${gold}/persistentvolumeclaims`]: '1' } });
    const pvc = (name: string, storage: string, cls?: string) => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, ...(cls ? { storageClassName: cls } : {}) } });
    assert.equal((await post('/api/v1/namespaces/rq-pvc/persistentvolumeclaims', pvc('plain', '5Gi'))).status, 201);
    assert.equal(forbiddenMessage(await post('/api/v1/namespaces/rq-pvc/persistentvolumeclaims', pvc('big', '6Gi'))), 'persistentvolumeclaims "big" is forbidden: exceeded quota: storage, requested: requests.storage=6Gi, used: requests.storage=5Gi, limited: requests.storage=10Gi');
    assert.equal(forbiddenMessage(await post('/api/v1/namespaces/rq-pvc/persistentvolumeclaims', pvc('g', '4Gi', 'gold'))), `persistentvolumeclaims "g" is forbidden: exceeded quota: storage, requested: ${gold}/requests.storage=4Gi, used: ${gold}/requests.storage=0, limited: ${gold}/requests.storage=3Gi`);
    assert.equal((await post('/api/v1/namespaces/rq-pvc/persistentvolumeclaims', pvc('g1', '1Gi', 'gold'))).status, 201);
    assert.deepEqual((await getQuota('rq-pvc', 'storage')).status.used, { [`${gold}/persistentvolumeclaims`]: '1', [`${gold}/requests.storage`]: '1Gi', persistentvolumeclaims: '2', 'requests.storage': '6Gi' });
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-pvc/persistentvolumeclaims', pvc('g2', '1Gi', 'gold'))), /exceeded quota: storage, requested: gold.storageclass.storage.k8s.io\/persistentvolumeclaims=1,/);
  });

  it('a pod that ends releases its usage (the controller recounts on the update)', async () => {
    await ns('rq-end');
    await quota('rq-end', 'pods', { hard: { pods: '1', 'count/pods': '5' } });
    assert.equal((await post('/api/v1/namespaces/rq-end/pods', pod('job', [{ name: 'a' }]))).status, 201);
    assert.match(forbiddenMessage(await post('/api/v1/namespaces/rq-end/pods', pod('next', [{ name: 'a' }]))), /exceeded quota: pods, requested: pods=1, used: pods=1, limited: pods=1$/);
    const done = await srv.request('PATCH', '/api/v1/namespaces/rq-end/pods/job/status', { raw: '{"status":{"phase":"Succeeded"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(done.status, 200, done.text);
    // pods counts what has not ended; count/pods everything stored.
    await eventually(async () => {
      const used = (await getQuota('rq-end', 'pods')).status.used;
      return used.pods === '0' && used['count/pods'] === '1';
    }, 10_000, 'pods to be released');
    assert.equal((await post('/api/v1/namespaces/rq-end/pods', pod('next', [{ name: 'a' }]))).status, 201);
  });

  it('updates are charged by their increase: growing a bound claim past requests.storage is refused', async () => {
    await ns('rq-grow');
    await quota('rq-grow', 'storage', { hard: { 'requests.storage': '3Gi' } });
    // PersistentVolumeClaimResize (earlier in the chain) lets only claims of an expandable class grow.
    const sc = await post('/apis/storage.k8s.io/v1/storageclasses', { metadata: { name: 'expandable' }, provisioner: 'csi.example.com', allowVolumeExpansion: true });
    assert.equal(sc.status, 201, sc.text);
    const made = await post('/api/v1/namespaces/rq-grow/persistentvolumeclaims', { metadata: { name: 'c' }, spec: { storageClassName: 'expandable', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } } } });
    assert.equal(made.status, 201, made.text);
    const merge = { 'content-type': 'application/merge-patch+json' };
    assert.equal((await srv.request('PATCH', '/api/v1/namespaces/rq-grow/persistentvolumeclaims/c/status', { raw: '{"status":{"phase":"Bound"}}', headers: merge })).status, 200);
    const grow = await srv.request('PATCH', '/api/v1/namespaces/rq-grow/persistentvolumeclaims/c', { raw: '{"spec":{"resources":{"requests":{"storage":"4Gi"}}}}', headers: merge });
    assert.equal(forbiddenMessage(grow), 'persistentvolumeclaims "c" is forbidden: exceeded quota: storage, requested: requests.storage=2Gi, used: requests.storage=2Gi, limited: requests.storage=3Gi');
    const ok = await srv.request('PATCH', '/api/v1/namespaces/rq-grow/persistentvolumeclaims/c', { raw: '{"spec":{"resources":{"requests":{"storage":"3Gi"}}}}', headers: merge });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await getQuota('rq-grow', 'storage')).status.used['requests.storage'], '3Gi');
  });

  it('kubectl describe quota shows each resource with used and hard', async () => {
    const k = await kubectl(srv.kubeconfig, ['describe', 'quota', 'compute', '-n', 'rq-compute']);
    assert.equal(k.code, 0, k.stderr);
    assert.match(k.stdout, /^Name:\s+compute$/m);
    assert.match(k.stdout, /^Namespace:\s+rq-compute$/m);
    assert.match(k.stdout, /^Resource\s+Used\s+Hard$/m);
    assert.match(k.stdout, /^requests\.cpu\s+600m\s+1$/m);
    assert.match(k.stdout, /^requests\.memory\s+512Mi\s+1Gi$/m);
    assert.match(k.stdout, /^pods\s+1\s+3$/m);
  });
});

describe('ResourceQuota admission before the controller has counted', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
  });
  after(() => srv.close());

  it('status unknown: a quota whose status has hard but no used for a tracked resource refuses; one without status.hard constrains nothing', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'rq-unknown' } } })).status, 201);
    await createDefaultServiceAccount(srv, 'rq-unknown');
    const made = await srv.request('POST', '/api/v1/namespaces/rq-unknown/resourcequotas', { body: { metadata: { name: 'q' }, spec: { hard: { pods: '0', 'count/configmaps': '5' } } } });
    assert.equal(made.status, 201, made.text);
    assert.equal((await srv.request('POST', '/api/v1/namespaces/rq-unknown/pods', { body: pod('free', [{ name: 'a' }]) })).status, 201, 'no status.hard yet: not enforced');
    const q = made.json();
    q.status = { hard: { pods: '0', 'count/configmaps': '5' }, used: { 'count/configmaps': '0' } };
    const put = await srv.request('PUT', '/api/v1/namespaces/rq-unknown/resourcequotas/q/status', { body: q });
    assert.equal(put.status, 200, put.text);
    const r = await srv.request('POST', '/api/v1/namespaces/rq-unknown/pods', { body: pod('p', [{ name: 'a' }]) });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().message, 'pods "p" is forbidden: status unknown for quota: q, resources: pods');
  });
});

describe('quota controller re-sync period', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: WITHOUT_CA_PUBLISHER, resourceQuotaSyncPeriodMs: 200 });
  });
  after(() => srv.close());

  it('a wrong status.used is put right by the periodic re-sync', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'rq-resync' } } })).status, 201);
    assert.equal((await srv.request('POST', '/api/v1/namespaces/rq-resync/configmaps', { body: { metadata: { name: 'a' } } })).status, 201);
    assert.equal((await srv.request('POST', '/api/v1/namespaces/rq-resync/resourcequotas', { body: { metadata: { name: 'q' }, spec: { hard: { 'count/configmaps': '5' } } } })).status, 201);
    const get = async () => (await srv.request('GET', '/api/v1/namespaces/rq-resync/resourcequotas/q')).json();
    const q = await eventually(async () => ((await get()).status?.used?.['count/configmaps'] === '1' ? get() : undefined), 10_000, 'first count');
    q.status.used = { 'count/configmaps': '4' };
    assert.equal((await srv.request('PUT', '/api/v1/namespaces/rq-resync/resourcequotas/q/status', { body: q })).status, 200);
    await eventually(async () => (await get()).status.used['count/configmaps'] === '1', 10_000, 're-sync to count 1 again');
  });
});

describe('ResourceQuotaConfiguration limitedResources (--admission-control-config-file)', () => {
  let srv: TestServer;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-rq-config-'));
    const file = join(dir, 'admission.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: apiserver.config.k8s.io/v1',
        'kind: AdmissionConfiguration',
        'plugins:',
        '- name: ResourceQuota',
        '  configuration:',
        '    apiVersion: apiserver.config.k8s.io/v1',
        '    kind: ResourceQuotaConfiguration',
        '    limitedResources:',
        '    - resource: pods',
        '      matchContains: ["requests.cpu"]',
        '    - resource: pods',
        '      matchScopes:',
        '      - scopeName: PriorityClass',
        '        operator: In',
        '        values: ["cluster-services"]',
        '',
      ].join('\n'),
    );
    srv = await startTestServer({ controllers: WITHOUT_CA_PUBLISHER, admissionControlConfigFile: file, resourceQuotaSyncPeriodMs: 0 });
  });
  after(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a limited resource can only be consumed where a quota covers it; a limited scope likewise', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'rq-limited' } } })).status, 201);
    // The Priority admission plugin resolves the class a scoped pod names: it must exist.
    assert.equal((await srv.request('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', { body: { metadata: { name: 'cluster-services' }, value: 1000 } })).status, 201);
    const cpu = (name: string, spec: Record<string, unknown> = {}) => pod(name, [{ name: 'a', requests: { cpu: '100m' } }], spec);
    const r = await srv.request('POST', '/api/v1/namespaces/rq-limited/pods', { body: cpu('c1') });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().message, 'pods "c1" is forbidden: insufficient quota to consume: requests.cpu');
    assert.equal((await srv.request('POST', '/api/v1/namespaces/rq-limited/pods', { body: pod('nocpu', [{ name: 'a', requests: { memory: '10Mi' } }]) })).status, 201);
    const scoped = await srv.request('POST', '/api/v1/namespaces/rq-limited/pods', { body: pod('crit', [{ name: 'a' }], { priorityClassName: 'cluster-services' }) });
    assert.equal(scoped.status, 500, scoped.text);
    assert.equal(scoped.json().message, 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]');

    assert.equal((await srv.request('POST', '/api/v1/namespaces/rq-limited/resourcequotas', { body: { metadata: { name: 'cpu' }, spec: { hard: { 'requests.cpu': '1' } } } })).status, 201);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/rq-limited/resourcequotas/cpu')).json().status?.used, 10_000, 'quota status');
    const again = await srv.request('POST', '/api/v1/namespaces/rq-limited/pods', { body: cpu('c1') });
    assert.equal(again.status, 201, again.text);
    const crit = await srv.request('POST', '/api/v1/namespaces/rq-limited/resourcequotas', {
      body: { metadata: { name: 'crit' }, spec: { hard: { pods: '2' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } } },
    });
    assert.equal(crit.status, 201, crit.text);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/rq-limited/resourcequotas/crit')).json().status?.used, 10_000, 'quota status');
    // (The cpu quota now matches every pod, so each must request cpu.)
    const covered = await srv.request('POST', '/api/v1/namespaces/rq-limited/pods', { body: cpu('crit', { priorityClassName: 'cluster-services' }) });
    assert.equal(covered.status, 201, covered.text);
  });
});
