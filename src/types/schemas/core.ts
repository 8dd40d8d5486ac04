// Structural schemas of every core/v1 type, with the protobuf field number of every field.
// Facts from upstream v1.34 (the OpenAPI documents of v1.32 plus the 1.33/1.34 additions);
// declared with the vocabulary in ../schema.ts. Fields that JSON inlines from an embedded Go
// struct carry the numbers they have inside that struct; see ProtoEmbedded in ./meta.ts.

import { bool, bytes, fieldsOf, int32, int64, intOrString, list, map, microTime, object, quantity, string, time, type Fluent, type ObjectType } from '../schema.js';
import { Condition, LabelSelector, ListMeta, ObjectMeta, apiVersionField, kindField } from './meta.js';

export const AWSElasticBlockStoreVolumeSource = object("io.k8s.api.core.v1.AWSElasticBlockStoreVolumeSource", {
  volumeID: string().proto(1).required().keepEmpty().doc("volumeID is unique ID of the persistent disk resource in AWS (Amazon EBS volume). More info: https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore"),
  fsType: string().proto(2).doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore"),
  partition: int32().proto(3).doc("partition is the partition in the volume that you want to mount. If omitted, the default is to mount by volume name. Examples: For volume /dev/sda1, you specify the partition as \"1\". Similarly, the volume partition for /dev/sda is \"0\" (or you can leave the property empty)."),
  readOnly: bool().proto(4).doc("readOnly value true will force the readOnly setting in VolumeMounts. More info: https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore"),
}).doc("Represents a Persistent Disk resource in AWS.\n\nAn AWS EBS disk must exist before mounting to a container. The disk must also be in the same AWS zone as the kubelet. An AWS EBS disk can only be mounted as read/write once. AWS EBS volumes support ownership management and SELinux relabeling.");

export const NodeSelectorRequirement = object("io.k8s.api.core.v1.NodeSelectorRequirement", {
  key: string().proto(1).required().keepEmpty().doc("The label key that the selector applies to."),
  operator: string().proto(2).required().keepEmpty().enum(["DoesNotExist","Exists","Gt","In","Lt","NotIn"]).doc("Represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist. Gt, and Lt.\n\nPossible enum values:\n - `\"DoesNotExist\"`\n - `\"Exists\"`\n - `\"Gt\"`\n - `\"In\"`\n - `\"Lt\"`\n - `\"NotIn\"`"),
  values: list(string(), { listType: 'atomic' }).proto(3).optional().doc("An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. If the operator is Gt or Lt, the values array must have a single element, which will be interpreted as an integer. This array is replaced during a strategic merge patch."),
}).doc("A node selector requirement is a selector that contains values, a key, and an operator that relates the key and values.");

export const NodeSelectorTerm = object("io.k8s.api.core.v1.NodeSelectorTerm", {
  matchExpressions: list(NodeSelectorRequirement, { listType: 'atomic' }).proto(1).optional().doc("A list of node selector requirements by node's labels."),
  matchFields: list(NodeSelectorRequirement, { listType: 'atomic' }).proto(2).optional().doc("A list of node selector requirements by node's fields."),
}, { mapType: 'atomic' }).doc("A null or empty node selector term matches no objects. The requirements of them are ANDed. The TopologySelectorTerm type implements a subset of the NodeSelectorTerm.");

export const NodeSelector = object("io.k8s.api.core.v1.NodeSelector", {
  nodeSelectorTerms: list(NodeSelectorTerm, { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("Required. A list of node selector terms. The terms are ORed."),
}, { mapType: 'atomic' }).doc("A node selector represents the union of the results of one or more label queries over a set of nodes; that is, it represents the OR of the selectors represented by the node selector terms.");

export const PreferredSchedulingTerm = object("io.k8s.api.core.v1.PreferredSchedulingTerm", {
  weight: int32().proto(1).required().keepEmpty().doc("Weight associated with matching the corresponding nodeSelectorTerm, in the range 1-100."),
  preference: NodeSelectorTerm.proto(2).required().keepEmpty().doc("A node selector term, associated with the corresponding weight."),
}).doc("An empty preferred scheduling term matches all objects with implicit weight 0 (i.e. it's a no-op). A null preferred scheduling term matches no objects (i.e. is also a no-op).");

export const NodeAffinity = object("io.k8s.api.core.v1.NodeAffinity", {
  requiredDuringSchedulingIgnoredDuringExecution: NodeSelector.proto(1).optional().doc("If the affinity requirements specified by this field are not met at scheduling time, the pod will not be scheduled onto the node. If the affinity requirements specified by this field cease to be met at some point during pod execution (e.g. due to an update), the system may or may not try to eventually evict the pod from its node."),
  preferredDuringSchedulingIgnoredDuringExecution: list(PreferredSchedulingTerm, { listType: 'atomic' }).proto(2).optional().doc("The scheduler will prefer to schedule pods to nodes that satisfy the affinity expressions specified by this field, but it may choose a node that violates one or more of the expressions. The node that is most preferred is the one with the greatest sum of weights, i.e. for each node that meets all of the scheduling requirements (resource request, requiredDuringScheduling affinity expressions, etc.), compute a sum by iterating through the elements of this field and adding \"weight\" to the sum if the node matches the corresponding matchExpressions; the node(s) with the highest sum are the most preferred."),
}).doc("Node affinity is a group of node affinity scheduling rules.");

export const PodAffinityTerm = object("io.k8s.api.core.v1.PodAffinityTerm", {
  labelSelector: LabelSelector.proto(1).optional().doc("A label query over a set of resources, in this case pods. If it's null, this PodAffinityTerm matches with no Pods."),
  namespaces: list(string(), { listType: 'atomic' }).proto(2).optional().doc("namespaces specifies a static list of namespace names that the term applies to. The term is applied to the union of the namespaces listed in this field and the ones selected by namespaceSelector. null or empty namespaces list and null namespaceSelector means \"this pod's namespace\"."),
  topologyKey: string().proto(3).required().keepEmpty().doc("This pod should be co-located (affinity) or not co-located (anti-affinity) with the pods matching the labelSelector in the specified namespaces, where co-located is defined as running on a node whose value of the label with key topologyKey matches that of any node on which any of the selected pods is running. Empty topologyKey is not allowed."),
  namespaceSelector: LabelSelector.proto(4).optional().doc("A label query over the set of namespaces that the term applies to. The term is applied to the union of the namespaces selected by this field and the ones listed in the namespaces field. null selector and null or empty namespaces list means \"this pod's namespace\". An empty selector ({}) matches all namespaces."),
  matchLabelKeys: list(string(), { listType: 'atomic' }).proto(5).optional().doc("MatchLabelKeys is a set of pod label keys to select which pods will be taken into consideration. The keys are used to lookup values from the incoming pod labels, those key-value labels are merged with `labelSelector` as `key in (value)` to select the group of existing pods which pods will be taken into consideration for the incoming pod's pod (anti) affinity. Keys that don't exist in the incoming pod labels will be ignored. The default value is empty. The same key is forbidden to exist in both matchLabelKeys and labelSelector. Also, matchLabelKeys cannot be set when labelSelector isn't set. This is a beta field and requires enabling MatchLabelKeysInPodAffinity feature gate (enabled by default)."),
  mismatchLabelKeys: list(string(), { listType: 'atomic' }).proto(6).optional().doc("MismatchLabelKeys is a set of pod label keys to select which pods will be taken into consideration. The keys are used to lookup values from the incoming pod labels, those key-value labels are merged with `labelSelector` as `key notin (value)` to select the group of existing pods which pods will be taken into consideration for the incoming pod's pod (anti) affinity. Keys that don't exist in the incoming pod labels will be ignored. The default value is empty. The same key is forbidden to exist in both mismatchLabelKeys and labelSelector. Also, mismatchLabelKeys cannot be set when labelSelector isn't set. This is a beta field and requires enabling MatchLabelKeysInPodAffinity feature gate (enabled by default)."),
}).doc("Defines a set of pods (namely those matching the labelSelector relative to the given namespace(s)) that this pod should be co-located (affinity) or not co-located (anti-affinity) with, where co-located is defined as running on a node whose value of the label with key <topologyKey> matches that of any node on which a pod of the set of pods is running");

export const WeightedPodAffinityTerm = object("io.k8s.api.core.v1.WeightedPodAffinityTerm", {
  weight: int32().proto(1).required().keepEmpty().doc("weight associated with matching the corresponding podAffinityTerm, in the range 1-100."),
  podAffinityTerm: PodAffinityTerm.proto(2).required().keepEmpty().doc("Required. A pod affinity term, associated with the corresponding weight."),
}).doc("The weights of all of the matched WeightedPodAffinityTerm fields are added per-node to find the most preferred node(s)");

export const PodAffinity = object("io.k8s.api.core.v1.PodAffinity", {
  requiredDuringSchedulingIgnoredDuringExecution: list(PodAffinityTerm, { listType: 'atomic' }).proto(1).optional().doc("If the affinity requirements specified by this field are not met at scheduling time, the pod will not be scheduled onto the node. If the affinity requirements specified by this field cease to be met at some point during pod execution (e.g. due to a pod label update), the system may or may not try to eventually evict the pod from its node. When there are multiple elements, the lists of nodes corresponding to each podAffinityTerm are intersected, i.e. all terms must be satisfied."),
  preferredDuringSchedulingIgnoredDuringExecution: list(WeightedPodAffinityTerm, { listType: 'atomic' }).proto(2).optional().doc("The scheduler will prefer to schedule pods to nodes that satisfy the affinity expressions specified by this field, but it may choose a node that violates one or more of the expressions. The node that is most preferred is the one with the greatest sum of weights, i.e. for each node that meets all of the scheduling requirements (resource request, requiredDuringScheduling affinity expressions, etc.), compute a sum by iterating through the elements of this field and adding \"weight\" to the sum if the node has pods which matches the corresponding podAffinityTerm; the node(s) with the highest sum are the most preferred."),
}).doc("Pod affinity is a group of inter pod affinity scheduling rules.");

export const PodAntiAffinity = object("io.k8s.api.core.v1.PodAntiAffinity", {
  requiredDuringSchedulingIgnoredDuringExecution: list(PodAffinityTerm, { listType: 'atomic' }).proto(1).optional().doc("If the anti-affinity requirements specified by this field are not met at scheduling time, the pod will not be scheduled onto the node. If the anti-affinity requirements specified by this field cease to be met at some point during pod execution (e.g. due to a pod label update), the system may or may not try to eventually evict the pod from its node. When there are multiple elements, the lists of nodes corresponding to each podAffinityTerm are intersected, i.e. all terms must be satisfied."),
  preferredDuringSchedulingIgnoredDuringExecution: list(WeightedPodAffinityTerm, { listType: 'atomic' }).proto(2).optional().doc("The scheduler will prefer to schedule pods to nodes that satisfy the anti-affinity expressions specified by this field, but it may choose a node that violates one or more of the expressions. The node that is most preferred is the one with the greatest sum of weights, i.e. for each node that meets all of the scheduling requirements (resource request, requiredDuringScheduling anti-affinity expressions, etc.), compute a sum by iterating through the elements of this field and adding \"weight\" to the sum if the node has pods which matches the corresponding podAffinityTerm; the node(s) with the highest sum are the most preferred."),
}).doc("Pod anti affinity is a group of inter pod anti affinity scheduling rules.");

export const Affinity = object("io.k8s.api.core.v1.Affinity", {
  nodeAffinity: NodeAffinity.proto(1).optional().doc("Describes node affinity scheduling rules for the pod."),
  podAffinity: PodAffinity.proto(2).optional().doc("Describes pod affinity scheduling rules (e.g. co-locate this pod in the same node, zone, etc. as some other pod(s))."),
  podAntiAffinity: PodAntiAffinity.proto(3).optional().doc("Describes pod anti-affinity scheduling rules (e.g. avoid putting this pod in the same node, zone, etc. as some other pod(s))."),
}).doc("Affinity is a group of affinity scheduling rules.");

export const AppArmorProfile = object("io.k8s.api.core.v1.AppArmorProfile", {
  type: string().proto(1).required().keepEmpty().enum(["Localhost","RuntimeDefault","Unconfined"]).doc("type indicates which kind of AppArmor profile will be applied. Valid options are:\n  Localhost - a profile pre-loaded on the node.\n  RuntimeDefault - the container runtime's default profile.\n  Unconfined - no AppArmor enforcement.\n\nPossible enum values:\n - `\"Localhost\"` indicates that a profile pre-loaded on the node should be used.\n - `\"RuntimeDefault\"` indicates that the container runtime's default AppArmor profile should be used.\n - `\"Unconfined\"` indicates that no AppArmor profile should be enforced."),
  localhostProfile: string().proto(2).optional().doc("localhostProfile indicates a profile loaded on the node that should be used. The profile must be preconfigured on the node to work. Must match the loaded name of the profile. Must be set if and only if type is \"Localhost\"."),
}, { extensions: { 'x-kubernetes-unions': [{"discriminator":"type","fields-to-discriminateBy":{"localhostProfile":"LocalhostProfile"}}] } }).doc("AppArmorProfile defines a pod or container's AppArmor settings.");

export const AttachedVolume = object("io.k8s.api.core.v1.AttachedVolume", {
  name: string().proto(1).required().keepEmpty().doc("Name of the attached volume"),
  devicePath: string().proto(2).required().keepEmpty().doc("DevicePath represents the device path where the volume should be available"),
}).doc("AttachedVolume describes a volume attached to a node");

export const AzureDiskVolumeSource = object("io.k8s.api.core.v1.AzureDiskVolumeSource", {
  diskName: string().proto(1).required().keepEmpty().doc("diskName is the Name of the data disk in the blob storage"),
  diskURI: string().proto(2).required().keepEmpty().doc("diskURI is the URI of data disk in the blob storage"),
  cachingMode: string().proto(3).optional().default("ReadWrite").enum(["None","ReadOnly","ReadWrite"]).doc("cachingMode is the Host Caching mode: None, Read Only, Read Write.\n\nPossible enum values:\n - `\"None\"`\n - `\"ReadOnly\"`\n - `\"ReadWrite\"`"),
  fsType: string().proto(4).optional().default("ext4").doc("fsType is Filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified."),
  readOnly: bool().proto(5).optional().default(false).doc("readOnly Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  kind: string().proto(6).optional().default("Shared").enum(["Dedicated","Managed","Shared"]).doc("kind expected values are Shared: multiple blob disks per storage account  Dedicated: single blob disk per storage account  Managed: azure managed data disk (only in managed availability set). defaults to shared\n\nPossible enum values:\n - `\"Dedicated\"`\n - `\"Managed\"`\n - `\"Shared\"`"),
}).doc("AzureDisk represents an Azure Data Disk mount on the host and bind mount to the pod.");

export const AzureFilePersistentVolumeSource = object("io.k8s.api.core.v1.AzureFilePersistentVolumeSource", {
  secretName: string().proto(1).required().keepEmpty().doc("secretName is the name of secret that contains Azure Storage Account Name and Key"),
  shareName: string().proto(2).required().keepEmpty().doc("shareName is the azure Share Name"),
  readOnly: bool().proto(3).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  secretNamespace: string().proto(4).optional().keepEmpty().doc("secretNamespace is the namespace of the secret that contains Azure Storage Account Name and Key default is the same as the Pod"),
}).doc("AzureFile represents an Azure File Service mount on the host and bind mount to the pod.");

export const AzureFileVolumeSource = object("io.k8s.api.core.v1.AzureFileVolumeSource", {
  secretName: string().proto(1).required().keepEmpty().doc("secretName is the  name of secret that contains Azure Storage Account Name and Key"),
  shareName: string().proto(2).required().keepEmpty().doc("shareName is the azure share Name"),
  readOnly: bool().proto(3).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
}).doc("AzureFile represents an Azure File Service mount on the host and bind mount to the pod.");

export const ObjectReference = object("io.k8s.api.core.v1.ObjectReference", {
  kind: string().proto(1).doc("Kind of the referent. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  namespace: string().proto(2).doc("Namespace of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/"),
  name: string().proto(3).doc("Name of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names"),
  uid: string().proto(4).doc("UID of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#uids"),
  apiVersion: string().proto(5).doc("API version of the referent."),
  resourceVersion: string().proto(6).doc("Specific resourceVersion to which this reference is made, if any. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency"),
  fieldPath: string().proto(7).doc("If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: \"spec.containers{name}\" (where \"name\" refers to the name of the container that triggered the event) or if no container name is specified \"spec.containers[2]\" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object."),
}, { mapType: 'atomic' }).doc("ObjectReference contains enough information to let you inspect or modify the referred object.");

export const Binding = object("io.k8s.api.core.v1.Binding", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  target: ObjectReference.proto(2).required().keepEmpty().doc("The target object that you want to bind to the standard object."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Binding", version: "v1" }] } }).doc("Binding ties one object to another; for example, a pod is bound to a node by a scheduler.");

export const SecretReference = object("io.k8s.api.core.v1.SecretReference", {
  name: string().proto(1).doc("name is unique within a namespace to reference a secret resource."),
  namespace: string().proto(2).doc("namespace defines the space within which the secret name must be unique."),
}, { mapType: 'atomic' }).doc("SecretReference represents a Secret Reference. It has enough information to retrieve secret in any namespace");

export const CSIPersistentVolumeSource = object("io.k8s.api.core.v1.CSIPersistentVolumeSource", {
  driver: string().proto(1).required().keepEmpty().doc("driver is the name of the driver to use for this volume. Required."),
  volumeHandle: string().proto(2).required().keepEmpty().doc("volumeHandle is the unique volume name returned by the CSI volume plugin’s CreateVolume to refer to the volume on all subsequent calls. Required."),
  readOnly: bool().proto(3).doc("readOnly value to pass to ControllerPublishVolumeRequest. Defaults to false (read/write)."),
  fsType: string().proto(4).doc("fsType to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\"."),
  volumeAttributes: map(string()).proto(5).optional().doc("volumeAttributes of the volume to publish."),
  controllerPublishSecretRef: SecretReference.proto(6).optional().doc("controllerPublishSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI ControllerPublishVolume and ControllerUnpublishVolume calls. This field is optional, and may be empty if no secret is required. If the secret object contains more than one secret, all secrets are passed."),
  nodeStageSecretRef: SecretReference.proto(7).optional().doc("nodeStageSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI NodeStageVolume and NodeStageVolume and NodeUnstageVolume calls. This field is optional, and may be empty if no secret is required. If the secret object contains more than one secret, all secrets are passed."),
  nodePublishSecretRef: SecretReference.proto(8).optional().doc("nodePublishSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI NodePublishVolume and NodeUnpublishVolume calls. This field is optional, and may be empty if no secret is required. If the secret object contains more than one secret, all secrets are passed."),
  controllerExpandSecretRef: SecretReference.proto(9).optional().doc("controllerExpandSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI ControllerExpandVolume call. This field is optional, and may be empty if no secret is required. If the secret object contains more than one secret, all secrets are passed."),
  nodeExpandSecretRef: SecretReference.proto(10).optional().doc("nodeExpandSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI NodeExpandVolume call. This field is optional, may be omitted if no secret is required. If the secret object contains more than one secret, all secrets are passed."),
}).doc("Represents storage that is managed by an external CSI volume driver");

export const LocalObjectReference = object("io.k8s.api.core.v1.LocalObjectReference", {
  name: string().proto(1).default("").doc("Name of the referent. This field is effectively required, but due to backwards compatibility is allowed to be empty. Instances of this type with an empty value here are almost certainly wrong. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names"),
}, { mapType: 'atomic' }).doc("LocalObjectReference contains enough information to let you locate the referenced object inside the same namespace.");

export const CSIVolumeSource = object("io.k8s.api.core.v1.CSIVolumeSource", {
  driver: string().proto(1).required().keepEmpty().doc("driver is the name of the CSI driver that handles this volume. Consult with your admin for the correct name as registered in the cluster."),
  readOnly: bool().proto(2).optional().doc("readOnly specifies a read-only configuration for the volume. Defaults to false (read/write)."),
  fsType: string().proto(3).optional().doc("fsType to mount. Ex. \"ext4\", \"xfs\", \"ntfs\". If not provided, the empty value is passed to the associated CSI driver which will determine the default filesystem to apply."),
  volumeAttributes: map(string()).proto(4).optional().doc("volumeAttributes stores driver-specific properties that are passed to the CSI driver. Consult your driver's documentation for supported values."),
  nodePublishSecretRef: LocalObjectReference.proto(5).optional().doc("nodePublishSecretRef is a reference to the secret object containing sensitive information to pass to the CSI driver to complete the CSI NodePublishVolume and NodeUnpublishVolume calls. This field is optional, and  may be empty if no secret is required. If the secret object contains more than one secret, all secret references are passed."),
}).doc("Represents a source location of a volume to mount, managed by an external CSI driver");

export const Capabilities = object("io.k8s.api.core.v1.Capabilities", {
  add: list(string(), { listType: 'atomic' }).proto(1).optional().doc("Added capabilities"),
  drop: list(string(), { listType: 'atomic' }).proto(2).optional().doc("Removed capabilities"),
}).doc("Adds and removes POSIX capabilities from running containers.");

export const CephFSPersistentVolumeSource = object("io.k8s.api.core.v1.CephFSPersistentVolumeSource", {
  monitors: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("monitors is Required: Monitors is a collection of Ceph monitors More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  path: string().proto(2).doc("path is Optional: Used as the mounted root, rather than the full Ceph tree, default is /"),
  user: string().proto(3).doc("user is Optional: User is the rados user name, default is admin More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  secretFile: string().proto(4).doc("secretFile is Optional: SecretFile is the path to key ring for User, default is /etc/ceph/user.secret More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  secretRef: SecretReference.proto(5).optional().doc("secretRef is Optional: SecretRef is reference to the authentication secret for User, default is empty. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  readOnly: bool().proto(6).doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
}).doc("Represents a Ceph Filesystem mount that lasts the lifetime of a pod Cephfs volumes do not support ownership management or SELinux relabeling.");

export const CephFSVolumeSource = object("io.k8s.api.core.v1.CephFSVolumeSource", {
  monitors: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("monitors is Required: Monitors is a collection of Ceph monitors More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  path: string().proto(2).doc("path is Optional: Used as the mounted root, rather than the full Ceph tree, default is /"),
  user: string().proto(3).doc("user is optional: User is the rados user name, default is admin More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  secretFile: string().proto(4).doc("secretFile is Optional: SecretFile is the path to key ring for User, default is /etc/ceph/user.secret More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  secretRef: LocalObjectReference.proto(5).optional().doc("secretRef is Optional: SecretRef is reference to the authentication secret for User, default is empty. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
  readOnly: bool().proto(6).doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it"),
}).doc("Represents a Ceph Filesystem mount that lasts the lifetime of a pod Cephfs volumes do not support ownership management or SELinux relabeling.");

export const CinderPersistentVolumeSource = object("io.k8s.api.core.v1.CinderPersistentVolumeSource", {
  volumeID: string().proto(1).required().keepEmpty().doc("volumeID used to identify the volume in cinder. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  fsType: string().proto(2).doc("fsType Filesystem type to mount. Must be a filesystem type supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  readOnly: bool().proto(3).doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  secretRef: SecretReference.proto(4).optional().doc("secretRef is Optional: points to a secret object containing parameters used to connect to OpenStack."),
}).doc("Represents a cinder volume resource in Openstack. A Cinder volume must exist before mounting to a container. The volume must also be in the same region as the kubelet. Cinder volumes support ownership management and SELinux relabeling.");

export const CinderVolumeSource = object("io.k8s.api.core.v1.CinderVolumeSource", {
  volumeID: string().proto(1).required().keepEmpty().doc("volumeID used to identify the volume in cinder. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  fsType: string().proto(2).doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  readOnly: bool().proto(3).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  secretRef: LocalObjectReference.proto(4).optional().doc("secretRef is optional: points to a secret object containing parameters used to connect to OpenStack."),
}).doc("Represents a cinder volume resource in Openstack. A Cinder volume must exist before mounting to a container. The volume must also be in the same region as the kubelet. Cinder volumes support ownership management and SELinux relabeling.");

export const ClientIPConfig = object("io.k8s.api.core.v1.ClientIPConfig", {
  timeoutSeconds: int32().proto(1).optional().doc("timeoutSeconds specifies the seconds of ClientIP type session sticky time. The value must be >0 && <=86400(for 1 day) if ServiceAffinity == \"ClientIP\". Default value is 10800(for 3 hours)."),
}).doc("ClientIPConfig represents the configurations of Client IP based session affinity.");

export const ClusterTrustBundleProjection = object("io.k8s.api.core.v1.ClusterTrustBundleProjection", {
  name: string().proto(1).optional().doc("Select a single ClusterTrustBundle by object name.  Mutually-exclusive with signerName and labelSelector."),
  signerName: string().proto(2).optional().doc("Select all ClusterTrustBundles that match this signer name. Mutually-exclusive with name.  The contents of all selected ClusterTrustBundles will be unified and deduplicated."),
  labelSelector: LabelSelector.proto(3).optional().doc("Select all ClusterTrustBundles that match this label selector.  Only has effect if signerName is set.  Mutually-exclusive with name.  If unset, interpreted as \"match nothing\".  If set but empty, interpreted as \"match everything\"."),
  optional: bool().proto(5).optional().doc("If true, don't block pod startup if the referenced ClusterTrustBundle(s) aren't available.  If using name, then the named ClusterTrustBundle is allowed not to exist.  If using signerName, then the combination of signerName and labelSelector is allowed to match zero ClusterTrustBundles."),
  path: string().proto(4).required().keepEmpty().doc("Relative path from the volume root to write the bundle."),
}).doc("ClusterTrustBundleProjection describes how to select a set of ClusterTrustBundle objects and project their contents into the pod filesystem.");

export const ComponentCondition = object("io.k8s.api.core.v1.ComponentCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type of condition for a component. Valid value: \"Healthy\""),
  status: string().proto(2).required().keepEmpty().doc("Status of the condition for a component. Valid values for \"Healthy\": \"True\", \"False\", or \"Unknown\"."),
  message: string().proto(3).doc("Message about the condition for a component. For example, information about a health check."),
  error: string().proto(4).doc("Condition error code for a component. For example, a health check error code."),
}).doc("Information about the condition of a component.");

export const ComponentStatus = object("io.k8s.api.core.v1.ComponentStatus", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  conditions: list(ComponentCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(2).optional().doc("List of component conditions observed"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ComponentStatus", version: "v1" }] } }).doc("ComponentStatus (and ComponentStatusList) holds the cluster validation info. Deprecated: This API is deprecated in v1.19+");

export const ComponentStatusList = object("io.k8s.api.core.v1.ComponentStatusList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(ComponentStatus).proto(2).required().optional().keepEmpty().doc("List of ComponentStatus objects."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ComponentStatusList", version: "v1" }] } }).doc("Status of all the conditions for the component as a list of ComponentStatus objects. Deprecated: This API is deprecated in v1.19+");

export const ConfigMap = object("io.k8s.api.core.v1.ConfigMap", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  immutable: bool().proto(4).optional().doc("Immutable, if set to true, ensures that data stored in the ConfigMap cannot be updated (only object metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil."),
  data: map(string()).proto(2).optional().doc("Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process."),
  binaryData: map(bytes()).proto(3).optional().doc("BinaryData contains the binary data. Each key must consist of alphanumeric characters, '-', '_' or '.'. BinaryData can contain byte sequences that are not in the UTF-8 range. The keys stored in BinaryData must not overlap with the ones in the Data field, this is enforced during validation process. Using this field will require 1.10+ apiserver and kubelet."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ConfigMap", version: "v1" }] } }).doc("ConfigMap holds configuration data for pods to consume.");

export const ConfigMapEnvSource = object("io.k8s.api.core.v1.ConfigMapEnvSource", {
  ...fieldsOf(LocalObjectReference),
  optional: bool().proto(2).optional().doc("Specify whether the ConfigMap must be defined"),
}, { protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("ConfigMapEnvSource selects a ConfigMap to populate the environment variables with.\n\nThe contents of the target ConfigMap's Data field will represent the key-value pairs as environment variables.");

export const ConfigMapKeySelector = object("io.k8s.api.core.v1.ConfigMapKeySelector", {
  ...fieldsOf(LocalObjectReference),
  key: string().proto(2).required().keepEmpty().doc("The key to select."),
  optional: bool().proto(3).optional().doc("Specify whether the ConfigMap or its key must be defined"),
}, { mapType: 'atomic', protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("Selects a key from a ConfigMap.");

export const ConfigMapList = object("io.k8s.api.core.v1.ConfigMapList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  items: list(ConfigMap).proto(2).required().optional().keepEmpty().doc("Items is the list of ConfigMaps."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ConfigMapList", version: "v1" }] } }).doc("ConfigMapList is a resource containing a list of ConfigMap objects.");

export const ConfigMapNodeConfigSource = object("io.k8s.api.core.v1.ConfigMapNodeConfigSource", {
  namespace: string().proto(1).required().keepEmpty().doc("Namespace is the metadata.namespace of the referenced ConfigMap. This field is required in all cases."),
  name: string().proto(2).required().keepEmpty().doc("Name is the metadata.name of the referenced ConfigMap. This field is required in all cases."),
  uid: string().proto(3).doc("UID is the metadata.UID of the referenced ConfigMap. This field is forbidden in Node.Spec, and required in Node.Status."),
  resourceVersion: string().proto(4).doc("ResourceVersion is the metadata.ResourceVersion of the referenced ConfigMap. This field is forbidden in Node.Spec, and required in Node.Status."),
  kubeletConfigKey: string().proto(5).required().keepEmpty().doc("KubeletConfigKey declares which key of the referenced ConfigMap corresponds to the KubeletConfiguration structure This field is required in all cases."),
}).doc("ConfigMapNodeConfigSource contains the information to reference a ConfigMap as a config source for the Node. This API is deprecated since 1.22: https://git.k8s.io/enhancements/keps/sig-node/281-dynamic-kubelet-configuration");

export const KeyToPath = object("io.k8s.api.core.v1.KeyToPath", {
  key: string().proto(1).required().keepEmpty().doc("key is the key to project."),
  path: string().proto(2).required().keepEmpty().doc("path is the relative path of the file to map the key to. May not be an absolute path. May not contain the path element '..'. May not start with the string '..'."),
  mode: int32().proto(3).optional().doc("mode is Optional: mode bits used to set permissions on this file. Must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. If not specified, the volume defaultMode will be used. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
}).doc("Maps a string key to a path within a volume.");

export const ConfigMapProjection = object("io.k8s.api.core.v1.ConfigMapProjection", {
  ...fieldsOf(LocalObjectReference),
  items: list(KeyToPath, { listType: 'atomic' }).proto(2).optional().doc("items if unspecified, each key-value pair in the Data field of the referenced ConfigMap will be projected into the volume as a file whose name is the key and content is the value. If specified, the listed keys will be projected into the specified paths, and unlisted keys will not be present. If a key is specified which is not present in the ConfigMap, the volume setup will error unless it is marked optional. Paths must be relative and may not contain the '..' path or start with '..'."),
  optional: bool().proto(4).optional().doc("optional specify whether the ConfigMap or its keys must be defined"),
}, { protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("Adapts a ConfigMap into a projected volume.\n\nThe contents of the target ConfigMap's Data field will be presented in a projected volume as files using the keys in the Data field as the file names, unless the items element is populated with specific mappings of keys to paths. Note that this is identical to a configmap volume source without the default mode.");

export const ConfigMapVolumeSource = object("io.k8s.api.core.v1.ConfigMapVolumeSource", {
  ...fieldsOf(LocalObjectReference),
  items: list(KeyToPath, { listType: 'atomic' }).proto(2).optional().doc("items if unspecified, each key-value pair in the Data field of the referenced ConfigMap will be projected into the volume as a file whose name is the key and content is the value. If specified, the listed keys will be projected into the specified paths, and unlisted keys will not be present. If a key is specified which is not present in the ConfigMap, the volume setup will error unless it is marked optional. Paths must be relative and may not contain the '..' path or start with '..'."),
  defaultMode: int32().proto(3).optional().doc("defaultMode is optional: mode bits used to set permissions on created files by default. Must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. Defaults to 0644. Directories within the path are not affected by this setting. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
  optional: bool().proto(4).optional().doc("optional specify whether the ConfigMap or its keys must be defined"),
}, { protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("Adapts a ConfigMap into a volume.\n\nThe contents of the target ConfigMap's Data field will be presented in a volume as files using the keys in the Data field as the file names, unless the items element is populated with specific mappings of keys to paths. ConfigMap volumes support ownership management and SELinux relabeling.");

export const ContainerPort = object("io.k8s.api.core.v1.ContainerPort", {
  name: string().proto(1).doc("If specified, this must be an IANA_SVC_NAME and unique within the pod. Each named port in a pod must have a unique name. Name for the port that can be referred to by services."),
  hostPort: int32().proto(2).doc("Number of port to expose on the host. If specified, this must be a valid port number, 0 < x < 65536. If HostNetwork is specified, this must match ContainerPort. Most containers do not need this."),
  containerPort: int32().proto(3).required().keepEmpty().doc("Number of port to expose on the pod's IP address. This must be a valid port number, 0 < x < 65536."),
  protocol: string().proto(4).default("TCP").enum(["SCTP","TCP","UDP"]).with({ goType: 'v1.Protocol' }).doc("Protocol for port. Must be UDP, TCP, or SCTP. Defaults to \"TCP\".\n\nPossible enum values:\n - `\"SCTP\"` is the SCTP protocol.\n - `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol."),
  hostIP: string().proto(5).doc("What host IP to bind the external port to."),
}).doc("ContainerPort represents a network port in a single container.");

export const ContainerResizePolicy = object("io.k8s.api.core.v1.ContainerResizePolicy", {
  resourceName: string().proto(1).required().keepEmpty().doc("Name of the resource to which this resource resize policy applies. Supported values: cpu, memory."),
  restartPolicy: string().proto(2).required().keepEmpty().doc("Restart policy to apply when specified resource is resized. If not specified, it defaults to NotRequired."),
}).doc("ContainerResizePolicy represents resource resize policy for the container.");

export const ContainerRestartRuleOnExitCodes = object("io.k8s.api.core.v1.ContainerRestartRuleOnExitCodes", {
  operator: string().proto(1).required().enum(["In","NotIn"]).doc("Represents the relationship between the container exit code(s) and the specified values. Possible values are: - In: the requirement is satisfied if the container exit code is in the\n  set of specified values.\n- NotIn: the requirement is satisfied if the container exit code is\n  not in the set of specified values.\n\nPossible enum values:\n - `\"In\"`\n - `\"NotIn\"`"),
  values: list(int32(), { listType: 'set' }).proto(2).optional().doc("Specifies the set of values to check for container exit codes. At most 255 elements are allowed."),
}).doc("ContainerRestartRuleOnExitCodes describes the condition for handling an exited container based on its exit codes.");

export const ContainerRestartRule = object("io.k8s.api.core.v1.ContainerRestartRule", {
  action: string().proto(1).required().enum(["Restart"]).doc("Specifies the action taken on a container exit if the requirements are satisfied. The only possible value is \"Restart\" to restart the container.\n\nPossible enum values:\n - `\"Restart\"`"),
  exitCodes: ContainerRestartRuleOnExitCodes.proto(2).optional().doc("Represents the exit codes to check on container exits."),
}).doc("ContainerRestartRule describes how a container exit is handled.");

export const SecretEnvSource = object("io.k8s.api.core.v1.SecretEnvSource", {
  ...fieldsOf(LocalObjectReference),
  optional: bool().proto(2).optional().doc("Specify whether the Secret must be defined"),
}, { protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("SecretEnvSource selects a Secret to populate the environment variables with.\n\nThe contents of the target Secret's Data field will represent the key-value pairs as environment variables.");

export const EnvFromSource = object("io.k8s.api.core.v1.EnvFromSource", {
  prefix: string().proto(1).doc("An optional identifier to prepend to each key in the ConfigMap. Must be a C_IDENTIFIER."),
  configMapRef: ConfigMapEnvSource.proto(2).optional().doc("The ConfigMap to select from"),
  secretRef: SecretEnvSource.proto(3).optional().doc("The Secret to select from"),
}).doc("EnvFromSource represents the source of a set of ConfigMaps");

export const FileKeySelector = object("io.k8s.api.core.v1.FileKeySelector", {
  volumeName: string().proto(1).required().keepEmpty().doc("The name of the volume mount containing the env file."),
  path: string().proto(2).required().keepEmpty().doc("The path within the volume from which to select the file. Must be relative and may not contain the '..' path or start with '..'."),
  key: string().proto(3).required().keepEmpty().doc("The key within the env file. An invalid key will prevent the pod from starting. The keys defined within a source may consist of any printable ASCII characters except '='. During Alpha stage of the EnvFiles feature gate, the key size is limited to 128 characters."),
  optional: bool().proto(4).optional().default(false).doc("Specify whether the file or its key must be defined. If the file or key does not exist, then the env var is not published. If optional is set to true and the specified key does not exist, the environment variable will not be set in the Pod's containers.\n\nIf optional is set to false and the specified key does not exist, an error will be returned during Pod creation."),
}, { mapType: 'atomic' }).doc("FileKeySelector selects a key of the env file.");

export const ObjectFieldSelector = object("io.k8s.api.core.v1.ObjectFieldSelector", {
  apiVersion: string().proto(1).doc("Version of the schema the FieldPath is written in terms of, defaults to \"v1\"."),
  fieldPath: string().proto(2).required().keepEmpty().doc("Path of the field to select in the specified API version."),
}, { mapType: 'atomic' }).doc("ObjectFieldSelector selects an APIVersioned field of an object.");

export const ResourceFieldSelector = object("io.k8s.api.core.v1.ResourceFieldSelector", {
  containerName: string().proto(1).doc("Container name: required for volumes, optional for env vars"),
  resource: string().proto(2).required().keepEmpty().doc("Required: resource to select"),
  divisor: quantity().proto(3).doc("Specifies the output format of the exposed resources, defaults to \"1\""),
}, { mapType: 'atomic' }).doc("ResourceFieldSelector represents container resources (cpu, memory) and their output format");

export const SecretKeySelector = object("io.k8s.api.core.v1.SecretKeySelector", {
  ...fieldsOf(LocalObjectReference),
  key: string().proto(2).required().keepEmpty().doc("The key of the secret to select from.  Must be a valid secret key."),
  optional: bool().proto(3).optional().doc("Specify whether the Secret or its key must be defined"),
}, { mapType: 'atomic', protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("SecretKeySelector selects a key of a Secret.");

export const EnvVarSource = object("io.k8s.api.core.v1.EnvVarSource", {
  fieldRef: ObjectFieldSelector.proto(1).optional().doc("Selects a field of the pod: supports metadata.name, metadata.namespace, `metadata.labels['<KEY>']`, `metadata.annotations['<KEY>']`, spec.nodeName, spec.serviceAccountName, status.hostIP, status.podIP, status.podIPs."),
  resourceFieldRef: ResourceFieldSelector.proto(2).optional().doc("Selects a resource of the container: only resources limits and requests (limits.cpu, limits.memory, limits.ephemeral-storage, requests.cpu, requests.memory and requests.ephemeral-storage) are currently supported."),
  configMapKeyRef: ConfigMapKeySelector.proto(3).optional().doc("Selects a key of a ConfigMap."),
  secretKeyRef: SecretKeySelector.proto(4).optional().doc("Selects a key of a secret in the pod's namespace"),
  fileKeyRef: FileKeySelector.proto(5).optional().doc("FileKeyRef selects a key of the env file. Requires the EnvFiles feature gate to be enabled."),
}).doc("EnvVarSource represents a source for the value of an EnvVar.");

export const EnvVar = object("io.k8s.api.core.v1.EnvVar", {
  name: string().proto(1).required().keepEmpty().doc("Name of the environment variable. Must be a C_IDENTIFIER."),
  value: string().proto(2).doc("Variable references $(VAR_NAME) are expanded using the previously defined environment variables in the container and any service environment variables. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Defaults to \"\"."),
  valueFrom: EnvVarSource.proto(3).optional().doc("Source for the environment variable's value. Cannot be used if value is not empty."),
}).doc("EnvVar represents an environment variable present in a Container.");

export const ExecAction = object("io.k8s.api.core.v1.ExecAction", {
  command: list(string(), { listType: 'atomic' }).proto(1).optional().doc("Command is the command line to execute inside the container, the working directory for the command  is root ('/') in the container's filesystem. The command is simply exec'd, it is not run inside a shell, so traditional shell instructions ('|', etc) won't work. To use a shell, you need to explicitly call out to that shell. Exit status of 0 is treated as live/healthy and non-zero is unhealthy."),
}).doc("ExecAction describes a \"run in container\" action.");

export const HTTPHeader = object("io.k8s.api.core.v1.HTTPHeader", {
  name: string().proto(1).required().keepEmpty().doc("The header field name. This will be canonicalized upon output, so case-variant names will be understood as the same header."),
  value: string().proto(2).required().keepEmpty().doc("The header field value"),
}).doc("HTTPHeader describes a custom header to be used in HTTP probes");

export const HTTPGetAction = object("io.k8s.api.core.v1.HTTPGetAction", {
  path: string().proto(1).doc("Path to access on the HTTP server."),
  port: intOrString().proto(2).required().keepEmpty().doc("Name or number of the port to access on the container. Number must be in the range 1 to 65535. Name must be an IANA_SVC_NAME."),
  host: string().proto(3).doc("Host name to connect to, defaults to the pod IP. You probably want to set \"Host\" in httpHeaders instead."),
  scheme: string().proto(4).enum(["HTTP","HTTPS"]).doc("Scheme to use for connecting to the host. Defaults to HTTP.\n\nPossible enum values:\n - `\"HTTP\"` means that the scheme used will be http://\n - `\"HTTPS\"` means that the scheme used will be https://"),
  httpHeaders: list(HTTPHeader, { listType: 'atomic' }).proto(5).optional().doc("Custom headers to set in the request. HTTP allows repeated headers."),
}).doc("HTTPGetAction describes an action based on HTTP Get requests.");

export const SleepAction = object("io.k8s.api.core.v1.SleepAction", {
  seconds: int64().proto(1).required().keepEmpty().doc("Seconds is the number of seconds to sleep."),
}).doc("SleepAction describes a \"sleep\" action.");

export const TCPSocketAction = object("io.k8s.api.core.v1.TCPSocketAction", {
  port: intOrString().proto(1).required().keepEmpty().doc("Number or name of the port to access on the container. Number must be in the range 1 to 65535. Name must be an IANA_SVC_NAME."),
  host: string().proto(2).doc("Optional: Host name to connect to, defaults to the pod IP."),
}).doc("TCPSocketAction describes an action based on opening a socket");

export const LifecycleHandler = object("io.k8s.api.core.v1.LifecycleHandler", {
  exec: ExecAction.proto(1).optional().doc("Exec specifies a command to execute in the container."),
  httpGet: HTTPGetAction.proto(2).optional().doc("HTTPGet specifies an HTTP GET request to perform."),
  tcpSocket: TCPSocketAction.proto(3).optional().doc("Deprecated. TCPSocket is NOT supported as a LifecycleHandler and kept for backward compatibility. There is no validation of this field and lifecycle hooks will fail at runtime when it is specified."),
  sleep: SleepAction.proto(4).optional().doc("Sleep represents a duration that the container should sleep."),
}).doc("LifecycleHandler defines a specific action that should be taken in a lifecycle hook. One and only one of the fields, except TCPSocket must be specified.");

export const Lifecycle = object("io.k8s.api.core.v1.Lifecycle", {
  postStart: LifecycleHandler.proto(1).optional().doc("PostStart is called immediately after a container is created. If the handler fails, the container is terminated and restarted according to its restart policy. Other management of the container blocks until the hook completes. More info: https://kubernetes.io/docs/concepts/containers/container-lifecycle-hooks/#container-hooks"),
  preStop: LifecycleHandler.proto(2).optional().doc("PreStop is called immediately before a container is terminated due to an API request or management event such as liveness/startup probe failure, preemption, resource contention, etc. The handler is not called if the container crashes or exits. The Pod's termination grace period countdown begins before the PreStop hook is executed. Regardless of the outcome of the handler, the container will eventually terminate within the Pod's termination grace period (unless delayed by finalizers). Other management of the container blocks until the hook completes or until the termination grace period is reached. More info: https://kubernetes.io/docs/concepts/containers/container-lifecycle-hooks/#container-hooks"),
  stopSignal: string().proto(3).optional().enum(["SIGABRT","SIGALRM","SIGBUS","SIGCHLD","SIGCLD","SIGCONT","SIGFPE","SIGHUP","SIGILL","SIGINT","SIGIO","SIGIOT","SIGKILL","SIGPIPE","SIGPOLL","SIGPROF","SIGPWR","SIGQUIT","SIGRTMAX","SIGRTMAX-1","SIGRTMAX-10","SIGRTMAX-11","SIGRTMAX-12","SIGRTMAX-13","SIGRTMAX-14","SIGRTMAX-2","SIGRTMAX-3","SIGRTMAX-4","SIGRTMAX-5","SIGRTMAX-6","SIGRTMAX-7","SIGRTMAX-8","SIGRTMAX-9","SIGRTMIN","SIGRTMIN+1","SIGRTMIN+10","SIGRTMIN+11","SIGRTMIN+12","SIGRTMIN+13","SIGRTMIN+14","SIGRTMIN+15","SIGRTMIN+2","SIGRTMIN+3","SIGRTMIN+4","SIGRTMIN+5","SIGRTMIN+6","SIGRTMIN+7","SIGRTMIN+8","SIGRTMIN+9","SIGSEGV","SIGSTKFLT","SIGSTOP","SIGSYS","SIGTERM","SIGTRAP","SIGTSTP","SIGTTIN","SIGTTOU","SIGURG","SIGUSR1","SIGUSR2","SIGVTALRM","SIGWINCH","SIGXCPU","SIGXFSZ"]).doc("StopSignal defines which signal will be sent to a container when it is being stopped. If not specified, the default is defined by the container runtime in use. StopSignal can only be set for Pods with a non-empty .spec.os.name\n\nPossible enum values:\n - `\"SIGABRT\"`\n - `\"SIGALRM\"`\n - `\"SIGBUS\"`\n - `\"SIGCHLD\"`\n - `\"SIGCLD\"`\n - `\"SIGCONT\"`\n - `\"SIGFPE\"`\n - `\"SIGHUP\"`\n - `\"SIGILL\"`\n - `\"SIGINT\"`\n - `\"SIGIO\"`\n - `\"SIGIOT\"`\n - `\"SIGKILL\"`\n - `\"SIGPIPE\"`\n - `\"SIGPOLL\"`\n - `\"SIGPROF\"`\n - `\"SIGPWR\"`\n - `\"SIGQUIT\"`\n - `\"SIGRTMAX\"`\n - `\"SIGRTMAX-1\"`\n - `\"SIGRTMAX-10\"`\n - `\"SIGRTMAX-11\"`\n - `\"SIGRTMAX-12\"`\n - `\"SIGRTMAX-13\"`\n - `\"SIGRTMAX-14\"`\n - `\"SIGRTMAX-2\"`\n - `\"SIGRTMAX-3\"`\n - `\"SIGRTMAX-4\"`\n - `\"SIGRTMAX-5\"`\n - `\"SIGRTMAX-6\"`\n - `\"SIGRTMAX-7\"`\n - `\"SIGRTMAX-8\"`\n - `\"SIGRTMAX-9\"`\n - `\"SIGRTMIN\"`\n - `\"SIGRTMIN+1\"`\n - `\"SIGRTMIN+10\"`\n - `\"SIGRTMIN+11\"`\n - `\"SIGRTMIN+12\"`\n - `\"SIGRTMIN+13\"`\n - `\"SIGRTMIN+14\"`\n - `\"SIGRTMIN+15\"`\n - `\"SIGRTMIN+2\"`\n - `\"SIGRTMIN+3\"`\n - `\"SIGRTMIN+4\"`\n - `\"SIGRTMIN+5\"`\n - `\"SIGRTMIN+6\"`\n - `\"SIGRTMIN+7\"`\n - `\"SIGRTMIN+8\"`\n - `\"SIGRTMIN+9\"`\n - `\"SIGSEGV\"`\n - `\"SIGSTKFLT\"`\n - `\"SIGSTOP\"`\n - `\"SIGSYS\"`\n - `\"SIGTERM\"`\n - `\"SIGTRAP\"`\n - `\"SIGTSTP\"`\n - `\"SIGTTIN\"`\n - `\"SIGTTOU\"`\n - `\"SIGURG\"`\n - `\"SIGUSR1\"`\n - `\"SIGUSR2\"`\n - `\"SIGVTALRM\"`\n - `\"SIGWINCH\"`\n - `\"SIGXCPU\"`\n - `\"SIGXFSZ\"`"),
}).doc("Lifecycle describes actions that the management system should take in response to container lifecycle events. For the PostStart and PreStop lifecycle handlers, management of the container blocks until the action is complete, unless the container process fails, in which case the handler is aborted.");

export const GRPCAction = object("io.k8s.api.core.v1.GRPCAction", {
  port: int32().proto(1).required().keepEmpty().doc("Port number of the gRPC service. Number must be in the range 1 to 65535."),
  service: string().proto(2).optional().keepEmpty().default("").doc("Service is the name of the service to place in the gRPC HealthCheckRequest (see https://github.com/grpc/grpc/blob/master/doc/health-checking.md).\n\nIf this is not specified, the default behavior is defined by gRPC."),
}).doc("GRPCAction specifies an action involving a GRPC service.");

export const ProbeHandler = object("io.k8s.api.core.v1.ProbeHandler", {
  exec: ExecAction.proto(1).optional().doc("Exec specifies a command to execute in the container."),
  httpGet: HTTPGetAction.proto(2).optional().doc("HTTPGet specifies an HTTP GET request to perform."),
  tcpSocket: TCPSocketAction.proto(3).optional().doc("TCPSocket specifies a connection to a TCP port."),
  grpc: GRPCAction.proto(4).optional().doc("GRPC specifies a GRPC HealthCheckRequest."),
}).doc("ProbeHandler defines a specific action that should be taken in a probe. One and only one of the fields must be specified.");

export const Probe = object("io.k8s.api.core.v1.Probe", {
  ...fieldsOf(ProbeHandler),
  initialDelaySeconds: int32().proto(2).doc("Number of seconds after the container has started before liveness probes are initiated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"),
  timeoutSeconds: int32().proto(3).doc("Number of seconds after which the probe times out. Defaults to 1 second. Minimum value is 1. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"),
  periodSeconds: int32().proto(4).doc("How often (in seconds) to perform the probe. Default to 10 seconds. Minimum value is 1."),
  successThreshold: int32().proto(5).doc("Minimum consecutive successes for the probe to be considered successful after having failed. Defaults to 1. Must be 1 for liveness and startup. Minimum value is 1."),
  failureThreshold: int32().proto(6).doc("Minimum consecutive failures for the probe to be considered failed after having succeeded. Defaults to 3. Minimum value is 1."),
  terminationGracePeriodSeconds: int64().proto(7).optional().doc("Optional duration in seconds the pod needs to terminate gracefully upon probe failure. The grace period is the duration in seconds after the processes running in the pod are sent a termination signal and the time when the processes are forcibly halted with a kill signal. Set this value longer than the expected cleanup time for your process. If this value is nil, the pod's terminationGracePeriodSeconds will be used. Otherwise, this value overrides the value provided by the pod spec. Value must be non-negative integer. The value zero indicates stop immediately via the kill signal (no opportunity to shut down). This is a beta field and requires enabling ProbeTerminationGracePeriod feature gate. Minimum value is 1. spec.terminationGracePeriodSeconds is used if unset."),
}, { protoEmbedded: [{ number: 1, name: "handler", type: ProbeHandler }] }).doc("Probe describes a health check to be performed against a container to determine whether it is alive or ready to receive traffic.");

export const ResourceClaim = object("io.k8s.api.core.v1.ResourceClaim", {
  name: string().proto(1).required().keepEmpty().doc("Name must match the name of one entry in pod.spec.resourceClaims of the Pod where this field is used. It makes that resource available inside a container."),
  request: string().proto(2).doc("Request is the name chosen for a request in the referenced claim. If empty, everything from the claim is made available, otherwise only the result of this request."),
}).doc("ResourceClaim references one entry in PodSpec.ResourceClaims.");

export const ResourceRequirements = object("io.k8s.api.core.v1.ResourceRequirements", {
  limits: map(quantity()).proto(1).optional().doc("Limits describes the maximum amount of compute resources allowed. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
  requests: map(quantity()).proto(2).optional().doc("Requests describes the minimum amount of compute resources required. If Requests is omitted for a container, it defaults to Limits if that is explicitly specified, otherwise to an implementation-defined value. Requests cannot exceed Limits. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
  claims: list(ResourceClaim, { listType: 'map', listMapKeys: ["name"] }).proto(3).optional().doc("Claims lists the names of resources, defined in spec.resourceClaims, that are used by this container.\n\nThis is an alpha field and requires enabling the DynamicResourceAllocation feature gate.\n\nThis field is immutable. It can only be set for containers."),
}).doc("ResourceRequirements describes the compute resource requirements.");

export const SELinuxOptions = object("io.k8s.api.core.v1.SELinuxOptions", {
  user: string().proto(1).doc("User is a SELinux user label that applies to the container."),
  role: string().proto(2).doc("Role is a SELinux role label that applies to the container."),
  type: string().proto(3).doc("Type is a SELinux type label that applies to the container."),
  level: string().proto(4).doc("Level is SELinux level label that applies to the container."),
}).doc("SELinuxOptions are the labels to be applied to the container");

export const SeccompProfile = object("io.k8s.api.core.v1.SeccompProfile", {
  type: string().proto(1).required().keepEmpty().enum(["Localhost","RuntimeDefault","Unconfined"]).doc("type indicates which kind of seccomp profile will be applied. Valid options are:\n\nLocalhost - a profile defined in a file on the node should be used. RuntimeDefault - the container runtime default profile should be used. Unconfined - no profile should be applied.\n\nPossible enum values:\n - `\"Localhost\"` indicates a profile defined in a file on the node should be used. The file's location relative to <kubelet-root-dir>/seccomp.\n - `\"RuntimeDefault\"` represents the default container runtime seccomp profile.\n - `\"Unconfined\"` indicates no seccomp profile is applied (A.K.A. unconfined)."),
  localhostProfile: string().proto(2).optional().doc("localhostProfile indicates a profile defined in a file on the node should be used. The profile must be preconfigured on the node to work. Must be a descending path, relative to the kubelet's configured seccomp profile location. Must be set if type is \"Localhost\". Must NOT be set for any other type."),
}, { extensions: { 'x-kubernetes-unions': [{"discriminator":"type","fields-to-discriminateBy":{"localhostProfile":"LocalhostProfile"}}] } }).doc("SeccompProfile defines a pod/container's seccomp profile settings. Only one profile source may be set.");

export const WindowsSecurityContextOptions = object("io.k8s.api.core.v1.WindowsSecurityContextOptions", {
  gmsaCredentialSpecName: string().proto(1).optional().doc("GMSACredentialSpecName is the name of the GMSA credential spec to use."),
  gmsaCredentialSpec: string().proto(2).optional().doc("GMSACredentialSpec is where the GMSA admission webhook (https://github.com/kubernetes-sigs/windows-gmsa) inlines the contents of the GMSA credential spec named by the GMSACredentialSpecName field."),
  runAsUserName: string().proto(3).optional().doc("The UserName in Windows to run the entrypoint of the container process. Defaults to the user specified in image metadata if unspecified. May also be set in PodSecurityContext. If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence."),
  hostProcess: bool().proto(4).optional().doc("HostProcess determines if a container should be run as a 'Host Process' container. All of a Pod's containers must have the same effective HostProcess value (it is not allowed to have a mix of HostProcess containers and non-HostProcess containers). In addition, if HostProcess is true then HostNetwork must also be set to true."),
}).doc("WindowsSecurityContextOptions contain Windows-specific options and credentials.");

export const SecurityContext = object("io.k8s.api.core.v1.SecurityContext", {
  capabilities: Capabilities.proto(1).optional().doc("The capabilities to add/drop when running containers. Defaults to the default set of capabilities granted by the container runtime. Note that this field cannot be set when spec.os.name is windows."),
  privileged: bool().proto(2).optional().doc("Run container in privileged mode. Processes in privileged containers are essentially equivalent to root on the host. Defaults to false. Note that this field cannot be set when spec.os.name is windows."),
  seLinuxOptions: SELinuxOptions.proto(3).optional().doc("The SELinux context to be applied to the container. If unspecified, the container runtime will allocate a random SELinux context for each container.  May also be set in PodSecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence. Note that this field cannot be set when spec.os.name is windows."),
  windowsOptions: WindowsSecurityContextOptions.proto(10).optional().doc("The Windows specific settings applied to all containers. If unspecified, the options from the PodSecurityContext will be used. If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence. Note that this field cannot be set when spec.os.name is linux."),
  runAsUser: int64().proto(4).optional().doc("The UID to run the entrypoint of the container process. Defaults to user specified in image metadata if unspecified. May also be set in PodSecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence. Note that this field cannot be set when spec.os.name is windows."),
  runAsGroup: int64().proto(8).optional().doc("The GID to run the entrypoint of the container process. Uses runtime default if unset. May also be set in PodSecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence. Note that this field cannot be set when spec.os.name is windows."),
  runAsNonRoot: bool().proto(5).optional().doc("Indicates that the container must run as a non-root user. If true, the Kubelet will validate the image at runtime to ensure that it does not run as UID 0 (root) and fail to start the container if it does. If unset or false, no such validation will be performed. May also be set in PodSecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence."),
  readOnlyRootFilesystem: bool().proto(6).optional().doc("Whether this container has a read-only root filesystem. Default is false. Note that this field cannot be set when spec.os.name is windows."),
  allowPrivilegeEscalation: bool().proto(7).optional().doc("AllowPrivilegeEscalation controls whether a process can gain more privileges than its parent process. This bool directly controls if the no_new_privs flag will be set on the container process. AllowPrivilegeEscalation is true always when the container is: 1) run as Privileged 2) has CAP_SYS_ADMIN Note that this field cannot be set when spec.os.name is windows."),
  procMount: string().proto(9).optional().enum(["Default","Unmasked"]).doc("procMount denotes the type of proc mount to use for the containers. The default value is Default which uses the container runtime defaults for readonly paths and masked paths. This requires the ProcMountType feature flag to be enabled. Note that this field cannot be set when spec.os.name is windows.\n\nPossible enum values:\n - `\"Default\"` uses the container runtime defaults for readonly and masked paths for /proc. Most container runtimes mask certain paths in /proc to avoid accidental security exposure of special devices or information.\n - `\"Unmasked\"` bypasses the default masking behavior of the container runtime and ensures the newly created /proc the container stays in tact with no modifications."),
  seccompProfile: SeccompProfile.proto(11).optional().doc("The seccomp options to use by this container. If seccomp options are provided at both the pod & container level, the container options override the pod options. Note that this field cannot be set when spec.os.name is windows."),
  appArmorProfile: AppArmorProfile.proto(12).optional().doc("appArmorProfile is the AppArmor options to use by this container. If set, this profile overrides the pod's appArmorProfile. Note that this field cannot be set when spec.os.name is windows."),
}).doc("SecurityContext holds security configuration that will be applied to a container. Some fields are present in both SecurityContext and PodSecurityContext.  When both are set, the values in SecurityContext take precedence.");

export const VolumeDevice = object("io.k8s.api.core.v1.VolumeDevice", {
  name: string().proto(1).required().keepEmpty().doc("name must match the name of a persistentVolumeClaim in the pod"),
  devicePath: string().proto(2).required().keepEmpty().doc("devicePath is the path inside of the container that the device will be mapped to."),
}).doc("volumeDevice describes a mapping of a raw block device within a container.");

export const VolumeMount = object("io.k8s.api.core.v1.VolumeMount", {
  name: string().proto(1).required().keepEmpty().doc("This must match the Name of a Volume."),
  readOnly: bool().proto(2).doc("Mounted read-only if true, read-write otherwise (false or unspecified). Defaults to false."),
  recursiveReadOnly: string().proto(7).optional().doc("RecursiveReadOnly specifies whether read-only mounts should be handled recursively.\n\nIf ReadOnly is false, this field has no meaning and must be unspecified.\n\nIf ReadOnly is true, and this field is set to Disabled, the mount is not made recursively read-only.  If this field is set to IfPossible, the mount is made recursively read-only, if it is supported by the container runtime.  If this field is set to Enabled, the mount is made recursively read-only if it is supported by the container runtime, otherwise the pod will not be started and an error will be generated to indicate the reason.\n\nIf this field is set to IfPossible or Enabled, MountPropagation must be set to None (or be unspecified, which defaults to None).\n\nIf this field is not specified, it is treated as an equivalent of Disabled."),
  mountPath: string().proto(3).required().keepEmpty().doc("Path within the container at which the volume should be mounted.  Must not contain ':'."),
  subPath: string().proto(4).doc("Path within the volume from which the container's volume should be mounted. Defaults to \"\" (volume's root)."),
  mountPropagation: string().proto(5).optional().enum(["Bidirectional","HostToContainer","None"]).doc("mountPropagation determines how mounts are propagated from the host to container and the other way around. When not set, MountPropagationNone is used. This field is beta in 1.10. When RecursiveReadOnly is set to IfPossible or to Enabled, MountPropagation must be None or unspecified (which defaults to None).\n\nPossible enum values:\n - `\"Bidirectional\"` means that the volume in a container will receive new mounts from the host or other containers, and its own mounts will be propagated from the container to the host or other containers. Note that this mode is recursively applied to all mounts in the volume (\"rshared\" in Linux terminology).\n - `\"HostToContainer\"` means that the volume in a container will receive new mounts from the host or other containers, but filesystems mounted inside the container won't be propagated to the host or other containers. Note that this mode is recursively applied to all mounts in the volume (\"rslave\" in Linux terminology).\n - `\"None\"` means that the volume in a container will not receive new mounts from the host or other containers, and filesystems mounted inside the container won't be propagated to the host or other containers. Note that this mode corresponds to \"private\" in Linux terminology."),
  subPathExpr: string().proto(6).doc("Expanded path within the volume from which the container's volume should be mounted. Behaves similarly to SubPath but environment variable references $(VAR_NAME) are expanded using the container's environment. Defaults to \"\" (volume's root). SubPathExpr and SubPath are mutually exclusive."),
}).doc("VolumeMount describes a mounting of a Volume within a container.");

const containerFields = {
  name: string().proto(1).required().keepEmpty().doc("Name of the container specified as a DNS_LABEL. Each container in a pod must have a unique name (DNS_LABEL). Cannot be updated."),
  image: string().proto(2).doc("Container image name. More info: https://kubernetes.io/docs/concepts/containers/images This field is optional to allow higher level config management to default or override container images in workload controllers like Deployments and StatefulSets."),
  command: list(string(), { listType: 'atomic' }).proto(3).optional().doc("Entrypoint array. Not executed within a shell. The container image's ENTRYPOINT is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"),
  args: list(string(), { listType: 'atomic' }).proto(4).optional().doc("Arguments to the entrypoint. The container image's CMD is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"),
  workingDir: string().proto(5).doc("Container's working directory. If not specified, the container runtime's default will be used, which might be configured in the container image. Cannot be updated."),
  ports: list(ContainerPort, { listType: 'map', listMapKeys: ["containerPort","protocol"], patchStrategy: 'merge', patchMergeKey: 'containerPort' }).proto(6).optional().doc("List of ports to expose from the container. Not specifying a port here DOES NOT prevent that port from being exposed. Any port which is listening on the default \"0.0.0.0\" address inside a container will be accessible from the network. Modifying this array with strategic merge patch may corrupt the data. For more information See https://github.com/kubernetes/kubernetes/issues/108255. Cannot be updated."),
  envFrom: list(EnvFromSource, { listType: 'atomic' }).proto(19).optional().doc("List of sources to populate environment variables in the container. The keys defined within a source must be a C_IDENTIFIER. All invalid keys will be reported as an event when the container is starting. When a key exists in multiple sources, the value associated with the last source will take precedence. Values defined by an Env with a duplicate key will take precedence. Cannot be updated."),
  env: list(EnvVar, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(7).optional().doc("List of environment variables to set in the container. Cannot be updated."),
  resources: ResourceRequirements.proto(8).doc("Compute Resources required by this container. Cannot be updated. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
  resizePolicy: list(ContainerResizePolicy, { listType: 'atomic' }).proto(23).optional().doc("Resources resize policy for the container."),
  restartPolicy: string().proto(24).optional().with({ goType: 'v1.ContainerRestartPolicy' }).doc("RestartPolicy defines the restart behavior of individual containers in a pod. This field may only be set for init containers, and the only allowed value is \"Always\". For non-init containers or when this field is not specified, the restart behavior is defined by the Pod's restart policy and the container type. Setting the RestartPolicy as \"Always\" for the init container will have the following effect: this init container will be continually restarted on exit until all regular containers have terminated. Once all regular containers have completed, all init containers with restartPolicy \"Always\" will be shut down. This lifecycle differs from normal init containers and is often referred to as a \"sidecar\" container. Although this init container still starts in the init container sequence, it does not wait for the container to complete before proceeding to the next init container. Instead, the next init container starts immediately after this init container is started, or after any startupProbe has successfully completed."),
  restartPolicyRules: list(ContainerRestartRule, { listType: 'atomic' }).proto(25).optional().doc("Represents a list of rules to be checked to determine if the container should be restarted on exit. The rules are evaluated in order. Once a rule matches a container exit condition, the remaining rules are ignored. If no rule matches the container exit condition, the Container-level restart policy determines the whether the container is restarted or not. Constraints on the rules: - At most 20 rules are allowed. - Rules can have the same action. - Identical rules are not forbidden in validations. When rules are specified, container MUST set RestartPolicy explicitly even it if matches the Pod's RestartPolicy."),
  volumeMounts: list(VolumeMount, { listType: 'map', listMapKeys: ["mountPath"], patchStrategy: 'merge', patchMergeKey: 'mountPath' }).proto(9).optional().doc("Pod volumes to mount into the container's filesystem. Cannot be updated."),
  volumeDevices: list(VolumeDevice, { listType: 'map', listMapKeys: ["devicePath"], patchStrategy: 'merge', patchMergeKey: 'devicePath' }).proto(21).optional().doc("volumeDevices is the list of block devices to be used by the container."),
  livenessProbe: Probe.proto(10).optional().doc("Periodic probe of container liveness. Container will be restarted if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"),
  readinessProbe: Probe.proto(11).optional().doc("Periodic probe of container service readiness. Container will be removed from service endpoints if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"),
  startupProbe: Probe.proto(22).optional().doc("StartupProbe indicates that the Pod has successfully initialized. If specified, no other probes are executed until this completes successfully. If this probe fails, the Pod will be restarted, just as if the livenessProbe failed. This can be used to provide different probe parameters at the beginning of a Pod's lifecycle, when it might take a long time to load data or warm a cache, than during steady-state operation. This cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"),
  lifecycle: Lifecycle.proto(12).optional().doc("Actions that the management system should take in response to container lifecycle events. Cannot be updated."),
  terminationMessagePath: string().proto(13).doc("Optional: Path at which the file to which the container's termination message will be written is mounted into the container's filesystem. Message written is intended to be brief final status, such as an assertion failure message. Will be truncated by the node if greater than 4096 bytes. The total message length across all containers will be limited to 12kb. Defaults to /dev/termination-log. Cannot be updated."),
  terminationMessagePolicy: string().proto(20).enum(["FallbackToLogsOnError","File"]).doc("Indicate how the termination message should be populated. File will use the contents of terminationMessagePath to populate the container status message on both success and failure. FallbackToLogsOnError will use the last chunk of container log output if the termination message file is empty and the container exited with an error. The log output is limited to 2048 bytes or 80 lines, whichever is smaller. Defaults to File. Cannot be updated.\n\nPossible enum values:\n - `\"FallbackToLogsOnError\"` will read the most recent contents of the container logs for the container status message when the container exits with an error and the terminationMessagePath has no contents.\n - `\"File\"` is the default behavior and will set the container status message to the contents of the container's terminationMessagePath when the container exits."),
  imagePullPolicy: string().proto(14).with({ goType: 'v1.PullPolicy' }).enum(["Always","IfNotPresent","Never"]).doc("Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise. Cannot be updated. More info: https://kubernetes.io/docs/concepts/containers/images#updating-images\n\nPossible enum values:\n - `\"Always\"` means that kubelet always attempts to pull the latest image. Container will fail If the pull fails.\n - `\"IfNotPresent\"` means that kubelet pulls if the image isn't present on disk. Container will fail if the image isn't present and the pull fails.\n - `\"Never\"` means that kubelet never pulls an image, but only uses a local image. Container will fail if the image isn't present"),
  securityContext: SecurityContext.proto(15).optional().doc("SecurityContext defines the security options the container should be run with. If set, the fields of SecurityContext override the equivalent fields of PodSecurityContext. More info: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/"),
  stdin: bool().proto(16).doc("Whether this container should allocate a buffer for stdin in the container runtime. If this is not set, reads from stdin in the container will always result in EOF. Default is false."),
  stdinOnce: bool().proto(17).doc("Whether the container runtime should close the stdin channel after it has been opened by a single attach. When stdin is true the stdin stream will remain open across multiple attach sessions. If stdinOnce is set to true, stdin is opened on container start, is empty until the first client attaches to stdin, and then remains open and accepts data until the client disconnects, at which time stdin is closed and remains closed until the container is restarted. If this flag is false, a container processes that reads from stdin will never receive an EOF. Default is false"),
  tty: bool().proto(18).doc("Whether this container should allocate a TTY for itself, also requires 'stdin' to be true. Default is false."),
};

export const Container = object("io.k8s.api.core.v1.Container", containerFields).doc("A single application container that you want to run within a pod.");

export const ContainerExtendedResourceRequest = object("io.k8s.api.core.v1.ContainerExtendedResourceRequest", {
  containerName: string().proto(1).required().keepEmpty().doc("The name of the container requesting resources."),
  resourceName: string().proto(2).required().keepEmpty().doc("The name of the extended resource in that container which gets backed by DRA."),
  requestName: string().proto(3).required().keepEmpty().doc("The name of the request in the special ResourceClaim which corresponds to the extended resource."),
}).doc("ContainerExtendedResourceRequest has the mapping of container name, extended resource name to the device request name.");

export const ContainerImage = object("io.k8s.api.core.v1.ContainerImage", {
  names: list(string(), { listType: 'atomic' }).proto(1).optional().keepEmpty().doc("Names by which this image is known. e.g. [\"kubernetes.example/hyperkube:v1.0.7\", \"cloud-vendor.registry.example/cloud-vendor/hyperkube:v1.0.7\"]"),
  sizeBytes: int64().proto(2).doc("The size of the image in bytes."),
}).doc("Describe a container image");

export const ContainerStateRunning = object("io.k8s.api.core.v1.ContainerStateRunning", {
  startedAt: time().proto(1).doc("Time at which the container was last (re-)started"),
}).doc("ContainerStateRunning is a running state of a container.");

export const ContainerStateTerminated = object("io.k8s.api.core.v1.ContainerStateTerminated", {
  exitCode: int32().proto(1).required().keepEmpty().doc("Exit status from the last termination of the container"),
  signal: int32().proto(2).doc("Signal from the last termination of the container"),
  reason: string().proto(3).doc("(brief) reason from the last termination of the container"),
  message: string().proto(4).doc("Message regarding the last termination of the container"),
  startedAt: time().proto(5).doc("Time at which previous execution of the container started"),
  finishedAt: time().proto(6).doc("Time at which the container last terminated"),
  containerID: string().proto(7).doc("Container's ID in the format '<type>://<container_id>'"),
}).doc("ContainerStateTerminated is a terminated state of a container.");

export const ContainerStateWaiting = object("io.k8s.api.core.v1.ContainerStateWaiting", {
  reason: string().proto(1).doc("(brief) reason the container is not yet running."),
  message: string().proto(2).doc("Message regarding why the container is not yet running."),
}).doc("ContainerStateWaiting is a waiting state of a container.");

export const ContainerState = object("io.k8s.api.core.v1.ContainerState", {
  waiting: ContainerStateWaiting.proto(1).optional().doc("Details about a waiting container"),
  running: ContainerStateRunning.proto(2).optional().doc("Details about a running container"),
  terminated: ContainerStateTerminated.proto(3).optional().doc("Details about a terminated container"),
}).doc("ContainerState holds a possible state of container. Only one of its members may be specified. If none of them is specified, the default one is ContainerStateWaiting.");

export const LinuxContainerUser = object("io.k8s.api.core.v1.LinuxContainerUser", {
  uid: int64().proto(1).required().keepEmpty().doc("UID is the primary uid initially attached to the first process in the container"),
  gid: int64().proto(2).required().keepEmpty().doc("GID is the primary gid initially attached to the first process in the container"),
  supplementalGroups: list(int64(), { listType: 'atomic' }).proto(3).optional().doc("SupplementalGroups are the supplemental groups initially attached to the first process in the container"),
}).doc("LinuxContainerUser represents user identity information in Linux containers");

export const ContainerUser = object("io.k8s.api.core.v1.ContainerUser", {
  linux: LinuxContainerUser.proto(1).optional().doc("Linux holds user identity information initially attached to the first process of the containers in Linux. Note that the actual running identity can be changed if the process has enough privilege to do so."),
}).doc("ContainerUser represents user identity information");

export const ResourceHealth = object("io.k8s.api.core.v1.ResourceHealth", {
  resourceID: string().proto(1).required().keepEmpty().doc("ResourceID is the unique identifier of the resource. See the ResourceID type for more information."),
  health: string().proto(2).doc("Health of the resource. can be one of:\n - Healthy: operates as normal\n - Unhealthy: reported unhealthy. We consider this a temporary health issue\n              since we do not have a mechanism today to distinguish\n              temporary and permanent issues.\n - Unknown: The status cannot be determined.\n            For example, Device Plugin got unregistered and hasn't been re-registered since.\n\nIn future we may want to introduce the PermanentlyUnhealthy Status."),
}).doc("ResourceHealth represents the health of a resource. It has the latest device health information. This is a part of KEP https://kep.k8s.io/4680.");

export const ResourceStatus = object("io.k8s.api.core.v1.ResourceStatus", {
  name: string().proto(1).required().keepEmpty().doc("Name of the resource. Must be unique within the pod and in case of non-DRA resource, match one of the resources from the pod spec. For DRA resources, the value must be \"claim:<claim_name>/<request>\". When this status is reported about a container, the \"claim_name\" and \"request\" must match one of the claims of this container."),
  resources: list(ResourceHealth, { listType: 'map', listMapKeys: ["resourceID"] }).proto(2).optional().doc("List of unique resources health. Each element in the list contains an unique resource ID and its health. At a minimum, for the lifetime of a Pod, resource ID must uniquely identify the resource allocated to the Pod on the Node. If other Pod on the same Node reports the status with the same resource ID, it must be the same resource they share. See ResourceID type definition for a specific format it has in various use cases."),
}).doc("ResourceStatus represents the status of a single resource allocated to a Pod.");

export const VolumeMountStatus = object("io.k8s.api.core.v1.VolumeMountStatus", {
  name: string().proto(1).required().keepEmpty().doc("Name corresponds to the name of the original VolumeMount."),
  mountPath: string().proto(2).required().keepEmpty().doc("MountPath corresponds to the original VolumeMount."),
  readOnly: bool().proto(3).doc("ReadOnly corresponds to the original VolumeMount."),
  recursiveReadOnly: string().proto(4).optional().doc("RecursiveReadOnly must be set to Disabled, Enabled, or unspecified (for non-readonly mounts). An IfPossible value in the original VolumeMount must be translated to Disabled or Enabled, depending on the mount result."),
}).doc("VolumeMountStatus shows status of volume mounts.");

export const ContainerStatus = object("io.k8s.api.core.v1.ContainerStatus", {
  name: string().proto(1).required().keepEmpty().doc("Name is a DNS_LABEL representing the unique name of the container. Each container in a pod must have a unique name across all container types. Cannot be updated."),
  state: ContainerState.proto(2).doc("State holds details about the container's current condition."),
  lastState: ContainerState.proto(3).doc("LastTerminationState holds the last termination state of the container to help debug container crashes and restarts. This field is not populated if the container is still running and RestartCount is 0."),
  ready: bool().proto(4).required().keepEmpty().doc("Ready specifies whether the container is currently passing its readiness check. The value will change as readiness probes keep executing. If no readiness probes are specified, this field defaults to true once the container is fully started (see Started field).\n\nThe value is typically used to determine whether a container is ready to accept traffic."),
  restartCount: int32().proto(5).required().keepEmpty().doc("RestartCount holds the number of times the container has been restarted. Kubelet makes an effort to always increment the value, but there are cases when the state may be lost due to node restarts and then the value may be reset to 0. The value is never negative."),
  image: string().proto(6).required().keepEmpty().doc("Image is the name of container image that the container is running. The container image may not match the image used in the PodSpec, as it may have been resolved by the runtime. More info: https://kubernetes.io/docs/concepts/containers/images."),
  imageID: string().proto(7).required().keepEmpty().doc("ImageID is the image ID of the container's image. The image ID may not match the image ID of the image used in the PodSpec, as it may have been resolved by the runtime."),
  containerID: string().proto(8).doc("ContainerID is the ID of the container in the format '<type>://<container_id>'. Where type is a container runtime identifier, returned from Version call of CRI API (for example \"containerd\")."),
  started: bool().proto(9).optional().doc("Started indicates whether the container has finished its postStart lifecycle hook and passed its startup probe. Initialized as false, becomes true after startupProbe is considered successful. Resets to false when the container is restarted, or if kubelet loses state temporarily. In both cases, startup probes will run again. Is always true when no startupProbe is defined and container is running and has passed the postStart lifecycle hook. The null value must be treated the same as false."),
  allocatedResources: map(quantity()).proto(10).optional().doc("AllocatedResources represents the compute resources allocated for this container by the node. Kubelet sets this value to Container.Resources.Requests upon successful pod admission and after successfully admitting desired pod resize."),
  resources: ResourceRequirements.proto(11).optional().doc("Resources represents the compute resource requests and limits that have been successfully enacted on the running container after it has been started or has been successfully resized."),
  volumeMounts: list(VolumeMountStatus, { listType: 'map', listMapKeys: ["mountPath"], patchStrategy: 'merge', patchMergeKey: 'mountPath' }).proto(12).optional().doc("Status of volume mounts."),
  user: ContainerUser.proto(13).optional().doc("User represents user identity information initially attached to the first process of the container"),
  allocatedResourcesStatus: list(ResourceStatus, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(14).optional().doc("AllocatedResourcesStatus represents the status of various resources allocated for this Pod."),
  stopSignal: string().proto(15).optional().enum(["SIGABRT","SIGALRM","SIGBUS","SIGCHLD","SIGCLD","SIGCONT","SIGFPE","SIGHUP","SIGILL","SIGINT","SIGIO","SIGIOT","SIGKILL","SIGPIPE","SIGPOLL","SIGPROF","SIGPWR","SIGQUIT","SIGRTMAX","SIGRTMAX-1","SIGRTMAX-10","SIGRTMAX-11","SIGRTMAX-12","SIGRTMAX-13","SIGRTMAX-14","SIGRTMAX-2","SIGRTMAX-3","SIGRTMAX-4","SIGRTMAX-5","SIGRTMAX-6","SIGRTMAX-7","SIGRTMAX-8","SIGRTMAX-9","SIGRTMIN","SIGRTMIN+1","SIGRTMIN+10","SIGRTMIN+11","SIGRTMIN+12","SIGRTMIN+13","SIGRTMIN+14","SIGRTMIN+15","SIGRTMIN+2","SIGRTMIN+3","SIGRTMIN+4","SIGRTMIN+5","SIGRTMIN+6","SIGRTMIN+7","SIGRTMIN+8","SIGRTMIN+9","SIGSEGV","SIGSTKFLT","SIGSTOP","SIGSYS","SIGTERM","SIGTRAP","SIGTSTP","SIGTTIN","SIGTTOU","SIGURG","SIGUSR1","SIGUSR2","SIGVTALRM","SIGWINCH","SIGXCPU","SIGXFSZ"]).doc("StopSignal reports the effective stop signal for this container\n\nPossible enum values:\n - `\"SIGABRT\"`\n - `\"SIGALRM\"`\n - `\"SIGBUS\"`\n - `\"SIGCHLD\"`\n - `\"SIGCLD\"`\n - `\"SIGCONT\"`\n - `\"SIGFPE\"`\n - `\"SIGHUP\"`\n - `\"SIGILL\"`\n - `\"SIGINT\"`\n - `\"SIGIO\"`\n - `\"SIGIOT\"`\n - `\"SIGKILL\"`\n - `\"SIGPIPE\"`\n - `\"SIGPOLL\"`\n - `\"SIGPROF\"`\n - `\"SIGPWR\"`\n - `\"SIGQUIT\"`\n - `\"SIGRTMAX\"`\n - `\"SIGRTMAX-1\"`\n - `\"SIGRTMAX-10\"`\n - `\"SIGRTMAX-11\"`\n - `\"SIGRTMAX-12\"`\n - `\"SIGRTMAX-13\"`\n - `\"SIGRTMAX-14\"`\n - `\"SIGRTMAX-2\"`\n - `\"SIGRTMAX-3\"`\n - `\"SIGRTMAX-4\"`\n - `\"SIGRTMAX-5\"`\n - `\"SIGRTMAX-6\"`\n - `\"SIGRTMAX-7\"`\n - `\"SIGRTMAX-8\"`\n - `\"SIGRTMAX-9\"`\n - `\"SIGRTMIN\"`\n - `\"SIGRTMIN+1\"`\n - `\"SIGRTMIN+10\"`\n - `\"SIGRTMIN+11\"`\n - `\"SIGRTMIN+12\"`\n - `\"SIGRTMIN+13\"`\n - `\"SIGRTMIN+14\"`\n - `\"SIGRTMIN+15\"`\n - `\"SIGRTMIN+2\"`\n - `\"SIGRTMIN+3\"`\n - `\"SIGRTMIN+4\"`\n - `\"SIGRTMIN+5\"`\n - `\"SIGRTMIN+6\"`\n - `\"SIGRTMIN+7\"`\n - `\"SIGRTMIN+8\"`\n - `\"SIGRTMIN+9\"`\n - `\"SIGSEGV\"`\n - `\"SIGSTKFLT\"`\n - `\"SIGSTOP\"`\n - `\"SIGSYS\"`\n - `\"SIGTERM\"`\n - `\"SIGTRAP\"`\n - `\"SIGTSTP\"`\n - `\"SIGTTIN\"`\n - `\"SIGTTOU\"`\n - `\"SIGURG\"`\n - `\"SIGUSR1\"`\n - `\"SIGUSR2\"`\n - `\"SIGVTALRM\"`\n - `\"SIGWINCH\"`\n - `\"SIGXCPU\"`\n - `\"SIGXFSZ\"`"),
}).doc("ContainerStatus contains details for the current status of this container.");

export const DaemonEndpoint = object("io.k8s.api.core.v1.DaemonEndpoint", {
  Port: int32().proto(1).required().keepEmpty().doc("Port number of the given endpoint."),
}).doc("DaemonEndpoint contains information about a single Daemon endpoint.");

export const DownwardAPIVolumeFile = object("io.k8s.api.core.v1.DownwardAPIVolumeFile", {
  path: string().proto(1).required().keepEmpty().doc("Required: Path is  the relative path name of the file to be created. Must not be absolute or contain the '..' path. Must be utf-8 encoded. The first item of the relative path must not start with '..'"),
  fieldRef: ObjectFieldSelector.proto(2).optional().doc("Required: Selects a field of the pod: only annotations, labels, name, namespace and uid are supported."),
  resourceFieldRef: ResourceFieldSelector.proto(3).optional().doc("Selects a resource of the container: only resources limits and requests (limits.cpu, limits.memory, requests.cpu and requests.memory) are currently supported."),
  mode: int32().proto(4).optional().doc("Optional: mode bits used to set permissions on this file, must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. If not specified, the volume defaultMode will be used. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
}).doc("DownwardAPIVolumeFile represents information to create the file containing the pod field");

export const DownwardAPIProjection = object("io.k8s.api.core.v1.DownwardAPIProjection", {
  items: list(DownwardAPIVolumeFile, { listType: 'atomic' }).proto(1).optional().doc("Items is a list of DownwardAPIVolume file"),
}).doc("Represents downward API info for projecting into a projected volume. Note that this is identical to a downwardAPI volume source without the default mode.");

export const DownwardAPIVolumeSource = object("io.k8s.api.core.v1.DownwardAPIVolumeSource", {
  items: list(DownwardAPIVolumeFile, { listType: 'atomic' }).proto(1).optional().doc("Items is a list of downward API volume file"),
  defaultMode: int32().proto(2).optional().doc("Optional: mode bits to use on created files by default. Must be a Optional: mode bits used to set permissions on created files by default. Must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. Defaults to 0644. Directories within the path are not affected by this setting. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
}).doc("DownwardAPIVolumeSource represents a volume containing downward API info. Downward API volumes support ownership management and SELinux relabeling.");

export const EmptyDirVolumeSource = object("io.k8s.api.core.v1.EmptyDirVolumeSource", {
  medium: string().proto(1).doc("medium represents what type of storage medium should back this directory. The default is \"\" which means to use the node's default medium. Must be an empty string (default) or Memory. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir"),
  sizeLimit: quantity().proto(2).optional().doc("sizeLimit is the total amount of local storage required for this EmptyDir volume. The size limit is also applicable for memory medium. The maximum usage on memory medium EmptyDir would be the minimum value between the SizeLimit specified here and the sum of memory limits of all containers in a pod. The default is nil which means that the limit is undefined. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir"),
}).doc("Represents an empty directory for a pod. Empty directory volumes support ownership management and SELinux relabeling.");

export const EndpointAddress = object("io.k8s.api.core.v1.EndpointAddress", {
  ip: string().proto(1).required().keepEmpty().doc("The IP of this endpoint. May not be loopback (127.0.0.0/8 or ::1), link-local (169.254.0.0/16 or fe80::/10), or link-local multicast (224.0.0.0/24 or ff02::/16)."),
  hostname: string().proto(3).doc("The Hostname of this endpoint"),
  nodeName: string().proto(4).optional().doc("Optional: Node hosting this endpoint. This can be used to determine endpoints local to a node."),
  targetRef: ObjectReference.proto(2).optional().doc("Reference to object providing the endpoint."),
}, { mapType: 'atomic' }).doc("EndpointAddress is a tuple that describes single IP address.");

export const EndpointPort = object("io.k8s.api.core.v1.EndpointPort", {
  name: string().proto(1).doc("The name of this port.  This must match the 'name' field in the corresponding ServicePort. Must be a DNS_LABEL. Optional only if one port is defined."),
  port: int32().proto(2).required().keepEmpty().doc("The port number of the endpoint."),
  protocol: string().proto(3).enum(["SCTP","TCP","UDP"]).with({ goType: 'v1.Protocol' }).doc("The IP protocol for this port. Must be UDP, TCP, or SCTP. Default is TCP.\n\nPossible enum values:\n - `\"SCTP\"` is the SCTP protocol.\n - `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol."),
  appProtocol: string().proto(4).optional().doc("The application protocol for this port. This is used as a hint for implementations to offer richer behavior for protocols that they understand. This field follows standard Kubernetes label syntax. Valid values are either:\n\n* Un-prefixed protocol names - reserved for IANA standard service names (as per RFC-6335 and https://www.iana.org/assignments/service-names).\n\n* Kubernetes-defined prefixed names:\n  * 'kubernetes.io/h2c' - HTTP/2 prior knowledge over cleartext as described in https://www.rfc-editor.org/rfc/rfc9113.html#name-starting-http-2-with-prior-\n  * 'kubernetes.io/ws'  - WebSocket over cleartext as described in https://www.rfc-editor.org/rfc/rfc6455\n  * 'kubernetes.io/wss' - WebSocket over TLS as described in https://www.rfc-editor.org/rfc/rfc6455\n\n* Other protocols should use implementation-defined prefixed names such as mycompany.com/my-custom-protocol."),
}, { mapType: 'atomic' }).doc("EndpointPort is a tuple that describes a single port.");

export const EndpointSubset = object("io.k8s.api.core.v1.EndpointSubset", {
  addresses: list(EndpointAddress, { listType: 'atomic' }).proto(1).optional().doc("IP addresses which offer the related ports that are marked as ready. These endpoints should be considered safe for load balancers and clients to utilize."),
  notReadyAddresses: list(EndpointAddress, { listType: 'atomic' }).proto(2).optional().doc("IP addresses which offer the related ports but are not currently marked as ready because they have not yet finished starting, have recently failed a readiness check, or have recently failed a liveness check."),
  ports: list(EndpointPort, { listType: 'atomic' }).proto(3).optional().doc("Port numbers available on the related IP addresses."),
}).doc("EndpointSubset is a group of addresses with a common set of ports. The expanded set of endpoints is the Cartesian product of Addresses x Ports. For example, given:\n\n\t{\n\t  Addresses: [{\"ip\": \"10.10.1.1\"}, {\"ip\": \"10.10.2.2\"}],\n\t  Ports:     [{\"name\": \"a\", \"port\": 8675}, {\"name\": \"b\", \"port\": 309}]\n\t}\n\nThe resulting set of endpoints can be viewed as:\n\n\ta: [ 10.10.1.1:8675, 10.10.2.2:8675 ],\n\tb: [ 10.10.1.1:309, 10.10.2.2:309 ]");

export const Endpoints = object("io.k8s.api.core.v1.Endpoints", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  subsets: list(EndpointSubset, { listType: 'atomic' }).proto(2).optional().doc("The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Endpoints", version: "v1" }] } }).doc("Endpoints is a collection of endpoints that implement the actual service. Example:\n\n\t Name: \"mysvc\",\n\t Subsets: [\n\t   {\n\t     Addresses: [{\"ip\": \"10.10.1.1\"}, {\"ip\": \"10.10.2.2\"}],\n\t     Ports: [{\"name\": \"a\", \"port\": 8675}, {\"name\": \"b\", \"port\": 309}]\n\t   },\n\t   {\n\t     Addresses: [{\"ip\": \"10.10.3.3\"}],\n\t     Ports: [{\"name\": \"a\", \"port\": 93}, {\"name\": \"b\", \"port\": 76}]\n\t   },\n\t]");

export const EndpointsList = object("io.k8s.api.core.v1.EndpointsList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Endpoints).proto(2).required().optional().keepEmpty().doc("List of endpoints."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "EndpointsList", version: "v1" }] } }).doc("EndpointsList is a list of endpoints.");

export const EphemeralContainerCommon = object("io.k8s.api.core.v1.EphemeralContainerCommon", {
  // Container's fields, with the descriptions that differ for ephemeral containers.
  ...containerFields,
  name: containerFields.name.doc("Name of the ephemeral container specified as a DNS_LABEL. This name must be unique among all containers, init containers and ephemeral containers."),
  image: containerFields.image.doc("Container image name. More info: https://kubernetes.io/docs/concepts/containers/images"),
  command: containerFields.command.doc("Entrypoint array. Not executed within a shell. The image's ENTRYPOINT is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"),
  args: containerFields.args.doc("Arguments to the entrypoint. The image's CMD is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"),
  ports: containerFields.ports.doc("Ports are not allowed for ephemeral containers."),
  resources: containerFields.resources.doc("Resources are not allowed for ephemeral containers. Ephemeral containers use spare resources already allocated to the pod."),
  restartPolicy: containerFields.restartPolicy.doc("Restart policy for the container to manage the restart behavior of each container within a pod. This may only be set for init containers. You cannot set this field on ephemeral containers."),
  restartPolicyRules: containerFields.restartPolicyRules.doc("Represents a list of rules to be checked to determine if the container should be restarted on exit. You cannot set this field on ephemeral containers."),
  volumeMounts: containerFields.volumeMounts.doc("Pod volumes to mount into the container's filesystem. Subpath mounts are not allowed for ephemeral containers. Cannot be updated."),
  livenessProbe: containerFields.livenessProbe.doc("Probes are not allowed for ephemeral containers."),
  readinessProbe: containerFields.readinessProbe.doc("Probes are not allowed for ephemeral containers."),
  startupProbe: containerFields.startupProbe.doc("Probes are not allowed for ephemeral containers."),
  lifecycle: containerFields.lifecycle.doc("Lifecycle is not allowed for ephemeral containers."),
  securityContext: containerFields.securityContext.doc("Optional: SecurityContext defines the security options the ephemeral container should be run with. If set, the fields of SecurityContext override the equivalent fields of PodSecurityContext."),
}).doc("EphemeralContainerCommon is a copy of all fields in Container to be inlined in EphemeralContainer. This separate type allows easy conversion from EphemeralContainer to Container and allows separate documentation for the fields of EphemeralContainer. When a new field is added to Container it must be added here as well.");

export const EphemeralContainer = object("io.k8s.api.core.v1.EphemeralContainer", {
  ...fieldsOf(EphemeralContainerCommon),
  targetContainerName: string().proto(2).doc("If set, the name of the container from PodSpec that this ephemeral container targets. The ephemeral container will be run in the namespaces (IPC, PID, etc) of this container. If not set then the ephemeral container uses the namespaces configured in the Pod spec.\n\nThe container runtime must implement support for this feature. If the runtime does not support namespace targeting then the result of setting this field is undefined."),
}, { protoEmbedded: [{ number: 1, name: "ephemeralContainerCommon", type: EphemeralContainerCommon }] }).doc("An EphemeralContainer is a temporary container that you may add to an existing Pod for user-initiated activities such as debugging. Ephemeral containers have no resource or scheduling guarantees, and they will not be restarted when they exit or when a Pod is removed or restarted. The kubelet may evict a Pod if an ephemeral container causes the Pod to exceed its resource allocation.\n\nTo add an ephemeral container, use the ephemeralcontainers subresource of an existing Pod. Ephemeral containers may not be removed or restarted.");

export const TypedLocalObjectReference = object("io.k8s.api.core.v1.TypedLocalObjectReference", {
  apiGroup: string().proto(1).optional().keepEmpty().doc("APIGroup is the group for the resource being referenced. If APIGroup is not specified, the specified Kind must be in the core API group. For any other third-party types, APIGroup is required."),
  kind: string().proto(2).required().keepEmpty().doc("Kind is the type of resource being referenced"),
  name: string().proto(3).required().keepEmpty().doc("Name is the name of resource being referenced"),
}, { mapType: 'atomic' }).doc("TypedLocalObjectReference contains enough information to let you locate the typed referenced object inside the same namespace.");

export const TypedObjectReference = object("io.k8s.api.core.v1.TypedObjectReference", {
  apiGroup: string().proto(1).optional().keepEmpty().doc("APIGroup is the group for the resource being referenced. If APIGroup is not specified, the specified Kind must be in the core API group. For any other third-party types, APIGroup is required."),
  kind: string().proto(2).required().keepEmpty().doc("Kind is the type of resource being referenced"),
  name: string().proto(3).required().keepEmpty().doc("Name is the name of resource being referenced"),
  namespace: string().proto(4).optional().doc("Namespace is the namespace of resource being referenced Note that when a namespace is specified, a gateway.networking.k8s.io/ReferenceGrant object is required in the referent namespace to allow that namespace's owner to accept the reference. See the ReferenceGrant documentation for details. (Alpha) This field requires the CrossNamespaceVolumeDataSource feature gate to be enabled."),
}).doc("TypedObjectReference contains enough information to let you locate the typed referenced object");

export const VolumeResourceRequirements = object("io.k8s.api.core.v1.VolumeResourceRequirements", {
  limits: map(quantity()).proto(1).optional().doc("Limits describes the maximum amount of compute resources allowed. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
  requests: map(quantity()).proto(2).optional().doc("Requests describes the minimum amount of compute resources required. If Requests is omitted for a container, it defaults to Limits if that is explicitly specified, otherwise to an implementation-defined value. Requests cannot exceed Limits. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
}).doc("VolumeResourceRequirements describes the storage resource requirements for a volume.");

export const PersistentVolumeClaimSpec = object("io.k8s.api.core.v1.PersistentVolumeClaimSpec", {
  accessModes: list(string(), { listType: 'atomic' }).proto(1).optional().doc("accessModes contains the desired access modes the volume should have. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1"),
  selector: LabelSelector.proto(4).optional().doc("selector is a label query over volumes to consider for binding."),
  resources: VolumeResourceRequirements.proto(2).doc("resources represents the minimum resources the volume should have. If RecoverVolumeExpansionFailure feature is enabled users are allowed to specify resource requirements that are lower than previous value but must still be higher than capacity recorded in the status field of the claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#resources"),
  volumeName: string().proto(3).doc("volumeName is the binding reference to the PersistentVolume backing this claim."),
  storageClassName: string().proto(5).optional().doc("storageClassName is the name of the StorageClass required by the claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#class-1"),
  volumeMode: string().proto(6).optional().enum(["Block","Filesystem"]).doc("volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.\n\nPossible enum values:\n - `\"Block\"` means the volume will not be formatted with a filesystem and will remain a raw block device.\n - `\"Filesystem\"` means the volume will be or is formatted with a filesystem."),
  dataSource: TypedLocalObjectReference.proto(7).optional().doc("dataSource field can be used to specify either: * An existing VolumeSnapshot object (snapshot.storage.k8s.io/VolumeSnapshot) * An existing PVC (PersistentVolumeClaim) If the provisioner or an external controller can support the specified data source, it will create a new volume based on the contents of the specified data source. When the AnyVolumeDataSource feature gate is enabled, dataSource contents will be copied to dataSourceRef, and dataSourceRef contents will be copied to dataSource when dataSourceRef.namespace is not specified. If the namespace is specified, then dataSourceRef will not be copied to dataSource."),
  dataSourceRef: TypedObjectReference.proto(8).optional().doc("dataSourceRef specifies the object from which to populate the volume with data, if a non-empty volume is desired. This may be any object from a non-empty API group (non core object) or a PersistentVolumeClaim object. When this field is specified, volume binding will only succeed if the type of the specified object matches some installed volume populator or dynamic provisioner. This field will replace the functionality of the dataSource field and as such if both fields are non-empty, they must have the same value. For backwards compatibility, when namespace isn't specified in dataSourceRef, both fields (dataSource and dataSourceRef) will be set to the same value automatically if one of them is empty and the other is non-empty. When namespace is specified in dataSourceRef, dataSource isn't set to the same value and must be empty. There are three important differences between dataSource and dataSourceRef: * While dataSource only allows two specific types of objects, dataSourceRef\n  allows any non-core object, as well as PersistentVolumeClaim objects.\n* While dataSource ignores disallowed values (dropping them), dataSourceRef\n  preserves all values, and generates an error if a disallowed value is\n  specified.\n* While dataSource only allows local objects, dataSourceRef allows objects\n  in any namespaces.\n(Beta) Using this field requires the AnyVolumeDataSource feature gate to be enabled. (Alpha) Using the namespace field of dataSourceRef requires the CrossNamespaceVolumeDataSource feature gate to be enabled."),
  volumeAttributesClassName: string().proto(9).optional().doc("volumeAttributesClassName may be used to set the VolumeAttributesClass used by this claim. If specified, the CSI driver will create or update the volume with the attributes defined in the corresponding VolumeAttributesClass. This has a different purpose than storageClassName, it can be changed after the claim is created. An empty string value means that no VolumeAttributesClass will be applied to the claim but it's not allowed to reset this field to empty string once it is set. If unspecified and the PersistentVolumeClaim is unbound, the default VolumeAttributesClass will be set by the persistentvolume controller if it exists. If the resource referred to by volumeAttributesClass does not exist, this PersistentVolumeClaim will be set to a Pending state, as reflected by the modifyVolumeStatus field, until such as a resource exists. More info: https://kubernetes.io/docs/concepts/storage/volume-attributes-classes/ (Beta) Using this field requires the VolumeAttributesClass feature gate to be enabled (off by default)."),
}).doc("PersistentVolumeClaimSpec describes the common attributes of storage devices and allows a Source for provider-specific attributes");

export const PersistentVolumeClaimTemplate = object("io.k8s.api.core.v1.PersistentVolumeClaimTemplate", {
  metadata: ObjectMeta.proto(1).doc("May contain labels and annotations that will be copied into the PVC when creating it. No other fields are allowed and will be rejected during validation."),
  spec: PersistentVolumeClaimSpec.proto(2).required().keepEmpty().doc("The specification for the PersistentVolumeClaim. The entire content is copied unchanged into the PVC that gets created from this template. The same fields as in a PersistentVolumeClaim are also valid here."),
}).doc("PersistentVolumeClaimTemplate is used to produce PersistentVolumeClaim objects as part of an EphemeralVolumeSource.");

export const EphemeralVolumeSource = object("io.k8s.api.core.v1.EphemeralVolumeSource", {
  volumeClaimTemplate: PersistentVolumeClaimTemplate.proto(1).optional().doc("Will be used to create a stand-alone PVC to provision the volume. The pod in which this EphemeralVolumeSource is embedded will be the owner of the PVC, i.e. the PVC will be deleted together with the pod.  The name of the PVC will be `<pod name>-<volume name>` where `<volume name>` is the name from the `PodSpec.Volumes` array entry. Pod validation will reject the pod if the concatenated name is not valid for a PVC (for example, too long).\n\nAn existing PVC with that name that is not owned by the pod will *not* be used for the pod to avoid using an unrelated volume by mistake. Starting the pod is then blocked until the unrelated PVC is removed. If such a pre-created PVC is meant to be used by the pod, the PVC has to updated with an owner reference to the pod once the pod exists. Normally this should not be necessary, but it may be useful when manually reconstructing a broken cluster.\n\nThis field is read-only and no changes will be made by Kubernetes to the PVC after it has been created.\n\nRequired, must not be nil."),
}).doc("Represents an ephemeral volume that is handled by a normal storage driver.");

export const EventSeries = object("io.k8s.api.core.v1.EventSeries", {
  count: int32().proto(1).doc("Number of occurrences in this series up to the last heartbeat time"),
  lastObservedTime: microTime().proto(2).doc("Time of the last occurrence observed"),
}).doc("EventSeries contain information on series of events, i.e. thing that was/is happening continuously for some time.");

export const EventSource = object("io.k8s.api.core.v1.EventSource", {
  component: string().proto(1).doc("Component from which the event is generated."),
  host: string().proto(2).doc("Node name on which the event is generated."),
}).doc("EventSource contains information for an event.");

export const Event = object("io.k8s.api.core.v1.Event", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).required().keepEmpty().doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  involvedObject: ObjectReference.proto(2).required().keepEmpty().doc("The object that this event is about."),
  reason: string().proto(3).doc("This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
  message: string().proto(4).doc("A human-readable description of the status of this operation."),
  source: EventSource.proto(5).doc("The component reporting this event. Should be a short machine understandable string."),
  firstTimestamp: time().proto(6).doc("The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)"),
  lastTimestamp: time().proto(7).doc("The time at which the most recent occurrence of this event was recorded."),
  count: int32().proto(8).doc("The number of times this event has occurred."),
  type: string().proto(9).doc("Type of this event (Normal, Warning), new types could be added in the future"),
  eventTime: microTime().proto(10).doc("Time when this Event was first observed."),
  series: EventSeries.proto(11).optional().doc("Data about the Event series this event represents or nil if it's a singleton Event."),
  action: string().proto(12).doc("What action was taken/failed regarding to the Regarding object."),
  related: ObjectReference.proto(13).optional().doc("Optional secondary object for more complex actions."),
  reportingComponent: string().proto(14).keepEmpty().doc("Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`."),
  reportingInstance: string().proto(15).keepEmpty().doc("ID of the controller instance, e.g. `kubelet-xyzf`."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Event", version: "v1" }] } }).doc("Event is a report of an event somewhere in the cluster.  Events have a limited retention time and triggers and messages may evolve with time.  Event consumers should not rely on the timing of an event with a given Reason reflecting a consistent underlying trigger, or the continued existence of events with that Reason.  Events should be treated as informative, best-effort, supplemental data.");

export const EventList = object("io.k8s.api.core.v1.EventList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Event).proto(2).required().optional().keepEmpty().doc("List of events"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "EventList", version: "v1" }] } }).doc("EventList is a list of events.");

export const FCVolumeSource = object("io.k8s.api.core.v1.FCVolumeSource", {
  targetWWNs: list(string(), { listType: 'atomic' }).proto(1).optional().doc("targetWWNs is Optional: FC target worldwide names (WWNs)"),
  lun: int32().proto(2).optional().doc("lun is Optional: FC target lun number"),
  fsType: string().proto(3).doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified."),
  readOnly: bool().proto(4).doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  wwids: list(string(), { listType: 'atomic' }).proto(5).optional().doc("wwids Optional: FC volume world wide identifiers (wwids) Either wwids or combination of targetWWNs and lun must be set, but not both simultaneously."),
}).doc("Represents a Fibre Channel volume. Fibre Channel volumes can only be mounted as read/write once. Fibre Channel volumes support ownership management and SELinux relabeling.");

export const FlexPersistentVolumeSource = object("io.k8s.api.core.v1.FlexPersistentVolumeSource", {
  driver: string().proto(1).required().keepEmpty().doc("driver is the name of the driver to use for this volume."),
  fsType: string().proto(2).doc("fsType is the Filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". The default filesystem depends on FlexVolume script."),
  secretRef: SecretReference.proto(3).optional().doc("secretRef is Optional: SecretRef is reference to the secret object containing sensitive information to pass to the plugin scripts. This may be empty if no secret object is specified. If the secret object contains more than one secret, all secrets are passed to the plugin scripts."),
  readOnly: bool().proto(4).doc("readOnly is Optional: defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  options: map(string()).proto(5).optional().doc("options is Optional: this field holds extra command options if any."),
}).doc("FlexPersistentVolumeSource represents a generic persistent volume resource that is provisioned/attached using an exec based plugin.");

export const FlexVolumeSource = object("io.k8s.api.core.v1.FlexVolumeSource", {
  driver: string().proto(1).required().keepEmpty().doc("driver is the name of the driver to use for this volume."),
  fsType: string().proto(2).doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". The default filesystem depends on FlexVolume script."),
  secretRef: LocalObjectReference.proto(3).optional().doc("secretRef is Optional: secretRef is reference to the secret object containing sensitive information to pass to the plugin scripts. This may be empty if no secret object is specified. If the secret object contains more than one secret, all secrets are passed to the plugin scripts."),
  readOnly: bool().proto(4).doc("readOnly is Optional: defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  options: map(string()).proto(5).optional().doc("options is Optional: this field holds extra command options if any."),
}).doc("FlexVolume represents a generic volume resource that is provisioned/attached using an exec based plugin.");

export const FlockerVolumeSource = object("io.k8s.api.core.v1.FlockerVolumeSource", {
  datasetName: string().proto(1).doc("datasetName is Name of the dataset stored as metadata -> name on the dataset for Flocker should be considered as deprecated"),
  datasetUUID: string().proto(2).doc("datasetUUID is the UUID of the dataset. This is unique identifier of a Flocker dataset"),
}).doc("Represents a Flocker volume mounted by the Flocker agent. One and only one of datasetName and datasetUUID should be set. Flocker volumes do not support ownership management or SELinux relabeling.");

export const GCEPersistentDiskVolumeSource = object("io.k8s.api.core.v1.GCEPersistentDiskVolumeSource", {
  pdName: string().proto(1).required().keepEmpty().doc("pdName is unique name of the PD resource in GCE. Used to identify the disk in GCE. More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
  fsType: string().proto(2).doc("fsType is filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
  partition: int32().proto(3).doc("partition is the partition in the volume that you want to mount. If omitted, the default is to mount by volume name. Examples: For volume /dev/sda1, you specify the partition as \"1\". Similarly, the volume partition for /dev/sda is \"0\" (or you can leave the property empty). More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
  readOnly: bool().proto(4).doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false. More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
}).doc("Represents a Persistent Disk resource in Google Compute Engine.\n\nA GCE PD must exist before mounting to a container. The disk must also be in the same GCE project and zone as the kubelet. A GCE PD can only be mounted as read/write once or read-only many times. GCE PDs support ownership management and SELinux relabeling.");

export const GitRepoVolumeSource = object("io.k8s.api.core.v1.GitRepoVolumeSource", {
  repository: string().proto(1).required().keepEmpty().doc("repository is the URL"),
  revision: string().proto(2).doc("revision is the commit hash for the specified revision."),
  directory: string().proto(3).doc("directory is the target directory name. Must not contain or start with '..'.  If '.' is supplied, the volume directory will be the git repository.  Otherwise, if specified, the volume will contain the git repository in the subdirectory with the given name."),
}).doc("Represents a volume that is populated with the contents of a git repository. Git repo volumes do not support ownership management. Git repo volumes support SELinux relabeling.\n\nDEPRECATED: GitRepo is deprecated. To provision a container with a git repo, mount an EmptyDir into an InitContainer that clones the repo using git, then mount the EmptyDir into the Pod's container.");

export const GlusterfsPersistentVolumeSource = object("io.k8s.api.core.v1.GlusterfsPersistentVolumeSource", {
  endpoints: string().proto(1).required().keepEmpty().doc("endpoints is the endpoint name that details Glusterfs topology. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
  path: string().proto(2).required().keepEmpty().doc("path is the Glusterfs volume path. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
  readOnly: bool().proto(3).doc("readOnly here will force the Glusterfs volume to be mounted with read-only permissions. Defaults to false. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
  endpointsNamespace: string().proto(4).optional().doc("endpointsNamespace is the namespace that contains Glusterfs endpoint. If this field is empty, the EndpointNamespace defaults to the same namespace as the bound PVC. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
}).doc("Represents a Glusterfs mount that lasts the lifetime of a pod. Glusterfs volumes do not support ownership management or SELinux relabeling.");

export const GlusterfsVolumeSource = object("io.k8s.api.core.v1.GlusterfsVolumeSource", {
  endpoints: string().proto(1).required().keepEmpty().doc("endpoints is the endpoint name that details Glusterfs topology. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
  path: string().proto(2).required().keepEmpty().doc("path is the Glusterfs volume path. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
  readOnly: bool().proto(3).doc("readOnly here will force the Glusterfs volume to be mounted with read-only permissions. Defaults to false. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod"),
}).doc("Represents a Glusterfs mount that lasts the lifetime of a pod. Glusterfs volumes do not support ownership management or SELinux relabeling.");

export const HostAlias = object("io.k8s.api.core.v1.HostAlias", {
  ip: string().proto(1).required().keepEmpty().doc("IP address of the host file entry."),
  hostnames: list(string(), { listType: 'atomic' }).proto(2).optional().doc("Hostnames for the above IP address."),
}).doc("HostAlias holds the mapping between IP and hostnames that will be injected as an entry in the pod's hosts file.");

export const HostIP = object("io.k8s.api.core.v1.HostIP", {
  ip: string().proto(1).required().keepEmpty().doc("IP is the IP address assigned to the host"),
}).doc("HostIP represents a single IP address allocated to the host.");

export const HostPathVolumeSource = object("io.k8s.api.core.v1.HostPathVolumeSource", {
  path: string().proto(1).required().keepEmpty().doc("path of the directory on the host. If the path is a symlink, it will follow the link to the real path. More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath"),
  type: string().proto(2).optional().enum(["","BlockDevice","CharDevice","Directory","DirectoryOrCreate","File","FileOrCreate","Socket"]).doc("type for HostPath Volume Defaults to \"\" More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath\n\nPossible enum values:\n - `\"\"` For backwards compatible, leave it empty if unset\n - `\"BlockDevice\"` A block device must exist at the given path\n - `\"CharDevice\"` A character device must exist at the given path\n - `\"Directory\"` A directory must exist at the given path\n - `\"DirectoryOrCreate\"` If nothing exists at the given path, an empty directory will be created there as needed with file mode 0755, having the same group and ownership with Kubelet.\n - `\"File\"` A file must exist at the given path\n - `\"FileOrCreate\"` If nothing exists at the given path, an empty file will be created there as needed with file mode 0644, having the same group and ownership with Kubelet.\n - `\"Socket\"` A UNIX socket must exist at the given path"),
}).doc("Represents a host path mapped into a pod. Host path volumes do not support ownership management or SELinux relabeling.");

export const ISCSIPersistentVolumeSource = object("io.k8s.api.core.v1.ISCSIPersistentVolumeSource", {
  targetPortal: string().proto(1).required().keepEmpty().doc("targetPortal is iSCSI Target Portal. The Portal is either an IP or ip_addr:port if the port is other than default (typically TCP ports 860 and 3260)."),
  iqn: string().proto(2).required().keepEmpty().doc("iqn is Target iSCSI Qualified Name."),
  lun: int32().proto(3).required().keepEmpty().doc("lun is iSCSI Target Lun number."),
  iscsiInterface: string().proto(4).default("default").doc("iscsiInterface is the interface Name that uses an iSCSI transport. Defaults to 'default' (tcp)."),
  fsType: string().proto(5).doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://kubernetes.io/docs/concepts/storage/volumes#iscsi"),
  readOnly: bool().proto(6).doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false."),
  portals: list(string(), { listType: 'atomic' }).proto(7).optional().doc("portals is the iSCSI Target Portal List. The Portal is either an IP or ip_addr:port if the port is other than default (typically TCP ports 860 and 3260)."),
  chapAuthDiscovery: bool().proto(8).doc("chapAuthDiscovery defines whether support iSCSI Discovery CHAP authentication"),
  chapAuthSession: bool().proto(11).doc("chapAuthSession defines whether support iSCSI Session CHAP authentication"),
  secretRef: SecretReference.proto(10).optional().doc("secretRef is the CHAP Secret for iSCSI target and initiator authentication"),
  initiatorName: string().proto(12).optional().doc("initiatorName is the custom iSCSI Initiator Name. If initiatorName is specified with iscsiInterface simultaneously, new iSCSI interface <target portal>:<volume name> will be created for the connection."),
}).doc("ISCSIPersistentVolumeSource represents an ISCSI disk. ISCSI volumes can only be mounted as read/write once. ISCSI volumes support ownership management and SELinux relabeling.");

export const ISCSIVolumeSource = object("io.k8s.api.core.v1.ISCSIVolumeSource", {
  targetPortal: string().proto(1).required().keepEmpty().doc("targetPortal is iSCSI Target Portal. The Portal is either an IP or ip_addr:port if the port is other than default (typically TCP ports 860 and 3260)."),
  iqn: string().proto(2).required().keepEmpty().doc("iqn is the target iSCSI Qualified Name."),
  lun: int32().proto(3).required().keepEmpty().doc("lun represents iSCSI Target Lun number."),
  iscsiInterface: string().proto(4).default("default").doc("iscsiInterface is the interface Name that uses an iSCSI transport. Defaults to 'default' (tcp)."),
  fsType: string().proto(5).doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://kubernetes.io/docs/concepts/storage/volumes#iscsi"),
  readOnly: bool().proto(6).doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false."),
  portals: list(string(), { listType: 'atomic' }).proto(7).optional().doc("portals is the iSCSI Target Portal List. The portal is either an IP or ip_addr:port if the port is other than default (typically TCP ports 860 and 3260)."),
  chapAuthDiscovery: bool().proto(8).doc("chapAuthDiscovery defines whether support iSCSI Discovery CHAP authentication"),
  chapAuthSession: bool().proto(11).doc("chapAuthSession defines whether support iSCSI Session CHAP authentication"),
  secretRef: LocalObjectReference.proto(10).optional().doc("secretRef is the CHAP Secret for iSCSI target and initiator authentication"),
  initiatorName: string().proto(12).optional().doc("initiatorName is the custom iSCSI Initiator Name. If initiatorName is specified with iscsiInterface simultaneously, new iSCSI interface <target portal>:<volume name> will be created for the connection."),
}).doc("Represents an ISCSI disk. ISCSI volumes can only be mounted as read/write once. ISCSI volumes support ownership management and SELinux relabeling.");

export const ImageVolumeSource = object("io.k8s.api.core.v1.ImageVolumeSource", {
  reference: string().proto(1).doc("Required: Image or artifact reference to be used. Behaves in the same way as pod.spec.containers[*].image. Pull secrets will be assembled in the same way as for the container image by looking up node credentials, SA image pull secrets, and pod spec image pull secrets. More info: https://kubernetes.io/docs/concepts/containers/images This field is optional to allow higher level config management to default or override container images in workload controllers like Deployments and StatefulSets."),
  pullPolicy: string().proto(2).enum(["Always","IfNotPresent","Never"]).doc("Policy for pulling OCI objects. Possible values are: Always: the kubelet always attempts to pull the reference. Container creation will fail If the pull fails. Never: the kubelet never pulls the reference and only uses a local image or artifact. Container creation will fail if the reference isn't present. IfNotPresent: the kubelet pulls if the reference isn't already present on disk. Container creation will fail if the reference isn't present and the pull fails. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise.\n\nPossible enum values:\n - `\"Always\"` means that kubelet always attempts to pull the latest image. Container will fail If the pull fails.\n - `\"IfNotPresent\"` means that kubelet pulls if the image isn't present on disk. Container will fail if the image isn't present and the pull fails.\n - `\"Never\"` means that kubelet never pulls an image, but only uses a local image. Container will fail if the image isn't present"),
}).doc("ImageVolumeSource represents a image volume resource.");

export const LimitRangeItem = object("io.k8s.api.core.v1.LimitRangeItem", {
  type: string().proto(1).required().keepEmpty().doc("Type of resource that this limit applies to."),
  max: map(quantity()).proto(2).optional().doc("Max usage constraints on this kind by resource name."),
  min: map(quantity()).proto(3).optional().doc("Min usage constraints on this kind by resource name."),
  default: map(quantity()).proto(4).optional().doc("Default resource requirement limit value by resource name if resource limit is omitted."),
  defaultRequest: map(quantity()).proto(5).optional().doc("DefaultRequest is the default resource requirement request value by resource name if resource request is omitted."),
  maxLimitRequestRatio: map(quantity()).proto(6).optional().doc("MaxLimitRequestRatio if specified, the named resource must have a request and limit that are both non-zero where limit divided by request is less than or equal to the enumerated value; this represents the max burst for the named resource."),
}).doc("LimitRangeItem defines a min/max usage limit for any resource that matches on kind.");

export const LimitRangeSpec = object("io.k8s.api.core.v1.LimitRangeSpec", {
  limits: list(LimitRangeItem, { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("Limits is the list of LimitRangeItem objects that are enforced."),
}).doc("LimitRangeSpec defines a min/max usage limit for resources that match on kind.");

export const LimitRange = object("io.k8s.api.core.v1.LimitRange", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: LimitRangeSpec.proto(2).doc("Spec defines the limits enforced. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "LimitRange", version: "v1" }] } }).doc("LimitRange sets resource usage limits for each kind of resource in a Namespace.");

export const LimitRangeList = object("io.k8s.api.core.v1.LimitRangeList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(LimitRange).proto(2).required().optional().keepEmpty().doc("Items is a list of LimitRange objects. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "LimitRangeList", version: "v1" }] } }).doc("LimitRangeList is a list of LimitRange items.");

export const PortStatus = object("io.k8s.api.core.v1.PortStatus", {
  port: int32().proto(1).required().keepEmpty().doc("Port is the port number of the service port of which status is recorded here"),
  protocol: string().proto(2).required().keepEmpty().enum(["SCTP","TCP","UDP"]).with({ goType: 'v1.Protocol' }).doc("Protocol is the protocol of the service port of which status is recorded here The supported values are: \"TCP\", \"UDP\", \"SCTP\"\n\nPossible enum values:\n - `\"SCTP\"` is the SCTP protocol.\n - `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol."),
  error: string().proto(3).optional().doc("Error is to record the problem with the service port The format of the error shall comply with the following rules: - built-in error values shall be specified in this file and those shall use\n  CamelCase names\n- cloud provider specific error values must have names that comply with the\n  format foo.example.com/CamelCase."),
}).doc("PortStatus represents the error condition of a service port");

export const LoadBalancerIngress = object("io.k8s.api.core.v1.LoadBalancerIngress", {
  ip: string().proto(1).doc("IP is set for load-balancer ingress points that are IP based (typically GCE or OpenStack load-balancers)"),
  hostname: string().proto(2).doc("Hostname is set for load-balancer ingress points that are DNS based (typically AWS load-balancers)"),
  ipMode: string().proto(3).optional().doc("IPMode specifies how the load-balancer IP behaves, and may only be specified when the ip field is specified. Setting this to \"VIP\" indicates that traffic is delivered to the node with the destination set to the load-balancer's IP and port. Setting this to \"Proxy\" indicates that traffic is delivered to the node or pod with the destination set to the node's IP and node port or the pod's IP and port. Service implementations may use this information to adjust traffic routing."),
  ports: list(PortStatus, { listType: 'atomic' }).proto(4).optional().doc("Ports is a list of records of service ports If used, every port defined in the service should have an entry in it"),
}).doc("LoadBalancerIngress represents the status of a load-balancer ingress point: traffic intended for the service should be sent to an ingress point.");

export const LoadBalancerStatus = object("io.k8s.api.core.v1.LoadBalancerStatus", {
  ingress: list(LoadBalancerIngress, { listType: 'atomic' }).proto(1).optional().doc("Ingress is a list containing ingress points for the load-balancer. Traffic intended for the service should be sent to these ingress points."),
}).doc("LoadBalancerStatus represents the status of a load-balancer.");

export const LocalVolumeSource = object("io.k8s.api.core.v1.LocalVolumeSource", {
  path: string().proto(1).required().keepEmpty().doc("path of the full path to the volume on the node. It can be either a directory or block device (disk, partition, ...)."),
  fsType: string().proto(2).optional().doc("fsType is the filesystem type to mount. It applies only when the Path is a block device. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". The default value is to auto-select a filesystem if unspecified."),
}).doc("Local represents directly-attached storage with node affinity");

export const ModifyVolumeStatus = object("io.k8s.api.core.v1.ModifyVolumeStatus", {
  targetVolumeAttributesClassName: string().proto(1).doc("targetVolumeAttributesClassName is the name of the VolumeAttributesClass the PVC currently being reconciled"),
  status: string().proto(2).required().keepEmpty().enum(["InProgress","Infeasible","Pending"]).doc("status is the status of the ControllerModifyVolume operation. It can be in any of following states:\n - Pending\n   Pending indicates that the PersistentVolumeClaim cannot be modified due to unmet requirements, such as\n   the specified VolumeAttributesClass not existing.\n - InProgress\n   InProgress indicates that the volume is being modified.\n - Infeasible\n  Infeasible indicates that the request has been rejected as invalid by the CSI driver. To\n\t  resolve the error, a valid VolumeAttributesClass needs to be specified.\nNote: New statuses can be added in the future. Consumers should check for unknown statuses and fail appropriately.\n\nPossible enum values:\n - `\"InProgress\"` InProgress indicates that the volume is being modified\n - `\"Infeasible\"` Infeasible indicates that the request has been rejected as invalid by the CSI driver. To resolve the error, a valid VolumeAttributesClass needs to be specified\n - `\"Pending\"` Pending indicates that the PersistentVolumeClaim cannot be modified due to unmet requirements, such as the specified VolumeAttributesClass not existing"),
}).doc("ModifyVolumeStatus represents the status object of ControllerModifyVolume operation");

export const NFSVolumeSource = object("io.k8s.api.core.v1.NFSVolumeSource", {
  server: string().proto(1).required().keepEmpty().doc("server is the hostname or IP address of the NFS server. More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs"),
  path: string().proto(2).required().keepEmpty().doc("path that is exported by the NFS server. More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs"),
  readOnly: bool().proto(3).doc("readOnly here will force the NFS export to be mounted with read-only permissions. Defaults to false. More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs"),
}).doc("Represents an NFS mount that lasts the lifetime of a pod. NFS volumes do not support ownership management or SELinux relabeling.");

export const NamespaceSpec = object("io.k8s.api.core.v1.NamespaceSpec", {
  finalizers: list(string(), { listType: 'atomic' }).proto(1).optional().doc("Finalizers is an opaque list of values that must be empty to permanently remove object from storage. More info: https://kubernetes.io/docs/tasks/administer-cluster/namespaces/"),
}).doc("NamespaceSpec describes the attributes on a Namespace.");

export const NamespaceCondition = object("io.k8s.api.core.v1.NamespaceCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type of namespace controller condition."),
  status: string().proto(2).required().keepEmpty().doc("Status of the condition, one of True, False, Unknown."),
  lastTransitionTime: time().proto(4).doc("Last time the condition transitioned from one status to another."),
  reason: string().proto(5).doc("Unique, one-word, CamelCase reason for the condition's last transition."),
  message: string().proto(6).doc("Human-readable message indicating details about last transition."),
}).doc("NamespaceCondition contains details about state of namespace.");

export const NamespaceStatus = object("io.k8s.api.core.v1.NamespaceStatus", {
  phase: string().proto(1).enum(["Active","Terminating"]).doc("Phase is the current lifecycle phase of the namespace. More info: https://kubernetes.io/docs/tasks/administer-cluster/namespaces/\n\nPossible enum values:\n - `\"Active\"` means the namespace is available for use in the system\n - `\"Terminating\"` means the namespace is undergoing graceful termination"),
  conditions: list(NamespaceCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(2).optional().doc("Represents the latest available observations of a namespace's current state."),
}).doc("NamespaceStatus is information about the current status of a Namespace.");

export const Namespace = object("io.k8s.api.core.v1.Namespace", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: NamespaceSpec.proto(2).doc("Spec defines the behavior of the Namespace. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: NamespaceStatus.proto(3).doc("Status describes the current status of a Namespace. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Namespace", version: "v1" }] } }).doc("Namespace provides a scope for Names. Use of multiple namespaces is optional.");

export const NamespaceList = object("io.k8s.api.core.v1.NamespaceList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Namespace).proto(2).required().optional().keepEmpty().doc("Items is the list of Namespace objects in the list. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "NamespaceList", version: "v1" }] } }).doc("NamespaceList is a list of Namespaces.");

export const NodeConfigSource = object("io.k8s.api.core.v1.NodeConfigSource", {
  configMap: ConfigMapNodeConfigSource.proto(2).optional().doc("ConfigMap is a reference to a Node's ConfigMap"),
}).doc("NodeConfigSource specifies a source of node configuration. Exactly one subfield (excluding metadata) must be non-nil. This API is deprecated since 1.22");

export const Taint = object("io.k8s.api.core.v1.Taint", {
  key: string().proto(1).required().keepEmpty().doc("Required. The taint key to be applied to a node."),
  value: string().proto(2).doc("The taint value corresponding to the taint key."),
  effect: string().proto(3).required().keepEmpty().enum(["NoExecute","NoSchedule","PreferNoSchedule"]).doc("Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.\n\nPossible enum values:\n - `\"NoExecute\"` Evict any already-running pods that do not tolerate the taint. Currently enforced by NodeController.\n - `\"NoSchedule\"` Do not allow new pods to schedule onto the node unless they tolerate the taint, but allow all pods submitted to Kubelet without going through the scheduler to start, and allow all already-running pods to continue running. Enforced by the scheduler.\n - `\"PreferNoSchedule\"` Like TaintEffectNoSchedule, but the scheduler tries not to schedule new pods onto the node, rather than prohibiting new pods from scheduling onto the node entirely. Enforced by the scheduler."),
  timeAdded: time().proto(4).optional().doc("TimeAdded represents the time at which the taint was added. It is only written for NoExecute taints."),
}).doc("The node this Taint is attached to has the \"effect\" on any pod that does not tolerate the Taint.");

export const NodeSpec = object("io.k8s.api.core.v1.NodeSpec", {
  podCIDR: string().proto(1).doc("PodCIDR represents the pod IP range assigned to the node."),
  podCIDRs: list(string(), { listType: 'set', patchStrategy: 'merge' }).proto(7).optional().doc("podCIDRs represents the IP ranges assigned to the node for usage by Pods on that node. If this field is specified, the 0th entry must match the podCIDR field. It may contain at most 1 value for each of IPv4 and IPv6."),
  providerID: string().proto(3).doc("ID of the node assigned by the cloud provider in the format: <ProviderName>://<ProviderSpecificNodeID>"),
  unschedulable: bool().proto(4).doc("Unschedulable controls node schedulability of new pods. By default, node is schedulable. More info: https://kubernetes.io/docs/concepts/nodes/node/#manual-node-administration"),
  taints: list(Taint, { listType: 'atomic' }).proto(5).optional().doc("If specified, the node's taints."),
  configSource: NodeConfigSource.proto(6).optional().doc("Deprecated: Previously used to specify the source of the node's configuration for the DynamicKubeletConfig feature. This feature is removed."),
  externalID: string().proto(2).doc("Deprecated. Not all kubelets will set this field. Remove field after 1.13. see: https://issues.k8s.io/61966"),
}).doc("NodeSpec describes the attributes that a node is created with.");

export const NodeAddress = object("io.k8s.api.core.v1.NodeAddress", {
  type: string().proto(1).required().keepEmpty().doc("Node address type, one of Hostname, ExternalIP or InternalIP."),
  address: string().proto(2).required().keepEmpty().doc("The node address."),
}).doc("NodeAddress contains information for the node's address.");

export const NodeCondition = object("io.k8s.api.core.v1.NodeCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type of node condition."),
  status: string().proto(2).required().keepEmpty().doc("Status of the condition, one of True, False, Unknown."),
  lastHeartbeatTime: time().proto(3).doc("Last time we got an update on a given condition."),
  lastTransitionTime: time().proto(4).doc("Last time the condition transit from one status to another."),
  reason: string().proto(5).doc("(brief) reason for the condition's last transition."),
  message: string().proto(6).doc("Human readable message indicating details about last transition."),
}).doc("NodeCondition contains condition information for a node.");

export const NodeConfigStatus = object("io.k8s.api.core.v1.NodeConfigStatus", {
  assigned: NodeConfigSource.proto(1).optional().doc("Assigned reports the checkpointed config the node will try to use. When Node.Spec.ConfigSource is updated, the node checkpoints the associated config payload to local disk, along with a record indicating intended config. The node refers to this record to choose its config checkpoint, and reports this record in Assigned. Assigned only updates in the status after the record has been checkpointed to disk. When the Kubelet is restarted, it tries to make the Assigned config the Active config by loading and validating the checkpointed payload identified by Assigned."),
  active: NodeConfigSource.proto(2).optional().doc("Active reports the checkpointed config the node is actively using. Active will represent either the current version of the Assigned config, or the current LastKnownGood config, depending on whether attempting to use the Assigned config results in an error."),
  lastKnownGood: NodeConfigSource.proto(3).optional().doc("LastKnownGood reports the checkpointed config the node will fall back to when it encounters an error attempting to use the Assigned config. The Assigned config becomes the LastKnownGood config when the node determines that the Assigned config is stable and correct. This is currently implemented as a 10-minute soak period starting when the local record of Assigned config is updated. If the Assigned config is Active at the end of this period, it becomes the LastKnownGood. Note that if Spec.ConfigSource is reset to nil (use local defaults), the LastKnownGood is also immediately reset to nil, because the local default config is always assumed good. You should not make assumptions about the node's method of determining config stability and correctness, as this may change or become configurable in the future."),
  error: string().proto(4).doc("Error describes any problems reconciling the Spec.ConfigSource to the Active config. Errors may occur, for example, attempting to checkpoint Spec.ConfigSource to the local Assigned record, attempting to checkpoint the payload associated with Spec.ConfigSource, attempting to load or validate the Assigned config, etc. Errors may occur at different points while syncing config. Earlier errors (e.g. download or checkpointing errors) will not result in a rollback to LastKnownGood, and may resolve across Kubelet retries. Later errors (e.g. loading or validating a checkpointed config) will result in a rollback to LastKnownGood. In the latter case, it is usually possible to resolve the error by fixing the config assigned in Spec.ConfigSource. You can find additional information for debugging by searching the error message in the Kubelet log. Error is a human-readable description of the error state; machines can check whether or not Error is empty, but should not rely on the stability of the Error text across Kubelet versions."),
}).doc("NodeConfigStatus describes the status of the config assigned by Node.Spec.ConfigSource.");

export const NodeDaemonEndpoints = object("io.k8s.api.core.v1.NodeDaemonEndpoints", {
  kubeletEndpoint: DaemonEndpoint.proto(1).doc("Endpoint on which Kubelet is listening."),
}).doc("NodeDaemonEndpoints lists ports opened by daemons running on the Node.");

export const NodeFeatures = object("io.k8s.api.core.v1.NodeFeatures", {
  supplementalGroupsPolicy: bool().proto(1).optional().doc("SupplementalGroupsPolicy is set to true if the runtime supports SupplementalGroupsPolicy and ContainerUser."),
}).doc("NodeFeatures describes the set of features implemented by the CRI implementation. The features contained in the NodeFeatures should depend only on the cri implementation independent of runtime handlers.");

export const NodeRuntimeHandlerFeatures = object("io.k8s.api.core.v1.NodeRuntimeHandlerFeatures", {
  recursiveReadOnlyMounts: bool().proto(1).optional().doc("RecursiveReadOnlyMounts is set to true if the runtime handler supports RecursiveReadOnlyMounts."),
  userNamespaces: bool().proto(2).optional().doc("UserNamespaces is set to true if the runtime handler supports UserNamespaces, including for volumes."),
}).doc("NodeRuntimeHandlerFeatures is a set of features implemented by the runtime handler.");

export const NodeRuntimeHandler = object("io.k8s.api.core.v1.NodeRuntimeHandler", {
  name: string().proto(1).keepEmpty().doc("Runtime handler name. Empty for the default runtime handler."),
  features: NodeRuntimeHandlerFeatures.proto(2).optional().doc("Supported features."),
}).doc("NodeRuntimeHandler is a set of runtime handler information.");

export const NodeSwapStatus = object("io.k8s.api.core.v1.NodeSwapStatus", {
  capacity: int64().proto(1).optional().doc("Total amount of swap memory in bytes."),
}).doc("NodeSwapStatus represents swap memory information.");

export const NodeSystemInfo = object("io.k8s.api.core.v1.NodeSystemInfo", {
  machineID: string().proto(1).required().keepEmpty().doc("MachineID reported by the node. For unique machine identification in the cluster this field is preferred. Learn more from man(5) machine-id: http://man7.org/linux/man-pages/man5/machine-id.5.html"),
  systemUUID: string().proto(2).required().keepEmpty().doc("SystemUUID reported by the node. For unique machine identification MachineID is preferred. This field is specific to Red Hat hosts https://access.redhat.com/documentation/en-us/red_hat_subscription_management/1/html/rhsm/uuid"),
  bootID: string().proto(3).required().keepEmpty().doc("Boot ID reported by the node."),
  kernelVersion: string().proto(4).required().keepEmpty().doc("Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64)."),
  osImage: string().proto(5).required().keepEmpty().doc("OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy))."),
  containerRuntimeVersion: string().proto(6).required().keepEmpty().doc("ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2)."),
  kubeletVersion: string().proto(7).required().keepEmpty().doc("Kubelet Version reported by the node."),
  kubeProxyVersion: string().proto(8).required().keepEmpty().doc("Deprecated: KubeProxy Version reported by the node."),
  operatingSystem: string().proto(9).required().keepEmpty().doc("The Operating System reported by the node"),
  architecture: string().proto(10).required().keepEmpty().doc("The Architecture reported by the node"),
  swap: NodeSwapStatus.proto(11).optional().doc("Swap Info reported by the node."),
}).doc("NodeSystemInfo is a set of ids/uuids to uniquely identify the node.");

export const NodeStatus = object("io.k8s.api.core.v1.NodeStatus", {
  capacity: map(quantity()).proto(1).optional().doc("Capacity represents the total resources of a node. More info: https://kubernetes.io/docs/reference/node/node-status/#capacity"),
  allocatable: map(quantity()).proto(2).optional().doc("Allocatable represents the resources of a node that are available for scheduling. Defaults to Capacity."),
  phase: string().proto(3).enum(["Pending","Running","Terminated"]).doc("NodePhase is the recently observed lifecycle phase of the node. More info: https://kubernetes.io/docs/concepts/nodes/node/#phase The field is never populated, and now is deprecated.\n\nPossible enum values:\n - `\"Pending\"` means the node has been created/added by the system, but not configured.\n - `\"Running\"` means the node has been configured and has Kubernetes components running.\n - `\"Terminated\"` means the node has been removed from the cluster."),
  conditions: list(NodeCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(4).optional().doc("Conditions is an array of current observed node conditions. More info: https://kubernetes.io/docs/reference/node/node-status/#condition"),
  addresses: list(NodeAddress, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(5).optional().doc("List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP)."),
  daemonEndpoints: NodeDaemonEndpoints.proto(6).doc("Endpoints of daemons running on the Node."),
  nodeInfo: NodeSystemInfo.proto(7).doc("Set of ids/uuids to uniquely identify the node. More info: https://kubernetes.io/docs/reference/node/node-status/#info"),
  images: list(ContainerImage, { listType: 'atomic' }).proto(8).optional().doc("List of container images on this node"),
  volumesInUse: list(string(), { listType: 'atomic' }).proto(9).optional().doc("List of attachable volumes in use (mounted) by the node."),
  volumesAttached: list(AttachedVolume, { listType: 'atomic' }).proto(10).optional().doc("List of volumes that are attached to the node."),
  config: NodeConfigStatus.proto(11).optional().doc("Status of the config assigned to the node via the dynamic Kubelet config feature."),
  runtimeHandlers: list(NodeRuntimeHandler, { listType: 'atomic' }).proto(12).optional().doc("The available runtime handlers."),
  features: NodeFeatures.proto(13).optional().doc("Features describes the set of features implemented by the CRI implementation."),
}).doc("NodeStatus is information about the current status of a node.");

export const Node = object("io.k8s.api.core.v1.Node", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: NodeSpec.proto(2).doc("Spec defines the behavior of a node. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: NodeStatus.proto(3).doc("Most recently observed status of the node. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Node", version: "v1" }] } }).doc("Node is a worker node in Kubernetes. Each node will have a unique identifier in the cache (i.e. in etcd).");

export const NodeList = object("io.k8s.api.core.v1.NodeList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Node).proto(2).required().optional().keepEmpty().doc("List of nodes"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "NodeList", version: "v1" }] } }).doc("NodeList is the whole list of all Nodes which have been registered with master.");

export const PhotonPersistentDiskVolumeSource = object("io.k8s.api.core.v1.PhotonPersistentDiskVolumeSource", {
  pdID: string().proto(1).required().keepEmpty().doc("pdID is the ID that identifies Photon Controller persistent disk"),
  fsType: string().proto(2).doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified."),
}).doc("Represents a Photon Controller persistent disk resource.");

export const PortworxVolumeSource = object("io.k8s.api.core.v1.PortworxVolumeSource", {
  volumeID: string().proto(1).required().keepEmpty().doc("volumeID uniquely identifies a Portworx volume"),
  fsType: string().proto(2).doc("fSType represents the filesystem type to mount Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\". Implicitly inferred to be \"ext4\" if unspecified."),
  readOnly: bool().proto(3).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
}).doc("PortworxVolumeSource represents a Portworx volume resource.");

export const QuobyteVolumeSource = object("io.k8s.api.core.v1.QuobyteVolumeSource", {
  registry: string().proto(1).required().keepEmpty().doc("registry represents a single or multiple Quobyte Registry services specified as a string as host:port pair (multiple entries are separated with commas) which acts as the central registry for volumes"),
  volume: string().proto(2).required().keepEmpty().doc("volume is a string that references an already created Quobyte volume by name."),
  readOnly: bool().proto(3).doc("readOnly here will force the Quobyte volume to be mounted with read-only permissions. Defaults to false."),
  user: string().proto(4).doc("user to map volume access to Defaults to serivceaccount user"),
  group: string().proto(5).doc("group to map volume access to Default is no group"),
  tenant: string().proto(6).doc("tenant owning the given Quobyte volume in the Backend Used with dynamically provisioned Quobyte volumes, value is set by the plugin"),
}).doc("Represents a Quobyte mount that lasts the lifetime of a pod. Quobyte volumes do not support ownership management or SELinux relabeling.");

/** RBDPersistentVolumeSource and RBDVolumeSource differ only in the type of secretRef. */
const rbdFields = (secretRef: ObjectType & Fluent<ObjectType>) => ({
  monitors: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("monitors is a collection of Ceph monitors. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  image: string().proto(2).required().keepEmpty().doc("image is the rados image name. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  fsType: string().proto(3).doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified. More info: https://kubernetes.io/docs/concepts/storage/volumes#rbd"),
  pool: string().proto(4).default("rbd").doc("pool is the rados pool name. Default is rbd. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  user: string().proto(5).default("admin").doc("user is the rados user name. Default is admin. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  keyring: string().proto(6).default("/etc/ceph/keyring").doc("keyring is the path to key ring for RBDUser. Default is /etc/ceph/keyring. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  secretRef: secretRef.proto(7).optional().doc("secretRef is name of the authentication secret for RBDUser. If provided overrides keyring. Default is nil. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
  readOnly: bool().proto(8).doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it"),
});

export const RBDPersistentVolumeSource = object("io.k8s.api.core.v1.RBDPersistentVolumeSource", rbdFields(SecretReference)).doc("Represents a Rados Block Device mount that lasts the lifetime of a pod. RBD volumes support ownership management and SELinux relabeling.");

export const ScaleIOPersistentVolumeSource = object("io.k8s.api.core.v1.ScaleIOPersistentVolumeSource", {
  gateway: string().proto(1).required().keepEmpty().doc("gateway is the host address of the ScaleIO API Gateway."),
  system: string().proto(2).required().keepEmpty().doc("system is the name of the storage system as configured in ScaleIO."),
  secretRef: SecretReference.proto(3).required().optional().keepEmpty().doc("secretRef references to the secret for ScaleIO user and other sensitive information. If this is not provided, Login operation will fail."),
  sslEnabled: bool().proto(4).doc("sslEnabled is the flag to enable/disable SSL communication with Gateway, default false"),
  protectionDomain: string().proto(5).doc("protectionDomain is the name of the ScaleIO Protection Domain for the configured storage."),
  storagePool: string().proto(6).doc("storagePool is the ScaleIO Storage Pool associated with the protection domain."),
  storageMode: string().proto(7).default("ThinProvisioned").doc("storageMode indicates whether the storage for a volume should be ThickProvisioned or ThinProvisioned. Default is ThinProvisioned."),
  volumeName: string().proto(8).doc("volumeName is the name of a volume already created in the ScaleIO system that is associated with this volume source."),
  fsType: string().proto(9).default("xfs").doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Default is \"xfs\""),
  readOnly: bool().proto(10).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
}).doc("ScaleIOPersistentVolumeSource represents a persistent ScaleIO volume");

/** StorageOSPersistentVolumeSource and StorageOSVolumeSource differ only in the type of secretRef. */
const storageOSFields = (secretRef: ObjectType & Fluent<ObjectType>) => ({
  volumeName: string().proto(1).doc("volumeName is the human-readable name of the StorageOS volume.  Volume names are only unique within a namespace."),
  volumeNamespace: string().proto(2).doc("volumeNamespace specifies the scope of the volume within StorageOS.  If no namespace is specified then the Pod's namespace will be used.  This allows the Kubernetes name scoping to be mirrored within StorageOS for tighter integration. Set VolumeName to any name to override the default behaviour. Set to \"default\" if you are not using namespaces within StorageOS. Namespaces that do not pre-exist within StorageOS will be created."),
  fsType: string().proto(3).doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified."),
  readOnly: bool().proto(4).doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
  secretRef: secretRef.proto(5).optional().doc("secretRef specifies the secret to use for obtaining the StorageOS API credentials.  If not specified, default values will be attempted."),
});

export const StorageOSPersistentVolumeSource = object("io.k8s.api.core.v1.StorageOSPersistentVolumeSource", storageOSFields(ObjectReference)).doc("Represents a StorageOS persistent volume resource.");

export const VolumeNodeAffinity = object("io.k8s.api.core.v1.VolumeNodeAffinity", {
  required: NodeSelector.proto(1).optional().doc("required specifies hard node constraints that must be met."),
}).doc("VolumeNodeAffinity defines constraints that limit what nodes this volume can be accessed from.");

export const VsphereVirtualDiskVolumeSource = object("io.k8s.api.core.v1.VsphereVirtualDiskVolumeSource", {
  volumePath: string().proto(1).required().keepEmpty().doc("volumePath is the path that identifies vSphere volume vmdk"),
  fsType: string().proto(2).doc("fsType is filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified."),
  storagePolicyName: string().proto(3).doc("storagePolicyName is the storage Policy Based Management (SPBM) profile name."),
  storagePolicyID: string().proto(4).doc("storagePolicyID is the storage Policy Based Management (SPBM) profile ID associated with the StoragePolicyName."),
}).doc("Represents a vSphere volume resource.");

export const PersistentVolumeSource = object("io.k8s.api.core.v1.PersistentVolumeSource", {
  gcePersistentDisk: GCEPersistentDiskVolumeSource.proto(1).optional().doc("gcePersistentDisk represents a GCE Disk resource that is attached to a kubelet's host machine and then exposed to the pod. Provisioned by an admin. Deprecated: GCEPersistentDisk is deprecated. All operations for the in-tree gcePersistentDisk type are redirected to the pd.csi.storage.gke.io CSI driver. More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
  awsElasticBlockStore: AWSElasticBlockStoreVolumeSource.proto(2).optional().doc("awsElasticBlockStore represents an AWS Disk resource that is attached to a kubelet's host machine and then exposed to the pod. Deprecated: AWSElasticBlockStore is deprecated. All operations for the in-tree awsElasticBlockStore type are redirected to the ebs.csi.aws.com CSI driver. More info: https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore"),
  hostPath: HostPathVolumeSource.proto(3).optional().doc("hostPath represents a directory on the host. Provisioned by a developer or tester. This is useful for single-node development and testing only! On-host storage is not supported in any way and WILL NOT WORK in a multi-node cluster. More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath"),
  glusterfs: GlusterfsPersistentVolumeSource.proto(4).optional().doc("glusterfs represents a Glusterfs volume that is attached to a host and exposed to the pod. Provisioned by an admin. Deprecated: Glusterfs is deprecated and the in-tree glusterfs type is no longer supported. More info: https://examples.k8s.io/volumes/glusterfs/README.md"),
  nfs: NFSVolumeSource.proto(5).optional().doc("nfs represents an NFS mount on the host. Provisioned by an admin. More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs"),
  rbd: RBDPersistentVolumeSource.proto(6).optional().doc("rbd represents a Rados Block Device mount on the host that shares a pod's lifetime. Deprecated: RBD is deprecated and the in-tree rbd type is no longer supported. More info: https://examples.k8s.io/volumes/rbd/README.md"),
  iscsi: ISCSIPersistentVolumeSource.proto(7).optional().doc("iscsi represents an ISCSI Disk resource that is attached to a kubelet's host machine and then exposed to the pod. Provisioned by an admin."),
  cinder: CinderPersistentVolumeSource.proto(8).optional().doc("cinder represents a cinder volume attached and mounted on kubelets host machine. Deprecated: Cinder is deprecated. All operations for the in-tree cinder type are redirected to the cinder.csi.openstack.org CSI driver. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  cephfs: CephFSPersistentVolumeSource.proto(9).optional().doc("cephFS represents a Ceph FS mount on the host that shares a pod's lifetime. Deprecated: CephFS is deprecated and the in-tree cephfs type is no longer supported."),
  fc: FCVolumeSource.proto(10).optional().doc("fc represents a Fibre Channel resource that is attached to a kubelet's host machine and then exposed to the pod."),
  flocker: FlockerVolumeSource.proto(11).optional().doc("flocker represents a Flocker volume attached to a kubelet's host machine and exposed to the pod for its usage. This depends on the Flocker control service being running. Deprecated: Flocker is deprecated and the in-tree flocker type is no longer supported."),
  flexVolume: FlexPersistentVolumeSource.proto(12).optional().doc("flexVolume represents a generic volume resource that is provisioned/attached using an exec based plugin. Deprecated: FlexVolume is deprecated. Consider using a CSIDriver instead."),
  azureFile: AzureFilePersistentVolumeSource.proto(13).optional().doc("azureFile represents an Azure File Service mount on the host and bind mount to the pod. Deprecated: AzureFile is deprecated. All operations for the in-tree azureFile type are redirected to the file.csi.azure.com CSI driver."),
  vsphereVolume: VsphereVirtualDiskVolumeSource.proto(14).optional().doc("vsphereVolume represents a vSphere volume attached and mounted on kubelets host machine. Deprecated: VsphereVolume is deprecated. All operations for the in-tree vsphereVolume type are redirected to the csi.vsphere.vmware.com CSI driver."),
  quobyte: QuobyteVolumeSource.proto(15).optional().doc("quobyte represents a Quobyte mount on the host that shares a pod's lifetime. Deprecated: Quobyte is deprecated and the in-tree quobyte type is no longer supported."),
  azureDisk: AzureDiskVolumeSource.proto(16).optional().doc("azureDisk represents an Azure Data Disk mount on the host and bind mount to the pod. Deprecated: AzureDisk is deprecated. All operations for the in-tree azureDisk type are redirected to the disk.csi.azure.com CSI driver."),
  photonPersistentDisk: PhotonPersistentDiskVolumeSource.proto(17).optional().doc("photonPersistentDisk represents a PhotonController persistent disk attached and mounted on kubelets host machine. Deprecated: PhotonPersistentDisk is deprecated and the in-tree photonPersistentDisk type is no longer supported."),
  portworxVolume: PortworxVolumeSource.proto(18).optional().doc("portworxVolume represents a portworx volume attached and mounted on kubelets host machine. Deprecated: PortworxVolume is deprecated. All operations for the in-tree portworxVolume type are redirected to the pxd.portworx.com CSI driver when the CSIMigrationPortworx feature-gate is on."),
  scaleIO: ScaleIOPersistentVolumeSource.proto(19).optional().doc("scaleIO represents a ScaleIO persistent volume attached and mounted on Kubernetes nodes. Deprecated: ScaleIO is deprecated and the in-tree scaleIO type is no longer supported."),
  local: LocalVolumeSource.proto(20).optional().doc("local represents directly-attached storage with node affinity"),
  storageos: StorageOSPersistentVolumeSource.proto(21).optional().doc("storageOS represents a StorageOS volume that is attached to the kubelet's host machine and mounted into the pod. Deprecated: StorageOS is deprecated and the in-tree storageos type is no longer supported. More info: https://examples.k8s.io/volumes/storageos/README.md"),
  csi: CSIPersistentVolumeSource.proto(22).optional().doc("csi represents storage that is handled by an external CSI driver."),
}).doc("PersistentVolumeSource is similar to VolumeSource but meant for the administrator who creates PVs. Exactly one of its members must be set.");

export const PersistentVolumeSpec = object("io.k8s.api.core.v1.PersistentVolumeSpec", {
  capacity: map(quantity()).proto(1).optional().doc("capacity is the description of the persistent volume's resources and capacity. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#capacity"),
  ...fieldsOf(PersistentVolumeSource),
  accessModes: list(string(), { listType: 'atomic' }).proto(3).optional().doc("accessModes contains all ways the volume can be mounted. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes"),
  claimRef: ObjectReference.proto(4).optional().with({ mapType: 'granular' }).doc("claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim. Expected to be non-nil when bound. claim.VolumeName is the authoritative bind between PV and PVC. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#binding"),
  persistentVolumeReclaimPolicy: string().proto(5).enum(["Delete","Recycle","Retain"]).doc("persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim. Valid options are Retain (default for manually created PersistentVolumes), Delete (default for dynamically provisioned PersistentVolumes), and Recycle (deprecated). Recycle must be supported by the volume plugin underlying this PersistentVolume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#reclaiming\n\nPossible enum values:\n - `\"Delete\"` means the volume will be deleted from Kubernetes on release from its claim. The volume plugin must support Deletion.\n - `\"Recycle\"` means the volume will be recycled back into the pool of unbound persistent volumes on release from its claim. The volume plugin must support Recycling.\n - `\"Retain\"` means the volume will be left in its current phase (Released) for manual reclamation by the administrator. The default policy is Retain."),
  storageClassName: string().proto(6).doc("storageClassName is the name of StorageClass to which this persistent volume belongs. Empty value means that this volume does not belong to any StorageClass."),
  mountOptions: list(string(), { listType: 'atomic' }).proto(7).optional().doc("mountOptions is the list of mount options, e.g. [\"ro\", \"soft\"]. Not validated - mount will simply fail if one is invalid. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes/#mount-options"),
  volumeMode: string().proto(8).optional().enum(["Block","Filesystem"]).doc("volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state. Value of Filesystem is implied when not included in spec.\n\nPossible enum values:\n - `\"Block\"` means the volume will not be formatted with a filesystem and will remain a raw block device.\n - `\"Filesystem\"` means the volume will be or is formatted with a filesystem."),
  nodeAffinity: VolumeNodeAffinity.proto(9).optional().doc("nodeAffinity defines constraints that limit what nodes this volume can be accessed from. This field influences the scheduling of pods that use this volume."),
  volumeAttributesClassName: string().proto(10).optional().doc("Name of VolumeAttributesClass to which this persistent volume belongs. Empty value is not allowed. When this field is not set, it indicates that this volume does not belong to any VolumeAttributesClass. This field is mutable and can be changed by the CSI driver after a volume has been updated successfully to a new class. For an unbound PersistentVolume, the volumeAttributesClassName will be matched with unbound PersistentVolumeClaims during the binding process. This is a beta field and requires enabling VolumeAttributesClass feature (off by default)."),
}, { protoEmbedded: [{ number: 2, name: "persistentVolumeSource", type: PersistentVolumeSource }] }).doc("PersistentVolumeSpec is the specification of a persistent volume.");

export const PersistentVolumeStatus = object("io.k8s.api.core.v1.PersistentVolumeStatus", {
  phase: string().proto(1).enum(["Available","Bound","Failed","Pending","Released"]).doc("phase indicates if a volume is available, bound to a claim, or released by a claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#phase\n\nPossible enum values:\n - `\"Available\"` used for PersistentVolumes that are not yet bound Available volumes are held by the binder and matched to PersistentVolumeClaims\n - `\"Bound\"` used for PersistentVolumes that are bound\n - `\"Failed\"` used for PersistentVolumes that failed to be correctly recycled or deleted after being released from a claim\n - `\"Pending\"` used for PersistentVolumes that are not available\n - `\"Released\"` used for PersistentVolumes where the bound PersistentVolumeClaim was deleted released volumes must be recycled before becoming available again this phase is used by the persistent volume claim binder to signal to another process to reclaim the resource"),
  message: string().proto(2).doc("message is a human-readable message indicating details about why the volume is in this state."),
  reason: string().proto(3).doc("reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI."),
  lastPhaseTransitionTime: time().proto(4).optional().doc("lastPhaseTransitionTime is the time the phase transitioned from one to another and automatically resets to current time everytime a volume phase transitions."),
}).doc("PersistentVolumeStatus is the current status of a persistent volume.");

export const PersistentVolume = object("io.k8s.api.core.v1.PersistentVolume", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: PersistentVolumeSpec.proto(2).doc("spec defines a specification of a persistent volume owned by the cluster. Provisioned by an administrator. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistent-volumes"),
  status: PersistentVolumeStatus.proto(3).doc("status represents the current information/status for the persistent volume. Populated by the system. Read-only. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistent-volumes"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PersistentVolume", version: "v1" }] } }).doc("PersistentVolume (PV) is a storage resource provisioned by an administrator. It is analogous to a node. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes");

export const PersistentVolumeClaimCondition = object("io.k8s.api.core.v1.PersistentVolumeClaimCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type is the type of the condition. More info: https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/persistent-volume-claim-v1/#:~:text=set%20to%20%27ResizeStarted%27.-,PersistentVolumeClaimCondition,-contains%20details%20about"),
  status: string().proto(2).required().keepEmpty().doc("Status is the status of the condition. Can be True, False, Unknown. More info: https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/persistent-volume-claim-v1/#:~:text=state%20of%20pvc-,conditions.status,-(string)%2C%20required"),
  lastProbeTime: time().proto(3).doc("lastProbeTime is the time we probed the condition."),
  lastTransitionTime: time().proto(4).doc("lastTransitionTime is the time the condition transitioned from one status to another."),
  reason: string().proto(5).doc("reason is a unique, this should be a short, machine understandable string that gives the reason for condition's last transition. If it reports \"Resizing\" that means the underlying persistent volume is being resized."),
  message: string().proto(6).doc("message is the human-readable message indicating details about last transition."),
}).doc("PersistentVolumeClaimCondition contains details about state of pvc");

export const PersistentVolumeClaimStatus = object("io.k8s.api.core.v1.PersistentVolumeClaimStatus", {
  phase: string().proto(1).enum(["Bound","Lost","Pending"]).doc("phase represents the current phase of PersistentVolumeClaim.\n\nPossible enum values:\n - `\"Bound\"` used for PersistentVolumeClaims that are bound\n - `\"Lost\"` used for PersistentVolumeClaims that lost their underlying PersistentVolume. The claim was bound to a PersistentVolume and this volume does not exist any longer and all data on it was lost.\n - `\"Pending\"` used for PersistentVolumeClaims that are not yet bound"),
  accessModes: list(string(), { listType: 'atomic' }).proto(2).optional().doc("accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1"),
  capacity: map(quantity()).proto(3).optional().doc("capacity represents the actual resources of the underlying volume."),
  conditions: list(PersistentVolumeClaimCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(4).optional().doc("conditions is the current Condition of persistent volume claim. If underlying persistent volume is being resized then the Condition will be set to 'Resizing'."),
  allocatedResources: map(quantity()).proto(5).optional().doc("allocatedResources tracks the resources allocated to a PVC including its capacity. Key names follow standard Kubernetes label syntax. Valid values are either:\n\t* Un-prefixed keys:\n\t\t- storage - the capacity of the volume.\n\t* Custom resources must use implementation-defined prefixed names such as \"example.com/my-custom-resource\"\nApart from above values - keys that are unprefixed or have kubernetes.io prefix are considered reserved and hence may not be used.\n\nCapacity reported here may be larger than the actual capacity when a volume expansion operation is requested. For storage quota, the larger value from allocatedResources and PVC.spec.resources is used. If allocatedResources is not set, PVC.spec.resources alone is used for quota calculation. If a volume expansion capacity request is lowered, allocatedResources is only lowered if there are no expansion operations in progress and if the actual volume capacity is equal or lower than the requested capacity.\n\nA controller that receives PVC update with previously unknown resourceName should ignore the update for the purpose it was designed. For example - a controller that only is responsible for resizing capacity of the volume, should ignore PVC updates that change other valid resources associated with PVC.\n\nThis is an alpha field and requires enabling RecoverVolumeExpansionFailure feature."),
  allocatedResourceStatuses: map(string(), { mapType: 'granular' }).proto(7).optional().doc("allocatedResourceStatuses stores status of resource being resized for the given PVC. Key names follow standard Kubernetes label syntax. Valid values are either:\n\t* Un-prefixed keys:\n\t\t- storage - the capacity of the volume.\n\t* Custom resources must use implementation-defined prefixed names such as \"example.com/my-custom-resource\"\nApart from above values - keys that are unprefixed or have kubernetes.io prefix are considered reserved and hence may not be used.\n\nClaimResourceStatus can be in any of following states:\n\t- ControllerResizeInProgress:\n\t\tState set when resize controller starts resizing the volume in control-plane.\n\t- ControllerResizeFailed:\n\t\tState set when resize has failed in resize controller with a terminal error.\n\t- NodeResizePending:\n\t\tState set when resize controller has finished resizing the volume but further resizing of\n\t\tvolume is needed on the node.\n\t- NodeResizeInProgress:\n\t\tState set when kubelet starts resizing the volume.\n\t- NodeResizeFailed:\n\t\tState set when resizing has failed in kubelet with a terminal error. Transient errors don't set\n\t\tNodeResizeFailed.\nFor example: if expanding a PVC for more capacity - this field can be one of the following states:\n\t- pvc.status.allocatedResourceStatus['storage'] = \"ControllerResizeInProgress\"\n     - pvc.status.allocatedResourceStatus['storage'] = \"ControllerResizeFailed\"\n     - pvc.status.allocatedResourceStatus['storage'] = \"NodeResizePending\"\n     - pvc.status.allocatedResourceStatus['storage'] = \"NodeResizeInProgress\"\n     - pvc.status.allocatedResourceStatus['storage'] = \"NodeResizeFailed\"\nWhen this field is not set, it means that no resize operation is in progress for the given PVC.\n\nA controller that receives PVC update with previously unknown resourceName or ClaimResourceStatus should ignore the update for the purpose it was designed. For example - a controller that only is responsible for resizing capacity of the volume, should ignore PVC updates that change other valid resources associated with PVC.\n\nThis is an alpha field and requires enabling RecoverVolumeExpansionFailure feature."),
  currentVolumeAttributesClassName: string().proto(8).optional().doc("currentVolumeAttributesClassName is the current name of the VolumeAttributesClass the PVC is using. When unset, there is no VolumeAttributeClass applied to this PersistentVolumeClaim This is a beta field and requires enabling VolumeAttributesClass feature (off by default)."),
  modifyVolumeStatus: ModifyVolumeStatus.proto(9).optional().doc("ModifyVolumeStatus represents the status object of ControllerModifyVolume operation. When this is unset, there is no ModifyVolume operation being attempted. This is a beta field and requires enabling VolumeAttributesClass feature (off by default)."),
}).doc("PersistentVolumeClaimStatus is the current status of a persistent volume claim.");

export const PersistentVolumeClaim = object("io.k8s.api.core.v1.PersistentVolumeClaim", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: PersistentVolumeClaimSpec.proto(2).doc("spec defines the desired characteristics of a volume requested by a pod author. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims"),
  status: PersistentVolumeClaimStatus.proto(3).doc("status represents the current information/status of a persistent volume claim. Read-only. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PersistentVolumeClaim", version: "v1" }] } }).doc("PersistentVolumeClaim is a user's request for and claim to a persistent volume");

export const PersistentVolumeClaimList = object("io.k8s.api.core.v1.PersistentVolumeClaimList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(PersistentVolumeClaim).proto(2).required().optional().keepEmpty().doc("items is a list of persistent volume claims. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PersistentVolumeClaimList", version: "v1" }] } }).doc("PersistentVolumeClaimList is a list of PersistentVolumeClaim items.");

export const PersistentVolumeClaimVolumeSource = object("io.k8s.api.core.v1.PersistentVolumeClaimVolumeSource", {
  claimName: string().proto(1).required().keepEmpty().doc("claimName is the name of a PersistentVolumeClaim in the same namespace as the pod using this volume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims"),
  readOnly: bool().proto(2).doc("readOnly Will force the ReadOnly setting in VolumeMounts. Default false."),
}).doc("PersistentVolumeClaimVolumeSource references the user's PVC in the same namespace. This volume finds the bound PV and mounts that volume for the pod. A PersistentVolumeClaimVolumeSource is, essentially, a wrapper around another type of volume that is owned by someone else (the system).");

export const PersistentVolumeList = object("io.k8s.api.core.v1.PersistentVolumeList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(PersistentVolume).proto(2).required().optional().keepEmpty().doc("items is a list of persistent volumes. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PersistentVolumeList", version: "v1" }] } }).doc("PersistentVolumeList is a list of PersistentVolume items.");

export const PodDNSConfigOption = object("io.k8s.api.core.v1.PodDNSConfigOption", {
  name: string().proto(1).doc("Name is this DNS resolver option's name. Required."),
  value: string().proto(2).optional().doc("Value is this DNS resolver option's value."),
}).doc("PodDNSConfigOption defines DNS resolver options of a pod.");

export const PodDNSConfig = object("io.k8s.api.core.v1.PodDNSConfig", {
  nameservers: list(string(), { listType: 'atomic' }).proto(1).optional().doc("A list of DNS name server IP addresses. This will be appended to the base nameservers generated from DNSPolicy. Duplicated nameservers will be removed."),
  searches: list(string(), { listType: 'atomic' }).proto(2).optional().doc("A list of DNS search domains for host-name lookup. This will be appended to the base search paths generated from DNSPolicy. Duplicated search paths will be removed."),
  options: list(PodDNSConfigOption, { listType: 'atomic' }).proto(3).optional().doc("A list of DNS resolver options. This will be merged with the base options generated from DNSPolicy. Duplicated entries will be removed. Resolution options given in Options will override those that appear in the base DNSPolicy."),
}).doc("PodDNSConfig defines the DNS parameters of a pod in addition to those generated from DNSPolicy.");

export const PodOS = object("io.k8s.api.core.v1.PodOS", {
  name: string().proto(1).required().keepEmpty().doc("Name is the name of the operating system. The currently supported values are linux and windows. Additional value may be defined in future and can be one of: https://github.com/opencontainers/runtime-spec/blob/master/config.md#platform-specific-configuration Clients should expect to handle additional values and treat unrecognized values in this field as os: null"),
}).doc("PodOS defines the OS parameters of a pod.");

export const PodReadinessGate = object("io.k8s.api.core.v1.PodReadinessGate", {
  conditionType: string().proto(1).required().keepEmpty().doc("ConditionType refers to a condition in the pod's condition list with matching type."),
}).doc("PodReadinessGate contains the reference to a pod condition");

export const PodResourceClaim = object("io.k8s.api.core.v1.PodResourceClaim", {
  name: string().proto(1).required().keepEmpty().doc("Name uniquely identifies this resource claim inside the pod. This must be a DNS_LABEL."),
  resourceClaimName: string().proto(3).optional().doc("ResourceClaimName is the name of a ResourceClaim object in the same namespace as this pod.\n\nExactly one of ResourceClaimName and ResourceClaimTemplateName must be set."),
  resourceClaimTemplateName: string().proto(4).optional().doc("ResourceClaimTemplateName is the name of a ResourceClaimTemplate object in the same namespace as this pod.\n\nThe template will be used to create a new ResourceClaim, which will be bound to this pod. When this pod is deleted, the ResourceClaim will also be deleted. The pod name and resource name, along with a generated component, will be used to form a unique name for the ResourceClaim, which will be recorded in pod.status.resourceClaimStatuses.\n\nThis field is immutable and no changes will be made to the corresponding ResourceClaim by the control plane after creating the ResourceClaim.\n\nExactly one of ResourceClaimName and ResourceClaimTemplateName must be set."),
}).doc("PodResourceClaim references exactly one ResourceClaim, either directly or by naming a ResourceClaimTemplate which is then turned into a ResourceClaim for the pod.\n\nIt adds a name to it that uniquely identifies the ResourceClaim inside the Pod. Containers that need access to the ResourceClaim reference it with this name.");

export const PodSchedulingGate = object("io.k8s.api.core.v1.PodSchedulingGate", {
  name: string().proto(1).required().keepEmpty().doc("Name of the scheduling gate. Each scheduling gate must have a unique name field."),
}).doc("PodSchedulingGate is associated to a Pod to guard its scheduling.");

export const Sysctl = object("io.k8s.api.core.v1.Sysctl", {
  name: string().proto(1).required().keepEmpty().doc("Name of a property to set"),
  value: string().proto(2).required().keepEmpty().doc("Value of a property to set"),
}).doc("Sysctl defines a kernel parameter to be set");

export const PodSecurityContext = object("io.k8s.api.core.v1.PodSecurityContext", {
  seLinuxOptions: SELinuxOptions.proto(1).optional().doc("The SELinux context to be applied to all containers. If unspecified, the container runtime will allocate a random SELinux context for each container.  May also be set in SecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence for that container. Note that this field cannot be set when spec.os.name is windows."),
  windowsOptions: WindowsSecurityContextOptions.proto(8).optional().doc("The Windows specific settings applied to all containers. If unspecified, the options within a container's SecurityContext will be used. If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence. Note that this field cannot be set when spec.os.name is linux."),
  runAsUser: int64().proto(2).optional().doc("The UID to run the entrypoint of the container process. Defaults to user specified in image metadata if unspecified. May also be set in SecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence for that container. Note that this field cannot be set when spec.os.name is windows."),
  runAsGroup: int64().proto(6).optional().doc("The GID to run the entrypoint of the container process. Uses runtime default if unset. May also be set in SecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence for that container. Note that this field cannot be set when spec.os.name is windows."),
  runAsNonRoot: bool().proto(3).optional().doc("Indicates that the container must run as a non-root user. If true, the Kubelet will validate the image at runtime to ensure that it does not run as UID 0 (root) and fail to start the container if it does. If unset or false, no such validation will be performed. May also be set in SecurityContext.  If set in both SecurityContext and PodSecurityContext, the value specified in SecurityContext takes precedence."),
  supplementalGroups: list(int64(), { listType: 'atomic' }).proto(4).optional().doc("A list of groups applied to the first process run in each container, in addition to the container's primary GID and fsGroup (if specified).  If the SupplementalGroupsPolicy feature is enabled, the supplementalGroupsPolicy field determines whether these are in addition to or instead of any group memberships defined in the container image. If unspecified, no additional groups are added, though group memberships defined in the container image may still be used, depending on the supplementalGroupsPolicy field. Note that this field cannot be set when spec.os.name is windows."),
  supplementalGroupsPolicy: string().proto(12).optional().enum(["Merge","Strict"]).doc("Defines how supplemental groups of the first container processes are calculated. Valid values are \"Merge\" and \"Strict\". If not specified, \"Merge\" is used. (Alpha) Using the field requires the SupplementalGroupsPolicy feature gate to be enabled and the container runtime must implement support for this feature. Note that this field cannot be set when spec.os.name is windows.\n\nPossible enum values:\n - `\"Merge\"` means that the container's provided SupplementalGroups and FsGroup (specified in SecurityContext) will be merged with the primary user's groups as defined in the container image (in /etc/group).\n - `\"Strict\"` means that the container's provided SupplementalGroups and FsGroup (specified in SecurityContext) will be used instead of any groups defined in the container image."),
  fsGroup: int64().proto(5).optional().doc("A special supplemental group that applies to all containers in a pod. Some volume types allow the Kubelet to change the ownership of that volume to be owned by the pod:\n\n1. The owning GID will be the FSGroup 2. The setgid bit is set (new files created in the volume will be owned by FSGroup) 3. The permission bits are OR'd with rw-rw----\n\nIf unset, the Kubelet will not modify the ownership and permissions of any volume. Note that this field cannot be set when spec.os.name is windows."),
  sysctls: list(Sysctl, { listType: 'atomic' }).proto(7).optional().doc("Sysctls hold a list of namespaced sysctls used for the pod. Pods with unsupported sysctls (by the container runtime) might fail to launch. Note that this field cannot be set when spec.os.name is windows."),
  fsGroupChangePolicy: string().proto(9).optional().enum(["Always","OnRootMismatch"]).doc("fsGroupChangePolicy defines behavior of changing ownership and permission of the volume before being exposed inside Pod. This field will only apply to volume types which support fsGroup based ownership(and permissions). It will have no effect on ephemeral volume types such as: secret, configmaps and emptydir. Valid values are \"OnRootMismatch\" and \"Always\". If not specified, \"Always\" is used. Note that this field cannot be set when spec.os.name is windows.\n\nPossible enum values:\n - `\"Always\"` indicates that volume's ownership and permissions should always be changed whenever volume is mounted inside a Pod. This the default behavior.\n - `\"OnRootMismatch\"` indicates that volume's ownership and permissions will be changed only when permission and ownership of root directory does not match with expected permissions on the volume. This can help shorten the time it takes to change ownership and permissions of a volume."),
  seccompProfile: SeccompProfile.proto(10).optional().doc("The seccomp options to use by the containers in this pod. Note that this field cannot be set when spec.os.name is windows."),
  appArmorProfile: AppArmorProfile.proto(11).optional().doc("appArmorProfile is the AppArmor options to use by the containers in this pod. Note that this field cannot be set when spec.os.name is windows."),
  seLinuxChangePolicy: string().proto(13).optional().enum(["MountOption","Recursive"]).doc("seLinuxChangePolicy defines how the container's SELinux label is applied to all volumes used by the Pod. It has no effect on nodes that do not support SELinux or to volumes does not support SELinux. Valid values are \"MountOption\" and \"Recursive\".\n\n\"Recursive\" means relabeling of all files on all Pod volumes by the container runtime. This may be slow for large volumes, but allows mixing privileged and unprivileged Pods sharing the same volume on the same node.\n\n\"MountOption\" mounts all eligible Pod volumes with `-o context` mount option. This requires all Pods that share the same volume to use the same SELinux label. It is not possible to share the same volume among privileged and unprivileged Pods. Eligible volumes are in-tree FibreChannel and iSCSI volumes, and all CSI volumes whose CSI driver announces SELinux support by setting spec.seLinuxMount: true in their CSIDriver instance. Other volumes are always re-labelled recursively. \"MountOption\" value is allowed only when SELinuxMount feature gate is enabled.\n\nIf not specified and SELinuxMount feature gate is enabled, \"MountOption\" is used. If not specified and SELinuxMount feature gate is disabled, \"MountOption\" is used for ReadWriteOncePod volumes and \"Recursive\" for all other volumes.\n\nThis field affects only Pods that have SELinux label set, either in PodSecurityContext or in SecurityContext of all containers.\n\nAll Pods that use the same volume should use the same seLinuxChangePolicy, otherwise some pods can get stuck in ContainerCreating state. Note that this field cannot be set when spec.os.name is windows.\n\nPossible enum values:\n - `\"MountOption\"` MountOption mounts all eligible Pod volumes with `-o context` mount option. This requires all Pods that share the same volume to use the same SELinux label. It is not possible to share the same volume among privileged and unprivileged Pods. Eligible volumes are in-tree FibreChannel and iSCSI volumes, and all CSI volumes whose CSI driver announces SELinux support by setting spec.seLinuxMount: true in their CSIDriver instance. Other volumes are always re-labelled recursively.\n - `\"Recursive\"` Recursive relabeling of all Pod volumes by the container runtime. This may be slow for large volumes, but allows mixing privileged and unprivileged Pods sharing the same volume on the same node."),
}).doc("PodSecurityContext holds pod-level security attributes and common container settings. Some fields are also present in container.securityContext.  Field values of container.securityContext take precedence over field values of PodSecurityContext.");

export const Toleration = object("io.k8s.api.core.v1.Toleration", {
  key: string().proto(1).doc("Key is the taint key that the toleration applies to. Empty means match all taint keys. If the key is empty, operator must be Exists; this combination means to match all values and all keys."),
  operator: string().proto(2).enum(["Equal","Exists"]).doc("Operator represents a key's relationship to the value. Valid operators are Exists and Equal. Defaults to Equal. Exists is equivalent to wildcard for value, so that a pod can tolerate all taints of a particular category.\n\nPossible enum values:\n - `\"Equal\"`\n - `\"Exists\"`"),
  value: string().proto(3).doc("Value is the taint value the toleration matches to. If the operator is Exists, the value should be empty, otherwise just a regular string."),
  effect: string().proto(4).enum(["NoExecute","NoSchedule","PreferNoSchedule"]).doc("Effect indicates the taint effect to match. Empty means match all taint effects. When specified, allowed values are NoSchedule, PreferNoSchedule and NoExecute.\n\nPossible enum values:\n - `\"NoExecute\"` Evict any already-running pods that do not tolerate the taint. Currently enforced by NodeController.\n - `\"NoSchedule\"` Do not allow new pods to schedule onto the node unless they tolerate the taint, but allow all pods submitted to Kubelet without going through the scheduler to start, and allow all already-running pods to continue running. Enforced by the scheduler.\n - `\"PreferNoSchedule\"` Like TaintEffectNoSchedule, but the scheduler tries not to schedule new pods onto the node, rather than prohibiting new pods from scheduling onto the node entirely. Enforced by the scheduler."),
  tolerationSeconds: int64().proto(5).optional().doc("TolerationSeconds represents the period of time the toleration (which must be of effect NoExecute, otherwise this field is ignored) tolerates the taint. By default, it is not set, which means tolerate the taint forever (do not evict). Zero and negative values will be treated as 0 (evict immediately) by the system."),
}).doc("The pod this Toleration is attached to tolerates any taint that matches the triple <key,value,effect> using the matching operator <operator>.");

export const TopologySpreadConstraint = object("io.k8s.api.core.v1.TopologySpreadConstraint", {
  maxSkew: int32().proto(1).required().keepEmpty().doc("MaxSkew describes the degree to which pods may be unevenly distributed. When `whenUnsatisfiable=DoNotSchedule`, it is the maximum permitted difference between the number of matching pods in the target topology and the global minimum. The global minimum is the minimum number of matching pods in an eligible domain or zero if the number of eligible domains is less than MinDomains. For example, in a 3-zone cluster, MaxSkew is set to 1, and pods with the same labelSelector spread as 2/2/1: In this case, the global minimum is 1. | zone1 | zone2 | zone3 | |  P P  |  P P  |   P   | - if MaxSkew is 1, incoming pod can only be scheduled to zone3 to become 2/2/2; scheduling it onto zone1(zone2) would make the ActualSkew(3-1) on zone1(zone2) violate MaxSkew(1). - if MaxSkew is 2, incoming pod can be scheduled onto any zone. When `whenUnsatisfiable=ScheduleAnyway`, it is used to give higher precedence to topologies that satisfy it. It's a required field. Default value is 1 and 0 is not allowed."),
  topologyKey: string().proto(2).required().keepEmpty().doc("TopologyKey is the key of node labels. Nodes that have a label with this key and identical values are considered to be in the same topology. We consider each <key, value> as a \"bucket\", and try to put balanced number of pods into each bucket. We define a domain as a particular instance of a topology. Also, we define an eligible domain as a domain whose nodes meet the requirements of nodeAffinityPolicy and nodeTaintsPolicy. e.g. If TopologyKey is \"kubernetes.io/hostname\", each Node is a domain of that topology. And, if TopologyKey is \"topology.kubernetes.io/zone\", each zone is a domain of that topology. It's a required field."),
  whenUnsatisfiable: string().proto(3).required().keepEmpty().enum(["DoNotSchedule","ScheduleAnyway"]).doc("WhenUnsatisfiable indicates how to deal with a pod if it doesn't satisfy the spread constraint. - DoNotSchedule (default) tells the scheduler not to schedule it. - ScheduleAnyway tells the scheduler to schedule the pod in any location,\n  but giving higher precedence to topologies that would help reduce the\n  skew.\nA constraint is considered \"Unsatisfiable\" for an incoming pod if and only if every possible node assignment for that pod would violate \"MaxSkew\" on some topology. For example, in a 3-zone cluster, MaxSkew is set to 1, and pods with the same labelSelector spread as 3/1/1: | zone1 | zone2 | zone3 | | P P P |   P   |   P   | If WhenUnsatisfiable is set to DoNotSchedule, incoming pod can only be scheduled to zone2(zone3) to become 3/2/1(3/1/2) as ActualSkew(2-1) on zone2(zone3) satisfies MaxSkew(1). In other words, the cluster can still be imbalanced, but scheduler won't make it *more* imbalanced. It's a required field.\n\nPossible enum values:\n - `\"DoNotSchedule\"` instructs the scheduler not to schedule the pod when constraints are not satisfied.\n - `\"ScheduleAnyway\"` instructs the scheduler to schedule the pod even if constraints are not satisfied."),
  labelSelector: LabelSelector.proto(4).optional().doc("LabelSelector is used to find matching pods. Pods that match this label selector are counted to determine the number of pods in their corresponding topology domain."),
  minDomains: int32().proto(5).optional().doc("MinDomains indicates a minimum number of eligible domains. When the number of eligible domains with matching topology keys is less than minDomains, Pod Topology Spread treats \"global minimum\" as 0, and then the calculation of Skew is performed. And when the number of eligible domains with matching topology keys equals or greater than minDomains, this value has no effect on scheduling. As a result, when the number of eligible domains is less than minDomains, scheduler won't schedule more than maxSkew Pods to those domains. If value is nil, the constraint behaves as if MinDomains is equal to 1. Valid values are integers greater than 0. When value is not nil, WhenUnsatisfiable must be DoNotSchedule.\n\nFor example, in a 3-zone cluster, MaxSkew is set to 2, MinDomains is set to 5 and pods with the same labelSelector spread as 2/2/2: | zone1 | zone2 | zone3 | |  P P  |  P P  |  P P  | The number of domains is less than 5(MinDomains), so \"global minimum\" is treated as 0. In this situation, new pod with the same labelSelector cannot be scheduled, because computed skew will be 3(3 - 0) if new Pod is scheduled to any of the three zones, it will violate MaxSkew."),
  nodeAffinityPolicy: string().proto(6).optional().enum(["Honor","Ignore"]).doc("NodeAffinityPolicy indicates how we will treat Pod's nodeAffinity/nodeSelector when calculating pod topology spread skew. Options are: - Honor: only nodes matching nodeAffinity/nodeSelector are included in the calculations. - Ignore: nodeAffinity/nodeSelector are ignored. All nodes are included in the calculations.\n\nIf this value is nil, the behavior is equivalent to the Honor policy. This is a beta-level feature default enabled by the NodeInclusionPolicyInPodTopologySpread feature flag.\n\nPossible enum values:\n - `\"Honor\"` means use this scheduling directive when calculating pod topology spread skew.\n - `\"Ignore\"` means ignore this scheduling directive when calculating pod topology spread skew."),
  nodeTaintsPolicy: string().proto(7).optional().enum(["Honor","Ignore"]).doc("NodeTaintsPolicy indicates how we will treat node taints when calculating pod topology spread skew. Options are: - Honor: nodes without taints, along with tainted nodes for which the incoming pod has a toleration, are included. - Ignore: node taints are ignored. All nodes are included.\n\nIf this value is nil, the behavior is equivalent to the Ignore policy. This is a beta-level feature default enabled by the NodeInclusionPolicyInPodTopologySpread feature flag.\n\nPossible enum values:\n - `\"Honor\"` means use this scheduling directive when calculating pod topology spread skew.\n - `\"Ignore\"` means ignore this scheduling directive when calculating pod topology spread skew."),
  matchLabelKeys: list(string(), { listType: 'atomic' }).proto(8).optional().doc("MatchLabelKeys is a set of pod label keys to select the pods over which spreading will be calculated. The keys are used to lookup values from the incoming pod labels, those key-value labels are ANDed with labelSelector to select the group of existing pods over which spreading will be calculated for the incoming pod. The same key is forbidden to exist in both MatchLabelKeys and LabelSelector. MatchLabelKeys cannot be set when LabelSelector isn't set. Keys that don't exist in the incoming pod labels will be ignored. A null or empty list means only match against labelSelector.\n\nThis is a beta field and requires the MatchLabelKeysInPodTopologySpread feature gate to be enabled (enabled by default)."),
}).doc("TopologySpreadConstraint specifies how to spread matching pods among the given topology.");

export const PodCertificateProjection = object("io.k8s.api.core.v1.PodCertificateProjection", {
  signerName: string().proto(1).required().doc("Kubelet's generated CSRs will be addressed to this signer."),
  keyType: string().proto(2).required().doc("The type of keypair Kubelet will generate for the pod.\n\nValid values are \"RSA3072\", \"RSA4096\", \"ECDSAP256\", \"ECDSAP384\", \"ECDSAP521\", and \"ED25519\"."),
  maxExpirationSeconds: int32().proto(3).optional().doc("maxExpirationSeconds is the maximum lifetime permitted for the certificate.\n\nKubelet copies this value verbatim into the PodCertificateRequests it generates for this projection.\n\nIf omitted, kube-apiserver will set it to 86400(24 hours). kube-apiserver will reject values shorter than 3600 (1 hour).  The maximum allowable value is 7862400 (91 days).\n\nThe signer implementation is then free to issue a certificate with any lifetime *shorter* than MaxExpirationSeconds, but no shorter than 3600 seconds (1 hour).  This constraint is enforced by kube-apiserver. `kubernetes.io` signers will never issue certificates with a lifetime longer than 24 hours."),
  credentialBundlePath: string().proto(4).doc("Write the credential bundle at this path in the projected volume.\n\nThe credential bundle is a single file that contains multiple PEM blocks. The first PEM block is a PRIVATE KEY block, containing a PKCS#8 private key.\n\nThe remaining blocks are CERTIFICATE blocks, containing the issued certificate chain from the signer (leaf and any intermediates).\n\nUsing credentialBundlePath lets your Pod's application code make a single atomic read that retrieves a consistent key and certificate chain.  If you project them to separate files, your application code will need to additionally check that the leaf certificate was issued to the key."),
  keyPath: string().proto(5).doc("Write the key at this path in the projected volume.\n\nMost applications should use credentialBundlePath.  When using keyPath and certificateChainPath, your application needs to check that the key and leaf certificate are consistent, because it is possible to read the files mid-rotation."),
  certificateChainPath: string().proto(6).doc("Write the certificate chain at this path in the projected volume.\n\nMost applications should use credentialBundlePath.  When using keyPath and certificateChainPath, your application needs to check that the key and leaf certificate are consistent, because it is possible to read the files mid-rotation."),
}).doc("PodCertificateProjection provides a private key and X.509 certificate in the pod filesystem.");

export const SecretProjection = object("io.k8s.api.core.v1.SecretProjection", {
  ...fieldsOf(LocalObjectReference),
  items: list(KeyToPath, { listType: 'atomic' }).proto(2).optional().doc("items if unspecified, each key-value pair in the Data field of the referenced Secret will be projected into the volume as a file whose name is the key and content is the value. If specified, the listed keys will be projected into the specified paths, and unlisted keys will not be present. If a key is specified which is not present in the Secret, the volume setup will error unless it is marked optional. Paths must be relative and may not contain the '..' path or start with '..'."),
  optional: bool().proto(4).optional().doc("optional field specify whether the Secret or its key must be defined"),
}, { protoEmbedded: [{ number: 1, name: "localObjectReference", type: LocalObjectReference }] }).doc("Adapts a secret into a projected volume.\n\nThe contents of the target Secret's Data field will be presented in a projected volume as files using the keys in the Data field as the file names. Note that this is identical to a secret volume source without the default mode.");

export const ServiceAccountTokenProjection = object("io.k8s.api.core.v1.ServiceAccountTokenProjection", {
  audience: string().proto(1).doc("audience is the intended audience of the token. A recipient of a token must identify itself with an identifier specified in the audience of the token, and otherwise should reject the token. The audience defaults to the identifier of the apiserver."),
  expirationSeconds: int64().proto(2).optional().doc("expirationSeconds is the requested duration of validity of the service account token. As the token approaches expiration, the kubelet volume plugin will proactively rotate the service account token. The kubelet will start trying to rotate the token if the token is older than 80 percent of its time to live or if the token is older than 24 hours.Defaults to 1 hour and must be at least 10 minutes."),
  path: string().proto(3).required().keepEmpty().doc("path is the path relative to the mount point of the file to project the token into."),
}).doc("ServiceAccountTokenProjection represents a projected service account token volume. This projection can be used to insert a service account token into the pods runtime filesystem for use against APIs (Kubernetes API Server or otherwise).");

export const VolumeProjection = object("io.k8s.api.core.v1.VolumeProjection", {
  secret: SecretProjection.proto(1).optional().doc("secret information about the secret data to project"),
  downwardAPI: DownwardAPIProjection.proto(2).optional().doc("downwardAPI information about the downwardAPI data to project"),
  configMap: ConfigMapProjection.proto(3).optional().doc("configMap information about the configMap data to project"),
  serviceAccountToken: ServiceAccountTokenProjection.proto(4).optional().doc("serviceAccountToken is information about the serviceAccountToken data to project"),
  clusterTrustBundle: ClusterTrustBundleProjection.proto(5).optional().doc("ClusterTrustBundle allows a pod to access the `.spec.trustBundle` field of ClusterTrustBundle objects in an auto-updating file.\n\nAlpha, gated by the ClusterTrustBundleProjection feature gate.\n\nClusterTrustBundle objects can either be selected by name, or by the combination of signer name and a label selector.\n\nKubelet performs aggressive normalization of the PEM contents written into the pod filesystem.  Esoteric PEM features such as inter-block comments and block headers are stripped.  Certificates are deduplicated. The ordering of certificates within the file is arbitrary, and Kubelet may change the order over time."),
  podCertificate: PodCertificateProjection.proto(6).optional().doc("Projects an auto-rotating credential bundle (private key and certificate chain) that the pod can use either as a TLS client or server.\n\nKubelet generates a private key and uses it to send a PodCertificateRequest to the named signer.  Once the signer approves the request and issues a certificate chain, Kubelet writes the key and certificate chain to the pod filesystem.  The pod does not start until certificates have been issued for each podCertificate projected volume source in its spec.\n\nKubelet will begin trying to rotate the certificate at the time indicated by the signer using the PodCertificateRequest.Status.BeginRefreshAt timestamp.\n\nKubelet can write a single file, indicated by the credentialBundlePath field, or separate files, indicated by the keyPath and certificateChainPath fields.\n\nThe credential bundle is a single file in PEM format.  The first PEM entry is the private key (in PKCS#8 format), and the remaining PEM entries are the certificate chain issued by the signer (typically, signers will return their certificate chain in leaf-to-root order).\n\nPrefer using the credential bundle format, since your application code can read it atomically.  If you use keyPath and certificateChainPath, your application must make two separate file reads. If these coincide with a certificate rotation, it is possible that the private key and leaf certificate you read may not correspond to each other.  Your application will need to check for this condition, and re-read until they are consistent.\n\nThe named signer controls chooses the format of the certificate it issues; consult the signer implementation's documentation to learn how to use the certificates it issues."),
}).doc("Projection that may be projected along with other supported volume types. Exactly one of these fields must be set.");

export const ProjectedVolumeSource = object("io.k8s.api.core.v1.ProjectedVolumeSource", {
  sources: list(VolumeProjection, { listType: 'atomic' }).proto(1).optional().keepEmpty().doc("sources is the list of volume projections. Each entry in this list handles one source."),
  defaultMode: int32().proto(2).optional().doc("defaultMode are the mode bits used to set permissions on created files by default. Must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. Directories within the path are not affected by this setting. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
}).doc("Represents a projected volume source");

export const RBDVolumeSource = object("io.k8s.api.core.v1.RBDVolumeSource", rbdFields(LocalObjectReference)).doc("Represents a Rados Block Device mount that lasts the lifetime of a pod. RBD volumes support ownership management and SELinux relabeling.");

export const ScaleIOVolumeSource = object("io.k8s.api.core.v1.ScaleIOVolumeSource", {
  gateway: string().proto(1).required().keepEmpty().doc("gateway is the host address of the ScaleIO API Gateway."),
  system: string().proto(2).required().keepEmpty().doc("system is the name of the storage system as configured in ScaleIO."),
  secretRef: LocalObjectReference.proto(3).required().optional().keepEmpty().doc("secretRef references to the secret for ScaleIO user and other sensitive information. If this is not provided, Login operation will fail."),
  sslEnabled: bool().proto(4).doc("sslEnabled Flag enable/disable SSL communication with Gateway, default false"),
  protectionDomain: string().proto(5).doc("protectionDomain is the name of the ScaleIO Protection Domain for the configured storage."),
  storagePool: string().proto(6).doc("storagePool is the ScaleIO Storage Pool associated with the protection domain."),
  storageMode: string().proto(7).default("ThinProvisioned").doc("storageMode indicates whether the storage for a volume should be ThickProvisioned or ThinProvisioned. Default is ThinProvisioned."),
  volumeName: string().proto(8).doc("volumeName is the name of a volume already created in the ScaleIO system that is associated with this volume source."),
  fsType: string().proto(9).default("xfs").doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating system. Ex. \"ext4\", \"xfs\", \"ntfs\". Default is \"xfs\"."),
  readOnly: bool().proto(10).doc("readOnly Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in VolumeMounts."),
}).doc("ScaleIOVolumeSource represents a persistent ScaleIO volume");

export const SecretVolumeSource = object("io.k8s.api.core.v1.SecretVolumeSource", {
  secretName: string().proto(1).doc("secretName is the name of the secret in the pod's namespace to use. More info: https://kubernetes.io/docs/concepts/storage/volumes#secret"),
  items: list(KeyToPath, { listType: 'atomic' }).proto(2).optional().doc("items If unspecified, each key-value pair in the Data field of the referenced Secret will be projected into the volume as a file whose name is the key and content is the value. If specified, the listed keys will be projected into the specified paths, and unlisted keys will not be present. If a key is specified which is not present in the Secret, the volume setup will error unless it is marked optional. Paths must be relative and may not contain the '..' path or start with '..'."),
  defaultMode: int32().proto(3).optional().doc("defaultMode is Optional: mode bits used to set permissions on created files by default. Must be an octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON requires decimal values for mode bits. Defaults to 0644. Directories within the path are not affected by this setting. This might be in conflict with other options that affect the file mode, like fsGroup, and the result can be other mode bits set."),
  optional: bool().proto(4).optional().doc("optional field specify whether the Secret or its keys must be defined"),
}).doc("Adapts a Secret into a volume.\n\nThe contents of the target Secret's Data field will be presented in a volume as files using the keys in the Data field as the file names. Secret volumes support ownership management and SELinux relabeling.");

export const StorageOSVolumeSource = object("io.k8s.api.core.v1.StorageOSVolumeSource", storageOSFields(LocalObjectReference)).doc("Represents a StorageOS persistent volume resource.");

export const VolumeSource = object("io.k8s.api.core.v1.VolumeSource", {
  hostPath: HostPathVolumeSource.proto(1).optional().doc("hostPath represents a pre-existing file or directory on the host machine that is directly exposed to the container. This is generally used for system agents or other privileged things that are allowed to see the host machine. Most containers will NOT need this. More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath"),
  emptyDir: EmptyDirVolumeSource.proto(2).optional().doc("emptyDir represents a temporary directory that shares a pod's lifetime. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir"),
  gcePersistentDisk: GCEPersistentDiskVolumeSource.proto(3).optional().doc("gcePersistentDisk represents a GCE Disk resource that is attached to a kubelet's host machine and then exposed to the pod. Deprecated: GCEPersistentDisk is deprecated. All operations for the in-tree gcePersistentDisk type are redirected to the pd.csi.storage.gke.io CSI driver. More info: https://kubernetes.io/docs/concepts/storage/volumes#gcepersistentdisk"),
  awsElasticBlockStore: AWSElasticBlockStoreVolumeSource.proto(4).optional().doc("awsElasticBlockStore represents an AWS Disk resource that is attached to a kubelet's host machine and then exposed to the pod. Deprecated: AWSElasticBlockStore is deprecated. All operations for the in-tree awsElasticBlockStore type are redirected to the ebs.csi.aws.com CSI driver. More info: https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore"),
  gitRepo: GitRepoVolumeSource.proto(5).optional().doc("gitRepo represents a git repository at a particular revision. Deprecated: GitRepo is deprecated. To provision a container with a git repo, mount an EmptyDir into an InitContainer that clones the repo using git, then mount the EmptyDir into the Pod's container."),
  secret: SecretVolumeSource.proto(6).optional().doc("secret represents a secret that should populate this volume. More info: https://kubernetes.io/docs/concepts/storage/volumes#secret"),
  nfs: NFSVolumeSource.proto(7).optional().doc("nfs represents an NFS mount on the host that shares a pod's lifetime More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs"),
  iscsi: ISCSIVolumeSource.proto(8).optional().doc("iscsi represents an ISCSI Disk resource that is attached to a kubelet's host machine and then exposed to the pod. More info: https://examples.k8s.io/volumes/iscsi/README.md"),
  glusterfs: GlusterfsVolumeSource.proto(9).optional().doc("glusterfs represents a Glusterfs mount on the host that shares a pod's lifetime. Deprecated: Glusterfs is deprecated and the in-tree glusterfs type is no longer supported. More info: https://examples.k8s.io/volumes/glusterfs/README.md"),
  persistentVolumeClaim: PersistentVolumeClaimVolumeSource.proto(10).optional().doc("persistentVolumeClaimVolumeSource represents a reference to a PersistentVolumeClaim in the same namespace. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims"),
  rbd: RBDVolumeSource.proto(11).optional().doc("rbd represents a Rados Block Device mount on the host that shares a pod's lifetime. Deprecated: RBD is deprecated and the in-tree rbd type is no longer supported. More info: https://examples.k8s.io/volumes/rbd/README.md"),
  flexVolume: FlexVolumeSource.proto(12).optional().doc("flexVolume represents a generic volume resource that is provisioned/attached using an exec based plugin. Deprecated: FlexVolume is deprecated. Consider using a CSIDriver instead."),
  cinder: CinderVolumeSource.proto(13).optional().doc("cinder represents a cinder volume attached and mounted on kubelets host machine. Deprecated: Cinder is deprecated. All operations for the in-tree cinder type are redirected to the cinder.csi.openstack.org CSI driver. More info: https://examples.k8s.io/mysql-cinder-pd/README.md"),
  cephfs: CephFSVolumeSource.proto(14).optional().doc("cephFS represents a Ceph FS mount on the host that shares a pod's lifetime. Deprecated: CephFS is deprecated and the in-tree cephfs type is no longer supported."),
  flocker: FlockerVolumeSource.proto(15).optional().doc("flocker represents a Flocker volume attached to a kubelet's host machine. This depends on the Flocker control service being running. Deprecated: Flocker is deprecated and the in-tree flocker type is no longer supported."),
  downwardAPI: DownwardAPIVolumeSource.proto(16).optional().doc("downwardAPI represents downward API about the pod that should populate this volume"),
  fc: FCVolumeSource.proto(17).optional().doc("fc represents a Fibre Channel resource that is attached to a kubelet's host machine and then exposed to the pod."),
  azureFile: AzureFileVolumeSource.proto(18).optional().doc("azureFile represents an Azure File Service mount on the host and bind mount to the pod. Deprecated: AzureFile is deprecated. All operations for the in-tree azureFile type are redirected to the file.csi.azure.com CSI driver."),
  configMap: ConfigMapVolumeSource.proto(19).optional().doc("configMap represents a configMap that should populate this volume"),
  vsphereVolume: VsphereVirtualDiskVolumeSource.proto(20).optional().doc("vsphereVolume represents a vSphere volume attached and mounted on kubelets host machine. Deprecated: VsphereVolume is deprecated. All operations for the in-tree vsphereVolume type are redirected to the csi.vsphere.vmware.com CSI driver."),
  quobyte: QuobyteVolumeSource.proto(21).optional().doc("quobyte represents a Quobyte mount on the host that shares a pod's lifetime. Deprecated: Quobyte is deprecated and the in-tree quobyte type is no longer supported."),
  azureDisk: AzureDiskVolumeSource.proto(22).optional().doc("azureDisk represents an Azure Data Disk mount on the host and bind mount to the pod. Deprecated: AzureDisk is deprecated. All operations for the in-tree azureDisk type are redirected to the disk.csi.azure.com CSI driver."),
  photonPersistentDisk: PhotonPersistentDiskVolumeSource.proto(23).optional().doc("photonPersistentDisk represents a PhotonController persistent disk attached and mounted on kubelets host machine. Deprecated: PhotonPersistentDisk is deprecated and the in-tree photonPersistentDisk type is no longer supported."),
  projected: ProjectedVolumeSource.proto(26).optional().doc("projected items for all in one resources secrets, configmaps, and downward API"),
  portworxVolume: PortworxVolumeSource.proto(24).optional().doc("portworxVolume represents a portworx volume attached and mounted on kubelets host machine. Deprecated: PortworxVolume is deprecated. All operations for the in-tree portworxVolume type are redirected to the pxd.portworx.com CSI driver when the CSIMigrationPortworx feature-gate is on."),
  scaleIO: ScaleIOVolumeSource.proto(25).optional().doc("scaleIO represents a ScaleIO persistent volume attached and mounted on Kubernetes nodes. Deprecated: ScaleIO is deprecated and the in-tree scaleIO type is no longer supported."),
  storageos: StorageOSVolumeSource.proto(27).optional().doc("storageOS represents a StorageOS volume attached and mounted on Kubernetes nodes. Deprecated: StorageOS is deprecated and the in-tree storageos type is no longer supported."),
  csi: CSIVolumeSource.proto(28).optional().doc("csi (Container Storage Interface) represents ephemeral storage that is handled by certain external CSI drivers."),
  ephemeral: EphemeralVolumeSource.proto(29).optional().doc("ephemeral represents a volume that is handled by a cluster storage driver. The volume's lifecycle is tied to the pod that defines it - it will be created before the pod starts, and deleted when the pod is removed.\n\nUse this if: a) the volume is only needed while the pod runs, b) features of normal volumes like restoring from snapshot or capacity\n   tracking are needed,\nc) the storage driver is specified through a storage class, and d) the storage driver supports dynamic volume provisioning through\n   a PersistentVolumeClaim (see EphemeralVolumeSource for more\n   information on the connection between this volume type\n   and PersistentVolumeClaim).\n\nUse PersistentVolumeClaim or one of the vendor-specific APIs for volumes that persist for longer than the lifecycle of an individual pod.\n\nUse CSI for light-weight local ephemeral volumes if the CSI driver is meant to be used that way - see the documentation of the driver for more information.\n\nA pod can use both types of ephemeral volumes and persistent volumes at the same time."),
  image: ImageVolumeSource.proto(30).optional().doc("image represents an OCI object (a container image or artifact) pulled and mounted on the kubelet's host machine. The volume is resolved at pod startup depending on which PullPolicy value is provided:\n\n- Always: the kubelet always attempts to pull the reference. Container creation will fail If the pull fails. - Never: the kubelet never pulls the reference and only uses a local image or artifact. Container creation will fail if the reference isn't present. - IfNotPresent: the kubelet pulls if the reference isn't already present on disk. Container creation will fail if the reference isn't present and the pull fails.\n\nThe volume gets re-resolved if the pod gets deleted and recreated, which means that new remote content will become available on pod recreation. A failure to resolve or pull the image during pod startup will block containers from starting and may add significant latency. Failures will be retried using normal volume backoff and will be reported on the pod reason and message. The types of objects that may be mounted by this volume are defined by the container runtime implementation on a host machine and at minimum must include all valid types supported by the container image field. The OCI object gets mounted in a single directory (spec.containers[*].volumeMounts.mountPath) by merging the manifest layers in the same way as for container images. The volume will be mounted read-only (ro) and non-executable files (noexec). Sub path mounts for containers are not supported (spec.containers[*].volumeMounts.subpath). The field spec.securityContext.fsGroupChangePolicy has no effect on this volume type."),
}).doc("Represents the source of a volume to mount. Only one of its members may be specified.");

export const Volume = object("io.k8s.api.core.v1.Volume", {
  name: string().proto(1).required().keepEmpty().doc("name of the volume. Must be a DNS_LABEL and unique within the pod. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names"),
  ...fieldsOf(VolumeSource),
}, { protoEmbedded: [{ number: 2, name: "volumeSource", type: VolumeSource }] }).doc("Volume represents a named volume in a pod that may be accessed by any container in the pod.");

export const PodSpec = object("io.k8s.api.core.v1.PodSpec", {
  volumes: list(Volume, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }).proto(1).optional().doc("List of volumes that can be mounted by containers belonging to the pod. More info: https://kubernetes.io/docs/concepts/storage/volumes"),
  initContainers: list(Container, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(20).optional().doc("List of initialization containers belonging to the pod. Init containers are executed in order prior to containers being started. If any init container fails, the pod is considered to have failed and is handled according to its restartPolicy. The name for an init container or normal container must be unique among all containers. Init containers may not have Lifecycle actions, Readiness probes, Liveness probes, or Startup probes. The resourceRequirements of an init container are taken into account during scheduling by finding the highest request/limit for each resource type, and then using the max of of that value or the sum of the normal containers. Limits are applied to init containers in a similar fashion. Init containers cannot currently be added or removed. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/init-containers/"),
  containers: list(Container, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(2).required().optional().keepEmpty().doc("List of containers belonging to the pod. Containers cannot currently be added or removed. There must be at least one container in a Pod. Cannot be updated."),
  ephemeralContainers: list(EphemeralContainer, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(34).optional().doc("List of ephemeral containers run in this pod. Ephemeral containers may be run in an existing pod to perform user-initiated actions such as debugging. This list cannot be specified when creating a pod, and it cannot be modified by updating the pod spec. In order to add an ephemeral container to an existing pod, use the pod's ephemeralcontainers subresource."),
  restartPolicy: string().proto(3).enum(["Always","Never","OnFailure"]).with({ goType: 'v1.RestartPolicy' }).doc("Restart policy for all containers within the pod. One of Always, OnFailure, Never. In some contexts, only a subset of those values may be permitted. Default to Always. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy\n\nPossible enum values:\n - `\"Always\"`\n - `\"Never\"`\n - `\"OnFailure\"`"),
  terminationGracePeriodSeconds: int64().proto(4).optional().doc("Optional duration in seconds the pod needs to terminate gracefully. May be decreased in delete request. Value must be non-negative integer. The value zero indicates stop immediately via the kill signal (no opportunity to shut down). If this value is nil, the default grace period will be used instead. The grace period is the duration in seconds after the processes running in the pod are sent a termination signal and the time when the processes are forcibly halted with a kill signal. Set this value longer than the expected cleanup time for your process. Defaults to 30 seconds."),
  activeDeadlineSeconds: int64().proto(5).optional().doc("Optional duration in seconds the pod may be active on the node relative to StartTime before the system will actively try to mark it failed and kill associated containers. Value must be a positive integer."),
  dnsPolicy: string().proto(6).with({ goType: 'v1.DNSPolicy' }).enum(["ClusterFirst","ClusterFirstWithHostNet","Default","None"]).doc("Set DNS policy for the pod. Defaults to \"ClusterFirst\". Valid values are 'ClusterFirstWithHostNet', 'ClusterFirst', 'Default' or 'None'. DNS parameters given in DNSConfig will be merged with the policy selected with DNSPolicy. To have DNS options set along with hostNetwork, you have to specify DNS policy explicitly to 'ClusterFirstWithHostNet'.\n\nPossible enum values:\n - `\"ClusterFirst\"` indicates that the pod should use cluster DNS first unless hostNetwork is true, if it is available, then fall back on the default (as determined by kubelet) DNS settings.\n - `\"ClusterFirstWithHostNet\"` indicates that the pod should use cluster DNS first, if it is available, then fall back on the default (as determined by kubelet) DNS settings.\n - `\"Default\"` indicates that the pod should use the default (as determined by kubelet) DNS settings.\n - `\"None\"` indicates that the pod should use empty DNS settings. DNS parameters such as nameservers and search paths should be defined via DNSConfig."),
  nodeSelector: map(string(), { mapType: 'atomic' }).proto(7).optional().doc("NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/"),
  serviceAccountName: string().proto(8).doc("ServiceAccountName is the name of the ServiceAccount to use to run this pod. More info: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/"),
  serviceAccount: string().proto(9).doc("DeprecatedServiceAccount is a deprecated alias for ServiceAccountName. Deprecated: Use serviceAccountName instead."),
  automountServiceAccountToken: bool().proto(21).optional().doc("AutomountServiceAccountToken indicates whether a service account token should be automatically mounted."),
  nodeName: string().proto(10).doc("NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename"),
  hostNetwork: bool().proto(11).doc("Host networking requested for this pod. Use the host's network namespace. If this option is set, the ports that will be used must be specified. Default to false."),
  hostPID: bool().proto(12).doc("Use the host's pid namespace. Optional: Default to false."),
  hostIPC: bool().proto(13).doc("Use the host's ipc namespace. Optional: Default to false."),
  shareProcessNamespace: bool().proto(27).optional().doc("Share a single process namespace between all of the containers in a pod. When this is set containers will be able to view and signal processes from other containers in the same pod, and the first process in each container will not be assigned PID 1. HostPID and ShareProcessNamespace cannot both be set. Optional: Default to false."),
  securityContext: PodSecurityContext.proto(14).optional().doc("SecurityContext holds pod-level security attributes and common container settings. Optional: Defaults to empty.  See type description for default values of each field."),
  imagePullSecrets: list(LocalObjectReference, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(15).optional().doc("ImagePullSecrets is an optional list of references to secrets in the same namespace to use for pulling any of the images used by this PodSpec. If specified, these secrets will be passed to individual puller implementations for them to use. More info: https://kubernetes.io/docs/concepts/containers/images#specifying-imagepullsecrets-on-a-pod"),
  hostname: string().proto(16).doc("Specifies the hostname of the Pod If not specified, the pod's hostname will be set to a system-defined value."),
  subdomain: string().proto(17).doc("If specified, the fully qualified Pod hostname will be \"<hostname>.<subdomain>.<pod namespace>.svc.<cluster domain>\". If not specified, the pod will not have a domainname at all."),
  affinity: Affinity.proto(18).optional().doc("If specified, the pod's scheduling constraints"),
  schedulerName: string().proto(19).doc("If specified, the pod will be dispatched by specified scheduler. If not specified, the pod will be dispatched by default scheduler."),
  tolerations: list(Toleration, { listType: 'atomic' }).proto(22).optional().doc("If specified, the pod's tolerations."),
  hostAliases: list(HostAlias, { listType: 'map', listMapKeys: ["ip"], patchStrategy: 'merge', patchMergeKey: 'ip' }).proto(23).optional().doc("HostAliases is an optional list of hosts and IPs that will be injected into the pod's hosts file if specified."),
  priorityClassName: string().proto(24).doc("If specified, indicates the pod's priority. \"system-node-critical\" and \"system-cluster-critical\" are two special keywords which indicate the highest priorities with the former being the highest priority. Any other name must be defined by creating a PriorityClass object with that name. If not specified, the pod priority will be default or zero if there is no default."),
  priority: int32().proto(25).optional().doc("The priority value. Various system components use this field to find the priority of the pod. When Priority Admission Controller is enabled, it prevents users from setting this field. The admission controller populates this field from PriorityClassName. The higher the value, the higher the priority."),
  dnsConfig: PodDNSConfig.proto(26).optional().doc("Specifies the DNS parameters of a pod. Parameters specified here will be merged to the generated DNS configuration based on DNSPolicy."),
  readinessGates: list(PodReadinessGate, { listType: 'atomic' }).proto(28).optional().doc("If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to \"True\" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates"),
  runtimeClassName: string().proto(29).optional().doc("RuntimeClassName refers to a RuntimeClass object in the node.k8s.io group, which should be used to run this pod.  If no RuntimeClass resource matches the named class, the pod will not be run. If unset or empty, the \"legacy\" RuntimeClass will be used, which is an implicit class with an empty definition that uses the default runtime handler. More info: https://git.k8s.io/enhancements/keps/sig-node/585-runtime-class"),
  enableServiceLinks: bool().proto(30).optional().doc("EnableServiceLinks indicates whether information about services should be injected into pod's environment variables, matching the syntax of Docker links. Optional: Defaults to true."),
  preemptionPolicy: string().proto(31).optional().enum(["Never","PreemptLowerPriority"]).doc("PreemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.\n\nPossible enum values:\n - `\"Never\"` means that pod never preempts other pods with lower priority.\n - `\"PreemptLowerPriority\"` means that pod can preempt other pods with lower priority."),
  overhead: map(quantity()).proto(32).optional().doc("Overhead represents the resource overhead associated with running a pod for a given RuntimeClass. This field will be autopopulated at admission time by the RuntimeClass admission controller. If the RuntimeClass admission controller is enabled, overhead must not be set in Pod create requests. The RuntimeClass admission controller will reject Pod create requests which have the overhead already set. If RuntimeClass is configured and selected in the PodSpec, Overhead will be set to the value defined in the corresponding RuntimeClass, otherwise it will remain unset and treated as zero. More info: https://git.k8s.io/enhancements/keps/sig-node/688-pod-overhead/README.md"),
  topologySpreadConstraints: list(TopologySpreadConstraint, { listType: 'map', listMapKeys: ["topologyKey","whenUnsatisfiable"], patchStrategy: 'merge', patchMergeKey: 'topologyKey' }).proto(33).optional().doc("TopologySpreadConstraints describes how a group of pods ought to spread across topology domains. Scheduler will schedule pods in a way which abides by the constraints. All topologySpreadConstraints are ANDed."),
  setHostnameAsFQDN: bool().proto(35).optional().doc("If true the pod's hostname will be configured as the pod's FQDN, rather than the leaf name (the default). In Linux containers, this means setting the FQDN in the hostname field of the kernel (the nodename field of struct utsname). In Windows containers, this means setting the registry value of hostname for the registry key HKEY_LOCAL_MACHINE\\\\SYSTEM\\\\CurrentControlSet\\\\Services\\\\Tcpip\\\\Parameters to FQDN. If a pod does not have FQDN, this has no effect. Default to false."),
  os: PodOS.proto(36).optional().doc("Specifies the OS of the containers in the pod. Some pod and container fields are restricted if this is set.\n\nIf the OS field is set to linux, the following fields must be unset: -securityContext.windowsOptions\n\nIf the OS field is set to windows, following fields must be unset: - spec.hostPID - spec.hostIPC - spec.hostUsers - spec.securityContext.appArmorProfile - spec.securityContext.seLinuxOptions - spec.securityContext.seccompProfile - spec.securityContext.fsGroup - spec.securityContext.fsGroupChangePolicy - spec.securityContext.sysctls - spec.shareProcessNamespace - spec.securityContext.runAsUser - spec.securityContext.runAsGroup - spec.securityContext.supplementalGroups - spec.securityContext.supplementalGroupsPolicy - spec.containers[*].securityContext.appArmorProfile - spec.containers[*].securityContext.seLinuxOptions - spec.containers[*].securityContext.seccompProfile - spec.containers[*].securityContext.capabilities - spec.containers[*].securityContext.readOnlyRootFilesystem - spec.containers[*].securityContext.privileged - spec.containers[*].securityContext.allowPrivilegeEscalation - spec.containers[*].securityContext.procMount - spec.containers[*].securityContext.runAsUser - spec.containers[*].securityContext.runAsGroup"),
  hostUsers: bool().proto(37).optional().doc("Use the host's user namespace. Optional: Default to true. If set to true or not present, the pod will be run in the host user namespace, useful for when the pod needs a feature only available to the host user namespace, such as loading a kernel module with CAP_SYS_MODULE. When set to false, a new userns is created for the pod. Setting false is useful for mitigating container breakout vulnerabilities even allowing users to run their containers as root without actually having root privileges on the host. This field is alpha-level and is only honored by servers that enable the UserNamespacesSupport feature."),
  schedulingGates: list(PodSchedulingGate, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(38).optional().doc("SchedulingGates is an opaque list of values that if specified will block scheduling the pod. If schedulingGates is not empty, the pod will stay in the SchedulingGated state and the scheduler will not attempt to schedule the pod.\n\nSchedulingGates can only be set at pod creation time, and be removed only afterwards."),
  resourceClaims: list(PodResourceClaim, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }).proto(39).optional().doc("ResourceClaims defines which ResourceClaims must be allocated and reserved before the Pod is allowed to start. The resources will be made available to those containers which consume them by name.\n\nThis is an alpha field and requires enabling the DynamicResourceAllocation feature gate.\n\nThis field is immutable."),
  resources: ResourceRequirements.proto(40).optional().doc("Resources is the total amount of CPU and Memory resources required by all containers in the pod. It supports specifying Requests and Limits for \"cpu\" and \"memory\" resource names only. ResourceClaims are not supported.\n\nThis field enables fine-grained control over resource allocation for the entire pod, allowing resource sharing among containers in a pod.\n\nThis is an alpha field and requires enabling the PodLevelResources feature gate."),
  hostnameOverride: string().proto(41).optional().doc("HostnameOverride specifies an explicit override for the pod's hostname as perceived by the pod. This field only specifies the pod's hostname and does not affect its DNS records. When this field is set to a non-empty string: - It takes precedence over the values set in `hostname` and `subdomain`. - The Pod's hostname will be set to this value. - `setHostnameAsFQDN` must be nil or set to false. - `hostNetwork` must be set to false.\n\nThis field must be a valid DNS subdomain as defined in RFC 1123 and contain at most 64 characters. Requires the HostnameOverride feature gate to be enabled."),
}).doc("PodSpec is a description of a pod.");

export const PodCondition = object("io.k8s.api.core.v1.PodCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type is the type of the condition. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-conditions"),
  observedGeneration: int64().proto(7).doc("If set, this represents the .metadata.generation that the pod condition was set based upon. This is an alpha field. Enable PodObservedGenerationTracking to be able to use this field."),
  status: string().proto(2).required().keepEmpty().doc("Status is the status of the condition. Can be True, False, Unknown. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-conditions"),
  lastProbeTime: time().proto(3).doc("Last time we probed the condition."),
  lastTransitionTime: time().proto(4).doc("Last time the condition transitioned from one status to another."),
  reason: string().proto(5).doc("Unique, one-word, CamelCase reason for the condition's last transition."),
  message: string().proto(6).doc("Human-readable message indicating details about last transition."),
}).doc("PodCondition contains details for the current condition of this pod.");

export const PodExtendedResourceClaimStatus = object("io.k8s.api.core.v1.PodExtendedResourceClaimStatus", {
  requestMappings: list(ContainerExtendedResourceRequest, { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("RequestMappings identifies the mapping of <container, extended resource backed by DRA> to  device request in the generated ResourceClaim."),
  resourceClaimName: string().proto(2).required().keepEmpty().doc("ResourceClaimName is the name of the ResourceClaim that was generated for the Pod in the namespace of the Pod."),
}).doc("PodExtendedResourceClaimStatus is stored in the PodStatus for the extended resource requests backed by DRA. It stores the generated name for the corresponding special ResourceClaim created by the scheduler.");

export const PodIP = object("io.k8s.api.core.v1.PodIP", {
  ip: string().proto(1).required().keepEmpty().doc("IP is the IP address assigned to the pod"),
}).doc("PodIP represents a single IP address allocated to the pod.");

export const PodResourceClaimStatus = object("io.k8s.api.core.v1.PodResourceClaimStatus", {
  name: string().proto(1).required().keepEmpty().doc("Name uniquely identifies this resource claim inside the pod. This must match the name of an entry in pod.spec.resourceClaims, which implies that the string must be a DNS_LABEL."),
  resourceClaimName: string().proto(2).optional().doc("ResourceClaimName is the name of the ResourceClaim that was generated for the Pod in the namespace of the Pod. If this is unset, then generating a ResourceClaim was not necessary. The pod.spec.resourceClaims entry can be ignored in this case."),
}).doc("PodResourceClaimStatus is stored in the PodStatus for each PodResourceClaim which references a ResourceClaimTemplate. It stores the generated name for the corresponding ResourceClaim.");

export const PodStatus = object("io.k8s.api.core.v1.PodStatus", {
  observedGeneration: int64().proto(17).doc("If set, this represents the .metadata.generation that the pod status was set based upon. This is an alpha field. Enable PodObservedGenerationTracking to be able to use this field."),
  phase: string().proto(1).enum(["Failed","Pending","Running","Succeeded","Unknown"]).doc("The phase of a Pod is a simple, high-level summary of where the Pod is in its lifecycle. The conditions array, the reason and message fields, and the individual container status arrays contain more detail about the pod's status. There are five possible phase values:\n\nPending: The pod has been accepted by the Kubernetes system, but one or more of the container images has not been created. This includes time before being scheduled as well as time spent downloading images over the network, which could take a while. Running: The pod has been bound to a node, and all of the containers have been created. At least one container is still running, or is in the process of starting or restarting. Succeeded: All containers in the pod have terminated in success, and will not be restarted. Failed: All containers in the pod have terminated, and at least one container has terminated in failure. The container either exited with non-zero status or was terminated by the system. Unknown: For some reason the state of the pod could not be obtained, typically due to an error in communicating with the host of the pod.\n\nMore info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-phase\n\nPossible enum values:\n - `\"Failed\"` means that all containers in the pod have terminated, and at least one container has terminated in a failure (exited with a non-zero exit code or was stopped by the system).\n - `\"Pending\"` means the pod has been accepted by the system, but one or more of the containers has not been started. This includes time before being bound to a node, as well as time spent pulling images onto the host.\n - `\"Running\"` means the pod has been bound to a node and all of the containers have been started. At least one container is still running or is in the process of being restarted.\n - `\"Succeeded\"` means that all containers in the pod have voluntarily terminated with a container exit code of 0, and the system is not going to restart any of these containers.\n - `\"Unknown\"` means that for some reason the state of the pod could not be obtained, typically due to an error in communicating with the host of the pod. Deprecated: It isn't being set since 2015 (74da3b14b0c0f658b3bb8d2def5094686d0e9095)"),
  conditions: list(PodCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(2).optional().doc("Current service state of pod. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-conditions"),
  message: string().proto(3).doc("A human readable message indicating details about why the pod is in this condition."),
  reason: string().proto(4).doc("A brief CamelCase message indicating details about why the pod is in this state. e.g. 'Evicted'"),
  nominatedNodeName: string().proto(11).doc("nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled."),
  hostIP: string().proto(5).doc("hostIP holds the IP address of the host to which the pod is assigned. Empty if the pod has not started yet. A pod can be assigned to a node that has a problem in kubelet which in turns mean that HostIP will not be updated even if there is a node is assigned to pod"),
  hostIPs: list(HostIP, { listType: 'atomic', patchStrategy: 'merge', patchMergeKey: 'ip' }).proto(16).optional().doc("hostIPs holds the IP addresses allocated to the host. If this field is specified, the first entry must match the hostIP field. This list is empty if the pod has not started yet. A pod can be assigned to a node that has a problem in kubelet which in turns means that HostIPs will not be updated even if there is a node is assigned to this pod."),
  podIP: string().proto(6).doc("podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated."),
  podIPs: list(PodIP, { listType: 'map', listMapKeys: ["ip"], patchStrategy: 'merge', patchMergeKey: 'ip' }).proto(12).optional().doc("podIPs holds the IP addresses allocated to the pod. If this field is specified, the 0th entry must match the podIP field. Pods may be allocated at most 1 value for each of IPv4 and IPv6. This list is empty if no IPs have been allocated yet."),
  startTime: time().proto(7).optional().doc("RFC 3339 date and time at which the object was acknowledged by the Kubelet. This is before the Kubelet pulled the container image(s) for the pod."),
  initContainerStatuses: list(ContainerStatus, { listType: 'atomic' }).proto(10).optional().doc("Statuses of init containers in this pod. The most recent successful non-restartable init container will have ready = true, the most recently started container will have startTime set. Each init container in the pod should have at most one status in this list, and all statuses should be for containers in the pod. However this is not enforced. If a status for a non-existent container is present in the list, or the list has duplicate names, the behavior of various Kubernetes components is not defined and those statuses might be ignored. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-and-container-status"),
  containerStatuses: list(ContainerStatus, { listType: 'atomic' }).proto(8).optional().doc("Statuses of containers in this pod. Each container in the pod should have at most one status in this list, and all statuses should be for containers in the pod. However this is not enforced. If a status for a non-existent container is present in the list, or the list has duplicate names, the behavior of various Kubernetes components is not defined and those statuses might be ignored. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-and-container-status"),
  qosClass: string().proto(9).enum(["BestEffort","Burstable","Guaranteed"]).doc("The Quality of Service (QOS) classification assigned to the pod based on resource requirements See PodQOSClass type for available QOS classes More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-qos/#quality-of-service-classes\n\nPossible enum values:\n - `\"BestEffort\"` is the BestEffort qos class.\n - `\"Burstable\"` is the Burstable qos class.\n - `\"Guaranteed\"` is the Guaranteed qos class."),
  ephemeralContainerStatuses: list(ContainerStatus, { listType: 'atomic' }).proto(13).optional().doc("Statuses for any ephemeral containers that have run in this pod. Each ephemeral container in the pod should have at most one status in this list, and all statuses should be for containers in the pod. However this is not enforced. If a status for a non-existent container is present in the list, or the list has duplicate names, the behavior of various Kubernetes components is not defined and those statuses might be ignored. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#pod-and-container-status"),
  resize: string().proto(14).doc("Status of resources resize desired for pod's containers. It is empty if no resources resize is pending. Any changes to container resources will automatically set this to \"Proposed\""),
  resourceClaimStatuses: list(PodResourceClaimStatus, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }).proto(15).optional().doc("Status of resource claims."),
  extendedResourceClaimStatus: PodExtendedResourceClaimStatus.proto(18).optional().doc("Status of extended resource claim backed by DRA."),
}).doc("PodStatus represents information about the status of a pod. Status may trail the actual state of a system, especially if the node that hosts the pod cannot contact the control plane.");

export const Pod = object("io.k8s.api.core.v1.Pod", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: PodSpec.proto(2).doc("Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: PodStatus.proto(3).doc("Most recently observed status of the pod. This data may not be up to date. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Pod", version: "v1" }] } }).doc("Pod is a collection of containers that can run on a host. This resource is created by clients and scheduled onto hosts.");

export const PodList = object("io.k8s.api.core.v1.PodList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Pod).proto(2).required().optional().keepEmpty().doc("List of pods. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PodList", version: "v1" }] } }).doc("PodList is a list of Pods.");

export const PodTemplateSpec = object("io.k8s.api.core.v1.PodTemplateSpec", {
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: PodSpec.proto(2).doc("Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}).doc("PodTemplateSpec describes the data a pod should have when created from a template");

export const PodTemplate = object("io.k8s.api.core.v1.PodTemplate", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  template: PodTemplateSpec.proto(2).doc("Template defines the pods that will be created from this pod template. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PodTemplate", version: "v1" }] } }).doc("PodTemplate describes a template for creating copies of a predefined pod.");

export const PodTemplateList = object("io.k8s.api.core.v1.PodTemplateList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(PodTemplate).proto(2).required().optional().keepEmpty().doc("List of pod templates"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "PodTemplateList", version: "v1" }] } }).doc("PodTemplateList is a list of PodTemplates.");

export const ReplicationControllerSpec = object("io.k8s.api.core.v1.ReplicationControllerSpec", {
  replicas: int32().proto(1).optional().doc("Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller"),
  minReadySeconds: int32().proto(4).doc("Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)"),
  selector: map(string(), { mapType: 'atomic' }).proto(2).optional().doc("Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors"),
  template: PodTemplateSpec.proto(3).optional().doc("Template is the object that describes the pod that will be created if insufficient replicas are detected. This takes precedence over a TemplateRef. The only allowed template.spec.restartPolicy value is \"Always\". More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template"),
}).doc("ReplicationControllerSpec is the specification of a replication controller.");

export const ReplicationControllerCondition = object("io.k8s.api.core.v1.ReplicationControllerCondition", {
  type: string().proto(1).required().keepEmpty().doc("Type of replication controller condition."),
  status: string().proto(2).required().keepEmpty().doc("Status of the condition, one of True, False, Unknown."),
  lastTransitionTime: time().proto(3).doc("The last time the condition transitioned from one status to another."),
  reason: string().proto(4).doc("The reason for the condition's last transition."),
  message: string().proto(5).doc("A human readable message indicating details about the transition."),
}).doc("ReplicationControllerCondition describes the state of a replication controller at a certain point.");

export const ReplicationControllerStatus = object("io.k8s.api.core.v1.ReplicationControllerStatus", {
  replicas: int32().proto(1).required().keepEmpty().doc("Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller"),
  fullyLabeledReplicas: int32().proto(2).doc("The number of pods that have labels matching the labels of the pod template of the replication controller."),
  readyReplicas: int32().proto(4).doc("The number of ready replicas for this replication controller."),
  availableReplicas: int32().proto(5).doc("The number of available replicas (ready for at least minReadySeconds) for this replication controller."),
  observedGeneration: int64().proto(3).doc("ObservedGeneration reflects the generation of the most recently observed replication controller."),
  conditions: list(ReplicationControllerCondition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(6).optional().doc("Represents the latest available observations of a replication controller's current state."),
}).doc("ReplicationControllerStatus represents the current status of a replication controller.");

export const ReplicationController = object("io.k8s.api.core.v1.ReplicationController", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("If the Labels of a ReplicationController are empty, they are defaulted to be the same as the Pod(s) that the replication controller manages. Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: ReplicationControllerSpec.proto(2).doc("Spec defines the specification of the desired behavior of the replication controller. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: ReplicationControllerStatus.proto(3).doc("Status is the most recently observed status of the replication controller. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ReplicationController", version: "v1" }] } }).doc("ReplicationController represents the configuration of a replication controller.");

export const ReplicationControllerList = object("io.k8s.api.core.v1.ReplicationControllerList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(ReplicationController).proto(2).required().optional().keepEmpty().doc("List of replication controllers. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ReplicationControllerList", version: "v1" }] } }).doc("ReplicationControllerList is a collection of replication controllers.");

export const ScopedResourceSelectorRequirement = object("io.k8s.api.core.v1.ScopedResourceSelectorRequirement", {
  scopeName: string().proto(1).required().keepEmpty().enum(["BestEffort","CrossNamespacePodAffinity","NotBestEffort","NotTerminating","PriorityClass","Terminating"]).doc("The name of the scope that the selector applies to.\n\nPossible enum values:\n - `\"BestEffort\"` Match all pod objects that have best effort quality of service\n - `\"CrossNamespacePodAffinity\"` Match all pod objects that have cross-namespace pod (anti)affinity mentioned.\n - `\"NotBestEffort\"` Match all pod objects that do not have best effort quality of service\n - `\"NotTerminating\"` Match all pod objects where spec.activeDeadlineSeconds is nil\n - `\"PriorityClass\"` Match all pod objects that have priority class mentioned\n - `\"Terminating\"` Match all pod objects where spec.activeDeadlineSeconds >=0"),
  operator: string().proto(2).required().keepEmpty().enum(["DoesNotExist","Exists","In","NotIn"]).doc("Represents a scope's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist.\n\nPossible enum values:\n - `\"DoesNotExist\"`\n - `\"Exists\"`\n - `\"In\"`\n - `\"NotIn\"`"),
  values: list(string(), { listType: 'atomic' }).proto(3).optional().doc("An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced during a strategic merge patch."),
}).doc("A scoped-resource selector requirement is a selector that contains values, a scope name, and an operator that relates the scope name and values.");

export const ScopeSelector = object("io.k8s.api.core.v1.ScopeSelector", {
  matchExpressions: list(ScopedResourceSelectorRequirement, { listType: 'atomic' }).proto(1).optional().doc("A list of scope selector requirements by scope of the resources."),
}, { mapType: 'atomic' }).doc("A scope selector represents the AND of the selectors represented by the scoped-resource selector requirements.");

export const ResourceQuotaSpec = object("io.k8s.api.core.v1.ResourceQuotaSpec", {
  hard: map(quantity()).proto(1).optional().doc("hard is the set of desired hard limits for each named resource. More info: https://kubernetes.io/docs/concepts/policy/resource-quotas/"),
  scopes: list(string(), { listType: 'atomic' }).proto(2).optional().doc("A collection of filters that must match each object tracked by a quota. If not specified, the quota matches all objects."),
  scopeSelector: ScopeSelector.proto(3).optional().doc("scopeSelector is also a collection of filters like scopes that must match each object tracked by a quota but expressed using ScopeSelectorOperator in combination with possible values. For a resource to match, both scopes AND scopeSelector (if specified in spec), must be matched."),
}).doc("ResourceQuotaSpec defines the desired hard limits to enforce for Quota.");

export const ResourceQuotaStatus = object("io.k8s.api.core.v1.ResourceQuotaStatus", {
  hard: map(quantity()).proto(1).optional().doc("Hard is the set of enforced hard limits for each named resource. More info: https://kubernetes.io/docs/concepts/policy/resource-quotas/"),
  used: map(quantity()).proto(2).optional().doc("Used is the current observed total usage of the resource in the namespace."),
}).doc("ResourceQuotaStatus defines the enforced hard limits and observed use.");

export const ResourceQuota = object("io.k8s.api.core.v1.ResourceQuota", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: ResourceQuotaSpec.proto(2).doc("Spec defines the desired quota. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: ResourceQuotaStatus.proto(3).doc("Status defines the actual enforced quota and its current usage. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ResourceQuota", version: "v1" }] } }).doc("ResourceQuota sets aggregate quota restrictions enforced per namespace");

export const ResourceQuotaList = object("io.k8s.api.core.v1.ResourceQuotaList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(ResourceQuota).proto(2).required().optional().keepEmpty().doc("Items is a list of ResourceQuota objects. More info: https://kubernetes.io/docs/concepts/policy/resource-quotas/"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ResourceQuotaList", version: "v1" }] } }).doc("ResourceQuotaList is a list of ResourceQuota items.");

export const Secret = object("io.k8s.api.core.v1.Secret", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  immutable: bool().proto(5).optional().doc("Immutable, if set to true, ensures that data stored in the Secret cannot be updated (only object metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil."),
  data: map(bytes()).proto(2).optional().doc("Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4"),
  stringData: map(string()).proto(4).optional().doc("stringData allows specifying non-binary secret data in string form. It is provided as a write-only input field for convenience. All keys and values are merged into the data field on write, overwriting any existing values. The stringData field is never output when reading from the API."),
  type: string().proto(3).doc("Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Secret", version: "v1" }] } }).doc("Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less than MaxSecretSize bytes.");

export const SecretList = object("io.k8s.api.core.v1.SecretList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Secret).proto(2).required().optional().keepEmpty().doc("Items is a list of secret objects. More info: https://kubernetes.io/docs/concepts/configuration/secret"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "SecretList", version: "v1" }] } }).doc("SecretList is a list of Secret.");

export const ServicePort = object("io.k8s.api.core.v1.ServicePort", {
  name: string().proto(1).doc("The name of this port within the service. This must be a DNS_LABEL. All ports within a ServiceSpec must have unique names. When considering the endpoints for a Service, this must match the 'name' field in the EndpointPort. Optional if only one ServicePort is defined on this service."),
  protocol: string().proto(2).default("TCP").enum(["SCTP","TCP","UDP"]).with({ goType: 'v1.Protocol' }).doc("The IP protocol for this port. Supports \"TCP\", \"UDP\", and \"SCTP\". Default is TCP.\n\nPossible enum values:\n - `\"SCTP\"` is the SCTP protocol.\n - `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol."),
  appProtocol: string().proto(6).optional().doc("The application protocol for this port. This is used as a hint for implementations to offer richer behavior for protocols that they understand. This field follows standard Kubernetes label syntax. Valid values are either:\n\n* Un-prefixed protocol names - reserved for IANA standard service names (as per RFC-6335 and https://www.iana.org/assignments/service-names).\n\n* Kubernetes-defined prefixed names:\n  * 'kubernetes.io/h2c' - HTTP/2 prior knowledge over cleartext as described in https://www.rfc-editor.org/rfc/rfc9113.html#name-starting-http-2-with-prior-\n  * 'kubernetes.io/ws'  - WebSocket over cleartext as described in https://www.rfc-editor.org/rfc/rfc6455\n  * 'kubernetes.io/wss' - WebSocket over TLS as described in https://www.rfc-editor.org/rfc/rfc6455\n\n* Other protocols should use implementation-defined prefixed names such as mycompany.com/my-custom-protocol."),
  port: int32().proto(3).required().keepEmpty().doc("The port that will be exposed by this service."),
  targetPort: intOrString().proto(4).doc("Number or name of the port to access on the pods targeted by the service. Number must be in the range 1 to 65535. Name must be an IANA_SVC_NAME. If this is a string, it will be looked up as a named port in the target Pod's container ports. If this is not specified, the value of the 'port' field is used (an identity map). This field is ignored for services with clusterIP=None, and should be omitted or set equal to the 'port' field. More info: https://kubernetes.io/docs/concepts/services-networking/service/#defining-a-service"),
  nodePort: int32().proto(5).doc("The port on each node on which this service is exposed when type is NodePort or LoadBalancer.  Usually assigned by the system. If a value is specified, in-range, and not in use it will be used, otherwise the operation will fail.  If not specified, a port will be allocated if this Service requires one.  If this field is specified when creating a Service which does not need it, creation will fail. This field will be wiped when updating a Service to no longer need it (e.g. changing type from NodePort to ClusterIP). More info: https://kubernetes.io/docs/concepts/services-networking/service/#type-nodeport"),
}).doc("ServicePort contains information on service's port.");

export const SessionAffinityConfig = object("io.k8s.api.core.v1.SessionAffinityConfig", {
  clientIP: ClientIPConfig.proto(1).optional().doc("clientIP contains the configurations of Client IP based session affinity."),
}).doc("SessionAffinityConfig represents the configurations of session affinity.");

export const ServiceSpec = object("io.k8s.api.core.v1.ServiceSpec", {
  ports: list(ServicePort, { listType: 'map', listMapKeys: ["port","protocol"], patchStrategy: 'merge', patchMergeKey: 'port' }).proto(1).optional().doc("The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies"),
  selector: map(string(), { mapType: 'atomic' }).proto(2).optional().doc("Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/"),
  clusterIP: string().proto(3).doc("clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are \"None\", empty string (\"\"), or a valid IP address. Setting this to \"None\" makes a \"headless service\" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies"),
  clusterIPs: list(string(), { listType: 'atomic' }).proto(18).optional().doc("ClusterIPs is a list of IP addresses assigned to this service, and are usually assigned randomly.  If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be empty) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are \"None\", empty string (\"\"), or a valid IP address.  Setting this to \"None\" makes a \"headless service\" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName.  If this field is not specified, it will be initialized from the clusterIP field.  If this field is specified, clients must ensure that clusterIPs[0] and clusterIP have the same value.\n\nThis field may hold a maximum of two entries (dual-stack IPs, in either order). These IPs must correspond to the values of the ipFamilies field. Both clusterIPs and ipFamilies are governed by the ipFamilyPolicy field. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies"),
  type: string().proto(4).enum(["ClusterIP","ExternalName","LoadBalancer","NodePort"]).with({ goType: 'v1.ServiceType' }).doc("type determines how the Service is exposed. Defaults to ClusterIP. Valid options are ExternalName, ClusterIP, NodePort, and LoadBalancer. \"ClusterIP\" allocates a cluster-internal IP address for load-balancing to endpoints. Endpoints are determined by the selector or if that is not specified, by manual construction of an Endpoints object or EndpointSlice objects. If clusterIP is \"None\", no virtual IP is allocated and the endpoints are published as a set of endpoints rather than a virtual IP. \"NodePort\" builds on ClusterIP and allocates a port on every node which routes to the same endpoints as the clusterIP. \"LoadBalancer\" builds on NodePort and creates an external load-balancer (if supported in the current cloud) which routes to the same endpoints as the clusterIP. \"ExternalName\" aliases this service to the specified externalName. Several other fields do not apply to ExternalName services. More info: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types\n\nPossible enum values:\n - `\"ClusterIP\"` means a service will only be accessible inside the cluster, via the cluster IP.\n - `\"ExternalName\"` means a service consists of only a reference to an external name that kubedns or equivalent will return as a CNAME record, with no exposing or proxying of any pods involved.\n - `\"LoadBalancer\"` means a service will be exposed via an external load balancer (if the cloud provider supports it), in addition to 'NodePort' type.\n - `\"NodePort\"` means a service will be exposed on one port of every node, in addition to 'ClusterIP' type."),
  externalIPs: list(string(), { listType: 'atomic' }).proto(5).optional().doc("externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system."),
  sessionAffinity: string().proto(7).enum(["ClientIP","None"]).doc("Supports \"ClientIP\" and \"None\". Used to maintain session affinity. Enable client IP based session affinity. Must be ClientIP or None. Defaults to None. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies\n\nPossible enum values:\n - `\"ClientIP\"` is the Client IP based.\n - `\"None\"` - no session affinity."),
  loadBalancerIP: string().proto(8).doc("Only applies to Service Type: LoadBalancer. This feature depends on whether the underlying cloud-provider supports specifying the loadBalancerIP when a load balancer is created. This field will be ignored if the cloud-provider does not support the feature. Deprecated: This field was under-specified and its meaning varies across implementations. Using it is non-portable and it may not support dual-stack. Users are encouraged to use implementation-specific annotations when available."),
  loadBalancerSourceRanges: list(string(), { listType: 'atomic' }).proto(9).optional().doc("If specified and supported by the platform, this will restrict traffic through the cloud-provider load-balancer will be restricted to the specified client IPs. This field will be ignored if the cloud-provider does not support the feature.\" More info: https://kubernetes.io/docs/tasks/access-application-cluster/create-external-load-balancer/"),
  externalName: string().proto(10).doc("externalName is the external reference that discovery mechanisms will return as an alias for this service (e.g. a DNS CNAME record). No proxying will be involved.  Must be a lowercase RFC-1123 hostname (https://tools.ietf.org/html/rfc1123) and requires `type` to be \"ExternalName\"."),
  externalTrafficPolicy: string().proto(11).enum(["Cluster","Local"]).doc("externalTrafficPolicy describes how nodes distribute service traffic they receive on one of the Service's \"externally-facing\" addresses (NodePorts, ExternalIPs, and LoadBalancer IPs). If set to \"Local\", the proxy will configure the service in a way that assumes that external load balancers will take care of balancing the service traffic between nodes, and so each node will deliver traffic only to the node-local endpoints of the service, without masquerading the client source IP. (Traffic mistakenly sent to a node with no endpoints will be dropped.) The default value, \"Cluster\", uses the standard behavior of routing to all endpoints evenly (possibly modified by topology and other features). Note that traffic sent to an External IP or LoadBalancer IP from within the cluster will always get \"Cluster\" semantics, but clients sending to a NodePort from within the cluster may need to take traffic policy into account when picking a node.\n\nPossible enum values:\n - `\"Cluster\"` routes traffic to all endpoints.\n - `\"Local\"` preserves the source IP of the traffic by routing only to endpoints on the same node as the traffic was received on (dropping the traffic if there are no local endpoints)."),
  healthCheckNodePort: int32().proto(12).doc("healthCheckNodePort specifies the healthcheck nodePort for the service. This only applies when type is set to LoadBalancer and externalTrafficPolicy is set to Local. If a value is specified, is in-range, and is not in use, it will be used.  If not specified, a value will be automatically allocated.  External systems (e.g. load-balancers) can use this port to determine if a given node holds endpoints for this service or not.  If this field is specified when creating a Service which does not need it, creation will fail. This field will be wiped when updating a Service to no longer need it (e.g. changing type). This field cannot be updated once set."),
  publishNotReadyAddresses: bool().proto(13).doc("publishNotReadyAddresses indicates that any agent which deals with endpoints for this Service should disregard any indications of ready/not-ready. The primary use case for setting this field is for a StatefulSet's Headless Service to propagate SRV DNS records for its Pods for the purpose of peer discovery. The Kubernetes controllers that generate Endpoints and EndpointSlice resources for Services interpret this to mean that all endpoints are considered \"ready\" even if the Pods themselves are not. Agents which consume only Kubernetes generated endpoints through the Endpoints or EndpointSlice resources can safely assume this behavior."),
  sessionAffinityConfig: SessionAffinityConfig.proto(14).optional().doc("sessionAffinityConfig contains the configurations of session affinity."),
  ipFamilies: list(string(), { listType: 'atomic' }).proto(19).optional().doc("IPFamilies is a list of IP families (e.g. IPv4, IPv6) assigned to this service. This field is usually assigned automatically based on cluster configuration and the ipFamilyPolicy field. If this field is specified manually, the requested family is available in the cluster, and ipFamilyPolicy allows it, it will be used; otherwise creation of the service will fail. This field is conditionally mutable: it allows for adding or removing a secondary IP family, but it does not allow changing the primary IP family of the Service. Valid values are \"IPv4\" and \"IPv6\".  This field only applies to Services of types ClusterIP, NodePort, and LoadBalancer, and does apply to \"headless\" services. This field will be wiped when updating a Service to type ExternalName.\n\nThis field may hold a maximum of two entries (dual-stack families, in either order).  These families must correspond to the values of the clusterIPs field, if specified. Both clusterIPs and ipFamilies are governed by the ipFamilyPolicy field."),
  ipFamilyPolicy: string().proto(17).optional().enum(["PreferDualStack","RequireDualStack","SingleStack"]).doc("IPFamilyPolicy represents the dual-stack-ness requested or required by this Service. If there is no value provided, then this field will be set to SingleStack. Services can be \"SingleStack\" (a single IP family), \"PreferDualStack\" (two IP families on dual-stack configured clusters or a single IP family on single-stack clusters), or \"RequireDualStack\" (two IP families on dual-stack configured clusters, otherwise fail). The ipFamilies and clusterIPs fields depend on the value of this field. This field will be wiped when updating a service to type ExternalName.\n\nPossible enum values:\n - `\"PreferDualStack\"` indicates that this service prefers dual-stack when the cluster is configured for dual-stack. If the cluster is not configured for dual-stack the service will be assigned a single IPFamily. If the IPFamily is not set in service.spec.ipFamilies then the service will be assigned the default IPFamily configured on the cluster\n - `\"RequireDualStack\"` indicates that this service requires dual-stack. Using IPFamilyPolicyRequireDualStack on a single stack cluster will result in validation errors. The IPFamilies (and their order) assigned to this service is based on service.spec.ipFamilies. If service.spec.ipFamilies was not provided then it will be assigned according to how they are configured on the cluster. If service.spec.ipFamilies has only one entry then the alternative IPFamily will be added by apiserver\n - `\"SingleStack\"` indicates that this service is required to have a single IPFamily. The IPFamily assigned is based on the default IPFamily used by the cluster or as identified by service.spec.ipFamilies field"),
  allocateLoadBalancerNodePorts: bool().proto(20).optional().doc("allocateLoadBalancerNodePorts defines if NodePorts will be automatically allocated for services with type LoadBalancer.  Default is \"true\". It may be set to \"false\" if the cluster load-balancer does not rely on NodePorts.  If the caller requests specific NodePorts (by specifying a value), those requests will be respected, regardless of this field. This field may only be set for services with type LoadBalancer and will be cleared if the type is changed to any other type."),
  loadBalancerClass: string().proto(21).optional().doc("loadBalancerClass is the class of the load balancer implementation this Service belongs to. If specified, the value of this field must be a label-style identifier, with an optional prefix, e.g. \"internal-vip\" or \"example.com/internal-vip\". Unprefixed names are reserved for end-users. This field can only be set when the Service type is 'LoadBalancer'. If not set, the default load balancer implementation is used, today this is typically done through the cloud provider integration, but should apply for any default implementation. If set, it is assumed that a load balancer implementation is watching for Services with a matching class. Any default load balancer implementation (e.g. cloud providers) should ignore Services that set this field. This field can only be set when creating or updating a Service to type 'LoadBalancer'. Once set, it can not be changed. This field will be wiped when a service is updated to a non 'LoadBalancer' type."),
  internalTrafficPolicy: string().proto(22).optional().enum(["Cluster","Local"]).doc("InternalTrafficPolicy describes how nodes distribute service traffic they receive on the ClusterIP. If set to \"Local\", the proxy will assume that pods only want to talk to endpoints of the service on the same node as the pod, dropping the traffic if there are no local endpoints. The default value, \"Cluster\", uses the standard behavior of routing to all endpoints evenly (possibly modified by topology and other features).\n\nPossible enum values:\n - `\"Cluster\"` routes traffic to all endpoints.\n - `\"Local\"` routes traffic only to endpoints on the same node as the client pod (dropping the traffic if there are no local endpoints)."),
  trafficDistribution: string().proto(23).optional().doc("TrafficDistribution offers a way to express preferences for how traffic is distributed to Service endpoints. Implementations can use this field as a hint, but are not required to guarantee strict adherence. If the field is not set, the implementation will apply its default routing strategy. If set to \"PreferClose\", implementations should prioritize endpoints that are topologically close (e.g., same zone). This is a beta field and requires enabling ServiceTrafficDistribution feature."),
}).doc("ServiceSpec describes the attributes that a user creates on a service.");

export const ServiceStatus = object("io.k8s.api.core.v1.ServiceStatus", {
  loadBalancer: LoadBalancerStatus.proto(1).doc("LoadBalancer contains the current status of the load-balancer, if one is present."),
  conditions: list(Condition, { listType: 'map', listMapKeys: ["type"], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(2).optional().doc("Current service state"),
}).doc("ServiceStatus represents the current status of a service.");

export const Service = object("io.k8s.api.core.v1.Service", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  spec: ServiceSpec.proto(2).doc("Spec defines the behavior of a service. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  status: ServiceStatus.proto(3).doc("Most recently observed status of the service. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Service", version: "v1" }] } }).doc("Service is a named abstraction of software service (for example, mysql) consisting of local port (for example 3306) that the proxy listens on, and the selector that determines which pods will answer requests sent through the proxy.");

export const ServiceAccount = object("io.k8s.api.core.v1.ServiceAccount", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  secrets: list(ObjectReference, { listType: 'map', listMapKeys: ["name"], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(2).optional().doc("Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use. Pods are only limited to this list if this service account has a \"kubernetes.io/enforce-mountable-secrets\" annotation set to \"true\". The \"kubernetes.io/enforce-mountable-secrets\" annotation is deprecated since v1.32. Prefer separate namespaces to isolate access to mounted secrets. This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret"),
  imagePullSecrets: list(LocalObjectReference, { listType: 'atomic' }).proto(3).optional().doc("ImagePullSecrets is a list of references to secrets in the same namespace to use for pulling any images in pods that reference this ServiceAccount. ImagePullSecrets are distinct from Secrets because Secrets can be mounted in the pod, but ImagePullSecrets are only accessed by the kubelet. More info: https://kubernetes.io/docs/concepts/containers/images/#specifying-imagepullsecrets-on-a-pod"),
  automountServiceAccountToken: bool().proto(4).optional().doc("AutomountServiceAccountToken indicates whether pods running as this service account should have an API token automatically mounted. Can be overridden at the pod level."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ServiceAccount", version: "v1" }] } }).doc("ServiceAccount binds together: * a name, understood by users, and perhaps by peripheral systems, for an identity * a principal that can be authenticated and authorized * a set of secrets");

export const ServiceAccountList = object("io.k8s.api.core.v1.ServiceAccountList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(ServiceAccount).proto(2).required().optional().keepEmpty().doc("List of ServiceAccounts. More info: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ServiceAccountList", version: "v1" }] } }).doc("ServiceAccountList is a list of ServiceAccount objects");

export const ServiceList = object("io.k8s.api.core.v1.ServiceList", {
  kind: kindField,
  apiVersion: apiVersionField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  items: list(Service).proto(2).required().optional().keepEmpty().doc("List of services"),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "ServiceList", version: "v1" }] } }).doc("ServiceList holds a list of services.");

export const TopologySelectorLabelRequirement = object("io.k8s.api.core.v1.TopologySelectorLabelRequirement", {
  key: string().proto(1).required().keepEmpty().doc("The label key that the selector applies to."),
  values: list(string(), { listType: 'atomic' }).proto(2).required().optional().keepEmpty().doc("An array of string values. One value must match the label to be selected. Each entry in Values is ORed."),
}).doc("A topology selector requirement is a selector that matches given label. This is an alpha feature and may change in the future.");

export const TopologySelectorTerm = object("io.k8s.api.core.v1.TopologySelectorTerm", {
  matchLabelExpressions: list(TopologySelectorLabelRequirement, { listType: 'atomic' }).proto(1).optional().doc("A list of topology selector requirements by labels."),
}, { mapType: 'atomic' }).doc("A topology selector term represents the result of label queries. A null or empty topology selector term matches no objects. The requirements of them are ANDed. It provides a subset of functionality as NodeSelectorTerm. This is an alpha feature and may change in the future.");

/** The top-level core/v1 kinds, by kind. */
export const coreSchemas: Record<string, ObjectType> = {
  Binding,
  ComponentStatus,
  ConfigMap,
  Endpoints,
  Event,
  LimitRange,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodTemplate,
  ReplicationController,
  ResourceQuota,
  Secret,
  Service,
  ServiceAccount,
};

/** The list kinds of core/v1, by kind. */
export const coreListSchemas: Record<string, ObjectType> = {
  ComponentStatusList,
  ConfigMapList,
  EndpointsList,
  EventList,
  LimitRangeList,
  NamespaceList,
  NodeList,
  PersistentVolumeClaimList,
  PersistentVolumeList,
  PodList,
  PodTemplateList,
  ReplicationControllerList,
  ResourceQuotaList,
  SecretList,
  ServiceAccountList,
  ServiceList,
};

/** Every core/v1 definition upstream's OpenAPI publishes, by definition name. */
export const coreDefinitions: Record<string, ObjectType> = {
  "io.k8s.api.core.v1.AWSElasticBlockStoreVolumeSource": AWSElasticBlockStoreVolumeSource,
  "io.k8s.api.core.v1.Affinity": Affinity,
  "io.k8s.api.core.v1.AppArmorProfile": AppArmorProfile,
  "io.k8s.api.core.v1.AttachedVolume": AttachedVolume,
  "io.k8s.api.core.v1.AzureDiskVolumeSource": AzureDiskVolumeSource,
  "io.k8s.api.core.v1.AzureFilePersistentVolumeSource": AzureFilePersistentVolumeSource,
  "io.k8s.api.core.v1.AzureFileVolumeSource": AzureFileVolumeSource,
  "io.k8s.api.core.v1.Binding": Binding,
  "io.k8s.api.core.v1.CSIPersistentVolumeSource": CSIPersistentVolumeSource,
  "io.k8s.api.core.v1.CSIVolumeSource": CSIVolumeSource,
  "io.k8s.api.core.v1.Capabilities": Capabilities,
  "io.k8s.api.core.v1.CephFSPersistentVolumeSource": CephFSPersistentVolumeSource,
  "io.k8s.api.core.v1.CephFSVolumeSource": CephFSVolumeSource,
  "io.k8s.api.core.v1.CinderPersistentVolumeSource": CinderPersistentVolumeSource,
  "io.k8s.api.core.v1.CinderVolumeSource": CinderVolumeSource,
  "io.k8s.api.core.v1.ClientIPConfig": ClientIPConfig,
  "io.k8s.api.core.v1.ClusterTrustBundleProjection": ClusterTrustBundleProjection,
  "io.k8s.api.core.v1.ComponentCondition": ComponentCondition,
  "io.k8s.api.core.v1.ComponentStatus": ComponentStatus,
  "io.k8s.api.core.v1.ComponentStatusList": ComponentStatusList,
  "io.k8s.api.core.v1.ConfigMap": ConfigMap,
  "io.k8s.api.core.v1.ConfigMapEnvSource": ConfigMapEnvSource,
  "io.k8s.api.core.v1.ConfigMapKeySelector": ConfigMapKeySelector,
  "io.k8s.api.core.v1.ConfigMapList": ConfigMapList,
  "io.k8s.api.core.v1.ConfigMapNodeConfigSource": ConfigMapNodeConfigSource,
  "io.k8s.api.core.v1.ConfigMapProjection": ConfigMapProjection,
  "io.k8s.api.core.v1.ConfigMapVolumeSource": ConfigMapVolumeSource,
  "io.k8s.api.core.v1.Container": Container,
  "io.k8s.api.core.v1.ContainerExtendedResourceRequest": ContainerExtendedResourceRequest,
  "io.k8s.api.core.v1.ContainerImage": ContainerImage,
  "io.k8s.api.core.v1.ContainerPort": ContainerPort,
  "io.k8s.api.core.v1.ContainerResizePolicy": ContainerResizePolicy,
  "io.k8s.api.core.v1.ContainerRestartRule": ContainerRestartRule,
  "io.k8s.api.core.v1.ContainerRestartRuleOnExitCodes": ContainerRestartRuleOnExitCodes,
  "io.k8s.api.core.v1.ContainerState": ContainerState,
  "io.k8s.api.core.v1.ContainerStateRunning": ContainerStateRunning,
  "io.k8s.api.core.v1.ContainerStateTerminated": ContainerStateTerminated,
  "io.k8s.api.core.v1.ContainerStateWaiting": ContainerStateWaiting,
  "io.k8s.api.core.v1.ContainerStatus": ContainerStatus,
  "io.k8s.api.core.v1.ContainerUser": ContainerUser,
  "io.k8s.api.core.v1.DaemonEndpoint": DaemonEndpoint,
  "io.k8s.api.core.v1.DownwardAPIProjection": DownwardAPIProjection,
  "io.k8s.api.core.v1.DownwardAPIVolumeFile": DownwardAPIVolumeFile,
  "io.k8s.api.core.v1.DownwardAPIVolumeSource": DownwardAPIVolumeSource,
  "io.k8s.api.core.v1.EmptyDirVolumeSource": EmptyDirVolumeSource,
  "io.k8s.api.core.v1.EndpointAddress": EndpointAddress,
  "io.k8s.api.core.v1.EndpointPort": EndpointPort,
  "io.k8s.api.core.v1.EndpointSubset": EndpointSubset,
  "io.k8s.api.core.v1.Endpoints": Endpoints,
  "io.k8s.api.core.v1.EndpointsList": EndpointsList,
  "io.k8s.api.core.v1.EnvFromSource": EnvFromSource,
  "io.k8s.api.core.v1.EnvVar": EnvVar,
  "io.k8s.api.core.v1.EnvVarSource": EnvVarSource,
  "io.k8s.api.core.v1.EphemeralContainer": EphemeralContainer,
  "io.k8s.api.core.v1.EphemeralVolumeSource": EphemeralVolumeSource,
  "io.k8s.api.core.v1.Event": Event,
  "io.k8s.api.core.v1.EventList": EventList,
  "io.k8s.api.core.v1.EventSeries": EventSeries,
  "io.k8s.api.core.v1.EventSource": EventSource,
  "io.k8s.api.core.v1.ExecAction": ExecAction,
  "io.k8s.api.core.v1.FCVolumeSource": FCVolumeSource,
  "io.k8s.api.core.v1.FileKeySelector": FileKeySelector,
  "io.k8s.api.core.v1.FlexPersistentVolumeSource": FlexPersistentVolumeSource,
  "io.k8s.api.core.v1.FlexVolumeSource": FlexVolumeSource,
  "io.k8s.api.core.v1.FlockerVolumeSource": FlockerVolumeSource,
  "io.k8s.api.core.v1.GCEPersistentDiskVolumeSource": GCEPersistentDiskVolumeSource,
  "io.k8s.api.core.v1.GRPCAction": GRPCAction,
  "io.k8s.api.core.v1.GitRepoVolumeSource": GitRepoVolumeSource,
  "io.k8s.api.core.v1.GlusterfsPersistentVolumeSource": GlusterfsPersistentVolumeSource,
  "io.k8s.api.core.v1.GlusterfsVolumeSource": GlusterfsVolumeSource,
  "io.k8s.api.core.v1.HTTPGetAction": HTTPGetAction,
  "io.k8s.api.core.v1.HTTPHeader": HTTPHeader,
  "io.k8s.api.core.v1.HostAlias": HostAlias,
  "io.k8s.api.core.v1.HostIP": HostIP,
  "io.k8s.api.core.v1.HostPathVolumeSource": HostPathVolumeSource,
  "io.k8s.api.core.v1.ISCSIPersistentVolumeSource": ISCSIPersistentVolumeSource,
  "io.k8s.api.core.v1.ISCSIVolumeSource": ISCSIVolumeSource,
  "io.k8s.api.core.v1.ImageVolumeSource": ImageVolumeSource,
  "io.k8s.api.core.v1.KeyToPath": KeyToPath,
  "io.k8s.api.core.v1.Lifecycle": Lifecycle,
  "io.k8s.api.core.v1.LifecycleHandler": LifecycleHandler,
  "io.k8s.api.core.v1.LimitRange": LimitRange,
  "io.k8s.api.core.v1.LimitRangeItem": LimitRangeItem,
  "io.k8s.api.core.v1.LimitRangeList": LimitRangeList,
  "io.k8s.api.core.v1.LimitRangeSpec": LimitRangeSpec,
  "io.k8s.api.core.v1.LinuxContainerUser": LinuxContainerUser,
  "io.k8s.api.core.v1.LoadBalancerIngress": LoadBalancerIngress,
  "io.k8s.api.core.v1.LoadBalancerStatus": LoadBalancerStatus,
  "io.k8s.api.core.v1.LocalObjectReference": LocalObjectReference,
  "io.k8s.api.core.v1.LocalVolumeSource": LocalVolumeSource,
  "io.k8s.api.core.v1.ModifyVolumeStatus": ModifyVolumeStatus,
  "io.k8s.api.core.v1.NFSVolumeSource": NFSVolumeSource,
  "io.k8s.api.core.v1.Namespace": Namespace,
  "io.k8s.api.core.v1.NamespaceCondition": NamespaceCondition,
  "io.k8s.api.core.v1.NamespaceList": NamespaceList,
  "io.k8s.api.core.v1.NamespaceSpec": NamespaceSpec,
  "io.k8s.api.core.v1.NamespaceStatus": NamespaceStatus,
  "io.k8s.api.core.v1.Node": Node,
  "io.k8s.api.core.v1.NodeAddress": NodeAddress,
  "io.k8s.api.core.v1.NodeAffinity": NodeAffinity,
  "io.k8s.api.core.v1.NodeCondition": NodeCondition,
  "io.k8s.api.core.v1.NodeConfigSource": NodeConfigSource,
  "io.k8s.api.core.v1.NodeConfigStatus": NodeConfigStatus,
  "io.k8s.api.core.v1.NodeDaemonEndpoints": NodeDaemonEndpoints,
  "io.k8s.api.core.v1.NodeFeatures": NodeFeatures,
  "io.k8s.api.core.v1.NodeList": NodeList,
  "io.k8s.api.core.v1.NodeRuntimeHandler": NodeRuntimeHandler,
  "io.k8s.api.core.v1.NodeRuntimeHandlerFeatures": NodeRuntimeHandlerFeatures,
  "io.k8s.api.core.v1.NodeSelector": NodeSelector,
  "io.k8s.api.core.v1.NodeSelectorRequirement": NodeSelectorRequirement,
  "io.k8s.api.core.v1.NodeSelectorTerm": NodeSelectorTerm,
  "io.k8s.api.core.v1.NodeSpec": NodeSpec,
  "io.k8s.api.core.v1.NodeStatus": NodeStatus,
  "io.k8s.api.core.v1.NodeSwapStatus": NodeSwapStatus,
  "io.k8s.api.core.v1.NodeSystemInfo": NodeSystemInfo,
  "io.k8s.api.core.v1.ObjectFieldSelector": ObjectFieldSelector,
  "io.k8s.api.core.v1.ObjectReference": ObjectReference,
  "io.k8s.api.core.v1.PersistentVolume": PersistentVolume,
  "io.k8s.api.core.v1.PersistentVolumeClaim": PersistentVolumeClaim,
  "io.k8s.api.core.v1.PersistentVolumeClaimCondition": PersistentVolumeClaimCondition,
  "io.k8s.api.core.v1.PersistentVolumeClaimList": PersistentVolumeClaimList,
  "io.k8s.api.core.v1.PersistentVolumeClaimSpec": PersistentVolumeClaimSpec,
  "io.k8s.api.core.v1.PersistentVolumeClaimStatus": PersistentVolumeClaimStatus,
  "io.k8s.api.core.v1.PersistentVolumeClaimTemplate": PersistentVolumeClaimTemplate,
  "io.k8s.api.core.v1.PersistentVolumeClaimVolumeSource": PersistentVolumeClaimVolumeSource,
  "io.k8s.api.core.v1.PersistentVolumeList": PersistentVolumeList,
  "io.k8s.api.core.v1.PersistentVolumeSpec": PersistentVolumeSpec,
  "io.k8s.api.core.v1.PersistentVolumeStatus": PersistentVolumeStatus,
  "io.k8s.api.core.v1.PhotonPersistentDiskVolumeSource": PhotonPersistentDiskVolumeSource,
  "io.k8s.api.core.v1.Pod": Pod,
  "io.k8s.api.core.v1.PodAffinity": PodAffinity,
  "io.k8s.api.core.v1.PodAffinityTerm": PodAffinityTerm,
  "io.k8s.api.core.v1.PodAntiAffinity": PodAntiAffinity,
  "io.k8s.api.core.v1.PodCertificateProjection": PodCertificateProjection,
  "io.k8s.api.core.v1.PodCondition": PodCondition,
  "io.k8s.api.core.v1.PodDNSConfig": PodDNSConfig,
  "io.k8s.api.core.v1.PodDNSConfigOption": PodDNSConfigOption,
  "io.k8s.api.core.v1.PodExtendedResourceClaimStatus": PodExtendedResourceClaimStatus,
  "io.k8s.api.core.v1.PodIP": PodIP,
  "io.k8s.api.core.v1.PodList": PodList,
  "io.k8s.api.core.v1.PodOS": PodOS,
  "io.k8s.api.core.v1.PodReadinessGate": PodReadinessGate,
  "io.k8s.api.core.v1.PodResourceClaim": PodResourceClaim,
  "io.k8s.api.core.v1.PodResourceClaimStatus": PodResourceClaimStatus,
  "io.k8s.api.core.v1.PodSchedulingGate": PodSchedulingGate,
  "io.k8s.api.core.v1.PodSecurityContext": PodSecurityContext,
  "io.k8s.api.core.v1.PodSpec": PodSpec,
  "io.k8s.api.core.v1.PodStatus": PodStatus,
  "io.k8s.api.core.v1.PodTemplate": PodTemplate,
  "io.k8s.api.core.v1.PodTemplateList": PodTemplateList,
  "io.k8s.api.core.v1.PodTemplateSpec": PodTemplateSpec,
  "io.k8s.api.core.v1.PortStatus": PortStatus,
  "io.k8s.api.core.v1.PortworxVolumeSource": PortworxVolumeSource,
  "io.k8s.api.core.v1.PreferredSchedulingTerm": PreferredSchedulingTerm,
  "io.k8s.api.core.v1.Probe": Probe,
  "io.k8s.api.core.v1.ProjectedVolumeSource": ProjectedVolumeSource,
  "io.k8s.api.core.v1.QuobyteVolumeSource": QuobyteVolumeSource,
  "io.k8s.api.core.v1.RBDPersistentVolumeSource": RBDPersistentVolumeSource,
  "io.k8s.api.core.v1.RBDVolumeSource": RBDVolumeSource,
  "io.k8s.api.core.v1.ReplicationController": ReplicationController,
  "io.k8s.api.core.v1.ReplicationControllerCondition": ReplicationControllerCondition,
  "io.k8s.api.core.v1.ReplicationControllerList": ReplicationControllerList,
  "io.k8s.api.core.v1.ReplicationControllerSpec": ReplicationControllerSpec,
  "io.k8s.api.core.v1.ReplicationControllerStatus": ReplicationControllerStatus,
  "io.k8s.api.core.v1.ResourceClaim": ResourceClaim,
  "io.k8s.api.core.v1.ResourceFieldSelector": ResourceFieldSelector,
  "io.k8s.api.core.v1.ResourceHealth": ResourceHealth,
  "io.k8s.api.core.v1.ResourceQuota": ResourceQuota,
  "io.k8s.api.core.v1.ResourceQuotaList": ResourceQuotaList,
  "io.k8s.api.core.v1.ResourceQuotaSpec": ResourceQuotaSpec,
  "io.k8s.api.core.v1.ResourceQuotaStatus": ResourceQuotaStatus,
  "io.k8s.api.core.v1.ResourceRequirements": ResourceRequirements,
  "io.k8s.api.core.v1.ResourceStatus": ResourceStatus,
  "io.k8s.api.core.v1.SELinuxOptions": SELinuxOptions,
  "io.k8s.api.core.v1.ScaleIOPersistentVolumeSource": ScaleIOPersistentVolumeSource,
  "io.k8s.api.core.v1.ScaleIOVolumeSource": ScaleIOVolumeSource,
  "io.k8s.api.core.v1.ScopeSelector": ScopeSelector,
  "io.k8s.api.core.v1.ScopedResourceSelectorRequirement": ScopedResourceSelectorRequirement,
  "io.k8s.api.core.v1.SeccompProfile": SeccompProfile,
  "io.k8s.api.core.v1.Secret": Secret,
  "io.k8s.api.core.v1.SecretEnvSource": SecretEnvSource,
  "io.k8s.api.core.v1.SecretKeySelector": SecretKeySelector,
  "io.k8s.api.core.v1.SecretList": SecretList,
  "io.k8s.api.core.v1.SecretProjection": SecretProjection,
  "io.k8s.api.core.v1.SecretReference": SecretReference,
  "io.k8s.api.core.v1.SecretVolumeSource": SecretVolumeSource,
  "io.k8s.api.core.v1.SecurityContext": SecurityContext,
  "io.k8s.api.core.v1.Service": Service,
  "io.k8s.api.core.v1.ServiceAccount": ServiceAccount,
  "io.k8s.api.core.v1.ServiceAccountList": ServiceAccountList,
  "io.k8s.api.core.v1.ServiceAccountTokenProjection": ServiceAccountTokenProjection,
  "io.k8s.api.core.v1.ServiceList": ServiceList,
  "io.k8s.api.core.v1.ServicePort": ServicePort,
  "io.k8s.api.core.v1.ServiceSpec": ServiceSpec,
  "io.k8s.api.core.v1.ServiceStatus": ServiceStatus,
  "io.k8s.api.core.v1.SessionAffinityConfig": SessionAffinityConfig,
  "io.k8s.api.core.v1.SleepAction": SleepAction,
  "io.k8s.api.core.v1.StorageOSPersistentVolumeSource": StorageOSPersistentVolumeSource,
  "io.k8s.api.core.v1.StorageOSVolumeSource": StorageOSVolumeSource,
  "io.k8s.api.core.v1.Sysctl": Sysctl,
  "io.k8s.api.core.v1.TCPSocketAction": TCPSocketAction,
  "io.k8s.api.core.v1.Taint": Taint,
  "io.k8s.api.core.v1.Toleration": Toleration,
  "io.k8s.api.core.v1.TopologySelectorLabelRequirement": TopologySelectorLabelRequirement,
  "io.k8s.api.core.v1.TopologySelectorTerm": TopologySelectorTerm,
  "io.k8s.api.core.v1.TopologySpreadConstraint": TopologySpreadConstraint,
  "io.k8s.api.core.v1.TypedLocalObjectReference": TypedLocalObjectReference,
  "io.k8s.api.core.v1.TypedObjectReference": TypedObjectReference,
  "io.k8s.api.core.v1.Volume": Volume,
  "io.k8s.api.core.v1.VolumeDevice": VolumeDevice,
  "io.k8s.api.core.v1.VolumeMount": VolumeMount,
  "io.k8s.api.core.v1.VolumeMountStatus": VolumeMountStatus,
  "io.k8s.api.core.v1.VolumeNodeAffinity": VolumeNodeAffinity,
  "io.k8s.api.core.v1.VolumeProjection": VolumeProjection,
  "io.k8s.api.core.v1.VolumeResourceRequirements": VolumeResourceRequirements,
  "io.k8s.api.core.v1.VsphereVirtualDiskVolumeSource": VsphereVirtualDiskVolumeSource,
  "io.k8s.api.core.v1.WeightedPodAffinityTerm": WeightedPodAffinityTerm,
  "io.k8s.api.core.v1.WindowsSecurityContextOptions": WindowsSecurityContextOptions,
};
