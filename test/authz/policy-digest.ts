// A normalized, order-preserving form of a default RBAC object and its digest, used to
// compare skiff's bootstrap policy with upstream's without storing upstream's YAML.
// Normal form: JSON of {kind, namespace, name, labels, annotations (keys sorted),
// aggregationRule, rules (keys verbs, apiGroups, resources, resourceNames, nonResourceURLs),
// roleRef, subjects (keys kind, apiGroup, name, namespace)}; digest: first 16 hex of its sha256.

import { createHash } from 'node:crypto';

type O = Record<string, any>;

const pick = (o: O, keys: string[]): O => Object.fromEntries(keys.filter((k) => o[k] !== undefined && !(Array.isArray(o[k]) && o[k].length === 0)).map((k) => [k, o[k]]));
const sorted = (m: O | undefined): O => Object.fromEntries(Object.entries(m ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function policyKey(obj: O): string {
  return `${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
}

export function normalizedPolicyObject(obj: O): string {
  const out: O = {
    kind: obj.kind,
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name,
    labels: sorted(obj.metadata.labels),
    annotations: sorted(obj.metadata.annotations),
  };
  if (obj.aggregationRule) out.aggregationRule = obj.aggregationRule;
  if (obj.kind === 'ClusterRole' || obj.kind === 'Role') {
    out.rules = (obj.rules ?? []).map((r: O) => pick(r, ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs']));
  } else {
    out.roleRef = pick(obj.roleRef, ['apiGroup', 'kind', 'name']);
    out.subjects = (obj.subjects ?? []).map((s: O) => pick(s, ['kind', 'apiGroup', 'name', 'namespace']));
  }
  return JSON.stringify(out);
}

export function policyDigest(obj: O): string {
  return createHash('sha256').update(normalizedPolicyObject(obj)).digest('hex').slice(0, 16);
}
