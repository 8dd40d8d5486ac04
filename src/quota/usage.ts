// A quota's observed usage (k8s.io/apiserver pkg/quota/v1 CalculateUsage and generic
// CalculateUsageStats): for every resource of spec.hard some evaluator tracks, the sum of
// the usage of the namespace's objects that match the quota's scopes.

import type { Registry } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import { Quantity } from '../apimachinery/quantity.js';
import { evaluatorFor, hardOf, quotaScopeSelectors, type Evaluator } from './evaluators.js';
import { cachedObjects } from './listers.js';
import { add, intersection, mask, type ResourceList } from './resources.js';

/** Every namespaced resource quota can count, with its evaluator. */
export function quotaEvaluators(registry: Registry): { ev: Evaluator; def: import('../types/kind.js').KindDef }[] {
  const out = [];
  for (const def of registry.catalog.kinds) {
    if (def.storedAs || !def.namespaced || !def.verbs.includes('create') || !def.verbs.includes('list')) continue;
    const ev = evaluatorFor(def.group, def.plural);
    if (ev) out.push({ ev, def });
  }
  return out;
}

export function calculateUsage(registry: Registry, quota: Obj, now = Date.now()): ResourceList {
  const namespace = String(quota?.metadata?.namespace ?? '');
  const hardNames = Object.keys(hardOf(quota));
  const evaluators = quotaEvaluators(registry);
  let matched = intersection(hardNames, evaluators.flatMap(({ ev }) => ev.matchingResources(hardNames)));
  const scopes = quotaScopeSelectors(quota);
  let used: ResourceList = {};
  for (const { ev, def } of evaluators) {
    const tracked = ev.matchingResources(matched);
    if (tracked.length === 0) continue;
    let stats: ResourceList = Object.fromEntries(tracked.map((n) => [n, new Quantity(0n, 0, 'DecimalSI')]));
    for (const obj of cachedObjects(registry, def, namespace)) {
      if (scopes.every((s) => ev.matchesScope(s, obj))) stats = add(stats, ev.usage(obj, now));
    }
    used = add(used, stats);
  }
  matched = [...new Set(matched)];
  return mask(used, matched);
}
