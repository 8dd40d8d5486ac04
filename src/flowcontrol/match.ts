// Which FlowSchema a request belongs to: subjects, resource and non-resource rules with
// upstream's wildcards (k8s.io/apiserver/pkg/util/flowcontrol/rule.go), the schema with
// the smallest matchingPrecedence winning (ties by name, FlowSchemaSequence).

import { createHash } from 'node:crypto';
import type { UserInfo } from '../authn/types.js';
import type { RequestInfo } from '../server/requestinfo.js';
import type { Obj } from '../types/kind.js';

export type RequestDigest = { user: UserInfo; info: RequestInfo };

interface Subject {
  kind?: string;
  user?: { name?: string };
  group?: { name?: string };
  serviceAccount?: { name?: string; namespace?: string };
}

interface ResourceRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  clusterScope?: boolean;
  namespaces?: string[];
}

interface NonResourceRule {
  verbs?: string[];
  nonResourceURLs?: string[];
}

interface PolicyRulesWithSubjects {
  subjects?: Subject[];
  resourceRules?: ResourceRule[];
  nonResourceRules?: NonResourceRule[];
}

const SA_PREFIX = 'system:serviceaccount:';

function containsString(x: string, list: readonly string[] | undefined, wildcard: string): boolean {
  if (!list) return false;
  if (list.length === 1 && list[0] === wildcard) return true;
  return list.includes(x);
}

export function matchesSubject(user: UserInfo, s: Subject): boolean {
  switch (s.kind) {
    case 'User':
      return !!s.user && (s.user.name === '*' || s.user.name === user.username);
    case 'Group':
      return !!s.group && (s.group.name === '*' || (user.groups ?? []).includes(s.group.name ?? ''));
    case 'ServiceAccount': {
      if (!s.serviceAccount) return false;
      const ns = s.serviceAccount.namespace ?? '';
      if (s.serviceAccount.name === '*') return user.username.startsWith(`${SA_PREFIX}${ns}:`);
      return user.username === `${SA_PREFIX}${ns}:${s.serviceAccount.name}`;
    }
    default:
      return false;
  }
}

function matchesResourceRule(info: RequestInfo, r: ResourceRule): boolean {
  if (!containsString(info.verb, r.verbs, '*')) return false;
  const res = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  if (!containsString(res, r.resources, '*')) return false;
  if (!containsString(info.apiGroup, r.apiGroups, '*')) return false;
  if (info.namespace === '') return r.clusterScope === true;
  return containsString(info.namespace, r.namespaces, '*');
}

function matchesNonResourceURL(patterns: readonly string[] | undefined, path: string): boolean {
  for (const p of patterns ?? []) {
    if (p === '*' || p === path) return true;
    let prefix = p.endsWith('*') ? p.slice(0, -1) : p;
    if (!prefix.endsWith('/')) prefix += '/';
    if (path.startsWith(prefix)) return true;
  }
  return false;
}

function matchesNonResourceRule(info: RequestInfo, r: NonResourceRule): boolean {
  return containsString(info.verb, r.verbs, '*') && matchesNonResourceURL(r.nonResourceURLs, info.path);
}

export function matchesPolicyRule(d: RequestDigest, rule: PolicyRulesWithSubjects): boolean {
  if (!(rule.subjects ?? []).some((s) => matchesSubject(d.user, s))) return false;
  if (d.info.isResourceRequest) return (rule.resourceRules ?? []).some((r) => matchesResourceRule(d.info, r));
  return (rule.nonResourceRules ?? []).some((r) => matchesNonResourceRule(d.info, r));
}

export function matchesFlowSchema(d: RequestDigest, fs: Obj): boolean {
  const rules = (fs.spec as { rules?: PolicyRulesWithSubjects[] } | undefined)?.rules ?? [];
  return rules.some((r) => matchesPolicyRule(d, r));
}

/** FlowSchemaSequence order: matchingPrecedence ascending, then name. */
export function compareFlowSchemas(a: Obj, b: Obj): number {
  const pa = Number((a.spec as { matchingPrecedence?: number })?.matchingPrecedence ?? 1000);
  const pb = Number((b.spec as { matchingPrecedence?: number })?.matchingPrecedence ?? 1000);
  if (pa !== pb) return pa - pb;
  const na = String(a.metadata?.name ?? '');
  const nb = String(b.metadata?.name ?? '');
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** The flow distinguisher for a schema's distinguisherMethod. */
export function flowDistinguisher(d: RequestDigest, fs: Obj): string {
  const type = (fs.spec as { distinguisherMethod?: { type?: string } })?.distinguisherMethod?.type;
  if (type === 'ByUser') return d.user.username;
  if (type === 'ByNamespace') return d.info.namespace;
  return '';
}

/** Upstream's hashFlowID: the first 8 bytes (little-endian) of sha256(schema name, 0, distinguisher). */
export function hashFlowId(fsName: string, distinguisher: string): bigint {
  const h = createHash('sha256').update(fsName).update(Buffer.from([0])).update(distinguisher).digest();
  return h.readBigUInt64LE(0);
}
