// The server's authorizer as CEL's authorizer library sees it (authorizer.group(...)
// .resource(...).check(verb), serviceAccount(...), path(...)): admission policies get
// `authorizer` bound to the request's user through this adapter. CEL evaluates
// synchronously while authorizers answer asynchronously (webhooks): CheckingCelAuthorizer
// records the checks an evaluation asks for, the caller has them answered and evaluates
// again, until every check had a real answer (expressions are pure, so the last run is
// what upstream's blocking call would have computed). An authorizer that answers from
// memory (RBAC, authorizeSync) is also usable directly.

import type { CelAuthorizationAttributes, CelAuthorizationDecision, CelAuthorizer, CelUserInfo } from '../cel/index.js';
import { AuthorizerValue } from '../cel/index.js';
import type { UserInfo } from '../authn/types.js';
import type { Attributes, AuthorizationResult, Authorizer } from './types.js';

export interface SyncAuthorizer {
  authorizeSync(attributes: Attributes): AuthorizationResult;
}

function attributesOf(a: CelAuthorizationAttributes): Attributes {
  return {
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
  };
}

function decisionOf(r: AuthorizationResult): CelAuthorizationDecision {
  const out: CelAuthorizationDecision = { decision: r.decision === 'noOpinion' ? 'no-opinion' : r.decision, reason: r.reason };
  if (r.error) out.error = r.error;
  return out;
}

export function celAuthorizer(authorizer: SyncAuthorizer): CelAuthorizer {
  return { authorize: (a) => decisionOf(authorizer.authorizeSync(attributesOf(a))) };
}

/** How many times an evaluation may be repeated to answer the checks it discovers. */
const MAX_CHECK_ROUNDS = 16;

/**
 * The server's (asynchronous) authorizer for CEL. Checks without an answer yet are recorded
 * and answered provisionally with no opinion; evaluate() repeats the evaluation once they
 * are answered. Answers are kept for the life of the object (one admission request).
 */
export class CheckingCelAuthorizer implements CelAuthorizer {
  private readonly answers = new Map<string, CelAuthorizationDecision>();
  private readonly missing = new Map<string, Attributes>();

  constructor(private readonly authorizer: Authorizer) {}

  authorize(a: CelAuthorizationAttributes): CelAuthorizationDecision {
    const attrs = attributesOf(a);
    const key = JSON.stringify(attrs);
    const known = this.answers.get(key);
    if (known) return known;
    this.missing.set(key, attrs);
    return { decision: 'no-opinion', reason: '' };
  }

  /** Run `evaluate` until every authorizer check it made was answered by the server's authorizer. */
  async evaluate<T>(evaluate: () => T | Promise<T>): Promise<T> {
    for (let round = 0; ; round++) {
      const result = await evaluate();
      if (this.missing.size === 0 || round >= MAX_CHECK_ROUNDS) {
        this.missing.clear();
        return result;
      }
      const asked = [...this.missing];
      this.missing.clear();
      await Promise.all(
        asked.map(async ([key, attrs]) => {
          const r = await this.authorizer.authorize(attrs).catch((e: unknown): AuthorizationResult => ({ decision: 'noOpinion', reason: '', error: String(e) }));
          this.answers.set(key, decisionOf(r));
        }),
      );
    }
  }

  /** CEL's `authorizer` value for a request by `user`. */
  valueFor(user: UserInfo): AuthorizerValue {
    return new AuthorizerValue(this, { username: user.username, uid: user.uid, groups: user.groups, extra: user.extra });
  }
}

/** The value of CEL's `authorizer` variable for a request by `user`. */
export function celAuthorizerValue(authorizer: SyncAuthorizer, user: UserInfo): AuthorizerValue {
  const celUser: CelUserInfo = { username: user.username, uid: user.uid, groups: user.groups, extra: user.extra };
  return new AuthorizerValue(celAuthorizer(authorizer), celUser);
}
