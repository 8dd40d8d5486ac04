// Deletion as in a cluster with kube-controller-manager: finalizers, propagation
// policies, the garbage collector and namespace termination.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

describe('deletion, garbage collection and namespaces', () => {
  let srv: TestServer;
  const ns = 'gc';
  const cm = (name = '') => `/api/v1/namespaces/${ns}/configmaps${name ? `/${name}` : ''}`;
  const exists = async (path: string) => (await srv.request('GET', path)).status === 200;

  async function owner(name: string): Promise<any> {
    const r = await srv.request('POST', cm(), { body: { metadata: { name } } });
    assert.equal(r.status, 201, r.text);
    return r.json();
  }
  async function dependent(name: string, o: any, extra: Record<string, unknown> = {}): Promise<any> {
    const r = await srv.request('POST', cm(), {
      body: { metadata: { name, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata.name, uid: o.metadata.uid, ...extra }] } },
    });
    assert.equal(r.status, 201, r.text);
    return r.json();
  }

  before(async () => {
    srv = await startTestServer();
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: ns } } });
  });
  after(async () => {
    await srv?.close();
  });

  it('deletes dependents in the background', async () => {
    const o = await owner('bg-owner');
    await dependent('bg-dep1', o);
    await dependent('bg-dep2', o);
    const d = await srv.request('DELETE', cm('bg-owner'));
    assert.equal(d.status, 200);
    await eventually(async () => !(await exists(cm('bg-dep1'))) && !(await exists(cm('bg-dep2'))), 15_000, 'dependents deleted');
  });

  it('orphans dependents', async () => {
    const o = await owner('or-owner');
    await dependent('or-dep', o);
    const d = await srv.request('DELETE', cm('or-owner'), { body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' } });
    assert.equal(d.status, 200);
    assert.ok(d.json().metadata.finalizers.includes('orphan'));
    assert.ok(d.json().metadata.deletionTimestamp);
    await eventually(async () => !(await exists(cm('or-owner'))), 15_000, 'owner gone');
    const dep = (await srv.request('GET', cm('or-dep'))).json();
    assert.equal(dep.metadata.ownerReferences, undefined);
  });

  it('deletes in the foreground: the owner waits for blocking dependents', async () => {
    const o = await owner('fg-owner');
    const dep = await dependent('fg-dep', o, { blockOwnerDeletion: true });
    // A finalizer on the dependent holds it, so the owner must wait.
    await srv.request('PATCH', cm('fg-dep'), { raw: '{"metadata":{"finalizers":["example.com/hold"]}}', headers: { 'content-type': 'application/merge-patch+json' } });
    const d = await srv.request('DELETE', cm('fg-owner') + '?propagationPolicy=Foreground');
    assert.equal(d.status, 200);
    assert.deepEqual(d.json().metadata.finalizers, ['foregroundDeletion']);
    await eventually(async () => (await srv.request('GET', cm('fg-dep'))).json().metadata.deletionTimestamp, 15_000, 'dependent terminating');
    assert.ok(await exists(cm('fg-owner')));
    await srv.request('PATCH', cm('fg-dep'), { raw: '{"metadata":{"finalizers":null}}', headers: { 'content-type': 'application/merge-patch+json' } });
    await eventually(async () => !(await exists(cm('fg-dep'))) && !(await exists(cm('fg-owner'))), 15_000, 'both gone');
    void dep;
  });

  it('resolves dangling owner references', async () => {
    const r = await srv.request('POST', cm(), {
      body: { metadata: { name: 'dangling', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'never', uid: '00000000-0000-0000-0000-000000000001' }] } },
    });
    assert.equal(r.status, 201);
    await eventually(async () => !(await exists(cm('dangling'))), 15_000, 'dangling dependent deleted');
    const o = await owner('half-owner');
    await srv.request('POST', cm(), {
      body: {
        metadata: {
          name: 'half',
          ownerReferences: [
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'half-owner', uid: o.metadata.uid },
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'never', uid: '00000000-0000-0000-0000-000000000002' },
          ],
        },
      },
    });
    await eventually(async () => (await srv.request('GET', cm('half'))).json().metadata.ownerReferences?.length === 1, 15_000, 'dangling reference removed');
  });

  it('keeps objects with finalizers until the last one goes; preconditions; dry run; bad options', async () => {
    await srv.request('POST', cm(), { body: { metadata: { name: 'fin', finalizers: ['example.com/a', 'example.com/b'] } } });
    const d = await srv.request('DELETE', cm('fin'));
    assert.equal(d.status, 200);
    assert.ok(d.json().metadata.deletionTimestamp);
    assert.equal(d.json().metadata.deletionGracePeriodSeconds, 0);
    const added = await srv.request('PATCH', cm('fin'), { raw: '{"metadata":{"finalizers":["example.com/a","example.com/b","example.com/c"]}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(added.status, 422);
    await srv.request('PATCH', cm('fin'), { raw: '{"metadata":{"finalizers":["example.com/b"]}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.ok(await exists(cm('fin')));
    await srv.request('PATCH', cm('fin'), { raw: '{"metadata":{"finalizers":[]}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(await exists(cm('fin')), false);

    await owner('pre');
    const wrongUid = await srv.request('DELETE', cm('pre'), { body: { preconditions: { uid: 'nope' } } });
    assert.equal(wrongUid.status, 409);
    assert.match(wrongUid.json().message, /^Operation cannot be fulfilled on ConfigMap "[^"]+": the UID in the precondition \(nope\) does not match the UID in record \([0-9a-f-]+\)\. The object might have been deleted and then recreated$/);
    const dry = await srv.request('DELETE', cm('pre') + '?dryRun=All');
    assert.equal(dry.status, 200);
    assert.ok(await exists(cm('pre')));
    const badPolicy = await srv.request('DELETE', cm('pre') + '?propagationPolicy=Sometimes');
    assert.equal(badPolicy.status, 422);
    assert.match(badPolicy.json().message, /propagationPolicy: Unsupported value: "Sometimes"/);
    const both = await srv.request('DELETE', cm('pre'), { body: { orphanDependents: true, propagationPolicy: 'Orphan' } });
    assert.equal(both.status, 422);
    const badDry = await srv.request('POST', cm() + '?dryRun=Yes', { body: { metadata: { name: 'x' } } });
    assert.equal(badDry.status, 422);
  });

  it('terminates a namespace: content goes, new content is refused, then the namespace goes', async () => {
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'doomed' } } });
    for (let i = 0; i < 3; i++) await srv.request('POST', '/api/v1/namespaces/doomed/configmaps', { body: { metadata: { name: `c${i}` } } });
    await srv.request('POST', '/api/v1/namespaces/doomed/secrets', { body: { metadata: { name: 's', finalizers: ['example.com/hold'] } } });
    const d = await srv.request('DELETE', '/api/v1/namespaces/doomed');
    assert.equal(d.status, 200);
    assert.equal(d.json().status.phase, 'Terminating');
    assert.ok(d.json().metadata.deletionTimestamp);
    const refused = await srv.request('POST', '/api/v1/namespaces/doomed/configmaps', { body: { metadata: { name: 'late' } } });
    assert.equal(refused.status, 403);
    assert.equal(refused.json().message, 'configmaps "late" is forbidden: unable to create new content in namespace doomed because it is being terminated');
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/doomed/configmaps')).json().items.length === 0, 15_000, 'configmaps deleted');
    const nsObj = await eventually(async () => {
      const o = (await srv.request('GET', '/api/v1/namespaces/doomed')).json();
      return o.status?.conditions?.find((c: any) => c.type === 'NamespaceFinalizersRemaining' && c.status === 'True') ? o : null;
    }, 15_000, 'finalizers-remaining condition');
    assert.match(nsObj.status.conditions.find((c: any) => c.type === 'NamespaceContentRemaining').message, /secrets has 1 resource instances/);
    await srv.request('PATCH', '/api/v1/namespaces/doomed/secrets/s', { raw: '{"metadata":{"finalizers":null}}', headers: { 'content-type': 'application/merge-patch+json' } });
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/doomed')).status === 404, 15_000, 'namespace removed');
    const protectedNs = await srv.request('DELETE', '/api/v1/namespaces/kube-system');
    assert.equal(protectedNs.status, 403);
    assert.equal(protectedNs.json().message, 'namespaces "kube-system" is forbidden: this namespace may not be deleted');
  });
});

describe('unsafe deletion of corrupt objects', () => {
  for (const gate of [true, false]) {
    it(`with AllowUnsafeMalformedObjectDeletion=${gate}`, async () => {
      const srv = await startTestServer({ featureGates: { AllowUnsafeMalformedObjectDeletion: gate } });
      try {
        const base = '/api/v1/namespaces/default/configmaps';
        await srv.request('POST', base, { body: { metadata: { name: 'good' } } });
        await srv.request('POST', base, { body: { metadata: { name: 'bad', finalizers: ['example.com/keep'] } } });
        // Corrupt "bad" underneath the API, as a broken encryption key or a bad write would.
        const key = '/registry/configmaps/default/bad';
        const cur = await srv.store.get(key);
        assert.ok(cur.kv);
        assert.ok((await srv.store.update(key, Buffer.from('{not json'), cur.kv.modRevision)).ok);
        const get = await srv.request('GET', `${base}/bad`);
        assert.equal(get.status, 500);
        assert.equal(get.json().reason, 'InternalError');
        const list = await eventually(async () => {
          const r = await srv.request('GET', base);
          return r.status === 500 ? r : null;
        }, 15_000, 'list to report the corrupt object');
        const plain = await srv.request('DELETE', `${base}/bad`);
        assert.equal(plain.status, 500);
        const onReadable = await srv.request('DELETE', `${base}/good?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
        if (gate) {
          assert.equal(list!.json().reason, 'StoreReadError');
          assert.equal(list!.json().details.causes[0].field, key);
          assert.match(get.json().message, /StorageError: corrupt object/);
          assert.equal(onReadable.status, 422);
          assert.match(onReadable.json().message, /is exclusively used to delete corrupt object\(s\), try again by removing this option/);
          const together = await srv.request('DELETE', `${base}/bad?ignoreStoreReadErrorWithClusterBreakingPotential=true&dryRun=All`);
          assert.equal(together.status, 422);
          const unsafe = await srv.request('DELETE', `${base}/bad?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
          assert.equal(unsafe.status, 200, unsafe.text);
          assert.equal((await srv.request('GET', `${base}/bad`)).status, 404);
          await eventually(async () => (await srv.request('GET', base)).status === 200, 15_000, 'list healthy again');
        } else {
          // The option is ignored without the gate: a normal delete of a readable object.
          assert.equal(onReadable.status, 200);
          const unsafe = await srv.request('DELETE', `${base}/bad?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
          assert.equal(unsafe.status, 500);
        }
      } finally {
        await srv.close();
      }
    });
  }
});
