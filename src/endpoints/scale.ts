// The scale subresource: an autoscaling/v1 Scale view of a workload's replicas,
// readable and writable (PUT and PATCH) without touching the rest of the object.

import { badRequest, conflict, fieldErr, invalid, OPTIMISTIC_LOCK_MESSAGE, type GroupResource } from '../apimachinery/errors.js';
import { labelSelectorFromMetav1, labelSelectorFromSet } from '../apimachinery/labels.js';
import type { Obj } from '../types/kind.js';

/** The label selector string a Scale reports (metav1.FormatLabelSelector, or a set for RCs). */
function selectorString(obj: Obj): string {
  const sel = obj.spec?.selector;
  if (!sel) return '';
  if (obj.kind === 'ReplicationController') return labelSelectorFromSet(sel).toString();
  try {
    return labelSelectorFromMetav1(sel).toString();
  } catch {
    return '';
  }
}

/** A ScaleSpec: its replicas is an int32 with omitempty, so 0 is written as nothing. */
export function scaleSpec(replicas: number): Obj {
  return replicas ? { replicas } : {};
}

export function toScale(obj: Obj): Obj {
  const m = obj.metadata ?? {};
  const meta: Obj = { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp };
  const status: Obj = { replicas: obj.status?.replicas ?? 0 };
  const selector = selectorString(obj);
  if (selector) status.selector = selector;
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: meta, spec: scaleSpec(obj.spec?.replicas ?? 0), status };
}

/**
 * The replicas a desired Scale asks of obj (the Scale's spec.replicas as sent), after the
 * checks every scale subresource makes: a Scale body, its resourceVersion precondition,
 * replicas not negative.
 */
export function desiredReplicas(obj: Obj, scale: Obj, gr: GroupResource): unknown {
  if (scale === null || typeof scale !== 'object') throw badRequest('the body of the request was in an unknown format');
  const rv = scale.metadata?.resourceVersion;
  if (rv && rv !== obj.metadata.resourceVersion) throw conflict(gr, obj.metadata.name, OPTIMISTIC_LOCK_MESSAGE);
  const replicas = scale.spec?.replicas;
  if (typeof replicas === 'number' && replicas < 0) {
    throw invalid({ group: 'autoscaling', kind: 'Scale' }, obj.metadata.name, [fieldErr.invalid('spec.replicas', replicas, 'must be greater than or equal to 0')]);
  }
  return replicas;
}

/** Apply a desired Scale to the object; checks the Scale's resourceVersion precondition. */
export function applyScale(obj: Obj, scale: Obj, gr: GroupResource): Obj {
  const replicas = desiredReplicas(obj, scale, gr);
  // The Scale's replicas is an int32, not a pointer: a Scale without it asks for 0.
  return { ...obj, spec: { ...(obj.spec ?? {}), replicas: typeof replicas === 'number' ? replicas : 0 } };
}
