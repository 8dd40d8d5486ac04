// Combining authenticators the way upstream does: the first success wins; failures
// are remembered and only reported when nobody succeeds; authenticated users gain
// system:authenticated; anonymous applies only when no authenticator failed.

import { isStatusError } from '../apimachinery/errors.js';
import { authenticationFailed } from './errors.js';
import { AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP, type AuthnRequest, type AuthnResult, type Authenticator } from './types.js';

export class UnionAuthenticator implements Authenticator {
  constructor(private readonly authenticators: readonly Authenticator[]) {}

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    const errors: Error[] = [];
    for (const a of this.authenticators) {
      try {
        const result = await a.authenticate(req);
        if (result) return result;
      } catch (e) {
        errors.push(e instanceof Error ? e : new Error(String(e)));
      }
    }
    if (errors.length === 0) return null;
    if (errors.length === 1 && isStatusError(errors[0])) throw errors[0];
    throw authenticationFailed(new AggregateError(errors, errors.map(reasonOf).join(', ')));
  }
}

function reasonOf(e: Error): string {
  return e.cause instanceof Error ? e.cause.message : e.message;
}

/** Adds system:authenticated unless the user already has it or system:unauthenticated. */
export class AuthenticatedGroupAdder implements Authenticator {
  constructor(private readonly inner: Authenticator) {}

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    const result = await this.inner.authenticate(req);
    if (!result) return null;
    const groups = result.user.groups;
    if (groups.includes(AUTHENTICATED_GROUP) || groups.includes(UNAUTHENTICATED_GROUP)) return result;
    return { ...result, user: { ...result.user, groups: [...groups, AUTHENTICATED_GROUP] } };
  }
}

/** Tries `primary`; if it has no opinion (and did not fail), uses `fallback`. Failures propagate. */
export class FallbackAuthenticator implements Authenticator {
  constructor(
    private readonly primary: Authenticator,
    private readonly fallback: Authenticator,
  ) {}

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    return (await this.primary.authenticate(req)) ?? this.fallback.authenticate(req);
  }
}
