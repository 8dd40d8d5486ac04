// apiserver_admission_step_admission_duration_seconds and
// apiserver_admission_controller_admission_duration_seconds (k8s.io/apiserver
// pkg/admission/metrics/metrics.go): the latency of each phase of the chain and of each
// plugin, by operation and whether it rejected the request.

import type { MetricsRegistry } from '../metrics/registry.js';

export type AdmissionStep = 'admit' | 'validate';

const BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];

export class AdmissionMetrics {
  private readonly step;
  private readonly controller;

  constructor(reg: MetricsRegistry) {
    this.step = reg.histogram({
      name: 'apiserver_admission_step_admission_duration_seconds', stability: 'STABLE', labelNames: ['type', 'operation', 'rejected'] as const, buckets: BUCKETS,
      help: 'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
    });
    this.controller = reg.histogram({
      name: 'apiserver_admission_controller_admission_duration_seconds', stability: 'STABLE', labelNames: ['name', 'type', 'operation', 'rejected'] as const, buckets: BUCKETS,
      help: 'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
    });
  }

  observeStep(type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.step.observe({ type, operation, rejected: String(rejected) }, seconds);
  }

  observePlugin(name: string, type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.controller.observe({ name, type, operation, rejected: String(rejected) }, seconds);
  }
}
