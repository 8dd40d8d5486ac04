// Translate an RE2 pattern to a JavaScript RegExp, rejecting what RE2 rejects
// (lookaround, backreferences, possessive/atomic groups, ...). Error texts follow Go's regexp.
import {celError} from '../util.js';

const POSIX_CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7f', blank: '\\t ', cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9', graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ', upper: 'A-Z', word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};

export class RE2SyntaxError extends Error {}

function fail(msg: string): never {
  throw new RE2SyntaxError(`error parsing regexp: ${msg}`);
}

interface Translated {
  source: string;
  flags: string;
}

export function translateRE2(pattern: string): Translated {
  let flags = '';
  let i = 0;
  // Leading global flag group (?ims) becomes JS flags.
  const lead = /^\(\?([imsU]+)\)/.exec(pattern);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === 'U') fail(`invalid or unsupported Perl syntax: \`(?U\``);
      if (!flags.includes(f)) flags += f;
    }
    i = lead[0].length;
  }
  let out = '';
  let inClass = false;
  let needsUnicode = false;
  let depth = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern[i]!;
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) fail('trailing backslash at end of expression: ``');
      if (d >= '1' && d <= '9') fail(`invalid escape sequence: \`\\${d}\``);
      if (d === 'A' && !inClass) { out += '^'; i += 2; continue; }
      if (d === 'z' && !inClass) { out += '$(?![\\s\\S])'; i += 2; continue; }
      if (d === 'Z' || d === 'C' || d === 'G' || d === 'K' || d === 'R' || d === 'X' || d === 'h' || d === 'H' || d === 'V' || d === 'N' || d === 'k' || d === 'g' || d === 'c' || d === 'e' || d === 'o' || d === 'u') {
        fail(`invalid escape sequence: \`\\${d}\``);
      }
      if (d === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const lit = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
        out += lit.replace(/[\\^$.*+?()[\]{}|\/-]/g, '\\$&');
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (d === 'p' || d === 'P') {
        needsUnicode = true;
        if (pattern[i + 2] === '{') {
          const end = pattern.indexOf('}', i + 3);
          if (end < 0) fail(`invalid character class range: \`${pattern.slice(i)}\``);
          out += `\\${d}{${pattern.slice(i + 3, end)}}`;
          i = end + 1;
        } else {
          out += `\\${d}{${pattern[i + 2] ?? ''}}`;
          i += 3;
        }
        continue;
      }
      if (d === 'x' && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end < 0) fail(`invalid escape sequence: \`${pattern.slice(i)}\``);
        needsUnicode = true;
        out += `\\u{${pattern.slice(i + 3, end)}}`;
        i = end + 1;
        continue;
      }
      if (/[a-zA-Z0-9]/.test(d) && !'abfnrtvdDsSwWbBx0'.includes(d)) {
        fail(`invalid escape sequence: \`\\${d}\``);
      }
      out += c + d;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') {
        const end = pattern.indexOf(':]', i + 2);
        if (end > 0) {
          let name = pattern.slice(i + 2, end);
          const negated = name.startsWith('^');
          if (negated) name = name.slice(1);
          const cls = POSIX_CLASSES[name];
          if (!cls) fail(`invalid character class range: \`[:${name}:]\``);
          if (negated) fail(`invalid or unsupported Perl syntax: \`[:^\``);
          out += cls;
          i = end + 2;
          continue;
        }
      }
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      if (pattern[i] === '^') { out += '^'; i++; }
      if (pattern[i] === ']') { out += '\\]'; i++; }
      continue;
    }
    if (c === '(') {
      depth++;
      if (pattern[i + 1] === '?') {
        const rest = pattern.slice(i + 2);
        if (rest.startsWith('P<')) { out += '(?<'; i += 4; continue; }
        if (rest.startsWith('<') && !rest.startsWith('<=') && !rest.startsWith('<!')) { out += '(?<'; i += 3; continue; }
        if (rest.startsWith(':')) { out += '(?:'; i += 3; continue; }
        const flagGroup = /^([imsU-]+)(:|\))/.exec(rest);
        if (flagGroup) fail(`invalid or unsupported Perl syntax: \`(?${flagGroup[1]}\``);
        fail(`invalid or unsupported Perl syntax: \`(?${rest[0] ?? ''}\``);
      }
      out += c;
      i++;
      continue;
    }
    if (c === ')') {
      depth--;
      if (depth < 0) fail(`unexpected ): \`${pattern}\``);
      out += c;
      i++;
      continue;
    }
    if (c === '{') {
      const rep = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (rep) {
        const min = Number(rep[1]);
        const max = rep[3] ? Number(rep[3]) : min;
        if (min > 1000 || max > 1000 || (rep[3] && max < min)) fail(`invalid repeat count: \`${rep[0]}\``);
        out += rep[0];
        i += rep[0].length;
        if (pattern[i] === '+') fail(`invalid nested repetition operator: \`${rep[0]}+\``);
        continue;
      }
      out += '\\{';
      i++;
      continue;
    }
    if ((c === '*' || c === '+' || c === '?') && (pattern[i + 1] === '+' || ((pattern[i + 1] === '*') && c !== '?'))) {
      fail(`invalid nested repetition operator: \`${c}${pattern[i + 1]}\``);
    }
    if ((c === '*' || c === '+' || c === '?') && (out === '' || out.endsWith('(') || out.endsWith('|'))) {
      fail(`missing argument to repetition operator: \`${c}\``);
    }
    out += c;
    i++;
  }
  if (inClass) fail(`missing closing ]: \`${pattern.slice(pattern.lastIndexOf('['))}\``);
  if (depth > 0) fail(`missing closing ): \`${pattern}\``);
  if (needsUnicode) flags += 'u';
  return {source: out, flags};
}

const cache = new Map<string, RegExp>();

/** A compiled RegExp for an RE2 pattern (cached), or a CEL error with Go's message. */
export function compileRE2(pattern: string, global = false): RegExp {
  const key = global ? `g:${pattern}` : pattern;
  let re = cache.get(key);
  if (re) return re;
  try {
    const t = translateRE2(pattern);
    re = new RegExp(t.source, t.flags + (global ? 'g' : ''));
  } catch (e) {
    if (e instanceof RE2SyntaxError) throw celError(e.message);
    throw celError(`error parsing regexp: invalid or unsupported Perl syntax: \`${pattern}\``);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, re);
  return re;
}

export function re2Matches(s: string, pattern: string): boolean {
  return compileRE2(pattern).test(s);
}
