// Priority levels, limits, borrowing and classification over the v1.34 bootstrap
// configuration (upstream apf_controller.go, conc_alloc.go, rule.go, bootstrap/default.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concurrencyLimits, FlowControl } from '../../src/flowcontrol/controller.js';
import { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS } from '../../src/flowcontrol/bootstrap.js';
import { parseRequestInfo } from '../../src/server/requestinfo.js';
import type { Obj } from '../../src/types/kind.js';
import { FakeClock } from './fake-clock.js';

const allPLs = (): Obj[] => structuredClone([...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS]) as Obj[];
const allFSs = (): Obj[] => structuredClone([...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS]) as Obj[];

function configured(serverCL = 600, clock = new FakeClock()) {
  const fc = new FlowControl(serverCL, { clock });
  fc.digest(allPLs(), allFSs());
  return { fc, clock };
}

function classify(fc: FlowControl, user: { username: string; groups: string[] }, method: string, path: string) {
  const u = new URL(path, 'https://x');
  const c = fc.classify({ user, info: parseRequestInfo(method, u.pathname, u.searchParams) });
  return { fs: String(c.fs.metadata.name), pl: c.pl.name, distinguisher: c.flowDistinguisher };
}

test('NominalCL = ceil(ServerCL * NCS / sum NCS), LendableCL = round(NominalCL * lendablePercent / 100): the defaults at 600 seats', async () => {
  const { fc } = configured();
  const nominal = Object.fromEntries([...fc.priorityLevels.values()].map((s) => [s.name, [s.nominalCL, s.minCL, s.maxCL]]));
  assert.deepEqual(nominal, {
    'catch-all': [13, 13, 613],
    exempt: [0, 0, 600],
    system: [74, 50, 674],
    'node-high': [98, 73, 698],
    'leader-election': [25, 25, 625],
    'workload-high': [98, 49, 698],
    'workload-low': [245, 24, 845],
    'global-default': [49, 24, 649],
  });
  assert.deepEqual(concurrencyLimits(600, 20, 245, 50, 100), { nominalCL: 49, lendableCL: 25, borrowingCL: 49, minCL: 24, maxCL: 98 });
  assert.equal(await fc.metrics.value('apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'global-default' }), 49);
  // max seats per request: max(1, min(ceil(15% of NominalCL), NominalCL / handSize))
  assert.equal(fc.maxSeatsFor('global-default'), 8);
  assert.equal(fc.maxSeatsFor('workload-low'), 37);
  assert.equal(fc.maxSeatsFor('catch-all'), 0);
});

test('idle levels split the whole server in proportion to their lower limits; the current limits sum to ServerCL', () => {
  const { fc } = configured();
  const cur = [...fc.priorityLevels.values()].filter((s) => !s.exempt);
  const sum = cur.reduce((a, s) => a + s.currentCL, 0);
  assert.ok(Math.abs(sum - 600) <= cur.length, `sum ${sum}`);
  assert.equal(fc.priorityLevels.get('global-default')!.currentCL, 56);
});

test('borrowing: a level with demand above its nominal limit borrows what idle levels can lend', () => {
  const { fc, clock } = configured();
  const gd = fc.priorityLevels.get('global-default')!;
  const user = { username: 'flood', groups: ['system:authenticated'] };
  const c = fc.classify({ user, info: parseRequestInfo('GET', '/api/v1/configmaps', new URLSearchParams()) });
  assert.equal(c.pl.name, 'global-default');
  for (let i = 0; i < 300; i++) fc.startRequest(c, { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 }, { digest: { user, info: parseRequestInfo('GET', '/api/v1/configmaps', new URLSearchParams()) }, arriveTime: new Date() });
  clock.advance(10_000);
  fc.updateBorrowing();
  assert.equal(gd.stats.highWatermark, 300);
  assert.ok(gd.currentCL > gd.nominalCL, `currentCL ${gd.currentCL}`);
  assert.ok(gd.currentCL <= gd.maxCL);
  // the lenders keep at least their lower limits
  for (const s of fc.priorityLevels.values()) if (!s.exempt) assert.ok(s.currentCL >= s.minCL, s.name);
  // the raised limit dispatches more of the waiting requests
  assert.equal(gd.queues.totSeatsInUse, Math.min(gd.currentCL, 300));
});

test('classification by the bootstrap schemas', () => {
  const { fc } = configured();
  const admin = { username: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] };
  const alice = { username: 'alice', groups: ['system:authenticated'] };
  const anon = { username: 'system:anonymous', groups: ['system:unauthenticated'] };
  const node = { username: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };
  const kubeSystemSa = { username: 'system:serviceaccount:kube-system:replicaset-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] };
  const sa = { username: 'system:serviceaccount:team:app', groups: ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated'] };
  const kcm = { username: 'system:kube-controller-manager', groups: ['system:authenticated'] };
  assert.deepEqual(classify(fc, admin, 'GET', '/api/v1/namespaces/default/pods'), { fs: 'exempt', pl: 'exempt', distinguisher: '' });
  assert.deepEqual(classify(fc, alice, 'GET', '/api/v1/namespaces/default/pods'), { fs: 'global-default', pl: 'global-default', distinguisher: 'alice' });
  assert.deepEqual(classify(fc, alice, 'GET', '/readyz'), { fs: 'probes', pl: 'exempt', distinguisher: '' });
  assert.deepEqual(classify(fc, anon, 'GET', '/livez/ping'), { fs: 'probes', pl: 'exempt', distinguisher: '' }, 'URL prefix /livez/');
  assert.deepEqual(classify(fc, anon, 'POST', '/readyz'), { fs: 'global-default', pl: 'global-default', distinguisher: 'system:anonymous' }, 'probes only match get');
  assert.deepEqual(classify(fc, node, 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1'), { fs: 'system-node-high', pl: 'node-high', distinguisher: 'system:node:n1' });
  assert.deepEqual(classify(fc, node, 'PATCH', '/api/v1/nodes/n1/status'), { fs: 'system-node-high', pl: 'node-high', distinguisher: 'system:node:n1' });
  assert.deepEqual(classify(fc, node, 'GET', '/api/v1/pods'), { fs: 'system-nodes', pl: 'system', distinguisher: 'system:node:n1' });
  assert.deepEqual(classify(fc, kubeSystemSa, 'GET', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/x'), { fs: 'system-leader-election', pl: 'leader-election', distinguisher: kubeSystemSa.username });
  assert.deepEqual(classify(fc, kubeSystemSa, 'GET', '/api/v1/namespaces/ns1/pods'), { fs: 'kube-system-service-accounts', pl: 'workload-high', distinguisher: 'ns1' });
  assert.deepEqual(classify(fc, kcm, 'LIST', '/api/v1/namespaces/ns2/pods'), { fs: 'kube-controller-manager', pl: 'workload-high', distinguisher: 'ns2' });
  assert.deepEqual(classify(fc, sa, 'GET', '/api/v1/namespaces/team/pods'), { fs: 'service-accounts', pl: 'workload-low', distinguisher: sa.username });
});

test('matching precedence ties are broken by name; wildcards, clusterScope and namespaces as the spec states', () => {
  const { fc } = configured();
  const pl = (name: string) => ({ priorityLevelConfiguration: { name } });
  const extra: Obj[] = [
    { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'b-ns-only' }, spec: { ...pl('workload-low'), matchingPrecedence: 300, rules: [{ subjects: [{ kind: 'User', user: { name: 'bob' } }], resourceRules: [{ verbs: ['list'], apiGroups: [''], resources: ['configmaps'], namespaces: ['team'] }] }] } },
    { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'a-cluster' }, spec: { ...pl('workload-high'), matchingPrecedence: 300, rules: [{ subjects: [{ kind: 'User', user: { name: 'bob' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['configmaps'], clusterScope: true }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/metrics/*'] }] }] } },
  ];
  fc.digest(allPLs(), [...allFSs(), ...extra]);
  const bob = { username: 'bob', groups: ['system:authenticated'] };
  assert.equal(classify(fc, bob, 'GET', '/api/v1/namespaces/team/configmaps').fs, 'b-ns-only');
  assert.equal(classify(fc, bob, 'GET', '/api/v1/namespaces/other/configmaps').fs, 'global-default', 'namespace not listed');
  assert.equal(classify(fc, bob, 'GET', '/api/v1/configmaps').fs, 'a-cluster', 'all namespaces is cluster scope');
  assert.equal(classify(fc, bob, 'GET', '/metrics/slis').fs, 'a-cluster');
  // same precedence: a-cluster sorts before b-ns-only
  assert.deepEqual(fc.schemas.filter((f) => f.spec.matchingPrecedence === 300).map((f) => f.metadata.name), ['a-cluster', 'b-ns-only']);
});

test('a FlowSchema naming a missing priority level is dangling: flagged in its status and not used', () => {
  const { fc } = configured();
  const dangling: Obj = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'orphan' }, spec: { priorityLevelConfiguration: { name: 'nope' }, matchingPrecedence: 50, rules: [{ subjects: [{ kind: 'Group', group: { name: '*' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }] } };
  const updates = fc.digest(allPLs(), [...allFSs(), dangling]);
  const u = updates.find((x) => x.name === 'orphan')!;
  assert.deepEqual({ ...u.condition, lastTransitionTime: 'x' }, {
    type: 'Dangling', status: 'True', lastTransitionTime: 'x', reason: 'NotFound',
    message: 'This FlowSchema references the PriorityLevelConfiguration object named "nope" but there is no such object',
  });
  assert.ok(!fc.schemas.some((f) => f.metadata.name === 'orphan'));
  const good = updates.find((x) => x.name === 'global-default')!;
  assert.equal(good.condition.status, 'False');
  assert.equal(good.condition.reason, 'Found');
  // a status that already says so is not written again
  const withStatus = allFSs().map((f) => ({ ...f, status: { conditions: [updates.find((x) => x.name === f.metadata.name)!.condition] } }));
  assert.deepEqual(fc.digest(allPLs(), withStatus), []);
});

test('without any objects the mandatory levels and schemas are imagined', () => {
  const fc = new FlowControl(600, { clock: new FakeClock() });
  assert.deepEqual([...fc.priorityLevels.keys()].sort(), ['catch-all', 'exempt']);
  assert.deepEqual(fc.schemas.map((f) => f.metadata.name), ['exempt', 'catch-all']);
  const alice = { username: 'alice', groups: ['system:authenticated'] };
  assert.deepEqual(classify(fc, alice, 'GET', '/api/v1/pods'), { fs: 'catch-all', pl: 'catch-all', distinguisher: '' });
  // catch-all alone holds the whole server
  assert.equal(fc.priorityLevels.get('catch-all')!.nominalCL, 600);
});

test('a removed level that still has requests keeps draining (quiescing), then goes', () => {
  const { fc } = configured();
  const alice = { username: 'alice', groups: ['system:authenticated'] };
  const info = parseRequestInfo('GET', '/api/v1/pods', new URLSearchParams());
  const c = fc.classify({ user: alice, info });
  const r = fc.startRequest(c, { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 }, { digest: { user: alice, info }, arriveTime: new Date() });
  assert.notEqual(typeof r, 'string');
  fc.digest(allPLs().filter((p) => p.metadata.name !== 'global-default'), allFSs());
  assert.equal(fc.priorityLevels.get('global-default')?.quiescing, true);
  assert.equal(classify(fc, alice, 'GET', '/api/v1/pods').fs, 'catch-all', 'its schema is dangling now');
  (r as { finish(): void }).finish();
  fc.digest(allPLs().filter((p) => p.metadata.name !== 'global-default'), allFSs());
  assert.equal(fc.priorityLevels.has('global-default'), false);
});
