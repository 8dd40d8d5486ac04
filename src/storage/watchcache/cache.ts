// One watch cache per stored resource, fed by the store's watch. It keeps every
// object's current JSON (with its resourceVersion) as a Buffer, the labels and
// field values selectors need, and a window of recent events for watch resumes.

import { stringifyJson } from '../../encoding/json-depth.js';
import { orderObjectMeta } from '../../apimachinery/objectmeta.js';
import type { Store, StoreEvent, Watch } from '../store.js';

export type Obj = Record<string, any>;

export interface Entry {
  key: string;
  namespace: string;
  name: string;
  rv: number;
  /** The object's JSON with metadata.resourceVersion set. */
  bytes: Buffer;
  labels: Record<string, string>;
  fields: Record<string, string>;
}

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface CacheEvent {
  type: EventType;
  rv: number;
  /** The current object, or for DELETED the last state stamped with the delete's revision. */
  entry: Entry;
  /** The state before this change (absent for ADDED). */
  prev?: Entry;
  time: number;
  /** Encodings of this event made so far, shared by every watcher. */
  memo: Map<string, Buffer>;
}

/** Extracts what selectors need from a decoded object. */
export type Indexer = (obj: Obj) => { labels: Record<string, string>; fields: Record<string, string> };

export interface WatcherFilter {
  namespace?: string;
  matches(e: Entry): boolean;
}

export interface CacheWatcherSink {
  /** An event passed the filter; type already accounts for objects entering or leaving the filter. */
  event(type: EventType, entry: Entry, ev: CacheEvent): void;
  /** The cache has seen every change up to rv (no event for this watcher). */
  progress?(rv: number): void;
  /** The cache stopped (shutdown or store failure). */
  close(reason: Error | null): void;
}

export class TooOldResourceVersionError extends Error {
  constructor(readonly requested: number, readonly oldest: number) {
    super(`too old resource version: ${requested} (${oldest})`);
  }
}

export interface WatchCacheOptions {
  /** How long events are kept for watch resumes. */
  historyMs?: number;
  maxHistory?: number;
}

interface Waiter {
  rv: number;
  resolve(): void;
}

export class WatchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly corrupt = new Map<string, string>();
  private sortedKeys: string[] | null = null;
  private readonly history: CacheEvent[] = [];
  /** Lowest revision from which a watch can resume without a gap. */
  private historyStart = 0;
  private rev = 0;
  private readonly watchers = new Set<{ filter: WatcherFilter; sink: CacheWatcherSink }>();
  private waiters: Waiter[] = [];
  private storeWatch: Watch | null = null;
  private readyPromise: Promise<void> | null = null;
  private failed: Error | null = null;
  private readonly historyMs: number;
  private readonly maxHistory: number;

  constructor(
    private readonly store: Store,
    readonly prefix: string,
    private readonly indexer: Indexer,
    opts: WatchCacheOptions = {},
  ) {
    this.historyMs = opts.historyMs ?? 5 * 60_000;
    this.maxHistory = opts.maxHistory ?? 100_000;
  }

  /** Load the current state and start following the store. Idempotent. */
  ready(): Promise<void> {
    if (!this.readyPromise) this.readyPromise = this.init();
    return this.readyPromise;
  }

  get revision(): number {
    return this.rev;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Open watchers (API Priority and Fairness weighs a write by the watchers it notifies). */
  get watcherCount(): number {
    return this.watchers.size;
  }

  private avgBytes = { rev: -1, value: 0 };

  /** Average serialized size of the objects held, recomputed at most once per revision. */
  averageObjectBytes(): number {
    if (this.avgBytes.rev !== this.rev) {
      let total = 0;
      for (const e of this.entries.values()) total += e.bytes.length;
      this.avgBytes = { rev: this.rev, value: this.entries.size ? total / this.entries.size : 0 };
    }
    return this.avgBytes.value;
  }

  private async init(): Promise<void> {
    const res = await this.store.range(this.prefix);
    for (const kv of res.kvs) {
      const entry = this.makeEntry(kv.key, kv.value, kv.modRevision);
      if (entry) this.entries.set(kv.key, entry);
    }
    this.rev = res.revision;
    this.historyStart = res.revision;
    this.storeWatch = this.store.watch(
      this.prefix,
      { startRevision: res.revision + 1, progressNotify: true },
      {
        onEvents: (events, revision) => this.apply(events, revision),
        onProgress: (revision) => this.advance(revision),
        onError: (err) => this.fail(err),
      },
    );
  }

  private makeEntry(key: string, value: Buffer, rv: number): Entry | null {
    let obj: Obj;
    try {
      obj = JSON.parse(value.toString('utf8'));
      if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('not an object');
    } catch (e) {
      // Undecodable (corrupt) objects are not served; lists report them.
      this.corrupt.set(key, (e as Error).message);
      return null;
    }
    this.corrupt.delete(key);
    return this.entryFromObject(key, obj, rv);
  }

  /** Keys under keyPrefix whose stored value can't be decoded, with the reason. */
  corruptKeys(keyPrefix: string): [string, string][] {
    return [...this.corrupt].filter(([k]) => k.startsWith(keyPrefix)).sort(([a], [b]) => compareKeys(a, b));
  }

  private entryFromObject(key: string, obj: Obj, rv: number): Entry {
    obj.metadata ??= {};
    obj.metadata.resourceVersion = String(rv);
    obj.metadata = orderObjectMeta(obj.metadata);
    const { labels, fields } = this.indexer(obj);
    return {
      key,
      namespace: obj.metadata.namespace ?? '',
      name: obj.metadata.name ?? '',
      rv,
      bytes: Buffer.from(stringifyJson(obj)),
      labels,
      fields,
    };
  }

  /** The previous state re-stamped with a newer revision (DELETED events carry the delete's revision). */
  restamp(e: Entry, rv: number): Entry {
    const obj = JSON.parse(e.bytes.toString('utf8'));
    obj.metadata.resourceVersion = String(rv);
    return { ...e, rv, bytes: Buffer.from(stringifyJson(obj)) };
  }

  private apply(events: StoreEvent[], revision: number): void {
    const now = Date.now();
    for (const se of events) {
      const key = se.kv.key;
      const prev = this.entries.get(key);
      let ev: CacheEvent;
      if (se.type === 'DELETE') {
        this.corrupt.delete(key);
        if (!prev) continue;
        this.entries.delete(key);
        this.sortedKeys = null;
        ev = { type: 'DELETED', rv: se.kv.modRevision, entry: this.restamp(prev, se.kv.modRevision), prev, time: now, memo: new Map() };
      } else {
        const entry = this.makeEntry(key, se.kv.value, se.kv.modRevision);
        if (!entry) {
          if (prev) {
            // The object became unreadable: it leaves the cache.
            this.entries.delete(key);
            this.sortedKeys = null;
          }
          continue;
        }
        if (!prev) this.sortedKeys = null;
        this.entries.set(key, entry);
        ev = { type: prev ? 'MODIFIED' : 'ADDED', rv: se.kv.modRevision, entry, prev, time: now, memo: new Map() };
      }
      this.history.push(ev);
      this.dispatch(ev);
    }
    this.trimHistory(now);
    this.advance(revision);
  }

  private dispatch(ev: CacheEvent): void {
    for (const w of this.watchers) {
      const t = transition(w.filter, ev);
      if (t) w.sink.event(t.type, t.entry, ev);
    }
  }

  private advance(revision: number): void {
    if (revision <= this.rev) return;
    this.rev = revision;
    if (this.waiters.length) {
      const still: Waiter[] = [];
      for (const w of this.waiters) (w.rv <= revision ? w.resolve() : still.push(w));
      this.waiters = still;
    }
    for (const w of this.watchers) w.sink.progress?.(revision);
  }

  private trimHistory(now: number): void {
    let drop = 0;
    while (
      drop < this.history.length &&
      (this.history.length - drop > this.maxHistory || now - this.history[drop]!.time > this.historyMs)
    ) {
      drop++;
    }
    if (drop > 0) {
      this.historyStart = this.history[drop - 1]!.rv;
      this.history.splice(0, drop);
    }
  }

  private fail(err: Error): void {
    this.failed = err;
    for (const w of this.watchers) w.sink.close(err);
    this.watchers.clear();
    // Rebuild from scratch on next use.
    this.storeWatch = null;
    this.readyPromise = null;
    this.entries.clear();
    this.sortedKeys = null;
    this.history.length = 0;
  }

  /** Wait until the cache has applied every change up to rv. Resolves false on timeout. */
  async waitFresh(rv: number, timeoutMs: number): Promise<boolean> {
    await this.ready();
    if (this.rev >= rv) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        rv,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(waiter);
    });
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  /** Entries whose key starts with keyPrefix and pass the filter, sorted by key. */
  list(keyPrefix: string, matches: (e: Entry) => boolean): Entry[] {
    if (!this.sortedKeys) this.sortedKeys = [...this.entries.keys()].sort(compareKeys);
    const keys = this.sortedKeys;
    let i = keyPrefix === this.prefix ? 0 : lowerBound(keys, keyPrefix);
    const out: Entry[] = [];
    for (; i < keys.length; i++) {
      const k = keys[i]!;
      if (!k.startsWith(keyPrefix)) break;
      const e = this.entries.get(k)!;
      if (matches(e)) out.push(e);
    }
    return out;
  }

  /**
   * Start a watcher. With initial=true it first receives ADDED for every matching
   * object; otherwise events after fromRV. Throws TooOldResourceVersionError when
   * fromRV is older than the kept history. Returns a function that stops the watcher.
   */
  watch(filter: WatcherFilter, sink: CacheWatcherSink, opts: { fromRV: number; initial: boolean; keyPrefix: string }): () => void {
    if (this.failed && !this.readyPromise) throw this.failed;
    if (!opts.initial && opts.fromRV < this.historyStart) {
      throw new TooOldResourceVersionError(opts.fromRV, this.historyStart);
    }
    const w = { filter, sink };
    if (opts.initial) {
      for (const e of this.list(opts.keyPrefix, (x) => filter.matches(x))) {
        sink.event('ADDED', e, { type: 'ADDED', rv: e.rv, entry: e, time: 0, memo: new Map() });
      }
    } else {
      for (const ev of this.history) {
        if (ev.rv <= opts.fromRV) continue;
        const t = transition(filter, ev);
        if (t) sink.event(t.type, t.entry, ev);
      }
    }
    this.watchers.add(w);
    return () => {
      this.watchers.delete(w);
    };
  }

  stop(): void {
    this.storeWatch?.cancel();
    this.storeWatch = null;
    for (const w of this.watchers) w.sink.close(null);
    this.watchers.clear();
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }
}

/** How an event looks to a filtered watcher, as upstream's cacheWatcher decides it. */
function transition(filter: WatcherFilter, ev: CacheEvent): { type: EventType; entry: Entry } | null {
  const inNs = (e: Entry) => !filter.namespace || e.namespace === filter.namespace;
  const cur = ev.type !== 'DELETED' && inNs(ev.entry) && filter.matches(ev.entry);
  const old = ev.prev !== undefined && inNs(ev.prev) && filter.matches(ev.prev);
  if (cur && !old) return { type: 'ADDED', entry: ev.entry };
  if (cur && old) return { type: 'MODIFIED', entry: ev.entry };
  if (!cur && old) return { type: 'DELETED', entry: ev.type === 'DELETED' ? ev.entry : { ...ev.prev!, rv: ev.rv, bytes: restampBytes(ev) } };
  return null;
}

function restampBytes(ev: CacheEvent): Buffer {
  let b = ev.memo.get('prev-restamped');
  if (!b) {
    const obj = JSON.parse(ev.prev!.bytes.toString('utf8'));
    obj.metadata.resourceVersion = String(ev.rv);
    b = Buffer.from(stringifyJson(obj));
    ev.memo.set('prev-restamped', b);
  }
  return b;
}

/** Keys compare bytewise, as etcd orders them. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(keys: string[], k: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
