// The server's authorizer as CEL's authorizer library sees it (authorizer.group(...)
// .resource(...).check(verb), serviceAccount(...), path(...)): admission policies get
// `authorizer` bound to the request's user through this adapter. CEL evaluates
// synchronously, so the adapter needs an authorizer that can answer from memory (RBAC).

import type { CelAuthorizationAttributes, CelAuthorizationDecision, CelAuthorizer, CelUserInfo } from '../cel/index.js';
import { AuthorizerValue } from '../cel/index.js';
import type { UserInfo } from '../authn/types.js';
import type { Attributes, AuthorizationResult } from './types.js';

export interface SyncAuthorizer {
  authorizeSync(attributes: Attributes): AuthorizationResult;
}

export function celAuthorizer(authorizer: SyncAuthorizer): CelAuthorizer {
  return {
    authorize(a: CelAuthorizationAttributes): CelAuthorizationDecision {
      const r = authorizer.authorizeSync({
        user: { username: a.user.username, uid: a.user.uid, groups: a.user.groups ?? [], extra: a.user.extra },
        verb: a.verb,
        isResourceRequest: a.resourceRequest,
        path: a.path ?? '',
        namespace: a.namespace ?? '',
        apiGroup: a.apiGroup ?? '',
        apiVersion: a.apiVersion ?? '',
        resource: a.resource ?? '',
        subresource: a.subresource ?? '',
        name: a.name ?? '',
      });
      const out: CelAuthorizationDecision = { decision: r.decision === 'noOpinion' ? 'no-opinion' : r.decision, reason: r.reason };
      if (r.error) out.error = r.error;
      return out;
    },
  };
}

/** The value of CEL's `authorizer` variable for a request by `user`. */
export function celAuthorizerValue(authorizer: SyncAuthorizer, user: UserInfo): AuthorizerValue {
  const celUser: CelUserInfo = { username: user.username, uid: user.uid, groups: user.groups, extra: user.extra };
  return new AuthorizerValue(celAuthorizer(authorizer), celUser);
}
