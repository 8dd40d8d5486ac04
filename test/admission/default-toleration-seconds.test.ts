// DefaultTolerationSeconds (upstream plugin/pkg/admission/defaulttolerationseconds/admission.go
// and admission_test.go) and TaintNodesByCondition (plugin/pkg/admission/nodetaint), end to end.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDefaultServiceAccount } from '../support/pods.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PODS = '/api/v1/namespaces/tol/pods';
const pod = (name: string, tolerations?: unknown[]) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }], ...(tolerations ? { tolerations } : {}) } });
const NOT_READY = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const UNREACHABLE = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };

describe('DefaultTolerationSeconds admission', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'tol' } } });
    await createDefaultServiceAccount(srv, 'tol');
  });
  after(() => srv.close());

  const create = async (name: string, tolerations?: unknown[]) => {
    const r = await srv.request('POST', PODS, { body: pod(name, tolerations) });
    assert.equal(r.status, 201, r.text);
    return r.json().spec.tolerations;
  };

  it('a pod without tolerations gets not-ready and unreachable for 300s', async () => {
    assert.deepEqual(await create('bare'), [NOT_READY, UNREACHABLE]);
  });

  it('existing tolerations are kept and only the missing one is added', async () => {
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    assert.deepEqual(await create('own', [own]), [own, UNREACHABLE]);
    const other = { key: 'dedicated', operator: 'Equal', value: 'x', effect: 'NoSchedule' };
    assert.deepEqual(await create('other', [other]), [other, NOT_READY, UNREACHABLE]);
  });

  it('a toleration with an empty key or effect already covers both', async () => {
    const all = { operator: 'Exists' };
    assert.deepEqual(await create('all', [all]), [all]);
    const anyEffect = { key: 'node.kubernetes.io/unreachable', operator: 'Exists' };
    assert.deepEqual(await create('any-effect', [anyEffect]), [anyEffect, NOT_READY]);
  });

  it('TaintNodesByCondition: a new node is tainted not-ready:NoSchedule, once', async () => {
    const r = await srv.request('POST', '/api/v1/nodes', { body: { metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().spec.taints, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    const already = await srv.request('POST', '/api/v1/nodes', { body: { metadata: { name: 'n2' }, spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] } } });
    assert.deepEqual(already.json().spec.taints, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    // Updates are not touched: the node lifecycle controller removes the taint.
    const cur = (await srv.request('GET', '/api/v1/nodes/n2')).json();
    const upd = await srv.request('PUT', '/api/v1/nodes/n2', { body: { ...cur, spec: { ...cur.spec, taints: [] } } });
    assert.equal(upd.status, 200, upd.text);
    assert.deepEqual(upd.json().spec.taints ?? [], []);
  });
});
