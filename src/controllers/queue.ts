// A work queue as controllers use it: keys are deduplicated while waiting,
// one worker processes them in order, and failures come back after a backoff.

export class WorkQueue<T> {
  private readonly pending = new Map<string, T>();
  private readonly delayed = new Map<string, NodeJS.Timeout>();
  private readonly failures = new Map<string, number>();
  private running = false;
  private stopped = false;
  /** While held, items wait: workers start only once the informer's initial state is complete. */
  private held = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly keyOf: (item: T) => string,
    private readonly process: (item: T) => Promise<void>,
    private readonly onError: (item: T, err: unknown) => void = () => undefined,
  ) {}

  add(item: T): void {
    if (this.stopped) return;
    this.pending.set(this.keyOf(item), item);
    if (!this.running && !this.held) void this.drain();
  }

  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    if (!this.running && this.pending.size > 0) void this.drain();
  }

  /** Add after a delay (e.g. to re-check later). */
  addAfter(item: T, ms: number): void {
    if (this.stopped) return;
    const key = this.keyOf(item);
    if (this.delayed.has(key)) return;
    const t = setTimeout(() => {
      this.delayed.delete(key);
      this.add(item);
    }, ms);
    t.unref();
    this.delayed.set(key, t);
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (!this.stopped && this.pending.size > 0) {
      const [key, item] = this.pending.entries().next().value as [string, T];
      this.pending.delete(key);
      try {
        await this.process(item);
        this.failures.delete(key);
      } catch (e) {
        const n = (this.failures.get(key) ?? 0) + 1;
        this.failures.set(key, n);
        this.onError(item, e);
        this.addAfter(item, Math.min(5 * 2 ** n, 5000));
      }
    }
    this.running = false;
    if (this.pending.size === 0 && this.delayed.size === 0) {
      for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  /** Resolves when nothing is queued, running or scheduled (for tests and shutdown). */
  idle(): Promise<void> {
    if (!this.running && this.pending.size === 0 && this.delayed.size === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  get length(): number {
    return this.pending.size;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.delayed.values()) clearTimeout(t);
    this.delayed.clear();
    this.pending.clear();
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
