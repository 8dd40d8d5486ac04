// The JWT authenticators of the current configuration, behind one TokenAuthenticator
// whose set can be swapped atomically when the configuration file is reloaded.

import type { AuthenticationConfiguration, CelMapper } from '../config.js';
import type { TokenAuthenticator, UserInfo } from '../types.js';
import { JwtAuthenticator, type JwtAuthenticatorOptions } from './jwt.js';

export { JwtAuthenticator, ALL_SIGNING_ALGORITHMS, untrustedIssuer } from './jwt.js';
export { selectsClaim } from './cel.js';

export type JwtTuning = Pick<JwtAuthenticatorOptions, 'signingAlgs' | 'minKeyRefreshIntervalMs' | 'initRetryMs'>;

/** One authenticator per jwt entry; `mappers` are validateAuthenticationConfiguration's. */
export function buildJwtAuthenticators(config: AuthenticationConfiguration, mappers: CelMapper[], tuning: JwtTuning = {}): JwtAuthenticator[] {
  return config.jwt.map((jwt, i) => new JwtAuthenticator({ config: jwt, mapper: mappers[i]!, ...tuning }));
}

export class JwtAuthenticatorSet implements TokenAuthenticator {
  private current: JwtAuthenticator[];

  constructor(initial: JwtAuthenticator[] = []) {
    this.current = initial;
  }

  get authenticators(): readonly JwtAuthenticator[] {
    return this.current;
  }

  /** Installs a new set and stops the old one. */
  replace(next: JwtAuthenticator[]): void {
    const old = this.current;
    this.current = next;
    for (const a of old) a.stop();
  }

  stop(): void {
    this.replace([]);
  }

  /**
   * Issuer URLs are unique, so at most one authenticator claims a token; the others
   * return null without verifying anything.
   */
  async authenticateToken(token: string): Promise<UserInfo | null> {
    for (const a of this.current) {
      const user = await a.authenticateToken(token);
      if (user) return user;
    }
    return null;
  }
}
