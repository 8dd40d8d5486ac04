// Hands a response's bytes to its connection at most PIECE_BYTES at a time, the next piece
// once the connection has taken the last. Node's TLS layer sizes its output buffer for a
// whole write (and writes issued while one is in flight are joined into one) and keeps that
// buffer as long as the connection is open: one 46 MB write pins 46 MB for the life of an
// HTTP/1.1 keep-alive connection, a burst of 1,000 watch events 4.5 MB for the life of the
// watch (bench/memory.ts found the first at 100,000 objects). Paced, it is 256 KiB.

/** The part of a response (or of a gzip stream in front of it) the writer uses. */
export interface PacedOutput {
  write(chunk: Buffer): boolean;
  end(): void;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
  readonly writableLength?: number;
}

export const PIECE_BYTES = 256 * 1024;

export class PacedWriter {
  private queue: Buffer[] = [];
  private head = 0;
  private queued = 0;
  private waiting = false;
  private ending = false;
  private takers: (() => void)[] = [];

  constructor(private readonly out: PacedOutput) {}

  /** Bytes written here that the connection has not taken yet (queued here or buffered by the response). */
  get pending(): number {
    return this.queued + (this.out.writableLength ?? 0);
  }

  write(bytes: Buffer): void {
    if (this.ending || this.out.destroyed) return;
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) this.queue.push(at === 0 && bytes.length <= PIECE_BYTES ? bytes : bytes.subarray(at, at + PIECE_BYTES));
    this.queued += bytes.length;
    if (!this.waiting) this.flush();
  }

  /** Resolves once the connection has been handed everything written so far, or is gone. */
  taken(): Promise<void> {
    if (this.head >= this.queue.length || this.out.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.takers.push(resolve));
  }

  /** Ends the response once everything written has been handed on. */
  end(): void {
    if (this.ending) return;
    this.ending = true;
    if (!this.waiting) this.flush();
  }

  private flush(): void {
    const out = this.out;
    let taken = 0;
    while (this.head < this.queue.length) {
      if (out.destroyed) return this.drop();
      if (taken >= PIECE_BYTES) return this.wait('immediate');
      const piece = this.queue[this.head++]!;
      if (this.head >= 1024) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.queued -= piece.length;
      taken += piece.length;
      if (!out.write(piece)) return this.wait('drain');
    }
    this.queue = [];
    this.head = 0;
    this.release();
    if (this.ending && !out.destroyed && !out.writableEnded) out.end();
  }

  private release(): void {
    const takers = this.takers;
    this.takers = [];
    for (const t of takers) t();
  }

  /** The next piece after the connection drains (or goes), or on the next turn of the loop. */
  private wait(until: 'drain' | 'immediate'): void {
    this.waiting = true;
    const resume = () => {
      this.out.removeListener('drain', resume);
      this.out.removeListener('close', resume);
      this.out.removeListener('error', resume);
      this.waiting = false;
      this.flush();
    };
    if (until === 'immediate') {
      setImmediate(resume);
      return;
    }
    this.out.once('drain', resume);
    this.out.once('close', resume);
    this.out.once('error', resume);
  }

  private drop(): void {
    this.queue = [];
    this.head = 0;
    this.queued = 0;
    this.release();
  }
}
