// A large response body is handed to the connection a piece at a time (src/server/http.ts
// endWithBody): node's TLS layer sizes its output buffer for a whole write and keeps it while
// the connection is open, so one 46 MB write pinned 46 MB per keep-alive connection
// (bench/memory.ts, 100,000 objects: two such buffers after the deletecollections). The
// connection here is a real node Writable that takes each write on the next turn of the loop.

import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { endWithBody, type Res } from '../../src/server/http.js';
import { PacedWriter } from '../../src/server/paced-writer.js';

const PIECE = 256 * 1024;

/** A connection that records each write it is handed and how much it held at most before taking it. */
class Connection extends Writable {
  readonly writes: Buffer[] = [];
  heldAtMost = 0;
  private held = 0;
  /** Goes away (destroyed) instead of taking write number `dieAt`. */
  constructor(private readonly dieAt = Infinity) {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.writes.push(Buffer.from(chunk));
    this.held += chunk.length;
    this.heldAtMost = Math.max(this.heldAtMost, this.held);
    setImmediate(() => {
      this.held -= chunk.length;
      if (this.writes.length >= this.dieAt) this.destroy();
      else done();
    });
  }
}

const finished = (w: Writable) => new Promise<void>((resolve, reject) => w.once('finish', resolve).once('error', reject));

describe('large response bodies reach the connection in pieces', () => {
  it('a 5 MiB body: pieces of at most 256 KiB, each after the last was taken, in order', async () => {
    const body = Buffer.alloc(5 * 1024 * 1024 + 123);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) & 0xff;
    const conn = new Connection();
    const done = finished(conn);
    endWithBody(conn as unknown as Res, body);
    await done;
    assert.equal(conn.writes.length, Math.ceil(body.length / PIECE));
    assert.ok(conn.writes.every((w) => w.length <= PIECE));
    assert.ok(conn.heldAtMost <= PIECE, `the connection held ${conn.heldAtMost} bytes at once`);
    assert.deepEqual(Buffer.concat(conn.writes), body);
  });

  it('a body under 1 MiB is one write', async () => {
    const body = Buffer.from('x'.repeat(900 * 1024));
    const conn = new Connection();
    const done = finished(conn);
    endWithBody(conn as unknown as Res, body);
    await done;
    assert.equal(conn.writes.length, 1);
    assert.deepEqual(conn.writes[0], body);
  });

  it('stops writing once the connection is gone', async () => {
    const conn = new Connection(2);
    const closed = new Promise((r) => conn.once('close', r));
    endWithBody(conn as unknown as Res, Buffer.alloc(4 * 1024 * 1024));
    await closed;
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(conn.writes.length, 2);
    assert.equal(conn.writableEnded, false);
  });

  it('a burst of 1,000 watch frames written at once: the connection is handed at most 256 KiB at a time, in order', async () => {
    const conn = new Connection();
    const out = new PacedWriter(conn);
    const frames = Array.from({ length: 1000 }, (_, i) => Buffer.from(`{"type":"DELETED","object":{"n":${i},"pad":"${'p'.repeat(4500)}"}}\n`));
    const total = frames.reduce((n, f) => n + f.length, 0);
    for (const f of frames) out.write(f);
    assert.ok(conn.writableLength <= PIECE, `the connection was handed ${conn.writableLength} bytes at once`);
    assert.ok(out.pending >= total - PIECE, `pending ${out.pending} of ${total}`);
    await out.taken();
    const done = finished(conn);
    out.end();
    await done;
    assert.ok(conn.heldAtMost <= PIECE, `the connection held ${conn.heldAtMost} bytes at once`);
    assert.deepEqual(Buffer.concat(conn.writes), Buffer.concat(frames));
    assert.equal(out.pending, 0);
  });
});
