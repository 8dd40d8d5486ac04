// Continue tokens exactly as k8s.io/apiserver/pkg/storage EncodeContinue/DecodeContinue
// produce and read them: unpadded base64url of the JSON {"v":"meta.k8s.io/v1","rv":N,"start":K},
// where K is the next storage key relative to the resource's key prefix. Malformed tokens
// fail with upstream's messages, including the texts of Go's base64 and encoding/json errors.

import { goJSONString, goQuote } from './validation.js';

const TOKEN_VERSION = 'meta.k8s.io/v1';
const INVALID_KEY = 'continue key is not valid';

/** A token that does not decode; the message is upstream's (callers wrap it in "invalid continue token: ..."). */
export class ContinueTokenError extends Error {
  override readonly name = 'ContinueTokenError';
}

export interface DecodedContinue {
  /** The full storage key to resume from: keyPrefix + the token's start key. */
  key: string;
  /** The revision the list is pinned to (negative: latest, after a compaction). */
  resourceVersion: number;
}

/** storage.EncodeContinue: `key` must start with `keyPrefix` (and differ from it). */
export function encodeContinue(key: string, keyPrefix: string, resourceVersion: number): string {
  const nextKey = key.startsWith(keyPrefix) ? key.slice(keyPrefix.length) : key;
  if (nextKey === key) throw new Error(`unable to encode next field: the key and key prefix do not match ${keyPrefix} ${key}`);
  const json = `{"v":${goJSONString(TOKEN_VERSION)},"rv":${Math.trunc(resourceVersion)},"start":${goJSONString(nextKey)}}`;
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** storage.DecodeContinue. Throws ContinueTokenError with upstream's message. */
export function decodeContinue(token: string, keyPrefix: string): DecodedContinue {
  const data = decodeRawURLBase64(Buffer.from(token, 'utf8'));
  if (typeof data === 'number') throw new ContinueTokenError(`${INVALID_KEY}: illegal base64 data at input byte ${data}`);
  const parsed = unmarshalContinueToken(data);
  if (typeof parsed === 'string') throw new ContinueTokenError(`${INVALID_KEY}: ${parsed}`);
  if (parsed.v !== TOKEN_VERSION) throw new ContinueTokenError(`${INVALID_KEY}: server does not recognize this encoded version ${parsed.v}`);
  if (parsed.rv === 0n) throw new ContinueTokenError(`${INVALID_KEY}: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`);
  if (parsed.start.length === 0) throw new ContinueTokenError(`${INVALID_KEY}: encoded start key empty (version meta.k8s.io/v1)`);
  // Refuse keys that would climb above keyPrefix once cleaned (path traversal).
  const key = parsed.start.startsWith('/') ? parsed.start : '/' + parsed.start;
  const cleaned = goPathClean(key);
  if (cleaned !== key) throw new ContinueTokenError(`${INVALID_KEY}: ${parsed.start}`);
  return { key: keyPrefix + cleaned.slice(1), resourceVersion: Number(parsed.rv) };
}

/** Go's path.Clean. */
export function goPathClean(p: string): string {
  if (p === '') return '.';
  const rooted = p[0] === '/';
  const n = p.length;
  let out = '';
  let r = 0;
  let dotdot = 0;
  if (rooted) {
    out = '/';
    r = 1;
    dotdot = 1;
  }
  while (r < n) {
    if (p[r] === '/') {
      r++;
    } else if (p[r] === '.' && (r + 1 === n || p[r + 1] === '/')) {
      r++;
    } else if (p[r] === '.' && p[r + 1] === '.' && (r + 2 === n || p[r + 2] === '/')) {
      r += 2;
      if (out.length > dotdot) {
        let w = out.length - 1;
        while (w > dotdot && out[w] !== '/') w--;
        out = out.slice(0, w);
      } else if (!rooted) {
        if (out.length > 0) out += '/';
        out += '..';
        dotdot = out.length;
      }
    } else {
      if ((rooted && out.length !== 1) || (!rooted && out.length !== 0)) out += '/';
      while (r < n && p[r] !== '/') out += p[r++];
    }
  }
  return out === '' ? '.' : out;
}

// ---------------------------------------------------------------------------
// base64.RawURLEncoding.DecodeString, with Go's CorruptInputError offsets
// ---------------------------------------------------------------------------

const B64_DECODE = (() => {
  const m = new Int16Array(256).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i;
  return m;
})();

/** Returns the decoded bytes, or the byte offset Go reports as "illegal base64 data at input byte N". */
function decodeRawURLBase64(src: Uint8Array): Uint8Array | number {
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        if (j === 1) return si - j;
        dlen = j;
        break;
      }
      const c = src[si++]!;
      const v = B64_DECODE[c]!;
      if (v >= 0) {
        dbuf[j] = v;
        continue;
      }
      if (c === 0x0a || c === 0x0d) {
        j--;
        continue;
      }
      return si - 1;
    }
    const val = (dbuf[0]! << 18) | (dbuf[1]! << 12) | (dbuf[2]! << 6) | dbuf[3]!;
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...bytes.slice(0, dlen - 1));
  }
  return Uint8Array.from(out);
}

// ---------------------------------------------------------------------------
// encoding/json: syntax check with Go's messages, then decoding into continueToken
// ---------------------------------------------------------------------------

const enum PS {
  ObjectKey,
  ObjectValue,
  ArrayValue,
}

const MAX_NESTING_DEPTH = 10000;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** Go's quoteChar for scanner errors: the byte as a rune in single quotes. */
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  const q = goQuote(String.fromCharCode(c));
  return `'${q.slice(1, -1)}'`;
}

/** A port of encoding/json's scanner state machine, used only to find the first syntax error. */
class GoJSONScanner {
  private step: (c: number) => void = (c) => this.beginValue(c);
  private readonly parseState: PS[] = [];
  private endTop = false;
  err: string | undefined;

  private fail(c: number, context: string): void {
    this.step = () => {};
    this.err = `invalid character ${quoteChar(c)} ${context}`;
  }

  feed(c: number): boolean {
    this.step(c);
    return this.err === undefined;
  }

  eof(): void {
    if (this.err !== undefined || this.endTop) return;
    this.step(0x20);
    if (this.endTop) return;
    if (this.err === undefined) this.err = 'unexpected end of JSON input';
  }

  private push(c: number, ps: PS, next: (c: number) => void): void {
    this.parseState.push(ps);
    if (this.parseState.length <= MAX_NESTING_DEPTH) this.step = next;
    else this.fail(c, 'exceeded max depth');
  }

  private pop(): void {
    this.parseState.pop();
    if (this.parseState.length === 0) {
      this.step = (c) => this.endTopState(c);
      this.endTop = true;
    } else {
      this.step = (c) => this.endValue(c);
    }
  }

  private beginValueOrEmpty(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x5d) return this.endValue(c);
    this.beginValue(c);
  }

  private beginValue(c: number): void {
    if (isSpace(c)) return;
    switch (c) {
      case 0x7b: return this.push(c, PS.ObjectKey, (x) => this.beginStringOrEmpty(x));
      case 0x5b: return this.push(c, PS.ArrayValue, (x) => this.beginValueOrEmpty(x));
      case 0x22: this.step = (x) => this.inString(x); return;
      case 0x2d: this.step = (x) => this.neg(x); return;
      case 0x30: this.step = (x) => this.zero(x); return;
      case 0x74: this.step = this.literal('rue', 'true'); return;
      case 0x66: this.step = this.literal('alse', 'false'); return;
      case 0x6e: this.step = this.literal('ull', 'null'); return;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.step = (x) => this.one(x);
      return;
    }
    this.fail(c, 'looking for beginning of value');
  }

  private beginStringOrEmpty(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x7d) {
      this.parseState[this.parseState.length - 1] = PS.ObjectValue;
      return this.endValue(c);
    }
    this.beginString(c);
  }

  private beginString(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x22) {
      this.step = (x) => this.inString(x);
      return;
    }
    this.fail(c, 'looking for beginning of object key string');
  }

  private endValue(c: number): void {
    const n = this.parseState.length;
    if (n === 0) {
      this.step = (x) => this.endTopState(x);
      this.endTop = true;
      return this.endTopState(c);
    }
    if (isSpace(c)) {
      this.step = (x) => this.endValue(x);
      return;
    }
    switch (this.parseState[n - 1]) {
      case PS.ObjectKey:
        if (c === 0x3a) {
          this.parseState[n - 1] = PS.ObjectValue;
          this.step = (x) => this.beginValue(x);
          return;
        }
        return this.fail(c, 'after object key');
      case PS.ObjectValue:
        if (c === 0x2c) {
          this.parseState[n - 1] = PS.ObjectKey;
          this.step = (x) => this.beginString(x);
          return;
        }
        if (c === 0x7d) return this.pop();
        return this.fail(c, 'after object key:value pair');
      default:
        if (c === 0x2c) {
          this.step = (x) => this.beginValue(x);
          return;
        }
        if (c === 0x5d) return this.pop();
        return this.fail(c, 'after array element');
    }
  }

  private endTopState(c: number): void {
    if (!isSpace(c)) this.fail(c, 'after top-level value');
  }

  private inString(c: number): void {
    if (c === 0x22) this.step = (x) => this.endValue(x);
    else if (c === 0x5c) this.step = (x) => this.inStringEsc(x);
    else if (c < 0x20) this.fail(c, 'in string literal');
  }

  private inStringEsc(c: number): void {
    if ('bfnrt\\/"'.includes(String.fromCharCode(c))) {
      this.step = (x) => this.inString(x);
      return;
    }
    if (c === 0x75) {
      this.step = this.hexDigits(4);
      return;
    }
    this.fail(c, 'in string escape code');
  }

  private hexDigits(left: number): (c: number) => void {
    return (c) => {
      if (!isHex(c)) return this.fail(c, 'in \\u hexadecimal character escape');
      this.step = left === 1 ? (x) => this.inString(x) : this.hexDigits(left - 1);
    };
  }

  private neg(c: number): void {
    if (c === 0x30) this.step = (x) => this.zero(x);
    else if (c >= 0x31 && c <= 0x39) this.step = (x) => this.one(x);
    else this.fail(c, 'in numeric literal');
  }

  private one(c: number): void {
    if (isDigit(c)) return;
    this.zero(c);
  }

  private zero(c: number): void {
    if (c === 0x2e) this.step = (x) => this.dot(x);
    else if (c === 0x65 || c === 0x45) this.step = (x) => this.exp(x);
    else this.endValue(c);
  }

  private dot(c: number): void {
    if (isDigit(c)) this.step = (x) => this.dot0(x);
    else this.fail(c, 'after decimal point in numeric literal');
  }

  private dot0(c: number): void {
    if (isDigit(c)) return;
    if (c === 0x65 || c === 0x45) this.step = (x) => this.exp(x);
    else this.endValue(c);
  }

  private exp(c: number): void {
    if (c === 0x2b || c === 0x2d) {
      this.step = (x) => this.expSign(x);
      return;
    }
    this.expSign(c);
  }

  private expSign(c: number): void {
    if (isDigit(c)) this.step = (x) => this.exp0(x);
    else this.fail(c, 'in exponent of numeric literal');
  }

  private exp0(c: number): void {
    if (isDigit(c)) return;
    this.endValue(c);
  }

  private literal(rest: string, word: string): (c: number) => void {
    return (c) => {
      const want = rest.charCodeAt(0);
      if (c !== want) return this.fail(c, `in literal ${word} (expecting '${rest[0]}')`);
      this.step = rest.length === 1 ? (x) => this.endValue(x) : this.literal(rest.slice(1), word);
    };
  }
}

/** The decoded JSON tree; numbers keep their literal text, as Go decodes them into typed fields. */
type JNode =
  | { t: 'object'; members: [string, JNode][] }
  | { t: 'array' }
  | { t: 'string'; v: string }
  | { t: 'number'; raw: string }
  | { t: 'bool' }
  | { t: 'null' };

/** utf8.DecodeRune: the code point and width, or U+FFFD with width 1 for invalid input. */
function decodeRune(b: Uint8Array, i: number): [number, number] {
  const c0 = b[i]!;
  if (c0 < 0x80) return [c0, 1];
  const cont = (k: number, lo = 0x80, hi = 0xbf): number | undefined => {
    const c = b[i + k];
    return c !== undefined && c >= lo && c <= hi ? c & 0x3f : undefined;
  };
  if (c0 >= 0xc2 && c0 <= 0xdf) {
    const c1 = cont(1);
    if (c1 !== undefined) return [((c0 & 0x1f) << 6) | c1, 2];
  } else if (c0 >= 0xe0 && c0 <= 0xef) {
    const c1 = cont(1, c0 === 0xe0 ? 0xa0 : 0x80, c0 === 0xed ? 0x9f : 0xbf);
    const c2 = c1 === undefined ? undefined : cont(2);
    if (c1 !== undefined && c2 !== undefined) return [((c0 & 0x0f) << 12) | (c1 << 6) | c2, 3];
  } else if (c0 >= 0xf0 && c0 <= 0xf4) {
    const c1 = cont(1, c0 === 0xf0 ? 0x90 : 0x80, c0 === 0xf4 ? 0x8f : 0xbf);
    const c2 = c1 === undefined ? undefined : cont(2);
    const c3 = c2 === undefined ? undefined : cont(3);
    if (c1 !== undefined && c2 !== undefined && c3 !== undefined) return [((c0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3, 4];
  }
  return [0xfffd, 1];
}

/** Decodes syntactically valid JSON (checked by GoJSONScanner first). */
class GoJSONReader {
  private i = 0;
  constructor(private readonly b: Uint8Array) {}

  private skipSpace(): void {
    while (this.i < this.b.length && isSpace(this.b[this.i]!)) this.i++;
  }

  value(): JNode {
    this.skipSpace();
    const c = this.b[this.i]!;
    if (c === 0x7b) {
      this.i++;
      const members: [string, JNode][] = [];
      this.skipSpace();
      if (this.b[this.i] === 0x7d) {
        this.i++;
        return { t: 'object', members };
      }
      for (;;) {
        this.skipSpace();
        const key = this.string();
        this.skipSpace();
        this.i++; // ':'
        members.push([key, this.value()]);
        this.skipSpace();
        if (this.b[this.i++] === 0x7d) return { t: 'object', members };
      }
    }
    if (c === 0x5b) {
      this.i++;
      this.skipSpace();
      if (this.b[this.i] === 0x5d) {
        this.i++;
        return { t: 'array' };
      }
      for (;;) {
        this.value();
        this.skipSpace();
        if (this.b[this.i++] === 0x5d) return { t: 'array' };
      }
    }
    if (c === 0x22) return { t: 'string', v: this.string() };
    if (c === 0x74) {
      this.i += 4;
      return { t: 'bool' };
    }
    if (c === 0x66) {
      this.i += 5;
      return { t: 'bool' };
    }
    if (c === 0x6e) {
      this.i += 4;
      return { t: 'null' };
    }
    const start = this.i;
    while (this.i < this.b.length && /[-+.eE0-9]/.test(String.fromCharCode(this.b[this.i]!))) this.i++;
    return { t: 'number', raw: Buffer.from(this.b.subarray(start, this.i)).toString('latin1') };
  }

  private hex4(at: number): number {
    return parseInt(Buffer.from(this.b.subarray(at, at + 4)).toString('latin1'), 16);
  }

  /** Go's unquote: escapes, surrogate pairs, and U+FFFD for invalid UTF-8 or lone surrogates. */
  private string(): string {
    this.i++; // opening quote
    let out = '';
    for (;;) {
      const c = this.b[this.i]!;
      if (c === 0x22) {
        this.i++;
        return out;
      }
      if (c === 0x5c) {
        const e = this.b[this.i + 1]!;
        this.i += 2;
        switch (e) {
          case 0x62: out += '\b'; continue;
          case 0x66: out += '\f'; continue;
          case 0x6e: out += '\n'; continue;
          case 0x72: out += '\r'; continue;
          case 0x74: out += '\t'; continue;
          case 0x75: {
            let r = this.hex4(this.i);
            this.i += 4;
            if (r >= 0xd800 && r <= 0xdfff) {
              let combined = -1;
              if (r < 0xdc00 && this.b[this.i] === 0x5c && this.b[this.i + 1] === 0x75) {
                const r2 = this.hex4(this.i + 2);
                if (r2 >= 0xdc00 && r2 <= 0xdfff) {
                  combined = 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00);
                  this.i += 6;
                }
              }
              r = combined >= 0 ? combined : 0xfffd;
            }
            out += String.fromCodePoint(r);
            continue;
          }
          default:
            out += String.fromCharCode(e); // \\ \/ \"
            continue;
        }
      }
      const [cp, width] = decodeRune(this.b, this.i);
      out += String.fromCodePoint(cp);
      this.i += width;
    }
  }
}

interface ContinueToken {
  v: string;
  rv: bigint;
  start: string;
}

const TOKEN_FIELDS: readonly { name: 'v' | 'rv' | 'start'; goType: string }[] = [
  { name: 'v', goType: 'string' },
  { name: 'rv', goType: 'int64' },
  { name: 'start', goType: 'string' },
];

/** Go's case-insensitive struct field match (bytes.EqualFold, with its two non-ASCII folds). */
function foldName(s: string): string {
  return s.replace(/\u017f/g, 's').replace(/\u212a/g, 'k').toLowerCase();
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** encoding/json's checkValid: its syntax error for data, or undefined for valid JSON. */
export function goJsonSyntaxError(data: Uint8Array): string | undefined {
  const scanner = new GoJSONScanner();
  for (const c of data) if (!scanner.feed(c)) break;
  scanner.eof();
  return scanner.err;
}

/** json.Unmarshal(data, &continueToken{}): the token or Go's error text. */
function unmarshalContinueToken(data: Uint8Array): ContinueToken | string {
  const syntaxError = goJsonSyntaxError(data);
  if (syntaxError !== undefined) return syntaxError;

  const root = new GoJSONReader(data).value();
  const token: ContinueToken = { v: '', rv: 0n, start: '' };
  if (root.t === 'null') return token;
  if (root.t !== 'object') return `json: cannot unmarshal ${root.t} into Go value of type storage.continueToken`;

  let saved: string | undefined;
  const typeError = (value: string, field: (typeof TOKEN_FIELDS)[number]): void => {
    saved ??= `json: cannot unmarshal ${value} into Go struct field continueToken.${field.name} of type ${field.goType}`;
  };
  for (const [key, node] of root.members) {
    const field = TOKEN_FIELDS.find((f) => f.name === key) ?? TOKEN_FIELDS.find((f) => f.name === foldName(key));
    if (field === undefined || node.t === 'null') continue;
    if (field.name === 'rv') {
      if (node.t !== 'number') {
        typeError(node.t, field);
        continue;
      }
      const ok = /^-?[0-9]+$/.test(node.raw) && BigInt(node.raw) >= INT64_MIN && BigInt(node.raw) <= INT64_MAX;
      if (!ok) {
        typeError(`number ${node.raw}`, field);
        continue;
      }
      token.rv = BigInt(node.raw);
    } else if (node.t === 'string') {
      token[field.name] = node.v;
    } else {
      typeError(node.t, field);
    }
  }
  return saved ?? token;
}
