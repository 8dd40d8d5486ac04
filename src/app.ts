// Assembles a running skiff: store, catalog, registry, endpoints, listener.
// The CLI and the programmatic API (startServer) both come through here.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { buildAdmission, type AdmissionOptions } from './admission/layer.js';
import { buildAuthentication, type AuthenticationOptions } from './authn/layer.js';
import { handleMetrics } from './endpoints/metrics.js';
import { buildAuthorization, type AuthorizationOptions } from './authz/layer.js';
import { writeKubeconfig, serverUrl } from './cli/kubeconfig.js';
import { ensurePki, firstServiceIp } from './cli/pki.js';
import { ControllerManager } from './controllers/manager.js';
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
import type { Ctx } from './server/http.js';
import { resourceNotFound, isStatusError } from './apimachinery/errors.js';
import { sendStatus } from './server/http.js';
import { ApiServer, type ServerOptions } from './server/server.js';
import { authenticationFilter } from './server/filters/authentication.js';
import { authorizationFilter } from './server/filters/authorization.js';
import { impersonationFilter } from './server/filters/impersonation.js';
import { handleFlowControlDebug } from './endpoints/flowcontrol-debug.js';
import { buildConcurrency, type ConcurrencyOptions } from './flowcontrol/layer.js';
import { startCompactor } from './storage/compactor.js';
import { SqliteStore } from './storage/sqlite/sqlite-store.js';
import type { Store } from './storage/store.js';
import { builtinCatalog } from './types/catalog.js';
import { CustomResourceDefinitions, customResourceDefinitions } from './crd/index.js';
import { createLogger, type Logger } from './util/log.js';

/** The server's options; each layer declares its own (authentication, authorization, request concurrency). */
export interface SkiffOptions extends AuthenticationOptions, AuthorizationOptions, AdmissionOptions, ConcurrencyOptions {
  /** Where the SQLite store, generated PKI and kubeconfig live. Default ./.skiff */
  dataDir?: string;
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
      featureGates: options.featureGates,
    });
    authz = buildAuthorization(options, registry, logger);
    admission = buildAdmission(options, { registry, authorizer: authz.authorizer, logger, featureGates: options.featureGates });
  } catch (e) {
    await authn?.stop();
    if (!options.store) await store.close();
    throw e;
  }
  const { authenticator, tokens, apiAudiences, oidcDiscovery } = authn;
  const { authorizer } = authz;
  const concurrency = buildConcurrency(options, registry, logger);
  const flowControl = concurrency.flowControl;
  const reviews = new Reviews(authenticator, authorizer, authorizer, apiAudiences);
  const resources = new ResourceHandler(catalog, registry, tokens, { bookmarkIntervalMs: options.bookmarkIntervalMs, watchBufferLimitBytes: options.watchBufferLimitBytes, admission }, reviews, authorizer);
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
      authenticationFilter(authenticator),
      impersonationFilter(authorizer),
      concurrency.filter,
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
    await authn.start();
    bootstrapped();
    await Promise.all([
      registry.warmCaches(),
      bootstrapWithRetries(() => authz.ensureDefaultPolicy(), logger).then(rbacBootstrapped),
    ]);
    await Promise.all([authz.start(), admission.start(), concurrency.start().then(flowControlConfigured), crds.start()]);
    cachesReady();
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
      authz.stop();
      admission.stop();
      concurrency.stop();
      resources.closeWatches();
      await server.close();
      await authn.stop();
      await compactor.stop();
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
