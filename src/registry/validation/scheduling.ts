// scheduling.k8s.io PriorityClass validation (upstream pkg/apis/scheduling/validation
// ValidatePriorityClass, ValidatePriorityClassUpdate; pkg/apis/scheduling IsKnownSystemPriorityClass).

import { fieldErr, type FieldError } from '../../apimachinery/errors.js';
import type { Obj } from '../../types/kind.js';

/** pkg/apis/scheduling: the built-in classes and the highest value users may give. */
export const SYSTEM_PRIORITY_CLASS_VALUES: Readonly<Record<string, number>> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000;
const SYSTEM_PREFIX = 'system-';
const PREEMPTION_POLICIES = ['Never', 'PreemptLowerPriority'];

function knownSystemClassError(name: string, value: number, globalDefault: boolean): string | undefined {
  const want = SYSTEM_PRIORITY_CLASS_VALUES[name];
  if (want === undefined) return `${name} is not a known system priority class`;
  if (want !== value) return `value of ${name} PriorityClass must be ${want}`;
  if (globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

export function validatePriorityClass(pc: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const name = String(pc.metadata?.name ?? '');
  const value = Number(pc.value ?? 0);
  if (name.startsWith(SYSTEM_PREFIX)) {
    const why = knownSystemClassError(name, value, pc.globalDefault === true);
    if (why) errs.push(fieldErr.forbidden('metadata.name', `priority class names with '${SYSTEM_PREFIX}' prefix are reserved for system use only. error: ${why}`));
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(fieldErr.forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  if (pc.preemptionPolicy != null && !PREEMPTION_POLICIES.includes(pc.preemptionPolicy)) {
    errs.push(fieldErr.notSupported('preemptionPolicy', pc.preemptionPolicy, PREEMPTION_POLICIES));
  }
  return errs;
}

export function validatePriorityClassUpdate(pc: Obj, old: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (Number(pc.value ?? 0) !== Number(old.value ?? 0)) errs.push(fieldErr.forbidden('value', 'may not be changed in an update.'));
  if ((pc.preemptionPolicy ?? null) !== (old.preemptionPolicy ?? null)) errs.push(fieldErr.invalid('preemptionPolicy', pc.preemptionPolicy ?? null, 'field is immutable'));
  return errs;
}
