// Assembles a running skiff: store, catalog, registry, endpoints, listener.
// The CLI and the programmatic API (startServer) both come through here.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildAdmission, type AdmissionOptions } from './admission/layer.js';
import { buildAuthentication, type AuthenticationOptions } from './authn/layer.js';
import { handleMetrics } from './endpoints/metrics.js';
import { FeatureGates } from './features/index.js';
import { AdmissionMetrics } from './admission/metrics.js';
import { AuthMetrics } from './metrics/auth.js';
import { authorizationDecisions } from './metrics/authz.js';
import { recordFeatureGates } from './metrics/features.js';
import { MetricsRegistry } from './metrics/registry.js';
import { registerValidationMetrics } from './metrics/validation.js';
import { RequestMetrics } from './metrics/request.js';
import { instrumentStore, registryKeyResolver, storageMetrics } from './metrics/storage.js';
import { deprecationFilter } from './server/filters/deprecation.js';
import { auditFilter, failedAuthenticationAuditFilter } from './server/filters/audit.js';
import { buildAudit, type AuditOptions } from './audit/layer.js';
import { buildAuthorization, type AuthorizationOptions } from './authz/layer.js';
import { writeKubeconfig, serverUrl } from './cli/kubeconfig.js';
import { DEFAULT_SERVICE_CLUSTER_IP_RANGE, ensurePki, firstServiceIp } from './cli/pki.js';
import { memoryServerPki } from './cli/pki-cache.js';
import { defaultsKey, defaultsPath, readDefaults, writeDefaults } from './cli/defaults-cache.js';
import { ControllerManager, enabledControllers } from './controllers/manager.js';
import { LeaderElector, type LeaderElectionOptions } from './controllers/leader-election.js';
import { Discovery } from './endpoints/discovery.js';
import type { OpenApi } from './endpoints/openapi.js';
import { schemaModules } from './types/builtin-schemas.js';
import { Health } from './endpoints/health.js';
import { ResourceHandler } from './endpoints/resource.js';
import { Reviews } from './endpoints/reviews.js';
import { handleVersion } from './endpoints/version.js';
import { indexerFor } from './registry/filter.js';
import { Registry } from './registry/registry.js';
import { installServiceAllocation } from './registry/service-hooks.js';
import { bootstrap } from './server/bootstrap.js';
import { ApiServer, type ServerOptions } from './server/server.js';
import { authenticationFilter } from './server/filters/authentication.js';
import { authorizationFilter } from './server/filters/authorization.js';
import { impersonationFilter } from './server/filters/impersonation.js';
import { handleFlowControlDebug } from './endpoints/flowcontrol-debug.js';
import { buildConcurrency, type ConcurrencyOptions } from './flowcontrol/layer.js';
import { startCompactor } from './storage/compactor.js';
import { MemoryStore } from './storage/memory/memory-store.js';
import { SqliteStore } from './storage/sqlite/sqlite-store.js';
import { STORE_FILE } from './storage/sqlite/schema.js';
import type { KeyValue, Store } from './storage/store.js';
import { builtinCatalog } from './types/catalog.js';
import { CustomResourceDefinitions, customResourceDefinitions } from './crd/index.js';
import { ApiServiceRegistration } from './server/apiservice-registration.js';
import { createLogger, type Logger } from './util/log.js';
import { startMark } from './util/start-trace.js';

/** The server's options; each layer declares its own (authentication, authorization, request concurrency). */
export interface SkiffOptions extends AuthenticationOptions, AuthorizationOptions, AdmissionOptions, ConcurrencyOptions, AuditOptions {
  /** Where the SQLite store, generated PKI and kubeconfig live. Default ./.skiff (with store 'memory': a temporary directory, removed at stop). */
  dataDir?: string;
  /**
   * With store 'memory' and no dataDir: the private directory that keeps the generated PKI
   * between processes (default $XDG_CACHE_HOME/skiff/pki, else ~/.cache/skiff/pki); false
   * generates one in each process.
   */
  pkiCacheDir?: string | false;
  /** --secure-port; 0 picks a free port. Default 6443. */
  securePort?: number;
  /** --bind-address. Default 0.0.0.0 (all interfaces); the kubeconfig points at 127.0.0.1 then. */
  bindAddress?: string;
  tlsCertFile?: string;
  tlsPrivateKeyFile?: string;
  clientCaFile?: string;
  /** --shutdown-delay-duration in ms: readyz fails this long before the listener stops. */
  shutdownDelayMs?: number;
  /** --max-request-body-bytes: larger request bodies get 413. Default 3 MiB; 0 means no limit. */
  maxRequestBodyBytes?: number;
  /** Called when a request ends, with its context (audit annotations, warnings): embedders and tests. */
  onRequestEnd?: ServerOptions['onRequestEnd'];
  serviceClusterIpRange?: string;
  /** --service-node-port-range. Default 30000-32767. */
  serviceNodePortRange?: { base: number; size: number };
  /** How often history is compacted (ms); history of one interval is always kept. Default 5 minutes; 0 disables compaction. */
  compactionIntervalMs?: number;
  /** Use this store instead of SQLite in the data dir; 'memory' keeps everything in process memory (tests, embedders). */
  store?: Store | 'memory';
  /** --etcd-servers: store in this etcd cluster instead of SQLite. */
  etcdServers?: string[];
  etcdCaFile?: string;
  etcdCertFile?: string;
  etcdKeyFile?: string;
  /** --etcd-prefix (default /registry). */
  etcdPrefix?: string;
  /** --feature-gates: resolved gates, or the flag's name → bool map (resolved with upstream's rules; invalid ones fail the start). */
  featureGates?: FeatureGates | Record<string, boolean>;
  /** --runtime-config: enable or disable API group-versions and resources. */
  runtimeConfig?: Record<string, string>;
  verbosity?: number;
  logger?: Logger;
  /** Watch bookmark interval, ms (default 60s). */
  bookmarkIntervalMs?: number;
  /** The in-process controllers to run, with kube-controller-manager's --controllers syntax. Default ['*']; [] runs none. */
  controllers?: string[];
  /** How often the quota controller recalculates every quota (--resource-quota-sync-period); default 5m, 0 never. */
  resourceQuotaSyncPeriodMs?: number;
  /** Leader election timings and identity (kube-controller-manager's defaults: 15s/10s/2s). */
  leaderElection?: Partial<Omit<LeaderElectionOptions, 'onStartedLeading' | 'onStoppedLeading'>>;
  /** A watcher whose unsent output exceeds this many bytes is dropped (default 16 MiB). */
  watchBufferLimitBytes?: number;
  /** --show-hidden-metrics-for-version: the previous minor version ("1.33") shows metrics hidden in this one. */
  showHiddenMetricsForVersion?: string;
}

export type { ServerAuthorizer } from './authz/layer.js';

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
  /**
   * Delete every object the start did not create and restore changed default objects, in
   * the store directly (no finalizers, no admission): a clean server between tests.
   */
  reset(): Promise<void>;
}

export async function startServer(options: SkiffOptions = {}): Promise<RunningSkiff> {
  const t0 = performance.now();
  const memory = options.store === 'memory';
  const tempDataDir = memory && !options.dataDir ? await mkdtemp(join(tmpdir(), 'skiff-')) : undefined;
  const dataDir = resolve(options.dataDir ?? tempDataDir ?? './.skiff');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createLogger({ verbosity: options.verbosity ?? 0 });
  const featureGates = FeatureGates.from(options.featureGates);
  // One registry per server (upstream has one per process): embedded servers count apart.
  const metrics = new MetricsRegistry({ showHiddenMetricsForVersion: options.showHiddenMetricsForVersion, processMetrics: true });
  const requestMetrics = new RequestMetrics(metrics);
  const authMetrics = new AuthMetrics(metrics);
  recordFeatureGates(metrics, featureGates);
  registerValidationMetrics(metrics);
  startMark('metrics');
  const auditor = buildAudit(options, logger);
  const serviceRange = options.serviceClusterIpRange ?? DEFAULT_SERVICE_CLUSTER_IP_RANGE;
  const serviceIp = firstServiceIp(serviceRange);

  // TLS: given files, or a generated CA + serving + admin certificate.
  let key: string;
  let cert: string;
  let caPem: string;
  let adminCertPem: string | undefined;
  let adminKeyPem: string | undefined;
  let clientCaPem: string | undefined;
  // The generated PKI also holds the service-account signing key, needed either way.
  const pkiOptions = { hostnames: [hostname()], serviceClusterIpRange: serviceRange };
  // In-memory servers of one process share one PKI, kept between processes in the user's cache (their data dirs are throw-away).
  const pki = tempDataDir
    ? await (memoryPki[`${serviceRange} ${options.pkiCacheDir}`] ??= memoryServerPki(dataDir, pkiOptions, options.pkiCacheDir))
    : await ensurePki(dataDir, pkiOptions);
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
  startMark('pki');
  if (options.clientCaFile) clientCaPem = readFileSync(options.clientCaFile, 'utf8');

  let registryRef: Registry | undefined;
  const storage = storageMetrics(metrics, () => registryRef);
  // An in-memory server starts from the defaults an earlier start with the same options left (defaults-cache.ts).
  const defaultsKeyed = memory ? defaultsKey(options) : undefined;
  const defaultsFile = defaultsKeyed?.persistable && tempDataDir && pki.dir !== dataDir ? defaultsPath(pki.dir, pki.ca.certPem, defaultsKeyed) : undefined;
  const seed = defaultsKeyed && (memoryDefaults.get(defaultsKeyed.id) ?? (defaultsFile ? await readDefaults(defaultsFile) : undefined));
  const rawStore: Store =
    (options.store === 'memory' ? MemoryStore.withContents(seed) : options.store) ??
    (options.etcdServers?.length
      ? await (await import('./storage/etcd/etcd-store.js')).EtcdStore.connect({ endpoints: options.etcdServers, caFile: options.etcdCaFile, certFile: options.etcdCertFile, keyFile: options.etcdKeyFile })
      : SqliteStore.open(join(dataDir, STORE_FILE)));
  startMark('store open');
  const store = instrumentStore(rawStore, registryKeyResolver(() => registryRef), storage.record);
  const catalog = builtinCatalog(options.runtimeConfig ?? {}, featureGates);
  const registry = new Registry(catalog, store, indexerFor, {
    registryPrefix: options.etcdPrefix ?? '/registry',
    allowUnsafeMalformedObjectDeletion: featureGates.enabled('AllowUnsafeMalformedObjectDeletion'),
  });
  registryRef = registry;
  startMark('catalog and registry');
  installServiceAllocation(registry, serviceRange, options.serviceNodePortRange ?? { base: 30000, size: 2768 });
  // Each layer builds itself from its options; an invalid configuration stops the start
  // (kube-apiserver exits), closing what was opened.
  let authn: Awaited<ReturnType<typeof buildAuthentication>> | undefined;
  let authz: ReturnType<typeof buildAuthorization>;
  let admission: ReturnType<typeof buildAdmission>;
  try {
    authn = await buildAuthentication(options, {
      registry,
      logger,
      clientCaPem,
      generatedSigningKeyPem: pki.serviceAccount.privateKeyPem,
      tlsPrivateKeyPem: options.tlsCertFile && options.tlsPrivateKeyFile ? key : undefined,
      featureGates,
      metrics,
    });
    authz = buildAuthorization(options, registry, logger, authorizationDecisions(metrics));
    admission = buildAdmission(options, { registry, authorizer: authz.authorizer, logger, featureGates, metrics: new AdmissionMetrics(metrics) });
  } catch (e) {
    await authn?.stop();
    if (!options.store || memory) await store.close();
    if (tempDataDir) await rm(tempDataDir, { recursive: true, force: true });
    throw e;
  }
  startMark('authn, authz, admission');
  const { authenticator, tokens, apiAudiences, oidcDiscovery } = authn;
  const { authorizer } = authz;
  const concurrency = buildConcurrency(options, registry, logger, metrics);
  const flowControl = concurrency.flowControl;
  const reviews = new Reviews(authenticator, authorizer, authorizer, apiAudiences);
  const resources = new ResourceHandler(catalog, registry, tokens, { bookmarkIntervalMs: options.bookmarkIntervalMs, watchBufferLimitBytes: options.watchBufferLimitBytes, admission, metrics: requestMetrics, cbor: featureGates.enabled('CBORServingAndStorage'), inProcessControllers: enabledControllers(options.controllers ?? ['*']).size > 0 }, reviews, authorizer);
  const discovery = new Discovery(catalog);
  // OpenAPI is built on first request; its modules load then too, not at start-up.
  let openapi: OpenApi | undefined;
  const loadOpenApi = async (): Promise<OpenApi> => {
    if (!openapi) {
      const { namedTypes, OpenApi } = await import('./endpoints/openapi.js');
      openapi = new OpenApi(catalog, { types: namedTypes(...schemaModules), rawDefinitions: customResourceDefinitions, cbor: featureGates.enabled('CBORServingAndStorage') });
    }
    return openapi;
  };
  const crds = new CustomResourceDefinitions(registry, logger);
  const apiServices = new ApiServiceRegistration(registry, catalog, logger);
  catalog.onChange(() => {
    discovery.invalidate();
    openapi?.invalidate();
  });
  const health = new Health();
  let shuttingDown = false;
  health.add({ name: 'ping', check: () => undefined });
  health.add({ name: 'log', check: () => undefined });
  // Upstream's names, whichever store backs skiff: tools probe /livez/etcd and /readyz/etcd-readiness
  // (as other servers on an embedded store name them).
  health.add({ name: 'etcd', check: () => store.check() });
  health.add({ name: 'etcd-readiness', check: () => store.check() }, ['readyz']);
  const postStartHook = (name: string, endpoints?: Parameters<Health['add']>[1]) => {
    let finished = false;
    health.add({ name: `poststarthook/${name}`, check: () => { if (!finished) throw new Error('not finished'); } }, endpoints);
    return () => { finished = true; };
  };
  const bootstrapped = postStartHook('bootstrap-controller');
  const rbacBootstrapped = postStartHook('rbac/bootstrap-roles');
  const cachesReady = postStartHook('start-watch-cache', ['readyz']);
  let flowControlConfigured = () => undefined as void;
  if (flowControl) {
    const consumer = postStartHook('priority-and-fairness-config-consumer');
    health.add({ name: 'poststarthook/priority-and-fairness-filter', check: () => undefined });
    const producer = postStartHook('priority-and-fairness-config-producer');
    flowControlConfigured = () => { consumer(); producer(); };
  }
  health.add({ name: 'shutdown', check: () => { if (shuttingDown) throw new Error('process is shutting down'); } }, ['readyz']);


  const server = new ApiServer({
    key,
    cert,
    // Client certificates are requested for both the client CA and the front proxy's CA.
    clientCa: [clientCaPem, authn.requestHeaderCaPem].filter(Boolean).join('\n') || undefined,
    logger,
    maxRequestBodyBytes: options.maxRequestBodyBytes,
    onRequestEnd: options.onRequestEnd,
    // The filter chain, outermost first (upstream's DefaultBuildHandlerChain order).
    filters: [
      ...(auditor ? [failedAuthenticationAuditFilter(auditor)] : []),
      authenticationFilter(authenticator, authMetrics),
      ...(auditor ? [auditFilter(auditor)] : []),
      impersonationFilter(authorizer),
      requestMetrics.filter(),
      concurrency.filter,
      authorizationFilter(authorizer, authMetrics),
      deprecationFilter(catalog, requestMetrics),
    ],
    routes: [
      (ctx) => health.handle(ctx),
      (ctx) => handleVersion(ctx),
      (ctx) => handleMetrics(ctx, metrics),
      (ctx) => oidcDiscovery.handle(ctx),
      (ctx) => handleFlowControlDebug(ctx, flowControl),
      (ctx) => (ctx.info.isResourceRequest ? resources.handle(ctx).then(() => true) : false),
      (ctx) => discovery.handle(ctx),
      (ctx) => (isOpenApiPath(ctx.path) ? loadOpenApi().then((o) => o.handle(ctx)) : false),
    ],
  });

  startMark('handlers');
  const bindAddress = options.bindAddress ?? '0.0.0.0';
  const addr = await server.listen(options.securePort ?? 6443, bindAddress);
  const clientHost = bindAddress === '0.0.0.0' || bindAddress === '::' || bindAddress === '' ? '127.0.0.1' : bindAddress;
  const url = serverUrl(clientHost, addr.port);
  const kubeconfig = join(dataDir, 'kubeconfig');
  if (adminCertPem && adminKeyPem) {
    await writeKubeconfig(kubeconfig, { server: url, caPem, clientCertPem: adminCertPem, clientKeyPem: adminKeyPem });
  }

  startMark('listening');
  // Post-start: default objects, then the caches the server itself reads. readyz waits for both.
  // Controllers run on the replica holding the kube-controller-manager Lease. A stopped
  // manager cannot be restarted (its queues stay stopped), so every term gets a fresh one.
  const newControllers = () => new ControllerManager(registry, logger, options.controllers ?? ['*'], { legacyTokenSigner: tokens, rootCaPem: caPem, resourceQuotaSyncPeriodMs: options.resourceQuotaSyncPeriodMs });
  let controllers = newControllers();
  let controllersUsed = false;
  const elector = new LeaderElector(registry, logger, {
    // On the embedded store one process owns the data: a stable identity re-takes the lease at once after a restart.
    identity: (options.store && !memory) || options.etcdServers?.length ? undefined : `${hostname()}_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
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
    // The post-start hooks run side by side, as upstream's: their default objects then share
    // the store's group commits on a first start, and a restart (nothing to write) only reads.
    const crdsStarted = crds.start();
    await Promise.all([
      bootstrapWithRetries(() => bootstrap(registry, catalog, { serviceIp, serviceCidr: serviceRange, securePort: addr.port }), logger)
        .then(() => authn.start())
        .then(bootstrapped),
      bootstrapWithRetries(() => authz.ensureDefaultPolicy(), logger)
        .then(rbacBootstrapped)
        .then(() => authz.start()),
      admission.start(),
      concurrency.start().then(flowControlConfigured),
      crdsStarted,
      bootstrapWithRetries(() => apiServices.start(crdsStarted), logger),
    ]);
    cachesReady();
    startMark('layers started (ready)');
    // The watch caches the server itself did not need load after readiness: a request
    // waits only for the cache it reads, so a restart with many objects stored serves at once.
    registry.warmCaches().catch((e) => logger.error('watch cache warm-up failed', e));
    // With no controller of its own, skiff leaves the kube-controller-manager Lease to the real one.
    if (enabledControllers(options.controllers ?? ['*']).size > 0) await elector.start();
    startMark('leader elected');
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
      apiServices.stop();
      crds.stop();
      authz.stop();
      admission.stop();
      concurrency.stop();
      resources.closeWatches();
      await server.close();
      await authn.stop();
      await auditor?.stop();
      await compactor.stop();
      registry.stopCaches();
      await postStart.catch(() => undefined);
      await store.close();
      if (tempDataDir) await rm(tempDataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  await postStart;
  // reset() restores the objects as the start left them. A fresh store holds few and keeps
  // them (later in-memory servers with the same options start from them: their post-start
  // hooks then find the defaults in place). A restart with many objects stored only notes the revision and reset()
  // reads them at it (until compaction passes it), so the start reads no values.
  let defaults: () => Promise<KeyValue[]>;
  const { revision, count } = await store.range('', { countOnly: true });
  if (memory || count <= KEEP_DEFAULTS_UP_TO) {
    const kept = await snapshotDefaults(store);
    if (defaultsKeyed && !memoryDefaults.has(defaultsKeyed.id)) {
      memoryDefaults.set(defaultsKeyed.id, kept);
      if (defaultsFile && !seed) await writeDefaults(defaultsFile, kept);
    }
    defaults = async () => kept;
  } else {
    defaults = () => snapshotDefaults(store, revision);
  }
  return {
    url,
    kubeconfig,
    port: addr.port,
    caPem,
    adminCertPem,
    adminKeyPem,
    store: rawStore,
    registry,
    get controllers() {
      return controllers;
    },
    elector,
    crds,
    stop,
    reset: async () => resetToDefaults(store, rawStore, await defaults()),
    openWatches: () => resources.watchCount,
  };
}

const memoryPki: Record<string, Promise<Awaited<ReturnType<typeof ensurePki>>>> = {};
/** The defaults of this process's first in-memory start, by options key. */
const memoryDefaults = new Map<string, KeyValue[]>();

/** Most objects a start keeps in memory for reset() (a fresh store holds a few hundred). */
const KEEP_DEFAULTS_UP_TO = 5_000;

/** Leases change on their own (leader election); a reset leaves them as they are. */
const RESET_KEEPS = (key: string) => key.includes('/leases/');

/** Every object as the server's start left it (its defaults). */
async function snapshotDefaults(store: Store, revision?: number): Promise<KeyValue[]> {
  return (await store.range('', { revision })).kvs.filter((kv) => !RESET_KEEPS(kv.key));
}

/**
 * Back to the defaults: every other object deleted, changed defaults restored, straight in
 * the store. The memory store swaps its contents in one step (its watches end and the
 * caches re-list); other stores get one write per difference.
 */
async function resetToDefaults(store: Store, rawStore: Store, defaults: readonly KeyValue[]): Promise<void> {
  if (rawStore instanceof MemoryStore) return rawStore.replaceContents(defaults, RESET_KEEPS);
  const wanted = new Map(defaults.map((kv) => [kv.key, kv.value]));
  const { kvs } = await store.range('');
  const present = new Set<string>();
  const writes: Promise<unknown>[] = [];
  for (const kv of kvs) {
    if (RESET_KEEPS(kv.key)) continue;
    present.add(kv.key);
    const want = wanted.get(kv.key);
    if (!want) writes.push(store.delete(kv.key, kv.modRevision));
    else if (!want.equals(kv.value)) writes.push(store.update(kv.key, want, kv.modRevision));
  }
  for (const [key, value] of wanted) if (!present.has(key)) writes.push(store.create(key, value));
  await Promise.all(writes);
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

function isOpenApiPath(path: string): boolean {
  return path === '/openapi/v2' || path.startsWith('/openapi/');
}

/** Paths under /api and /apis that name nothing known get upstream's NotFound Status. */
