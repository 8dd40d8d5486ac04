#!/usr/bin/env node
// The `skiff` command: kube-apiserver's flags in, a running server out.
// `skiff cel ...` is the CEL playground; `skiff snapshot ...` saves and restores the store.

import { startServer } from '../app.js';
import { MemoryReducer } from '../util/memory-reducer.js';
import { anonymousAllowed } from '../authn/anonymous.js';
import { FeatureGateError, FeatureGates } from '../features/index.js';
import { createLogger } from '../util/log.js';
import { startMark } from '../util/start-trace.js';
import { FlagError, formatFlagError, helpText, parseFlags, validateServerFlags, type ServerFlags } from './flags.js';

async function main(argv: string[]): Promise<number> {
  startMark('modules loaded');
  if (argv[0] === 'cel') {
    const { runCelCommand } = await import('./cel.js');
    const { readFileSync } = await import('node:fs');
    return runCelCommand(argv.slice(1), {
      stdout: (s: string) => process.stdout.write(s),
      stderr: (s: string) => process.stderr.write(s),
      readFile: (p: string) => readFileSync(p, 'utf8'),
    });
  }
  if (argv[0] === 'snapshot') {
    const { runSnapshotCommand } = await import('./snapshot.js');
    return runSnapshotCommand(argv.slice(1), {
      stdout: (s: string) => process.stdout.write(s),
      stderr: (s: string) => process.stderr.write(s),
    });
  }
  let parsed;
  try {
    parsed = parseFlags(argv);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(formatFlagError(e));
      return 2;
    }
    throw e;
  }
  if (parsed.help) {
    process.stdout.write(helpText());
    return 0;
  }
  const o = parsed.options;
  const logger = createLogger({ verbosity: o.v, json: o.loggingFormat === 'json' });
  // kube-apiserver resolves its gates first, once logging is set up (compatibility/registry.go Set
  // in PersistentPreRunE); a failure is logged as "command failed" and exits 1 (component-base/cli/run.go).
  let featureGates: FeatureGates;
  try {
    featureGates = FeatureGates.fromFlag(o.featureGates);
  } catch (e) {
    if (!(e instanceof FeatureGateError)) throw e;
    logger.error('command failed', e.message);
    return 1;
  }
  for (const warning of featureGates.warnings) logger.warning(warning);
  const problems = validateServerFlags(parsed.options, parsed.positional, parsed.changed);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`Error: ${p}\n`);
    return 2;
  }
  const anonymous = anonymousAllowed(o.anonymousAuth, parsed.changed.has('authorization-mode') ? o.authorizationMode : undefined);
  if (anonymous.warning) logger.warning(anonymous.warning);
  const running = await startServer({
    dataDir: o.dataDir,
    securePort: o.securePort,
    bindAddress: o.bindAddress,
    tlsCertFile: o.tlsCertFile || undefined,
    tlsPrivateKeyFile: o.tlsPrivateKeyFile || undefined,
    clientCaFile: o.clientCaFile || undefined,
    tokenAuthFile: o.tokenAuthFile || undefined,
    // Unset when not given (and not overridden): the configuration file's anonymous section may not be combined with the flag.
    anonymousAuth: parsed.changed.has('anonymous-auth') || anonymous.warning ? anonymous.allowed : undefined,
    apiAudiences: o.apiAudiences,
    serviceAccountIssuers: o.serviceAccountIssuer,
    serviceAccountKeyFiles: o.serviceAccountKeyFile,
    serviceAccountSigningKeyFile: o.serviceAccountSigningKeyFile || undefined,
    serviceAccountLookup: o.serviceAccountLookup,
    serviceAccountMaxTokenExpirationMs: o.serviceAccountMaxTokenExpiration,
    serviceAccountExtendTokenExpiration: o.serviceAccountExtendTokenExpiration,
    enableBootstrapTokenAuth: o.enableBootstrapTokenAuth,
    requestHeader: o.requestheaderClientCaFile
      ? {
          clientCaFile: o.requestheaderClientCaFile,
          allowedNames: o.requestheaderAllowedNames,
          usernameHeaders: o.requestheaderUsernameHeaders,
          uidHeaders: o.requestheaderUidHeaders,
          groupHeaders: o.requestheaderGroupHeaders,
          extraHeadersPrefix: o.requestheaderExtraHeadersPrefix,
        }
      : undefined,
    authenticationConfigFile: o.authenticationConfig || undefined,
    oidc: o.oidcIssuerUrl
      ? {
          issuerUrl: o.oidcIssuerUrl,
          clientId: o.oidcClientId,
          caFile: o.oidcCaFile || undefined,
          usernameClaim: o.oidcUsernameClaim,
          usernamePrefix: o.oidcUsernamePrefix,
          groupsClaim: o.oidcGroupsClaim,
          groupsPrefix: o.oidcGroupsPrefix,
          requiredClaims: o.oidcRequiredClaim,
          signingAlgs: o.oidcSigningAlgs,
        }
      : undefined,
    authenticationTokenWebhook: o.authenticationTokenWebhookConfigFile
      ? { configFile: o.authenticationTokenWebhookConfigFile, version: o.authenticationTokenWebhookVersion, cacheTtlMs: o.authenticationTokenWebhookCacheTtl }
      : undefined,
    showHiddenMetricsForVersion: o.showHiddenMetricsForVersion || undefined,
    auditPolicyFile: o.auditPolicyFile || undefined,
    auditLogPath: o.auditLogPath || undefined,
    auditLogMaxAge: o.auditLogMaxage,
    auditLogMaxBackup: o.auditLogMaxbackup,
    auditLogMaxSize: o.auditLogMaxsize,
    auditLogFormat: o.auditLogFormat,
    auditWebhookConfigFile: o.auditWebhookConfigFile || undefined,
    auditWebhookMode: o.auditWebhookMode,
    auditWebhookBatchMaxSize: o.auditWebhookBatchMaxSize,
    auditWebhookBatchMaxWaitMs: o.auditWebhookBatchMaxWait,
    maxRequestsInflight: o.maxRequestsInflight,
    maxMutatingRequestsInflight: o.maxMutatingRequestsInflight,
    enablePriorityAndFairness: o.enablePriorityAndFairness,
    shutdownDelayMs: o.shutdownDelayDuration,
    maxRequestBodyBytes: o.maxRequestBodyBytes,
    serviceClusterIpRange: o.serviceClusterIpRange,
    serviceNodePortRange: o.serviceNodePortRange,
    compactionIntervalMs: o.etcdCompactionInterval,
    controllers: o.controllers,
    resourceQuotaSyncPeriodMs: o.resourceQuotaSyncPeriod,
    leaderElection: {
      leaseDurationMs: o.leaderElectLeaseDuration,
      renewDeadlineMs: o.leaderElectRenewDeadline,
      retryPeriodMs: o.leaderElectRetryPeriod,
    },
    etcdServers: o.etcdServers.flatMap((x: string) => x.split(',')).filter(Boolean),
    etcdCaFile: o.etcdCafile || undefined,
    etcdCertFile: o.etcdCertfile || undefined,
    etcdKeyFile: o.etcdKeyfile || undefined,
    etcdPrefix: o.etcdPrefix,
    runtimeConfig: o.runtimeConfig,
    featureGates,
    ...authorizationOptions(o, parsed.changed),
    enableAdmissionPlugins: o.enableAdmissionPlugins,
    disableAdmissionPlugins: o.disableAdmissionPlugins,
    admissionControlConfigFile: o.admissionControlConfigFile || undefined,
    logger,
  });
  logger.info('Serving securely', { address: running.url, kubeconfig: running.kubeconfig });
  const reducer = new MemoryReducer({
    onReduced: (r) => logger.v(2).info('Returned memory to the OS', { rssBeforeMiB: mib(r.rssBefore), rssAfterMiB: mib(r.rssAfter), releasedMiB: mib(r.released), ms: Math.round(r.ms) }),
  }).start();
  // What the start allocated (V8 grows its young generation for the burst) goes back once the loop is first quiet.
  reducer.afterBurst();
  await new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = (sig: string) => {
      signals++;
      if (signals > 1) {
        logger.info('second signal: exiting now', { signal: sig });
        process.exit(1);
      }
      logger.info('shutting down', { signal: sig });
      reducer.stop();
      running.stop().then(resolve, (e) => {
        logger.error('shutdown failed', e);
        resolve();
      });
    };
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));
  });
  return 0;
}

const mib = (bytes: number) => Math.round(bytes / 104857.6) / 10;

/** Passes the authorization flags on only when set, so skiff's default applies otherwise. */
function authorizationOptions(o: ServerFlags, changed: Set<string>) {
  const set = (name: string) => changed.has(name);
  const legacy = ['authorization-mode', 'authorization-policy-file', 'authorization-webhook-config-file', 'authorization-webhook-version', 'authorization-webhook-cache-authorized-ttl', 'authorization-webhook-cache-unauthorized-ttl'];
  return {
    authorizationConfigFile: o.authorizationConfig || undefined,
    ...(legacy.some(set)
      ? {
          authorizationMode: o.authorizationMode,
          authorizationPolicyFile: o.authorizationPolicyFile || undefined,
          authorizationWebhookConfigFile: o.authorizationWebhookConfigFile || undefined,
          authorizationWebhookVersion: o.authorizationWebhookVersion,
          authorizationWebhookCacheAuthorizedTtlMs: o.authorizationWebhookCacheAuthorizedTtl,
          authorizationWebhookCacheUnauthorizedTtlMs: o.authorizationWebhookCacheUnauthorizedTtl,
        }
      : {}),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`Error: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
