// kubernetes_feature_enabled{name,stage}: component-base/metrics/prometheus/feature/metrics.go,
// recorded for every known gate by featuregate's AddMetrics (stage is the prerelease string,
// empty for GA).

import type { FeatureGates } from '../features/index.js';
import type { MetricsRegistry } from './registry.js';

export function recordFeatureGates(metrics: MetricsRegistry, gates: FeatureGates): void {
  const gauge = metrics.gauge<'name' | 'stage'>({
    name: 'kubernetes_feature_enabled',
    help: 'This metric records the data about the stage and enablement of a k8s feature.',
    labelNames: ['name', 'stage'],
    stability: 'BETA',
  });
  for (const g of gates.all()) gauge.set({ name: g.name, stage: g.stage === 'GA' ? '' : g.stage }, g.enabled ? 1 : 0);
}
