// The 409 an apply gets when it would change fields other managers own
// (fieldmanager's NewConflictError / errors.NewApplyConflict).

import { goQuote, goStringCompare } from '../apimachinery/goformat.js';
import { StatusError, type StatusCause } from '../apimachinery/errors.js';
import { parseIdentifier } from './managed.js';
import { pathString } from './path.js';
import type { Conflict } from './updater.js';

/** printManager: `"name"`, `"name" with subresource "status"`, and ` using <apiVersion>` for updaters. */
export function printManager(identifier: string): string {
  const p = parseIdentifier(identifier);
  if (!p) return goQuote(identifier);
  let s = goQuote(p.manager);
  if (p.subresource) s += ` with subresource ${goQuote(p.subresource)}`;
  if (p.operation === 'Update') s += ` using ${p.apiVersion}`;
  return s;
}

export function conflictMessage(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 1) return `Apply failed with 1 conflict: conflict with ${printManager(conflicts[0].manager)}: ${pathString(conflicts[0].path)}`;
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    const list = byManager.get(c.manager) ?? [];
    list.push(pathString(c.path));
    byManager.set(c.manager, list);
  }
  const lines: string[] = [];
  for (const m of [...byManager.keys()].sort(goStringCompare)) {
    lines.push(`conflicts with ${printManager(m)}:`);
    for (const p of byManager.get(m)!) lines.push(`- ${p}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** 409 Conflict with one cause per conflicting field and manager. */
export function applyConflictError(conflicts: readonly Conflict[]): StatusError {
  const causes: StatusCause[] = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.manager)}`,
    field: pathString(c.path),
  }));
  return new StatusError(409, 'Conflict', conflictMessage(conflicts), { causes });
}
