// The default Roles in kube-system and kube-public (facts of upstream
// bootstrappolicy/namespace_policy.go and testdata/namespace-roles.yaml).

import { EVENTS, READ, rule, type PolicyRule } from './rule.js';
import { serviceAccount, user, type Subject } from './subjects.js';

export interface RoleSpec {
  namespace: string;
  name: string;
  rules: PolicyRule[];
}

export const NAMESPACE_ROLES: RoleSpec[] = [
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', rules: [
    rule(READ, [''], ['configmaps']),
    rule(['update'], [''], ['configmaps'], ['cluster-info']),
    EVENTS,
  ] },
  { namespace: 'kube-system', name: 'extension-apiserver-authentication-reader', rules: [
    rule(READ, [''], ['configmaps'], ['extension-apiserver-authentication']),
  ] },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-controller-manager', rules: [
    rule(['watch'], [''], ['configmaps']),
    rule(['get', 'update'], [''], ['configmaps'], ['kube-controller-manager']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates']),
  ] },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', rules: [
    rule(['watch'], [''], ['configmaps']),
    rule(['get', 'update'], [''], ['configmaps'], ['kube-scheduler']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates']),
  ] },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', rules: [
    rule(READ, [''], ['secrets']),
  ] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', rules: [
    rule(['create', 'get', 'list', 'watch'], [''], ['configmaps']),
  ] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', rules: [
    rule(['delete', 'get', 'list', 'watch'], [''], ['secrets']),
    EVENTS,
  ] },
];

export interface RoleBindingSpec {
  namespace: string;
  name: string;
  role: string;
  subjects: Subject[];
}

export const NAMESPACE_ROLE_BINDINGS: RoleBindingSpec[] = [
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [serviceAccount('kube-system', 'bootstrap-signer')] },
  {
    namespace: 'kube-system',
    name: 'system::extension-apiserver-authentication-reader',
    role: 'extension-apiserver-authentication-reader',
    subjects: [user('system:kube-controller-manager'), user('system:kube-scheduler')],
  },
  {
    namespace: 'kube-system',
    name: 'system::leader-locking-kube-controller-manager',
    role: 'system::leader-locking-kube-controller-manager',
    subjects: [user('system:kube-controller-manager'), serviceAccount('kube-system', 'kube-controller-manager'), serviceAccount('kube-system', 'leader-election-controller')],
  },
  {
    namespace: 'kube-system',
    name: 'system::leader-locking-kube-scheduler',
    role: 'system::leader-locking-kube-scheduler',
    subjects: [user('system:kube-scheduler'), serviceAccount('kube-system', 'kube-scheduler')],
  },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [serviceAccount('kube-system', 'bootstrap-signer')] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', role: 'system:controller:cloud-provider', subjects: [serviceAccount('kube-system', 'cloud-provider')] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', role: 'system:controller:token-cleaner', subjects: [serviceAccount('kube-system', 'token-cleaner')] },
];
