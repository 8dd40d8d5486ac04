// Conversion between autoscaling/v1 and autoscaling/v2 HorizontalPodAutoscaler, as
// upstream's pkg/apis/autoscaling/v1 conversion does it. v2 is the storage version.
//
// autoscaling/v1 only has targetCPUUtilizationPercentage; everything else v2 can say
// travels in annotations of the v1 object: the other metrics, the current metrics, the
// conditions (in autoscaling/v1's MetricSpec/MetricStatus/condition shapes) and the
// behavior (marshalled from upstream's internal type, whose JSON keys are the Go field
// names). Converting back reads them and drops them. Keys are built in Go field order so
// the annotation text matches what kube-apiserver writes.

import type { Obj } from '../kind.js';

export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';
const ROUND_TRIP_ANNOTATIONS = [METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION];

/** autoscaling/v1 formerly defaulted to 80% CPU in the controller; conversion makes it explicit. */
const DEFAULT_CPU_UTILIZATION = 80;
/** A resource.Quantity's zero value, as Go marshals it. */
const ZERO_QUANTITY = '0';

type Maybe = Obj | undefined;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (v: unknown): boolean => v !== undefined && v !== null;
const copy = <T>(v: T): T => structuredClone(v);

/** Set key to value unless Go's omitempty drops it (nil pointer, empty slice). */
function put(out: Obj, key: string, v: unknown): void {
  if (v === undefined || v === null) return;
  if (Array.isArray(v) && v.length === 0) return;
  out[key] = v;
}

/** Go's json.Unmarshal matches keys case-insensitively, preferring an exact match. */
function field(obj: unknown, name: string): unknown {
  if (!isObj(obj)) return undefined;
  if (name in obj) return obj[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

function parseJSON(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function ref(r: unknown): Obj {
  const out: Obj = { kind: String(field(r, 'kind') ?? ''), name: String(field(r, 'name') ?? '') };
  const apiVersion = field(r, 'apiVersion');
  if (apiVersion) out.apiVersion = apiVersion;
  return out;
}

/** LabelSelector in Go field order (matchLabels keys sorted as Go marshals maps). */
function selector(s: unknown): Maybe {
  if (!isObj(s)) return undefined;
  const out: Obj = {};
  const labels = field(s, 'matchLabels');
  if (isObj(labels) && Object.keys(labels).length) {
    out.matchLabels = Object.fromEntries(Object.keys(labels).sort().map((k) => [k, labels[k]]));
  }
  const exprs = field(s, 'matchExpressions');
  if (Array.isArray(exprs) && exprs.length) {
    out.matchExpressions = exprs.map((e) => {
      const r: Obj = { key: field(e, 'key') ?? '', operator: field(e, 'operator') ?? '' };
      put(r, 'values', field(e, 'values'));
      return r;
    });
  }
  return out;
}

function identifier(name: unknown, sel: unknown): Obj {
  const out: Obj = { name: name ?? '' };
  put(out, 'selector', selector(sel));
  return out;
}

const isCPUResource = (m: Obj): boolean => m.type === 'Resource' && isObj(m.resource) && m.resource.name === 'cpu';

// ---- autoscaling/v2 → autoscaling/v1 annotation shapes ----

function metricSpecToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  const o = m.object;
  if (isObj(o)) {
    const r: Obj = { target: ref(o.describedObject), metricName: o.metric?.name ?? '', targetValue: o.target?.value ?? ZERO_QUANTITY };
    put(r, 'selector', selector(o.metric?.selector));
    put(r, 'averageValue', o.target?.averageValue);
    out.object = r;
  }
  const p = m.pods;
  if (isObj(p)) {
    const r: Obj = { metricName: p.metric?.name ?? '', targetAverageValue: p.target?.averageValue ?? ZERO_QUANTITY };
    put(r, 'selector', selector(p.metric?.selector));
    out.pods = r;
  }
  for (const key of ['resource', 'containerResource'] as const) {
    const s = m[key];
    if (!isObj(s)) continue;
    const r: Obj = { name: s.name ?? '' };
    put(r, 'targetAverageUtilization', s.target?.averageUtilization);
    put(r, 'targetAverageValue', s.target?.averageValue);
    if (key === 'containerResource') r.container = s.container ?? '';
    out[key] = r;
  }
  const e = m.external;
  if (isObj(e)) {
    const r: Obj = { metricName: e.metric?.name ?? '' };
    put(r, 'metricSelector', selector(e.metric?.selector));
    put(r, 'targetValue', e.target?.value);
    put(r, 'targetAverageValue', e.target?.averageValue);
    out.external = r;
  }
  return out;
}

function metricStatusToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  const o = m.object;
  if (isObj(o)) {
    const r: Obj = { target: ref(o.describedObject), metricName: o.metric?.name ?? '', currentValue: o.current?.value ?? ZERO_QUANTITY };
    put(r, 'selector', selector(o.metric?.selector));
    put(r, 'averageValue', o.current?.averageValue);
    out.object = r;
  }
  const p = m.pods;
  if (isObj(p)) {
    const r: Obj = { metricName: p.metric?.name ?? '', currentAverageValue: p.current?.averageValue ?? ZERO_QUANTITY };
    put(r, 'selector', selector(p.metric?.selector));
    out.pods = r;
  }
  for (const key of ['resource', 'containerResource'] as const) {
    const s = m[key];
    if (!isObj(s)) continue;
    const r: Obj = { name: s.name ?? '' };
    put(r, 'currentAverageUtilization', s.current?.averageUtilization);
    r.currentAverageValue = s.current?.averageValue ?? ZERO_QUANTITY;
    if (key === 'containerResource') r.container = s.container ?? '';
    out[key] = r;
  }
  const e = m.external;
  if (isObj(e)) {
    const r: Obj = { metricName: e.metric?.name ?? '' };
    put(r, 'metricSelector', selector(e.metric?.selector));
    r.currentValue = e.current?.value ?? ZERO_QUANTITY;
    put(r, 'currentAverageValue', e.current?.averageValue);
    out.external = r;
  }
  return out;
}

/** metav1.Time without omitempty effect: a zero time marshals as null. */
function conditionToV1(c: Obj): Obj {
  const out: Obj = { type: c.type ?? '', status: c.status ?? '', lastTransitionTime: c.lastTransitionTime ?? null };
  put(out, 'reason', c.reason || undefined);
  put(out, 'message', c.message || undefined);
  return out;
}

/** The internal HorizontalPodAutoscalerBehavior as encoding/json writes it: Go field names, nil as null. */
function behaviorToInternalJSON(b: Obj): string {
  const rules = (r: unknown) => {
    if (!isObj(r)) return null;
    return {
      StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
      SelectPolicy: r.selectPolicy ?? null,
      Policies: Array.isArray(r.policies) ? r.policies.map((p: Obj) => ({ Type: p.type ?? '', Value: p.value ?? 0, PeriodSeconds: p.periodSeconds ?? 0 })) : null,
      Tolerance: r.tolerance ?? null,
    };
  };
  return JSON.stringify({ ScaleUp: rules(b.scaleUp), ScaleDown: rules(b.scaleDown) });
}

function withoutRoundTripAnnotations(meta: Obj): Obj {
  const annotations = meta.annotations;
  if (!isObj(annotations)) return meta;
  if (!ROUND_TRIP_ANNOTATIONS.some((k) => k in annotations)) return meta;
  const kept = Object.fromEntries(Object.entries(annotations).filter(([k]) => !ROUND_TRIP_ANNOTATIONS.includes(k)));
  const out: Obj = { ...meta, annotations: kept };
  if (Object.keys(kept).length === 0) delete out.annotations;
  return out;
}

/** autoscaling/v2 (stored) → autoscaling/v1 (served). */
export function hpaV2ToV1(v2: Obj): Obj {
  const spec: Obj = isObj(v2.spec) ? v2.spec : {};
  const status: Obj = isObj(v2.status) ? v2.status : {};
  const metrics: Obj[] = Array.isArray(spec.metrics) ? spec.metrics.filter(isObj) : [];
  const currentMetrics: Obj[] = Array.isArray(status.currentMetrics) ? status.currentMetrics.filter(isObj) : [];
  const conditions: Obj[] = Array.isArray(status.conditions) ? status.conditions.filter(isObj) : [];

  const v1Spec: Obj = { scaleTargetRef: ref(spec.scaleTargetRef) };
  put(v1Spec, 'minReplicas', spec.minReplicas);
  v1Spec.maxReplicas = spec.maxReplicas ?? 0;
  const cpu = metrics.find(isCPUResource);
  if (cpu) put(v1Spec, 'targetCPUUtilizationPercentage', cpu.resource.target?.averageUtilization);

  const v1Status: Obj = {};
  put(v1Status, 'observedGeneration', status.observedGeneration);
  put(v1Status, 'lastScaleTime', status.lastScaleTime);
  v1Status.currentReplicas = status.currentReplicas ?? 0;
  v1Status.desiredReplicas = status.desiredReplicas ?? 0;
  // The last CPU utilization listed wins, as upstream's loop does not stop at the first.
  for (const m of currentMetrics) {
    if (isCPUResource(m) && has(m.resource.current?.averageUtilization)) v1Status.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
  }

  const metadata = withoutRoundTripAnnotations(copy(isObj(v2.metadata) ? v2.metadata : {}));
  const added: Obj = {};
  const others = metrics.filter((m) => !(isCPUResource(m) && has(m.resource.target?.averageUtilization)));
  if (others.length) added[METRIC_SPECS_ANNOTATION] = JSON.stringify(others.map(metricSpecToV1));
  if (currentMetrics.length) added[METRIC_STATUSES_ANNOTATION] = JSON.stringify(currentMetrics.map(metricStatusToV1));
  if (isObj(spec.behavior)) added[BEHAVIOR_ANNOTATION] = behaviorToInternalJSON(spec.behavior);
  if (conditions.length) added[CONDITIONS_ANNOTATION] = JSON.stringify(conditions.map(conditionToV1));
  if (Object.keys(added).length) metadata.annotations = { ...(isObj(metadata.annotations) ? metadata.annotations : {}), ...added };

  const out: Obj = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec: v1Spec, status: v1Status };
  return out;
}

// ---- autoscaling/v1 annotation shapes → autoscaling/v2 ----

function target(type: string, value: unknown, averageValue: unknown, averageUtilization: unknown): Obj {
  const out: Obj = { type };
  put(out, 'value', value);
  put(out, 'averageValue', averageValue);
  put(out, 'averageUtilization', averageUtilization);
  return out;
}

function valueStatus(value: unknown, averageValue: unknown, averageUtilization: unknown): Obj {
  const out: Obj = {};
  put(out, 'value', value);
  put(out, 'averageValue', averageValue);
  put(out, 'averageUtilization', averageUtilization);
  return out;
}

function metricSpecFromV1(m: unknown): Obj {
  const out: Obj = { type: field(m, 'type') ?? '' };
  const o = field(m, 'object');
  if (isObj(o)) {
    const averageValue = field(o, 'averageValue');
    out.object = {
      describedObject: ref(field(o, 'target')),
      target: target(has(averageValue) ? 'AverageValue' : 'Value', field(o, 'targetValue') ?? ZERO_QUANTITY, averageValue, undefined),
      metric: identifier(field(o, 'metricName'), field(o, 'selector')),
    };
  }
  const p = field(m, 'pods');
  if (isObj(p)) {
    out.pods = {
      metric: identifier(field(p, 'metricName'), field(p, 'selector')),
      target: target('AverageValue', undefined, field(p, 'targetAverageValue') ?? ZERO_QUANTITY, undefined),
    };
  }
  for (const key of ['resource', 'containerResource'] as const) {
    const s = field(m, key);
    if (!isObj(s)) continue;
    const utilization = field(s, 'targetAverageUtilization');
    const r: Obj = {
      name: field(s, 'name') ?? '',
      target: target(has(utilization) ? 'Utilization' : 'AverageValue', undefined, field(s, 'targetAverageValue'), utilization),
    };
    if (key === 'containerResource') r.container = field(s, 'container') ?? '';
    out[key] = r;
  }
  const e = field(m, 'external');
  if (isObj(e)) {
    const value = field(e, 'targetValue');
    out.external = {
      metric: identifier(field(e, 'metricName'), field(e, 'metricSelector')),
      target: target(has(value) ? 'Value' : 'AverageValue', value, field(e, 'targetAverageValue'), undefined),
    };
  }
  return out;
}

function metricStatusFromV1(m: unknown): Obj {
  const out: Obj = { type: field(m, 'type') ?? '' };
  const o = field(m, 'object');
  if (isObj(o)) {
    out.object = {
      metric: identifier(field(o, 'metricName'), field(o, 'selector')),
      current: valueStatus(field(o, 'currentValue') ?? ZERO_QUANTITY, field(o, 'averageValue'), undefined),
      describedObject: ref(field(o, 'target')),
    };
  }
  const p = field(m, 'pods');
  if (isObj(p)) {
    out.pods = {
      metric: identifier(field(p, 'metricName'), field(p, 'selector')),
      current: valueStatus(undefined, field(p, 'currentAverageValue') ?? ZERO_QUANTITY, undefined),
    };
  }
  for (const key of ['resource', 'containerResource'] as const) {
    const s = field(m, key);
    if (!isObj(s)) continue;
    const r: Obj = {
      name: field(s, 'name') ?? '',
      current: valueStatus(undefined, field(s, 'currentAverageValue') ?? ZERO_QUANTITY, field(s, 'currentAverageUtilization')),
    };
    if (key === 'containerResource') r.container = field(s, 'container') ?? '';
    out[key] = r;
  }
  const e = field(m, 'external');
  if (isObj(e)) {
    out.external = {
      metric: identifier(field(e, 'metricName'), field(e, 'metricSelector')),
      current: valueStatus(field(e, 'currentValue') ?? ZERO_QUANTITY, field(e, 'currentAverageValue'), undefined),
    };
  }
  return out;
}

function conditionFromV1(c: unknown): Obj {
  const out: Obj = { type: field(c, 'type') ?? '', status: field(c, 'status') ?? '' };
  put(out, 'lastTransitionTime', field(c, 'lastTransitionTime'));
  put(out, 'reason', field(c, 'reason') || undefined);
  put(out, 'message', field(c, 'message') || undefined);
  return out;
}

function behaviorFromInternalJSON(text: unknown): Maybe {
  const b = parseJSON(text);
  if (!isObj(b)) return undefined;
  const rules = (r: unknown): Maybe => {
    if (!isObj(r)) return undefined;
    const out: Obj = {};
    put(out, 'stabilizationWindowSeconds', field(r, 'stabilizationWindowSeconds'));
    put(out, 'selectPolicy', field(r, 'selectPolicy'));
    const policies = field(r, 'policies');
    if (Array.isArray(policies)) {
      out.policies = policies.map((p) => ({ type: field(p, 'type') ?? '', value: field(p, 'value') ?? 0, periodSeconds: field(p, 'periodSeconds') ?? 0 }));
    }
    put(out, 'tolerance', field(r, 'tolerance'));
    return out;
  };
  const scaleUp = rules(field(b, 'scaleUp'));
  const scaleDown = rules(field(b, 'scaleDown'));
  // An all-nil behavior converts to none, as upstream compares against the zero value.
  if (!scaleUp && !scaleDown) return undefined;
  const out: Obj = {};
  put(out, 'scaleUp', scaleUp);
  put(out, 'scaleDown', scaleDown);
  return out;
}

/** autoscaling/v1 (served) → autoscaling/v2 (stored). */
export function hpaV1ToV2(v1: Obj): Obj {
  const spec: Obj = isObj(v1.spec) ? v1.spec : {};
  const status: Obj = isObj(v1.status) ? v1.status : {};
  const metadata: Obj = copy(isObj(v1.metadata) ? v1.metadata : {});
  const annotations: Obj = isObj(metadata.annotations) ? metadata.annotations : {};

  let metrics: Obj[] = [];
  if (has(spec.targetCPUUtilizationPercentage)) {
    metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } }];
  }
  const others = parseJSON(annotations[METRIC_SPECS_ANNOTATION]);
  if (Array.isArray(others)) metrics = [...others.map(metricSpecFromV1), ...metrics.slice(0, 1)];
  if (metrics.length === 0) {
    metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  const v2Spec: Obj = { scaleTargetRef: ref(spec.scaleTargetRef) };
  put(v2Spec, 'minReplicas', spec.minReplicas);
  v2Spec.maxReplicas = spec.maxReplicas ?? 0;
  v2Spec.metrics = metrics;
  put(v2Spec, 'behavior', behaviorFromInternalJSON(annotations[BEHAVIOR_ANNOTATION]));

  let currentMetrics: Obj[] | undefined;
  if (has(status.currentCPUUtilizationPercentage)) {
    currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
  }
  const statuses = parseJSON(annotations[METRIC_STATUSES_ANNOTATION]);
  if (Array.isArray(statuses)) currentMetrics = statuses.map(metricStatusFromV1);
  const conditions = parseJSON(annotations[CONDITIONS_ANNOTATION]);

  const v2Status: Obj = {};
  put(v2Status, 'observedGeneration', status.observedGeneration);
  put(v2Status, 'lastScaleTime', status.lastScaleTime);
  put(v2Status, 'currentReplicas', status.currentReplicas || undefined);
  v2Status.desiredReplicas = status.desiredReplicas ?? 0;
  if (currentMetrics) v2Status.currentMetrics = currentMetrics;
  if (Array.isArray(conditions)) put(v2Status, 'conditions', conditions.map(conditionFromV1));

  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: withoutRoundTripAnnotations(metadata),
    spec: v2Spec,
    status: v2Status,
  };
}
