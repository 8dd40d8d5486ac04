// Where each built-in group version stands in discovery: kube-apiserver's APIService
// priorities (cmd/kube-apiserver/app/aggregator.go apiVersionPriorities over
// pkg/controlplane/apiserver DefaultGenericAPIServicePriorities). Discovery lists groups by
// groupPriorityMinimum, highest first, ties by name (the aggregated discovery handler; the
// aggregator's legacy /apis breaks them by APIService name, the same for the built-in groups),
// and the versions of a group by versionPriority, highest first. The same numbers are the specs of
// the local APIServices the server registers (apiservice-registration.ts). A CRD's group versions
// get the crdregistration controller's 1000 and 100, below every built-in group.

export interface ApiServicePriority {
  group: number;
  version: number;
}

/** By group version ('v1' for the core group). */
const PRIORITIES: Record<string, ApiServicePriority> = {
  v1: { group: 18000, version: 1 },
  'apps/v1': { group: 17800, version: 15 },
  'events.k8s.io/v1': { group: 17750, version: 15 },
  'authentication.k8s.io/v1': { group: 17700, version: 15 },
  'authorization.k8s.io/v1': { group: 17600, version: 15 },
  'autoscaling/v2': { group: 17500, version: 30 },
  'autoscaling/v1': { group: 17500, version: 15 },
  'batch/v1': { group: 17400, version: 15 },
  'certificates.k8s.io/v1': { group: 17300, version: 15 },
  'networking.k8s.io/v1': { group: 17200, version: 15 },
  'policy/v1': { group: 17100, version: 15 },
  'rbac.authorization.k8s.io/v1': { group: 17000, version: 15 },
  'storage.k8s.io/v1': { group: 16800, version: 15 },
  'apiextensions.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1': { group: 16700, version: 15 },
  'scheduling.k8s.io/v1': { group: 16600, version: 15 },
  'coordination.k8s.io/v1': { group: 16500, version: 15 },
  'node.k8s.io/v1': { group: 16300, version: 15 },
  'discovery.k8s.io/v1': { group: 16200, version: 15 },
  // v1.33 has v1beta2 at 15 in this group; 1.34's GA version sits above it.
  'resource.k8s.io/v1': { group: 16200, version: 21 },
  'flowcontrol.apiserver.k8s.io/v1': { group: 16100, version: 21 },
};

/**
 * The aggregator's own group: kube-apiserver registers no APIService for it, and lists it
 * first in /apis (before apps' 17800).
 */
export const AGGREGATOR_GROUP = 'apiregistration.k8s.io';
const AGGREGATOR_PRIORITY: ApiServicePriority = { group: 18100, version: 15 };

/** What crdregistration gives every group version a CRD serves. */
export const CUSTOM_RESOURCE_PRIORITY: ApiServicePriority = { group: 1000, version: 100 };

const gvKey = (group: string, version: string) => (group ? `${group}/${version}` : version);

/** A built-in group version's priority; undefined for one kube-apiserver has none for. */
export function builtinPriority(group: string, version: string): ApiServicePriority | undefined {
  return group === AGGREGATOR_GROUP ? AGGREGATOR_PRIORITY : PRIORITIES[gvKey(group, version)];
}

/** The APIService's name for a group version: `v1.apps`, `v1.` for the core group. */
export function apiServiceName(group: string, version: string): string {
  return `${version}.${group}`;
}
