// CEL evaluates synchronously, so matchConditions get an `authorizer` only when the server's
// authorizer can answer from memory (authorizeSync); otherwise an expression using it errors
// and the webhook's failurePolicy decides.

import { celAuthorizerValue, type SyncAuthorizer } from '../../authz/cel-adapter.js';
import type { Authorizer } from '../../authz/types.js';
import type { AuthorizerValue } from '../../cel/index.js';
import type { Attributes } from '../types.js';

export function celAuthorizerFor(authorizer: Authorizer): ((user: Attributes['userInfo']) => AuthorizerValue) | undefined {
  const sync = authorizer as Authorizer & Partial<SyncAuthorizer>;
  if (typeof sync.authorizeSync !== 'function') return undefined;
  return (user) => celAuthorizerValue(sync as SyncAuthorizer, user);
}
