// Validation of a custom resource against its OpenAPI v3 schema, as kube-openapi's
// SchemaValidator does it, with apiextensions' ValidateCustomResource turning each finding
// into a field error: `spec.replicas: Invalid value: "string": spec.replicas in body must
// be of type integer: "string"`.
//
// Paths inside messages are kube-openapi's (`spec.items[0].name`); findings also carry the
// path as segments so update validation can ratchet errors of unchanged values.

import { fieldErr, type FieldError } from '../apimachinery/errors.js';
import { goQuote } from '../apimachinery/goformat.js';
import { goFormatFloatG } from '../registry/field-validation.js';
import { deepEqual } from '../registry/meta.js';
import { isValidFormat } from './formats.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps } from './types.js';

export type Segment = string | number;

type Code = 'type' | 'required' | 'tooLong' | 'tooShort' | 'pattern' | 'enum' | 'multipleOf' | 'max' | 'min' | 'maxItems' | 'minItems' | 'unique' | 'maxProperties' | 'minProperties' | 'forbiddenProperty' | 'composite';

export interface Finding {
  code: Code;
  /** kube-openapi's name of the value (`spec.items.0`), '' for the root. */
  name: string;
  segments: Segment[];
  value?: unknown;
  values?: unknown[];
  limit?: number;
  message: string;
}

const IN = 'body';

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(v) ? 'integer' : 'number';
    case 'object':
      return 'object';
  }
  return 'unknown';
}

/** %v of a JSON number as Go prints an int64 or a float64. */
export function goNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 2 ** 63 ? BigInt(n).toString() : goFormatFloatG(n);
}

/** The types a schema admits (int-or-string admits two). */
function typesOf(s: JSONSchemaProps): string[] {
  if (s['x-kubernetes-int-or-string']) return ['integer', 'string'];
  return s.type ? [s.type] : [];
}

/** A property as `.key`, an array item as `[i]` (kube-apiserver v1.32 answers `spec.items[0].name`). */
function childName(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

class Walker {
  readonly out: Finding[] = [];

  add(f: Omit<Finding, 'message'> & { message?: string }, message: string): void {
    this.out.push({ ...f, message });
  }

  validate(v: unknown, s: JSONSchemaProps, name: string, segs: Segment[]): void {
    if (!isObj(s)) return;
    const types = typesOf(s);
    // Type.
    if (v === null || v === undefined) {
      if (types.length > 0 && !s.nullable) {
        this.add({ code: 'type', name, segments: segs, value: 'null' }, `${name} in ${IN} must be of type ${types.join(',')}: "null"`);
      }
      if (Array.isArray(s.enum) && !s.enum.some((e) => e === null)) {
        this.add({ code: 'enum', name, segments: segs, value: null, values: s.enum }, `${name} in ${IN} should be one of ${goEnumList(s.enum)}`);
      }
      return;
    }
    const actual = jsonType(v);
    const typeOk = types.length === 0 || types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!typeOk) {
      // A float that is integral passes as integer (JSON cannot tell 1.0 from 1 here anyway).
      this.add({ code: 'type', name, segments: segs, value: actual }, `${name} in ${IN} must be of type ${types.join(',')}: "${actual}"`);
      return;
    }
    this.junctors(v, s, name, segs);
    if (typeof v === 'string') this.string(v, s, name, segs);
    if (typeof v === 'number') this.number(v, s, name, segs);
    if (Array.isArray(v)) this.slice(v, s, name, segs);
    if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, v))) {
      this.add({ code: 'enum', name, segments: segs, value: v, values: s.enum }, `${name} in ${IN} should be one of ${goEnumList(s.enum)}`);
    }
    if (isObj(v)) this.object(v, s, name, segs);
  }

  private junctors(v: unknown, s: JSONSchemaProps, name: string, segs: Segment[]): void {
    const sub = (x: JSONSchemaProps): Finding[] => {
      const w = new Walker();
      w.validate(v, x, name, segs);
      return w.out;
    };
    if (Array.isArray(s.allOf)) {
      for (const x of s.allOf) this.out.push(...sub(x));
    }
    if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && !s['x-kubernetes-int-or-string']) {
      const results = s.anyOf.map(sub);
      if (!results.some((r) => r.length === 0)) {
        this.add({ code: 'composite', name, segments: segs, value: v }, `${name} in ${IN} must validate at least one schema (anyOf)`);
        for (const r of results) this.out.push(...r);
      }
    }
    if (Array.isArray(s.oneOf) && s.oneOf.length > 0) {
      const results = s.oneOf.map(sub);
      const passing = results.filter((r) => r.length === 0).length;
      if (passing !== 1) {
        this.add({ code: 'composite', name, segments: segs, value: v }, `${name} in ${IN} must validate one and only one schema (oneOf)`);
        if (passing === 0) for (const r of results) this.out.push(...r);
      }
    }
    if (isObj(s.not) && sub(s.not).length === 0) {
      this.add({ code: 'composite', name, segments: segs, value: v }, `${name} in ${IN} must not validate the schema (not)`);
    }
  }

  private string(v: string, s: JSONSchemaProps, name: string, segs: Segment[]): void {
    const len = [...v].length;
    if (typeof s.maxLength === 'number' && len > s.maxLength) {
      this.add({ code: 'tooLong', name, segments: segs, value: v, limit: s.maxLength }, `${name} in ${IN} should be at most ${s.maxLength} chars long`);
    }
    if (typeof s.minLength === 'number' && len < s.minLength) {
      this.add({ code: 'tooShort', name, segments: segs, value: v, limit: s.minLength }, `${name} in ${IN} should be at least ${s.minLength} chars long`);
    }
    if (typeof s.pattern === 'string' && s.pattern !== '') {
      let re: RegExp | undefined;
      try {
        re = new RegExp(s.pattern, 'u');
      } catch {
        re = undefined;
      }
      if (re && !re.test(v)) this.add({ code: 'pattern', name, segments: segs, value: v }, `${name} in ${IN} should match '${s.pattern}'`);
    }
    if (typeof s.format === 'string' && s.format !== '' && !isValidFormat(s.format, v)) {
      this.add({ code: 'type', name, segments: segs, value: v }, `${name} in ${IN} must be of type ${s.format}: ${goQuote(v)}`);
    }
  }

  private number(v: number, s: JSONSchemaProps, name: string, segs: Segment[]): void {
    if (typeof s.multipleOf === 'number' && s.multipleOf > 0) {
      const q = v / s.multipleOf;
      if (Math.abs(q - Math.round(q)) > 1e-9) {
        this.add({ code: 'multipleOf', name, segments: segs, value: v }, `${name} in ${IN} should be a multiple of ${goNumber(s.multipleOf)}`);
      }
    }
    if (typeof s.maximum === 'number') {
      const exc = s.exclusiveMaximum === true;
      if (exc ? v >= s.maximum : v > s.maximum) {
        this.add({ code: 'max', name, segments: segs, value: v }, `${name} in ${IN} should be less than ${exc ? '' : 'or equal to '}${goNumber(s.maximum)}`);
      }
    }
    if (typeof s.minimum === 'number') {
      const exc = s.exclusiveMinimum === true;
      if (exc ? v <= s.minimum : v < s.minimum) {
        this.add({ code: 'min', name, segments: segs, value: v }, `${name} in ${IN} should be greater than ${exc ? '' : 'or equal to '}${goNumber(s.minimum)}`);
      }
    }
  }

  private slice(v: unknown[], s: JSONSchemaProps, name: string, segs: Segment[]): void {
    const items = itemsOf(s);
    if (items) v.forEach((x, i) => this.validate(x, items, childName(name, i), [...segs, i]));
    if (typeof s.minItems === 'number' && v.length < s.minItems) {
      this.add({ code: 'minItems', name, segments: segs, value: v.length, limit: s.minItems }, `${name} in ${IN} should have at least ${s.minItems} items`);
    }
    if (typeof s.maxItems === 'number' && v.length > s.maxItems) {
      this.add({ code: 'maxItems', name, segments: segs, value: v.length, limit: s.maxItems }, `${name} in ${IN} should have at most ${s.maxItems} items`);
    }
    if (s.uniqueItems === true) {
      for (let i = 0; i < v.length; i++) {
        if (v.slice(0, i).some((x) => deepEqual(x, v[i]))) {
          this.add({ code: 'unique', name, segments: segs }, `${name} in ${IN} shouldn't contain duplicates`);
          break;
        }
      }
    }
  }

  private object(v: Record<string, unknown>, s: JSONSchemaProps, name: string, segs: Segment[]): void {
    const n = Object.keys(v).length;
    if (typeof s.minProperties === 'number' && n < s.minProperties) {
      this.add({ code: 'minProperties', name, segments: segs, value: s.minProperties, limit: s.minProperties }, `${name} in ${IN} should have at least ${s.minProperties} properties`);
      return;
    }
    if (typeof s.maxProperties === 'number' && n > s.maxProperties) {
      this.add({ code: 'maxProperties', name, segments: segs, value: n, limit: s.maxProperties }, `${name} in ${IN} should have at most ${s.maxProperties} properties`);
      return;
    }
    const props = s.properties ?? {};
    if (s.additionalProperties === false) {
      for (const k of Object.keys(v)) {
        if (!Object.hasOwn(props, k)) this.add({ code: 'forbiddenProperty', name, segments: segs, value: k }, `${name}.${k} in ${IN} is a forbidden property`);
      }
    } else {
      const ap = additionalPropertiesOf(s);
      if (ap) {
        for (const [k, x] of Object.entries(v)) if (!Object.hasOwn(props, k)) this.validate(x, ap, childName(name, k), [...segs, k]);
      }
    }
    for (const [k, ps] of Object.entries(props)) {
      if (Object.hasOwn(v, k)) this.validate(v[k], ps, childName(name, k), [...segs, k]);
    }
    for (const k of s.required ?? []) {
      if (!Object.hasOwn(v, k)) this.add({ code: 'required', name: childName(name, k), segments: [...segs, k] }, `${childName(name, k)} in ${IN} is required`);
    }
  }
}

/** Go's %v of an []interface{} of enum values: [a b 1]. */
function goEnumList(values: unknown[]): string {
  return `[${values.map((x) => (typeof x === 'string' ? x : typeof x === 'number' ? goNumber(x) : JSON.stringify(x))).join(' ')}]`;
}

/** Every finding of kube-openapi's validator for `obj` (the whole custom resource). */
export function findSchemaViolations(obj: unknown, schema: JSONSchemaProps): Finding[] {
  const w = new Walker();
  w.validate(obj, schema, '', []);
  return w.out;
}

/** apiextensions' ValidateCustomResource: each finding as the field error upstream reports. */
export function toFieldError(f: Finding, prefix = ''): FieldError {
  const field = [prefix, f.name].filter(Boolean).join('.');
  switch (f.code) {
    case 'required':
      return fieldErr.required(field);
    case 'enum': {
      const values = (f.values ?? []).map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
      return fieldErr.notSupported(field, f.value, values);
    }
    case 'tooLong':
      return fieldErr.tooLong(field, f.limit ?? -1);
    case 'maxItems':
      return fieldErr.tooMany(field, Number(f.value ?? -1), f.limit ?? -1);
    case 'maxProperties':
      return fieldErr.tooMany(field, Number(f.value ?? -1), f.limit ?? -1);
    case 'type':
      return fieldErr.typeInvalid(field, f.value ?? '', f.message);
    default:
      return fieldErr.invalid(field, f.value ?? '', f.message);
  }
}

/** Validate a whole object; `old` enables ratcheting (errors on values unchanged since `old` are dropped). */
export function validateAgainstSchema(obj: unknown, schema: JSONSchemaProps, old?: unknown): FieldError[] {
  let findings = findSchemaViolations(obj, schema);
  if (old !== undefined) findings = findings.filter((f) => !unchanged(obj, old, f.segments));
  return findings.map((f) => toFieldError(f));
}

function valueAt(v: unknown, segs: Segment[]): { found: boolean; value: unknown } {
  let cur: unknown = v;
  for (const s of segs) {
    if (typeof s === 'number') {
      if (!Array.isArray(cur) || s >= cur.length) return { found: false, value: undefined };
      cur = cur[s];
    } else {
      if (!isObj(cur) || !Object.hasOwn(cur, s)) return { found: false, value: undefined };
      cur = cur[s];
    }
  }
  return { found: true, value: cur };
}

/** Ratcheting: the value at the finding's path (or its absence) is the same in both objects. */
function unchanged(obj: unknown, old: unknown, segs: Segment[]): boolean {
  // Array items are not correlated by index for ratcheting; compare the whole array instead.
  const firstIndex = segs.findIndex((s) => typeof s === 'number');
  const cut = firstIndex >= 0 ? segs.slice(0, firstIndex) : segs;
  const a = valueAt(obj, cut);
  const b = valueAt(old, cut);
  return a.found === b.found && deepEqual(a.value, b.value);
}
