// The fair-queuing core of one priority level: a pure data structure driven by an
// injectable clock, shaped on upstream's queueset
// (k8s.io/apiserver/pkg/util/flowcontrol/fairqueuing/queueset/queueset.go).
//
// Virtual time R(t) advances at min(seats requested, concurrency limit) / active queues
// per second; each queue's next dispatch R grows by the work (seat-seconds) it dispatches,
// and the queue whose oldest request would finish first in virtual time goes next. Work
// is estimated at dispatch and corrected by the actual service time at finish.

import { Dealer } from './shuffle-sharding.js';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Run fn after ms (for seats held beyond the request: watch fan-out after a write). */
  after(ms: number, fn: () => void): void;
}

export const realClock: Clock = {
  now: () => performance.now(),
  after: (ms, fn) => void setTimeout(fn, ms).unref(),
};

export interface WorkEstimate {
  initialSeats: number;
  finalSeats: number;
  additionalLatencyMs: number;
}

export const maxSeatsOf = (w: WorkEstimate): number => Math.max(w.initialSeats, w.finalSeats);

export interface QueuingConfig {
  name: string;
  /** Queues wanted; 0 rejects instead of queuing; -1 is an exempt level (never limited). */
  desiredNumQueues: number;
  queueLengthLimit: number;
  handSize: number;
}

export type RejectReason = 'queue-full' | 'concurrency-limit';

/** The service time assumed when a request is dispatched, corrected when it finishes (upstream: 3ms). */
const ESTIMATED_SERVICE_SECONDS = 0.003;

interface Queue<D = unknown> {
  index: number;
  waiting: QueuedRequest<D>[];
  executing: Set<QueuedRequest<D>>;
  seatsInUse: number;
  nextDispatchR: number;
}

export interface QueueSum {
  initialSeatsSum: number;
  maxSeatsSum: number;
  totalWorkSum: number;
}

function queueSum<D>(q: Queue<D>): QueueSum {
  const s = { initialSeatsSum: 0, maxSeatsSum: 0, totalWorkSum: 0 };
  for (const r of q.waiting) {
    s.initialSeatsSum += r.work.initialSeats;
    s.maxSeatsSum += r.maxSeats;
    s.totalWorkSum += r.totalWork;
  }
  return s;
}

export type Decision = 'waiting' | 'execute' | 'cancel';

export class QueuedRequest<D = unknown> {
  decision: Decision = 'waiting';
  startMs = 0;
  /** Resolves true when dispatched, false when cancelled while waiting. */
  readonly decided: Promise<boolean>;
  private resolveDecided!: (execute: boolean) => void;
  readonly maxSeats: number;
  readonly totalWork: number;
  readonly finalWork: number;

  constructor(
    private readonly qs: QueueSet<D>,
    readonly work: WorkEstimate,
    readonly fsName: string,
    readonly flowDistinguisher: string,
    readonly descr: D,
    readonly arrivalMs: number,
    public arrivalR: number,
    readonly queue: Queue<D> | undefined,
  ) {
    this.decided = new Promise((r) => (this.resolveDecided = r));
    this.maxSeats = maxSeatsOf(work);
    this.finalWork = work.finalSeats * (work.additionalLatencyMs / 1000);
    this.totalWork = work.initialSeats * ESTIMATED_SERVICE_SECONDS + this.finalWork;
  }

  /** @internal */
  decide(d: 'execute' | 'cancel'): void {
    this.decision = d;
    this.resolveDecided(d === 'execute');
  }

  /** Give up waiting (the wait deadline passed, or the client went away). True if it was still waiting. */
  cancel(reason: 'time-out' | 'cancelled'): boolean {
    return this.qs.cancelWaiting(this, reason);
  }

  /** The request's execution ended: release its seats (final seats linger for additionalLatency). */
  finish(): void {
    this.qs.finishRequest(this);
  }
}

export interface QueueSetObserver {
  /** Seats in use plus seats waiting changed (the seat-demand integrator). */
  seatDemand?(seats: number): void;
  rejected?(fsName: string, reason: RejectReason | 'time-out' | 'cancelled'): void;
  dispatched?(fsName: string): void;
  waitingDelta?(fsName: string, delta: number, seats: number): void;
  /** A request joined a queue that is now this long. */
  enqueued?(fsName: string, queueLength: number): void;
  executingDelta?(fsName: string, requests: number, seats: number): void;
}

export interface QueueSetDump<D> {
  queues: { index: number; waiting: QueuedRequest<D>[]; executing: QueuedRequest<D>[]; seatsInUse: number; nextDispatchR: number; sum: QueueSum }[];
  queuelessExecuting: QueuedRequest<D>[];
  waiting: number;
  executing: number;
  seatsInUse: number;
  seatsWaiting: number;
  dispatched: number;
  rejected: number;
  timedout: number;
  cancelled: number;
}

export class QueueSet<D = unknown> {
  private queues: Queue<D>[] = [];
  private currentR = 0;
  private lastRealMs: number;
  private robinIndex = -1;
  private enqueues = 0;
  private dealer: Dealer | undefined;
  private readonly queueless = new Set<QueuedRequest<D>>();
  totRequestsWaiting = 0;
  totSeatsWaiting = 0;
  totRequestsExecuting = 0;
  totSeatsInUse = 0;
  totDispatched = 0;
  totRejected = 0;
  totTimedout = 0;
  totCancelled = 0;
  private qCfg!: QueuingConfig;
  private concurrencyLimit = 0;

  constructor(
    private readonly clock: Clock,
    qCfg: QueuingConfig,
    concurrencyLimit: number,
    private readonly observer: QueueSetObserver = {},
  ) {
    this.lastRealMs = clock.now();
    this.setConfiguration(qCfg, concurrencyLimit);
  }

  get config(): Readonly<QueuingConfig> {
    return this.qCfg;
  }

  get limit(): number {
    return this.concurrencyLimit;
  }

  get virtualTime(): number {
    this.syncTime();
    return this.currentR;
  }

  /** Validates the queuing config as upstream's checkConfig (throws on a bad shuffle-sharding config). */
  static checkConfig(qCfg: QueuingConfig): Dealer | undefined {
    if (qCfg.desiredNumQueues <= 0) return undefined;
    try {
      return Dealer.create(qCfg.desiredNumQueues, qCfg.handSize);
    } catch (e) {
      throw new Error(`the QueueSetConfig implies an invalid shuffle sharding config (DesiredNumQueues is deckSize): ${(e as Error).message}`);
    }
  }

  setConfiguration(qCfg: QueuingConfig, concurrencyLimit: number): void {
    const dealer = QueueSet.checkConfig(qCfg);
    this.syncTime();
    if (qCfg.desiredNumQueues > 0) {
      for (let i = this.queues.length; i < qCfg.desiredNumQueues; i++) {
        this.queues.push({ index: i, waiting: [], executing: new Set(), seatsInUse: 0, nextDispatchR: 0 });
      }
    } else if (this.qCfg) {
      qCfg = { ...qCfg, queueLengthLimit: this.qCfg.queueLengthLimit, handSize: this.qCfg.handSize };
    }
    this.qCfg = qCfg;
    this.dealer = dealer;
    this.concurrencyLimit = concurrencyLimit;
    this.dispatchAsMuchAsPossible();
  }

  isIdle(): boolean {
    return this.totRequestsWaiting === 0 && this.totRequestsExecuting === 0;
  }

  /** A request arrives: dispatched at once, queued, or rejected. */
  startRequest(work: WorkEstimate, hashValue: bigint, flowDistinguisher: string, fsName: string, descr: D): QueuedRequest<D> | RejectReason {
    this.syncTime();
    const now = this.clock.now();
    if (this.qCfg.desiredNumQueues < 1) {
      if (!this.canAccommodateSeats(maxSeatsOf(work))) {
        this.totRejected++;
        this.observer.rejected?.(fsName, 'concurrency-limit');
        return 'concurrency-limit';
      }
      const req = new QueuedRequest<D>(this, work, fsName, flowDistinguisher, descr, now, this.currentR, undefined);
      req.startMs = now;
      req.decide('execute');
      this.totDispatched++;
      this.totRequestsExecuting++;
      this.totSeatsInUse += req.maxSeats;
      this.queueless.add(req);
      this.observer.dispatched?.(fsName);
      this.observer.executingDelta?.(fsName, 1, req.maxSeats);
      this.noteSeatDemand();
      return req;
    }
    const queue = this.queues[this.shuffleShard(hashValue)]!;
    const req = new QueuedRequest<D>(this, work, fsName, flowDistinguisher, descr, now, this.currentR, queue);
    if (this.totSeatsInUse >= this.concurrencyLimit && queue.waiting.length >= this.qCfg.queueLengthLimit) {
      this.totRejected++;
      this.observer.rejected?.(fsName, 'queue-full');
      return 'queue-full';
    }
    if (queue.waiting.length === 0 && queue.executing.size === 0) queue.nextDispatchR = this.currentR;
    queue.waiting.push(req);
    this.totRequestsWaiting++;
    this.totSeatsWaiting += req.maxSeats;
    this.observer.waitingDelta?.(fsName, 1, req.maxSeats);
    this.observer.enqueued?.(fsName, queue.waiting.length);
    this.noteSeatDemand();
    this.boundNextDispatch(queue);
    this.dispatchAsMuchAsPossible();
    return req;
  }

  /** Among the hand's queues, the one holding the least waiting work (ties: first from a rotating offset). */
  private shuffleShard(hashValue: bigint): number {
    const hand = this.dealer!.deal(hashValue);
    const offset = this.enqueues++ % hand.length;
    let best = -1;
    let min = Infinity;
    for (let i = 0; i < hand.length; i++) {
      const idx = hand[(offset + i) % hand.length]!;
      const work = queueSum(this.queues[idx]!).totalWorkSum;
      if (work < min) {
        min = work;
        best = idx;
      }
    }
    return best;
  }

  private syncTime(): void {
    const now = this.clock.now();
    const dt = (now - this.lastRealMs) / 1000;
    this.lastRealMs = now;
    if (dt > 0) this.currentR += this.virtualTimeRatio() * dt;
  }

  private virtualTimeRatio(): number {
    let active = 0;
    let seatsRequested = 0;
    for (const q of this.queues) {
      if (q.waiting.length === 0 && q.executing.size === 0) continue;
      active++;
      seatsRequested += q.seatsInUse;
      for (const r of q.waiting) seatsRequested += r.maxSeats;
    }
    if (active === 0) return 0;
    return Math.min(seatsRequested, this.concurrencyLimit) / active;
  }

  private canAccommodateSeats(seats: number): boolean {
    if (this.qCfg.desiredNumQueues < 0) return true;
    if (seats > this.concurrencyLimit) return this.totRequestsExecuting === 0;
    return this.totSeatsInUse + seats <= this.concurrencyLimit;
  }

  private dispatchAsMuchAsPossible(): void {
    while (this.totRequestsWaiting !== 0 && this.totSeatsInUse < this.concurrencyLimit && this.dispatchOne()) {
      /* keep dispatching */
    }
  }

  /** The queue whose oldest waiting request has the smallest virtual finish time, scanned round-robin. */
  private dispatchOne(): boolean {
    let minFinish = Infinity;
    let minQueue: Queue<D> | undefined;
    let minIndex = 0;
    const nq = this.queues.length;
    for (let k = 0; k < nq; k++) {
      this.robinIndex = (this.robinIndex + 1) % nq;
      const q = this.queues[this.robinIndex]!;
      const oldest = q.waiting[0];
      if (!oldest) continue;
      const finish = q.nextDispatchR + oldest.totalWork;
      if (finish < minFinish) {
        minFinish = finish;
        minQueue = q;
        minIndex = this.robinIndex;
      }
    }
    if (!minQueue) return false;
    const req = minQueue.waiting[0]!;
    if (!this.canAccommodateSeats(req.maxSeats)) return false;
    minQueue.waiting.shift();
    this.robinIndex = minIndex;
    this.totRequestsWaiting--;
    this.totSeatsWaiting -= req.maxSeats;
    this.observer.waitingDelta?.(req.fsName, -1, -req.maxSeats);
    req.startMs = this.clock.now();
    req.decide('execute');
    this.totDispatched++;
    this.totRequestsExecuting++;
    this.totSeatsInUse += req.maxSeats;
    minQueue.executing.add(req);
    minQueue.seatsInUse += req.maxSeats;
    this.observer.dispatched?.(req.fsName);
    this.observer.executingDelta?.(req.fsName, 1, req.maxSeats);
    this.noteSeatDemand();
    minQueue.nextDispatchR += req.totalWork;
    this.boundNextDispatch(minQueue);
    return true;
  }

  /** Anti-windup: a queue's next dispatch R is never behind its oldest request's arrival R. */
  private boundNextDispatch(q: Queue<D>): void {
    const oldest = q.waiting[0];
    if (oldest && q.nextDispatchR < oldest.arrivalR) q.nextDispatchR = oldest.arrivalR;
  }

  /** @internal */
  cancelWaiting(req: QueuedRequest<D>, reason: 'time-out' | 'cancelled'): boolean {
    if (req.decision !== 'waiting') return false;
    this.syncTime();
    req.decide('cancel');
    const q = req.queue!;
    const i = q.waiting.indexOf(req);
    if (i >= 0) q.waiting.splice(i, 1);
    this.totRequestsWaiting--;
    this.totSeatsWaiting -= req.maxSeats;
    this.totRejected++;
    if (reason === 'time-out') this.totTimedout++;
    else this.totCancelled++;
    this.observer.waitingDelta?.(req.fsName, -1, -req.maxSeats);
    this.observer.rejected?.(req.fsName, reason);
    this.noteSeatDemand();
    this.boundNextDispatch(q);
    this.removeQueueIfSurplus(q);
    return true;
  }

  /** @internal */
  finishRequest(req: QueuedRequest<D>): void {
    if (req.decision !== 'execute') return;
    req.decision = 'cancel'; // finished: a second finish() is a no-op
    this.syncTime();
    const now = this.clock.now();
    this.totRequestsExecuting--;
    const release = () => {
      this.totSeatsInUse -= req.maxSeats;
      if (req.queue) {
        req.queue.seatsInUse -= req.maxSeats;
        this.removeQueueIfSurplus(req.queue);
      }
      this.observer.executingDelta?.(req.fsName, 0, -req.maxSeats);
      this.noteSeatDemand();
    };
    this.observer.executingDelta?.(req.fsName, -1, 0);
    if (req.queue) {
      req.queue.executing.delete(req);
      const actualSeconds = (now - req.startMs) / 1000;
      req.queue.nextDispatchR -= req.work.initialSeats * (ESTIMATED_SERVICE_SECONDS - actualSeconds);
      this.boundNextDispatch(req.queue);
    } else {
      this.queueless.delete(req);
    }
    if (req.work.additionalLatencyMs <= 0) {
      release();
      this.dispatchAsMuchAsPossible();
      return;
    }
    this.clock.after(req.work.additionalLatencyMs, () => {
      this.syncTime();
      release();
      this.dispatchAsMuchAsPossible();
    });
  }

  /** Queues beyond a reduced desired number go away once empty. */
  private removeQueueIfSurplus(q: Queue<D>): void {
    if (this.queues.length <= this.qCfg.desiredNumQueues || q.waiting.length || q.executing.size || q.seatsInUse) return;
    const i = this.queues.indexOf(q);
    if (i < 0) return;
    this.queues.splice(i, 1);
    for (let k = i; k < this.queues.length; k++) this.queues[k]!.index--;
    if (this.robinIndex >= i) this.robinIndex--;
  }

  private noteSeatDemand(): void {
    this.observer.seatDemand?.(this.totSeatsInUse + this.totSeatsWaiting);
  }

  dump(): QueueSetDump<D> {
    this.syncTime();
    return {
      queues: this.queues.map((q) => ({ index: q.index, waiting: [...q.waiting], executing: [...q.executing], seatsInUse: q.seatsInUse, nextDispatchR: q.nextDispatchR, sum: queueSum(q) })),
      queuelessExecuting: [...this.queueless],
      waiting: this.totRequestsWaiting,
      executing: this.totRequestsExecuting,
      seatsInUse: this.totSeatsInUse,
      seatsWaiting: this.totSeatsWaiting,
      dispatched: this.totDispatched,
      rejected: this.totRejected,
      timedout: this.totTimedout,
      cancelled: this.totCancelled,
    };
  }
}

/** Seat-seconds as upstream prints them: 8 decimals and "ss". */
export function formatSeatSeconds(ss: number): string {
  return `${Math.max(0, ss).toFixed(8)}ss`;
}
