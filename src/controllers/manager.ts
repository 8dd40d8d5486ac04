// The in-process control loops (what kube-controller-manager runs for the API
// objects skiff serves), started together and stopped together.

import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { GarbageCollector } from './garbage-collector.js';
import { NamespaceController } from './namespace.js';

export class ControllerManager {
  readonly garbageCollector: GarbageCollector;
  readonly namespaces: NamespaceController;
  private running = false;

  constructor(registry: Registry, log: Logger) {
    this.garbageCollector = new GarbageCollector(registry, log);
    this.namespaces = new NamespaceController(registry, log);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await Promise.all([this.garbageCollector.start(), this.namespaces.start()]);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.garbageCollector.stop();
    this.namespaces.stop();
  }

  /** Resolves when every controller has drained its queue (for tests). */
  async idle(): Promise<void> {
    await Promise.all([this.garbageCollector.idle(), this.namespaces.idle()]);
  }
}
