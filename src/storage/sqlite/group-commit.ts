// Group commit: writes submitted in the same event-loop turn, or while a batch is being
// committed, go into the next batch. One batch is in flight at a time, so batches commit
// in submission order and each op sees the effect of every op submitted before it.
import type { BatchResult, OpResult, WriteOp } from './write-engine.js';

export interface BatchWriter {
  /** Apply the ops in order in one durable transaction. */
  commit(ops: WriteOp[]): Promise<BatchResult>;
}

interface Pending {
  op: WriteOp;
  resolve(result: OpResult): void;
  reject(err: Error): void;
}

export class GroupCommitter {
  private queue: Pending[] = [];
  private inFlight = false;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];
  /** Transactions committed and ops submitted to them (failed CAS included). */
  readonly stats = { commits: 0, ops: 0 };

  /**
   * @param onCommitted runs after a batch is durable and before any of its promises
   *   resolve (the store publishes watch events there).
   */
  constructor(
    private readonly writer: BatchWriter,
    private readonly onCommitted: (ops: WriteOp[], batch: BatchResult) => void,
    private readonly wrapError: (err: unknown) => Error,
    private readonly maxBatch = 1000,
  ) {}

  submit(op: WriteOp): Promise<OpResult> {
    return new Promise<OpResult>((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once every submitted op has been committed (or has failed). */
  drain(): Promise<void> {
    if (!this.inFlight && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.inFlight || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.queue.length === 0) return;
    this.inFlight = true;
    const batch = this.queue.length <= this.maxBatch ? this.queue : this.queue.slice(0, this.maxBatch);
    this.queue = this.queue.length <= this.maxBatch ? [] : this.queue.slice(this.maxBatch);
    const ops = batch.map((p) => p.op);
    try {
      const result = await this.writer.commit(ops);
      this.stats.commits++;
      this.stats.ops += ops.length;
      try {
        this.onCommitted(ops, result);
      } finally {
        batch.forEach((p, i) => p.resolve(result.results[i]!));
      }
    } catch (err) {
      const error = this.wrapError(err);
      for (const p of batch) p.reject(error);
    } finally {
      this.inFlight = false;
      if (this.queue.length > 0) this.schedule();
      else for (const w of this.idleWaiters.splice(0)) w();
    }
  }
}
