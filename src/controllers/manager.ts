// The in-process control loops (what kube-controller-manager runs for the API
// objects skiff serves), started together and stopped together.

import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { ClusterRoleAggregationController } from './clusterrole-aggregation.js';
import { GarbageCollector } from './garbage-collector.js';
import { NamespaceController } from './namespace.js';

export const CONTROLLER_NAMES = ['garbagecollector', 'namespace', 'clusterrole-aggregation'] as const;
export type ControllerName = (typeof CONTROLLER_NAMES)[number];

/** kube-controller-manager's --controllers semantics: '*', 'name', '-name'. */
export function enabledControllers(spec: readonly string[]): Set<ControllerName> {
  const on = new Set<ControllerName>();
  const star = spec.includes('*');
  for (const name of CONTROLLER_NAMES) {
    if (spec.includes(`-${name}`)) continue;
    if (star || spec.includes(name)) on.add(name);
  }
  return on;
}

export class ControllerManager {
  readonly garbageCollector: GarbageCollector;
  readonly namespaces: NamespaceController;
  readonly clusterRoleAggregation: ClusterRoleAggregationController;
  private running = false;
  private readonly enabled: Set<ControllerName>;

  constructor(registry: Registry, log: Logger, controllers: readonly string[] = ['*']) {
    this.garbageCollector = new GarbageCollector(registry, log);
    this.namespaces = new NamespaceController(registry, log);
    this.clusterRoleAggregation = new ClusterRoleAggregationController(registry, log);
    this.enabled = enabledControllers(controllers);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const starts: Promise<void>[] = [];
    if (this.enabled.has('garbagecollector')) starts.push(this.garbageCollector.start());
    if (this.enabled.has('namespace')) starts.push(this.namespaces.start());
    if (this.enabled.has('clusterrole-aggregation')) starts.push(this.clusterRoleAggregation.start());
    await Promise.all(starts);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.garbageCollector.stop();
    this.namespaces.stop();
    this.clusterRoleAggregation.stop();
  }

  /** Resolves when every controller has drained its queue (for tests). */
  async idle(): Promise<void> {
    await Promise.all([this.garbageCollector.idle(), this.namespaces.idle(), this.clusterRoleAggregation.idle()]);
  }
}
