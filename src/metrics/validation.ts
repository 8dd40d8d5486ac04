// apiserver_validation_declarative_validation_{mismatch,panic}_total
// (staging/src/k8s.io/apiserver/pkg/validation/metrics.go). Skiff validates on one path only,
// so the counters are registered and stay at zero, as upstream's do without a mismatch.

import type { MetricsRegistry } from './registry.js';

export function registerValidationMetrics(metrics: MetricsRegistry): void {
  metrics.counter({
    name: 'apiserver_validation_declarative_validation_mismatch_total',
    help: 'Number of times declarative validation results differed from handwritten validation results for core types.',
    stability: 'BETA',
  });
  metrics.counter({
    name: 'apiserver_validation_declarative_validation_panic_total',
    help: 'Number of times declarative validation has panicked during validation.',
    stability: 'BETA',
  });
}
