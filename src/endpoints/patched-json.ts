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
  // Iterative (here and below): patches may nest up to Go's 10000 levels, deeper than Node's stack.
  type Out = { t: 'array'; items: RawNode[] } | { t: 'object'; entries: (readonly [string, RawNode])[] };
  const open = (n: RawNode): Out | undefined => (n.t === 'array' ? { t: 'array', items: [] } : n.t === 'object' ? { t: 'object', entries: [] } : undefined);
  const root = open(node);
  if (!root) return node;
  const stack: [RawNode, Out][] = [[node, root]];
  while (stack.length) {
    const [n, out] = stack.pop()!;
    if (n.t === 'array' && out.t === 'array') {
      for (const item of n.items) {
        const c = open(item);
        out.items.push(c ?? item);
        if (c) stack.push([item, c]);
      }
    } else if (n.t === 'object' && out.t === 'object') {
      const entries = [...lastEntries(n)].filter(([, v]) => v.t !== 'null').sort(([a], [b]) => compareGoStrings(a, b));
      for (const [k, v] of entries) {
        const c = open(v);
        out.entries.push([k, c ?? v]);
        if (c) stack.push([v, c]);
      }
    }
  }
  return root;
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
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
    } else if (isPlainObject(x) && isPlainObject(y)) {
      const kx = Object.keys(x);
      if (kx.length !== Object.keys(y).length) return false;
      for (const k of kx) {
        if (!Object.hasOwn(y, k)) return false;
        stack.push([x[k], y[k]]);
      }
    } else return false;
  }
  return true;
}

/** The patched value as a RawNode in json-patch's key order, patch literals kept where the value is the patch's. */
function build(v: unknown, type: Type | undefined, ptr: string, plan: Plan): RawNode {
  type Out = { t: 'array'; items: RawNode[] } | { t: 'object'; entries: (readonly [string, RawNode])[] };
  // One step: a finished node, or an open container whose children are pushed as work.
  const work: { v: unknown; type: Type | undefined; ptr: string; put: (n: RawNode) => void }[] = [];
  let root: RawNode | undefined;
  work.push({ v, type, ptr, put: (n) => (root = n) });
  while (work.length) {
    const w = work.pop()!;
    const raw = plan.raw.get(w.ptr);
    if (raw && jsonEqual(rawToJs(raw), w.v)) {
      w.put(raw);
      continue;
    }
    const x = w.v;
    if (Array.isArray(x)) {
      const out: Out = { t: 'array', items: new Array<RawNode>(x.length) };
      w.put(out);
      const itemType = w.type?.kind === 'list' ? w.type.items : undefined;
      x.forEach((e, i) => work.push({ v: e, type: itemType, ptr: `${w.ptr}/${i}`, put: (n) => (out.items[i] = n) }));
      continue;
    }
    if (!isPlainObject(x)) {
      w.put(jsToRaw(x));
      continue;
    }
    const t = w.type;
    const fields = t?.kind === 'object' ? fieldsOf(t) : undefined;
    let keys = Object.keys(x);
    if (plan.sorted.has(w.ptr) || !fields) keys.sort(compareGoStrings);
    else keys = [...Object.keys(fields).filter((k) => Object.hasOwn(x, k)), ...keys.filter((k) => !Object.hasOwn(fields, k))];
    const childType = (k: string): Type | undefined => (fields ? (Object.hasOwn(fields, k) ? fields[k] : undefined) : t?.kind === 'map' ? t.values : undefined);
    const entries = new Array<readonly [string, RawNode]>(keys.length);
    w.put({ t: 'object', entries } as Out);
    keys.forEach((k, i) => work.push({ v: x[k], type: childType(k), ptr: `${w.ptr}/${escapePointer(k)}`, put: (n) => (entries[i] = [k, n]) }));
  }
  return root!;
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
  const out: string[] = [];
  // Work items: a node to encode, or literal text.
  const work: (RawNode | string)[] = [node];
  while (work.length) {
    const n = work.pop()!;
    if (typeof n === 'string') {
      out.push(n);
      continue;
    }
    switch (n.t) {
      case 'null':
        out.push('null');
        break;
      case 'bool':
        out.push(n.value ? 'true' : 'false');
        break;
      case 'number':
        out.push(n.raw);
        break;
      case 'string':
        out.push(goEncodeString(n.value));
        break;
      case 'array':
        out.push('[');
        work.push(']');
        for (let i = n.items.length - 1; i >= 0; i--) {
          work.push(n.items[i]!);
          if (i > 0) work.push(',');
        }
        break;
      case 'object':
        out.push('{');
        work.push('}');
        for (let i = n.entries.length - 1; i >= 0; i--) {
          const [k, v] = n.entries[i]!;
          work.push(v);
          work.push(`${i > 0 ? ',' : ''}${goEncodeString(k)}:`);
        }
        break;
    }
  }
  return out.join('');
}
