// The embedded Store: better-sqlite3 in WAL mode, each commit synced before it is acknowledged (writer.ts), group commit,
// a revision log for history and watch replay, and compaction.
import {
  CompactedError,
  FutureRevisionError,
  StoreUnavailableError,
  type DeleteResult,
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
import { GroupCommitter } from './group-commit.js';
import { SqliteReader } from './reader.js';
import { openDatabase, PAGE_CACHE_BYTES, type SqliteDatabase } from './schema.js';
import { WatchHub } from '../watch-hub.js';
import type { BatchResult, WriteOp } from './write-engine.js';
import { InThreadWriter, type SyncFile, type Writer } from './writer.js';
import { WorkerWriter } from './worker-writer.js';
import { noteReleased, onReduce } from '../../util/memory-reducer.js';

export interface SqliteStoreOptions {
  /** How often idle watchers that asked for progress notifications get one. Default 100 ms; 0 disables. */
  progressIntervalMs?: number;
  /** Most writes committed in one transaction. Default 1000. */
  maxBatch?: number;
  /**
   * Where commits run: 'thread' (default) on the calling thread, each commit's fsync on
   * libuv's thread pool (writer.ts); 'worker' in a worker thread with its own connection
   * (synchronous=FULL there: ~16 MiB more RSS and a message each way per batch).
   */
  writer?: 'thread' | 'worker';
  /** The in-thread writer's file sync (default node:fs fdatasync; tests slow it down to watch the window it covers). */
  syncFile?: SyncFile;
}

export class SqliteStore implements Store {
  readonly name = 'sqlite';
  private readonly reader: SqliteReader;
  private readonly committer: GroupCommitter;
  private readonly hub: WatchHub;
  private compacted: number;
  private compaction?: Promise<void>;
  private closing = false;
  private closed?: Promise<void>;

  private readonly stopReducing: () => void;

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly writer: Writer,
    opts: SqliteStoreOptions,
  ) {
    this.reader = new SqliteReader(db, () => this.compacted);
    // The read connection's page cache holds pages of objects long deleted: the process's
    // memory reducer empties it (SQLite reads them back from the OS's cache when needed).
    this.stopReducing = onReduce(() => db.pragma('shrink_memory'));
    this.compacted = this.reader.metaValue('compacted');
    this.hub = new WatchHub(
      { history: (b, from, to) => this.reader.history(b, from, to), compactedRevision: () => this.compacted },
      this.reader.revision(),
      { progressIntervalMs: opts.progressIntervalMs ?? 100 },
    );
    this.committer = new GroupCommitter(
      writer,
      (ops, batch) => this.publish(ops, batch),
      (err) => unavailable(err),
      opts.maxBatch ?? 1000,
    );
    // Finish a physical compaction interrupted by a crash.
    if (this.reader.metaValue('compact_done') < this.compacted) void this.runCompaction().catch(() => {});
  }

  /** Open (creating if needed) the store in the SQLite file at path. */
  static open(path: string, opts: SqliteStoreOptions = {}): SqliteStore {
    const db = openDatabase(path);
    try {
      const writer = opts.writer === 'worker' ? new WorkerWriter(path) : new InThreadWriter(db, opts.syncFile);
      return new SqliteStore(db, writer, opts);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * The latest committed revision whose events have been handed to live watchers: a
   * watcher that is caught up has seen every change up to the value returned here.
   */
  async currentRevision(): Promise<number> {
    this.assertOpen();
    return this.hub.publishedRevision();
  }

  async compactedRevision(): Promise<number> {
    this.assertOpen();
    return this.compacted;
  }

  async get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }> {
    this.assertOpen();
    await this.durable();
    return this.read(() => this.reader.get(key, revision));
  }

  async range(prefix: string, opts?: RangeOptions): Promise<RangeResult> {
    this.assertOpen();
    await this.durable();
    return this.read(() => this.reader.range(prefix, opts));
  }

  create(key: string, value: Buffer): Promise<WriteResult> {
    return this.write({ op: 'create', key, value: Buffer.from(value) }) as Promise<WriteResult>;
  }

  update(key: string, value: Buffer, expectedModRevision: number): Promise<WriteResult> {
    return this.write({ op: 'update', key, value: Buffer.from(value), expected: expectedModRevision }) as Promise<WriteResult>;
  }

  async delete(key: string, expectedModRevision?: number): Promise<DeleteResult> {
    const r = await this.write({ op: 'delete', key, expected: expectedModRevision });
    return r.ok ? { ok: true, prevKv: r.prevKv, revision: r.kv.modRevision } : { ok: false, prevKv: r.current };
  }

  watch(prefix: string, opts: WatchOptions, callbacks: WatchCallbacks): Watch {
    if (this.closing) {
      queueMicrotask(() => callbacks.onError(new StoreUnavailableError('sqlite: store is closed')));
      return { cancel() {} };
    }
    return this.hub.watch(prefix, opts, callbacks);
  }

  /**
   * Like etcd's RequestProgress: synchronously sends onProgress(currentRevision) to every
   * caught-up watcher that asked for progress notifications, so a cache can confirm it
   * is current without waiting for the next periodic notification.
   */
  requestProgress(): void {
    if (!this.closing) this.hub.requestProgress();
  }

  /**
   * Drop history below revision, as etcd does: afterwards reads below it and watches
   * starting below it fail with CompactedError. Like etcd, compacting at or below the
   * current compaction point throws CompactedError, and above the current revision
   * FutureRevisionError. Resolves when the history is physically removed.
   */
  async compact(revision: number): Promise<void> {
    this.assertOpen();
    const current = this.hub.publishedRevision();
    if (revision <= this.compacted) throw new CompactedError(this.compacted, current);
    if (revision > current) throw new FutureRevisionError(revision, current);
    await this.writer.markCompacted(revision).catch((err: unknown) => {
      throw unavailable(err);
    });
    if (revision > this.compacted) this.compacted = revision;
    while (!this.closing && this.reader.metaValue('compact_done') < revision) await this.runCompaction();
  }

  /** Group-commit counters: transactions committed and write ops they carried. */
  stats(): { commits: number; ops: number } {
    return { ...this.committer.stats };
  }

  async check(): Promise<void> {
    this.assertOpen();
    this.read(() => this.reader.revision());
  }

  close(): Promise<void> {
    if (!this.closed) this.closed = this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing = true;
    await this.committer.drain();
    await this.compaction?.catch(() => {});
    this.hub.close();
    await this.writer.close();
    this.stopReducing();
    this.db.close();
  }

  private write(op: WriteOp) {
    if (this.closing) return Promise.reject(new StoreUnavailableError('sqlite: store is closed'));
    return this.committer.submit(op);
  }

  private publish(ops: WriteOp[], batch: BatchResult): void {
    const events: StoreEvent[] = [];
    batch.results.forEach((r, i) => {
      if (!r.ok) return;
      const type = ops[i]!.op === 'delete' ? 'DELETE' : 'PUT';
      events.push({ type, kv: r.kv, prevKv: r.prevKv, isCreate: type === 'PUT' && r.prevKv === undefined });
    });
    this.hub.publish(events, batch.revision);
  }

  /** One compaction loop at a time; it chases the latest compaction point. */
  private runCompaction(): Promise<void> {
    if (!this.compaction) {
      this.compaction = (async () => {
        try {
          while (!this.closing && !(await this.writer.compactStep(this.compacted))) {
            await new Promise((r) => setImmediate(r));
          }
          // The finished compaction gave the writer's page cache back to malloc (shrink_memory):
          // a trim returns it to the OS, so the reducer is told, as for any released memory.
          if (!this.closing) noteReleased(PAGE_CACHE_BYTES);
        } finally {
          this.compaction = undefined;
        }
      })();
    }
    return this.compaction;
  }

  /** Waits for the writer's pending sync, if any: reads never see a write before it is durable. */
  private async durable(): Promise<void> {
    const pending = this.writer.settled?.();
    if (pending) await pending.catch((err: unknown) => Promise.reject(unavailable(err)));
  }

  private read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof CompactedError || err instanceof FutureRevisionError) throw err;
      throw unavailable(err);
    }
  }

  private assertOpen(): void {
    if (this.closing) throw new StoreUnavailableError('sqlite: store is closed');
  }
}

function unavailable(err: unknown): Error {
  if (err instanceof StoreUnavailableError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new StoreUnavailableError(`sqlite: ${message}`);
}
