// Building blocks of the default policy, shaped on upstream's rbacv1helpers.NewRule:
// verbs, resources, names and URLs are sets (sorted, de-duplicated); groups keep their order.

import type { PolicyRule } from '../rbac/rules.js';

export type { PolicyRule };

export const READ = ['get', 'list', 'watch'];
export const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
export const READ_WRITE = [...READ, ...WRITE];

const set = (xs: readonly string[]): string[] => [...new Set(xs)].sort();

export function rule(verbs: readonly string[], apiGroups: readonly string[], resources: readonly string[], resourceNames?: readonly string[]): PolicyRule {
  const r: PolicyRule = { verbs: set(verbs), apiGroups: [...apiGroups], resources: set(resources) };
  if (resourceNames?.length) r.resourceNames = set(resourceNames);
  return r;
}

export function urls(verbs: readonly string[], nonResourceURLs: readonly string[]): PolicyRule {
  return { verbs: set(verbs), nonResourceURLs: set(nonResourceURLs) };
}

/** Upstream's eventsRule(): record events through either events API. */
export const EVENTS = rule(['create', 'update', 'patch'], ['', 'events.k8s.io'], ['events']);
