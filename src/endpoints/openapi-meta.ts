// skiff's own declarations of the apimachinery types that OpenAPI paths refer to (Status,
// DeleteOptions, ListMeta, WatchEvent, the discovery documents, version.Info). They are
// used only when the catalog hands in no declaration of the same name.

import { bool, int32, int64, list, object, rawExtension, string, type ObjectType } from '../types/schema.js';

export const ServerAddressByClientCIDR = object('io.k8s.apimachinery.pkg.apis.meta.v1.ServerAddressByClientCIDR', {
  clientCIDR: string().required().keepEmpty().doc("The CIDR with which clients can match their IP to figure out the server address that they should use."),
  serverAddress: string().required().keepEmpty().doc("Address of this server, suitable for a client that matches the above CIDR. This can be a hostname, hostname:port, IP or IP:port."),
}, { description: "ServerAddressByClientCIDR helps the client to determine the server address that they should use, depending on the clientCIDR that they match." });

export const GroupVersionForDiscovery = object('io.k8s.apimachinery.pkg.apis.meta.v1.GroupVersionForDiscovery', {
  groupVersion: string().required().keepEmpty().doc("groupVersion specifies the API group and version in the form \"group/version\""),
  version: string().required().keepEmpty().doc("version specifies the version in the form of \"version\". This is to save the clients the trouble of splitting the GroupVersion."),
}, { description: "GroupVersion contains the \"group/version\" and \"version\" string of a version. It is made a struct to keep extensibility." });

export const APIVersions = object('io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions', {
  versions: list(string(), { listType: 'atomic' }).required().doc("versions are the api versions that are available."),
  serverAddressByClientCIDRs: list(ServerAddressByClientCIDR, { listType: 'atomic' }).required().doc("a map of client CIDR to server address that is serving this group. This is to help clients reach servers in the most network-efficient way possible. Clients can use the appropriate server address as per the CIDR that they match. In case of multiple matches, clients should use the longest matching CIDR. The server returns only those CIDRs that it thinks that the client can match. For example: the master will return an internal IP CIDR only, if the client reaches the server using an internal IP. Server looks at X-Forwarded-For header or X-Real-Ip header or request.RemoteAddr (in that order) to get the client IP."),
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
}, { description: "APIVersions lists the versions that are available, to allow clients to discover the API at /api, which is the root path of the legacy v1 API." });

export const APIGroup = object('io.k8s.apimachinery.pkg.apis.meta.v1.APIGroup', {
  name: string().required().keepEmpty().doc("name is the name of the group."),
  versions: list(GroupVersionForDiscovery, { listType: 'atomic' }).required().doc("versions are the versions supported in this group."),
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  preferredVersion: GroupVersionForDiscovery.doc("preferredVersion is the version preferred by the API server, which probably is the storage version."),
  serverAddressByClientCIDRs: list(ServerAddressByClientCIDR, { listType: 'atomic' }).doc("a map of client CIDR to server address that is serving this group. This is to help clients reach servers in the most network-efficient way possible. Clients can use the appropriate server address as per the CIDR that they match. In case of multiple matches, clients should use the longest matching CIDR. The server returns only those CIDRs that it thinks that the client can match. For example: the master will return an internal IP CIDR only, if the client reaches the server using an internal IP. Server looks at X-Forwarded-For header or X-Real-Ip header or request.RemoteAddr (in that order) to get the client IP."),
}, { description: "APIGroup contains the name, the supported versions, and the preferred version of a group." });

export const APIGroupList = object('io.k8s.apimachinery.pkg.apis.meta.v1.APIGroupList', {
  groups: list(APIGroup, { listType: 'atomic' }).required().doc("groups is a list of APIGroup."),
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
}, { description: "APIGroupList is a list of APIGroup, to allow clients to discover the API at /apis." });

export const APIResource = object('io.k8s.apimachinery.pkg.apis.meta.v1.APIResource', {
  name: string().required().keepEmpty().doc("name is the plural name of the resource."),
  singularName: string().required().keepEmpty().doc("singularName is the singular name of the resource.  This allows clients to handle plural and singular opaquely. The singularName is more correct for reporting status on a single item and both singular and plural are allowed from the kubectl CLI interface."),
  namespaced: bool().required().keepEmpty().doc("namespaced indicates if a resource is namespaced or not."),
  kind: string().required().keepEmpty().doc("kind is the kind for the resource (e.g. 'Foo' is the kind for a resource 'foo')"),
  verbs: list(string()).required().doc("verbs is a list of supported kube verbs (this includes get, list, watch, create, update, patch, delete, deletecollection, and proxy)"),
  categories: list(string(), { listType: 'atomic' }).doc("categories is a list of the grouped resources this resource belongs to (e.g. 'all')"),
  group: string().doc("group is the preferred group of the resource.  Empty implies the group of the containing resource list. For subresources, this may have a different value, for example: Scale\"."),
  shortNames: list(string(), { listType: 'atomic' }).doc("shortNames is a list of suggested short names of the resource."),
  storageVersionHash: string().doc("The hash value of the storage version, the version this resource is converted to when written to the data store. Value must be treated as opaque by clients. Only equality comparison on the value is valid. This is an alpha feature and may change or be removed in the future. The field is populated by the apiserver only if the StorageVersionHash feature gate is enabled. This field will remain optional even if it graduates."),
  version: string().doc("version is the preferred version of the resource.  Empty implies the version of the containing resource list For subresources, this may have a different value, for example: v1 (while inside a v1beta1 version of the core resource's group)\"."),
}, { description: "APIResource specifies the name of a resource and whether it is namespaced." });

export const APIResourceList = object('io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList', {
  groupVersion: string().required().keepEmpty().doc("groupVersion is the group and version this APIResourceList is for."),
  resources: list(APIResource, { listType: 'atomic' }).required().doc("resources contains the name of the resources and if they are namespaced."),
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
}, { description: "APIResourceList is a list of APIResource, it is used to expose the name of the resources supported in a specific group and version, and if the resource is namespaced." });

export const ListMeta = object('io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta', {
  continue: string().doc("continue may be set if the user set a limit on the number of items returned, and indicates that the server has more data available. The value is opaque and may be used to issue another request to the endpoint that served this list to retrieve the next set of available objects. Continuing a consistent list may not be possible if the server configuration has changed or more than a few minutes have passed. The resourceVersion field returned when using this continue value will be identical to the value in the first response, unless you have received this token from an error message."),
  remainingItemCount: int64().doc("remainingItemCount is the number of subsequent items in the list which are not included in this list response. If the list request contained label or field selectors, then the number of remaining items is unknown and the field will be left unset and omitted during serialization. If the list is complete (either because it is not chunking or because this is the last chunk), then there are no more remaining items and this field will be left unset and omitted during serialization. Servers older than v1.15 do not set this field. The intended use of the remainingItemCount is *estimating* the size of a collection. Clients should not rely on the remainingItemCount to be set or to be exact."),
  resourceVersion: string().doc("String that identifies the server's internal version of this object that can be used by clients to determine when objects have changed. Value must be treated as opaque by clients and passed unmodified back to the server. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency"),
  selfLink: string().doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."),
}, { description: "ListMeta describes metadata that synthetic resources must have, including lists and various status objects. A resource may have only one of {ObjectMeta, ListMeta}." });

export const StatusCause = object('io.k8s.apimachinery.pkg.apis.meta.v1.StatusCause', {
  field: string().doc("The field of the resource that has caused this error, as named by its JSON serialization. May include dot and postfix notation for nested attributes. Arrays are zero-indexed.  Fields may appear more than once in an array of causes due to fields having multiple errors. Optional.\n\nExamples:\n  \"name\" - the field \"name\" on the current resource\n  \"items[0].name\" - the field \"name\" on the first array entry in \"items\""),
  message: string().doc("A human-readable description of the cause of the error.  This field may be presented as-is to a reader."),
  reason: string().doc("A machine-readable description of the cause of the error. If this value is empty there is no information available."),
}, { description: "StatusCause provides more information about an api.Status failure, including cases when multiple errors are encountered." });

export const StatusDetails = object('io.k8s.apimachinery.pkg.apis.meta.v1.StatusDetails', {
  causes: list(StatusCause, { listType: 'atomic' }).doc("The Causes array includes more details associated with the StatusReason failure. Not all StatusReasons may provide detailed causes."),
  group: string().doc("The group attribute of the resource associated with the status StatusReason."),
  kind: string().doc("The kind attribute of the resource associated with the status StatusReason. On some operations may differ from the requested resource Kind. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  name: string().doc("The name attribute of the resource associated with the status StatusReason (when there is a single name which can be described)."),
  retryAfterSeconds: int32().doc("If specified, the time in seconds before the operation should be retried. Some errors may indicate the client must take an alternate action - for those errors this field may indicate how long to wait before taking the alternate action."),
  uid: string().doc("UID of the resource. (when there is a single resource which can be described). More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids"),
}, { description: "StatusDetails is a set of additional properties that MAY be set by the server to provide additional information about a response. The Reason field of a Status object defines what attributes will be set. Clients must ignore fields that do not match the defined type of each attribute, and should assume that any attribute may be empty, invalid, or under defined." });

export const Status = object('io.k8s.apimachinery.pkg.apis.meta.v1.Status', {
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  code: int32().doc("Suggested HTTP return code for this status, 0 if not set."),
  details: StatusDetails.optional().with({ extensions: {"x-kubernetes-list-type": "atomic"} }).doc("Extended data associated with the reason.  Each reason may define its own extended details. This field is optional and the data returned is not guaranteed to conform to any schema except that defined by the reason type."),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  message: string().doc("A human-readable description of the status of this operation."),
  metadata: ListMeta.doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  reason: string().doc("A machine-readable description of why this operation is in the \"Failure\" status. If this value is empty there is no information available. A Reason clarifies an HTTP status code but does not override it."),
  status: string().doc("Status of the operation. One of: \"Success\" or \"Failure\". More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
}, { description: "Status is a return value for calls that don't return other objects." });

export const Preconditions = object('io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions', {
  resourceVersion: string().doc("Specifies the target ResourceVersion"),
  uid: string().doc("Specifies the target UID."),
}, { description: "Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out." });

export const DeleteOptions = object('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions', {
  apiVersion: string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
  dryRun: list(string(), { listType: 'atomic' }).doc("When present, indicates that modifications should not be persisted. An invalid or unrecognized dryRun directive will result in an error response and no further processing of the request. Valid values are: - All: all dry run stages will be processed"),
  gracePeriodSeconds: int64().doc("The duration in seconds before the object should be deleted. Value must be non-negative integer. The value zero indicates delete immediately. If this value is nil, the default grace period for the specified type will be used. Defaults to a per object value if not specified. zero means delete immediately."),
  ignoreStoreReadErrorWithClusterBreakingPotential: bool().doc("if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error. A resource is considered corrupt if it can not be retrieved from the underlying storage successfully because of a) its data can not be transformed e.g. decryption failure, or b) it fails to decode into an object. NOTE: unsafe deletion ignores finalizer constraints, skips precondition checks, and removes the object from the storage. WARNING: This may potentially break the cluster if the workload associated with the resource being unsafe-deleted relies on normal deletion flow. Use only if you REALLY know what you are doing. The default value is false, and the user must opt in to enable it"),
  kind: string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  orphanDependents: bool().doc("Deprecated: please use the PropagationPolicy, this field will be deprecated in 1.7. Should the dependent objects be orphaned. If true/false, the \"orphan\" finalizer will be added to/removed from the object's finalizers list. Either this field or PropagationPolicy may be set, but not both."),
  preconditions: Preconditions.optional().doc("Must be fulfilled before a deletion is carried out. If not possible, a 409 Conflict status will be returned."),
  propagationPolicy: string().doc("Whether and how garbage collection will be performed. Either this field or OrphanDependents may be set, but not both. The default policy is decided by the existing finalizer set in the metadata.finalizers and the resource-specific default policy. Acceptable values are: 'Orphan' - orphan the dependents; 'Background' - allow the garbage collector to delete the dependents in the background; 'Foreground' - a cascading policy that deletes all dependents in the foreground."),
}, { description: "DeleteOptions may be provided when deleting an API object." });

export const WatchEvent = object('io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent', {
  type: string().required().keepEmpty(),
  object: rawExtension().required().doc("Object is:\n * If Type is Added or Modified: the new state of the object.\n * If Type is Deleted: the state of the object immediately before deletion.\n * If Type is Error: *Status is recommended; other types may make sense\n   depending on context."),
}, { description: "Event represents a single event to a watched resource." });

export const VersionInfo = object('io.k8s.apimachinery.pkg.version.Info', {
  major: string().required().keepEmpty().doc('Major is the major version of the binary version'),
  minor: string().required().keepEmpty().doc('Minor is the minor version of the binary version'),
  emulationMajor: string().doc('EmulationMajor is the major version of the emulation version'),
  emulationMinor: string().doc('EmulationMinor is the minor version of the emulation version'),
  minCompatibilityMajor: string().doc('MinCompatibilityMajor is the major version of the minimum compatibility version'),
  minCompatibilityMinor: string().doc('MinCompatibilityMinor is the minor version of the minimum compatibility version'),
  gitVersion: string().required().keepEmpty(),
  gitCommit: string().required().keepEmpty(),
  gitTreeState: string().required().keepEmpty(),
  buildDate: string().required().keepEmpty(),
  goVersion: string().required().keepEmpty(),
  compiler: string().required().keepEmpty(),
  platform: string().required().keepEmpty(),
}, { description: "Info contains versioning information. how we'll want to distribute that information." });

/** Every fallback declaration, by definition name. */
export const FALLBACK_TYPES: readonly ObjectType[] = [
  ServerAddressByClientCIDR, GroupVersionForDiscovery, APIVersions, APIGroup, APIGroupList, APIResource, APIResourceList,
  ListMeta, StatusCause, StatusDetails, Status, Preconditions, DeleteOptions, WatchEvent, VersionInfo,
];
