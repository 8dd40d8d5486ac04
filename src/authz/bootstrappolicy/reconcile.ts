// Reconciling a stored default role or binding with the expected one, as upstream's
// pkg/registry/rbac/reconciliation does at start (union mode: permissions and subjects are
// only ever added, never removed). An object annotated autoupdate=false is left alone.

import { deepEqual } from '../../registry/meta.js';
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
function missingMeta(existing: Obj, expected: Obj): { labels: Record<string, string>; annotations: Record<string, string> } | undefined {
  let found = false;
  const out = { labels: {} as Record<string, string>, annotations: {} as Record<string, string> };
  for (const field of ['labels', 'annotations'] as const) {
    const have = (existing.metadata?.[field] ?? {}) as Record<string, string>;
    for (const [k, v] of Object.entries((expected.metadata[field] ?? {}) as Record<string, string>)) {
      if (!(k in have)) {
        out[field][k] = v;
        found = true;
      }
    }
  }
  return found ? out : undefined;
}

function withMeta(obj: Obj, missing: ReturnType<typeof missingMeta>): void {
  if (!missing) return;
  for (const field of ['labels', 'annotations'] as const) {
    if (Object.keys(missing[field]).length) obj.metadata[field] = { ...(obj.metadata[field] ?? {}), ...missing[field] };
  }
}

/** The expected rules existing does not cover; the common case (unchanged defaults) is answered without a breakdown. */
function missingRules(existing: readonly PolicyRule[], expected: readonly PolicyRule[]): PolicyRule[] {
  if (expected.length === 0) return [];
  if (existing.length >= expected.length && expected.every((r, i) => deepEqual(existing[i], r))) return [];
  return uncoveredRules(existing, expected);
}

export function reconcileRole(existing: Obj, expected: Obj): ReconcileResult {
  const meta = missingMeta(existing, expected);
  const rules = missingRules((existing.rules ?? []) as PolicyRule[], (expected.rules ?? []) as PolicyRule[]);
  const wantSelectors = (expected.aggregationRule?.clusterRoleSelectors ?? []) as unknown[];
  const haveSelectors = (existing.aggregationRule?.clusterRoleSelectors ?? []) as unknown[];
  const selectors = wantSelectors.filter((s) => !haveSelectors.some((h) => deepEqual(h, s)));
  if (!meta && rules.length === 0 && selectors.length === 0) return { operation: 'none', obj: existing, isProtected: isProtected(existing) };
  const obj = structuredClone(existing);
  withMeta(obj, meta);
  if (rules.length) obj.rules = [...(obj.rules ?? []), ...rules];
  if (selectors.length) obj.aggregationRule = { ...(obj.aggregationRule ?? {}), clusterRoleSelectors: [...haveSelectors, ...selectors] };
  return { operation: 'update', obj, isProtected: isProtected(existing) };
}

const sameSubject = (a: Subject, b: Subject): boolean =>
  a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

export function reconcileBinding(existing: Obj, expected: Obj): ReconcileResult {
  const meta = missingMeta(existing, expected);
  const recreate = !deepEqual(existing.roleRef, expected.roleRef);
  const have = (existing.subjects ?? []) as Subject[];
  const missing = ((expected.subjects ?? []) as Subject[]).filter((s) => !have.some((h) => sameSubject(h, s)));
  if (!meta && !recreate && missing.length === 0) return { operation: 'none', obj: existing, isProtected: isProtected(existing) };
  const obj = structuredClone(existing);
  withMeta(obj, meta);
  // roleRef is immutable: a binding to another role must be deleted and created again.
  if (recreate) obj.roleRef = structuredClone(expected.roleRef);
  if (missing.length) obj.subjects = [...have, ...missing.map((s) => ({ ...s }))];
  return { operation: recreate ? 'recreate' : 'update', obj, isProtected: isProtected(existing) };
}
