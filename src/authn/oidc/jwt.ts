// One JWT authenticator of the AuthenticationConfiguration (or of the --oidc-* flags),
// as k8s.io/apiserver/plugin/pkg/authenticator/token/oidc/oidc.go: tokens whose
// (unverified) `iss` is another issuer get no opinion; ours are verified (signature
// with an allowed algorithm, iss, aud, exp, nbf), then mapped to a user by claims or
// CEL, then checked by the claim and user validation rules. Every failure is an
// error (the caller answers 401); the message is for logs only.

import { jose } from '../jose.js';
import type { CelMapper, JwtAuthenticatorConfig } from '../config.js';
import { CREDENTIAL_ID_KEY, type TokenAuthenticator, type UserInfo } from '../types.js';
import { evalClaims, evalUser } from './cel.js';
import { OidcKeySource } from './keys.js';

/** oidc.AllValidSigningAlgorithms: asymmetric only, never HS* or none. */
export const ALL_SIGNING_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512'];
/** go-oidc's allowance for clocks that are ahead of ours, on nbf. */
const NBF_LEEWAY_S = 5 * 60;

export interface JwtAuthenticatorOptions {
  config: JwtAuthenticatorConfig;
  mapper: CelMapper;
  /** Accepted `alg` values (default: all of ALL_SIGNING_ALGORITHMS). */
  signingAlgs?: string[];
  /** Least time between JWKS refetches for unknown key ids. */
  minKeyRefreshIntervalMs?: number;
  /** How long to wait between failed discovery attempts (default 10s). */
  initRetryMs?: number;
}

type Claims = Record<string, unknown>;

export class JwtAuthenticator implements TokenAuthenticator {
  readonly issuer: string;
  private readonly keys: OidcKeySource;
  private readonly algorithms: string[];
  private readonly audiences: Set<string>;
  private initError: Error | undefined;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  /** Settles once discovery and the first JWKS fetch succeeded (never rejects). */
  readonly ready: Promise<void>;

  constructor(private readonly opts: JwtAuthenticatorOptions) {
    const c = opts.config;
    this.issuer = c.issuer.url;
    this.algorithms = opts.signingAlgs ?? ALL_SIGNING_ALGORITHMS;
    for (const alg of this.algorithms) {
      if (!ALL_SIGNING_ALGORITHMS.includes(alg)) throw new Error(`oidc: unsupported signing alg: ${JSON.stringify(alg)}`);
    }
    this.audiences = new Set(c.issuer.audiences);
    this.keys = new OidcKeySource({
      issuerUrl: c.issuer.url,
      discoveryUrl: c.issuer.discoveryURL,
      caPem: c.issuer.certificateAuthority || undefined,
      minRefreshIntervalMs: opts.minKeyRefreshIntervalMs,
    });
    this.ready = this.initializeWithRetries();
  }

  /** Whether discovery succeeded; the reason it has not otherwise. */
  health(): Error | undefined {
    return this.keys.initialized ? undefined : new Error(`oidc: authenticator for issuer ${JSON.stringify(this.issuer)} is not healthy: ${this.initError?.message ?? 'not initialized'}`);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  private async initializeWithRetries(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.keys.initialize();
        this.initError = undefined;
        return;
      } catch (e) {
        this.initError = e as Error;
      }
      await new Promise<void>((r) => (this.retryTimer = setTimeout(r, this.opts.initRetryMs ?? 10_000)));
    }
  }

  async authenticateToken(token: string): Promise<UserInfo | null> {
    if (untrustedIssuer(token) !== this.issuer) return null;
    if (!this.keys.initialized) throw new Error('oidc: authenticator not initialized');
    const claims = await this.verify(token);
    const user = this.mapUser(claims);
    this.checkRequiredClaims(claims);
    this.checkClaimValidationRules(claims);
    this.checkUserValidationRules(user);
    return user;
  }

  private async verify(token: string): Promise<Claims> {
    let payload: Uint8Array;
    const { compactVerify, errors: joseErrors } = await jose();
    try {
      ({ payload } = await compactVerify(token, this.keys.getKey, { algorithms: this.algorithms }));
    } catch (e) {
      if (e instanceof joseErrors.JOSEAlgNotAllowed) {
        throw new Error(`oidc: verify token: oidc: id token signed with unsupported algorithm, expected ${JSON.stringify(this.algorithms)}`);
      }
      throw new Error(`oidc: verify token: failed to verify signature: ${(e as Error).message}`);
    }
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(payload).toString('utf8')) as Claims;
      if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('not an object');
    } catch (e) {
      throw new Error(`oidc: verify token: oidc: failed to unmarshal claims: ${(e as Error).message}`);
    }
    if (claims.iss !== this.issuer) {
      throw new Error(`oidc: verify token: oidc: id token issued by a different provider, expected ${JSON.stringify(this.issuer)} got ${JSON.stringify(claims.iss)}`);
    }
    const aud = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : undefined;
    if (aud === undefined || !aud.every((a) => typeof a === 'string')) throw new Error('oidc: verify token: oidc: failed to unmarshal claims: aud');
    if (!aud.some((a) => this.audiences.has(a as string))) {
      throw new Error(`oidc: verify token: oidc: expected audience in ${JSON.stringify([...this.audiences].sort())} got ${JSON.stringify(aud)}`);
    }
    const now = Date.now() / 1000;
    if (typeof claims.exp !== 'number') throw new Error('oidc: verify token: oidc: token is expired (Token Expiry: 0001-01-01 00:00:00 +0000 UTC)');
    if (claims.exp < now) throw new Error(`oidc: verify token: oidc: token is expired (Token Expiry: ${new Date(claims.exp * 1000).toISOString()})`);
    if (claims.nbf !== undefined) {
      if (typeof claims.nbf !== 'number') throw new Error('oidc: verify token: oidc: failed to unmarshal claims: nbf');
      if (now + NBF_LEEWAY_S < claims.nbf) throw new Error(`oidc: verify token: oidc: current time before the nbf (not before) time: ${new Date(claims.nbf * 1000).toISOString()}`);
    }
    return claims;
  }

  private mapUser(claims: Claims): UserInfo {
    const user: UserInfo = { username: this.username(claims), groups: this.groups(claims) };
    const uid = this.uid(claims);
    if (uid !== '') user.uid = uid;
    const extra = this.extra(claims);
    if (Object.keys(extra).length > 0) user.extra = extra;
    return user;
  }

  private username(claims: Claims): string {
    const m = this.opts.mapper;
    if (m.username) {
      const v = evaluate(() => evalClaims(m.username!, claims), 'oidc: error evaluating username claim expression');
      if (typeof v !== 'string') throw new Error('oidc: error evaluating username claim expression: username claim expression must return a string');
      if (v === '') throw new Error('oidc: empty username via CEL expression is not allowed');
      return v;
    }
    const mapping = this.opts.config.claimMappings.username;
    const claim = mapping.claim!;
    const username = stringClaim(claims, claim, `oidc: parse username claims ${JSON.stringify(claim)}`);
    if (claim === 'email' && 'email_verified' in claims) {
      if (typeof claims.email_verified !== 'boolean') throw new Error("oidc: parse 'email_verified' claim: json: cannot unmarshal into Go value of type bool");
      if (!claims.email_verified) throw new Error('oidc: email not verified');
    }
    return (mapping.prefix ?? '') + username;
  }

  private groups(claims: Claims): string[] {
    const mapping = this.opts.config.claimMappings.groups;
    const claim = mapping?.claim ?? '';
    if (claim !== '' && claim in claims) {
      const v = claims[claim];
      if (v === null) return [];
      const groups = typeof v === 'string' ? [v] : Array.isArray(v) && v.every((g) => typeof g === 'string') ? (v as string[]) : undefined;
      if (!groups) throw new Error(`oidc: parse groups claim ${JSON.stringify(claim)}: json: cannot unmarshal into Go value of type string`);
      return groups.map((g) => (mapping?.prefix ?? '') + g);
    }
    const program = this.opts.mapper.groups;
    if (!program) return [];
    const v = evaluate(() => evalClaims(program, claims), 'oidc: error evaluating group claim expression');
    return stringList(v, 'oidc: error evaluating group claim expression');
  }

  private uid(claims: Claims): string {
    const claim = this.opts.config.claimMappings.uid?.claim ?? '';
    if (claim !== '') return stringClaim(claims, claim, `oidc: parse uid claim ${JSON.stringify(claim)}`);
    const program = this.opts.mapper.uid;
    if (!program) return '';
    const v = evaluate(() => evalClaims(program, claims), 'oidc: error evaluating uid claim expression');
    if (typeof v !== 'string') throw new Error('oidc: error evaluating uid claim expression: uid claim expression must return a string');
    return v;
  }

  private extra(claims: Claims): Record<string, string[]> {
    const extra: Record<string, string[]> = {};
    if (typeof claims.jti === 'string' && claims.jti !== '') extra[CREDENTIAL_ID_KEY] = [`JTI=${claims.jti}`];
    for (const { key, program } of this.opts.mapper.extra) {
      const v = evaluate(() => evalClaims(program, claims), 'oidc: error evaluating extra claim expression');
      const values = stringList(v, `oidc: error evaluating extra claim expression: ${program.expression}`);
      if (values.length > 0) extra[key] = values;
    }
    return extra;
  }

  private checkRequiredClaims(claims: Claims): void {
    for (const rule of this.opts.config.claimValidationRules ?? []) {
      if (!rule.claim) continue;
      if (!(rule.claim in claims)) throw new Error(`oidc: required claim ${rule.claim} not present in ID token`);
      const value = stringClaim(claims, rule.claim, `oidc: parse claim ${rule.claim}`);
      if (value !== (rule.requiredValue ?? '')) {
        throw new Error(`oidc: required claim ${rule.claim} value does not match. Got = ${value}, want = ${rule.requiredValue ?? ''}`);
      }
    }
  }

  private checkClaimValidationRules(claims: Claims): void {
    for (const rule of this.opts.mapper.claimValidationRules) {
      const v = evaluate(() => evalClaims(rule.program, claims), 'oidc: error evaluating claim validation expression');
      checkRuleResult(v, rule, 'oidc: error evaluating claim validation expression');
    }
  }

  private checkUserValidationRules(user: UserInfo): void {
    for (const rule of this.opts.mapper.userValidationRules) {
      const v = evaluate(() => evalUser(rule.program, user), 'oidc: error evaluating user info validation rule');
      checkRuleResult(v, rule, 'oidc: error evaluating user info validation rule');
    }
  }
}

function evaluate(run: () => unknown, context: string): unknown {
  try {
    return run();
  } catch (e) {
    throw new Error(`${context}: ${(e as Error).message}`);
  }
}

function checkRuleResult(v: unknown, rule: { expression: string; message: string }, context: string): void {
  if (typeof v !== 'boolean') throw new Error(`${context}: validation expression must return a boolean`);
  if (!v) throw new Error(`${context}: validation expression '${rule.expression}' failed: ${rule.message}`);
}

function stringClaim(claims: Claims, name: string, context: string): string {
  if (!(name in claims)) throw new Error(`${context}: claim not present`);
  const v = claims[name];
  if (typeof v !== 'string') throw new Error(`${context}: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go value of type string`);
  return v;
}

/** convertCELValueToStringList: a string or a list of strings; empty strings are dropped. */
function stringList(v: unknown, context: string): string[] {
  if (v === null) return [];
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return (v as string[]).filter((x) => x !== '');
  throw new Error(`${context}: expression must return a string or a list of strings`);
}

/** The `iss` of a compact JWT, unverified; undefined for anything that is not one. */
export function untrustedIssuer(token: string): string | undefined {
  if (token.trimStart().startsWith('{')) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
    if (typeof claims?.iss !== 'string') return undefined;
    return claims.iss === 'accounts.google.com' ? 'https://accounts.google.com' : claims.iss;
  } catch {
    return undefined;
  }
}
