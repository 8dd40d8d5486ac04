// policy/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { int32, int64, intOrString, list, map, object, string, time, type ObjectType } from '../schema.js';
import { Condition, DeleteOptions, LabelSelector, ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.policy.v1.';

// A struct-valued field's patch strategy rides in its extensions (ListType alone has patchStrategy).

export const PodDisruptionBudgetSpec = object(G + 'PodDisruptionBudgetSpec', {
  minAvailable: intOrString().proto(1).optional().doc("An eviction is allowed if at least \"minAvailable\" pods selected by \"selector\" will still be available after the eviction, i.e. even in the absence of the evicted pod.  So for example you can prevent all voluntary evictions by specifying \"100%\"."),
  selector: LabelSelector.proto(2).optional().with({ extensions: { 'x-kubernetes-patch-strategy': 'replace' } }).doc('Label query over pods whose evictions are managed by the disruption budget. A null selector will match no pods, while an empty ({}) selector will select all pods within the namespace.'),
  maxUnavailable: intOrString().proto(3).optional().doc('An eviction is allowed if at most "maxUnavailable" pods selected by "selector" are unavailable after the eviction, i.e. even in absence of the evicted pod. For example, one can prevent all voluntary evictions by specifying 0. This is a mutually exclusive setting with "minAvailable".'),
  unhealthyPodEvictionPolicy: string().proto(4).optional().enum(['AlwaysAllow', 'IfHealthyBudget']).doc("UnhealthyPodEvictionPolicy defines the criteria for when unhealthy pods should be considered for eviction. Current implementation considers healthy pods, as pods that have status.conditions item with type=\"Ready\",status=\"True\".\n\nValid policies are IfHealthyBudget and AlwaysAllow. If no policy is specified, the default behavior will be used, which corresponds to the IfHealthyBudget policy.\n\nIfHealthyBudget policy means that running pods (status.phase=\"Running\"), but not yet healthy can be evicted only if the guarded application is not disrupted (status.currentHealthy is at least equal to status.desiredHealthy). Healthy pods will be subject to the PDB for eviction.\n\nAlwaysAllow policy means that all running pods (status.phase=\"Running\"), but not yet healthy are considered disrupted and can be evicted regardless of whether the criteria in a PDB is met. This means perspective running pods of a disrupted application might not get a chance to become healthy. Healthy pods will be subject to the PDB for eviction.\n\nAdditional policies may be added in the future. Clients making eviction decisions should disallow eviction of unhealthy pods if they encounter an unrecognized policy in this field.\n\nThis field is beta-level. The eviction API uses this field when the feature gate PDBUnhealthyPodEvictionPolicy is enabled (enabled by default).\n\nPossible enum values:\n - `\"AlwaysAllow\"` policy means that all running pods (status.phase=\"Running\"), but not yet healthy are considered disrupted and can be evicted regardless of whether the criteria in a PDB is met. This means perspective running pods of a disrupted application might not get a chance to become healthy. Healthy pods will be subject to the PDB for eviction.\n - `\"IfHealthyBudget\"` policy means that running pods (status.phase=\"Running\"), but not yet healthy can be evicted only if the guarded application is not disrupted (status.currentHealthy is at least equal to status.desiredHealthy). Healthy pods will be subject to the PDB for eviction."),
}, { description: 'PodDisruptionBudgetSpec is a description of a PodDisruptionBudget.' });

export const PodDisruptionBudgetStatus = object(G + 'PodDisruptionBudgetStatus', {
  observedGeneration: int64().proto(1).doc("Most recent generation observed when updating this PDB status. DisruptionsAllowed and other status information is valid only if observedGeneration equals to PDB's object generation."),
  disruptedPods: map(time()).proto(2).doc("DisruptedPods contains information about pods whose eviction was processed by the API server eviction subresource handler but has not yet been observed by the PodDisruptionBudget controller. A pod will be in this map from the time when the API server processed the eviction request to the time when the pod is seen by PDB controller as having been marked for deletion (or after a timeout). The key in the map is the name of the pod and the value is the time when the API server processed the eviction request. If the deletion didn't occur and a pod is still there it will be removed from the list automatically by PodDisruptionBudget controller after some time. If everything goes smooth this map should be empty for the most of the time. Large number of entries in the map may indicate problems with pod deletions."),
  disruptionsAllowed: int32().proto(3).required().keepEmpty().doc('Number of pod disruptions that are currently allowed.'),
  currentHealthy: int32().proto(4).required().keepEmpty().doc('current number of healthy pods'),
  desiredHealthy: int32().proto(5).required().keepEmpty().doc('minimum desired number of healthy pods'),
  expectedPods: int32().proto(6).required().keepEmpty().doc('total number of pods counted by this disruption budget'),
  conditions: list(Condition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(7).doc("Conditions contain conditions for PDB. The disruption controller sets the DisruptionAllowed condition. The following are known values for the reason field (additional reasons could be added in the future): - SyncFailed: The controller encountered an error and wasn't able to compute\n              the number of allowed disruptions. Therefore no disruptions are\n              allowed and the status of the condition will be False.\n- InsufficientPods: The number of pods are either at or below the number\n                    required by the PodDisruptionBudget. No disruptions are\n                    allowed and the status of the condition will be False.\n- SufficientPods: There are more pods than required by the PodDisruptionBudget.\n                  The condition will be True, and the number of allowed\n                  disruptions are provided by the disruptionsAllowed property."),
}, { description: 'PodDisruptionBudgetStatus represents information about the status of a PodDisruptionBudget. Status may trail the actual state of a system.' });

export const PodDisruptionBudget = object(G + 'PodDisruptionBudget', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: PodDisruptionBudgetSpec.proto(2).doc('Specification of the desired behavior of the PodDisruptionBudget.'),
  status: PodDisruptionBudgetStatus.proto(3).doc('Most recently observed status of the PodDisruptionBudget.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'policy', kind: 'PodDisruptionBudget', version: 'v1' }] }, description: 'PodDisruptionBudget is an object to define the max disruption that can be caused to a collection of pods' });

export const Eviction = object(G + 'Eviction', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('ObjectMeta describes the pod that is being evicted.'),
  deleteOptions: DeleteOptions.proto(2).optional().doc('DeleteOptions may be provided'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'policy', kind: 'Eviction', version: 'v1' }] }, description: "Eviction evicts a pod from its node subject to certain policies and safety constraints. This is a subresource of Pod.  A request to cause such an eviction is created by POSTing to .../pods/<pod name>/evictions." });

export const policySchemas: Record<string, ObjectType> = { PodDisruptionBudget, Eviction };
