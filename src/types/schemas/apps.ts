// apps/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, int32, int64, intOrString, list, object, rawExtension, string, time, type ObjectType } from '../schema.js';
import { LabelSelector, ObjectMeta, typeMeta } from './meta.js';
import { PersistentVolumeClaim, PodTemplateSpec } from './core.js';

const G = 'io.k8s.api.apps.v1.';

// A struct-valued field's patch strategy rides in its extensions (ListType alone has patchStrategy).

export const ControllerRevision = object(G + 'ControllerRevision', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  data: rawExtension().proto(2).doc('Data is the serialized representation of the state.'),
  revision: int64().proto(3).required().keepEmpty().doc('Revision indicates the revision of the state represented by Data.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'ControllerRevision', version: 'v1' }] }, description: "ControllerRevision implements an immutable snapshot of state data. Clients are responsible for serializing and deserializing the objects that contain their internal state. Once a ControllerRevision has been successfully created, it can not be updated. The API Server will fail validation of all requests that attempt to mutate the Data field. ControllerRevisions may, however, be deleted. Note that, due to its use by both the DaemonSet and StatefulSet controllers for update and rollback, this object is beta. However, it may be subject to name and representation changes in future releases, and clients should not depend on its stability. It is primarily for internal use by controllers." });

export const RollingUpdateDaemonSet = object(G + 'RollingUpdateDaemonSet', {
  maxUnavailable: intOrString().proto(1).optional().doc("The maximum number of DaemonSet pods that can be unavailable during the update. Value can be an absolute number (ex: 5) or a percentage of total number of DaemonSet pods at the start of the update (ex: 10%). Absolute number is calculated from percentage by rounding up. This cannot be 0 if MaxSurge is 0 Default value is 1. Example: when this is set to 30%, at most 30% of the total number of nodes that should be running the daemon pod (i.e. status.desiredNumberScheduled) can have their pods stopped for an update at any given time. The update starts by stopping at most 30% of those DaemonSet pods and then brings up new DaemonSet pods in their place. Once the new pods are available, it then proceeds onto other DaemonSet pods, thus ensuring that at least 70% of original number of DaemonSet pods are available at all times during the update."),
  maxSurge: intOrString().proto(2).optional().doc("The maximum number of nodes with an existing available DaemonSet pod that can have an updated DaemonSet pod during during an update. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). This can not be 0 if MaxUnavailable is 0. Absolute number is calculated from percentage by rounding up to a minimum of 1. Default value is 0. Example: when this is set to 30%, at most 30% of the total number of nodes that should be running the daemon pod (i.e. status.desiredNumberScheduled) can have their a new pod created before the old pod is marked as deleted. The update starts by launching new pods on 30% of nodes. Once an updated pod is available (Ready for at least minReadySeconds) the old DaemonSet pod on that node is marked deleted. If the old pod becomes unavailable for any reason (Ready transitions to false, is evicted, or is drained) an updated pod is immediatedly created on that node without considering surge limits. Allowing surge implies the possibility that the resources consumed by the daemonset on any given node can double if the readiness check fails, and so resource intensive daemonsets should take into account that they may cause evictions during disruption."),
}, { description: 'Spec to control the desired behavior of daemon set rolling update.' });

export const DaemonSetUpdateStrategy = object(G + 'DaemonSetUpdateStrategy', {
  type: string().proto(1).enum(['OnDelete', 'RollingUpdate']).doc("Type of daemon set update. Can be \"RollingUpdate\" or \"OnDelete\". Default is RollingUpdate.\n\nPossible enum values:\n - `\"OnDelete\"` Replace the old daemons only when it's killed\n - `\"RollingUpdate\"` Replace the old daemons by new ones using rolling update i.e replace them on each node one after the other."),
  rollingUpdate: RollingUpdateDaemonSet.proto(2).optional().doc('Rolling update config params. Present only if type = "RollingUpdate".'),
}, { description: 'DaemonSetUpdateStrategy is a struct used to control the update strategy for a DaemonSet.' });

export const DaemonSetSpec = object(G + 'DaemonSetSpec', {
  selector: LabelSelector.proto(1).required().optional().doc("A label query over pods that are managed by the daemon set. Must match in order to be controlled. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors"),
  template: PodTemplateSpec.proto(2).required().keepEmpty().doc('An object that describes the pod that will be created. The DaemonSet will create exactly one copy of this pod on every node that matches the template\'s node selector (or on every node if no node selector is specified). The only allowed template.spec.restartPolicy value is "Always". More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template'),
  updateStrategy: DaemonSetUpdateStrategy.proto(3).doc('An update strategy to replace existing DaemonSet pods with new pods.'),
  minReadySeconds: int32().proto(4).doc('The minimum number of seconds for which a newly created DaemonSet pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready).'),
  revisionHistoryLimit: int32().proto(6).optional().doc('The number of old history to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10.'),
}, { description: 'DaemonSetSpec is the specification of a daemon set.' });

export const DaemonSetCondition = object(G + 'DaemonSetCondition', {
  type: string().proto(1).required().keepEmpty().doc('Type of DaemonSet condition.'),
  status: string().proto(2).required().keepEmpty().doc('Status of the condition, one of True, False, Unknown.'),
  lastTransitionTime: time().proto(3).doc('Last time the condition transitioned from one status to another.'),
  reason: string().proto(4).doc("The reason for the condition's last transition."),
  message: string().proto(5).doc('A human readable message indicating details about the transition.'),
}, { description: 'DaemonSetCondition describes the state of a DaemonSet at a certain point.' });

export const DaemonSetStatus = object(G + 'DaemonSetStatus', {
  currentNumberScheduled: int32().proto(1).required().keepEmpty().doc('The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/'),
  numberMisscheduled: int32().proto(2).required().keepEmpty().doc('The number of nodes that are running the daemon pod, but are not supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/'),
  desiredNumberScheduled: int32().proto(3).required().keepEmpty().doc('The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/'),
  numberReady: int32().proto(4).required().keepEmpty().doc('numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
  observedGeneration: int64().proto(5).doc('The most recent generation observed by the daemon set controller.'),
  updatedNumberScheduled: int32().proto(6).doc('The total number of nodes that are running updated daemon pod'),
  numberAvailable: int32().proto(7).doc('The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)'),
  numberUnavailable: int32().proto(8).doc('The number of nodes that should be running the daemon pod and have none of the daemon pod running and available (ready for at least spec.minReadySeconds)'),
  collisionCount: int32().proto(9).optional().doc('Count of hash collisions for the DaemonSet. The DaemonSet controller uses this field as a collision avoidance mechanism when it needs to create the name for the newest ControllerRevision.'),
  conditions: list(DaemonSetCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(10).doc("Represents the latest available observations of a DaemonSet's current state."),
}, { description: 'DaemonSetStatus represents the current status of a daemon set.' });

export const DaemonSet = object(G + 'DaemonSet', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: DaemonSetSpec.proto(2).doc('The desired behavior of this daemon set. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status'),
  status: DaemonSetStatus.proto(3).doc('The current status of this daemon set. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'DaemonSet', version: 'v1' }] }, description: 'DaemonSet represents the configuration of a daemon set.' });

export const RollingUpdateDeployment = object(G + 'RollingUpdateDeployment', {
  maxUnavailable: intOrString().proto(1).optional().doc("The maximum number of pods that can be unavailable during the update. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). Absolute number is calculated from percentage by rounding down. This can not be 0 if MaxSurge is 0. Defaults to 25%. Example: when this is set to 30%, the old ReplicaSet can be scaled down to 70% of desired pods immediately when the rolling update starts. Once new pods are ready, old ReplicaSet can be scaled down further, followed by scaling up the new ReplicaSet, ensuring that the total number of pods available at all times during the update is at least 70% of desired pods."),
  maxSurge: intOrString().proto(2).optional().doc("The maximum number of pods that can be scheduled above the desired number of pods. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). This can not be 0 if MaxUnavailable is 0. Absolute number is calculated from percentage by rounding up. Defaults to 25%. Example: when this is set to 30%, the new ReplicaSet can be scaled up immediately when the rolling update starts, such that the total number of old and new pods do not exceed 130% of desired pods. Once old pods have been killed, new ReplicaSet can be scaled up further, ensuring that total number of pods running at any time during the update is at most 130% of desired pods."),
}, { description: 'Spec to control the desired behavior of rolling update.' });

export const DeploymentStrategy = object(G + 'DeploymentStrategy', {
  type: string().proto(1).enum(['Recreate', 'RollingUpdate']).doc("Type of deployment. Can be \"Recreate\" or \"RollingUpdate\". Default is RollingUpdate.\n\nPossible enum values:\n - `\"Recreate\"` Kill all existing pods before creating new ones.\n - `\"RollingUpdate\"` Replace the old ReplicaSets by new one using rolling update i.e gradually scale down the old ReplicaSets and scale up the new one."),
  rollingUpdate: RollingUpdateDeployment.proto(2).optional().doc('Rolling update config params. Present only if DeploymentStrategyType = RollingUpdate.'),
}, { description: 'DeploymentStrategy describes how to replace existing pods with new ones.' });

export const DeploymentSpec = object(G + 'DeploymentSpec', {
  replicas: int32().proto(1).optional().doc('Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1.'),
  selector: LabelSelector.proto(2).required().optional().doc("Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment. It must match the pod template's labels."),
  template: PodTemplateSpec.proto(3).required().keepEmpty().doc('Template describes the pods that will be created. The only allowed template.spec.restartPolicy value is "Always".'),
  strategy: DeploymentStrategy.proto(4).with({ extensions: { 'x-kubernetes-patch-strategy': 'retainKeys' } }).doc('The deployment strategy to use to replace existing pods with new ones.'),
  minReadySeconds: int32().proto(5).doc('Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)'),
  revisionHistoryLimit: int32().proto(6).optional().doc('The number of old ReplicaSets to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10.'),
  paused: bool().proto(7).doc('Indicates that the deployment is paused.'),
  progressDeadlineSeconds: int32().proto(9).optional().doc('The maximum time in seconds for a deployment to make progress before it is considered to be failed. The deployment controller will continue to process failed deployments and a condition with a ProgressDeadlineExceeded reason will be surfaced in the deployment status. Note that progress will not be estimated during the time a deployment is paused. Defaults to 600s.'),
}, { description: 'DeploymentSpec is the specification of the desired behavior of the Deployment.' });

export const DeploymentCondition = object(G + 'DeploymentCondition', {
  type: string().proto(1).required().keepEmpty().doc('Type of deployment condition.'),
  status: string().proto(2).required().keepEmpty().doc('Status of the condition, one of True, False, Unknown.'),
  lastUpdateTime: time().proto(6).doc('The last time this condition was updated.'),
  lastTransitionTime: time().proto(7).doc('Last time the condition transitioned from one status to another.'),
  reason: string().proto(4).doc("The reason for the condition's last transition."),
  message: string().proto(5).doc('A human readable message indicating details about the transition.'),
}, { description: 'DeploymentCondition describes the state of a deployment at a certain point.' });

export const DeploymentStatus = object(G + 'DeploymentStatus', {
  observedGeneration: int64().proto(1).doc('The generation observed by the deployment controller.'),
  replicas: int32().proto(2).doc('Total number of non-terminated pods targeted by this deployment (their labels match the selector).'),
  updatedReplicas: int32().proto(3).doc('Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
  readyReplicas: int32().proto(7).doc('readyReplicas is the number of pods targeted by this Deployment with a Ready Condition.'),
  availableReplicas: int32().proto(4).doc('Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'),
  unavailableReplicas: int32().proto(5).doc('Total number of unavailable pods targeted by this deployment. This is the total number of pods that are still required for the deployment to have 100% available capacity. They may either be pods that are running but not yet available or pods that still have not been created.'),
  terminatingReplicas: int32().proto(9).optional().doc('Total number of terminating pods (have a non-null .metadata.deletionTimestamp) targeted by this deployment. This is an alpha field. Enable DeploymentReplicaSetTerminatingReplicas to be able to use this field.'),
  conditions: list(DeploymentCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(6).doc("Represents the latest available observations of a deployment's current state."),
  collisionCount: int32().proto(8).optional().doc('Count of hash collisions for the Deployment. The Deployment controller uses this field as a collision avoidance mechanism when it needs to create the name for the newest ReplicaSet.'),
}, { description: 'DeploymentStatus is the most recently observed status of the Deployment.' });

export const Deployment = object(G + 'Deployment', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: DeploymentSpec.proto(2).doc('Specification of the desired behavior of the Deployment.'),
  status: DeploymentStatus.proto(3).doc('Most recently observed status of the Deployment.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }] }, description: 'Deployment enables declarative updates for Pods and ReplicaSets.' });

export const ReplicaSetSpec = object(G + 'ReplicaSetSpec', {
  replicas: int32().proto(1).optional().doc('Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller'),
  minReadySeconds: int32().proto(4).doc('Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)'),
  selector: LabelSelector.proto(2).required().optional().doc("Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors"),
  template: PodTemplateSpec.proto(3).doc('Template is the object that describes the pod that will be created if insufficient replicas are detected. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template'),
}, { description: 'ReplicaSetSpec is the specification of a ReplicaSet.' });

export const ReplicaSetCondition = object(G + 'ReplicaSetCondition', {
  type: string().proto(1).required().keepEmpty().doc('Type of replica set condition.'),
  status: string().proto(2).required().keepEmpty().doc('Status of the condition, one of True, False, Unknown.'),
  lastTransitionTime: time().proto(3).doc('The last time the condition transitioned from one status to another.'),
  reason: string().proto(4).doc("The reason for the condition's last transition."),
  message: string().proto(5).doc('A human readable message indicating details about the transition.'),
}, { description: 'ReplicaSetCondition describes the state of a replica set at a certain point.' });

export const ReplicaSetStatus = object(G + 'ReplicaSetStatus', {
  replicas: int32().proto(1).required().keepEmpty().doc('Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller'),
  fullyLabeledReplicas: int32().proto(2).doc('The number of pods that have labels matching the labels of the pod template of the replicaset.'),
  readyReplicas: int32().proto(4).doc('readyReplicas is the number of pods targeted by this ReplicaSet with a Ready Condition.'),
  availableReplicas: int32().proto(5).doc('The number of available replicas (ready for at least minReadySeconds) for this replica set.'),
  terminatingReplicas: int32().proto(7).optional().doc('The number of terminating pods for this replica set. Terminating pods have a non-null .metadata.deletionTimestamp and have not yet reached the Failed or Succeeded .status.phase. This is an alpha field. Enable DeploymentReplicaSetTerminatingReplicas to be able to use this field.'),
  observedGeneration: int64().proto(3).doc('ObservedGeneration reflects the generation of the most recently observed ReplicaSet.'),
  conditions: list(ReplicaSetCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(6).doc("Represents the latest available observations of a replica set's current state."),
}, { description: 'ReplicaSetStatus represents the current status of a ReplicaSet.' });

export const ReplicaSet = object(G + 'ReplicaSet', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("If the Labels of a ReplicaSet are empty, they are defaulted to be the same as the Pod(s) that the ReplicaSet manages. Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: ReplicaSetSpec.proto(2).doc('Spec defines the specification of the desired behavior of the ReplicaSet. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status'),
  status: ReplicaSetStatus.proto(3).doc('Status is the most recently observed status of the ReplicaSet. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'ReplicaSet', version: 'v1' }] }, description: 'ReplicaSet ensures that a specified number of pod replicas are running at any given time.' });

export const RollingUpdateStatefulSetStrategy = object(G + 'RollingUpdateStatefulSetStrategy', {
  partition: int32().proto(1).optional().doc('Partition indicates the ordinal at which the StatefulSet should be partitioned for updates. During a rolling update, all pods from ordinal Replicas-1 to Partition are updated. All pods from ordinal Partition-1 to 0 remain untouched. This is helpful in being able to do a canary based deployment. The default value is 0.'),
  maxUnavailable: intOrString().proto(2).optional().doc("The maximum number of pods that can be unavailable during the update. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). Absolute number is calculated from percentage by rounding up. This can not be 0. Defaults to 1. This field is alpha-level and is only honored by servers that enable the MaxUnavailableStatefulSet feature. The field applies to all pods in the range 0 to Replicas-1. That means if there is any unavailable pod in the range 0 to Replicas-1, it will be counted towards MaxUnavailable."),
}, { description: 'RollingUpdateStatefulSetStrategy is used to communicate parameter for RollingUpdateStatefulSetStrategyType.' });

export const StatefulSetOrdinals = object(G + 'StatefulSetOrdinals', {
  start: int32().proto(1).keepEmpty().doc("start is the number representing the first replica's index. It may be used to number replicas from an alternate index (eg: 1-indexed) over the default 0-indexed names, or to orchestrate progressive movement of replicas from one StatefulSet to another. If set, replica indices will be in the range:\n  [.spec.ordinals.start, .spec.ordinals.start + .spec.replicas).\nIf unset, defaults to 0. Replica indices will be in the range:\n  [0, .spec.replicas)."),
}, { description: 'StatefulSetOrdinals describes the policy used for replica ordinal assignment in this StatefulSet.' });

export const StatefulSetPersistentVolumeClaimRetentionPolicy = object(G + 'StatefulSetPersistentVolumeClaimRetentionPolicy', {
  whenDeleted: string().proto(1).enum(['Delete', 'Retain']).doc('WhenDeleted specifies what happens to PVCs created from StatefulSet VolumeClaimTemplates when the StatefulSet is deleted. The default policy of `Retain` causes PVCs to not be affected by StatefulSet deletion. The `Delete` policy causes those PVCs to be deleted.'),
  whenScaled: string().proto(2).enum(['Delete', 'Retain']).doc('WhenScaled specifies what happens to PVCs created from StatefulSet VolumeClaimTemplates when the StatefulSet is scaled down. The default policy of `Retain` causes PVCs to not be affected by a scaledown. The `Delete` policy causes the associated PVCs for any excess pods above the replica count to be deleted.'),
}, { description: 'StatefulSetPersistentVolumeClaimRetentionPolicy describes the policy used for PVCs created from the StatefulSet VolumeClaimTemplates.' });

export const StatefulSetUpdateStrategy = object(G + 'StatefulSetUpdateStrategy', {
  type: string().proto(1).enum(['OnDelete', 'RollingUpdate']).doc("Type indicates the type of the StatefulSetUpdateStrategy. Default is RollingUpdate.\n\nPossible enum values:\n - `\"OnDelete\"` triggers the legacy behavior. Version tracking and ordered rolling restarts are disabled. Pods are recreated from the StatefulSetSpec when they are manually deleted. When a scale operation is performed with this strategy,specification version indicated by the StatefulSet's currentRevision.\n - `\"RollingUpdate\"` indicates that update will be applied to all Pods in the StatefulSet with respect to the StatefulSet ordering constraints. When a scale operation is performed with this strategy, new Pods will be created from the specification version indicated by the StatefulSet's updateRevision."),
  rollingUpdate: RollingUpdateStatefulSetStrategy.proto(2).optional().doc('RollingUpdate is used to communicate parameters when Type is RollingUpdateStatefulSetStrategyType.'),
}, { description: 'StatefulSetUpdateStrategy indicates the strategy that the StatefulSet controller will use to perform updates. It includes any additional parameters necessary to perform the update for the indicated strategy.' });

export const StatefulSetSpec = object(G + 'StatefulSetSpec', {
  replicas: int32().proto(1).optional().doc('replicas is the desired number of replicas of the given Template. These are replicas in the sense that they are instantiations of the same Template, but individual replicas also have a consistent identity. If unspecified, defaults to 1.'),
  selector: LabelSelector.proto(2).required().optional().doc("selector is a label query over pods that should match the replica count. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors"),
  template: PodTemplateSpec.proto(3).required().keepEmpty().doc('template is the object that describes the pod that will be created if insufficient replicas are detected. Each pod stamped out by the StatefulSet will fulfill this Template, but have a unique identity from the rest of the StatefulSet. Each pod will be named with the format <statefulsetname>-<podindex>. For example, a pod in a StatefulSet named "web" with index number "3" would be named "web-3". The only allowed template.spec.restartPolicy value is "Always".'),
  volumeClaimTemplates: list(PersistentVolumeClaim, { listType: 'atomic' }).proto(4).doc('volumeClaimTemplates is a list of claims that pods are allowed to reference. The StatefulSet controller is responsible for mapping network identities to claims in a way that maintains the identity of a pod. Every claim in this list must have at least one matching (by name) volumeMount in one container in the template. A claim in this list takes precedence over any volumes in the template, with the same name.'),
  serviceName: string().proto(5).doc('serviceName is the name of the service that governs this StatefulSet. This service must exist before the StatefulSet, and is responsible for the network identity of the set. Pods get DNS/hostnames that follow the pattern: pod-specific-string.serviceName.default.svc.cluster.local where "pod-specific-string" is managed by the StatefulSet controller.'),
  podManagementPolicy: string().proto(6).enum(['OrderedReady', 'Parallel']).doc("podManagementPolicy controls how pods are created during initial scale up, when replacing pods on nodes, or when scaling down. The default policy is `OrderedReady`, where pods are created in increasing order (pod-0, then pod-1, etc) and the controller will wait until each pod is ready before continuing. When scaling down, the pods are removed in the opposite order. The alternative policy is `Parallel` which will create pods in parallel to match the desired scale without waiting, and on scale down will delete all pods at once.\n\nPossible enum values:\n - `\"OrderedReady\"` will create pods in strictly increasing order on scale up and strictly decreasing order on scale down, progressing only when the previous pod is ready or terminated. At most one pod will be changed at any time.\n - `\"Parallel\"` will create and delete pods as soon as the stateful set replica count is changed, and will not wait for pods to be ready or complete termination."),
  updateStrategy: StatefulSetUpdateStrategy.proto(7).doc('updateStrategy indicates the StatefulSetUpdateStrategy that will be employed to update Pods in the StatefulSet when a revision is made to Template.'),
  revisionHistoryLimit: int32().proto(8).optional().doc("revisionHistoryLimit is the maximum number of revisions that will be maintained in the StatefulSet's revision history. The revision history consists of all revisions not represented by a currently applied StatefulSetSpec version. The default value is 10."),
  minReadySeconds: int32().proto(9).doc('Minimum number of seconds for which a newly created pod should be ready without any of its container crashing for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)'),
  persistentVolumeClaimRetentionPolicy: StatefulSetPersistentVolumeClaimRetentionPolicy.proto(10).optional().doc('persistentVolumeClaimRetentionPolicy describes the lifecycle of persistent volume claims created from volumeClaimTemplates. By default, all persistent volume claims are created as needed and retained until manually deleted. This policy allows the lifecycle to be altered, for example by deleting persistent volume claims when their stateful set is deleted, or when their pod is scaled down.'),
  ordinals: StatefulSetOrdinals.proto(11).optional().doc('ordinals controls the numbering of replica indices in a StatefulSet. The default ordinals behavior assigns a "0" index to the first replica and increments the index by one for each additional replica requested.'),
}, { description: 'A StatefulSetSpec is the specification of a StatefulSet.' });

export const StatefulSetCondition = object(G + 'StatefulSetCondition', {
  type: string().proto(1).required().keepEmpty().doc('Type of statefulset condition.'),
  status: string().proto(2).required().keepEmpty().doc('Status of the condition, one of True, False, Unknown.'),
  lastTransitionTime: time().proto(3).doc('Last time the condition transitioned from one status to another.'),
  reason: string().proto(4).doc("The reason for the condition's last transition."),
  message: string().proto(5).doc('A human readable message indicating details about the transition.'),
}, { description: 'StatefulSetCondition describes the state of a statefulset at a certain point.' });

export const StatefulSetStatus = object(G + 'StatefulSetStatus', {
  observedGeneration: int64().proto(1).doc("observedGeneration is the most recent generation observed for this StatefulSet. It corresponds to the StatefulSet's generation, which is updated on mutation by the API Server."),
  replicas: int32().proto(2).required().keepEmpty().doc('replicas is the number of Pods created by the StatefulSet controller.'),
  readyReplicas: int32().proto(3).doc('readyReplicas is the number of pods created for this StatefulSet with a Ready Condition.'),
  currentReplicas: int32().proto(4).doc('currentReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version indicated by currentRevision.'),
  updatedReplicas: int32().proto(5).doc('updatedReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version indicated by updateRevision.'),
  currentRevision: string().proto(6).doc('currentRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the sequence [0,currentReplicas).'),
  updateRevision: string().proto(7).doc('updateRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the sequence [replicas-updatedReplicas,replicas)'),
  collisionCount: int32().proto(9).optional().doc('collisionCount is the count of hash collisions for the StatefulSet. The StatefulSet controller uses this field as a collision avoidance mechanism when it needs to create the name for the newest ControllerRevision.'),
  conditions: list(StatefulSetCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(10).doc("Represents the latest available observations of a statefulset's current state."),
  availableReplicas: int32().proto(11).keepEmpty().doc('Total number of available pods (ready for at least minReadySeconds) targeted by this statefulset.'),
}, { description: 'StatefulSetStatus represents the current state of a StatefulSet.' });

export const StatefulSet = object(G + 'StatefulSet', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: StatefulSetSpec.proto(2).doc('Spec defines the desired identities of pods in this set.'),
  status: StatefulSetStatus.proto(3).doc('Status is the current status of Pods in this StatefulSet. This data may be out of date by some window of time.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'StatefulSet', version: 'v1' }] }, description: "StatefulSet represents a set of pods with consistent identities. Identities are defined as:\n  - Network: A single stable DNS and hostname.\n  - Storage: As many VolumeClaims as requested.\n\nThe StatefulSet guarantees that a given network identity will always map to the same storage identity." });

export const appsSchemas: Record<string, ObjectType> = { Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision };
