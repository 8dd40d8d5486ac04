// Conversions between served and stored versions: autoscaling/v1 ↔ v2 HorizontalPodAutoscaler
// (with upstream's round-trip annotations) and resource.k8s.io/v1beta1 ↔ v1. Converted
// objects must fit the target version's schema, and a round trip must give back the input.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Obj } from '../../src/types/kind.js';
import { fieldsOf, type Type } from '../../src/types/schema.js';
import {
  BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, hpaV1ToV2, hpaV2ToV1, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION,
} from '../../src/types/kinds/hpa-conversion.js';
import { resourceClaimTemplateV1beta1, resourceClaimV1beta1, resourceSliceV1beta1 } from '../../src/types/kinds/resource-conversion.js';
import { autoscalingV1Schemas, autoscalingV2Schemas } from '../../src/types/schemas/autoscaling.js';
import { resourceSchemas, resourceV1beta1Schemas } from '../../src/types/schemas/resource.js';

/** Paths of keys the schema does not know. */
function unknownFields(v: unknown, t: Type, at = ''): string[] {
  if (v === null || v === undefined) return [];
  if (t.kind === 'list') return Array.isArray(v) ? v.flatMap((x, i) => unknownFields(x, t.items, `${at}[${i}]`)) : [`${at}: not a list`];
  if (t.kind === 'map') return typeof v === 'object' ? Object.entries(v as Obj).flatMap(([k, x]) => unknownFields(x, t.values, `${at}[${k}]`)) : [`${at}: not a map`];
  if (t.kind !== 'object') return [];
  if (typeof v !== 'object' || Array.isArray(v)) return [`${at}: not an object`];
  const fields = fieldsOf(t);
  return Object.entries(v as Obj).flatMap(([k, x]) => (fields[k] ? unknownFields(x, fields[k], at ? `${at}.${k}` : k) : [`${at ? at + '.' : ''}${k}`]));
}

const meta = { name: 'web', namespace: 'default', uid: 'u-1', resourceVersion: '7', creationTimestamp: '2025-01-01T00:00:00Z', annotations: { team: 'a' } };
const ref = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };

test('autoscaling/v1 targetCPUUtilizationPercentage is a CPU Utilization metric in v2, and back', () => {
  const v1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: meta, spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 60 }, status: { currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 75 } };
  const v2 = hpaV1ToV2(v1);
  assert.deepEqual(v2.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }]);
  assert.deepEqual(v2.status.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 75 } } }]);
  assert.equal(v2.apiVersion, 'autoscaling/v2');
  assert.deepEqual(v2.metadata.annotations, { team: 'a' });
  assert.deepEqual(unknownFields(v2, autoscalingV2Schemas.HorizontalPodAutoscaler!), []);
  // The CPU status carries no raw value: v1 keeps it in the current-metrics annotation.
  const back = hpaV2ToV1(v2);
  assert.deepEqual(back.spec, v1.spec);
  assert.equal(back.status.currentCPUUtilizationPercentage, 75);
  assert.equal(back.metadata.annotations[METRIC_STATUSES_ANNOTATION], '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":75,"currentAverageValue":"0"}}]');
  assert.deepEqual(unknownFields(back, autoscalingV1Schemas.HorizontalPodAutoscaler!), []);
  assert.equal(v1.metadata.annotations.team, 'a', 'input untouched');
});

test('an autoscaling/v1 HPA without a CPU target gets upstream\'s explicit 80% default', () => {
  const v2 = hpaV1ToV2({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x' }, spec: { scaleTargetRef: ref, maxReplicas: 3 } });
  assert.deepEqual(v2.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  assert.equal(hpaV2ToV1(v2).spec.targetCPUUtilizationPercentage, 80);
  assert.deepEqual(v2.status, { desiredReplicas: 0 });
});

const richV2 = {
  apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: meta,
  spec: {
    scaleTargetRef: ref, minReplicas: 1, maxReplicas: 10,
    metrics: [
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
      { type: 'Pods', pods: { metric: { name: 'packets', selector: { matchLabels: { b: '2', a: '1' } } }, target: { type: 'AverageValue', averageValue: '1k' } } },
      { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main', apiVersion: 'networking.k8s.io/v1' }, target: { type: 'Value', value: '10k' }, metric: { name: 'requests' } } },
      { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
      { type: 'ContainerResource', containerResource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 }, container: 'app' } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
    ],
    behavior: { scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } },
  },
  status: {
    observedGeneration: 3, currentReplicas: 4, desiredReplicas: 4,
    currentMetrics: [
      { type: 'Resource', resource: { name: 'cpu', current: { averageValue: '100m', averageUtilization: 40 } } },
      { type: 'External', external: { metric: { name: 'queue' }, current: { value: '12' } } },
    ],
    conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2025-01-01T00:00:00Z', reason: 'ReadyForNewScale', message: 'recommended size matches current size' }],
  },
};

test('autoscaling/v2 fields v1 cannot hold travel in upstream\'s annotations, byte for byte', () => {
  const v1 = hpaV2ToV1(richV2);
  assert.deepEqual(v1.spec, { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 10, targetCPUUtilizationPercentage: 50 });
  assert.deepEqual(v1.status, { observedGeneration: 3, currentReplicas: 4, desiredReplicas: 4, currentCPUUtilizationPercentage: 40 });
  const a = v1.metadata.annotations;
  assert.equal(a.team, 'a');
  assert.equal(a[METRIC_SPECS_ANNOTATION], '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}},'
    + '{"type":"Pods","pods":{"metricName":"packets","targetAverageValue":"1k","selector":{"matchLabels":{"a":"1","b":"2"}}}},'
    + '{"type":"Object","object":{"target":{"kind":"Ingress","name":"main","apiVersion":"networking.k8s.io/v1"},"metricName":"requests","targetValue":"10k"}},'
    + '{"type":"External","external":{"metricName":"queue","targetAverageValue":"30"}},'
    + '{"type":"ContainerResource","containerResource":{"name":"cpu","targetAverageUtilization":70,"container":"app"}}]');
  assert.equal(a[METRIC_STATUSES_ANNOTATION], '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":40,"currentAverageValue":"100m"}},'
    + '{"type":"External","external":{"metricName":"queue","currentValue":"12"}}]');
  assert.equal(a[BEHAVIOR_ANNOTATION], '{"ScaleUp":null,"ScaleDown":{"StabilizationWindowSeconds":300,"SelectPolicy":"Max","Policies":[{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null}}');
  assert.equal(a[CONDITIONS_ANNOTATION], '[{"type":"AbleToScale","status":"True","lastTransitionTime":"2025-01-01T00:00:00Z","reason":"ReadyForNewScale","message":"recommended size matches current size"}]');
  assert.deepEqual(unknownFields(v1, autoscalingV1Schemas.HorizontalPodAutoscaler!), []);

  // Back to v2: the annotations are consumed and dropped; the CPU metric goes last, as upstream appends it.
  const v2 = hpaV1ToV2(v1);
  assert.deepEqual(v2.metadata.annotations, { team: 'a' });
  assert.deepEqual(v2.spec.metrics, [...richV2.spec.metrics.slice(0, 5), richV2.spec.metrics[5]]);
  assert.deepEqual(v2.spec.behavior, richV2.spec.behavior);
  assert.deepEqual(v2.status.conditions, richV2.status.conditions);
  assert.deepEqual(v2.status.currentMetrics, [
    { type: 'Resource', resource: { name: 'cpu', current: { averageValue: '100m', averageUtilization: 40 } } },
    { type: 'External', external: { metric: { name: 'queue' }, current: { value: '12' } } },
  ]);
  assert.deepEqual(unknownFields(v2, autoscalingV2Schemas.HorizontalPodAutoscaler!), []);
});

test('stale round-trip annotations on a v2 object are replaced, and none leak into v2', () => {
  const stored = structuredClone(richV2) as Obj;
  stored.metadata.annotations = { ...stored.metadata.annotations, [METRIC_SPECS_ANNOTATION]: '[]', [CONDITIONS_ANNOTATION]: 'junk' };
  stored.spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 90 } } }];
  delete stored.spec.behavior;
  delete stored.status.currentMetrics;
  delete stored.status.conditions;
  const v1 = hpaV2ToV1(stored);
  assert.deepEqual(v1.metadata.annotations, { team: 'a' });
  // A client writing v1 with garbage annotations: unparseable ones are ignored, all are dropped.
  const v2 = hpaV1ToV2({ ...v1, metadata: { ...v1.metadata, annotations: { [CONDITIONS_ANNOTATION]: '{not json', [BEHAVIOR_ANNOTATION]: '{"ScaleUp":null,"ScaleDown":null}' } } });
  assert.equal(v2.metadata.annotations, undefined);
  assert.equal(v2.spec.behavior, undefined);
  assert.equal(v2.status.conditions, undefined);
});

const claimV1beta1 = {
  apiVersion: 'resource.k8s.io/v1beta1', kind: 'ResourceClaim', metadata: { name: 'gpu', namespace: 'default' },
  spec: {
    devices: {
      requests: [
        { name: 'one', deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }], allocationMode: 'ExactCount', count: 2 },
        { name: 'any', firstAvailable: [{ name: 'big', deviceClassName: 'big.example.com', allocationMode: 'ExactCount', count: 1 }] },
      ],
      constraints: [{ requests: ['one'], matchAttribute: 'gpu.example.com/model' }],
    },
  },
};

test('resource.k8s.io/v1beta1 device requests nest their exact fields under `exactly` in v1', () => {
  const v1 = resourceClaimV1beta1.toStored(claimV1beta1);
  assert.deepEqual(v1.spec.devices.requests, [
    { name: 'one', exactly: { deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }], allocationMode: 'ExactCount', count: 2 } },
    { name: 'any', firstAvailable: [{ name: 'big', deviceClassName: 'big.example.com', allocationMode: 'ExactCount', count: 1 }] },
  ]);
  assert.deepEqual(unknownFields(v1, resourceSchemas.ResourceClaim!), []);
  assert.deepEqual(resourceClaimV1beta1.fromStored(v1), claimV1beta1);
  assert.deepEqual(unknownFields(claimV1beta1, resourceV1beta1Schemas.ResourceClaim!), []);

  const template = { apiVersion: 'resource.k8s.io/v1beta1', kind: 'ResourceClaimTemplate', metadata: { name: 't' }, spec: { spec: claimV1beta1.spec } };
  const storedTemplate = resourceClaimTemplateV1beta1.toStored(template);
  assert.deepEqual(storedTemplate.spec.spec, v1.spec);
  assert.deepEqual(unknownFields(storedTemplate, resourceSchemas.ResourceClaimTemplate!), []);
  assert.deepEqual(resourceClaimTemplateV1beta1.fromStored(storedTemplate), template);
});

test('resource.k8s.io/v1beta1 slice devices describe themselves under `basic`, v1 devices directly', () => {
  const sliceV1beta1 = {
    apiVersion: 'resource.k8s.io/v1beta1', kind: 'ResourceSlice', metadata: { name: 'node-1-gpu' },
    spec: {
      driver: 'gpu.example.com', nodeName: 'node-1', pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 },
      devices: [{ name: 'gpu-0', basic: { attributes: { model: { string: 'a100' } }, capacity: { memory: { value: '40Gi' } } } }],
    },
  };
  const v1 = resourceSliceV1beta1.toStored(sliceV1beta1);
  assert.deepEqual(v1.spec.devices, [{ name: 'gpu-0', attributes: { model: { string: 'a100' } }, capacity: { memory: { value: '40Gi' } } }]);
  assert.deepEqual(unknownFields(v1, resourceSchemas.ResourceSlice!), []);
  assert.deepEqual(unknownFields(sliceV1beta1, resourceV1beta1Schemas.ResourceSlice!), []);
  assert.deepEqual(resourceSliceV1beta1.fromStored(v1), sliceV1beta1);
});
