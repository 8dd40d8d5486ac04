// CustomResourceDefinition validation with the v1 rules of apiextensions-apiserver
// (pkg/apis/apiextensions/validation): names, versions, scope, conversion, structural
// schemas, the x-kubernetes-* markers, defaults, subresources, printer columns, selectable
// fields and x-kubernetes-validations (compiled with their cost limits).

import { fieldErr, type FieldError } from '../apimachinery/errors.js';
import { isDNS1035Label, isDNS1123Subdomain, isDNS1123Label } from '../apimachinery/validation.js';
import { deepEqual } from '../registry/meta.js';
import { compileSchemaRules, evaluateRules, parseFieldPath } from './cel-rules.js';
import { FieldPath } from './fieldpath.js';
import { subresourcesFor, toInternal, type InternalSpec } from './internal.js';
import { pruneCustomResource } from './prune.js';
import { findSchemaViolations, toFieldError } from './schema-validate.js';
import { validateStructural } from './structural.js';
import { additionalPropertiesOf, asCrd, isConditionTrue, isObj, itemsOf, type ColumnDefinition, type Crd, type CrdNames, type JSONSchemaProps, type Subresources } from './types.js';
import type { Obj } from '../types/kind.js';

const PRINTER_COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];
const OPENAPI_V3_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const SUPPORTED_REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const MAX_SELECTABLE_FIELDS = 8;
const META_FIELDS = new Set(['metadata', 'kind', 'apiVersion']);
const ROOT_FIELDS_WITH_STATUS = [
  'Description', 'Type', 'Format', 'Title', 'Maximum', 'ExclusiveMaximum', 'Minimum', 'ExclusiveMinimum', 'MaxLength', 'MinLength', 'Pattern', 'MaxItems', 'MinItems',
  'UniqueItems', 'MultipleOf', 'Required', 'Items', 'Properties', 'ExternalDocs', 'Example', 'XPreserveUnknownFields', 'XValidations',
];
/** JSON names of the root schema fields allowed with a status subresource. */
const ROOT_JSON_FIELDS_WITH_STATUS = new Set([
  'description', 'type', 'format', 'title', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems',
  'uniqueItems', 'multipleOf', 'required', 'items', 'properties', 'externalDocs', 'example', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-validations',
]);

interface Options {
  requireImmutableNames: boolean;
  suppressCostFor: Set<string>;
  /** Whether the old object allowed defaults etc. (ratcheting of rules tightened since). */
  requireStructural: boolean;
}

/** ValidateCustomResourceDefinition (create). The registry validates the rest of ObjectMeta. */
export function validateCrd(obj: Obj): FieldError[] {
  const crd = asCrd(obj);
  const errs: FieldError[] = [];
  const required = `${crd.spec.names?.plural ?? ''}.${crd.spec.group ?? ''}`;
  const name = String(crd.metadata.name ?? '');
  if (name !== required) errs.push(fieldErr.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  errs.push(...validateSpec(crd, { requireImmutableNames: false, suppressCostFor: new Set(), requireStructural: true }));
  errs.push(...validateStatus(crd));
  errs.push(...validateStoredVersions(crd));
  errs.push(...validateApiApproval(crd, undefined));
  errs.push(...validatePreserveUnknownFields(crd, undefined));
  return errs;
}

/** ValidateCustomResourceDefinitionUpdate. */
export function validateCrdUpdate(obj: Obj, oldObj: Obj): FieldError[] {
  const crd = asCrd(obj);
  const old = asCrd(oldObj);
  const errs: FieldError[] = [];
  // A status-only write (or a metadata-only one) leaves the spec as it was validated before.
  if (!deepEqual(crd.spec, old.spec)) {
    const unchanged = new Set<string>();
    for (const v of crd.spec.versions ?? []) {
      const o = old.spec.versions?.find((x) => x?.name === v?.name);
      if (o && deepEqual(v?.schema, o.schema)) unchanged.add(v.name);
    }
    const opts: Options = { requireImmutableNames: isConditionTrue(old, 'Established'), suppressCostFor: unchanged, requireStructural: true };
    errs.push(...validateSpec(crd, opts));
    const spec = crd.spec;
    const oldSpec = old.spec;
    if (opts.requireImmutableNames) {
      if (spec.scope !== oldSpec.scope) errs.push(fieldErr.invalid('spec.scope', spec.scope ?? '', 'field is immutable'));
      if (spec.names?.kind !== oldSpec.names?.kind) errs.push(fieldErr.invalid('spec.names.kind', spec.names?.kind ?? '', 'field is immutable'));
    }
    if (spec.group !== oldSpec.group) errs.push(fieldErr.invalid('spec.group', spec.group ?? '', 'field is immutable'));
    if (spec.names?.plural !== oldSpec.names?.plural) errs.push(fieldErr.invalid('spec.names.plural', spec.names?.plural ?? '', 'field is immutable'));
  }
  errs.push(...validateStatus(crd));
  errs.push(...validateStoredVersions(crd));
  errs.push(...validateApiApproval(crd, old));
  errs.push(...validatePreserveUnknownFields(crd, old));
  return errs;
}

function validateStoredVersions(crd: Crd): FieldError[] {
  const stored = crd.status?.storedVersions ?? [];
  const path = 'status.storedVersions';
  if (stored.length === 0) return [fieldErr.invalid(path, stored, 'must have at least one stored version')];
  const errs: FieldError[] = [];
  const remaining = new Map<string, number>();
  stored.forEach((v, i) => remaining.set(v, i));
  for (const v of crd.spec.versions ?? []) {
    const has = remaining.has(v.name);
    if (v.storage === true && !has) errs.push(fieldErr.invalid(path, stored, `must have the storage version ${v.name}`));
    if (has) remaining.delete(v.name);
  }
  for (const [v, i] of remaining) {
    errs.push(fieldErr.invalid(`${path}[${i}]`, v, `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`));
  }
  return errs;
}

function validateStatus(crd: Crd): FieldError[] {
  return validateNames(crd.status?.acceptedNames ?? {}, FieldPath.root('status').child('acceptedNames'));
}

function join(errs: string[]): string {
  return errs.join(',');
}

function validateNames(names: CrdNames, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const check = (field: string, value: string | undefined, mixedCase = false) => {
    if (!value) return;
    const e = isDNS1035Label(mixedCase ? value.toLowerCase() : value);
    if (e.length) errs.push(fieldErr.invalid(p.child(field).toString(), value, mixedCase ? `may have mixed case, but should otherwise match: ${join(e)}` : join(e)));
  };
  check('plural', names.plural);
  check('singular', names.singular);
  check('kind', names.kind, true);
  check('listKind', names.listKind, true);
  (names.shortNames ?? []).forEach((s, i) => {
    const e = isDNS1035Label(s);
    if (e.length) errs.push(fieldErr.invalid(p.child('shortNames').index(i).toString(), s, join(e)));
  });
  if (names.kind && names.kind === names.listKind) errs.push(fieldErr.invalid(p.child('listKind').toString(), names.listKind, 'kind and listKind may not be the same'));
  (names.categories ?? []).forEach((c, i) => {
    const e = isDNS1035Label(c);
    if (e.length) errs.push(fieldErr.invalid(p.child('categories').index(i).toString(), c, join(e)));
  });
  return errs;
}

function schemaHas(s: JSONSchemaProps | undefined, pred: (s: JSONSchemaProps) => boolean): boolean {
  if (!isObj(s)) return false;
  if (pred(s)) return true;
  const kids: (JSONSchemaProps | undefined)[] = [
    itemsOf(s),
    ...(Array.isArray(s.items) ? s.items : []),
    ...(s.allOf ?? []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    s.not,
    ...Object.values(s.properties ?? {}),
    additionalPropertiesOf(s),
    ...Object.values(s.patternProperties ?? {}),
    isObj(s.additionalItems) ? (s.additionalItems as JSONSchemaProps) : undefined,
    ...Object.values(s.definitions ?? {}),
    ...Object.values(s.dependencies ?? {}).map((d) => (isObj(d) ? (d as JSONSchemaProps) : undefined)),
  ];
  return kids.some((k) => schemaHas(k, pred));
}

function specSchemas(spec: InternalSpec): JSONSchemaProps[] {
  const out: JSONSchemaProps[] = [];
  if (spec.validation?.openAPIV3Schema) out.push(spec.validation.openAPIV3Schema);
  for (const v of spec.versions) if (v.schema?.openAPIV3Schema) out.push(v.schema.openAPIV3Schema);
  return out;
}

function validateSpec(crd: Crd, opts: Options): FieldError[] {
  const spec = crd.spec;
  const p = FieldPath.root('spec');
  const internal = toInternal(crd);
  const errs: FieldError[] = [];

  const group = spec.group ?? '';
  if (!group) errs.push(fieldErr.required('spec.group'));
  else {
    const e = isDNS1123Subdomain(group);
    if (e.length) errs.push(fieldErr.invalid('spec.group', group, join(e)));
    else if (group.split('.').length < 2) errs.push(fieldErr.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  const scope = spec.scope ?? '';
  if (!scope) errs.push(fieldErr.required('spec.scope'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced') errs.push(fieldErr.notSupported('spec.scope', scope, ['Cluster', 'Namespaced']));

  const preserve = spec.preserveUnknownFields === true;
  const schemas = specSchemas(internal);
  if (!internal.validation?.openAPIV3Schema) {
    internal.versions.forEach((v, i) => {
      if (!v.schema?.openAPIV3Schema) errs.push(fieldErr.required(p.child('versions').index(i).child('schema').child('openAPIV3Schema').toString(), 'schemas are required'));
    });
  }
  if (schemas.some((s) => schemaHas(s, (x) => x.default !== undefined)) && preserve) {
    errs.push(fieldErr.invalid('spec.preserveUnknownFields', true, 'must be false in order to use defaults in the schema'));
  }

  let storageCount = 0;
  const seen = new Set<string>();
  let unique = true;
  internal.versions.forEach((v, i) => {
    if (v.storage) storageCount++;
    if (seen.has(v.name)) unique = false;
    seen.add(v.name);
    const vp = p.child('versions').index(i);
    const e = isDNS1035Label(v.name);
    if (e.length) errs.push(fieldErr.invalid(vp.child('name').toString(), v.name, join(e)));
    errs.push(...validateVersion(internal, i, vp, opts));
  });
  const versionsValue = spec.versions ?? [];
  if (!unique) errs.push(fieldErr.invalid('spec.versions', versionsValue, 'must contain unique version names'));
  if (storageCount !== 1) errs.push(fieldErr.invalid('spec.versions', versionsValue, 'must have exactly one version marked as storage version'));

  const names = spec.names ?? {};
  if (!names.plural) errs.push(fieldErr.required('spec.names.plural'));
  if (!names.singular) errs.push(fieldErr.required('spec.names.singular'));
  if (!names.kind) errs.push(fieldErr.required('spec.names.kind'));
  if (!names.listKind) errs.push(fieldErr.required('spec.names.listKind'));
  errs.push(...validateNames(names, p.child('names')));
  errs.push(...validateValidation(internal.validation, anyStatusEnabled(internal), p.child('validation'), opts.suppressCostFor.has(internal.version) && internal.versions.every((v) => opts.suppressCostFor.has(v.name))));
  errs.push(...validateSubresources(internal.subresources, p.child('subresources')));
  (internal.additionalPrinterColumns ?? []).forEach((c, i) => errs.push(...validateColumn(c, p.child('additionalPrinterColumns').index(i))));

  const conversion = spec.conversion;
  if (conversion && conversion.strategy !== 'None' && preserve) {
    errs.push(fieldErr.invalid('spec.conversion.strategy', conversion.strategy ?? '', 'must be None if spec.preserveUnknownFields is true'));
  }
  errs.push(...validateConversion(conversion, p.child('conversion')));
  return errs;
}

function anyStatusEnabled(spec: InternalSpec): boolean {
  return !!spec.subresources?.status || spec.versions.some((v) => !!v.subresources?.status);
}

function validateVersion(spec: InternalSpec, i: number, vp: FieldPath, opts: Options): FieldError[] {
  const v = spec.versions[i]!;
  const errs: FieldError[] = [];
  for (const e of deprecationWarningErrors(v.deprecated, v.deprecationWarning)) errs.push(fieldErr.invalid(vp.child('deprecationWarning').toString(), v.deprecationWarning ?? '', e));
  const status = !!subresourcesFor(spec, v.name)?.status;
  errs.push(...validateValidation(v.schema, status, vp.child('schema'), opts.suppressCostFor.has(v.name)));
  errs.push(...validateSubresources(v.subresources, vp.child('subresources')));
  (v.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, vp.child('additionalPrinterColumns').index(j))));
  const fields = v.selectableFields ?? [];
  if (fields.length > 0) {
    const schema = v.schema?.openAPIV3Schema ?? spec.validation?.openAPIV3Schema;
    if (!schema) errs.push(fieldErr.invalid(vp.child('selectableFields').toString(), '', 'selectableFields may only be set when version.schema.openAPIV3Schema is not included'));
    else errs.push(...validateSelectableFields(fields, schema, vp.child('selectableFields')));
  }
  return errs;
}

function deprecationWarningErrors(deprecated: boolean, warning: string | undefined): string[] {
  if (!deprecated && warning !== undefined) return ['can only be set for deprecated versions'];
  if (warning === undefined) return [];
  const out: string[] = [];
  if (Buffer.byteLength(warning) > 256) out.push('must be <= 256 characters long');
  if (warning.length === 0) out.push('must not be an empty string');
  let i = 0;
  for (const ch of warning) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
      out.push(`must only contain printable UTF-8 characters; non-printable character found at index ${i}`);
      break;
    }
    i += Buffer.byteLength(ch);
  }
  return out;
}

export function validateSelectableFields(fields: { jsonPath?: string }[], schema: JSONSchemaProps, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const jp = p.index(i).child('jsonPath').toString();
    const path = f?.jsonPath ?? '';
    if (!path) {
      errs.push(fieldErr.required(jp));
      return;
    }
    const parsed = parseFieldPath(path, schema, false);
    if (!parsed) {
      errs.push(fieldErr.invalid(jp, path, 'is an invalid path: does not refer to a valid field'));
      return;
    }
    const first = parsed.steps[0];
    if (first && 'child' in first && first.child === 'metadata') errs.push(fieldErr.invalid(jp, path, 'must not point to fields in metadata'));
    const t = parsed.schema?.type;
    if (!(t === 'string' || t === 'boolean' || t === 'integer')) {
      errs.push(fieldErr.invalid(jp, path, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    const key = parsed.steps.map((s) => ('child' in s ? `.${s.child}` : 'key' in s ? `[${s.key}]` : `[${s.index}]`)).join('');
    if (seen.has(key)) errs.push(fieldErr.duplicate(jp, path));
    else seen.add(key);
  });
  if (seen.size > MAX_SELECTABLE_FIELDS) errs.push(fieldErr.tooMany(p.toString(), seen.size, MAX_SELECTABLE_FIELDS));
  return errs;
}

function validateSimpleJsonPath(s: string, p: string): FieldError[] {
  if (s.length === 0) return [fieldErr.invalid(p, s, 'must not be empty')];
  if (s[0] !== '.') return [fieldErr.invalid(p, s, 'must be a simple json path starting with .')];
  return [];
}

function validateColumn(c: ColumnDefinition, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!c?.name) errs.push(fieldErr.required(p.child('name').toString()));
  if (!c?.type) errs.push(fieldErr.required(p.child('type').toString(), `must be one of ${PRINTER_COLUMN_TYPES.join(',')}`));
  else if (!PRINTER_COLUMN_TYPES.includes(c.type)) errs.push(fieldErr.invalid(p.child('type').toString(), c.type, `must be one of ${PRINTER_COLUMN_TYPES.join(',')}`));
  if (c?.format && !COLUMN_FORMATS.includes(c.format)) errs.push(fieldErr.invalid(p.child('format').toString(), c.format, `must be one of ${COLUMN_FORMATS.join(',')}`));
  if (!c?.jsonPath) errs.push(fieldErr.required(p.child('JSONPath').toString()));
  else errs.push(...validateSimpleJsonPath(c.jsonPath, p.child('JSONPath').toString()));
  return errs;
}

function validateSubresources(sub: Subresources | undefined, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const scale = sub?.scale;
  if (!isObj(scale)) return errs;
  const check = (value: string | undefined, name: string, prefixes: string[], detail: string, required: boolean) => {
    const fp = p.child(`scale.${name}`).toString();
    if (!value) {
      if (required) errs.push(fieldErr.required(fp));
      return;
    }
    const e = validateSimpleJsonPath(value, fp);
    if (e.length) errs.push(...e);
    else if (!prefixes.some((x) => value.startsWith(x))) errs.push(fieldErr.invalid(fp, value, detail));
  };
  check(scale.specReplicasPath, 'specReplicasPath', ['.spec.'], 'should be a json path under .spec', true);
  check(scale.statusReplicasPath, 'statusReplicasPath', ['.status.'], 'should be a json path under .status', true);
  check(scale.labelSelectorPath, 'labelSelectorPath', ['.spec.', '.status.'], 'should be a json path under either .spec or .status', false);
  return errs;
}

function validateConversion(conv: Crd['spec']['conversion'], p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObj(conv)) return errs;
  const strategy = conv.strategy ?? '';
  if (!strategy) errs.push(fieldErr.required(p.child('strategy').toString()));
  else if (strategy !== 'None' && strategy !== 'Webhook') errs.push(fieldErr.notSupported(p.child('strategy').toString(), strategy, ['None', 'Webhook']));
  const webhook = isObj(conv.webhook) ? conv.webhook : undefined;
  const cc = webhook && isObj(webhook.clientConfig) ? (webhook.clientConfig as Obj) : undefined;
  const reviewVersions: unknown[] = webhook && Array.isArray(webhook.conversionReviewVersions) ? webhook.conversionReviewVersions : [];
  if (strategy === 'Webhook') {
    if (!cc) errs.push(fieldErr.required(p.child('webhookClientConfig').toString(), 'required when strategy is set to Webhook'));
    else {
      const hasUrl = typeof cc.url === 'string';
      const hasService = isObj(cc.service);
      if (hasUrl === hasService) errs.push(fieldErr.required(p.child('webhookClientConfig').toString(), 'exactly one of url or service is required'));
      else if (hasUrl) errs.push(...validateWebhookUrl(p.child('webhookClientConfig').child('url').toString(), cc.url as string));
      else errs.push(...validateWebhookService(p.child('webhookClientConfig').child('service'), cc.service as Obj));
    }
    const rp = p.child('conversionReviewVersions');
    if (reviewVersions.length < 1) errs.push(fieldErr.required(rp.toString()));
    else {
      const seen = new Set<string>();
      let accepted = false;
      reviewVersions.forEach((v, i) => {
        const s = String(v);
        if (seen.has(s)) {
          errs.push(fieldErr.invalid(rp.index(i).toString(), s, 'duplicate version'));
          return;
        }
        seen.add(s);
        for (const e of isDNS1035Label(s)) errs.push(fieldErr.invalid(rp.index(i).toString(), s, e));
        if (s === 'v1' || s === 'v1beta1') accepted = true;
      });
      if (!accepted) errs.push(fieldErr.invalid(rp.toString(), reviewVersions, 'must include at least one of v1, v1beta1'));
    }
  } else {
    if (cc) errs.push(fieldErr.forbidden(p.child('webhookClientConfig').toString(), 'should not be set when strategy is not set to Webhook'));
    if (reviewVersions.length > 0) errs.push(fieldErr.forbidden(p.child('conversionReviewVersions').toString(), 'should not be set when strategy is not set to Webhook'));
  }
  return errs;
}

function validateWebhookUrl(p: string, raw: string): FieldError[] {
  let u: URL;
  try {
    u = new URL(raw);
  } catch (e) {
    return [fieldErr.invalid(p, raw, `url must be a valid URL: ${(e as Error).message}`)];
  }
  const errs: FieldError[] = [];
  if (u.protocol !== 'https:') errs.push(fieldErr.invalid(p, raw, "'https' is the only allowed URL scheme"));
  if (!u.hostname) errs.push(fieldErr.invalid(p, raw, 'host must be specified'));
  if (u.username || u.password) errs.push(fieldErr.invalid(p, raw, 'user information is not permitted in the URL'));
  if (u.hash) errs.push(fieldErr.invalid(p, raw, 'fragments are not permitted in the URL'));
  if (u.search) errs.push(fieldErr.invalid(p, raw, 'query parameters are not permitted in the URL'));
  return errs;
}

function validateWebhookService(p: FieldPath, svc: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (!svc.name) errs.push(fieldErr.required(p.child('name').toString(), 'service name is required'));
  else for (const e of isDNS1123Label(String(svc.name))) errs.push(fieldErr.invalid(p.child('name').toString(), svc.name, e));
  if (!svc.namespace) errs.push(fieldErr.required(p.child('namespace').toString(), 'service namespace is required'));
  else for (const e of isDNS1123Label(String(svc.namespace))) errs.push(fieldErr.invalid(p.child('namespace').toString(), svc.namespace, e));
  if (svc.path !== undefined) {
    const path = String(svc.path);
    if (!path.startsWith('/')) errs.push(fieldErr.invalid(p.child('path').toString(), path, "must start with a '/'"));
  }
  if (svc.port !== undefined && (typeof svc.port !== 'number' || svc.port < 1 || svc.port > 65535)) {
    errs.push(fieldErr.invalid(p.child('port').toString(), svc.port, 'port is not valid: must be between 1 and 65535, inclusive'));
  }
  return errs;
}

// ---- the schema ----

interface SchemaCtx {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  insideResourceMeta: boolean;
  uncorrelatable?: FieldPath;
}

function validateValidation(v: { openAPIV3Schema?: JSONSchemaProps } | undefined, statusEnabled: boolean, p: FieldPath, suppressCost: boolean): FieldError[] {
  const schema = v?.openAPIV3Schema;
  if (!isObj(schema)) return [];
  const errs: FieldError[] = [];
  const sp = p.child('openAPIV3Schema');
  if (statusEnabled) {
    for (const [k, val] of Object.entries(schema)) {
      if (val === undefined || val === null || val === false || val === '' || (Array.isArray(val) && val.length === 0)) continue;
      if (k === 'type') {
        if (val !== 'object') {
          errs.push(fieldErr.invalid(p.child('openAPIV3Schema.type').toString(), val, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'));
          break;
        }
        continue;
      }
      if (!ROOT_JSON_FIELDS_WITH_STATUS.has(k)) {
        errs.push(fieldErr.invalid(sp.toString(), schema, `only [${ROOT_FIELDS_WITH_STATUS.join(' ')}] fields are allowed at the root of the schema if the status subresource is enabled`));
        break;
      }
    }
  }
  if (schema.nullable) errs.push(fieldErr.forbidden(p.child('openAPIV3Schema.nullable').toString(), 'nullable cannot be true at the root'));

  const structural = validateStructural(sp, schema);
  let celOk = false;
  if (structural.length > 0) errs.push(...structural);
  else {
    const defaults = validateDefaults(schema, sp);
    if (defaults.length > 0) errs.push(...defaults);
    else celOk = true;
  }
  const schemaErrs = validateOpenApiSchema(schema, sp, { allowDefaults: true, disallowDefaultsReason: '', insideResourceMeta: false }, true);
  errs.push(...schemaErrs);
  if (celOk && schemaErrs.length === 0 && errs.length === 0) {
    errs.push(...compileSchemaRules(schema, sp, { suppressPerExpressionCost: suppressCost }).errors);
  }
  return errs;
}

function validateOpenApiSchema(s: JSONSchemaProps | undefined, p: FieldPath, ctx: SchemaCtx, isRoot: boolean): FieldError[] {
  if (!isObj(s)) return [];
  const errs: FieldError[] = [];
  // specStandardValidatorV3.validate
  if (s.type && !OPENAPI_V3_TYPES.includes(s.type)) errs.push(fieldErr.notSupported(p.child('type').toString(), s.type, OPENAPI_V3_TYPES));
  if (s.default !== undefined && !ctx.allowDefaults) {
    errs.push(fieldErr.forbidden(p.child('default').toString(), `must not be set${ctx.disallowDefaultsReason ? ` ${ctx.disallowDefaultsReason}` : ''}`));
  }
  if (s.id) errs.push(fieldErr.forbidden(p.child('id').toString(), 'id is not supported'));
  if (s.additionalItems !== undefined) errs.push(fieldErr.forbidden(p.child('additionalItems').toString(), 'additionalItems is not supported'));
  if (s.patternProperties && Object.keys(s.patternProperties).length) errs.push(fieldErr.forbidden(p.child('patternProperties').toString(), 'patternProperties is not supported'));
  if (s.definitions && Object.keys(s.definitions).length) errs.push(fieldErr.forbidden(p.child('definitions').toString(), 'definitions is not supported'));
  if (s.dependencies !== undefined) errs.push(fieldErr.forbidden(p.child('dependencies').toString(), 'dependencies is not supported'));
  if (s.$ref !== undefined) errs.push(fieldErr.forbidden(p.child('$ref').toString(), '$ref is not supported'));
  if (s.type === 'null') errs.push(fieldErr.forbidden(p.child('type').toString(), 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(s.items) && s.items.length) errs.push(fieldErr.forbidden(p.child('items').toString(), 'items must be a schema object and not an array'));
  if (ctx.insideResourceMeta && s['x-kubernetes-embedded-resource']) errs.push(fieldErr.forbidden(p.child('x-kubernetes-embedded-resource').toString(), 'must not be used inside of resource meta'));

  if (s.uniqueItems === true) errs.push(fieldErr.forbidden(p.child('uniqueItems').toString(), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  const props = s.properties ?? {};
  if (s.additionalProperties !== undefined) {
    if (Object.keys(props).length > 0 && (s.additionalProperties === false || isObj(s.additionalProperties))) {
      errs.push(fieldErr.forbidden(p.child('additionalProperties').toString(), 'additionalProperties and properties are mutual exclusive'));
    }
    const sub = ctx.insideResourceMeta ? { ...ctx, allowDefaults: false, disallowDefaultsReason: 'inside additionalProperties applying to object metadata' } : ctx;
    errs.push(...validateOpenApiSchema(additionalPropertiesOf(s), p.child('additionalProperties'), sub, false));
  }
  for (const [k, ps] of Object.entries(props)) {
    let sub: SchemaCtx = ctx;
    const mapType = s['x-kubernetes-map-type'];
    if (mapType !== undefined && mapType !== 'granular' && !sub.uncorrelatable) sub = { ...sub, uncorrelatable: p };
    if ((isRoot || s['x-kubernetes-embedded-resource']) && META_FIELDS.has(k)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = { ...sub, allowDefaults: false, disallowDefaultsReason: `in top-level ${k}` };
    }
    errs.push(...validateOpenApiSchema(ps, p.child('properties').key(k), sub, false));
  }
  errs.push(...validateOpenApiSchema(s.not, p.child('not'), ctx, false));
  (s.allOf ?? []).forEach((x, i) => errs.push(...validateOpenApiSchema(x, p.child('allOf').index(i), ctx, false)));
  (s.oneOf ?? []).forEach((x, i) => errs.push(...validateOpenApiSchema(x, p.child('oneOf').index(i), ctx, false)));
  (s.anyOf ?? []).forEach((x, i) => errs.push(...validateOpenApiSchema(x, p.child('anyOf').index(i), ctx, false)));
  for (const [k, x] of Object.entries(s.definitions ?? {})) errs.push(...validateOpenApiSchema(x, p.child('definitions').key(k), ctx, false));
  const items = itemsOf(s);
  if (s.items !== undefined) {
    let sub = ctx;
    if (s['x-kubernetes-list-type'] !== 'map' && !sub.uncorrelatable) sub = { ...sub, uncorrelatable: p };
    if (items) errs.push(...validateOpenApiSchema(items, p.child('items'), sub, false));
    if (Array.isArray(s.items)) s.items.forEach((x, i) => errs.push(...validateOpenApiSchema(x, p.child('items').index(i), sub, false)));
  }
  for (const [k, d] of Object.entries(s.dependencies ?? {})) if (isObj(d)) errs.push(...validateOpenApiSchema(d as JSONSchemaProps, p.child('dependencies').key(k), ctx, false));

  if (s['x-kubernetes-preserve-unknown-fields'] === false) {
    errs.push(fieldErr.invalid(p.child('x-kubernetes-preserve-unknown-fields').toString(), false, 'must be true or undefined'));
  }
  const mapType = s['x-kubernetes-map-type'];
  if (mapType !== undefined && s.type !== 'object') {
    if (!s.type) errs.push(fieldErr.required(p.child('type').toString(), 'must be object if x-kubernetes-map-type is specified'));
    else errs.push(fieldErr.invalid(p.child('type').toString(), s.type, 'must be object if x-kubernetes-map-type is specified'));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') {
    errs.push(fieldErr.notSupported(p.child('x-kubernetes-map-type').toString(), mapType, ['atomic', 'granular']));
  }
  const listType = s['x-kubernetes-list-type'];
  if (listType !== undefined && s.type !== 'array') {
    if (!s.type) errs.push(fieldErr.required(p.child('type').toString(), 'must be array if x-kubernetes-list-type is specified'));
    else errs.push(fieldErr.invalid(p.child('type').toString(), s.type, 'must be array if x-kubernetes-list-type is specified'));
  } else if (listType === 'set' && items) {
    if (items.type === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic') {
      errs.push(fieldErr.invalid(p.child('items').child('x-kubernetes-list-type').toString(), items['x-kubernetes-list-type'], 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
      errs.push(fieldErr.invalid(p.child('items').child('x-kubernetes-map-type').toString(), listType, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
  }
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    errs.push(fieldErr.notSupported(p.child('x-kubernetes-list-type').toString(), listType, ['atomic', 'set', 'map']));
  }
  const keys = s['x-kubernetes-list-map-keys'] ?? [];
  if (keys.length > 0) {
    if (listType === undefined) errs.push(fieldErr.required(p.child('x-kubernetes-list-type').toString(), 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else if (listType !== 'map') errs.push(fieldErr.invalid(p.child('x-kubernetes-list-type').toString(), listType, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'map') {
    if (keys.length === 0) errs.push(fieldErr.required(p.child('x-kubernetes-list-map-keys').toString(), 'must not be empty if x-kubernetes-list-type is map'));
    if (s.items === undefined) errs.push(fieldErr.required(p.child('items').toString(), 'must have a schema if x-kubernetes-list-type is map'));
    if (Array.isArray(s.items)) errs.push(fieldErr.invalid(p.child('items').toString(), s.items, 'must only have a single schema if x-kubernetes-list-type is map'));
    if (items && items.type !== 'object') errs.push(fieldErr.invalid(p.child('items').child('type').toString(), items.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    if (items && items.type === 'object') {
      const seenKeys = new Set<string>();
      for (const k of keys) {
        const ks = items.properties?.[k];
        if (ks) {
          if (ks.type === 'array' || ks.type === 'object') {
            errs.push(fieldErr.invalid(p.child('items').child('properties').key(k).child('type').toString(), items.type, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
          }
        } else errs.push(fieldErr.invalid(p.child('x-kubernetes-list-map-keys').toString(), keys, 'entries must all be names of item properties'));
        if (seenKeys.has(k)) errs.push(fieldErr.invalid(p.child('x-kubernetes-list-map-keys').toString(), keys, 'must not contain duplicate entries'));
        seenKeys.add(k);
      }
    }
  }
  errs.push(...validateMapListKeysMapSet(s, p));

  const rules = s['x-kubernetes-validations'] ?? [];
  rules.forEach((rule, i) => {
    const rp = p.child('x-kubernetes-validations').index(i);
    const r = (rule?.rule ?? '').trim();
    const msg = rule?.message ?? '';
    if (!r) errs.push(fieldErr.required(rp.child('rule').toString(), 'rule is not specified'));
    else if (msg.length > 0 && msg.trim().length === 0) errs.push(fieldErr.invalid(rp.child('message').toString(), msg, 'message must be non-empty if specified'));
    else if (/[\n\r]/.test(msg.trim())) errs.push(fieldErr.invalid(rp.child('message').toString(), msg, 'message must not contain line breaks'));
    else if (/[\n\r]/.test(r) && msg.trim().length === 0) errs.push(fieldErr.required(rp.child('message').toString(), 'message must be specified if rule contains line breaks'));
    const me = rule?.messageExpression ?? '';
    if (me.length > 0 && me.trim().length === 0) errs.push(fieldErr.required(rp.child('messageExpression').toString(), 'messageExpression must be non-empty if specified'));
    if (rule?.reason !== undefined && !SUPPORTED_REASONS.includes(rule.reason)) errs.push(fieldErr.notSupported(rp.child('reason').toString(), rule.reason, SUPPORTED_REASONS));
    const fp = rule?.fieldPath ?? '';
    if (fp.length > 0 && fp.trim().length === 0) errs.push(fieldErr.invalid(rp.child('fieldPath').toString(), fp, 'fieldPath must be non-empty if specified'));
    if (/[\n\r]/.test(fp)) errs.push(fieldErr.invalid(rp.child('fieldPath').toString(), fp, 'fieldPath must not contain line breaks'));
    if (fp.length > 0 && !parseFieldPath(fp, s)) errs.push(fieldErr.invalid(rp.child('fieldPath').toString(), fp, 'fieldPath must be a valid path'));
    if (ctx.uncorrelatable && r && /(^|[^A-Za-z0-9_.])oldSelf\b/.test(r)) {
      errs.push(fieldErr.invalid(rp.child('rule').toString(), r, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${ctx.uncorrelatable.toString()}`));
    }
  });
  return errs;
}

function validateMapListKeysMapSet(s: JSONSchemaProps, p: FieldPath): FieldError[] {
  const items = itemsOf(s);
  const lt = s['x-kubernetes-list-type'];
  if (!items || (lt !== 'set' && lt !== 'map')) return [];
  const errs: FieldError[] = [];
  if (items.nullable) errs.push(fieldErr.forbidden(p.child('items').child('nullable').toString(), `cannot be nullable when x-kubernetes-list-type is ${lt}`));
  if (lt === 'map') {
    const required = new Set(items.required ?? []);
    for (const k of s['x-kubernetes-list-map-keys'] ?? []) {
      const ks = items.properties?.[k];
      if (!ks) continue;
      if (!required.has(k) && ks.default === undefined) {
        errs.push(fieldErr.required(p.child('items').child('properties').key(k).child('default').toString(), 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
      }
      if (ks.nullable) errs.push(fieldErr.forbidden(p.child('items').child('properties').key(k).child('nullable').toString(), 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
    }
  }
  return errs;
}

/** structuraldefaulting.ValidateDefaults: every default must validate (schema and rules) and be pruned. */
function validateDefaults(root: JSONSchemaProps, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const visit = (s: JSONSchemaProps, sp: FieldPath, isRoot: boolean): void => {
    if (!isObj(s)) return;
    if (s.default !== undefined && !isRoot) {
      const dp = sp.child('default');
      const value = structuredClone(s.default);
      const findings = findSchemaViolations(value, s);
      if (findings.length > 0) errs.push(...findings.map((f) => toFieldError(f, dp.toString())));
      else {
        const wrapped = { v: structuredClone(s.default) };
        const unknown = pruneCustomResource(wrapped, { type: 'object', properties: { v: s } });
        if (unknown.some((u) => !u.startsWith('metadata'))) errs.push(fieldErr.invalid(dp.toString(), s.default, 'must not have unknown fields'));
        else if (schemaHas(s, (x) => (x['x-kubernetes-validations'] ?? []).length > 0)) {
          const compiled = compileSchemaRules(s, sp);
          if (compiled.errors.length === 0) {
            const ruleErrs = evaluateRules(compiled.root, structuredClone(s.default));
            for (const e of ruleErrs) errs.push({ ...e, field: e.field === '<nil>' ? dp.toString() : `${dp.toString()}.${e.field}` });
          }
        }
      }
    }
    for (const [k, ps] of Object.entries(s.properties ?? {})) visit(ps, sp.child('properties').key(k), false);
    const items = itemsOf(s);
    if (items) visit(items, sp.child('items'), false);
    const ap = additionalPropertiesOf(s);
    if (ap) visit(ap, sp.child('additionalProperties'), false);
  };
  visit(root, p, true);
  return errs;
}

// ---- protected groups and the deprecated preserveUnknownFields ----

function isProtectedGroup(group: string): boolean {
  return group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
}

const APPROVAL = 'api-approved.kubernetes.io';

type Approval = 'missing' | 'bypassed' | 'invalid' | 'approved';

function approvalState(annotations: Obj | undefined): { state: Approval; reason: string } {
  const a = typeof annotations?.[APPROVAL] === 'string' ? (annotations[APPROVAL] as string) : '';
  if (!a) return { state: 'missing', reason: `protected groups must have approval annotation "${APPROVAL}", see https://github.com/kubernetes/enhancements/pull/1111` };
  if (a.startsWith('unapproved')) return { state: 'bypassed', reason: `not approved: "${a}"` };
  if (!/^(\/|[A-Za-z][A-Za-z0-9+.-]*:)/.test(a)) {
    return { state: 'invalid', reason: `protected groups must have approval annotation "${APPROVAL}" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111` };
  }
  return { state: 'approved', reason: `approved in ${a}` };
}

function validateApiApproval(crd: Crd, old: Crd | undefined): FieldError[] {
  if (!isProtectedGroup(crd.spec.group ?? '')) return [];
  const now = approvalState(crd.metadata.annotations);
  if (old && approvalState(old.metadata.annotations).state === now.state) return [];
  const field = `metadata.annotations[${APPROVAL}]`;
  if (now.state === 'missing') return [fieldErr.required(field, now.reason)];
  if (now.state === 'invalid') return [fieldErr.invalid(field, crd.metadata.annotations?.[APPROVAL], now.reason)];
  return [];
}

function validatePreserveUnknownFields(crd: Crd, old: Crd | undefined): FieldError[] {
  if (old?.spec.preserveUnknownFields === true) return [];
  if (crd.spec.preserveUnknownFields === true) {
    return [fieldErr.invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead')];
  }
  return [];
}

