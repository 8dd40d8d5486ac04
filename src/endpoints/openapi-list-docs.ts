// The descriptions kube-apiserver gives the list types of the built-in groups (their Go doc
// comments), which skiff does not declare but synthesizes from the item type
// (openapi-docs.ts listType). Read only when an OpenAPI document is first built. A list type
// missing here gets the generic text.

export interface ListDocs {
  description: string;
  items: string;
  /** Absent where the list's ListMeta has no doc comment. */
  metadata?: string;
}

export const LIST_DOCS: Readonly<Record<string, ListDocs>> = {
  "io.k8s.api.admissionregistration.v1.MutatingWebhookConfigurationList": {
    description: "MutatingWebhookConfigurationList is a list of MutatingWebhookConfiguration.",
    items: "List of MutatingWebhookConfiguration.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
  },
  "io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyBindingList": {
    description: "ValidatingAdmissionPolicyBindingList is a list of ValidatingAdmissionPolicyBinding.",
    items: "List of PolicyBinding.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
  },
  "io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyList": {
    description: "ValidatingAdmissionPolicyList is a list of ValidatingAdmissionPolicy.",
    items: "List of ValidatingAdmissionPolicy.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
  },
  "io.k8s.api.admissionregistration.v1.ValidatingWebhookConfigurationList": {
    description: "ValidatingWebhookConfigurationList is a list of ValidatingWebhookConfiguration.",
    items: "List of ValidatingWebhookConfiguration.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
  },
  "io.k8s.api.apps.v1.ControllerRevisionList": {
    description: "ControllerRevisionList is a resource containing a list of ControllerRevision objects.",
    items: "Items is the list of ControllerRevisions",
    metadata: "More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.apps.v1.DaemonSetList": {
    description: "DaemonSetList is a collection of daemon sets.",
    items: "A list of daemon sets.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.apps.v1.DeploymentList": {
    description: "DeploymentList is a list of Deployments.",
    items: "Items is the list of Deployments.",
    metadata: "Standard list metadata.",
  },
  "io.k8s.api.apps.v1.ReplicaSetList": {
    description: "ReplicaSetList is a collection of ReplicaSets.",
    items: "List of ReplicaSets. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
  },
  "io.k8s.api.apps.v1.StatefulSetList": {
    description: "StatefulSetList is a collection of StatefulSets.",
    items: "Items is the list of stateful sets.",
    metadata: "Standard list's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.autoscaling.v1.HorizontalPodAutoscalerList": {
    description: "list of horizontal pod autoscaler objects.",
    items: "items is the list of horizontal pod autoscaler objects.",
    metadata: "Standard list metadata.",
  },
  "io.k8s.api.autoscaling.v2.HorizontalPodAutoscalerList": {
    description: "HorizontalPodAutoscalerList is a list of horizontal pod autoscaler objects.",
    items: "items is the list of horizontal pod autoscaler objects.",
    metadata: "metadata is the standard list metadata.",
  },
  "io.k8s.api.batch.v1.CronJobList": {
    description: "CronJobList is a collection of cron jobs.",
    items: "items is the list of CronJobs.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.batch.v1.JobList": {
    description: "JobList is a collection of jobs.",
    items: "items is the list of Jobs.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.certificates.v1.CertificateSigningRequestList": {
    description: "CertificateSigningRequestList is a collection of CertificateSigningRequest objects",
    items: "items is a collection of CertificateSigningRequest objects",
  },
  "io.k8s.api.coordination.v1.LeaseList": {
    description: "LeaseList is a list of Lease objects.",
    items: "items is a list of schema objects.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.discovery.v1.EndpointSliceList": {
    description: "EndpointSliceList represents a list of endpoint slices",
    items: "items is the list of endpoint slices",
    metadata: "Standard list metadata.",
  },
  "io.k8s.api.events.v1.EventList": {
    description: "EventList is a list of Event objects.",
    items: "items is a list of schema objects.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.flowcontrol.v1.FlowSchemaList": {
    description: "FlowSchemaList is a list of FlowSchema objects.",
    items: "`items` is a list of FlowSchemas.",
    metadata: "`metadata` is the standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationList": {
    description: "PriorityLevelConfigurationList is a list of PriorityLevelConfiguration objects.",
    items: "`items` is a list of request-priorities.",
    metadata: "`metadata` is the standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.networking.v1.IngressClassList": {
    description: "IngressClassList is a collection of IngressClasses.",
    items: "items is the list of IngressClasses.",
    metadata: "Standard list metadata.",
  },
  "io.k8s.api.networking.v1.IngressList": {
    description: "IngressList is a collection of Ingress.",
    items: "items is the list of Ingress.",
    metadata: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.networking.v1.NetworkPolicyList": {
    description: "NetworkPolicyList is a list of NetworkPolicy objects.",
    items: "items is a list of schema objects.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.node.v1.RuntimeClassList": {
    description: "RuntimeClassList is a list of RuntimeClass objects.",
    items: "items is a list of schema objects.",
    metadata: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.policy.v1.PodDisruptionBudgetList": {
    description: "PodDisruptionBudgetList is a collection of PodDisruptionBudgets.",
    items: "Items is a list of PodDisruptionBudgets",
    metadata: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.rbac.v1.ClusterRoleBindingList": {
    description: "ClusterRoleBindingList is a collection of ClusterRoleBindings",
    items: "Items is a list of ClusterRoleBindings",
    metadata: "Standard object's metadata.",
  },
  "io.k8s.api.rbac.v1.ClusterRoleList": {
    description: "ClusterRoleList is a collection of ClusterRoles",
    items: "Items is a list of ClusterRoles",
    metadata: "Standard object's metadata.",
  },
  "io.k8s.api.rbac.v1.RoleBindingList": {
    description: "RoleBindingList is a collection of RoleBindings",
    items: "Items is a list of RoleBindings",
    metadata: "Standard object's metadata.",
  },
  "io.k8s.api.rbac.v1.RoleList": {
    description: "RoleList is a collection of Roles",
    items: "Items is a list of Roles",
    metadata: "Standard object's metadata.",
  },
  "io.k8s.api.scheduling.v1.PriorityClassList": {
    description: "PriorityClassList is a collection of priority classes.",
    items: "items is the list of PriorityClasses",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.storage.v1.CSIDriverList": {
    description: "CSIDriverList is a collection of CSIDriver objects.",
    items: "items is the list of CSIDriver",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.storage.v1.CSINodeList": {
    description: "CSINodeList is a collection of CSINode objects.",
    items: "items is the list of CSINode",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.storage.v1.CSIStorageCapacityList": {
    description: "CSIStorageCapacityList is a collection of CSIStorageCapacity objects.",
    items: "items is the list of CSIStorageCapacity objects.",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.storage.v1.StorageClassList": {
    description: "StorageClassList is a collection of storage classes.",
    items: "items is the list of StorageClasses",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.api.storage.v1.VolumeAttachmentList": {
    description: "VolumeAttachmentList is a collection of VolumeAttachment objects.",
    items: "items is the list of VolumeAttachments",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinitionList": {
    description: "CustomResourceDefinitionList is a list of CustomResourceDefinition objects.",
    items: "items list individual CustomResourceDefinition objects",
    metadata: "Standard object's metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
  "io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceList": {
    description: "APIServiceList is a list of APIService objects.",
    items: "Items is the list of APIService",
    metadata: "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  },
};
