// The disruption controller (pkg/controller/disruption/disruption.go) against a real server:
// every status field of a PodDisruptionBudget from the pods it selects and their owners' scale.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildDisruptedPodMap, countHealthyPods, DELETION_TIMEOUT_MS, scaledValue } from '../../src/controllers/disruption.js';
import { createNamespace, createPodInState } from '../support/pods.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const NS = 'disrupt';

describe('disruption controller', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
    await createNamespace(srv, NS);
  });
  after(async () => {
    await srv?.close();
  });

  const createPdb = async (name: string, spec: Record<string, unknown>) => {
    const r = await srv.request('POST', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets`, { body: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec } });
    assert.equal(r.status, 201, r.text);
    return r.json();
  };
  const statusOf = (name: string, ok: (s: any) => boolean, what: string) =>
    eventually(async () => {
      const s = (await srv.request('GET', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/${name}`)).json().status;
      return s && ok(s) ? s : undefined;
    }, 10_000, what);
  const condition = (s: any) => s.conditions?.find((c: any) => c.type === 'DisruptionAllowed');

  it('minAvailable as a number: expectedPods is the matched pods, only ready ones are healthy', async () => {
    const pdb = await createPdb('num', { minAvailable: 2, selector: { matchLabels: { app: 'num' } } });
    for (const [n, state] of [['num-1', 'ready'], ['num-2', 'ready'], ['num-3', 'ready'], ['num-4', 'unready']] as const) await createPodInState(srv, NS, n, state, { app: 'num' });
    await createPodInState(srv, NS, 'other', 'ready', { app: 'other' });
    const s = await statusOf('num', (s) => s.expectedPods === 4 && s.currentHealthy === 3, 'num status');
    assert.equal(s.desiredHealthy, 2);
    assert.equal(s.disruptionsAllowed, 1);
    assert.equal(s.observedGeneration, pdb.metadata.generation);
    const c = condition(s);
    assert.equal(c.status, 'True');
    assert.equal(c.reason, 'SufficientPods');
    assert.equal(c.observedGeneration, pdb.metadata.generation);
    assert.ok(c.lastTransitionTime);
  });

  it('maxUnavailable as a percentage counts against the owning Deployment scale (through its ReplicaSet)', async () => {
    const dep = await srv.request('POST', `/apis/apps/v1/namespaces/${NS}/deployments`, {
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } },
    });
    assert.equal(dep.status, 201, dep.text);
    const d = dep.json();
    const rs = await srv.request('POST', `/apis/apps/v1/namespaces/${NS}/replicasets`, {
      body: {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: { name: 'web-1', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata.uid, controller: true }] },
        spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
      },
    });
    assert.equal(rs.status, 201, rs.text);
    const owner = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: rs.json().metadata.uid, controller: true }];
    await createPdb('web', { maxUnavailable: '25%', selector: { matchLabels: { app: 'web' } } });
    await createPodInState(srv, NS, 'web-a', 'ready', { app: 'web' }, owner);
    await createPodInState(srv, NS, 'web-b', 'ready', { app: 'web' }, owner);
    await createPodInState(srv, NS, 'web-c', 'ready', { app: 'web' }, owner);
    // 4 expected, 25% of 4 rounds up to 1 unavailable: 3 desired, 3 healthy, none allowed.
    const s = await statusOf('web', (s) => s.currentHealthy === 3 && s.expectedPods === 4, 'web status');
    assert.equal(s.desiredHealthy, 3);
    assert.equal(s.disruptionsAllowed, 0);
    assert.equal(condition(s).status, 'False');
    assert.equal(condition(s).reason, 'InsufficientPods');
    // A fourth ready pod makes one disruption allowed.
    await createPodInState(srv, NS, 'web-d', 'ready', { app: 'web' }, owner);
    const s2 = await statusOf('web', (s) => s.disruptionsAllowed === 1, 'web allows one');
    assert.equal(condition(s2).reason, 'SufficientPods');
    // Scaling the Deployment changes expectedPods.
    const scaled = await srv.request('PATCH', `/apis/apps/v1/namespaces/${NS}/deployments/web/scale`, { body: { spec: { replicas: 8 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(scaled.status, 200, scaled.text);
    // The controller follows pods and budgets; a pod change makes it recompute.
    await createPodInState(srv, NS, 'web-e', 'unready', { app: 'web' }, owner);
    const s3 = await statusOf('web', (s) => s.expectedPods === 8, 'web rescaled');
    assert.equal(s3.desiredHealthy, 6);
    assert.equal(s3.disruptionsAllowed, 0);
  });

  it('a pod whose controller has no scale: DisruptionAllowed False with reason SyncFailed and no disruptions', async () => {
    const cm = await srv.request('POST', `/api/v1/namespaces/${NS}/configmaps`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'not-a-controller' } } });
    assert.equal(cm.status, 201, cm.text);
    await createPdb('lost', { minAvailable: '50%', selector: { matchLabels: { app: 'lost' } } });
    await createPodInState(srv, NS, 'lost-1', 'ready', { app: 'lost' }, [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'not-a-controller', uid: cm.json().metadata.uid, controller: true }]);
    const s = await statusOf('lost', (s) => condition(s)?.reason === 'SyncFailed', 'SyncFailed');
    assert.equal(s.disruptionsAllowed, 0);
    assert.equal(condition(s).status, 'False');
    assert.equal(condition(s).message, 'configmaps does not implement the scale subresource');
  });

  it('a spec change bumps the generation and the controller observes it', async () => {
    await createPdb('gen', { minAvailable: 1, selector: { matchLabels: { app: 'gen' } } });
    await createPodInState(srv, NS, 'gen-1', 'ready', { app: 'gen' });
    await statusOf('gen', (s) => s.observedGeneration === 1 && s.currentHealthy === 1, 'gen first');
    const r = await srv.request('PATCH', `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/gen`, { body: { spec: { minAvailable: 0 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(r.status, 200, r.text);
    const s = await statusOf('gen', (s) => s.observedGeneration === 2, 'gen observed');
    assert.equal(s.desiredHealthy, 0);
    assert.equal(s.disruptionsAllowed, 1);
  });

  it('an eviction is recorded in disruptedPods and the pod leaves currentHealthy', async () => {
    await createPdb('ev', { minAvailable: 1, selector: { matchLabels: { app: 'ev' } } });
    await createPodInState(srv, NS, 'ev-1', 'ready', { app: 'ev' });
    await createPodInState(srv, NS, 'ev-2', 'ready', { app: 'ev' });
    await statusOf('ev', (s) => s.disruptionsAllowed === 1, 'ev allows one');
    const r = await srv.request('POST', `/api/v1/namespaces/${NS}/pods/ev-1/eviction`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'ev-1' } } });
    assert.equal(r.status, 201, r.text);
    const s = await statusOf('ev', (s) => s.currentHealthy === 1 && s.expectedPods === 1, 'ev after eviction');
    assert.equal(s.disruptionsAllowed, 0);
    assert.equal(s.disruptedPods, undefined);
    const again = await srv.request('POST', `/api/v1/namespaces/${NS}/pods/ev-2/eviction`, { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'ev-2' } } });
    assert.equal(again.status, 429);
  });
});

describe('disruption controller arithmetic', () => {
  it('percentages round up (intstr.GetScaledValueFromIntOrPercent)', () => {
    assert.equal(scaledValue('25%', 4), 1);
    assert.equal(scaledValue('25%', 5), 2);
    assert.equal(scaledValue('0%', 5), 0);
    assert.equal(scaledValue(3, 100), 3);
    assert.throws(() => scaledValue('abc', 4));
  });

  it('disruptedPods entries keep a pod out of currentHealthy until they expire', () => {
    const now = Date.parse('2026-01-01T00:10:00Z');
    const ready = (name: string, extra: Record<string, unknown> = {}) => ({ metadata: { name, ...extra }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } });
    const pods = [ready('a'), ready('b'), ready('c'), ready('d', { deletionTimestamp: '2026-01-01T00:09:00Z' })];
    const fresh = new Date(now - 30_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const expired = new Date(now - DELETION_TIMEOUT_MS - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const pdb = { status: { disruptedPods: { a: fresh, b: expired, d: fresh, gone: fresh } } };
    const { disruptedPods, recheckAt } = buildDisruptedPodMap(pods, pdb, now);
    assert.deepEqual(disruptedPods, { a: fresh });
    assert.equal(recheckAt, Date.parse(fresh) + DELETION_TIMEOUT_MS);
    assert.equal(countHealthyPods(pods, disruptedPods, now), 2);
  });
});
