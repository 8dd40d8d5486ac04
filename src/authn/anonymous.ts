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

/**
 * Whether anonymous requests are allowed. Upstream (BuiltInAuthenticationOptions.ApplyAuthorization)
 * turns --anonymous-auth off whenever the AlwaysAllow authorizer is configured. kube-apiserver's
 * --authorization-mode defaults to AlwaysAllow, skiff's effective authorizer does not allow
 * anonymous users everything, so skiff applies the rule only when --authorization-mode was set
 * explicitly and names AlwaysAllow (`explicitAuthorizationModes` undefined = flag not given).
 */
export function anonymousAllowed(anonymousAuth: boolean, explicitAuthorizationModes?: readonly string[]): { allowed: boolean; warning?: string } {
  if (anonymousAuth && explicitAuthorizationModes?.includes('AlwaysAllow')) {
    return { allowed: false, warning: 'AnonymousAuth is not allowed with the AlwaysAllow authorizer. Resetting AnonymousAuth to false. You should use a different authorizer' };
  }
  return { allowed: anonymousAuth };
}
