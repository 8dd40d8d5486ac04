// The configured (not built-in) token authenticators: JWT issuers from
// --authentication-config or the --oidc-* flags, and the token review webhook; plus
// the anonymous configuration that results from the file and --anonymous-auth.
// Errors here are start-up errors: kube-apiserver exits with them.

import { hostname } from 'node:os';
import type { Logger } from '../util/log.js';
import {
  configurationError,
  jwtAuthenticatorFromFlags,
  loadAuthenticationConfiguration,
  resolveAnonymous,
  validateAuthenticationConfiguration,
  type AnonymousAuthConfig,
  type AuthenticationConfiguration,
  type OidcFlags,
  type ValidationGates,
} from './config.js';
import type { AuthenticationConfigReloader } from './config-reload.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { JwtAuthenticatorSet, JwtTuning } from './oidc/index.js';
import type { TokenAuthenticator } from './types.js';
import { WebhookTokenAuthenticator, type RetryBackoff } from './webhook.js';
import { loadWebhookKubeconfig } from '../util/webhook-kubeconfig.js';

export interface WebhookTokenFlags {
  /** --authentication-token-webhook-config-file */
  configFile: string;
  /** --authentication-token-webhook-version (default v1beta1). */
  version?: string;
  /** --authentication-token-webhook-cache-ttl, ms (default 2m). */
  cacheTtlMs?: number;
  timeoutMs?: number;
  retryBackoff?: RetryBackoff;
}

export interface TokenAuthenticationOptions {
  /** --authentication-config */
  authenticationConfigFile?: string;
  /** The --oidc-* flags (ignored without issuer URL and client id). */
  oidc?: OidcFlags;
  webhook?: WebhookTokenFlags;
  /** --anonymous-auth; undefined when the flag was not given. */
  anonymousAuth?: boolean;
  /** Issuers JWT authenticators may not use (the service-account issuers). */
  disallowedIssuers?: string[];
  /** Feature gates validation depends on. */
  gates?: ValidationGates;
  /** API audiences asked of the webhook. */
  apiAudiences?: string[];
  /** The identity whose hash labels the reload metrics. */
  apiServerId?: string;
  /** Where the reload metrics are registered. */
  metrics?: MetricsRegistry;
  /** How often the configuration file is polled (upstream: 1 minute). */
  reloadIntervalMs?: number;
  jwtTuning?: JwtTuning;
  logger?: Logger;
}

export interface TokenAuthentication {
  tokenAuthenticators: TokenAuthenticator[];
  anonymous: AnonymousAuthConfig;
  /** The JWT authenticators in force; undefined when neither the file nor the flags configure any. */
  jwt?: JwtAuthenticatorSet;
  reloader?: AuthenticationConfigReloader;
  stop(): Promise<void>;
}

export async function setupTokenAuthentication(o: TokenAuthenticationOptions): Promise<TokenAuthentication> {
  let config: AuthenticationConfiguration = { jwt: [] };
  let data: string | undefined;
  let signingAlgs: string[] | undefined;
  if (o.authenticationConfigFile) {
    ({ config, data } = loadAuthenticationConfiguration(o.authenticationConfigFile));
    // All known algorithms are allowed with the configuration file (undefined: all).
  } else if (o.oidc?.issuerUrl && o.oidc.clientId) {
    config.jwt = [jwtAuthenticatorFromFlags(o.oidc)];
    signingAlgs = o.oidc.signingAlgs?.length ? o.oidc.signingAlgs : ['RS256'];
  }
  const anonymous = resolveAnonymous(config.anonymous, { value: o.anonymousAuth ?? true, set: o.anonymousAuth !== undefined });
  const { errors, mappers } = validateAuthenticationConfiguration(config, o.disallowedIssuers, o.gates);
  if (errors.length > 0) throw configurationError(errors);

  const tuning: JwtTuning = { ...o.jwtTuning, signingAlgs };
  const tokenAuthenticators: TokenAuthenticator[] = [];
  let jwt: JwtAuthenticatorSet | undefined;
  let reloader: AuthenticationConfigReloader | undefined;
  // The JWT machinery (jose, HTTPS discovery) loads only when some issuer may be configured.
  if (data !== undefined || config.jwt.length > 0) {
    const { buildJwtAuthenticators, JwtAuthenticatorSet } = await import('./oidc/index.js');
    jwt = new JwtAuthenticatorSet(buildJwtAuthenticators(config, mappers, tuning));
    tokenAuthenticators.push(jwt);
  }
  if (o.authenticationConfigFile && data !== undefined && jwt) {
    const { AuthenticationConfigReloader } = await import('./config-reload.js');
    const { authenticationConfigMetrics } = await import('./config-reload.js');
    reloader = new AuthenticationConfigReloader({
      metrics: o.metrics ? authenticationConfigMetrics(o.metrics) : undefined,
      path: o.authenticationConfigFile,
      initialData: data,
      initialAnonymous: config.anonymous,
      target: jwt,
      disallowedIssuers: o.disallowedIssuers,
      gates: o.gates,
      apiServerId: o.apiServerId ?? `apiserver-${hostname()}`,
      intervalMs: o.reloadIntervalMs,
      tuning,
      logger: o.logger,
    }).start();
  }
  if (o.webhook?.configFile) {
    tokenAuthenticators.push(
      new WebhookTokenAuthenticator({
        connection: loadWebhookKubeconfig(o.webhook.configFile),
        version: o.webhook.version,
        cacheTtlMs: o.webhook.cacheTtlMs,
        timeoutMs: o.webhook.timeoutMs,
        retryBackoff: o.webhook.retryBackoff,
        apiAudiences: o.apiAudiences,
      }),
    );
  }
  return {
    tokenAuthenticators,
    anonymous,
    jwt,
    reloader,
    async stop() {
      await reloader?.stop();
      jwt?.stop();
    },
  };
}
