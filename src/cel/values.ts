// Runtime value representations cel-js lacks: maps with non-string keys, and lists with the
// set or map semantics of x-kubernetes-list-type.
import {UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {celError} from './util.js';

/**
 * The key under which CEL considers map keys equal: 1, 1u and 1.0 are the same key (CEL's
 * heterogeneous numeric equality); strings and bools are distinct from numbers.
 */
export function mapKeyOf(k: unknown): string | undefined {
  switch (typeof k) {
    case 'string': return `s${k}`;
    case 'bigint': return `n${k}`;
    case 'boolean': return k ? 'bt' : 'bf';
    case 'number':
      if (Number.isInteger(k)) return `n${BigInt(k)}`;
      return Number.isNaN(k) ? undefined : `d${k}`;
    default:
      if (k instanceof UnsignedInt) return `n${k.valueOf() as bigint}`;
      return undefined;
  }
}

/**
 * A map with non-string keys (int, uint, bool). Lookups find keys by CEL equality, so
 * {1: 'a'}[1u] works; iteration yields the keys as written.
 */
export class CelMap extends Map<unknown, unknown> {
  private readonly keys_ = new Map<string, unknown>();

  override get(k: unknown): unknown {
    const id = mapKeyOf(k);
    if (id === undefined) return undefined;
    const orig = this.keys_.get(id);
    return orig === undefined ? undefined : super.get(orig);
  }

  override has(k: unknown): boolean {
    const id = mapKeyOf(k);
    return id !== undefined && this.keys_.has(id);
  }

  override set(k: unknown, v: unknown): this {
    const id = mapKeyOf(k);
    if (id === undefined) throw celError('unsupported key type');
    const orig = this.keys_.get(id);
    if (orig !== undefined) super.delete(orig);
    this.keys_.set(id, k);
    return super.set(k, v);
  }

  override delete(k: unknown): boolean {
    const id = mapKeyOf(k);
    if (id === undefined) return false;
    const orig = this.keys_.get(id);
    this.keys_.delete(id);
    return orig !== undefined && super.delete(orig);
  }
}
// cel-js finds a value's CEL type by its constructor: a CelMap is a map.
Object.defineProperty(CelMap.prototype, 'constructor', {value: Map, writable: true, configurable: true});

const isKeyType = (k: unknown): boolean =>
  typeof k === 'string' || typeof k === 'bigint' || typeof k === 'boolean' || k instanceof UnsignedInt;

/** Build the value of a map literal: a plain object when every key is a string, a CelMap otherwise. */
export function buildMap(entries: ReadonlyArray<readonly [unknown, unknown]>): object {
  let allStrings = true;
  for (const [k] of entries) {
    if (!isKeyType(k)) throw celError('unsupported key type');
    if (typeof k !== 'string') allStrings = false;
  }
  if (allStrings) {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of entries) {
      if (Object.prototype.hasOwnProperty.call(out, k as string)) throw celError(`Failed with repeated key: ${String(k)}`);
      out[k as string] = v;
    }
    return out;
  }
  const out = new CelMap();
  for (const [k, v] of entries) {
    if (out.has(k)) throw celError(`Failed with repeated key: ${String(k)}`);
    out.set(k, v);
  }
  return out;
}

// ---- x-kubernetes-list-type ----

export type ListSemantics = {type: 'set'} | {type: 'map'; keys: readonly string[]};

const LIST_SEMANTICS = Symbol('cel.listType');

type Marked = unknown[] & {[LIST_SEMANTICS]?: ListSemantics};

/** Give a list the equality and concatenation rules of an x-kubernetes-list-type set or map. */
export function withListSemantics<T extends unknown[]>(list: T, semantics: ListSemantics): T {
  Object.defineProperty(list, LIST_SEMANTICS, {value: semantics, enumerable: false});
  return list;
}

export function listSemantics(v: unknown): ListSemantics | undefined {
  return Array.isArray(v) ? (v as Marked)[LIST_SEMANTICS] : undefined;
}

/** The key of a map-list element: its key fields (by escaped CEL name). */
export function mapListKey(element: unknown, keys: readonly string[]): string {
  const parts: unknown[] = [];
  for (const k of keys) {
    let v: unknown;
    if (element instanceof Map) v = element.get(k);
    else if (element !== null && typeof element === 'object') v = (element as Record<string, unknown>)[k];
    parts.push(typeof v === 'bigint' ? `${v}n` : v instanceof UnsignedInt ? `${v.valueOf() as bigint}u` : v);
  }
  return JSON.stringify(parts);
}
