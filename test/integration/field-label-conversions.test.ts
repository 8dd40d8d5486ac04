// Field selectors pass through each kind's field label conversion before the store sees them
// (AddFieldLabelConversionFunc, runtime.DefaultMetaV1FieldSelectorConversion for kinds without
// one). Every status and message below was taken from kube-apiserver v1.32 given the same
// requests (test/support/kube-apiserver.ts).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

describe('field label conversions (kube-apiserver v1.32)', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(async () => {
    await srv?.close();
  });

  const select = async (collection: string, selector: string) => {
    const r = await srv.request('GET', `${collection}?fieldSelector=${encodeURIComponent(selector)}`);
    return r.status === 200 ? [200, r.json().items.map((i: { metadata: { name: string } }) => i.metadata.name)] : [r.status, r.json().message];
  };
  const unknown = (label: string) => `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`;

  it('a cluster-scoped kind with its own conversion knows no metadata.namespace; one without accepts it', async () => {
    for (const c of ['/api/v1/nodes', '/api/v1/namespaces', '/apis/certificates.k8s.io/v1/certificatesigningrequests']) {
      assert.deepEqual(await select(c, 'metadata.namespace=x'), [400, 'field label not supported: metadata.namespace'], c);
    }
    for (const c of ['/api/v1/persistentvolumes', '/apis/storage.k8s.io/v1/storageclasses', '/apis/rbac.authorization.k8s.io/v1/clusterroles']) {
      assert.deepEqual((await select(c, 'metadata.namespace=x'))[0], 200, c);
    }
    assert.deepEqual((await select('/api/v1/nodes', 'spec.unschedulable=true'))[0], 200);
  });

  it('apps/v1 ReplicaSets have no conversion of their own; Jobs answer in their own words', async () => {
    assert.deepEqual(await select('/apis/apps/v1/replicasets', 'status.replicas=1'), [400, unknown('status.replicas')]);
    assert.deepEqual(await select('/api/v1/replicationcontrollers', 'status.replicas=1'), [200, []]);
    assert.deepEqual(await select('/apis/batch/v1/jobs', 'foo=bar'), [400, 'field label "foo" not supported for Job']);
    assert.deepEqual(await select('/apis/batch/v1/jobs', 'status.successful=1'), [200, []]);
  });

  it("events.k8s.io/v1 selects by its own names for the core Event's fields", async () => {
    const event = (name: string, pod: string, reason: string) => ({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name },
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: 'example.com/c',
      reportingInstance: 'i',
      action: 'A',
      reason,
      regarding: { kind: 'Pod', name: pod, namespace: 'default' },
      type: 'Normal',
    });
    const events = '/apis/events.k8s.io/v1/namespaces/default/events';
    for (const e of [event('e1', 'p1', 'Started'), event('e2', 'p2', 'Pulled')]) assert.equal((await srv.request('POST', events, { body: e })).status, 201);
    assert.deepEqual(await select(events, 'regarding.name=p2'), [200, ['e2']]);
    assert.deepEqual(await select(events, 'reason=Started,type=Normal'), [200, ['e1']]);
    assert.deepEqual(await select(events, 'reportingController=example.com/c'), [200, ['e1', 'e2']]);
    assert.deepEqual(await select(events, 'involvedObject.name=p1'), [400, 'field label not supported: involvedObject.name']);
    assert.deepEqual(await select(events, 'source=x'), [400, 'field label not supported: source']);
  });
});
