// Watchers of a store that keeps its own revision log (SQLite, memory). A watcher that starts in the past first replays history
// from the log in bounded windows (one window per event-loop turn), then goes live: it
// receives each committed batch's events right after the commit. The switch happens
// synchronously when its next revision passes the last published one, so nothing is
// skipped or delivered twice.
import {
  CompactedError,
  type StoreEvent,
  type Watch,
  type WatchCallbacks,
  type WatchOptions,
  inBounds,
  prefixBounds,
  type KeyBounds,
} from './store.js';

/** Revisions of history read per replay step. */
const REPLAY_WINDOW = 2000;

export interface HistorySource {
  /** Events in [fromRev, toRev] under the bounds, in revision order, with prevKv. */
  history(bounds: KeyBounds, fromRev: number, toRev: number): StoreEvent[];
  compactedRevision(): number;
}

interface Watcher {
  readonly bounds: KeyBounds;
  readonly callbacks: WatchCallbacks;
  readonly progressNotify: boolean;
  /** The next revision this watcher has yet to receive. */
  nextRev: number;
  live: boolean;
  done: boolean;
  /** Something (events or progress) was delivered since the last progress tick. */
  active: boolean;
}

export interface WatchHubOptions {
  /** How often idle watchers that asked for progress get onProgress; 0 disables. */
  progressIntervalMs: number;
}

export class WatchHub {
  private readonly watchers = new Set<Watcher>();
  private published: number;
  private progressTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly source: HistorySource,
    publishedRevision: number,
    private readonly opts: WatchHubOptions,
  ) {
    this.published = publishedRevision;
  }

  /** The last revision whose events have been handed to live watchers. */
  publishedRevision(): number {
    return this.published;
  }

  watch(prefix: string, opts: WatchOptions, callbacks: WatchCallbacks): Watch {
    const start = opts.startRevision > 0 ? opts.startRevision : this.published + 1;
    const w: Watcher = {
      bounds: prefixBounds(prefix),
      callbacks,
      progressNotify: opts.progressNotify === true,
      nextRev: start,
      live: start > this.published,
      done: false,
      active: false,
    };
    const handle: Watch = { cancel: () => this.remove(w) };
    if (this.closed) {
      w.done = true;
      return handle;
    }
    this.watchers.add(w);
    if (w.progressNotify) this.ensureProgressTimer();
    const compacted = this.source.compactedRevision();
    if (start < compacted) {
      // Reported asynchronously: the caller has not even got its handle yet.
      queueMicrotask(() => this.fail(w, new CompactedError(compacted, this.published)));
    } else if (!w.live) {
      setImmediate(() => this.replayStep(w));
    }
    return handle;
  }

  /** Hand the events of a committed batch (one event per revision, ascending) to live watchers. */
  publish(events: StoreEvent[], revision: number): void {
    this.published = revision;
    for (const w of this.watchers) {
      if (!w.live) continue;
      for (const ev of events) {
        if (w.done) break;
        const rev = ev.kv.modRevision;
        if (rev < w.nextRev || !inBounds(ev.kv.key, w.bounds)) continue;
        w.nextRev = rev + 1;
        this.deliver(w, ev);
      }
      if (w.nextRev <= revision) w.nextRev = revision + 1;
    }
  }

  /** Tell every caught-up watcher that asked for progress where it stands, now. */
  requestProgress(): void {
    for (const w of this.watchers) {
      if (!w.progressNotify || !w.live || w.done) continue;
      this.notifyProgress(w);
    }
  }

  /** The store jumped to revision without events (its contents were replaced): every watch ends with err. */
  restart(revision: number, err: Error): void {
    this.published = revision;
    for (const w of [...this.watchers]) this.fail(w, err);
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers) w.done = true;
    this.watchers.clear();
    this.stopProgressTimer();
  }

  private replayStep(w: Watcher): void {
    if (w.done) return;
    const compacted = this.source.compactedRevision();
    if (w.nextRev < compacted) {
      this.fail(w, new CompactedError(compacted, this.published));
      return;
    }
    const to = Math.min(w.nextRev + REPLAY_WINDOW - 1, this.published);
    let events: StoreEvent[];
    try {
      events = this.source.history(w.bounds, w.nextRev, to);
    } catch (err) {
      this.fail(w, err instanceof Error ? err : new Error(String(err)));
      return;
    }
    for (const ev of events) {
      if (w.done) return;
      w.nextRev = ev.kv.modRevision + 1;
      this.deliver(w, ev);
    }
    if (w.done) return;
    w.nextRev = to + 1;
    if (w.nextRev > this.published) w.live = true;
    else setImmediate(() => this.replayStep(w));
  }

  private deliver(w: Watcher, ev: StoreEvent): void {
    w.active = true;
    try {
      w.callbacks.onEvents([ev], ev.kv.modRevision);
    } catch (err) {
      this.fail(w, err instanceof Error ? err : new Error(String(err)));
    }
  }

  private fail(w: Watcher, err: Error): void {
    if (w.done) return;
    this.remove(w);
    try {
      w.callbacks.onError(err);
    } catch {
      // The watcher is gone either way; a throwing onError must not hurt the store.
    }
  }

  private remove(w: Watcher): void {
    w.done = true;
    this.watchers.delete(w);
    if (w.progressNotify && ![...this.watchers].some((x) => x.progressNotify)) this.stopProgressTimer();
  }

  private ensureProgressTimer(): void {
    if (this.progressTimer || this.opts.progressIntervalMs <= 0) return;
    this.progressTimer = setInterval(() => this.progressTick(), this.opts.progressIntervalMs);
    this.progressTimer.unref();
  }

  private stopProgressTimer(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    this.progressTimer = undefined;
  }

  private progressTick(): void {
    for (const w of this.watchers) {
      if (!w.progressNotify || !w.live || w.done) continue;
      if (w.active) {
        w.active = false;
        continue;
      }
      this.notifyProgress(w);
    }
  }

  private notifyProgress(w: Watcher): void {
    try {
      w.callbacks.onProgress?.(this.published);
    } catch (err) {
      this.fail(w, err instanceof Error ? err : new Error(String(err)));
    }
  }
}
