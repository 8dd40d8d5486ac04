// The Retry-After a rejected request is told: 1 s, doubled (up to 32 s) while a priority
// level keeps rejecting at least 3 requests per second of the current value, and eased
// back by one when rejections calm down (upstream dropped_requests_tracker.go).

const MAX_RETRY_AFTER = 32;

class LevelStats {
  private history: { unix: number; requests: number }[] = [];
  private currentUnix = 0;
  private currentCount = 0;
  retryAfter = 1;
  private retryAfterUpdateUnix = 0;

  record(unix: number): void {
    if (this.currentUnix === unix) {
      this.currentCount++;
      return;
    }
    this.updateHistory(this.currentUnix, this.currentCount);
    this.currentUnix = unix;
    this.currentCount = 1;
    this.updateRetryAfter(unix);
  }

  private updateHistory(unix: number, count: number): void {
    this.history.push({ unix, requests: count });
    const maxHistory = Math.min(2 * this.retryAfter, MAX_RETRY_AFTER);
    let start = 0;
    while (start < this.history.length && unix - this.history[start]!.unix > maxHistory) start++;
    if (start > 0) this.history = this.history.slice(start);
  }

  private updateRetryAfter(unix: number): void {
    let dropped = 0;
    for (let i = this.history.length - 1; i >= 0; i--) {
      const h = this.history[i]!;
      if (unix - h.unix > this.retryAfter) break;
      if (h.unix < unix) dropped += h.requests;
    }
    if (unix - this.retryAfterUpdateUnix >= this.retryAfter && dropped >= 3 * this.retryAfter) {
      this.retryAfter = Math.min(this.retryAfter * 2, MAX_RETRY_AFTER);
      this.retryAfterUpdateUnix = unix;
      return;
    }
    if (dropped < this.retryAfter && this.retryAfter > 1) this.retryAfter--;
  }
}

export class DroppedRequestsTracker {
  private readonly levels = new Map<string, LevelStats>();

  constructor(private readonly nowUnix: () => number = () => Math.floor(Date.now() / 1000)) {}

  recordDroppedRequest(priorityLevel: string): void {
    let s = this.levels.get(priorityLevel);
    if (!s) this.levels.set(priorityLevel, (s = new LevelStats()));
    s.record(this.nowUnix());
  }

  retryAfter(priorityLevel: string): number {
    return this.levels.get(priorityLevel)?.retryAfter ?? 1;
  }
}
