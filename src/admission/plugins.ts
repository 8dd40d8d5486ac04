// Every admission plugin kube-apiserver v1.34 knows, in its execution order
// (pkg/kubeapiserver/options/plugins.go AllOrderedPlugins), with v1.34's default-enabled
// set. A row without `create` is a plugin skiff does not implement: naming it in
// --enable-admission-plugins stops the server rather than silently admitting.
// Adding a plugin is adding a module under plugins/ and its `create` here.

import { namespaceLifecycle } from './plugins/namespace-lifecycle.js';
import { validatingAdmissionPolicy } from './plugins/validating-admission-policy.js';
import type { PluginRow } from './types.js';

export const ADMISSION_PLUGINS: readonly PluginRow[] = [
  { name: 'AlwaysAdmit', defaultOn: false },
  { name: 'NamespaceAutoProvision', defaultOn: false },
  { name: 'NamespaceLifecycle', defaultOn: true, create: namespaceLifecycle },
  { name: 'NamespaceExists', defaultOn: false },
  { name: 'LimitPodHardAntiAffinityTopology', defaultOn: false },
  { name: 'LimitRanger', defaultOn: true },
  { name: 'ServiceAccount', defaultOn: true },
  { name: 'NodeRestriction', defaultOn: false },
  { name: 'TaintNodesByCondition', defaultOn: true },
  { name: 'AlwaysPullImages', defaultOn: false },
  { name: 'ImagePolicyWebhook', defaultOn: false },
  { name: 'PodSecurity', defaultOn: true },
  { name: 'PodNodeSelector', defaultOn: false },
  { name: 'Priority', defaultOn: true },
  { name: 'DefaultTolerationSeconds', defaultOn: true },
  { name: 'PodTolerationRestriction', defaultOn: false },
  { name: 'EventRateLimit', defaultOn: false },
  { name: 'ExtendedResourceToleration', defaultOn: false },
  { name: 'DefaultStorageClass', defaultOn: true },
  { name: 'StorageObjectInUseProtection', defaultOn: true },
  { name: 'OwnerReferencesPermissionEnforcement', defaultOn: false },
  { name: 'PersistentVolumeClaimResize', defaultOn: true },
  { name: 'RuntimeClass', defaultOn: true },
  { name: 'CertificateApproval', defaultOn: true },
  { name: 'CertificateSigning', defaultOn: true },
  { name: 'ClusterTrustBundleAttest', defaultOn: true },
  { name: 'CertificateSubjectRestriction', defaultOn: true },
  { name: 'DefaultIngressClass', defaultOn: true },
  { name: 'DenyServiceExternalIPs', defaultOn: false },
  { name: 'PodTopologyLabels', defaultOn: true },
  // Webhooks, policies, quota and deny go last, as upstream.
  { name: 'MutatingAdmissionPolicy', defaultOn: true },
  { name: 'MutatingAdmissionWebhook', defaultOn: true },
  { name: 'ValidatingAdmissionPolicy', defaultOn: true, create: validatingAdmissionPolicy },
  { name: 'ValidatingAdmissionWebhook', defaultOn: true },
  { name: 'ResourceQuota', defaultOn: true },
  { name: 'AlwaysDeny', defaultOn: false },
];

export const ADMISSION_PLUGIN_NAMES = ADMISSION_PLUGINS.map((p) => p.name);
export const DEFAULT_ADMISSION_PLUGINS = ADMISSION_PLUGINS.filter((p) => p.defaultOn).map((p) => p.name);
