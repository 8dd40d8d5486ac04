// Field order as upstream serializes objects. A built-in object is a Go struct: kind,
// apiVersion, metadata, then the kind's own fields; ObjectMeta's fields in their declared
// order. A custom resource is unstructured (Go maps): encoding/json writes every map's keys
// sorted, at every level (k8s.io/apimachinery pkg/runtime/serializer/json, unstructured).

import { goStringCompare } from './goformat.js';

type Obj = Record<string, any>;

export const OBJECT_META_ORDER = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
];

const metaRank = new Map(OBJECT_META_ORDER.map((k, i) => [k, i]));

export function orderObjectMeta(meta: Obj): Obj {
  const keys = Object.keys(meta);
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if ((metaRank.get(keys[i - 1]!) ?? 99) > (metaRank.get(keys[i]!) ?? 99)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return meta;
  const out: Obj = {};
  for (const k of [...keys].sort((a, b) => (metaRank.get(a) ?? 99) - (metaRank.get(b) ?? 99))) out[k] = meta[k];
  return out;
}

/** The object with its metadata's fields in ObjectMeta's struct order (in place). */
export function withOrderedObjectMeta(obj: Obj): Obj {
  obj.metadata = orderObjectMeta(obj.metadata);
  return obj;
}

/**
 * A built-in object (its Go struct's `fieldOrder` given): kind, apiVersion and metadata first
 * (metadata ordered), then its fields in that order, unknown ones after. Without a field
 * order (a custom resource): every key sorted, at every level.
 */
export function canonicalObject(obj: Obj, fieldOrder?: readonly string[]): Obj {
  if (!fieldOrder) return sortedJson(obj);
  const out: Obj = {};
  if ('kind' in obj) out.kind = obj.kind;
  if ('apiVersion' in obj) out.apiVersion = obj.apiVersion;
  if (obj.metadata && typeof obj.metadata === 'object') out.metadata = orderObjectMeta(obj.metadata);
  if (fieldOrder) {
    for (const k of fieldOrder) if (k in obj && !(k in out)) out[k] = obj[k];
  }
  for (const k of Object.keys(obj)) if (!(k in out)) out[k] = obj[k];
  return out;
}

/** Go's string order (UTF-8 bytes, i.e. code points); UTF-16 order agrees below the surrogates. */
function goKeyCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return goStringCompare(a.slice(i), b.slice(i));
  }
  return a.length - b.length;
}

/** One object or array being sorted: its keys in sorted order, and its copy once it needs one. */
interface SortFrame {
  src: Obj | unknown[];
  /** The object's keys, sorted; undefined for an array. */
  keys: string[] | undefined;
  i: number;
  out: Obj | unknown[] | undefined;
}

function sortFrame(src: Obj | unknown[]): SortFrame {
  if (Array.isArray(src)) return { src, keys: undefined, i: 0, out: undefined };
  const keys = Object.keys(src);
  let inOrder = true;
  for (let i = 1; i < keys.length && inOrder; i++) inOrder = goKeyCompare(keys[i - 1]!, keys[i]!) < 0;
  if (inOrder) return { src, keys, i: 0, out: undefined };
  return { src, keys: keys.sort(goKeyCompare), i: 0, out: {} };
}

/** Records the (sorted) value of the frame's current member, copying the container when it first differs. */
function sortPut(f: SortFrame, v: unknown): void {
  if (f.keys) {
    const k = f.keys[f.i]!;
    const src = f.src as Obj;
    if (!f.out && v !== src[k]) {
      f.out = {};
      for (let j = 0; j < f.i; j++) f.out[f.keys[j]!] = src[f.keys[j]!];
    }
    if (f.out) (f.out as Obj)[k] = v;
  } else {
    const src = f.src as unknown[];
    if (!f.out && v !== src[f.i]) f.out = src.slice();
    if (f.out) (f.out as unknown[])[f.i] = v;
  }
}

/**
 * `value` with every object's keys in Go's sorted order, as encoding/json writes a map; the
 * same value (no copy) where it already is. Iterative: a custom resource may nest as deep as
 * the request body limits allow.
 */
export function sortedJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const stack: SortFrame[] = [sortFrame(value as Obj)];
  for (;;) {
    const f = stack[stack.length - 1]!;
    const n = f.keys ? f.keys.length : (f.src as unknown[]).length;
    let child: SortFrame | undefined;
    while (f.i < n) {
      const v = f.keys ? (f.src as Obj)[f.keys[f.i]!] : (f.src as unknown[])[f.i];
      if (v !== null && typeof v === 'object') {
        child = sortFrame(v as Obj);
        break;
      }
      sortPut(f, v);
      f.i++;
    }
    if (child) {
      stack.push(child);
      continue;
    }
    stack.pop();
    const done = f.out ?? f.src;
    const parent = stack[stack.length - 1];
    if (!parent) return done as T;
    sortPut(parent, done);
    parent.i++;
  }
}
