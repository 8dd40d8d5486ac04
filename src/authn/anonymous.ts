import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP, type AuthnResult, type Authenticator } from './types.js';

/** Every request is system:anonymous in group system:unauthenticated. */
export class AnonymousAuthenticator implements Authenticator {
  async authenticate(): Promise<AuthnResult> {
    return { user: { username: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] }, authenticator: 'anonymous' };
  }
}
