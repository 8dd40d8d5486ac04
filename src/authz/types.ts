// The authorization contract every authorizer mode implements, shaped on upstream's
// authorizer.Attributes and authorizer.Decision (k8s.io/apiserver/pkg/authorization/authorizer).

import type { UserInfo } from '../authn/types.js';
import { parseFieldSelector, type FieldRequirement } from '../apimachinery/fields.js';
import type { RequestInfo } from '../server/requestinfo.js';

/** What is being asked: who, which verb, on which resource or non-resource path. */
export interface Attributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  /** The request path (non-resource requests). */
  path: string;
  namespace: string;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  subresource: string;
  name: string;
  /** The parsed fieldSelector of a list, watch or deletecollection (gate AuthorizeWithSelectors, on in v1.34). */
  fieldSelector?: readonly FieldRequirement[];
}

/** allow and deny end the union; noOpinion passes to the next authorizer. */
export type Decision = 'allow' | 'deny' | 'noOpinion';

export interface AuthorizationResult {
  decision: Decision;
  /** Shown to the user (403 message suffix, SubjectAccessReview status.reason). */
  reason: string;
  /** An evaluation error (SubjectAccessReview status.evaluationError). */
  error?: string;
}

export interface Authorizer {
  authorize(attributes: Attributes): Promise<AuthorizationResult>;
}

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}

export interface RulesResult {
  resourceRules: ResourceRule[];
  nonResourceRules: NonResourceRule[];
  incomplete: boolean;
  evaluationError?: string;
}

/** Authorizers that can list what a user may do (SelfSubjectRulesReview). */
export interface RuleResolver {
  rulesFor(user: UserInfo, namespace: string): Promise<RulesResult>;
}

const SELECTOR_VERBS = new Set(['list', 'watch', 'deletecollection']);

export function attributesFor(user: UserInfo, info: RequestInfo, query?: URLSearchParams): Attributes {
  const attributes: Attributes = {
    user,
    verb: info.verb,
    isResourceRequest: info.isResourceRequest,
    path: info.path,
    namespace: info.namespace,
    apiGroup: info.apiGroup,
    apiVersion: info.apiVersion,
    resource: info.resource,
    subresource: info.subresource,
    name: info.name,
  };
  const selector = info.isResourceRequest && SELECTOR_VERBS.has(info.verb) ? query?.get('fieldSelector') : undefined;
  if (selector) {
    try {
      const reqs = parseFieldSelector(selector).requirements;
      if (reqs.length) attributes.fieldSelector = reqs;
    } catch {
      // A malformed selector authorizes as none; the handler rejects it with its own 400.
    }
  }
  return attributes;
}

export const allow = (reason = ''): AuthorizationResult => ({ decision: 'allow', reason });
export const deny = (reason = ''): AuthorizationResult => ({ decision: 'deny', reason });
export const noOpinion = (reason = ''): AuthorizationResult => ({ decision: 'noOpinion', reason });
