// Structural schema checks (apiextensions-apiserver pkg/apiserver/schema: ValidateStructural
// and completeness): what makes a CRD schema usable for pruning, defaulting, apply and CEL.

import { fieldErr, type FieldError } from '../apimachinery/errors.js';
import { goFieldErrorString } from '../apimachinery/errors.js';
import { goStringCompare } from '../apimachinery/validation.js';
import { FieldPath } from './fieldpath.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps } from './types.js';

type Level = 'root' | 'item' | 'field';

const JUNCTORS = ['allOf', 'anyOf', 'oneOf'] as const;

/** ValidateStructural: invariants plus completeness, sorted by message as upstream sorts them. */
export function validateStructural(path: FieldPath, s: JSONSchemaProps): FieldError[] {
  const errs = [...invariants(s, 'root', path), ...completeness(s, path)];
  return errs.sort((a, b) => goStringCompare(goFieldErrorString(a), goFieldErrorString(b)));
}

function isIntOrStringPair(list: JSONSchemaProps[] | undefined): boolean {
  if (!Array.isArray(list) || list.length !== 2) return false;
  const only = (x: JSONSchemaProps, t: string) => isObj(x) && Object.keys(x).length === 1 && x.type === t;
  return only(list[0]!, 'integer') && only(list[1]!, 'string');
}

function invariants(s: JSONSchemaProps | undefined, lvl: Level, path: FieldPath): FieldError[] {
  if (!isObj(s)) return [];
  const errs: FieldError[] = [];
  const items = itemsOf(s);
  if (s.type === 'array' && !items) errs.push(fieldErr.required(path.child('items').toString(), 'must be specified'));
  if (items) errs.push(...invariants(items, 'item', path.child('items')));
  for (const [k, v] of Object.entries(s.properties ?? {})) errs.push(...invariants(v, 'field', path.child('properties').key(k)));

  if (s.additionalProperties !== undefined) {
    if (lvl === 'root') errs.push(fieldErr.forbidden(path.child('additionalProperties').toString(), 'must not be used at the root'));
    const ap = additionalPropertiesOf(s);
    if (ap) errs.push(...invariants(ap, 'field', path.child('additionalProperties')));
  }

  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (intOrString && preserve) errs.push(fieldErr.invalid(path.child('x-kubernetes-preserve-unknown-fields').toString(), true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) errs.push(fieldErr.invalid(path.child('x-kubernetes-embedded-resource').toString(), true, 'must be false if x-kubernetes-int-or-string is true'));

  const skipAnyOf = isIntOrStringPair(s.anyOf);
  const skipFirstAllOfAnyOf = Array.isArray(s.allOf) && s.allOf.length >= 1 && isIntOrStringPair(s.allOf[0]?.anyOf);
  errs.push(...valueValidation(s, skipAnyOf, skipFirstAllOfAnyOf, path));

  const type = s.type ?? '';
  if (embedded && type !== 'object') {
    if (!type) errs.push(fieldErr.required(path.child('type').toString(), 'must be object if x-kubernetes-embedded-resource is true'));
    else errs.push(fieldErr.invalid(path.child('type').toString(), type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (!type && !intOrString && !preserve) {
    const detail = lvl === 'root' ? 'must not be empty at the root' : lvl === 'item' ? 'must not be empty for specified array items' : 'must not be empty for specified object fields';
    errs.push(fieldErr.required(path.child('type').toString(), detail));
  }
  if (embedded && s.additionalProperties !== undefined) {
    errs.push(fieldErr.forbidden(path.child('additionalProperties').toString(), 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (lvl === 'root' && type && type !== 'object') errs.push(fieldErr.invalid(path.child('type').toString(), type, 'must be object at the root'));

  const checkMetadata = lvl === 'root' || embedded;
  const props = s.properties ?? {};
  if (checkMetadata && props.kind && (props.kind.type ?? '') !== 'string') {
    errs.push(fieldErr.invalid(path.child('properties').key('kind').child('type').toString(), props.kind.type ?? '', 'must be string'));
  }
  if (checkMetadata && props.apiVersion && (props.apiVersion.type ?? '') !== 'string') {
    errs.push(fieldErr.invalid(path.child('properties').key('apiVersion').child('type').toString(), props.apiVersion.type ?? '', 'must be string'));
  }
  if (checkMetadata && props.metadata && (props.metadata.type ?? '') !== 'object') {
    errs.push(fieldErr.invalid(path.child('properties').key('metadata').child('type').toString(), props.metadata.type ?? '', 'must be object'));
  }
  if (lvl === 'root' && isObj(props.metadata) && !metadataOnlyNames(props.metadata)) {
    errs.push(fieldErr.forbidden(path.child('properties').key('metadata').toString(), 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
  if (embedded && !preserve && Object.keys(props).length === 0) {
    errs.push(fieldErr.required(path.child('properties').toString(), 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  return errs;
}

/** The root metadata schema may restrict name and generateName only. */
function metadataOnlyNames(m: JSONSchemaProps): boolean {
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined) continue;
    if (k === 'type' || k === 'default') continue;
    if (k === 'properties') {
      const keys = Object.keys(v as object);
      if (keys.length === 0) continue;
      const ok = keys.every((x) => x === 'name' || x === 'generateName');
      if (!ok) return false;
      continue;
    }
    if (k === 'nullable' && v === false) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    return false;
  }
  return true;
}

/** Value validations (the junctors and what lives under them). */
function valueValidation(s: JSONSchemaProps, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!skipAnyOf) (s.anyOf ?? []).forEach((x, i) => errs.push(...nested(x, false, path.child('anyOf').index(i))));
  (s.allOf ?? []).forEach((x, i) => errs.push(...nested(x, skipFirstAllOfAnyOf && i === 0, path.child('allOf').index(i))));
  (s.oneOf ?? []).forEach((x, i) => errs.push(...nested(x, false, path.child('oneOf').index(i))));
  if (s.not !== undefined) errs.push(...nested(s.not, false, path.child('not')));
  if (typeof s.pattern === 'string' && s.pattern !== '') {
    const problem = regexProblem(s.pattern);
    if (problem) errs.push(fieldErr.invalid(path.child('pattern').toString(), s.pattern, `must be a valid regular expression, but isn't: ${problem}`));
  }
  return errs;
}

export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (e) {
    return `error parsing regexp: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
}

function nested(v: JSONSchemaProps | undefined, skipAnyOf: boolean, path: FieldPath): FieldError[] {
  if (!isObj(v)) return [];
  const errs: FieldError[] = [...valueValidation(v, skipAnyOf, false, path)];
  const items = itemsOf(v);
  if (items) errs.push(...nested(items, false, path.child('items')));
  for (const [k, p] of Object.entries(v.properties ?? {})) errs.push(...nested(p, false, path.child('properties').key(k)));
  const f = (name: string, detail: string) => errs.push(fieldErr.forbidden(path.child(name).toString(), detail));
  if (v.type) f('type', 'must be empty to be structural');
  if (v.additionalProperties !== undefined) f('additionalProperties', 'must be undefined to be structural');
  if (v.default !== undefined) f('default', 'must be undefined to be structural');
  if (v.title) f('title', 'must be empty to be structural');
  if (v.description) f('description', 'must be empty to be structural');
  if (v.nullable) f('nullable', 'must be false to be structural');
  if (v['x-kubernetes-preserve-unknown-fields']) f('x-kubernetes-preserve-unknown-fields', 'must be false to be structural');
  if (v['x-kubernetes-embedded-resource']) f('x-kubernetes-embedded-resource', 'must be false to be structural');
  if (v['x-kubernetes-int-or-string']) f('x-kubernetes-int-or-string', 'must be false to be structural');
  if ((v['x-kubernetes-list-map-keys'] ?? []).length > 0) f('x-kubernetes-list-map-keys', 'must be empty to be structural');
  if (v['x-kubernetes-list-type'] !== undefined) f('x-kubernetes-list-type', 'must be undefined to be structural');
  if (v.properties && Object.hasOwn(v.properties, 'metadata')) {
    errs.push(fieldErr.forbidden(path.child('properties').key('metadata').toString(), 'must not be specified in a nested context'));
  }
  return errs;
}

/** Everything a value validation names must also be specified structurally. */
function completeness(s: JSONSchemaProps, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const walkStructural = (x: JSONSchemaProps, p: FieldPath): void => {
    for (const j of JUNCTORS) (x[j] ?? []).forEach((v, i) => errs.push(...nestedCompleteness(v, x, p, p.child(j).index(i))));
    if (x.not) errs.push(...nestedCompleteness(x.not, x, p, p.child('not')));
    const items = itemsOf(x);
    if (items) walkStructural(items, p.child('items'));
    for (const [k, v] of Object.entries(x.properties ?? {})) if (isObj(v)) walkStructural(v, p.child('properties').key(k));
    const ap = additionalPropertiesOf(x);
    if (ap) walkStructural(ap, p.child('additionalProperties'));
  };
  walkStructural(s, path);
  return errs;
}

function nestedCompleteness(v: JSONSchemaProps, s: JSONSchemaProps | undefined, sPath: FieldPath, vPath: FieldPath): FieldError[] {
  if (!isObj(v)) return [];
  if (!isObj(s)) return [fieldErr.required(sPath.toString(), `because it is defined in ${vPath.toString()}`)];
  const errs: FieldError[] = [];
  for (const j of JUNCTORS) (v[j] ?? []).forEach((x, i) => errs.push(...nestedCompleteness(x, s, sPath, vPath.child(j).index(i))));
  if (v.not) errs.push(...nestedCompleteness(v.not, s, sPath, vPath.child('not')));
  const vItems = itemsOf(v);
  if (vItems) errs.push(...nestedCompleteness(vItems, itemsOf(s), sPath.child('items'), vPath.child('items')));
  for (const [k, vf] of Object.entries(v.properties ?? {})) {
    const sf = s.properties?.[k];
    if (sf) errs.push(...nestedCompleteness(vf, sf, sPath.child('properties').key(k), vPath.child('properties').key(k)));
    else {
      const ap = additionalPropertiesOf(s);
      if (!ap) errs.push(fieldErr.required(sPath.child('properties').key(k).toString(), `because it is defined in ${vPath.child('properties').key(k).toString()}`));
      else errs.push(...nestedCompleteness(vf, ap, sPath.child('additionalProperties'), vPath.child('properties').key(k)));
    }
  }
  return errs;
}

/** Whether a schema passes ValidateStructural (used to decide what the CRD serves). */
export function isStructural(s: JSONSchemaProps | undefined): boolean {
  const root = FieldPath.root('');
  return isObj(s) && invariants(s, 'root', root).length === 0 && completeness(s, root).length === 0;
}
