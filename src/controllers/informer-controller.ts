// What every in-process controller shares: an informer that feeds a work queue. Starting
// starts the informer; stopping stops both; idle() is when the queue has drained.

import type { Informer } from './informer.js';
import type { WorkQueue } from './queue.js';

export abstract class InformerController<Item> {
  protected abstract readonly informer: Informer;
  protected abstract readonly queue: WorkQueue<Item>;

  start(): Promise<void> {
    return this.informer.start();
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
