// Name and ObjectMeta validation with kube-apiserver v1.34's messages
// (k8s.io/apimachinery/pkg/util/validation, pkg/api/validation, pkg/apis/meta/v1/validation,
// plus the core-kinds finalizer rule of pkg/apis/core/validation).
//
// The first section holds the Go formatting helpers that upstream messages depend on
// (strconv.Quote, json.Marshal of strings, byte-wise string order); the selector, continue
// and list-options modules share them.

import { randomInt } from 'node:crypto';
import { badRequest, type FieldError, fieldErr } from './errors.js';

export { goIsPrint, goQuote, goJSONString, goJSON, goStringCompare, byteLength } from './goformat.js';
export { goFieldErrorString, goFieldErrorBody } from './errors.js';
import { byteLength, goIsPrint, goQuote, goStringCompare } from './goformat.js';

/** utilerrors.NewAggregate(errs).Error(): one message as is, several deduplicated inside brackets. */
export function aggregateMessage(msgs: readonly string[]): string {
  const seen: string[] = [];
  for (const m of msgs) if (!seen.includes(m)) seen.push(m);
  if (seen.length === 0) return '';
  if (msgs.length === 1) return msgs[0]!;
  if (seen.length === 1) return seen[0]!;
  return `[${seen.join(', ')}]`;
}

// ---------------------------------------------------------------------------
// Message builders (pkg/util/validation)
// ---------------------------------------------------------------------------

export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let s = msg + ' (e.g. ';
  examples.forEach((ex, i) => {
    if (i > 0) s += ' or ';
    s += `'${ex}', `;
  });
  return s + `regex used for validation is '${fmt}')`;
}

export const EMPTY_ERROR = 'must be non-empty';

// ---------------------------------------------------------------------------
// String format validators
// ---------------------------------------------------------------------------

const qnameCharFmt = '[A-Za-z0-9]';
const qnameExtCharFmt = '[-A-Za-z0-9_.]';
const qualifiedNameFmt = `(${qnameCharFmt}${qnameExtCharFmt}*)?${qnameCharFmt}`;
const qualifiedNameErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameMaxLength = 63;
const qualifiedNameRe = new RegExp(`^${qualifiedNameFmt}$`);

const labelValueFmt = `(${qualifiedNameFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;
const labelValueRe = new RegExp(`^${labelValueFmt}$`);

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_LABEL_MAX_LENGTH = 63;
const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);

const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
export const DNS1035_LABEL_MAX_LENGTH = 63;
const dns1035LabelRe = new RegExp(`^${dns1035LabelFmt}$`);

/** validation.IsQualifiedName (label keys, annotation keys, finalizers). */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part ' + EMPTY_ERROR);
    else for (const m of isDNS1123Subdomain(prefix)) errs.push('prefix part ' + m);
  } else {
    return [
      'a qualified name ' +
        regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc') +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part ' + EMPTY_ERROR);
  else if (byteLength(name) > qualifiedNameMaxLength) errs.push('name part ' + maxLenError(qualifiedNameMaxLength));
  if (!qualifiedNameRe.test(name)) errs.push('name part ' + regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc'));
  return errs;
}

/** validation.IsValidLabelValue. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!labelValueRe.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** validation.IsDNS1123Label. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!dns1123LabelRe.test(value)) {
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** validation.IsDNS1123Subdomain. */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** validation.IsDNS1035Label. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1035_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1035_LABEL_MAX_LENGTH));
  if (!dns1035LabelRe.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

/** path.IsValidPathSegmentName: names usable as one URL/etcd path segment (RBAC kinds use it). */
export function isValidPathSegmentName(name: string): string[] {
  for (const bad of ['.', '..']) if (name === bad) return [`may not be '${bad}'`];
  return isValidPathSegmentPrefix(name);
}

/** path.IsValidPathSegmentPrefix. */
export function isValidPathSegmentPrefix(name: string): string[] {
  const errs: string[] = [];
  for (const bad of ['/', '%']) if (name.includes(bad)) errs.push(`may not contain '${bad}'`);
  return errs;
}

// ---------------------------------------------------------------------------
// Name rules (ValidateNameFunc)
// ---------------------------------------------------------------------------

/** The name rule a kind declares; each maps to one of upstream's ValidateNameFuncs. */
export type NameRule = 'DNS1123Subdomain' | 'DNS1123Label' | 'DNS1035Label' | 'PathSegmentName';

function maskTrailingDash(name: string): string {
  // Upstream slices name[:len-2]+"a", dropping the character before the dash too.
  return name.endsWith('-') ? name.slice(0, Math.max(0, name.length - 2)) + 'a' : name;
}

/** A ValidateNameFunc: prefix=true when validating a generateName. */
export function validateNameByRule(rule: NameRule, name: string, prefix = false): string[] {
  switch (rule) {
    case 'DNS1123Subdomain':
      return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
    case 'DNS1123Label':
      return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
    case 'DNS1035Label':
      return isDNS1035Label(prefix ? maskTrailingDash(name) : name);
    case 'PathSegmentName':
      return prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);
  }
}

/** The messages for metadata.name under a kind's name rule (empty when valid). */
export function validateObjectMetaName(rule: NameRule, name: string): string[] {
  return validateNameByRule(rule, name, false);
}

// ---------------------------------------------------------------------------
// ObjectMeta
// ---------------------------------------------------------------------------

export interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean | null;
  blockOwnerDeletion?: boolean | null;
}

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  time?: string;
  fieldsType?: string;
  fieldsV1?: unknown;
  subresource?: string;
}

export interface ObjectMetaLike {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string | null;
  deletionTimestamp?: string | null;
  deletionGracePeriodSeconds?: number | null;
  labels?: Record<string, string> | null;
  annotations?: Record<string, string> | null;
  ownerReferences?: OwnerReference[] | null;
  finalizers?: string[] | null;
  managedFields?: ManagedFieldsEntry[] | null;
}

export interface ObjectMetaOptions {
  /** Whether the kind is namespaced (metadata.namespace required) or cluster-scoped (forbidden). */
  namespaced: boolean;
  /** The kind's name rule; upstream runs this with the kind's rule and then again with PathSegmentName. */
  nameRule: NameRule;
  /** Field path of the metadata; default "metadata". */
  path?: string;
  /**
   * Apply core's extra finalizer rule (names without "/" must be kubernetes, orphan or
   * foregroundDeletion). Every built-in kind validated through core's ValidateObjectMeta has it. Default true.
   */
  kubeFinalizers?: boolean;
}

export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * 1024;
export const FIELD_IMMUTABLE_ERROR_MSG = 'field is immutable';
const FINALIZER_ORPHAN = 'orphan';
const FINALIZER_DELETE_DEPENDENTS = 'foregroundDeletion';
const STANDARD_FINALIZERS = new Set(['kubernetes', FINALIZER_ORPHAN, FINALIZER_DELETE_DEPENDENTS]);

/** ValidateLabelName: one error per message. */
export function validateLabelName(name: string, path: string): FieldError[] {
  return isQualifiedName(name).map((m) => fieldErr.invalid(path, name, m));
}

/** metav1validation.ValidateLabels. */
export function validateLabels(labels: Record<string, string> | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    // A null that reached here is Go's zero string (json decodes null into a string as "").
    const value = typeof v === 'string' ? v : '';
    for (const m of isValidLabelValue(value)) errs.push(fieldErr.invalid(path, value, m));
  }
  return errs;
}

/** ValidateAnnotations: keys are qualified names compared case-insensitively; 256 KiB in total. */
export function validateAnnotations(annotations: Record<string, string> | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    for (const m of isQualifiedName(k.toLowerCase())) errs.push(fieldErr.invalid(path, k, m));
    total += byteLength(k) + byteLength(typeof v === 'string' ? v : '');
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) errs.push(fieldErr.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT_BYTES));
  return errs;
}

function parseGroupVersion(gv: string): { group: string; version: string } | undefined {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const slashes = gv.split('/').length - 1;
  if (slashes === 0) return { group: '', version: gv };
  if (slashes === 1) {
    const i = gv.indexOf('/');
    return { group: gv.slice(0, i), version: gv.slice(i + 1) };
  }
  return undefined;
}

/** The OwnerReference as Go's json.Marshal renders it (field order, omitempty). */
function ownerReferenceValue(ref: OwnerReference): Record<string, unknown> {
  const v: Record<string, unknown> = { apiVersion: ref.apiVersion ?? '', kind: ref.kind ?? '', name: ref.name ?? '', uid: ref.uid ?? '' };
  if (ref.controller !== undefined && ref.controller !== null) v.controller = ref.controller;
  if (ref.blockOwnerDeletion !== undefined && ref.blockOwnerDeletion !== null) v.blockOwnerDeletion = ref.blockOwnerDeletion;
  return v;
}

/** ValidateOwnerReferences. */
export function validateOwnerReferences(refs: OwnerReference[] | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    const apiVersion = ref.apiVersion ?? '';
    const kind = ref.kind ?? '';
    // schema.FromAPIVersionAndKind drops group and version when apiVersion does not parse.
    const gv = parseGroupVersion(apiVersion) ?? { group: '', version: '' };
    if (gv.version.length === 0) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, 'version must not be empty'));
    if (kind.length === 0) errs.push(fieldErr.invalid(`${path}.kind`, kind, 'must not be empty'));
    if (!ref.name) errs.push(fieldErr.invalid(`${path}.name`, ref.name ?? '', 'must not be empty'));
    if (!ref.uid) errs.push(fieldErr.invalid(`${path}.uid`, ref.uid ?? '', 'must not be empty'));
    if (gv.group === '' && gv.version === 'v1' && kind === 'Event') {
      errs.push(fieldErr.invalid(path, ownerReferenceValue(ref), `${gv.group}/${gv.version}, Kind=${kind} is disallowed from being an owner`));
    }
    if (ref.controller === true) {
      const current = `${kind}/${ref.name ?? ''}`;
      if (firstController !== '') {
        errs.push(
          fieldErr.invalid(
            path,
            (refs ?? []).map(ownerReferenceValue),
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else {
        firstController = current;
      }
    }
  }
  return errs;
}

/** ValidateFinalizers (apimachinery): qualified names, and orphan/foregroundDeletion are exclusive. */
export function validateFinalizers(finalizers: string[] | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = finalizers ?? [];
  for (const f of list) for (const m of isQualifiedName(f)) errs.push(fieldErr.invalid(path, f, m));
  if (list.includes(FINALIZER_ORPHAN) && list.includes(FINALIZER_DELETE_DEPENDENTS)) {
    errs.push(fieldErr.invalid(path, list, `finalizer ${FINALIZER_ORPHAN} and ${FINALIZER_DELETE_DEPENDENTS} cannot be both set`));
  }
  return errs;
}

/** core's validateKubeFinalizerName, run per index after the generic checks. */
function validateKubeFinalizerNames(finalizers: string[] | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (finalizers ?? []).forEach((f, i) => {
    if (f.split('/').length === 1 && !STANDARD_FINALIZERS.has(f)) {
      errs.push(fieldErr.invalid(`${path}[${i}]`, f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

const FIELD_MANAGER_MAX_LENGTH = 128;
const MAX_SUBRESOURCE_NAME_LENGTH = 256;

/** ValidateFieldManager: at most 128 bytes, printable characters only. */
export function validateFieldManager(manager: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (byteLength(manager) > FIELD_MANAGER_MAX_LENGTH) errs.push(fieldErr.tooLong(path, FIELD_MANAGER_MAX_LENGTH));
  let offset = 0;
  for (const ch of manager) {
    if (!goIsPrint(ch)) {
      const cp = ch.codePointAt(0)!;
      errs.push(fieldErr.invalid(path, manager, `invalid character U+${cp.toString(16).toUpperCase().padStart(4, '0')} (at position ${offset})`));
    }
    offset += byteLength(ch);
  }
  return errs;
}

/** ValidateManagedFields. */
export function validateManagedFields(entries: ManagedFieldsEntry[] | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (entries ?? []).forEach((e, i) => {
    const p = `${path}[${i}]`;
    const op = e.operation ?? '';
    if (op !== 'Apply' && op !== 'Update') errs.push(fieldErr.invalid(`${p}.operation`, op, 'must be `Apply` or `Update`'));
    if (e.fieldsType && e.fieldsType !== 'FieldsV1') errs.push(fieldErr.invalid(`${p}.fieldsType`, e.fieldsType, 'must be `FieldsV1`'));
    errs.push(...validateFieldManager(e.manager ?? '', `${p}.manager`));
    if (byteLength(e.subresource ?? '') > MAX_SUBRESOURCE_NAME_LENGTH) errs.push(fieldErr.tooLong(`${p}.subresource`, MAX_SUBRESOURCE_NAME_LENGTH));
  });
  return errs;
}

function validateCommonObjectMeta(meta: ObjectMetaLike, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ns = meta.namespace ?? '';
  if (namespaced) {
    if (ns.length === 0) errs.push(fieldErr.required(`${path}.namespace`, ''));
    else for (const m of validateNameByRule('DNS1123Label', ns)) errs.push(fieldErr.invalid(`${path}.namespace`, ns, m));
  } else if (ns.length !== 0) {
    errs.push(fieldErr.forbidden(`${path}.namespace`, 'not allowed on this type'));
  }
  const generation = meta.generation ?? 0;
  if (generation < 0) errs.push(fieldErr.invalid(`${path}.generation`, generation, 'must be greater than or equal to 0'));
  errs.push(...validateLabels(meta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  errs.push(...validateOwnerReferences(meta.ownerReferences, `${path}.ownerReferences`));
  errs.push(...validateFinalizers(meta.finalizers, `${path}.finalizers`));
  errs.push(...validateManagedFields(meta.managedFields, `${path}.managedFields`));
  return errs;
}

/**
 * ValidateObjectMeta on create (name generation already done): generateName, name,
 * namespace, generation, labels, annotations, owner references, finalizers, managed fields.
 */
export function validateObjectMeta(meta: ObjectMetaLike, opts: ObjectMetaOptions): FieldError[] {
  const path = opts.path ?? 'metadata';
  const errs: FieldError[] = [];
  const generateName = meta.generateName ?? '';
  const name = meta.name ?? '';
  if (generateName.length !== 0) {
    for (const m of validateNameByRule(opts.nameRule, generateName, true)) errs.push(fieldErr.invalid(`${path}.generateName`, generateName, m));
  }
  if (name.length === 0) errs.push(fieldErr.required(`${path}.name`, 'name or generateName is required'));
  else for (const m of validateNameByRule(opts.nameRule, name, false)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
  errs.push(...validateCommonObjectMeta(meta, opts.namespaced, path));
  if (opts.kubeFinalizers ?? true) errs.push(...validateKubeFinalizerNames(meta.finalizers, `${path}.finalizers`));
  return errs;
}

/** metav1.Time as it is compared (second precision, any zone) and rendered (RFC 3339 UTC, or null). */
function normalizeTime(t: string | null | undefined): string | null {
  if (t === undefined || t === null || t === '') return null;
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) return t;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * ValidateObjectMetaAccessorUpdate: no new finalizers while deleting, resourceVersion
 * present, generation not decremented, immutable identity fields, then labels,
 * annotations, owner references and managed fields of the new object.
 */
export function validateObjectMetaUpdate(newMeta: ObjectMetaLike, oldMeta: ObjectMetaLike, opts: { path?: string; kubeFinalizers?: boolean } = {}): FieldError[] {
  const path = opts.path ?? 'metadata';
  const errs: FieldError[] = [];
  if (normalizeTime(oldMeta.deletionTimestamp) !== null) {
    const old = new Set(oldMeta.finalizers ?? []);
    const extra = [...new Set((newMeta.finalizers ?? []).filter((f) => !old.has(f)))].sort(goStringCompare);
    if (extra.length !== 0) {
      errs.push(
        fieldErr.forbidden(
          `${path}.finalizers`,
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${extra.map(goQuote).join(', ')}}`,
        ),
      );
    }
  }
  if (!newMeta.resourceVersion) errs.push(fieldErr.invalid(`${path}.resourceVersion`, newMeta.resourceVersion ?? '', 'must be specified for an update'));
  const newGen = newMeta.generation ?? 0;
  if (newGen < (oldMeta.generation ?? 0)) errs.push(fieldErr.invalid(`${path}.generation`, newGen, 'must not be decremented'));

  const immutable = (field: string, newVal: unknown, oldVal: unknown): void => {
    if (newVal !== oldVal) errs.push(fieldErr.invalid(`${path}.${field}`, newVal, FIELD_IMMUTABLE_ERROR_MSG));
  };
  immutable('name', newMeta.name ?? '', oldMeta.name ?? '');
  immutable('namespace', newMeta.namespace ?? '', oldMeta.namespace ?? '');
  immutable('uid', newMeta.uid ?? '', oldMeta.uid ?? '');
  immutable('creationTimestamp', normalizeTime(newMeta.creationTimestamp), normalizeTime(oldMeta.creationTimestamp));
  immutable('deletionTimestamp', normalizeTime(newMeta.deletionTimestamp), normalizeTime(oldMeta.deletionTimestamp));
  immutable('deletionGracePeriodSeconds', newMeta.deletionGracePeriodSeconds ?? null, oldMeta.deletionGracePeriodSeconds ?? null);

  errs.push(...validateLabels(newMeta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(newMeta.annotations, `${path}.annotations`));
  errs.push(...validateOwnerReferences(newMeta.ownerReferences, `${path}.ownerReferences`));
  errs.push(...validateManagedFields(newMeta.managedFields, `${path}.managedFields`));
  if (opts.kubeFinalizers ?? true) errs.push(...validateKubeFinalizerNames(newMeta.finalizers, `${path}.finalizers`));
  return errs;
}

// ---------------------------------------------------------------------------
// Name generation (names.SimpleNameGenerator)
// ---------------------------------------------------------------------------

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_NAME_LENGTH = 63;
const RANDOM_LENGTH = 5;
export const MAX_GENERATED_NAME_LENGTH = MAX_NAME_LENGTH - RANDOM_LENGTH;

/** generateName → name: the base cut to 58 bytes plus 5 random characters of upstream's alphabet. */
export function generateName(base: string): string {
  let b = base;
  if (byteLength(b) > MAX_GENERATED_NAME_LENGTH) b = Buffer.from(b, 'utf8').subarray(0, MAX_GENERATED_NAME_LENGTH).toString('utf8');
  let suffix = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) suffix += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return b + suffix;
}

/**
 * The check of apiserver registry/generic/registry/store.go NamespaceKeyFunc and
 * NoNamespaceKeyFunc before a name becomes a storage key (get, update, patch, delete):
 * 400 `Name parameter invalid: %q: <msgs joined by ";">`.
 */
export function checkNameParameter(name: string): void {
  if (name.length === 0) throw badRequest('Name parameter required.');
  const msgs = isValidPathSegmentName(name);
  if (msgs.length) throw badRequest(`Name parameter invalid: ${goQuote(name)}: ${msgs.join(';')}`);
}
