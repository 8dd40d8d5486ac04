// Every admission plugin kube-apiserver v1.34 knows, in its execution order
// (pkg/kubeapiserver/options/plugins.go AllOrderedPlugins), with v1.34's default-enabled
// set. A row without `create` is a plugin skiff does not implement: naming it in
// --enable-admission-plugins stops the server rather than silently admitting.
// Adding a plugin is adding a module under plugins/ and its `create` here.

import { alwaysAdmit, alwaysDeny } from './plugins/always.js';
import { certificateApproval } from './plugins/certificates/approval.js';
import { certificateSigning } from './plugins/certificates/signing.js';
import { certificateSubjectRestriction } from './plugins/certificates/subject-restriction.js';
import { clusterTrustBundleAttest } from './plugins/certificates/cluster-trust-bundle-attest.js';
import { defaultIngressClass } from './plugins/default-ingress-class.js';
import { defaultStorageClass } from './plugins/default-storage-class.js';
import { defaultTolerationSeconds } from './plugins/default-toleration-seconds.js';
import { denyServiceExternalIPs } from './plugins/deny-service-external-ips.js';
import { limitRanger } from './plugins/limit-ranger.js';
import { mutatingAdmissionPolicy } from './plugins/mutating-admission-policy.js';
import { mutatingAdmissionWebhook } from './plugins/mutating-admission-webhook.js';
import { namespaceLifecycle } from './plugins/namespace-lifecycle.js';
import { nodeRestriction } from './plugins/node-restriction.js';
import { persistentVolumeClaimResize } from './plugins/persistent-volume-claim-resize.js';
import { podSecurity } from './plugins/pod-security.js';
import { priority } from './plugins/priority.js';
import { resourceQuota } from './plugins/resource-quota.js';
import { runtimeClass } from './plugins/runtime-class.js';
import { serviceAccount } from './plugins/service-account.js';
import { storageObjectInUseProtection } from './plugins/storage-object-in-use-protection.js';
import { taintNodesByCondition } from './plugins/taint-nodes-by-condition.js';
import { validatingAdmissionPolicy } from './plugins/validating-admission-policy.js';
import { validatingAdmissionWebhook } from './plugins/validating-admission-webhook.js';
import type { PluginRow } from './types.js';

export const ADMISSION_PLUGINS: readonly PluginRow[] = [
  { name: 'AlwaysAdmit', defaultOn: false, create: () => alwaysAdmit() },
  { name: 'NamespaceAutoProvision', defaultOn: false },
  { name: 'NamespaceLifecycle', defaultOn: true, create: namespaceLifecycle },
  { name: 'NamespaceExists', defaultOn: false },
  { name: 'LimitPodHardAntiAffinityTopology', defaultOn: false },
  { name: 'LimitRanger', defaultOn: true, create: limitRanger },
  { name: 'ServiceAccount', defaultOn: true, create: (deps) => serviceAccount(deps) },
  { name: 'NodeRestriction', defaultOn: false, create: nodeRestriction },
  { name: 'TaintNodesByCondition', defaultOn: true, create: () => taintNodesByCondition() },
  { name: 'AlwaysPullImages', defaultOn: false },
  { name: 'ImagePolicyWebhook', defaultOn: false },
  { name: 'PodSecurity', defaultOn: true, create: podSecurity },
  { name: 'PodNodeSelector', defaultOn: false },
  { name: 'Priority', defaultOn: true, create: priority },
  { name: 'DefaultTolerationSeconds', defaultOn: true, create: () => defaultTolerationSeconds() },
  { name: 'PodTolerationRestriction', defaultOn: false },
  { name: 'EventRateLimit', defaultOn: false },
  { name: 'ExtendedResourceToleration', defaultOn: false },
  { name: 'DefaultStorageClass', defaultOn: true, create: defaultStorageClass },
  { name: 'StorageObjectInUseProtection', defaultOn: true, create: () => storageObjectInUseProtection() },
  { name: 'OwnerReferencesPermissionEnforcement', defaultOn: false },
  { name: 'PersistentVolumeClaimResize', defaultOn: true, create: persistentVolumeClaimResize },
  { name: 'RuntimeClass', defaultOn: true, create: runtimeClass },
  { name: 'CertificateApproval', defaultOn: true, create: certificateApproval },
  { name: 'CertificateSigning', defaultOn: true, create: certificateSigning },
  { name: 'ClusterTrustBundleAttest', defaultOn: true, create: clusterTrustBundleAttest },
  { name: 'CertificateSubjectRestriction', defaultOn: true, create: () => certificateSubjectRestriction() },
  { name: 'DefaultIngressClass', defaultOn: true, create: defaultIngressClass },
  { name: 'DenyServiceExternalIPs', defaultOn: false, create: () => denyServiceExternalIPs() },
  { name: 'PodTopologyLabels', defaultOn: true },
  // Webhooks, policies, quota and deny go last, as upstream.
  { name: 'MutatingAdmissionPolicy', defaultOn: true, create: mutatingAdmissionPolicy },
  { name: 'MutatingAdmissionWebhook', defaultOn: true, create: mutatingAdmissionWebhook },
  { name: 'ValidatingAdmissionPolicy', defaultOn: true, create: validatingAdmissionPolicy },
  { name: 'ValidatingAdmissionWebhook', defaultOn: true, create: validatingAdmissionWebhook },
  { name: 'ResourceQuota', defaultOn: true, create: resourceQuota },
  { name: 'AlwaysDeny', defaultOn: false, create: () => alwaysDeny() },
];

export const ADMISSION_PLUGIN_NAMES = ADMISSION_PLUGINS.map((p) => p.name);
export const DEFAULT_ADMISSION_PLUGINS = ADMISSION_PLUGINS.filter((p) => p.defaultOn).map((p) => p.name);
