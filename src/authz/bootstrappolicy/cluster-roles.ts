// The default ClusterRoles and ClusterRoleBindings of kube-apiserver v1.34, other than the
// per-controller ones (facts of upstream plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go
// and testdata/cluster-roles.yaml, cluster-role-bindings.yaml; feature-gated rules as gated on in v1.34).

import { EVENTS, READ, READ_WRITE, WRITE, rule, urls, type PolicyRule } from './rule.js';
import { group, serviceAccount, user, type Subject } from './subjects.js';

export interface ClusterRoleSpec {
  name: string;
  rules?: PolicyRule[];
  /** Carries label rbac.authorization.k8s.io/aggregate-to-<x>=true for each. */
  aggregateTo?: string[];
  /** Has an aggregationRule selecting rbac.authorization.k8s.io/aggregate-to-<x>=true. */
  aggregates?: string;
}

export const CLUSTER_ROLES: ClusterRoleSpec[] = [
  { name: 'admin', aggregates: 'admin' },
  { name: 'cluster-admin', rules: [
    rule(['*'], ['*'], ['*']),
    urls(['*'], ['*']),
  ] },
  { name: 'edit', aggregateTo: ['admin'], aggregates: 'edit' },
  { name: 'system:aggregate-to-admin', aggregateTo: ['admin'], rules: [
    rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews']),
    rule(READ_WRITE, ['rbac.authorization.k8s.io'], ['rolebindings', 'roles']),
  ] },
  { name: 'system:aggregate-to-edit', aggregateTo: ['edit'], rules: [
    rule(READ, [''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy']),
    rule(['impersonate'], [''], ['serviceaccounts']),
    rule(WRITE, [''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy']),
    rule(['create'], [''], ['pods/eviction']),
    rule(WRITE, [''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy']),
    rule(['create'], [''], ['serviceaccounts/token']),
    rule(WRITE, ['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale']),
    rule(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
    rule(WRITE, ['batch'], ['cronjobs', 'jobs']),
    rule(WRITE, ['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale']),
    rule(WRITE, ['policy'], ['poddisruptionbudgets']),
    rule(WRITE, ['networking.k8s.io'], ['ingresses', 'networkpolicies']),
    rule(READ_WRITE, ['coordination.k8s.io'], ['leases']),
  ] },
  { name: 'system:aggregate-to-view', aggregateTo: ['view'], rules: [
    rule(READ, [''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status']),
    rule(READ, [''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status']),
    rule(READ, [''], ['namespaces']),
    rule(READ, ['discovery.k8s.io'], ['endpointslices']),
    rule(READ, ['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status']),
    rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
    rule(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
    rule(READ, ['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale']),
    rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
    rule(READ, ['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
  ] },
  { name: 'system:auth-delegator', rules: [
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
  ] },
  { name: 'system:basic-user', rules: [
    rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
    rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews']),
  ] },
  { name: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', rules: [
    rule(['create'], ['certificates.k8s.io'], ['certificatesigningrequests/nodeclient']),
  ] },
  { name: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', rules: [
    rule(['create'], ['certificates.k8s.io'], ['certificatesigningrequests/selfnodeclient']),
  ] },
  { name: 'system:certificates.k8s.io:kube-apiserver-client-approver', rules: [
    rule(['approve'], ['certificates.k8s.io'], ['signers'], ['kubernetes.io/kube-apiserver-client']),
  ] },
  { name: 'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver', rules: [
    rule(['approve'], ['certificates.k8s.io'], ['signers'], ['kubernetes.io/kube-apiserver-client-kubelet']),
  ] },
  { name: 'system:certificates.k8s.io:kubelet-serving-approver', rules: [
    rule(['approve'], ['certificates.k8s.io'], ['signers'], ['kubernetes.io/kubelet-serving']),
  ] },
  { name: 'system:certificates.k8s.io:legacy-unknown-approver', rules: [
    rule(['approve'], ['certificates.k8s.io'], ['signers'], ['kubernetes.io/legacy-unknown']),
  ] },
  { name: 'system:discovery', rules: [
    urls(['get'], ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/']),
  ] },
  { name: 'system:heapster', rules: [
    rule(READ, [''], ['events', 'namespaces', 'nodes', 'pods']),
    rule(READ, ['extensions'], ['deployments']),
  ] },
  { name: 'system:kube-aggregator', rules: [
    rule(READ, [''], ['endpoints', 'services']),
  ] },
  { name: 'system:kube-controller-manager', rules: [
    EVENTS,
    rule(['create'], ['coordination.k8s.io'], ['leases']),
    rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-controller-manager']),
    rule(['create'], [''], ['secrets', 'serviceaccounts']),
    rule(['delete'], [''], ['secrets']),
    rule(['get'], [''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
    rule(['update'], [''], ['secrets', 'serviceaccounts']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    rule(['list', 'watch'], ['*'], ['*']),
    rule(['create'], [''], ['serviceaccounts/token']),
  ] },
  { name: 'system:kube-dns', rules: [
    rule(['list', 'watch'], [''], ['endpoints', 'services']),
  ] },
  { name: 'system:kube-scheduler', rules: [
    EVENTS,
    rule(['create'], ['coordination.k8s.io'], ['leases']),
    rule(['get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases'], ['kube-scheduler']),
    rule(READ_WRITE, ['coordination.k8s.io'], ['leasecandidates']),
    rule(READ, [''], ['nodes']),
    rule(['delete', 'get', 'list', 'watch'], [''], ['pods']),
    rule(['create'], [''], ['bindings', 'pods/binding']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(READ, [''], ['replicationcontrollers', 'services']),
    rule(READ, ['apps', 'extensions'], ['replicasets']),
    rule(READ, ['apps'], ['statefulsets']),
    rule(READ, ['policy'], ['poddisruptionbudgets']),
    rule(READ, [''], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    rule(READ, ['storage.k8s.io'], ['csinodes']),
    rule(READ, ['storage.k8s.io'], ['volumeattachments']),
    rule(READ, [''], ['namespaces']),
    rule(READ, ['storage.k8s.io'], ['csidrivers']),
    rule(READ, ['storage.k8s.io'], ['csistoragecapacities']),
    rule(READ, ['resource.k8s.io'], ['deviceclasses']),
    rule(['get', 'list', 'patch', 'update', 'watch'], ['resource.k8s.io'], ['resourceclaims']),
    rule(['get', 'list', 'patch', 'update', 'watch'], ['resource.k8s.io'], ['resourceclaims/status']),
    rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['pods/finalizers']),
    rule(READ, ['resource.k8s.io'], ['resourceslices']),
  ] },
  { name: 'system:kubelet-api-admin', rules: [
    rule(READ, [''], ['nodes']),
    rule(['proxy'], [''], ['nodes']),
    rule(['*'], [''], ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats']),
  ] },
  { name: 'system:monitoring', rules: [
    urls(['get'], ['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*']),
  ] },
  { name: 'system:node', rules: [
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews']),
    rule(READ, [''], ['services']),
    rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
    rule(['patch', 'update'], [''], ['nodes/status']),
    rule(['patch', 'update'], [''], ['nodes']),
    rule(['create', 'patch', 'update'], [''], ['events']),
    rule(READ, [''], ['pods']),
    rule(['create', 'delete'], [''], ['pods']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(['create'], [''], ['pods/eviction']),
    rule(READ, [''], ['configmaps', 'secrets']),
    rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['get'], [''], ['endpoints']),
    rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
    rule(['create', 'delete', 'get', 'patch', 'update'], ['coordination.k8s.io'], ['leases']),
    rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
    rule(['create'], [''], ['serviceaccounts/token']),
    rule(['get', 'patch', 'update'], [''], ['persistentvolumeclaims/status']),
    rule(READ, ['storage.k8s.io'], ['csidrivers']),
    rule(['create', 'delete', 'get', 'patch', 'update'], ['storage.k8s.io'], ['csinodes']),
    rule(READ, ['node.k8s.io'], ['runtimeclasses']),
    rule(['get'], ['resource.k8s.io'], ['resourceclaims']),
    rule(['deletecollection'], ['resource.k8s.io'], ['resourceslices']),
  ] },
  { name: 'system:node-bootstrapper', rules: [
    rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
  ] },
  { name: 'system:node-problem-detector', rules: [
    rule(['get'], [''], ['nodes']),
    rule(['patch'], [''], ['nodes/status']),
    EVENTS,
  ] },
  { name: 'system:node-proxier', rules: [
    rule(['list', 'watch'], [''], ['endpoints', 'services']),
    rule(READ, [''], ['nodes']),
    EVENTS,
    rule(['list', 'watch'], ['networking.k8s.io'], ['servicecidrs']),
    rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
  ] },
  { name: 'system:persistent-volume-provisioner', rules: [
    rule(['create', 'delete', 'get', 'list', 'watch'], [''], ['persistentvolumes']),
    rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    rule(READ, ['storage.k8s.io'], ['storageclasses']),
    rule(['watch'], [''], ['events']),
    EVENTS,
  ] },
  { name: 'system:public-info-viewer', rules: [
    urls(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/']),
  ] },
  { name: 'system:service-account-issuer-discovery', rules: [
    urls(['get'], ['/.well-known/openid-configuration', '/.well-known/openid-configuration/', '/openid/v1/jwks', '/openid/v1/jwks/']),
  ] },
  { name: 'system:volume-scheduler', rules: [
    rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumes']),
    rule(READ, ['storage.k8s.io'], ['storageclasses']),
    rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumeclaims']),
  ] },
  { name: 'view', aggregateTo: ['edit'], aggregates: 'view' },
];

export interface ClusterRoleBindingSpec {
  /** The binding and the ClusterRole it references share this name. */
  name: string;
  subjects: Subject[];
}

export const CLUSTER_ROLE_BINDINGS: ClusterRoleBindingSpec[] = [
  { name: 'cluster-admin', subjects: [group('system:masters')] },
  { name: 'system:basic-user', subjects: [group('system:authenticated')] },
  { name: 'system:discovery', subjects: [group('system:authenticated')] },
  { name: 'system:kube-controller-manager', subjects: [user('system:kube-controller-manager')] },
  { name: 'system:kube-dns', subjects: [serviceAccount('kube-system', 'kube-dns')] },
  { name: 'system:kube-scheduler', subjects: [user('system:kube-scheduler')] },
  { name: 'system:monitoring', subjects: [group('system:monitoring')] },
  // Kept without subjects: nodes are authorized by the Node authorizer (upstream binds no one since 1.8).
  { name: 'system:node', subjects: [] },
  { name: 'system:node-proxier', subjects: [user('system:kube-proxy')] },
  { name: 'system:public-info-viewer', subjects: [group('system:authenticated'), group('system:unauthenticated')] },
  { name: 'system:service-account-issuer-discovery', subjects: [group('system:serviceaccounts')] },
  { name: 'system:volume-scheduler', subjects: [user('system:kube-scheduler')] },
];
