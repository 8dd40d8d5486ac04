// YAML as kube-apiserver writes a response: sigs.k8s.io/yaml's JSONToYAML, which reads the
// JSON with go-yaml v2 and marshals it again with go-yaml v2's port of libyaml's emitter.
// What that means, byte for byte (go.yaml.in/yaml/v2 encode.go, emitterc.go, resolve.go,
// sorter.go):
// - map keys in go-yaml's "natural" order (runs of digits compare as numbers);
// - a string that would read back as something else (YAML 1.1: yes/no/on/off, numbers in
//   any base, 1_000, timestamps, 1:20 sexagesimals, null, ~, "") is double-quoted; one with
//   a line break is a literal block; the rest is plain unless an indicator or a leading or
//   trailing space forbids it, then single-quoted, or double-quoted with escapes when it
//   holds characters YAML cannot print;
// - plain and quoted scalars fold at spaces past column 80; empty maps and lists are {} and [];
//   lists in a map are not indented.
// Values are what JSON.parse gives: objects, arrays, strings, numbers, booleans, null.

import { stringifyJson } from './json-depth.js';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;
/** libyaml writes a longer key in the explicit "? key" form. */
const MAX_SIMPLE_KEY_BYTES = 128;

type Style = 'plain' | 'single' | 'double' | 'literal';
/** A scalar's characters: a string of BMP characters indexes by character already. */
type Chars = string | readonly string[];
const SURROGATE = /[\uD800-\uDFFF]/;

interface Context {
  mapping: boolean;
  simpleKey: boolean;
}

export function toGoYaml(value: unknown): string {
  try {
    const e = new Emitter();
    e.node(value, { mapping: false, simpleKey: false });
    e.writeIndent(); // the document's end
    return e.finish();
  } catch (err) {
    // The emitter recurses; an object nested thousands of levels deep (a custom resource may
    // hold one) overflows it. JSON is YAML too (flow style): every YAML client reads it.
    if (err instanceof RangeError) return stringifyJson(value) + '\n';
    throw err;
  }
}

class Emitter {
  private readonly out: string[] = [];
  /** Written text not yet moved to `out`: single characters are appended here, not pushed. */
  private pending = '';
  private column = 0;
  private indent = -1;
  private readonly indents: number[] = [];
  private whitespace = true;
  private indention = true;

  node(value: unknown, ctx: Context): void {
    if (Array.isArray(value)) return value.length === 0 ? this.emptyFlow('[', ']') : this.sequence(value, ctx);
    if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
      return keys.length === 0 ? this.emptyFlow('{', '}') : this.mapping(value as Record<string, unknown>, keys.sort(naturalCompare));
    }
    const [text, style] = scalarOf(value);
    this.scalar(text, style, ctx);
  }

  private sequence(items: unknown[], ctx: Context): void {
    this.increaseIndent(false, ctx.mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.indicator('-', true, false, true);
      this.node(item, { mapping: false, simpleKey: false });
    }
    this.indent = this.indents.pop()!;
  }

  private mapping(obj: Record<string, unknown>, keys: string[]): void {
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      const [text, style] = scalarOf(key);
      if (!text.includes('\n') && !hasBreak(text) && Buffer.byteLength(text) <= MAX_SIMPLE_KEY_BYTES) {
        this.scalar(text, style, { mapping: true, simpleKey: true });
        this.indicator(':', false, false, false);
      } else {
        this.indicator('?', true, false, true);
        this.scalar(text, style, { mapping: true, simpleKey: false });
        this.writeIndent();
        this.indicator(':', true, false, true);
      }
      this.node(obj[key], { mapping: true, simpleKey: false });
    }
    this.indent = this.indents.pop()!;
  }

  private emptyFlow(open: string, close: string): void {
    this.indicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.indent = this.indents.pop()!;
    this.indicator(close, false, false, false);
  }

  private scalar(text: string, requested: Style, ctx: Context): void {
    // By character, as libyaml counts columns: the string itself unless it holds astral ones.
    const chars: Chars = SURROGATE.test(text) ? Array.from(text) : text;
    const style = selectStyle(requested, analyze(text), ctx.simpleKey);
    this.increaseIndent(true, false);
    const breaks = !ctx.simpleKey;
    if (style === 'plain') this.plain(chars, breaks);
    else if (style === 'single') this.singleQuoted(chars, breaks);
    else if (style === 'double') this.doubleQuoted(chars, breaks);
    else this.literal(chars);
    this.indent = this.indents.pop()!;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  private indicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const c of text) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  finish(): string {
    this.out.push(this.pending);
    return this.out.join('');
  }

  private append(text: string): void {
    this.pending += text;
    if (this.pending.length > 4096) {
      this.out.push(this.pending);
      this.pending = '';
    }
  }

  private put(c: string): void {
    this.append(c);
    this.column++;
  }

  private putBreak(): void {
    this.append('\n');
    this.column = 0;
  }

  /** A line break of the value: \n as the emitter's own break, the others copied. */
  private writeBreak(c: string): void {
    if (c === '\n') this.putBreak();
    else {
      this.append(c);
      this.column = 0;
    }
  }

  private plain(chars: Chars, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    this.foldable(bmp(chars), allowBreaks, false);
    this.whitespace = false;
    this.indention = false;
  }

  private singleQuoted(chars: Chars, allowBreaks: boolean): void {
    this.indicator("'", true, false, false);
    this.foldable(bmp(chars), allowBreaks, true);
    this.indicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /**
   * The text of a plain or single-quoted scalar: a space past column 80 becomes a fold (in a
   * quoted one, not the first or last character), a line break is written twice (a folded
   * scalar reads one break as a space), and a quote is doubled inside quotes. Only printable
   * BMP characters get here (anything else is double-quoted), one string index each; runs
   * between those events are copied whole.
   */
  private foldable(text: string, allowBreaks: boolean, quoted: boolean): void {
    let spaces = false;
    let breaks = false;
    let from = 0;
    const flush = (to: number) => {
      if (to > from) {
        this.append(text.slice(from, to));
        this.column += to - from;
      }
      from = to;
    };
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === ' ') {
        const inside = !quoted || (i > 0 && i < text.length - 1);
        if (allowBreaks && !spaces && this.column + (i - from) > BEST_WIDTH && inside && text[i + 1] !== ' ') {
          flush(i);
          this.writeIndent();
          from = i + 1;
        }
        spaces = true;
      } else if (isBreak(c)) {
        flush(i);
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreak(c);
        from = i + 1;
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) {
          flush(i);
          this.writeIndent();
        }
        if (quoted && c === "'") {
          flush(i);
          this.put("'");
        }
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    flush(text.length);
  }

  private doubleQuoted(chars: Chars, allowBreaks: boolean): void {
    this.indicator('"', true, false, false);
    // libyaml's is_bom looks at the value's first character, not the current one: after a
    // leading BOM every character is escaped.
    const bom = chars[0] === '\uFEFF';
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      if (!isPrintable(c) || bom || isBreak(c) || c === '"' || c === '\\') {
        this.put('\\');
        for (const x of escapeOf(c.codePointAt(0)!)) this.put(x);
        spaces = false;
      } else if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === ' ') this.put('\\');
        } else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /** A literal block: each line at the scalar's indentation, copied whole (BMP text only, as above). */
  private literal(chars: Chars): void {
    const text = bmp(chars);
    this.indicator('|', true, false, false);
    if (text[0] === ' ' || isBreak(text[0] ?? '')) this.indicator(String(BEST_INDENT), false, false, false);
    const chomp = chompHint(text);
    if (chomp) this.indicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    let from = 0;
    for (let i = 0; i <= text.length; i++) {
      const c = text[i];
      if (c === undefined || isBreak(c)) {
        if (i > from) {
          this.append(text.slice(from, i));
          this.column += i - from;
          this.indention = false;
          breaks = false;
        }
        if (c === undefined) break;
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
        from = i + 1;
      } else if (breaks && i === from) {
        this.writeIndent();
      }
    }
  }
}

/** The string of a scalar that can only hold BMP characters (plain, single-quoted, literal). */
function bmp(chars: Chars): string {
  return typeof chars === 'string' ? chars : chars.join('');
}

/** '-' strips the final break, '+' keeps more than one, none keeps exactly one. */
function chompHint(chars: Chars): string {
  const last = chars.length - 1;
  if (last < 0 || !isBreak(chars[last]!)) return '-';
  if (last === 0 || isBreak(chars[last - 1]!)) return '+';
  return '';
}

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/**
 * libyaml's yaml_emitter_analyze_scalar, for block context (no flow collections hold scalars
 * here). By UTF-16 code unit: an astral character's surrogates are unprintable, as libyaml
 * finds the character, and neither is a space, break or indicator.
 */
function analyze(text: string): Analysis {
  const n = text.length;
  if (n === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  // Most values: no indicator anywhere, no edge space, nothing unprintable (a regex is much
  // faster than the loop below on long text).
  if (SIMPLE_TEXT.test(text) && !text.startsWith('...')) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  let blockIndicators = text.startsWith('---') || text.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    const followedByWhitespace = next === -1 || next === 0x20 || next === 0x09;
    if (i === 0) {
      // # , [ ] { } & * ! | > ' " % @ `
      if (c === 0x23 || c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x26 || c === 0x2a || c === 0x21 || c === 0x7c || c === 0x3e || c === 0x27 || c === 0x22 || c === 0x25 || c === 0x40 || c === 0x60) blockIndicators = true;
      else if ((c === 0x3f || c === 0x3a || c === 0x2d) && followedByWhitespace) blockIndicators = true;
    } else if ((c === 0x3a && followedByWhitespace) || (c === 0x23 && precededByWhitespace)) {
      blockIndicators = true;
    }
    if (!printableCode(c)) special = true;
    const isLineBreak = c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === n - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isLineBreak) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === n - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === 0x20 || c === 0x09 || isLineBreak || c === 0;
  }
  const a: Analysis = { multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) a.blockPlainAllowed = a.singleQuotedAllowed = false;
  if (spaceBreak || special) a.blockPlainAllowed = a.singleQuotedAllowed = a.blockAllowed = false;
  if (lineBreaks || blockIndicators) a.blockPlainAllowed = false;
  return a;
}

/** Text libyaml's analysis finds nothing in: no first-character indicator, no ": ", " #" or edge space. */
const SIMPLE_TEXT = /^[A-Za-z0-9_./=+~$^(][A-Za-z0-9 _./=+~$^(),;-]*(?<! )$/;

/** libyaml's yaml_emitter_select_scalar_style, in block context for an implicitly tagged scalar. */
function selectStyle(requested: Style, a: Analysis, simpleKey: boolean): Style {
  let style = requested;
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain' && !a.blockPlainAllowed) style = 'single';
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** A JSON value as go-yaml's encoder hands it to the emitter: its text and requested style. */
function scalarOf(v: unknown): [string, Style] {
  if (v === null || v === undefined) return ['null', 'plain'];
  if (typeof v === 'boolean') return [v ? 'true' : 'false', 'plain'];
  if (typeof v === 'number') return [goFloatText(v), 'plain'];
  const s = String(v);
  if (s.includes('\n')) return [s, 'literal'];
  return [s, readsAsString(s) && !isBase60Float(s) ? 'plain' : 'double'];
}

/**
 * An integer as Go's FormatInt; any other number as FormatFloat(f, 'g', -1, 64) (exponent
 * form below 1e-4 and from 1e6 on, at least two exponent digits), .inf/.nan spelled as YAML.
 */
function goFloatText(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (!Number.isFinite(n)) return n > 0 ? '.inf' : '-.inf';
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  const [mantissa, exp] = n.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(n);
}

const RESOLVED: ReadonlySet<string> = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
]);
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** go-yaml v2's resolve: whether a plain scalar with this text reads back as a string. */
function readsAsString(s: string): boolean {
  const first = s[0] ?? '';
  const hint = s === '' ? 'N' : /[0-9]/.test(first) ? 'D' : first === '+' || first === '-' ? 'S' : 'yYnNtTfFoO~'.includes(first) ? 'M' : first === '.' ? '.' : '';
  if (!hint) return true;
  if (RESOLVED.has(s)) return false;
  if (hint === 'M' || hint === 'N') return true;
  if (hint === '.') return !/^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s);
  if (isTimestamp(s)) return false;
  const plain = s.replaceAll('_', '');
  if (GO_INT.test(plain) && fitsGoInt(plain)) return false;
  if (YAML_FLOAT.test(plain)) return false;
  return true;
}

/** strconv.ParseInt or ParseUint (base 0) would take it: within 64 bits. */
function fitsGoInt(s: string): boolean {
  const negative = s.startsWith('-');
  const digits = s.replace(/^[-+]/, '');
  const value = /^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits === '' ? '0' : digits.replace(/^0([oO])/, '0o').replace(/^0([bB])/, '0b').replace(/^0([xX])/, '0x'));
  return negative ? value <= 2n ** 63n : value < 2n ** 64n;
}

const TIMESTAMP = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2}))|(?: ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]+)?))?$/;

/** go-yaml's parseTimestamp: the layouts it tries, with time.Parse's range checks. */
function isTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  const [h, min, sec] = [m[4] ?? m[7], m[5] ?? m[8], m[6] ?? m[9]].map((x) => Number(x ?? 0)) as [number, number, number];
  return h < 24 && min < 60 && sec < 60;
}

function isBase60Float(s: string): boolean {
  return /^[-+0-9]/.test(s) && s.includes(':') && BASE60_FLOAT.test(s);
}

const isBreak = (c: string): boolean => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const hasBreak = (s: string): boolean => /[\r\n\u0085\u2028\u2029]/.test(s);

/** libyaml's is_printable: what YAML may hold unescaped (astral characters not). */
function printableCode(cp: number): boolean {
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

const isPrintable = (c: string): boolean => printableCode(c.codePointAt(0)!);

function escapeOf(cp: number): string {
  const named: Record<number, string> = { 0: '0', 7: 'a', 8: 'b', 9: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P' };
  if (named[cp] !== undefined) return named[cp]!;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `x${hex.padStart(2, '0')}`;
  if (cp <= 0xffff) return `u${hex.padStart(4, '0')}`;
  return `U${hex.padStart(8, '0')}`;
}

/** go-yaml v2's keyList.Less for string keys: letters before other runes, digit runs by value. */
export function naturalCompare(a: string, b: string): number {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]!);
    const bl = isLetter(br[i]!);
    if (al && bl) return ar[i]! < br[i]! ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]!); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]!); ai++) an = an * 10n + BigInt(ar[ai]!.charCodeAt(0) - 48);
    for (; bi < br.length && isDigit(br[bi]!); bi++) bn = bn * 10n + BigInt(br[bi]!.charCodeAt(0) - 48);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ar[i]! < br[i]! ? -1 : 1;
  }
  return ar.length - br.length;
}

const isLetter = (c: string): boolean => /\p{L}/u.test(c);
const isDigit = (c: string): boolean => /\p{Nd}/u.test(c);
