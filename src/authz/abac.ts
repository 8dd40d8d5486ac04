// The ABAC mode (upstream pkg/auth/authorizer/abac/abac.go): a file of JSON policy lines,
// abac.authorization.kubernetes.io/v1beta1 Policy objects or the legacy unversioned lines
// (converted as upstream's v0 conversion does). Any matching policy allows; otherwise no
// opinion with "No policy matched.".

import { readFileSync } from 'node:fs';
import { AUTHENTICATED_GROUP, type UserInfo } from '../authn/types.js';
import { allow, noOpinion, type Attributes, type Authorizer, type RuleResolver, type RulesResult } from './types.js';

export const ABAC_API_VERSION = 'abac.authorization.kubernetes.io/v1beta1';

export interface AbacPolicySpec {
  user: string;
  group: string;
  readonly: boolean;
  apiGroup: string;
  resource: string;
  namespace: string;
  nonResourcePath: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One policy line to its spec; throws with the reason when the line is not a policy. */
export function parsePolicyLine(line: string): AbacPolicySpec {
  const raw = JSON.parse(line) as Record<string, unknown>;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('a policy line must be a JSON object');
  if (raw.apiVersion !== undefined || raw.kind !== undefined) {
    if (raw.apiVersion !== ABAC_API_VERSION || raw.kind !== 'Policy') {
      throw new Error(`no kind "${str(raw.kind)}" is registered for version "${str(raw.apiVersion)}"`);
    }
    const s = (raw.spec ?? {}) as Record<string, unknown>;
    const spec: AbacPolicySpec = {
      user: str(s.user), group: str(s.group), readonly: s.readonly === true, apiGroup: str(s.apiGroup),
      resource: str(s.resource), namespace: str(s.namespace), nonResourcePath: str(s.nonResourcePath),
    };
    // v1beta1: a * user or group is every authenticated subject.
    if (spec.user === '*' || spec.group === '*') {
      spec.group = AUTHENTICATED_GROUP;
      spec.user = '';
    }
    return spec;
  }
  // The unversioned (v0) format: empty means "all", and every rule spans all API groups.
  const user = str(raw.user);
  const group = str(raw.group);
  const resource = str(raw.resource);
  const namespace = str(raw.namespace);
  const spec: AbacPolicySpec = { user, group, readonly: raw.readonly === true, apiGroup: '*', resource: resource || '*', namespace: namespace || '*', nonResourcePath: resource ? '' : '*' };
  if (!user && !group) spec.group = AUTHENTICATED_GROUP;
  if (user === '*' || group === '*') {
    spec.group = AUTHENTICATED_GROUP;
    spec.user = '';
  }
  return spec;
}

export function loadAbacPolicyFile(path: string): AbacPolicySpec[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: AbacPolicySpec[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    try {
      out.push(parsePolicyLine(line));
    } catch (e) {
      throw new Error(`error reading policy file ${path}, line ${i + 1}: ${line}: ${(e as Error).message}`);
    }
  });
  return out;
}

function subjectMatches(p: AbacPolicySpec, user: UserInfo): boolean {
  let matched = false;
  if (p.user) {
    if (p.user === '*') matched = true;
    else if (!(matched = p.user === user.username)) return false;
  }
  if (p.group) {
    if (p.group === '*') matched = true;
    else if (!(matched = user.groups.includes(p.group))) return false;
  }
  return matched;
}

const READ_ONLY_VERBS = new Set(['get', 'list', 'watch']);

function matches(p: AbacPolicySpec, a: Attributes): boolean {
  if (!subjectMatches(p, a.user)) return false;
  if (p.readonly && !READ_ONLY_VERBS.has(a.verb)) return false;
  if (a.isResourceRequest) {
    return (p.namespace === '*' || p.namespace === a.namespace) && (p.resource === '*' || p.resource === a.resource) && (p.apiGroup === '*' || p.apiGroup === a.apiGroup);
  }
  const np = p.nonResourcePath;
  return np === '*' || np === a.path || (np.endsWith('*') && a.path.startsWith(np.replace(/\*+$/, '')));
}

export class AbacAuthorizer implements Authorizer, RuleResolver {
  constructor(readonly policies: readonly AbacPolicySpec[]) {}

  static fromFile(path: string): AbacAuthorizer {
    return new AbacAuthorizer(loadAbacPolicyFile(path));
  }

  async authorize(a: Attributes) {
    return this.policies.some((p) => matches(p, a)) ? allow() : noOpinion('No policy matched.');
  }

  async rulesFor(user: UserInfo, namespace: string): Promise<RulesResult> {
    const out: RulesResult = { resourceRules: [], nonResourceRules: [], incomplete: false };
    for (const p of this.policies) {
      if (!subjectMatches(p, user) || !(p.namespace === '*' || p.namespace === namespace)) continue;
      const verbs = p.readonly ? ['get', 'list', 'watch'] : ['*'];
      if (p.resource) out.resourceRules.push({ verbs, apiGroups: [p.apiGroup], resources: [p.resource] });
      if (p.nonResourcePath) out.nonResourceRules.push({ verbs: [...verbs], nonResourceURLs: [p.nonResourcePath] });
    }
    return out;
  }
}
