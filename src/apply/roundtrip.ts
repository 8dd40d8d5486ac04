// What upstream's objects look like as typed values: built-in objects are converted to
// their Go types and back before field sets are computed, which fills and drops fields
// according to the Go struct tags (recorded in the schema as optional / keepEmpty).

import { fieldsOf, type Type } from '../types/schema.js';
import { nodeFor, type Topology } from './topology.js';
import { isObject, type Json, type JsonObject } from './value.js';

/**
 * The shape an object has after upstream converts it to its Go type and back: zero-valued
 * omitempty fields and empty omitempty maps/lists are gone, nulls of pointer fields are
 * gone, value structs are present (as `{}` when empty), and lists/maps without omitempty
 * and non-pointer timestamps are null when unset. Comparisons are made on this shape so
 * that ownership records what upstream records.
 */
export function normalize(value: Json | undefined, topology: Topology): Json | undefined {
  if (value === undefined || typeof topology === 'string') return value;
  switch (topology.kind) {
    case 'object': {
      if (value !== null && !isObject(value)) return value;
      const declared = fieldsOf(topology);
      const src = value ?? {};
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(src)) {
        const ft = declared[k];
        if (!ft) {
          out[k] = v;
          continue;
        }
        const n = normalizeField(v, ft);
        if (n !== undefined) out[k] = n;
      }
      for (const [k, ft] of Object.entries(declared)) {
        if (Object.prototype.hasOwnProperty.call(out, k)) continue;
        const z = zeroField(ft);
        if (z !== undefined) out[k] = z;
      }
      return out;
    }
    case 'map': {
      if (!isObject(value)) return value;
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) out[k] = normalize(v, topology.values) as Json;
      return out;
    }
    case 'list':
      return Array.isArray(value) ? value.map((v) => normalize(v, topology.items) as Json) : value;
    default:
      return value;
  }
}

// Type flags are data properties; the same names on the prototype are the fluent builders.
const ownFlag = (t: Type, name: 'optional' | 'keepEmpty') => Object.prototype.hasOwnProperty.call(t, name) && (t as unknown as Record<string, unknown>)[name] === true;
const isOptional = (t: Type) => ownFlag(t, 'optional');
const isKeepEmpty = (t: Type) => ownFlag(t, 'keepEmpty');
const isTimeKind = (t: Type) => t.kind === 'time' || t.kind === 'microtime';
const isGoStructScalar = (t: Type) => isTimeKind(t) || t.kind === 'quantity' || t.kind === 'intOrString';

/** A declared field's value after the round trip; undefined when it is dropped. */
function normalizeField(v: Json, ft: Type): Json | undefined {
  if (v === null) {
    if (ft.kind === 'object' && !isOptional(ft)) return normalize({}, ft);
    if ((ft.kind === 'list' || ft.kind === 'map') && isKeepEmpty(ft)) return null;
    if (isTimeKind(ft) && !isOptional(ft)) return null;
    return undefined;
  }
  if (ft.kind === 'object') return normalize(v, ft);
  if (ft.kind === 'list' || ft.kind === 'map') {
    if (!isKeepEmpty(ft) && ((Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0))) return undefined;
    return normalize(v, ft);
  }
  if (!isOptional(ft) && !isKeepEmpty(ft) && !isGoStructScalar(ft) && (v === '' || v === 0 || v === false)) return undefined;
  return v;
}

/** What an unset declared field becomes after the round trip. */
function zeroField(ft: Type): Json | undefined {
  if (ft.kind === 'object') return isOptional(ft) ? undefined : normalize({}, ft);
  if (ft.kind === 'list' || ft.kind === 'map') return isKeepEmpty(ft) ? null : undefined;
  if (isTimeKind(ft) && !isOptional(ft)) return null;
  return undefined;
}

/** Drops null members of granular maps and structs (what a typed object cannot hold). */
export function stripNulls(value: Json | undefined, topology: Topology): Json | undefined {
  if (value === undefined || value === null) return value;
  const node = nodeFor(topology, value);
  if (node.kind === 'map' && isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;
      out[k] = stripNulls(v, node.child(k).topology) as Json;
    }
    return out;
  }
  if (node.kind === 'list' && Array.isArray(value)) return value.map((v) => stripNulls(v, node.items) as Json);
  return value;
}
