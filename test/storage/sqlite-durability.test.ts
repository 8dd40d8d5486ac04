// The in-thread SQLite writer (src/storage/sqlite/writer.ts) commits with synchronous=NORMAL
// and makes each commit durable with an fdatasync of the WAL on libuv's thread pool before the
// write resolves; reads wait for a pending sync; the writer checkpoints itself, syncing the
// database file before the next write may reuse the WAL. A slowed-down (still real) fdatasync
// holds the windows open long enough to look inside them.
import assert from 'node:assert/strict';
import { fdatasync, fstatSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { StoreUnavailableError } from '../../src/storage/store.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { SyncFile } from '../../src/storage/sqlite/writer.js';

interface SyncCall {
  /** The synced file's inode. */
  ino: number;
  startedAt: number;
  doneAt?: number;
}

/** fdatasync, answered `delayMs` after it returned; every call is recorded. */
function slowSync(delayMs: number, fail?: () => boolean): { syncFile: SyncFile; calls: SyncCall[] } {
  const calls: SyncCall[] = [];
  const syncFile: SyncFile = (fd, callback) => {
    const call: SyncCall = { ino: fstatSync(fd).ino, startedAt: performance.now() };
    calls.push(call);
    fdatasync(fd, (err) =>
      setTimeout(() => {
        call.doneAt = performance.now();
        callback(err ?? (fail?.() ? Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }) : null));
      }, delayMs),
    );
  };
  return { syncFile, calls };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 1));
};

describe('SqliteStore in-thread writer: durability off the event loop', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skiff-sqlite-sync-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let n = 0;
  const dbPath = () => join(dir, `s${n++}.db`);

  it('a write resolves after its WAL sync, and a read issued meanwhile waits for that sync before it sees the write', async () => {
    const path = dbPath();
    const { syncFile, calls } = slowSync(80);
    const store = SqliteStore.open(path, { syncFile });
    try {
      await store.create('/first', Buffer.from('1'));
      const walIno = statSync(`${path}-wal`).ino;
      assert.ok(calls.length >= 1 && calls.every((c) => c.ino === walIno), 'each commit syncs the WAL');
      const before = calls.length;
      let writeDoneAt = 0;
      const write = store.create('/k', Buffer.from('v')).then((r) => ((writeDoneAt = performance.now()), r));
      // The batch is applied and its sync is under way: the row is on the connection, not yet on disk.
      await until(() => calls.length > before);
      const sync = calls[calls.length - 1]!;
      const read = await store.get('/k');
      const readDoneAt = performance.now();
      assert.ok(sync.doneAt !== undefined && readDoneAt >= sync.doneAt, 'the read waited for the sync');
      assert.equal(read.kv?.value.toString(), 'v', 'and then sees the write');
      const written = await write;
      assert.ok(written.ok);
      assert.ok(writeDoneAt >= sync.doneAt!, 'the write resolved after its sync');
      assert.equal(read.revision, written.kv.modRevision);
    } finally {
      await store.close();
    }
  });

  it('a failed sync fails its write and every later one, and reads answer unavailable: nothing not on disk is served', async () => {
    const path = dbPath();
    let failing = false;
    const { syncFile } = slowSync(0, () => failing);
    const store = SqliteStore.open(path, { syncFile });
    try {
      await store.create('/ok', Buffer.from('1'));
      failing = true;
      await assert.rejects(store.create('/lost', Buffer.from('2')), (e: unknown) => e instanceof StoreUnavailableError && /fdatasync of the WAL failed: EIO/.test((e as Error).message));
      failing = false;
      await assert.rejects(store.create('/after', Buffer.from('3')), StoreUnavailableError);
      await assert.rejects(store.get('/ok'), StoreUnavailableError);
    } finally {
      await store.close().catch(() => undefined);
    }
  });

  it('checkpoints after ~1000 pages of WAL: the data reaches the database file, whose sync the next write waits for', async () => {
    const path = dbPath();
    const { syncFile, calls } = slowSync(30);
    const store = SqliteStore.open(path, { syncFile });
    try {
      await store.create('/first', Buffer.from('1'));
      const dbIno = statSync(path).ino;
      const sizeBefore = statSync(path).size;
      // 8 KiB values: 4 pages each by the writer's count, 300 of them well past 1000 pages.
      const value = Buffer.alloc(8192, 0x61);
      for (let i = 0; i < 300; i += 30) await Promise.all(Array.from({ length: 30 }, (_, j) => store.create(`/big/${i + j}`, value)));
      const dbSyncs = calls.filter((c) => c.ino === dbIno);
      assert.ok(dbSyncs.length >= 1, 'the database file was synced after a checkpoint');
      assert.ok(statSync(path).size > sizeBefore + 1024 * 1024, `the WAL was copied into the database file (${sizeBefore} -> ${statSync(path).size} bytes)`);
      // No WAL sync (a later write) started while a database sync was pending.
      for (const d of dbSyncs) {
        const overlapping = calls.filter((c) => c.ino !== dbIno && c.startedAt > d.startedAt && (d.doneAt === undefined || c.startedAt < d.doneAt));
        assert.deepEqual(overlapping, [], 'writes wait for the checkpoint\'s sync');
      }
      for (let i = 0; i < 300; i++) assert.equal((await store.get(`/big/${i}`)).kv?.value.length, 8192);
    } finally {
      await store.close();
    }
  });
});
