// What quota charges for an object, per resource (k8s.io/apiserver pkg/quota/v1/generic
// for object counts; k8s.io/kubernetes pkg/quota/v1/evaluator/core for pods, services and
// persistent volume claims, with the legacy count names). Shared by quota admission and
// the quota controller.

import type { Obj } from '../types/kind.js';
import { Quantity } from '../apimachinery/quantity.js';
import { podLimits, podRequests } from './pod-resources.js';
import { add, intersection, parseResourceList, type ResourceList } from './resources.js';

export interface ScopeRequirement {
  scopeName: string;
  operator: string;
  values?: string[];
}

export interface Evaluator {
  group: string;
  resource: string;
  /** Whether an operation on this resource is charged (upstream's Handles). */
  handles(operation: string, subresource: string): boolean;
  /** The quota resource names among `names` this evaluator tracks. */
  matchingResources(names: readonly string[]): string[];
  matchesScope(scope: ScopeRequirement, obj: Obj): boolean;
  usage(obj: Obj, now: number): ResourceList;
  /** Why an object can't be charged against quotas that track `required` (pods: missing requests/limits). */
  constraints(required: readonly string[], obj: Obj): string | undefined;
}

const ONE = new Quantity(1n, 0, 'DecimalSI');
const ZERO = new Quantity(0n, 0, 'DecimalSI');

export function objectCountName(group: string, resource: string): string {
  return group ? `count/${resource}.${group}` : `count/${resource}`;
}

function countEvaluator(group: string, resource: string, alias?: string): Evaluator {
  const tracked = [objectCountName(group, resource), ...(alias ? [alias] : [])];
  return {
    group,
    resource,
    handles: (op, sub) => sub === '' && op === 'CREATE',
    matchingResources: (names) => intersection(names, tracked),
    matchesScope: () => false,
    usage: () => Object.fromEntries(tracked.map((n) => [n, ONE])),
    constraints: () => undefined,
  };
}

// ---- pods ----

const POD_RESOURCES = [
  'count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
];
const POD_PREFIXES = ['hugepages-', 'requests.hugepages-'];
/** If a quota tracks these, every container must set them (a backward-compatibility rule upstream keeps). */
const VALIDATION_SET = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** `requests.<extended resource>`: the only quota form of extended resources. */
function isExtendedResourceNameForQuota(name: string): boolean {
  return !isNativeResource(name) && name.startsWith('requests.');
}

function isExtendedResourceName(name: string): boolean {
  return !isNativeResource(name) && !name.startsWith('requests.');
}

/** What a container (or a pod's effective requests and limits) charges. */
function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = { pods: ONE };
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    if (requests[r]) {
      out[r] = requests[r];
      out[`requests.${r}`] = requests[r];
    }
    if (limits[r]) out[`limits.${r}`] = limits[r];
  }
  for (const [k, v] of Object.entries(requests)) {
    if (k.startsWith('hugepages-')) {
      out[k] = v;
      out[`requests.${k}`] = v;
    }
    if (isExtendedResourceName(k)) out[`requests.${k}`] = v;
  }
  return out;
}

function containersOf(pod: Obj): Obj[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((c) => c && typeof c === 'object') : []);
  return [...list(pod?.spec?.containers), ...list(pod?.spec?.initContainers)];
}

/** Terminal pods and pods stuck past their deletion grace are not charged (QuotaV1Pod). */
function podCharged(pod: Obj, now: number): boolean {
  const phase = pod?.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const ts = pod?.metadata?.deletionTimestamp;
  const grace = pod?.metadata?.deletionGracePeriodSeconds;
  if (ts && typeof grace === 'number') {
    const at = Date.parse(ts);
    if (Number.isFinite(at) && now > at + grace * 1000) return false;
  }
  return true;
}

const QOS_RESOURCES = ['cpu', 'memory'];

function isBestEffort(pod: Obj): boolean {
  const lists = [...containersOf(pod).flatMap((c) => [c.resources?.requests, c.resources?.limits]), pod?.spec?.resources?.requests, pod?.spec?.resources?.limits];
  for (const l of lists) {
    const parsed = parseResourceList(l);
    if (QOS_RESOURCES.some((r) => parsed[r] && parsed[r].sign() > 0)) return false;
  }
  return true;
}

function isTerminating(pod: Obj): boolean {
  const s = pod?.spec?.activeDeadlineSeconds;
  return typeof s === 'number' && s >= 0;
}

function usesCrossNamespacePodAffinity(pod: Obj): boolean {
  const affinity = pod?.spec?.affinity;
  if (!affinity) return false;
  const terms: Obj[] = [];
  for (const kind of [affinity.podAffinity, affinity.podAntiAffinity]) {
    if (!kind) continue;
    for (const t of kind.requiredDuringSchedulingIgnoredDuringExecution ?? []) terms.push(t);
    for (const w of kind.preferredDuringSchedulingIgnoredDuringExecution ?? []) if (w?.podAffinityTerm) terms.push(w.podAffinityTerm);
  }
  return terms.some((t) => (Array.isArray(t?.namespaces) && t.namespaces.length > 0) || (t?.namespaceSelector !== undefined && t?.namespaceSelector !== null));
}

/** A scope selector over one value, as a label selector on the key `scopeName` (absent when ''). */
export function valueMatches(scope: ScopeRequirement, value: string): boolean {
  const present = value !== '';
  const values = scope.values ?? [];
  switch (scope.operator) {
    case 'In':
      return present && values.includes(value);
    case 'NotIn':
      return !(present && values.includes(value));
    case 'Exists':
      return present;
    case 'DoesNotExist':
      return !present;
    default:
      return false;
  }
}

const podEvaluator: Evaluator = {
  group: '',
  resource: 'pods',
  handles: (op, sub) => (sub === '' && op === 'CREATE') || (sub === 'resize' && op === 'UPDATE'),
  matchingResources(names) {
    const out = intersection(names, POD_RESOURCES);
    for (const n of names) if (POD_PREFIXES.some((p) => n.startsWith(p)) || isExtendedResourceNameForQuota(n)) out.push(n);
    return [...new Set(out)];
  },
  matchesScope(scope, pod) {
    switch (scope.scopeName) {
      case 'Terminating':
        return isTerminating(pod);
      case 'NotTerminating':
        return !isTerminating(pod);
      case 'BestEffort':
        return isBestEffort(pod);
      case 'NotBestEffort':
        return !isBestEffort(pod);
      case 'PriorityClass':
        return valueMatches(scope, typeof pod?.spec?.priorityClassName === 'string' ? pod.spec.priorityClassName : '');
      case 'CrossNamespacePodAffinity':
        return usesCrossNamespacePodAffinity(pod);
      default:
        return false;
    }
  },
  usage(pod, now) {
    const out: ResourceList = { 'count/pods': ONE };
    if (!podCharged(pod, now)) return out;
    return add(out, computeUsage(podRequests(pod), podLimits(pod)));
  },
  constraints(required, pod) {
    const requiredSet = required.filter((r) => VALIDATION_SET.has(r));
    const missing = new Map<string, Set<string>>();
    for (const c of containersOf(pod)) {
      const have = computeUsage(parseResourceList(c.resources?.requests), parseResourceList(c.resources?.limits));
      for (const r of requiredSet) {
        if (have[r]) continue;
        if (!missing.has(r)) missing.set(r, new Set());
        missing.get(r)!.add(String(c.name ?? ''));
      }
    }
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
};

// ---- services ----

const SERVICE_RESOURCES = ['count/services', 'services', 'services.nodeports', 'services.loadbalancers'];

const serviceEvaluator: Evaluator = {
  group: '',
  resource: 'services',
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchingResources: (names) => intersection(names, SERVICE_RESOURCES),
  matchesScope: () => false,
  usage(svc) {
    const ports: Obj[] = Array.isArray(svc?.spec?.ports) ? svc.spec.ports : [];
    const out: ResourceList = { 'count/services': ONE, services: ONE, 'services.loadbalancers': ZERO, 'services.nodeports': ZERO };
    const type = svc?.spec?.type;
    if (type === 'NodePort') out['services.nodeports'] = Quantity.fromInt(BigInt(ports.length));
    if (type === 'LoadBalancer') {
      // With node ports suppressed only ports that name one count.
      const n = svc.spec.allocateLoadBalancerNodePorts === false ? ports.filter((p) => Number(p?.nodePort ?? 0) !== 0).length : ports.length;
      out['services.nodeports'] = Quantity.fromInt(BigInt(n));
      out['services.loadbalancers'] = ONE;
    }
    return out;
  },
  constraints: () => undefined,
};

// ---- persistent volume claims ----

const PVC_RESOURCES = ['persistentvolumeclaims', 'count/persistentvolumeclaims', 'requests.storage'];
export const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

function storageClassOf(pvc: Obj): string {
  const fromSpec = pvc?.spec?.storageClassName;
  if (typeof fromSpec === 'string') return fromSpec;
  const beta = pvc?.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
  return typeof beta === 'string' ? beta : '';
}

/** The larger of the request and what was allocated (a shrinking resize still holds the larger size). */
function storageUsage(pvc: Obj): Quantity | undefined {
  const req = parseResourceList(pvc?.spec?.resources?.requests).storage;
  const alloc = parseResourceList(pvc?.status?.allocatedResources).storage;
  if (req && alloc) return alloc.cmp(req) > 0 ? alloc : req;
  return req ?? alloc;
}

const pvcEvaluator: Evaluator = {
  group: '',
  resource: 'persistentvolumeclaims',
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchingResources(names) {
    const out: string[] = [];
    for (const n of names) {
      if (PVC_RESOURCES.includes(n) || PVC_RESOURCES.some((r) => n.endsWith(STORAGE_CLASS_SUFFIX + r))) out.push(n);
    }
    return [...new Set(out)].sort();
  },
  matchesScope(scope, pvc) {
    if (scope.scopeName !== 'VolumeAttributesClass') return false;
    const names = [pvc?.spec?.volumeAttributesClassName, pvc?.status?.currentVolumeAttributesClassName, pvc?.status?.modifyVolumeStatus?.targetVolumeAttributesClassName];
    const set = names.filter((n): n is string => typeof n === 'string' && n !== '');
    if (set.length === 0) return valueMatches(scope, '');
    return set.some((n) => valueMatches(scope, n));
  },
  usage(pvc) {
    const out: ResourceList = { 'count/persistentvolumeclaims': ONE, persistentvolumeclaims: ONE };
    const cls = storageClassOf(pvc);
    if (cls) out[`${cls}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`] = ONE;
    const storage = storageUsage(pvc);
    if (storage) {
      out['requests.storage'] = storage;
      if (cls) out[`${cls}${STORAGE_CLASS_SUFFIX}requests.storage`] = storage;
    }
    return out;
  },
  constraints: () => undefined,
};

// ---- the registry ----

const SPECIAL = new Map<string, Evaluator>([
  ['/pods', podEvaluator],
  ['/services', serviceEvaluator],
  ['/persistentvolumeclaims', pvcEvaluator],
  ['/configmaps', countEvaluator('', 'configmaps', 'configmaps')],
  ['/resourcequotas', countEvaluator('', 'resourcequotas', 'resourcequotas')],
  ['/replicationcontrollers', countEvaluator('', 'replicationcontrollers', 'replicationcontrollers')],
  ['/secrets', countEvaluator('', 'secrets', 'secrets')],
]);

/** Resources quota never charges (upstream's ignored resources). */
const IGNORED = new Set(['/events', 'events.k8s.io/events']);

const generic = new Map<string, Evaluator>();

/** The evaluator of a group's resource: a special one, else an object counter; undefined when ignored. */
export function evaluatorFor(group: string, resource: string): Evaluator | undefined {
  const key = `${group}/${resource}`;
  if (IGNORED.has(key)) return undefined;
  const special = SPECIAL.get(key);
  if (special) return special;
  let ev = generic.get(key);
  if (!ev) {
    ev = countEvaluator(group, resource);
    generic.set(key, ev);
  }
  return ev;
}

/** The scopes and scope selector of a quota as one list of requirements (Exists for each scope). */
export function quotaScopeSelectors(quota: Obj): ScopeRequirement[] {
  const out: ScopeRequirement[] = [];
  for (const s of Array.isArray(quota?.spec?.scopes) ? quota.spec.scopes : []) out.push({ scopeName: String(s), operator: 'Exists' });
  const exprs = quota?.spec?.scopeSelector?.matchExpressions;
  if (Array.isArray(exprs)) for (const e of exprs) if (e && typeof e === 'object') out.push({ scopeName: String(e.scopeName), operator: String(e.operator), values: Array.isArray(e.values) ? e.values.map(String) : undefined });
  return out;
}

/** Whether a quota (by its status.hard and scopes) constrains an object. */
export function quotaMatches(ev: Evaluator, quota: Obj, obj: Obj): boolean {
  const hard = Object.keys(quota?.status?.hard ?? {});
  if (ev.matchingResources(hard).length === 0) return false;
  return quotaScopeSelectors(quota).every((s) => ev.matchesScope(s, obj));
}

export function matchingScopes(ev: Evaluator, obj: Obj, selectors: readonly ScopeRequirement[]): ScopeRequirement[] {
  return selectors.filter((s) => ev.matchesScope(s, obj));
}

/** Go's %v of a []ScopedResourceSelectorRequirement: [{PriorityClass In [a b]}]. */
export function formatScopes(scopes: readonly ScopeRequirement[]): string {
  return `[${scopes.map((s) => `{${s.scopeName} ${s.operator} [${(s.values ?? []).join(' ')}]}`).join(' ')}]`;
}

/** Parse a quota's hard limits (spec) as quantities, canonical. */
export function hardOf(quota: Obj): ResourceList {
  return parseResourceList(quota?.spec?.hard);
}

