// The HorizontalPodAutoscaler printer. Upstream prints the internal object, which has the
// autoscaling/v2 shape; an autoscaling/v1 object is first read as v2 the way upstream's
// conversion does (the CPU target, plus other metrics kept in annotations).

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, int, quantity, str } from './format.js';

const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';

function parseAnnotationList(o: Obj, key: string): Obj[] {
  const raw = o.metadata?.annotations?.[key];
  if (typeof raw !== 'string') return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v as Obj[]) : [];
  } catch {
    return [];
  }
}

/** An autoscaling/v1 MetricSpec (the annotation form) as a v2 MetricSpec. */
function v1MetricSpec(m: Obj): Obj {
  switch (m?.type) {
    case 'Object': {
      const s = m.object ?? {};
      const avg = s.averageValue;
      return { type: 'Object', object: { target: { type: avg == null ? 'Value' : 'AverageValue', value: s.targetValue, averageValue: avg } } };
    }
    case 'Pods':
      return { type: 'Pods', pods: { target: { type: 'AverageValue', averageValue: m.pods?.targetAverageValue } } };
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      const util = s.targetAverageUtilization;
      return {
        type: m.type,
        [key]: { name: s.name, target: { type: util == null ? 'AverageValue' : 'Utilization', averageUtilization: util, averageValue: s.targetAverageValue } },
      };
    }
    case 'External': {
      const s = m.external ?? {};
      return { type: 'External', external: { target: { type: s.targetValue == null ? 'AverageValue' : 'Value', value: s.targetValue, averageValue: s.targetAverageValue } } };
    }
    default:
      return { type: m?.type };
  }
}

/** An autoscaling/v1 MetricStatus (the annotation form) as a v2 MetricStatus. */
function v1MetricStatus(m: Obj): Obj {
  switch (m?.type) {
    case 'Object':
      return { type: 'Object', object: { current: { value: m.object?.currentValue, averageValue: m.object?.averageValue } } };
    case 'Pods':
      return { type: 'Pods', pods: { current: { averageValue: m.pods?.currentAverageValue } } };
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      return { type: m.type, [key]: { name: s.name, current: { averageUtilization: s.currentAverageUtilization, averageValue: s.currentAverageValue } } };
    }
    case 'External':
      return { type: 'External', external: { current: { value: m.external?.currentValue, averageValue: m.external?.currentAverageValue } } };
    default:
      return { type: m?.type };
  }
}

function isV1(o: Obj): boolean {
  if (typeof o.apiVersion === 'string') return o.apiVersion === 'autoscaling/v1';
  return !Array.isArray(o.spec?.metrics) && ('targetCPUUtilizationPercentage' in (o.spec ?? {}) || METRIC_SPECS_ANNOTATION in (o.metadata?.annotations ?? {}));
}

/** The v2 spec.metrics and status.currentMetrics of an HPA in either version. */
export function hpaMetrics(o: Obj): { specs: Obj[]; statuses: Obj[] } {
  if (!isV1(o)) return { specs: arr(o.spec?.metrics), statuses: arr(o.status?.currentMetrics) };
  const specs = parseAnnotationList(o, METRIC_SPECS_ANNOTATION).map(v1MetricSpec);
  const cpu = o.spec?.targetCPUUtilizationPercentage;
  if (typeof cpu === 'number') specs.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } } });
  const statuses = parseAnnotationList(o, METRIC_STATUSES_ANNOTATION).map(v1MetricStatus);
  const current = o.status?.currentCPUUtilizationPercentage;
  if (typeof current === 'number') statuses.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: current } } });
  return { specs, statuses };
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** One resource-style target ("cpu: 40%/80%", "memory: 100Mi/200Mi"). */
function resourceTarget(spec: Obj, status: Obj | undefined): string {
  const name = str(spec?.name);
  const target = spec?.target ?? {};
  if (present(target.averageValue)) {
    const current = status ? quantity(status.current?.averageValue) : '<unknown>';
    return `${name}: ${current}/${quantity(target.averageValue)}`;
  }
  const current = status && present(status.current?.averageUtilization) ? `${int(status.current.averageUtilization)}%` : '<unknown>';
  const want = present(target.averageUtilization) ? `${int(target.averageUtilization)}%` : '<auto>';
  return `${name}: ${current}/${want}`;
}

/** formatHPAMetrics: each target as current/target, at most two, then " + N more...". */
export function formatHPAMetrics(specs: Obj[], statuses: Obj[]): string {
  if (specs.length === 0) return '<none>';
  const list: string[] = [];
  const max = 2;
  specs.forEach((spec, i) => {
    const status: Obj | undefined = statuses.length > i ? statuses[i] : undefined;
    switch (spec?.type) {
      case 'External': {
        const target = spec.external?.target ?? {};
        const s = status?.external;
        if (present(target.averageValue)) {
          const current = s && present(s.current?.averageValue) ? quantity(s.current.averageValue) : '<unknown>';
          list.push(`${current}/${quantity(target.averageValue)} (avg)`);
        } else {
          const current = s ? quantity(s.current?.value) : '<unknown>';
          list.push(`${current}/${quantity(target.value)}`);
        }
        break;
      }
      case 'Pods': {
        const s = status?.pods;
        const current = s ? quantity(s.current?.averageValue) : '<unknown>';
        list.push(`${current}/${quantity(spec.pods?.target?.averageValue)}`);
        break;
      }
      case 'Object': {
        const target = spec.object?.target ?? {};
        const s = status?.object;
        if (present(target.averageValue)) {
          const current = s && present(s.current?.averageValue) ? quantity(s.current.averageValue) : '<unknown>';
          list.push(`${current}/${quantity(target.averageValue)} (avg)`);
        } else {
          const current = s ? quantity(s.current?.value) : '<unknown>';
          list.push(`${current}/${quantity(target.value)}`);
        }
        break;
      }
      case 'Resource':
        list.push(resourceTarget(spec.resource, status?.resource ?? undefined));
        break;
      case 'ContainerResource':
        list.push(resourceTarget(spec.containerResource, status?.containerResource ?? undefined));
        break;
      default:
        list.push('<unknown type>');
    }
  });
  const count = list.length;
  if (count > max) return `${list.slice(0, max).join(', ')} + ${count - max} more...`;
  return list.join(', ');
}

export const horizontalPodAutoscalerColumns: TableColumn[] = [
  col('Reference', 'string', DOCS['v2.HorizontalPodAutoscalerSpec.scaleTargetRef'], (o) => `${str(o.spec?.scaleTargetRef?.kind)}/${str(o.spec?.scaleTargetRef?.name)}`),
  col('Targets', 'string', DOCS['v2.HorizontalPodAutoscalerSpec.metrics'], (o) => {
    const { specs, statuses } = hpaMetrics(o);
    return formatHPAMetrics(specs, statuses);
  }),
  col('MinPods', 'string', DOCS['v2.HorizontalPodAutoscalerSpec.minReplicas'], (o) => (present(o.spec?.minReplicas) ? String(int(o.spec.minReplicas)) : '<unset>')),
  col('MaxPods', 'string', DOCS['v2.HorizontalPodAutoscalerSpec.maxReplicas'], (o) => int(o.spec?.maxReplicas)),
  col('Replicas', 'string', DOCS['v2.HorizontalPodAutoscalerStatus.currentReplicas'], (o) => int(o.status?.currentReplicas)),
  ageColumn(),
];
