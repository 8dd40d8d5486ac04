// What the disruption controller and the eviction subresource share about a
// PodDisruptionBudget (k8s.io/component-helpers apps/poddisruptionbudget/helpers.go) and
// about the pods it covers (pkg/api/v1/pod IsPodReady).

import { setStatusCondition, findStatusCondition } from '../apimachinery/conditions.js';
import type { Obj } from '../types/kind.js';

export const DISRUPTION_ALLOWED_CONDITION = 'DisruptionAllowed';
export const SUFFICIENT_PODS_REASON = 'SufficientPods';
export const INSUFFICIENT_PODS_REASON = 'InsufficientPods';
export const SYNC_FAILED_REASON = 'SyncFailed';

/** UpdateDisruptionAllowedCondition: True/SufficientPods while disruptions are allowed, else False/InsufficientPods. */
export function updateDisruptionAllowedCondition(pdb: Obj): void {
  pdb.status ??= {};
  if (!Array.isArray(pdb.status.conditions)) pdb.status.conditions = [];
  const allowed = (pdb.status.disruptionsAllowed ?? 0) > 0;
  setStatusCondition(pdb.status.conditions, {
    type: DISRUPTION_ALLOWED_CONDITION,
    status: allowed ? 'True' : 'False',
    reason: allowed ? SUFFICIENT_PODS_REASON : INSUFFICIENT_PODS_REASON,
    message: '',
    observedGeneration: pdb.status.observedGeneration,
  });
}

/** ConditionsAreUpToDate: the DisruptionAllowed condition agrees with disruptionsAllowed for this generation. */
export function conditionsAreUpToDate(pdb: Obj): boolean {
  const cond = findStatusCondition(pdb.status?.conditions, DISRUPTION_ALLOWED_CONDITION);
  if (!cond) return false;
  if ((pdb.status?.observedGeneration ?? 0) !== (pdb.metadata?.generation ?? 0)) return false;
  if ((pdb.status?.disruptionsAllowed ?? 0) > 0) return cond.status === 'True' && cond.reason === SUFFICIENT_PODS_REASON;
  return cond.status === 'False' && cond.reason === INSUFFICIENT_PODS_REASON;
}

export function isPodReady(pod: Obj): boolean {
  const conditions = Array.isArray(pod.status?.conditions) ? pod.status.conditions : [];
  return conditions.some((c: Obj) => c?.type === 'Ready' && c.status === 'True');
}
