// The storage plugins end to end: DefaultStorageClass (upstream plugin/pkg/admission/storage/
// storageclass/setdefault, pkg/volume/util GetDefaultClass), StorageObjectInUseProtection
// (plugin/pkg/admission/storage/storageobjectinuseprotection) and PersistentVolumeClaimResize
// (plugin/pkg/admission/storage/persistentvolume/resize).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';

const SCS = '/apis/storage.k8s.io/v1/storageclasses';
const PVCS = '/api/v1/namespaces/st/persistentvolumeclaims';
const pvc = (name: string, spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
  metadata: { name, ...(annotations ? { annotations } : {}) },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});
const sc = (name: string, isDefault: boolean, extra: Record<string, unknown> = {}) => ({
  metadata: { name, ...(isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}) },
  provisioner: 'example.com/p',
  ...extra,
});

describe('storage admission plugins', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'st' } } });
  });
  after(() => srv.close());

  it('DefaultStorageClass: no default class leaves the claim alone', async () => {
    const r = await srv.request('POST', PVCS, { body: pvc('none') });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().spec.storageClassName, undefined);
  });

  it('DefaultStorageClass: a claim without a class gets the newest default; explicit classes (even "") and the beta annotation are kept', async () => {
    assert.equal((await srv.request('POST', SCS, { body: sc('plain', false) })).status, 201);
    assert.equal((await srv.request('POST', SCS, { body: sc('old-default', true) })).status, 201);
    // Creation timestamps have second precision: the next default is created a second later.
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal((await srv.request('POST', SCS, { body: sc('new-default', true, { allowVolumeExpansion: true }) })).status, 201);
    const r = await srv.request('POST', PVCS, { body: pvc('defaulted') });
    assert.equal(r.json().spec.storageClassName, 'new-default');
    const explicit = await srv.request('POST', PVCS, { body: pvc('explicit', { storageClassName: 'plain' }) });
    assert.equal(explicit.json().spec.storageClassName, 'plain');
    const empty = await srv.request('POST', PVCS, { body: pvc('empty', { storageClassName: '' }) });
    assert.equal(empty.json().spec.storageClassName, '');
    const beta = await srv.request('POST', PVCS, { body: pvc('beta', {}, { 'volume.beta.kubernetes.io/storage-class': 'plain' }) });
    assert.equal(beta.json().spec.storageClassName, undefined);
  });

  it('StorageObjectInUseProtection: claims and volumes get their protection finalizer once', async () => {
    const r = await srv.request('POST', PVCS, { body: { ...pvc('fin'), metadata: { name: 'fin', finalizers: ['example.com/mine'] } } });
    assert.deepEqual(r.json().metadata.finalizers, ['example.com/mine', 'kubernetes.io/pvc-protection']);
    const again = await srv.request('POST', PVCS, { body: { ...pvc('fin2'), metadata: { name: 'fin2', finalizers: ['kubernetes.io/pvc-protection'] } } });
    assert.deepEqual(again.json().metadata.finalizers, ['kubernetes.io/pvc-protection']);
    const pv = await srv.request('POST', '/api/v1/persistentvolumes', {
      body: { metadata: { name: 'pv1' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } } },
    });
    assert.equal(pv.status, 201, pv.text);
    assert.deepEqual(pv.json().metadata.finalizers, ['kubernetes.io/pv-protection']);
  });

  const grow = async (name: string, size: string) => {
    const cur = (await srv.request('GET', `${PVCS}/${name}`)).json();
    return srv.request('PUT', `${PVCS}/${name}`, { body: { ...cur, spec: { ...cur.spec, resources: { requests: { storage: size } } } } });
  };
  const bind = async (name: string) => {
    const cur = (await srv.request('GET', `${PVCS}/${name}`)).json();
    const r = await srv.request('PUT', `${PVCS}/${name}/status`, { body: { ...cur, status: { phase: 'Bound', capacity: { storage: '1Gi' } } } });
    assert.equal(r.status, 200, r.text);
  };

  it('PersistentVolumeClaimResize: only bound claims of a class that allows expansion may grow', async () => {
    // An unbound claim's spec is immutable: validation (422) answers before admission, as upstream.
    const unbound = await grow('defaulted', '2Gi');
    assert.equal(unbound.status, 422, unbound.text);
    await bind('defaulted');
    const ok = await grow('defaulted', '2Gi');
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json().spec.resources.requests.storage, '2Gi');
    await bind('explicit');
    const refused = await grow('explicit', '2Gi');
    assert.equal(refused.status, 403);
    assert.equal(refused.json().message, 'persistentvolumeclaims "explicit" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
    // Same size (another spelling) is no expansion.
    const same = await grow('explicit', '1024Mi');
    assert.notEqual(same.status, 403, same.text);
  });
});
