// pods/eviction as upstream's pkg/registry/core/pod/storage/eviction.go: the eviction table
// (budget met, not met, unhealthy pods under both policies, pods outside the budget), with
// the budgets' status set by hand (the disruption controller is off) so each row is exact.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createNamespace, createPodInState } from '../support/pods.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NS = 'evict';

describe('pods/eviction honours PodDisruptionBudgets', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: ['*', '-disruption'] });
    await createNamespace(srv, NS);
  });
  after(async () => {
    await srv?.close();
  });

  const evict = (name: string, body: Record<string, unknown> = {}, query = '') =>
    srv.request('POST', `/api/v1/namespaces/${NS}/pods/${name}/eviction${query}`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...body } });
  const podExists = async (name: string) => (await srv.request('GET', `/api/v1/namespaces/${NS}/pods/${name}`)).status === 200;
  const getPdb = async (name: string) => (await srv.request('GET', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/${name}`)).json();

  /** A budget over app=<app> with the status a disruption controller would have written. */
  const budget = async (name: string, app: string, status: Record<string, unknown>, spec: Record<string, unknown> = {}) => {
    const r = await srv.request('POST', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets`, {
      body: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: { app } }, ...spec } },
    });
    assert.equal(r.status, 201, r.text);
    const pdb = r.json();
    pdb.status = { observedGeneration: pdb.metadata.generation, ...status };
    const u = await srv.request('PUT', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/${name}/status`, { body: pdb });
    assert.equal(u.status, 200, u.text);
    return u.json();
  };

  it('budget met: the pod is evicted, one disruption is taken and recorded, the pod was marked DisruptionTarget', async () => {
    await budget('met', 'met', { disruptionsAllowed: 2, currentHealthy: 3, desiredHealthy: 1, expectedPods: 3 });
    await createPodInState(srv, NS, 'met-1', 'ready', { app: 'met' });
    const r = await evict('met-1');
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    assert.equal(await podExists('met-1'), false);
    const pdb = await getPdb('met');
    assert.equal(pdb.status.disruptionsAllowed, 1);
    assert.ok(pdb.status.disruptedPods['met-1'], JSON.stringify(pdb.status));
  });

  it('the last allowed disruption flips DisruptionAllowed to False/InsufficientPods', async () => {
    await budget('last', 'last', { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
    await createPodInState(srv, NS, 'last-1', 'ready', { app: 'last' });
    const r = await evict('last-1');
    assert.equal(r.status, 201, r.text);
    const pdb = await getPdb('last');
    assert.equal(pdb.status.disruptionsAllowed, 0);
    const cond = pdb.status.conditions.find((c: any) => c.type === 'DisruptionAllowed');
    assert.equal(cond.status, 'False');
    assert.equal(cond.reason, 'InsufficientPods');
  });

  it('budget not met: 429 TooManyRequests with the DisruptionBudget cause, the pod stays', async () => {
    await budget('unmet', 'unmet', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2, expectedPods: 2 });
    await createPodInState(srv, NS, 'unmet-1', 'ready', { app: 'unmet' });
    const r = await evict('unmet-1');
    assert.equal(r.status, 429, r.text);
    assert.deepEqual(r.json(), {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget unmet needs 2 healthy pods and has 2 currently' }] },
      code: 429,
    });
    assert.equal(r.headers['retry-after'], undefined);
    assert.equal(await podExists('unmet-1'), true);
  });

  it('a budget the controller has not observed yet: 429 "still being processed" with Retry-After 10', async () => {
    const pdb = await budget('stale', 'stale', { disruptionsAllowed: 5, currentHealthy: 5, desiredHealthy: 0, expectedPods: 5 });
    const bumped = await srv.request('PATCH', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/stale`, { body: { spec: { minAvailable: 0 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(bumped.status, 200, bumped.text);
    assert.ok(bumped.json().metadata.generation > pdb.status.observedGeneration);
    await createPodInState(srv, NS, 'stale-1', 'ready', { app: 'stale' });
    const r = await evict('stale-1');
    assert.equal(r.status, 429, r.text);
    assert.equal(r.headers['retry-after'], '10');
    assert.deepEqual(r.json().details, { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget stale is still being processed by the server.' }], retryAfterSeconds: 10 });
  });

  it('unhealthy pods under IfHealthyBudget: evicted while the budget is met, refused when it is not', async () => {
    await budget('ihb-met', 'ihb-met', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2, expectedPods: 3 });
    await createPodInState(srv, NS, 'ihb-met-1', 'unready', { app: 'ihb-met' });
    const ok = await evict('ihb-met-1');
    assert.equal(ok.status, 201, ok.text);
    assert.equal(await podExists('ihb-met-1'), false);
    // No disruption was taken for it.
    assert.equal((await getPdb('ihb-met')).status.disruptionsAllowed, 0);

    await budget('ihb-unmet', 'ihb-unmet', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2, expectedPods: 3 }, { unhealthyPodEvictionPolicy: 'IfHealthyBudget' });
    await createPodInState(srv, NS, 'ihb-unmet-1', 'unready', { app: 'ihb-unmet' });
    const refused = await evict('ihb-unmet-1');
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.json().details.causes[0].message, 'The disruption budget ihb-unmet needs 2 healthy pods and has 1 currently');
    assert.equal(await podExists('ihb-unmet-1'), true);
  });

  it('unhealthy pods under AlwaysAllow are evicted even when the budget is not met; healthy ones are not', async () => {
    await budget('aa', 'aa', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2, expectedPods: 3 }, { unhealthyPodEvictionPolicy: 'AlwaysAllow' });
    await createPodInState(srv, NS, 'aa-sick', 'unready', { app: 'aa' });
    await createPodInState(srv, NS, 'aa-well', 'ready', { app: 'aa' });
    assert.equal((await evict('aa-sick')).status, 201);
    assert.equal(await podExists('aa-sick'), false);
    assert.equal((await evict('aa-well')).status, 429);
    assert.equal(await podExists('aa-well'), true);
  });

  it('pending and terminal pods are evicted without looking at the budget', async () => {
    await budget('free', 'free', { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 5, expectedPods: 5 });
    await createPodInState(srv, NS, 'free-pending', 'pending', { app: 'free' });
    await createPodInState(srv, NS, 'free-done', 'succeeded', { app: 'free' });
    assert.equal((await evict('free-pending')).status, 201);
    assert.equal((await evict('free-done')).status, 201);
    assert.equal(await podExists('free-pending'), false);
    assert.equal(await podExists('free-done'), false);
  });

  it('a pod covered by two budgets: 500 with upstream message', async () => {
    await budget('two-a', 'two', { disruptionsAllowed: 5, currentHealthy: 5, desiredHealthy: 0, expectedPods: 5 });
    await budget('two-b', 'two', { disruptionsAllowed: 5, currentHealthy: 5, desiredHealthy: 0, expectedPods: 5 });
    await createPodInState(srv, NS, 'two-1', 'ready', { app: 'two' });
    const r = await evict('two-1');
    assert.equal(r.status, 500);
    assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 });
    assert.equal(await podExists('two-1'), true);
  });

  it('dry run (query or deleteOptions) changes nothing; non-matching dry-run options are refused', async () => {
    await budget('dry', 'dry', { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
    await createPodInState(srv, NS, 'dry-1', 'ready', { app: 'dry' });
    assert.equal((await evict('dry-1', {}, '?dryRun=All')).status, 201);
    assert.equal((await evict('dry-1', { deleteOptions: { dryRun: ['All'] } })).status, 201);
    assert.equal(await podExists('dry-1'), true);
    const pdb = await getPdb('dry');
    assert.equal(pdb.status.disruptionsAllowed, 1);
    assert.equal(pdb.status.disruptedPods, undefined);
  });

  it('deleteOptions preconditions are honoured', async () => {
    await createPodInState(srv, NS, 'pre-1', 'pending', { app: 'nobudget' });
    const r = await evict('pre-1', { deleteOptions: { preconditions: { uid: 'not-the-uid' } } });
    assert.equal(r.status, 409, r.text);
    assert.equal(r.json().reason, 'Conflict');
    assert.equal(await podExists('pre-1'), true);
    const uid = (await srv.request('GET', `/api/v1/namespaces/${NS}/pods/pre-1`)).json().metadata.uid;
    assert.equal((await evict('pre-1', { deleteOptions: { preconditions: { uid } } })).status, 201);
    assert.equal(await podExists('pre-1'), false);
  });

  it('a name that does not match the URL is 400; a missing pod is 404', async () => {
    const r = await srv.request('POST', `/api/v1/namespaces/${NS}/pods/a/eviction`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'b' } } });
    assert.equal(r.status, 400);
    assert.equal(r.json().message, 'name in URL does not match name in Eviction object');
    assert.equal((await evict('nosuch')).status, 404);
  });
});
