import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP, type AuthnResult, type Authenticator } from './types.js';

/** Every request is system:anonymous in group system:unauthenticated. */
export class AnonymousAuthenticator implements Authenticator {
  async authenticate(): Promise<AuthnResult | null> {
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

/**
 * The start-up error when both --anonymous-auth and the authentication configuration
 * file's `anonymous` section are set (ToAuthenticationConfig upstream); undefined when
 * they don't conflict. For the --authentication-config parser to call.
 */
export function anonymousConfigConflict(anonymousFlagSet: boolean, configFileHasAnonymous: boolean): string | undefined {
  return anonymousFlagSet && configFileHasAnonymous
    ? 'anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file'
    : undefined;
}
