// resource.k8s.io/v1, v1beta2, v1beta1 and v1alpha3: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, int64, list, map, object, quantity, rawExtension, string, time, type ObjectType } from '../schema.js';
import { Condition, ObjectMeta, typeMeta } from './meta.js';
import { NodeSelector } from './core.js';

const G = 'io.k8s.api.resource.v1.';
const G1BETA2 = 'io.k8s.api.resource.v1beta2.';
const G1BETA1 = 'io.k8s.api.resource.v1beta1.';
const G1ALPHA3 = 'io.k8s.api.resource.v1alpha3.';

/** The device class, selector, configuration and toleration structs: the same in v1, v1beta2 and v1beta1. */
function deviceClassTypes(prefix: string, version: string) {
  const OpaqueDeviceConfiguration = object(prefix + 'OpaqueDeviceConfiguration', {
    driver: string().proto(1).required().keepEmpty().doc('Driver is used to determine which kubelet plugin needs to be passed these configuration parameters.\n\nAn admission policy provided by the driver developer could use this to decide whether it needs to validate them.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver.'),
    parameters: rawExtension().proto(2).required().keepEmpty().doc('Parameters can contain arbitrary data. It is the responsibility of the driver developer to handle validation and versioning. Typically this includes self-identification and a version ("kind" + "apiVersion" for Kubernetes types), with conversion between different versions.\n\nThe length of the raw data must be smaller or equal to 10 Ki.'),
  }, { description: 'OpaqueDeviceConfiguration contains configuration parameters for a driver in a format defined by the driver vendor.' });

  /** Embedded (json:",inline") in its users; no OpenAPI definition of its own. */
  const DeviceConfiguration = object(prefix + 'DeviceConfiguration', {
    opaque: OpaqueDeviceConfiguration.proto(1).optional().doc('Opaque provides driver-specific configuration parameters.'),
  });

  const DeviceClassConfiguration = object(prefix + 'DeviceClassConfiguration', {
    opaque: OpaqueDeviceConfiguration.proto(1).optional().doc('Opaque provides driver-specific configuration parameters.'),
  }, { protoEmbedded: [{ number: 1, name: 'deviceConfiguration', type: DeviceConfiguration }], description: 'DeviceClassConfiguration is used in DeviceClass.' });

  const CELDeviceSelector = object(prefix + 'CELDeviceSelector', {
    expression: string().proto(1).required().keepEmpty().doc('Expression is a CEL expression which evaluates a single device. It must evaluate to true when the device under consideration satisfies the desired criteria, and false when it does not. Any other result is an error and causes allocation of devices to abort.  The expression\'s input is an object named "device", which carries the following properties:  - driver (string): the name of the driver which defines this device.  - attributes (map[string]object): the device\'s attributes, grouped by prefix    (e.g. device.attributes["dra.example.com"] evaluates to an object with all    of the attributes which were prefixed by "dra.example.com".  - capacity (map[string]object): the device\'s capacities, grouped by prefix.  - allowMultipleAllocations (bool): the allowMultipleAllocations property of the device    (v1.34+ with the DRAConsumableCapacity feature enabled).  Example: Consider a device with driver="dra.example.com", which exposes two attributes named "model" and "ext.example.com/family" and which exposes one capacity named "modules". This input to this expression would have the following fields:      device.driver     device.attributes["dra.example.com"].model     device.attributes["ext.example.com"].family     device.capacity["dra.example.com"].modules  The device.driver field can be used to check for a specific driver, either as a high-level precondition (i.e. you only want to consider devices from this driver) or as part of a multi-clause expression that is meant to consider devices from different drivers.  The value type of each attribute is defined by the device definition, and users who write these expressions must consult the documentation for their specific drivers. The value type of each capacity is Quantity.  If an unknown prefix is used as a lookup in either device.attributes or device.capacity, an empty map will be returned. Any reference to an unknown field will cause an evaluation error and allocation to abort.  A robust expression should check for the existence of attributes before referencing them.  For ease of use, the cel.bind() function is enabled, and can be used to simplify expressions that access multiple attributes with the same domain. For example:      cel.bind(dra, device.attributes["dra.example.com"], dra.someBool && dra.anotherBool)  The length of the expression must be smaller or equal to 10 Ki. The cost of evaluating it is also limited based on the estimated number of logical steps.'),
  }, { description: 'CELDeviceSelector contains a CEL expression for selecting a device.' });

  const DeviceSelector = object(prefix + 'DeviceSelector', {
    cel: CELDeviceSelector.proto(1).optional().doc('CEL contains a CEL expression for selecting a device.'),
  }, { description: 'DeviceSelector must have exactly one field set.' });

  const DeviceClassSpec = object(prefix + 'DeviceClassSpec', {
    selectors: list(DeviceSelector, { listType: 'atomic' }).proto(1).optional().doc('Each selector must be satisfied by a device which is claimed via this class.'),
    config: list(DeviceClassConfiguration, { listType: 'atomic' }).proto(2).optional().doc('Config defines configuration parameters that apply to each device that is claimed via this class. Some classses may potentially be satisfied by multiple drivers, so each instance of a vendor configuration applies to exactly one driver.\n\nThey are passed to the driver, but are not considered while allocating the claim.'),
    extendedResourceName: string().proto(4).optional().doc('ExtendedResourceName is the extended resource name for the devices of this class. The devices of this class can be used to satisfy a pod\'s extended resource requests. It has the same format as the name of a pod\'s extended resource. It should be unique among all the device classes in a cluster. If two device classes have the same name, then the class created later is picked to satisfy a pod\'s extended resource requests. If two classes are created at the same time, then the name of the class lexicographically sorted first is picked.  This is an alpha field.'),
  }, { description: 'DeviceClassSpec is used in a [DeviceClass] to define what can be allocated and how to configure it.' });

  const DeviceClass = object(prefix + 'DeviceClass', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
    spec: DeviceClassSpec.proto(2).required().keepEmpty().doc('Spec defines what can be allocated and how to configure it.\n\nThis is mutable. Consumers have to be prepared for classes changing at any time, either because they get updated or replaced. Claim allocations are done once based on whatever was set in classes at the time of allocation.\n\nChanging the spec automatically increments the metadata.generation number.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'DeviceClass', version }] }, description: 'DeviceClass is a vendor- or admin-provided resource that contains device configuration and selectors. It can be referenced in the device requests of a claim to apply these presets. Cluster scoped.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

  const DeviceClaimConfiguration = object(prefix + 'DeviceClaimConfiguration', {
    requests: list(string(), { listType: 'atomic' }).proto(1).optional().doc('Requests lists the names of requests where the configuration applies. If empty, it applies to all requests.  References to subrequests must include the name of the main request and may include the subrequest using the format <main request>[/<subrequest>]. If just the main request is given, the configuration applies to all subrequests.'),
    opaque: OpaqueDeviceConfiguration.proto(1).optional().doc('Opaque provides driver-specific configuration parameters.'),
  }, { protoEmbedded: [{ number: 2, name: 'deviceConfiguration', type: DeviceConfiguration }], description: 'DeviceClaimConfiguration is used for configuration parameters in DeviceClaim.' });

  const DeviceConstraint = object(prefix + 'DeviceConstraint', {
    requests: list(string(), { listType: 'atomic' }).proto(1).optional().doc('Requests is a list of the one or more requests in this claim which must co-satisfy this constraint. If a request is fulfilled by multiple devices, then all of the devices must satisfy the constraint. If this is not specified, this constraint applies to all requests in this claim.  References to subrequests must include the name of the main request and may include the subrequest using the format <main request>[/<subrequest>]. If just the main request is given, the constraint applies to all subrequests.'),
    matchAttribute: string().proto(2).optional().doc('MatchAttribute requires that all devices in question have this attribute and that its type and value are the same across those devices.\n\nFor example, if you specified "dra.example.com/numa" (a hypothetical example!), then only devices in the same NUMA node will be chosen. A device which does not have that attribute will not be chosen. All devices should use a value of the same type for this attribute because that is part of its specification, but if one device doesn\'t, then it also will not be chosen.\n\nMust include the domain qualifier.'),
    distinctAttribute: string().proto(3).optional().doc('DistinctAttribute requires that all devices in question have this attribute and that its type and value are unique across those devices.  This acts as the inverse of MatchAttribute.  This constraint is used to avoid allocating multiple requests to the same device by ensuring attribute-level differentiation.  This is useful for scenarios where resource requests must be fulfilled by separate physical devices. For example, a container requests two network interfaces that must be allocated from two different physical NICs.'),
  }, { description: 'DeviceConstraint must have exactly one field set besides Requests.' });

  const CapacityRequirements = object(prefix + 'CapacityRequirements', {
    requests: map(quantity()).proto(1).optional().doc('Requests represent individual device resource requests for distinct resources, all of which must be provided by the device.  This value is used as an additional filtering condition against the available capacity on the device. This is semantically equivalent to a CEL selector with `device.capacity[<domain>].<name>.compareTo(quantity(<request quantity>)) >= 0`. For example, device.capacity[\'test-driver.cdi.k8s.io\'].counters.compareTo(quantity(\'2\')) >= 0.  When a requestPolicy is defined, the requested amount is adjusted upward to the nearest valid value based on the policy. If the requested amount cannot be adjusted to a valid value—because it exceeds what the requestPolicy allows— the device is considered ineligible for allocation.  For any capacity that is not explicitly requested: - If no requestPolicy is set, the default consumed capacity is equal to the full device capacity   (i.e., the whole device is claimed). - If a requestPolicy is set, the default consumed capacity is determined according to that policy.  If the device allows multiple allocation, the aggregated amount across all requests must not exceed the capacity value. The consumed capacity, which may be adjusted based on the requestPolicy if defined, is recorded in the resource claim’s status.devices[*].consumedCapacity field.'),
  }, { description: 'CapacityRequirements defines the capacity requirements for a specific device request.' });

  const DeviceToleration = object(prefix + 'DeviceToleration', {
    key: string().proto(1).doc('Key is the taint key that the toleration applies to. Empty means match all taint keys. If the key is empty, operator must be Exists; this combination means to match all values and all keys. Must be a label name.'),
    operator: string().proto(2).doc('Operator represents a key\'s relationship to the value. Valid operators are Exists and Equal. Defaults to Equal. Exists is equivalent to wildcard for value, so that a ResourceClaim can tolerate all taints of a particular category.'),
    value: string().proto(3).doc('Value is the taint value the toleration matches to. If the operator is Exists, the value must be empty, otherwise just a regular string. Must be a label value.'),
    effect: string().proto(4).doc('Effect indicates the taint effect to match. Empty means match all taint effects. When specified, allowed values are NoSchedule and NoExecute.'),
    tolerationSeconds: int64().proto(5).optional().doc('TolerationSeconds represents the period of time the toleration (which must be of effect NoExecute, otherwise this field is ignored) tolerates the taint. By default, it is not set, which means tolerate the taint forever (do not evict). Zero and negative values will be treated as 0 (evict immediately) by the system. If larger than zero, the time when the pod needs to be evicted is calculated as <time when taint was adedd> + <toleration seconds>.'),
  }, { description: 'The ResourceClaim this DeviceToleration is attached to tolerates any taint that matches the triple <key,value,effect> using the matching operator <operator>.' });
  return {
    OpaqueDeviceConfiguration, DeviceConfiguration, DeviceClassConfiguration, CELDeviceSelector, DeviceSelector, DeviceClassSpec,
    DeviceClass, DeviceClaimConfiguration, DeviceConstraint, CapacityRequirements, DeviceToleration,
  };
}

/**
 * The structs of resource.k8s.io v1, declared once: v1beta2 has the very same fields, proto numbers
 * and descriptions, under its own definition-name prefix and GroupVersionKind version.
 */
function deviceResourceTypes(prefix: string, version: string) {
  const {
    OpaqueDeviceConfiguration, DeviceConfiguration, DeviceClassConfiguration, CELDeviceSelector, DeviceSelector, DeviceClassSpec,
    DeviceClass, DeviceClaimConfiguration, DeviceConstraint, CapacityRequirements, DeviceToleration,
  } = deviceClassTypes(prefix, version);

  const DeviceSubRequest = object(prefix + 'DeviceSubRequest', {
    name: string().proto(1).required().keepEmpty().doc('Name can be used to reference this subrequest in the list of constraints or the list of configurations for the claim. References must use the format <main request>/<subrequest>.  Must be a DNS label.'),
    deviceClassName: string().proto(2).required().keepEmpty().doc('DeviceClassName references a specific DeviceClass, which can define additional configuration and selectors to be inherited by this subrequest.  A class is required. Which classes are available depends on the cluster.  Administrators may use this to restrict which devices may get requested by only installing classes with selectors for permitted devices. If users are free to request anything without restrictions, then administrators can create an empty DeviceClass for users to reference.'),
    selectors: list(DeviceSelector, { listType: 'atomic' }).proto(3).optional().doc('Selectors define criteria which must be satisfied by a specific device in order for that device to be considered for this subrequest. All selectors must be satisfied for a device to be considered.'),
    allocationMode: string().proto(4).doc('AllocationMode and its related fields define how devices are allocated to satisfy this subrequest. Supported values are:  - ExactCount: This request is for a specific number of devices.   This is the default. The exact number is provided in the   count field.  - All: This subrequest is for all of the matching devices in a pool.   Allocation will fail if some devices are already allocated,   unless adminAccess is requested.  If AllocationMode is not specified, the default mode is ExactCount. If the mode is ExactCount and count is not specified, the default count is one. Any other subrequests must specify this field.  More modes may get added in the future. Clients must refuse to handle requests with unknown modes.'),
    count: int64().proto(5).doc('Count is used only when the count mode is "ExactCount". Must be greater than zero. If AllocationMode is ExactCount and this field is not specified, the default is one.'),
    tolerations: list(DeviceToleration, { listType: 'atomic' }).proto(6).optional().doc('If specified, the request\'s tolerations.  Tolerations for NoSchedule are required to allocate a device which has a taint with that effect. The same applies to NoExecute.  In addition, should any of the allocated devices get tainted with NoExecute after allocation and that effect is not tolerated, then all pods consuming the ResourceClaim get deleted to evict them. The scheduler will not let new pods reserve the claim while it has these tainted devices. Once all pods are evicted, the claim will get deallocated.  The maximum number of tolerations is 16.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
    capacity: CapacityRequirements.proto(7).optional(),
  }, { description: 'DeviceSubRequest describes a request for device provided in the claim.spec.devices.requests[].firstAvailable array. Each is typically a request for a single resource like a device, but can also ask for several identical devices.  DeviceSubRequest is similar to ExactDeviceRequest, but doesn\'t expose the AdminAccess field as that one is only supported when requesting a specific device.' });

  const ExactDeviceRequest = object(prefix + 'ExactDeviceRequest', {
    deviceClassName: string().proto(1).required().keepEmpty().doc('DeviceClassName references a specific DeviceClass, which can define additional configuration and selectors to be inherited by this request.  A DeviceClassName is required.  Administrators may use this to restrict which devices may get requested by only installing classes with selectors for permitted devices. If users are free to request anything without restrictions, then administrators can create an empty DeviceClass for users to reference.'),
    selectors: list(DeviceSelector, { listType: 'atomic' }).proto(2).optional().doc('Selectors define criteria which must be satisfied by a specific device in order for that device to be considered for this request. All selectors must be satisfied for a device to be considered.'),
    allocationMode: string().proto(3).doc('AllocationMode and its related fields define how devices are allocated to satisfy this request. Supported values are:  - ExactCount: This request is for a specific number of devices.   This is the default. The exact number is provided in the   count field.  - All: This request is for all of the matching devices in a pool.   At least one device must exist on the node for the allocation to succeed.   Allocation will fail if some devices are already allocated,   unless adminAccess is requested.  If AllocationMode is not specified, the default mode is ExactCount. If the mode is ExactCount and count is not specified, the default count is one. Any other requests must specify this field.  More modes may get added in the future. Clients must refuse to handle requests with unknown modes.'),
    count: int64().proto(4).doc('Count is used only when the count mode is "ExactCount". Must be greater than zero. If AllocationMode is ExactCount and this field is not specified, the default is one.'),
    adminAccess: bool().proto(5).optional().doc('AdminAccess indicates that this is a claim for administrative access to the device(s). Claims with AdminAccess are expected to be used for monitoring or other management services for a device.  They ignore all ordinary claims to the device with respect to access modes and any resource allocations.  This is an alpha field and requires enabling the DRAAdminAccess feature gate. Admin access is disabled if this field is unset or set to false, otherwise it is enabled.'),
    tolerations: list(DeviceToleration, { listType: 'atomic' }).proto(6).optional().doc('If specified, the request\'s tolerations.  Tolerations for NoSchedule are required to allocate a device which has a taint with that effect. The same applies to NoExecute.  In addition, should any of the allocated devices get tainted with NoExecute after allocation and that effect is not tolerated, then all pods consuming the ResourceClaim get deleted to evict them. The scheduler will not let new pods reserve the claim while it has these tainted devices. Once all pods are evicted, the claim will get deallocated.  The maximum number of tolerations is 16.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
    capacity: CapacityRequirements.proto(7).optional(),
  }, { description: 'ExactDeviceRequest is a request for one or more identical devices.' });

  const DeviceRequest = object(prefix + 'DeviceRequest', {
    name: string().proto(1).required().keepEmpty().doc('Name can be used to reference this request in a pod.spec.containers[].resources.claims entry and in a constraint of the claim.  References using the name in the DeviceRequest will uniquely identify a request when the Exactly field is set. When the FirstAvailable field is set, a reference to the name of the DeviceRequest will match whatever subrequest is chosen by the scheduler.  Must be a DNS label.'),
    exactly: ExactDeviceRequest.proto(2).optional(),
    firstAvailable: list(DeviceSubRequest, { listType: 'atomic' }).proto(3).optional().doc('FirstAvailable contains subrequests, of which exactly one will be selected by the scheduler. It tries to satisfy them in the order in which they are listed here. So if there are two entries in the list, the scheduler will only check the second one if it determines that the first one can not be used.  DRA does not yet implement scoring, so the scheduler will select the first set of devices that satisfies all the requests in the claim. And if the requirements can be satisfied on more than one node, other scheduling features will determine which node is chosen. This means that the set of devices allocated to a claim might not be the optimal set available to the cluster. Scoring will be implemented later.'),
  }, { description: 'DeviceRequest is a request for devices required for a claim. This is typically a request for a single resource like a device, but can also ask for several identical devices. With FirstAvailable it is also possible to provide a prioritized list of requests.' });

  const DeviceClaim = object(prefix + 'DeviceClaim', {
    requests: list(DeviceRequest, { listType: 'atomic' }).proto(1).optional().keepEmpty().doc('Requests represent individual requests for distinct devices which must all be satisfied. If empty, nothing needs to be allocated.'),
    constraints: list(DeviceConstraint, { listType: 'atomic' }).proto(2).optional().doc('These constraints must be satisfied by the set of devices that get allocated for the claim.'),
    config: list(DeviceClaimConfiguration, { listType: 'atomic' }).proto(3).optional().doc('This field holds configuration for multiple potential drivers which could satisfy requests in this claim. It is ignored while allocating the claim.'),
  }, { description: 'DeviceClaim defines how to request devices with a ResourceClaim.' });

  const ResourceClaimSpec = object(prefix + 'ResourceClaimSpec', {
    devices: DeviceClaim.proto(1).keepEmpty().doc('Devices defines how to request devices.'),
  }, { description: 'ResourceClaimSpec defines what is being requested in a ResourceClaim and how to configure it.' });

  const NetworkDeviceData = object(prefix + 'NetworkDeviceData', {
    interfaceName: string().proto(1).doc('InterfaceName specifies the name of the network interface associated with the allocated device. This might be the name of a physical or virtual network interface being configured in the pod.\n\nMust not be longer than 256 characters.'),
    ips: list(string(), { listType: 'atomic' }).proto(2).optional().doc('IPs lists the network addresses assigned to the device\'s network interface. This can include both IPv4 and IPv6 addresses. The IPs are in the CIDR notation, which includes both the address and the associated subnet mask. e.g.: "192.0.2.5/24" for IPv4 and "2001:db8::5/64" for IPv6.'),
    hardwareAddress: string().proto(3).doc('HardwareAddress represents the hardware address (e.g. MAC Address) of the device\'s network interface.\n\nMust not be longer than 128 characters.'),
  }, { description: 'NetworkDeviceData provides network-related details for the allocated device. This information may be filled by drivers or other components to configure or identify the device within a network context.' });

  const AllocatedDeviceStatus = object(prefix + 'AllocatedDeviceStatus', {
    driver: string().proto(1).required().keepEmpty().doc('Driver specifies the name of the DRA driver whose kubelet plugin should be invoked to process the allocation once the claim is needed on a node.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver.'),
    pool: string().proto(2).required().keepEmpty().doc('This name together with the driver name and the device name field identify which device was allocated (`<driver name>/<pool name>/<device name>`).\n\nMust not be longer than 253 characters and may contain one or more DNS sub-domains separated by slashes.'),
    device: string().proto(3).required().keepEmpty().doc('Device references one device instance via its name in the driver\'s resource pool. It must be a DNS label.'),
    shareID: string().proto(7).optional().doc('ShareID uniquely identifies an individual allocation share of the device.'),
    conditions: list(Condition, { listType: 'map', listMapKeys: ['type'] }).proto(4).optional().keepEmpty().doc('Conditions contains the latest observation of the device\'s state. If the device has been configured according to the class and claim config references, the `Ready` condition should be True.  Must not contain more than 8 entries.'),
    data: rawExtension().proto(5).optional().doc('Data contains arbitrary driver-specific data.\n\nThe length of the raw data must be smaller or equal to 10 Ki.'),
    networkData: NetworkDeviceData.proto(6).optional().doc('NetworkData contains network-related information specific to the device.'),
  }, { description: 'AllocatedDeviceStatus contains the status of an allocated device, if the driver chooses to report it. This may include driver-specific information.  The combination of Driver, Pool, Device, and ShareID must match the corresponding key in Status.Allocation.Devices.' });

  const DeviceAllocationConfiguration = object(prefix + 'DeviceAllocationConfiguration', {
    source: string().proto(1).required().keepEmpty().doc('Source records whether the configuration comes from a class and thus is not something that a normal user would have been able to set or from a claim.'),
    requests: list(string(), { listType: 'atomic' }).proto(2).optional().doc('Requests lists the names of requests where the configuration applies. If empty, its applies to all requests.  References to subrequests must include the name of the main request and may include the subrequest using the format <main request>[/<subrequest>]. If just the main request is given, the configuration applies to all subrequests.'),
    opaque: OpaqueDeviceConfiguration.proto(1).optional().doc('Opaque provides driver-specific configuration parameters.'),
  }, { protoEmbedded: [{ number: 3, name: 'deviceConfiguration', type: DeviceConfiguration }], description: 'DeviceAllocationConfiguration gets embedded in an AllocationResult.' });

  const DeviceRequestAllocationResult = object(prefix + 'DeviceRequestAllocationResult', {
    request: string().proto(1).required().keepEmpty().doc('Request is the name of the request in the claim which caused this device to be allocated. If it references a subrequest in the firstAvailable list on a DeviceRequest, this field must include both the name of the main request and the subrequest using the format <main request>/<subrequest>.  Multiple devices may have been allocated per request.'),
    driver: string().proto(2).required().keepEmpty().doc('Driver specifies the name of the DRA driver whose kubelet plugin should be invoked to process the allocation once the claim is needed on a node.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver.'),
    pool: string().proto(3).required().keepEmpty().doc('This name together with the driver name and the device name field identify which device was allocated (`<driver name>/<pool name>/<device name>`).\n\nMust not be longer than 253 characters and may contain one or more DNS sub-domains separated by slashes.'),
    device: string().proto(4).required().keepEmpty().doc('Device references one device instance via its name in the driver\'s resource pool. It must be a DNS label.'),
    adminAccess: bool().proto(5).optional().doc('AdminAccess indicates that this device was allocated for administrative access. See the corresponding request field for a definition of mode.\n\nThis is an alpha field and requires enabling the DRAAdminAccess feature gate. Admin access is disabled if this field is unset or set to false, otherwise it is enabled.'),
    tolerations: list(DeviceToleration, { listType: 'atomic' }).proto(6).optional().doc('A copy of all tolerations specified in the request at the time when the device got allocated.  The maximum number of tolerations is 16.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
    bindingConditions: list(string(), { listType: 'atomic' }).proto(7).optional().doc('BindingConditions contains a copy of the BindingConditions from the corresponding ResourceSlice at the time of allocation.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
    bindingFailureConditions: list(string(), { listType: 'atomic' }).proto(8).optional().doc('BindingFailureConditions contains a copy of the BindingFailureConditions from the corresponding ResourceSlice at the time of allocation.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
    shareID: string().proto(9).optional().doc('ShareID uniquely identifies an individual allocation share of the device, used when the device supports multiple simultaneous allocations. It serves as an additional map key to differentiate concurrent shares of the same device.'),
    consumedCapacity: map(quantity()).proto(10).optional().doc('ConsumedCapacity tracks the amount of capacity consumed per device as part of the claim request. The consumed amount may differ from the requested amount: it is rounded up to the nearest valid value based on the device’s requestPolicy if applicable (i.e., may not be less than the requested amount).  The total consumed capacity for each device must not exceed the DeviceCapacity\'s Value.  This field is populated only for devices that allow multiple allocations. All capacity entries are included, even if the consumed amount is zero.'),
  }, { description: 'DeviceRequestAllocationResult contains the allocation result for one request.' });

  const DeviceAllocationResult = object(prefix + 'DeviceAllocationResult', {
    results: list(DeviceRequestAllocationResult, { listType: 'atomic' }).proto(1).optional().doc('Results lists all allocated devices.'),
    config: list(DeviceAllocationConfiguration, { listType: 'atomic' }).proto(2).optional().doc('This field is a combination of all the claim and class configuration parameters. Drivers can distinguish between those based on a flag.\n\nThis includes configuration parameters for drivers which have no allocated devices in the result because it is up to the drivers which configuration parameters they support. They can silently ignore unknown configuration parameters.'),
  }, { description: 'DeviceAllocationResult is the result of allocating devices.' });

  const AllocationResult = object(prefix + 'AllocationResult', {
    devices: DeviceAllocationResult.proto(1).doc('Devices is the result of allocating devices.'),
    nodeSelector: NodeSelector.proto(3).optional().doc('NodeSelector defines where the allocated resources are available. If unset, they are available everywhere.'),
    allocationTimestamp: time().proto(5).optional().doc('AllocationTimestamp stores the time when the resources were allocated. This field is not guaranteed to be set, in which case that time is unknown.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gate.'),
  }, { description: 'AllocationResult contains attributes of an allocated resource.' });

  const ResourceClaimConsumerReference = object(prefix + 'ResourceClaimConsumerReference', {
    apiGroup: string().proto(1).doc('APIGroup is the group for the resource being referenced. It is empty for the core API. This matches the group in the APIVersion that is used when creating the resources.'),
    resource: string().proto(3).required().keepEmpty().doc('Resource is the type of resource being referenced, for example "pods".'),
    name: string().proto(4).required().keepEmpty().doc('Name is the name of resource being referenced.'),
    uid: string().proto(5).required().keepEmpty().doc('UID identifies exactly one incarnation of the resource.'),
  }, { description: 'ResourceClaimConsumerReference contains enough information to let you locate the consumer of a ResourceClaim. The user must be a resource in the same namespace as the ResourceClaim.' });

  const ResourceClaimStatus = object(prefix + 'ResourceClaimStatus', {
    allocation: AllocationResult.proto(1).optional().doc('Allocation is set once the claim has been allocated successfully.'),
    reservedFor: list(ResourceClaimConsumerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }).proto(2).optional().doc('ReservedFor indicates which entities are currently allowed to use the claim. A Pod which references a ResourceClaim which is not reserved for that Pod will not be started. A claim that is in use or might be in use because it has been reserved must not get deallocated.  In a cluster with multiple scheduler instances, two pods might get scheduled concurrently by different schedulers. When they reference the same ResourceClaim which already has reached its maximum number of consumers, only one pod can be scheduled.  Both schedulers try to add their pod to the claim.status.reservedFor field, but only the update that reaches the API server first gets stored. The other one fails with an error and the scheduler which issued it knows that it must put the pod back into the queue, waiting for the ResourceClaim to become usable again.  There can be at most 256 such reservations. This may get increased in the future, but not reduced.'),
    devices: list(AllocatedDeviceStatus, { listType: 'map', listMapKeys: ['driver','device','pool','shareID'] }).proto(4).optional().doc('Devices contains the status of each device allocated for this claim, as reported by the driver. This can include driver-specific information. Entries are owned by their respective drivers.'),
  }, { description: 'ResourceClaimStatus tracks whether the resource has been allocated and what the result of that was.' });

  const ResourceClaim = object(prefix + 'ResourceClaim', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
    spec: ResourceClaimSpec.proto(2).required().keepEmpty().doc('Spec describes what is being requested and how to configure it. The spec is immutable.'),
    status: ResourceClaimStatus.proto(3).doc('Status describes whether the claim is ready to use and what has been allocated.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceClaim', version }] }, description: 'ResourceClaim describes a request for access to resources in the cluster, for use by workloads. For example, if a workload needs an accelerator device with specific properties, this is how that request is expressed. The status stanza tracks whether this claim has been satisfied and what specific resources have been allocated.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

  const ResourceClaimTemplateSpec = object(prefix + 'ResourceClaimTemplateSpec', {
    metadata: ObjectMeta.proto(1).doc('ObjectMeta may contain labels and annotations that will be copied into the ResourceClaim when creating it. No other fields are allowed and will be rejected during validation.'),
    spec: ResourceClaimSpec.proto(2).required().keepEmpty().doc('Spec for the ResourceClaim. The entire content is copied unchanged into the ResourceClaim that gets created from this template. The same fields as in a ResourceClaim are also valid here.'),
  }, { description: 'ResourceClaimTemplateSpec contains the metadata and fields for a ResourceClaim.' });

  const ResourceClaimTemplate = object(prefix + 'ResourceClaimTemplate', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
    spec: ResourceClaimTemplateSpec.proto(2).required().keepEmpty().doc('Describes the ResourceClaim that is to be generated.\n\nThis field is immutable. A ResourceClaim will get created by the control plane for a Pod when needed and then not get updated anymore.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceClaimTemplate', version }] }, description: 'ResourceClaimTemplate is used to produce ResourceClaim objects.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

  const Counter = object(prefix + 'Counter', {
    value: quantity().proto(1).required().keepEmpty().doc('Value defines how much of a certain device counter is available.'),
  }, { description: 'Counter describes a quantity associated with a device.' });

  const CounterSet = object(prefix + 'CounterSet', {
    name: string().proto(1).required().keepEmpty().doc('Name defines the name of the counter set. It must be a DNS label.'),
    counters: map(Counter).proto(2).required().optional().doc('Counters defines the set of counters for this CounterSet The name of each counter must be unique in that set and must be a DNS label.  The maximum number of counters in all sets is 32.'),
  }, { description: 'CounterSet defines a named set of counters that are available to be used by devices defined in the ResourceSlice.  The counters are not allocatable by themselves, but can be referenced by devices. When a device is allocated, the portion of counters it uses will no longer be available for use by other devices.' });

  const DeviceAttribute = object(prefix + 'DeviceAttribute', {
    int: int64().proto(2).optional().doc('IntValue is a number.'),
    bool: bool().proto(3).optional().doc('BoolValue is a true/false value.'),
    string: string().proto(4).optional().doc('StringValue is a string. Must not be longer than 64 characters.'),
    version: string().proto(5).optional().doc('VersionValue is a semantic version according to semver.org spec 2.0.0. Must not be longer than 64 characters.'),
  }, { description: 'DeviceAttribute must have exactly one field set.' });

  const CapacityRequestPolicyRange = object(prefix + 'CapacityRequestPolicyRange', {
    min: quantity().proto(1).required().optional().doc('Min specifies the minimum capacity allowed for a consumption request.  Min must be greater than or equal to zero, and less than or equal to the capacity value. requestPolicy.default must be more than or equal to the minimum.'),
    max: quantity().proto(2).optional().doc('Max defines the upper limit for capacity that can be requested.  Max must be less than or equal to the capacity value. Min and requestPolicy.default must be less than or equal to the maximum.'),
    step: quantity().proto(3).optional().doc('Step defines the step size between valid capacity amounts within the range.  Max (if set) and requestPolicy.default must be a multiple of Step. Min + Step must be less than or equal to the capacity value.'),
  }, { description: 'CapacityRequestPolicyRange defines a valid range for consumable capacity values.    - If the requested amount is less than Min, it is rounded up to the Min value.   - If Step is set and the requested amount is between Min and Max but not aligned with Step,     it will be rounded up to the next value equal to Min + (n * Step).   - If Step is not set, the requested amount is used as-is if it falls within the range Min to Max (if set).   - If the requested or rounded amount exceeds Max (if set), the request does not satisfy the policy,     and the device cannot be allocated.' });

  const CapacityRequestPolicy = object(prefix + 'CapacityRequestPolicy', {
    default: quantity().proto(1).optional().keepEmpty().doc('Default specifies how much of this capacity is consumed by a request that does not contain an entry for it in DeviceRequest\'s Capacity.'),
    validValues: list(quantity(), { listType: 'atomic' }).proto(3).optional().doc('ValidValues defines a set of acceptable quantity values in consuming requests.  Must not contain more than 10 entries. Must be sorted in ascending order.  If this field is set, Default must be defined and it must be included in ValidValues list.  If the requested amount does not match any valid value but smaller than some valid values, the scheduler calculates the smallest valid value that is greater than or equal to the request. That is: min(ceil(requestedValue) ∈ validValues), where requestedValue ≤ max(validValues).  If the requested amount exceeds all valid values, the request violates the policy, and this device cannot be allocated.'),
    validRange: CapacityRequestPolicyRange.proto(4).optional(),
  }, { description: 'CapacityRequestPolicy defines how requests consume device capacity.  Must not set more than one ValidRequestValues.' });

  const DeviceCapacity = object(prefix + 'DeviceCapacity', {
    value: quantity().proto(1).required().keepEmpty().doc('Value defines how much of a certain capacity that device has.  This field reflects the fixed total capacity and does not change. The consumed amount is tracked separately by scheduler and does not affect this value.'),
    requestPolicy: CapacityRequestPolicy.proto(2).optional(),
  }, { description: 'DeviceCapacity describes a quantity associated with a device.' });

  const DeviceCounterConsumption = object(prefix + 'DeviceCounterConsumption', {
    counterSet: string().proto(1).required().keepEmpty().doc('CounterSet is the name of the set from which the counters defined will be consumed.'),
    counters: map(Counter).proto(2).required().optional().doc('Counters defines the counters that will be consumed by the device.  The maximum number counters in a device is 32. In addition, the maximum number of all counters in all devices is 1024 (for example, 64 devices with 16 counters each).'),
  }, { description: 'DeviceCounterConsumption defines a set of counters that a device will consume from a CounterSet.' });

  const DeviceTaint = object(prefix + 'DeviceTaint', {
    key: string().proto(1).required().keepEmpty().doc('The taint key to be applied to a device. Must be a label name.'),
    value: string().proto(2).doc('The taint value corresponding to the taint key. Must be a label value.'),
    effect: string().proto(3).required().keepEmpty().doc('The effect of the taint on claims that do not tolerate the taint and through such claims on the pods using them. Valid effects are NoSchedule and NoExecute. PreferNoSchedule as used for nodes is not valid here.'),
    timeAdded: time().proto(4).optional().doc('TimeAdded represents the time at which the taint was added. Added automatically during create or update if not set.'),
  }, { description: 'The device this taint is attached to has the "effect" on any claim which does not tolerate the taint and, through the claim, to pods using the claim.' });

  const Device = object(prefix + 'Device', {
    name: string().proto(1).required().keepEmpty().doc('Name is unique identifier among all devices managed by the driver in the pool. It must be a DNS label.'),
    attributes: map(DeviceAttribute).proto(2).optional().doc('Attributes defines the set of attributes for this device. The name of each attribute must be unique in that set.  The maximum number of attributes and capacities combined is 32.'),
    capacity: map(DeviceCapacity).proto(3).optional().doc('Capacity defines the set of capacities for this device. The name of each capacity must be unique in that set.  The maximum number of attributes and capacities combined is 32.'),
    consumesCounters: list(DeviceCounterConsumption, { listType: 'atomic' }).proto(4).optional().doc('ConsumesCounters defines a list of references to sharedCounters and the set of counters that the device will consume from those counter sets.  There can only be a single entry per counterSet.  The total number of device counter consumption entries must be <= 32. In addition, the total number in the entire ResourceSlice must be <= 1024 (for example, 64 devices with 16 counters each).'),
    nodeName: string().proto(5).optional().doc('NodeName identifies the node where the device is available.  Must only be set if Spec.PerDeviceNodeSelection is set to true. At most one of NodeName, NodeSelector and AllNodes can be set.'),
    nodeSelector: NodeSelector.proto(6).optional(),
    allNodes: bool().proto(7).optional().doc('AllNodes indicates that all nodes have access to the device.  Must only be set if Spec.PerDeviceNodeSelection is set to true. At most one of NodeName, NodeSelector and AllNodes can be set.'),
    taints: list(DeviceTaint, { listType: 'atomic' }).proto(8).optional().doc('If specified, these are the driver-defined taints.  The maximum number of taints is 4.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
    bindsToNode: bool().proto(9).optional().doc('BindsToNode indicates if the usage of an allocation involving this device has to be limited to exactly the node that was chosen when allocating the claim. If set to true, the scheduler will set the ResourceClaim.Status.Allocation.NodeSelector to match the node where the allocation was made.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
    bindingConditions: list(string(), { listType: 'atomic' }).proto(10).optional().doc('BindingConditions defines the conditions for proceeding with binding. All of these conditions must be set in the per-device status conditions with a value of True to proceed with binding the pod to the node while scheduling the pod.  The maximum number of binding conditions is 4.  The conditions must be a valid condition type string.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
    bindingFailureConditions: list(string(), { listType: 'atomic' }).proto(11).optional().doc('BindingFailureConditions defines the conditions for binding failure. They may be set in the per-device status conditions. If any is set to "True", a binding failure occurred.  The maximum number of binding failure conditions is 4.  The conditions must be a valid condition type string.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
    allowMultipleAllocations: bool().proto(12).optional().doc('AllowMultipleAllocations marks whether the device is allowed to be allocated to multiple DeviceRequests.  If AllowMultipleAllocations is set to true, the device can be allocated more than once, and all of its capacity is consumable, regardless of whether the requestPolicy is defined or not.'),
  }, { description: 'Device represents one individual hardware instance that can be selected based on its attributes. Besides the name, exactly one field must be set.' });

  const ResourcePool = object(prefix + 'ResourcePool', {
    name: string().proto(1).required().keepEmpty().doc('Name is used to identify the pool. For node-local devices, this is often the node name, but this is not required.\n\nIt must not be longer than 253 characters and must consist of one or more DNS sub-domains separated by slashes. This field is immutable.'),
    generation: int64().proto(2).required().keepEmpty().doc('Generation tracks the change in a pool over time. Whenever a driver changes something about one or more of the resources in a pool, it must change the generation in all ResourceSlices which are part of that pool. Consumers of ResourceSlices should only consider resources from the pool with the highest generation number. The generation may be reset by drivers, which should be fine for consumers, assuming that all ResourceSlices in a pool are updated to match or deleted.\n\nCombined with ResourceSliceCount, this mechanism enables consumers to detect pools which are comprised of multiple ResourceSlices and are in an incomplete state.'),
    resourceSliceCount: int64().proto(3).required().keepEmpty().doc('ResourceSliceCount is the total number of ResourceSlices in the pool at this generation number. Must be greater than zero.\n\nConsumers can use this to check whether they have seen all ResourceSlices belonging to the same pool.'),
  }, { description: 'ResourcePool describes the pool that ResourceSlices belong to.' });

  const ResourceSliceSpec = object(prefix + 'ResourceSliceSpec', {
    driver: string().proto(1).required().keepEmpty().doc('Driver identifies the DRA driver providing the capacity information. A field selector can be used to list only ResourceSlice objects with a certain driver name.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver. This field is immutable.'),
    pool: ResourcePool.proto(2).required().keepEmpty().doc('Pool describes the pool that this ResourceSlice belongs to.'),
    nodeName: string().proto(3).optional().doc('NodeName identifies the node which provides the resources in this pool. A field selector can be used to list only ResourceSlice objects belonging to a certain node.  This field can be used to limit access from nodes to ResourceSlices with the same node name. It also indicates to autoscalers that adding new nodes of the same type as some old node might also make new resources available.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set. This field is immutable.'),
    nodeSelector: NodeSelector.proto(4).optional().doc('NodeSelector defines which nodes have access to the resources in the pool, when that pool is not limited to a single node.\n\nMust use exactly one term.\n\nExactly one of NodeName, NodeSelector and AllNodes must be set.'),
    allNodes: bool().proto(5).optional().doc('AllNodes indicates that all nodes have access to the resources in the pool.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set.'),
    devices: list(Device, { listType: 'atomic' }).proto(6).optional().keepEmpty().doc('Devices lists some or all of the devices in this pool.\n\nMust not have more than 128 entries.'),
    perDeviceNodeSelection: bool().proto(7).optional().doc('PerDeviceNodeSelection defines whether the access from nodes to resources in the pool is set on the ResourceSlice level or on each device. If it is set to true, every device defined the ResourceSlice must specify this individually.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set.'),
    sharedCounters: list(CounterSet, { listType: 'atomic' }).proto(8).optional().doc('SharedCounters defines a list of counter sets, each of which has a name and a list of counters available.  The names of the SharedCounters must be unique in the ResourceSlice.  The maximum number of counters in all sets is 32.'),
  }, { description: 'ResourceSliceSpec contains the information published by the driver in one ResourceSlice.' });

  const ResourceSlice = object(prefix + 'ResourceSlice', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
    spec: ResourceSliceSpec.proto(2).required().keepEmpty().doc('Contains the information published by the driver.\n\nChanging the spec automatically increments the metadata.generation number.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceSlice', version }] }, description: 'ResourceSlice represents one or more resources in a pool of similar resources, managed by a common driver. A pool may span more than one ResourceSlice, and exactly how many ResourceSlices comprise a pool is determined by the driver.\n\nAt the moment, the only supported resources are devices with attributes and capacities. Each device in a given pool, regardless of how many ResourceSlices, must have a unique name. The ResourceSlice in which a device gets published may change over time. The unique identifier for a device is the tuple <driver name>, <pool name>, <device name>.\n\nWhenever a driver needs to update a pool, it increments the pool.Spec.Pool.Generation number and updates all ResourceSlices with that new number and new resource definitions. A consumer must only use ResourceSlices with the highest generation number and ignore all others.\n\nWhen allocating all resources in a pool matching certain criteria or when looking for the best solution among several different alternatives, a consumer should check the number of ResourceSlices in a pool (included in each ResourceSlice) to determine whether its view of a pool is complete and if not, should wait until the driver has completed updating the pool.\n\nFor resources that are not local to a node, the node name is not set. Instead, the driver may use a node selector to specify where the devices are available.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });
  return {
    OpaqueDeviceConfiguration, DeviceConfiguration, DeviceClassConfiguration, CELDeviceSelector, DeviceSelector, DeviceClassSpec,
    DeviceClass, DeviceClaimConfiguration, DeviceConstraint, CapacityRequirements, DeviceToleration, DeviceSubRequest,
    ExactDeviceRequest, DeviceRequest, DeviceClaim, ResourceClaimSpec, NetworkDeviceData, AllocatedDeviceStatus,
    DeviceAllocationConfiguration, DeviceRequestAllocationResult, DeviceAllocationResult, AllocationResult, ResourceClaimConsumerReference, ResourceClaimStatus,
    ResourceClaim, ResourceClaimTemplateSpec, ResourceClaimTemplate, Counter, CounterSet, DeviceAttribute,
    CapacityRequestPolicyRange, CapacityRequestPolicy, DeviceCapacity, DeviceCounterConsumption, DeviceTaint, Device,
    ResourcePool, ResourceSliceSpec, ResourceSlice,
  };
}

export const {
  OpaqueDeviceConfiguration, DeviceConfiguration, DeviceClassConfiguration, CELDeviceSelector, DeviceSelector,
  DeviceClassSpec, DeviceClass, DeviceClaimConfiguration, DeviceConstraint, CapacityRequirements,
  DeviceToleration, DeviceSubRequest, ExactDeviceRequest, DeviceRequest, DeviceClaim,
  ResourceClaimSpec, NetworkDeviceData, AllocatedDeviceStatus, DeviceAllocationConfiguration, DeviceRequestAllocationResult,
  DeviceAllocationResult, AllocationResult, ResourceClaimConsumerReference, ResourceClaimStatus, ResourceClaim,
  ResourceClaimTemplateSpec, ResourceClaimTemplate, Counter, CounterSet, DeviceAttribute,
  CapacityRequestPolicyRange, CapacityRequestPolicy, DeviceCapacity, DeviceCounterConsumption, DeviceTaint,
  Device, ResourcePool, ResourceSliceSpec, ResourceSlice,
} = deviceResourceTypes(G, 'v1');

export const {
  OpaqueDeviceConfiguration: OpaqueDeviceConfigurationV1beta2, DeviceConfiguration: DeviceConfigurationV1beta2, DeviceClassConfiguration: DeviceClassConfigurationV1beta2,
  CELDeviceSelector: CELDeviceSelectorV1beta2, DeviceSelector: DeviceSelectorV1beta2, DeviceClassSpec: DeviceClassSpecV1beta2,
  DeviceClass: DeviceClassV1beta2, DeviceClaimConfiguration: DeviceClaimConfigurationV1beta2, DeviceConstraint: DeviceConstraintV1beta2,
  CapacityRequirements: CapacityRequirementsV1beta2, DeviceToleration: DeviceTolerationV1beta2, DeviceSubRequest: DeviceSubRequestV1beta2,
  ExactDeviceRequest: ExactDeviceRequestV1beta2, DeviceRequest: DeviceRequestV1beta2, DeviceClaim: DeviceClaimV1beta2,
  ResourceClaimSpec: ResourceClaimSpecV1beta2, NetworkDeviceData: NetworkDeviceDataV1beta2, AllocatedDeviceStatus: AllocatedDeviceStatusV1beta2,
  DeviceAllocationConfiguration: DeviceAllocationConfigurationV1beta2, DeviceRequestAllocationResult: DeviceRequestAllocationResultV1beta2, DeviceAllocationResult: DeviceAllocationResultV1beta2,
  AllocationResult: AllocationResultV1beta2, ResourceClaimConsumerReference: ResourceClaimConsumerReferenceV1beta2, ResourceClaimStatus: ResourceClaimStatusV1beta2,
  ResourceClaim: ResourceClaimV1beta2, ResourceClaimTemplateSpec: ResourceClaimTemplateSpecV1beta2, ResourceClaimTemplate: ResourceClaimTemplateV1beta2,
  Counter: CounterV1beta2, CounterSet: CounterSetV1beta2, DeviceAttribute: DeviceAttributeV1beta2,
  CapacityRequestPolicyRange: CapacityRequestPolicyRangeV1beta2, CapacityRequestPolicy: CapacityRequestPolicyV1beta2, DeviceCapacity: DeviceCapacityV1beta2,
  DeviceCounterConsumption: DeviceCounterConsumptionV1beta2, DeviceTaint: DeviceTaintV1beta2, Device: DeviceV1beta2,
  ResourcePool: ResourcePoolV1beta2, ResourceSliceSpec: ResourceSliceSpecV1beta2, ResourceSlice: ResourceSliceV1beta2,
} = deviceResourceTypes(G1BETA2, 'v1beta2');

export const {
  OpaqueDeviceConfiguration: OpaqueDeviceConfigurationV1beta1, DeviceConfiguration: DeviceConfigurationV1beta1, DeviceClassConfiguration: DeviceClassConfigurationV1beta1,
  CELDeviceSelector: CELDeviceSelectorV1beta1, DeviceSelector: DeviceSelectorV1beta1, DeviceClassSpec: DeviceClassSpecV1beta1,
  DeviceClass: DeviceClassV1beta1, DeviceClaimConfiguration: DeviceClaimConfigurationV1beta1, DeviceConstraint: DeviceConstraintV1beta1,
  CapacityRequirements: CapacityRequirementsV1beta1, DeviceToleration: DeviceTolerationV1beta1,
} = deviceClassTypes(G1BETA1, 'v1beta1');

export const DeviceSubRequestV1beta1 = object(G1BETA1 + 'DeviceSubRequest', {
  name: string().proto(1).required().keepEmpty().doc('Name can be used to reference this subrequest in the list of constraints or the list of configurations for the claim. References must use the format <main request>/<subrequest>.  Must be a DNS label.'),
  deviceClassName: string().proto(2).required().keepEmpty().doc('DeviceClassName references a specific DeviceClass, which can define additional configuration and selectors to be inherited by this subrequest.  A class is required. Which classes are available depends on the cluster.  Administrators may use this to restrict which devices may get requested by only installing classes with selectors for permitted devices. If users are free to request anything without restrictions, then administrators can create an empty DeviceClass for users to reference.'),
  selectors: list(DeviceSelectorV1beta1, { listType: 'atomic' }).proto(3).optional().doc('Selectors define criteria which must be satisfied by a specific device in order for that device to be considered for this subrequest. All selectors must be satisfied for a device to be considered.'),
  allocationMode: string().proto(4).doc('AllocationMode and its related fields define how devices are allocated to satisfy this subrequest. Supported values are:  - ExactCount: This request is for a specific number of devices.   This is the default. The exact number is provided in the   count field.  - All: This subrequest is for all of the matching devices in a pool.   Allocation will fail if some devices are already allocated,   unless adminAccess is requested.  If AllocationMode is not specified, the default mode is ExactCount. If the mode is ExactCount and count is not specified, the default count is one. Any other subrequests must specify this field.  More modes may get added in the future. Clients must refuse to handle requests with unknown modes.'),
  count: int64().proto(5).doc('Count is used only when the count mode is "ExactCount". Must be greater than zero. If AllocationMode is ExactCount and this field is not specified, the default is one.'),
  tolerations: list(DeviceTolerationV1beta1, { listType: 'atomic' }).proto(7).optional().doc('If specified, the request\'s tolerations.  Tolerations for NoSchedule are required to allocate a device which has a taint with that effect. The same applies to NoExecute.  In addition, should any of the allocated devices get tainted with NoExecute after allocation and that effect is not tolerated, then all pods consuming the ResourceClaim get deleted to evict them. The scheduler will not let new pods reserve the claim while it has these tainted devices. Once all pods are evicted, the claim will get deallocated.  The maximum number of tolerations is 16.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
  capacity: CapacityRequirementsV1beta1.proto(8).optional(),
}, { description: 'DeviceSubRequest describes a request for device provided in the claim.spec.devices.requests[].firstAvailable array. Each is typically a request for a single resource like a device, but can also ask for several identical devices.  DeviceSubRequest is similar to Request, but doesn\'t expose the AdminAccess or FirstAvailable fields, as those can only be set on the top-level request. AdminAccess is not supported for requests with a prioritized list, and recursive FirstAvailable fields are not supported.' });

export const DeviceRequestV1beta1 = object(G1BETA1 + 'DeviceRequest', {
  name: string().proto(1).required().keepEmpty().doc('Name can be used to reference this request in a pod.spec.containers[].resources.claims entry and in a constraint of the claim.  Must be a DNS label and unique among all DeviceRequests in a ResourceClaim.'),
  deviceClassName: string().proto(2).keepEmpty().doc('DeviceClassName references a specific DeviceClass, which can define additional configuration and selectors to be inherited by this request.  A class is required if no subrequests are specified in the firstAvailable list and no class can be set if subrequests are specified in the firstAvailable list. Which classes are available depends on the cluster.  Administrators may use this to restrict which devices may get requested by only installing classes with selectors for permitted devices. If users are free to request anything without restrictions, then administrators can create an empty DeviceClass for users to reference.'),
  selectors: list(DeviceSelectorV1beta1, { listType: 'atomic' }).proto(3).optional().doc('Selectors define criteria which must be satisfied by a specific device in order for that device to be considered for this request. All selectors must be satisfied for a device to be considered.  This field can only be set when deviceClassName is set and no subrequests are specified in the firstAvailable list.'),
  allocationMode: string().proto(4).doc('AllocationMode and its related fields define how devices are allocated to satisfy this request. Supported values are:  - ExactCount: This request is for a specific number of devices.   This is the default. The exact number is provided in the   count field.  - All: This request is for all of the matching devices in a pool.   At least one device must exist on the node for the allocation to succeed.   Allocation will fail if some devices are already allocated,   unless adminAccess is requested.  If AllocationMode is not specified, the default mode is ExactCount. If the mode is ExactCount and count is not specified, the default count is one. Any other requests must specify this field.  This field can only be set when deviceClassName is set and no subrequests are specified in the firstAvailable list.  More modes may get added in the future. Clients must refuse to handle requests with unknown modes.'),
  count: int64().proto(5).doc('Count is used only when the count mode is "ExactCount". Must be greater than zero. If AllocationMode is ExactCount and this field is not specified, the default is one.  This field can only be set when deviceClassName is set and no subrequests are specified in the firstAvailable list.'),
  adminAccess: bool().proto(6).optional().doc('AdminAccess indicates that this is a claim for administrative access to the device(s). Claims with AdminAccess are expected to be used for monitoring or other management services for a device.  They ignore all ordinary claims to the device with respect to access modes and any resource allocations.  This field can only be set when deviceClassName is set and no subrequests are specified in the firstAvailable list.  This is an alpha field and requires enabling the DRAAdminAccess feature gate. Admin access is disabled if this field is unset or set to false, otherwise it is enabled.'),
  firstAvailable: list(DeviceSubRequestV1beta1, { listType: 'atomic' }).proto(7).optional().doc('FirstAvailable contains subrequests, of which exactly one will be satisfied by the scheduler to satisfy this request. It tries to satisfy them in the order in which they are listed here. So if there are two entries in the list, the scheduler will only check the second one if it determines that the first one cannot be used.  This field may only be set in the entries of DeviceClaim.Requests.  DRA does not yet implement scoring, so the scheduler will select the first set of devices that satisfies all the requests in the claim. And if the requirements can be satisfied on more than one node, other scheduling features will determine which node is chosen. This means that the set of devices allocated to a claim might not be the optimal set available to the cluster. Scoring will be implemented later.'),
  tolerations: list(DeviceTolerationV1beta1, { listType: 'atomic' }).proto(8).optional().doc('If specified, the request\'s tolerations.  Tolerations for NoSchedule are required to allocate a device which has a taint with that effect. The same applies to NoExecute.  In addition, should any of the allocated devices get tainted with NoExecute after allocation and that effect is not tolerated, then all pods consuming the ResourceClaim get deleted to evict them. The scheduler will not let new pods reserve the claim while it has these tainted devices. Once all pods are evicted, the claim will get deallocated.  The maximum number of tolerations is 16.  This field can only be set when deviceClassName is set and no subrequests are specified in the firstAvailable list.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
  capacity: CapacityRequirementsV1beta1.proto(9).optional(),
}, { description: 'DeviceRequest is a request for devices required for a claim. This is typically a request for a single resource like a device, but can also ask for several identical devices.' });

export const DeviceClaimV1beta1 = object(G1BETA1 + 'DeviceClaim', {
  requests: list(DeviceRequestV1beta1, { listType: 'atomic' }).proto(1).optional().keepEmpty().doc('Requests represent individual requests for distinct devices which must all be satisfied. If empty, nothing needs to be allocated.'),
  constraints: list(DeviceConstraintV1beta1, { listType: 'atomic' }).proto(2).optional().doc('These constraints must be satisfied by the set of devices that get allocated for the claim.'),
  config: list(DeviceClaimConfigurationV1beta1, { listType: 'atomic' }).proto(3).optional().doc('This field holds configuration for multiple potential drivers which could satisfy requests in this claim. It is ignored while allocating the claim.'),
}, { description: 'DeviceClaim defines how to request devices with a ResourceClaim.' });

export const ResourceClaimSpecV1beta1 = object(G1BETA1 + 'ResourceClaimSpec', {
  devices: DeviceClaimV1beta1.proto(1).keepEmpty().doc('Devices defines how to request devices.'),
}, { description: 'ResourceClaimSpec defines what is being requested in a ResourceClaim and how to configure it.' });

export const NetworkDeviceDataV1beta1 = object(G1BETA1 + 'NetworkDeviceData', {
  interfaceName: string().proto(1).doc('InterfaceName specifies the name of the network interface associated with the allocated device. This might be the name of a physical or virtual network interface being configured in the pod.\n\nMust not be longer than 256 characters.'),
  ips: list(string(), { listType: 'atomic' }).proto(2).optional().doc('IPs lists the network addresses assigned to the device\'s network interface. This can include both IPv4 and IPv6 addresses. The IPs are in the CIDR notation, which includes both the address and the associated subnet mask. e.g.: "192.0.2.5/24" for IPv4 and "2001:db8::5/64" for IPv6.  Must not contain more than 16 entries.'),
  hardwareAddress: string().proto(3).doc('HardwareAddress represents the hardware address (e.g. MAC Address) of the device\'s network interface.\n\nMust not be longer than 128 characters.'),
}, { description: 'NetworkDeviceData provides network-related details for the allocated device. This information may be filled by drivers or other components to configure or identify the device within a network context.' });

export const AllocatedDeviceStatusV1beta1 = object(G1BETA1 + 'AllocatedDeviceStatus', {
  driver: string().proto(1).required().keepEmpty().doc('Driver specifies the name of the DRA driver whose kubelet plugin should be invoked to process the allocation once the claim is needed on a node.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver.'),
  pool: string().proto(2).required().keepEmpty().doc('This name together with the driver name and the device name field identify which device was allocated (`<driver name>/<pool name>/<device name>`).\n\nMust not be longer than 253 characters and may contain one or more DNS sub-domains separated by slashes.'),
  device: string().proto(3).required().keepEmpty().doc('Device references one device instance via its name in the driver\'s resource pool. It must be a DNS label.'),
  shareID: string().proto(7).optional().doc('ShareID uniquely identifies an individual allocation share of the device.'),
  conditions: list(Condition, { listType: 'map', listMapKeys: ['type'] }).proto(4).optional().keepEmpty().doc('Conditions contains the latest observation of the device\'s state. If the device has been configured according to the class and claim config references, the `Ready` condition should be True.  Must not contain more than 8 entries.'),
  data: rawExtension().proto(5).optional().doc('Data contains arbitrary driver-specific data.\n\nThe length of the raw data must be smaller or equal to 10 Ki.'),
  networkData: NetworkDeviceDataV1beta1.proto(6).optional().doc('NetworkData contains network-related information specific to the device.'),
}, { description: 'AllocatedDeviceStatus contains the status of an allocated device, if the driver chooses to report it. This may include driver-specific information.  The combination of Driver, Pool, Device, and ShareID must match the corresponding key in Status.Allocation.Devices.' });

export const DeviceAllocationConfigurationV1beta1 = object(G1BETA1 + 'DeviceAllocationConfiguration', {
  source: string().proto(1).required().keepEmpty().doc('Source records whether the configuration comes from a class and thus is not something that a normal user would have been able to set or from a claim.'),
  requests: list(string(), { listType: 'atomic' }).proto(2).optional().doc('Requests lists the names of requests where the configuration applies. If empty, its applies to all requests.  References to subrequests must include the name of the main request and may include the subrequest using the format <main request>[/<subrequest>]. If just the main request is given, the configuration applies to all subrequests.'),
  opaque: OpaqueDeviceConfigurationV1beta1.proto(1).optional().doc('Opaque provides driver-specific configuration parameters.'),
}, { protoEmbedded: [{ number: 3, name: 'deviceConfiguration', type: DeviceConfigurationV1beta1 }], description: 'DeviceAllocationConfiguration gets embedded in an AllocationResult.' });

export const DeviceRequestAllocationResultV1beta1 = object(G1BETA1 + 'DeviceRequestAllocationResult', {
  request: string().proto(1).required().keepEmpty().doc('Request is the name of the request in the claim which caused this device to be allocated. If it references a subrequest in the firstAvailable list on a DeviceRequest, this field must include both the name of the main request and the subrequest using the format <main request>/<subrequest>.  Multiple devices may have been allocated per request.'),
  driver: string().proto(2).required().keepEmpty().doc('Driver specifies the name of the DRA driver whose kubelet plugin should be invoked to process the allocation once the claim is needed on a node.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver.'),
  pool: string().proto(3).required().keepEmpty().doc('This name together with the driver name and the device name field identify which device was allocated (`<driver name>/<pool name>/<device name>`).\n\nMust not be longer than 253 characters and may contain one or more DNS sub-domains separated by slashes.'),
  device: string().proto(4).required().keepEmpty().doc('Device references one device instance via its name in the driver\'s resource pool. It must be a DNS label.'),
  adminAccess: bool().proto(5).optional().doc('AdminAccess indicates that this device was allocated for administrative access. See the corresponding request field for a definition of mode.\n\nThis is an alpha field and requires enabling the DRAAdminAccess feature gate. Admin access is disabled if this field is unset or set to false, otherwise it is enabled.'),
  tolerations: list(DeviceTolerationV1beta1, { listType: 'atomic' }).proto(6).optional().doc('A copy of all tolerations specified in the request at the time when the device got allocated.  The maximum number of tolerations is 16.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
  bindingConditions: list(string(), { listType: 'atomic' }).proto(7).optional().doc('BindingConditions contains a copy of the BindingConditions from the corresponding ResourceSlice at the time of allocation.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
  bindingFailureConditions: list(string(), { listType: 'atomic' }).proto(8).optional().doc('BindingFailureConditions contains a copy of the BindingFailureConditions from the corresponding ResourceSlice at the time of allocation.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
  shareID: string().proto(9).optional().doc('ShareID uniquely identifies an individual allocation share of the device, used when the device supports multiple simultaneous allocations. It serves as an additional map key to differentiate concurrent shares of the same device.'),
  consumedCapacity: map(quantity()).proto(10).optional().doc('ConsumedCapacity tracks the amount of capacity consumed per device as part of the claim request. The consumed amount may differ from the requested amount: it is rounded up to the nearest valid value based on the device’s requestPolicy if applicable (i.e., may not be less than the requested amount).  The total consumed capacity for each device must not exceed the DeviceCapacity\'s Value.  This field is populated only for devices that allow multiple allocations. All capacity entries are included, even if the consumed amount is zero.'),
}, { description: 'DeviceRequestAllocationResult contains the allocation result for one request.' });

export const DeviceAllocationResultV1beta1 = object(G1BETA1 + 'DeviceAllocationResult', {
  results: list(DeviceRequestAllocationResultV1beta1, { listType: 'atomic' }).proto(1).optional().doc('Results lists all allocated devices.'),
  config: list(DeviceAllocationConfigurationV1beta1, { listType: 'atomic' }).proto(2).optional().doc('This field is a combination of all the claim and class configuration parameters. Drivers can distinguish between those based on a flag.\n\nThis includes configuration parameters for drivers which have no allocated devices in the result because it is up to the drivers which configuration parameters they support. They can silently ignore unknown configuration parameters.'),
}, { description: 'DeviceAllocationResult is the result of allocating devices.' });

export const AllocationResultV1beta1 = object(G1BETA1 + 'AllocationResult', {
  devices: DeviceAllocationResultV1beta1.proto(1).doc('Devices is the result of allocating devices.'),
  nodeSelector: NodeSelector.proto(3).optional().doc('NodeSelector defines where the allocated resources are available. If unset, they are available everywhere.'),
  allocationTimestamp: time().proto(5).optional().doc('AllocationTimestamp stores the time when the resources were allocated. This field is not guaranteed to be set, in which case that time is unknown.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gate.'),
}, { description: 'AllocationResult contains attributes of an allocated resource.' });

export const ResourceClaimConsumerReferenceV1beta1 = object(G1BETA1 + 'ResourceClaimConsumerReference', {
  apiGroup: string().proto(1).doc('APIGroup is the group for the resource being referenced. It is empty for the core API. This matches the group in the APIVersion that is used when creating the resources.'),
  resource: string().proto(3).required().keepEmpty().doc('Resource is the type of resource being referenced, for example "pods".'),
  name: string().proto(4).required().keepEmpty().doc('Name is the name of resource being referenced.'),
  uid: string().proto(5).required().keepEmpty().doc('UID identifies exactly one incarnation of the resource.'),
}, { description: 'ResourceClaimConsumerReference contains enough information to let you locate the consumer of a ResourceClaim. The user must be a resource in the same namespace as the ResourceClaim.' });

export const ResourceClaimStatusV1beta1 = object(G1BETA1 + 'ResourceClaimStatus', {
  allocation: AllocationResultV1beta1.proto(1).optional().doc('Allocation is set once the claim has been allocated successfully.'),
  reservedFor: list(ResourceClaimConsumerReferenceV1beta1, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }).proto(2).optional().doc('ReservedFor indicates which entities are currently allowed to use the claim. A Pod which references a ResourceClaim which is not reserved for that Pod will not be started. A claim that is in use or might be in use because it has been reserved must not get deallocated.  In a cluster with multiple scheduler instances, two pods might get scheduled concurrently by different schedulers. When they reference the same ResourceClaim which already has reached its maximum number of consumers, only one pod can be scheduled.  Both schedulers try to add their pod to the claim.status.reservedFor field, but only the update that reaches the API server first gets stored. The other one fails with an error and the scheduler which issued it knows that it must put the pod back into the queue, waiting for the ResourceClaim to become usable again.  There can be at most 256 such reservations. This may get increased in the future, but not reduced.'),
  devices: list(AllocatedDeviceStatusV1beta1, { listType: 'map', listMapKeys: ['driver','device','pool','shareID'] }).proto(4).optional().doc('Devices contains the status of each device allocated for this claim, as reported by the driver. This can include driver-specific information. Entries are owned by their respective drivers.'),
}, { description: 'ResourceClaimStatus tracks whether the resource has been allocated and what the result of that was.' });

export const ResourceClaimV1beta1 = object(G1BETA1 + 'ResourceClaim', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
  spec: ResourceClaimSpecV1beta1.proto(2).required().keepEmpty().doc('Spec describes what is being requested and how to configure it. The spec is immutable.'),
  status: ResourceClaimStatusV1beta1.proto(3).doc('Status describes whether the claim is ready to use and what has been allocated.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceClaim', version: 'v1beta1' }] }, description: 'ResourceClaim describes a request for access to resources in the cluster, for use by workloads. For example, if a workload needs an accelerator device with specific properties, this is how that request is expressed. The status stanza tracks whether this claim has been satisfied and what specific resources have been allocated.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

export const ResourceClaimTemplateSpecV1beta1 = object(G1BETA1 + 'ResourceClaimTemplateSpec', {
  metadata: ObjectMeta.proto(1).doc('ObjectMeta may contain labels and annotations that will be copied into the ResourceClaim when creating it. No other fields are allowed and will be rejected during validation.'),
  spec: ResourceClaimSpecV1beta1.proto(2).required().keepEmpty().doc('Spec for the ResourceClaim. The entire content is copied unchanged into the ResourceClaim that gets created from this template. The same fields as in a ResourceClaim are also valid here.'),
}, { description: 'ResourceClaimTemplateSpec contains the metadata and fields for a ResourceClaim.' });

export const ResourceClaimTemplateV1beta1 = object(G1BETA1 + 'ResourceClaimTemplate', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
  spec: ResourceClaimTemplateSpecV1beta1.proto(2).required().keepEmpty().doc('Describes the ResourceClaim that is to be generated.\n\nThis field is immutable. A ResourceClaim will get created by the control plane for a Pod when needed and then not get updated anymore.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceClaimTemplate', version: 'v1beta1' }] }, description: 'ResourceClaimTemplate is used to produce ResourceClaim objects.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

export const CounterV1beta1 = object(G1BETA1 + 'Counter', {
  value: quantity().proto(1).required().keepEmpty().doc('Value defines how much of a certain device counter is available.'),
}, { description: 'Counter describes a quantity associated with a device.' });

export const CounterSetV1beta1 = object(G1BETA1 + 'CounterSet', {
  name: string().proto(1).required().keepEmpty().doc('Name defines the name of the counter set. It must be a DNS label.'),
  counters: map(CounterV1beta1).proto(2).required().optional().doc('Counters defines the set of counters for this CounterSet The name of each counter must be unique in that set and must be a DNS label.  The maximum number of counters is 32.'),
}, { description: 'CounterSet defines a named set of counters that are available to be used by devices defined in the ResourceSlice.  The counters are not allocatable by themselves, but can be referenced by devices. When a device is allocated, the portion of counters it uses will no longer be available for use by other devices.' });

export const DeviceAttributeV1beta1 = object(G1BETA1 + 'DeviceAttribute', {
  int: int64().proto(2).optional().doc('IntValue is a number.'),
  bool: bool().proto(3).optional().doc('BoolValue is a true/false value.'),
  string: string().proto(4).optional().doc('StringValue is a string. Must not be longer than 64 characters.'),
  version: string().proto(5).optional().doc('VersionValue is a semantic version according to semver.org spec 2.0.0. Must not be longer than 64 characters.'),
}, { description: 'DeviceAttribute must have exactly one field set.' });

export const CapacityRequestPolicyRangeV1beta1 = object(G1BETA1 + 'CapacityRequestPolicyRange', {
  min: quantity().proto(1).required().optional().doc('Min specifies the minimum capacity allowed for a consumption request.  Min must be greater than or equal to zero, and less than or equal to the capacity value. requestPolicy.default must be more than or equal to the minimum.'),
  max: quantity().proto(2).optional().doc('Max defines the upper limit for capacity that can be requested.  Max must be less than or equal to the capacity value. Min and requestPolicy.default must be less than or equal to the maximum.'),
  step: quantity().proto(3).optional().doc('Step defines the step size between valid capacity amounts within the range.  Max (if set) and requestPolicy.default must be a multiple of Step. Min + Step must be less than or equal to the capacity value.'),
}, { description: 'CapacityRequestPolicyRange defines a valid range for consumable capacity values.    - If the requested amount is less than Min, it is rounded up to the Min value.   - If Step is set and the requested amount is between Min and Max but not aligned with Step,     it will be rounded up to the next value equal to Min + (n * Step).   - If Step is not set, the requested amount is used as-is if it falls within the range Min to Max (if set).   - If the requested or rounded amount exceeds Max (if set), the request does not satisfy the policy,     and the device cannot be allocated.' });

export const CapacityRequestPolicyV1beta1 = object(G1BETA1 + 'CapacityRequestPolicy', {
  default: quantity().proto(1).optional().keepEmpty().doc('Default specifies how much of this capacity is consumed by a request that does not contain an entry for it in DeviceRequest\'s Capacity.'),
  validValues: list(quantity(), { listType: 'atomic' }).proto(3).optional().doc('ValidValues defines a set of acceptable quantity values in consuming requests.  Must not contain more than 10 entries. Must be sorted in ascending order.  If this field is set, Default must be defined and it must be included in ValidValues list.  If the requested amount does not match any valid value but smaller than some valid values, the scheduler calculates the smallest valid value that is greater than or equal to the request. That is: min(ceil(requestedValue) ∈ validValues), where requestedValue ≤ max(validValues).  If the requested amount exceeds all valid values, the request violates the policy, and this device cannot be allocated.'),
  validRange: CapacityRequestPolicyRangeV1beta1.proto(4).optional(),
}, { description: 'CapacityRequestPolicy defines how requests consume device capacity.  Must not set more than one ValidRequestValues.' });

export const DeviceCapacityV1beta1 = object(G1BETA1 + 'DeviceCapacity', {
  value: quantity().proto(1).required().keepEmpty().doc('Value defines how much of a certain capacity that device has.  This field reflects the fixed total capacity and does not change. The consumed amount is tracked separately by scheduler and does not affect this value.'),
  requestPolicy: CapacityRequestPolicyV1beta1.proto(2).optional(),
}, { description: 'DeviceCapacity describes a quantity associated with a device.' });

export const DeviceCounterConsumptionV1beta1 = object(G1BETA1 + 'DeviceCounterConsumption', {
  counterSet: string().proto(1).required().keepEmpty().doc('CounterSet is the name of the set from which the counters defined will be consumed.'),
  counters: map(CounterV1beta1).proto(2).required().optional().doc('Counters defines the counters that will be consumed by the device.  The maximum number counters in a device is 32. In addition, the maximum number of all counters in all devices is 1024 (for example, 64 devices with 16 counters each).'),
}, { description: 'DeviceCounterConsumption defines a set of counters that a device will consume from a CounterSet.' });

export const DeviceTaintV1beta1 = object(G1BETA1 + 'DeviceTaint', {
  key: string().proto(1).required().keepEmpty().doc('The taint key to be applied to a device. Must be a label name.'),
  value: string().proto(2).doc('The taint value corresponding to the taint key. Must be a label value.'),
  effect: string().proto(3).required().keepEmpty().doc('The effect of the taint on claims that do not tolerate the taint and through such claims on the pods using them. Valid effects are NoSchedule and NoExecute. PreferNoSchedule as used for nodes is not valid here.'),
  timeAdded: time().proto(4).optional().doc('TimeAdded represents the time at which the taint was added. Added automatically during create or update if not set.'),
}, { description: 'The device this taint is attached to has the "effect" on any claim which does not tolerate the taint and, through the claim, to pods using the claim.' });

export const BasicDeviceV1beta1 = object(G1BETA1 + 'BasicDevice', {
  attributes: map(DeviceAttributeV1beta1).proto(1).optional().doc('Attributes defines the set of attributes for this device. The name of each attribute must be unique in that set.\n\nThe maximum number of attributes and capacities combined is 32.'),
  capacity: map(DeviceCapacityV1beta1).proto(2).optional().doc('Capacity defines the set of capacities for this device. The name of each capacity must be unique in that set.\n\nThe maximum number of attributes and capacities combined is 32.'),
  consumesCounters: list(DeviceCounterConsumptionV1beta1, { listType: 'atomic' }).proto(3).optional().doc('ConsumesCounters defines a list of references to sharedCounters and the set of counters that the device will consume from those counter sets.  There can only be a single entry per counterSet.  The total number of device counter consumption entries must be <= 32. In addition, the total number in the entire ResourceSlice must be <= 1024 (for example, 64 devices with 16 counters each).'),
  nodeName: string().proto(4).optional().doc('NodeName identifies the node where the device is available.  Must only be set if Spec.PerDeviceNodeSelection is set to true. At most one of NodeName, NodeSelector and AllNodes can be set.'),
  nodeSelector: NodeSelector.proto(5).optional(),
  allNodes: bool().proto(6).optional().doc('AllNodes indicates that all nodes have access to the device.  Must only be set if Spec.PerDeviceNodeSelection is set to true. At most one of NodeName, NodeSelector and AllNodes can be set.'),
  taints: list(DeviceTaintV1beta1, { listType: 'atomic' }).proto(7).optional().doc('If specified, these are the driver-defined taints.  The maximum number of taints is 4.  This is an alpha field and requires enabling the DRADeviceTaints feature gate.'),
  bindsToNode: bool().proto(8).optional().doc('BindsToNode indicates if the usage of an allocation involving this device has to be limited to exactly the node that was chosen when allocating the claim. If set to true, the scheduler will set the ResourceClaim.Status.Allocation.NodeSelector to match the node where the allocation was made.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
  bindingConditions: list(string(), { listType: 'atomic' }).proto(9).optional().doc('BindingConditions defines the conditions for proceeding with binding. All of these conditions must be set in the per-device status conditions with a value of True to proceed with binding the pod to the node while scheduling the pod.  The maximum number of binding conditions is 4.  The conditions must be a valid condition type string.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
  bindingFailureConditions: list(string(), { listType: 'atomic' }).proto(10).optional().doc('BindingFailureConditions defines the conditions for binding failure. They may be set in the per-device status conditions. If any is true, a binding failure occurred.  The maximum number of binding failure conditions is 4.  The conditions must be a valid condition type string.  This is an alpha field and requires enabling the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates.'),
  allowMultipleAllocations: bool().proto(11).optional().doc('AllowMultipleAllocations marks whether the device is allowed to be allocated to multiple DeviceRequests.  If AllowMultipleAllocations is set to true, the device can be allocated more than once, and all of its capacity is consumable, regardless of whether the requestPolicy is defined or not.'),
}, { description: 'BasicDevice defines one device instance.' });

export const DeviceV1beta1 = object(G1BETA1 + 'Device', {
  name: string().proto(1).required().keepEmpty().doc('Name is unique identifier among all devices managed by the driver in the pool. It must be a DNS label.'),
  basic: BasicDeviceV1beta1.proto(2).optional().doc('Basic defines one device instance.'),
}, { description: 'Device represents one individual hardware instance that can be selected based on its attributes. Besides the name, exactly one field must be set.' });

export const ResourcePoolV1beta1 = object(G1BETA1 + 'ResourcePool', {
  name: string().proto(1).required().keepEmpty().doc('Name is used to identify the pool. For node-local devices, this is often the node name, but this is not required.\n\nIt must not be longer than 253 characters and must consist of one or more DNS sub-domains separated by slashes. This field is immutable.'),
  generation: int64().proto(2).required().keepEmpty().doc('Generation tracks the change in a pool over time. Whenever a driver changes something about one or more of the resources in a pool, it must change the generation in all ResourceSlices which are part of that pool. Consumers of ResourceSlices should only consider resources from the pool with the highest generation number. The generation may be reset by drivers, which should be fine for consumers, assuming that all ResourceSlices in a pool are updated to match or deleted.\n\nCombined with ResourceSliceCount, this mechanism enables consumers to detect pools which are comprised of multiple ResourceSlices and are in an incomplete state.'),
  resourceSliceCount: int64().proto(3).required().keepEmpty().doc('ResourceSliceCount is the total number of ResourceSlices in the pool at this generation number. Must be greater than zero.\n\nConsumers can use this to check whether they have seen all ResourceSlices belonging to the same pool.'),
}, { description: 'ResourcePool describes the pool that ResourceSlices belong to.' });

export const ResourceSliceSpecV1beta1 = object(G1BETA1 + 'ResourceSliceSpec', {
  driver: string().proto(1).required().keepEmpty().doc('Driver identifies the DRA driver providing the capacity information. A field selector can be used to list only ResourceSlice objects with a certain driver name.\n\nMust be a DNS subdomain and should end with a DNS domain owned by the vendor of the driver. This field is immutable.'),
  pool: ResourcePoolV1beta1.proto(2).required().keepEmpty().doc('Pool describes the pool that this ResourceSlice belongs to.'),
  nodeName: string().proto(3).doc('NodeName identifies the node which provides the resources in this pool. A field selector can be used to list only ResourceSlice objects belonging to a certain node.  This field can be used to limit access from nodes to ResourceSlices with the same node name. It also indicates to autoscalers that adding new nodes of the same type as some old node might also make new resources available.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set. This field is immutable.'),
  nodeSelector: NodeSelector.proto(4).optional().doc('NodeSelector defines which nodes have access to the resources in the pool, when that pool is not limited to a single node.\n\nMust use exactly one term.\n\nExactly one of NodeName, NodeSelector and AllNodes must be set.'),
  allNodes: bool().proto(5).doc('AllNodes indicates that all nodes have access to the resources in the pool.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set.'),
  devices: list(DeviceV1beta1, { listType: 'atomic' }).proto(6).optional().keepEmpty().doc('Devices lists some or all of the devices in this pool.\n\nMust not have more than 128 entries.'),
  perDeviceNodeSelection: bool().proto(7).optional().doc('PerDeviceNodeSelection defines whether the access from nodes to resources in the pool is set on the ResourceSlice level or on each device. If it is set to true, every device defined the ResourceSlice must specify this individually.  Exactly one of NodeName, NodeSelector, AllNodes, and PerDeviceNodeSelection must be set.'),
  sharedCounters: list(CounterSetV1beta1, { listType: 'atomic' }).proto(8).optional().doc('SharedCounters defines a list of counter sets, each of which has a name and a list of counters available.  The names of the SharedCounters must be unique in the ResourceSlice.  The maximum number of SharedCounters is 32.'),
}, { description: 'ResourceSliceSpec contains the information published by the driver in one ResourceSlice.' });

export const ResourceSliceV1beta1 = object(G1BETA1 + 'ResourceSlice', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata'),
  spec: ResourceSliceSpecV1beta1.proto(2).required().keepEmpty().doc('Contains the information published by the driver.\n\nChanging the spec automatically increments the metadata.generation number.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'ResourceSlice', version: 'v1beta1' }] }, description: 'ResourceSlice represents one or more resources in a pool of similar resources, managed by a common driver. A pool may span more than one ResourceSlice, and exactly how many ResourceSlices comprise a pool is determined by the driver.\n\nAt the moment, the only supported resources are devices with attributes and capacities. Each device in a given pool, regardless of how many ResourceSlices, must have a unique name. The ResourceSlice in which a device gets published may change over time. The unique identifier for a device is the tuple <driver name>, <pool name>, <device name>.\n\nWhenever a driver needs to update a pool, it increments the pool.Spec.Pool.Generation number and updates all ResourceSlices with that new number and new resource definitions. A consumer must only use ResourceSlices with the highest generation number and ignore all others.\n\nWhen allocating all resources in a pool matching certain criteria or when looking for the best solution among several different alternatives, a consumer should check the number of ResourceSlices in a pool (included in each ResourceSlice) to determine whether its view of a pool is complete and if not, should wait until the driver has completed updating the pool.\n\nFor resources that are not local to a node, the node name is not set. Instead, the driver may use a node selector to specify where the devices are available.\n\nThis is an alpha type and requires enabling the DynamicResourceAllocation feature gate.' });

export const DeviceTaintV1alpha3 = object(G1ALPHA3 + 'DeviceTaint', {
  key: string().proto(1).required().keepEmpty().doc('The taint key to be applied to a device. Must be a label name.'),
  value: string().proto(2).doc('The taint value corresponding to the taint key. Must be a label value.'),
  effect: string().proto(3).required().keepEmpty().doc('The effect of the taint on claims that do not tolerate the taint and through such claims on the pods using them. Valid effects are NoSchedule and NoExecute. PreferNoSchedule as used for nodes is not valid here.'),
  timeAdded: time().proto(4).optional().doc('TimeAdded represents the time at which the taint was added. Added automatically during create or update if not set.'),
}, { description: 'The device this taint is attached to has the "effect" on any claim which does not tolerate the taint and, through the claim, to pods using the claim.' });

export const CELDeviceSelectorV1alpha3 = object(G1ALPHA3 + 'CELDeviceSelector', {
  expression: string().proto(1).required().keepEmpty().doc('Expression is a CEL expression which evaluates a single device. It must evaluate to true when the device under consideration satisfies the desired criteria, and false when it does not. Any other result is an error and causes allocation of devices to abort.\n\nThe expression\'s input is an object named "device", which carries the following properties:\n - driver (string): the name of the driver which defines this device.\n - attributes (map[string]object): the device\'s attributes, grouped by prefix\n   (e.g. device.attributes["dra.example.com"] evaluates to an object with all\n   of the attributes which were prefixed by "dra.example.com".\n - capacity (map[string]object): the device\'s capacities, grouped by prefix.\n\nExample: Consider a device with driver="dra.example.com", which exposes two attributes named "model" and "ext.example.com/family" and which exposes one capacity named "modules". This input to this expression would have the following fields:\n\n    device.driver\n    device.attributes["dra.example.com"].model\n    device.attributes["ext.example.com"].family\n    device.capacity["dra.example.com"].modules\n\nThe device.driver field can be used to check for a specific driver, either as a high-level precondition (i.e. you only want to consider devices from this driver) or as part of a multi-clause expression that is meant to consider devices from different drivers.\n\nThe value type of each attribute is defined by the device definition, and users who write these expressions must consult the documentation for their specific drivers. The value type of each capacity is Quantity.\n\nIf an unknown prefix is used as a lookup in either device.attributes or device.capacity, an empty map will be returned. Any reference to an unknown field will cause an evaluation error and allocation to abort.\n\nA robust expression should check for the existence of attributes before referencing them.\n\nFor ease of use, the cel.bind() function is enabled, and can be used to simplify expressions that access multiple attributes with the same domain. For example:\n\n    cel.bind(dra, device.attributes["dra.example.com"], dra.someBool && dra.anotherBool)\n\nThe length of the expression must be smaller or equal to 10 Ki. The cost of evaluating it is also limited based on the estimated number of logical steps.'),
}, { description: 'CELDeviceSelector contains a CEL expression for selecting a device.' });

export const DeviceSelectorV1alpha3 = object(G1ALPHA3 + 'DeviceSelector', {
  cel: CELDeviceSelectorV1alpha3.proto(1).optional().doc('CEL contains a CEL expression for selecting a device.'),
}, { description: 'DeviceSelector must have exactly one field set.' });

export const DeviceTaintSelectorV1alpha3 = object(G1ALPHA3 + 'DeviceTaintSelector', {
  deviceClassName: string().proto(1).optional().doc('If DeviceClassName is set, the selectors defined there must be satisfied by a device to be selected. This field corresponds to class.metadata.name.'),
  driver: string().proto(2).optional().doc('If driver is set, only devices from that driver are selected. This fields corresponds to slice.spec.driver.'),
  pool: string().proto(3).optional().doc('If pool is set, only devices in that pool are selected.  Also setting the driver name may be useful to avoid ambiguity when different drivers use the same pool name, but this is not required because selecting pools from different drivers may also be useful, for example when drivers with node-local devices use the node name as their pool name.'),
  device: string().proto(4).optional().doc('If device is set, only devices with that name are selected. This field corresponds to slice.spec.devices[].name.  Setting also driver and pool may be required to avoid ambiguity, but is not required.'),
  selectors: list(DeviceSelectorV1alpha3, { listType: 'atomic' }).proto(5).optional().doc('Selectors contains the same selection criteria as a ResourceClaim. Currently, CEL expressions are supported. All of these selectors must be satisfied.'),
}, { description: 'DeviceTaintSelector defines which device(s) a DeviceTaintRule applies to. The empty selector matches all devices. Without a selector, no devices are matched.' });

export const DeviceTaintRuleSpecV1alpha3 = object(G1ALPHA3 + 'DeviceTaintRuleSpec', {
  deviceSelector: DeviceTaintSelectorV1alpha3.proto(1).optional(),
  taint: DeviceTaintV1alpha3.proto(2).required(),
}, { description: 'DeviceTaintRuleSpec specifies the selector and one taint.' });

export const DeviceTaintRuleV1alpha3 = object(G1ALPHA3 + 'DeviceTaintRule', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1),
  spec: DeviceTaintRuleSpecV1alpha3.proto(2).required().keepEmpty(),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', kind: 'DeviceTaintRule', version: 'v1alpha3' }] }, description: 'DeviceTaintRule adds one taint to all devices which match the selector. This has the same effect as if the taint was specified directly in the ResourceSlice by the DRA driver.' });

export const resourceSchemas: Record<string, ObjectType> = { DeviceClass, ResourceClaim, ResourceClaimTemplate, ResourceSlice };

export const resourceV1beta2Schemas: Record<string, ObjectType> = { DeviceClass: DeviceClassV1beta2, ResourceClaim: ResourceClaimV1beta2, ResourceClaimTemplate: ResourceClaimTemplateV1beta2, ResourceSlice: ResourceSliceV1beta2 };

export const resourceV1beta1Schemas: Record<string, ObjectType> = { DeviceClass: DeviceClassV1beta1, ResourceClaim: ResourceClaimV1beta1, ResourceClaimTemplate: ResourceClaimTemplateV1beta1, ResourceSlice: ResourceSliceV1beta1 };

export const resourceV1alpha3Schemas: Record<string, ObjectType> = { DeviceTaintRule: DeviceTaintRuleV1alpha3 };
