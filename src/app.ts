// Assembles a running skiff: store, catalog, registry, endpoints, listener.
// The CLI and the programmatic API (startServer) both come through here.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { buildAuthenticator, type RequestHeaderOptions, type TokenAuthenticator } from './authn/index.js';
import { BootstrapTokenAuthenticator } from './authn/bootstrap.js';
import { parsePublicKeysPem, readPublicKeysFile, readSigningKeyFile } from './authn/keys.js';
import { registryTokenGetter } from './authn/sa-getter.js';
import { boundAuthenticator, legacyAuthenticator } from './authn/serviceaccount.js';
import type { OidcFlags } from './authn/config.js';
import { setupTokenAuthentication, type WebhookTokenFlags } from './authn/setup.js';
import type { JwtTuning } from './authn/oidc/index.js';
import { handleMetrics } from './endpoints/metrics.js';
import { Authorization } from './authz/index.js';
import { nodeAuthorizerFor } from './authz/node/authorizer.js';
import { RbacAuthorizer } from './authz/rbac/authorizer.js';
import { installEscalationChecks } from './authz/rbac/escalation.js';
import { RbacPolicyIndex } from './authz/rbac/policy-index.js';
import { installSignerChecks } from './authz/signer-checks.js';
import type { Authorizer, RuleResolver } from './authz/types.js';
import { writeKubeconfig, serverUrl } from './cli/kubeconfig.js';
import { ensurePki, firstServiceIp } from './cli/pki.js';
import { ControllerManager } from './controllers/manager.js';
import { LeaderElector, type LeaderElectionOptions } from './controllers/leader-election.js';
import { Discovery } from './endpoints/discovery.js';
import type { OpenApi } from './endpoints/openapi.js';
import { schemaModules } from './types/builtin-schemas.js';
import { Health } from './endpoints/health.js';
import { ResourceHandler } from './endpoints/resource.js';
import { DEFAULT_ISSUER, TokenIssuer } from './endpoints/token-request.js';
import { Reviews } from './endpoints/reviews.js';
import { OidcDiscovery } from './endpoints/oidc-discovery.js';
import { handleVersion } from './endpoints/version.js';
import { indexerFor } from './registry/filter.js';
import { Registry } from './registry/registry.js';
import { installServiceAllocation } from './registry/service-hooks.js';
import { bootstrap } from './server/bootstrap.js';
import { ensureBootstrapPolicy } from './authz/bootstrappolicy/ensure.js';
import type { Ctx } from './server/http.js';
import { resourceNotFound, isStatusError } from './apimachinery/errors.js';
import { sendStatus } from './server/http.js';
import { ApiServer } from './server/server.js';
import { authenticationFilter } from './server/filters/authentication.js';
import { authorizationFilter } from './server/filters/authorization.js';
import { impersonationFilter } from './server/filters/impersonation.js';
import { ClusterAuthenticationPublisher } from './server/cluster-authentication.js';
import { flowControlFilter } from './server/filters/flowcontrol.js';
import { maxInFlightFilter } from './server/filters/max-in-flight.js';
import { FlowControl } from './flowcontrol/controller.js';
import { FlowControlConfigController } from './flowcontrol/config-controller.js';
import { ensureFlowControlConfiguration } from './flowcontrol/ensurer.js';
import { watchCacheStats } from './flowcontrol/resource-stats.js';
import { WorkEstimator } from './flowcontrol/work-estimator.js';
import { handleFlowControlDebug } from './endpoints/flowcontrol-debug.js';
import { startCompactor } from './storage/compactor.js';
import { SqliteStore } from './storage/sqlite/sqlite-store.js';
import type { Store } from './storage/store.js';
import { builtinCatalog } from './types/catalog.js';
import { CustomResourceDefinitions, customResourceDefinitions } from './crd/index.js';
import { createLogger, type Logger } from './util/log.js';

export interface SkiffOptions {
  /** Where the SQLite store, generated PKI and kubeconfig live. Default ./.skiff */
  dataDir?: string;
  /** --secure-port; 0 picks a free port. Default 6443. */
  securePort?: number;
  /** --bind-address. Default 0.0.0.0 (all interfaces); the kubeconfig points at 127.0.0.1 then. */
  bindAddress?: string;
  tlsCertFile?: string;
  tlsPrivateKeyFile?: string;
  clientCaFile?: string;
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
  /** --shutdown-delay-duration in ms: readyz fails this long before the listener stops. */
  shutdownDelayMs?: number;
  /** --max-request-body-bytes: larger request bodies get 413. Default 3 MiB; 0 means no limit. */
  maxRequestBodyBytes?: number;
  serviceClusterIpRange?: string;
  /** --service-node-port-range. Default 30000-32767. */
  serviceNodePortRange?: { base: number; size: number };
  /** How often history is compacted (ms); history of one interval is always kept. Default 5 minutes; 0 disables compaction. */
  compactionIntervalMs?: number;
  /** Use this store instead of SQLite in the data dir. */
  store?: Store;
  /** --etcd-servers: store in this etcd cluster instead of SQLite. */
  etcdServers?: string[];
  etcdCaFile?: string;
  etcdCertFile?: string;
  etcdKeyFile?: string;
  /** --etcd-prefix (default /registry). */
  etcdPrefix?: string;
  /** --feature-gates. */
  featureGates?: Record<string, boolean>;
  /** --runtime-config: enable or disable API group-versions and resources. */
  runtimeConfig?: Record<string, string>;
  verbosity?: number;
  logger?: Logger;
  /** Watch bookmark interval, ms (default 60s). */
  bookmarkIntervalMs?: number;
  /** The in-process controllers to run, with kube-controller-manager's --controllers syntax. Default ['*']; [] runs none. */
  controllers?: string[];
  /** Leader election timings and identity (kube-controller-manager's defaults: 15s/10s/2s). */
  leaderElection?: Partial<Omit<LeaderElectionOptions, 'onStartedLeading' | 'onStoppedLeading'>>;
  /** A watcher whose unsent output exceeds this many bytes is dropped (default 16 MiB). */
  watchBufferLimitBytes?: number;
  /**
   * --authorization-mode: AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC, Node, in order. Unset
   * (and no --authorization-config): Node,RBAC.
   */
  authorizationMode?: string[];
  /** --authorization-policy-file (ABAC). */
  authorizationPolicyFile?: string;
  /** --authorization-webhook-config-file: kubeconfig of the Webhook mode's service. */
  authorizationWebhookConfigFile?: string;
  /** --authorization-webhook-version: v1beta1 (default) or v1. */
  authorizationWebhookVersion?: string;
  /** --authorization-webhook-cache-authorized-ttl, ms (default 5m). */
  authorizationWebhookCacheAuthorizedTtlMs?: number;
  /** --authorization-webhook-cache-unauthorized-ttl, ms (default 30s). */
  authorizationWebhookCacheUnauthorizedTtlMs?: number;
  /** --authorization-config: an AuthorizationConfiguration file; exclusive with the flags above. */
  authorizationConfigFile?: string;
  /** How often the --authorization-config file is re-read besides on change (default 60s). */
  authorizationConfigReloadIntervalMs?: number;
  /** First retry delay of a failed webhook authorization call (default 500ms). */
  authorizationWebhookInitialBackoffMs?: number;
  /** The authorizer to use instead of the configured one, or a function building it from the registry (default: authenticated users may do anything); start() runs after the caches warm, stop() at shutdown. */
  authorizer?: ServerAuthorizer | ((registry: Registry) => ServerAuthorizer);
  /** --max-requests-inflight (default 400) and --max-mutating-requests-inflight (default 200). */
  maxRequestsInflight?: number;
  maxMutatingRequestsInflight?: number;
  /** --enable-priority-and-fairness (default true); false falls back to the max-in-flight limiter. */
  enablePriorityAndFairness?: boolean;
}

/** An authorizer the server runs: it may follow the registry (e.g. the Node authorizer's graph). */
export type ServerAuthorizer = Authorizer & RuleResolver & { start?(): Promise<void>; stop?(): void };

export interface RunningSkiff {
  /** https://host:port */
  url: string;
  /** Path of the admin kubeconfig. */
  kubeconfig: string;
  port: number;
  /** PEM of the CA that signed the serving certificate (for clients). */
  caPem: string;
  /** Admin client credentials (O=system:masters), when skiff generated its PKI. */
  adminCertPem?: string;
  adminKeyPem?: string;
  store: Store;
  registry: Registry;
  /** The controllers of the current (or last) leadership term. */
  readonly controllers: ControllerManager;
  /** The CRD controllers (they run on every replica). */
  crds: CustomResourceDefinitions;
  elector: LeaderElector;
  /** Number of watch streams currently open. */
  openWatches(): number;
  /** Graceful stop: readyz fails, watches close, in-flight requests finish, the store closes. */
  stop(): Promise<void>;
}

export async function startServer(options: SkiffOptions = {}): Promise<RunningSkiff> {
  const t0 = performance.now();
  const dataDir = resolve(options.dataDir ?? './.skiff');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createLogger({ verbosity: options.verbosity ?? 0 });
  const serviceRange = options.serviceClusterIpRange ?? '10.0.0.0/24';
  const serviceIp = firstServiceIp(serviceRange);

  // TLS: given files, or a generated CA + serving + admin certificate.
  let key: string;
  let cert: string;
  let caPem: string;
  let adminCertPem: string | undefined;
  let adminKeyPem: string | undefined;
  let clientCaPem: string | undefined;
  // The generated PKI also holds the service-account signing key, needed either way.
  const pki = await ensurePki(dataDir, { hostnames: [hostname()], serviceClusterIpRange: serviceRange });
  if (options.tlsCertFile && options.tlsPrivateKeyFile) {
    cert = readFileSync(options.tlsCertFile, 'utf8');
    key = readFileSync(options.tlsPrivateKeyFile, 'utf8');
    caPem = cert;
  } else {
    cert = pki.serving.certPem;
    key = pki.serving.keyPem;
    caPem = pki.ca.certPem;
    adminCertPem = pki.admin.certPem;
    adminKeyPem = pki.admin.keyPem;
    clientCaPem = pki.ca.certPem;
  }
  if (options.clientCaFile) clientCaPem = readFileSync(options.clientCaFile, 'utf8');

  const store =
    options.store ??
    (options.etcdServers?.length
      ? await (await import('./storage/etcd/etcd-store.js')).EtcdStore.connect({ endpoints: options.etcdServers, caFile: options.etcdCaFile, certFile: options.etcdCertFile, keyFile: options.etcdKeyFile })
      : SqliteStore.open(join(dataDir, 'skiff.db')));
  const catalog = builtinCatalog(options.runtimeConfig ?? {});
  const registry = new Registry(catalog, store, indexerFor, {
    registryPrefix: options.etcdPrefix ?? '/registry',
    allowUnsafeMalformedObjectDeletion: options.featureGates?.AllowUnsafeMalformedObjectDeletion === true,
  });
  installServiceAllocation(registry, serviceRange, options.serviceNodePortRange ?? { base: 30000, size: 2768 });
  // Service-account tokens: one signing key issues, every configured key verifies.
  const signingKey = options.serviceAccountSigningKeyFile ? readSigningKeyFile(options.serviceAccountSigningKeyFile) : pki.serviceAccount.privateKeyPem;
  const issuers = options.serviceAccountIssuers?.length ? options.serviceAccountIssuers : [DEFAULT_ISSUER];
  const apiAudiences = options.apiAudiences?.length ? options.apiAudiences : issuers;
  const tokens = new TokenIssuer(registry, {
    privateKeyPem: signingKey,
    issuer: issuers[0],
    audiences: apiAudiences,
    maxExpirationSeconds: Math.floor((options.serviceAccountMaxTokenExpirationMs ?? 0) / 1000),
    extendExpiration: options.serviceAccountExtendTokenExpiration ?? true,
  });
  const verificationKeys = options.serviceAccountKeyFiles?.length
    ? options.serviceAccountKeyFiles.flatMap(readPublicKeysFile)
    : [tokens.publicKey, ...(options.tlsPrivateKeyFile && options.tlsCertFile ? parsePublicKeysPem(key) : [])];
  const publicKeyPem = String(tokens.publicKey.export({ type: 'spki', format: 'pem' }));
  const oidcDiscovery = new OidcDiscovery({ issuer: tokens.issuer, keyId: tokens.keyId, publicKeyPem });
  const tokenGetter = registryTokenGetter(registry);
  const tokenAuthenticators: TokenAuthenticator[] = [
    legacyAuthenticator(verificationKeys, apiAudiences, options.serviceAccountLookup ?? true, tokenGetter),
    boundAuthenticator(issuers, verificationKeys, apiAudiences, tokenGetter),
  ];
  if (options.enableBootstrapTokenAuth) {
    tokenAuthenticators.push(
      new BootstrapTokenAuthenticator(
        { get: (name) => tokenGetter.getSecret('kube-system', name).catch((e) => (isStatusError(e) && e.code === 404 ? undefined : Promise.reject(e))) },
        (msg) => logger.v(3).info(msg),
      ),
    );
  }
  let requestHeader: RequestHeaderOptions | undefined;
  if (options.requestHeader?.clientCaFile) {
    const rh = options.requestHeader;
    requestHeader = {
      clientCaPem: readFileSync(rh.clientCaFile, 'utf8'),
      allowedNames: rh.allowedNames ?? [],
      usernameHeaders: rh.usernameHeaders ?? [],
      uidHeaders: rh.uidHeaders ?? [],
      groupHeaders: rh.groupHeaders ?? [],
      extraHeaderPrefixes: rh.extraHeadersPrefix ?? [],
    };
  }
  // An invalid authentication configuration stops the start (kube-apiserver exits); close what we opened.
  const tokenAuthn = await setupTokenAuthentication({
    authenticationConfigFile: options.authenticationConfigFile,
    oidc: options.oidc,
    webhook: options.authenticationTokenWebhook,
    anonymousAuth: options.anonymousAuth,
    disallowedIssuers: issuers,
    apiAudiences,
    gates: { egressSelector: options.featureGates?.StructuredAuthenticationConfigurationEgressSelector ?? true },
    apiServerId: `apiserver-${hostname()}`,
    reloadIntervalMs: options.authenticationConfigReloadIntervalMs,
    jwtTuning: options.jwtTuning,
    logger,
  }).catch(async (e: unknown) => {
    if (!options.store) await store.close();
    throw e;
  });
  const authenticator = buildAuthenticator({
    clientCaPem,
    tokenFile: options.tokenAuthFile,
    anonymous: tokenAuthn.anonymous.enabled,
    anonymousPaths: tokenAuthn.anonymous.conditions?.map((c) => c.path),
    requestHeader,
    tokenAuthenticators: [...tokenAuthenticators, ...tokenAuthn.tokenAuthenticators],
    apiAudiences,
    tokenSuccessCacheTtlMs: options.tokenSuccessCacheTtlMs,
    warn: (msg) => logger.warning(msg),
  });
  const rbacIndex = new RbacPolicyIndex(registry, logger);
  const rbac = new RbacAuthorizer(rbacIndex);
  const nodeAuthorizer = nodeAuthorizerFor(registry);
  let configured: Authorization | undefined;
  try {
    configured = Authorization.create(
      { flags: authorizationFlags(options), configFile: options.authorizationConfigFile, reloadIntervalMs: options.authorizationConfigReloadIntervalMs },
      { rbac, node: nodeAuthorizer, webhookInitialBackoffMs: options.authorizationWebhookInitialBackoffMs },
      logger,
    );
  } catch (e) {
    if (!options.store) await store.close();
    throw e;
  }
  const custom = typeof options.authorizer === 'function' ? options.authorizer(registry) : options.authorizer;
  const authorizer: ServerAuthorizer = custom ?? configured!;
  installEscalationChecks(registry, authorizer, rbac);
  installSignerChecks(registry, authorizer);
  const clusterAuthentication = new ClusterAuthenticationPublisher(
    registry,
    {
      clientCaPem,
      requestHeader: requestHeader && {
        clientCaPem: requestHeader.clientCaPem,
        usernameHeaders: [...requestHeader.usernameHeaders],
        uidHeaders: [...requestHeader.uidHeaders],
        groupHeaders: [...requestHeader.groupHeaders],
        extraHeaderPrefixes: [...requestHeader.extraHeaderPrefixes],
        allowedNames: [...requestHeader.allowedNames],
      },
    },
    logger,
  );
  const reviews = new Reviews(authenticator, authorizer, authorizer, apiAudiences);
  const resources = new ResourceHandler(catalog, registry, tokens, { bookmarkIntervalMs: options.bookmarkIntervalMs, watchBufferLimitBytes: options.watchBufferLimitBytes }, reviews, authorizer);
  const discovery = new Discovery(catalog);
  // OpenAPI is built on first request; its modules load then too, not at start-up.
  let openapi: OpenApi | undefined;
  const loadOpenApi = async (): Promise<OpenApi> => {
    if (!openapi) {
      const { namedTypes, OpenApi } = await import('./endpoints/openapi.js');
      openapi = new OpenApi(catalog, { types: namedTypes(...schemaModules), rawDefinitions: customResourceDefinitions });
    }
    return openapi;
  };
  const crds = new CustomResourceDefinitions(registry, logger);
  catalog.onChange(() => {
    discovery.invalidate();
    openapi?.invalidate();
  });
  const health = new Health();
  let shuttingDown = false;
  let bootstrapped = false;
  let rbacBootstrapped = false;
  let cachesReady = false;
  health.add({ name: 'ping', check: () => undefined });
  health.add({ name: 'log', check: () => undefined });
  // Upstream's names, whichever store backs skiff: tools probe /livez/etcd and /readyz/etcd-readiness
  // (as other servers on an embedded store name them).
  health.add({ name: 'etcd', check: () => store.check() });
  health.add({ name: 'etcd-readiness', check: () => store.check() }, ['readyz']);
  health.add({ name: 'poststarthook/bootstrap-controller', check: () => { if (!bootstrapped) throw new Error('not finished'); } });
  health.add({ name: 'poststarthook/rbac/bootstrap-roles', check: () => { if (!rbacBootstrapped) throw new Error('not finished'); } });
  health.add({ name: 'poststarthook/start-watch-cache', check: () => { if (!cachesReady) throw new Error('not finished'); } }, ['readyz']);
  let flowControlConfigured = false;
  if (options.enablePriorityAndFairness ?? true) {
    const notYet = () => { if (!flowControlConfigured) throw new Error('not finished'); };
    health.add({ name: 'poststarthook/priority-and-fairness-config-consumer', check: notYet });
    health.add({ name: 'poststarthook/priority-and-fairness-filter', check: () => undefined });
    health.add({ name: 'poststarthook/priority-and-fairness-config-producer', check: notYet });
  }
  health.add({ name: 'shutdown', check: () => { if (shuttingDown) throw new Error('process is shutting down'); } }, ['readyz']);


  // Request concurrency: API Priority and Fairness, or the plain max-in-flight limiter.
  const maxReadOnly = options.maxRequestsInflight ?? 400;
  const maxMutating = options.maxMutatingRequestsInflight ?? 200;
  const apfEnabled = options.enablePriorityAndFairness ?? true;
  const flowControl = apfEnabled ? new FlowControl(maxReadOnly + maxMutating) : undefined;
  const flowControlConfig = flowControl ? new FlowControlConfigController(registry, flowControl, logger) : undefined;
  const concurrencyFilter = flowControl
    ? flowControlFilter(flowControl, new WorkEstimator(watchCacheStats(registry), (pl) => flowControl.maxSeatsFor(pl)))
    : maxInFlightFilter({ nonMutatingLimit: maxReadOnly, mutatingLimit: maxMutating });

  const server = new ApiServer({
    key,
    cert,
    // Client certificates are requested for both the client CA and the front proxy's CA.
    clientCa: [clientCaPem, requestHeader?.clientCaPem].filter(Boolean).join('\n') || undefined,
    logger,
    maxRequestBodyBytes: options.maxRequestBodyBytes,
    // The filter chain, outermost first (upstream's DefaultBuildHandlerChain order).
    filters: [
      authenticationFilter(authenticator),
      impersonationFilter(authorizer),
      concurrencyFilter,
      authorizationFilter(authorizer),
    ],
    routes: [
      (ctx) => health.handle(ctx),
      (ctx) => handleVersion(ctx),
      (ctx) => handleMetrics(ctx, undefined, flowControl ? [() => flowControl.metrics.render()] : []),
      (ctx) => oidcDiscovery.handle(ctx),
      (ctx) => handleFlowControlDebug(ctx, flowControl),
      (ctx) => (ctx.info.isResourceRequest ? resources.handle(ctx).then(() => true) : false),
      (ctx) => discovery.handle(ctx),
      (ctx) => (isOpenApiPath(ctx.path) ? loadOpenApi().then((o) => o.handle(ctx)) : false),
      (ctx) => unknownApiPath(ctx),
    ],
  });

  const bindAddress = options.bindAddress ?? '0.0.0.0';
  const addr = await server.listen(options.securePort ?? 6443, bindAddress);
  const clientHost = bindAddress === '0.0.0.0' || bindAddress === '::' || bindAddress === '' ? '127.0.0.1' : bindAddress;
  const url = serverUrl(clientHost, addr.port);
  const kubeconfig = join(dataDir, 'kubeconfig');
  if (adminCertPem && adminKeyPem) {
    await writeKubeconfig(kubeconfig, { server: url, caPem, clientCertPem: adminCertPem, clientKeyPem: adminKeyPem });
  }

  // Post-start: default objects, then the watch caches. readyz waits for both.
  // Controllers run on the replica holding the kube-controller-manager Lease. A stopped
  // manager cannot be restarted (its queues stay stopped), so every term gets a fresh one.
  const newControllers = () => new ControllerManager(registry, logger, options.controllers ?? ['*'], { legacyTokenSigner: tokens, rootCaPem: caPem });
  let controllers = newControllers();
  let controllersUsed = false;
  const elector = new LeaderElector(registry, logger, {
    // On the embedded store one process owns the data: a stable identity re-takes the lease at once after a restart.
    identity: options.store || options.etcdServers?.length ? undefined : `${hostname()}_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
    ...options.leaderElection,
    onStartedLeading: () => {
      if (controllersUsed) controllers = newControllers();
      controllersUsed = true;
      return controllers.start();
    },
    onStoppedLeading: () => controllers.stop(),
  });
  // --etcd-compaction-interval=0 turns compaction off, as upstream (not a compaction loop without pause).
  const compactionIntervalMs = options.compactionIntervalMs ?? 5 * 60_000;
  const compactor = compactionIntervalMs > 0 ? startCompactor(store, {
          intervalMs: compactionIntervalMs,
          log: logger,
          // Replicas sharing etcd take turns through the key kube-apiserver uses.
          coordinationKey: options.etcdServers?.length ? 'compact_rev_key' : undefined,
        }) : { stop: async () => undefined };
  const postStart = (async () => {
    await bootstrapWithRetries(() => bootstrap(registry, catalog, { serviceIp, serviceCidr: serviceRange, securePort: addr.port }), logger);
    await clusterAuthentication.start();
    bootstrapped = true;
    await Promise.all([
      registry.warmCaches(),
      bootstrapWithRetries(async () => {
        const { created, updated } = await ensureBootstrapPolicy(registry);
        if (created.length || updated.length) logger.v(1).info('rbac/bootstrap-roles', { created: created.length, updated: updated.length });
        rbacBootstrapped = true;
      }, logger),
    ]);
    await Promise.all([rbacIndex.start(), nodeAuthorizer.start()]);
    if (flowControlConfig) {
      await ensureFlowControlConfiguration(registry);
      await flowControlConfig.start();
      flowControlConfigured = true;
    }
    await crds.start();
    await custom?.start?.();
    cachesReady = true;
    await elector.start();
    logger.info('skiff is ready', { url, store: store.name, startupMs: Math.round(performance.now() - t0) });
  })();
  postStart.catch((e) => logger.error('post-start hook failed', e));

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      shuttingDown = true;
      const delay = options.shutdownDelayMs ?? 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      await elector.stop();
      controllers.stop();
      crds.stop();
      clusterAuthentication.stop();
      custom?.stop?.();
      configured?.stop();
      nodeAuthorizer.stop();
      flowControlConfig?.stop();
      resources.closeWatches();
      await server.close();
      await tokenAuthn.stop();
      await compactor.stop();
      rbacIndex.stop();
      registry.stopCaches();
      await postStart.catch(() => undefined);
      await store.close();
    })();
    return stopping;
  };

  await postStart;
  return {
    url,
    kubeconfig,
    port: addr.port,
    caPem,
    adminCertPem,
    adminKeyPem,
    store,
    registry,
    get controllers() {
      return controllers;
    },
    elector,
    crds,
    stop,
    openWatches: () => resources.watchCount,
  };
}

/**
 * Replicas starting together on one etcd race to create the default objects: the loser can
 * fail on a side effect of the winner's half-done create (the `kubernetes` Service's
 * cluster IP is already allocated while the Service does not exist yet). Upstream's
 * bootstrap controller simply retries; so do we, a few times, before giving up.
 */
async function bootstrapWithRetries(run: () => Promise<void>, logger: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= 8) throw e;
      logger.v(1).info('bootstrap attempt failed, retrying', { attempt, err: String(e) });
      await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 1000)));
    }
  }
}

/** The legacy authorization flags, when any is set (--authorization-mode defaults to AlwaysAllow then, as upstream). */
/** skiff's default authorization (kube-apiserver's flag defaults to AlwaysAllow): secure out of the box. */
export const DEFAULT_AUTHORIZATION_MODES = ['Node', 'RBAC'];

function authorizationFlags(o: SkiffOptions) {
  const any = o.authorizationMode !== undefined || o.authorizationPolicyFile || o.authorizationWebhookConfigFile || o.authorizationWebhookVersion ||
    o.authorizationWebhookCacheAuthorizedTtlMs !== undefined || o.authorizationWebhookCacheUnauthorizedTtlMs !== undefined;
  if (!any && o.authorizationConfigFile) return undefined;
  return {
    modes: o.authorizationMode ?? DEFAULT_AUTHORIZATION_MODES,
    policyFile: o.authorizationPolicyFile,
    webhookConfigFile: o.authorizationWebhookConfigFile,
    webhookVersion: o.authorizationWebhookVersion,
    webhookCacheAuthorizedTTLMs: o.authorizationWebhookCacheAuthorizedTtlMs,
    webhookCacheUnauthorizedTTLMs: o.authorizationWebhookCacheUnauthorizedTtlMs,
  };
}

function isOpenApiPath(path: string): boolean {
  return path === '/openapi/v2' || path.startsWith('/openapi/');
}

/** Paths under /api and /apis that name nothing known get upstream's NotFound Status. */
function unknownApiPath(ctx: Ctx): boolean {
  if (ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path === '/apis' || ctx.path.startsWith('/apis/')) {
    const err = resourceNotFound();
    if (isStatusError(err)) sendStatus(ctx, err);
    return true;
  }
  return false;
}
