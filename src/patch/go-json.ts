// A JSON reader and writer that behave like Go's encoding/json where patch
// handling can tell the difference: syntax error messages (the scanner's
// "invalid character 'x' ..." texts), the raw text of scalars (JSON Patch
// `test` compares scalars byte-wise), duplicate-key reporting in the form of
// sigs.k8s.io/json's strict errors, and the byte length of Go's encoding.

/** A parsed JSON value that keeps every object entry (duplicates included) and each scalar's raw text. */
export type RawNode =
  | { readonly t: 'object'; readonly entries: ReadonlyArray<readonly [string, RawNode]> }
  | { readonly t: 'array'; readonly items: readonly RawNode[] }
  | { readonly t: 'string'; readonly value: string; readonly raw: string }
  | { readonly t: 'number'; readonly raw: string }
  | { readonly t: 'bool'; readonly value: boolean }
  | { readonly t: 'null' };

/** A syntax error with Go's message text. */
export class GoJsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'GoJsonSyntaxError';
  }
}

const MAX_NESTING_DEPTH = 10000;

/** Go's quoteChar: how the scanner names an offending byte. */
export function goQuoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  return `'${goQuoteRuneInner(c)}'`;
}

function goQuoteRuneInner(r: number): string {
  switch (r) {
    case 0x07:
      return '\\a';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x0b:
      return '\\v';
    case 0x5c:
      return '\\\\';
  }
  if (r < 0x20 || r === 0x7f) return `\\x${r.toString(16).padStart(2, '0')}`;
  // Latin-1 runes Go's unicode.IsPrint rejects: C1 controls, NBSP, soft hyphen.
  if ((r >= 0x80 && r <= 0xa0) || r === 0xad) return `\\u${r.toString(16).padStart(4, '0')}`;
  return String.fromCharCode(r);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

const utf8 = new TextDecoder('utf-8', { fatal: false });
const utf8Encoder = new TextEncoder();

interface Frame {
  kind: 'object' | 'array';
  entries: Array<readonly [string, RawNode]>;
  items: RawNode[];
  key: string;
}

/**
 * Parses JSON text (string or UTF-8 bytes) into a RawNode tree, failing with Go's scanner messages.
 * Only these bytes count as whitespace: space, tab, CR, LF.
 */
export function parseGoJson(input: string | Uint8Array): RawNode {
  const b = typeof input === 'string' ? utf8Encoder.encode(input) : input;
  const n = b.length;
  let i = 0;
  const stack: Frame[] = [];

  const fail = (c: number, context: string, at: number): never => {
    throw new GoJsonSyntaxError(`invalid character ${goQuoteChar(c)} ${context}`, at);
  };
  const eof = (): never => {
    throw new GoJsonSyntaxError('unexpected end of JSON input', n);
  };
  // At end of input Go's scanner feeds one space to the current state, so an unfinished
  // number or literal is reported as "invalid character ' ' ...".
  const at = (k: number): number => (k < n ? b[k]! : 0x20);

  const skipSpace = (): void => {
    while (i < n && isSpace(b[i]!)) i++;
  };

  const readString = (): { value: string; raw: string } => {
    const start = i; // at opening quote
    i++;
    let out = '';
    let segStart = i;
    for (;;) {
      if (i >= n) eof();
      const c = b[i]!;
      if (c === 0x22) {
        out += utf8.decode(b.subarray(segStart, i));
        i++;
        break;
      }
      if (c === 0x5c) {
        out += utf8.decode(b.subarray(segStart, i));
        i++;
        const e = at(i);
        switch (e) {
          case 0x62:
            out += '\b';
            i++;
            break;
          case 0x66:
            out += '\f';
            i++;
            break;
          case 0x6e:
            out += '\n';
            i++;
            break;
          case 0x72:
            out += '\r';
            i++;
            break;
          case 0x74:
            out += '\t';
            i++;
            break;
          case 0x5c:
            out += '\\';
            i++;
            break;
          case 0x2f:
            out += '/';
            i++;
            break;
          case 0x22:
            out += '"';
            i++;
            break;
          case 0x75: {
            i++;
            const cu = readHex4();
            if (cu >= 0xd800 && cu < 0xe000) {
              // A surrogate: valid only as a high half followed by an escaped low half.
              if (cu < 0xdc00 && b[i] === 0x5c && b[i + 1] === 0x75 && hex4At(i + 2) >= 0) {
                const lo = hex4At(i + 2);
                if (lo >= 0xdc00 && lo < 0xe000) {
                  // Still validate the 4 digits through the scanner path.
                  i += 2;
                  readHex4();
                  out += String.fromCharCode(cu, lo);
                  break;
                }
              }
              out += '\ufffd';
            } else {
              out += String.fromCharCode(cu);
            }
            break;
          }
          default:
            fail(e, 'in string escape code', i);
        }
        segStart = i;
        continue;
      }
      if (c < 0x20) fail(c, 'in string literal', i);
      i++;
    }
    return { value: out, raw: utf8.decode(b.subarray(start, i)) };
  };

  const hex4At = (k: number): number => {
    if (k + 4 > n) return -1;
    let v = 0;
    for (let j = 0; j < 4; j++) {
      const c = b[k + j]!;
      if (!isHex(c)) return -1;
      v = v * 16 + parseInt(String.fromCharCode(c), 16);
    }
    return v;
  };

  const readHex4 = (): number => {
    let v = 0;
    for (let j = 0; j < 4; j++) {
      if (i >= n) fail(0x20, 'in \\u hexadecimal character escape', i);
      const c = b[i]!;
      if (!isHex(c)) fail(c, 'in \\u hexadecimal character escape', i);
      v = v * 16 + parseInt(String.fromCharCode(c), 16);
      i++;
    }
    return v;
  };

  const readNumber = (): RawNode => {
    const start = i;
    if (b[i] === 0x2d) {
      i++;
      const c = at(i);
      if (!isDigit(c)) fail(c, 'in numeric literal', i);
    }
    if (b[i] === 0x30) {
      i++;
    } else {
      while (i < n && isDigit(b[i]!)) i++;
    }
    if (i < n && b[i] === 0x2e) {
      i++;
      const c = at(i);
      if (!isDigit(c)) fail(c, 'after decimal point in numeric literal', i);
      while (i < n && isDigit(b[i]!)) i++;
    }
    if (i < n && (b[i] === 0x65 || b[i] === 0x45)) {
      i++;
      let c = at(i);
      if (c === 0x2b || c === 0x2d) {
        i++;
        c = at(i);
      }
      if (!isDigit(c)) fail(c, 'in exponent of numeric literal', i);
      while (i < n && isDigit(b[i]!)) i++;
    }
    return { t: 'number', raw: utf8.decode(b.subarray(start, i)) };
  };

  const readLiteral = (word: string, node: RawNode): RawNode => {
    i++;
    for (let j = 1; j < word.length; j++) {
      const c = at(i);
      const want = word.charCodeAt(j);
      if (c !== want) fail(c, `in literal ${word} (expecting ${goQuoteChar(want)})`, i);
      i++;
    }
    return node;
  };

  // Reads a scalar or opens a container; returns the scalar, or undefined when a frame was pushed.
  const beginValue = (): RawNode | undefined => {
    skipSpace();
    if (i >= n) eof();
    const c = b[i]!;
    switch (c) {
      case 0x7b: // {
      case 0x5b: // [
        if (stack.length + 1 > MAX_NESTING_DEPTH) fail(c, 'exceeded max depth', i);
        i++;
        stack.push({ kind: c === 0x7b ? 'object' : 'array', entries: [], items: [], key: '' });
        return undefined;
      case 0x22:
        {
          const s = readString();
          return { t: 'string', value: s.value, raw: s.raw };
        }
      case 0x74:
        return readLiteral('true', { t: 'bool', value: true });
      case 0x66:
        return readLiteral('false', { t: 'bool', value: false });
      case 0x6e:
        return readLiteral('null', { t: 'null' });
      default:
        if (c === 0x2d || isDigit(c)) return readNumber();
        return fail(c, 'looking for beginning of value', i);
    }
  };

  // Reads an object key and the colon; leaves i before the value.
  const readKey = (frame: Frame, afterComma: boolean): boolean => {
    skipSpace();
    if (i >= n) eof();
    const c = b[i]!;
    if (c === 0x7d && !afterComma) {
      i++;
      return false;
    }
    if (c !== 0x22) fail(c, 'looking for beginning of object key string', i);
    frame.key = readString().value;
    skipSpace();
    if (i >= n) eof();
    if (b[i] !== 0x3a) fail(b[i]!, 'after object key', i);
    i++;
    return true;
  };

  let done: RawNode | undefined;
  let value = beginValue();
  for (;;) {
    // Open containers until a scalar or an empty container completes a value.
    while (value === undefined) {
      const top = stack[stack.length - 1]!;
      if (top.kind === 'object') {
        if (!readKey(top, false)) {
          stack.pop();
          value = { t: 'object', entries: top.entries };
          break;
        }
        value = beginValue();
      } else {
        skipSpace();
        if (i >= n) eof();
        if (b[i] === 0x5d) {
          i++;
          stack.pop();
          value = { t: 'array', items: top.items };
          break;
        }
        value = beginValue();
      }
    }
    // Attach the completed value and close containers as far as possible.
    let completed: RawNode | undefined = value;
    value = undefined;
    while (completed !== undefined) {
      const top = stack[stack.length - 1];
      if (!top) {
        done = completed;
        completed = undefined;
        break;
      }
      if (top.kind === 'object') top.entries.push([top.key, completed]);
      else top.items.push(completed);
      completed = undefined;
      skipSpace();
      if (i >= n) eof();
      const c = b[i]!;
      if (top.kind === 'object') {
        if (c === 0x2c) {
          i++;
          readKey(top, true);
          value = beginValue();
        } else if (c === 0x7d) {
          i++;
          stack.pop();
          completed = { t: 'object', entries: top.entries };
        } else {
          fail(c, 'after object key:value pair', i);
        }
      } else {
        if (c === 0x2c) {
          i++;
          value = beginValue();
        } else if (c === 0x5d) {
          i++;
          stack.pop();
          completed = { t: 'array', items: top.items };
        } else {
          fail(c, 'after array element', i);
        }
      }
    }
    if (done !== undefined) break;
  }
  skipSpace();
  if (i < n) fail(b[i]!, 'after top-level value', i);
  return done;
}

/** Sets an own enumerable property, safe for the key "__proto__". */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** Converts a RawNode to plain JSON values; duplicate keys: the last one wins. */
export function rawToJs(node: RawNode): unknown {
  // Iterative: input may nest up to Go's 10000 levels, deeper than Node's stack.
  const scalar = (n: RawNode): unknown => (n.t === 'null' ? null : n.t === 'bool' || n.t === 'string' ? n.value : n.t === 'number' ? Number(n.raw) : undefined);
  const container = (n: RawNode): unknown[] | Record<string, unknown> | undefined => (n.t === 'array' ? [] : n.t === 'object' ? {} : undefined);
  const root = container(node);
  if (!root) return scalar(node);
  const stack: [RawNode, unknown[] | Record<string, unknown>][] = [[node, root]];
  while (stack.length) {
    const [n, out] = stack.pop()!;
    if (n.t === 'array') {
      for (const item of n.items) {
        const c = container(item);
        (out as unknown[]).push(c ?? scalar(item));
        if (c) stack.push([item, c]);
      }
    } else if (n.t === 'object') {
      for (const [k, v] of n.entries) {
        const c = container(v);
        setOwn(out as Record<string, unknown>, k, c ?? scalar(v));
        if (c) stack.push([v, c]);
      }
    }
  }
  return root;
}

/** Builds a RawNode from an already-parsed value, with Go's encoding as each scalar's raw text. */
export function jsToRaw(v: unknown): RawNode {
  if (v === null || v === undefined) return { t: 'null' };
  if (typeof v === 'boolean') return { t: 'bool', value: v };
  if (typeof v === 'string') return { t: 'string', value: v, raw: goEncodeString(v) };
  if (typeof v === 'number') return { t: 'number', raw: goEncodeNumber(v) };
  if (typeof v === 'bigint') return { t: 'number', raw: v.toString() };
  if (Array.isArray(v)) return { t: 'array', items: v.map(jsToRaw) };
  if (typeof v === 'object') {
    return { t: 'object', entries: Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, jsToRaw(x)] as const) };
  }
  return { t: 'null' };
}

/** The JSON kind name Go uses in "cannot unmarshal X into ..." messages. */
export function goValueKind(node: RawNode): string {
  switch (node.t) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'bool':
      return 'bool';
    case 'null':
      return 'null';
  }
}

// ---- Go's encoding (encoding/json with HTML escaping, as the apiserver's encoder uses) ----

/** Go's json string encoding: HTML-sensitive characters and U+2028/2029 are escaped. */
export function goEncodeString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Go's float64/int64 JSON number text. JS's shortest form matches Go's within [1e-6, 1e21). */
export function goEncodeNumber(x: number): string {
  if (!Number.isFinite(x)) return 'null';
  if (Object.is(x, -0)) return '-0';
  return String(x);
}

/** Go's compact JSON encoding of a plain value (map keys sorted, as Go marshals maps). */
export function goEncode(v: unknown): string {
  // Iterative: values may nest up to Go's 10000 levels, deeper than Node's stack.
  const out: string[] = [];
  // A work item is a value to encode or (wrapped in a 1-tuple) literal text to emit.
  const work: unknown[] = [v];
  const isText = (x: unknown): x is [string] => Array.isArray(x) && (x as { [TEXT]?: true })[TEXT] === true;
  const text = (t: string): [string] => Object.assign([t] as [string], { [TEXT]: true as const });
  while (work.length) {
    const x = work.pop();
    if (isText(x)) {
      out.push(x[0]);
      continue;
    }
    if (x === null || x === undefined) out.push('null');
    else if (typeof x === 'boolean') out.push(x ? 'true' : 'false');
    else if (typeof x === 'string') out.push(goEncodeString(x));
    else if (typeof x === 'number') out.push(goEncodeNumber(x));
    else if (typeof x === 'bigint') out.push(x.toString());
    else if (Array.isArray(x)) {
      out.push('[');
      work.push(text(']'));
      for (let i = x.length - 1; i >= 0; i--) {
        work.push(x[i]);
        if (i > 0) work.push(text(','));
      }
    } else {
      const o = x as Record<string, unknown>;
      const keys = Object.keys(o).sort(compareGoStrings);
      out.push('{');
      work.push(text('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push(o[keys[i]!]);
        work.push(text(`${i > 0 ? ',' : ''}${goEncodeString(keys[i]!)}:`));
      }
    }
  }
  return out.join('');
}

const TEXT = Symbol('goEncode text');

/** Byte length of Go's encoding of a value. */
export function goEncodedLength(v: unknown): number {
  return Buffer.byteLength(goEncode(v), 'utf8');
}

/** Go orders strings by their UTF-8 bytes; this agrees with code point order. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return Buffer.compare(ab, bb);
}

// ---- strict decoding errors, as sigs.k8s.io/json reports them ----

/** At most this many strict errors are kept (sigs.k8s.io/json's cap); repeats are dropped. */
export const MAX_STRICT_ERRORS = 100;

export class StrictErrorList {
  readonly errors: string[] = [];
  private readonly seen = new Set<string>();
  add(msg: string): void {
    if (this.errors.length >= MAX_STRICT_ERRORS || this.seen.has(msg)) return;
    this.seen.add(msg);
    this.errors.push(msg);
  }
}

export function joinFieldPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** Reports duplicate object keys anywhere below `node`, in document order. */
export function collectDuplicateFields(node: RawNode, path: string, out: StrictErrorList): void {
  // Iterative (explicit frames): input may nest up to Go's 10000 levels, deeper than Node's stack.
  type Frame = { node: RawNode; path: string; i: number; seen?: Set<string> };
  const frames: Frame[] = [{ node, path, i: 0, seen: node.t === 'object' ? new Set() : undefined }];
  while (frames.length) {
    const f = frames[frames.length - 1]!;
    let child: RawNode | undefined;
    let childPath = '';
    if (f.node.t === 'object' && f.i < f.node.entries.length) {
      const [k, v] = f.node.entries[f.i]!;
      childPath = joinFieldPath(f.path, k);
      if (f.seen!.has(k)) out.add(`duplicate field "${childPath}"`);
      f.seen!.add(k);
      child = v;
    } else if (f.node.t === 'array' && f.i < f.node.items.length) {
      child = f.node.items[f.i]!;
      childPath = `${f.path}[${f.i}]`;
    }
    if (child === undefined) {
      frames.pop();
      continue;
    }
    f.i++;
    if (child.t === 'object' || child.t === 'array') frames.push({ node: child, path: childPath, i: 0, seen: child.t === 'object' ? new Set() : undefined });
  }
}
