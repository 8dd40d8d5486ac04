// JSON values as structured-merge-diff sees them: a total order across types, equality,
// and the two renderings upstream uses (Go's %v-style ToString for paths in messages,
// sorted-key JSON for path elements in fieldsV1).

import { setOwn } from '../patch/go-json.js';
import { goJSONString, goQuote, goStringCompare } from '../apimachinery/goformat.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function clone<T extends Json | undefined>(v: T): T {
  if (v === undefined || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) setOwn(out, k, clone(x));
  return out as T;
}

/** value.Equals: deep equality, map key order ignored. */
export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

function typeRank(v: Json): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (Array.isArray(v)) return 3;
  if (isObject(v)) return 4;
  return 5; // null
}

/** value.Compare: numbers < strings < booleans < lists < maps < null. */
export function compareValues(a: Json, b: Json): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 1:
      return goStringCompare(a as string, b as string);
    case 2:
      return a === b ? 0 : a === false ? -1 : 1;
    case 3: {
      const la = a as Json[];
      const lb = b as Json[];
      for (let i = 0; i < Math.min(la.length, lb.length); i++) {
        const c = compareValues(la[i], lb[i]);
        if (c !== 0) return c;
      }
      return la.length === lb.length ? 0 : la.length < lb.length ? -1 : 1;
    }
    case 4:
      return compareFieldLists(sortedFields(a as JsonObject), sortedFields(b as JsonObject));
    default:
      return 0;
  }
}

export type FieldList = [string, Json][];

export function sortedFields(o: JsonObject): FieldList {
  return Object.keys(o)
    .sort(goStringCompare)
    .map((k) => [k, o[k]] as [string, Json]);
}

/** value.FieldList.Compare: lexical over (name, value) pairs, the shorter list first. */
export function compareFieldLists(a: FieldList, b: FieldList): number {
  for (let i = 0; ; i++) {
    if (i >= a.length && i >= b.length) return 0;
    if (i >= a.length) return -1;
    if (i >= b.length) return 1;
    const c = goStringCompare(a[i][0], b[i][0]);
    if (c !== 0) return c;
    const d = compareValues(a[i][1], b[i][1]);
    if (d !== 0) return d;
  }
}

/** Go's %v: integral numbers are int64 in SMD values; others are float64 printed by strconv 'g' (shortest). */
function goFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const [mant, expStr] = n.toExponential().split('e');
  const exp = Number(expStr);
  if (exp < -4 || exp >= 6) {
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${mant}e${exp < 0 ? '-' : '+'}${e}`;
  }
  return String(n);
}

/** value.ToString: how a key or set value is printed in a path (conflict messages). */
export function valueToString(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(valueToString).join(',') + ']';
  return sortedFields(v)
    .map(([k, x]) => `${k}=${valueToString(x)}`)
    .join('');
}

/** encoding/json-compatible rendering with sorted object keys, as jsoniter writes path element values. */
export function canonicalJSON(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return goJSONString(v);
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(canonicalJSON).join(',') + ']';
  return '{' + sortedFields(v).map(([k, x]) => goJSONString(k) + ':' + canonicalJSON(x)).join(',') + '}';
}
