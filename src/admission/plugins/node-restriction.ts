// The NodeRestriction admission plugin's decisions (upstream plugin/pkg/admission/noderestriction):
// a node may only create mirror pods bound to itself, change the status of its own pods,
// PVC status, its own Node (not its taints, config source or restricted labels), its own
// Lease, CSINode and ResourceSlices, and request tokens bound to its own pods. Requests of
// non-nodes pass untouched. A pure function: callers supply the object(s) and the lookups.

import { isDeepStrictEqual } from 'node:util';
import { forbidden, notFound, StatusError, type GroupResource } from '../../apimachinery/errors.js';
import type { UserInfo } from '../../authn/types.js';
import { nodeIdentity } from '../../authz/node/identity.js';
import { podConfigMapNames, podSecretNames } from '../../authz/node/object-refs.js';
import type { Obj } from '../../types/kind.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

export const NODE_RESTRICTION_PLUGIN = 'NodeRestriction';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface NodeRestrictionRequest {
  user: UserInfo;
  operation: AdmissionOperation;
  group: string;
  resource: string;
  subresource: string;
  namespace: string;
  /** The name from the request path ('' on create). */
  name: string;
  object?: Obj;
  oldObject?: Obj;
}

/** Reads of the current state (upstream uses informer listers). */
export interface NodeRestrictionLookup {
  pod(namespace: string, name: string): Obj | undefined;
  node(name: string): Obj | undefined;
}

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
const NODE_LEASE_NAMESPACE = 'kube-node-lease';
const NODE_RESTRICTION_LABEL_NAMESPACE = 'node-restriction.kubernetes.io';
const KUBELET_LABELS = new Set([
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'beta.kubernetes.io/instance-type',
  'node.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
]);
const KUBELET_LABEL_NAMESPACES = ['kubelet.kubernetes.io', 'node.kubernetes.io'];

class Denied extends Error {}

/** undefined: admitted. Otherwise upstream's error (403 Forbidden, or 404 when a looked-up object is gone). */
export function admitNodeRestriction(req: NodeRestrictionRequest, lookup: NodeRestrictionLookup): StatusError | undefined {
  if (req.operation === 'CONNECT') return undefined;
  const nodeName = nodeIdentity(req.user);
  if (nodeName === undefined) return undefined;
  try {
    if (nodeName === '') throw new Denied(`could not determine node from user "${req.user.username}"`);
    check(nodeName, req, lookup);
    return undefined;
  } catch (e) {
    if (e instanceof Denied) return forbiddenFor(req, e.message);
    if (e instanceof StatusError) return e;
    throw e;
  }
}

/** admission.NewForbidden: the object's name (or generateName), else "Unknown". */
function forbiddenFor(req: NodeRestrictionRequest, why: string): StatusError {
  const meta = req.object?.metadata;
  const name = meta?.name || meta?.generateName || 'Unknown';
  return forbidden({ group: req.group, resource: req.resource }, name, why);
}

function check(nodeName: string, req: NodeRestrictionRequest, lookup: NodeRestrictionLookup): void {
  switch (`${req.group}/${req.resource}`) {
    case '/pods':
      if (req.subresource === '') return admitPod(nodeName, req, lookup);
      if (req.subresource === 'status') return admitPodStatus(nodeName, req);
      if (req.subresource === 'eviction') return admitPodEviction(nodeName, req, lookup);
      throw new Denied(`unexpected pod subresource "${req.subresource}", only 'status' and 'eviction' are allowed`);
    case '/nodes':
      return admitNode(nodeName, req);
    case '/persistentvolumeclaims':
      if (req.subresource === 'status') return admitPvcStatus(nodeName, req);
      throw new Denied('may only update PVC status');
    case '/serviceaccounts':
      return admitServiceAccount(nodeName, req, lookup);
    case 'coordination.k8s.io/leases':
      return admitNamedAfterNode(nodeName, req, 'node lease', NODE_LEASE_NAMESPACE);
    case 'storage.k8s.io/csinodes':
      return admitNamedAfterNode(nodeName, req, 'CSINode');
    case 'resource.k8s.io/resourceslices':
      return admitResourceSlice(nodeName, req);
  }
}

const POD: GroupResource = { group: '', resource: 'pod' };

/** Upstream's listers report a missing object with the singular resource name. */
function existingPod(lookup: NodeRestrictionLookup, namespace: string, name: string): Obj {
  const pod = lookup.pod(namespace, name);
  if (!pod) throw notFound(POD, name);
  return pod;
}

function admitPod(nodeName: string, req: NodeRestrictionRequest, lookup: NodeRestrictionLookup): void {
  if (req.operation === 'CREATE') return admitMirrorPodCreate(nodeName, req.object ?? {}, lookup);
  if (req.operation === 'DELETE') {
    if (existingPod(lookup, req.namespace, req.name).spec?.nodeName !== nodeName) {
      throw new Denied(`node "${nodeName}" can only delete pods with spec.nodeName set to itself`);
    }
    return;
  }
  throw new Denied(`unexpected operation "${req.operation}", node "${nodeName}" can only create and delete mirror pods`);
}

function admitMirrorPodCreate(nodeName: string, pod: Obj, lookup: NodeRestrictionLookup): void {
  const meta = pod.metadata ?? {};
  const spec = pod.spec ?? {};
  if (!(MIRROR_POD_ANNOTATION in (meta.annotations ?? {}))) {
    throw new Denied(`pod does not have "${MIRROR_POD_ANNOTATION}" annotation, node "${nodeName}" can only create mirror pods`);
  }
  if (spec.nodeName !== nodeName) throw new Denied(`node "${nodeName}" can only create pods with spec.nodeName set to itself`);
  const owners: Obj[] = meta.ownerReferences ?? [];
  if (owners.length > 1) throw new Denied(`node "${nodeName}" can only create pods with a single owner reference set to itself`);
  if (owners.length === 0) throw new Denied(`node "${nodeName}" can only create pods with an owner reference set to itself`);
  const owner = owners[0]!;
  if (owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== nodeName) {
    throw new Denied(`node "${nodeName}" can only create pods with an owner reference set to itself`);
  }
  if (owner.controller !== true) throw new Denied(`node "${nodeName}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) throw new Denied(`node "${nodeName}" must not set blockOwnerDeletion on an owner reference`);
  const node = lookup.node(nodeName);
  if (!node) throw notFound({ group: '', resource: 'node' }, nodeName);
  if (owner.uid !== node.metadata.uid) throw new Denied(`node ${nodeName} UID mismatch: expected ${owner.uid} got ${node.metadata.uid}`);
  // A mirror pod may not reach any other API object (the node authorizer's graph would follow it).
  if (spec.serviceAccountName) throw new Denied(`node "${nodeName}" can not create pods that reference a service account`);
  if (podSecretNames(pod).length) throw new Denied(`node "${nodeName}" can not create pods that reference secrets`);
  if (podConfigMapNames(pod).length) throw new Denied(`node "${nodeName}" can not create pods that reference configmaps`);
  for (const v of spec.volumes ?? []) {
    for (const src of v.projected?.sources ?? []) {
      if (src?.clusterTrustBundle) throw new Denied(`node "${nodeName}" can not create pods that reference clustertrustbundles`);
    }
  }
  if ((spec.volumes ?? []).some((v: Obj) => v.persistentVolumeClaim)) {
    throw new Denied(`node "${nodeName}" can not create pods that reference persistentvolumeclaims`);
  }
  if ((spec.resourceClaims ?? []).length) throw new Denied(`node "${nodeName}" can not create pods that reference resourceclaims`);
}

function admitPodStatus(nodeName: string, req: NodeRestrictionRequest): void {
  if (req.operation !== 'UPDATE') throw new Denied(`unexpected operation "${req.operation}"`);
  const oldPod = req.oldObject ?? {};
  const newPod = req.object ?? {};
  if (oldPod.spec?.nodeName !== nodeName) throw new Denied(`node "${nodeName}" can only update pod status for pods with spec.nodeName set to itself`);
  if (!isDeepStrictEqual(oldPod.metadata?.labels ?? {}, newPod.metadata?.labels ?? {})) throw new Denied(`node "${nodeName}" cannot update labels through pod status`);
  const claims = (p: Obj) => ((p.status?.resourceClaimStatuses ?? []) as Obj[]).map((s) => [s.name, s.resourceClaimName ?? null]);
  if (!isDeepStrictEqual(claims(oldPod), claims(newPod))) throw new Denied(`node "${nodeName}" cannot update resource claim statues`);
}

function admitPodEviction(nodeName: string, req: NodeRestrictionRequest, lookup: NodeRestrictionLookup): void {
  if (req.operation !== 'CREATE') throw new Denied(`unexpected operation ${req.operation}`);
  const podName = req.name || req.object?.metadata?.name;
  if (!podName) throw new Denied('could not determine pod from request data');
  if (existingPod(lookup, req.namespace, podName).spec?.nodeName !== nodeName) {
    throw new Denied(`node ${nodeName} can only evict pods with spec.nodeName set to itself`);
  }
}

/** Only status.capacity, status.conditions and (RecoverVolumeExpansionFailure, GA) the allocated fields may change. */
function admitPvcStatus(nodeName: string, req: NodeRestrictionRequest): void {
  if (req.operation !== 'UPDATE') throw new Denied(`unexpected operation "${req.operation}"`);
  const strip = (pvc: Obj | undefined): Obj => {
    const c = structuredClone(pvc ?? {});
    if (c.metadata) {
      delete c.metadata.resourceVersion;
      delete c.metadata.managedFields;
    }
    if (c.status) for (const f of ['capacity', 'conditions', 'allocatedResourceStatuses', 'allocatedResources']) delete c.status[f];
    return c;
  };
  if (!isDeepStrictEqual(strip(req.oldObject), strip(req.object))) {
    throw new Denied(`node "${nodeName}" is not allowed to update fields other than status.capacity and status.conditions`);
  }
}

function labelNamespace(key: string): string {
  const i = key.indexOf('/');
  return i >= 0 ? key.slice(0, i) : '';
}

const inNamespace = (ns: string, domain: string): boolean => ns === domain || ns.endsWith('.' + domain);

function isKubeletLabel(key: string): boolean {
  if (KUBELET_LABELS.has(key)) return true;
  const ns = labelNamespace(key);
  return KUBELET_LABEL_NAMESPACES.some((allowed) => inNamespace(ns, allowed));
}

/** Labels a node may not add, remove or change on itself, sorted. */
function forbiddenLabels(now: Record<string, string> = {}, before: Record<string, string> = {}): string[] {
  const modified = new Set<string>();
  for (const [k, v] of Object.entries(now)) if (before[k] !== v) modified.add(k);
  for (const [k, v] of Object.entries(before)) if (now[k] !== v) modified.add(k);
  const out: string[] = [];
  for (const label of modified) {
    const ns = labelNamespace(label);
    const kubernetesLabel = inNamespace(ns, 'kubernetes.io') || inNamespace(ns, 'k8s.io');
    if (inNamespace(ns, NODE_RESTRICTION_LABEL_NAMESPACE) || (kubernetesLabel && !isKubeletLabel(label))) out.push(label);
  }
  return out.sort();
}

function admitNode(nodeName: string, req: NodeRestrictionRequest): void {
  // On create the path has no name: the object's is the one requested.
  const requested = req.operation === 'CREATE' ? (req.name || req.object?.metadata?.name || '') : req.name;
  if (requested !== nodeName) throw new Denied(`node "${nodeName}" is not allowed to modify node "${requested}"`);
  const node = req.object ?? {};
  if (req.operation === 'CREATE') {
    if (node.spec?.configSource) throw new Denied(`node "${nodeName}" is not allowed to create pods with a non-nil configSource`);
    const bad = forbiddenLabels(node.metadata?.labels);
    if (bad.length) throw new Denied(`node "${nodeName}" is not allowed to set the following labels: ${bad.join(', ')}`);
  }
  if (req.operation === 'UPDATE') {
    const old = req.oldObject ?? {};
    if (node.spec?.configSource && !isDeepStrictEqual(node.spec.configSource, old.spec?.configSource)) {
      throw new Denied(`node "${nodeName}" is not allowed to update configSource to a new non-nil configSource`);
    }
    if (!isDeepStrictEqual(node.spec?.taints ?? [], old.spec?.taints ?? [])) throw new Denied(`node "${nodeName}" is not allowed to modify taints`);
    const bad = forbiddenLabels(node.metadata?.labels, old.metadata?.labels);
    if (bad.length) throw new Denied(`is not allowed to modify labels: ${bad.join(', ')}`);
  }
}

function admitServiceAccount(nodeName: string, req: NodeRestrictionRequest, lookup: NodeRestrictionLookup): void {
  if (req.operation !== 'CREATE' || req.subresource !== 'token') return;
  const ref = req.object?.spec?.boundObjectRef;
  if (!ref || ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || !ref.name) throw new Denied('node requested token not bound to a pod');
  if (!ref.uid) throw new Denied('node requested token with a pod binding without a uid');
  const pod = existingPod(lookup, req.namespace, ref.name);
  if (ref.uid !== pod.metadata.uid) {
    throw new Denied(`the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  if (pod.spec?.nodeName !== nodeName) throw new Denied('node requested token bound to a pod scheduled on a different node');
}

/** Leases (in kube-node-lease) and CSINodes: only the one named after the node. */
function admitNamedAfterNode(nodeName: string, req: NodeRestrictionRequest, what: string, namespace?: string): void {
  if (namespace !== undefined && req.namespace !== namespace) throw new Denied(`can only access leases in the "${namespace}" system namespace`);
  const name = req.operation === 'CREATE' ? req.object?.metadata?.name : req.name;
  if (name !== nodeName) throw new Denied(`can only access ${what} with the same name as the requesting node`);
}

function admitResourceSlice(nodeName: string, req: NodeRestrictionRequest): void {
  // The authorizer cannot see the object of a create, nor each object of a deletecollection.
  if (req.operation === 'CREATE' && req.object?.spec?.nodeName !== nodeName) {
    throw new Denied('can only create ResourceSlice with the same NodeName as the requesting node');
  }
  if (req.operation === 'DELETE' && req.oldObject?.spec?.nodeName !== nodeName) {
    throw new Denied('can only delete ResourceSlice with the same NodeName as the requesting node');
  }
}

/**
 * The plugin: decisions on create and update in the mutating phase (as upstream's Admit);
 * deletes in the validating phase, where the stored object is known. The objects a decision
 * may look up (the named pod, the bound pod of a token request, the node) are read first.
 */
export function nodeRestriction(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);
  const decide = async (a: Attributes): Promise<void> => {
    const nodeName = nodeIdentity(a.userInfo);
    if (nodeName === undefined || a.operation === 'CONNECT') return;
    const pods = new Map<string, Obj>();
    for (const name of new Set([a.name, a.object?.spec?.boundObjectRef?.name].filter((n): n is string => typeof n === 'string' && n !== ''))) {
      const pod = a.namespace ? await objects.get('', 'pods', a.namespace, name) : undefined;
      if (pod) pods.set(name, pod);
    }
    const node = nodeName ? await objects.get('', 'nodes', '', nodeName) : undefined;
    const lookup: NodeRestrictionLookup = {
      pod: (namespace, name) => (namespace === a.namespace ? pods.get(name) : undefined),
      node: (name) => (name === nodeName ? node : undefined),
    };
    const err = admitNodeRestriction(
      {
        user: a.userInfo,
        operation: a.operation,
        group: a.resource.group,
        resource: a.resource.resource,
        subresource: a.subresource,
        namespace: a.namespace,
        name: a.name,
        object: a.object,
        oldObject: a.oldObject,
      },
      lookup,
    );
    if (err) throw err;
  };
  return {
    name: NODE_RESTRICTION_PLUGIN,
    handles: (op) => op !== 'CONNECT',
    admit: (a) => (a.operation === 'DELETE' ? undefined : decide(a)),
    validate: (a) => (a.operation === 'DELETE' ? decide(a) : undefined),
  };
}
