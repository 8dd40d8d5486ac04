// Builds the request authenticator from the server's flags.

import { readFileSync } from 'node:fs';
import { AnonymousAuthenticator } from './anonymous.js';
import { BearerTokenAuthenticator } from './bearer.js';
import { loadTokenFile } from './tokenfile.js';
import type { Authenticator, TokenAuthenticator } from './types.js';
import { AuthenticatedGroupAdder, FallbackAuthenticator, UnionAuthenticator } from './union.js';
import { ClientCertificateAuthenticator } from './x509.js';
import { RequestHeaderAuthenticator, type RequestHeaderOptions } from './requestheader.js';
import { TokenSuccessCache } from './token-cache.js';

export * from './types.js';
export { authenticationFailed, failureReason } from './errors.js';
export { AnonymousAuthenticator } from './anonymous.js';
export { BearerTokenAuthenticator, bearerToken } from './bearer.js';
export { StaticTokenAuthenticator, loadTokenFile, parseTokenFile } from './tokenfile.js';
export { ClientCertificateAuthenticator, parseCertificateBundle, userFromCertificate } from './x509.js';
export { AuthenticatedGroupAdder, FallbackAuthenticator, UnionAuthenticator } from './union.js';
export { anonymousAllowed } from './anonymous.js';
export { RequestHeaderAuthenticator, type RequestHeaderOptions } from './requestheader.js';
export { BootstrapTokenAuthenticator } from './bootstrap.js';
export { ServiceAccountJwtAuthenticator, boundAuthenticator, legacyAuthenticator } from './serviceaccount.js';

export interface AuthenticatorOptions {
  /** PEM bundle of the CAs that sign client certificates (the content of --client-ca-file). */
  clientCaPem?: string;
  /** Path of --token-auth-file. */
  tokenFile?: string;
  /** --anonymous-auth (or the configuration file's anonymous.enabled). */
  anonymous: boolean;
  /** The authenticating proxy (--requestheader-*), tried first. */
  requestHeader?: RequestHeaderOptions;
  /** The configuration file's anonymous.conditions paths: anonymous only for these. */
  anonymousPaths?: string[];
  /** More bearer-token validators (service accounts, bootstrap tokens, ...), tried after the token file. */
  tokenAuthenticators?: TokenAuthenticator[];
  /** --api-audiences (defaulted to the service-account issuers). */
  apiAudiences?: string[];
  /** How long a successful token authentication is remembered (upstream: 10s); 0 turns the cache off. */
  tokenSuccessCacheTtlMs?: number;
  /** Receives the token file's warnings (empty or duplicate tokens). */
  warn?: (msg: string) => void;
}

/**
 * The full chain: client certificates, then bearer tokens, then (if enabled)
 * anonymous. A bearer token is always checked, so an unknown one is a 401 even
 * with anonymous enabled, as on a kube-apiserver (which always validates tokens).
 * Resolves null only when anonymous is disabled and no credential was sent: the
 * caller answers 401 then. Throws a 401 StatusError for invalid credentials.
 */
export function buildAuthenticator(opts: AuthenticatorOptions): Authenticator {
  // Upstream's order (pkg/kubeapiserver/authenticator/config.go): requestheader, x509, then bearer tokens.
  const chain: Authenticator[] = [];
  if (opts.requestHeader) chain.push(new RequestHeaderAuthenticator(opts.requestHeader));
  if (opts.clientCaPem !== undefined) chain.push(new ClientCertificateAuthenticator(opts.clientCaPem));
  const tokens: TokenAuthenticator[] = [];
  if (opts.tokenFile !== undefined && opts.tokenFile !== '') tokens.push(loadTokenFile(opts.tokenFile, opts.warn));
  tokens.push(...(opts.tokenAuthenticators ?? []));
  const ttl = opts.tokenSuccessCacheTtlMs ?? 10_000;
  chain.push(new BearerTokenAuthenticator(tokens, opts.apiAudiences ?? [], ttl > 0 ? new TokenSuccessCache(ttl) : undefined));
  const authenticated = new AuthenticatedGroupAdder(new UnionAuthenticator(chain));
  return opts.anonymous ? new FallbackAuthenticator(authenticated, new AnonymousAuthenticator(opts.anonymousPaths)) : authenticated;
}

/** Reads --client-ca-file, with Go's wording for a missing file. */
export function readClientCaFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`unable to load client CA file "${path}": open ${path}: ${code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
}
