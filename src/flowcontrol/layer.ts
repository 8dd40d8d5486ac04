// The request-concurrency layer, built from its options: API Priority and Fairness (its
// configuration controller, the default FlowSchemas and PriorityLevelConfigurations, the
// filter, debug dumps and metrics) or, with --enable-priority-and-fairness=false, the
// plain max-in-flight limiter (upstream server/options/server_run_options.go, config.go).

import type { Registry } from '../registry/registry.js';
import type { Filter } from '../server/filter.js';
import { flowControlFilter } from '../server/filters/flowcontrol.js';
import { maxInFlightFilter } from '../server/filters/max-in-flight.js';
import type { Logger } from '../util/log.js';
import { FlowControlConfigController } from './config-controller.js';
import { FlowControl } from './controller.js';
import { FlowControlMetrics } from './metrics.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import { ensureFlowControlConfiguration } from './ensurer.js';
import { watchCacheStats } from './resource-stats.js';
import { WorkEstimator } from './work-estimator.js';

export interface ConcurrencyOptions {
  /** --max-requests-inflight (default 400) and --max-mutating-requests-inflight (default 200). */
  maxRequestsInflight?: number;
  maxMutatingRequestsInflight?: number;
  /** --enable-priority-and-fairness (default true); false falls back to the max-in-flight limiter. */
  enablePriorityAndFairness?: boolean;
}

export interface ConcurrencyLayer {
  filter: Filter;
  /** Present with APF: its dumps and metrics. */
  flowControl?: FlowControl;
  /** Post-start hook priority-and-fairness-config-producer/-consumer: the default objects, then the live configuration. */
  start(): Promise<void>;
  stop(): void;
}

export function buildConcurrency(o: ConcurrencyOptions, registry: Registry, logger: Logger, metrics?: MetricsRegistry): ConcurrencyLayer {
  const maxReadOnly = o.maxRequestsInflight ?? 400;
  const maxMutating = o.maxMutatingRequestsInflight ?? 200;
  if (o.enablePriorityAndFairness === false) {
    return { filter: maxInFlightFilter({ nonMutatingLimit: maxReadOnly, mutatingLimit: maxMutating }), start: async () => undefined, stop: () => undefined };
  }
  const flowControl = new FlowControl(maxReadOnly + maxMutating, { metrics: new FlowControlMetrics(metrics) });
  const config = new FlowControlConfigController(registry, flowControl, logger);
  return {
    filter: flowControlFilter(flowControl, new WorkEstimator(watchCacheStats(registry), (pl) => flowControl.maxSeatsFor(pl))),
    flowControl,
    async start() {
      await ensureFlowControlConfiguration(registry);
      await config.start();
    },
    stop: () => config.stop(),
  };
}
