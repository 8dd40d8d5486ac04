// The in-process control loops (what kube-controller-manager runs for the API
// objects skiff serves), started together and stopped together. One row per
// controller in CONTROLLERS; some are off unless named (as upstream's tokencleaner
// and bootstrapsigner).

import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { BootstrapSigner } from './bootstrap-signer.js';
import { ValidatingAdmissionPolicyStatusController } from './vap-status.js';
import { ClusterRoleAggregationController } from './clusterrole-aggregation.js';
import { DisruptionController } from './disruption.js';
import { GarbageCollector } from './garbage-collector.js';
import { NamespaceController } from './namespace.js';
import { ResourceQuotaController } from './resource-quota.js';
import { RootCaPublisher } from './root-ca-publisher.js';
import { ServiceAccountTokensController, type LegacyTokenSigner } from './serviceaccount-tokens.js';
import { ServiceAccountsController } from './serviceaccounts.js';
import { TokenCleaner } from './token-cleaner.js';

export interface Controller {
  start(): Promise<void>;
  stop(): void;
  /** Resolves when nothing is queued (for tests). */
  idle(): Promise<void>;
}

/** What controllers may need besides the registry and a logger. */
export interface ControllerDeps {
  /** Signs legacy Secret-based service-account tokens (the tokens controller runs only with one). */
  legacyTokenSigner?: LegacyTokenSigner;
  /** PEM written as ca.crt into service-account token Secrets (kube-controller-manager's --root-ca-file). */
  rootCaPem?: string;
  /** How often every quota is recalculated (kube-controller-manager's --resource-quota-sync-period). */
  resourceQuotaSyncPeriodMs?: number;
}

interface ControllerRow {
  name: string;
  /** Enabled by '*'. */
  onByDefault: boolean;
  create(registry: Registry, log: Logger, deps: ControllerDeps): Controller | undefined;
}

export const CONTROLLERS: readonly ControllerRow[] = [
  { name: 'garbagecollector', onByDefault: true, create: (r, l) => new GarbageCollector(r, l) },
  { name: 'namespace', onByDefault: true, create: (r, l) => new NamespaceController(r, l) },
  {
    name: 'serviceaccount-token',
    onByDefault: true,
    create: (r, l, d) => (d.legacyTokenSigner ? new ServiceAccountTokensController(r, l, d.legacyTokenSigner, d.rootCaPem) : undefined),
  },
  { name: 'disruption', onByDefault: true, create: (r, l) => new DisruptionController(r, l) },
  { name: 'serviceaccount', onByDefault: true, create: (r, l) => new ServiceAccountsController(r, l) },
  { name: 'root-ca-cert-publisher', onByDefault: true, create: (r, l, d) => (d.rootCaPem ? new RootCaPublisher(r, l, d.rootCaPem) : undefined) },
  { name: 'clusterrole-aggregation', onByDefault: true, create: (r, l) => new ClusterRoleAggregationController(r, l) },
  { name: 'resourcequota', onByDefault: true, create: (r, l, d) => new ResourceQuotaController(r, l, d.resourceQuotaSyncPeriodMs) },
  { name: 'validatingadmissionpolicy-status-controller', onByDefault: true, create: (r, l) => new ValidatingAdmissionPolicyStatusController(r, l) },
  { name: 'tokencleaner', onByDefault: false, create: (r, l) => new TokenCleaner(r, l) },
  { name: 'bootstrapsigner', onByDefault: false, create: (r, l) => new BootstrapSigner(r, l) },
];

export const CONTROLLER_NAMES = CONTROLLERS.map((c) => c.name);
export type ControllerName = string;

/** kube-controller-manager's --controllers semantics: '*' (the on-by-default ones), 'name', '-name'. */
export function enabledControllers(spec: readonly string[]): Set<ControllerName> {
  const on = new Set<ControllerName>();
  const star = spec.includes('*');
  for (const c of CONTROLLERS) {
    if (spec.includes(`-${c.name}`)) continue;
    if (spec.includes(c.name) || (star && c.onByDefault)) on.add(c.name);
  }
  return on;
}

export class ControllerManager {
  readonly garbageCollector: GarbageCollector;
  readonly namespaces: NamespaceController;
  private readonly running = new Map<string, Controller>();
  private started = false;
  private readonly enabled: Set<ControllerName>;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    controllers: readonly string[] = ['*'],
    private readonly deps: ControllerDeps = {},
  ) {
    this.enabled = enabledControllers(controllers);
    this.garbageCollector = new GarbageCollector(registry, log);
    this.namespaces = new NamespaceController(registry, log);
  }

  /** A running controller by name (for tests). */
  get(name: string): Controller | undefined {
    return this.running.get(name);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const row of CONTROLLERS) {
      if (!this.enabled.has(row.name)) continue;
      const c = row.name === 'garbagecollector' ? this.garbageCollector : row.name === 'namespace' ? this.namespaces : row.create(this.registry, this.log, this.deps);
      if (c) this.running.set(row.name, c);
    }
    await Promise.all([...this.running.values()].map((c) => c.start()));
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    for (const c of this.running.values()) c.stop();
  }

  /** Resolves when every controller has drained its queue (for tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.running.values()].map((c) => c.idle()));
  }
}
