// What upstream's objects look like as typed values: built-in objects are converted to
// their Go types and back before field sets are computed, which fills and drops fields
// according to the Go struct tags (recorded in the schema as optional / keepEmpty).

import { setOwn } from '../patch/go-json.js';
import { goJson, goZeroJson } from '../types/go-json.js';
import { nodeFor, type Topology } from './topology.js';
import { isObject, type Json, type JsonObject } from './value.js';

/**
 * The shape an object has after upstream converts it to its Go type and back (see
 * types/go-json.ts). Comparisons are made on this shape so that ownership records what
 * upstream records. A custom resource has no Go type: it is compared as it is, so a create
 * owns every node it brings, zero values and empty lists too (a granular map or struct
 * with its own '.').
 */
export function normalize(value: Json | undefined, topology: Topology): Json | undefined {
  return typeof topology === 'string' || (topology.kind === 'object' && topology.unstructured) ? value : goJson(value, topology);
}

/**
 * Drops null members of granular maps and structs (what a typed object cannot hold). A null
 * entry of a Go map holds the element type's zero value once decoded (labels {a: null} is
 * {a: ""}), as kube-apiserver v1.32 answers an apply.
 */
export function stripNulls(value: Json | undefined, topology: Topology): Json | undefined {
  if (value === undefined || value === null) return value;
  const node = nodeFor(topology, value);
  if (node.kind === 'map' && isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const child = node.child(k).topology;
      if (v !== null) setOwn(out, k, stripNulls(v, child) as Json);
      else if (!node.struct && typeof child !== 'string') {
        const zero = goZeroJson(child);
        if (zero !== null) setOwn(out, k, zero);
      }
    }
    return out;
  }
  if (node.kind === 'list' && Array.isArray(value)) return value.map((v) => stripNulls(v, node.items) as Json);
  return value;
}
