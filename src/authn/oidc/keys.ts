// An issuer's signing keys: OIDC discovery (the document's `issuer` must equal the
// configured URL, also when discoveryURL overrides where it is fetched from), then
// the JWKS at its jwks_uri, both over HTTPS trusting the configured CA. A token
// signed with a key id we don't know triggers a refetch of the JWKS, at most once
// per minRefreshIntervalMs, so that rotated keys verify without a restart.

import type { createLocalJWKSet, JSONWebKeySet, JWSHeaderParameters, FlattenedJWSInput } from 'jose';
import { jose } from '../jose.js';
import { getJson } from '../https.js';

export interface KeySourceOptions {
  issuerUrl: string;
  discoveryUrl?: string;
  caPem?: string;
  /** Least time between two refetches caused by unknown key ids (default 10s). */
  minRefreshIntervalMs?: number;
  fetchTimeoutMs?: number;
}

type KeyResolver = ReturnType<typeof createLocalJWKSet>;

export class OidcKeySource {
  private resolver?: KeyResolver;
  private jwksUri?: string;
  private lastFetch = 0;
  private inflight?: Promise<void>;

  constructor(private readonly opts: KeySourceOptions) {}

  get initialized(): boolean {
    return this.resolver !== undefined;
  }

  /** Discovery and the first JWKS. Throws when either fails. */
  async initialize(): Promise<void> {
    const discoveryUrl = this.opts.discoveryUrl || `${this.opts.issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const doc = (await getJson(discoveryUrl, this.fetchOptions())) as { issuer?: unknown; jwks_uri?: unknown };
    if (doc === null || typeof doc !== 'object') throw new Error('oidc: failed to decode provider discovery object');
    if (doc.issuer !== this.opts.issuerUrl) {
      throw new Error(`oidc: issuer did not match the issuer returned by provider, expected ${JSON.stringify(this.opts.issuerUrl)} got ${JSON.stringify(doc.issuer)}`);
    }
    if (typeof doc.jwks_uri !== 'string' || doc.jwks_uri === '') throw new Error('provider did not return JWKS URL');
    this.jwksUri = doc.jwks_uri;
    await this.fetchKeys();
  }

  /** The key resolver jose's verify functions take. */
  readonly getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    if (!this.resolver) throw new Error('oidc: authenticator not initialized');
    try {
      return await this.resolver(header, token);
    } catch (e) {
      if (!(e instanceof (await jose()).errors.JWKSNoMatchingKey)) throw e;
      if (!(await this.refreshIfAllowed())) throw e;
      return this.resolver(header, token);
    }
  };

  private async refreshIfAllowed(): Promise<boolean> {
    if (this.inflight) {
      await this.inflight.catch(() => undefined);
      return true;
    }
    if (Date.now() - this.lastFetch < (this.opts.minRefreshIntervalMs ?? 10_000)) return false;
    this.inflight = this.fetchKeys().finally(() => (this.inflight = undefined));
    try {
      await this.inflight;
      return true;
    } catch {
      return false;
    }
  }

  private async fetchKeys(): Promise<void> {
    this.lastFetch = Date.now();
    const jwks = (await getJson(this.jwksUri!, this.fetchOptions())) as JSONWebKeySet;
    if (!jwks || typeof jwks !== 'object' || !Array.isArray(jwks.keys)) throw new Error('oidc: failed to decode keys: no "keys" array');
    this.resolver = (await jose()).createLocalJWKSet(jwks);
  }

  private fetchOptions() {
    return { caPem: this.opts.caPem, timeoutMs: this.opts.fetchTimeoutMs ?? 10_000 };
  }
}
