// The apiserver_flowcontrol_* families on the server's metrics registry: names, help,
// labels, buckets and stability as upstream's
// k8s.io/apiserver/pkg/util/flowcontrol/metrics/metrics.go (v1.34).

import { MetricsRegistry } from '../metrics/registry.js';

const PL = 'priority_level';
const FS = 'flow_schema';
const REQUEST_DURATION_BUCKETS = [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];
const QUEUE_LENGTH_BUCKETS = [0, 10, 25, 50, 100, 250, 500, 1000];

export class FlowControlMetrics {
  readonly registry: MetricsRegistry;
  private readonly f;

  constructor(registry: MetricsRegistry = new MetricsRegistry()) {
    this.registry = registry;
    const r = registry;
    const n = (s: string) => `apiserver_flowcontrol_${s}`;
    this.f = {
      rejected: r.counter({ name: n('rejected_requests_total'), stability: 'BETA', labelNames: [PL, FS, 'reason'] as const, help: 'Number of requests rejected by API Priority and Fairness subsystem' }),
      dispatched: r.counter({ name: n('dispatched_requests_total'), stability: 'BETA', labelNames: [PL, FS] as const, help: 'Number of requests executed by API Priority and Fairness subsystem' }),
      inqueue: r.gauge({ name: n('current_inqueue_requests'), stability: 'BETA', labelNames: [PL, FS] as const, help: 'Number of requests currently pending in queues of the API Priority and Fairness subsystem' }),
      inqueueSeats: r.gauge({ name: n('current_inqueue_seats'), labelNames: [PL, FS] as const, help: 'Number of seats currently pending in queues of the API Priority and Fairness subsystem' }),
      queueLength: r.histogram({ name: n('request_queue_length_after_enqueue'), labelNames: [PL, FS] as const, buckets: QUEUE_LENGTH_BUCKETS, help: 'Length of queue in the API Priority and Fairness subsystem, as seen by each request after it is enqueued' }),
      concurrencyLimit: r.gauge({ name: n('request_concurrency_limit'), deprecatedVersion: '1.30.0', labelNames: [PL] as const, help: 'Nominal number of execution seats configured for each priority level' }),
      executing: r.gauge({ name: n('current_executing_requests'), stability: 'BETA', labelNames: [PL, FS] as const, help: 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem' }),
      executingSeats: r.gauge({ name: n('current_executing_seats'), stability: 'BETA', labelNames: [PL, FS] as const, help: 'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem' }),
      concurrencyInUse: r.gauge({ name: n('request_concurrency_in_use'), deprecatedVersion: '1.31.0', labelNames: [PL, FS] as const, help: 'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem' }),
      waitSeconds: r.histogram({ name: n('request_wait_duration_seconds'), stability: 'BETA', labelNames: [PL, FS, 'execute'] as const, buckets: REQUEST_DURATION_BUCKETS, help: 'Length of time a request spent waiting in its queue' }),
      executionSeconds: r.histogram({ name: n('request_execution_seconds'), labelNames: [PL, FS, 'type'] as const, buckets: REQUEST_DURATION_BUCKETS, help: 'Duration of initial stage (for a WATCH) or any (for a non-WATCH) stage of request execution in the API Priority and Fairness subsystem' }),
      estimatedSeats: r.histogram({ name: n('work_estimated_seats'), labelNames: [PL, FS] as const, buckets: [1, 2, 4, 8, 16, 32, 64, 100], help: 'Number of estimated seats (maximum of initial and final seats) associated with requests in API Priority and Fairness' }),
      nominal: r.gauge({ name: n('nominal_limit_seats'), stability: 'BETA', labelNames: [PL] as const, help: 'Nominal number of execution seats configured for each priority level' }),
      lower: r.gauge({ name: n('lower_limit_seats'), labelNames: [PL] as const, help: 'Configured lower bound on number of execution seats available to each priority level' }),
      upper: r.gauge({ name: n('upper_limit_seats'), labelNames: [PL] as const, help: 'Configured upper bound on number of execution seats available to each priority level' }),
      demandHwm: r.gauge({ name: n('demand_seats_high_watermark'), labelNames: [PL] as const, help: 'High watermark, over last adjustment period, of demand_seats' }),
      demandAvg: r.gauge({ name: n('demand_seats_average'), labelNames: [PL] as const, help: 'Time-weighted average, over last adjustment period, of demand_seats' }),
      demandStdev: r.gauge({ name: n('demand_seats_stdev'), labelNames: [PL] as const, help: 'Time-weighted standard deviation, over last adjustment period, of demand_seats' }),
      demandSmoothed: r.gauge({ name: n('demand_seats_smoothed'), labelNames: [PL] as const, help: 'Smoothed seat demands' }),
      target: r.gauge({ name: n('target_seats'), labelNames: [PL] as const, help: 'Seat allocation targets' }),
      fairFrac: r.gauge({ name: n('seat_fair_frac'), help: "Fair fraction of server's concurrency to allocate to each priority level that can use it" }),
      current: r.gauge({ name: n('current_limit_seats'), labelNames: [PL] as const, help: 'current derived number of execution seats available to each priority level' }),
    };
  }

  rejected(pl: string, fs: string, reason: string): void {
    this.f.rejected.inc({ priority_level: pl, flow_schema: fs, reason });
  }

  dispatched(pl: string, fs: string): void {
    this.f.dispatched.inc({ priority_level: pl, flow_schema: fs });
  }

  waitingDelta(pl: string, fs: string, requests: number, seats: number): void {
    if (requests) this.f.inqueue.inc({ priority_level: pl, flow_schema: fs }, requests);
    if (seats) this.f.inqueueSeats.inc({ priority_level: pl, flow_schema: fs }, seats);
  }

  executingDelta(pl: string, fs: string, requests: number, seats: number): void {
    const labels = { priority_level: pl, flow_schema: fs };
    if (requests) this.f.executing.inc(labels, requests);
    if (seats) {
      this.f.executingSeats.inc(labels, seats);
      this.f.concurrencyInUse.inc(labels, seats);
    }
  }

  enqueued(pl: string, fs: string, queueLength: number): void {
    this.f.queueLength.observe({ priority_level: pl, flow_schema: fs }, queueLength);
  }

  /** ObserveWaitingDuration: execute is "true" for a dispatched request, "false" for a rejected one. */
  waited(pl: string, fs: string, execute: boolean, seconds: number): void {
    this.f.waitSeconds.observe({ priority_level: pl, flow_schema: fs, execute: String(execute) }, seconds);
  }

  /** ObserveExecutionDuration: type "watch" for a watch's initial stage, "regular" otherwise. */
  executed(pl: string, fs: string, watch: boolean, seconds: number): void {
    this.f.executionSeconds.observe({ priority_level: pl, flow_schema: fs, type: watch ? 'watch' : 'regular' }, seconds);
  }

  estimatedSeats(pl: string, fs: string, seats: number): void {
    this.f.estimatedSeats.observe({ priority_level: pl, flow_schema: fs }, seats);
  }

  /** SetPriorityLevelConfiguration. */
  limits(pl: string, nominalCL: number, minCL: number, maxCL: number): void {
    const labels = { priority_level: pl };
    this.f.concurrencyLimit.set(labels, nominalCL);
    this.f.nominal.set(labels, nominalCL);
    this.f.lower.set(labels, minCL);
    this.f.upper.set(labels, maxCL);
  }

  /** NotePriorityLevelConcurrencyAdjustment. */
  adjustment(pl: string, a: { highWatermark: number; avg: number; stdDev: number; smoothed: number; target?: number; currentCL: number }): void {
    const labels = { priority_level: pl };
    this.f.demandHwm.set(labels, a.highWatermark);
    this.f.demandAvg.set(labels, a.avg);
    this.f.demandStdev.set(labels, a.stdDev);
    this.f.demandSmoothed.set(labels, a.smoothed);
    if (a.target !== undefined) this.f.target.set(labels, a.target);
    this.f.current.set(labels, a.currentCL);
  }

  fairFrac(v: number): void {
    this.f.fairFrac.set(v);
  }

  /** One sample's value (tests, debugging). */
  value(name: string, labels: Record<string, string>): Promise<number | undefined> {
    return this.registry.value(name, labels);
  }
}
