// `skiff snapshot save --etcd-servers` against a gRPC server on loopback that speaks
// etcd's Maintenance service the way etcd does (server/etcdserver/api/v3rpc/maintenance.go:
// the database in pieces with remaining_bytes, then one message holding its sha256), and
// that can also misbehave: a wrong digest, a stream cut short, an error status. A save
// keeps only a verified file; anything else leaves nothing behind and exits 1.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCommand } from '../../src/cli/snapshot.js';
import { frame } from '../../src/storage/etcd/grpc.js';
import { ProtoWriter } from '../../src/storage/etcd/protowire.js';

type Behaviour = 'good' | 'wrong-digest' | 'cut-short' | 'denied';

/** A 48 KiB "bbolt file": the meta page magic at offset 16, the rest a pattern. */
const DB = Buffer.alloc(48 * 1024, 7);
DB.writeUInt32LE(0xed0cdaed, 16);
const DIGEST = createHash('sha256').update(DB).digest();
const PIECE = 16 * 1024;

const base = mkdtempSync(join(tmpdir(), 'skiff-snapshot-stream-'));
let server: http2.Http2Server;
let endpoint = '';
let behaviour: Behaviour = 'good';

function respond(stream: http2.ServerHttp2Stream, messages: Buffer[], status = 0, message = ''): void {
  stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': String(status), ...(message ? { 'grpc-message': encodeURIComponent(message) } : {}) }));
  for (const m of messages) stream.write(frame(m));
  stream.end();
}

const snapshotMessage = (remaining: number, blob: Buffer) => new ProtoWriter().uint(2, remaining).bytes(3, blob).finish();

before(async () => {
  server = http2.createServer();
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    stream.resume();
    const path = headers[':path'];
    if (path === '/etcdserverpb.Maintenance/Status') {
      respond(stream, [new ProtoWriter().message(1, (h) => h.uint(3, 4242)).bytes(2, Buffer.from('3.5.99')).finish()]);
      return;
    }
    if (path !== '/etcdserverpb.Maintenance/Snapshot') {
      respond(stream, [], 12, 'unknown method');
      return;
    }
    if (behaviour === 'denied') {
      respond(stream, [], 7, 'etcdserver: permission denied');
      return;
    }
    const pieces: Buffer[] = [];
    for (let off = 0; off < DB.length; off += PIECE) pieces.push(snapshotMessage(DB.length - off - PIECE, DB.subarray(off, off + PIECE)));
    if (behaviour === 'cut-short') pieces.pop();
    else pieces.push(snapshotMessage(0, behaviour === 'wrong-digest' ? createHash('sha256').update('something else').digest() : DIGEST));
    respond(stream, pieces);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(base, { recursive: true, force: true });
});

async function save(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runSnapshotCommand(['save', file, `--etcd-servers=${endpoint}`], { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

describe('skiff snapshot save over the Maintenance.Snapshot stream', () => {
  it('keeps the database and its trailing sha256, as etcdctl does', async () => {
    behaviour = 'good';
    const file = join(base, 'good.snap');
    const r = await save(file);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `Snapshot saved at ${file} (etcd 3.5.99, ${DB.length + 32} bytes, revision 4242 or later)\n`);
    assert.ok(readFileSync(file).equals(Buffer.concat([DB, DIGEST])));
  });

  for (const [b, pattern] of [
    ['wrong-digest', /^Error: snapshot sha256 mismatch: the database etcd sent does not match its digest\n$/],
    ['cut-short', /^Error: etcd ended the snapshot stream early: no sha256 digest at its end\n$/],
    ['denied', /^Error: etcd http:\/\/127\.0\.0\.1:\d+: etcdserver: permission denied\n$/],
  ] as const) {
    it(`refuses a stream that is ${b} and leaves no file behind`, async () => {
      behaviour = b;
      const dir = join(base, b);
      const file = join(dir, 'x.snap');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const r = await save(file);
      assert.equal(r.code, 1);
      assert.match(r.stderr, pattern);
      assert.ok(!existsSync(file));
      assert.deepEqual(readdirSync(dir), [], 'no .part file left');
    });
  }
});
