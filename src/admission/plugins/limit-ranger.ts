// LimitRanger (k8s.io/kubernetes plugin/pkg/admission/limitranger/admission.go): the
// namespace's LimitRanges default a new pod's container requests and limits (mutating,
// noted in the kubernetes.io/limit-ranger annotation) and bound them (validating):
// min, max and maxLimitRequestRatio per Container and per Pod, min and max of a
// PersistentVolumeClaim's storage request. Pods are looked at on create and on the
// resize subresource (their containers are immutable otherwise), claims on create and update.

import { Quantity } from '../../apimachinery/quantity.js';
import { cachedObjects, kindFor } from '../../quota/listers.js';
import { podLimits, podRequests } from '../../quota/pod-resources.js';
import { parseResourceList, type ResourceList } from '../../quota/resources.js';
import type { Registry } from '../../registry/registry.js';
import type { Obj } from '../../types/kind.js';
import { admissionForbidden, aggregateMessage } from '../errors.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

/** Go's math.MaxInt64 / 1000: beyond it milli-values overflow and whole values are compared. */
const MAX_MILLI_VALUE = 9223372036854775807n / 1000n;
const ZERO = new Quantity(0n, 0, 'DecimalSI');

export function limitRanger(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  return {
    name: 'LimitRanger',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    admit: (a) => run(deps.registry, a, mutateLimit),
    validate: (a) => run(deps.registry, a, validateLimit),
  };
}

type LimitFn = (limitRange: Obj, resource: string, obj: Obj) => string[];

function supports(a: Attributes): boolean {
  const core = a.kind.group === '';
  if (a.subresource === 'resize') return core && a.kind.kind === 'Pod' && a.operation === 'UPDATE';
  if (a.subresource !== '') return false;
  if (core && a.kind.kind === 'Pod' && a.operation === 'UPDATE') return false;
  return core && (a.kind.kind === 'Pod' || a.kind.kind === 'PersistentVolumeClaim');
}

function run(registry: Registry, a: Attributes, fn: LimitFn): void {
  if (!supports(a) || !a.object) return;
  if (a.oldObject?.metadata?.deletionTimestamp) return;
  const def = kindFor(registry, '', 'limitranges');
  if (!def) return;
  const ranges = cachedObjects(registry, def, a.namespace);
  for (const lr of ranges) {
    const errs = fn(lr, a.resource.resource, a.object);
    if (errs.length) throw admissionForbidden(a, aggregateMessage(errs));
  }
}

function items(lr: Obj): Obj[] {
  const limits = lr?.spec?.limits;
  return Array.isArray(limits) ? limits.filter((l) => l && typeof l === 'object') : [];
}

// ---- defaults ----

function mutateLimit(lr: Obj, resource: string, obj: Obj): string[] {
  if (resource === 'pods') mergePodDefaults(obj, lr);
  return [];
}

/** The Container items' default (limits) and defaultRequest (requests); later items win. */
function containerDefaults(lr: Obj): { requests: Record<string, string>; limits: Record<string, string> } {
  const requests: Record<string, string> = {};
  const limits: Record<string, string> = {};
  for (const item of items(lr)) {
    if (item.type !== 'Container') continue;
    for (const [k, v] of Object.entries(parseResourceList(item.defaultRequest))) requests[k] = v.toString();
    for (const [k, v] of Object.entries(parseResourceList(item.default))) limits[k] = v.toString();
  }
  return { requests, limits };
}

function mergeContainer(c: Obj, defaults: { requests: Record<string, string>; limits: Record<string, string> }, prefix: string, notes: string[]): void {
  const setRequests: string[] = [];
  const setLimits: string[] = [];
  const res = (c.resources && typeof c.resources === 'object' ? c.resources : {}) as Obj;
  const limits: Obj = res.limits && typeof res.limits === 'object' ? res.limits : {};
  const requests: Obj = res.requests && typeof res.requests === 'object' ? res.requests : {};
  for (const [k, v] of Object.entries(defaults.limits)) {
    if (!(k in limits)) {
      limits[k] = v;
      setLimits.push(k);
    }
  }
  for (const [k, v] of Object.entries(defaults.requests)) {
    if (!(k in requests)) {
      requests[k] = v;
      setRequests.push(k);
    }
  }
  if (Object.keys(limits).length) res.limits = limits;
  if (Object.keys(requests).length) res.requests = requests;
  if (Object.keys(res).length) c.resources = res;
  if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
}

function mergePodDefaults(pod: Obj, lr: Obj): void {
  const defaults = containerDefaults(lr);
  const notes: string[] = [];
  for (const c of list(pod?.spec?.containers)) mergeContainer(c, defaults, 'container', notes);
  for (const c of list(pod?.spec?.initContainers)) mergeContainer(c, defaults, 'init container', notes);
  if (notes.length) {
    pod.metadata ??= {};
    pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
  }
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter((c) => c && typeof c === 'object') : [];
}

// ---- constraints ----

function validateLimit(lr: Obj, resource: string, obj: Obj): string[] {
  if (resource === 'pods') return validatePod(lr, obj);
  if (resource === 'persistentvolumeclaims') return validateClaim(lr, obj);
  return [];
}

/** Request, limit and bound at one precision: milli-units unless one of them would overflow. */
function comparable(req: Quantity, lim: Quantity, enforced: Quantity): [bigint, bigint, bigint] {
  const whole: [bigint, bigint, bigint] = [req.value(), lim.value(), enforced.value()];
  if (whole.every((v) => v <= MAX_MILLI_VALUE)) return [req.scaledValue(-3), lim.scaledValue(-3), enforced.scaledValue(-3)];
  return whole;
}

function minConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request[name];
  const lim = limit[name];
  const [r, l, e] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  if (!req) return `minimum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (r < e) return `minimum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  if (lim && l < e) return `minimum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request[name];
  const lim = limit[name];
  const [r, l, e] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  if (!lim) return `maximum ${name} usage per ${type} is ${enforced}.  No limit is specified`;
  if (l > e) return `maximum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  if (req && r > e) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

/** For kinds without limits (claims): the request alone is bounded. */
function maxRequestConstraint(type: string, name: string, enforced: Quantity, request: ResourceList): string | undefined {
  const req = request[name];
  const [r, , e] = comparable(req ?? ZERO, ZERO, enforced);
  if (!req) return `maximum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (r > e) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

function ratioConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request[name];
  const lim = limit[name];
  const [r, l] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  if (!req || r === 0n) return `${name} max limit to request ratio per ${type} is ${enforced}, but no request is specified or request is 0`;
  if (!lim || l === 0n) return `${name} max limit to request ratio per ${type} is ${enforced}, but no limit is specified or limit is 0`;
  const ratio = Number(l) / Number(r);
  let observed = ratio;
  let bound = Number(enforced.value());
  if (enforced.value() <= MAX_MILLI_VALUE) {
    observed = ratio * 1000;
    bound = Number(enforced.scaledValue(-3));
  }
  if (observed > bound) return `${name} max limit to request ratio per ${type} is ${enforced}, but provided ratio is ${ratio.toFixed(6)}`;
  return undefined;
}

/** Every bound of one item over one set of requests and limits, in resource-name order. */
function checkItem(item: Obj, request: ResourceList, limit: ResourceList, out: string[]): void {
  const type = String(item.type);
  const push = (m: string | undefined) => m && out.push(m);
  for (const [k, v] of sorted(item.min)) push(minConstraint(type, k, v, request, limit));
  for (const [k, v] of sorted(item.max)) push(maxConstraint(type, k, v, request, limit));
  for (const [k, v] of sorted(item.maxLimitRequestRatio)) push(ratioConstraint(type, k, v, request, limit));
}

function sorted(m: unknown): [string, Quantity][] {
  const l = parseResourceList(m);
  return Object.keys(l)
    .sort()
    .map((k) => [k, l[k]!]);
}

function validatePod(lr: Obj, pod: Obj): string[] {
  const errs: string[] = [];
  for (const item of items(lr)) {
    if (item.type === 'Container') {
      for (const c of [...list(pod?.spec?.containers), ...list(pod?.spec?.initContainers)]) {
        checkItem(item, parseResourceList(c.resources?.requests), parseResourceList(c.resources?.limits), errs);
      }
    } else if (item.type === 'Pod') {
      // Pod-level resources override cpu and memory only here (the plugin's own isSupportedPodLevelResource).
      const opts = { excludeOverhead: true, podLevel: (n: string) => n === 'cpu' || n === 'memory' };
      checkItem(item, podRequests(pod, opts), podLimits(pod, opts), errs);
    }
  }
  return errs;
}

function validateClaim(lr: Obj, pvc: Obj): string[] {
  const errs: string[] = [];
  const requests = parseResourceList(pvc?.spec?.resources?.requests);
  for (const item of items(lr)) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    const type = String(item.type);
    for (const [k, v] of sorted(item.min)) {
      const m = minConstraint(type, k, v, requests, {});
      if (m) errs.push(m);
    }
    for (const [k, v] of sorted(item.max)) {
      const m = maxRequestConstraint(type, k, v, requests);
      if (m) errs.push(m);
    }
  }
  return errs;
}
