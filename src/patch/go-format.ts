// Renders decoded JSON values the way Go's fmt prints map[string]interface{} data,
// so that strategic-merge-patch error messages read exactly as upstream's.

import { compareGoStrings } from './go-json.js';

/** The Go dynamic type a decoded JSON value has in an unstructured map (ints preserved as int64). */
export type GoType = 'nil' | 'bool' | 'string' | 'int64' | 'float64' | 'map' | 'slice';

export function goTypeOf(v: unknown): GoType {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'bigint') return 'int64';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

export function isJsonMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** reflect.TypeOf(v) printed with %s. */
export function goTypeName(v: unknown): string {
  switch (goTypeOf(v)) {
    case 'nil':
      return '%!s(<nil>)';
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    case 'bool':
      return 'bool';
    case 'string':
      return 'string';
    case 'int64':
      return 'int64';
    case 'float64':
      return 'float64';
  }
}

/** A float64 as %v prints it: shortest digits, exponent form outside [1e-4, 1e6). */
export function goFormatFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const e = x.toExponential();
  const [mant, expStr] = e.split('e') as [string, string];
  const exp = Number(expStr);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    return `${mant}e${sign}${digits}`;
  }
  return String(x);
}

function sortedKeys(m: Record<string, unknown>): string[] {
  return Object.keys(m).sort(compareGoStrings);
}

/** fmt's %v. */
export function goFormatV(v: unknown): string {
  switch (goTypeOf(v)) {
    case 'nil':
      return '<nil>';
    case 'bool':
      return v ? 'true' : 'false';
    case 'string':
      return v as string;
    case 'int64':
      return String(v);
    case 'float64':
      return goFormatFloat(v as number);
    case 'slice':
      return `[${(v as unknown[]).map(goFormatV).join(' ')}]`;
    case 'map': {
      const m = v as Record<string, unknown>;
      return `map[${sortedKeys(m)
        .map((k) => `${k}:${goFormatV(m[k])}`)
        .join(' ')}]`;
    }
  }
}

/** fmt's %s: non-strings come out as %!s(type=value). */
export function goFormatS(v: unknown): string {
  switch (goTypeOf(v)) {
    case 'nil':
      return '%!s(<nil>)';
    case 'bool':
      return `%!s(bool=${v ? 'true' : 'false'})`;
    case 'string':
      return v as string;
    case 'int64':
      return `%!s(int64=${String(v)})`;
    case 'float64':
      return `%!s(float64=${goFormatFloat(v as number)})`;
    case 'slice':
      return `[${(v as unknown[]).map(goFormatS).join(' ')}]`;
    case 'map': {
      const m = v as Record<string, unknown>;
      return `map[${sortedKeys(m)
        .map((k) => `${k}:${goFormatS(m[k])}`)
        .join(' ')}]`;
    }
  }
}

/** Go's == on interface{} values holding JSON scalars. Maps and slices are not comparable (Go panics). */
export function goScalarEqual(a: unknown, b: unknown): boolean {
  const ta = goTypeOf(a);
  if (ta !== goTypeOf(b)) return false;
  if (ta === 'map' || ta === 'slice') throw new GoRuntimePanic('runtime error: comparing uncomparable type ' + goTypeName(a));
  if (ta === 'nil') return true;
  return a === b;
}

/** A key under which Go would hash a JSON scalar in map[interface{}]...; panics for maps and slices. */
export function goHashKey(v: unknown): string {
  const t = goTypeOf(v);
  if (t === 'map' || t === 'slice') throw new GoRuntimePanic('runtime error: hash of unhashable type ' + goTypeName(v));
  return `${t}:${t === 'nil' ? '' : String(v)}`;
}

/** Where upstream's Go code would panic at runtime (the request fails with a server error). */
export class GoRuntimePanic extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoRuntimePanic';
  }
}

/**
 * Drops null-valued keys of maps at every level below `v`, in place; with `listElements`,
 * null list elements too (RFC 7386 merge patch does, strategic merge patch keeps them).
 * Iterative: patches may nest up to Go's 10000 levels, deeper than Node's stack.
 */
export function dropNulls<T>(v: T, listElements: boolean): T {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (isJsonMap(x)) {
      for (const [k, y] of Object.entries(x)) {
        if (y === null) delete x[k];
        else if (typeof y === 'object') stack.push(y);
      }
    } else if (Array.isArray(x)) {
      let j = 0;
      for (let i = 0; i < x.length; i++) {
        if (x[i] === null && listElements) continue;
        x[j++] = x[i];
        if (x[i] !== null && typeof x[i] === 'object') stack.push(x[i]);
      }
      x.length = j;
    }
  }
  return v;
}

export function deepCopyJson<T>(v: T): T {
  // Iterative: values may nest up to Go's 10000 levels, deeper than Node's stack.
  if (v === null || typeof v !== 'object') return v;
  const fresh = (x: object): unknown[] | Record<string, unknown> => (Array.isArray(x) ? [] : {});
  const root = fresh(v);
  const stack: [object, unknown[] | Record<string, unknown>][] = [[v, root]];
  while (stack.length) {
    const [src, out] = stack.pop()!;
    if (Array.isArray(src)) {
      for (const x of src) {
        const c = x !== null && typeof x === 'object' ? fresh(x) : undefined;
        (out as unknown[]).push(c ?? x);
        if (c) stack.push([x as object, c]);
      }
    } else {
      for (const [k, x] of Object.entries(src as Record<string, unknown>)) {
        const c = x !== null && typeof x === 'object' ? fresh(x) : undefined;
        if (k === '__proto__') Object.defineProperty(out, k, { value: c ?? x, writable: true, enumerable: true, configurable: true });
        else (out as Record<string, unknown>)[k] = c ?? x;
        if (c) stack.push([x as object, c]);
      }
    }
  }
  return root as T;
}
