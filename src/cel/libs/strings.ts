// Extended strings library (cel-go ext.Strings, version 2 as Kubernetes enables it since 1.29).
// Indexes count code points, as cel-go does.
import type {Environment} from '@marcbachmann/cel-js';
import {celError, codePoints, toNumberIndex} from '../util.js';
import {formatString} from './format-string.js';
import {quoteString} from './quote.js';

/** Library functions that replace a built-in of cel-js with different semantics. */
export const STRING_OVERRIDES = new Set([
  'indexOf', 'lastIndexOf', 'substring', 'lowerAscii', 'upperAscii', 'trim', 'split', 'matches',
]);
export const OVERRIDE_PREFIX = '__k8s_';
const P = OVERRIDE_PREFIX;

const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const asciiUpper = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

// Go's unicode.IsSpace set, which strings.TrimSpace uses.
const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const TRIM_RE = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');

function indexOf(s: string, sub: string, from: bigint): bigint {
  const cps = codePoints(s);
  const start = toNumberIndex(from);
  if (start < 0 || start > cps.length) throw celError(`index out of range: ${from}`);
  const subCps = codePoints(sub);
  if (subCps.length === 0) return BigInt(start);
  outer: for (let i = start; i + subCps.length <= cps.length; i++) {
    for (let j = 0; j < subCps.length; j++) if (cps[i + j] !== subCps[j]) continue outer;
    return BigInt(i);
  }
  return -1n;
}

function lastIndexOf(s: string, sub: string, from?: bigint): bigint {
  const cps = codePoints(s);
  const subCps = codePoints(sub);
  let start = from === undefined ? cps.length : toNumberIndex(from);
  if (from !== undefined && (start < 0 || start > cps.length)) {
    throw celError(`index out of range: ${from}`);
  }
  if (subCps.length === 0) return BigInt(start);
  if (start + subCps.length > cps.length) start = cps.length - subCps.length;
  outer: for (let i = start; i >= 0; i--) {
    for (let j = 0; j < subCps.length; j++) if (cps[i + j] !== subCps[j]) continue outer;
    return BigInt(i);
  }
  return -1n;
}

function substring(s: string, start: bigint, end?: bigint): string {
  const cps = codePoints(s);
  const st = toNumberIndex(start);
  const en = end === undefined ? cps.length : toNumberIndex(end);
  if (st < 0 || st > cps.length) throw celError(`index out of range: ${start}`);
  if (en < 0 || en > cps.length) throw celError(`index out of range: ${end}`);
  if (st > en) throw celError(`invalid substring range. start: ${start}, end: ${end}`);
  return cps.slice(st, en).join('');
}

function replace(s: string, from: string, to: string, n: bigint = -1n): string {
  if (n === 0n) return s;
  if (from === '') {
    // Go inserts the replacement before every code point and at the end.
    const cps = codePoints(s);
    const out: string[] = [];
    let count = 0n;
    for (let i = 0; i <= cps.length; i++) {
      if (n < 0n || count < n) {
        out.push(to);
        count++;
      }
      if (i < cps.length) out.push(cps[i]!);
    }
    return out.join('');
  }
  if (n < 0n) return s.split(from).join(to);
  let out = '';
  let rest = s;
  for (let i = 0n; i < n; i++) {
    const at = rest.indexOf(from);
    if (at < 0) break;
    out += rest.slice(0, at) + to;
    rest = rest.slice(at + from.length);
  }
  return out + rest;
}

function split(s: string, sep: string, n: bigint = -1n): string[] {
  if (n === 0n) return [];
  const parts = sep === '' ? codePoints(s) : s.split(sep);
  if (n < 0n || BigInt(parts.length) <= n) return parts;
  const k = Number(n);
  if (sep === '') return [...parts.slice(0, k - 1), parts.slice(k - 1).join('')];
  return [...parts.slice(0, k - 1), parts.slice(k - 1).join(sep)];
}

function charAt(s: string, i: bigint): string {
  const cps = codePoints(s);
  const idx = toNumberIndex(i);
  if (idx < 0 || idx > cps.length) throw celError(`index out of range: ${i}`);
  return cps[idx] ?? '';
}

export interface StringsOptions {
  /** ext.Strings version; Kubernetes 1.29+ uses 2. Version 3 adds reverse(). */
  version: number;
}

export function registerStrings(env: Environment, matches: (s: string, re: string) => boolean, opts: StringsOptions): void {
  env.registerFunction('string.charAt(int): string', charAt);
  env.registerFunction(`string.${P}indexOf(string): int`, (s: string, sub: string) => indexOf(s, sub, 0n));
  env.registerFunction(`string.${P}indexOf(string, int): int`, indexOf);
  env.registerFunction(`string.${P}lastIndexOf(string): int`, (s: string, sub: string) => lastIndexOf(s, sub));
  env.registerFunction(`string.${P}lastIndexOf(string, int): int`, lastIndexOf);
  env.registerFunction(`string.${P}lowerAscii(): string`, asciiLower);
  env.registerFunction(`string.${P}upperAscii(): string`, asciiUpper);
  env.registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) => replace(s, a, b));
  env.registerFunction('string.replace(string, string, int): string', replace);
  env.registerFunction(`string.${P}split(string): list<string>`, (s: string, sep: string) => split(s, sep));
  env.registerFunction(`string.${P}split(string, int): list<string>`, split);
  env.registerFunction(`string.${P}substring(int): string`, (s: string, st: bigint) => substring(s, st));
  env.registerFunction(`string.${P}substring(int, int): string`, substring);
  env.registerFunction(`string.${P}trim(): string`, (s: string) => s.replace(TRIM_RE, ''));
  env.registerFunction(`string.${P}matches(string): bool`, matches);
  env.registerFunction('string.format(list<dyn>): string', formatString);
  env.registerType('StringsNamespace', StringsNamespace);
  env.registerConstant('strings', 'StringsNamespace', new StringsNamespace());
  env.registerFunction('StringsNamespace.quote(string): string', (_ns: unknown, s: string) => quoteString(s));
  if (opts.version >= 3) {
    env.registerFunction('string.reverse(): string', (s: string) => codePoints(s).reverse().join(''));
  }
}

class StringsNamespace {}
