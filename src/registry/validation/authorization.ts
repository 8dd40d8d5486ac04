// authorization.k8s.io access reviews (pkg/apis/authorization/validation/validation.go): the
// spec's attributes, the subject, the selectors of resourceAttributes and the empty metadata
// rule, in upstream's order (checked against kube-apiserver v1.32).

import { operatorValuesErrors } from '../../apimachinery/labels.js';
import { isQualifiedName } from '../../apimachinery/validation.js';
import type { FieldError } from '../../apimachinery/errors.js';
import { arr, fieldErr, isSet, obj, objs, str, strs, type Obj } from './util.js';

function validateOperatorValues(req: Obj, path: string): FieldError[] {
  // Other operators are left to the authorizer's selector parsing, as upstream.
  return operatorValuesErrors(str(req.operator), strs(req.values), path) ?? [];
}

/** fieldSelector and labelSelector of resourceAttributes: rawSelector or requirements, never both. */
function validateSelector(sel: unknown, path: string, keyRule: (key: string, path: string) => FieldError[], keyFirst: boolean): FieldError[] {
  if (!isSet(sel)) return [];
  const s = obj(sel);
  const errs: FieldError[] = [];
  const requirements = objs(s.requirements);
  if (str(s.rawSelector) !== '' && requirements.length > 0) errs.push(fieldErr.invalid(`${path}.rawSelector`, str(s.rawSelector), 'may not specified at the same time as requirements'));
  requirements.forEach((r, i) => {
    const p = `${path}.requirements[${i}]`;
    const keyErrs = keyRule(str(r.key), `${p}.key`);
    errs.push(...(keyFirst ? [...keyErrs, ...validateOperatorValues(r, p)] : [...validateOperatorValues(r, p), ...keyErrs]));
  });
  return errs;
}

const fieldKey = (key: string, path: string): FieldError[] => (key === '' ? [fieldErr.required(path, 'must be specified')] : []);
const labelKey = (key: string, path: string): FieldError[] => isQualifiedName(key).map((m) => fieldErr.invalid(path, key, m));

function validateSpec(spec: Obj, withSubject: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ra = spec.resourceAttributes;
  const nra = spec.nonResourceAttributes;
  if (isSet(ra) && isSet(nra)) errs.push(fieldErr.invalid('spec.nonResourceAttributes', nra, 'cannot be specified in combination with resourceAttributes'));
  if (!isSet(ra) && !isSet(nra)) errs.push(fieldErr.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (withSubject && str(spec.user) === '' && arr(spec.groups).length === 0) errs.push(fieldErr.invalid('spec.user', str(spec.user), 'at least one of user or group must be specified'));
  if (isSet(ra)) {
    const attrs = obj(ra);
    errs.push(...validateSelector(attrs.fieldSelector, 'spec.resourceAttributes.fieldSelector', fieldKey, true));
    errs.push(...validateSelector(attrs.labelSelector, 'spec.resourceAttributes.labelSelector', labelKey, false));
  }
  return errs;
}

/** Metadata other than managedFields (and, for the local review, namespace) must be empty. */
function metadataEmpty(meta: Obj, ignoreNamespace: boolean): boolean {
  return Object.entries(meta).every(([k, v]) => k === 'managedFields' || (ignoreNamespace && k === 'namespace') || v === undefined || v === null || v === '' || v === 0 || (typeof v === 'object' && Object.keys(v).length === 0));
}

/**
 * Validate{,Self,Local}SubjectAccessReview. `requestNamespace` is the URL's namespace, which
 * the create handler has already set on the object of a local review.
 */
export function validateAccessReview(kind: string, review: Obj, requestNamespace: string): FieldError[] {
  const spec = obj(review.spec);
  const meta = { ...obj(review.metadata) };
  // Upstream prints the whole ObjectMeta (%#v, the field manager's entry with its time and a
  // pointer); the value shown here leaves that entry out.
  delete meta.managedFields;
  const local = kind === 'LocalSubjectAccessReview';
  if (local) meta.namespace = requestNamespace;
  const errs = validateSpec(spec, kind !== 'SelfSubjectAccessReview');
  if (!metadataEmpty(meta, local)) errs.push(fieldErr.invalid('metadata', meta, local ? 'must be empty except for namespace' : 'must be empty'));
  if (local) {
    const ra = spec.resourceAttributes;
    if (isSet(ra) && str(obj(ra).namespace) !== requestNamespace) errs.push(fieldErr.invalid('spec.resourceAttributes.namespace', str(obj(ra).namespace), 'must match metadata.namespace'));
    if (isSet(spec.nonResourceAttributes)) errs.push(fieldErr.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'disallowed on this kind of request'));
  }
  return errs;
}
