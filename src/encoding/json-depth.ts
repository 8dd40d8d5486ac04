// Go's encoding/json refuses input nested deeper than 10000 arrays/objects
// (scanner.go maxNestingDepth, "exceeded max depth"), before decoding anything;
// sigs.k8s.io/json, which kube-apiserver decodes with, keeps that limit. Checking it
// first keeps deeply nested bodies from reaching recursive code.

export const MAX_JSON_NESTING_DEPTH = 10000;

/** Go's syntax error for `text` nested past the limit ("invalid character '[' exceeded max depth"), or undefined. */
export function jsonDepthError(text: string, limit = MAX_JSON_NESTING_DEPTH): string | undefined {
  // Going past the limit takes more than `limit` opening brackets: shorter text cannot.
  if (text.length <= limit) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return `invalid character '${text[i]}' exceeded max depth`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/**
 * JSON.stringify for values that may nest deeper than Node's stack allows (V8's
 * JSON.stringify recurses; bodies within Go's 10000 levels can overflow it). Takes the
 * native path and falls back to an iterative encoder with the same output for JSON data
 * (own enumerable keys in insertion order, undefined/functions dropped from objects and
 * null in arrays, toJSON honoured).
 */
export function stringifyJson(v: unknown): string {
  try {
    return JSON.stringify(v);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return stringifyIteratively(v);
  }
}

const LITERAL = Symbol('json literal');
type Literal = { [LITERAL]: string };
const literal = (s: string): Literal => ({ [LITERAL]: s });
const isLiteral = (x: unknown): x is Literal => typeof x === 'object' && x !== null && LITERAL in x;

function stringifyIteratively(root: unknown): string {
  const out: string[] = [];
  const work: unknown[] = [root];
  const prepare = (x: unknown): unknown => (x !== null && typeof x === 'object' && typeof (x as { toJSON?: unknown }).toJSON === 'function' ? (x as { toJSON(): unknown }).toJSON() : x);
  const skipped = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';
  while (work.length) {
    const raw = work.pop();
    if (isLiteral(raw)) {
      out.push(raw[LITERAL]);
      continue;
    }
    const x = prepare(raw);
    if (x === null || skipped(x)) out.push('null');
    else if (typeof x === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    else if (typeof x !== 'object') out.push(JSON.stringify(x));
    else if (Array.isArray(x)) {
      out.push('[');
      work.push(literal(']'));
      for (let i = x.length - 1; i >= 0; i--) {
        work.push(x[i]);
        if (i > 0) work.push(literal(','));
      }
    } else {
      const o = x as Record<string, unknown>;
      const keys = Object.keys(o).filter((k) => !skipped(prepare(o[k])));
      out.push('{');
      work.push(literal('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push(o[keys[i]!]);
        work.push(literal(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
      }
    }
  }
  return out.join('');
}

/** The index of the quote that closes the JSON string opening at b[open] (b.length when it is not closed). */
export function jsonStringEnd(b: Uint8Array, open: number): number {
  for (let i = open + 1; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return b.length;
}
