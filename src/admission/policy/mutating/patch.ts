// Applying one mutation's CEL result to the object, as upstream's patchers
// (k8s.io/apiserver pkg/admission/plugin/policy/mutating/patch/json_patch.go and smd.go):
// a list of JSONPatch values is an RFC 6902 patch (a failed `test` leaves the object as it
// was); an Object value is merged over the object with structured-merge-diff semantics,
// without field ownership, refusing to set atomic lists, maps or structs.

import { CelJsonPatchValue, CelObjectValue, celToJSON } from '../../../cel/index.js';
import type { Json } from '../../../apply/value.js';
import { merge, nodeFor, type Topology } from '../../../apply/index.js';
import { applyJsonPatch } from '../../../patch/json-patch.js';
import type { Obj } from '../../../types/kind.js';

/** A mutation that could not be applied: a policy error under the failurePolicy. */
export class MutationError extends Error {}

/** ObjectVal.CheckTypeNamesMatchFieldPathNames: Object.spec{selector: Object.spec.selector{}} and so on. */
function typeNameErrors(v: unknown, path: string[]): string[] {
  const errs: string[] = [];
  if (v instanceof CelObjectValue) {
    const want = path.join('.');
    if (v.typeName !== want) errs.push(`unexpected type name "${v.typeName}", expected "${want}", which matches field name path from root Object type`);
    for (const [k, f] of Object.entries(v.fields)) errs.push(...typeNameErrors(f, [...path, k]));
    return errs;
  }
  if (Array.isArray(v)) for (const x of v) errs.push(...typeNameErrors(x, path));
  else if (v instanceof Map) for (const x of v.values()) errs.push(...typeNameErrors(x, path));
  else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) for (const x of Object.values(v)) errs.push(...typeNameErrors(x, path));
  return errs;
}

function checkTypeNames(v: CelObjectValue): void {
  const errs = typeNameErrors(v, [v.typeName]);
  if (errs.length) throw new MutationError(`type mismatch: ${errs.join('\n')}`);
}

/** The JSON Patch operations a JSONPatch expression's value stands for. */
function patchOperations(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new MutationError('type mismatch: JSONPatchType.expression should evaluate to array');
  return value.map((v) => {
    if (!(v instanceof CelJsonPatchValue)) throw new MutationError('type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch');
    const f = v.fields;
    const op: Record<string, unknown> = { op: typeof f.op === 'string' ? f.op : '', path: typeof f.path === 'string' ? f.path : '' };
    if (typeof f.from === 'string' && f.from) op.from = f.from;
    if (f.value !== undefined) {
      if (f.value instanceof CelObjectValue) checkTypeNames(f.value);
      op.value = celToJSON(f.value);
    }
    return op;
  });
}

/** A JSONPatch mutation's result (a new object). */
export function applyJsonPatchMutation(object: Obj, value: unknown): Obj {
  const ops = patchOperations(value);
  try {
    const out = applyJsonPatch(object, ops, { fieldValidation: 'Ignore' }).object;
    if (!out || typeof out !== 'object' || Array.isArray(out)) throw new MutationError('JSON Patch: the patched document is not an object');
    return out as Obj;
  } catch (e) {
    if (e instanceof MutationError) throw e;
    const cause = (e as Error).cause;
    const message = typeof cause === 'string' ? cause : (e as Error).message;
    // A failed test operation means the patch must not be applied.
    if (/test failed$/.test(message)) return object;
    throw new MutationError(`JSON Patch: ${message}`);
  }
}

/** findAtomics: the paths of atomic lists, maps and structs an apply configuration sets. */
function atomicPaths(value: Json, topology: Topology, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  if (nodeFor(topology, value).kind === 'leaf') out.push(path);
  const node = nodeFor(topology, value, true);
  if (node.kind === 'map' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) out.push(...atomicPaths(v as Json, node.child(k).topology, `${path}.${k}`));
  } else if (node.kind === 'list' && Array.isArray(value)) {
    value.forEach((v, i) => out.push(...atomicPaths(v as Json, node.items, `${path}[${i}]`)));
  }
  return out;
}

/** An ApplyConfiguration mutation's result: the Object merged over the object (ApplyStructuredMergeDiff). */
export function applyConfigurationMutation(object: Obj, value: unknown, topology: Topology): Obj {
  if (!(value instanceof CelObjectValue)) throw new MutationError('unsupported return type from ApplyConfiguration expression');
  checkTypeNames(value);
  const patch = celToJSON(value) as Obj;
  patch.apiVersion = object.apiVersion;
  patch.kind = object.kind;
  const atomics = atomicPaths(patch as Json, topology, '');
  if (atomics.length) throw new MutationError(`error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}`);
  const merged = merge(object as Json, patch as Json, topology);
  return (merged ?? {}) as Obj;
}
