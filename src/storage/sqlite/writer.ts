// Where the write connection lives.
//
// The in-thread writer runs the engine on the calling thread, on the connection the reader
// shares, and keeps the fsync off the event loop: the connection commits with
// synchronous=NORMAL (in WAL mode: no sync at commit, the WAL synced before each checkpoint,
// the database after it and the WAL header when the WAL is reused), and each commit is then
// made durable by an fdatasync of the WAL file on libuv's thread pool. A commit resolves only
// after that, so nothing is acknowledged or published to watchers before it is on disk: the
// same guarantee as synchronous=FULL, without a second thread and connection of our own.
// Meanwhile the committed rows are visible on the connection, so reads wait for the pending
// sync (settled()): a reader never sees a write that a crash could still take back.
// Checkpoints are the writer's too (SQLite's automatic ones would fsync on the event loop):
// after about SQLite's default 1000 pages of WAL, the frames (each already synced) are copied
// into the database file without a sync, and the database file is synced on the thread pool
// before the next write, the first that may reuse the WAL and overwrite those frames.
import { close, closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BatchWriter } from './group-commit.js';
import type { SqliteDatabase } from './schema.js';
import { WriteEngine, type BatchResult, type WriteOp } from './write-engine.js';

export interface Writer extends BatchWriter {
  /** Durably record a new compaction point. */
  markCompacted(revision: number): Promise<void>;
  /** Remove one step of history below revision; true when done. */
  compactStep(revision: number): Promise<boolean>;
  /**
   * Resolves once no committed write awaits its sync: reads on a connection that sees
   * writes before they are durable wait for it (absent: reads never run ahead).
   */
  settled?(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** fdatasync's shape. */
export type SyncFile = (fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => void;

/** WAL pages after which the writer checkpoints (SQLite's wal_autocheckpoint default). */
const CHECKPOINT_PAGES = 1000;
/** Pages a write touches besides its value's own: the log's and the current table's B-tree pages. */
const PAGES_PER_WRITE = 2;
/** A compaction step rewrites an unknown number of pages: counted as this many. */
const PAGES_PER_COMPACTION_STEP = 100;
const PAGE_BYTES = 4096;

export class InThreadWriter implements Writer {
  private readonly engine: WriteEngine;
  /** The WAL file's descriptor, opened at the first sync (SQLite creates the file with its first write). */
  private walFd: number | undefined;
  /** The sync of the latest commit, until it is done. */
  private syncing: Promise<void> | undefined;
  /** The database file (':memory:' and temporary databases have nothing to sync). */
  private readonly path: string | undefined;
  /** A sync that failed: what was committed may not be on disk, so the writer serves no more. */
  private failure: Error | undefined;
  /** The database file's descriptor, opened at the first checkpoint. */
  private dbFd: number | undefined;
  /** WAL pages written since the last checkpoint (an estimate). */
  private walPages = 0;
  /** The database file's sync after a checkpoint, until it is done: the next write waits for it. */
  private checkpointed: Promise<void> | undefined;

  /** `syncFile`: node's fdatasync, run on libuv's thread pool (a test may delay its answer). */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly syncFile: SyncFile = fdatasync,
  ) {
    this.engine = new WriteEngine(db);
    this.path = db.memory || !db.name ? undefined : db.name;
    if (this.path) {
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_autocheckpoint = 0');
    }
  }

  async commit(ops: WriteOp[]): Promise<BatchResult> {
    await this.beforeWrite();
    const result = this.engine.applyBatch(ops);
    for (const op of ops) this.walPages += PAGES_PER_WRITE + (op.op === 'delete' ? 0 : Math.ceil(op.value.length / PAGE_BYTES));
    await this.afterWrite();
    return result;
  }

  async markCompacted(revision: number): Promise<void> {
    await this.beforeWrite();
    this.engine.markCompacted(revision);
    this.walPages += PAGES_PER_WRITE;
    await this.afterWrite();
  }

  async compactStep(revision: number): Promise<boolean> {
    await this.beforeWrite();
    const done = this.engine.compactStep(revision);
    this.walPages += PAGES_PER_COMPACTION_STEP;
    await this.afterWrite();
    return done;
  }

  private async beforeWrite(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.checkpointed) await this.checkpointed;
    if (this.failure) throw this.failure;
  }

  /** The write's sync, then a checkpoint when one is due. */
  private async afterWrite(): Promise<void> {
    await this.sync();
    if (this.path && this.walPages >= CHECKPOINT_PAGES && !this.checkpointed) this.checkpoint(this.path);
  }

  /** Copies the WAL into the database file with no sync on this thread; the file's sync follows on the pool. */
  private checkpoint(dbPath: string): void {
    this.walPages = 0;
    this.db.pragma('synchronous = OFF');
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
    const fd = (this.dbFd ??= openSync(dbPath, 'r+'));
    // A failure is kept in this.failure, which the next write throws.
    const tracked: Promise<void> = this.syncOnPool(fd, 'database')
      .catch(() => undefined)
      .finally(() => {
        if (this.checkpointed === tracked) this.checkpointed = undefined;
      });
    this.checkpointed = tracked;
  }

  settled(): Promise<void> | undefined {
    return this.failure ? Promise.reject(this.failure) : this.syncing;
  }

  async close(): Promise<void> {
    // The connection is shared with the reader; the store closes it (SQLite checkpoints then, syncing).
    await this.syncing?.catch(() => undefined);
    await this.checkpointed;
    for (const fd of [this.walFd, this.dbFd]) if (fd !== undefined) await new Promise((r) => close(fd, r));
    this.walFd = this.dbFd = undefined;
  }

  /** fdatasync of `fd` on the thread pool; a failure becomes the writer's, for good. */
  private syncOnPool(fd: number, file: 'WAL' | 'database'): Promise<void> {
    return new Promise<void>((resolve, reject) => this.syncFile(fd, (err) => (err ? reject(err) : resolve()))).catch((err: unknown) => {
      this.failure ??= new Error(`fdatasync of the ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw this.failure;
    });
  }

  /** fdatasync of the WAL on the thread pool; a sync that fails fails the commit it was for. */
  private sync(): Promise<void> {
    if (!this.path) return Promise.resolve();
    const fd = (this.walFd ??= this.openWal(`${this.path}-wal`));
    const tracked: Promise<void> = this.syncOnPool(fd, 'WAL').finally(() => {
      if (this.syncing === tracked) this.syncing = undefined;
    });
    this.syncing = tracked;
    return tracked;
  }

  /**
   * The WAL's descriptor. Its directory entry is synced once too (SQLite syncs a new journal's
   * directory, and a WAL created by this connection must survive power loss as its frames do).
   */
  private openWal(path: string): number {
    const fd = openSync(path, 'r+');
    try {
      const dir = openSync(dirname(path), 'r');
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
    } catch {
      // A directory that cannot be opened for reading: the WAL's frames are still synced.
    }
    return fd;
  }
}
