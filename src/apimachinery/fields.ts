// Field selectors as k8s.io/apimachinery/pkg/fields: `field=value`, `field==value`,
// `field!=value`, comma-separated, with `\` escaping of `\`, `,` and `=` in values.
// Also the per-kind field label conversion the API handler applies, with upstream's
// error messages for unsupported fields.

import { badRequest } from './errors.js';
import { goQuote, goStringCompare } from './validation.js';

export type FieldOperator = '=' | '!=';

export interface FieldRequirement {
  readonly field: string;
  /** "=" for both `=` and `==` (upstream's selection.Equals), "!=" for selection.NotEquals. */
  readonly operator: FieldOperator;
  readonly value: string;
}

/** Thrown for a selector that does not parse; the message is upstream's. */
export class FieldSelectorError extends Error {
  override readonly name = 'FieldSelectorError';
}

/** fields.EscapeValue. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => '\\' + c);
}

/** fields.UnescapeValue. */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') out += c;
      else throw new FieldSelectorError(`invalid field selector: invalid escape sequence: \\${c}`);
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    // Go prints the rune with %v, i.e. as its code point number.
    else if (c === ',' || c === '=') throw new FieldSelectorError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw new FieldSelectorError('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** A parsed field selector: the AND of its requirements, or Nothing. */
export class FieldSelector {
  private constructor(
    readonly requirements: readonly FieldRequirement[],
    readonly nothing: boolean,
  ) {}

  static everything(): FieldSelector {
    return new FieldSelector([], false);
  }

  static nothing(): FieldSelector {
    return new FieldSelector([], true);
  }

  static of(requirements: readonly FieldRequirement[]): FieldSelector {
    return new FieldSelector([...requirements], false);
  }

  /** `getField` returns an object's value for a field label; a missing field reads as "". */
  matches(getField: (name: string) => string | undefined): boolean {
    if (this.nothing) return false;
    for (const r of this.requirements) {
      const have = getField(r.field) ?? '';
      if (r.operator === '=' ? have !== r.value : have === r.value) return false;
    }
    return true;
  }

  get empty(): boolean {
    return !this.nothing && this.requirements.length === 0;
  }

  /** If the selector pins `field` with `=`, that value. */
  requiresExactMatch(field: string): string | undefined {
    for (const r of this.requirements) if (r.field === field && r.operator === '=') return r.value;
    return undefined;
  }

  /**
   * Selector.Transform: maps each requirement through `fn`; a requirement mapped to an
   * empty field and value is dropped. Errors thrown by `fn` propagate.
   */
  transform(fn: (field: string, value: string) => { field: string; value: string }): FieldSelector {
    if (this.nothing) return this;
    const out: FieldRequirement[] = [];
    for (const r of this.requirements) {
      const t = fn(r.field, r.value);
      if (t.field === '' && t.value === '') continue;
      out.push({ field: t.field, operator: r.operator, value: t.value });
    }
    return new FieldSelector(out, false);
  }

  toString(): string {
    return this.requirements.map((r) => `${r.field}${r.operator}${escapeFieldValue(r.value)}`).join(',');
  }
}

/** Splits on commas not preceded by a backslash, keeping the escapes. */
function splitTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

const TERM_OPERATORS = ['!=', '==', '='] as const;

function splitTerm(term: string): { lhs: string; op: (typeof TERM_OPERATORS)[number]; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** fields.ParseSelector. Throws FieldSelectorError with upstream's text. */
export function parseFieldSelector(selector: string): FieldSelector {
  const parts = splitTerms(selector).sort(goStringCompare);
  const reqs: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (t === undefined) throw new FieldSelectorError(`invalid selector: '${selector}'; can't understand '${part}'`);
    const value = unescapeFieldValue(t.rhs);
    reqs.push({ field: t.lhs, operator: t.op === '!=' ? '!=' : '=', value });
  }
  return FieldSelector.of(reqs);
}

// ---------------------------------------------------------------------------
// Field label conversion (what ListResource applies before storage sees the selector)
// ---------------------------------------------------------------------------

/** Converts one field label; throws an Error whose message becomes the 400's message. */
export type FieldLabelConversion = (label: string, value: string) => { field: string; value: string };

/** runtime.DefaultMetaV1FieldSelectorConversion, used for kinds without their own conversion. */
export const defaultMetaV1FieldLabelConversion: FieldLabelConversion = (label, value) => {
  if (label === 'metadata.name' || label === 'metadata.namespace') return { field: label, value };
  throw new Error(`${goQuote(label)} is not a known field selector: only ${goQuote('metadata.name')}, ${goQuote('metadata.namespace')}`);
};

export interface SupportedFieldsOptions {
  /** Old names mapped to current ones, e.g. pods' {"spec.host": "spec.nodeName"}. */
  aliases?: Readonly<Record<string, string>>;
  /** The kind's own message; default `field label not supported: <label>` (core/v1 kinds). */
  message?: (label: string) => string;
}

/** A kind's registered conversion: its supported labels (as AddFieldLabelConversionFunc does). */
export function supportedFieldsConversion(supported: readonly string[], opts: SupportedFieldsOptions = {}): FieldLabelConversion {
  const allowed = new Set(supported);
  return (label, value) => {
    const alias = opts.aliases && Object.prototype.hasOwnProperty.call(opts.aliases, label) ? opts.aliases[label] : undefined;
    if (alias !== undefined) return { field: alias, value };
    if (allowed.has(label)) return { field: label, value };
    throw new Error(opts.message ? opts.message(label) : `field label not supported: ${label}`);
  };
}

/** Applies a conversion to a parsed selector; an unsupported label gives upstream's 400. */
export function transformFieldSelector(selector: FieldSelector, convert: FieldLabelConversion): FieldSelector {
  try {
    return selector.transform(convert);
  } catch (e) {
    throw badRequest(e instanceof Error ? e.message : String(e));
  }
}

const META_ONLY = new Set(['metadata.name', 'metadata.namespace']);

/**
 * Checks (and converts) a selector against a kind's selectable fields, throwing a 400
 * BadRequest with upstream's text. When `supported` holds only metadata.name and/or
 * metadata.namespace the kind is treated as one without a registered conversion
 * (`"foo" is not a known field selector: only "metadata.name", "metadata.namespace"`);
 * otherwise the core/v1 message `field label not supported: foo` (or opts.message) is used.
 */
export function assertSupportedFields(selector: FieldSelector, supported: readonly string[], opts: SupportedFieldsOptions = {}): FieldSelector {
  const registered = opts.aliases !== undefined || opts.message !== undefined || supported.some((f) => !META_ONLY.has(f));
  return transformFieldSelector(selector, registered ? supportedFieldsConversion(supported, opts) : defaultMetaV1FieldLabelConversion);
}
