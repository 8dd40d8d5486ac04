// `Authorization: Bearer <token>`: the token goes to each token authenticator in
// turn. An unknown token is an error (401), never an anonymous request.
// Audiences (upstream's authenticator.Audiences in the request context): a request
// targets the API audiences unless it names others (TokenReview spec.audiences).
// Audience-aware authenticators (service accounts) check the token's own audiences;
// the others are valid for the API audiences only (WrapAudienceAgnosticToken).

import { authenticationFailed } from './errors.js';
import type { TokenSuccessCache } from './token-cache.js';
import {
  headerValue,
  intersectAudiences,
  isAudienceAware,
  type AuthnRequest,
  type AuthnResult,
  type Authenticator,
  type TokenAuthenticator,
  type TokenResponse,
} from './types.js';

export class BearerTokenAuthenticator implements Authenticator {
  constructor(
    private readonly tokenAuthenticators: readonly TokenAuthenticator[],
    /** --api-audiences (default: the service-account issuer). */
    private readonly apiAudiences: readonly string[] = [],
    /** Successful authentications are remembered for a while (upstream: 10s); none without. */
    private readonly cache?: TokenSuccessCache,
  ) {}

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    const token = bearerToken(req);
    if (token === undefined) return null;
    const requested = req.audiences && req.audiences.length ? req.audiences : this.apiAudiences;
    const cacheKey = this.cache?.key(token, requested);
    const cached = cacheKey !== undefined ? this.cache!.get(cacheKey) : undefined;
    if (cached) return this.result(cached);
    const errors: Error[] = [];
    for (const ta of this.tokenAuthenticators) {
      try {
        const res = await this.tryOne(ta, token, requested);
        if (res && cacheKey !== undefined) this.cache!.set(cacheKey, res);
        if (res) return this.result(res);
      } catch (e) {
        errors.push(e instanceof Error ? e : new Error(String(e)));
      }
    }
    throw authenticationFailed(errors.length > 0 ? new AggregateError(errors, goAggregate(errors)) : 'invalid bearer token');
  }

  private result(res: TokenResponse): AuthnResult {
    return res.audiences.length ? { user: res.user, authenticator: 'token', audiences: res.audiences } : { user: res.user, authenticator: 'token' };
  }

  private async tryOne(ta: TokenAuthenticator, token: string, requested: readonly string[]): Promise<TokenResponse | null> {
    if (isAudienceAware(ta)) return ta.authenticateTokenFor(token, requested);
    let audiences: string[] = [];
    if (requested.length) {
      audiences = intersectAudiences(this.apiAudiences, requested);
      if (audiences.length === 0) return null;
    }
    const user = await ta.authenticateToken(token);
    return user ? { user, audiences } : null;
  }
}

/** utilerrors.Aggregate's text: one error as is, several in brackets. */
function goAggregate(errors: Error[]): string {
  const msgs = errors.map((e) => (e.cause instanceof Error ? e.cause.message : e.message));
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}

/**
 * The token of an `Authorization: Bearer <token>` header, parsed as upstream does:
 * trimmed, split on single spaces, scheme case-insensitive. An empty token
 * (e.g. "Bearer  x", with two spaces) counts as no token at all.
 */
export function bearerToken(req: AuthnRequest): string | undefined {
  const auth = headerValue(req.headers, 'authorization')?.trim();
  if (!auth) return undefined;
  const parts = auth.split(' ');
  if (parts.length < 2 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1]!;
  return token.length === 0 ? undefined : token;
}
