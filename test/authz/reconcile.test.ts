// Reconciliation of default roles and bindings, as upstream pkg/registry/rbac/reconciliation
// (reconcile_role.go, reconcile_rolebindings.go) and validation.Covers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { uncoveredRules } from '../../src/authz/bootstrappolicy/covers.js';
import { reconcileBinding, reconcileRole } from '../../src/authz/bootstrappolicy/reconcile.js';
import { rule, urls } from '../../src/authz/bootstrappolicy/rule.js';

const role = (rules: unknown[], annotations: Record<string, string> = {}, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'r', labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true', ...annotations } },
  rules,
  ...extra,
});

test('Covers: wildcards, */subresource, resource names and URL prefixes', () => {
  assert.deepEqual(uncoveredRules([rule(['*'], ['*'], ['*'])], [rule(['get', 'delete'], ['apps'], ['deployments/scale'])]), []);
  assert.deepEqual(uncoveredRules([rule(['get'], ['*'], ['*/scale'])], [rule(['get'], ['apps'], ['deployments/scale'])]), []);
  assert.deepEqual(uncoveredRules([rule(['get'], ['*'], ['*/scale'])], [rule(['get'], ['apps'], ['deployments'])]), [
    { verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'] },
  ]);
  // A rule restricted to names does not cover an unrestricted one; an unrestricted one covers any name.
  assert.equal(uncoveredRules([rule(['get'], [''], ['configmaps'], ['a'])], [rule(['get'], [''], ['configmaps'])]).length, 1);
  assert.deepEqual(uncoveredRules([rule(['get'], [''], ['configmaps'])], [rule(['get'], [''], ['configmaps'], ['a', 'b'])]), []);
  assert.deepEqual(uncoveredRules([urls(['get'], ['/healthz/*'])], [urls(['get'], ['/healthz/etcd'])]), []);
  assert.deepEqual(uncoveredRules([urls(['get'], ['/healthz'])], [urls(['get', 'post'], ['/healthz'])]), [{ verbs: ['post'], nonResourceURLs: ['/healthz'] }]);
});

test('a role missing permissions gains them, broken down, after its own rules (which are kept)', () => {
  const userRule = rule(['get'], ['example.com'], ['widgets']);
  const r = reconcileRole(role([userRule, rule(['get'], [''], ['pods'])]), role([rule(['get', 'list'], [''], ['pods'])]));
  assert.equal(r.operation, 'update');
  assert.deepEqual(r.obj.rules, [userRule, rule(['get'], [''], ['pods']), { verbs: ['list'], apiGroups: [''], resources: ['pods'] }]);
});

test('nothing to do when existing rules cover the expected ones; labels and annotations the user set win', () => {
  const existing = role([rule(['*'], [''], ['pods'])], { 'rbac.authorization.kubernetes.io/autoupdate': 'true', note: 'mine' });
  existing.metadata.labels['kubernetes.io/bootstrapping'] = 'custom';
  const r = reconcileRole(existing, role([rule(['get'], [''], ['pods'])]));
  assert.equal(r.operation, 'none');
  assert.equal(r.obj.metadata.labels['kubernetes.io/bootstrapping'], 'custom');
});

test('missing labels, annotations and aggregation selectors are added', () => {
  const existing = role([]);
  delete (existing.metadata as any).annotations;
  const want = role([], {}, { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { x: 'true' } }] } });
  const r = reconcileRole(existing, want);
  assert.equal(r.operation, 'update');
  assert.equal(r.obj.metadata.annotations['rbac.authorization.kubernetes.io/autoupdate'], 'true');
  assert.deepEqual(r.obj.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { x: 'true' } }] });
});

test('autoupdate=false protects a role', () => {
  const r = reconcileRole(role([], { 'rbac.authorization.kubernetes.io/autoupdate': 'false' }), role([rule(['get'], [''], ['pods'])]));
  assert.equal(r.isProtected, true);
});

test('bindings: missing subjects are appended, extra ones kept; a different roleRef means recreate', () => {
  const b = (subjects: unknown[], roleName = 'r') => ({
    kind: 'ClusterRoleBinding',
    metadata: { name: 'b', labels: {}, annotations: {} },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName },
    subjects,
  });
  const mine = { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'me' };
  const sys = { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:authenticated' };
  const u = reconcileBinding(b([mine]), b([sys]));
  assert.equal(u.operation, 'update');
  assert.deepEqual(u.obj.subjects, [mine, sys]);
  assert.equal(reconcileBinding(b([sys, mine]), b([sys])).operation, 'none');
  const re = reconcileBinding(b([sys], 'other'), b([sys]));
  assert.equal(re.operation, 'recreate');
  assert.equal(re.obj.roleRef.name, 'r');
});
