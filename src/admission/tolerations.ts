// Toleration sets (upstream pkg/util/tolerations): merging keeps one toleration of each pair
// where one tolerates everything the other does.

import { semanticEqual } from '../registry/validation/util.js';
import type { Obj } from '../types/kind.js';

/** Whether ss tolerates every taint t tolerates (isSuperset). */
export function isSuperset(ss: Obj, t: Obj): boolean {
  if (semanticEqual(t, ss)) return true;
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds != null) {
    if (t.tolerationSeconds == null || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  switch (ss.operator ?? '') {
    case 'Equal':
    case '':
      return (t.operator ?? 'Equal') === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** MergeTolerations: both sets, without the ones another one covers (of equal ones, the first). */
export function mergeTolerations(first: Obj[], second: Obj[]): Obj[] {
  const all = [...first, ...second];
  const merged: Obj[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => isSuperset(m, t))) return;
    if (all.slice(i + 1).some((t2) => !semanticEqual(t, t2) && isSuperset(t2, t))) return;
    merged.push(t);
  });
  return merged;
}
