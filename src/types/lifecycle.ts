// The API lifecycle of the alpha and beta versions skiff can serve, as upstream's
// generated APILifecycleDeprecated / APILifecycleRemoved / APILifecycleReplacement
// (k8s.io/api v0.34 */zz_generated.prerelease-lifecycle.go). Every other served version
// (GA, or alpha without lifecycle tags) is never deprecated.

import { KUBE_VERSION } from '../metrics/registry.js';

type Release = readonly [major: number, minor: number];

export interface ApiLifecycle {
  deprecated: Release;
  removed?: Release;
  replacement?: { group: string; version: string; kind: string };
}

const VAC_V1 = { group: 'storage.k8s.io', version: 'v1', kind: 'VolumeAttributesClass' };

const LIFECYCLES: Record<string, ApiLifecycle> = {
  'admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicy': { deprecated: [1, 37], removed: [1, 40] },
  'admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicyBinding': { deprecated: [1, 37], removed: [1, 40] },
  'admissionregistration.k8s.io/v1alpha1/MutatingAdmissionPolicy': { deprecated: [1, 35], removed: [1, 38] },
  'admissionregistration.k8s.io/v1alpha1/MutatingAdmissionPolicyBinding': { deprecated: [1, 35], removed: [1, 38] },
  'certificates.k8s.io/v1beta1/ClusterTrustBundle': { deprecated: [1, 36], removed: [1, 39] },
  'certificates.k8s.io/v1alpha1/ClusterTrustBundle': { deprecated: [1, 34], removed: [1, 37] },
  'certificates.k8s.io/v1alpha1/PodCertificateRequest': { deprecated: [1, 37], removed: [1, 40] },
  'coordination.k8s.io/v1beta1/LeaseCandidate': { deprecated: [1, 36], removed: [1, 39] },
  'coordination.k8s.io/v1alpha2/LeaseCandidate': { deprecated: [1, 35], removed: [1, 38] },
  'networking.k8s.io/v1beta1/IPAddress': { deprecated: [1, 34], removed: [1, 37] },
  'networking.k8s.io/v1beta1/ServiceCIDR': { deprecated: [1, 34], removed: [1, 37] },
  'resource.k8s.io/v1beta1/DeviceClass': { deprecated: [1, 35], removed: [1, 38] },
  'resource.k8s.io/v1beta1/ResourceClaim': { deprecated: [1, 35], removed: [1, 38] },
  'resource.k8s.io/v1beta1/ResourceClaimTemplate': { deprecated: [1, 35], removed: [1, 38] },
  'resource.k8s.io/v1beta1/ResourceSlice': { deprecated: [1, 35], removed: [1, 38] },
  'resource.k8s.io/v1beta2/DeviceClass': { deprecated: [1, 36], removed: [1, 39] },
  'resource.k8s.io/v1beta2/ResourceClaim': { deprecated: [1, 36], removed: [1, 39] },
  'resource.k8s.io/v1beta2/ResourceClaimTemplate': { deprecated: [1, 36], removed: [1, 39] },
  'resource.k8s.io/v1beta2/ResourceSlice': { deprecated: [1, 36], removed: [1, 39] },
  'resource.k8s.io/v1alpha3/DeviceTaintRule': { deprecated: [1, 36], removed: [1, 39] },
  'storage.k8s.io/v1beta1/VolumeAttributesClass': { deprecated: [1, 34], removed: [1, 37], replacement: VAC_V1 },
  'storage.k8s.io/v1alpha1/VolumeAttributesClass': { deprecated: [1, 32], removed: [1, 35], replacement: VAC_V1 },
  'storagemigration.k8s.io/v1alpha1/StorageVersionMigration': { deprecated: [1, 33], removed: [1, 36] },
};

export function apiLifecycle(group: string, version: string, kind: string): ApiLifecycle | undefined {
  return LIFECYCLES[`${group}/${version}/${kind}`];
}

export interface Deprecation {
  /** The Warning text (deprecation.WarningMessage). */
  warning: string;
  /** "1.37", or "" when no removal is planned (deprecation.RemovedRelease). */
  removedRelease: string;
}

/** deprecation.IsDeprecated at the served release, with its warning and removal release. */
export function deprecationOf(group: string, version: string, kind: string): Deprecation | undefined {
  const l = apiLifecycle(group, version, kind);
  if (!l) return undefined;
  const [major, minor] = l.deprecated;
  if (major > KUBE_VERSION.major || (major === KUBE_VERSION.major && minor > KUBE_VERSION.minor)) return undefined;
  const gv = group ? `${group}/${version}` : version;
  let warning = `${gv} ${kind} is deprecated in v${major}.${minor}+`;
  if (l.removed) warning += `, unavailable in v${l.removed[0]}.${l.removed[1]}+`;
  if (l.replacement) warning += `; use ${l.replacement.group ? `${l.replacement.group}/` : ''}${l.replacement.version} ${l.replacement.kind}`;
  return { warning, removedRelease: l.removed ? `${l.removed[0]}.${l.removed[1]}` : '' };
}
