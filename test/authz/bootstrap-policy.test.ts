import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapPolicy, AUTOUPDATE_ANNOTATION, BOOTSTRAPPING_LABEL } from '../../src/authz/bootstrappolicy/index.js';
import { normalizedPolicyObject, policyDigest, policyKey } from './policy-digest.js';
import { UPSTREAM_POLICY_DIGESTS } from './upstream-policy-digests.js';

const all = () => {
  const p = bootstrapPolicy();
  return [...p.clusterRoles, ...p.clusterRoleBindings, ...p.roles, ...p.roleBindings];
};

test('default policy equals upstream bootstrappolicy testdata (cluster-roles, controller-roles, namespace-roles and their bindings), object by object', () => {
  const upstream = new Map(UPSTREAM_POLICY_DIGESTS);
  const ours = new Map(all().map((o) => [policyKey(o), o]));
  const missing = [...upstream.keys()].filter((k) => !ours.has(k));
  const extra = [...ours.keys()].filter((k) => !upstream.has(k));
  const differ = [...ours].filter(([k, o]) => upstream.has(k) && upstream.get(k) !== policyDigest(o)).map(([k, o]) => `${k}: ${normalizedPolicyObject(o)}`);
  assert.deepEqual({ missing, extra, differ }, { missing: [], extra: [], differ: [] });
  assert.equal(ours.size, 131);
});

test('the digest notices a dropped rule, an extra verb and a lost subject', () => {
  const p = bootstrapPolicy();
  const upstream = new Map(UPSTREAM_POLICY_DIGESTS);
  const node = p.clusterRoles.find((r) => r.metadata.name === 'system:node')!;
  node.rules.pop();
  assert.notEqual(policyDigest(node), upstream.get(policyKey(node)));
  const view = p.clusterRoles.find((r) => r.metadata.name === 'system:aggregate-to-view')!;
  view.rules[0].verbs.push('delete');
  assert.notEqual(policyDigest(view), upstream.get(policyKey(view)));
  const piv = p.clusterRoleBindings.find((r) => r.metadata.name === 'system:public-info-viewer')!;
  piv.subjects.pop();
  assert.notEqual(policyDigest(piv), upstream.get(policyKey(piv)));
});

test('every default object is labelled rbac-defaults and annotated autoupdate=true', () => {
  for (const o of all()) {
    assert.equal(o.metadata.labels[BOOTSTRAPPING_LABEL], 'rbac-defaults', policyKey(o));
    assert.equal(o.metadata.annotations[AUTOUPDATE_ANNOTATION], 'true', policyKey(o));
  }
});

test('admin, edit and view are aggregated from their aggregate-to labels; edit feeds admin and view feeds edit', () => {
  const roles = new Map(bootstrapPolicy().clusterRoles.map((r) => [r.metadata.name, r]));
  for (const n of ['admin', 'edit', 'view']) {
    assert.deepEqual(roles.get(n)!.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { [`rbac.authorization.k8s.io/aggregate-to-${n}`]: 'true' } }] });
    assert.equal(roles.get(n)!.rules, undefined);
  }
  assert.equal(roles.get('edit')!.metadata.labels['rbac.authorization.k8s.io/aggregate-to-admin'], 'true');
  assert.equal(roles.get('view')!.metadata.labels['rbac.authorization.k8s.io/aggregate-to-edit'], 'true');
});

test('every system:controller: role is bound to its kube-system service account', () => {
  const p = bootstrapPolicy();
  const bindings = new Map(p.clusterRoleBindings.map((b) => [b.metadata.name, b]));
  const controllers = p.clusterRoles.filter((r) => r.metadata.name.startsWith('system:controller:'));
  assert.ok(controllers.length >= 35);
  for (const r of controllers) {
    const b = bindings.get(r.metadata.name)!;
    assert.deepEqual(b.roleRef, { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: r.metadata.name });
    assert.deepEqual(b.subjects, [{ kind: 'ServiceAccount', name: r.metadata.name.slice('system:controller:'.length), namespace: 'kube-system' }]);
  }
});
