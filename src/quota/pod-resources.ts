// A pod's effective requests and limits (k8s.io/component-helpers/resource PodRequests and
// PodLimits): app containers and restartable (sidecar) init containers add up, each
// ordinary init container counts with the sidecars started before it, and the larger of
// the two is the pod's; pod-level resources (spec.resources) override cpu, memory and
// hugepages; the pod overhead is added unless excluded.

import type { Obj } from '../types/kind.js';
import { add, max, parseResourceList, type ResourceList } from './resources.js';

export interface PodResourcesOptions {
  /** LimitRanger leaves the overhead out. */
  excludeOverhead?: boolean;
  /** Which pod-level resources override the containers' sum (LimitRanger: cpu and memory only). */
  podLevel?: (name: string) => boolean;
}

/** The resource names pod-level resources may set (IsSupportedPodLevelResource). */
export function supportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

type Field = 'requests' | 'limits';

function containers(pod: Obj, field: 'containers' | 'initContainers'): Obj[] {
  const list = pod?.spec?.[field];
  return Array.isArray(list) ? list.filter((c) => c && typeof c === 'object') : [];
}

function aggregate(pod: Obj, field: Field): ResourceList {
  let total: ResourceList = {};
  for (const c of containers(pod, 'containers')) total = add(total, parseResourceList(c.resources?.[field]));
  let sidecars: ResourceList = {};
  let initMax: ResourceList = {};
  for (const c of containers(pod, 'initContainers')) {
    let own = parseResourceList(c.resources?.[field]);
    if (c.restartPolicy === 'Always') {
      total = add(total, own);
      sidecars = add(sidecars, own);
      own = sidecars;
    } else {
      own = add(own, sidecars);
    }
    initMax = max(initMax, own);
  }
  return max(total, initMax);
}

function podLevelOverride(pod: Obj, field: Field, out: ResourceList, supported: (name: string) => boolean): ResourceList {
  const podLevel = parseResourceList(pod?.spec?.resources?.[field]);
  for (const [k, v] of Object.entries(podLevel)) if (supported(k)) out[k] = v;
  return out;
}

export function podRequests(pod: Obj, opts: PodResourcesOptions = {}): ResourceList {
  let reqs = podLevelOverride(pod, 'requests', aggregate(pod, 'requests'), opts.podLevel ?? supportedPodLevelResource);
  if (!opts.excludeOverhead) reqs = add(reqs, parseResourceList(pod?.spec?.overhead));
  return reqs;
}

export function podLimits(pod: Obj, opts: PodResourcesOptions = {}): ResourceList {
  const limits = podLevelOverride(pod, 'limits', aggregate(pod, 'limits'), opts.podLevel ?? supportedPodLevelResource);
  if (!opts.excludeOverhead) {
    // The overhead adds only to non-zero limits the pod has.
    for (const [k, v] of Object.entries(parseResourceList(pod?.spec?.overhead))) if (limits[k] && !limits[k].isZero()) limits[k] = add({ [k]: limits[k] }, { [k]: v })[k]!;
  }
  return limits;
}
