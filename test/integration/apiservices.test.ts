// The local APIServices and the group order of discovery, as kube-apiserver v1.32 answers
// (compared with test/support/kube-apiserver.ts; the priorities are 1.34's,
// cmd/kube-apiserver/app/aggregator.go apiVersionPriorities):
// - every built-in group version has an APIService `<version>.<group>` labelled
//   kube-aggregator.kubernetes.io/automanaged=onstart, with its priorities, Available (Local),
//   and one managedFields entry (kube-apiserver's Update of labels and spec; the status has none);
// - a CRD's served versions get APIServices labelled `true` (priorities 1000/100), removed with the CRD;
// - a deleted `onstart` APIService comes back at the next start, not before;
// - /apis and aggregated discovery list the groups by group priority, highest first, ties by name.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { referenceApiserverMissing, startReferenceApiserver } from '../support/kube-apiserver.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';
const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const LABEL = 'kube-aggregator.kubernetes.io/automanaged';

// 1.34's order: the aggregator's own group first, then by priority (ties by name).
const GROUP_ORDER = [
  'apiregistration.k8s.io',
  'apps',
  'events.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'networking.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'node.k8s.io',
  'discovery.k8s.io',
  'resource.k8s.io',
  'flowcontrol.apiserver.k8s.io',
];

const crd = (group: string, versions: { name: string; served: boolean }[]) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `widgets.${group}` },
  spec: {
    group,
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: versions.map((v, i) => ({ ...v, storage: i === 0, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } })),
  },
});

describe('local APIServices and the group order of discovery', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(async () => {
    await srv?.close();
  });

  it('lists the groups by APIService priority in /apis and in aggregated discovery', async () => {
    const legacy = (await srv.request('GET', '/apis')).json().groups.map((g: { name: string }) => g.name);
    assert.deepEqual(legacy, GROUP_ORDER);
    const aggregated = (await srv.request('GET', '/apis', { headers: { accept: AGGREGATED } })).json().items.map((g: { metadata: { name: string } }) => g.metadata.name);
    assert.deepEqual(aggregated, GROUP_ORDER);
    const autoscaling = (await srv.request('GET', '/apis/autoscaling')).json();
    assert.deepEqual(autoscaling.versions.map((v: { version: string }) => v.version), ['v2', 'v1']);
  });

  it('has an Available, onstart-labelled APIService for every built-in group version', async () => {
    const items = (await srv.request('GET', APISERVICES)).json().items as any[];
    const names = items.map((s) => s.metadata.name);
    assert.ok(names.includes('v1.'), 'the core group is v1.');
    assert.ok(!names.some((n) => n.endsWith('.apiregistration.k8s.io')), 'none for the aggregator itself');
    for (const g of GROUP_ORDER.slice(1)) assert.ok(names.includes(`v1.${g}`), `v1.${g}`);
    assert.ok(names.includes('v2.autoscaling'));
    const apps = items.find((s) => s.metadata.name === 'v1.apps');
    assert.deepEqual(apps.metadata.labels, { [LABEL]: 'onstart' });
    assert.deepEqual(apps.spec, { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 });
    assert.equal(apps.status.conditions.length, 1);
    const { lastTransitionTime, ...available } = apps.status.conditions[0];
    assert.match(lastTransitionTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(available, { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' });
    assert.equal(apps.metadata.managedFields.length, 1);
    const [entry] = apps.metadata.managedFields;
    assert.equal(entry.manager, 'kube-apiserver');
    assert.equal(entry.operation, 'Update');
    assert.equal(entry.subresource, undefined);
    assert.deepEqual(Object.keys(entry.fieldsV1).sort(), ['f:metadata', 'f:spec']);
    assert.deepEqual(items.find((s) => s.metadata.name === 'v2.autoscaling').spec, { group: 'autoscaling', version: 'v2', groupPriorityMinimum: 17500, versionPriority: 30 });
  });

  it("registers a CRD's served versions (label true) and removes them with the CRD", async () => {
    const created = await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
      body: crd('fz.example.com', [
        { name: 'v1', served: true },
        { name: 'v2beta1', served: true },
        { name: 'v3', served: false },
      ]),
    });
    assert.equal(created.status, 201, created.text);
    const v1 = await eventually(async () => {
      const r = await srv.request('GET', `${APISERVICES}/v1.fz.example.com`);
      return r.status === 200 && r.json().status?.conditions ? r.json() : undefined;
    });
    assert.deepEqual(v1.metadata.labels, { [LABEL]: 'true' });
    assert.deepEqual(v1.spec, { group: 'fz.example.com', version: 'v1', groupPriorityMinimum: 1000, versionPriority: 100 });
    assert.equal(v1.status.conditions[0].reason, 'Local');
    assert.equal((await srv.request('GET', `${APISERVICES}/v2beta1.fz.example.com`)).status, 200);
    assert.equal((await srv.request('GET', `${APISERVICES}/v3.fz.example.com`)).status, 404, 'not for a version not served');
    // After every built-in group.
    assert.equal((await srv.request('GET', '/apis')).json().groups.at(-1).name, 'fz.example.com');

    const deleted = await srv.request('DELETE', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.fz.example.com');
    assert.equal(deleted.status, 200);
    // The CRD's REST marks it terminating itself, keeping its generation (customresourcedefinition/etcd.go Delete).
    assert.equal(deleted.json().metadata.generation, 1);
    assert.ok(deleted.json().metadata.deletionTimestamp);
    await eventually(async () => ((await srv.request('GET', `${APISERVICES}/v1.fz.example.com`)).status === 404 ? true : undefined));
    assert.equal((await srv.request('GET', `${APISERVICES}/v2beta1.fz.example.com`)).status, 404);
  });

  it("leaves a user's APIService alone", async () => {
    const mine = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.mine.example.com' }, spec: { group: 'mine.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } };
    assert.equal((await srv.request('POST', APISERVICES, { body: mine })).status, 201);
    // A catalog change makes the registration look again.
    assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd('other.example.com', [{ name: 'v1', served: true }]) })).status, 201);
    await eventually(async () => ((await srv.request('GET', `${APISERVICES}/v1.other.example.com`)).status === 200 ? true : undefined));
    const after = (await srv.request('GET', `${APISERVICES}/v1.mine.example.com`)).json();
    assert.equal(after.metadata.labels, undefined);
    assert.deepEqual(after.spec, mine.spec);
  });
});

describe('a deleted onstart APIService', () => {
  it('comes back at the next start, not before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skiff-apiservices-'));
    let srv = await startTestServer({ dataDir, controllers: [] });
    try {
      assert.equal((await srv.request('DELETE', `${APISERVICES}/v1.batch`)).status, 200);
      // Another change of the catalog syncs the CRDs' APIServices only.
      assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd('later.example.com', [{ name: 'v1', served: true }]) })).status, 201);
      await eventually(async () => ((await srv.request('GET', `${APISERVICES}/v1.later.example.com`)).status === 200 ? true : undefined));
      assert.equal((await srv.request('GET', `${APISERVICES}/v1.batch`)).status, 404);
    } finally {
      await srv.close();
    }
    srv = await startTestServer({ dataDir, controllers: [] });
    try {
      const batch = (await srv.request('GET', `${APISERVICES}/v1.batch`)).json();
      assert.equal(batch.spec.groupPriorityMinimum, 17400);
      assert.equal(batch.status.conditions[0].type, 'Available');
      // The CRD's APIService was kept across the restart (the CRDs load before the sync).
      assert.equal((await srv.request('GET', `${APISERVICES}/v1.later.example.com`)).status, 200);
    } finally {
      await srv.close();
    }
  });
});

describe('against kube-apiserver v1.32', { skip: referenceApiserverMissing() || undefined }, () => {
  it('orders the groups both serve as kube-apiserver does, and registers the same APIServices', async () => {
    const ref = await startReferenceApiserver();
    const srv = await startTestServer({ store: 'memory' });
    try {
      const refGroups = JSON.parse((await ref.raw('GET', '/apis', {})).text!).groups.map((g: { name: string }) => g.name) as string[];
      const ours = (await srv.request('GET', '/apis')).json().groups.map((g: { name: string }) => g.name) as string[];
      assert.deepEqual(
        ours.filter((g) => refGroups.includes(g)),
        refGroups,
      );
      const mask = (s: any) => ({ name: s.metadata.name, labels: s.metadata.labels, spec: s.spec, conditions: s.status.conditions.map(({ lastTransitionTime: _, ...c }: any) => c), managers: s.metadata.managedFields.map((m: any) => [m.manager, m.operation, m.subresource ?? '', JSON.stringify(m.fieldsV1)]) });
      const refServices = JSON.parse((await ref.raw('GET', APISERVICES, {})).text!).items.map(mask);
      const ourServices = (await srv.request('GET', APISERVICES)).json().items.map(mask).filter((s: any) => refServices.some((r: any) => r.name === s.name));
      assert.deepEqual(ourServices, refServices);
    } finally {
      await srv.close();
      await ref.stop();
    }
  });
});
