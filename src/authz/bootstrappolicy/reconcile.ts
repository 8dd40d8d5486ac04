// Reconciling a stored default role or binding with the expected one, as upstream's
// pkg/registry/rbac/reconciliation does at start (union mode: permissions and subjects are
// only ever added, never removed). An object annotated autoupdate=false is left alone.

import { isDeepStrictEqual } from 'node:util';
import type { Obj } from '../../types/kind.js';
import { uncoveredRules } from './covers.js';
import { AUTOUPDATE_ANNOTATION } from './index.js';
import type { PolicyRule } from './rule.js';
import type { Subject } from './subjects.js';

export type ReconcileOperation = 'none' | 'update' | 'recreate';

export interface ReconcileResult {
  operation: ReconcileOperation;
  /** The object to write (a changed copy of the existing one). */
  obj: Obj;
  /** autoupdate=false: nothing is written whatever the differences. */
  isProtected: boolean;
}

const isProtected = (existing: Obj): boolean => existing.metadata?.annotations?.[AUTOUPDATE_ANNOTATION] === 'false';

/** Labels and annotations of expected that existing lacks (existing values win, as upstream's merge). */
function mergeMeta(obj: Obj, expected: Obj): boolean {
  let changed = false;
  for (const field of ['labels', 'annotations'] as const) {
    const want = expected.metadata[field] as Record<string, string> | undefined;
    if (!want) continue;
    const have = (obj.metadata[field] ??= {}) as Record<string, string>;
    for (const [k, v] of Object.entries(want)) {
      if (!(k in have)) {
        have[k] = v;
        changed = true;
      }
    }
  }
  return changed;
}

export function reconcileRole(existing: Obj, expected: Obj): ReconcileResult {
  const obj = structuredClone(existing);
  let changed = mergeMeta(obj, expected);
  const missing = uncoveredRules((existing.rules ?? []) as PolicyRule[], (expected.rules ?? []) as PolicyRule[]);
  if (missing.length) {
    obj.rules = [...(obj.rules ?? []), ...missing];
    changed = true;
  }
  const wantSelectors = (expected.aggregationRule?.clusterRoleSelectors ?? []) as unknown[];
  if (wantSelectors.length) {
    const have = (existing.aggregationRule?.clusterRoleSelectors ?? []) as unknown[];
    const absent = wantSelectors.filter((s) => !have.some((h) => isDeepStrictEqual(h, s)));
    if (absent.length) {
      obj.aggregationRule = { ...(obj.aggregationRule ?? {}), clusterRoleSelectors: [...have, ...absent] };
      changed = true;
    }
  }
  return { operation: changed ? 'update' : 'none', obj, isProtected: isProtected(existing) };
}

const sameSubject = (a: Subject, b: Subject): boolean =>
  a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

export function reconcileBinding(existing: Obj, expected: Obj): ReconcileResult {
  const obj = structuredClone(existing);
  let changed = mergeMeta(obj, expected);
  let operation: ReconcileOperation = 'none';
  if (!isDeepStrictEqual(existing.roleRef, expected.roleRef)) {
    // roleRef is immutable: the binding must be deleted and created again.
    obj.roleRef = structuredClone(expected.roleRef);
    operation = 'recreate';
  }
  const have = (existing.subjects ?? []) as Subject[];
  const missing = ((expected.subjects ?? []) as Subject[]).filter((s) => !have.some((h) => sameSubject(h, s)));
  if (missing.length) {
    obj.subjects = [...have, ...missing.map((s) => ({ ...s }))];
    changed = true;
  }
  if (operation === 'none' && changed) operation = 'update';
  return { operation, obj, isProtected: isProtected(existing) };
}
