// The Pod subresources that act on the pod object: binding (the scheduler's
// assignment), ephemeralcontainers and resize (updates limited to one part of the spec), and
// the kubelet-backed connect subresources, which need a node skiff does not run.

import { badRequest, conflict, fieldErr, invalid, StatusError } from '../apimachinery/errors.js';
import { goQuote } from '../apimachinery/goformat.js';
import { clone, nowTimestamp } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';

const PODS = { group: '', resource: 'pods' };

/** POST pods/{name}/binding: assign the pod to a node. */
export async function bindPod(registry: Registry, scope: Scope, name: string, binding: Obj, dryRun: boolean): Promise<void> {
  const target = binding.target ?? {};
  const errs = [];
  if (binding.metadata?.name && binding.metadata.name !== name) errs.push(fieldErr.invalid('metadata.name', binding.metadata.name, 'must match the pod name'));
  // ValidatePodBinding's order: the kind, then the name.
  if (target.kind && target.kind !== 'Node') errs.push(fieldErr.notSupported('target.kind', target.kind, ['Node', '<empty>']));
  if (!target.name) errs.push(fieldErr.required('target.name', ''));
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
    // BindingREST writes the pod directly (assignPod), without the field manager: no managedFields entry.
    { dryRun, subresource: 'binding', applied: true },
  );
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
export { PODS };
