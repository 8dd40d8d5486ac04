// Leader election over a coordination.k8s.io/v1 Lease, with client-go's algorithm
// and kube-controller-manager's timings: only the holder runs the controllers, and
// another replica takes over once the lease has not been renewed for its duration.

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { StatusError } from '../apimachinery/errors.js';
import { clone } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';

export interface LeaderElectionOptions {
  namespace?: string;
  name?: string;
  identity?: string;
  /** kube-controller-manager defaults: 15s, 10s, 2s. */
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  onStartedLeading(): Promise<void> | void;
  onStoppedLeading(): void;
}

/** metav1.MicroTime as JSON: RFC 3339 with microseconds. */
function microTime(d = new Date()): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** client-go's JitterFactor for the acquire loop: a candidate retries after retryPeriod * [1, 2.2). */
const JITTER_FACTOR = 1.2;

export class LeaderElector {
  readonly identity: string;
  private leading = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  /** Fires renewDeadline after the start of the last successful renewal: the leader then stops leading. */
  private deadlineTimer: NodeJS.Timeout | null = null;
  /** The attempt in flight, so stop() can wait for it. */
  private inflight: Promise<void> | null = null;
  private readonly scope: Scope;
  private readonly name: string;
  private readonly leaseMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryMs: number;
  /** The lease as last observed, and when we observed it changing (our clock, as client-go does). */
  private observed: { record: string; at: number } | null = null;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    private readonly opts: LeaderElectionOptions,
  ) {
    const served = registry.catalog.lookup('coordination.k8s.io', 'v1', 'leases');
    if (!served) throw new Error('coordination.k8s.io/v1 leases must be served for leader election');
    this.scope = { served, namespace: opts.namespace ?? 'kube-system' };
    this.name = opts.name ?? 'kube-controller-manager';
    this.identity = opts.identity ?? `${hostname()}_${randomUUID()}`;
    this.leaseMs = opts.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = opts.renewDeadlineMs ?? 10_000;
    this.retryMs = opts.retryPeriodMs ?? 2_000;
    // client-go refuses these; a leader could otherwise still act after another took over.
    if (this.leaseMs <= this.renewDeadlineMs) throw new Error('leaseDuration must be greater than renewDeadline');
    if (this.renewDeadlineMs <= this.retryMs * JITTER_FACTOR) throw new Error('renewDeadline must be greater than retryPeriod*JitterFactor');
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Start campaigning; resolves after the first attempt (and the controllers' start, if it won). */
  start(): Promise<void> {
    return this.tick();
  }

  /** Stop campaigning; a leader releases the lease so another replica takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inflight?.catch(() => undefined);
    if (this.leading) {
      this.loseLeadership('stopping');
      await this.release().catch(() => undefined);
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    // The leader renews every retry period; candidates retry with jitter, as client-go does.
    const delay = this.leading ? this.retryMs : this.retryMs * (1 + Math.random() * JITTER_FACTOR);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private tick(): Promise<void> {
    const run = this.attempt();
    this.inflight = run;
    return run.finally(() => {
      if (this.inflight === run) this.inflight = null;
      this.schedule();
    });
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    const started = Date.now();
    let acquired = false;
    try {
      acquired = await this.tryAcquireOrRenew();
    } catch (e) {
      this.log.v(2).info('leader election attempt failed', { lease: `${this.scope.namespace}/${this.name}`, err: String(e) });
    }
    if (!acquired) return;
    if (this.stopped) {
      // Won while shutting down: hand the lease back rather than leave it to expire.
      await this.release().catch(() => undefined);
      return;
    }
    // The renewal counts from when it started: it may have reached etcd at any point since.
    const remaining = started + this.renewDeadlineMs - Date.now();
    if (remaining <= 0) return;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(() => this.loseLeadership('failed to renew lease'), remaining);
    this.deadlineTimer.unref();
    if (!this.leading) {
      this.leading = true;
      this.log.info('successfully acquired lease', { lease: `${this.scope.namespace}/${this.name}`, identity: this.identity });
      // Renewals go on while the controllers start, as client-go runs OnStartedLeading in a
      // goroutine beside its renew loop: a start longer than the renew deadline (every
      // informer's initial state, on a loaded restart) must not cost the lease.
      this.schedule();
      try {
        await this.opts.onStartedLeading();
      } catch (e) {
        this.log.error('starting controllers failed', e);
      }
    }
  }

  /** Stops the controllers; called when the renew deadline passes without a successful renewal, even while an attempt hangs. */
  private loseLeadership(why: string): void {
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    if (!this.leading) return;
    this.leading = false;
    this.log.info(`${why}, stopping controllers`, { lease: `${this.scope.namespace}/${this.name}`, identity: this.identity });
    this.opts.onStoppedLeading();
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const now = new Date();
    let current: Obj | undefined;
    try {
      current = await this.registry.get(this.scope, this.name);
    } catch (e) {
      if (!(e instanceof StatusError && e.code === 404)) throw e;
    }
    const spec = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.round(this.leaseMs / 1000),
      acquireTime: microTime(now),
      renewTime: microTime(now),
      leaseTransitions: 0,
    };
    if (!current) {
      await this.registry.create(this.scope, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: this.name }, spec }, { dryRun: false });
      return true;
    }
    const s = current.spec ?? {};
    // Expiry is judged by when we saw the record change, not the holder's clock.
    const record = JSON.stringify([s.holderIdentity, s.renewTime, s.leaseTransitions, s.leaseDurationSeconds]);
    if (!this.observed || this.observed.record !== record) this.observed = { record, at: Date.now() };
    const held = s.holderIdentity && s.holderIdentity !== this.identity;
    const durationMs = (s.leaseDurationSeconds ?? 15) * 1000;
    if (held && this.observed.at + durationMs > Date.now()) return false;
    const next = clone(current);
    next.spec = {
      ...s,
      holderIdentity: this.identity,
      leaseDurationSeconds: spec.leaseDurationSeconds,
      renewTime: spec.renewTime,
      acquireTime: s.holderIdentity === this.identity ? s.acquireTime : spec.acquireTime,
      leaseTransitions: s.holderIdentity === this.identity ? (s.leaseTransitions ?? 0) : (s.leaseTransitions ?? 0) + 1,
    };
    await this.registry.update(this.scope, this.name, next, { dryRun: false });
    return true;
  }

  /** client-go's release: an empty holder and a one-second lease, so a candidate takes over at its next retry. */
  private async release(): Promise<void> {
    const cur = await this.registry.get(this.scope, this.name);
    if (cur.spec?.holderIdentity !== this.identity) return;
    const next = clone(cur);
    const now = microTime();
    next.spec = { ...next.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: now, acquireTime: now };
    await this.registry.update(this.scope, this.name, next, { dryRun: false });
  }
}
