// The default RBAC policy as API objects, as kube-apiserver v1.34 creates them at start
// (upstream plugin/pkg/auth/authorizer/rbac/bootstrappolicy).

import type { Obj } from '../../types/kind.js';
import { CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES } from './cluster-roles.js';
import { CONTROLLER_ROLE_PREFIX, CONTROLLER_ROLES } from './controller-roles.js';
import { NAMESPACE_ROLE_BINDINGS, NAMESPACE_ROLES } from './namespace-roles.js';
import { serviceAccount, type Subject } from './subjects.js';
import type { PolicyRule } from './rule.js';

export const RBAC_API_VERSION = 'rbac.authorization.k8s.io/v1';
export const BOOTSTRAPPING_LABEL = 'kubernetes.io/bootstrapping';
export const BOOTSTRAPPING_VALUE = 'rbac-defaults';
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';
export const AGGREGATE_TO_LABEL_PREFIX = 'rbac.authorization.k8s.io/aggregate-to-';

export interface BootstrapPolicy {
  clusterRoles: Obj[];
  clusterRoleBindings: Obj[];
  roles: Obj[];
  roleBindings: Obj[];
}

function metadata(name: string, namespace?: string, extraLabels: Record<string, string> = {}): Obj['metadata'] {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    labels: { [BOOTSTRAPPING_LABEL]: BOOTSTRAPPING_VALUE, ...extraLabels },
    annotations: { [AUTOUPDATE_ANNOTATION]: 'true' },
  };
}

const copyRules = (rules: readonly PolicyRule[]): PolicyRule[] =>
  rules.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...(v as string[])]])) as unknown as PolicyRule);

function clusterRole(name: string, rules: readonly PolicyRule[] | undefined, aggregateTo: string[] = [], aggregates?: string): Obj {
  const labels = Object.fromEntries(aggregateTo.map((to) => [AGGREGATE_TO_LABEL_PREFIX + to, 'true']));
  const obj: Obj = { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: metadata(name, undefined, labels) };
  if (aggregates) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [AGGREGATE_TO_LABEL_PREFIX + aggregates]: 'true' } }] };
  if (rules?.length) obj.rules = copyRules(rules);
  return obj;
}

function binding(kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, namespace: string | undefined, roleKind: string, role: string, subjects: Subject[]): Obj {
  const obj: Obj = {
    apiVersion: RBAC_API_VERSION,
    kind,
    metadata: metadata(name, namespace),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: role },
  };
  if (subjects.length) obj.subjects = subjects.map((s) => ({ ...s }));
  return obj;
}

/** A fresh copy of every default object (callers may mutate it). */
export function bootstrapPolicy(): BootstrapPolicy {
  const clusterRoles = [
    ...CLUSTER_ROLES.map((r) => clusterRole(r.name, r.rules, r.aggregateTo, r.aggregates)),
    ...CONTROLLER_ROLES.map(([controller, rules]) => clusterRole(CONTROLLER_ROLE_PREFIX + controller, rules)),
  ];
  const clusterRoleBindings = [
    ...CLUSTER_ROLE_BINDINGS.map((b) => binding('ClusterRoleBinding', b.name, undefined, 'ClusterRole', b.name, b.subjects)),
    ...CONTROLLER_ROLES.map(([controller]) =>
      binding('ClusterRoleBinding', CONTROLLER_ROLE_PREFIX + controller, undefined, 'ClusterRole', CONTROLLER_ROLE_PREFIX + controller, [serviceAccount('kube-system', controller)]),
    ),
  ];
  const roles = NAMESPACE_ROLES.map((r) => ({ apiVersion: RBAC_API_VERSION, kind: 'Role', metadata: metadata(r.name, r.namespace), rules: copyRules(r.rules) }));
  const roleBindings = NAMESPACE_ROLE_BINDINGS.map((b) => binding('RoleBinding', b.name, b.namespace, 'Role', b.role, b.subjects));
  return { clusterRoles, clusterRoleBindings, roles, roleBindings };
}
