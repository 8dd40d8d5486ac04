// core/v1 kinds served by skiff.

import { fieldAt, kind, scaleSubresource, statusSubresource, type KindDef, type Obj } from './kind.js';
import { preparePersistentVolumeForCreate } from '../registry/strategy-effects.js';

const G = '';

function podIPs(obj: Obj): string {
  const ips = obj?.status?.podIPs;
  if (!Array.isArray(ips) || ips.length === 0) return '';
  // Upstream indexes only the first (primary) pod IP for the podIPs field label.
  return String(ips[0]?.ip ?? '');
}

const externallyAccessible = (type: string | undefined) => type === 'NodePort' || type === 'LoadBalancer';

/** Upstream's dropTypeDependentFields: a type change drops what only the old type used, unless the user set it anew. */
function dropServiceTypeDependentFields(svc: Obj, old: Obj): void {
  const spec = svc.spec ?? {};
  const oldSpec = old.spec ?? {};
  if (externallyAccessible(oldSpec.type) && !externallyAccessible(spec.type)) {
    if (spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
    if (spec.healthCheckNodePort === oldSpec.healthCheckNodePort) delete spec.healthCheckNodePort;
  }
  if (oldSpec.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    for (const f of ['allocateLoadBalancerNodePorts', 'loadBalancerClass']) if (spec[f] === oldSpec[f]) delete spec[f];
  }
}

/** A new pod is Pending, with its QoS class (upstream's pod PrepareForCreate). */
function preparePodStatus(pod: Obj): void {
  pod.status = { phase: 'Pending', qosClass: qosClass(pod) };
}

/** BestEffort without any requests or limits, Guaranteed when every container's cpu and memory limits equal its requests. */
function qosClass(pod: Obj): string {
  const containers: Obj[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const req: Obj = c.resources?.requests ?? {};
    const lim: Obj = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) any = true;
    for (const r of ['cpu', 'memory']) {
      const l = lim[r];
      if (l === undefined || (req[r] !== undefined && String(req[r]) !== String(l))) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** Upstream's pod graceful deletion: unscheduled or finished pods go at once. */
function podGracePeriod(pod: Obj, requested: number | undefined): number {
  if (!pod.spec?.nodeName) return 0;
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return 0;
  const g = requested ?? pod.spec?.terminationGracePeriodSeconds ?? 30;
  return g < 0 ? 1 : g;
}

/** Every namespace carries kubernetes.io/metadata.name=<name> (NamespaceDefaultLabelName). */
function setNamespaceNameLabel(obj: Obj): void {
  obj.metadata.labels = { ...(obj.metadata.labels ?? {}), 'kubernetes.io/metadata.name': obj.metadata.name };
}

export const coreKinds: KindDef[] = [
  kind({
    group: G, kind: 'Namespace', deleteReturnsObject: true, plural: 'namespaces', singular: 'namespace', shortNames: ['ns'], namespaced: false,
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    subresources: [{ name: 'finalize', verbs: ['update'], type: 'finalize' }, statusSubresource()],
    fieldSelectors: { 'status.phase': fieldAt('status.phase') },
    nameRule: 'DNS1123Label',
    strategy: {
      prepareForCreate(obj) {
        obj.spec = obj.spec && typeof obj.spec === 'object' ? obj.spec : {};
        const fins: unknown[] = Array.isArray(obj.spec.finalizers) ? obj.spec.finalizers : [];
        if (!fins.includes('kubernetes')) fins.push('kubernetes');
        obj.spec.finalizers = fins;
        obj.status = { phase: 'Active' };
        setNamespaceNameLabel(obj);
      },
      prepareForUpdate(obj, old) {
        obj.spec = { ...(obj.spec ?? {}), finalizers: old.spec?.finalizers };
        if (obj.spec.finalizers === undefined) delete obj.spec.finalizers;
        setNamespaceNameLabel(obj);
      },
      prepareForFinalize: (obj) => setNamespaceNameLabel(obj),
      blocksDeletion: (obj) => Array.isArray(obj.spec?.finalizers) && obj.spec.finalizers.length > 0,
      prepareForTermination(obj) {
        // The namespace REST's Delete sets only deletionTimestamp (registry/core/namespace/storage).
        delete obj.metadata.deletionGracePeriodSeconds;
        obj.status = { ...(obj.status ?? {}), phase: 'Terminating' };
      },
    },
  }),
  kind({ group: G, kind: 'ConfigMap', plural: 'configmaps', singular: 'configmap', shortNames: ['cm'], namespaced: true }),
  kind({
    group: G, kind: 'Secret', plural: 'secrets', singular: 'secret', namespaced: true,
    fieldSelectors: { type: fieldAt('type') },
  }),
  kind({
    group: G, kind: 'ServiceAccount', deleteReturnsObject: true, plural: 'serviceaccounts', singular: 'serviceaccount', shortNames: ['sa'], namespaced: true,
    subresources: [{ name: 'token', verbs: ['create'], type: 'token', kind: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' } }],
  }),
  kind({
    group: G, kind: 'Event', plural: 'events', singular: 'event', shortNames: ['ev'], namespaced: true,
    // Events take no part in garbage collection's finalizers (eventStrategy.DefaultGarbageCollectionPolicy).
    strategy: { allowCreateOnUpdate: true, garbageCollectionPolicy: 'Unsupported' },
    fieldSelectors: {
      'involvedObject.kind': fieldAt('involvedObject.kind'),
      'involvedObject.namespace': fieldAt('involvedObject.namespace'),
      'involvedObject.name': fieldAt('involvedObject.name'),
      'involvedObject.uid': fieldAt('involvedObject.uid'),
      'involvedObject.apiVersion': fieldAt('involvedObject.apiVersion'),
      'involvedObject.resourceVersion': fieldAt('involvedObject.resourceVersion'),
      'involvedObject.fieldPath': fieldAt('involvedObject.fieldPath'),
      reason: fieldAt('reason'),
      reportingComponent: fieldAt('reportingComponent'),
      source: fieldAt('source.component'),
      type: fieldAt('type'),
    },
    nameRule: 'DNS1123Subdomain',
  }),
  kind({
    group: G, kind: 'Pod', deleteReturnsObject: true, tracksGeneration: true, plural: 'pods', singular: 'pod', shortNames: ['po'], categories: ['all'], namespaced: true,
    strategy: { gracePeriodSeconds: podGracePeriod, prepareForCreate: preparePodStatus },
    subresources: [
      { name: 'attach', verbs: ['create', 'get'], type: 'connect', kind: { group: '', version: 'v1', kind: 'PodAttachOptions' } },
      { name: 'binding', verbs: ['create'], type: 'binding', kind: { group: '', version: 'v1', kind: 'Binding' } },
      { name: 'ephemeralcontainers', verbs: ['get', 'patch', 'update'], type: 'ephemeralcontainers' },
      { name: 'eviction', verbs: ['create'], type: 'eviction', kind: { group: 'policy', version: 'v1', kind: 'Eviction' } },
      { name: 'exec', verbs: ['create', 'get'], type: 'connect', kind: { group: '', version: 'v1', kind: 'PodExecOptions' } },
      { name: 'log', verbs: ['get'], type: 'connect' },
      { name: 'portforward', verbs: ['create', 'get'], type: 'connect', kind: { group: '', version: 'v1', kind: 'PodPortForwardOptions' } },
      { name: 'proxy', verbs: ['create', 'delete', 'get', 'patch', 'update'], type: 'connect', kind: { group: '', version: 'v1', kind: 'PodProxyOptions' } },
      { name: 'resize', verbs: ['get', 'patch', 'update'], type: 'resize' },
      statusSubresource(),
    ],
    fieldSelectors: {
      'spec.nodeName': fieldAt('spec.nodeName'),
      'spec.restartPolicy': fieldAt('spec.restartPolicy'),
      'spec.schedulerName': fieldAt('spec.schedulerName'),
      'spec.serviceAccountName': fieldAt('spec.serviceAccountName'),
      'spec.hostNetwork': fieldAt('spec.hostNetwork', 'false'),
      'status.phase': fieldAt('status.phase'),
      'status.podIP': fieldAt('status.podIP'),
      'status.podIPs': podIPs,
      'status.nominatedNodeName': fieldAt('status.nominatedNodeName'),
    },
  }),
  kind({
    group: G, kind: 'Service', deleteReturnsObject: true, plural: 'services', singular: 'service', shortNames: ['svc'], categories: ['all'], namespaced: true,
    subresources: [{ name: 'proxy', verbs: ['create', 'delete', 'get', 'patch', 'update'], type: 'connect', kind: { group: '', version: 'v1', kind: 'ServiceProxyOptions' } }, statusSubresource()],
    fieldSelectors: { 'spec.clusterIP': fieldAt('spec.clusterIP'), 'spec.type': fieldAt('spec.type') },
    nameRule: 'DNS1035Label',
    strategy: { allowCreateOnUpdate: true, allowUnconditionalUpdate: true, prepareForUpdate: dropServiceTypeDependentFields },
  }),
  kind({
    group: G, kind: 'Endpoints', plural: 'endpoints', singular: 'endpoints', shortNames: ['ep'], namespaced: true,
    strategy: { allowCreateOnUpdate: true, allowUnconditionalUpdate: true },
  }),
  kind({
    group: G, kind: 'Node', plural: 'nodes', singular: 'node', shortNames: ['no'], namespaced: false,
    subresources: [{ name: 'proxy', verbs: ['create', 'delete', 'get', 'patch', 'update'], type: 'connect', kind: { group: '', version: 'v1', kind: 'NodeProxyOptions' } }, statusSubresource()],
    fieldSelectors: { 'spec.unschedulable': fieldAt('spec.unschedulable', 'false') },
    // Nodes register with their status (upstream's node strategy keeps it on create).
    strategy: { allowUnconditionalUpdate: true, keepStatusOnCreate: true },
  }),
  kind({ group: G, kind: 'LimitRange', plural: 'limitranges', singular: 'limitrange', shortNames: ['limits'], namespaced: true, strategy: { allowCreateOnUpdate: true } }),
  kind({
    group: G, kind: 'ResourceQuota', deleteReturnsObject: true, plural: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], namespaced: true,
    subresources: [statusSubresource()],
  }),
  kind({
    group: G, kind: 'PersistentVolume', deleteReturnsObject: true, plural: 'persistentvolumes', singular: 'persistentvolume', shortNames: ['pv'], namespaced: false,
    subresources: [statusSubresource()],
    strategy: { prepareForCreate: preparePersistentVolumeForCreate },
  }),
  kind({
    group: G, kind: 'PersistentVolumeClaim', deleteReturnsObject: true, plural: 'persistentvolumeclaims', singular: 'persistentvolumeclaim', shortNames: ['pvc'],
    namespaced: true, subresources: [statusSubresource()],
    strategy: { prepareForCreate: (pvc) => void (pvc.status = { phase: 'Pending' }) },
  }),
  kind({
    group: G, kind: 'ReplicationController', tracksGeneration: true, plural: 'replicationcontrollers', singular: 'replicationcontroller', shortNames: ['rc'],
    // Its ScaleREST names the scale in the autoscaling group (registry/core/replicationcontroller/storage).
    categories: ['all'], namespaced: true, subresources: [scaleSubresource({ group: 'autoscaling', resource: 'replicationcontrollers/scale' }), statusSubresource()],
    fieldSelectors: { 'status.replicas': fieldAt('status.replicas', '0') },
    // v1 ReplicationControllers orphan their pods unless told otherwise (rcStrategy.DefaultGarbageCollectionPolicy).
    strategy: { garbageCollectionPolicy: 'OrphanDependents' },
  }),
  kind({ group: G, kind: 'PodTemplate', tracksGeneration: true, deleteReturnsObject: true, plural: 'podtemplates', singular: 'podtemplate', namespaced: true }),
];
