// resource.k8s.io DeviceClass, ResourceClaim, ResourceClaimTemplate, ResourceSlice
// (pkg/apis/resource/validation/validation.go, v1.34; messages checked against kube-apiserver
// v1.32's v1beta1). Upstream validates the internal (v1-shaped) object, so v1beta1 objects are
// converted first and their errors carry v1 paths (requests[i].exactly...). Selector CEL
// expressions are checked to compile; CEL cost limits are not.

import { CelCompileError, CelEnvironment, Types } from '../../cel/index.js';
import { isDNS1123Label, isDNS1123Subdomain, regexError } from '../../apimachinery/validation.js';
import { resourceClaimTemplateV1beta1, resourceClaimV1beta1, resourceSliceV1beta1 } from '../../types/kinds/resource-conversion.js';
import { validateNodeSelectorTerm } from './pod.js';
import { fieldErr, isSet, num, obj, objs, optNum, sortedKeys, str, strs, validateImmutable, type FieldErrors, type Obj } from './util.js';

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const C_IDENTIFIER_MSG = regexError("a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'", '[A-Za-z_][A-Za-z0-9_]*', 'my_name', 'MY_NAME', 'MyName');
const C_IDENTIFIER_MAX = 32;
const ALLOCATION_MODES = ['All', 'ExactCount'];

function v1Form(o: Obj, conv: { toStored(o: Obj): Obj }): Obj {
  return o.apiVersion === 'resource.k8s.io/v1beta1' ? conv.toStored(o) : o;
}

function validateCIdentifier(id: string, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (id.length > C_IDENTIFIER_MAX) errs.push(fieldErr.tooLong(path, C_IDENTIFIER_MAX));
  if (!C_IDENTIFIER.test(id)) errs.push(fieldErr.invalid(path, id, C_IDENTIFIER_MSG));
  return errs;
}

/** validateDriverName: required, a DNS subdomain. */
function validateDriverName(name: string, path: string): FieldErrors {
  const errs: FieldErrors = name === '' ? [fieldErr.required(path, '')] : [];
  for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(path, name, m));
  return errs;
}

/** An attribute or capacity name: a C identifier, optionally behind "<domain>/". */
function validateQualifiedName(name: string, path: string): FieldErrors {
  if (name === '') return [fieldErr.required(path, 'name required')];
  const slash = name.indexOf('/');
  if (slash < 0) return validateCIdentifier(name, path);
  const domain = name.slice(0, slash);
  const id = name.slice(slash + 1);
  const errs: FieldErrors = domain === '' ? [fieldErr.required(path, 'the domain must not be empty')] : validateDriverName(domain, path);
  errs.push(...(id === '' ? [fieldErr.required(path, 'the name must not be empty')] : validateCIdentifier(id, path)));
  return errs;
}

function validateFullyQualifiedName(name: string, path: string): FieldErrors {
  const errs = validateQualifiedName(name, path);
  if (!name.includes('/')) errs.push(fieldErr.invalid(path, name, 'must include a domain'));
  return errs;
}

let deviceEnv: CelEnvironment | undefined;

/** The environment device selectors compile in (k8s.io/dynamic-resource-allocation/cel). */
function deviceEnvironment(): CelEnvironment {
  return (deviceEnv ??= new CelEnvironment({
    variables: {
      device: Types.object('kubernetes.DRADevice', {
        driver: Types.string,
        attributes: Types.mapOf(Types.mapOf(Types.dyn)),
        capacity: Types.mapOf(Types.mapOf(Types.dyn)),
        allowMultipleAllocations: Types.bool,
      }),
    },
  }));
}

function validateSelectors(selectors: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  selectors.forEach((s, i) => {
    const p = `${path}[${i}]`;
    if (!isSet(s.cel)) return void errs.push(fieldErr.required(`${p}.cel`, ''));
    const expression = str(obj(s.cel).expression);
    try {
      deviceEnvironment().compile(expression);
    } catch (e) {
      const detail = e instanceof CelCompileError ? e.message : (e as Error).message;
      errs.push(fieldErr.invalid(`${p}.cel.expression`, expression, `compilation failed: ${detail}`));
    }
  });
  return errs;
}

function validateOpaque(config: Obj, path: string): FieldErrors {
  if (!isSet(config.opaque)) return [fieldErr.required(`${path}.opaque`, '')];
  const opaque = obj(config.opaque);
  const errs = validateDriverName(str(opaque.driver), `${path}.opaque.driver`);
  if (!isSet(opaque.parameters)) errs.push(fieldErr.required(`${path}.opaque.parameters`, ''));
  return errs;
}

// ---- DeviceClass ----

export function validateDeviceClass(dc: Obj): FieldErrors {
  const spec = obj(dc.spec);
  const errs = validateSelectors(objs(spec.selectors), 'spec.selectors');
  objs(spec.config).forEach((c, i) => errs.push(...validateOpaque(c, `spec.config[${i}]`)));
  return errs;
}

// ---- ResourceClaim and ResourceClaimTemplate ----

function validateDeviceClassName(name: string, path: string): FieldErrors {
  if (name === '') return [fieldErr.required(path, '')];
  return isDNS1123Subdomain(name).map((m) => fieldErr.invalid(path, name, m));
}

/** The request's class, selectors and allocation mode (ExactDeviceRequest and DeviceSubRequest). */
function validateExactRequest(r: Obj, path: string): FieldErrors {
  const errs = validateDeviceClassName(str(r.deviceClassName), `${path}.deviceClassName`);
  errs.push(...validateSelectors(objs(r.selectors), `${path}.selectors`));
  const mode = str(r.allocationMode);
  const count = num(r.count);
  if (mode === 'All') {
    if (count !== 0) errs.push(fieldErr.invalid(`${path}.count`, count, "must not be specified when allocationMode is 'All'"));
  } else if (mode === 'ExactCount') {
    if (count <= 0) errs.push(fieldErr.invalid(`${path}.count`, count, 'must be greater than zero'));
  } else {
    errs.push(fieldErr.notSupported(`${path}.allocationMode`, mode, ALLOCATION_MODES));
  }
  return errs;
}

function validateRequestName(name: string, path: string): FieldErrors {
  return isDNS1123Label(name).map((m) => fieldErr.invalid(path, name, m));
}

function validateRequest(r: Obj, path: string): FieldErrors {
  const errs = validateRequestName(str(r.name), `${path}.name`);
  const first = objs(r.firstAvailable);
  const kinds = (first.length > 0 ? 1 : 0) + (isSet(r.exactly) ? 1 : 0);
  if (kinds === 0) errs.push(fieldErr.required(path, 'exactly one of `exactly` or `firstAvailable` is required'));
  else if (kinds > 1) errs.push(fieldErr.invalid(path, null, 'exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set'));
  else if (first.length > 0) {
    const seen = new Set<string>();
    first.forEach((sub, i) => {
      const p = `${path}.firstAvailable[${i}]`;
      const name = str(sub.name);
      if (seen.has(name)) errs.push(fieldErr.duplicate(p, name));
      seen.add(name);
      errs.push(...validateRequestName(name, `${p}.name`), ...validateExactRequest(sub, p));
    });
  } else errs.push(...validateExactRequest(obj(r.exactly), `${path}.exactly`));
  return errs;
}

const REF_MSG = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

/** Request references in constraints and config: "<request>" or "<request>/<subrequest>" (validateRequestNameRef). */
function validateRequestRefs(refs: string[], known: Set<string>, path: string): FieldErrors {
  const errs: FieldErrors = [];
  refs.forEach((ref, i) => {
    const p = `${path}[${i}]`;
    const segments = ref.split('/');
    if (segments.length > 2) return void errs.push(fieldErr.invalid(p, ref, REF_MSG));
    for (const s of segments) errs.push(...validateRequestName(s, p));
    if (!known.has(ref)) errs.push(fieldErr.invalid(p, ref, REF_MSG));
  });
  return errs;
}

function validateClaimSpec(spec: Obj, path: string): FieldErrors {
  const devices = obj(spec.devices);
  const dp = `${path}.devices`;
  const errs: FieldErrors = [];
  const known = new Set<string>();
  const names = new Set<string>();
  objs(devices.requests).forEach((r, i) => {
    const name = str(r.name);
    if (names.has(name)) errs.push(fieldErr.duplicate(`${dp}.requests[${i}]`, name));
    names.add(name);
    known.add(name);
    for (const sub of objs(r.firstAvailable)) known.add(`${name}/${str(sub.name)}`);
    errs.push(...validateRequest(r, `${dp}.requests[${i}]`));
  });
  objs(devices.constraints).forEach((c, i) => {
    const p = `${dp}.constraints[${i}]`;
    errs.push(...validateRequestRefs(strs(c.requests), known, `${p}.requests`));
    if (!isSet(c.matchAttribute)) errs.push(fieldErr.required(`${p}.matchAttribute`, ''));
    else errs.push(...validateFullyQualifiedName(str(c.matchAttribute), `${p}.matchAttribute`));
  });
  objs(devices.config).forEach((c, i) => {
    const p = `${dp}.config[${i}]`;
    errs.push(...validateRequestRefs(strs(c.requests), known, `${p}.requests`), ...validateOpaque(c, p));
  });
  return errs;
}

export function validateResourceClaim(claim: Obj): FieldErrors {
  return validateClaimSpec(obj(v1Form(claim, resourceClaimV1beta1).spec), 'spec');
}

/** The claim spec is immutable; upstream checks only that on update. Status updates are not validated here. */
export function validateResourceClaimUpdate(claim: Obj, old: Obj, subresource?: string): FieldErrors {
  if (subresource === 'status') return [];
  const errs: FieldErrors = [];
  const next = v1Form(claim, resourceClaimV1beta1).spec ?? null;
  const prev = v1Form(old, resourceClaimV1beta1).spec ?? null;
  if (JSON.stringify(next) !== JSON.stringify(prev)) errs.push(fieldErr.invalid('spec', next, 'field is immutable'));
  return errs;
}

export function validateResourceClaimTemplate(t: Obj): FieldErrors {
  return validateClaimSpec(obj(obj(v1Form(t, resourceClaimTemplateV1beta1).spec).spec), 'spec.spec');
}

export function validateResourceClaimTemplateUpdate(t: Obj, old: Obj): FieldErrors {
  const errs = validateResourceClaimTemplate(t);
  const next = v1Form(t, resourceClaimTemplateV1beta1).spec ?? null;
  const prev = v1Form(old, resourceClaimTemplateV1beta1).spec ?? null;
  if (JSON.stringify(next) !== JSON.stringify(prev)) errs.push(fieldErr.invalid('spec', next, 'field is immutable'));
  return errs;
}

// ---- ResourceSlice ----

function validatePoolName(name: string, path: string): FieldErrors {
  if (name === '') return [fieldErr.required(path, '')];
  const errs: FieldErrors = name.length > 253 ? [fieldErr.tooLong(path, 253)] : [];
  for (const segment of name.split('/')) for (const m of isDNS1123Subdomain(segment)) errs.push(fieldErr.invalid(path, segment, m));
  return errs;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$/;
const ATTRIBUTE_VALUE_MAX = 64;

/** validateDeviceAttribute: exactly one of bool, int, string, version. */
function validateAttribute(a: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (typeof a.string === 'string' && a.string.length > ATTRIBUTE_VALUE_MAX) errs.push(fieldErr.tooLong(`${path}.string`, ATTRIBUTE_VALUE_MAX));
  if (isSet(a.version)) {
    const v = str(a.version);
    if (!SEMVER.test(v)) errs.push(fieldErr.invalid(`${path}.version`, v, 'must be a string compatible with semver.org spec 2.0.0'));
    if (v.length > ATTRIBUTE_VALUE_MAX) errs.push(fieldErr.tooLong(`${path}.version`, ATTRIBUTE_VALUE_MAX));
  }
  const set = ['bool', 'int', 'string', 'version'].filter((k) => isSet(a[k])).length;
  if (set === 0) errs.push(fieldErr.invalid(path, '', 'exactly one value must be specified'));
  if (set > 1) errs.push(fieldErr.invalid(path, a, 'exactly one value must be specified'));
  return errs;
}

function validateDevice(d: Obj, path: string): FieldErrors {
  const errs = isDNS1123Label(str(d.name)).map((m) => fieldErr.invalid(`${path}.name`, str(d.name), m));
  const attributes = obj(d.attributes);
  for (const k of sortedKeys(attributes)) errs.push(...validateQualifiedName(k, `${path}.attributes[${k}]`), ...validateAttribute(obj(attributes[k]), `${path}.attributes[${k}]`));
  for (const k of sortedKeys(d.capacity)) errs.push(...validateQualifiedName(k, `${path}.capacity[${k}]`));
  return errs;
}

function validateResourceSliceSpec(spec: Obj, oldSpec: Obj | undefined): FieldErrors {
  const errs = validateDriverName(str(spec.driver), 'spec.driver');
  const pool = obj(spec.pool);
  errs.push(...validatePoolName(str(pool.name), 'spec.pool.name'));
  const count = num(pool.resourceSliceCount);
  if (count <= 0) errs.push(fieldErr.invalid('spec.pool.resourceSliceCount', count, 'must be greater than zero'));
  const generation = optNum(pool.generation) ?? 0;
  if (generation < 0) errs.push(fieldErr.invalid('spec.pool.generation', generation, 'must be greater than or equal to zero'));
  if (oldSpec) {
    errs.push(...validateImmutable(str(pool.name), str(obj(oldSpec.pool).name), 'spec.pool.name'));
    errs.push(...validateImmutable(str(spec.driver), str(oldSpec.driver), 'spec.driver'));
    errs.push(...validateImmutable(spec.nodeName ?? null, oldSpec.nodeName ?? null, 'spec.nodeName'));
  }
  const set: string[] = [];
  if (isSet(spec.nodeName)) {
    const nodeName = str(spec.nodeName);
    if (nodeName !== '') {
      set.push('`nodeName`');
      for (const m of isDNS1123Subdomain(nodeName)) errs.push(fieldErr.invalid('spec.nodeName', nodeName, m));
    } else errs.push(fieldErr.invalid('spec.nodeName', nodeName, 'must be either unset or set to a non-empty string'));
  }
  if (isSet(spec.nodeSelector)) {
    set.push('`nodeSelector`');
    const terms = objs(obj(spec.nodeSelector).nodeSelectorTerms);
    if (terms.length === 0) errs.push(fieldErr.required('spec.nodeSelector.nodeSelectorTerms', 'must have at least one node selector term'));
    terms.forEach((t, i) => errs.push(...validateNodeSelectorTerm(t, false, `spec.nodeSelector.nodeSelectorTerms[${i}]`)));
    if (terms.length !== 1) errs.push(fieldErr.invalid('spec.nodeSelector.nodeSelectorTerms', obj(spec.nodeSelector).nodeSelectorTerms ?? null, 'must have exactly one node selector term'));
  }
  for (const f of ['allNodes', 'perDeviceNodeSelection']) {
    if (!isSet(spec[f])) continue;
    if (spec[f] === true) set.push(`\`${f}\``);
    else errs.push(fieldErr.invalid(`spec.${f}`, spec[f], 'must be either unset or set to true'));
  }
  if (set.length === 0) errs.push(fieldErr.required('spec', 'exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required'));
  if (set.length > 1) errs.push(fieldErr.invalid('spec', `{${set.join(', ')}}`, 'exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set'));
  if (isSet(spec.sharedCounters) && isSet(spec.devices)) errs.push(fieldErr.invalid('spec', '', 'only one of `sharedCounters` or `devices` is allowed'));
  const names = new Set<string>();
  objs(spec.devices).forEach((d, i) => {
    const name = str(d.name);
    errs.push(...validateDevice(d, `spec.devices[${i}]`));
    if (names.has(name)) errs.push(fieldErr.duplicate(`spec.devices[${i}]`, name));
    names.add(name);
  });
  return errs;
}

export function validateResourceSlice(slice: Obj): FieldErrors {
  return validateResourceSliceSpec(obj(v1Form(slice, resourceSliceV1beta1).spec), undefined);
}

export function validateResourceSliceUpdate(slice: Obj, old: Obj): FieldErrors {
  return validateResourceSliceSpec(obj(v1Form(slice, resourceSliceV1beta1).spec), obj(v1Form(old, resourceSliceV1beta1).spec));
}
