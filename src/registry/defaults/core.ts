// core/v1 struct defaulters: upstream's pkg/apis/core/v1/defaults.go (v1.34), keyed by
// the OpenAPI definition name of the struct they apply to. The schema walk calls each
// wherever its struct occurs (a PersistentVolumeClaim in a StatefulSet's
// volumeClaimTemplates is defaulted like a top-level one, as upstream does).
//
// Not reproduced: SetDefaults_ResourceList's rounding of quantities up to milli scale,
// pod-level resources defaulting (PodLevelResources), image volume pullPolicy (ImageVolume
// is off by default in v1.34), and ConfigMap's empty data map (invisible on the wire).

import { defaultPullPolicy } from './image.js';
import {
  defaultPtr,
  defaultValue,
  isEmpty,
  isNil,
  isObject,
  isZero,
  objectItems,
  ptrStruct,
  structField,
  deepCopy,
  type JsonObject,
  type TypeDefaulter,
} from './util.js';

const C = 'io.k8s.api.core.v1.';

/** The members of VolumeSource, inlined into Volume. */
const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap',
  'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'storageos', 'csi',
  'ephemeral', 'image',
];

/** SecretVolumeSourceDefaultMode and its siblings: 0644. */
const DEFAULT_MODE = 0o644;

function container(obj: JsonObject): void {
  if (isZero(obj.imagePullPolicy)) obj.imagePullPolicy = defaultPullPolicy(obj.image);
  defaultValue(obj, 'terminationMessagePath', '/dev/termination-log');
  defaultValue(obj, 'terminationMessagePolicy', 'File');
}

/** Requests default to limits for every resource that has a limit and no request. */
function requestsFromLimits(c: JsonObject): void {
  const resources = ptrStruct(c, 'resources');
  const limits = resources && ptrStruct(resources, 'limits');
  if (!resources || !limits) return;
  const requests = ptrStruct(resources, 'requests') ?? {};
  let added = false;
  for (const [k, v] of Object.entries(limits)) {
    if (!Object.hasOwn(requests, k)) {
      requests[k] = deepCopy(v);
      added = true;
    }
  }
  if (added) resources.requests = requests;
}

function hostNetworkPorts(containers: unknown): void {
  for (const c of objectItems(containers)) {
    for (const p of objectItems(c.ports)) {
      if (isZero(p.hostPort)) p.hostPort = p.containerPort ?? 0;
    }
  }
}

function pod(obj: JsonObject): void {
  const spec = ptrStruct(obj, 'spec');
  if (spec) {
    for (const c of objectItems(spec.containers)) requestsFromLimits(c);
    for (const c of objectItems(spec.initContainers)) requestsFromLimits(c);
  }
  const s = structField(obj, 'spec');
  defaultPtr(s, 'enableServiceLinks', true);
  if (s.hostNetwork === true) {
    hostNetworkPorts(s.containers);
    hostNetworkPorts(s.initContainers);
  }
}

/**
 * serviceAccount is the deprecated alias of serviceAccountName (pkg/apis/core/v1/conversion.go):
 * read only when serviceAccountName is empty, and always written back equal to it.
 */
export function aliasDeprecatedServiceAccount(spec: JsonObject): void {
  if (isZero(spec.serviceAccountName) && !isZero(spec.serviceAccount)) spec.serviceAccountName = spec.serviceAccount;
  if (isZero(spec.serviceAccountName)) delete spec.serviceAccount;
  else spec.serviceAccount = spec.serviceAccountName;
}

function podSpec(obj: JsonObject): void {
  aliasDeprecatedServiceAccount(obj);
  defaultValue(obj, 'dnsPolicy', 'ClusterFirst');
  defaultValue(obj, 'restartPolicy', 'Always');
  defaultPtr(obj, 'securityContext', {});
  defaultPtr(obj, 'terminationGracePeriodSeconds', 30);
  defaultValue(obj, 'schedulerName', 'default-scheduler');
}

function probe(obj: JsonObject): void {
  defaultValue(obj, 'timeoutSeconds', 1);
  defaultValue(obj, 'periodSeconds', 10);
  defaultValue(obj, 'successThreshold', 1);
  defaultValue(obj, 'failureThreshold', 3);
}

function volume(obj: JsonObject): void {
  if (VOLUME_SOURCES.every((k) => isNil(obj[k]))) obj.emptyDir = {};
}

const defaultModeOf = (obj: JsonObject) => defaultPtr(obj, 'defaultMode', DEFAULT_MODE);

function service(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultValue(spec, 'sessionAffinity', 'None');
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP') {
    const cfg = ptrStruct(spec, 'sessionAffinityConfig');
    const clientIP = cfg && ptrStruct(cfg, 'clientIP');
    if (!clientIP || isNil(clientIP.timeoutSeconds)) {
      spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
    }
  }
  defaultValue(spec, 'type', 'ClusterIP');
  for (const p of objectItems(spec.ports)) {
    defaultValue(p, 'protocol', 'TCP');
    if (isZero(p.targetPort)) p.targetPort = typeof p.port === 'number' ? p.port : 0;
  }
  const type = spec.type;
  const externallyAccessible = type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && !isEmpty(spec.externalIPs));
  if (externallyAccessible) defaultValue(spec, 'externalTrafficPolicy', 'Cluster');
  if (isNil(spec.internalTrafficPolicy) && (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP')) {
    spec.internalTrafficPolicy = 'Cluster';
  }
  if (type === 'LoadBalancer') {
    defaultPtr(spec, 'allocateLoadBalancerNodePorts', true);
    const lb = ptrStruct(obj, 'status') && ptrStruct(obj.status as JsonObject, 'loadBalancer');
    for (const ing of objectItems(lb?.ingress)) {
      if (!isZero(ing.ip) && isNil(ing.ipMode)) ing.ipMode = 'VIP';
    }
  }
}

function replicationController(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  const template = ptrStruct(spec, 'template');
  const labels = template && ptrStruct(template, 'metadata') ? (template.metadata as JsonObject).labels : undefined;
  if (isObject(labels)) {
    if (isEmpty(spec.selector)) spec.selector = deepCopy(labels);
    const meta = structField(obj, 'metadata');
    if (isEmpty(meta.labels)) meta.labels = deepCopy(labels);
  }
  // Declared with +default=1 upstream.
  defaultPtr(spec, 'replicas', 1);
}

function persistentVolume(obj: JsonObject): void {
  defaultValue(structField(obj, 'status'), 'phase', 'Pending');
  const spec = structField(obj, 'spec');
  defaultValue(spec, 'persistentVolumeReclaimPolicy', 'Retain');
  defaultPtr(spec, 'volumeMode', 'Filesystem');
}

function endpoints(obj: JsonObject): void {
  for (const ss of objectItems(obj.subsets)) {
    for (const p of objectItems(ss.ports)) defaultValue(p, 'protocol', 'TCP');
  }
}

function namespace(obj: JsonObject): void {
  const meta = structField(obj, 'metadata');
  if (typeof meta.name === 'string' && meta.name.length > 0) {
    const labels = ptrStruct(meta, 'labels') ?? {};
    labels['kubernetes.io/metadata.name'] = meta.name;
    meta.labels = labels;
  }
  // SetDefaults_NamespaceStatus
  defaultValue(structField(obj, 'status'), 'phase', 'Active');
}

function node(obj: JsonObject): void {
  const status = ptrStruct(obj, 'status');
  if (status && isNil(status.allocatable) && !isNil(status.capacity)) status.allocatable = deepCopy(status.capacity);
}

function limitRangeItem(obj: JsonObject): void {
  if (obj.type !== 'Container') return;
  const def = ptrStruct(obj, 'default') ?? {};
  const defReq = ptrStruct(obj, 'defaultRequest') ?? {};
  const fill = (target: JsonObject, from: unknown) => {
    if (!isObject(from)) return;
    for (const [k, v] of Object.entries(from)) if (!Object.hasOwn(target, k)) target[k] = deepCopy(v);
  };
  fill(def, obj.max);
  fill(defReq, def);
  fill(defReq, obj.min);
  // Empty maps are omitted on the wire: only materialise what holds entries.
  if (Object.keys(def).length || !isNil(obj.default)) obj.default = def;
  if (Object.keys(defReq).length || !isNil(obj.defaultRequest)) obj.defaultRequest = defReq;
}

/**
 * Besides defaulting type, the v1 → internal conversion every decoded Secret goes
 * through (pkg/apis/core/v1/conversion.go Convert_v1_Secret_To_core_Secret): stringData
 * entries merge over data, and stringData itself is never stored.
 */
function secret(o: JsonObject): void {
  defaultValue(o, 'type', 'Opaque');
  const sd = o.stringData;
  if (sd !== null && typeof sd === 'object' && !Array.isArray(sd)) {
    const data = o.data !== null && typeof o.data === 'object' && !Array.isArray(o.data) ? (o.data as JsonObject) : {};
    for (const [k, v] of Object.entries(sd)) data[k] = Buffer.from(typeof v === 'string' ? v : '', 'utf8').toString('base64');
    if (Object.keys(data).length > 0) o.data = data;
  }
  delete o.stringData;
}

export const coreDefaulters: Record<string, TypeDefaulter> = {
  [C + 'Pod']: pod,
  [C + 'PodSpec']: podSpec,
  [C + 'Container']: container,
  [C + 'EphemeralContainer']: container,
  [C + 'Probe']: probe,
  [C + 'HTTPGetAction']: (o) => {
    defaultValue(o, 'path', '/');
    defaultValue(o, 'scheme', 'HTTP');
  },
  [C + 'Volume']: volume,
  [C + 'SecretVolumeSource']: defaultModeOf,
  [C + 'ConfigMapVolumeSource']: defaultModeOf,
  [C + 'DownwardAPIVolumeSource']: defaultModeOf,
  [C + 'ProjectedVolumeSource']: defaultModeOf,
  [C + 'ServiceAccountTokenProjection']: (o) => defaultPtr(o, 'expirationSeconds', 3600),
  [C + 'HostPathVolumeSource']: (o) => defaultPtr(o, 'type', ''),
  [C + 'ObjectFieldSelector']: (o) => defaultValue(o, 'apiVersion', 'v1'),
  [C + 'Service']: service,
  [C + 'ReplicationController']: replicationController,
  [C + 'PersistentVolume']: persistentVolume,
  [C + 'PersistentVolumeClaim']: (o) => defaultValue(structField(o, 'status'), 'phase', 'Pending'),
  [C + 'PersistentVolumeClaimSpec']: (o) => defaultPtr(o, 'volumeMode', 'Filesystem'),
  [C + 'Endpoints']: endpoints,
  [C + 'Namespace']: namespace,
  [C + 'Node']: node,
  [C + 'LimitRangeItem']: limitRangeItem,
  [C + 'Secret']: secret,
};
