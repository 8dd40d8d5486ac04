// A Store in process memory, for tests and embedders that need no durability: the same
// contract as SQLite and etcd (one revision counter, history until compaction, watches
// that replay from a revision) with nothing written to disk.
import {
  CompactedError,
  FutureRevisionError,
  StoreUnavailableError,
  inBounds,
  prefixBounds,
  type DeleteResult,
  type KeyBounds,
  type KeyValue,
  type RangeOptions,
  type RangeResult,
  type Store,
  type StoreEvent,
  type Watch,
  type WatchCallbacks,
  type WatchOptions,
  type WriteResult,
} from '../store.js';
import { WatchHub } from '../watch-hub.js';

/** One state of a key: its value from `rev` on, or its deletion (kv undefined). */
interface Version {
  rev: number;
  kv?: KeyValue;
}

export interface MemoryStoreOptions {
  /** How often idle watchers that asked for progress notifications get one. Default 100 ms; 0 disables. */
  progressIntervalMs?: number;
}

export class MemoryStore implements Store {
  readonly name = 'memory';
  private revision = 1;
  private compacted = 0;
  /** Every key that has a version still kept, sorted (binary search keeps it so). */
  private keys: string[] = [];
  private versions = new Map<string, Version[]>();
  /** The revision log since the compaction point, one event per revision. */
  private log: StoreEvent[] = [];
  private logStart = 2;
  private readonly hub: WatchHub;
  private closed = false;

  constructor(opts: MemoryStoreOptions = {}) {
    this.hub = new WatchHub(
      { history: (b, from, to) => this.history(b, from, to), compactedRevision: () => this.compacted },
      this.revision,
      { progressIntervalMs: opts.progressIntervalMs ?? 100 },
    );
  }

  /** A store holding these keys and values (each written once, in order). */
  static withContents(kvs: readonly KeyValue[] | undefined, opts: MemoryStoreOptions = {}): MemoryStore {
    const store = new MemoryStore(opts);
    for (const kv of kvs ?? []) store.put(kv.key, kv.value, undefined);
    return store;
  }

  async currentRevision(): Promise<number> {
    this.assertOpen();
    return this.revision;
  }

  async compactedRevision(): Promise<number> {
    this.assertOpen();
    return this.compacted;
  }

  async get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }> {
    this.assertOpen();
    const at = this.readRevision(revision);
    return { kv: this.valueAt(key, at), revision: at };
  }

  async range(prefix: string, opts: RangeOptions = {}): Promise<RangeResult> {
    this.assertOpen();
    const at = this.readRevision(opts.revision);
    const bounds = prefixBounds(prefix);
    const from = opts.startKey && opts.startKey > bounds.start ? opts.startKey : bounds.start;
    const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
    const kvs: KeyValue[] = [];
    let count = 0;
    for (let i = lowerBound(this.keys, from); i < this.keys.length; i++) {
      const key = this.keys[i]!;
      if (!inBounds(key, bounds)) break;
      const kv = this.valueAt(key, at);
      if (!kv) continue;
      count++;
      if (!opts.countOnly && kvs.length < limit) kvs.push(kv);
    }
    return { kvs, revision: at, more: count > kvs.length && !opts.countOnly, count };
  }

  async create(key: string, value: Buffer): Promise<WriteResult> {
    this.assertOpen();
    const current = this.valueAt(key, this.revision);
    if (current) return { ok: false, current };
    return this.put(key, value, undefined);
  }

  async update(key: string, value: Buffer, expectedModRevision: number): Promise<WriteResult> {
    this.assertOpen();
    const current = this.valueAt(key, this.revision);
    if ((current?.modRevision ?? 0) !== expectedModRevision) return { ok: false, current };
    return this.put(key, value, current);
  }

  async delete(key: string, expectedModRevision?: number): Promise<DeleteResult> {
    this.assertOpen();
    const current = this.valueAt(key, this.revision);
    if (!current || (expectedModRevision !== undefined && current.modRevision !== expectedModRevision)) return { ok: false, prevKv: current };
    const rev = ++this.revision;
    this.versions.get(key)!.push({ rev });
    this.commit({ type: 'DELETE', kv: { key, value: Buffer.alloc(0), createRevision: 0, modRevision: rev }, prevKv: current, isCreate: false });
    return { ok: true, prevKv: current, revision: rev };
  }

  watch(prefix: string, opts: WatchOptions, callbacks: WatchCallbacks): Watch {
    if (this.closed) {
      queueMicrotask(() => callbacks.onError(new StoreUnavailableError('memory: store is closed')));
      return { cancel() {} };
    }
    return this.hub.watch(prefix, opts, callbacks);
  }

  requestProgress(): void {
    if (!this.closed) this.hub.requestProgress();
  }

  async compact(revision: number): Promise<void> {
    this.assertOpen();
    if (revision <= this.compacted) throw new CompactedError(this.compacted, this.revision);
    if (revision > this.revision) throw new FutureRevisionError(revision, this.revision);
    this.compacted = revision;
    // Keep, per key, the newest version at or below the compaction point and all after it.
    for (let i = 0; i < this.keys.length; ) {
      const key = this.keys[i]!;
      const vs = this.versions.get(key)!;
      let keepFrom = 0;
      for (let j = 0; j < vs.length && vs[j]!.rev <= revision; j++) keepFrom = j;
      const kept = vs.slice(keepFrom);
      if (kept.length === 1 && !kept[0]!.kv && kept[0]!.rev <= revision) {
        this.versions.delete(key);
        this.keys.splice(i, 1);
        continue;
      }
      this.versions.set(key, kept);
      i++;
    }
    const drop = Math.max(0, revision - this.logStart);
    this.log = this.log.slice(drop);
    this.logStart += drop;
  }

  /**
   * Replace the whole contents in one step (the in-process test server's reset): the
   * store then holds `contents` (keys `keep` selects excepted) plus the keys `keep`
   * selects as they are now, at one new revision. A key whose value is unchanged keeps
   * its revisions; a changed or re-created one is written at the new revision. History
   * before it is compacted away and every watch ends with CompactedError, so watchers
   * (the watch caches) re-list, as after an etcd compaction past their position.
   */
  replaceContents(contents: readonly KeyValue[], keep: (key: string) => boolean): void {
    this.assertOpen();
    const rev = this.revision + 1;
    const next = new Map<string, KeyValue>();
    for (const kv of contents) {
      if (keep(kv.key)) continue;
      const cur = this.valueAt(kv.key, this.revision);
      next.set(kv.key, cur && cur.value.equals(kv.value) ? cur : { key: kv.key, value: Buffer.from(kv.value), createRevision: cur?.createRevision ?? rev, modRevision: rev });
    }
    for (const key of this.keys) {
      if (!keep(key)) continue;
      const cur = this.valueAt(key, this.revision);
      if (cur) next.set(key, cur);
    }
    this.keys = [...next.keys()].sort();
    this.versions = new Map([...next].map(([key, kv]) => [key, [{ rev: kv.modRevision, kv }]]));
    this.revision = rev;
    this.compacted = rev;
    this.log = [];
    this.logStart = rev + 1;
    this.hub.restart(rev, new CompactedError(rev, rev));
  }

  async check(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.close();
  }

  private put(key: string, value: Buffer, current: KeyValue | undefined): WriteResult {
    const rev = ++this.revision;
    const kv: KeyValue = { key, value: Buffer.from(value), createRevision: current?.createRevision ?? rev, modRevision: rev };
    let vs = this.versions.get(key);
    if (!vs) {
      vs = [];
      this.versions.set(key, vs);
      this.keys.splice(lowerBound(this.keys, key), 0, key);
    }
    vs.push({ rev, kv });
    this.commit({ type: 'PUT', kv, prevKv: current, isCreate: current === undefined });
    return { ok: true, kv, prevKv: current };
  }

  private commit(ev: StoreEvent): void {
    this.log.push(ev);
    this.hub.publish([ev], this.revision);
  }

  private history(b: KeyBounds, from: number, to: number): StoreEvent[] {
    const out: StoreEvent[] = [];
    for (let rev = Math.max(from, this.logStart); rev <= to; rev++) {
      const ev = this.log[rev - this.logStart];
      if (ev && inBounds(ev.kv.key, b)) out.push(ev);
    }
    return out;
  }

  private valueAt(key: string, rev: number): KeyValue | undefined {
    const vs = this.versions.get(key);
    if (!vs) return undefined;
    for (let j = vs.length - 1; j >= 0; j--) if (vs[j]!.rev <= rev) return vs[j]!.kv;
    return undefined;
  }

  private readRevision(requested: number | undefined): number {
    if (!requested || requested <= 0) return this.revision;
    if (requested < this.compacted) throw new CompactedError(this.compacted, this.revision);
    if (requested > this.revision) throw new FutureRevisionError(requested, this.revision);
    return requested;
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreUnavailableError('memory: store is closed');
  }
}

/** The first index whose key is >= key. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
