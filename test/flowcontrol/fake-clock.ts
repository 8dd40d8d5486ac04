import type { Clock } from '../../src/flowcontrol/queueset.js';

/** A manual clock for the pure fair-queuing core. */
export class FakeClock implements Clock {
  t = 0;
  private timers: { at: number; fn: () => void }[] = [];
  now(): number {
    return this.t;
  }
  after(ms: number, fn: () => void): void {
    this.timers.push({ at: this.t + ms, fn });
  }
  advance(ms: number): void {
    const until = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > until) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = until;
  }
}
