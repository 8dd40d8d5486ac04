// What upstream's objects look like as typed values: built-in objects are converted to
// their Go types and back before field sets are computed, which fills and drops fields
// according to the Go struct tags (recorded in the schema as optional / keepEmpty).

import { goJson } from '../types/go-json.js';
import { nodeFor, type Topology } from './topology.js';
import { isObject, type Json, type JsonObject } from './value.js';

/**
 * The shape an object has after upstream converts it to its Go type and back (see
 * types/go-json.ts). Comparisons are made on this shape so that ownership records what
 * upstream records.
 */
export function normalize(value: Json | undefined, topology: Topology): Json | undefined {
  return typeof topology === 'string' ? value : goJson(value, topology);
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
