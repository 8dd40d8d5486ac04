// scheduling.k8s.io/v1: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, int32, object, string, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.scheduling.v1.';

export const PriorityClass = object(G + 'PriorityClass', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  value: int32().proto(2).required().keepEmpty().doc('value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.'),
  globalDefault: bool().proto(3).doc('globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.'),
  description: string().proto(4).doc('description is an arbitrary string that usually provides guidelines on when this priority class should be used.'),
  preemptionPolicy: string().proto(5).optional().doc("preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.\n\nPossible enum values:\n - `\"Never\"` means that pod never preempts other pods with lower priority.\n - `\"PreemptLowerPriority\"` means that pod can preempt other pods with lower priority."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'scheduling.k8s.io', kind: 'PriorityClass', version: 'v1' }] }, description: 'PriorityClass defines mapping from a priority class name to the priority integer value. The value can be any valid integer.' });

export const schedulingSchemas: Record<string, ObjectType> = { PriorityClass };
