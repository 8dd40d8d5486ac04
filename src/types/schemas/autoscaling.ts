// autoscaling/v1 and autoscaling/v2: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { int32, int64, list, object, quantity, string, time, type ObjectType } from '../schema.js';
import { LabelSelector, ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.autoscaling.v1.';
const G2 = 'io.k8s.api.autoscaling.v2.';

/** autoscaling/v1 and v2 declare CrossVersionObjectReference alike; only v1 marks it atomic. */
const crossVersionObjectReferenceFields = {
  kind: string().proto(1).required().keepEmpty().doc('kind is the kind of the referent; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds'),
  name: string().proto(2).required().keepEmpty().doc('name is the name of the referent; More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names'),
  apiVersion: string().proto(3).doc('apiVersion is the API version of the referent'),
};
const crossVersionObjectReferenceDescription = 'CrossVersionObjectReference contains enough information to let you identify the referred resource.';

export const ScaleSpec = object(G + 'ScaleSpec', {
  replicas: int32().proto(1).doc('replicas is the desired number of instances for the scaled object.'),
}, { description: 'ScaleSpec describes the attributes of a scale subresource.' });

export const ScaleStatus = object(G + 'ScaleStatus', {
  replicas: int32().proto(1).required().keepEmpty().doc('replicas is the actual number of observed instances of the scaled object.'),
  selector: string().proto(2).doc('selector is the label query over pods that should match the replicas count. This is same as the label selector but in the string format to avoid introspection by clients. The string will be in the same format as the query-param syntax. More info about label selectors: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/'),
}, { description: 'ScaleStatus represents the current status of a scale subresource.' });

export const Scale = object(G + 'Scale', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
  spec: ScaleSpec.proto(2).doc('spec defines the behavior of the scale. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.'),
  status: ScaleStatus.proto(3).doc('status is the current status of the scale. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status. Read-only.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'autoscaling', kind: 'Scale', version: 'v1' }] }, description: 'Scale represents a scaling request for a resource.' });

export const CrossVersionObjectReference = object(G + 'CrossVersionObjectReference', { ...crossVersionObjectReferenceFields }, { mapType: 'atomic', description: crossVersionObjectReferenceDescription });

export const HorizontalPodAutoscalerSpec = object(G + 'HorizontalPodAutoscalerSpec', {
  scaleTargetRef: CrossVersionObjectReference.proto(1).required().keepEmpty().doc('reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.'),
  minReplicas: int32().proto(2).optional().doc('minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.'),
  maxReplicas: int32().proto(3).required().keepEmpty().doc('maxReplicas is the upper limit for the number of pods that can be set by the autoscaler; cannot be smaller than MinReplicas.'),
  targetCPUUtilizationPercentage: int32().proto(4).optional().doc('targetCPUUtilizationPercentage is the target average CPU utilization (represented as a percentage of requested CPU) over all the pods; if not specified the default autoscaling policy will be used.'),
}, { description: 'specification of a horizontal pod autoscaler.' });

export const HorizontalPodAutoscalerStatus = object(G + 'HorizontalPodAutoscalerStatus', {
  observedGeneration: int64().proto(1).optional().doc('observedGeneration is the most recent generation observed by this autoscaler.'),
  lastScaleTime: time().proto(2).optional().doc('lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods; used by the autoscaler to control how often the number of pods is changed.'),
  currentReplicas: int32().proto(3).required().keepEmpty().doc('currentReplicas is the current number of replicas of pods managed by this autoscaler.'),
  desiredReplicas: int32().proto(4).required().keepEmpty().doc('desiredReplicas is the  desired number of replicas of pods managed by this autoscaler.'),
  currentCPUUtilizationPercentage: int32().proto(5).optional().doc('currentCPUUtilizationPercentage is the current average CPU utilization over all pods, represented as a percentage of requested CPU, e.g. 70 means that an average pod is using now 70% of its requested CPU.'),
}, { description: 'current status of a horizontal pod autoscaler' });

export const HorizontalPodAutoscaler = object(G + 'HorizontalPodAutoscaler', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: HorizontalPodAutoscalerSpec.proto(2).doc('spec defines the behaviour of autoscaler. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.'),
  status: HorizontalPodAutoscalerStatus.proto(3).doc('status is the current information about the autoscaler.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'autoscaling', kind: 'HorizontalPodAutoscaler', version: 'v1' }] }, description: 'configuration of a horizontal pod autoscaler.' });

export const CrossVersionObjectReferenceV2 = object(G2 + 'CrossVersionObjectReference', { ...crossVersionObjectReferenceFields }, { description: crossVersionObjectReferenceDescription });

export const HPAScalingPolicyV2 = object(G2 + 'HPAScalingPolicy', {
  type: string().proto(1).required().keepEmpty().doc('type is used to specify the scaling policy.'),
  value: int32().proto(2).required().keepEmpty().doc('value contains the amount of change which is permitted by the policy. It must be greater than zero'),
  periodSeconds: int32().proto(3).required().keepEmpty().doc('periodSeconds specifies the window of time for which the policy should hold true. PeriodSeconds must be greater than zero and less than or equal to 1800 (30 min).'),
}, { description: 'HPAScalingPolicy is a single policy which must hold true for a specified past interval.' });

export const HPAScalingRulesV2 = object(G2 + 'HPAScalingRules', {
  stabilizationWindowSeconds: int32().proto(3).optional().doc('stabilizationWindowSeconds is the number of seconds for which past recommendations should be considered while scaling up or scaling down. StabilizationWindowSeconds must be greater than or equal to zero and less than or equal to 3600 (one hour). If not set, use the default values: - For scale up: 0 (i.e. no stabilization is done). - For scale down: 300 (i.e. the stabilization window is 300 seconds long).'),
  selectPolicy: string().proto(1).optional().doc('selectPolicy is used to specify which policy should be used. If not set, the default value Max is used.'),
  policies: list(HPAScalingPolicyV2, { listType: 'atomic' }).proto(2).optional().doc('policies is a list of potential scaling polices which can be used during scaling. If not set, use the default values: - For scale up: allow doubling the number of pods, or an absolute change of 4 pods in a 15s window. - For scale down: allow all pods to be removed in a 15s window.'),
  tolerance: quantity().proto(4).optional().doc('tolerance is the tolerance on the ratio between the current and desired metric value under which no updates are made to the desired number of replicas (e.g. 0.01 for 1%). Must be greater than or equal to zero. If not set, the default cluster-wide tolerance is applied (by default 10%).  For example, if autoscaling is configured with a memory consumption target of 100Mi, and scale-down and scale-up tolerances of 5% and 1% respectively, scaling will be triggered when the actual consumption falls below 95Mi or exceeds 101Mi.  This is an alpha field and requires enabling the HPAConfigurableTolerance feature gate.'),
}, { description: 'HPAScalingRules configures the scaling behavior for one direction via scaling Policy Rules and a configurable metric tolerance.  Scaling Policy Rules are applied after calculating DesiredReplicas from metrics for the HPA. They can limit the scaling velocity by specifying scaling policies. They can prevent flapping by specifying the stabilization window, so that the number of replicas is not set instantly, instead, the safest value from the stabilization window is chosen.  The tolerance is applied to the metric values and prevents scaling too eagerly for small metric variations. (Note that setting a tolerance requires enabling the alpha HPAConfigurableTolerance feature gate.)' });

export const HorizontalPodAutoscalerBehaviorV2 = object(G2 + 'HorizontalPodAutoscalerBehavior', {
  scaleUp: HPAScalingRulesV2.proto(1).optional().doc('scaleUp is scaling policy for scaling Up. If not set, the default value is the higher of:\n  * increase no more than 4 pods per 60 seconds\n  * double the number of pods per 60 seconds\nNo stabilization is used.'),
  scaleDown: HPAScalingRulesV2.proto(2).optional().doc('scaleDown is scaling policy for scaling Down. If not set, the default value is to allow to scale down to minReplicas pods, with a 300 second stabilization window (i.e., the highest recommendation for the last 300sec is used).'),
}, { description: 'HorizontalPodAutoscalerBehavior configures the scaling behavior of the target in both Up and Down directions (scaleUp and scaleDown fields respectively).' });

// Fields declared alike across the autoscaling/v2 metric source and status structs.
const resourceNameField = (n: number) => string().proto(n).required().keepEmpty().doc('name is the name of the resource in question.');
const containerNameField = (n: number) => string().proto(n).required().keepEmpty().doc('container is the name of the container in the pods of the scaling target');

export const MetricTargetV2 = object(G2 + 'MetricTarget', {
  type: string().proto(1).required().keepEmpty().doc('type represents whether the metric type is Utilization, Value, or AverageValue'),
  value: quantity().proto(2).optional().doc('value is the target value of the metric (as a quantity).'),
  averageValue: quantity().proto(3).optional().doc('averageValue is the target value of the average of the metric across all relevant pods (as a quantity)'),
  averageUtilization: int32().proto(4).optional().doc('averageUtilization is the target value of the average of the resource metric across all relevant pods, represented as a percentage of the requested value of the resource for the pods. Currently only valid for Resource metric source type'),
}, { description: 'MetricTarget defines the target value, average value, or average utilization of a specific metric' });
const targetField = (n: number) => MetricTargetV2.proto(n).required().keepEmpty().doc('target specifies the target value for the given metric');

export const ContainerResourceMetricSourceV2 = object(G2 + 'ContainerResourceMetricSource', {
  name: resourceNameField(1),
  target: targetField(2),
  container: containerNameField(3),
}, { description: 'ContainerResourceMetricSource indicates how to scale on a resource metric known to Kubernetes, as specified in requests and limits, describing each pod in the current scale target (e.g. CPU or memory).  The values will be averaged together before being compared to the target.  Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.  Only one "target" type should be set.' });

export const MetricIdentifierV2 = object(G2 + 'MetricIdentifier', {
  name: string().proto(1).required().keepEmpty().doc('name is the name of the given metric'),
  selector: LabelSelector.proto(2).optional().doc('selector is the string-encoded form of a standard kubernetes label selector for the given metric When set, it is passed as an additional parameter to the metrics server for more specific metrics scoping. When unset, just the metricName will be used to gather metrics.'),
}, { description: 'MetricIdentifier defines the name and optionally selector for a metric' });
const metricField = (n: number) => MetricIdentifierV2.proto(n).required().keepEmpty().doc('metric identifies the target metric by name and selector');

export const ExternalMetricSourceV2 = object(G2 + 'ExternalMetricSource', {
  metric: metricField(1),
  target: targetField(2),
}, { description: 'ExternalMetricSource indicates how to scale on a metric not associated with any Kubernetes object (for example length of queue in cloud messaging service, or QPS from loadbalancer running outside of cluster).' });

export const ObjectMetricSourceV2 = object(G2 + 'ObjectMetricSource', {
  describedObject: CrossVersionObjectReferenceV2.proto(1).required().keepEmpty().doc('describedObject specifies the descriptions of a object,such as kind,name apiVersion'),
  target: targetField(2),
  metric: metricField(3),
}, { description: 'ObjectMetricSource indicates how to scale on a metric describing a kubernetes object (for example, hits-per-second on an Ingress object).' });

export const PodsMetricSourceV2 = object(G2 + 'PodsMetricSource', {
  metric: metricField(1),
  target: targetField(2),
}, { description: 'PodsMetricSource indicates how to scale on a metric describing each pod in the current scale target (for example, transactions-processed-per-second). The values will be averaged together before being compared to the target value.' });

export const ResourceMetricSourceV2 = object(G2 + 'ResourceMetricSource', {
  name: resourceNameField(1),
  target: targetField(2),
}, { description: 'ResourceMetricSource indicates how to scale on a resource metric known to Kubernetes, as specified in requests and limits, describing each pod in the current scale target (e.g. CPU or memory).  The values will be averaged together before being compared to the target.  Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.  Only one "target" type should be set.' });

export const MetricSpecV2 = object(G2 + 'MetricSpec', {
  type: string().proto(1).required().keepEmpty().doc('type is the type of metric source.  It should be one of "ContainerResource", "External", "Object", "Pods" or "Resource", each mapping to a matching field in the object.'),
  object: ObjectMetricSourceV2.proto(2).optional().doc('object refers to a metric describing a single kubernetes object (for example, hits-per-second on an Ingress object).'),
  pods: PodsMetricSourceV2.proto(3).optional().doc('pods refers to a metric describing each pod in the current scale target (for example, transactions-processed-per-second).  The values will be averaged together before being compared to the target value.'),
  resource: ResourceMetricSourceV2.proto(4).optional().doc('resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing each pod in the current scale target (e.g. CPU or memory). Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.'),
  containerResource: ContainerResourceMetricSourceV2.proto(7).optional().doc('containerResource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing a single container in each pod of the current scale target (e.g. CPU or memory). Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.'),
  external: ExternalMetricSourceV2.proto(5).optional().doc('external refers to a global metric that is not associated with any Kubernetes object. It allows autoscaling based on information coming from components running outside of cluster (for example length of queue in cloud messaging service, or QPS from loadbalancer running outside of cluster).'),
}, { description: 'MetricSpec specifies how to scale based on a single metric (only `type` and one other matching field should be set at once).' });

export const HorizontalPodAutoscalerSpecV2 = object(G2 + 'HorizontalPodAutoscalerSpec', {
  scaleTargetRef: CrossVersionObjectReferenceV2.proto(1).required().keepEmpty().doc('scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
  minReplicas: int32().proto(2).optional().doc('minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.'),
  maxReplicas: int32().proto(3).required().keepEmpty().doc('maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.'),
  metrics: list(MetricSpecV2, { listType: 'atomic' }).proto(4).optional().doc('metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond. If not set, the default metric will be set to 80% average CPU utilization.'),
  behavior: HorizontalPodAutoscalerBehaviorV2.proto(5).optional().doc('behavior configures the scaling behavior of the target in both Up and Down directions (scaleUp and scaleDown fields respectively). If not set, the default HPAScalingRules for scale up and scale down are used.'),
}, { description: 'HorizontalPodAutoscalerSpec describes the desired functionality of the HorizontalPodAutoscaler.' });

export const HorizontalPodAutoscalerConditionV2 = object(G2 + 'HorizontalPodAutoscalerCondition', {
  type: string().proto(1).required().keepEmpty().doc('type describes the current condition'),
  status: string().proto(2).required().keepEmpty().doc('status is the status of the condition (True, False, Unknown)'),
  lastTransitionTime: time().proto(3).doc('lastTransitionTime is the last time the condition transitioned from one status to another'),
  reason: string().proto(4).doc('reason is the reason for the condition\'s last transition.'),
  message: string().proto(5).doc('message is a human-readable explanation containing details about the transition'),
}, { description: 'HorizontalPodAutoscalerCondition describes the state of a HorizontalPodAutoscaler at a certain point.' });

export const MetricValueStatusV2 = object(G2 + 'MetricValueStatus', {
  value: quantity().proto(1).optional().doc('value is the current value of the metric (as a quantity).'),
  averageValue: quantity().proto(2).optional().doc('averageValue is the current value of the average of the metric across all relevant pods (as a quantity)'),
  averageUtilization: int32().proto(3).optional().doc('currentAverageUtilization is the current value of the average of the resource metric across all relevant pods, represented as a percentage of the requested value of the resource for the pods.'),
}, { description: 'MetricValueStatus holds the current value for a metric' });
const currentField = (n: number) => MetricValueStatusV2.proto(n).required().keepEmpty().doc('current contains the current value for the given metric');

export const ContainerResourceMetricStatusV2 = object(G2 + 'ContainerResourceMetricStatus', {
  name: resourceNameField(1),
  current: currentField(2),
  container: containerNameField(3),
}, { description: 'ContainerResourceMetricStatus indicates the current value of a resource metric known to Kubernetes, as specified in requests and limits, describing a single container in each pod in the current scale target (e.g. CPU or memory).  Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.' });

export const ExternalMetricStatusV2 = object(G2 + 'ExternalMetricStatus', {
  metric: metricField(1),
  current: currentField(2),
}, { description: 'ExternalMetricStatus indicates the current value of a global metric not associated with any Kubernetes object.' });

export const ObjectMetricStatusV2 = object(G2 + 'ObjectMetricStatus', {
  metric: metricField(1),
  current: currentField(2),
  describedObject: CrossVersionObjectReferenceV2.proto(3).required().keepEmpty().doc('DescribedObject specifies the descriptions of a object,such as kind,name apiVersion'),
}, { description: 'ObjectMetricStatus indicates the current value of a metric describing a kubernetes object (for example, hits-per-second on an Ingress object).' });

export const PodsMetricStatusV2 = object(G2 + 'PodsMetricStatus', {
  metric: metricField(1),
  current: currentField(2),
}, { description: 'PodsMetricStatus indicates the current value of a metric describing each pod in the current scale target (for example, transactions-processed-per-second).' });

export const ResourceMetricStatusV2 = object(G2 + 'ResourceMetricStatus', {
  name: resourceNameField(1),
  current: currentField(2),
}, { description: 'ResourceMetricStatus indicates the current value of a resource metric known to Kubernetes, as specified in requests and limits, describing each pod in the current scale target (e.g. CPU or memory).  Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.' });

export const MetricStatusV2 = object(G2 + 'MetricStatus', {
  type: string().proto(1).required().keepEmpty().doc('type is the type of metric source.  It will be one of "ContainerResource", "External", "Object", "Pods" or "Resource", each corresponds to a matching field in the object.'),
  object: ObjectMetricStatusV2.proto(2).optional().doc('object refers to a metric describing a single kubernetes object (for example, hits-per-second on an Ingress object).'),
  pods: PodsMetricStatusV2.proto(3).optional().doc('pods refers to a metric describing each pod in the current scale target (for example, transactions-processed-per-second).  The values will be averaged together before being compared to the target value.'),
  resource: ResourceMetricStatusV2.proto(4).optional().doc('resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing each pod in the current scale target (e.g. CPU or memory). Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.'),
  containerResource: ContainerResourceMetricStatusV2.proto(7).optional().doc('container resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing a single container in each pod in the current scale target (e.g. CPU or memory). Such metrics are built in to Kubernetes, and have special scaling options on top of those available to normal per-pod metrics using the "pods" source.'),
  external: ExternalMetricStatusV2.proto(5).optional().doc('external refers to a global metric that is not associated with any Kubernetes object. It allows autoscaling based on information coming from components running outside of cluster (for example length of queue in cloud messaging service, or QPS from loadbalancer running outside of cluster).'),
}, { description: 'MetricStatus describes the last-read state of a single metric.' });

export const HorizontalPodAutoscalerStatusV2 = object(G2 + 'HorizontalPodAutoscalerStatus', {
  observedGeneration: int64().proto(1).optional().doc('observedGeneration is the most recent generation observed by this autoscaler.'),
  lastScaleTime: time().proto(2).optional().doc('lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods, used by the autoscaler to control how often the number of pods is changed.'),
  currentReplicas: int32().proto(3).doc('currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
  desiredReplicas: int32().proto(4).required().keepEmpty().doc('desiredReplicas is the desired number of replicas of pods managed by this autoscaler, as last calculated by the autoscaler.'),
  currentMetrics: list(MetricStatusV2, { listType: 'atomic' }).proto(5).optional().keepEmpty().doc('currentMetrics is the last read state of the metrics used by this autoscaler.'),
  conditions: list(HorizontalPodAutoscalerConditionV2, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(6).optional().doc('conditions is the set of conditions required for this autoscaler to scale its target, and indicates whether or not those conditions are met.'),
}, { description: 'HorizontalPodAutoscalerStatus describes the current status of a horizontal pod autoscaler.' });

export const HorizontalPodAutoscalerV2 = object(G2 + 'HorizontalPodAutoscaler', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('metadata is the standard object metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: HorizontalPodAutoscalerSpecV2.proto(2).doc('spec is the specification for the behaviour of the autoscaler. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.'),
  status: HorizontalPodAutoscalerStatusV2.proto(3).doc('status is the current information about the autoscaler.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'autoscaling', kind: 'HorizontalPodAutoscaler', version: 'v2' }] }, description: 'HorizontalPodAutoscaler is the configuration for a horizontal pod autoscaler, which automatically manages the replica count of any resource implementing the scale subresource based on the metrics specified.' });

export const autoscalingV1Schemas: Record<string, ObjectType> = { Scale, HorizontalPodAutoscaler };

export const autoscalingV2Schemas: Record<string, ObjectType> = { HorizontalPodAutoscaler: HorizontalPodAutoscalerV2 };

/** autoscaling/v1 Scale, the scale subresource's kind (kept for the schema-map tests). */
export const autoscalingSchemas: Record<string, ObjectType> = { Scale };
