// A custom resource as the catalog serves it: one KindDef per served version (each with its
// version's schema, subresources, printer columns and selectable fields) plus the declaration
// that owns the stored objects, all derived from an established CustomResourceDefinition.

import type { ReplicasPaths } from '../apply/scale-handler.js';
import { fieldErr, type FieldError } from '../apimachinery/errors.js';
import { isDNS1035Label } from '../apimachinery/validation.js';
import { deepEqual } from '../registry/meta.js';
import { kind as declareKind, scaleSubresource, statusSubresource, type KindDef, type Obj, type SubresourceDef, type Verb } from '../types/kind.js';
import type { ObjectType } from '../types/schema.js';
import { applyTypeOf } from './apply-type.js';
import { compileSchemaRules, evaluateRules, type CompiledNode } from './cel-rules.js';
import { printerColumns } from './columns.js';
import { FieldPath } from './fieldpath.js';
import { getAt, simplePathFields } from './jsonpath.js';
import { applySchemaDefaults, hasDefaults, pruneCustomResource, pruneNonNullableNulls } from './prune.js';
import { validateAgainstSchema } from './schema-validate.js';
import { isStructural } from './structural.js';
import { additionalPropertiesOf, isConditionTrue, isObj, itemsOf, storageVersionOf, type Crd, type CrdVersion, type JSONSchemaProps, type ScaleSubresource } from './types.js';
import { compareKubeAwareVersions, sortKubeAware } from './versions.js';

/** Upstream's verb order for custom resources in discovery. */
const VERBS: Verb[] = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];
const TERMINATING_VERBS: Verb[] = ['delete', 'deletecollection', 'get', 'list', 'watch'];

export interface ScalePaths {
  spec: string[];
  status: string[];
  labelSelector?: string[];
  raw: ScaleSubresource;
}

/** Everything the server needs about one served (or stored) version of a custom resource. */
export interface CustomResource {
  crdName: string;
  crdUid: string;
  group: string;
  plural: string;
  kind: string;
  listKind: string;
  version: string;
  storageVersion: string;
  namespaced: boolean;
  terminating: boolean;
  schema?: JSONSchemaProps;
  preserveUnknownFields: boolean;
  hasDefaults: boolean;
  rules?: CompiledNode;
  applyType: ObjectType;
  hasStatus: boolean;
  scale?: ScalePaths;
  /** Where every version of the CRD keeps its replicas (null: no scale subresource), for the scale's field ownership. */
  replicasPaths: ReplicasPaths;
  /** The Warning a request to this version gets (deprecated versions). */
  deprecationWarning?: string;
}

const customs = new WeakMap<KindDef, CustomResource>();

/** The custom resource a declaration serves, or undefined for built-in kinds. */
export function customResourceOf(def: KindDef): CustomResource | undefined {
  return customs.get(def);
}

function fieldsOfPath(p: string | undefined): string[] | undefined {
  return p ? simplePathFields(p) : undefined;
}

function deprecationWarning(crd: Crd, v: CrdVersion): string | undefined {
  if (!v.deprecated) return undefined;
  if (typeof v.deprecationWarning === 'string') return v.deprecationWarning;
  const group = crd.spec.group ?? '';
  const kind = crd.spec.names?.kind ?? '';
  let msg = `${group}/${v.name} ${kind} is deprecated`;
  const newer = (crd.spec.versions ?? []).filter((x) => x.served && !x.deprecated && compareKubeAwareVersions(x.name, v.name) < 0).map((x) => x.name);
  if (newer.length > 0) msg += `; use ${group}/${sortKubeAware(newer)[0]} ${kind}`;
  return msg;
}

// ---- validation of custom resources ----

function nestedInt(obj: Obj, fields: string[]): { value?: number; error?: string } {
  const v = getAt(obj, fields);
  if (v === undefined) return {};
  if (typeof v === 'number' && Number.isInteger(v)) return { value: v };
  const goType = typeof v === 'number' ? 'float64' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : Array.isArray(v) ? '[]interface {}' : v === null ? '<nil>' : 'map[string]interface {}';
  return { error: `.${fields.join('.')} accessor error: ${typeof v === 'string' ? v : JSON.stringify(v)} is of the type ${goType}, expected int64` };
}

function validateScale(obj: Obj, scale: ScalePaths | undefined): FieldError[] {
  if (!scale) return [];
  const errs: FieldError[] = [];
  const spec = nestedInt(obj, scale.spec);
  const sp = scale.raw.specReplicasPath ?? '';
  if (spec.error) errs.push(fieldErr.invalid(sp, 0, spec.error));
  else if ((spec.value ?? 0) < 0) errs.push(fieldErr.invalid(sp, spec.value, 'should be a non-negative integer'));
  else if ((spec.value ?? 0) > 2147483647) errs.push(fieldErr.invalid(sp, spec.value, 'should be less than or equal to 2147483647'));
  const status = nestedInt(obj, scale.status);
  const stp = scale.raw.statusReplicasPath ?? '';
  if (status.error) errs.push(fieldErr.invalid(stp, 0, status.error));
  else if ((status.value ?? 0) < 0) errs.push(fieldErr.invalid(stp, status.value, 'should be a non-negative integer'));
  else if ((status.value ?? 0) > 2147483647) errs.push(fieldErr.invalid(stp, status.value, 'should be less than or equal to 2147483647'));
  if (scale.labelSelector) {
    const v = getAt(obj, scale.labelSelector);
    if (v !== undefined && typeof v !== 'string') {
      errs.push(fieldErr.invalid(scale.raw.labelSelectorPath ?? '', '', `.${scale.labelSelector.join('.')} accessor error: ${JSON.stringify(v)} is of the type ${typeof v}, expected string`));
    }
  }
  return errs;
}

/** schemaobjectmeta.Validate: embedded resources need a well-formed apiVersion and kind. */
function validateEmbedded(x: unknown, s: JSONSchemaProps | undefined, path: FieldPath, errs: FieldError[]): void {
  if (!isObj(s) || x === null || x === undefined) return;
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    x.forEach((v, i) => validateEmbedded(v, items, path.index(i), errs));
    return;
  }
  if (!isObj(x)) return;
  if (s['x-kubernetes-embedded-resource'] && path.toString() !== '') {
    if (!Object.hasOwn(x, 'apiVersion')) errs.push(fieldErr.required(path.child('apiVersion').toString(), 'must not be empty'));
    if (!Object.hasOwn(x, 'kind')) errs.push(fieldErr.required(path.child('kind').toString(), 'must not be empty'));
    if (Object.hasOwn(x, 'apiVersion')) {
      const av = x.apiVersion;
      if (typeof av !== 'string') errs.push(fieldErr.invalid(path.child('apiVersion').toString(), av, 'must be a string'));
      else if (av === '') errs.push(fieldErr.invalid(path.child('apiVersion').toString(), av, 'must not be empty'));
      else if (av.split('/').length > 2) errs.push(fieldErr.invalid(path.child('apiVersion').toString(), av, `unexpected GroupVersion string: ${av}`));
    }
    if (Object.hasOwn(x, 'kind')) {
      const k = x.kind;
      if (typeof k !== 'string') errs.push(fieldErr.invalid(path.child('kind').toString(), k, 'must be a string'));
      else if (k === '') errs.push(fieldErr.invalid(path.child('kind').toString(), k, 'must not be empty'));
      else {
        const e = isDNS1035Label(k.toLowerCase());
        if (e.length) errs.push(fieldErr.invalid(path.child('kind').toString(), k, `may have mixed case, but should otherwise match: ${e.join(',')}`));
      }
    }
  }
  const ap = additionalPropertiesOf(s);
  for (const [k, v] of Object.entries(x)) {
    const ps = s.properties?.[k];
    if (ps) validateEmbedded(v, ps, path.child(k), errs);
    else if (ap) validateEmbedded(v, ap, path.key(k), errs);
  }
}

/** structurallisttype.ValidateListSetsAndMaps: no duplicate items in sets nor duplicate keys in map lists. */
function validateListSetsAndMaps(x: unknown, s: JSONSchemaProps | undefined, path: FieldPath, errs: FieldError[]): void {
  if (!isObj(s) || x === null || x === undefined) return;
  if (Array.isArray(x)) {
    const lt = s['x-kubernetes-list-type'];
    const keys = s['x-kubernetes-list-map-keys'] ?? [];
    if (lt === 'set') {
      x.forEach((v, i) => {
        if (x.slice(0, i).some((y) => deepEqual(y, v))) errs.push(fieldErr.duplicate(path.index(i).toString(), v));
      });
    } else if (lt === 'map' && keys.length) {
      const keyOf = (v: unknown) => (isObj(v) ? Object.fromEntries(keys.filter((k) => Object.hasOwn(v, k)).map((k) => [k, v[k]])) : v);
      x.forEach((v, i) => {
        const kv = keyOf(v);
        if (x.slice(0, i).some((y) => deepEqual(keyOf(y), kv))) errs.push(fieldErr.duplicate(path.index(i).toString(), kv));
      });
    }
    const items = itemsOf(s);
    x.forEach((v, i) => validateListSetsAndMaps(v, items, path.index(i), errs));
    return;
  }
  if (!isObj(x)) return;
  const ap = additionalPropertiesOf(s);
  for (const [k, v] of Object.entries(x)) {
    const ps = s.properties?.[k];
    if (ps) validateListSetsAndMaps(v, ps, path.child(k), errs);
    else if (ap) validateListSetsAndMaps(v, ap, path.key(k), errs);
  }
}

const BLOCKING = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

function typeMetaErrors(obj: Obj, cr: CustomResource): FieldError[] {
  const errs: FieldError[] = [];
  const want = `${cr.group}/${cr.version}`;
  if (obj.kind !== cr.kind) errs.push(fieldErr.invalid('kind', obj.kind ?? '', `must be ${cr.kind}`));
  if (obj.apiVersion !== want) errs.push(fieldErr.invalid('apiVersion', obj.apiVersion ?? '', `must be ${want}`));
  return errs;
}

/** The custom resource strategy's Validate / ValidateUpdate (metadata is validated by the registry). */
export function validateCustomResource(cr: CustomResource, obj: Obj, old?: Obj): FieldError[] {
  const tm = typeMetaErrors(obj, cr);
  if (tm.length) return tm;
  const errs: FieldError[] = [];
  if (cr.schema) errs.push(...validateAgainstSchema(obj, cr.schema, old));
  errs.push(...validateScale(obj, cr.scale));
  if (cr.schema) {
    validateEmbedded(obj, cr.schema, FieldPath.root(''), errs);
    const listErrs: FieldError[] = [];
    let oldOk = true;
    if (old) {
      const oldErrs: FieldError[] = [];
      validateListSetsAndMaps(old, cr.schema, FieldPath.root(''), oldErrs);
      oldOk = oldErrs.length === 0;
    }
    if (oldOk) validateListSetsAndMaps(obj, cr.schema, FieldPath.root(''), listErrs);
    errs.push(...listErrs);
  }
  if (cr.rules) {
    if (errs.some((e) => BLOCKING.has(e.type))) {
      errs.push(fieldErr.invalid('<nil>', null, 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'));
    } else {
      errs.push(...evaluateRules(cr.rules, obj, old));
    }
  }
  return errs;
}

// ---- reading and writing custom resources ----

/** Decoding normalisation of a served object: prune, drop nulls that may not be null, default. Returns the pruned paths. */
export function normalizeCustomResource(cr: CustomResource, obj: Obj): string[] {
  const unknown = pruneCustomResource(obj, cr.schema, cr.preserveUnknownFields);
  if (cr.schema && !cr.preserveUnknownFields) pruneNonNullableNulls(obj, cr.schema);
  if (cr.schema) applySchemaDefaults(obj, cr.schema);
  return unknown;
}

function bumpGeneration(obj: Obj, old: Obj): void {
  const strip = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'metadata'));
  if (!deepEqual(strip(obj), strip(old))) obj.metadata.generation = (Number(old.metadata?.generation) || 0) + 1;
}

export interface BuiltCustomResource {
  /** One declaration per served version, preferred version first. */
  served: KindDef[];
  /** The declaration owning the stored objects (storage version; served or not). */
  storage: KindDef;
}

/** Whether a CRD's served shape (what build() derives) changed between two versions of it. */
export function servingChanged(a: Crd, b: Crd): boolean {
  return (
    !deepEqual(a.spec, b.spec) ||
    !deepEqual(a.status?.acceptedNames, b.status?.acceptedNames) ||
    isConditionTrue(a, 'Terminating') !== isConditionTrue(b, 'Terminating') ||
    a.metadata.uid !== b.metadata.uid
  );
}

/** The catalog declarations of an established CRD. */
export function buildCustomResource(crd: Crd): BuiltCustomResource {
  const spec = crd.spec;
  const names = { ...(spec.names ?? {}), ...(crd.status?.acceptedNames ?? {}) };
  const group = spec.group ?? '';
  const plural = names.plural ?? spec.names?.plural ?? '';
  const kindName = names.kind ?? spec.names?.kind ?? '';
  const listKind = names.listKind ?? `${kindName}List`;
  const namespaced = spec.scope === 'Namespaced';
  const terminating = isConditionTrue(crd, 'Terminating');
  const storageVersion = storageVersionOf(crd) ?? spec.versions?.[0]?.name ?? 'v1';
  const versions = [...(spec.versions ?? [])];
  const preserveUnknownFields = spec.preserveUnknownFields === true;

  const selectableUnion: Record<string, (obj: Obj) => string | undefined> = {};
  /** How a version's schema coerces its objects: what is pruned, and whether it defaults. */
  const coercionOf = (v: CrdVersion | undefined) => {
    const schema = v?.schema?.openAPIV3Schema;
    const structural = isStructural(schema);
    return { schema: structural ? schema : undefined, preserveUnknownFields: preserveUnknownFields || !structural, hasDefaults: structural && hasDefaults(schema) };
  };
  // The storage version's schema coerces what is stored, whatever version wrote it
  // (apiextensions' schemaCoercingConverter prunes every conversion's output to its target
  // version; the storage decoder defaults what it reads): a field the storage version does not
  // declare is not stored, and the storage version's defaults fill what is read.
  const stored = coercionOf(versions.find((v) => v.name === storageVersion));
  const replicasPaths: ReplicasPaths = new Map(
    versions.map((v) => [`${group}/${v.name}`, isObj(v.subresources?.scale) ? (fieldsOfPath(v.subresources.scale.specReplicasPath) ?? null) : null]),
  );
  const make = (v: CrdVersion): KindDef => {
    const schema = v.schema?.openAPIV3Schema;
    const structural = isStructural(schema);
    const sub = v.subresources ?? {};
    const hasStatus = isObj(sub.status);
    const subresources: SubresourceDef[] = [];
    if (hasStatus) subresources.push(statusSubresource());
    let scale: ScalePaths | undefined;
    if (isObj(sub.scale)) {
      const specF = fieldsOfPath(sub.scale.specReplicasPath);
      const statusF = fieldsOfPath(sub.scale.statusReplicasPath);
      if (specF && statusF) {
        scale = { spec: specF, status: statusF, labelSelector: fieldsOfPath(sub.scale.labelSelectorPath), raw: sub.scale };
        subresources.push(scaleSubresource());
      }
    }
    const fieldSelectors: Record<string, (obj: Obj) => string | undefined> = {};
    for (const f of v.selectableFields ?? []) {
      const fields = fieldsOfPath(f?.jsonPath);
      if (!fields || !f.jsonPath) continue;
      const get = (obj: Obj): string | undefined => {
        const val = getAt(obj, fields);
        if (val === undefined || val === null) return '';
        return typeof val === 'object' ? JSON.stringify(val) : String(val);
      };
      fieldSelectors[f.jsonPath.slice(1)] = get;
      selectableUnion[f.jsonPath.slice(1)] = get;
    }
    const cr: CustomResource = {
      crdName: String(crd.metadata.name ?? ''),
      crdUid: String(crd.metadata.uid ?? ''),
      group,
      plural,
      kind: kindName,
      listKind,
      version: v.name,
      storageVersion,
      namespaced,
      terminating,
      ...coercionOf(v),
      rules: structural ? compileSchemaRules(schema, FieldPath.root('')).root : undefined,
      applyType: applyTypeOf(structural ? schema : undefined, `${group}.${v.name}.${kindName}`),
      hasStatus,
      scale,
      replicasPaths,
      deprecationWarning: deprecationWarning(crd, v),
    };
    const version = v.name;
    const def = declareKind({
      group,
      version,
      kind: kindName,
      plural,
      singular: names.singular ?? kindName.toLowerCase(),
      shortNames: names.shortNames?.length ? [...names.shortNames] : undefined,
      categories: names.categories?.length ? [...names.categories] : undefined,
      namespaced,
      verbs: terminating ? [...TERMINATING_VERBS] : [...VERBS],
      subresources: subresources.length ? subresources : undefined,
      fieldSelectors,
      tableColumns: printerColumns(v.additionalPrinterColumns),
      nameRule: 'DNS1123Subdomain',
      strategy: {
        allowCreateOnUpdate: false,
        allowUnconditionalUpdate: false,
        prepareForCreate: (obj) => {
          obj.metadata.generation = 1;
        },
        prepareForUpdate: (obj, old) => bumpGeneration(obj, old),
        validate: (obj) => validateCustomResource(cr, obj),
        validateUpdate: (obj, old) => validateCustomResource(cr, obj, old),
      },
      storedAs: {
        group,
        plural,
        // Both get an object of their own (the registry passes clones and decoded objects).
        toStored: (obj) => {
          const out: Obj = { ...obj, apiVersion: `${group}/${storageVersion}` };
          pruneCustomResource(out, stored.schema, stored.preserveUnknownFields);
          return out;
        },
        fromStored: (obj) => {
          if (stored.hasDefaults) applySchemaDefaults(obj, stored.schema);
          const out: Obj = { ...obj, apiVersion: `${group}/${version}` };
          pruneCustomResource(out, cr.schema, cr.preserveUnknownFields);
          return out;
        },
      },
    });
    customs.set(def, cr);
    return def;
  };

  const servedVersions = sortKubeAware(versions.filter((v) => v.served === true).map((v) => v.name));
  const served = servedVersions.map((name) => make(versions.find((v) => v.name === name)!));
  const storageSpec = versions.find((v) => v.name === storageVersion) ?? versions[0]!;
  const storageDef = make(storageSpec);
  // The storing declaration has no view conversion: it is the stored form itself.
  delete storageDef.storedAs;
  storageDef.fieldSelectors = selectableUnion;
  return { served, storage: storageDef };
}

export { VERBS as CUSTOM_RESOURCE_VERBS };
