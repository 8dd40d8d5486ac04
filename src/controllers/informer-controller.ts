// What every in-process controller shares: an informer that feeds a work queue. Starting
// starts the informer; stopping stops both; idle() is when the queue has drained.

import type { Informer } from './informer.js';
import type { WorkQueue } from './queue.js';

export abstract class InformerController<Item> {
  protected abstract readonly informer: Informer;
  protected abstract readonly queue: WorkQueue<Item>;

  /**
   * Starts the informer; the queue's worker runs only once the initial state has been
   * delivered (upstream's WaitForCacheSync before the workers), so no item is processed
   * against a half-filled view — e.g. an aggregated ClusterRole written from some of its parts.
   */
  async start(): Promise<void> {
    this.queue.hold();
    try {
      await this.informer.start();
    } finally {
      this.queue.release();
    }
  }

  stop(): void {
    this.informer.stop();
    this.queue.stop();
  }

  /** Resolves when nothing is queued (for tests). */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}
