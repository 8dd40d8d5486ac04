// RuntimeClass (upstream plugin/pkg/admission/runtimeclass/admission.go and admission_test.go;
// pkg/util/tolerations MergeTolerations), end to end.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeTolerations } from '../../src/admission/tolerations.js';
import { createDefaultServiceAccount } from '../support/pods.js';
import { startTestServer, type TestServer } from '../support/server.js';

const RCS = '/apis/node.k8s.io/v1/runtimeclasses';
const PODS = '/api/v1/namespaces/rc/pods';
const pod = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'busybox' }], tolerations: [{ operator: 'Exists', effect: 'NoExecute' }], ...spec },
});

describe('RuntimeClass admission', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'rc' } } });
    await createDefaultServiceAccount(srv, 'rc');
    const mk = async (body: unknown) => assert.equal((await srv.request('POST', RCS, { body })).status, 201);
    await mk({ metadata: { name: 'plain' }, handler: 'runc' });
    await mk({ metadata: { name: 'kata' }, handler: 'kata', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } });
    await mk({
      metadata: { name: 'gvisor' },
      handler: 'runsc',
      scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Equal', value: 'gvisor', effect: 'NoSchedule' }] },
    });
  });
  after(() => srv.close());

  it('the class overhead is set on the pod; a matching overhead (another spelling) is accepted', async () => {
    const r = await srv.request('POST', PODS, { body: pod('kata', { runtimeClassName: 'kata' }) });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().spec.overhead, { cpu: '250m', memory: '120Mi' });
    const same = await srv.request('POST', PODS, { body: pod('kata2', { runtimeClassName: 'kata', overhead: { cpu: '0.25', memory: '120Mi' } }) });
    assert.equal(same.status, 201, same.text);
  });

  it('an overhead that differs from the class, or an overhead without one, is 403', async () => {
    const diff = await srv.request('POST', PODS, { body: pod('diff', { runtimeClassName: 'kata', overhead: { cpu: '1' } }) });
    assert.equal(diff.status, 403);
    assert.equal(diff.json().message, `pods "diff" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`);
    const none = await srv.request('POST', PODS, { body: pod('none', { runtimeClassName: 'plain', overhead: { cpu: '1' } }) });
    assert.equal(none.status, 403);
    assert.equal(none.json().message, 'pods "none" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    const noClass = await srv.request('POST', PODS, { body: pod('noclass', { overhead: { cpu: '1' } }) });
    assert.equal(noClass.status, 403);
  });

  it('a missing class is 403', async () => {
    const r = await srv.request('POST', PODS, { body: { metadata: { generateName: 'gen-' }, spec: { runtimeClassName: 'nope', containers: [{ name: 'c', image: 'i' }] } } });
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'pods "gen-" is forbidden: pod rejected: RuntimeClass "nope" not found');
  });

  it('scheduling: the node selector is merged (conflicts are 403) and tolerations merged', async () => {
    const r = await srv.request('POST', PODS, { body: pod('gv', { runtimeClassName: 'gvisor', nodeSelector: { zone: 'a' } }) });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().spec.nodeSelector, { zone: 'a', sandbox: 'gvisor' });
    // The pod's Exists:NoExecute covers nothing of NoSchedule: both stay (DefaultTolerationSeconds adds nothing: covered).
    assert.deepEqual(r.json().spec.tolerations, [{ operator: 'Exists', effect: 'NoExecute' }, { key: 'sandbox', operator: 'Equal', value: 'gvisor', effect: 'NoSchedule' }]);
    const conflict = await srv.request('POST', PODS, { body: pod('conflict', { runtimeClassName: 'gvisor', nodeSelector: { sandbox: 'kata' } }) });
    assert.equal(conflict.status, 403);
    assert.equal(conflict.json().message, 'pods "conflict" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata');
  });

  it('MergeTolerations keeps only supersets (upstream pkg/util/tolerations tests)', () => {
    const all = { operator: 'Exists' };
    const a = { key: 'a', operator: 'Exists', effect: 'NoSchedule' };
    const a5 = { key: 'a', operator: 'Equal', value: '5', effect: 'NoSchedule' };
    const b60 = { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    const b30 = { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 };
    assert.deepEqual(mergeTolerations([a5], [a]), [a]);
    assert.deepEqual(mergeTolerations([b30], [b60]), [b60]);
    assert.deepEqual(mergeTolerations([a, b60], [all]), [all]);
    assert.deepEqual(mergeTolerations([a, a], []), [a]);
  });
});
