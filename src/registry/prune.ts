// Fields the schema doesn't know can't exist in a built-in object (upstream decodes
// into Go structs): drop them, whatever fieldValidation reported about them.

import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';

const OPAQUE = new Set(['rawExtension', 'json', 'fieldsV1']);

function pruneValue(v: unknown, t: Type): void {
  if (v === null || typeof v !== 'object') return;
  if (t.kind === 'object') pruneObject(v as Record<string, unknown>, t);
  else if (t.kind === 'list' && Array.isArray(v)) for (const x of v) pruneValue(x, t.items);
  else if (t.kind === 'map' && !Array.isArray(v)) for (const x of Object.values(v)) pruneValue(x, t.values);
}

export function pruneObject(obj: Record<string, unknown>, t: ObjectType): void {
  if (Array.isArray(obj)) return;
  const fields = fieldsOf(t);
  for (const k of Object.keys(obj)) {
    const ft = fields[k];
    if (!ft) {
      delete obj[k];
      continue;
    }
    if (ft.kind !== 'object' && ft.kind !== 'list' && ft.kind !== 'map') {
      if (OPAQUE.has(ft.kind)) continue;
      continue;
    }
    pruneValue(obj[k], ft);
  }
}
