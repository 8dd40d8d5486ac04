// CEL runtime equality (heterogeneous numeric equality, deep lists and maps).
import {Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {compareDurations, compareTimestamps} from './timestamp.js';
import {listSemantics, mapListKey} from './values.js';

function numeric(v: unknown): number | bigint | undefined {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (v instanceof UnsignedInt) return v.valueOf() as bigint;
  return undefined;
}

function entriesOf(v: object): Array<[unknown, unknown]> {
  if (v instanceof Map) return [...v.entries()];
  return Object.entries(v);
}

export interface CustomEquals {
  celEquals(other: unknown): boolean;
}

function hasCustomEquals(v: unknown): v is CustomEquals {
  return typeof v === 'object' && v !== null && typeof (v as Partial<CustomEquals>).celEquals === 'function';
}

export function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined || nb !== undefined) {
    if (na === undefined || nb === undefined) return false;
    if (typeof na === 'number' || typeof nb === 'number') return Number(na) === Number(nb);
    return na === nb;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (hasCustomEquals(a)) return a.celEquals(b);
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && compareTimestamps(a, b) === 0;
  }
  if (a instanceof Duration || b instanceof Duration) {
    return a instanceof Duration && b instanceof Duration && compareDurations(a, b) === 0;
  }
  if (a instanceof Optional || b instanceof Optional) {
    if (!(a instanceof Optional && b instanceof Optional)) return false;
    if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
    return celEquals(a.value(), b.value());
  }
  const aList = Array.isArray(a) || a instanceof Set;
  const bList = Array.isArray(b) || b instanceof Set;
  if (aList || bList) {
    if (!(aList && bList)) return false;
    const x = Array.isArray(a) ? a : [...(a as Iterable<unknown>)];
    const y = Array.isArray(b) ? b : [...(b as Iterable<unknown>)];
    if (x.length !== y.length) return false;
    // Only the left operand's list type decides (cel-go calls lhs.Equal(rhs)).
    const sem = listSemantics(x);
    if (sem?.type === 'set') return y.every((e) => x.some((m) => celEquals(m, e)));
    if (sem?.type === 'map') {
      const byKey = new Map<string, unknown>();
      for (const e of x) byKey.set(mapListKey(e, sem.keys), e);
      return y.every((e) => {
        const k = mapListKey(e, sem.keys);
        return byKey.has(k) && celEquals(byKey.get(k), e);
      });
    }
    for (let i = 0; i < x.length; i++) if (!celEquals(x[i], y[i])) return false;
    return true;
  }
  if (a.constructor !== b.constructor && !(isPlainMap(a) && isPlainMap(b))) return false;
  if (isTypeValue(a)) return a.name === (b as {name: string}).name;
  const ea = entriesOf(a);
  const eb = entriesOf(b);
  if (ea.length !== eb.length) return false;
  if (b instanceof Map) {
    // A CelMap finds numeric keys by value (1 == 1u == 1.0); a plain Map needs the identical key.
    for (const [k, v] of ea) if (!b.has(k) || !celEquals(v, b.get(k))) return false;
    return true;
  }
  // Objects and string-keyed maps: every key must be a string.
  const bo = b as Record<string, unknown>;
  for (const [k, v] of ea) {
    if (typeof k !== 'string' || !Object.prototype.hasOwnProperty.call(bo, k) || !celEquals(v, bo[k])) return false;
  }
  return true;
}

function isTypeValue(v: object): v is {name: string} {
  return v.constructor?.name === 'Type' && typeof (v as {name?: unknown}).name === 'string';
}

function isPlainMap(v: object): boolean {
  if (v instanceof Map) return true;
  const p = Object.getPrototypeOf(v);
  return p === null || p === Object.prototype;
}

/** Ordering for comparable CEL values; throws on incomparable. */
export function celCompare(a: unknown, b: unknown): number {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'number' || typeof nb === 'number') {
      const x = Number(na);
      const y = Number(nb);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  }
  if (a instanceof Date && b instanceof Date) return compareTimestamps(a, b);
  if (a instanceof Duration && b instanceof Duration) return compareDurations(a, b);
  throw new Error('incomparable');
}
