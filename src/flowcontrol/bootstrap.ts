// The mandatory and suggested FlowSchemas and PriorityLevelConfigurations of v1.34, as
// data (upstream k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go). Specs are
// written out with their defaults so that they compare equal to stored objects.

import type { Obj } from '../types/kind.js';

export const AUTO_UPDATE_ANNOTATION = 'apf.kubernetes.io/autoupdate-spec';
const API_VERSION = 'flowcontrol.apiserver.k8s.io/v1';

type Queuing = { queues: number; handSize: number; queueLengthLimit: number };

function limited(name: string, shares: number, lendablePercent: number, queuing?: Queuing): Obj {
  const limitResponse = queuing ? { type: 'Queue', queuing } : { type: 'Reject' };
  return plc(name, { type: 'Limited', limited: { nominalConcurrencyShares: shares, lendablePercent, limitResponse } });
}

function plc(name: string, spec: Record<string, unknown>): Obj {
  return { apiVersion: API_VERSION, kind: 'PriorityLevelConfiguration', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}

const groups = (...names: string[]) => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]) => names.map((name) => ({ kind: 'User', user: { name } }));
const kubeSystemServiceAccounts = () => [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name: '*' } }];
const everyResource = { verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] };
const everyNonResource = { verbs: ['*'], nonResourceURLs: ['*'] };

function fs(name: string, pl: string, matchingPrecedence: number, distinguisher: 'ByUser' | 'ByNamespace' | '', rule: Record<string, unknown>): Obj {
  const spec: Record<string, unknown> = { priorityLevelConfiguration: { name: pl }, matchingPrecedence };
  if (distinguisher) spec.distinguisherMethod = { type: distinguisher };
  spec.rules = [rule];
  return { apiVersion: API_VERSION, kind: 'FlowSchema', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}

const allOf = (subjects: unknown[]) => ({ subjects, resourceRules: [everyResource], nonResourceRules: [everyNonResource] });

export const MANDATORY_PRIORITY_LEVELS: readonly Obj[] = [
  limited('catch-all', 5, 0),
  plc('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } }),
];

export const MANDATORY_FLOW_SCHEMAS: readonly Obj[] = [
  fs('exempt', 'exempt', 1, '', allOf(groups('system:masters'))),
  fs('catch-all', 'catch-all', 10000, 'ByUser', allOf(groups('system:unauthenticated', 'system:authenticated'))),
];

export const SUGGESTED_PRIORITY_LEVELS: readonly Obj[] = [
  limited('system', 30, 33, { queues: 64, handSize: 6, queueLengthLimit: 50 }),
  limited('node-high', 40, 25, { queues: 64, handSize: 6, queueLengthLimit: 50 }),
  limited('leader-election', 10, 0, { queues: 16, handSize: 4, queueLengthLimit: 50 }),
  limited('workload-high', 40, 50, { queues: 128, handSize: 6, queueLengthLimit: 50 }),
  limited('workload-low', 100, 90, { queues: 128, handSize: 6, queueLengthLimit: 50 }),
  limited('global-default', 20, 50, { queues: 128, handSize: 6, queueLengthLimit: 50 }),
];

export const SUGGESTED_FLOW_SCHEMAS: readonly Obj[] = [
  fs('system-nodes', 'system', 500, 'ByUser', allOf(groups('system:nodes'))),
  fs('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groups('system:nodes'),
    resourceRules: [
      { verbs: ['*'], apiGroups: [''], resources: ['nodes', 'nodes/status'], clusterScope: true, namespaces: ['*'] },
      { verbs: ['*'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] },
    ],
  }),
  fs('probes', 'exempt', 2, '', { subjects: groups('system:unauthenticated', 'system:authenticated'), nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }] }),
  fs('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...users('system:kube-controller-manager', 'system:kube-scheduler'), ...kubeSystemServiceAccounts()],
    resourceRules: [{ verbs: ['get', 'create', 'update'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] }],
  }),
  fs('kube-controller-manager', 'workload-high', 800, 'ByNamespace', allOf(users('system:kube-controller-manager'))),
  fs('kube-scheduler', 'workload-high', 800, 'ByNamespace', allOf(users('system:kube-scheduler'))),
  fs('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', allOf(kubeSystemServiceAccounts())),
  fs('service-accounts', 'workload-low', 9000, 'ByUser', allOf(groups('system:serviceaccounts'))),
  fs('global-default', 'global-default', 9900, 'ByUser', allOf(groups('system:unauthenticated', 'system:authenticated'))),
];
