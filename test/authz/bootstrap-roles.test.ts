// The rbac/bootstrap-roles post-start hook on a real server and SQLite store
// (upstream pkg/registry/rbac/rest/storage_rbac.go PostStartHook).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBootstrapPolicy } from '../../src/authz/bootstrappolicy/ensure.js';
import { createLogger } from '../../src/util/log.js';
import { startTestServer } from '../support/server.js';

const CR = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
const CRB = '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings';
const RB = '/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings';

test('default policy is created at start, reconciled at restart, and a reconciled restart writes nothing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-rbac-'));
  try {
    let srv = await startTestServer({ dataDir, controllers: [] });
    try {
      const ready = await srv.request('GET', '/readyz?verbose', { auth: false });
      assert.match(ready.text, /\[\+\]poststarthook\/rbac\/bootstrap-roles ok/);
      const list = (await srv.request('GET', `${CR}?labelSelector=kubernetes.io%2Fbootstrapping%3Drbac-defaults`)).json();
      assert.equal(list.items.length, 68);
      const crb = (await srv.request('GET', `${CRB}/system:public-info-viewer`)).json();
      assert.deepEqual(crb.subjects.map((s: any) => s.name), ['system:authenticated', 'system:unauthenticated']);
      assert.equal(crb.metadata.managedFields[0].manager, 'kube-apiserver');
      assert.equal((await srv.request('GET', `${RB}/system::leader-locking-kube-scheduler`)).status, 200);

      // What a cluster admin might do between restarts.
      assert.equal((await srv.request('DELETE', `${CR}/system:node-proxier`)).status, 200);
      const discovery = (await srv.request('GET', `${CR}/system:discovery`)).json();
      discovery.rules[0].nonResourceURLs = ['/api'];
      discovery.rules.push({ verbs: ['get'], nonResourceURLs: ['/custom'] });
      assert.equal((await srv.request('PUT', `${CR}/system:discovery`, { body: discovery })).status, 200);
      const dns = (await srv.request('GET', `${CR}/system:kube-dns`)).json();
      dns.metadata.annotations['rbac.authorization.kubernetes.io/autoupdate'] = 'false';
      dns.rules = [{ verbs: ['get'], apiGroups: [''], resources: ['services'] }];
      assert.equal((await srv.request('PUT', `${CR}/system:kube-dns`, { body: dns })).status, 200);
      // A default binding re-made by hand to another role: restored to its role, keeping the hand-added subject.
      assert.equal((await srv.request('DELETE', `${CRB}/system:monitoring`)).status, 200);
      const remade = await srv.request('POST', CRB, {
        body: { metadata: { name: 'system:monitoring' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bob' }] },
      });
      assert.equal(remade.status, 201, remade.text);
      crb.subjects = [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' }];
      delete crb.metadata.managedFields;
      assert.equal((await srv.request('PUT', `${CRB}/system:public-info-viewer`, { body: crb })).status, 200);
    } finally {
      await srv.stop();
    }

    srv = await startTestServer({ dataDir, controllers: [] });
    let versions: Map<string, string>;
    try {
      assert.equal((await srv.request('GET', `${CR}/system:node-proxier`)).status, 200, 'a deleted default role is created again');
      const discovery = (await srv.request('GET', `${CR}/system:discovery`)).json();
      const granted = new Set(discovery.rules.flatMap((r: any) => r.nonResourceURLs));
      for (const u of ['/api', '/custom', '/apis', '/version', '/openapi/*']) assert.ok(granted.has(u), `system:discovery grants ${u}`);
      const dns = (await srv.request('GET', `${CR}/system:kube-dns`)).json();
      assert.deepEqual(dns.rules, [{ verbs: ['get'], apiGroups: [''], resources: ['services'] }], 'autoupdate=false is left alone');
      const crb = (await srv.request('GET', `${CRB}/system:public-info-viewer`)).json();
      assert.deepEqual(crb.subjects.map((s: any) => s.name), ['alice', 'system:authenticated', 'system:unauthenticated']);
      const monitoring = (await srv.request('GET', `${CRB}/system:monitoring`)).json();
      assert.equal(monitoring.roleRef.name, 'system:monitoring');
      assert.deepEqual(monitoring.subjects.map((s: any) => s.name), ['bob', 'system:monitoring']);
      assert.equal(monitoring.metadata.labels['kubernetes.io/bootstrapping'], 'rbac-defaults');
      assert.deepEqual(await ensureBootstrapPolicy(srv.registry), { created: [], updated: [] });
      versions = await rbacVersions(srv);
    } finally {
      await srv.stop();
    }

    srv = await startTestServer({ dataDir, controllers: [] });
    try {
      assert.deepEqual(await rbacVersions(srv), versions, 'a third start rewrote nothing');
    } finally {
      await srv.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// Upstream's RoleModifier/RoleBindingModifier.Create (pkg/registry/rbac/reconciliation,
// tryEnsureNamespace) create a missing namespace first: the roles in kube-public do not wait
// for the bootstrap controller's namespaces, so a first start needs no retry.
test('a first start creates the roles in kube-public without waiting for the namespace hook', async () => {
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'skiff-rbac-first-'));
    const lines: string[] = [];
    const logger = createLogger({ verbosity: 2, stream: { write: (line: string) => (lines.push(line), true) } });
    try {
      const srv = await startTestServer({ dataDir, controllers: [], logger });
      try {
        const role = await srv.request('GET', '/apis/rbac.authorization.k8s.io/v1/namespaces/kube-public/roles/system:controller:bootstrap-signer');
        assert.equal(role.status, 200, role.text);
        assert.equal((await srv.request('GET', '/api/v1/namespaces/kube-public')).status, 200);
      } finally {
        await srv.stop();
      }
      assert.deepEqual(lines.filter((l) => /bootstrap attempt failed|post-start hook failed/.test(l)), [], `start ${i + 1}`);
      assert.ok(lines.some((l) => /skiff is ready/.test(l)), 'the logger saw the start');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
});

async function rbacVersions(srv: Awaited<ReturnType<typeof startTestServer>>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const plural of ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings']) {
    for (const o of (await srv.request('GET', `/apis/rbac.authorization.k8s.io/v1/${plural}`)).json().items) {
      out.set(`${plural}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o.metadata.resourceVersion);
    }
  }
  assert.ok(out.size >= 131);
  return out;
}
