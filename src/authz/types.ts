// The authorization contract every authorizer mode implements, shaped on upstream's
// authorizer.Attributes and authorizer.Decision (k8s.io/apiserver/pkg/authorization/authorizer).

import type { UserInfo } from '../authn/types.js';
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

export function attributesFor(user: UserInfo, info: RequestInfo): Attributes {
  return {
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
}

export const allow = (reason = ''): AuthorizationResult => ({ decision: 'allow', reason });
export const deny = (reason = ''): AuthorizationResult => ({ decision: 'deny', reason });
export const noOpinion = (reason = ''): AuthorizationResult => ({ decision: 'noOpinion', reason });
