// RBAC on two replicas sharing one real etcd: each keeps its own policy index from its own
// watch, so a grant or revocation written through one replica takes effect on the other.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { NO_ETCD, etcdBinary, startEtcd, type EtcdCluster } from '../support/etcd.js';
import { asUser, grantCluster, userSubject, writeTokenFile, type TokenUser } from '../support/rbac.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const skip = etcdBinary() ? false : NO_ETCD;
const dana: TokenUser = { name: 'dana', token: 'dana-token-0123456789', groups: [] };

describe('RBAC across etcd replicas', { skip }, () => {
  let etcd: EtcdCluster;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    etcd = await startEtcd();
    const dir = mkdtempSync(join(tmpdir(), 'skiff-rbac-replicas-'));
    const tokenAuthFile = writeTokenFile(dir, [dana]);
    const opts = { etcdServers: etcd.endpoints, tokenAuthFile, authorizationMode: ['RBAC'], controllers: [] as string[] };
    a = await startTestServer(opts);
    b = await startTestServer(opts);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await etcd?.stop();
  });

  it('a grant written through one replica authorizes on the other, and its removal revokes there', async () => {
    assert.equal((await asUser(b, dana, 'GET', '/api/v1/namespaces/default/configmaps')).status, 403);
    await grantCluster(a, 'cm-lister', [{ apiGroups: [''], resources: ['configmaps'], verbs: ['list'] }], [userSubject('dana')]);
    await eventually(async () => (await asUser(b, dana, 'GET', '/api/v1/namespaces/default/configmaps')).status === 200, 10_000, 'replica b authorizes dana');
    assert.equal((await a.request('DELETE', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/cm-lister')).status, 200);
    await eventually(async () => (await asUser(b, dana, 'GET', '/api/v1/namespaces/default/configmaps')).status === 403, 10_000, 'replica b revokes dana');
  });
});
