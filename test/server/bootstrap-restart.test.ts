// The default objects on a SQLite data dir: the first start writes them (system namespaces,
// the kubernetes Service and ServiceCIDR, system PriorityClasses, RBAC and APF defaults);
// a restart finds them in place and writes nothing before it is ready (upstream's
// bootstrap controller and post-start hooks only create what is missing:
// pkg/controlplane/controller/kubernetesservice, pkg/registry/scheduling/rest/storage_scheduling.go,
// pkg/registry/rbac/rest/storage_rbac.go).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startTestServer } from '../support/server.js';

describe('default objects across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-bootstrap-restart-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are written by the first start and left alone by the next', async () => {
    // No controllers: nothing but the start itself writes.
    const first = await startTestServer({ dataDir, controllers: [] });
    const afterFirst = await first.store.currentRevision();
    for (const path of [
      '/api/v1/namespaces/kube-system',
      '/api/v1/namespaces/default/services/kubernetes',
      '/apis/networking.k8s.io/v1/servicecidrs/kubernetes',
      '/apis/scheduling.k8s.io/v1/priorityclasses/system-node-critical',
      '/apis/rbac.authorization.k8s.io/v1/clusterroles/cluster-admin',
      '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/exempt',
    ]) {
      assert.equal((await first.request('GET', path)).status, 200, path);
    }
    assert.ok(afterFirst > 100, `the defaults are written on the first start (revision ${afterFirst})`);
    await first.stop();

    const second = await startTestServer({ dataDir, controllers: [] });
    try {
      assert.equal(await second.store.currentRevision(), afterFirst);
      assert.equal((await second.request('GET', '/api/v1/namespaces/default/services/kubernetes')).status, 200);
      const ready = await second.request('GET', '/readyz');
      assert.equal(ready.status, 200);
    } finally {
      await second.stop();
    }
  });

  it('a deleted default object is created again at the next start', async () => {
    const first = await startTestServer({ dataDir, controllers: [] });
    assert.equal((await first.request('DELETE', '/api/v1/namespaces/default/services/kubernetes')).status, 200);
    assert.equal((await first.request('GET', '/api/v1/namespaces/default/services/kubernetes')).status, 404);
    await first.stop();
    const second = await startTestServer({ dataDir, controllers: [] });
    try {
      const svc = await second.request('GET', '/api/v1/namespaces/default/services/kubernetes');
      assert.equal(svc.status, 200);
      assert.equal(svc.json().spec.clusterIP, '10.0.0.1');
    } finally {
      await second.stop();
    }
  });
});
