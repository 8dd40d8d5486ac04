// Source-level support for CEL syntax the cel-js parser lacks. The expression is rewritten
// into an equivalent one cel-js parses, with a map back to the original offsets:
//  - bytes literals: raw (br'..', rb'..'), non-ASCII characters (UTF-8 encoded);
//  - floats with a leading dot (.99);
//  - backtick-quoted field names (a.`b-c`), as index access marked as a field selection;
//  - optional entries in list and map literals ([?x], {?k: v}), as a marker call;
//  - message construction (`Object.spec{replicas: 1}`, `JSONPatch{op: "add"}`), as a call
//    of the constructor patch-types.ts registers, fields as a map of dyn values.

import {JSONPATCH_CONSTRUCTOR, OBJECT_CONSTRUCTOR} from './libs/patch-types.js';

/** The call that wraps an optional entry until the AST pass removes it. */
export const OPTIONAL_ENTRY_MARKER = '__cel_optional_entry__';

export interface PreparedSource {
  /** The text handed to cel-js. */
  text: string;
  /** Map an offset in text to the offset in the original expression. */
  originalOffset(offset: number): number;
  /** Offsets (in text) of the string literals that stand for backtick-quoted field names. */
  quotedFields: Set<number>;
}

const isIdentStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_]/.test(c);
const isIdentChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

const SIMPLE_ESCAPES: Record<string, number> = {
  '\\': 0x5c, '?': 0x3f, '"': 0x22, "'": 0x27, '`': 0x60, a: 0x07, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b,
};

/** The bytes of a bytes literal's body, or undefined when it has an invalid escape (cel-js reports it). */
function decodeBytes(body: string, raw: boolean): number[] | undefined {
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\' || raw) {
      const cp = body.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
      continue;
    }
    const n = body[i + 1];
    if (n === undefined) return undefined;
    if (n in SIMPLE_ESCAPES) {
      out.push(SIMPLE_ESCAPES[n]!);
      i++;
    } else if (n === 'x' || n === 'X') {
      const h = body.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) return undefined;
      out.push(parseInt(h, 16));
      i += 3;
    } else if (n >= '0' && n <= '3') {
      const o = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(o)) return undefined;
      out.push(parseInt(o, 8));
      i += 3;
    } else return undefined;
  }
  return out;
}

type Container = '(' | 'list' | 'index' | '{' | 'message';

/** A qualified name ending the text so far, where an operand starts (a message type name before `{`). */
const MESSAGE_NAME = /(^|[(\[{,:?+\-*/%!<>=&|]\s*)([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;
const NOT_TYPE_NAMES = new Set(['in', 'true', 'false', 'null']);

export function prepareSource(src: string): PreparedSource {
  let out = '';
  const map: number[] = [];
  const quotedFields = new Set<number>();
  const emit = (s: string, orig: number, verbatim = false): void => {
    for (let k = 0; k < s.length; k++) map.push(verbatim ? orig + k : orig);
    out += s;
  };
  const stack: Container[] = [];
  // Optional entries waiting for their closing parenthesis, by container depth.
  const openEntries: number[] = [];
  // The previous significant token: 'value' when it ends an operand.
  let prev: string = '';
  let lastDot = -1;
  // Message literals whose next token is a field name, by container depth.
  const expectField = new Set<number>();
  let i = 0;
  const closeEntry = (): void => {
    if (openEntries.length && openEntries[openEntries.length - 1] === stack.length) {
      openEntries.pop();
      emit(')', i);
    }
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      emit(c, i, true);
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      emit(src.slice(i, stop), i, true);
      i = stop;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i;
      while (isIdentChar(src[j])) j++;
      const word = src.slice(i, j);
      const quote = src[j];
      if ((quote === '"' || quote === "'") && /^(?:[rR]|[bB]|[rR][bB]|[bB][rR])$/.test(word)) {
        const end = literalEnd(src, j, /[rR]/.test(word));
        if (/[bB]/.test(word)) {
          const tripled = src.startsWith(quote.repeat(3), j);
          const body = src.slice(j + (tripled ? 3 : 1), end - (tripled ? 3 : 1));
          const bytes = end <= src.length ? decodeBytes(body, /[rR]/.test(word)) : undefined;
          if (bytes) {
            emit(`b'${bytes.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}'`, i);
          } else emit(src.slice(i, end), i, true);
        } else emit(src.slice(i, end), i, true);
        i = end;
        prev = 'value';
        continue;
      }
      if (stack[stack.length - 1] === 'message' && expectField.has(stack.length)) {
        emit(`"${word}"`, i);
        i = j;
        prev = 'value';
        continue;
      }
      emit(word, i, true);
      i = j;
      prev = 'value';
      continue;
    }
    if (c === '"' || c === "'") {
      const end = literalEnd(src, i, false);
      emit(src.slice(i, end), i, true);
      i = end;
      prev = 'value';
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1]) && prev !== 'value')) {
      let j = i;
      if (c === '.') {
        emit('0', i);
      } else if (c === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
        j += 2;
        while (/[0-9a-fA-F]/.test(src[j] ?? '')) j++;
        emit(src.slice(i, j), i, true);
        i = j;
        prev = 'value';
        continue;
      }
      while (isDigit(src[j])) j++;
      if (src[j] === '.' && isDigit(src[j + 1])) {
        j++;
        while (isDigit(src[j])) j++;
      }
      if ((src[j] === 'e' || src[j] === 'E') && (isDigit(src[j + 1]) || ((src[j + 1] === '+' || src[j + 1] === '-') && isDigit(src[j + 2])))) {
        j += 2;
        while (isDigit(src[j])) j++;
      }
      emit(src.slice(i, j), i, true);
      i = j;
      prev = 'value';
      continue;
    }
    if (c === '`' && prev === '.') {
      const end = src.indexOf('`', i + 1);
      const name = end > i ? src.slice(i + 1, end) : '';
      if (end > i && /^[A-Za-z0-9_.\-/ ~]+$/.test(name) && lastDot >= 0) {
        // Replace ".`name`" (or ".?`name`") by "['name']" (or "[?'name']").
        const optional = out[lastDot + 1] === '?';
        out = out.slice(0, lastDot);
        map.length = lastDot;
        emit(optional ? '[?' : '[', i);
        quotedFields.add(out.length);
        emit(`'${name}'`, i);
        emit(']', end);
        i = end + 1;
        prev = 'value';
        continue;
      }
    }
    switch (c) {
      case '(':
        stack.push('(');
        break;
      case '[':
        stack.push(prev === 'value' ? 'index' : 'list');
        break;
      case '{': {
        const m = prev === 'value' ? MESSAGE_NAME.exec(out) : null;
        if (m && !NOT_TYPE_NAMES.has(m[2]!)) {
          const start = out.length - m[2]!.length;
          const orig = map[start]!;
          out = out.slice(0, start);
          map.length = start;
          emit(m[2] === 'JSONPatch' ? `${JSONPATCH_CONSTRUCTOR}(` : `${OBJECT_CONSTRUCTOR}("${m[2]}", `, orig);
          stack.push('message');
          expectField.add(stack.length);
          emit('{', i, true);
          i++;
          prev = '{';
          continue;
        }
        stack.push('{');
        break;
      }
      case ')': case ']': case '}': {
        closeEntry();
        const top = stack.pop();
        if (c === '}' && top === 'message') {
          expectField.delete(stack.length + 1);
          emit('})', i);
          i++;
          prev = 'value';
          continue;
        }
        break;
      }
      case ',':
        closeEntry();
        if (stack[stack.length - 1] === 'message') expectField.add(stack.length);
        break;
      case ':':
        if (stack[stack.length - 1] === '{') closeEntry();
        if (stack[stack.length - 1] === 'message' && expectField.has(stack.length)) {
          expectField.delete(stack.length);
          emit(': dyn(', i);
          openEntries.push(stack.length);
          i++;
          prev = '(';
          continue;
        }
        break;
      case '?': {
        const top = stack[stack.length - 1];
        if ((top === 'list' || top === '{') && (prev === '[' || prev === '{' || prev === ',')) {
          emit(`${OPTIONAL_ENTRY_MARKER}(`, i);
          openEntries.push(stack.length);
          i++;
          prev = '(';
          continue;
        }
        break;
      }
    }
    if (c === '.') lastDot = out.length;
    emit(c, i, true);
    i++;
    prev = c === ')' || c === ']' || c === '}' ? 'value' : c === '?' && prev === '.' ? '.' : c;
  }
  map.push(src.length);
  return {
    text: out,
    originalOffset: (offset: number) => map[Math.max(0, Math.min(offset, map.length - 1))]!,
    quotedFields,
  };
}

/** The offset just after the string literal whose opening quote is at start. */
function literalEnd(src: string, start: number, raw: boolean): number {
  const q = src[start]!;
  const tripled = src.startsWith(q.repeat(3), start);
  let i = start + (tripled ? 3 : 1);
  while (i < src.length) {
    if (!raw && src[i] === '\\') {
      i += 2;
      continue;
    }
    if (tripled ? src.startsWith(q.repeat(3), i) : src[i] === q) return i + (tripled ? 3 : 1);
    if (!tripled && (src[i] === '\n' || src[i] === '\r')) return i;
    i++;
  }
  return src.length;
}
