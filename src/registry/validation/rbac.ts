// rbac.authorization.k8s.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding
// (pkg/apis/rbac/validation). Names are path-segment names, checked generically.

import { labelSelectorFromMetav1, LabelSelectorError, validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation.js';
import { fieldErr, isSet, obj, objs, semanticEqual, str, strs, type FieldErrors, type Obj } from './util.js';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

function validatePolicyRule(rule: Obj, namespaced: boolean, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (strs(rule.verbs).length === 0) errs.push(fieldErr.required(`${path}.verbs`, 'verbs must contain at least one value'));
  const urls = strs(rule.nonResourceURLs);
  if (urls.length > 0) {
    if (namespaced) errs.push(fieldErr.invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (strs(rule.apiGroups).length > 0 || strs(rule.resources).length > 0 || strs(rule.resourceNames).length > 0) {
      errs.push(fieldErr.invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (strs(rule.apiGroups).length === 0) errs.push(fieldErr.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (strs(rule.resources).length === 0) errs.push(fieldErr.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  return errs;
}

function validateRules(o: Obj, namespaced: boolean): FieldErrors {
  const errs: FieldErrors = [];
  objs(o.rules).forEach((r, i) => errs.push(...validatePolicyRule(r, namespaced, `rules[${i}]`)));
  return errs;
}

export function validateRole(role: Obj): FieldErrors {
  return validateRules(role, true);
}

function validateClusterRoleWith(role: Obj, allowInvalidLabelValue: boolean): FieldErrors {
  const errs = validateRules(role, false);
  if (isSet(role.aggregationRule)) {
    const selectors = objs(obj(role.aggregationRule).clusterRoleSelectors);
    if (selectors.length === 0) {
      errs.push(fieldErr.required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
    }
    selectors.forEach((sel, i) => {
      const p = `aggregationRule.clusterRoleSelectors[${i}]`;
      errs.push(...validateMetav1LabelSelector(sel, p, { allowInvalidLabelValueInSelector: allowInvalidLabelValue }));
      try {
        labelSelectorFromMetav1(sel);
      } catch (e) {
        if (!(e instanceof LabelSelectorError)) throw e;
        errs.push(fieldErr.invalid(p, sel, 'invalid label selector.'));
      }
    });
  }
  return errs;
}

export function validateClusterRole(role: Obj): FieldErrors {
  return validateClusterRoleWith(role, false);
}

export function validateClusterRoleUpdate(role: Obj, old: Obj): FieldErrors {
  const allowInvalid = objs(obj(old.aggregationRule).clusterRoleSelectors).some((s) => validateMetav1LabelSelector(s, '').length > 0);
  return validateClusterRoleWith(role, allowInvalid);
}

function validateSubject(s: Obj, namespaced: boolean, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(s.name);
  const apiGroup = str(s.apiGroup);
  if (name.length === 0) errs.push(fieldErr.required(`${path}.name`, ''));
  switch (s.kind) {
    case 'ServiceAccount':
      if (name.length > 0) for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
      if (apiGroup.length > 0) errs.push(fieldErr.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && str(s.namespace).length === 0) errs.push(fieldErr.required(`${path}.namespace`, ''));
      break;
    case 'User':
      if (name.length === 0) errs.push(fieldErr.invalid(`${path}.name`, name, 'user name cannot be empty'));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErr.notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    case 'Group':
      if (name.length === 0) errs.push(fieldErr.invalid(`${path}.name`, name, 'group name cannot be empty'));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErr.notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    default:
      errs.push(fieldErr.notSupported(`${path}.kind`, str(s.kind), ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

function validateBinding(b: Obj, namespaced: boolean): FieldErrors {
  const errs: FieldErrors = [];
  const ref = obj(b.roleRef);
  if (str(ref.apiGroup) !== RBAC_GROUP) errs.push(fieldErr.notSupported('roleRef.apiGroup', str(ref.apiGroup), [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(str(ref.kind))) errs.push(fieldErr.notSupported('roleRef.kind', str(ref.kind), kinds));
  const name = str(ref.name);
  if (name.length === 0) errs.push(fieldErr.required('roleRef.name', ''));
  else for (const m of isValidPathSegmentName(name)) errs.push(fieldErr.invalid('roleRef.name', name, m));
  objs(b.subjects).forEach((s, i) => errs.push(...validateSubject(s, namespaced, `subjects[${i}]`)));
  return errs;
}

/** roleRef as its Go struct prints in JSON: apiGroup, kind, name. */
const roleRefValue = (ref: Obj) => ({ apiGroup: str(ref.apiGroup), kind: str(ref.kind), name: str(ref.name) });

function roleRefUnchanged(b: Obj, old: Obj): FieldErrors {
  const ref = roleRefValue(obj(b.roleRef));
  return semanticEqual(ref, roleRefValue(obj(old.roleRef))) ? [] : [fieldErr.invalid('roleRef', ref, 'cannot change roleRef')];
}

export const validateRoleBinding = (b: Obj) => validateBinding(b, true);
export const validateClusterRoleBinding = (b: Obj) => validateBinding(b, false);
export const validateRoleBindingUpdate = (b: Obj, old: Obj) => [...validateBinding(b, true), ...roleRefUnchanged(b, old)];
export const validateClusterRoleBindingUpdate = (b: Obj, old: Obj) => [...validateBinding(b, false), ...roleRefUnchanged(b, old)];
