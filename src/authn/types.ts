// The authentication contract every authenticator implements.

import type { PeerCertificate } from 'node:tls';

export const ANONYMOUS_USER = 'system:anonymous';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';
export const AUTHENTICATED_GROUP = 'system:authenticated';
/** The user-info extra key upstream sets to identify the credential used (e.g. X509SHA256=<hex>). */
export const CREDENTIAL_ID_KEY = 'authentication.kubernetes.io/credential-id';

export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export interface AuthnRequest {
  /** Node's lower-cased request headers. */
  headers: Record<string, string | string[] | undefined>;
  /** socket.getPeerCertificate(true); an empty object when the client sent none. */
  peerCertificate?: PeerCertificate | Record<string, never>;
  /** socket.authorized. Informational only: the x509 authenticator verifies the chain itself. */
  peerCertificateChainVerified?: boolean;
  /** The audiences the credential must be meant for (TokenReview spec.audiences); default: the API audiences. */
  audiences?: readonly string[];
  /** The request's URL path (anonymous conditions match on it). */
  path?: string;
}

export type AuthenticatorName = 'x509' | 'token' | 'anonymous' | (string & {});

export interface AuthnResult {
  user: UserInfo;
  /** Which authenticator decided. */
  authenticator: AuthenticatorName;
  /** The audiences the credential was found valid for (token authenticators). */
  audiences?: string[];
}

export interface Authenticator {
  /**
   * null: no opinion (no credential this authenticator understands).
   * Throws a 401 StatusError when a credential is present but invalid.
   */
  authenticate(req: AuthnRequest): Promise<AuthnResult | null>;
}

/** Validates a bearer token's value; null when the token is unknown to it. */
export interface TokenAuthenticator {
  authenticateToken(token: string): Promise<UserInfo | null>;
}

export interface TokenResponse {
  user: UserInfo;
  /** The intersection of the token's audiences and the requested ones. */
  audiences: string[];
}

/**
 * A token authenticator that checks the token's own audiences against the requested
 * ones (service accounts). Others are audience-agnostic: they are valid for the API
 * audiences only (upstream's authenticator.WrapAudienceAgnosticToken).
 */
export interface AudienceAwareTokenAuthenticator extends TokenAuthenticator {
  authenticateTokenFor(token: string, audiences: readonly string[]): Promise<TokenResponse | null>;
}

export function isAudienceAware(ta: TokenAuthenticator): ta is AudienceAwareTokenAuthenticator {
  return typeof (ta as Partial<AudienceAwareTokenAuthenticator>).authenticateTokenFor === 'function';
}

/** The members of `a` that are also in `b`, in a's order. */
export function intersectAudiences(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((x, i) => set.has(x) && a.indexOf(x) === i);
}

/** First value of a header, as Go's Header.Get returns it. */
export function headerValue(headers: AuthnRequest['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
