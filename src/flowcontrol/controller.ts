// The API Priority and Fairness state of one server: the priority levels with their
// queue sets and concurrency limits, the FlowSchemas in matching order, classification,
// and the periodic seat borrowing between levels. Pure with respect to storage: it is fed
// the configuration objects and says which FlowSchema statuses need writing
// (upstream k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go).

import type { Obj } from '../types/kind.js';
import { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS } from './bootstrap.js';
import { computeConcurrencyAllocation, type AllocProblemItem } from './conc-alloc.js';
import { Integrator } from './integrator.js';
import { compareFlowSchemas, flowDistinguisher, hashFlowId, matchesFlowSchema, type RequestDigest } from './match.js';
import { FlowControlMetrics } from './metrics.js';
import { QueueSet, realClock, type Clock, type QueuedRequest, type QueuingConfig, type RejectReason, type WorkEstimate } from './queueset.js';

/** Upstream: seat demand statistics are folded into the limits every 10 s. */
export const BORROWING_ADJUSTMENT_PERIOD_MS = 10_000;
const SEAT_DEMAND_SMOOTHING_COEFFICIENT = 0.977;
const PRIORITY_LEVEL_MAX_SEATS_PERCENT = 0.15;

export interface RequestMeta {
  digest: RequestDigest;
  arriveTime: Date;
}

interface SeatDemandStats {
  avg: number;
  stdDev: number;
  highWatermark: number;
  smoothed: number;
}

export interface PriorityLevelState {
  pl: Obj;
  name: string;
  exempt: boolean;
  queues: QueueSet<RequestMeta>;
  integrator: Integrator;
  stats: SeatDemandStats;
  nominalCL: number;
  minCL: number;
  maxCL: number;
  currentCL: number;
  /** Work-estimator cap on seats for one request (0: none). */
  maxSeats: number;
  quiescing: boolean;
}

export interface FlowSchemaStatusUpdate {
  name: string;
  condition: { type: 'Dangling'; status: 'True' | 'False'; lastTransitionTime: string; reason: string; message: string };
}

export interface Classification {
  fs: Obj;
  pl: PriorityLevelState;
  flowDistinguisher: string;
}

/** The limits a configured priority level derives from the server's concurrency limit. */
export function concurrencyLimits(serverCL: number, shares: number, shareSum: number, lendablePercent: number | undefined, borrowingLimitPercent: number | undefined) {
  const nominalCL = Math.ceil((serverCL * shares) / shareSum);
  const lendableCL = lendablePercent !== undefined ? Math.round((nominalCL * lendablePercent) / 100) : 0;
  const borrowingCL = borrowingLimitPercent !== undefined ? Math.round((nominalCL * borrowingLimitPercent) / 100) : serverCL;
  return { nominalCL, lendableCL, borrowingCL, minCL: nominalCL - lendableCL, maxCL: nominalCL + borrowingCL };
}

interface PlSpec {
  type?: string;
  limited?: { nominalConcurrencyShares?: number; lendablePercent?: number; borrowingLimitPercent?: number; limitResponse?: { type?: string; queuing?: { queues?: number; handSize?: number; queueLengthLimit?: number } } };
  exempt?: { nominalConcurrencyShares?: number; lendablePercent?: number };
}

function specOf(pl: Obj): PlSpec {
  return (pl.spec ?? {}) as PlSpec;
}

/** NominalConcurrencyShares, LendablePercent, BorrowingLimitPercent (upstream plSpecCommons). */
function specCommons(pl: Obj): { shares: number; lendable?: number; borrowing?: number } {
  const s = specOf(pl);
  if (s.limited) return { shares: s.limited.nominalConcurrencyShares ?? 30, lendable: s.limited.lendablePercent ?? 0, borrowing: s.limited.borrowingLimitPercent };
  return { shares: s.exempt?.nominalConcurrencyShares ?? 0, lendable: s.exempt?.lendablePercent ?? 0 };
}

/** The queuing config for a level, or an error for a spec this package cannot work with. */
export function queuingConfigFor(pl: Obj): QueuingConfig {
  const name = String(pl.metadata?.name ?? '');
  const s = specOf(pl);
  if ((s.type === 'Limited') !== !!s.limited) throw new Error('broken union structure at the top, for Limited');
  if ((s.type === 'Exempt') !== !!s.exempt) throw new Error('broken union structure at the top, for Exempt');
  if ((s.type === 'Exempt') !== (name === 'exempt')) throw new Error('non-alignment between name and type');
  if (!s.limited) return { name, desiredNumQueues: -1, queueLengthLimit: 0, handSize: 0 };
  const lr = s.limited.limitResponse ?? {};
  if ((lr.type === 'Reject') !== !lr.queuing) throw new Error('broken union structure for limit response');
  if (!lr.queuing) return { name, desiredNumQueues: 0, queueLengthLimit: 0, handSize: 0 };
  const cfg = { name, desiredNumQueues: lr.queuing.queues ?? 64, queueLengthLimit: lr.queuing.queueLengthLimit ?? 50, handSize: lr.queuing.handSize ?? 8 };
  QueueSet.checkConfig(cfg);
  return cfg;
}

export class FlowControl {
  private plStates = new Map<string, PriorityLevelState>();
  private flowSchemas: Obj[] = [];
  private nominalCLSum = 0;
  /** Last statuses this server computed, so that each is written once. */
  private readonly clock: Clock;
  readonly metrics: FlowControlMetrics;

  constructor(
    readonly serverConcurrencyLimit: number,
    opts: { clock?: Clock; metrics?: FlowControlMetrics; now?: () => Date } = {},
  ) {
    this.clock = opts.clock ?? realClock;
    this.metrics = opts.metrics ?? new FlowControlMetrics();
    this.now = opts.now ?? (() => new Date());
    // Until the first configuration arrives, the mandatory objects govern.
    this.digest([], []);
  }

  private readonly now: () => Date;

  get priorityLevels(): ReadonlyMap<string, PriorityLevelState> {
    return this.plStates;
  }

  get schemas(): readonly Obj[] {
    return this.flowSchemas;
  }

  /** Apply a new configuration; returns the FlowSchema status conditions that differ from what is stored. */
  digest(pls: readonly Obj[], fss: readonly Obj[]): FlowSchemaStatusUpdate[] {
    const newStates = new Map<string, PriorityLevelState>();
    let shareSum = 0;
    let haveExempt = false;
    let haveCatchAll = false;
    const adopt = (pl: Obj): boolean => {
      const name = String(pl.metadata?.name ?? '');
      let qCfg: QueuingConfig;
      try {
        qCfg = queuingConfigFor(pl);
      } catch {
        return false; // a malformed level is ignored, as upstream's digestNewPLsLocked does
      }
      let state = this.plStates.get(name);
      if (state && state.exempt !== (qCfg.desiredNumQueues < 0)) state = undefined;
      if (state) {
        state.pl = pl;
        state.quiescing = false;
        state.queues.setConfiguration(qCfg, state.currentCL);
      } else {
        state = this.newState(pl, qCfg);
      }
      newStates.set(name, state);
      shareSum += specCommons(pl).shares;
      haveExempt ||= name === 'exempt';
      haveCatchAll ||= name === 'catch-all';
      return true;
    };
    for (const pl of pls) adopt(pl);
    // Levels that went away: mandatory ones are imagined, busy ones drain (quiescing), idle ones go.
    for (const [name, state] of this.plStates) {
      if (newStates.has(name)) continue;
      if ((name === 'exempt' && !haveExempt) || (name === 'catch-all' && !haveCatchAll)) continue;
      if (state.queues.isIdle()) continue;
      state.quiescing = true;
      newStates.set(name, state);
      shareSum += specCommons(state.pl).shares;
    }
    for (const proto of MANDATORY_PRIORITY_LEVELS) {
      const name = String(proto.metadata.name);
      if (newStates.has(name)) continue;
      const state = this.plStates.get(name);
      if (state && !state.quiescing && state.pl === proto) {
        newStates.set(name, state);
      } else {
        newStates.set(name, this.newState(proto, queuingConfigFor(proto)));
      }
      shareSum += specCommons(proto).shares;
    }
    this.plStates = newStates;
    this.finishReconfigs(shareSum);
    return this.digestFlowSchemas(fss);
  }

  private newState(pl: Obj, qCfg: QueuingConfig): PriorityLevelState {
    const name = String(pl.metadata?.name ?? '');
    const integrator = new Integrator(() => this.clock.now());
    const metrics = this.metrics;
    const queues = new QueueSet<RequestMeta>(this.clock, qCfg, 0, {
      seatDemand: (s) => integrator.set(s),
      dispatched: (fs) => metrics.dispatched(name, fs),
      rejected: (fs, reason) => metrics.rejected(name, fs, reason),
      waitingDelta: (fs, d, seats) => metrics.waitingDelta(name, fs, d, seats),
      executingDelta: (fs, reqs, seats) => metrics.executingDelta(name, fs, reqs, seats),
      enqueued: (fs, length) => metrics.enqueued(name, fs, length),
    });
    return {
      pl, name, exempt: qCfg.desiredNumQueues < 0, queues, integrator,
      stats: { avg: 0, stdDev: 0, highWatermark: 0, smoothed: 0 },
      nominalCL: 0, minCL: 0, maxCL: 0, currentCL: -1, maxSeats: 0, quiescing: false,
    };
  }

  /** Divide the server's concurrency limit among the levels by their shares (upstream finishQueueSetReconfigsLocked). */
  private finishReconfigs(shareSum: number): void {
    let sum = 0;
    for (const [name, st] of this.plStates) {
      const c = specCommons(st.pl);
      const lim = shareSum > 0 ? concurrencyLimits(this.serverConcurrencyLimit, c.shares, shareSum, c.lendable, c.borrowing) : { nominalCL: 0, lendableCL: 0, minCL: 0, maxCL: 0 };
      st.nominalCL = lim.nominalCL;
      st.minCL = lim.minCL;
      st.maxCL = lim.maxCL;
      sum += lim.nominalCL;
      this.metrics.limits(name, lim.nominalCL, lim.minCL, lim.maxCL);
      const qCfg = st.queues.config;
      st.maxSeats = qCfg.desiredNumQueues > 0
        ? Math.max(1, Math.min(Math.ceil(lim.nominalCL * PRIORITY_LEVEL_MAX_SEATS_PERCENT), Math.trunc(lim.nominalCL / qCfg.handSize)))
        : 0;
      if (st.currentCL < 0) {
        st.currentCL = lim.nominalCL - Math.trunc(lim.lendableCL / 2);
        st.stats = { avg: 0, stdDev: 0, highWatermark: 0, smoothed: 0 };
      }
    }
    this.nominalCLSum = sum;
    this.updateBorrowing();
  }

  /** Fold the last period's seat demand into each level's current limit (upstream updateBorrowingLocked). */
  updateBorrowing(): void {
    const items: AllocProblemItem[] = [];
    const nonExempt: PriorityLevelState[] = [];
    const minCurrent = new Map<PriorityLevelState, number>();
    let minCLSum = 0;
    let minCurrentCLSum = 0;
    let remaining = this.nominalCLSum;
    for (const st of this.plStates.values()) {
      const obs = st.integrator.reset();
      st.stats.highWatermark = Math.round(obs.max);
      if (obs.duration > 0) {
        const dev = Number.isNaN(obs.deviation) ? 0 : obs.deviation;
        st.stats.avg = obs.average;
        st.stats.stdDev = dev;
        const envelope = obs.average + dev;
        st.stats.smoothed = Math.max(envelope, SEAT_DEMAND_SMOOTHING_COEFFICIENT * st.stats.smoothed + (1 - SEAT_DEMAND_SMOOTHING_COEFFICIENT) * envelope);
      }
      if (st.exempt) {
        const m = Math.max(st.minCL, st.stats.highWatermark);
        minCurrent.set(st, m);
        remaining -= m;
      } else {
        const m = Math.max(st.minCL, Math.min(st.nominalCL, st.stats.highWatermark));
        minCurrent.set(st, m);
        nonExempt.push(st);
        items.push({ lowerBound: m, upperBound: st.maxCL, target: Math.max(m, st.stats.smoothed) });
        minCLSum += st.minCL;
        minCurrentCLSum += m;
      }
    }
    if (items.length === 0) return;
    let allocs: number[] | undefined;
    let shareFrac = 0;
    let fairFrac = 0;
    if (remaining <= minCLSum) {
      // every level gets its minimum
    } else if (remaining <= minCurrentCLSum) {
      shareFrac = (remaining - minCLSum) / (minCurrentCLSum - minCLSum);
    } else {
      try {
        const r = computeConcurrencyAllocation(this.nominalCLSum, items);
        allocs = r.allocs;
        fairFrac = r.fairProp;
      } catch {
        allocs = nonExempt.map((st) => st.currentCL);
      }
    }
    this.metrics.fairFrac(fairFrac);
    for (const st of this.plStates.values()) {
      let currentCL: number;
      const idx = nonExempt.indexOf(st);
      if (st.exempt) currentCL = minCurrent.get(st)!;
      else if (remaining <= minCLSum) currentCL = st.minCL;
      else if (remaining <= minCurrentCLSum) currentCL = st.minCL + Math.round((minCurrent.get(st)! - st.minCL) * shareFrac);
      else currentCL = Math.round(allocs![idx]!);
      st.currentCL = currentCL;
      this.metrics.adjustment(st.name, { ...st.stats, target: idx >= 0 ? items[idx]!.target : undefined, currentCL });
      st.queues.setConfiguration(st.queues.config, currentCL);
    }
  }

  private digestFlowSchemas(fss: readonly Obj[]): FlowSchemaStatusUpdate[] {
    const updates: FlowSchemaStatusUpdate[] = [];
    const seq: Obj[] = [];
    let haveExempt = false;
    let haveCatchAll = false;
    for (const fs of fss) {
      const name = String(fs.metadata?.name ?? '');
      const plName = String((fs.spec as { priorityLevelConfiguration?: { name?: string } })?.priorityLevelConfiguration?.name ?? '');
      const good = this.plStates.has(plName) && !this.plStates.get(plName)!.quiescing;
      const u = this.danglingUpdate(fs, !good, plName);
      if (u) updates.push(u);
      if (!good) continue;
      seq.push(fs);
      haveExempt ||= name === 'exempt';
      haveCatchAll ||= name === 'catch-all';
    }
    seq.sort(compareFlowSchemas);
    if (!haveExempt) seq.unshift(MANDATORY_FLOW_SCHEMAS.find((f) => f.metadata.name === 'exempt')!);
    if (!haveCatchAll) seq.push(MANDATORY_FLOW_SCHEMAS.find((f) => f.metadata.name === 'catch-all')!);
    this.flowSchemas = seq;
    return updates;
  }

  /** The Dangling condition a FlowSchema should carry, if it differs from its status (upstream presyncFlowSchemaStatus). */
  private danglingUpdate(fs: Obj, dangling: boolean, plName: string): FlowSchemaStatusUpdate | undefined {
    const conds = ((fs.status as { conditions?: { type?: string; status?: string; reason?: string; message?: string }[] } | undefined)?.conditions ?? []);
    const cur = conds.find((c) => c.type === 'Dangling');
    const status = dangling ? 'True' : 'False';
    const reason = dangling ? 'NotFound' : 'Found';
    const message = dangling
      ? `This FlowSchema references the PriorityLevelConfiguration object named "${plName}" but there is no such object`
      : `This FlowSchema references the PriorityLevelConfiguration object named "${plName}" and it exists`;
    if (cur && cur.status === status && cur.reason === reason && cur.message === message) return undefined;
    const lastTransitionTime = this.now().toISOString().replace(/\.\d+Z$/, 'Z');
    return { name: String(fs.metadata?.name ?? ''), condition: { type: 'Dangling', status, lastTransitionTime, reason, message } };
  }

  /** The FlowSchema and priority level a request belongs to (upstream startRequest's matching loop). */
  classify(d: RequestDigest): Classification {
    let selected: Obj | undefined;
    let catchAll: Obj | undefined;
    for (const fs of this.flowSchemas) {
      if (matchesFlowSchema(d, fs)) {
        selected = fs;
        break;
      }
      if (fs.metadata?.name === 'catch-all') catchAll = fs;
    }
    const fs = selected ?? catchAll ?? this.flowSchemas[this.flowSchemas.length - 1]!;
    const plName = String((fs.spec as { priorityLevelConfiguration: { name: string } }).priorityLevelConfiguration.name);
    const pl = this.plStates.get(plName) ?? this.plStates.get('catch-all')!;
    const qCfg = pl.queues.config;
    const distinguisher = !pl.exempt && qCfg.desiredNumQueues > 1 ? flowDistinguisher(d, fs) : '';
    return { fs, pl, flowDistinguisher: distinguisher };
  }

  /** Enqueue a classified request: dispatched at once, waiting, or rejected. */
  startRequest(c: Classification, work: WorkEstimate, meta: RequestMeta): QueuedRequest<RequestMeta> | RejectReason {
    const fsName = String(c.fs.metadata?.name ?? '');
    const qCfg = c.pl.queues.config;
    const hash = !c.pl.exempt && qCfg.desiredNumQueues > 1 ? hashFlowId(fsName, c.flowDistinguisher) : 0n;
    const r = c.pl.queues.startRequest(work, hash, c.flowDistinguisher, fsName, meta);
    if (typeof r !== 'string' || !c.pl.quiescing) return r;
    return r;
  }

  maxSeatsFor(priorityLevel: string): number {
    return this.plStates.get(priorityLevel)?.maxSeats ?? 0;
  }
}
