// core/v1 LimitRange and ResourceQuota (ValidateLimitRange, ValidateResourceQuota* of
// pkg/apis/core/validation).

import { isQualifiedName } from '../../apimachinery/validation.js';
import { goQuantityLiteral, Quantity } from '../../apimachinery/quantity.js';
import { GoValue } from '../../apimachinery/errors.js';
import {
  isOvercommitAllowed,
  isResourceQuotaScopeValidForResource,
  isStandardQuotaResourceName,
  STANDARD_LIMIT_RANGE_TYPES,
  STANDARD_QUOTA_SCOPES,
  validateContainerResourceName,
  validateResourceName,
  validateResourceQuantityValue,
  validateResourceQuotaResourceName,
} from './resources.js';
import { fieldErr, FIELD_IMMUTABLE, isSet, key, obj, objs, quantity, sortedKeys, str, strs, type FieldErrors, type Obj } from './util.js';

// ---- LimitRange ----

function validateLimitRangeTypeName(value: string, path: string): FieldErrors {
  const errs = isQualifiedName(value).map((m) => fieldErr.invalid(path, value, m));
  if (errs.length) return errs;
  if (!value.includes('/') && !STANDARD_LIMIT_RANGE_TYPES.has(value)) return [fieldErr.invalid(path, value, 'must be a standard limit type or fully qualified')];
  return [];
}

function validateLimitRangeResourceName(limitType: string, name: string, path: string): FieldErrors {
  return limitType === 'Pod' || limitType === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

const MAX_MILLI_VALUE = 9223372036854775n; // MaxInt64 / 1000

/** Go's %f. */
const goFloat = (f: number) => (Number.isFinite(f) ? f.toFixed(6) : f > 0 ? '+Inf' : f < 0 ? '-Inf' : 'NaN');

export function validateLimitRange(lr: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const seenTypes = new Set<string>();
  objs(obj(lr.spec).limits).forEach((limit, i) => {
    const idx = `spec.limits[${i}]`;
    const type = str(limit.type);
    errs.push(...validateLimitRangeTypeName(type, `${idx}.type`));
    if (seenTypes.has(type)) errs.push(fieldErr.duplicate(`${idx}.type`, type));
    seenTypes.add(type);

    const keys = new Set<string>();
    const collect = (f: string): Map<string, Quantity> => {
      const m = new Map<string, Quantity>();
      for (const k of sortedKeys(limit[f])) {
        errs.push(...validateLimitRangeResourceName(type, k, key(`${idx}.${f}`, k)));
        keys.add(k);
        const q = quantity(obj(limit[f])[k]);
        if (q) m.set(k, q);
      }
      return m;
    };
    const max = collect('max');
    const min = collect('min');
    let defaults = new Map<string, Quantity>();
    let defaultRequests = new Map<string, Quantity>();
    if (type === 'Pod') {
      if (Object.keys(obj(limit.default)).length > 0) errs.push(fieldErr.forbidden(`${idx}.default`, "may not be specified when `type` is 'Pod'"));
      if (Object.keys(obj(limit.defaultRequest)).length > 0) errs.push(fieldErr.forbidden(`${idx}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
    } else {
      defaults = collect('default');
      defaultRequests = collect('defaultRequest');
    }
    if (type === 'PersistentVolumeClaim' && !Object.hasOwn(obj(limit.min), 'storage') && !Object.hasOwn(obj(limit.max), 'storage')) {
      errs.push(fieldErr.required(`${idx}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
    }
    const ratios = collect('maxLimitRequestRatio');

    for (const k of [...keys].sort()) {
      const mn = min.get(k);
      const mx = max.get(k);
      const df = defaults.get(k);
      const dr = defaultRequests.get(k);
      const ratio = ratios.get(k);
      // Upstream passes the Quantity itself as the value: field.Error prints it with %#v.
      const go = (f: string) => new GoValue(goQuantityLiteral(String(obj(limit[f])[k]), true));
      if (mn && mx && mn.cmp(mx) > 0) errs.push(fieldErr.invalid(key(`${idx}.min`, k), go('min'), `min value ${mn} is greater than max value ${mx}`));
      if (dr && mn && mn.cmp(dr) > 0) errs.push(fieldErr.invalid(key(`${idx}.defaultRequest`, k), go('defaultRequest'), `min value ${mn} is greater than default request value ${dr}`));
      if (dr && mx && dr.cmp(mx) > 0) errs.push(fieldErr.invalid(key(`${idx}.defaultRequest`, k), go('defaultRequest'), `default request value ${dr} is greater than max value ${mx}`));
      if (dr && df && dr.cmp(df) > 0) errs.push(fieldErr.invalid(key(`${idx}.defaultRequest`, k), go('defaultRequest'), `default request value ${dr} is greater than default limit value ${df}`));
      if (df && mn && mn.cmp(df) > 0) errs.push(fieldErr.invalid(key(`${idx}.default`, k), go('min'), `min value ${mn} is greater than default value ${df}`));
      if (df && mx && df.cmp(mx) > 0) errs.push(fieldErr.invalid(key(`${idx}.default`, k), go('max'), `default value ${df} is greater than max value ${mx}`));
      if (ratio && ratio.cmp(Quantity.fromInt(1n)) < 0) errs.push(fieldErr.invalid(key(`${idx}.maxLimitRequestRatio`, k), go('maxLimitRequestRatio'), `ratio ${ratio} is less than 1`));
      if (ratio && mn && mx) {
        let ratioValue = Number(ratio.value());
        let minValue = mn.value();
        let maxValue = mx.value();
        if (ratio.value() < MAX_MILLI_VALUE && minValue < MAX_MILLI_VALUE && maxValue < MAX_MILLI_VALUE) {
          ratioValue = Number(ratio.scaledValue(-3)) / 1000;
          minValue = mn.scaledValue(-3);
          maxValue = mx.scaledValue(-3);
        }
        const limit = Number(maxValue) / Number(minValue);
        if (ratioValue > limit) {
          errs.push(fieldErr.invalid(key(`${idx}.maxLimitRequestRatio`, k), go('maxLimitRequestRatio'), `ratio ${ratio} is greater than max/min = ${goFloat(limit)}`));
        }
      }
      if (!isOvercommitAllowed(k) && df && dr && df.cmp(dr) !== 0) {
        errs.push(fieldErr.invalid(key(`${idx}.defaultRequest`, k), dr.toString(), `default value ${df} must equal to defaultRequest value ${dr} in ${k}`));
      }
    }
  });
  return errs;
}

// ---- ResourceQuota ----

const INVALID_SCOPE_PAIRS: [string, string][] = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
];

function validateScopes(spec: Obj): FieldErrors {
  const scopes = strs(spec.scopes);
  if (scopes.length === 0) return [];
  const errs: FieldErrors = [];
  const hard = sortedKeys(spec.hard);
  const path = 'spec.scopes';
  for (const scope of scopes) {
    if (!STANDARD_QUOTA_SCOPES.includes(scope)) errs.push(fieldErr.invalid(path, scopes, 'unsupported scope'));
    for (const k of hard) {
      if (isStandardQuotaResourceName(k) && !isResourceQuotaScopeValidForResource(scope, k)) errs.push(fieldErr.invalid(path, scopes, 'unsupported scope applied to resource'));
    }
  }
  for (const [a, b] of INVALID_SCOPE_PAIRS) if (scopes.includes(a) && scopes.includes(b)) errs.push(fieldErr.invalid(path, scopes, 'conflicting scopes'));
  return errs;
}

function validateScopeSelector(spec: Obj): FieldErrors {
  if (!isSet(spec.scopeSelector)) return [];
  const selector = obj(spec.scopeSelector);
  const errs: FieldErrors = [];
  const hard = sortedKeys(spec.hard);
  const path = 'spec.scopeSelector.matchExpressions';
  const seen = new Set<string>();
  for (const req of objs(selector.matchExpressions)) {
    const scope = str(req.scopeName);
    const op = str(req.operator);
    const values = strs(req.values);
    if (!STANDARD_QUOTA_SCOPES.includes(scope)) errs.push(fieldErr.invalid(`${path}.scopeName`, scope, 'unsupported scope'));
    for (const k of hard) {
      if (isStandardQuotaResourceName(k) && !isResourceQuotaScopeValidForResource(scope, k)) errs.push(fieldErr.invalid(path, selector, 'unsupported scope applied to resource'));
    }
    if (['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity'].includes(scope) && op !== 'Exists') {
      errs.push(
        fieldErr.invalid(
          `${path}.operator`,
          op,
          "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
        ),
      );
    }
    switch (op) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(fieldErr.required(`${path}.values`, "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length !== 0) errs.push(fieldErr.invalid(`${path}.values`, values, "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
        break;
      default:
        errs.push(fieldErr.invalid(`${path}.operator`, op, 'not a valid selector operator'));
    }
    seen.add(scope);
  }
  for (const [a, b] of INVALID_SCOPE_PAIRS) if (seen.has(a) && seen.has(b)) errs.push(fieldErr.invalid(path, spec.scopes ?? null, 'conflicting scopes'));
  return errs;
}

function validateQuotaResourceList(list: unknown, path: string): FieldErrors {
  const errs: FieldErrors = [];
  for (const k of sortedKeys(list)) {
    const p = key(path, k);
    errs.push(...validateResourceQuotaResourceName(k, p));
    errs.push(...validateResourceQuantityValue(k, obj(list)[k], p));
  }
  return errs;
}

function validateResourceQuotaSpec(spec: Obj): FieldErrors {
  return [...validateQuotaResourceList(spec.hard, 'spec.hard'), ...validateScopes(spec), ...validateScopeSelector(spec)];
}

function validateResourceQuotaStatus(status: Obj): FieldErrors {
  return [...validateQuotaResourceList(status.hard, 'status.hard'), ...validateQuotaResourceList(status.used, 'status.used')];
}

export function validateResourceQuota(rq: Obj): FieldErrors {
  return [...validateResourceQuotaSpec(obj(rq.spec)), ...validateResourceQuotaStatus(obj(rq.status))];
}

export function validateResourceQuotaUpdate(rq: Obj, old: Obj): FieldErrors {
  const errs = validateResourceQuotaSpec(obj(rq.spec));
  const newScopes = new Set(strs(obj(rq.spec).scopes));
  const oldScopes = new Set(strs(obj(old.spec).scopes));
  if (newScopes.size !== oldScopes.size || [...newScopes].some((s) => !oldScopes.has(s))) {
    errs.push(fieldErr.invalid('spec.scopes', obj(rq.spec).scopes ?? null, FIELD_IMMUTABLE));
  }
  errs.push(...validateResourceQuotaStatus(obj(rq.status)));
  return errs;
}
