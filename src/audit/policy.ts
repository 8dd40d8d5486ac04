// The audit policy (audit.k8s.io/v1 Policy): read and validated as kube-apiserver reads
// --audit-policy-file, and evaluated per request as upstream's policy checker does
// (k8s.io/apiserver pkg/audit/policy/reader.go, checker.go; pkg/apis/audit/validation).

import { readFileSync } from 'node:fs';
import { parseYaml } from '../encoding/yaml.js';

export type Level = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
export type Stage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

export const LEVELS: readonly Level[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
const STAGES: readonly Stage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

export interface GroupResources {
  group?: string;
  resources?: string[];
  resourceNames?: string[];
}

export interface PolicyRule {
  level: Level;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: GroupResources[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

export interface Policy {
  rules: PolicyRule[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

/** What the policy decided for one request. */
export interface RequestAuditConfig {
  level: Level;
  omitStages: Stage[];
  omitManagedFields: boolean;
}

/** The attributes a rule is matched against (authorizer.Attributes). */
export interface AuditAttributes {
  user?: { username: string; groups: string[] };
  verb: string;
  isResourceRequest: boolean;
  path: string;
  apiGroup: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
}

export function levelAtLeast(level: Level, min: Level): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(min);
}

/** Reads --audit-policy-file; throws kube-apiserver's start-up errors. */
export function readPolicyFile(path: string): Policy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`failed to read file path "${path}": ${(e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    throw new Error(`failed decoding file "${path}": ${(e as Error).message}`);
  }
  const obj = (doc ?? {}) as Record<string, unknown>;
  if (obj.apiVersion !== 'audit.k8s.io/v1' || obj.kind !== 'Policy') {
    throw new Error(`failed decoding: no kind "${String(obj.kind ?? '')}" is registered for version "${String(obj.apiVersion ?? '')}" in scheme: file "${path}"`);
  }
  const policy: Policy = { rules: (obj.rules as PolicyRule[] | undefined) ?? [], omitStages: obj.omitStages as Stage[] | undefined, omitManagedFields: obj.omitManagedFields === true };
  const errs = validatePolicy(policy);
  if (errs.length) throw new Error(`invalid audit policy file "${path}": [${errs.join(', ')}]`);
  if (policy.rules.length === 0) throw new Error(`loaded illegal policy with 0 rules from file ${path}`);
  return policy;
}

/** pkg/apis/audit/validation ValidatePolicy. */
export function validatePolicy(p: Policy): string[] {
  const errs: string[] = [];
  const stages = (path: string, s: unknown) => {
    if (s === undefined) return;
    if (!Array.isArray(s)) return void errs.push(`${path}: Invalid value: must be a list`);
    s.forEach((x, i) => {
      if (!STAGES.includes(x as Stage)) errs.push(`${path}[${i}]: Invalid value: "${String(x)}": allowed stages are [${STAGES.join(' ')}]`);
    });
  };
  stages('omitStages', p.omitStages);
  if (!Array.isArray(p.rules)) return [...errs, 'rules: Invalid value: must be a list'];
  p.rules.forEach((r, i) => {
    const path = `rules[${i}]`;
    if (!LEVELS.includes(r?.level)) errs.push(`${path}.level: ${r?.level === undefined || r?.level === ('' as Level) ? 'Required value' : `Unsupported value: "${String(r.level)}": supported values: "${LEVELS.join('", "')}"`}`);
    if ((r?.nonResourceURLs?.length ?? 0) > 0 && ((r?.resources?.length ?? 0) > 0 || (r?.namespaces?.length ?? 0) > 0)) {
      errs.push(`${path}.nonResourceURLs: Invalid value: ${JSON.stringify(r.nonResourceURLs)}: rules cannot apply to both regular resources and non-resource URLs`);
    }
    (r?.nonResourceURLs ?? []).forEach((u, j) => {
      if (!u.startsWith('/') && u !== '*') errs.push(`${path}.nonResourceURLs[${j}]: Invalid value: "${u}": non-resource URL rules must begin with a '/' character`);
      if (u.includes('*') && !u.endsWith('*')) errs.push(`${path}.nonResourceURLs[${j}]: Invalid value: "${u}": non-resource URL wildcards '*' must be the final character of the rule`);
    });
    (r?.resources ?? []).forEach((gr, j) => {
      if ((gr.resourceNames?.length ?? 0) > 0 && (gr.resources ?? []).some((x) => x.includes('*'))) {
        errs.push(`${path}.resources[${j}].resourceNames: Invalid value: ${JSON.stringify(gr.resourceNames)}: using resource names with wildcard resources is not allowed`);
      }
    });
    stages(`${path}.omitStages`, r?.omitStages);
  });
  return errs;
}

/** The level and stages for a request: the first matching rule, else None. */
export function evaluatePolicy(p: Policy, a: AuditAttributes): RequestAuditConfig {
  for (const r of p.rules) {
    if (ruleMatches(r, a)) {
      return {
        level: r.level,
        omitStages: [...new Set([...(p.omitStages ?? []), ...(r.omitStages ?? [])])],
        omitManagedFields: r.omitManagedFields ?? p.omitManagedFields ?? false,
      };
    }
  }
  return { level: 'None', omitStages: p.omitStages ?? [], omitManagedFields: p.omitManagedFields ?? false };
}

function ruleMatches(r: PolicyRule, a: AuditAttributes): boolean {
  if (r.users?.length && (!a.user || !r.users.includes(a.user.username))) return false;
  if (r.userGroups?.length && (!a.user || !a.user.groups.some((g) => r.userGroups!.includes(g)))) return false;
  if (r.verbs?.length && !r.verbs.includes(a.verb)) return false;
  if (r.namespaces?.length || r.resources?.length) return ruleMatchesResource(r, a);
  if (r.nonResourceURLs?.length) return !a.isResourceRequest && r.nonResourceURLs.some((spec) => pathMatches(a.path, spec));
  return true;
}

function pathMatches(path: string, spec: string): boolean {
  if (spec === '*' || spec === path) return true;
  return spec.endsWith('*') && path.startsWith(spec.replace(/\*+$/, ''));
}

function ruleMatchesResource(r: PolicyRule, a: AuditAttributes): boolean {
  if (!a.isResourceRequest) return false;
  // An empty string in namespaces matches cluster-scoped resources.
  if (r.namespaces?.length && !r.namespaces.includes(a.namespace)) return false;
  if (!r.resources?.length) return true;
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  for (const gr of r.resources) {
    if ((gr.group ?? '') !== a.apiGroup) continue;
    if (!gr.resources?.length) return true;
    if (gr.resourceNames?.length && !gr.resourceNames.includes(a.name)) continue;
    for (const res of gr.resources) {
      if (res === combined || res === '*') return true;
      if (a.subresource && res.startsWith('*/') && a.subresource === res.slice(2)) return true;
      if (res.endsWith('/*') && a.resource === res.slice(0, -2)) return true;
    }
  }
  return false;
}
