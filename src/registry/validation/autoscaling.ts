// autoscaling HorizontalPodAutoscaler (pkg/apis/autoscaling/validation/validation.go, v1.34;
// messages checked against kube-apiserver v1.32). Upstream validates the internal (v2-shaped)
// object, so an autoscaling/v1 object is converted first: its field paths are the v2 ones.

import { isValidPathSegmentName } from '../../apimachinery/validation.js';
import { hpaV1ToV2 } from '../../types/kinds/hpa-conversion.js';
import { fieldErr, isSet, obj, objs, optNum, quantity, quantityString, str, type FieldErrors, type Obj } from './util.js';

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
// HPAScaleToZero is alpha (off): minReplicas must be at least 1.
const MIN_REPLICAS_LOWER_BOUND = 1;
const METRIC_SOURCE_FIELDS: Record<string, string> = { ContainerResource: 'containerResource', External: 'external', Object: 'object', Pods: 'pods', Resource: 'resource' };

function validateCrossVersionObjectReference(ref: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  for (const f of ['kind', 'name']) {
    const v = str(ref[f]);
    if (v === '') errs.push(fieldErr.required(`${path}.${f}`));
    else for (const m of isValidPathSegmentName(v)) errs.push(fieldErr.invalid(`${path}.${f}`, v, m));
  }
  return errs;
}

function positiveQuantity(v: unknown, path: string): FieldErrors {
  if (!isSet(v)) return [];
  return (quantity(v)?.sign() ?? 0) === 1 ? [] : [fieldErr.invalid(path, quantityString(v), 'must be positive')];
}

function validateMetricTarget(t: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const type = str(t.type);
  if (type === '') errs.push(fieldErr.required(`${path}.type`, 'must specify a metric target type'));
  if (!['Utilization', 'Value', 'AverageValue'].includes(type)) errs.push(fieldErr.invalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  errs.push(...positiveQuantity(t.value, `${path}.value`), ...positiveQuantity(t.averageValue, `${path}.averageValue`));
  const util = optNum(t.averageUtilization);
  if (util !== undefined && util < 1) errs.push(fieldErr.invalid(`${path}.averageUtilization`, util, 'must be greater than 0'));
  return errs;
}

function validateMetricIdentifier(id: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(id.name);
  if (name === '') errs.push(fieldErr.required(`${path}.name`, 'must specify a metric name'));
  else for (const m of isValidPathSegmentName(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
  // The metric's selector is not validated (kube-apiserver v1.32 accepts any label keys there).
  return errs;
}

/** Resource and ContainerResource: a utilization or an average value, not both. */
function validateResourceTarget(target: Obj, path: string): FieldErrors {
  const errs = validateMetricTarget(target, path);
  const util = isSet(target.averageUtilization);
  const avg = isSet(target.averageValue);
  if (!util && !avg) errs.push(fieldErr.required(`${path}.averageUtilization`, 'must set either a target raw value or a target utilization'));
  if (util && avg) errs.push(fieldErr.forbidden(`${path}.averageValue`, 'may not set both a target raw value and a target utilization'));
  return errs;
}

function validateSource(field: string, src: Obj, path: string): FieldErrors {
  const target = obj(src.target);
  switch (field) {
    case 'object': {
      const errs = [...validateCrossVersionObjectReference(obj(src.describedObject), `${path}.describedObject`), ...validateMetricIdentifier(obj(src.metric), `${path}.metric`), ...validateMetricTarget(target, `${path}.target`)];
      if (!isSet(target.value) && !isSet(target.averageValue)) errs.push(fieldErr.required(`${path}.target.averageValue`, 'must set either a target value or averageValue'));
      return errs;
    }
    case 'pods': {
      const errs = [...validateMetricIdentifier(obj(src.metric), `${path}.metric`), ...validateMetricTarget(target, `${path}.target`)];
      if (!isSet(target.averageValue)) errs.push(fieldErr.required(`${path}.target.averageValue`, 'must specify a positive target averageValue'));
      return errs;
    }
    case 'external': {
      const errs = [...validateMetricIdentifier(obj(src.metric), `${path}.metric`), ...validateMetricTarget(target, `${path}.target`)];
      if (!isSet(target.value) && !isSet(target.averageValue)) errs.push(fieldErr.required(`${path}.target.averageValue`, 'must set either a target value for metric or a per-pod target'));
      return errs;
    }
    case 'resource': {
      const errs: FieldErrors = [];
      if (str(src.name) === '') errs.push(fieldErr.required(`${path}.name`, 'must specify a resource name'));
      return [...errs, ...validateResourceTarget(target, `${path}.target`)];
    }
    default: {
      const errs: FieldErrors = [];
      if (str(src.name) === '') errs.push(fieldErr.required(`${path}.name`, 'must specify a resource name'));
      if (str(src.container) === '') errs.push(fieldErr.required(`${path}.container`, 'must specify a container'));
      return [...errs, ...validateResourceTarget(target, `${path}.target`)];
    }
  }
}

function validateMetricSpec(spec: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const type = str(spec.type);
  if (type === '') errs.push(fieldErr.required(`${path}.type`, 'must specify a metric source type'));
  const expected = METRIC_SOURCE_FIELDS[type];
  if (!expected) {
    // Upstream reports it twice (the set check and the switch's default); the message shows it once.
    const unsupported = fieldErr.notSupported(`${path}.type`, type, Object.keys(METRIC_SOURCE_FIELDS));
    return [...errs, unsupported, { ...unsupported }];
  }
  // Sources in upstream's order; only the first one present is validated.
  const present = ['object', 'pods', 'resource', 'containerResource', 'external'].filter((f) => isSet(spec[f]));
  if (present.length > 0) errs.push(...validateSource(present[0]!, obj(spec[present[0]!]), `${path}.${present[0]}`));
  if (!present.includes(expected)) errs.push(fieldErr.required(`${path}.${expected}`, 'must populate information for the given metric source'));
  if (present.length !== 1) for (const f of present) if (f !== expected) errs.push(fieldErr.forbidden(`${path}.${f}`, 'must populate the given metric source only'));
  return errs;
}

function validateMetrics(metrics: Obj[], minReplicas: number | undefined): FieldErrors {
  const errs: FieldErrors = [];
  metrics.forEach((m, i) => errs.push(...validateMetricSpec(m, `spec.metrics[${i}]`)));
  const scalesToZero = metrics.some((m) => str(m.type) === 'Object' || str(m.type) === 'External');
  if (minReplicas === 0 && !scalesToZero) errs.push(fieldErr.forbidden('spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas'));
  return errs;
}

function validateScalingRules(rules: unknown, path: string): FieldErrors {
  if (!isSet(rules)) return [];
  const r = obj(rules);
  const errs: FieldErrors = [];
  const window = optNum(r.stabilizationWindowSeconds);
  if (window !== undefined && window < 0) errs.push(fieldErr.invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(fieldErr.invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (isSet(r.selectPolicy) && !['Disabled', 'Max', 'Min'].includes(str(r.selectPolicy))) errs.push(fieldErr.notSupported(`${path}.selectPolicy`, str(r.selectPolicy), ['Disabled', 'Max', 'Min']));
  const policies = objs(r.policies);
  if (policies.length === 0) errs.push(fieldErr.required(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    const pp = `${path}.policies[${i}]`;
    if (!['Percent', 'Pods'].includes(str(p.type))) errs.push(fieldErr.notSupported(`${pp}.type`, str(p.type), ['Percent', 'Pods']));
    const value = optNum(p.value) ?? 0;
    if (value <= 0) errs.push(fieldErr.invalid(`${pp}.value`, value, 'must be greater than zero'));
    const period = optNum(p.periodSeconds) ?? 0;
    if (period <= 0) errs.push(fieldErr.invalid(`${pp}.periodSeconds`, period, 'must be greater than zero'));
    if (period > MAX_PERIOD_SECONDS) errs.push(fieldErr.invalid(`${pp}.periodSeconds`, period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

function validateSpec(spec: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const min = optNum(spec.minReplicas);
  const max = optNum(spec.maxReplicas) ?? 0;
  if (min !== undefined && min < MIN_REPLICAS_LOWER_BOUND) errs.push(fieldErr.invalid('spec.minReplicas', min, `must be greater than or equal to ${MIN_REPLICAS_LOWER_BOUND}`));
  if (max < 1) errs.push(fieldErr.invalid('spec.maxReplicas', max, 'must be greater than 0'));
  if (min !== undefined && max < min) errs.push(fieldErr.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(obj(spec.scaleTargetRef), 'spec.scaleTargetRef'));
  errs.push(...validateMetrics(objs(spec.metrics), min));
  if (isSet(spec.behavior)) {
    const b = obj(spec.behavior);
    errs.push(...validateScalingRules(b.scaleUp, 'spec.behavior.scaleUp'), ...validateScalingRules(b.scaleDown, 'spec.behavior.scaleDown'));
  }
  return errs;
}

/** The v2 (internal) shape of the object, whichever version it was written in. */
function internalForm(hpa: Obj): Obj {
  return hpa.apiVersion === 'autoscaling/v1' ? hpaV1ToV2(structuredClone(hpa)) : hpa;
}

export function validateHorizontalPodAutoscaler(hpa: Obj): FieldErrors {
  return validateSpec(obj(internalForm(hpa).spec));
}

/** Spec updates validate the spec; status updates check the replica counts only. */
export function validateHorizontalPodAutoscalerUpdate(hpa: Obj, _old: Obj, subresource?: string): FieldErrors {
  const internal = internalForm(hpa);
  if (subresource !== 'status') return validateSpec(obj(internal.spec));
  const status = obj(internal.status);
  const errs: FieldErrors = [];
  for (const f of ['currentReplicas', 'desiredReplicas']) {
    const v = optNum(status[f]) ?? 0;
    if (v < 0) errs.push(fieldErr.invalid(`status.${f}`, v, 'must be greater than or equal to 0'));
  }
  return errs;
}
