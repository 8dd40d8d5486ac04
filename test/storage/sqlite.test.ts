import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { CompactedError, StoreUnavailableError, type Store, type StoreEvent } from '../../src/storage/store.js';
import { SqliteStore, type SqliteStoreOptions } from '../../src/storage/sqlite/sqlite-store.js';
import { runStoreContract, type StoreFixture } from './contract.js';
import { MemoryReducer } from '../../src/util/memory-reducer.js';

const here = dirname(fileURLToPath(import.meta.url));

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'skiff-sqlite-'));
}

function sqliteFixture(opts: SqliteStoreOptions = {}) {
  return async (): Promise<StoreFixture> => {
    const dir = await tempDir();
    const path = join(dir, 'store.db');
    let current: Store = SqliteStore.open(path, { progressIntervalMs: 50, ...opts });
    return {
      store: current,
      reopen: async () => {
        current = SqliteStore.open(path, { progressIntervalMs: 50, ...opts });
        return current;
      },
      cleanup: async () => {
        await current.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };
}

runStoreContract('sqlite', sqliteFixture(), { reopen: true });
runStoreContract('sqlite with a worker-thread writer', sqliteFixture({ writer: 'worker' }), { reopen: true });

describe('SqliteStore', () => {
  let dir: string;
  before(async () => {
    dir = await tempDir();
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let n = 0;
  const dbPath = () => join(dir, `s${n++}.db`);

  it('continues revisions across many reopen cycles', async () => {
    const path = dbPath();
    let last = 0;
    for (let cycle = 0; cycle < 3; cycle++) {
      const store = SqliteStore.open(path);
      if (cycle > 0) assert.equal(await store.currentRevision(), last);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.create(`/re/${cycle}/${i}`, Buffer.from('x'))),
      );
      for (const r of results) assert.ok(r.ok);
      last = await store.currentRevision();
      await store.close();
    }
    const store = SqliteStore.open(path);
    assert.equal((await store.range('/re/', { countOnly: true })).count, 150);
    assert.equal(await store.currentRevision(), last);
    await store.close();
  });

  it('a finished compaction tells the memory reducer that its page cache was given back (so a trim follows)', async () => {
    const store = SqliteStore.open(dbPath());
    try {
      for (let i = 0; i < 20; i++) assert.ok((await store.create(`/gone/${i}`, Buffer.alloc(2000, i))).ok);
      for (let i = 0; i < 20; i++) await store.delete(`/gone/${i}`);
      const ran: string[] = [];
      const reducer = new MemoryReducer({ utilization: () => 0, rss: () => 0, settleTicks: 1, minGapMs: 0, sweepWaitMs: 0, collect: () => ran.push('gc'), trim: () => ran.push('trim') });
      assert.equal(reducer.tick(), false, 'nothing released yet');
      await store.compact(await store.currentRevision());
      assert.equal(reducer.tick(), true);
      assert.deepEqual(ran, ['gc', 'trim']);
    } finally {
      await store.close();
    }
  });

  it('an empty store starts at revision 1 and the first write gets revision 2, as etcd', async () => {
    const store = SqliteStore.open(dbPath());
    assert.equal(await store.currentRevision(), 1);
    const r = await store.create('/first', Buffer.from('1'));
    assert.ok(r.ok);
    assert.equal(r.kv.modRevision, 2);
    await store.close();
  });

  it('acknowledged writes are visible to a second handle while the first stays open', async () => {
    const path = dbPath();
    const first = SqliteStore.open(path);
    const kvs = await Promise.all(Array.from({ length: 20 }, (_, i) => first.create(`/h2/${i}`, Buffer.from(`v${i}`))));
    const second = SqliteStore.open(path);
    for (const r of kvs) {
      assert.ok(r.ok);
      assert.deepEqual((await second.get(r.kv.key)).kv, r.kv);
    }
    // Both handles can write: each commit continues from the file's latest revision.
    const x = await second.create('/h2/x', Buffer.from('x'));
    const y = await first.create('/h2/y', Buffer.from('y'));
    const z = await second.create('/h2/z', Buffer.from('z'));
    assert.ok(x.ok && y.ok && z.ok);
    assert.deepEqual([y.kv.modRevision, z.kv.modRevision], [x.kv.modRevision + 1, x.kv.modRevision + 2]);
    await second.close();
    await first.close();
  });

  it('keeps every acknowledged write when the writing process is killed with SIGKILL', async () => {
    const path = dbPath();
    const child = spawn(process.execPath, [join(here, 'fixtures', 'crash-writer.js'), '--crash-writer', path, '16'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked = new Map<string, number>();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      let partial = '';
      const timer = setTimeout(() => reject(new Error(`child produced ${acked.size} acks; stderr: ${stderr}`)), 20_000);
      child.stdout.on('data', (d: Buffer) => {
        partial += d.toString();
        const lines = partial.split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          const [, key, rev] = line.split(' ');
          acked.set(key!, Number(rev));
        }
        if (acked.size >= 500 && !child.killed) {
          child.kill('SIGKILL');
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (!child.killed) reject(new Error(`child exited early; stderr: ${stderr}`));
      });
    });
    await new Promise((r) => child.once('close', r));
    assert.equal(child.signalCode, 'SIGKILL');

    const store = SqliteStore.open(path);
    const maxAcked = Math.max(...acked.values());
    assert.ok((await store.currentRevision()) >= maxAcked);
    for (const [key, rev] of acked) {
      const kv = (await store.get(key)).kv;
      assert.ok(kv, `acknowledged ${key} survived`);
      assert.equal(kv.modRevision, rev);
      assert.equal(kv.value.toString(), `value of ${key}`);
    }
    // The store is usable afterwards and continues the revision sequence.
    const r = await store.create('/crash/after', Buffer.from('x'));
    assert.ok(r.ok);
    assert.equal(r.kv.modRevision, (await store.currentRevision()));
    await store.close();
  });

  it('group-commits concurrent writes into few transactions', async () => {
    const store = SqliteStore.open(dbPath());
    const before = store.stats();
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.create(`/gc/${i}`, Buffer.from('v'))));
    const mid = store.stats();
    assert.equal(mid.ops - before.ops, 300);
    assert.ok(mid.commits - before.commits <= 3, `300 parallel creates took ${mid.commits - before.commits} commits`);
    for (let i = 0; i < 5; i++) await store.create(`/gc/seq${i}`, Buffer.from('v'));
    assert.equal(store.stats().commits - mid.commits, 5, 'sequential writes commit one by one');
    await store.close();
  });

  it('compaction physically removes superseded history and tombstones', async () => {
    const path = dbPath();
    const store = SqliteStore.open(path);
    let kv = (await store.create('/pc/a', Buffer.from('0'))).ok ? (await store.get('/pc/a')).kv! : assert.fail();
    for (let i = 1; i <= 100; i++) {
      const r = await store.update('/pc/a', Buffer.from(String(i)), kv.modRevision);
      assert.ok(r.ok);
      kv = r.kv;
    }
    await store.create('/pc/gone', Buffer.from('x'));
    await store.delete('/pc/gone');
    await store.create('/pc/keep', Buffer.from('k'));
    const countRows = () => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare('SELECT COUNT(*) FROM log').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    assert.equal(countRows(), 104);
    await store.compact(await store.currentRevision());
    // Left: the latest /pc/a and /pc/keep (the newest revision, whose predecessor is none).
    assert.equal(countRows(), 2);
    assert.deepEqual((await store.get('/pc/a')).kv, kv);
    assert.equal((await store.range('/pc/')).count, 2);
    await store.close();
  });

  it('a watch from exactly the compacted revision still gets prevKv for the first event', async () => {
    const store = SqliteStore.open(dbPath());
    const a1 = await store.create('/cpk/a', Buffer.from('1'));
    assert.ok(a1.ok);
    const a2 = await store.update('/cpk/a', Buffer.from('2'), a1.kv.modRevision);
    assert.ok(a2.ok);
    await store.compact(a2.kv.modRevision);
    const events = await new Promise<StoreEvent[]>((resolve, reject) =>
      store.watch('/cpk/', { startRevision: a2.kv.modRevision }, { onEvents: resolve, onError: reject }),
    );
    assert.deepEqual(events[0]!.kv, a2.kv);
    assert.deepEqual(events[0]!.prevKv, a1.kv);
    await store.close();
  });

  it('finishes an interrupted compaction after reopen', async () => {
    const path = dbPath();
    let store = SqliteStore.open(path);
    let kv = (await store.create('/ic/a', Buffer.from('0'))).ok ? (await store.get('/ic/a')).kv! : assert.fail();
    for (let i = 1; i <= 50; i++) {
      const r = await store.update('/ic/a', Buffer.from(String(i)), kv.modRevision);
      assert.ok(r.ok);
      kv = r.kv;
    }
    await store.close();
    // As if the process died after recording the compaction point but before removing rows.
    const raw = new Database(path);
    raw.prepare(`UPDATE meta SET value = ? WHERE name = 'compacted'`).run(kv.modRevision);
    raw.close();

    store = SqliteStore.open(path);
    assert.equal(await store.compactedRevision(), kv.modRevision);
    await assert.rejects(store.get('/ic/a', kv.modRevision - 1), CompactedError);
    const deadline = Date.now() + 5000;
    let rows = Infinity;
    while (Date.now() < deadline) {
      const ro = new Database(path, { readonly: true });
      rows = ro.prepare('SELECT COUNT(*) FROM log').pluck().get() as number;
      ro.close();
      if (rows <= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(rows <= 2, `history left after resumed compaction: ${rows} rows`);
    assert.deepEqual((await store.get('/ic/a')).kv, kv);
    await store.close();
  });

  it('a throwing watch callback ends that watch only; writers and other watchers go on', async () => {
    const store = SqliteStore.open(dbPath());
    const errors: Error[] = [];
    const good: number[] = [];
    store.watch('/tw/', { startRevision: 0 }, {
      onEvents: () => {
        throw new Error('consumer bug');
      },
      onError: (err) => errors.push(err),
    });
    store.watch('/tw/', { startRevision: 0 }, {
      onEvents: (_events, rev) => good.push(rev),
      onError: (err) => errors.push(err),
    });
    const a = await store.create('/tw/a', Buffer.from('1'));
    const b = await store.create('/tw/b', Buffer.from('2'));
    assert.ok(a.ok && b.ok);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.message, 'consumer bug');
    assert.deepEqual(good, [a.kv.modRevision, b.kv.modRevision]);
    await store.close();
  });

  it('a caught-up watcher has seen a write by the time the write resolves', async () => {
    const store = SqliteStore.open(dbPath());
    const seen: number[] = [];
    store.watch('/sync/', { startRevision: 0 }, { onEvents: (_e, rev) => seen.push(rev), onError: () => {} });
    const r = await store.create('/sync/a', Buffer.from('1'));
    assert.ok(r.ok);
    assert.deepEqual(seen, [r.kv.modRevision]);
    assert.equal(await store.currentRevision(), r.kv.modRevision);
    await store.close();
  });

  it('requestProgress notifies caught-up progress watchers at once with the current revision', async () => {
    const store = SqliteStore.open(dbPath(), { progressIntervalMs: 0 });
    const a = await store.create('/rp/other', Buffer.from('1'));
    assert.ok(a.ok);
    const progress: number[] = [];
    const plain: number[] = [];
    store.watch('/rp/mine/', { startRevision: 0, progressNotify: true }, {
      onEvents: () => {},
      onProgress: (rev) => progress.push(rev),
      onError: () => {},
    });
    store.watch('/rp/mine/', { startRevision: 0 }, { onEvents: () => {}, onProgress: (rev) => plain.push(rev), onError: () => {} });
    const b = await store.create('/rp/other2', Buffer.from('2'));
    assert.ok(b.ok);
    store.requestProgress();
    assert.deepEqual(progress, [b.kv.modRevision]);
    assert.deepEqual(plain, [], 'only watchers that asked for progress');
    await store.close();
  });

  it('fails operations after close with StoreUnavailableError', async () => {
    const store = SqliteStore.open(dbPath());
    await store.close();
    await assert.rejects(store.get('/x'), StoreUnavailableError);
    await assert.rejects(store.create('/x', Buffer.from('1')), StoreUnavailableError);
    await assert.rejects(store.check(), StoreUnavailableError);
    const err = await new Promise<Error>((resolve) =>
      store.watch('/x', { startRevision: 0 }, { onEvents: () => {}, onError: resolve }),
    );
    assert.ok(err instanceof StoreUnavailableError);
    await store.close();
  });

  it('range over 5,000 keys of 1 KiB at the current and a past revision', async () => {
    const store = SqliteStore.open(dbPath());
    const value = Buffer.alloc(1024, 0x61);
    const revs: number[] = [];
    for (let i = 0; i < 5000; i += 500) {
      const rs = await Promise.all(
        Array.from({ length: 500 }, (_, j) => store.create(`/big/${String(i + j).padStart(5, '0')}`, value)),
      );
      for (const r of rs) if (r.ok) revs.push(r.kv.modRevision);
    }
    const mid = revs[2499]!;
    await store.delete('/big/00000');
    const now = await store.range('/big/');
    assert.equal(now.kvs.length, 4999);
    assert.equal(now.kvs[0]!.key, '/big/00001');
    assert.ok(now.kvs.every((kv) => kv.value.equals(value)));
    const then = await store.range('/big/', { revision: mid });
    assert.equal(then.count, 2500);
    assert.equal(then.kvs[0]!.key, '/big/00000');
    await store.close();
  });
});
