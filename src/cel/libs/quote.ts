// strings.quote: a double-quoted CEL string literal with escapes, like cel-go.
export function quoteString(s: string): string {
  let out = '"';
  for (const ch of s) {
    switch (ch) {
      case '\x07': out += '\\a'; break;
      case '\b': out += '\\b'; break;
      case '\f': out += '\\f'; break;
      case '\n': out += '\\n'; break;
      case '\r': out += '\\r'; break;
      case '\t': out += '\\t'; break;
      case '\v': out += '\\v'; break;
      case '\\': out += '\\\\'; break;
      case '"': out += '\\"'; break;
      default:
        if (ch === '\ufffd' || ch.codePointAt(0)! >= 0x20) out += ch;
        else out += `\\x${ch.codePointAt(0)!.toString(16).padStart(2, '0')}`;
    }
  }
  return out + '"';
}
