// metav1.Condition lists as apimachinery pkg/api/meta/conditions.go keeps them.

import { nowTimestamp } from '../registry/meta.js';
import type { Obj } from '../types/kind.js';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason: string;
  message: string;
}

export function findStatusCondition(conditions: readonly Obj[] | undefined, type: string): Obj | undefined {
  return (conditions ?? []).find((c) => c?.type === type);
}

/**
 * meta.SetStatusCondition: add the condition, or update the one of its type; the transition
 * time changes only when the status does. Returns whether anything changed.
 */
export function setStatusCondition(conditions: Obj[], cond: Condition, now: string = nowTimestamp()): boolean {
  const existing = findStatusCondition(conditions, cond.type);
  if (!existing) {
    // Go's field order; observedGeneration is omitempty.
    const c: Obj = { type: cond.type, status: cond.status };
    if (cond.observedGeneration) c.observedGeneration = cond.observedGeneration;
    Object.assign(c, { lastTransitionTime: cond.lastTransitionTime ?? now, reason: cond.reason, message: cond.message });
    conditions.push(c);
    return true;
  }
  let changed = false;
  if (existing.status !== cond.status) {
    existing.status = cond.status;
    existing.lastTransitionTime = cond.lastTransitionTime ?? now;
    changed = true;
  }
  for (const f of ['reason', 'message'] as const) {
    if (existing[f] !== cond[f]) {
      existing[f] = cond[f];
      changed = true;
    }
  }
  if ((existing.observedGeneration ?? 0) !== (cond.observedGeneration ?? 0)) {
    if (cond.observedGeneration) existing.observedGeneration = cond.observedGeneration;
    else delete existing.observedGeneration;
    changed = true;
  }
  return changed;
}
