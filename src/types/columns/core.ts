// core/v1 printers other than Pod (see pod.ts) and Event (see event.ts).

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import {
  ageColumn,
  arr,
  col,
  containerCells,
  formatLabels,
  goSorted,
  int,
  len,
  quantityValue,
  str,
  templateColumns,
} from './format.js';

// ---------------------------------------------------------------------------
// PodTemplate, ReplicationController
// ---------------------------------------------------------------------------

export const podTemplateColumns: TableColumn[] = [
  col('Containers', 'string', 'Names of each container in the template.', (o) => containerCells(o.template?.spec?.containers).names),
  col('Images', 'string', 'Images referenced by each container in the template.', (o) => containerCells(o.template?.spec?.containers).images),
  col('Pod Labels', 'string', 'The labels for the pod template.', (o) => formatLabels(o.template?.metadata?.labels)),
];

export const replicationControllerColumns: TableColumn[] = [
  col('Desired', 'integer', DOCS['v1.ReplicationControllerSpec.replicas'], (o) => int(o.spec?.replicas ?? 1)),
  col('Current', 'integer', DOCS['v1.ReplicationControllerStatus.replicas'], (o) => int(o.status?.replicas)),
  col('Ready', 'integer', DOCS['v1.ReplicationControllerStatus.readyReplicas'], (o) => int(o.status?.readyReplicas)),
  ageColumn(),
  ...templateColumns((o) => o.spec?.template?.spec?.containers),
  col('Selector', 'string', DOCS['v1.ReplicationControllerSpec.selector'], (o) => formatLabels(o.spec?.selector), 1),
];

// ---------------------------------------------------------------------------
// Service
// ---------------------------------------------------------------------------

/** loadBalancerStatusStringer, wide (the server always prints wide): sorted unique IPs or hostnames. */
export function loadBalancerIngress(status: Obj | undefined): string {
  const set = new Set<string>();
  for (const ing of arr(status?.ingress)) {
    if (str(ing?.ip) !== '') set.add(str(ing.ip));
    else if (str(ing?.hostname) !== '') set.add(str(ing.hostname));
  }
  return goSorted(set).join(',');
}

function serviceExternalIP(svc: Obj): string {
  const externalIPs = arr(svc.spec?.externalIPs).map(str);
  switch (svc.spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerIngress(svc.status?.loadBalancer);
      if (externalIPs.length > 0) {
        const results = lbIps.length > 0 ? lbIps.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lbIps.length > 0 ? lbIps : '<pending>';
    }
    case 'ExternalName':
      return str(svc.spec?.externalName);
    default:
      return '<unknown>';
  }
}

/** makePortString: "port[:nodePort]/protocol" joined by ",". */
function servicePorts(svc: Obj): string {
  const pieces = arr(svc.spec?.ports).map((p) =>
    int(p?.nodePort) > 0 ? `${int(p?.port)}:${int(p.nodePort)}/${str(p?.protocol)}` : `${int(p?.port)}/${str(p?.protocol)}`,
  );
  const s = pieces.join(',');
  return s.length === 0 ? '<none>' : s;
}

function clusterIP(svc: Obj): string {
  const ips = arr(svc.spec?.clusterIPs);
  if (ips.length > 0) return str(ips[0]);
  // The internal object always carries clusterIPs when clusterIP is set.
  return str(svc.spec?.clusterIP) !== '' ? str(svc.spec.clusterIP) : '<none>';
}

export const serviceColumns: TableColumn[] = [
  col('Type', 'string', DOCS['v1.ServiceSpec.type'], (o) => str(o.spec?.type)),
  col('Cluster-IP', 'string', DOCS['v1.ServiceSpec.clusterIP'], clusterIP),
  col('External-IP', 'string', DOCS['v1.ServiceSpec.externalIPs'], serviceExternalIP),
  col('Port(s)', 'string', DOCS['v1.ServiceSpec.ports'], servicePorts),
  ageColumn(),
  col('Selector', 'string', DOCS['v1.ServiceSpec.selector'], (o) => formatLabels(o.spec?.selector), 1),
];

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/** net.JoinHostPort. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** formatEndpoints with all ports: up to three addresses, then " + N more...". */
function formatEndpoints(ep: Obj): string {
  const subsets = arr(ep.subsets);
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = arr(ss?.addresses);
    const ports = arr(ss?.ports);
    if (ports.length === 0) {
      // headless services may have no ports
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(str(a?.ip));
      }
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(joinHostPort(str(a?.ip), int(port?.port)));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export const endpointsColumns: TableColumn[] = [col('Endpoints', 'string', DOCS['v1.Endpoints.subsets'], formatEndpoints), ageColumn()];

// ---------------------------------------------------------------------------
// Node
// ---------------------------------------------------------------------------

const NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_ROLE_LABEL = 'kubernetes.io/role';

function nodeStatus(node: Obj): string {
  // The last Ready condition wins, as upstream's condition map does.
  let ready: Obj | undefined;
  for (const c of arr(node.status?.conditions)) if (c?.type === 'Ready') ready = c;
  const status: string[] = [];
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable === true) status.push('SchedulingDisabled');
  return status.join(',');
}

/** findNodeRoles: node-role.kubernetes.io/<role> keys and kubernetes.io/role values, sorted. */
export function nodeRoles(node: Obj): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries((node.metadata?.labels ?? {}) as Record<string, unknown>)) {
    if (k.startsWith(NODE_ROLE_PREFIX)) {
      const role = k.slice(NODE_ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_ROLE_LABEL && str(v) !== '') {
      roles.add(str(v));
    }
  }
  const s = goSorted(roles).join(',');
  return s.length === 0 ? '<none>' : s;
}

function nodeAddress(node: Obj, type: string): string {
  const a = arr(node.status?.addresses).find((x) => x?.type === type);
  return a ? str(a.address) : '<none>';
}

function orUnknown(v: unknown): string {
  return str(v) === '' ? '<unknown>' : str(v);
}

export const nodeColumns: TableColumn[] = [
  col('Status', 'string', 'The status of the node', nodeStatus),
  col('Roles', 'string', 'The roles of the node', nodeRoles),
  ageColumn(),
  col('Version', 'string', DOCS['v1.NodeSystemInfo.kubeletVersion'], (o) => str(o.status?.nodeInfo?.kubeletVersion)),
  col('Internal-IP', 'string', DOCS['v1.NodeStatus.addresses'], (o) => nodeAddress(o, 'InternalIP'), 1),
  col('External-IP', 'string', DOCS['v1.NodeStatus.addresses'], (o) => nodeAddress(o, 'ExternalIP'), 1),
  col('OS-Image', 'string', DOCS['v1.NodeSystemInfo.osImage'], (o) => orUnknown(o.status?.nodeInfo?.osImage), 1),
  col('Kernel-Version', 'string', DOCS['v1.NodeSystemInfo.kernelVersion'], (o) => orUnknown(o.status?.nodeInfo?.kernelVersion), 1),
  col('Container-Runtime', 'string', DOCS['v1.NodeSystemInfo.containerRuntimeVersion'], (o) => orUnknown(o.status?.nodeInfo?.containerRuntimeVersion), 1),
];

// ---------------------------------------------------------------------------
// Namespace, Secret, ServiceAccount, ConfigMap, ComponentStatus, ResourceQuota
// ---------------------------------------------------------------------------

export const namespaceColumns: TableColumn[] = [
  col('Status', 'string', 'The status of the namespace', (o) => str(o.status?.phase)),
  ageColumn(),
];

export const secretColumns: TableColumn[] = [
  col('Type', 'string', DOCS['v1.Secret.type'], (o) => str(o.type)),
  col('Data', 'string', DOCS['v1.Secret.data'], (o) => len(o.data)),
  ageColumn(),
];

export const serviceAccountColumns: TableColumn[] = [
  col('Secrets', 'string', DOCS['v1.ServiceAccount.secrets'], (o) => len(o.secrets)),
  ageColumn(),
];

export const configMapColumns: TableColumn[] = [
  col('Data', 'string', DOCS['v1.ConfigMap.data'], (o) => len(o.data) + len(o.binaryData)),
  ageColumn(),
];

function componentCondition(o: Obj): Obj | undefined {
  return arr(o.conditions).find((c) => c?.type === 'Healthy');
}

export const componentStatusColumns: TableColumn[] = [
  col('Status', 'string', 'Status of the component conditions', (o) => {
    const c = componentCondition(o);
    if (!c) return 'Unknown';
    return c.status === 'True' ? 'Healthy' : 'Unhealthy';
  }),
  col('Message', 'string', 'Message of the component conditions', (o) => str(componentCondition(o)?.message)),
  col('Error', 'string', 'Error of the component conditions', (o) => str(componentCondition(o)?.error)),
];

/** printResourceQuota: "name: used/hard" per resource in status.hard, limits.* in the Limit column. */
function quotaCells(rq: Obj): { request: string; limit: string } {
  const hard = (rq.status?.hard ?? {}) as Record<string, unknown>;
  const used = (rq.status?.used ?? {}) as Record<string, unknown>;
  const request: string[] = [];
  const limit: string[] = [];
  for (const name of goSorted(Object.keys(hard))) {
    const pieces = name.split('.');
    const target = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
    target.push(`${name}: ${quantityValue(used[name])}/${quantityValue(hard[name])}`);
  }
  return { request: request.join(', '), limit: limit.join(', ') };
}

export const resourceQuotaColumns: TableColumn[] = [
  col('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.', (o) => quotaCells(o).request),
  col(
    'Limit',
    'string',
    'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.',
    (o) => quotaCells(o).limit,
  ),
  ageColumn(),
];

// ---------------------------------------------------------------------------
// PersistentVolume, PersistentVolumeClaim
// ---------------------------------------------------------------------------

const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in that order, each once. */
export function accessModes(modes: unknown): string {
  const set = new Set(arr(modes).map(str));
  const out: string[] = [];
  if (set.has('ReadWriteOnce')) out.push('RWO');
  if (set.has('ReadOnlyMany')) out.push('ROX');
  if (set.has('ReadWriteMany')) out.push('RWX');
  if (set.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

function annotation(o: Obj, key: string): string | undefined {
  const a = o.metadata?.annotations;
  return a && typeof a === 'object' && Object.prototype.hasOwnProperty.call(a, key) ? str(a[key]) : undefined;
}

function deleting(o: Obj): boolean {
  return o.metadata?.deletionTimestamp !== undefined && o.metadata?.deletionTimestamp !== null;
}

function unsetIfAbsent(v: unknown): string {
  return v === undefined || v === null ? '<unset>' : str(v);
}

export const persistentVolumeColumns: TableColumn[] = [
  col('Capacity', 'string', DOCS['v1.PersistentVolumeSpec.capacity'], (o) => quantityValue(o.spec?.capacity?.storage)),
  col('Access Modes', 'string', DOCS['v1.PersistentVolumeSpec.accessModes'], (o) => accessModes(o.spec?.accessModes)),
  col('Reclaim Policy', 'string', DOCS['v1.PersistentVolumeSpec.persistentVolumeReclaimPolicy'], (o) => str(o.spec?.persistentVolumeReclaimPolicy)),
  col('Status', 'string', DOCS['v1.PersistentVolumeStatus.phase'], (o) => (deleting(o) ? 'Terminating' : str(o.status?.phase))),
  col('Claim', 'string', DOCS['v1.PersistentVolumeSpec.claimRef'], (o) => {
    const ref = o.spec?.claimRef;
    return ref ? `${str(ref.namespace)}/${str(ref.name)}` : '';
  }),
  col('StorageClass', 'string', 'StorageClass of the pv', (o) => annotation(o, BETA_STORAGE_CLASS_ANNOTATION) ?? str(o.spec?.storageClassName)),
  col('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv', (o) => unsetIfAbsent(o.spec?.volumeAttributesClassName)),
  col('Reason', 'string', DOCS['v1.PersistentVolumeStatus.reason'], (o) => str(o.status?.reason)),
  ageColumn(),
  col('VolumeMode', 'string', DOCS['v1.PersistentVolumeSpec.volumeMode'], (o) => unsetIfAbsent(o.spec?.volumeMode), 1),
];

function claimBound(o: Obj): boolean {
  return str(o.spec?.volumeName) !== '';
}

export const persistentVolumeClaimColumns: TableColumn[] = [
  col('Status', 'string', DOCS['v1.PersistentVolumeClaimStatus.phase'], (o) => (deleting(o) ? 'Terminating' : str(o.status?.phase))),
  col('Volume', 'string', DOCS['v1.PersistentVolumeClaimSpec.volumeName'], (o) => str(o.spec?.volumeName)),
  col('Capacity', 'string', DOCS['v1.PersistentVolumeClaimStatus.capacity'], (o) => (claimBound(o) ? quantityValue(o.status?.capacity?.storage) : '')),
  col('Access Modes', 'string', DOCS['v1.PersistentVolumeClaimStatus.accessModes'], (o) => (claimBound(o) ? accessModes(o.status?.accessModes) : '')),
  col('StorageClass', 'string', 'StorageClass of the pvc', (o) => annotation(o, BETA_STORAGE_CLASS_ANNOTATION) ?? str(o.spec?.storageClassName)),
  col('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc', (o) => unsetIfAbsent(o.spec?.volumeAttributesClassName)),
  ageColumn(),
  col('VolumeMode', 'string', DOCS['v1.PersistentVolumeClaimSpec.volumeMode'], (o) => unsetIfAbsent(o.spec?.volumeMode), 1),
];
