// autoscaling/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { int32, object, string, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.autoscaling.v1.';

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

export const autoscalingSchemas: Record<string, ObjectType> = { Scale };
