// Kinds of the named API groups served by skiff.

import { fieldAt, kind, scaleSubresource, statusSubresource, type KindDef, type Obj } from './kind.js';
import { jobLabelsFromTemplate, prepareDaemonSetForCreate, daemonSetAsConverted, prepareDaemonSetForUpdate, prepareJobForCreate, typeClaimTemplates } from '../registry/strategy-effects.js';

const APPS = 'apps';
const RBAC = 'rbac.authorization.k8s.io';
const FLOW = 'flowcontrol.apiserver.k8s.io';
const ADM = 'admissionregistration.k8s.io';
const NET = 'networking.k8s.io';

/** events.k8s.io/v1 Event is a view of core/v1 Event: the field renames between them. */
const eventRenames: [string, string][] = [
  // [events.k8s.io name, core name]
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
  ['reportingController', 'reportingComponent'],
];

function renameFields(obj: Obj, pairs: [string, string][], apiVersion: string): Obj {
  const out: Obj = { ...obj, apiVersion };
  for (const [from, to] of pairs) {
    if (from in out) {
      if (out[from] !== undefined) out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}

function eventToCore(obj: Obj): Obj {
  const out = renameFields(obj, eventRenames, 'v1');
  if (out.series && typeof out.series === 'object') {
    const { count, lastObservedTime } = out.series;
    out.series = { count, lastObservedTime };
  }
  return out;
}

function eventFromCore(obj: Obj): Obj {
  const out = renameFields(obj, eventRenames.map(([a, b]) => [b, a] as [string, string]), 'events.k8s.io/v1');
  return out;
}

const RBAC_STRATEGY = { allowCreateOnUpdate: true };

/** apiequality.Semantic.DeepEqual of two map[string]string: nil and empty are equal. */
function sameStringMap(a: unknown, b: unknown): boolean {
  const x = a && typeof a === 'object' ? (a as Record<string, unknown>) : {};
  const y = b && typeof b === 'object' ? (b as Record<string, unknown>) : {};
  const kx = Object.keys(x);
  return kx.length === Object.keys(y).length && kx.every((k) => Object.hasOwn(y, k) && x[k] === y[k]);
}

export const groupKinds: KindDef[] = [
  // apps/v1
  kind({
    group: APPS, kind: 'Deployment', tracksGeneration: true, plural: 'deployments', singular: 'deployment', shortNames: ['deploy'], categories: ['all'],
    namespaced: true, subresources: [scaleSubresource({ group: APPS, resource: 'deployments/scale' }), statusSubresource()],
    // deploymentStrategy.PrepareForUpdate (pkg/registry/apps/deployment/strategy.go): annotations are
    // copied to ReplicaSets, so changing them bumps the generation as a spec change does.
    strategy: {
      prepareForUpdate(obj, old) {
        if (!sameStringMap(obj.metadata?.annotations, old.metadata?.annotations)) obj.metadata.generation = (Number(old.metadata?.generation) || 0) + 1;
      },
    },
  }),
  kind({
    group: APPS, kind: 'ReplicaSet', tracksGeneration: true, plural: 'replicasets', singular: 'replicaset', shortNames: ['rs'], categories: ['all'],
    // apps/v1 registers no field label conversion for ReplicaSets: only metadata.name and metadata.namespace select them.
    namespaced: true, subresources: [scaleSubresource({ group: APPS, resource: 'replicasets/scale' }), statusSubresource()],
  }),
  kind({
    group: APPS, nameRule: 'DNS1123Label', kind: 'StatefulSet', tracksGeneration: true, plural: 'statefulsets', singular: 'statefulset', shortNames: ['sts'], categories: ['all'],
    namespaced: true, subresources: [scaleSubresource(), statusSubresource()],
    strategy: { prepareForCreate: typeClaimTemplates, prepareForUpdate: typeClaimTemplates },
  }),
  kind({
    group: APPS, kind: 'DaemonSet', tracksGeneration: true, plural: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], categories: ['all'],
    namespaced: true, subresources: [statusSubresource()],
    strategy: { prepareForCreate: prepareDaemonSetForCreate, prepareForUpdate: prepareDaemonSetForUpdate, managedFieldsView: daemonSetAsConverted },
  }),
  kind({ group: APPS, kind: 'ControllerRevision', plural: 'controllerrevisions', singular: 'controllerrevision', namespaced: true }),

  // batch/v1
  kind({
    // batch/v1 Jobs orphan their pods unless told otherwise, for backward compatibility (jobStrategy.DefaultGarbageCollectionPolicy).
    group: 'batch', strategy: { prepareForCreate: prepareJobForCreate, prepareForUpdate: jobLabelsFromTemplate, garbageCollectionPolicy: 'OrphanDependents' }, kind: 'Job', tracksGeneration: true, plural: 'jobs', singular: 'job', categories: ['all'], namespaced: true,
    subresources: [statusSubresource()],
    fieldSelectors: { 'status.successful': fieldAt('status.succeeded', '0') },
  }),
  kind({
    group: 'batch', kind: 'CronJob', tracksGeneration: true, plural: 'cronjobs', singular: 'cronjob', shortNames: ['cj'], categories: ['all'], namespaced: true,
    subresources: [statusSubresource()],
  }),

  // coordination.k8s.io/v1
  // leaseStrategy.AllowCreateOnUpdate (pkg/registry/coordination/lease/strategy.go): a PUT may create.
  kind({ group: 'coordination.k8s.io', kind: 'Lease', plural: 'leases', singular: 'lease', namespaced: true, strategy: { allowCreateOnUpdate: true } }),

  // events.k8s.io/v1
  kind({
    group: 'events.k8s.io', kind: 'Event', plural: 'events', singular: 'event', shortNames: ['ev'], namespaced: true,
    storedAs: { group: '', plural: 'events', toStored: eventToCore, fromStored: eventFromCore },
    strategy: { garbageCollectionPolicy: 'Unsupported' },
  }),

  // policy/v1
  kind({
    group: 'policy', kind: 'PodDisruptionBudget', tracksGeneration: true, plural: 'poddisruptionbudgets', singular: 'poddisruptionbudget', shortNames: ['pdb'],
    namespaced: true, subresources: [statusSubresource()],
  }),

  // networking.k8s.io/v1
  kind({ group: NET, kind: 'NetworkPolicy', tracksGeneration: true, plural: 'networkpolicies', singular: 'networkpolicy', shortNames: ['netpol'], namespaced: true }),
  kind({
    group: NET, kind: 'Ingress', tracksGeneration: true, plural: 'ingresses', singular: 'ingress', shortNames: ['ing'], namespaced: true,
    subresources: [statusSubresource()],
  }),
  kind({ group: NET, kind: 'IngressClass', tracksGeneration: true, plural: 'ingressclasses', singular: 'ingressclass', namespaced: false }),

  // rbac.authorization.k8s.io/v1
  // The rbac strategies (pkg/registry/rbac/*/strategy.go) allow create on update.
  kind({ group: RBAC, kind: 'ClusterRoleBinding', plural: 'clusterrolebindings', singular: 'clusterrolebinding', namespaced: false, nameRule: 'PathSegmentName', strategy: RBAC_STRATEGY }),
  kind({ group: RBAC, kind: 'ClusterRole', plural: 'clusterroles', singular: 'clusterrole', namespaced: false, nameRule: 'PathSegmentName', strategy: RBAC_STRATEGY }),
  kind({ group: RBAC, kind: 'RoleBinding', plural: 'rolebindings', singular: 'rolebinding', namespaced: true, nameRule: 'PathSegmentName', strategy: RBAC_STRATEGY }),
  kind({ group: RBAC, kind: 'Role', plural: 'roles', singular: 'role', namespaced: true, nameRule: 'PathSegmentName', strategy: RBAC_STRATEGY }),

  // flowcontrol.apiserver.k8s.io/v1
  kind({
    group: FLOW, kind: 'FlowSchema', tracksGeneration: true, plural: 'flowschemas', singular: 'flowschema', namespaced: false,
    subresources: [statusSubresource()],
  }),
  kind({
    group: FLOW, kind: 'PriorityLevelConfiguration', tracksGeneration: true, plural: 'prioritylevelconfigurations', singular: 'prioritylevelconfiguration',
    namespaced: false, subresources: [statusSubresource()],
  }),

  // admissionregistration.k8s.io/v1
  kind({
    group: ADM, kind: 'ValidatingAdmissionPolicy', tracksGeneration: true, plural: 'validatingadmissionpolicies', singular: 'validatingadmissionpolicy',
    categories: ['api-extensions'], namespaced: false, subresources: [statusSubresource()],
  }),
  kind({
    group: ADM, kind: 'ValidatingAdmissionPolicyBinding', tracksGeneration: true, plural: 'validatingadmissionpolicybindings',
    singular: 'validatingadmissionpolicybinding', categories: ['api-extensions'], namespaced: false,
  }),
];
