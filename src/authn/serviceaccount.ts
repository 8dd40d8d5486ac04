// Service-account JWTs: bound tokens (TokenRequest; issuer --service-account-issuer)
// and legacy Secret-based tokens (issuer kubernetes/serviceaccount). Upstream:
// pkg/serviceaccount/jwt.go (issuer pre-check, signature over every key, audiences),
// claims.go (bound validation) and legacy.go (legacy validation).

import type { KeyObject } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { jose } from './jose.js';
import {
  LEGACY_CLAIMS,
  LEGACY_ISSUER,
  serviceAccountUser,
  splitServiceAccountUsername,
  type BoundClaims,
  type ServiceAccountInfo,
} from './sa-claims.js';
import { verificationAlgorithms } from './keys.js';
import { intersectAudiences, type AudienceAwareTokenAuthenticator, type TokenResponse, type UserInfo } from './types.js';
import type { Obj } from '../types/kind.js';

/** go-jose's jwt.DefaultLeeway. */
const LEEWAY_SECONDS = 60;

/** Reads the objects a token is bound to; rejects (e.g. a 404 StatusError) when one is missing. */
export interface ServiceAccountTokenGetter {
  getServiceAccount(namespace: string, name: string): Promise<Obj>;
  getPod(namespace: string, name: string): Promise<Obj>;
  getSecret(namespace: string, name: string): Promise<Obj>;
  getNode(name: string): Promise<Obj>;
}

export interface PublicClaims {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
  iat?: unknown;
  jti?: unknown;
  [k: string]: unknown;
}

/** Checks a verified token's claims and says whose it is. */
export interface TokenValidator {
  validate(token: string, claims: PublicClaims, nowSeconds: number): Promise<ServiceAccountInfo>;
}

export interface JwtAuthenticatorOptions {
  issuers: readonly string[];
  keys: readonly KeyObject[];
  /** --api-audiences: the audiences a token without any, or a request naming none, is checked against. */
  implicitAudiences: readonly string[];
  validator: TokenValidator;
  now?: () => number;
}

export class ServiceAccountJwtAuthenticator implements AudienceAwareTokenAuthenticator {
  private readonly issuers: Set<string>;

  constructor(private readonly opts: JwtAuthenticatorOptions) {
    this.issuers = new Set(opts.issuers);
  }

  async authenticateToken(token: string): Promise<UserInfo | null> {
    return (await this.authenticateTokenFor(token, this.opts.implicitAudiences))?.user ?? null;
  }

  async authenticateTokenFor(token: string, requested: readonly string[]): Promise<TokenResponse | null> {
    // Tokens of other issuers are not ours to judge (no error: others may accept them).
    if (!this.issuers.has(unverifiedIssuer(token) ?? '')) return null;
    const claims = await this.verify(token);
    if (typeof claims.iss !== 'string' || !this.issuers.has(claims.iss)) throw new Error(`token issuer "${String(claims.iss)}" is invalid`);
    const implicit = this.opts.implicitAudiences;
    const tokenAudiences = audiencesOf(claims.aud);
    const audiences = intersectAudiences(tokenAudiences.length ? tokenAudiences : implicit, requested.length ? requested : implicit);
    if (audiences.length === 0 && implicit.length !== 0) {
      throw new Error(`token audiences ${goQuoteList(tokenAudiences.length ? tokenAudiences : implicit)} is invalid for the target audiences ${goQuoteList(requested)}`);
    }
    const now = Math.floor((this.opts.now?.() ?? Date.now()) / 1000);
    const info = await this.opts.validator.validate(token, claims, now);
    return { user: serviceAccountUser(info), audiences };
  }

  /** The payload of a token signed by one of the keys, with claims of the types go-jose requires. */
  private async verify(token: string): Promise<PublicClaims> {
    const errors: string[] = [];
    const { compactVerify } = await jose();
    for (const key of this.opts.keys) {
      try {
        const { payload } = await compactVerify(token, key, { algorithms: verificationAlgorithms(key) });
        return parseClaims(payload);
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
  }
}

/** The "iss" of a token's payload, read before any verification (jwt.go hasCorrectIssuer). */
export function unverifiedIssuer(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]*$/.test(parts[1]!)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    const iss = claims && typeof claims === 'object' ? (claims as { iss?: unknown }).iss : undefined;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

function parseClaims(payload: Uint8Array): PublicClaims {
  const claims = JSON.parse(Buffer.from(payload).toString('utf8')) as unknown;
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('square/go-jose/jwt: invalid claims');
  const c = claims as PublicClaims;
  for (const k of ['exp', 'nbf', 'iat'] as const) {
    if (c[k] !== undefined && c[k] !== null && typeof c[k] !== 'number') throw new Error('square/go-jose/jwt: expected number for NumericDate');
  }
  for (const k of ['iss', 'sub', 'jti'] as const) {
    if (c[k] !== undefined && c[k] !== null && typeof c[k] !== 'string') throw new Error(`json: cannot unmarshal ${typeof c[k]} into Go struct field Claims.${k} of type string`);
  }
  if (c.aud !== undefined && c.aud !== null && typeof c.aud !== 'string' && !(Array.isArray(c.aud) && c.aud.every((a) => typeof a === 'string'))) {
    throw new Error('square/go-jose/jwt: expected string or array value to unmarshal to Audience');
  }
  return c;
}

function audiencesOf(aud: unknown): string[] {
  if (typeof aud === 'string') return aud === '' ? [] : [aud];
  return Array.isArray(aud) ? (aud as string[]) : [];
}

function goQuoteList(list: readonly string[]): string {
  return `[${list.map((s) => JSON.stringify(s)).join(' ')}]`;
}

/** go-jose's Claims.ValidateWithLeeway time checks, with claims.go's messages. */
function checkTimes(c: PublicClaims, now: number): void {
  if (typeof c.nbf === 'number' && now + LEEWAY_SECONDS < c.nbf) throw new Error('service account token is not valid yet');
  if (typeof c.exp === 'number' && now - LEEWAY_SECONDS > c.exp) throw new Error('service account token has expired');
  if (typeof c.iat === 'number' && now + LEEWAY_SECONDS < c.iat) throw new Error('service account token is issued in the future');
}

function deletedBefore(obj: Obj, cutoffSeconds: number): boolean {
  const ts = obj.metadata?.deletionTimestamp;
  return typeof ts === 'string' && Date.parse(ts) / 1000 < cutoffSeconds;
}

function isRef(v: unknown): v is { name: string; uid: string } {
  return !!v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' && typeof (v as { uid?: unknown }).uid === 'string';
}

/** Bound tokens: the account and the bound object must still exist with the same uids (claims.go). */
export class BoundTokenValidator implements TokenValidator {
  constructor(private readonly getter: ServiceAccountTokenGetter) {}

  async validate(_token: string, claims: PublicClaims, now: number): Promise<ServiceAccountInfo> {
    checkTimes(claims, now);
    const k8s = claims['kubernetes.io'] as Partial<BoundClaims> | undefined;
    if (!k8s || typeof k8s !== 'object' || typeof k8s.namespace !== 'string' || !isRef(k8s.serviceaccount)) {
      throw new Error('service account token claims are missing');
    }
    const cutoff = now - LEEWAY_SECONDS;
    const ns = k8s.namespace;
    const saRef = k8s.serviceaccount;
    const sa = await this.getter.getServiceAccount(ns, saRef.name);
    if (sa.metadata.uid !== saRef.uid) throw new Error(`service account UID (${sa.metadata.uid}) does not match claim (${saRef.uid})`);
    if (deletedBefore(sa, cutoff)) throw new Error(`service account ${ns}/${saRef.name} has been deleted`);
    if (k8s.secret !== undefined) {
      if (!isRef(k8s.secret)) throw new Error('service account token claims are malformed');
      const secret = await this.getter.getSecret(ns, k8s.secret.name);
      if (secret.metadata.uid !== k8s.secret.uid) throw new Error(`secret UID (${secret.metadata.uid}) does not match service account secret ref claim (${k8s.secret.uid})`);
      if (deletedBefore(secret, cutoff)) throw new Error(`secret ${ns}/${k8s.secret.name} has been deleted`);
    }
    const info: ServiceAccountInfo = { namespace: ns, name: saRef.name, uid: saRef.uid };
    if (k8s.pod !== undefined) {
      if (!isRef(k8s.pod)) throw new Error('service account token claims are malformed');
      const pod = await this.getter.getPod(ns, k8s.pod.name);
      if (pod.metadata.uid !== k8s.pod.uid) throw new Error(`pod UID (${pod.metadata.uid}) does not match service account pod ref claim (${k8s.pod.uid})`);
      if (deletedBefore(pod, cutoff)) throw new Error(`pod ${ns}/${k8s.pod.name} has been deleted`);
      info.podName = k8s.pod.name;
      info.podUid = k8s.pod.uid;
    }
    if (k8s.node !== undefined) {
      if (!isRef(k8s.node)) throw new Error('service account token claims are malformed');
      if (k8s.pod === undefined) {
        // Bound to the node itself: the node must still be there.
        const node = await this.getter.getNode(k8s.node.name);
        if (node.metadata.uid !== k8s.node.uid) throw new Error(`node UID (${node.metadata.uid}) does not match service account node ref claim (${k8s.node.uid})`);
        if (deletedBefore(node, cutoff)) throw new Error(`node ${k8s.node.name} has been deleted`);
      }
      // For pod-bound tokens the node claims are informational.
      info.nodeName = k8s.node.name;
      info.nodeUid = k8s.node.uid;
    }
    // "warnafter" only feeds upstream's stale-token metric and audit annotation.
    if (typeof claims.jti === 'string' && claims.jti !== '') info.credentialId = `JTI=${claims.jti}`;
    return info;
  }
}

/** Legacy tokens: valid while their Secret holds exactly this token (legacy.go), when lookup is on. */
export class LegacyTokenValidator implements TokenValidator {
  constructor(
    private readonly lookup: boolean,
    private readonly getter: ServiceAccountTokenGetter,
  ) {}

  async validate(token: string, claims: PublicClaims, _now: number): Promise<ServiceAccountInfo> {
    const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : '');
    const sub = str('sub');
    if (!sub) throw new Error('sub claim is missing');
    const namespace = str(LEGACY_CLAIMS.namespace);
    if (!namespace) throw new Error('namespace claim is missing');
    const secretName = str(LEGACY_CLAIMS.secretName);
    if (!secretName) throw new Error('secretName claim is missing');
    const name = str(LEGACY_CLAIMS.serviceAccountName);
    if (!name) throw new Error('serviceAccountName claim is missing');
    const uid = str(LEGACY_CLAIMS.serviceAccountUid);
    if (!uid) throw new Error('serviceAccountUID claim is missing');
    const subject = splitServiceAccountUsername(sub);
    if (!subject || subject.namespace !== namespace || subject.name !== name) throw new Error('sub claim is invalid');
    if (this.lookup) {
      let secret: Obj;
      try {
        secret = await this.getter.getSecret(namespace, secretName);
      } catch {
        throw new Error('Token has been invalidated');
      }
      if (secret.metadata.deletionTimestamp) throw new Error('Token has been invalidated');
      const stored = Buffer.from(String(secret.data?.token ?? ''), 'base64');
      const presented = Buffer.from(token);
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) throw new Error("Token does not match server's copy");
      const sa = await this.getter.getServiceAccount(namespace, name);
      if (sa.metadata.deletionTimestamp) throw new Error(`ServiceAccount ${namespace}/${name} has been deleted`);
      if (sa.metadata.uid !== uid) throw new Error(`ServiceAccount UID (${sa.metadata.uid}) does not match claim (${uid})`);
      if (secret.metadata.labels?.[LEGACY_TOKEN_INVALID_SINCE_LABEL]) {
        throw new Error(
          `the token in secret ${namespace}/${secretName} for service account ${namespace}/${name} has been marked invalid. Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the '${LEGACY_TOKEN_INVALID_SINCE_LABEL}' label from the secret to re-enable it`,
        );
      }
    }
    return { namespace, name, uid };
  }
}

export const LEGACY_TOKEN_INVALID_SINCE_LABEL = 'kubernetes.io/legacy-token-invalid-since';

export function legacyAuthenticator(keys: readonly KeyObject[], implicitAudiences: readonly string[], lookup: boolean, getter: ServiceAccountTokenGetter): ServiceAccountJwtAuthenticator {
  return new ServiceAccountJwtAuthenticator({ issuers: [LEGACY_ISSUER], keys, implicitAudiences, validator: new LegacyTokenValidator(lookup, getter) });
}

export function boundAuthenticator(issuers: readonly string[], keys: readonly KeyObject[], implicitAudiences: readonly string[], getter: ServiceAccountTokenGetter): ServiceAccountJwtAuthenticator {
  return new ServiceAccountJwtAuthenticator({ issuers, keys, implicitAudiences, validator: new BoundTokenValidator(getter) });
}
