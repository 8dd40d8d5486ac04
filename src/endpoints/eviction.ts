// POST pods/{name}/eviction: a pod delete that honours PodDisruptionBudgets, as upstream's
// pkg/registry/core/pod/storage/eviction.go. Pods that are not running (pending, terminal,
// already terminating) go without a budget check; otherwise the one budget covering the pod
// must allow a disruption, which is taken by a compare-and-swap on the budget's status
// (recorded in status.disruptedPods for the disruption controller); unhealthy pods go under
// unhealthyPodEvictionPolicy. The pod gets a DisruptionTarget condition before the delete.

import { conflict, forbidden, internalError, isStatusError, notFound, StatusError, timeout } from '../apimachinery/errors.js';
import { labelSelectorFromMetav1 } from '../apimachinery/labels.js';
import { nowTimestamp } from '../registry/meta.js';
import { deleteOptions } from '../registry/options.js';
import type { DeleteOptions, Registry, Scope } from '../registry/registry.js';
import { matchEverything } from '../registry/filter.js';
import { successStatus } from '../server/http.js';
import type { Obj } from '../types/kind.js';
import { isPodReady, updateDisruptionAllowedCondition } from '../controllers/disruption-budget.js';

/** More unconfirmed evictions than this in status.disruptedPods and the budget refuses (MaxDisruptedPodSize). */
const MAX_DISRUPTED_POD_SIZE = 2000;
/** EvictionsRetry: how often a conflict is retried. */
const EVICTION_RETRY_STEPS = 20;
const RETRY_DELAY_MS = 50;
const EVICTION_MESSAGE = "Cannot evict pod as it would violate the pod's disruption budget.";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function evictPod(registry: Registry, scope: Scope, name: string, eviction: Obj, requestDryRun: string[]): Promise<Obj> {
  if (eviction.metadata?.name && eviction.metadata.name !== name) {
    throw new StatusError(400, 'BadRequest', 'name in URL does not match name in Eviction object');
  }
  const original = deleteOptions(new URLSearchParams(), propagateDryRun(eviction, requestDryRun));
  const rvUnset = !original.preconditions?.resourceVersion;

  // Pods that need no budget check are deleted right away, guarded by the resourceVersion read.
  let pod: Obj | undefined;
  for (let attempt = 0; ; attempt++) {
    pod = await registry.get(scope, name);
    if (!canIgnoreBudget(pod)) break;
    const opts = shouldEnforceResourceVersion(pod) && rvUnset ? withResourceVersion(original, pod.metadata.resourceVersion) : original;
    try {
      await addConditionAndDelete(registry, scope, name, opts);
      return successStatus(undefined, 201);
    } catch (e) {
      if (!(isStatusError(e) && e.code === 409 && rvUnset && attempt < EVICTION_RETRY_STEPS)) throw e;
      await sleep(RETRY_DELAY_MS);
    }
  }

  const pdbs = await budgetsFor(registry, scope.namespace, pod);
  if (pdbs.length > 1) {
    // Upstream answers with this Status rather than an error: a 500 without a reason.
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 };
  }
  let deleteOpts = original;
  const pdb = pdbs[0];
  if (pdb) {
    if (unhealthyPodMayGo(pod, pdb)) {
      // The pod does not count toward the budget: delete it unless it turned ready meanwhile.
      deleteOpts = withResourceVersion(original, pod.metadata.resourceVersion);
    } else {
      await checkAndDecrement(registry, scope.namespace, pod.metadata.name, pdb, original.dryRun);
    }
  }
  try {
    await addConditionAndDelete(registry, scope, name, deleteOpts);
  } catch (e) {
    if (pdb && deleteOpts !== original && rvUnset && isStatusError(e) && e.code === 409) throw stillProcessing(pdb.metadata.name);
    throw e;
  }
  return successStatus(undefined, 201);
}

/** The Eviction's deleteOptions with the request's dryRun where it names none; both must agree when both do. */
function propagateDryRun(eviction: Obj, requestDryRun: string[]): Obj {
  const opts: Obj = eviction.deleteOptions && typeof eviction.deleteOptions === 'object' ? { ...eviction.deleteOptions } : {};
  delete opts.kind;
  delete opts.apiVersion;
  const own: string[] = Array.isArray(opts.dryRun) ? opts.dryRun : [];
  if (own.length === 0) {
    if (requestDryRun.length) opts.dryRun = requestDryRun;
    return opts;
  }
  if (requestDryRun.length && JSON.stringify(own) !== JSON.stringify(requestDryRun)) {
    throw internalError(new Error(`Non-matching dry-run options in request and content: [${requestDryRun.join(' ')}] and [${own.join(' ')}]`));
  }
  return opts;
}

/** canIgnorePDB: terminal, pending and terminating pods have already left the budget. */
function canIgnoreBudget(pod: Obj): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata?.deletionTimestamp;
}

function shouldEnforceResourceVersion(pod: Obj): boolean {
  const phase = pod.status?.phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || pod.metadata?.deletionTimestamp);
}

function withResourceVersion(opts: DeleteOptions, resourceVersion: string): DeleteOptions {
  return { ...opts, preconditions: { ...(opts.preconditions ?? {}), resourceVersion } };
}

/** An unready pod goes without taking a disruption under AlwaysAllow, or (IfHealthyBudget) while the budget is met. */
function unhealthyPodMayGo(pod: Obj, pdb: Obj): boolean {
  if (isPodReady(pod)) return false;
  if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return true;
  const status = pdb.status ?? {};
  return (status.currentHealthy ?? 0) >= (status.desiredHealthy ?? 0) && (status.desiredHealthy ?? 0) > 0;
}

/** The budgets in the pod's namespace whose selector matches it (an invalid selector matches nothing). */
async function budgetsFor(registry: Registry, namespace: string, pod: Obj): Promise<Obj[]> {
  const served = registry.catalog.lookup('policy', 'v1', 'poddisruptionbudgets');
  if (!served) return [];
  const list = await registry.list({ served, namespace }, { filter: matchEverything });
  const labels = pod.metadata?.labels ?? {};
  return list.items
    .map((b) => JSON.parse(b.toString('utf8')) as Obj)
    .filter((pdb) => {
      try {
        return labelSelectorFromMetav1(pdb.spec?.selector).matches(labels);
      } catch {
        return false;
      }
    });
}

function tooManyRequests(cause: string, retryAfterSeconds: number): StatusError {
  const details = { causes: [{ reason: 'DisruptionBudget', message: cause }], ...(retryAfterSeconds > 0 ? { retryAfterSeconds } : {}) };
  return new StatusError(429, 'TooManyRequests', EVICTION_MESSAGE, details, retryAfterSeconds > 0 ? { 'Retry-After': String(retryAfterSeconds) } : {});
}

function stillProcessing(pdbName: string): StatusError {
  return tooManyRequests(`The disruption budget ${pdbName} is still being processed by the server.`, 10);
}

/** Take one disruption from the budget with a compare-and-swap on its status; re-read and re-check on conflicts. */
async function checkAndDecrement(registry: Registry, namespace: string, podName: string, initial: Obj, dryRun: boolean): Promise<void> {
  const served = registry.catalog.lookup('policy', 'v1', 'poddisruptionbudgets')!;
  const scope: Scope = { served, namespace };
  let pdb = initial;
  for (let attempt = 0; attempt <= EVICTION_RETRY_STEPS; attempt++) {
    if (attempt > 0) {
      await sleep(RETRY_DELAY_MS);
      pdb = await registry.get(scope, initial.metadata.name);
    }
    const status = pdb.status ?? {};
    const gr = { group: 'policy', resource: 'poddisruptionbudget' };
    if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) throw stillProcessing(pdb.metadata.name);
    const allowed: number = status.disruptionsAllowed ?? 0;
    if (allowed < 0) throw forbidden(gr, pdb.metadata.name, 'pdb disruptions allowed is negative');
    if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
      throw forbidden(gr, pdb.metadata.name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
    }
    if (allowed === 0) {
      throw tooManyRequests(`The disruption budget ${pdb.metadata.name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`, 0);
    }
    const next: Obj = { ...pdb, status: { ...status, disruptionsAllowed: allowed - 1 } };
    if (allowed - 1 === 0) updateDisruptionAllowedCondition(next);
    if (dryRun) return;
    next.status.disruptedPods = { ...(status.disruptedPods ?? {}), [podName]: nowTimestamp() };
    try {
      // The resourceVersion read above makes this the compare-and-swap.
      await registry.update(scope, pdb.metadata.name, next, { dryRun: false, subresource: 'status' });
      return;
    } catch (e) {
      if (!(isStatusError(e) && e.code === 409)) throw e;
    }
  }
  throw timeout(`couldn't update PodDisruptionBudget "${initial.metadata.name}" due to conflicts`, 10);
}

/** addConditionAndDeletePod: mark the pod DisruptionTarget (not on dry runs), then delete it. */
async function addConditionAndDelete(registry: Registry, scope: Scope, name: string, opts: DeleteOptions): Promise<void> {
  let deleteOpts = opts;
  if (!opts.dryRun) {
    const res = await registry.guaranteedUpdate(
      scope,
      name,
      (latest) => {
        if (!latest) throw notFound({ group: '', resource: 'pods' }, name);
        const pre = opts.preconditions ?? {};
        const gr = { group: '', resource: 'Pod' };
        if (pre.uid && pre.uid !== latest.metadata.uid) {
          throw conflict(gr, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${latest.metadata.uid}). The object might have been deleted and then recreated`);
        }
        if (pre.resourceVersion && pre.resourceVersion !== latest.metadata.resourceVersion) {
          throw conflict(gr, name, `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${latest.metadata.resourceVersion}). The object might have been modified`);
        }
        setDisruptionTarget(latest);
        return latest;
      },
      { dryRun: false, subresource: 'status' },
    );
    // The condition bumped the resourceVersion a precondition names: the delete expects the new one.
    if (opts.preconditions?.resourceVersion) deleteOpts = withResourceVersion(opts, res.obj.metadata.resourceVersion);
  }
  await registry.delete(scope, name, deleteOpts);
}

/** podutil.UpdatePodCondition with DisruptionTarget=True (EvictionByEvictionAPI). */
function setDisruptionTarget(pod: Obj): void {
  pod.status ??= {};
  const conditions: Obj[] = Array.isArray(pod.status.conditions) ? pod.status.conditions : [];
  const i = conditions.findIndex((c) => c?.type === 'DisruptionTarget');
  const old = i >= 0 ? conditions[i] : undefined;
  const cond: Obj = {
    type: 'DisruptionTarget',
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: old && old.status === 'True' && old.lastTransitionTime ? old.lastTransitionTime : nowTimestamp(),
    reason: 'EvictionByEvictionAPI',
    message: 'Eviction API: evicting',
  };
  if (i >= 0) conditions[i] = cond;
  else conditions.push(cond);
  pod.status.conditions = conditions;
}
