// Background compaction for any Store, on upstream's schedule: at every interval it
// records the current revision and compacts to the revision it recorded one interval
// earlier, so at least one interval (5 minutes by default) of history is always kept.
import { CompactedError, type Store } from './store.js';
import type { Logger } from '../util/log.js';

export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60 * 1000;

export interface CompactorOptions {
  /** Default 5 minutes, as kube-apiserver's --etcd-compaction-interval. */
  intervalMs?: number;
  /**
   * A key through which several servers sharing one store take turns, as kube-apiserver
   * does with etcd's `compact_rev_key`: each tick swaps in the current revision only if the
   * key is unchanged since this server last saw it, and only the winner compacts (to the
   * revision the key held, recorded one interval earlier).
   */
  coordinationKey?: string;
  log?: Pick<Logger, 'error' | 'v'>;
}

export interface Compactor {
  /** Stop scheduling; resolves once a compaction in progress has finished. */
  stop(): Promise<void>;
}

/**
 * One compaction step at a time. Each tick compacts to the revision the previous tick
 * recorded (if history below it still exists), then records the current revision.
 */
export class CompactionSchedule {
  private recorded = 0;

  /** The coordination key's modRevision when this server last looked (-1: never). */
  private lastSeen = -1;

  constructor(
    private readonly store: Store,
    private readonly log?: CompactorOptions['log'],
    private readonly coordinationKey?: string,
  ) {}

  /** The revision the next tick will compact to (0 before the first tick). */
  get nextTarget(): number {
    return this.recorded;
  }

  /** Returns the revision compacted to, or undefined when nothing was compacted. */
  async tick(): Promise<number | undefined> {
    if (this.coordinationKey) return this.coordinatedTick(this.coordinationKey);
    const target = this.recorded;
    this.recorded = await this.store.currentRevision();
    return this.compactTo(target);
  }

  private async coordinatedTick(key: string): Promise<number | undefined> {
    const cur = await this.store.get(key);
    const seen = cur.kv?.modRevision ?? 0;
    if (seen !== this.lastSeen) {
      // First look, or another server took its turn since: wait one interval.
      this.lastSeen = seen;
      if (cur.kv) return undefined;
    }
    const rev = await this.store.currentRevision();
    const value = Buffer.from(String(rev));
    const w = cur.kv ? await this.store.update(key, value, cur.kv.modRevision) : await this.store.create(key, value);
    if (!w.ok) {
      this.lastSeen = w.current?.modRevision ?? 0;
      return undefined;
    }
    this.lastSeen = w.kv.modRevision;
    this.recorded = rev;
    return this.compactTo(cur.kv ? Number(cur.kv.value.toString('utf8')) : 0);
  }

  private async compactTo(target: number): Promise<number | undefined> {
    if (target <= 0 || target <= (await this.store.compactedRevision())) return undefined;
    const started = performance.now();
    try {
      await this.store.compact(target);
    } catch (err) {
      // Another process compacted past us meanwhile: nothing left to do.
      if (err instanceof CompactedError) return undefined;
      throw err;
    }
    this.log?.v(2).info('Compacted storage', {
      store: this.store.name,
      revision: target,
      durationMs: Math.round(performance.now() - started),
    });
    return target;
  }
}

export function startCompactor(store: Store, opts: CompactorOptions = {}): Compactor {
  const intervalMs = opts.intervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS;
  const schedule = new CompactionSchedule(store, opts.log, opts.coordinationKey);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = schedule
        .tick()
        .then(
          () => undefined,
          (err: unknown) => opts.log?.error('Storage compaction failed', err, { store: store.name }),
        )
        .finally(() => {
          running = undefined;
          arm();
        });
    }, intervalMs);
    timer.unref();
  };
  arm();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
