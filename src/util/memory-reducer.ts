// Gives memory back to the operating system once the server goes quiet after a burst of work,
// as Go's scavenger does for kube-apiserver. Node never does it by itself here:
// - V8 collects its old generation only under allocation pressure, so after deletes the
//   objects' Buffers (and the pages of the V8 heap) stay until the next busy period;
// - glibc's malloc returns freed memory only from the top of its heap: the holes that deleted
//   objects, finished lists and closed connections leave below a live allocation stay
//   resident (bench/memory.ts: ~170 MiB after deleting 20,000 objects, until malloc_trim).
// - V8's young generation stays as large as the busiest moment made it (32 MiB committed
//   after a load, ~1.5 KiB per object at 20,000) until a collection made to reduce memory.
// V8's memory-pressure collection (a full GC that also shrinks the young generation; see
// native.ts) and then, once V8 has swept the dead array buffers, malloc_trim(0) (which
// madvises every free page of every arena away) run on a quiet tick of the event loop: at once
// when much was released or the RSS grew a lot since the last time, and otherwise once the process has stayed quiet a few ticks after any work
// (closed connections, a compaction and the like leave holes too). At most one reduction per
// quiet period, and at most one per minGapMs (a full GC of a large heap pauses the loop for tens
// of ms). Both are process-wide, so one reducer runs per process (the CLI's).
import type { EventLoopUtilization } from 'node:perf_hooks';
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { mallocTrim, v8MemoryPressure } from './native.js';

const MiB = 1024 * 1024;

let released = 0;
const reducers = new Set<() => void>();

/**
 * Something to give back during each reduction, between the GC and the trim (a SQLite
 * connection's page cache). Returns the unregistration.
 */
export function onReduce(fn: () => void): () => void {
  reducers.add(fn);
  return () => reducers.delete(fn);
}

/**
 * Object bytes the process stopped holding (watch cache entries and history dropped): a hint
 * that a full collection would free them. Process-wide, as the heap is.
 */
export function noteReleased(bytes: number): void {
  released += bytes;
}

export interface MemoryReducerOptions {
  /** How often the reducer looks (ms). */
  intervalMs?: number;
  /** Event loop utilization over one interval below which the process counts as quiet. */
  quietUtilization?: number;
  /** Released object bytes since the last reduction that make one worthwhile. */
  minReleasedBytes?: number;
  /** RSS growth since the last reduction that makes one worthwhile (transient lists, connections). */
  minGrowthBytes?: number;
  /** Quiet ticks in a row after which any work since the last reduction is worth one. */
  settleTicks?: number;
  /** Released bytes that count as work for a settled reduction (light churn alone is not). */
  minSettleReleasedBytes?: number;
  /** Shortest time between two reductions (ms). */
  minGapMs?: number;
  now?: () => number;
  /**
   * Wait between the GC and the trim (ms): V8 frees dead array buffers' memory on a background
   * thread after the GC returns, and a trim before that finds nothing to give back. 0: at once.
   */
  sweepWaitMs?: number;
  /** Process probes; the defaults are the real ones (tests give their own). */
  utilization?: () => number;
  rss?: () => number;
  /** Runs the collection, or has V8 run it on this thread within a few ms. */
  collect?: () => void;
  trim?: () => void;
  /** Told what each reduction did. */
  onReduced?: (r: { rssBefore: number; rssAfter: number; released: number; ms: number }) => void;
}

export class MemoryReducer {
  private timer: NodeJS.Timeout | null = null;
  private burstTimer: NodeJS.Timeout | null = null;
  private rssAfterLast: number;
  private quietTicks = 0;
  private lastAt = -Infinity;
  /** Some work (a busy tick, released bytes) happened since the last reduction. */
  private worked = false;
  /** The last tick reduced: the next interval holds that reduction's own pause, which is not work. */
  private reducedLastTick = false;
  private readonly opts: Required<Omit<MemoryReducerOptions, 'onReduced'>> & Pick<MemoryReducerOptions, 'onReduced'>;

  constructor(opts: MemoryReducerOptions = {}) {
    this.opts = {
      intervalMs: opts.intervalMs ?? 1000,
      quietUtilization: opts.quietUtilization ?? 0.1,
      minReleasedBytes: opts.minReleasedBytes ?? 16 * MiB,
      minGrowthBytes: opts.minGrowthBytes ?? 32 * MiB,
      settleTicks: opts.settleTicks ?? 5,
      minSettleReleasedBytes: opts.minSettleReleasedBytes ?? MiB,
      minGapMs: opts.minGapMs ?? 10_000,
      now: opts.now ?? (() => performance.now()),
      sweepWaitMs: opts.sweepWaitMs ?? 250,
      utilization: opts.utilization ?? loopUtilization(),
      rss: opts.rss ?? (() => process.memoryUsage.rss()),
      collect: opts.collect ?? onFirstUse(memoryReducingGc),
      trim: opts.trim ?? onFirstUse(() => mallocTrim() ?? (() => {})),
      onReduced: opts.onReduced,
    };
    this.rssAfterLast = this.opts.rss();
    released = 0;
  }

  start(): this {
    this.timer ??= setInterval(() => this.tick(), this.opts.intervalMs).unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.endBurst();
  }

  /** One look: reduces when the last interval was quiet and there is something to give back. */
  tick(): boolean {
    const o = this.opts;
    const busy = o.utilization() > o.quietUtilization && !this.reducedLastTick;
    this.reducedLastTick = false;
    if (busy) {
      this.quietTicks = 0;
      this.worked = true;
      return false;
    }
    this.quietTicks++;
    const rss = o.rss();
    const much = released >= o.minReleasedBytes || rss - this.rssAfterLast >= o.minGrowthBytes;
    const settled = (this.worked || released >= o.minSettleReleasedBytes) && this.quietTicks >= o.settleTicks;
    if ((!much && !settled) || o.now() - this.lastAt < o.minGapMs) return false;
    this.reduce(rss);
    return true;
  }

  /**
   * A burst of work the caller knows of has just ended (the server's start: default objects,
   * caches, TLS set-up): reduce at the first quiet moment, looked for every everyMs, rather
   * than after settleTicks quiet intervals (the memory a start leaves would otherwise stay ~5 s).
   * Gives up after `looks` busy looks; the regular ticks then settle it.
   */
  afterBurst(everyMs = 50, looks = 100): void {
    this.worked = true;
    if (this.burstTimer) return;
    let left = looks;
    this.burstTimer = setInterval(() => {
      if (this.burstTick() || --left <= 0) this.endBurst();
    }, everyMs).unref();
  }

  /** One look after a burst: true once the loop was quiet (it then reduced, unless one ran within minGapMs). */
  burstTick(): boolean {
    const o = this.opts;
    if (o.utilization() > o.quietUtilization) return false;
    if (o.now() - this.lastAt >= o.minGapMs) this.reduce(o.rss());
    return true;
  }

  private endBurst(): void {
    if (this.burstTimer) clearInterval(this.burstTimer);
    this.burstTimer = null;
  }

  private reduce(rss: number): void {
    const o = this.opts;
    this.worked = false;
    this.reducedLastTick = true;
    this.lastAt = o.now();
    const freed = released;
    released = 0;
    // The collection's pause, whether it ran inside collect() or was scheduled by it.
    const gcPauses = new GCProfiler();
    gcPauses.start();
    const t0 = performance.now();
    o.collect();
    const collectMs = performance.now() - t0;
    const giveBack = () => {
      const gcMs = Math.max(collectMs, gcPauses.stop().statistics.reduce((sum, gc) => sum + gc.cost / 1000, 0));
      const t1 = performance.now();
      for (const fn of reducers) {
        try {
          fn();
        } catch {
          // a closed connection's leftover registration: nothing to give back
        }
      }
      o.trim();
      this.rssAfterLast = o.rss();
      o.onReduced?.({ rssBefore: rss, rssAfter: this.rssAfterLast, released: freed, ms: gcMs + performance.now() - t1 });
    };
    if (o.sweepWaitMs > 0) setTimeout(giveBack, o.sweepWaitMs).unref();
    else giveBack();
  }
}

/** Event loop utilization since the previous call. */
function loopUtilization(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const u = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return u;
  };
}

/** make() at the first call (koffi's native code is loaded when a reduction first runs, not at start). */
function onFirstUse<F extends () => unknown>(make: () => F): F {
  let f: F | undefined;
  return (() => (f ??= make())()) as F;
}

/**
 * V8's memory-pressure collection (see native.ts), which also shrinks the young generation and
 * frees empty pages; where it can't be had, the ordinary full GC.
 */
export function memoryReducingGc(): () => void {
  return v8MemoryPressure() ?? fullGc();
}

/**
 * A full, compacting V8 collection: the gc() that --expose-gc gives, taken from a context made
 * while the flag is on. The flag is switched back off at once: V8's code cache is bound to the
 * flags' hash, and the launcher's cache (written a few seconds after start) must match the flags
 * of the next start.
 */
export function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as () => void;
    return () => gc();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

