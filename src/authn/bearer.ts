// `Authorization: Bearer <token>`: the token goes to each token authenticator in
// turn. An unknown token is an error (401), never an anonymous request.

import { authenticationFailed } from './errors.js';
import { headerValue, type AuthnRequest, type AuthnResult, type Authenticator, type TokenAuthenticator } from './types.js';

export class BearerTokenAuthenticator implements Authenticator {
  constructor(private readonly tokenAuthenticators: readonly TokenAuthenticator[]) {}

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    const token = bearerToken(req);
    if (token === undefined) return null;
    const errors: Error[] = [];
    for (const ta of this.tokenAuthenticators) {
      try {
        const user = await ta.authenticateToken(token);
        if (user) return { user, authenticator: 'token' };
      } catch (e) {
        errors.push(e instanceof Error ? e : new Error(String(e)));
      }
    }
    throw authenticationFailed(errors.length > 0 ? new AggregateError(errors, errors.map((e) => e.message).join(', ')) : 'invalid bearer token');
  }
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
