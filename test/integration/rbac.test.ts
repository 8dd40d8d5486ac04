// The RBAC mode end to end (upstream plugin/pkg/auth/authorizer/rbac/rbac.go,
// pkg/registry/rbac/*/policybased/storage.go, pkg/registry/rbac/validation/rule.go):
// token-file users with no grants are refused with upstream's 403s; role and binding
// grants take effect through the watch-fed index; escalation is refused with upstream's
// message unless `escalate`/`bind` is held; kubectl auth can-i / --list / reconcile.

import assert from 'node:assert/strict';
import { csrPem } from '../support/csr.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import {
  adminCreate, asUser, binding, createDiscoveryRoles, grantCluster, role, userKubeconfig, userSubject, waitForAccess, writeTokenFile, type TokenUser,
} from '../support/rbac.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const RBAC = '/apis/rbac.authorization.k8s.io/v1';
const alice: TokenUser = { name: 'alice', token: 'alice-token-0123456789', groups: ['devs'] };
const bob: TokenUser = { name: 'bob', token: 'bob-token-0123456789', groups: [] };
const carol: TokenUser = { name: 'carol', token: 'carol-token-0123456789', groups: [] };

describe('RBAC authorization', () => {
  let srv: TestServer;
  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skiff-rbac-'));
    srv = await startTestServer({
      dataDir: dir,
      tokenAuthFile: writeTokenFile(dir, [alice, bob, carol]),
      authorizationMode: ['RBAC'],
      featureGates: { AllowUnsafeMalformedObjectDeletion: true },
    });
    await createDiscoveryRoles(srv);
  });
  after(async () => {
    await srv?.close();
  });

  it('refuses a user with no grants with upstream 403 messages; system:masters passes without any binding', async () => {
    const list = await asUser(srv, alice, 'GET', '/api/v1/namespaces/default/pods');
    assert.equal(list.status, 403);
    assert.deepEqual(list.json(), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "default"',
      reason: 'Forbidden', details: { kind: 'pods' }, code: 403,
    });
    const get = await asUser(srv, alice, 'GET', '/apis/apps/v1/namespaces/default/deployments/web/scale');
    assert.equal(get.json().message, 'deployments.apps "web" is forbidden: User "alice" cannot get resource "deployments/scale" in API group "apps" in the namespace "default"');
    const cluster = await asUser(srv, alice, 'GET', '/api/v1/nodes');
    assert.equal(cluster.json().message, 'nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope');
    // system:discovery is bound to system:authenticated only (system:public-info-viewer lets anonymous read health and version).
    const anon = await srv.request('GET', '/api', { auth: false });
    assert.equal(anon.status, 403);
    assert.equal(anon.json().message, 'forbidden: User "system:anonymous" cannot get path "/api"');
    // The admin certificate is in system:masters: no binding exists for it, yet it may do anything.
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/secrets')).status, 200);
  });

  it('grants through a RoleBinding in its namespace only, and says which binding allowed', async () => {
    await adminCreate(srv, `${RBAC}/namespaces/default/roles`, role('default', 'pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }]));
    await adminCreate(srv, `${RBAC}/namespaces/default/rolebindings`, binding('RoleBinding', 'read-pods', 'Role', 'pod-reader', [userSubject('alice')], 'default'));
    await eventually(async () => (await asUser(srv, alice, 'GET', '/api/v1/namespaces/default/pods')).status === 200, 15_000, 'alice lists pods');
    assert.equal((await asUser(srv, alice, 'GET', '/api/v1/namespaces/kube-system/pods')).status, 403);
    assert.equal((await asUser(srv, alice, 'GET', '/api/v1/pods')).status, 403);
    const ssar = await asUser(srv, alice, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { namespace: 'default', verb: 'watch', resource: 'pods' } } },
    });
    assert.equal(ssar.status, 201, ssar.text);
    assert.deepEqual(ssar.json().status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "read-pods/default" of Role "pod-reader" to User "alice"' });
  });

  it('matches subresources, */subresource wildcards, resourceNames and non-resource URL prefixes as upstream', async () => {
    await grantCluster(srv, 'matching', [
      { apiGroups: [''], resources: ['pods/status'], verbs: ['get'] },
      { apiGroups: ['*'], resources: ['*/scale'], verbs: ['update'] },
      { apiGroups: [''], resources: ['configmaps'], resourceNames: ['cm1'], verbs: ['get', 'list', 'watch', 'create', 'deletecollection'] },
      { nonResourceURLs: ['/logs/*'], verbs: ['get'] },
    ], [userSubject('carol')]);
    const can = async (attrs: Record<string, string>) => {
      const r = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
        body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'carol', groups: ['system:authenticated'], ...(attrs.path ? { nonResourceAttributes: attrs } : { resourceAttributes: attrs }) } },
      });
      return r.json().status.allowed as boolean;
    };
    await waitForAccess(srv, 'carol', [], { verb: 'get', resource: 'pods', subresource: 'status', name: 'p', namespace: 'x' });
    assert.equal(await can({ verb: 'get', resource: 'pods', name: 'p', namespace: 'x' }), false);
    assert.equal(await can({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', name: 'd', namespace: 'x' }), true);
    assert.equal(await can({ verb: 'update', group: 'apps', resource: 'deployments', name: 'd', namespace: 'x' }), false);
    assert.equal(await can({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'status', name: 'd', namespace: 'x' }), false);
    assert.equal(await can({ verb: 'get', resource: 'configmaps', name: 'cm1', namespace: 'x' }), true);
    assert.equal(await can({ verb: 'get', resource: 'configmaps', name: 'cm2', namespace: 'x' }), false);
    // A named rule never covers requests without a name: create and deletecollection carry none.
    assert.equal(await can({ verb: 'create', resource: 'configmaps', namespace: 'x' }), false);
    assert.equal(await can({ verb: 'deletecollection', resource: 'configmaps', namespace: 'x' }), false);
    assert.equal(await can({ path: '/logs/kube.log', verb: 'get' }), true);
    assert.equal(await can({ path: '/logs', verb: 'get' }), false);
    // A list or watch narrowed to one name by fieldSelector is authorized with that name.
    assert.equal((await asUser(srv, carol, 'GET', '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Dcm1')).status, 200);
    assert.equal((await asUser(srv, carol, 'GET', '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Dcm2')).status, 403);
    assert.equal((await asUser(srv, carol, 'GET', '/api/v1/namespaces/default/configmaps')).status, 403);
  });

  it('prevents escalation: roles need the permissions or escalate, bindings need them or bind; roleRef is immutable', async () => {
    await grantCluster(srv, 'rbac-writer', [
      { apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles', 'rolebindings'], verbs: ['create', 'update', 'get', 'patch'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get'] },
    ], [userSubject('bob')]);
    await waitForAccess(srv, 'bob', [], { verb: 'create', group: 'rbac.authorization.k8s.io', resource: 'roles', namespace: 'default' });
    const groups = '["system:authenticated"]';

    const secretRole = role('default', 'secret-reader', [{ apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list'] }]);
    const refused = await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/roles`, { body: secretRole });
    assert.equal(refused.status, 403, refused.text);
    assert.deepEqual(refused.json(), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: `roles.rbac.authorization.k8s.io "secret-reader" is forbidden: user "bob" (groups=${groups}) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}`,
      reason: 'Forbidden', details: { name: 'secret-reader', group: 'rbac.authorization.k8s.io', kind: 'roles' }, code: 403,
    });
    // What bob holds, he may hand out.
    const cmRole = role('default', 'cm-reader', [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }]);
    assert.equal((await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/roles`, { body: cmRole })).status, 201);

    await grantCluster(srv, 'role-escalator', [{ apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['escalate'] }], [userSubject('bob')]);
    await waitForAccess(srv, 'bob', [], { verb: 'escalate', group: 'rbac.authorization.k8s.io', resource: 'roles', namespace: 'default' });
    const created = await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/roles`, { body: secretRole });
    assert.equal(created.status, 201, created.text);

    const secretBinding = binding('RoleBinding', 'read-secrets', 'Role', 'secret-reader', [userSubject('carol')], 'default');
    const noBind = await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/rolebindings`, { body: secretBinding });
    assert.equal(noBind.status, 403);
    assert.equal(noBind.json().message, `rolebindings.rbac.authorization.k8s.io "read-secrets" is forbidden: user "bob" (groups=${groups}) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}`);
    const missing = await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/rolebindings`, { body: binding('RoleBinding', 'ghost', 'Role', 'no-such-role', [userSubject('carol')], 'default') });
    assert.equal(missing.json().message, 'rolebindings.rbac.authorization.k8s.io "ghost" is forbidden: roles.rbac.authorization.k8s.io "no-such-role" not found');
    // Binding a role bob holds the permissions of is fine.
    assert.equal((await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/rolebindings`, { body: binding('RoleBinding', 'read-cms', 'Role', 'cm-reader', [userSubject('carol')], 'default') })).status, 201);

    await grantCluster(srv, 'secret-binder', [{ apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['bind'], resourceNames: ['secret-reader'] }], [userSubject('bob')]);
    await waitForAccess(srv, 'bob', [], { verb: 'bind', group: 'rbac.authorization.k8s.io', resource: 'roles', name: 'secret-reader', namespace: 'default' });
    const bound = await asUser(srv, bob, 'POST', `${RBAC}/namespaces/default/rolebindings`, { body: secretBinding });
    assert.equal(bound.status, 201, bound.text);
    await eventually(async () => (await asUser(srv, carol, 'GET', '/api/v1/namespaces/default/secrets')).status === 200, 15_000, 'carol lists secrets');

    const current = bound.json();
    const changed = await srv.request('PUT', `${RBAC}/namespaces/default/rolebindings/read-secrets`, {
      body: { ...current, roleRef: { ...current.roleRef, name: 'cm-reader' } },
    });
    assert.equal(changed.status, 422, changed.text);
    assert.match(changed.json().message, /roleRef: Invalid value: .*cannot change roleRef/);
  });

  it('checks unsafe-delete-ignore-read-errors for deletes that ignore store read errors', async () => {
    await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'c1' } } });
    await grantCluster(srv, 'cm-deleter', [{ apiGroups: [''], resources: ['configmaps'], verbs: ['delete'] }], [userSubject('alice')]);
    await waitForAccess(srv, 'alice', ['devs'], { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'c1' });
    const r = await asUser(srv, alice, 'DELETE', '/api/v1/namespaces/default/configmaps/c1', { body: { ignoreStoreReadErrorWithClusterBreakingPotential: true } });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().message, 'configmaps "c1" is forbidden: not permitted to do "unsafe-delete-ignore-read-errors", reason: ');
    // The admin may; the object is readable, so the unsafe delete itself is refused by validation.
    const admin = await srv.request('DELETE', '/api/v1/namespaces/default/configmaps/c1', { body: { ignoreStoreReadErrorWithClusterBreakingPotential: true } });
    assert.equal(admin.status, 422, admin.text);
  });

  it('needs approve, sign and attest on the signer for CSR approval, signing and trust bundles', async () => {
    const CSRS = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
    const csr = await adminCreate(srv, CSRS, {
      apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'c1' },
      spec: { request: Buffer.from(await csrPem('CN=c1')).toString('base64'), signerName: 'example.com/signer', usages: ['client auth'] },
    });
    await grantCluster(srv, 'csr-approver', [
      { apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], verbs: ['update'] },
    ], [userSubject('carol')]);
    await waitForAccess(srv, 'carol', [], { verb: 'update', group: 'certificates.k8s.io', resource: 'certificatesigningrequests', subresource: 'approval', name: 'c1' });
    const approved = { ...csr, status: { conditions: [{ type: 'Approved', status: 'True', reason: 'Test', message: 'ok' }] } };
    const refused = await asUser(srv, carol, 'PUT', `${CSRS}/c1/approval`, { body: approved });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.json().message, 'certificatesigningrequests.certificates.k8s.io "c1" is forbidden: user not permitted to approve requests with signerName "example.com/signer"');
    await grantCluster(srv, 'signer-approver', [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }], [userSubject('carol')]);
    await waitForAccess(srv, 'carol', [], { verb: 'approve', group: 'certificates.k8s.io', resource: 'signers', name: 'example.com/*' });
    const ok = await asUser(srv, carol, 'PUT', `${CSRS}/c1/approval`, { body: approved });
    assert.equal(ok.status, 200, ok.text);
    const signed = { ...ok.json(), status: { ...ok.json().status, certificate: Buffer.from('cert').toString('base64') } };
    const noSign = await asUser(srv, carol, 'PUT', `${CSRS}/c1/status`, { body: signed });
    assert.equal(noSign.status, 403, noSign.text);
    assert.equal(noSign.json().message, 'certificatesigningrequests.certificates.k8s.io "c1" is forbidden: user not permitted to sign requests with signerName "example.com/signer"');
  });

  it('answers kubectl auth can-i and can-i --list as the user, as a cluster does', async () => {
    const kc = await userKubeconfig(srv, alice);
    const yes = await kubectl(kc, ['auth', 'can-i', 'list', 'pods', '-n', 'default']);
    assert.equal(yes.stdout.trim(), 'yes', yes.stderr);
    assert.equal(yes.code, 0);
    const no = await kubectl(kc, ['auth', 'can-i', 'get', 'secrets', '-n', 'default']);
    assert.equal(no.stdout.trim(), 'no');
    assert.equal(no.code, 1);
    const list = await kubectl(kc, ['auth', 'can-i', '--list', '-n', 'default']);
    assert.equal(list.code, 0, list.stderr);
    const lines = list.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/);
    assert.ok(lines.some((l) => /^pods\s+\[\]\s+\[\]\s+\[get list watch\]$/.test(l)), list.stdout);
    assert.ok(lines.some((l) => /^configmaps\s+\[\]\s+\[\]\s+\[delete\]$/.test(l)), list.stdout);
    assert.ok(lines.some((l) => /^selfsubjectrulesreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/.test(l)), list.stdout);
    assert.ok(lines.some((l) => /^\s+\[\/version\]\s+\[\]\s+\[get\]$/.test(l)), list.stdout);
    assert.ok(!lines.some((l) => /^secrets/.test(l)), list.stdout);
    // The rules review itself.
    const ssrr = await asUser(srv, alice, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'kube-system' } },
    });
    assert.equal(ssrr.status, 201);
    assert.equal(ssrr.json().status.incomplete, false);
    assert.ok(!ssrr.json().status.resourceRules.some((r: any) => r.resources.includes('pods')), 'the default-namespace Role does not apply in kube-system');
  });

  it('kubectl auth reconcile creates and extends roles and bindings through ordinary writes', async () => {
    const file = join(srv.dataDir, 'reconcile.yaml');
    const doc = (verbs: string[]) => `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: reconciled
rules:
- apiGroups: [""]
  resources: ["services"]
  verbs: [${verbs.map((v) => JSON.stringify(v)).join(', ')}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: reconciled
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: reconciled
subjects:
- kind: User
  apiGroup: rbac.authorization.k8s.io
  name: carol
`;
    writeFileSync(file, doc(['get']));
    const first = await kubectl(srv.kubeconfig, ['auth', 'reconcile', '-f', file]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /clusterrole\.rbac\.authorization\.k8s\.io\/reconciled reconciled/);
    writeFileSync(file, doc(['get', 'list']));
    const second = await kubectl(srv.kubeconfig, ['auth', 'reconcile', '-f', file]);
    assert.equal(second.code, 0, second.stderr);
    const cr = (await srv.request('GET', `${RBAC}/clusterroles/reconciled`)).json();
    // Reconcile keeps the existing rule and adds what it misses.
    assert.deepEqual(cr.rules, [
      { apiGroups: [''], resources: ['services'], verbs: ['get'] },
      { apiGroups: [''], resources: ['services'], verbs: ['list'] },
    ]);
    await waitForAccess(srv, 'carol', [], { verb: 'list', resource: 'services', namespace: 'default' });
    // bob may not reconcile a role granting what he does not hold.
    const bobKc = await userKubeconfig(srv, bob);
    const denied = await kubectl(bobKc, ['auth', 'reconcile', '-f', file]);
    assert.notEqual(denied.code, 0);
    assert.match(denied.stderr, /forbidden/);
  });

  it('reacts to deleted bindings and roles', async () => {
    await srv.request('DELETE', `${RBAC}/namespaces/default/rolebindings/read-pods`);
    await eventually(async () => (await asUser(srv, alice, 'GET', '/api/v1/namespaces/default/pods')).status === 403, 15_000, 'alice loses pods');
    await srv.request('DELETE', `${RBAC}/clusterroles/matching`);
    await waitForAccess(srv, 'carol', [], { verb: 'get', resource: 'pods', subresource: 'status', name: 'p', namespace: 'x' }, false);
    const sar = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'carol', resourceAttributes: { verb: 'get', resource: 'pods', subresource: 'status', namespace: 'x' } } },
    });
    assert.equal(sar.json().status.reason, 'RBAC: clusterrole.rbac.authorization.k8s.io "matching" not found');
  });
});
