// Kind-specific validation (spec, status and update rules) of kube-apiserver v1.34,
// looked up by group and kind. Metadata is validated generically elsewhere; these run
// after it, on the defaulted object, and return upstream's field errors in its order.

import type { FieldError } from '../../apimachinery/errors.js';
import type { Obj } from '../../types/kind.js';
import * as admission from './admission.js';
import * as apiregistration from './apiregistration.js';
import * as autoscaling from './autoscaling.js';
import * as certificates from './certificates.js';
import * as coordination from './coordination.js';
import * as mutatingAdmission from './admission-mutating.js';
import * as discovery from './discovery.js';
import * as flowcontrol from './flowcontrol.js';
import * as networking from './networking.js';
import * as persistentVolume from './persistent-volume.js';
import * as node from './node.js';
import * as policy from './policy.js';
import * as quota from './quota.js';
import * as rbac from './rbac.js';
import * as resource from './resource.js';
import * as scheduling from './scheduling.js';
import * as storage from './storage.js';
import { kindValidators as workloadValidators } from './workloads.js';
import { kindValidators as coreValidators } from './core.js';

export interface KindValidators {
  validate?(obj: Obj): FieldError[];
  /** `subresource` names the endpoint written through (status, resize, …), if any. */
  validateUpdate?(obj: Obj, old: Obj, subresource?: string): FieldError[];
}

const both = (validate: (o: Obj) => FieldError[], validateUpdate?: (o: Obj, old: Obj) => FieldError[]): KindValidators => ({
  validate,
  validateUpdate: validateUpdate ?? ((o) => validate(o)),
});

const registry = new Map<string, KindValidators>([
  ['flowcontrol.apiserver.k8s.io/FlowSchema', both(flowcontrol.validateFlowSchema)],
  ['flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration', both(flowcontrol.validatePriorityLevelConfiguration)],
  ['/LimitRange', both(quota.validateLimitRange)],
  ['/ResourceQuota', both(quota.validateResourceQuota, quota.validateResourceQuotaUpdate)],
  ['networking.k8s.io/NetworkPolicy', both(networking.validateNetworkPolicy, networking.validateNetworkPolicyUpdate)],
  ['networking.k8s.io/Ingress', both(networking.validateIngress, networking.validateIngressUpdate)],
  ['networking.k8s.io/IngressClass', both(networking.validateIngressClass, networking.validateIngressClassUpdate)],
  ['storage.k8s.io/StorageClass', both(storage.validateStorageClass, storage.validateStorageClassUpdate)],
  ['storage.k8s.io/CSIStorageCapacity', both(storage.validateCSIStorageCapacity)],
  ['/PersistentVolume', { validate: persistentVolume.validatePersistentVolume, validateUpdate: persistentVolume.validatePersistentVolumeUpdate }],
  ['resource.k8s.io/DeviceClass', both(resource.validateDeviceClass)],
  ['resource.k8s.io/ResourceClaim', { validate: resource.validateResourceClaim, validateUpdate: resource.validateResourceClaimUpdate }],
  ['resource.k8s.io/ResourceClaimTemplate', both(resource.validateResourceClaimTemplate, resource.validateResourceClaimTemplateUpdate)],
  ['resource.k8s.io/ResourceSlice', both(resource.validateResourceSlice, resource.validateResourceSliceUpdate)],
  ['coordination.k8s.io/LeaseCandidate', both(coordination.validateLeaseCandidate)],
  ['storage.k8s.io/CSIDriver', both(storage.validateCSIDriver, storage.validateCSIDriverUpdate)],
  ['storage.k8s.io/CSINode', both(storage.validateCSINode, storage.validateCSINodeUpdate)],
  ['storage.k8s.io/VolumeAttributesClass', both(storage.validateVolumeAttributesClass, storage.validateVolumeAttributesClassUpdate)],
  ['networking.k8s.io/IPAddress', { validate: networking.validateIPAddress, validateUpdate: networking.validateIPAddressUpdate }],
  ['networking.k8s.io/ServiceCIDR', { validate: networking.validateServiceCIDR, validateUpdate: networking.validateServiceCIDRUpdate }],
  ['autoscaling/HorizontalPodAutoscaler', { validate: autoscaling.validateHorizontalPodAutoscaler, validateUpdate: autoscaling.validateHorizontalPodAutoscalerUpdate }],
  ['certificates.k8s.io/CertificateSigningRequest', both(certificates.validateCertificateSigningRequest)],
  ['certificates.k8s.io/ClusterTrustBundle', both(certificates.validateClusterTrustBundle, certificates.validateClusterTrustBundleUpdate)],
  ['apiregistration.k8s.io/APIService', { validate: apiregistration.validateAPIService, validateUpdate: apiregistration.validateAPIServiceUpdate }],
  ['storage.k8s.io/VolumeAttachment', { validate: storage.validateVolumeAttachment, validateUpdate: storage.validateVolumeAttachmentUpdate }],
  ['discovery.k8s.io/EndpointSlice', both(discovery.validateEndpointSlice, discovery.validateEndpointSliceUpdate)],
  ['node.k8s.io/RuntimeClass', both(node.validateRuntimeClass, node.validateRuntimeClassUpdate)],
  ['policy/PodDisruptionBudget', both(policy.validatePodDisruptionBudget, policy.validatePodDisruptionBudgetUpdate)],
  ['admissionregistration.k8s.io/ValidatingAdmissionPolicy', both(admission.validateValidatingAdmissionPolicy, admission.validateValidatingAdmissionPolicyUpdate)],
  ['admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding', both(admission.validateValidatingAdmissionPolicyBinding)],
  ['admissionregistration.k8s.io/ValidatingWebhookConfiguration', both(admission.validateValidatingWebhookConfiguration, admission.validateValidatingWebhookConfigurationUpdate)],
  ['admissionregistration.k8s.io/MutatingAdmissionPolicy', both(mutatingAdmission.validateMutatingAdmissionPolicy, mutatingAdmission.validateMutatingAdmissionPolicyUpdate)],
  ['admissionregistration.k8s.io/MutatingAdmissionPolicyBinding', both(mutatingAdmission.validateMutatingAdmissionPolicyBinding)],
  ['admissionregistration.k8s.io/MutatingWebhookConfiguration', both(admission.validateMutatingWebhookConfiguration, admission.validateMutatingWebhookConfigurationUpdate)],
  ['rbac.authorization.k8s.io/Role', both(rbac.validateRole)],
  ['rbac.authorization.k8s.io/ClusterRole', both(rbac.validateClusterRole, rbac.validateClusterRoleUpdate)],
  ['rbac.authorization.k8s.io/RoleBinding', both(rbac.validateRoleBinding, rbac.validateRoleBindingUpdate)],
  ['rbac.authorization.k8s.io/ClusterRoleBinding', both(rbac.validateClusterRoleBinding, rbac.validateClusterRoleBindingUpdate)],
  ['scheduling.k8s.io/PriorityClass', both(scheduling.validatePriorityClass, scheduling.validatePriorityClassUpdate)],
  ...Object.entries(coreValidators),
  ...Object.entries(workloadValidators),
]);

/**
 * The validation hooks of a kind, to be set as its Strategy's validate/validateUpdate.
 * validateUpdate also serves status updates (it validates spec and status of the new object).
 */
export function validatorsFor(group: string, kind: string): KindValidators | undefined {
  return registry.get(`${group}/${kind}`);
}

/** Group/kind keys ("apps/Deployment", "/Pod") that have validators. */
export function validatedKinds(): string[] {
  return [...registry.keys()];
}
