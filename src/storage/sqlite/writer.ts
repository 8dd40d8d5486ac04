// Where the write connection lives. The in-thread writer runs the engine on the calling
// thread: a commit (and its fsync) blocks the event loop for its duration.
import type { BatchWriter } from './group-commit.js';
import type { SqliteDatabase } from './schema.js';
import { WriteEngine, type BatchResult, type WriteOp } from './write-engine.js';

export interface Writer extends BatchWriter {
  /** Durably record a new compaction point. */
  markCompacted(revision: number): Promise<void>;
  /** Remove one step of history below revision; true when done. */
  compactStep(revision: number): Promise<boolean>;
  close(): Promise<void>;
}

export class InThreadWriter implements Writer {
  private readonly engine: WriteEngine;

  constructor(private readonly db: SqliteDatabase) {
    this.engine = new WriteEngine(db);
  }

  async commit(ops: WriteOp[]): Promise<BatchResult> {
    return this.engine.applyBatch(ops);
  }

  async markCompacted(revision: number): Promise<void> {
    this.engine.markCompacted(revision);
  }

  async compactStep(revision: number): Promise<boolean> {
    return this.engine.compactStep(revision);
  }

  async close(): Promise<void> {
    // The connection is shared with the reader; the store closes it.
  }
}
