// Go's formatting of strings and values, which upstream's messages depend on:
// strconv.Quote, json.Marshal and byte-wise string order.


const printableRe = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function goIsPrint(ch: string): boolean {
  // Printable ASCII (the space and every graphic character) needs no Unicode tables.
  if (ch.length === 1) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 && c < 0x7f) return true;
  }
  return printableRe.test(ch);
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** strconv.Quote: a double-quoted Go string literal. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') {
      out += '\\' + ch;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\\ufffd'; // a lone surrogate cannot exist in Go's UTF-8 strings
    } else if (goIsPrint(ch)) {
      out += ch;
    } else {
      switch (cp) {
        case 0x07: out += '\\a'; break;
        case 0x08: out += '\\b'; break;
        case 0x0c: out += '\\f'; break;
        case 0x0a: out += '\\n'; break;
        case 0x0d: out += '\\r'; break;
        case 0x09: out += '\\t'; break;
        case 0x0b: out += '\\v'; break;
        default:
          if (cp < 0x20 || cp === 0x7f) out += '\\x' + hex(cp, 2);
          else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
          else out += '\\U' + hex(cp, 8);
      }
    }
  }
  return out + '"';
}

/** encoding/json's rendering of a string (HTML-safe, as json.Marshal does). */
export function goJSONString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case '\\': out += '\\\\'; continue;
      case '\n': out += '\\n'; continue;
      case '\r': out += '\\r'; continue;
      case '\t': out += '\\t'; continue;
      case '\b': out += '\\b'; continue;
      case '\f': out += '\\f'; continue;
      case '<': case '>': case '&': out += '\\u00' + hex(cp, 2); continue;
    }
    if (cp < 0x20) out += '\\u00' + hex(cp, 2);
    else if (cp === 0x2028 || cp === 0x2029) out += '\\u' + hex(cp, 4);
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else out += ch;
  }
  return out + '"';
}

/** json.Marshal of a JSON-shaped value; object keys keep the order given (as Go struct fields do). */
export function goJSON(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJSONString(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return '[' + v.map(goJSON).join(',') + ']';
  if (typeof v === 'object') {
    const parts: string[] = [];
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      if (val === undefined) continue;
      parts.push(goJSONString(k) + ':' + goJSON(val));
    }
    return '{' + parts.join(',') + '}';
  }
  return 'null';
}

/** Go's `<` on strings: byte-wise UTF-8 order, which is code point order. */
export function goStringCompare(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** Go's len(s): the UTF-8 byte length. */
export function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

