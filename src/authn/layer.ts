// The authentication layer, built from its options: the service-account token issuer and
// verifiers, bootstrap tokens, the authenticating proxy, the configured token
// authenticators (JWT issuers, webhook) and the union that tries them all
// (upstream pkg/kubeapiserver/options/authentication.go → authenticator config).
// Errors here are start-up errors: kube-apiserver exits with them.

import type { MetricsRegistry } from '../metrics/registry.js';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isStatusError } from '../apimachinery/errors.js';
import { OidcDiscovery } from '../endpoints/oidc-discovery.js';
import { FeatureGates } from '../features/index.js';
import { DEFAULT_ISSUER, TokenIssuer } from '../endpoints/token-request.js';
import type { Registry } from '../registry/registry.js';
import { ClusterAuthenticationPublisher } from '../server/cluster-authentication.js';
import type { Logger } from '../util/log.js';
import { BootstrapTokenAuthenticator } from './bootstrap.js';
import type { OidcFlags } from './config.js';
import { buildAuthenticator, type RequestHeaderOptions } from './index.js';
import { parsePublicKeysPem, readPublicKeysFile, readSigningKeyFile } from './keys.js';
import type { JwtTuning } from './oidc/index.js';
import { registryTokenGetter } from './sa-getter.js';
import { boundAuthenticator, legacyAuthenticator } from './serviceaccount.js';
import { setupTokenAuthentication, type WebhookTokenFlags } from './setup.js';
import type { Authenticator, TokenAuthenticator } from './types.js';

export interface AuthenticationOptions {
  tokenAuthFile?: string;
  /** --anonymous-auth; leave undefined when the flag was not given (it may not be combined with the configuration file's anonymous section). Default true. */
  anonymousAuth?: boolean;
  /** --service-account-issuer: the first issues, all are accepted. Default https://kubernetes.default.svc.cluster.local. */
  serviceAccountIssuers?: string[];
  /** --service-account-key-file: PEM files of verification keys. Default: the signing key (and --tls-private-key-file). */
  serviceAccountKeyFiles?: string[];
  /** --service-account-signing-key-file. Default: the key generated in the data dir. */
  serviceAccountSigningKeyFile?: string;
  /** --service-account-lookup (default true): legacy tokens must match their Secret. */
  serviceAccountLookup?: boolean;
  /** --service-account-max-token-expiration in ms; 0: none. */
  serviceAccountMaxTokenExpirationMs?: number;
  /** --service-account-extend-token-expiration (default true). */
  serviceAccountExtendTokenExpiration?: boolean;
  /** --api-audiences. Default: the service-account issuers. */
  apiAudiences?: string[];
  /** --enable-bootstrap-token-auth. */
  enableBootstrapTokenAuth?: boolean;
  /** --requestheader-*: the authenticating proxy. */
  requestHeader?: {
    clientCaFile: string;
    allowedNames?: string[];
    usernameHeaders?: string[];
    uidHeaders?: string[];
    groupHeaders?: string[];
    extraHeadersPrefix?: string[];
  };
  /** How long successful token authentications are cached (ms; upstream 10s, not configurable there). */
  tokenSuccessCacheTtlMs?: number;
  /** --authentication-config: JWT issuers and the anonymous section, reloaded when the file changes. */
  authenticationConfigFile?: string;
  /** How often --authentication-config is polled for changes (ms; upstream: 1 minute). */
  authenticationConfigReloadIntervalMs?: number;
  /** The --oidc-* flags (one JWT issuer); exclusive with authenticationConfigFile. */
  oidc?: OidcFlags;
  /** The --authentication-token-webhook-* flags. */
  authenticationTokenWebhook?: WebhookTokenFlags;
  /** JWT key refresh and discovery retry timings (tests shorten them). */
  jwtTuning?: JwtTuning;
}

export interface AuthenticationDeps {
  registry: Registry;
  logger: Logger;
  /** The client CA bundle (--client-ca-file or the generated CA). */
  clientCaPem?: string;
  /** The generated service-account key, used when --service-account-signing-key-file is not given. */
  generatedSigningKeyPem: string;
  /** The serving key when it came from --tls-private-key-file (it verifies service-account tokens too, as upstream). */
  tlsPrivateKeyPem?: string;
  featureGates?: FeatureGates;
  /** The server's metrics registry (authentication-config reload metrics). */
  metrics?: MetricsRegistry;
}

export interface Authentication {
  authenticator: Authenticator;
  /** Issues service-account tokens (TokenRequest) and signs legacy token Secrets. */
  tokens: TokenIssuer;
  /** The service-account issuer's discovery documents. */
  oidcDiscovery: OidcDiscovery;
  apiAudiences: string[];
  /** The front proxy's CA, whose client certificates the listener must also request. */
  requestHeaderCaPem?: string;
  /** Post-start: publish kube-system/extension-apiserver-authentication. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function buildAuthentication(o: AuthenticationOptions, deps: AuthenticationDeps): Promise<Authentication> {
  const { registry, logger } = deps;
  // Service-account tokens: one signing key issues, every configured key verifies.
  const signingKey = o.serviceAccountSigningKeyFile ? readSigningKeyFile(o.serviceAccountSigningKeyFile) : deps.generatedSigningKeyPem;
  const issuers = o.serviceAccountIssuers?.length ? o.serviceAccountIssuers : [DEFAULT_ISSUER];
  const apiAudiences = o.apiAudiences?.length ? o.apiAudiences : issuers;
  const tokens = new TokenIssuer(registry, {
    privateKeyPem: signingKey,
    issuer: issuers[0],
    audiences: apiAudiences,
    maxExpirationSeconds: Math.floor((o.serviceAccountMaxTokenExpirationMs ?? 0) / 1000),
    extendExpiration: o.serviceAccountExtendTokenExpiration ?? true,
  });
  const verificationKeys = o.serviceAccountKeyFiles?.length
    ? o.serviceAccountKeyFiles.flatMap(readPublicKeysFile)
    : [tokens.publicKey, ...(deps.tlsPrivateKeyPem ? parsePublicKeysPem(deps.tlsPrivateKeyPem) : [])];
  const publicKeyPem = String(tokens.publicKey.export({ type: 'spki', format: 'pem' }));
  const oidcDiscovery = new OidcDiscovery({ issuer: tokens.issuer, keyId: tokens.keyId, publicKeyPem });
  const tokenGetter = registryTokenGetter(registry);
  const tokenAuthenticators: TokenAuthenticator[] = [
    legacyAuthenticator(verificationKeys, apiAudiences, o.serviceAccountLookup ?? true, tokenGetter),
    boundAuthenticator(issuers, verificationKeys, apiAudiences, tokenGetter),
  ];
  if (o.enableBootstrapTokenAuth) {
    tokenAuthenticators.push(
      new BootstrapTokenAuthenticator(
        { get: (name) => tokenGetter.getSecret('kube-system', name).catch((e) => (isStatusError(e) && e.code === 404 ? undefined : Promise.reject(e))) },
        (msg) => logger.v(3).info(msg),
      ),
    );
  }
  const requestHeader = requestHeaderOptions(o.requestHeader);
  const configured = await setupTokenAuthentication({
    authenticationConfigFile: o.authenticationConfigFile,
    oidc: o.oidc,
    webhook: o.authenticationTokenWebhook,
    anonymousAuth: o.anonymousAuth,
    disallowedIssuers: issuers,
    apiAudiences,
    gates: { egressSelector: (deps.featureGates ?? FeatureGates.defaults()).enabled('StructuredAuthenticationConfigurationEgressSelector') },
    apiServerId: `apiserver-${hostname()}`,
    metrics: deps.metrics,
    reloadIntervalMs: o.authenticationConfigReloadIntervalMs,
    jwtTuning: o.jwtTuning,
    logger,
  });
  const authenticator = buildAuthenticator({
    clientCaPem: deps.clientCaPem,
    tokenFile: o.tokenAuthFile,
    anonymous: configured.anonymous.enabled,
    anonymousPaths: configured.anonymous.conditions?.map((c) => c.path),
    requestHeader,
    tokenAuthenticators: [...tokenAuthenticators, ...configured.tokenAuthenticators],
    apiAudiences,
    tokenSuccessCacheTtlMs: o.tokenSuccessCacheTtlMs,
    warn: (msg) => logger.warning(msg),
  });
  const publisher = new ClusterAuthenticationPublisher(registry, { clientCaPem: deps.clientCaPem, requestHeader }, logger);
  return {
    authenticator,
    tokens,
    oidcDiscovery,
    apiAudiences,
    requestHeaderCaPem: requestHeader?.clientCaPem,
    start: () => publisher.start(),
    async stop() {
      publisher.stop();
      await configured.stop();
    },
  };
}

function requestHeaderOptions(rh: AuthenticationOptions['requestHeader']): RequestHeaderOptions | undefined {
  if (!rh?.clientCaFile) return undefined;
  return {
    clientCaPem: readFileSync(rh.clientCaFile, 'utf8'),
    allowedNames: rh.allowedNames ?? [],
    usernameHeaders: rh.usernameHeaders ?? [],
    uidHeaders: rh.uidHeaders ?? [],
    groupHeaders: rh.groupHeaders ?? [],
    extraHeaderPrefixes: rh.extraHeadersPrefix ?? [],
  };
}
