// Long work on the main thread (a watch cache's load, an informer's initial state) runs in
// slices of a few milliseconds and yields to the event loop between them, so requests
// queued behind it (a /readyz, a GET) are answered meanwhile.

import { setImmediate as nextTurn } from 'node:timers/promises';

export class TimeSlice {
  private start = performance.now();

  constructor(private readonly sliceMs: number) {}

  /** The current slice has run its time. */
  get due(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  /** Yields to the event loop and starts a new slice. */
  async yield(): Promise<void> {
    await nextTurn();
    this.start = performance.now();
  }
}
