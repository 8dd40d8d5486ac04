import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactedError } from '../../src/storage/store.js';
import { CompactionSchedule, startCompactor } from '../../src/storage/compactor.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';

async function write(store: SqliteStore, key: string): Promise<number> {
  const cur = (await store.get(key)).kv;
  const r = cur ? await store.update(key, Buffer.from('v'), cur.modRevision) : await store.create(key, Buffer.from('v'));
  assert.ok(r.ok);
  return r.kv.modRevision;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('compactor', () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skiff-compactor-'));
    store = SqliteStore.open(join(dir, 'store.db'));
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('compacts to the revision recorded one tick earlier, never to the current one', async () => {
    const schedule = new CompactionSchedule(store);
    await write(store, '/k/a');
    const first = await store.currentRevision();
    assert.equal(await schedule.tick(), undefined, 'the first tick only records');
    assert.equal(await store.compactedRevision(), 0);

    const a2 = await write(store, '/k/a');
    await write(store, '/k/a');
    const second = await store.currentRevision();
    assert.equal(await schedule.tick(), first);
    assert.equal(await store.compactedRevision(), first);
    assert.equal(schedule.nextTarget, second);
    await assert.rejects(store.get('/k/a', first - 1), CompactedError);
    assert.ok((await store.get('/k/a', first)).kv, 'history since the previous tick is kept');
    assert.ok((await store.get('/k/a', a2)).kv);

    // No writes since: the next tick still compacts to what the previous tick saw.
    assert.equal(await schedule.tick(), second);
    assert.equal(await schedule.tick(), undefined, 'nothing new to compact');
    assert.equal(await store.compactedRevision(), second);
  });

  it('does nothing when the store was compacted further by someone else', async () => {
    const schedule = new CompactionSchedule(store);
    await write(store, '/k/a');
    await schedule.tick();
    await write(store, '/k/b');
    const rev = await store.currentRevision();
    await store.compact(rev);
    assert.equal(await schedule.tick(), undefined);
    assert.equal(await store.compactedRevision(), rev);
  });

  it('runs on its interval in the background and stops when asked', async () => {
    const compactor = startCompactor(store, { intervalMs: 25 });
    try {
      const deadline = Date.now() + 5000;
      while ((await store.compactedRevision()) === 0 && Date.now() < deadline) {
        await write(store, '/bg/a');
        await sleep(5);
      }
      const compacted = await store.compactedRevision();
      assert.ok(compacted > 0, 'compacted in the background');
      assert.ok(compacted <= (await store.currentRevision()));
    } finally {
      await compactor.stop();
    }
    const after = await store.compactedRevision();
    await write(store, '/bg/a');
    await sleep(100);
    await write(store, '/bg/a');
    await sleep(100);
    assert.equal(await store.compactedRevision(), after, 'no compaction after stop()');
  });

  it('logs failures and keeps going', async () => {
    const errors: string[] = [];
    const log = {
      error: (msg: string) => errors.push(msg),
      v: () => ({ enabled: false, info: () => {} }),
    };
    const other = SqliteStore.open(join(dir, 'other.db'));
    await other.close();
    const compactor = startCompactor(other, { intervalMs: 10, log });
    const deadline = Date.now() + 5000;
    while (errors.length < 2 && Date.now() < deadline) await sleep(10);
    await compactor.stop();
    assert.ok(errors.length >= 2, `ticks after a failure go on (${errors.length} errors logged)`);
    assert.equal(errors[0], 'Storage compaction failed');
  });
});

describe('compaction shared by several servers', () => {
  it('lets one server compact per interval through the coordination key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skiff-compactor-shared-'));
    const store = SqliteStore.open(join(dir, 'store.db'));
    try {
      const a = new CompactionSchedule(store, undefined, 'compact_rev_key');
      const b = new CompactionSchedule(store, undefined, 'compact_rev_key');
      await write(store, '/k/a');
      assert.equal(await a.tick(), undefined, 'A records the first revision');
      const recorded = Number((await store.get('compact_rev_key')).kv!.value.toString());
      assert.equal(await b.tick(), undefined, 'B sees the key and waits an interval');
      await write(store, '/k/a');
      // Next interval: A's turn (the key is as it left it); B then sees A's turn and waits.
      assert.equal(await a.tick(), recorded);
      assert.equal(await store.compactedRevision(), recorded);
      assert.equal(await b.tick(), undefined);
      // A stops; B takes over once the key stays unchanged for an interval.
      await write(store, '/k/a');
      const beforeB = Number((await store.get('compact_rev_key')).kv!.value.toString());
      assert.equal(await b.tick(), beforeB);
      assert.equal(await store.compactedRevision(), beforeB);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
