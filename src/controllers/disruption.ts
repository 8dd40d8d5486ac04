// The disruption controller (kube-controller-manager's disruption, upstream
// pkg/controller/disruption/disruption.go): keeps every PodDisruptionBudget's status true to
// the pods its selector matches — currentHealthy (ready pods not being deleted nor just
// evicted), desiredHealthy and expectedPods (from minAvailable/maxUnavailable, as a number or
// a percentage of the owning controllers' scale), disruptionsAllowed, disruptedPods (evictions
// not yet seen through, dropped after two minutes), observedGeneration and the
// DisruptionAllowed condition (SufficientPods, InsufficientPods, SyncFailed when it can't tell).

import { isDeepStrictEqual } from 'node:util';
import { isStatusError } from '../apimachinery/errors.js';
import { setStatusCondition } from '../apimachinery/conditions.js';
import { labelSelectorFromMetav1 } from '../apimachinery/labels.js';
import { customResourceOf } from '../crd/kind.js';
import { customResourceToScale } from '../crd/requests.js';
import { toScale } from '../endpoints/scale.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { conditionsAreUpToDate, DISRUPTION_ALLOWED_CONDITION, isPodReady, SYNC_FAILED_REASON, updateDisruptionAllowedCondition } from './disruption-budget.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

/** How long an eviction recorded in status.disruptedPods keeps its pod out of currentHealthy (DeletionTimeout). */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;
const FIELD_MANAGER = 'kube-controller-manager';

type ControllerScale = { uid: string; replicas: number };

export class DisruptionController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly pdbServed: ServedResource;
  /** The informer's view: budgets by namespace/name, pods by namespace then name. */
  private readonly budgets = new Map<string, Obj>();
  private readonly pods = new Map<string, Map<string, Obj>>();

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super();
    const pdbs = registry.catalog.lookup('policy', 'v1', 'poddisruptionbudgets');
    const pods = registry.catalog.lookup('', 'v1', 'pods');
    if (!pdbs || !pods) throw new Error('pods and poddisruptionbudgets must be served');
    this.pdbServed = pdbs;
    this.informer = new Informer(registry, [pdbs, pods], (type, obj, r) => {
      const { namespace, name } = obj.metadata;
      if (r.def.plural === 'poddisruptionbudgets') {
        if (type === 'DELETED') this.budgets.delete(`${namespace}/${name}`);
        else {
          this.budgets.set(`${namespace}/${name}`, obj);
          this.queue.add(`${namespace}/${name}`);
        }
        return;
      }
      let inNs = this.pods.get(namespace);
      if (type === 'DELETED') inNs?.delete(name);
      else {
        if (!inNs) this.pods.set(namespace, (inNs = new Map()));
        inNs.set(name, obj);
      }
      for (const key of this.budgetsMatching(obj)) this.queue.add(key);
    });
    this.queue = new WorkQueue<string>(
      (k) => k,
      (k) => this.sync(k),
      (k, e) => this.log.v(2).info('disruption controller retry', { podDisruptionBudget: k, err: String(e) }),
    );
  }

  /** The budgets whose selector matches a pod (getPdbForPod, which upstream limits to the first). */
  private budgetsMatching(pod: Obj): string[] {
    const out: string[] = [];
    for (const [key, pdb] of this.budgets) {
      if (pdb.metadata.namespace !== pod.metadata.namespace) continue;
      try {
        if (labelSelectorFromMetav1(pdb.spec?.selector).matches(pod.metadata.labels ?? {})) out.push(key);
      } catch {
        // An invalid selector matches nothing.
      }
    }
    return out;
  }

  private async sync(key: string): Promise<void> {
    const pdb = this.budgets.get(key);
    if (!pdb) return;
    try {
      await this.trySync(key, pdb);
    } catch (e) {
      // A conflict is retried as it is; anything else is written down as SyncFailed (failSafe).
      if (isStatusError(e) && e.code === 409) throw e;
      this.log.v(2).info('failed to sync PodDisruptionBudget', { podDisruptionBudget: key, err: String(e) });
      await this.failSafe(pdb, e instanceof Error ? e.message : String(e));
    }
  }

  private async trySync(key: string, pdb: Obj): Promise<void> {
    const pods = this.podsFor(pdb);
    const { expectedCount, desiredHealthy } = await this.expectedPodCount(pdb, pods);
    const now = this.now();
    const { disruptedPods, recheckAt } = buildDisruptedPodMap(pods, pdb, now);
    const currentHealthy = countHealthyPods(pods, disruptedPods, now);
    await this.updateStatus(pdb, currentHealthy, desiredHealthy, expectedCount, disruptedPods);
    if (recheckAt !== undefined) this.queue.addAfter(key, Math.max(0, recheckAt - now));
  }

  private podsFor(pdb: Obj): Obj[] {
    const selector = labelSelectorFromMetav1(pdb.spec?.selector);
    return [...(this.pods.get(pdb.metadata.namespace)?.values() ?? [])].filter((p) => selector.matches(p.metadata.labels ?? {}));
  }

  /** getExpectedPodCount: maxUnavailable and percentage minAvailable count against the controllers' scale. */
  private async expectedPodCount(pdb: Obj, pods: Obj[]): Promise<{ expectedCount: number; desiredHealthy: number }> {
    const { maxUnavailable, minAvailable } = pdb.spec ?? {};
    if (maxUnavailable !== undefined && maxUnavailable !== null) {
      const expectedCount = await this.expectedScale(pods);
      const unavailable = scaledValue(maxUnavailable, expectedCount);
      return { expectedCount, desiredHealthy: Math.max(0, expectedCount - unavailable) };
    }
    if (typeof minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: minAvailable };
    if (typeof minAvailable === 'string') {
      const expectedCount = await this.expectedScale(pods);
      return { expectedCount, desiredHealthy: scaledValue(minAvailable, expectedCount) };
    }
    return { expectedCount: 0, desiredHealthy: 0 };
  }

  /** getExpectedScale: the sum of the scale of every controller owning a matched pod (unmanaged pods count for nothing). */
  private async expectedScale(pods: Obj[]): Promise<number> {
    const scales = new Map<string, number>();
    for (const pod of pods) {
      const ref = controllerOf(pod);
      if (!ref) continue;
      if (scales.has(ref.uid)) continue;
      const found = await this.controllerScale(ref, pod.metadata.namespace);
      if (!found) throw new Error(`found no controllers for pod ${JSON.stringify(pod.metadata.name)}`);
      scales.set(found.uid, found.replicas);
    }
    let total = 0;
    for (const n of scales.values()) total += n;
    return total;
  }

  /** The finders upstream tries in turn: a ReplicaSet's Deployment, the ReplicaSet, then any kind with a scale subresource. */
  private async controllerScale(ref: Obj, namespace: string): Promise<ControllerScale | undefined> {
    const group = groupOf(ref.apiVersion);
    if (ref.kind === 'ReplicaSet' && (group === 'apps' || group === 'extensions')) {
      const rs = await this.getOwned('apps', 'replicasets', namespace, ref);
      if (!rs) return undefined;
      const parent = controllerOf(rs);
      if (parent && parent.kind === 'Deployment') {
        const parentGroup = groupOf(parent.apiVersion);
        if (parentGroup !== 'apps' && parentGroup !== 'extensions') return undefined;
        const dep = await this.getOwned('apps', 'deployments', namespace, parent);
        return dep ? { uid: dep.metadata.uid, replicas: dep.spec?.replicas ?? 1 } : undefined;
      }
      return { uid: rs.metadata.uid, replicas: rs.spec?.replicas ?? 1 };
    }
    const served = this.registry.catalog.byKind(ref.apiVersion, ref.kind);
    if (!served) throw new Error(`no matches for kind ${JSON.stringify(ref.kind)} in version ${JSON.stringify(ref.apiVersion)}`);
    const custom = customResourceOf(served.def);
    const hasScale = custom ? !!custom.scale : (served.def.subresources ?? []).some((s) => s.type === 'scale');
    if (!hasScale) throw new Error(`${served.def.plural}${served.group ? `.${served.group}` : ''} does not implement the scale subresource`);
    const obj = await this.getOwned(served.group, served.def.plural, namespace, ref, served);
    if (!obj) return undefined;
    const scale = custom ? customResourceToScale(custom, obj) : toScale(obj);
    return { uid: obj.metadata.uid, replicas: scale.spec?.replicas ?? 0 };
  }

  /** The owner a reference names, when it still is that object (same uid). */
  private async getOwned(group: string, plural: string, namespace: string, ref: Obj, served?: ServedResource): Promise<Obj | undefined> {
    const s = served ?? this.registry.catalog.lookup(group, 'v1', plural);
    if (!s) return undefined;
    try {
      const obj = await this.registry.get({ served: s, namespace }, ref.name);
      return obj.metadata.uid === ref.uid ? obj : undefined;
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return undefined;
      throw e;
    }
  }

  /** updatePdbStatus: write only when something changed; no pods expected means no disruptions. */
  private async updateStatus(pdb: Obj, currentHealthy: number, desiredHealthy: number, expectedCount: number, disruptedPods: Record<string, string>): Promise<void> {
    let disruptionsAllowed = currentHealthy - desiredHealthy;
    if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
    const s = pdb.status ?? {};
    const generation = pdb.metadata.generation ?? 0;
    if (
      (s.currentHealthy ?? 0) === currentHealthy &&
      (s.desiredHealthy ?? 0) === desiredHealthy &&
      (s.expectedPods ?? 0) === expectedCount &&
      (s.disruptionsAllowed ?? 0) === disruptionsAllowed &&
      isDeepStrictEqual(s.disruptedPods ?? {}, disruptedPods) &&
      (s.observedGeneration ?? 0) === generation &&
      conditionsAreUpToDate(pdb)
    ) {
      return;
    }
    const status: Obj = {};
    if (generation) status.observedGeneration = generation;
    if (Object.keys(disruptedPods).length) status.disruptedPods = disruptedPods;
    Object.assign(status, { disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods: expectedCount });
    status.conditions = Array.isArray(s.conditions) ? structuredClone(s.conditions) : [];
    const next = { ...pdb, status };
    updateDisruptionAllowedCondition(next);
    await this.writeStatus(next);
  }

  /** failSafe: when the status can't be computed, at least allow no disruptions, and say why. */
  private async failSafe(pdb: Obj, message: string): Promise<void> {
    const status: Obj = { ...(pdb.status ?? {}), disruptionsAllowed: 0 };
    status.conditions = Array.isArray(status.conditions) ? structuredClone(status.conditions) : [];
    setStatusCondition(status.conditions, {
      type: DISRUPTION_ALLOWED_CONDITION,
      status: 'False',
      reason: SYNC_FAILED_REASON,
      message,
      observedGeneration: status.observedGeneration,
    });
    await this.writeStatus({ ...pdb, status });
  }

  /** UpdateStatus with the resourceVersion the cache had: a conflict means a newer budget is on its way. */
  private async writeStatus(pdb: Obj): Promise<void> {
    try {
      await this.registry.update({ served: this.pdbServed, namespace: pdb.metadata.namespace }, pdb.metadata.name, pdb, {
        dryRun: false,
        subresource: 'status',
        fieldManager: FIELD_MANAGER,
      });
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return;
      throw e;
    }
  }
}

function groupOf(apiVersion: unknown): string {
  const s = String(apiVersion ?? '');
  const i = s.indexOf('/');
  return i < 0 ? '' : s.slice(0, i);
}

function controllerOf(obj: Obj): Obj | undefined {
  const refs: Obj[] = Array.isArray(obj.metadata?.ownerReferences) ? obj.metadata.ownerReferences : [];
  return refs.find((r) => r?.controller === true);
}

/** intstr.GetScaledValueFromIntOrPercent, rounding up. */
export function scaledValue(v: number | string, total: number): number {
  if (typeof v === 'number') return v;
  const m = /^(-?\d+)%$/.exec(v);
  if (!m) throw new Error(`invalid value for IntOrString: invalid value ${JSON.stringify(v)}: must be an integer or percentage (e.g '5%')`);
  return Math.ceil((Number(m[1]) * total) / 100);
}

/** buildDisruptedPodMap: evictions still expected to be seen through, and when the first of them expires. */
export function buildDisruptedPodMap(pods: Obj[], pdb: Obj, now: number): { disruptedPods: Record<string, string>; recheckAt?: number } {
  const recorded: Record<string, string> = pdb.status?.disruptedPods ?? {};
  const disruptedPods: Record<string, string> = {};
  let recheckAt: number | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = recorded[pod.metadata.name];
    if (at === undefined) continue;
    const expires = Date.parse(at) + DELETION_TIMEOUT_MS;
    if (expires < now) continue; // the pod was not deleted after all
    if (recheckAt === undefined || expires < recheckAt) recheckAt = expires;
    disruptedPods[pod.metadata.name] = at;
  }
  return { disruptedPods, recheckAt };
}

/** countHealthyPods: ready pods that are neither being deleted nor just evicted. */
export function countHealthyPods(pods: Obj[], disruptedPods: Record<string, string>, now: number): number {
  let n = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = disruptedPods[pod.metadata.name];
    if (at !== undefined && Date.parse(at) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) n++;
  }
  return n;
}
