// Resource lists as quota computes with them (k8s.io/apiserver pkg/quota/v1/resources.go):
// name -> Quantity maps, added, subtracted, masked and compared key by key.

import { parseQuantity, Quantity } from '../apimachinery/quantity.js';

export type ResourceList = Record<string, Quantity>;

const ZERO = new Quantity(0n, 0, 'DecimalSI');

/** A zero quantity takes the other operand's format, as resource.Quantity's Add and Sub do. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  const sum = a.add(b);
  return a.isZero() ? new Quantity(sum.mantissa, sum.scale, b.format) : sum;
}

export function subQuantity(a: Quantity, b: Quantity): Quantity {
  const diff = a.sub(b);
  return a.isZero() ? new Quantity(diff.mantissa, diff.scale, b.format) : diff;
}

/** Parse an object's `map[string]Quantity` field; values that do not parse are left out. */
export function parseResourceList(m: unknown): ResourceList {
  const out: ResourceList = {};
  if (!m || typeof m !== 'object' || Array.isArray(m)) return out;
  for (const [k, v] of Object.entries(m as Record<string, unknown>)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    try {
      out[k] = parseQuantity(String(v));
    } catch {
      // Validation rejects such values on write; a stored one is ignored.
    }
  }
  return out;
}

export function formatResourceList(l: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(l).sort()) out[k] = l[k]!.toString();
  return out;
}

export function add(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(a)) out[k] = b[k] ? addQuantity(v, b[k]) : v;
  for (const [k, v] of Object.entries(b)) if (!(k in out)) out[k] = v;
  return out;
}

export function subtract(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(a)) out[k] = b[k] ? subQuantity(v, b[k]) : v;
  for (const [k, v] of Object.entries(b)) if (!(k in out)) out[k] = subQuantity(ZERO, v);
  return out;
}

/** a - b, with negative results clamped to zero (keys only in b come out as zero). */
export function subtractWithNonNegativeResult(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(subtract(a, b))) out[k] = v.sign() < 0 ? ZERO : v;
  return out;
}

/** Key-wise maximum. */
export function max(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [k, v] of Object.entries(b)) if (!out[k] || v.cmp(out[k]) > 0) out[k] = v;
  return out;
}

export function mask(l: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = {};
  for (const n of names) if (l[n]) out[n] = l[n];
  return out;
}

export function names(l: ResourceList): string[] {
  return Object.keys(l);
}

export function removeZeros(l: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(l)) if (!v.isZero()) out[k] = v;
  return out;
}

export function negatives(l: ResourceList): string[] {
  return Object.keys(l).filter((k) => l[k]!.sign() < 0);
}

/** Whether every key of a that b bounds is <= b's value; the names that exceed. */
export function lessThanOrEqual(a: ResourceList, b: ResourceList): { ok: boolean; exceeded: string[] } {
  const exceeded: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    const limit = b[k];
    if (limit && v.cmp(limit) > 0) exceeded.push(k);
  }
  return { ok: exceeded.length === 0, exceeded };
}

export function equals(a: ResourceList, b: ResourceList): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => b[k] !== undefined && a[k]!.cmp(b[k]) === 0);
}

export function intersection(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return [...new Set(a.filter((n) => set.has(n)))].sort();
}

/** `k=v` pairs in name order, comma-joined (the quota messages' prettyPrint). */
export function prettyPrint(l: ResourceList): string {
  return Object.keys(l)
    .sort()
    .map((k) => `${k}=${l[k]!.toString()}`)
    .join(',');
}
