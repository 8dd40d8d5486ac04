// admissionregistration.k8s.io/v1beta1 (and v1alpha1) MutatingAdmissionPolicy and its
// binding, as upstream's ValidateMutatingAdmissionPolicy and
// ValidateMutatingAdmissionPolicyBinding (kubernetes pkg/apis/admissionregistration/
// validation/validation.go: validateMutatingAdmissionPolicySpec, validateMutation,
// supportedMutatingOperations). The parts shared with ValidatingAdmissionPolicy come from
// admission.ts.

import { celError, validatePolicyBindingPrologue, validatePolicySpecPrologue } from './admission.js';
import { checkExpression, type CelDeclarations } from './admission-cel.js';
import { fieldErr, isSet, obj, objs, semanticEqual, str, strs, type FieldErrors, type Obj } from './util.js';

const PATCH_TYPES = ['ApplyConfiguration', 'JSONPatch'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];
/** DELETE has no object to mutate. */
const MUTATING_OPERATIONS = ['*', 'CONNECT', 'CREATE', 'UPDATE'];

/** The result types each patch type's expression must have (cel-go spelling). */
const RETURN_TYPES: Record<string, string[]> = {
  ApplyConfiguration: ['Object'],
  JSONPatch: ['list(JSONPatch)'],
};

/** Every operation of every resource rule must be mutable; the path has no index, as upstream's. */
function validateMutableOperations(mr: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  for (const rule of objs(mr.resourceRules)) {
    for (const op of strs(rule.operations)) if (!MUTATING_OPERATIONS.includes(op)) errs.push(fieldErr.notSupported(path, op, MUTATING_OPERATIONS));
  }
  return errs;
}

/** An empty list literal is list(dyn) to cel-go and is accepted where a list(JSONPatch) is expected. */
function acceptsType(patchType: string, outputType: string): boolean {
  if (outputType === 'dyn') return true;
  if (patchType === 'JSONPatch' && /^list\((dyn|T|JSONPatch)\)$/.test(outputType)) return true;
  return RETURN_TYPES[patchType]!.includes(outputType);
}

function validatePatchExpression(expression: string, patchType: string, decls: CelDeclarations, path: string): FieldErrors {
  const trimmed = expression.trim();
  if (trimmed === '') return [fieldErr.required(path, '')];
  const r = checkExpression(trimmed, decls, 'any');
  if (r.error) return celError(path, trimmed, r.error);
  if (!acceptsType(patchType, r.outputType ?? 'dyn')) {
    const want = RETURN_TYPES[patchType]!;
    return celError(path, trimmed, want.length === 1 ? `must evaluate to ${want[0]}` : `must evaluate to one of [${want.join(' ')}]`);
  }
  return [];
}

function validateMutation(m: Obj, decls: CelDeclarations, path: string): FieldErrors {
  const patchType = str(m.patchType);
  if (patchType === '') return [fieldErr.required(`${path}.patchType`, '')];
  if (!PATCH_TYPES.includes(patchType)) return [fieldErr.notSupported(`${path}.patchType`, patchType, PATCH_TYPES)];
  const errs: FieldErrors = [];
  const member = patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration';
  const other = patchType === 'JSONPatch' ? 'applyConfiguration' : 'jsonPatch';
  if (!isSet(m[member])) errs.push(fieldErr.required(`${path}.${member}`, `must be specified when patchType is ${patchType}`));
  else errs.push(...validatePatchExpression(str(obj(m[member]).expression), patchType, decls, `${path}.${member}.expression`));
  if (isSet(m[other])) errs.push(fieldErr.invalid(`${path}.${other}`, `{${other}}`, `must not be specified when patchType is ${patchType}`));
  return errs;
}

function validateSpec(spec: Obj, ignoreMatchConditions: boolean): FieldErrors {
  const { errs, hasParams, composition } = validatePolicySpecPrologue(spec, ignoreMatchConditions, (mc) =>
    validateMutableOperations(mc, 'spec.matchConstraints.resourceRules.operations'),
  );
  const decls: CelDeclarations = { hasParams, hasAuthorizer: true, hasPatchTypes: true, variables: composition };
  const mutations = objs(spec.mutations);
  if (mutations.length === 0) errs.push(fieldErr.required('spec.mutations', 'mutations must contain at least one item'));
  else mutations.forEach((m, i) => errs.push(...validateMutation(m, decls, `spec.mutations[${i}]`)));
  const reinvocation = str(spec.reinvocationPolicy);
  if (reinvocation === '') errs.push(fieldErr.required('spec.reinvocationPolicy', ''));
  else if (!REINVOCATION_POLICIES.includes(reinvocation)) errs.push(fieldErr.notSupported('spec.reinvocationPolicy', reinvocation, ['Never', 'IfNeeded']));
  return errs;
}

export function validateMutatingAdmissionPolicy(p: Obj): FieldErrors {
  return validateSpec(obj(p.spec), false);
}

export function validateMutatingAdmissionPolicyUpdate(p: Obj, old: Obj): FieldErrors {
  const spec = obj(p.spec);
  const oldSpec = obj(old.spec);
  // Unchanged match conditions (with an unchanged paramKind) are not compiled again.
  const ignore = semanticEqual(spec.paramKind, oldSpec.paramKind) && semanticEqual(spec.matchConditions, oldSpec.matchConditions);
  return validateSpec(spec, ignore);
}

export function validateMutatingAdmissionPolicyBinding(b: Obj): FieldErrors {
  return validatePolicyBindingPrologue(obj(b.spec), 'spec.matchResources', (mr) =>
    validateMutableOperations(mr, 'spec.matchResources.resourceRules.operations'),
  );
}
