// Whether one rule set grants everything another does, and what it lacks, as upstream's
// pkg/registry/rbac/validation Covers: the wanted rules are broken down into one verb on one
// group/resource/name (or one URL) each, and every piece must be covered by an owner rule.

import type { PolicyRule } from './rule.js';

const has = (xs: readonly string[] | undefined, x: string): boolean => !!xs && xs.includes(x);

/** One verb, one group, one resource, at most one name; or one verb on one URL. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames?.length) {
          for (const name of rule.resourceNames) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [name] });
        } else out.push({ verbs: [verb], apiGroups: [group], resources: [resource] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs) out.push({ verbs: [verb], nonResourceURLs: [url] });
  return out;
}

function resourceCovered(owner: readonly string[] | undefined, resource: string): boolean {
  if (has(owner, '*') || has(owner, resource)) return true;
  const slash = resource.indexOf('/');
  return slash >= 0 && has(owner, '*/' + resource.slice(slash + 1));
}

function urlCovered(owner: readonly string[] | undefined, url: string): boolean {
  for (const o of owner ?? []) {
    if (o === '*' || o === url) return true;
    if (o.endsWith('*') && url.startsWith(o.slice(0, -1))) return true;
  }
  return false;
}

/** Whether owner covers a broken-down rule (upstream's ruleCovers). */
export function ruleCovers(owner: PolicyRule, piece: PolicyRule): boolean {
  const verb = piece.verbs[0]!;
  if (!has(owner.verbs, '*') && !has(owner.verbs, verb)) return false;
  if (piece.nonResourceURLs) return urlCovered(owner.nonResourceURLs, piece.nonResourceURLs[0]!);
  const group = piece.apiGroups![0]!;
  if (!has(owner.apiGroups, '*') && !has(owner.apiGroups, group)) return false;
  if (!resourceCovered(owner.resources, piece.resources![0]!)) return false;
  if (!owner.resourceNames?.length) return true;
  return !!piece.resourceNames?.length && has(owner.resourceNames, piece.resourceNames[0]!);
}

/** The broken-down pieces of `wanted` that no rule of `owner` covers (empty: owner covers wanted). */
export function uncoveredRules(owner: readonly PolicyRule[], wanted: readonly PolicyRule[]): PolicyRule[] {
  const missing: PolicyRule[] = [];
  for (const rule of wanted) {
    for (const piece of breakdownRule(rule)) if (!owner.some((o) => ruleCovers(o, piece))) missing.push(piece);
  }
  return missing;
}
