// Label selectors as k8s.io/apimachinery/pkg/labels: the string syntax (lexer + parser),
// requirement validation, matching, canonical printing, and conversion from a
// metav1.LabelSelector object. Error texts are upstream's, so callers can return
// them verbatim in a 400 BadRequest.

import { type FieldError, fieldErr } from './errors.js';
import {
  aggregateMessage,
  goFieldErrorString,
  goQuote,
  goStringCompare,
  isQualifiedName,
  isValidLabelValue,
} from './validation.js';

/** selection.Operator values as upstream spells them. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

const BINARY_OPERATORS: readonly LabelOperator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const VALID_OPERATORS: readonly LabelOperator[] = [...BINARY_OPERATORS, 'exists', '!'];

export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  /** Values; sorted and deduplicated when parsed from a string. */
  readonly values: readonly string[];
}

/** Thrown for a selector that does not parse or validate; the message is upstream's. */
export class LabelSelectorError extends Error {
  override readonly name = 'LabelSelectorError';
}

// strconv.ParseInt(s, 10, 64) succeeding.
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  return v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

/** field.Path.Child: with no root (upstream's nil path) the child is the whole path. */
function child(path: string | undefined, name: string): string {
  return path === undefined ? name : `${path}.${name}`;
}

/**
 * labels.NewRequirement: validates key, operator and values and throws the aggregated
 * field errors. `path` is the optional field path root (upstream's field.WithPath).
 */
export function newRequirement(key: string, operator: LabelOperator, values: readonly string[] | null, path?: string): LabelRequirement {
  const errs: FieldError[] = [];
  for (const m of validateKey(key, child(path, 'key'))) errs.push(m);
  const valuePath = child(path, 'values');
  const vals = values ?? [];
  switch (operator) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errs.push(fieldErr.invalid(valuePath, values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(fieldErr.invalid(valuePath, values, 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errs.push(fieldErr.invalid(valuePath, values, 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errs.push(fieldErr.invalid(valuePath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(fieldErr.invalid(`${valuePath}[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(fieldErr.notSupported(child(path, 'operator'), operator, [...VALID_OPERATORS]));
  }
  vals.forEach((v, i) => {
    const msgs = isValidLabelValue(v);
    if (msgs.length !== 0) errs.push(fieldErr.invalid(`${valuePath}[${i}][${key}]`, v, msgs.join('; ')));
  });
  if (errs.length !== 0) throw new LabelSelectorError(aggregateMessage(errs.map(goFieldErrorString)));
  return { key, operator, values: [...vals] };
}

function validateKey(key: string, path: string): FieldError[] {
  const msgs = isQualifiedName(key);
  return msgs.length === 0 ? [] : [fieldErr.invalid(path, key, msgs.join('; '))];
}

function hasKey(labels: Record<string, string> | undefined, key: string): labels is Record<string, string> {
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);
}

/** Requirement.Matches. */
export function requirementMatches(r: LabelRequirement, labels: Record<string, string> | undefined): boolean {
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return hasKey(labels, r.key) && r.values.includes(labels[r.key]!);
    case 'notin':
    case '!=':
      return !hasKey(labels, r.key) || !r.values.includes(labels[r.key]!);
    case 'exists':
      return hasKey(labels, r.key);
    case '!':
      return !hasKey(labels, r.key);
    case 'gt':
    case 'lt': {
      if (!hasKey(labels, r.key)) return false;
      const have = parseInt64(labels[r.key]!);
      if (have === undefined || r.values.length !== 1) return false;
      const want = parseInt64(r.values[0]!);
      if (want === undefined) return false;
      return r.operator === 'gt' ? have > want : have < want;
    }
  }
}

/** Requirement.String. */
export function requirementString(r: LabelRequirement): string {
  let s = r.operator === '!' ? '!' + r.key : r.key;
  switch (r.operator) {
    case 'exists':
    case '!':
      return s;
    case 'in':
      s += ' in ';
      break;
    case 'notin':
      s += ' notin ';
      break;
    case 'gt':
      s += '>';
      break;
    case 'lt':
      s += '<';
      break;
    default:
      s += r.operator;
  }
  const vals = r.values.length === 1 ? r.values[0]! : [...r.values].sort(goStringCompare).join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${s}(${vals})` : s + vals;
}

/** A parsed label selector: the AND of its requirements, or Nothing (matches no object). */
export class LabelSelector {
  private constructor(
    readonly requirements: readonly LabelRequirement[],
    /** True for labels.Nothing(), from a nil metav1.LabelSelector. */
    readonly nothing: boolean,
  ) {}

  static everything(): LabelSelector {
    return new LabelSelector([], false);
  }

  static nothing(): LabelSelector {
    return new LabelSelector([], true);
  }

  /** Requirements sorted by key as internalSelector.Add does (stable for equal keys). */
  static of(requirements: readonly LabelRequirement[]): LabelSelector {
    return new LabelSelector([...requirements].sort((a, b) => goStringCompare(a.key, b.key)), false);
  }

  matches(labels: Record<string, string> | undefined | null): boolean {
    if (this.nothing) return false;
    const l = labels ?? undefined;
    return this.requirements.every((r) => requirementMatches(r, l));
  }

  /** True when the selector does not restrict anything (Nothing is not empty). */
  get empty(): boolean {
    return !this.nothing && this.requirements.length === 0;
  }

  /** If the selector pins `key` to one value (=, == or a one-value in), that value. */
  requiresExactMatch(key: string): string | undefined {
    for (const r of this.requirements) {
      if (r.key !== key) continue;
      if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return r.values[0];
      return undefined;
    }
    return undefined;
  }

  toString(): string {
    return this.requirements.map(requirementString).join(',');
  }
}

/** labels.SelectorFromSet: key=value for every entry. */
export function labelSelectorFromSet(set: Record<string, string> | null | undefined): LabelSelector {
  return LabelSelector.of(Object.entries(set ?? {}).map(([key, v]) => ({ key, operator: '=' as const, values: [v] })));
}

// ---------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------

const enum Tok {
  Error,
  EndOfString,
  ClosedPar,
  Comma,
  DoesNotExist,
  DoubleEquals,
  Equals,
  GreaterThan,
  Identifier,
  In,
  LessThan,
  NotEquals,
  NotIn,
  OpenPar,
}

const STRING_TO_TOKEN: ReadonlyMap<string, Tok> = new Map([
  [')', Tok.ClosedPar],
  [',', Tok.Comma],
  ['!', Tok.DoesNotExist],
  ['==', Tok.DoubleEquals],
  ['=', Tok.Equals],
  ['>', Tok.GreaterThan],
  ['in', Tok.In],
  ['<', Tok.LessThan],
  ['!=', Tok.NotEquals],
  ['notin', Tok.NotIn],
  ['(', Tok.OpenPar],
]);

interface Scanned {
  tok: Tok;
  lit: string;
}

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string): boolean => '=!(),><'.includes(ch) && ch.length === 1;
const EOF = '\0';

class Lexer {
  private pos = 0;
  constructor(private readonly s: string) {}

  // Like upstream, a NUL character reads as the end of input.
  private read(): string {
    if (this.pos < this.s.length) return this.s[this.pos++]!;
    return EOF;
  }

  private unread(): void {
    this.pos--;
  }

  private scanIDOrKeyword(): Scanned {
    let buf = '';
    for (;;) {
      const ch = this.read();
      if (ch === EOF) break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
      buf += ch;
    }
    const tok = STRING_TO_TOKEN.get(buf);
    return tok !== undefined ? { tok, lit: buf } : { tok: Tok.Identifier, lit: buf };
  }

  private scanSpecialSymbol(): Scanned {
    let last: Scanned | undefined;
    let buf = '';
    for (;;) {
      const ch = this.read();
      if (ch === EOF) break;
      if (isSpecialSymbol(ch)) {
        buf += ch;
        const tok = STRING_TO_TOKEN.get(buf);
        if (tok !== undefined) {
          last = { tok, lit: buf };
        } else if (last !== undefined) {
          this.unread();
          break;
        }
      } else {
        this.unread();
        break;
      }
    }
    if (last === undefined) return { tok: Tok.Error, lit: `error expected: keyword found '${buf}'` };
    return last;
  }

  lex(): Scanned {
    let ch = this.read();
    while (isWhitespace(ch)) ch = this.read();
    if (ch === EOF) return { tok: Tok.EndOfString, lit: '' };
    this.unread();
    return isSpecialSymbol(ch) ? this.scanSpecialSymbol() : this.scanIDOrKeyword();
  }
}

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

const enum Ctx {
  KeyAndOperator,
  Values,
}

class Parser {
  private readonly items: Scanned[] = [];
  private position = 0;

  constructor(input: string) {
    const lexer = new Lexer(input);
    for (;;) {
      const item = lexer.lex();
      this.items.push(item);
      if (item.tok === Tok.EndOfString) break;
    }
  }

  private static inContext(item: Scanned, ctx: Ctx): Scanned {
    if (ctx === Ctx.Values && (item.tok === Tok.In || item.tok === Tok.NotIn)) return { tok: Tok.Identifier, lit: item.lit };
    return item;
  }

  private lookahead(ctx: Ctx): Scanned {
    return Parser.inContext(this.items[this.position]!, ctx);
  }

  private consume(ctx: Ctx): Scanned {
    return Parser.inContext(this.items[this.position++]!, ctx);
  }

  parse(): LabelRequirement[] {
    const reqs: LabelRequirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(Ctx.Values);
      switch (tok) {
        case Tok.Identifier:
        case Tok.DoesNotExist: {
          let r: LabelRequirement;
          try {
            r = this.parseRequirement();
          } catch (e) {
            throw new LabelSelectorError(`unable to parse requirement: ${(e as Error).message}`);
          }
          reqs.push(r);
          const next = this.consume(Ctx.Values);
          if (next.tok === Tok.EndOfString) return reqs;
          if (next.tok === Tok.Comma) {
            const after = this.lookahead(Ctx.Values);
            if (after.tok !== Tok.Identifier && after.tok !== Tok.DoesNotExist) {
              throw new LabelSelectorError(`found '${after.lit}', expected: identifier after ','`);
            }
            break;
          }
          throw new LabelSelectorError(`found '${next.lit}', expected: ',' or 'end of string'`);
        }
        case Tok.EndOfString:
          return reqs;
        default:
          throw new LabelSelectorError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): LabelRequirement {
    const { key, operator: inferred } = this.parseKeyAndInferOperator();
    if (inferred === 'exists' || inferred === '!') return newRequirement(key, inferred, []);
    const operator = this.parseOperator();
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, operator, [...values].sort(goStringCompare));
  }

  private parseKeyAndInferOperator(): { key: string; operator: LabelOperator | undefined } {
    let operator: LabelOperator | undefined;
    let { tok, lit } = this.consume(Ctx.Values);
    if (tok === Tok.DoesNotExist) {
      operator = '!';
      ({ tok, lit } = this.consume(Ctx.Values));
    }
    if (tok !== Tok.Identifier) throw new Error(`found '${lit}', expected: identifier`);
    const keyErrs = validateKey(lit, '<nil>');
    if (keyErrs.length !== 0) throw new Error(goFieldErrorString(keyErrs[0]!));
    const next = this.lookahead(Ctx.Values).tok;
    if ((next === Tok.EndOfString || next === Tok.Comma) && operator !== '!') operator = 'exists';
    return { key: lit, operator };
  }

  private parseOperator(): LabelOperator {
    const { tok, lit } = this.consume(Ctx.KeyAndOperator);
    switch (tok) {
      case Tok.In: return 'in';
      case Tok.Equals: return '=';
      case Tok.DoubleEquals: return '==';
      case Tok.GreaterThan: return 'gt';
      case Tok.LessThan: return 'lt';
      case Tok.NotIn: return 'notin';
      case Tok.NotEquals: return '!=';
      default:
        throw new Error(`found '${lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume(Ctx.Values);
    if (open.tok !== Tok.OpenPar) throw new Error(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.lookahead(Ctx.Values);
    switch (tok) {
      case Tok.Identifier:
      case Tok.Comma: {
        const s = this.parseIdentifiersList();
        if (this.consume(Ctx.Values).tok !== Tok.ClosedPar) throw new Error(`found '${lit}', expected: ')'`);
        return s;
      }
      case Tok.ClosedPar:
        this.consume(Ctx.Values);
        return new Set(['']);
      default:
        throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
    }
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume(Ctx.Values);
      switch (tok) {
        case Tok.Identifier: {
          s.add(lit);
          const next = this.lookahead(Ctx.Values);
          if (next.tok === Tok.Comma) continue;
          if (next.tok === Tok.ClosedPar) return s;
          throw new Error(`found '${next.lit}', expected: ',' or ')'`);
        }
        case Tok.Comma: {
          if (s.size === 0) s.add(''); // "(,"
          const next = this.lookahead(Ctx.Values).tok;
          if (next === Tok.ClosedPar) {
            s.add(''); // ",)"
            return s;
          }
          if (next === Tok.Comma) {
            this.consume(Ctx.Values);
            s.add(''); // ",,"
          }
          break;
        }
        default:
          throw new Error(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const next = this.lookahead(Ctx.Values).tok;
    if (next === Tok.EndOfString || next === Tok.Comma) return new Set(['']);
    const { tok, lit } = this.consume(Ctx.Values);
    if (tok === Tok.Identifier) return new Set([lit]);
    throw new Error(`found '${lit}', expected: identifier`);
  }
}

/**
 * labels.Parse: `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a)`,
 * `key`, `!key`, `key>1`, `key<1`, comma-separated. Throws LabelSelectorError with upstream's text.
 */
export function parseLabelSelector(selector: string): LabelSelector {
  return LabelSelector.of(new Parser(selector).parse());
}

// ---------------------------------------------------------------------------
// metav1.LabelSelector
// ---------------------------------------------------------------------------

export interface Metav1LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

export interface Metav1LabelSelector {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: Metav1LabelSelectorRequirement[] | null;
}

const METAV1_OPERATORS: Readonly<Record<string, LabelOperator>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: null gives Nothing, an empty selector gives Everything.
 * Throws LabelSelectorError with upstream's message (matchLabels are checked in key order).
 */
export function labelSelectorFromMetav1(sel: Metav1LabelSelector | null | undefined): LabelSelector {
  if (sel === null || sel === undefined) return LabelSelector.nothing();
  const matchLabels = sel.matchLabels ?? {};
  const exprs = sel.matchExpressions ?? [];
  if (Object.keys(matchLabels).length + exprs.length === 0) return LabelSelector.everything();
  const reqs: LabelRequirement[] = [];
  for (const key of Object.keys(matchLabels).sort(goStringCompare)) reqs.push(newRequirement(key, '=', [matchLabels[key]!]));
  for (const e of exprs) {
    const op = Object.prototype.hasOwnProperty.call(METAV1_OPERATORS, e.operator) ? METAV1_OPERATORS[e.operator] : undefined;
    if (op === undefined) throw new LabelSelectorError(`${goQuote(e.operator)} is not a valid label selector operator`);
    reqs.push(newRequirement(e.key, op, e.values && e.values.length ? [...e.values] : null));
  }
  return LabelSelector.of(reqs);
}

/**
 * What In/NotIn and Exists/DoesNotExist ask of a requirement's values (label selectors,
 * node selector terms and the authorization reviews' selectors all check it alike);
 * undefined for any other operator, which the caller judges.
 */
export function operatorValuesErrors(operator: string, values: readonly unknown[], path: string): FieldError[] | undefined {
  if (operator === 'In' || operator === 'NotIn') return values.length === 0 ? [fieldErr.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'")] : [];
  if (operator === 'Exists' || operator === 'DoesNotExist') return values.length > 0 ? [fieldErr.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")] : [];
  return undefined;
}

/**
 * metav1validation.ValidateLabelSelector (used by kinds' spec validation, e.g. spec.selector),
 * with label values checked as upstream does unless allowInvalidLabelValueInSelector.
 */
export function validateMetav1LabelSelector(
  sel: Metav1LabelSelector | null | undefined,
  path: string,
  opts: { allowInvalidLabelValueInSelector?: boolean } = {},
): FieldError[] {
  const errs: FieldError[] = [];
  if (sel === null || sel === undefined) return errs;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) {
    for (const m of isQualifiedName(k)) errs.push(fieldErr.invalid(`${path}.matchLabels`, k, m));
    for (const m of isValidLabelValue(v)) errs.push(fieldErr.invalid(`${path}.matchLabels`, v, m));
  }
  (sel.matchExpressions ?? []).forEach((e, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = e.values ?? [];
    errs.push(...(operatorValuesErrors(e.operator, values, p) ?? [fieldErr.invalid(`${p}.operator`, e.operator, 'not a valid selector operator')]));
    for (const m of isQualifiedName(e.key)) errs.push(fieldErr.invalid(`${p}.key`, e.key, m));
    if (!opts.allowInvalidLabelValueInSelector) {
      values.forEach((v, j) => {
        for (const m of isValidLabelValue(v)) errs.push(fieldErr.invalid(`${p}.values[${j}]`, v, m));
      });
    }
  });
  return errs;
}
