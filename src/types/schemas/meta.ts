// Structural schemas of the shared apimachinery types (meta/v1 and version.Info), with
// the protobuf field number of every field. Facts from upstream v1.34; declared with the
// vocabulary in ../schema.ts.

import { bool, fieldsV1, int32, int64, list, map, object, rawExtension, string, time, type ObjectType, type ScalarKind } from '../schema.js';

/**
 * A Go struct embedded with `json:",inline"`: JSON lists its fields beside the outer
 * fields, protobuf nests them as one message in field `number` (e.g. Volume.volumeSource,
 * Probe.handler, ConfigMapKeySelector.localObjectReference). The outer object's `fields`
 * include the inlined ones (with the numbers they have inside `type`).
 */
export type { ProtoEmbedded } from '../schema.js';

/** TypeMeta's two fields as upstream documents them on every kind (no protobuf number). */
export const apiVersionField = string().doc("APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources");
export const kindField = string().doc("Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds");
/** Spread into a kind's fields: `...typeMeta`. metav1.TypeMeta declares Kind before APIVersion, and objects are written in that order. */
export const typeMeta = { kind: kindField, apiVersion: apiVersionField };

/** Types the vocabulary models as scalars, with the OpenAPI definition upstream publishes for each. */
export const scalarDefinitions: Partial<Record<ScalarKind, { name: string; type: string; format?: string; description: string }>> = {
  quantity: { name: "io.k8s.apimachinery.pkg.api.resource.Quantity", type: "string", description: "Quantity is a fixed-point representation of a number. It provides convenient marshaling/unmarshaling in JSON and YAML, in addition to String() and AsInt64() accessors.\n\nThe serialization format is:\n\n``` <quantity>        ::= <signedNumber><suffix>\n\n\t(Note that <suffix> may be empty, from the \"\" case in <decimalSI>.)\n\n<digit>           ::= 0 | 1 | ... | 9 <digits>          ::= <digit> | <digit><digits> <number>          ::= <digits> | <digits>.<digits> | <digits>. | .<digits> <sign>            ::= \"+\" | \"-\" <signedNumber>    ::= <number> | <sign><number> <suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI> <binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei\n\n\t(International System of units; See: http://physics.nist.gov/cuu/Units/binary.html)\n\n<decimalSI>       ::= m | \"\" | k | M | G | T | P | E\n\n\t(Note that 1024 = 1Ki but 1000 = 1k; I didn't choose the capitalization.)\n\n<decimalExponent> ::= \"e\" <signedNumber> | \"E\" <signedNumber> ```\n\nNo matter which of the three exponent forms is used, no quantity may represent a number greater than 2^63-1 in magnitude, nor may it have more than 3 decimal places. Numbers larger or more precise will be capped or rounded up. (E.g.: 0.1m will rounded up to 1m.) This may be extended in the future if we require larger or smaller quantities.\n\nWhen a Quantity is parsed from a string, it will remember the type of suffix it had, and will use the same type again when it is serialized.\n\nBefore serializing, Quantity will be put in \"canonical form\". This means that Exponent/suffix will be adjusted up or down (with a corresponding increase or decrease in Mantissa) such that:\n\n- No precision is lost - No fractional digits will be emitted - The exponent (or suffix) is as large as possible.\n\nThe sign will be omitted unless the number is negative.\n\nExamples:\n\n- 1.5 will be serialized as \"1500m\" - 1.5Gi will be serialized as \"1536Mi\"\n\nNote that the quantity will NEVER be internally represented by a floating point number. That is the whole point of this exercise.\n\nNon-canonical values will still parse as long as they are well formed, but will be re-emitted in their canonical form. (So always use canonical form, or don't diff.)\n\nThis format is intended to make it difficult to use these numbers without writing some sort of special handling code in the hopes that that will cause implementors to also use a fixed point implementation." },
  intOrString: { name: "io.k8s.apimachinery.pkg.util.intstr.IntOrString", type: "string", format: "int-or-string", description: "IntOrString is a type that can hold an int32 or a string.  When used in JSON or YAML marshalling and unmarshalling, it produces or consumes the inner type.  This allows you to have, for example, a JSON field that can accept a name or number." },
  time: { name: "io.k8s.apimachinery.pkg.apis.meta.v1.Time", type: "string", format: "date-time", description: "Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.  Wrappers are provided for many of the factory methods that the time package offers." },
  microtime: { name: "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime", type: "string", format: "date-time", description: "MicroTime is version of Time with microsecond level precision." },
  fieldsV1: { name: "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1", type: "object", description: "FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.\n\nEach key is either a '.' representing the field itself, and will always map to an empty set, or a string representing a sub-field or item. The string will follow one of these four formats: 'f:<name>', where <name> is the name of a field in a struct, or key in a map 'v:<value>', where <value> is the exact json formatted value of a list item 'i:<index>', where <index> is position of a item in a list 'k:<keys>', where <keys> is a map of  a list item's key fields to their unique values If a key maps to an empty Fields value, the field that key represents is part of the set.\n\nThe exact format is defined in sigs.k8s.io/structured-merge-diff" },
  rawExtension: { name: "io.k8s.apimachinery.pkg.runtime.RawExtension", type: "object", description: "RawExtension is used to hold extensions in external versions.\n\nTo use this, make a field which has RawExtension as its type in your external, versioned struct, and Object in your internal struct. You also need to register your various plugin types.\n\n// Internal package:\n\n\ttype MyAPIObject struct {\n\t\truntime.TypeMeta `json:\",inline\"`\n\t\tMyPlugin runtime.Object `json:\"myPlugin\"`\n\t}\n\n\ttype PluginA struct {\n\t\tAOption string `json:\"aOption\"`\n\t}\n\n// External package:\n\n\ttype MyAPIObject struct {\n\t\truntime.TypeMeta `json:\",inline\"`\n\t\tMyPlugin runtime.RawExtension `json:\"myPlugin\"`\n\t}\n\n\ttype PluginA struct {\n\t\tAOption string `json:\"aOption\"`\n\t}\n\n// On the wire, the JSON will look something like this:\n\n\t{\n\t\t\"kind\":\"MyAPIObject\",\n\t\t\"apiVersion\":\"v1\",\n\t\t\"myPlugin\": {\n\t\t\t\"kind\":\"PluginA\",\n\t\t\t\"aOption\":\"foo\",\n\t\t},\n\t}\n\nSo what happens? Decode first uses json or yaml to unmarshal the serialized data into your external MyAPIObject. That causes the raw JSON to be stored, but not unpacked. The next step is to copy (using pkg/conversion) into the internal struct. The runtime package's DefaultScheme has conversion functions installed which will unpack the JSON stored in RawExtension, turning it into the correct object type, and storing it in the Object. (TODO: In the case where the object is of an unknown type, a runtime.Unknown object will be created and stored.)" },
};

export const GroupVersionForDiscovery = object("io.k8s.apimachinery.pkg.apis.meta.v1.GroupVersionForDiscovery", {
  groupVersion: string().proto(1).required().keepEmpty().doc("groupVersion specifies the API group and version in the form \"group/version\""),
  version: string().proto(2).required().keepEmpty().doc("version specifies the version in the form of \"version\". This is to save the clients the trouble of splitting the GroupVersion."),
}).doc("GroupVersion contains the \"group/version\" and \"version\" string of a version. It is made a struct to keep extensibility.");

export const ServerAddressByClientCIDR = object("io.k8s.apimachinery.pkg.apis.meta.v1.ServerAddressByClientCIDR", {
  clientCIDR: string().proto(1).required().keepEmpty().doc("The CIDR with which clients can match their IP to figure out the server address that they should use."),
  serverAddress: string().proto(2).required().keepEmpty().doc("Address of this server, suitable for a client that matches the above CIDR. This can be a hostname, hostname:port, IP or IP:port."),
}).doc("ServerAddressByClientCIDR helps the client to determine the server address that they should use, depending on the clientCIDR that they match.");

export const APIGroup = object("io.k8s.apimachinery.pkg.apis.meta.v1.APIGroup", {
  apiVersion: apiVersionField,
  kind: kindField,
  name: string().proto(1).required().keepEmpty().doc("name is the name of the group."),
  versions: list(GroupVersionForDiscovery, { listType: 'atomic' }).proto(2).required().optional().keepEmpty().doc("versions are the versions supported in this group."),
  preferredVersion: GroupVersionForDiscovery.proto(3).doc("preferredVersion is the version preferred by the API server, which probably is the storage version."),
  serverAddressByClientCIDRs: list(ServerAddressByClientCIDR, { listType: 'atomic' }).proto(4).optional().doc("a map of client CIDR to server address that is serving this group. This is to help clients reach servers in the most network-efficient way possible. Clients can use the appropriate server address as per the CIDR that they match. In case of multiple matches, clients should use the longest matching CIDR. The server returns only those CIDRs that it thinks that the client can match. For example: the master will return an internal IP CIDR only, if the client reaches the server using an internal IP. Server looks at X-Forwarded-For header or X-Real-Ip header or request.RemoteAddr (in that order) to get the client IP."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "APIGroup", version: "v1" }] } }).doc("APIGroup contains the name, the supported versions, and the preferred version of a group.");

export const APIGroupList = object("io.k8s.apimachinery.pkg.apis.meta.v1.APIGroupList", {
  apiVersion: apiVersionField,
  kind: kindField,
  groups: list(APIGroup, { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("groups is a list of APIGroup."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "APIGroupList", version: "v1" }] } }).doc("APIGroupList is a list of APIGroup, to allow clients to discover the API at /apis.");

export const APIResource = object("io.k8s.apimachinery.pkg.apis.meta.v1.APIResource", {
  name: string().proto(1).required().keepEmpty().doc("name is the plural name of the resource."),
  singularName: string().proto(6).required().keepEmpty().doc("singularName is the singular name of the resource.  This allows clients to handle plural and singular opaquely. The singularName is more correct for reporting status on a single item and both singular and plural are allowed from the kubectl CLI interface."),
  namespaced: bool().proto(2).required().keepEmpty().doc("namespaced indicates if a resource is namespaced or not."),
  group: string().proto(8).doc("group is the preferred group of the resource.  Empty implies the group of the containing resource list. For subresources, this may have a different value, for example: Scale\"."),
  version: string().proto(9).doc("version is the preferred version of the resource.  Empty implies the version of the containing resource list For subresources, this may have a different value, for example: v1 (while inside a v1beta1 version of the core resource's group)\"."),
  kind: string().proto(3).required().keepEmpty().doc("kind is the kind for the resource (e.g. 'Foo' is the kind for a resource 'foo')"),
  verbs: list(string(), { protoWrapped: true }).proto(4).required().optional().keepEmpty().doc("verbs is a list of supported kube verbs (this includes get, list, watch, create, update, patch, delete, deletecollection, and proxy)"),
  shortNames: list(string(), { listType: 'atomic' }).proto(5).optional().doc("shortNames is a list of suggested short names of the resource."),
  categories: list(string(), { listType: 'atomic' }).proto(7).optional().doc("categories is a list of the grouped resources this resource belongs to (e.g. 'all')"),
  storageVersionHash: string().proto(10).doc("The hash value of the storage version, the version this resource is converted to when written to the data store. Value must be treated as opaque by clients. Only equality comparison on the value is valid. This is an alpha feature and may change or be removed in the future. The field is populated by the apiserver only if the StorageVersionHash feature gate is enabled. This field will remain optional even if it graduates."),
}).doc("APIResource specifies the name of a resource and whether it is namespaced.");

export const APIResourceList = object("io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList", {
  apiVersion: apiVersionField,
  kind: kindField,
  groupVersion: string().proto(1).required().keepEmpty().doc("groupVersion is the group and version this APIResourceList is for."),
  resources: list(APIResource, { listType: 'atomic' }).proto(2).required().optional().keepEmpty().doc("resources contains the name of the resources and if they are namespaced."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "APIResourceList", version: "v1" }] } }).doc("APIResourceList is a list of APIResource, it is used to expose the name of the resources supported in a specific group and version, and if the resource is namespaced.");

export const APIVersions = object("io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions", {
  apiVersion: apiVersionField,
  kind: kindField,
  versions: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc("versions are the api versions that are available."),
  serverAddressByClientCIDRs: list(ServerAddressByClientCIDR, { listType: 'atomic' }).proto(2).required().optional().keepEmpty().doc("a map of client CIDR to server address that is serving this group. This is to help clients reach servers in the most network-efficient way possible. Clients can use the appropriate server address as per the CIDR that they match. In case of multiple matches, clients should use the longest matching CIDR. The server returns only those CIDRs that it thinks that the client can match. For example: the master will return an internal IP CIDR only, if the client reaches the server using an internal IP. Server looks at X-Forwarded-For header or X-Real-Ip header or request.RemoteAddr (in that order) to get the client IP."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "APIVersions", version: "v1" }] } }).doc("APIVersions lists the versions that are available, to allow clients to discover the API at /api, which is the root path of the legacy v1 API.");

export const Condition = object("io.k8s.apimachinery.pkg.apis.meta.v1.Condition", {
  type: string().proto(1).required().keepEmpty().doc("type of condition in CamelCase or in foo.example.com/CamelCase."),
  status: string().proto(2).required().keepEmpty().doc("status of the condition, one of True, False, Unknown."),
  observedGeneration: int64().proto(3).doc("observedGeneration represents the .metadata.generation that the condition was set based upon. For instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date with respect to the current state of the instance."),
  lastTransitionTime: time().proto(4).required().keepEmpty().doc("lastTransitionTime is the last time the condition transitioned from one status to another. This should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable."),
  reason: string().proto(5).required().keepEmpty().doc("reason contains a programmatic identifier indicating the reason for the condition's last transition. Producers of specific condition types may define expected values and meanings for this field, and whether the values are considered a guaranteed API. The value should be a CamelCase string. This field may not be empty."),
  message: string().proto(6).required().keepEmpty().doc("message is a human readable message indicating details about the transition. This may be an empty string."),
}).doc("Condition contains details for one aspect of the current state of this API Resource.");

export const Preconditions = object("io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions", {
  uid: string().proto(1).optional().doc("Specifies the target UID."),
  resourceVersion: string().proto(2).optional().doc("Specifies the target ResourceVersion"),
}).doc("Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.");

export const DeleteOptions = object("io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions", {
  apiVersion: apiVersionField,
  kind: kindField,
  gracePeriodSeconds: int64().proto(1).optional().doc("The duration in seconds before the object should be deleted. Value must be non-negative integer. The value zero indicates delete immediately. If this value is nil, the default grace period for the specified type will be used. Defaults to a per object value if not specified. zero means delete immediately."),
  preconditions: Preconditions.proto(2).optional().doc("Must be fulfilled before a deletion is carried out. If not possible, a 409 Conflict status will be returned."),
  orphanDependents: bool().proto(3).optional().doc("Deprecated: please use the PropagationPolicy, this field will be deprecated in 1.7. Should the dependent objects be orphaned. If true/false, the \"orphan\" finalizer will be added to/removed from the object's finalizers list. Either this field or PropagationPolicy may be set, but not both."),
  propagationPolicy: string().proto(4).optional().doc("Whether and how garbage collection will be performed. Either this field or OrphanDependents may be set, but not both. The default policy is decided by the existing finalizer set in the metadata.finalizers and the resource-specific default policy. Acceptable values are: 'Orphan' - orphan the dependents; 'Background' - allow the garbage collector to delete the dependents in the background; 'Foreground' - a cascading policy that deletes all dependents in the foreground."),
  dryRun: list(string(), { listType: 'atomic' }).proto(5).optional().doc("When present, indicates that modifications should not be persisted. An invalid or unrecognized dryRun directive will result in an error response and no further processing of the request. Valid values are: - All: all dry run stages will be processed"),
  ignoreStoreReadErrorWithClusterBreakingPotential: bool().proto(6).optional().doc("if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error. A resource is considered corrupt if it can not be retrieved from the underlying storage successfully because of a) its data can not be transformed e.g. decryption failure, or b) it fails to decode into an object. NOTE: unsafe deletion ignores finalizer constraints, skips precondition checks, and removes the object from the storage. WARNING: This may potentially break the cluster if the workload associated with the resource being unsafe-deleted relies on normal deletion flow. Use only if you REALLY know what you are doing. The default value is false, and the user must opt in to enable it"),
}).doc("DeleteOptions may be provided when deleting an API object.");

export const FieldSelectorRequirement = object("io.k8s.apimachinery.pkg.apis.meta.v1.FieldSelectorRequirement", {
  key: string().proto(1).required().keepEmpty().doc("key is the field selector key that the requirement applies to."),
  operator: string().proto(2).required().keepEmpty().doc("operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist. The list of operators may grow in the future."),
  values: list(string(), { listType: 'atomic' }).proto(3).optional().doc("values is an array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty."),
}).doc("FieldSelectorRequirement is a selector that contains values, a key, and an operator that relates the key and values.");

export const LabelSelectorRequirement = object("io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement", {
  key: string().proto(1).required().keepEmpty().doc("key is the label key that the selector applies to."),
  operator: string().proto(2).required().keepEmpty().doc("operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists and DoesNotExist."),
  values: list(string(), { listType: 'atomic' }).proto(3).optional().doc("values is an array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced during a strategic merge patch."),
}).doc("A label selector requirement is a selector that contains values, a key, and an operator that relates the key and values.");

export const LabelSelector = object("io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector", {
  matchLabels: map(string()).proto(1).optional().doc("matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is \"key\", the operator is \"In\", and the values array contains only \"value\". The requirements are ANDed."),
  matchExpressions: list(LabelSelectorRequirement, { listType: 'atomic' }).proto(2).optional().doc("matchExpressions is a list of label selector requirements. The requirements are ANDed."),
}, { mapType: 'atomic' }).doc("A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are ANDed. An empty label selector matches all objects. A null label selector matches no objects.");

export const ListMeta = object("io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta", {
  selfLink: string().proto(1).doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."),
  resourceVersion: string().proto(2).doc("String that identifies the server's internal version of this object that can be used by clients to determine when objects have changed. Value must be treated as opaque by clients and passed unmodified back to the server. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency"),
  continue: string().proto(3).doc("continue may be set if the user set a limit on the number of items returned, and indicates that the server has more data available. The value is opaque and may be used to issue another request to the endpoint that served this list to retrieve the next set of available objects. Continuing a consistent list may not be possible if the server configuration has changed or more than a few minutes have passed. The resourceVersion field returned when using this continue value will be identical to the value in the first response, unless you have received this token from an error message."),
  remainingItemCount: int64().proto(4).optional().doc("remainingItemCount is the number of subsequent items in the list which are not included in this list response. If the list request contained label or field selectors, then the number of remaining items is unknown and the field will be left unset and omitted during serialization. If the list is complete (either because it is not chunking or because this is the last chunk), then there are no more remaining items and this field will be left unset and omitted during serialization. Servers older than v1.15 do not set this field. The intended use of the remainingItemCount is *estimating* the size of a collection. Clients should not rely on the remainingItemCount to be set or to be exact."),
}).doc("ListMeta describes metadata that synthetic resources must have, including lists and various status objects. A resource may have only one of {ObjectMeta, ListMeta}.");

export const ManagedFieldsEntry = object("io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry", {
  manager: string().proto(1).doc("Manager is an identifier of the workflow managing these fields."),
  operation: string().proto(2).doc("Operation is the type of operation which lead to this ManagedFieldsEntry being created. The only valid values for this field are 'Apply' and 'Update'."),
  apiVersion: string().proto(3).doc("APIVersion defines the version of this resource that this field set applies to. The format is \"group/version\" just like the top-level APIVersion field. It is necessary to track the version of a field set because it cannot be automatically converted."),
  time: time().proto(4).optional().doc("Time is the timestamp of when the ManagedFields entry was added. The timestamp will also be updated if a field is added, the manager changes any of the owned fields value or removes a field. The timestamp does not update when a field is removed from the entry because another manager took it over."),
  fieldsType: string().proto(6).doc("FieldsType is the discriminator for the different fields format and version. There is currently only one possible value: \"FieldsV1\""),
  fieldsV1: fieldsV1().proto(7).optional().doc("FieldsV1 holds the first JSON version format as described in the \"FieldsV1\" type."),
  subresource: string().proto(8).doc("Subresource is the name of the subresource used to update that object, or empty string if the object was updated through the main resource. The value of this field is used to distinguish between managers, even if they share the same name. For example, a status update will be distinct from a regular update using the same manager name. Note that the APIVersion field is not related to the Subresource field and it always corresponds to the version of the main resource."),
}).doc("ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource that the fieldset applies to.");

export const OwnerReference = object("io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference", {
  apiVersion: string().proto(5).required().keepEmpty().doc("API version of the referent."),
  kind: string().proto(1).required().keepEmpty().doc("Kind of the referent. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  name: string().proto(3).required().keepEmpty().doc("Name of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names"),
  uid: string().proto(4).required().keepEmpty().with({ goType: 'types.UID' }).doc("UID of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids"),
  controller: bool().proto(6).optional().doc("If true, this reference points to the managing controller."),
  blockOwnerDeletion: bool().proto(7).optional().doc("If true, AND if the owner has the \"foregroundDeletion\" finalizer, then the owner cannot be deleted from the key-value store until this reference is removed. See https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion for how the garbage collector interacts with this field and enforces the foreground deletion. Defaults to false. To set this field, a user needs \"delete\" permission of the owner, otherwise 422 (Unprocessable Entity) will be returned."),
}, { mapType: 'atomic' }).doc("OwnerReference contains enough information to let you identify an owning object. An owning object must be in the same namespace as the dependent, or be cluster-scoped, so there is no namespace field.");

export const ObjectMeta = object("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", {
  name: string().proto(1).doc("Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names"),
  generateName: string().proto(2).doc("GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field has not been provided. If this field is used, the name returned to the client will be different than the name passed. This value will also be combined with a unique suffix. The provided value has the same validation rules as the Name field, and may be truncated by the length of the suffix required to make the value unique on the server.\n\nIf this field is specified and the generated name exists, the server will return a 409.\n\nApplied only if Name is not specified. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#idempotency"),
  namespace: string().proto(3).doc("Namespace defines the space within which each name must be unique. An empty namespace is equivalent to the \"default\" namespace, but \"default\" is the canonical representation. Not all objects are required to be scoped to a namespace - the value of this field for those objects will be empty.\n\nMust be a DNS_LABEL. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces"),
  selfLink: string().proto(4).doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."),
  uid: string().proto(5).with({ goType: 'types.UID' }).doc("UID is the unique in time and space value for this object. It is typically generated by the server on successful creation of a resource and is not allowed to change on PUT operations.\n\nPopulated by the system. Read-only. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids"),
  resourceVersion: string().proto(6).doc("An opaque value that represents the internal version of this object that can be used by clients to determine when objects have changed. May be used for optimistic concurrency, change detection, and the watch operation on a resource or set of resources. Clients must treat these values as opaque and passed unmodified back to the server. They may only be valid for a particular resource or set of resources.\n\nPopulated by the system. Read-only. Value must be treated as opaque by clients and . More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency"),
  generation: int64().proto(7).doc("A sequence number representing a specific generation of the desired state. Populated by the system. Read-only."),
  creationTimestamp: time().proto(8).doc("CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  deletionTimestamp: time().proto(9).optional().doc("DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted. This field is set by the server when a graceful deletion is requested by the user, and is not directly settable by a client. The resource is expected to be deleted (no longer visible from resource lists, and not reachable by name) after the time in this field, once the finalizers list is empty. As long as the finalizers list contains items, deletion is blocked. Once the deletionTimestamp is set, this value may not be unset or be set further into the future, although it may be shortened or the resource may be deleted prior to this time. For example, a user may request that a pod is deleted in 30 seconds. The Kubelet will react by sending a graceful termination signal to the containers in the pod. After that 30 seconds, the Kubelet will send a hard termination signal (SIGKILL) to the container and after cleanup, remove the pod from the API. In the presence of network partitions, this object may still exist after this timestamp, until an administrator or automated process can determine the resource is fully terminated. If not set, graceful deletion of the object has not been requested.\n\nPopulated by the system when a graceful deletion is requested. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  deletionGracePeriodSeconds: int64().proto(10).optional().doc("Number of seconds allowed for this object to gracefully terminate before it will be removed from the system. Only set when deletionTimestamp is also set. May only be shortened. Read-only."),
  labels: map(string()).proto(11).optional().doc("Map of string keys and values that can be used to organize and categorize (scope and select) objects. May match selectors of replication controllers and services. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels"),
  annotations: map(string()).proto(12).optional().doc("Annotations is an unstructured key value map stored with a resource that may be set by external tools to store and retrieve arbitrary metadata. They are not queryable and should be preserved when modifying objects. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations"),
  ownerReferences: list(OwnerReference, { listType: 'map', listMapKeys: ["uid"], patchStrategy: 'merge', patchMergeKey: 'uid' }).proto(13).optional().doc("List of objects depended by this object. If ALL objects in the list have been deleted, this object will be garbage collected. If this object is managed by a controller, then an entry in this list will point to this controller, with the controller field set to true. There cannot be more than one managing controller."),
  finalizers: list(string(), { listType: 'set', patchStrategy: 'merge' }).proto(14).optional().doc("Must be empty before the object is deleted from the registry. Each entry is an identifier for the responsible component that will remove the entry from the list. If the deletionTimestamp of the object is non-nil, entries in this list can only be removed. Finalizers may be processed and removed in any order.  Order is NOT enforced because it introduces significant risk of stuck finalizers. finalizers is a shared field, any actor with permission can reorder it. If the finalizer list is processed in order, then this can lead to a situation in which the component responsible for the first finalizer in the list is waiting for a signal (field value, external system, or other) produced by a component responsible for a finalizer later in the list, resulting in a deadlock. Without enforced ordering finalizers are free to order amongst themselves and are not vulnerable to ordering changes in the list."),
  managedFields: list(ManagedFieldsEntry, { listType: 'atomic' }).proto(17).optional().doc("ManagedFields maps workflow-id and version to the set of fields that are managed by that workflow. This is mostly for internal housekeeping, and users typically shouldn't need to set or understand this field. A workflow can be the user's name, a controller's name, or the name of a specific apply path like \"ci-cd\". The set of fields is always in the version that the workflow used when modifying the object."),
}).doc("ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.");

export const Patch = object("io.k8s.apimachinery.pkg.apis.meta.v1.Patch", {}).doc("Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.");

export const StatusCause = object("io.k8s.apimachinery.pkg.apis.meta.v1.StatusCause", {
  reason: string().proto(1).doc("A machine-readable description of the cause of the error. If this value is empty there is no information available."),
  message: string().proto(2).doc("A human-readable description of the cause of the error.  This field may be presented as-is to a reader."),
  field: string().proto(3).doc("The field of the resource that has caused this error, as named by its JSON serialization. May include dot and postfix notation for nested attributes. Arrays are zero-indexed.  Fields may appear more than once in an array of causes due to fields having multiple errors. Optional.\n\nExamples:\n  \"name\" - the field \"name\" on the current resource\n  \"items[0].name\" - the field \"name\" on the first array entry in \"items\""),
}).doc("StatusCause provides more information about an api.Status failure, including cases when multiple errors are encountered.");

export const StatusDetails = object("io.k8s.apimachinery.pkg.apis.meta.v1.StatusDetails", {
  name: string().proto(1).doc("The name attribute of the resource associated with the status StatusReason (when there is a single name which can be described)."),
  group: string().proto(2).doc("The group attribute of the resource associated with the status StatusReason."),
  kind: string().proto(3).doc("The kind attribute of the resource associated with the status StatusReason. On some operations may differ from the requested resource Kind. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  uid: string().proto(6).doc("UID of the resource. (when there is a single resource which can be described). More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids"),
  causes: list(StatusCause, { listType: 'atomic' }).proto(4).optional().doc("The Causes array includes more details associated with the StatusReason failure. Not all StatusReasons may provide detailed causes."),
  retryAfterSeconds: int32().proto(5).doc("If specified, the time in seconds before the operation should be retried. Some errors may indicate the client must take an alternate action - for those errors this field may indicate how long to wait before taking the alternate action."),
}).doc("StatusDetails is a set of additional properties that MAY be set by the server to provide additional information about a response. The Reason field of a Status object defines what attributes will be set. Clients must ignore fields that do not match the defined type of each attribute, and should assume that any attribute may be empty, invalid, or under defined.");

export const Status = object("io.k8s.apimachinery.pkg.apis.meta.v1.Status", {
  apiVersion: apiVersionField,
  kind: kindField,
  metadata: ListMeta.proto(1).doc("Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
  status: string().proto(2).doc("Status of the operation. One of: \"Success\" or \"Failure\". More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"),
  message: string().proto(3).doc("A human-readable description of the status of this operation."),
  reason: string().proto(4).doc("A machine-readable description of why this operation is in the \"Failure\" status. If this value is empty there is no information available. A Reason clarifies an HTTP status code but does not override it."),
  // Upstream marks this struct field +listType=atomic; OpenAPI carries the marker next to the reference.
  details: StatusDetails.proto(5).optional().with({ extensions: { 'x-kubernetes-list-type': 'atomic' } }).doc("Extended data associated with the reason.  Each reason may define its own extended details. This field is optional and the data returned is not guaranteed to conform to any schema except that defined by the reason type."),
  code: int32().proto(6).doc("Suggested HTTP return code for this status, 0 if not set."),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: "", kind: "Status", version: "v1" }] } }).doc("Status is a return value for calls that don't return other objects.");

export const WatchEvent = object("io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent", {
  type: string().proto(1).required().keepEmpty(),
  object: rawExtension().proto(2).required().keepEmpty().doc("Object is:\n * If Type is Added or Modified: the new state of the object.\n * If Type is Deleted: the state of the object immediately before deletion.\n * If Type is Error: *Status is recommended; other types may make sense\n   depending on context."),
}).doc("Event represents a single event to a watched resource.");

export const VersionInfo = object("io.k8s.apimachinery.pkg.version.Info", {
  buildDate: string().required().keepEmpty(),
  compiler: string().required().keepEmpty(),
  gitCommit: string().required().keepEmpty(),
  gitTreeState: string().required().keepEmpty(),
  gitVersion: string().required().keepEmpty(),
  goVersion: string().required().keepEmpty(),
  major: string().required().keepEmpty(),
  minor: string().required().keepEmpty(),
  platform: string().required().keepEmpty(),
}).doc("Info contains versioning information. how we'll want to distribute that information.");

/** Every meta/v1 (and version.Info) definition upstream's OpenAPI publishes, by definition name. */
export const metaDefinitions: Record<string, ObjectType> = {
  "io.k8s.apimachinery.pkg.apis.meta.v1.APIGroup": APIGroup,
  "io.k8s.apimachinery.pkg.apis.meta.v1.APIGroupList": APIGroupList,
  "io.k8s.apimachinery.pkg.apis.meta.v1.APIResource": APIResource,
  "io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList": APIResourceList,
  "io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions": APIVersions,
  "io.k8s.apimachinery.pkg.apis.meta.v1.Condition": Condition,
  "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions": DeleteOptions,
  "io.k8s.apimachinery.pkg.apis.meta.v1.FieldSelectorRequirement": FieldSelectorRequirement,
  "io.k8s.apimachinery.pkg.apis.meta.v1.GroupVersionForDiscovery": GroupVersionForDiscovery,
  "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector": LabelSelector,
  "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement": LabelSelectorRequirement,
  "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta": ListMeta,
  "io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry": ManagedFieldsEntry,
  "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": ObjectMeta,
  "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference": OwnerReference,
  "io.k8s.apimachinery.pkg.apis.meta.v1.Patch": Patch,
  "io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions": Preconditions,
  "io.k8s.apimachinery.pkg.apis.meta.v1.ServerAddressByClientCIDR": ServerAddressByClientCIDR,
  "io.k8s.apimachinery.pkg.apis.meta.v1.Status": Status,
  "io.k8s.apimachinery.pkg.apis.meta.v1.StatusCause": StatusCause,
  "io.k8s.apimachinery.pkg.apis.meta.v1.StatusDetails": StatusDetails,
  "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent": WatchEvent,
  "io.k8s.apimachinery.pkg.version.Info": VersionInfo,
};
