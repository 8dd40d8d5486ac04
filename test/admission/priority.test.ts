// Priority (upstream plugin/pkg/admission/priority/admission.go and admission_test.go;
// system classes from pkg/apis/scheduling SystemPriorityClasses and the
// scheduling/bootstrap-system-priority-classes post-start hook), end to end over HTTPS.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDefaultServiceAccount } from '../support/pods.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PCS = '/apis/scheduling.k8s.io/v1/priorityclasses';
const PODS = '/api/v1/namespaces/prio/pods';
const pod = (name: string, spec: Record<string, unknown> = {}) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }], ...spec } });

describe('Priority admission', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'prio' } } })).status, 201);
    await createDefaultServiceAccount(srv, 'prio');
  });
  after(() => srv.close());

  it('the system classes exist from the start with upstream values', async () => {
    const node = (await srv.request('GET', `${PCS}/system-node-critical`)).json();
    assert.equal(node.value, 2000001000);
    // globalDefault is omitempty: false is not written (kube-apiserver v1.32 answers the same).
    assert.equal(node.globalDefault, undefined);
    assert.equal(node.preemptionPolicy, 'PreemptLowerPriority');
    assert.equal(node.description, 'Used for system critical pods that must not be moved from their current node.');
    const cluster = (await srv.request('GET', `${PCS}/system-cluster-critical`)).json();
    assert.equal(cluster.value, 2000000000);
  });

  it('a pod without a class gets priority 0 and PreemptLowerPriority when no default class exists', async () => {
    const r = await srv.request('POST', PODS, { body: pod('plain') });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().spec.priority, 0);
    assert.equal(r.json().spec.preemptionPolicy, 'PreemptLowerPriority');
    assert.equal(r.json().spec.priorityClassName, undefined);
  });

  it('a named class resolves into priority and preemptionPolicy; system classes resolve in any namespace', async () => {
    const pc = await srv.request('POST', PCS, { body: { metadata: { name: 'high' }, value: 1000, preemptionPolicy: 'Never' } });
    assert.equal(pc.status, 201, pc.text);
    const r = await srv.request('POST', PODS, { body: pod('high', { priorityClassName: 'high' }) });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().spec.priority, 1000);
    assert.equal(r.json().spec.preemptionPolicy, 'Never');
    const sys = await srv.request('POST', PODS, { body: pod('sys', { priorityClassName: 'system-cluster-critical' }) });
    assert.equal(sys.status, 201, sys.text);
    assert.equal(sys.json().spec.priority, 2000000000);
  });

  it('an unknown class, or a priority or preemptionPolicy that differs from the class, is 403', async () => {
    const missing = await srv.request('POST', PODS, { body: pod('missing', { priorityClassName: 'nope' }) });
    assert.equal(missing.status, 403);
    assert.equal(missing.json().reason, 'Forbidden');
    assert.equal(missing.json().message, 'pods "missing" is forbidden: no PriorityClass with name nope was found');
    const prio = await srv.request('POST', PODS, { body: pod('own', { priorityClassName: 'high', priority: 5 }) });
    assert.equal(prio.status, 403);
    assert.equal(prio.json().message, 'pods "own" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name');
    const policy = await srv.request('POST', PODS, { body: pod('pol', { priorityClassName: 'high', preemptionPolicy: 'PreemptLowerPriority' }) });
    assert.equal(policy.status, 403);
    assert.equal(policy.json().message, 'pods "pol" is forbidden: the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name');
    // The same value as the class computes is accepted.
    assert.equal((await srv.request('POST', PODS, { body: pod('same', { priorityClassName: 'high', priority: 1000 }) })).status, 201);
    assert.equal((await srv.request('GET', `${PODS}/own`)).status, 404);
  });

  it('the global default class applies to pods without a class; only one default may exist', async () => {
    const d = await srv.request('POST', PCS, { body: { metadata: { name: 'dflt' }, value: 7, globalDefault: true } });
    assert.equal(d.status, 201, d.text);
    const r = await srv.request('POST', PODS, { body: pod('defaulted') });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().spec.priorityClassName, 'dflt');
    assert.equal(r.json().spec.priority, 7);
    const second = await srv.request('POST', PCS, { body: { metadata: { name: 'dflt2' }, value: 8, globalDefault: true } });
    assert.equal(second.status, 403);
    assert.equal(second.json().message, 'priorityclasses.scheduling.k8s.io "dflt2" is forbidden: PriorityClass dflt is already marked as default. Only one default can exist');
    // Marking another existing class default is refused too; the default itself may be updated.
    const high = (await srv.request('GET', `${PCS}/high`)).json();
    const mark = await srv.request('PUT', `${PCS}/high`, { body: { ...high, globalDefault: true } });
    assert.equal(mark.status, 403);
    const cur = (await srv.request('GET', `${PCS}/dflt`)).json();
    const same = await srv.request('PUT', `${PCS}/dflt`, { body: { ...cur, description: 'still default' } });
    assert.equal(same.status, 200, same.text);
  });

  it('an update that leaves priority out keeps the stored one', async () => {
    const cur = (await srv.request('GET', `${PODS}/high`)).json();
    delete cur.spec.priority;
    delete cur.spec.preemptionPolicy;
    cur.metadata.labels = { touched: 'yes' };
    const r = await srv.request('PUT', `${PODS}/high`, { body: cur });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json().spec.priority, 1000);
    assert.equal(r.json().spec.preemptionPolicy, 'Never');
  });

  // pkg/apis/scheduling/validation ValidatePriorityClass(Update), pkg/registry/scheduling/priorityclass/storage Delete.
  it('system classes cannot be deleted or imitated; user values are capped and immutable', async () => {
    const del = await srv.request('DELETE', `${PCS}/system-node-critical`);
    assert.equal(del.status, 403);
    assert.equal(del.json().message, 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted');
    const fake = await srv.request('POST', PCS, { body: { metadata: { name: 'system-mine' }, value: 10 } });
    assert.equal(fake.status, 422);
    assert.match(fake.json().message, /metadata\.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only\. error: system-mine is not a known system priority class/);
    const big = await srv.request('POST', PCS, { body: { metadata: { name: 'huge' }, value: 1000000001 } });
    assert.equal(big.status, 422);
    assert.match(big.json().message, /value: Forbidden: maximum allowed value of a user defined priority is 1000000000/);
    const cur = (await srv.request('GET', `${PCS}/high`)).json();
    const changed = await srv.request('PUT', `${PCS}/high`, { body: { ...cur, value: 1001 } });
    assert.equal(changed.status, 422);
    assert.match(changed.json().message, /value: Forbidden: may not be changed in an update\./);
    const dflt = await srv.request('POST', PCS, { body: { metadata: { name: 'unset-policy' }, value: 3 } });
    assert.equal(dflt.json().preemptionPolicy, 'PreemptLowerPriority');
    assert.equal((await srv.request('DELETE', `${PCS}/unset-policy`)).status, 200);
  });
});
