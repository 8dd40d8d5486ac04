// The patched JSON document as kube-apiserver's JSON and merge patchers produce it
// (gopkg.in/evanphx/json-patch.v4 over the current object encoded by Go): the document
// the patch handler decodes into the kind, and prints in its 422.
// - Go encodes the current object: struct fields in declaration order, map keys sorted.
// - json-patch parses only what it touches into maps, which Go marshals with sorted keys:
//   the top level, every object a merge patch merges into (and whole values it inserts,
//   nulls pruned), every container on a JSON Patch operation's path.
// - Values a patch brings in keep their literal text (a merge patch's 6.0 stays 6.0, and
//   so fails to decode into an int32, as upstream).
// Read from json-patch v4's merge.go (MergePatch, mergeDocs, pruneNulls) and patch.go
// (Apply, findObject).

import { compareGoStrings, goEncodeString, jsToRaw, rawToJs, type RawNode } from '../patch/go-json.js';
import { fieldsOf, type Type } from '../types/schema.js';

interface Plan {
  /** JSON pointers of objects json-patch parsed into maps (keys sorted when marshalled). */
  sorted: Set<string>;
  /** JSON pointers whose value is a patch value, with its literal text. */
  raw: Map<string, RawNode>;
}

const escapePointer = (k: string) => k.replaceAll('~', '~0').replaceAll('/', '~1');
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Last-wins entries of a parsed object (a Go map keeps the last duplicate). */
function lastEntries(node: Extract<RawNode, { t: 'object' }>): Map<string, RawNode> {
  const m = new Map<string, RawNode>();
  for (const [k, v] of node.entries) m.set(k, v);
  return m;
}

/** pruneNulls: objects lose null members (and are marshalled sorted); arrays keep theirs. */
function pruneSorted(node: RawNode): RawNode {
  if (node.t === 'array') return { t: 'array', items: node.items.map(pruneSorted) };
  if (node.t !== 'object') return node;
  const entries = [...lastEntries(node)].filter(([, v]) => v.t !== 'null').sort(([a], [b]) => compareGoStrings(a, b));
  return { t: 'object', entries: entries.map(([k, v]) => [k, pruneSorted(v)] as const) };
}

function planMerge(cur: Record<string, unknown>, patch: Extract<RawNode, { t: 'object' }>, ptr: string, plan: Plan): void {
  plan.sorted.add(ptr);
  for (const [k, pv] of lastEntries(patch)) {
    if (pv.t === 'null') continue;
    const p = `${ptr}/${escapePointer(k)}`;
    const c = Object.hasOwn(cur, k) ? cur[k] : undefined;
    if (!isPlainObject(c)) plan.raw.set(p, pruneSorted(pv));
    else if (pv.t !== 'object') plan.raw.set(p, pv);
    else planMerge(c, pv, p, plan);
  }
}

function planJsonPatch(ops: RawNode, plan: Plan): void {
  plan.sorted.add('');
  if (ops.t !== 'array') return;
  for (const op of ops.items) {
    if (op.t !== 'object') continue;
    const fields = lastEntries(op);
    for (const name of ['path', 'from']) {
      const path = fields.get(name);
      if (path?.t !== 'string') continue;
      const parts = path.value.split('/');
      for (let i = 1; i < parts.length; i++) plan.sorted.add(parts.slice(0, i).join('/'));
    }
    const kind = fields.get('op');
    const path = fields.get('path');
    const value = fields.get('value');
    if (kind?.t === 'string' && (kind.value === 'add' || kind.value === 'replace') && path?.t === 'string' && value) plan.raw.set(path.value, value);
  }
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The patched value as a RawNode in json-patch's key order, patch literals kept where the value is the patch's. */
function build(v: unknown, type: Type | undefined, ptr: string, plan: Plan): RawNode {
  const raw = plan.raw.get(ptr);
  if (raw && jsonEqual(rawToJs(raw), v)) return raw;
  if (Array.isArray(v)) return { t: 'array', items: v.map((x, i) => build(x, type?.kind === 'list' ? type.items : undefined, `${ptr}/${i}`, plan)) };
  if (!isPlainObject(v)) return jsToRaw(v);
  const fields = type?.kind === 'object' ? fieldsOf(type) : undefined;
  let keys = Object.keys(v);
  if (plan.sorted.has(ptr) || !fields) keys.sort(compareGoStrings);
  else keys = [...Object.keys(fields).filter((k) => Object.hasOwn(v, k)), ...keys.filter((k) => !Object.hasOwn(fields, k))];
  const childType = (k: string): Type | undefined => (fields ? (Object.hasOwn(fields, k) ? fields[k] : undefined) : type?.kind === 'map' ? type.values : undefined);
  return { t: 'object', entries: keys.map((k) => [k, build(v[k], childType(k), `${ptr}/${escapePointer(k)}`, plan)] as const) };
}

/** The document a merge patch (patchNode) of `current` yields, given skiff's merged result `patched`. */
export function mergePatchedNode(current: unknown, patchNode: RawNode, patched: Record<string, unknown>, type: Type): RawNode {
  const plan: Plan = { sorted: new Set(['']), raw: new Map() };
  if (isPlainObject(current) && patchNode.t === 'object') planMerge(current, patchNode, '', plan);
  return build(patched, type, '', plan);
}

/** The document a JSON Patch (opsNode) yields, given skiff's patched result `patched`. */
export function jsonPatchedNode(opsNode: RawNode, patched: Record<string, unknown>, type: Type): RawNode {
  const plan: Plan = { sorted: new Set(), raw: new Map() };
  planJsonPatch(opsNode, plan);
  return build(patched, type, '', plan);
}

/** Go's compact encoding of a RawNode (json.Marshal of json-patch's document). */
export function encodeRawNode(node: RawNode): string {
  switch (node.t) {
    case 'null':
      return 'null';
    case 'bool':
      return node.value ? 'true' : 'false';
    case 'number':
      return node.raw;
    case 'string':
      return goEncodeString(node.value);
    case 'array':
      return `[${node.items.map(encodeRawNode).join(',')}]`;
    case 'object':
      return `{${node.entries.map(([k, v]) => `${goEncodeString(k)}:${encodeRawNode(v)}`).join(',')}}`;
  }
}
