// Whether static policy rules allow a request (upstream plugin/pkg/auth/authorizer/rbac
// RulesAllow / RuleAllows), for the node authorizer's rules outside its graph.

import type { PolicyRule } from '../bootstrappolicy/rule.js';
import type { Attributes } from '../types.js';

const matches = (list: readonly string[] | undefined, value: string): boolean => !!list && (list.includes('*') || list.includes(value));

function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const combined = subresource ? `${resource}/${subresource}` : resource;
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (subresource && r === `*/${subresource}`) return true;
  }
  return false;
}

function urlMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (!matches(rule.verbs, a.verb)) return false;
  if (!a.isResourceRequest) return urlMatches(rule, a.path);
  if (!matches(rule.apiGroups, a.apiGroup) || !resourceMatches(rule, a.resource, a.subresource)) return false;
  return !rule.resourceNames?.length || rule.resourceNames.includes(a.name);
}

export function rulesAllow(a: Attributes, rules: readonly PolicyRule[]): boolean {
  return rules.some((r) => ruleAllows(a, r));
}
