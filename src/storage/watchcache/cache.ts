// One watch cache per stored resource, fed by the store's watch. It keeps every
// object's current JSON (with its resourceVersion) as a Buffer, the labels and
// field values selectors need, and a window of recent events for watch resumes.
//
// The event window follows upstream's watch cache (k8s.io/apiserver
// pkg/storage/cacher/watch_cache.go and cacher/history: eventFreshDuration 75 s,
// capacity between 100 and 100*1024 events): events are kept while they are fresh,
// the newest 100 always, never more than 102,400; and, so that churn of large objects
// cannot grow memory without bound, never more than maxHistoryBytes of object bytes.
// A watch resuming from below the window gets TooOldResourceVersionError (410 Expired).

import { stringifyJson } from '../../encoding/json-depth.js';
import { withOrderedObjectMeta } from '../../apimachinery/objectmeta.js';
import { CompactedError, type KeyValue, type Store, type StoreEvent, type Watch } from '../store.js';
import { TimeSlice } from '../../util/time-slice.js';
import { noteReleased } from '../../util/memory-reducer.js';
import { ByteSlab } from './byte-slab.js';

/**
 * Longest run of loading work between two yields to the event loop: a restart with many
 * objects stored keeps answering requests (/readyz, reads served from the store) while
 * its caches fill. A TLS handshake and its request take several turns of the loop, each
 * waiting at most this long behind the load.
 */
const LOAD_SLICE_MS = 4;

/**
 * Objects loaded before requests stop waiting for the load and follow upstream's rules for a
 * cache that is not ready: a resource with fewer loads in a few tens of ms and is waited for,
 * so starting servers (and tests) don't meet 429s for their small resources.
 */
const WAIT_FOR_LOADS_UP_TO = 1_000;

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
  /** Encodings of this event made during one dispatch, shared by its watchers. */
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
  /**
   * While the consumer's output is backed up: a promise of when it takes more. A consumer
   * that has it gets a long initial state at its own pace (upstream's cacheWatcher sends its
   * init events through a blocking channel), not written all at once; one without it (the
   * in-process informers) gets it all before watch() returns.
   */
  backlog?(): Promise<void> | undefined;
}

/** A watcher; `pending` holds the live events that arrive while its initial state is handed out. */
interface Watcher {
  filter: WatcherFilter;
  sink: CacheWatcherSink;
  pending?: CacheEvent[];
  /** A watch from a revision the cache has not reached: what it gets starts after this one. */
  after?: number;
}

/** Initial states up to this many objects are handed out at once; longer ones in slices of this size, at the consumer's pace. */
const INITIAL_SLICE = 500;
/** Live events kept for a watcher still taking its initial state. */
const MAX_PENDING_EVENTS = 10_000;

export class TooOldResourceVersionError extends Error {
  constructor(readonly requested: number, readonly oldest: number) {
    super(`too old resource version: ${requested} (${oldest})`);
  }
}

export interface WatchCacheOptions {
  /** How long events are kept for watch resumes (upstream's eventFreshDuration). */
  historyMs?: number;
  /** Events kept whatever their age (upstream's lower-bound capacity). */
  minHistory?: number;
  /** Most events kept (upstream's upper-bound capacity). */
  maxHistory?: number;
  /** Most object bytes the events may hold beyond the current objects. */
  maxHistoryBytes?: number;
  /**
   * Objects read from the store per page while the cache loads (upstream's
   * storageWatchListPageSize). Pages after the first are read at the first one's revision,
   * without counting what is left.
   */
  loadPageSize?: number;
  /**
   * Puts a stored object's keys (its resourceVersion just set) in the order its kind is
   * served in; the default orders ObjectMeta's fields as Go's struct does.
   */
  order?: (obj: Obj) => Obj;
}

export const DEFAULT_HISTORY_MS = 75_000;
export const DEFAULT_MIN_HISTORY = 100;
export const DEFAULT_MAX_HISTORY = 100 * 1024;
export const DEFAULT_MAX_HISTORY_BYTES = 64 * 1024 * 1024;
/** Rows read in one synchronous store call while loading: ~1 MiB of 4 KiB objects, a few ms of reading. */
export const DEFAULT_LOAD_PAGE_SIZE = 250;

interface Waiter {
  rv: number;
  resolve(): void;
}

export class WatchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly corrupt = new Map<string, string>();
  private sortedKeys: string[] | null = null;
  private history: CacheEvent[] = [];
  /** Index of the oldest kept event in history (dropped events are spliced out in bulk). */
  private historyHead = 0;
  /** Object bytes held only by the kept events (see eventCost). */
  private historyBytes = 0;
  /** Where DELETED events keep the object's last state (byte-slab.ts). */
  private readonly deletedStates = new ByteSlab();
  /** Lowest revision from which a watch can resume without a gap. */
  private historyStart = 0;
  private rev = 0;
  private readonly watchers = new Set<Watcher>();
  private waiters: Waiter[] = [];
  private storeWatch: Watch | null = null;
  private readyPromise: Promise<void> | null = null;
  /** The current state is loaded and the store followed: reads and watches are served from the cache. */
  private loaded = false;
  /** When the cache last stopped serving (created, or its store watch failed). */
  private notReadySince = performance.now();
  /** Resolved when a load in progress first yields to the event loop (a long load). */
  private loadYielded: Promise<void> | null = null;
  private signalLoadYielded: (() => void) | null = null;
  private failed: Error | null = null;
  private readonly historyMs: number;
  private readonly minHistory: number;
  private readonly maxHistory: number;
  private readonly maxHistoryBytes: number;
  private readonly loadPageSize: number;
  private readonly order: (obj: Obj) => Obj;

  constructor(
    private readonly store: Store,
    readonly prefix: string,
    private readonly indexer: Indexer,
    opts: WatchCacheOptions = {},
  ) {
    this.historyMs = opts.historyMs ?? DEFAULT_HISTORY_MS;
    this.minHistory = opts.minHistory ?? DEFAULT_MIN_HISTORY;
    this.maxHistory = opts.maxHistory ?? DEFAULT_MAX_HISTORY;
    this.maxHistoryBytes = opts.maxHistoryBytes ?? DEFAULT_MAX_HISTORY_BYTES;
    this.loadPageSize = opts.loadPageSize ?? DEFAULT_LOAD_PAGE_SIZE;
    this.order = opts.order ?? withOrderedObjectMeta;
  }

  /** Load the current state and start following the store. Idempotent. */
  ready(): Promise<void> {
    if (!this.readyPromise) {
      const loading = this.init();
      this.readyPromise = loading;
      // A failed load is retried by the next caller rather than remembered.
      loading.catch(() => {
        if (this.readyPromise === loading) this.readyPromise = null;
      });
    }
    return this.readyPromise;
  }

  /**
   * Whether the cache serves (upstream's Cacher.Ready()): false until its first load finished,
   * and again after a store failure until it is rebuilt.
   */
  get isReady(): boolean {
    return this.loaded;
  }

  /** Milliseconds since the cache stopped serving (0 while it serves). */
  get notReadyForMs(): number {
    return this.loaded ? 0 : performance.now() - this.notReadySince;
  }

  /**
   * Starts loading and resolves once the cache is ready or its load turned out long (more
   * than WAIT_FOR_LOADS_UP_TO objects): then requests follow upstream's rules for a cache that
   * is not ready (KEP-4568) instead of waiting; a small resource is simply ready.
   */
  whenReadyOrLoading(): Promise<void> {
    const ready = this.ready();
    if (this.loaded) return ready;
    this.loadYielded ??= new Promise((r) => (this.signalLoadYielded = r));
    return Promise.race([ready, this.loadYielded]);
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

  /** Events kept for watch resumes (for tests and metrics). */
  get historyLength(): number {
    return this.history.length - this.historyHead;
  }

  private async init(): Promise<void> {
    this.loaded = false;
    for (;;) {
      try {
        return await this.load();
      } catch (e) {
        // The revision being paged through was compacted meanwhile (a large resource on a
        // busy store): start over at the current revision, as upstream's reflector re-lists.
        if (!(e instanceof CompactedError)) throw e;
        this.entries.clear();
        this.corrupt.clear();
        this.sortedKeys = null;
      }
    }
  }

  /**
   * Loads the current state page by page at one revision, yielding to the event loop
   * every LOAD_SLICE_MS of work, so a large resource neither holds every stored value at
   * once nor stalls requests that don't need it.
   */
  private async load(): Promise<void> {
    let revision = 0;
    let startKey: string | undefined;
    const slice = new TimeSlice(LOAD_SLICE_MS);
    let decoded = 0;
    const yieldIfDue = async () => {
      if (!slice.due) return;
      if (decoded >= WAIT_FOR_LOADS_UP_TO) this.signalLoadYielded?.();
      await slice.yield();
    };
    for (;;) {
      const res = await this.store.range(this.prefix, { limit: this.loadPageSize, startKey, revision: revision || undefined, withoutCount: true });
      revision = res.revision;
      const lastKey = res.kvs.length ? res.kvs[res.kvs.length - 1]!.key : '';
      for (let i = 0; i < res.kvs.length; i++) {
        await yieldIfDue();
        decoded++;
        const kv = res.kvs[i]!;
        // Let each row's value go as soon as it is decoded: while a page's native Buffers all
        // stay alive the entries' bytes are allocated past them, leaving a page-sized hole in
        // the native heap once the page is freed.
        res.kvs[i] = undefined as unknown as KeyValue;
        const entry = this.makeEntry(kv.key, kv.value, kv.modRevision);
        if (entry) this.entries.set(kv.key, entry);
      }
      if (!res.more || res.kvs.length === 0) break;
      startKey = lastKey + '\u0000';
      await yieldIfDue();
    }
    this.rev = revision;
    this.historyStart = revision;
    this.storeWatch = this.store.watch(
      this.prefix,
      { startRevision: revision + 1, progressNotify: true },
      {
        onEvents: (events, revision) => this.apply(events, revision),
        onProgress: (revision) => this.advance(revision),
        onError: (err) => this.fail(err),
      },
    );
    this.loaded = true;
    this.loadYielded = null;
    this.signalLoadYielded = null;
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
    obj = this.order(obj);
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

  /**
   * The previous state re-stamped with a newer revision (DELETED events carry the
   * delete's revision). The re-stamped bytes are made when first read and dropped
   * after the event is dispatched, so a kept DELETED event costs only its previous state.
   */
  restamp(e: Entry, rv: number): Entry {
    return new RestampedEntry(e, rv);
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
        this.removeSortedKey(key);
        // In place: the older events that hold this entry then share the copy, and the
        // original's memory goes at the next collection instead of when they age out.
        prev.bytes = this.deletedStates.copy(prev.bytes);
        ev = { type: 'DELETED', rv: se.kv.modRevision, entry: this.restamp(prev, se.kv.modRevision), prev, time: now, memo: new Map() };
      } else {
        const entry = this.makeEntry(key, se.kv.value, se.kv.modRevision);
        if (!entry) {
          if (prev) {
            // The object became unreadable: it leaves the cache.
            this.entries.delete(key);
            this.removeSortedKey(key);
          }
          continue;
        }
        if (!prev) this.insertSortedKey(key);
        this.entries.set(key, entry);
        ev = { type: prev ? 'MODIFIED' : 'ADDED', rv: se.kv.modRevision, entry, prev, time: now, memo: new Map() };
      }
      this.history.push(ev);
      this.historyBytes += eventCost(ev);
      this.dispatch(ev);
      release(ev);
    }
    this.trimHistory(now);
    this.advance(revision);
  }

  // The sorted key index follows creates and deletes in place (a splice moves pointers):
  // re-sorting 100,000 keys after each change made every list under churn cost ~80 ms.
  private insertSortedKey(key: string): void {
    if (this.sortedKeys) this.sortedKeys.splice(lowerBound(this.sortedKeys, key), 0, key);
  }

  private removeSortedKey(key: string): void {
    const keys = this.sortedKeys;
    if (!keys) return;
    const i = lowerBound(keys, key);
    if (keys[i] === key) keys.splice(i, 1);
  }

  private dispatch(ev: CacheEvent): void {
    for (const w of this.watchers) {
      if (w.pending) {
        // A consumer that takes its initial state slower than changes come is let go (upstream's
        // cacheWatcher is terminated when its input channel stays full); its client watches again.
        if (w.pending.push(ev) > MAX_PENDING_EVENTS) {
          this.watchers.delete(w);
          w.sink.close(null);
        }
        continue;
      }
      if (w.after !== undefined) {
        if (ev.rv <= w.after) continue;
        delete w.after;
      }
      const t = transition(w.filter, ev);
      if (t) w.sink.event(t.type, t.entry, ev);
    }
  }

  private advance(revision: number): void {
    // Idle resources age their events out too (progress notifications arrive every 100 ms).
    if (this.historyLength > this.minHistory) this.trimHistory(Date.now());
    if (revision <= this.rev) return;
    this.rev = revision;
    if (this.waiters.length) {
      const still: Waiter[] = [];
      for (const w of this.waiters) (w.rv <= revision ? w.resolve() : still.push(w));
      this.waiters = still;
    }
    for (const w of this.watchers) if (!w.pending && (w.after === undefined || revision >= w.after)) w.sink.progress?.(revision);
  }

  private trimHistory(now: number): void {
    const h = this.history;
    let head = this.historyHead;
    while (head < h.length) {
      const kept = h.length - head;
      const ev = h[head]!;
      const stale = kept > this.minHistory && now - ev.time > this.historyMs;
      if (!stale && kept <= this.maxHistory && this.historyBytes <= this.maxHistoryBytes) break;
      const cost = eventCost(ev);
      this.historyBytes -= cost;
      noteReleased(cost);
      this.historyStart = ev.rv;
      h[head] = undefined as unknown as CacheEvent;
      head++;
    }
    // Compact the array once the dropped prefix is at least half of it.
    if (head > 0 && head * 2 >= h.length) {
      this.history = h.slice(head);
      head = 0;
    }
    this.historyHead = head;
  }

  private fail(err: Error): void {
    this.failed = err;
    for (const w of this.watchers) w.sink.close(err);
    this.watchers.clear();
    // Rebuild from scratch on next use.
    this.storeWatch = null;
    this.readyPromise = null;
    this.loaded = false;
    this.notReadySince = performance.now();
    this.entries.clear();
    this.sortedKeys = null;
    this.history = [];
    this.historyHead = 0;
    this.historyBytes = 0;
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
  watch(filter: WatcherFilter, sink: CacheWatcherSink, opts: { fromRV: number; initial: boolean; keyPrefix: string; initialDone?: (rv: number) => void }): () => void {
    if (this.failed && !this.readyPromise) throw this.failed;
    if (!opts.initial && opts.fromRV < this.historyStart) {
      throw new TooOldResourceVersionError(opts.fromRV, this.historyStart);
    }
    const w: Watcher = { filter, sink };
    if (!opts.initial && opts.fromRV > this.rev) w.after = opts.fromRV;
    if (opts.initial) {
      const state = this.list(opts.keyPrefix, (x) => filter.matches(x));
      const rv = this.rev;
      if (state.length <= INITIAL_SLICE || !sink.backlog) {
        for (const e of state) sink.event('ADDED', e, initialEvent(e));
        opts.initialDone?.(rv);
      } else {
        w.pending = [];
        void this.handOutInitial(w, state, rv, opts.initialDone);
      }
    } else {
      for (let i = this.historyHead; i < this.history.length; i++) {
        const ev = this.history[i]!;
        if (ev.rv <= opts.fromRV) continue;
        const t = transition(filter, ev);
        if (t) sink.event(t.type, t.entry, ev);
        release(ev);
      }
    }
    this.watchers.add(w);
    return () => {
      this.watchers.delete(w);
    };
  }

  /** A long initial state at the consumer's pace (yielding at least every INITIAL_SLICE objects); then the live events that came meanwhile. */
  private async handOutInitial(w: Watcher, state: Entry[], rv: number, done?: (rv: number) => void): Promise<void> {
    let sinceYield = 0;
    for (let i = 0; i < state.length; i++) {
      w.sink.event('ADDED', state[i]!, initialEvent(state[i]!));
      state[i] = undefined as unknown as Entry;
      const wait = w.sink.backlog!() ?? (++sinceYield >= INITIAL_SLICE ? new Promise((r) => setImmediate(r)) : undefined);
      if (wait) {
        await wait;
        sinceYield = 0;
        if (!this.watchers.has(w)) return;
      }
    }
    done?.(rv);
    // Live events queued meanwhile, in order; any that arrive while these go out join the queue.
    const pending = w.pending!;
    for (let i = 0; i < pending.length && this.watchers.has(w); i++) {
      const ev = pending[i]!;
      const t = transition(w.filter, ev);
      if (t) w.sink.event(t.type, t.entry, ev);
      release(ev);
    }
    delete w.pending;
    if (this.watchers.has(w)) w.sink.progress?.(this.rev);
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

function initialEvent(e: Entry): CacheEvent {
  return { type: 'ADDED', rv: e.rv, entry: e, time: 0, memo: new Map() };
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
    b = withResourceVersion(ev.prev!.bytes, ev.rv);
    ev.memo.set('prev-restamped', b);
  }
  return b;
}

function withResourceVersion(bytes: Buffer, rv: number): Buffer {
  const obj = JSON.parse(bytes.toString('utf8'));
  obj.metadata.resourceVersion = String(rv);
  return Buffer.from(stringifyJson(obj));
}

/** An object's last state stamped with a later revision; its bytes are made on first read. */
class RestampedEntry implements Entry {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly fields: Record<string, string>;
  private made: Buffer | undefined;

  constructor(
    private readonly of: Entry,
    readonly rv: number,
  ) {
    this.key = of.key;
    this.namespace = of.namespace;
    this.name = of.name;
    this.labels = of.labels;
    this.fields = of.fields;
  }

  get bytes(): Buffer {
    return (this.made ??= withResourceVersion(this.of.bytes, this.rv));
  }

  release(): void {
    this.made = undefined;
  }
}

/**
 * Forget the encodings made while an event was handed out: they serve the watchers of
 * one dispatch, and keeping them would double the memory of every kept event.
 */
function release(ev: CacheEvent): void {
  if (ev.memo.size) ev.memo = new Map();
  if (ev.entry instanceof RestampedEntry) ev.entry.release();
}

/**
 * Object bytes an event keeps alive once it is no longer current: its previous state
 * (superseded or deleted) and, for ADDED/MODIFIED, the state it carried (which the
 * current objects share until the next change).
 */
function eventCost(ev: CacheEvent): number {
  const own = ev.entry instanceof RestampedEntry ? 0 : ev.entry.bytes.length;
  return own + (ev.prev ? ev.prev.bytes.length : 0);
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
