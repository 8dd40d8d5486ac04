// ResourceQuota (k8s.io/apiserver pkg/admission/plugin/resourcequota): a create or update
// in a namespace is charged against every quota there that tracks what it uses and whose
// scopes it matches; a charge that would pass a quota's hard limit is refused with 403.
// The charge is written to the quota's status.used with compare-and-swap on its
// resourceVersion before the object is stored, so concurrent writers can never overshoot:
// one namespace's requests are checked one at a time here, and a conflicting write (another
// replica, the quota controller) makes the check run again on the fresh quota (3 retries,
// then upstream's conflict). Dry runs are checked but not charged.

import { internalError, StatusError } from '../../apimachinery/errors.js';
import { formatScopes, matchingScopes, quotaMatches, quotaScopeSelectors, evaluatorFor, type Evaluator, type ScopeRequirement } from '../../quota/evaluators.js';
import { QuotaAccessor } from '../../quota/accessor.js';
import { parseQuotaConfiguration, type LimitedResource } from '../../quota/config.js';
import {
  add,
  equals,
  formatResourceList,
  lessThanOrEqual,
  mask,
  negatives,
  parseResourceList,
  prettyPrint,
  removeZeros,
  subtractWithNonNegativeResult,
  type ResourceList,
} from '../../quota/resources.js';
import type { Obj } from '../../types/kind.js';
import { admissionForbidden } from '../errors.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';
import { waitAtMost } from '../../util/wait-at-most.js';

const RETRIES = 3;
/** How long a request waits for its namespace's turn and check before upstream's 500. */
const EVALUATION_TIMEOUT_MS = 10_000;

export function resourceQuota(deps: Pick<PluginDeps, 'registry' | 'config'>): AdmissionPlugin {
  const limited = parseQuotaConfiguration(deps.config);
  const accessor = new QuotaAccessor(deps.registry);
  const lanes = new Map<string, Promise<unknown>>();

  /** One namespace's checks run one after another (upstream's per-namespace work queue). */
  const inLane = <T>(ns: string, fn: () => Promise<T>): Promise<T> => {
    const prev = lanes.get(ns) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    lanes.set(ns, tail);
    void tail.then(() => {
      if (lanes.get(ns) === tail) lanes.delete(ns);
    });
    return run;
  };

  return {
    name: 'ResourceQuota',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(a) {
      if (!a.namespace) return;
      if (a.operation === 'CREATE' && a.kind.group === '' && a.kind.kind === 'Namespace') return;
      const ev = evaluatorFor(a.resource.group, a.resource.resource);
      if (!ev || !ev.handles(a.operation, a.subresource)) return;
      // Nothing to charge in a namespace without quotas (and no limited resources): the
      // lane would only read the same empty list after the requests ahead of this one.
      if (limited.length === 0 && !accessor.hasQuotas(a.namespace)) return;
      return check(a, ev);
    },
  };

  async function check(a: Attributes, ev: Evaluator): Promise<void> {
    const checked = inLane(a.namespace, async () => {
      const quotas = await accessor.quotas(a.namespace);
      if (quotas.length === 0 && limited.length === 0) return;
      await checkQuotas(accessor, quotas, a, ev, limited, RETRIES);
    });
    if (!(await waitAtMost(checked, EVALUATION_TIMEOUT_MS))) throw internalError(new Error('resource quota evaluation timed out'));
  }
}

async function checkQuotas(accessor: QuotaAccessor, quotas: Obj[], a: Attributes, ev: Evaluator, limited: LimitedResource[], retries: number): Promise<void> {
  const next = checkRequest(quotas, a, ev, limited);
  if (a.dryRun) return;
  const changed = next.filter((q, i) => !equals(parseResourceList(q.status?.used), parseResourceList(quotas[i]!.status?.used)));
  if (changed.length === 0) return;
  const failed: string[] = [];
  let lastErr: unknown;
  for (const q of changed) {
    try {
      await accessor.updateStatus(q);
    } catch (e) {
      failed.push(String(q.metadata.name));
      lastErr = e;
    }
  }
  if (failed.length === 0) return;
  if (retries <= 0 || !(lastErr instanceof StatusError && lastErr.code === 409)) throw lastErr;
  // Another writer moved these quotas: check again against what they hold now.
  const fresh = await accessor.liveQuotas(a.namespace, failed);
  await checkQuotas(accessor, fresh, a, ev, limited, retries - 1);
}

/** The quotas as they would be after charging the request; throws when it may not be charged. */
export function checkRequest(quotas: Obj[], a: Attributes, ev: Evaluator, limited: LimitedResource[]): Obj[] {
  const input = a.object;
  if (!input) return quotas;
  const limitedScopes = limited.flatMap((l) => matchingScopes(ev, input, l.matchScopes));
  const forThisResource = limited.filter((l) => l.apiGroup === a.resource.group && l.resource === a.resource.resource);
  let limitedNames: string[] = [];
  if (forThisResource.length) {
    const usage = ev.usage(input, Date.now());
    limitedNames = forThisResource.flatMap((l) => Object.keys(usage).filter((k) => usage[k]!.sign() > 0 && l.matchContains.some((m) => k.includes(m))));
  }

  const interesting: number[] = [];
  const restricted = new Set<string>();
  const restrictedScopes: ScopeRequirement[] = [];
  quotas.forEach((q, i) => {
    restrictedScopes.push(...matchingScopes(ev, input, quotaScopeSelectors(q)));
    if (!quotaMatches(ev, q, input)) return;
    const hard = parseResourceList(q.status?.hard);
    const tracked = ev.matchingResources(Object.keys(hard));
    const why = ev.constraints(tracked, input);
    if (why) throw admissionForbidden(a, `failed quota: ${q.metadata.name}: ${why}`);
    const used = q.status?.used ?? {};
    if (tracked.some((r) => !(r in used))) {
      throw admissionForbidden(a, `status unknown for quota: ${q.metadata.name}, resources: ${[...tracked].sort().join(',')}`);
    }
    interesting.push(i);
    for (const r of tracked) restricted.add(r);
  });

  const now = Date.now();
  const inputUsage = ev.usage(input, now);
  const negative = negatives(inputUsage);
  if (negative.length) throw admissionForbidden(a, `quota usage is negative for resource(s): ${negative.sort().join(',')}`);

  const deltas = new Map<number, ResourceList>(interesting.map((i) => [i, inputUsage]));
  let deltaWithoutQuota: ResourceList | undefined = a.operation === 'CREATE' && interesting.length === 0 ? inputUsage : undefined;
  if (a.operation === 'UPDATE') {
    const prev = a.oldObject;
    if (!prev) throw admissionForbidden(a, 'unable to get previous usage since prior version of object was not found');
    if (prev.metadata?.resourceVersion) {
      const delta = subtractWithNonNegativeResult(inputUsage, ev.usage(prev, now));
      if (interesting.length === 0) deltaWithoutQuota = delta;
      for (const i of interesting) if (quotaMatches(ev, quotas[i]!, prev)) deltas.set(i, delta);
    } else if (interesting.length === 0) {
      deltaWithoutQuota = inputUsage;
    }
  }
  for (const [i, d] of deltas) {
    const nz = removeZeros(d);
    if (Object.keys(nz).length === 0) deltas.delete(i);
    else deltas.set(i, nz);
  }
  if (interesting.length !== 0) {
    if (deltas.size === 0) return quotas;
  } else if (Object.keys(removeZeros(deltaWithoutQuota ?? {})).length === 0) {
    return quotas;
  }

  const uncovered = [...new Set(limitedNames)].filter((n) => !restricted.has(n)).sort();
  if (uncovered.length) throw admissionForbidden(a, `insufficient quota to consume: ${uncovered.join(',')}`);
  const uncoveredScopes = limitedScopes.filter((s) => !restrictedScopes.some((m) => m.scopeName === s.scopeName));
  // Not wrapped as Forbidden upstream either: it reaches the client as an internal error.
  if (uncoveredScopes.length) throw new StatusError(500, '', `insufficient quota to match these scopes: ${formatScopes(uncoveredScopes)}`);
  if (interesting.length === 0) return quotas;

  const out = quotas.map((q) => structuredClone(q));
  for (const i of interesting) {
    const delta = deltas.get(i);
    if (!delta) continue;
    const q = out[i]!;
    const hard = parseResourceList(q.status?.hard);
    const used = parseResourceList(q.status?.used);
    const requested = mask(delta, Object.keys(hard));
    const newUsage = add(used, requested);
    if (a.subresource !== 'status') {
      const check = lessThanOrEqual(mask(newUsage, Object.keys(requested)), hard);
      if (!check.ok) {
        throw admissionForbidden(
          a,
          `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(mask(requested, check.exceeded))}, used: ${prettyPrint(mask(used, check.exceeded))}, limited: ${prettyPrint(mask(hard, check.exceeded))}`,
        );
      }
    }
    q.status = { ...(q.status ?? {}), used: formatResourceList(newUsage) };
  }
  return out;
}
