// The Pod subresources that act on the pod object: binding (the scheduler's
// assignment), eviction (a delete that honours PodDisruptionBudgets),
// ephemeralcontainers and resize (updates limited to one part of the spec), and
// the kubelet-backed connect subresources, which need a node skiff does not run.

import { badRequest, conflict, fieldErr, invalid, StatusError } from '../apimachinery/errors.js';
import { goQuote } from '../apimachinery/goformat.js';
import { labelSelectorFromMetav1 } from '../apimachinery/labels.js';
import { matchEverything } from '../registry/filter.js';
import { clone, nowTimestamp } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';

const PODS = { group: '', resource: 'pods' };

/** POST pods/{name}/binding: assign the pod to a node. */
export async function bindPod(registry: Registry, scope: Scope, name: string, binding: Obj, dryRun: boolean): Promise<void> {
  const target = binding.target ?? {};
  const errs = [];
  if (binding.metadata?.name && binding.metadata.name !== name) errs.push(fieldErr.invalid('metadata.name', binding.metadata.name, 'must match the pod name'));
  if (!target.name) errs.push(fieldErr.required('target.name', ''));
  if (target.kind && target.kind !== 'Node') errs.push(fieldErr.notSupported('target.kind', target.kind, ['Node', '<empty>']));
  if (errs.length) throw invalid({ group: '', kind: 'Binding' }, name, errs);
  await registry.guaranteedUpdate(
    scope,
    name,
    (pod) => {
      if (!pod) throw new StatusError(404, 'NotFound', `pods ${goQuote(name)} not found`, { name, kind: 'pods' });
      if (pod.metadata.deletionTimestamp) throw conflict({ group: '', resource: 'pods/binding' }, name, `pod ${name} is being deleted, cannot be assigned to a host`);
      if (pod.spec?.nodeName) throw conflict({ group: '', resource: 'pods/binding' }, name, `pod ${name} is already assigned to node "${pod.spec.nodeName}"`);
      const next = clone(pod);
      next.spec.nodeName = target.name;
      const conditions: Obj[] = Array.isArray(next.status?.conditions) ? next.status.conditions.filter((c: Obj) => c.type !== 'PodScheduled') : [];
      conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: nowTimestamp() });
      next.status = { ...(next.status ?? {}), conditions };
      if (binding.metadata?.annotations) next.metadata.annotations = { ...(next.metadata.annotations ?? {}), ...binding.metadata.annotations };
      return next;
    },
    { dryRun, subresource: 'binding' },
  );
}

/** Pods that don't count against a budget: not running, or already going. */
function canIgnoreBudget(pod: Obj): boolean {
  const phase = pod.status?.phase;
  return !!pod.metadata?.deletionTimestamp || phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !phase;
}

function isReady(pod: Obj): boolean {
  return (pod.status?.conditions ?? []).some((c: Obj) => c.type === 'Ready' && c.status === 'True');
}

/** POST pods/{name}/eviction: delete unless a PodDisruptionBudget forbids it (429). */
export async function evictPod(registry: Registry, scope: Scope, name: string, eviction: Obj, dryRun: boolean): Promise<void> {
  if (eviction.metadata?.name && eviction.metadata.name !== name) {
    throw badRequest(`name in URL does not match name in Eviction object`);
  }
  const pod = await registry.get(scope, name);
  const deleteOpts = eviction.deleteOptions ?? {};
  const doDelete = () =>
    registry.delete(scope, name, {
      dryRun: dryRun || (Array.isArray(deleteOpts.dryRun) && deleteOpts.dryRun.length > 0),
      preconditions: deleteOpts.preconditions,
      gracePeriodSeconds: deleteOpts.gracePeriodSeconds,
      propagationPolicy: deleteOpts.propagationPolicy,
    });
  if (canIgnoreBudget(pod)) {
    await doDelete();
    return;
  }
  const pdbServed = registry.catalog.lookup('policy', 'v1', 'poddisruptionbudgets');
  if (!pdbServed) {
    await doDelete();
    return;
  }
  const pdbScope: Scope = { served: pdbServed, namespace: scope.namespace };
  const list = await registry.list(pdbScope, { filter: matchEverything });
  const matching = list.items
    .map((b) => JSON.parse(b.toString('utf8')) as Obj)
    .filter((pdb) => {
      if (!pdb.spec?.selector) return false;
      try {
        return labelSelectorFromMetav1(pdb.spec.selector).matches(pod.metadata.labels ?? {});
      } catch {
        return false;
      }
    });
  if (matching.length === 0) {
    await doDelete();
    return;
  }
  if (matching.length > 1) {
    throw new StatusError(500, 'InternalError', 'Internal error occurred: This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
  }
  const pdb = matching[0]!;
  const tooMany = (message: string, cause?: string) =>
    new StatusError(429, 'TooManyRequests', message, cause ? { causes: [{ reason: 'DisruptionBudget', message: cause }] } : undefined);
  // An unhealthy running pod may go when the policy allows it, or while the budget is met.
  const policy = pdb.spec?.unhealthyPodEvictionPolicy ?? 'IfHealthyBudget';
  const status = pdb.status ?? {};
  if (!isReady(pod) && (policy === 'AlwaysAllow' || (status.currentHealthy ?? 0) >= (status.desiredHealthy ?? 0))) {
    await doDelete();
    return;
  }
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    throw tooMany(`Cannot evict pod as it would violate the pod's disruption budget.`, `The disruption budget ${pdb.metadata.name} is still being processed by the server.`);
  }
  if ((status.disruptionsAllowed ?? 0) <= 0) {
    throw tooMany(
      `Cannot evict pod as it would violate the pod's disruption budget.`,
      `The disruption budget ${pdb.metadata.name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`,
    );
  }
  if (!dryRun) {
    // Record the disruption before deleting, as upstream does, so concurrent evictions see it.
    await registry.guaranteedUpdate(
      pdbScope,
      pdb.metadata.name,
      (cur) => {
        if (!cur) throw new StatusError(404, 'NotFound', 'gone');
        if (cur.metadata.resourceVersion !== pdb.metadata.resourceVersion) throw conflict({ group: 'policy', resource: 'poddisruptionbudgets' }, pdb.metadata.name, 'the object has been modified; please apply your changes to the latest version and try again');
        const next = clone(cur);
        next.status = { ...(next.status ?? {}), disruptionsAllowed: (next.status?.disruptionsAllowed ?? 0) - 1 };
        next.status.disruptedPods = { ...(next.status.disruptedPods ?? {}), [name]: nowTimestamp() };
        return next;
      },
      { dryRun: false, subresource: 'status' },
    );
  }
  await doDelete();
}

/** The part of a Pod an update through ephemeralcontainers or resize may change. */
export function limitPodUpdate(kind: 'ephemeralcontainers' | 'resize', desired: Obj, current: Obj): Obj {
  const next = clone(current);
  next.metadata.resourceVersion = desired.metadata?.resourceVersion ?? current.metadata.resourceVersion;
  if (kind === 'ephemeralcontainers') {
    const want: Obj[] = desired.spec?.ephemeralContainers ?? [];
    const have: Obj[] = current.spec?.ephemeralContainers ?? [];
    for (const h of have) {
      const w = want.find((x) => x.name === h.name);
      if (!w) throw invalid({ group: '', kind: 'Pod' }, current.metadata.name, [fieldErr.forbidden('spec.ephemeralContainers', 'existing ephemeral containers may not be removed')]);
      if (JSON.stringify(w) !== JSON.stringify(h)) throw invalid({ group: '', kind: 'Pod' }, current.metadata.name, [fieldErr.forbidden(`spec.ephemeralContainers`, 'existing ephemeral containers may not be changed')]);
    }
    if (want.length) next.spec.ephemeralContainers = want;
    return next;
  }
  // resize: container resources and resize policies only.
  const containers: Obj[] = current.spec?.containers ?? [];
  next.spec.containers = containers.map((c) => {
    const w = (desired.spec?.containers ?? []).find((x: Obj) => x.name === c.name);
    if (!w) return c;
    const out = { ...c };
    if (w.resources !== undefined) out.resources = w.resources;
    if (w.resizePolicy !== undefined) out.resizePolicy = w.resizePolicy;
    return out;
  });
  return next;
}

/** The kubelet-backed subresources: a pod must be on a node, and skiff runs no kubelet. */
export async function connectPod(registry: Registry, scope: Scope, name: string, sub: string): Promise<never> {
  const pod = await registry.get(scope, name);
  if (!pod.spec?.nodeName) throw badRequest(`pod ${name} does not have a host assigned`);
  void sub;
  throw new StatusError(503, 'ServiceUnavailable', `no kubelet is reachable for node "${pod.spec.nodeName}": skiff does not run nodes`);
}

export { PODS };
