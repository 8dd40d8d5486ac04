// Shared helpers for kind-specific validation: reading decoded JSON the way Go reads
// the typed struct (absent = zero value), field paths as field.Path prints them,
// and the message builders of k8s.io/apimachinery/pkg/util/validation.

import { fieldErr, type FieldError } from '../../apimachinery/errors.js';
import { goStringCompare } from '../../apimachinery/goformat.js';
import { isDNS1123Subdomain, isQualifiedName, maxLenError, regexError } from '../../apimachinery/validation.js';
import { Quantity } from '../../apimachinery/quantity.js';

export type Obj = Record<string, unknown>;
export type FieldErrors = FieldError[];

export { fieldErr };

// ---- reading JSON as Go would see the struct ----

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A Go pointer/slice/map field that is non-nil. */
export function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

export function bool(v: unknown): boolean {
  return v === true;
}

export function obj(v: unknown): Obj {
  return isObj(v) ? v : {};
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function objs(v: unknown): Obj[] {
  return arr(v).map(obj);
}

export function strs(v: unknown): string[] {
  return arr(v).map(str);
}

/** A map[string]string (labels, selectors). */
export function strMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v))) out[k] = str(val);
  return out;
}

/** Map keys in a stable order (Go's map iteration is random; byte order is deterministic). */
export function sortedKeys(v: unknown): string[] {
  return Object.keys(obj(v)).sort(goStringCompare);
}

/** The int value of a pointer field, or undefined when nil. */
export function optNum(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

// ---- field paths ----

/** field.Path.Child: a root of '' (field.NewPath("")) yields the child alone. */
export function child(base: string, ...names: string[]): string {
  let p = base;
  for (const n of names) p = p === '' ? n : `${p}.${n}`;
  return p;
}

export function index(base: string, i: number): string {
  return `${base}[${i}]`;
}

export function key(base: string, k: string): string {
  return `${base}[${k}]`;
}

// ---- messages of k8s.io/apimachinery/pkg/util/validation ----

export const IS_NEGATIVE_ERROR_MSG = 'must be greater than or equal to 0';
export const FIELD_IMMUTABLE = 'field is immutable';

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(port) > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

export function isValidPercent(s: string): string[] {
  return /^[0-9]+%$/.test(s)
    ? []
    : [regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%')];
}

function hasChDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

export function isEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(value)) {
    errs.push(
      regexError(
        "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
        '[-._a-zA-Z][-._a-zA-Z0-9]*',
        'my.env-name',
        'MY_ENV.NAME',
        'MyEnvName1',
      ),
    );
  }
  return errs.concat(hasChDirPrefix(value));
}

/** IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation is on in v1.34). */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name must be non-empty');
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x7f || cp < 0x20 || cp === 0x7f || ch === '=') {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > 253) errs.push(maxLenError(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(value)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  }
  return errs.concat(hasChDirPrefix(value));
}

export function isHTTPHeaderName(value: string): string[] {
  return /^[-A-Za-z0-9]+$/.test(value)
    ? []
    : [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", '[-A-Za-z0-9]+', 'X-Header-Name')];
}

const DNS1123_SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const WILDCARD_RE = new RegExp(`^\\*\\.${DNS1123_SUBDOMAIN_FMT}$`);

export function isWildcardDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > 253) errs.push(maxLenError(253));
  if (!WILDCARD_RE.test(value)) {
    errs.push(
      regexError(
        "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
        '\\*\\.' + DNS1123_SUBDOMAIN_FMT,
        '*.example.com',
      ),
    );
  }
  return errs;
}

const UINT32_MAX = 0xffffffff;

export function isValidUserID(id: number): string[] {
  return id >= 0 && id <= UINT32_MAX ? [] : [inclusiveRangeError(0, UINT32_MAX)];
}

export const isValidGroupID = isValidUserID;

/** IsFullyQualifiedName (webhook names). */
export function isFullyQualifiedName(path: string, name: string): FieldErrors {
  if (name.length === 0) return [fieldErr.required(path, '')];
  const errs = isDNS1123Subdomain(name);
  if (errs.length) return [fieldErr.invalid(path, name, errs.join(','))];
  if (name.split('.').length < 3) return [fieldErr.invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";

/** IsDomainPrefixedPath (IngressClass controller). */
export function isDomainPrefixedPath(path: string, dpPath: string): FieldErrors {
  if (dpPath.length === 0) return [fieldErr.required(path, '')];
  const slash = dpPath.indexOf('/');
  if (slash <= 0 || slash === dpPath.length - 1) return [fieldErr.invalid(path, dpPath, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs: FieldErrors = [];
  const host = dpPath.slice(0, slash);
  for (const m of isDNS1123Subdomain(host)) errs.push(fieldErr.invalid(path, host, m));
  const rest = dpPath.slice(slash + 1);
  if (!new RegExp(`^${HTTP_PATH_FMT}$`).test(rest)) errs.push(fieldErr.invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

// ---- common field validators ----

/** ValidateNonnegativeField. */
export function validateNonnegative(value: number, path: string): FieldErrors {
  return value < 0 ? [fieldErr.invalid(path, value, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** ValidateQualifiedName: one Invalid per message. */
export function validateQualifiedName(value: string, path: string): FieldErrors {
  return isQualifiedName(value).map((m) => fieldErr.invalid(path, value, m));
}

/** Run a name check and report each message as Invalid. */
export function invalidEach(path: string, value: unknown, msgs: string[]): FieldErrors {
  return msgs.map((m) => fieldErr.invalid(path, value, m));
}

/** ValidateImmutableField. */
export function validateImmutable(newVal: unknown, oldVal: unknown, path: string): FieldErrors {
  return semanticEqual(newVal, oldVal) ? [] : [fieldErr.invalid(path, newVal ?? null, FIELD_IMMUTABLE)];
}

/** metav1validation.ValidateConditions (metav1.Condition lists). */
export function validateConditions(conditions: unknown, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  objs(conditions).forEach((c, i) => {
    const p = index(path, i);
    const type = str(c.type);
    if (seen.has(type)) errs.push(fieldErr.duplicate(child(p, 'type'), type));
    else seen.add(type);
    errs.push(...validateQualifiedName(type, child(p, 'type')));
    const status = str(c.status);
    if (!['False', 'True', 'Unknown'].includes(status)) errs.push(fieldErr.notSupported(child(p, 'status'), status, ['False', 'True', 'Unknown']));
    if (num(c.observedGeneration) < 0) errs.push(fieldErr.invalid(child(p, 'observedGeneration'), num(c.observedGeneration), 'must be greater than or equal to zero'));
    if (!str(c.lastTransitionTime)) errs.push(fieldErr.required(child(p, 'lastTransitionTime'), 'must be set'));
    const reason = str(c.reason);
    if (reason.length === 0) errs.push(fieldErr.required(child(p, 'reason'), 'must be set'));
    else {
      const fmt = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
      if (!new RegExp(`^${fmt}$`).test(reason)) {
        errs.push(
          fieldErr.invalid(
            child(p, 'reason'),
            reason,
            regexError(
              "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'",
              fmt,
              'my_name',
              'MY_NAME',
              'MyName',
              'ReasonA,ReasonB',
              'ReasonA:ReasonB',
            ),
          ),
        );
      }
      if (Buffer.byteLength(reason) > 1024) errs.push(fieldErr.tooLong(child(p, 'reason'), 1024));
    }
    if (Buffer.byteLength(str(c.message)) > 32 * 1024) errs.push(fieldErr.tooLong(child(p, 'message'), 32 * 1024));
  });
  return errs;
}

// ---- quantities ----

/** A resource.Quantity field's value, or undefined when it does not parse (decoding would have failed upstream). */
export function quantity(v: unknown): Quantity | undefined {
  if (typeof v === 'number') v = String(v);
  if (typeof v !== 'string') return undefined;
  try {
    return Quantity.parse(v);
  } catch {
    return undefined;
  }
}

/** Quantity.String() of a field value (the canonical form). */
export function quantityString(v: unknown): string {
  return quantity(v)?.toString() ?? str(v);
}

// ---- semantic equality (apiequality.Semantic.DeepEqual on the typed struct) ----

const QUANTITY_MAPS = new Set(['limits', 'requests', 'overhead', 'capacity', 'allocatable', 'hard', 'used', 'min', 'max', 'default', 'defaultRequest', 'maxLimitRequestRatio']);

function isZeroish(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    v === '' ||
    v === 0 ||
    v === false ||
    (Array.isArray(v) && v.length === 0) ||
    (isObj(v) && Object.values(v).every(isZeroish))
  );
}

/**
 * Deep equality as Go compares the decoded structs: an absent field equals its zero value,
 * nil equals empty for slices and maps, and quantities compare by value. (Pointer fields
 * holding a zero value compare equal to nil here; upstream tells them apart.)
 */
export function semanticEqual(a: unknown, b: unknown, inQuantityMap = false): boolean {
  if (a === b) return true;
  if (isZeroish(a) && isZeroish(b)) return true;
  if (inQuantityMap) {
    const qa = quantity(a);
    const qb = quantity(b);
    if (qa && qb) return qa.cmp(qb) === 0;
    return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => semanticEqual(x, b[i]));
  }
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (QUANTITY_MAPS.has(k) && isObj(a[k]) && isObj(b[k])) {
        const qa = a[k] as Obj;
        const qb = b[k] as Obj;
        for (const qk of new Set([...Object.keys(qa), ...Object.keys(qb)])) {
          if (!semanticEqual(qa[qk], qb[qk], true)) return false;
        }
      } else if (!semanticEqual(a[k], b[k])) return false;
    }
    return true;
  }
  return false;
}
