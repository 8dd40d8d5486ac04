import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP, type AuthnRequest, type AuthnResult, type Authenticator } from './types.js';

/**
 * Every request is system:anonymous in group system:unauthenticated. With `paths`
 * (the AuthenticationConfiguration's anonymous.conditions), only requests for exactly
 * those paths are; others get no opinion (so 401 without credentials), as upstream's
 * request/anonymous authenticator.
 */
export class AnonymousAuthenticator implements Authenticator {
  private readonly allowedPaths: ReadonlySet<string>;

  constructor(paths: readonly string[] = []) {
    this.allowedPaths = new Set(paths);
  }

  async authenticate(req?: AuthnRequest): Promise<AuthnResult | null> {
    if (this.allowedPaths.size > 0 && !this.allowedPaths.has(req?.path ?? '')) return null;
    return { user: { username: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] }, authenticator: 'anonymous' };
  }
}
