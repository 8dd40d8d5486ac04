// policy/v1 PodDisruptionBudget (pkg/apis/policy/validation) and the int-or-percent
// helpers it shares with apps.

import { validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { fieldErr, isSet, isValidPercent, num, obj, validateConditions, validateNonnegative, type FieldErrors, type Obj } from './util.js';

/** ValidatePositiveIntOrPercent: percent strings or non-negative ints. */
export function validatePositiveIntOrPercent(v: unknown, path: string): FieldErrors {
  if (typeof v === 'string') return isValidPercent(v).map((m) => fieldErr.invalid(path, v, m));
  if (typeof v === 'number') return validateNonnegative(v, path);
  return [fieldErr.invalid(path, v ?? null, "must be an integer or percentage (e.g '5%%')")];
}

function percentValue(v: unknown): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length) return undefined;
  return Number(v.slice(0, -1));
}

/** getIntOrPercentValue. */
export function intOrPercentValue(v: unknown): number {
  const p = percentValue(v);
  if (p !== undefined) return p;
  if (typeof v === 'number') return v;
  // IntOrString.IntValue() of a non-percent string: strconv.Atoi, 0 on failure.
  const n = typeof v === 'string' && /^[+-]?[0-9]+$/.test(v) ? Number(v) : 0;
  return n;
}

/** IsNotMoreThan100Percent. */
export function isNotMoreThan100Percent(v: unknown, path: string): FieldErrors {
  const p = percentValue(v);
  return p === undefined || p <= 100 ? [] : [fieldErr.invalid(path, v, 'must not be greater than 100%')];
}

const EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

function validatePDBSpec(spec: Obj, allowInvalidLabelValue: boolean): FieldErrors {
  const errs: FieldErrors = [];
  if (isSet(spec.minAvailable) && isSet(spec.maxUnavailable)) errs.push(fieldErr.invalid('spec', spec, 'minAvailable and maxUnavailable cannot be both set'));
  for (const f of ['minAvailable', 'maxUnavailable']) {
    if (!isSet(spec[f])) continue;
    errs.push(...validatePositiveIntOrPercent(spec[f], `spec.${f}`));
    errs.push(...isNotMoreThan100Percent(spec[f], `spec.${f}`));
  }
  if (isSet(spec.selector)) {
    errs.push(...validateMetav1LabelSelector(obj(spec.selector), 'spec.selector', { allowInvalidLabelValueInSelector: allowInvalidLabelValue }));
  }
  if (isSet(spec.unhealthyPodEvictionPolicy) && !EVICTION_POLICIES.includes(String(spec.unhealthyPodEvictionPolicy))) {
    errs.push(fieldErr.notSupported('spec.unhealthyPodEvictionPolicy', spec.unhealthyPodEvictionPolicy, EVICTION_POLICIES));
  }
  return errs;
}

/** ValidatePodDisruptionBudgetStatusUpdate (policy/v1). */
function validatePDBStatus(status: Obj): FieldErrors {
  return [
    ...validateConditions(status.conditions, 'status.conditions'),
    ...validateNonnegative(num(status.disruptionsAllowed), 'status.disruptionsAllowed'),
    ...validateNonnegative(num(status.currentHealthy), 'status.currentHealthy'),
    ...validateNonnegative(num(status.desiredHealthy), 'status.desiredHealthy'),
    ...validateNonnegative(num(status.expectedPods), 'status.expectedPods'),
  ];
}

export function validatePodDisruptionBudget(pdb: Obj): FieldErrors {
  return validatePDBSpec(obj(pdb.spec), false);
}

export function validatePodDisruptionBudgetUpdate(pdb: Obj, old: Obj): FieldErrors {
  const oldSel = obj(old.spec).selector;
  const allowInvalid = isSet(oldSel) && validateMetav1LabelSelector(obj(oldSel), 'spec.selector').length > 0;
  return [...validatePDBSpec(obj(pdb.spec), allowInvalid), ...validatePDBStatus(obj(pdb.status))];
}
