import {EvaluationError} from '@marcbachmann/cel-js';

/** A runtime error raised by a library function; the message is upstream's text. */
export function celError(message: string): EvaluationError {
  return new EvaluationError(message);
}

/** Code points of a string (CEL indexes strings by code point). */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Size in CEL terms for cost purposes: characters, bytes, entries; 1 otherwise. */
export function actualSize(v: unknown): number {
  if (typeof v === 'string') return codePointLength(v);
  if (v instanceof Uint8Array) return v.length;
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map || v instanceof Set) return v.size;
  if (v !== null && typeof v === 'object') {
    const proto = Object.getPrototypeOf(v);
    if (proto === null || proto === Object.prototype) return Object.keys(v).length;
  }
  return 1;
}

export function toNumberIndex(i: bigint): number {
  return i > 9007199254740991n || i < -9007199254740991n ? Number.MAX_SAFE_INTEGER : Number(i);
}
