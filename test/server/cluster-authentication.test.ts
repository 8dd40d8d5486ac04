// kube-system/extension-apiserver-authentication, as upstream's clusterauthenticationtrust
// controller keeps it (pkg/controlplane/controller/clusterauthenticationtrust): the client CA
// kube-apiserver trusts, published at every start; changed data is put back and a deleted
// ConfigMap is created again, and a start that finds it as it should be does not write it.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer } from '../../src/app.js';
import { AUTHENTICATION_CONFIGMAP, ClusterAuthenticationPublisher, LEGACY_TOKEN_TRACKING_CONFIGMAP } from '../../src/server/cluster-authentication.js';
import { createLogger } from '../../src/util/log.js';
import { withTestServer } from '../support/server.js';

const quiet = createLogger({ verbosity: 0, stream: { write: () => true } });

const PATH = '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication';

describe('the extension-apiserver-authentication ConfigMap', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-cluster-authn-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('holds the client CA; a restart leaves it untouched, changed data is put back, a deleted one comes back', async () => {
    const opts = { dataDir, controllers: [] };
    const { clientCa, resourceVersion } = await withTestServer(opts, async (first) => {
      const cm = (await first.request('GET', PATH)).json();
      assert.match(cm.data['client-ca-file'], /^-----BEGIN CERTIFICATE-----/);
      return { clientCa: cm.data['client-ca-file'] as string, resourceVersion: cm.metadata.resourceVersion as string };
    });
    await withTestServer(opts, async (second) => {
      const cm = (await second.request('GET', PATH)).json();
      assert.equal(cm.metadata.resourceVersion, resourceVersion, 'not written by the restart');
      const put = await second.request('PUT', PATH, { body: { ...cm, data: { 'client-ca-file': 'not a CA' } } });
      assert.equal(put.status, 200, put.text);
    });
    await withTestServer(opts, async (third) => {
      assert.equal((await third.request('GET', PATH)).json().data['client-ca-file'], clientCa);
      assert.equal((await third.request('DELETE', PATH)).status, 200);
    });
    await withTestServer(opts, async (fourth) => {
      const cm = await fourth.request('GET', PATH);
      assert.equal(cm.status, 200);
      assert.equal(cm.json().data['client-ca-file'], clientCa);
    });
  });
});

describe('publishers racing to create the ConfigMaps (replicas starting together)', () => {
  it('both succeed: the one whose create loses reads again and finds the data in place', async () => {
    const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', controllers: [], logger: quiet });
    try {
      const scope = { served: srv.registry.catalog.lookup('', 'v1', 'configmaps')!, namespace: 'kube-system' };
      for (const name of [AUTHENTICATION_CONFIGMAP, LEGACY_TOKEN_TRACKING_CONFIGMAP]) await srv.registry.delete(scope, name, { dryRun: false });
      const info = { clientCaPem: srv.caPem };
      const publishers = [0, 1].map(() => new ClusterAuthenticationPublisher(srv.registry, info, quiet));
      await Promise.all(publishers.map((p) => p.sync()));
      const published = (await srv.registry.get(scope, AUTHENTICATION_CONFIGMAP)) as { data: Record<string, string> };
      assert.equal(published.data['client-ca-file'], srv.caPem);
      const tracking = (await srv.registry.get(scope, LEGACY_TOKEN_TRACKING_CONFIGMAP)) as { data: Record<string, string> };
      assert.match(tracking.data.since!, /^\d{4}-\d\d-\d\d$/);
    } finally {
      await srv.stop();
    }
  });
});
