import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryReducer, noteReleased, onReduce } from '../../src/util/memory-reducer.js';

const MiB = 1024 * 1024;

/** A reducer whose probes the test drives: utilization and RSS per tick, and a log of what ran. */
function driven(opts: { settleTicks?: number } = {}) {
  const state = { utilization: 0, rss: 100 * MiB, now: 0, ran: [] as string[] };
  const reducer = new MemoryReducer({
    sweepWaitMs: 0,
    minGapMs: 0,
    now: () => state.now,
    minReleasedBytes: 16 * MiB,
    minGrowthBytes: 32 * MiB,
    settleTicks: opts.settleTicks ?? 3,
    utilization: () => state.utilization,
    rss: () => state.rss,
    collect: () => state.ran.push('gc'),
    trim: () => state.ran.push('trim'),
  });
  return { state, reducer };
}

test('memory reducer: nothing happens while the process is idle and nothing was done', () => {
  const { state, reducer } = driven();
  for (let i = 0; i < 10; i++) assert.equal(reducer.tick(), false);
  assert.deepEqual(state.ran, []);
});

test('memory reducer: never while busy, at once on the first quiet tick after much was released', () => {
  const { state, reducer } = driven();
  state.utilization = 0.9;
  noteReleased(20 * MiB);
  assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), false);
  state.utilization = 0.01;
  assert.equal(reducer.tick(), true);
  assert.deepEqual(state.ran, ['gc', 'trim'], 'a full GC first, then the allocator trim');
  // One reduction per quiet period: the next quiet ticks have nothing new to give back.
  for (let i = 0; i < 10; i++) assert.equal(reducer.tick(), false);
  assert.deepEqual(state.ran, ['gc', 'trim']);
});

test('memory reducer: what registered gives back between the GC and the trim, until unregistered', () => {
  const { state, reducer } = driven();
  const stop = onReduce(() => state.ran.push('page cache'));
  const broken = onReduce(() => {
    throw new Error('closed connection');
  });
  noteReleased(20 * MiB);
  assert.equal(reducer.tick(), true);
  assert.deepEqual(state.ran, ['gc', 'page cache', 'trim'], 'a failing one does not stop the trim');
  stop();
  broken();
  state.now += 60_000;
  noteReleased(20 * MiB);
  assert.equal(reducer.tick(), true);
  assert.deepEqual(state.ran, ['gc', 'page cache', 'trim', 'gc', 'trim']);
});

test('memory reducer: RSS growth since the last reduction triggers one on a quiet tick', () => {
  const { state, reducer } = driven();
  state.rss += 31 * MiB;
  assert.equal(reducer.tick(), false, 'below the growth threshold and not yet settled');
  state.rss += 2 * MiB;
  assert.equal(reducer.tick(), true);
  state.rss -= 20 * MiB;
  assert.equal(reducer.tick(), false, 'measured from the RSS after the last reduction');
});

test('memory reducer: work since the last reduction is settled after enough quiet ticks', () => {
  const { state, reducer } = driven({ settleTicks: 3 });
  state.utilization = 0.5;
  reducer.tick();
  state.utilization = 0.02;
  assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), true, 'third quiet tick in a row');
  for (let i = 0; i < 10; i++) assert.equal(reducer.tick(), false);
  // A busy tick in between starts the count again.
  state.utilization = 0.5;
  reducer.tick();
  state.utilization = 0.02;
  reducer.tick();
  state.utilization = 0.5;
  reducer.tick();
  state.utilization = 0.02;
  assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), true);
  assert.equal(state.ran.length, 4);
});

test('memory reducer: the pause of a reduction is not work that calls for another one', () => {
  const { state, reducer } = driven({ settleTicks: 3 });
  noteReleased(20 * MiB);
  assert.equal(reducer.tick(), true);
  state.utilization = 0.3; // the interval that held the reduction's collection and trim
  assert.equal(reducer.tick(), false);
  state.utilization = 0.02;
  for (let i = 0; i < 10; i++) assert.equal(reducer.tick(), false, 'nothing was done since');
  state.utilization = 0.3; // real work now
  reducer.tick();
  state.utilization = 0.02;
  for (let i = 0; i < 2; i++) assert.equal(reducer.tick(), false);
  assert.equal(reducer.tick(), true);
  assert.deepEqual(state.ran, ['gc', 'trim', 'gc', 'trim']);
});

test('memory reducer: light churn alone does not settle, and reductions keep their distance', () => {
  const state = { now: 0, ran: 0 };
  const reducer = new MemoryReducer({
    sweepWaitMs: 0,
    settleTicks: 2,
    minSettleReleasedBytes: MiB,
    minGapMs: 10_000,
    now: () => state.now,
    utilization: () => 0,
    rss: () => 100 * MiB,
    collect: () => state.ran++,
    trim: () => {},
  });
  for (let i = 0; i < 10; i++) {
    noteReleased(50 * 1024);
    state.now += 1000;
    assert.equal(reducer.tick(), false, 'a few history events aging out now and then');
  }
  noteReleased(MiB);
  state.now += 1000;
  assert.equal(reducer.tick(), true);
  noteReleased(64 * MiB);
  state.now += 9000;
  assert.equal(reducer.tick(), false, 'within minGapMs of the last one');
  state.now += 1000;
  assert.equal(reducer.tick(), true);
  assert.equal(state.ran, 2);
});

test('memory reducer: after a burst (the start) it reduces on the first quiet look, not after settleTicks quiet intervals', () => {
  const { state, reducer } = driven({ settleTicks: 5 });
  state.utilization = 0.6; // the start's own work, still going
  assert.equal(reducer.burstTick(), false);
  assert.deepEqual(state.ran, []);
  state.utilization = 0.02;
  assert.equal(reducer.burstTick(), true);
  assert.deepEqual(state.ran, ['gc', 'trim'], 'at once, with nothing released and no RSS growth noted');
  // The regular ticks count it: the interval holding its pause is not work, and nothing is left to settle.
  state.utilization = 0.3;
  assert.equal(reducer.tick(), false);
  state.utilization = 0.02;
  for (let i = 0; i < 10; i++) assert.equal(reducer.tick(), false);
  assert.deepEqual(state.ran, ['gc', 'trim']);
});

test('memory reducer: a quiet look after a burst keeps minGapMs from the last reduction', () => {
  const state = { now: 0, ran: 0 };
  const reducer = new MemoryReducer({ sweepWaitMs: 0, minGapMs: 10_000, now: () => state.now, utilization: () => 0, rss: () => 100 * MiB, collect: () => state.ran++, trim: () => {} });
  noteReleased(64 * MiB);
  state.now = 20_000;
  assert.equal(reducer.tick(), true);
  state.now += 1000;
  assert.equal(reducer.burstTick(), true, 'the burst is over');
  assert.equal(state.ran, 1, 'but the last reduction was 1 s ago');
});

test('memory reducer: afterBurst looks on its own timer and stops looking once it reduced', async () => {
  const ran: string[] = [];
  let looks = 0;
  const reducer = new MemoryReducer({ sweepWaitMs: 0, minGapMs: 0, utilization: () => (++looks < 3 ? 0.9 : 0), rss: () => 100 * MiB, collect: () => ran.push('gc'), trim: () => ran.push('trim') });
  reducer.afterBurst(5);
  for (let waited = 0; ran.length < 2 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(ran, ['gc', 'trim']);
  const looked = looks;
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(looks, looked, 'no more looks after the reduction');
  reducer.stop();
});

// The real probes, in a child process of its own: 96 MiB of 4 KiB Buffers (malloc'd one by
// one) are dropped while every 32nd stays alive, so glibc's heap keeps holes below live
// chunks. The GC alone frees them into the allocator; the trim gives the pages back.
test('memory reducer: the real GC and malloc_trim give freed native memory back to the OS', { skip: process.platform !== 'linux' && 'glibc only' }, () => {
  const reducerUrl = new URL('../../src/util/memory-reducer.js', import.meta.url).href;
  const script = `
    const { MemoryReducer, noteReleased } = await import(${JSON.stringify(reducerUrl)});
    const rss = () => process.memoryUsage.rss();
    let bufs = [];
    const kept = [];
    for (let i = 0; i < 96 * 256; i++) {
      const b = Buffer.alloc(4000 + (i % 64), i & 0xff);
      bufs.push(b);
      if (i % 32 === 0) kept.push(Buffer.alloc(4100, 1));
    }
    bufs = null;
    const before = rss();
    let reduced;
    const alive = setInterval(() => {}, 1000); // the reducer's own timers do not hold the process
    await new Promise((done) => {
      const reducer = new MemoryReducer({ utilization: () => 0, onReduced: (r) => { reduced = r; done(); } });
      noteReleased(96 * 1024 * 1024);
      reducer.tick();
    });
    clearInterval(alive);
    process.stdout.write(JSON.stringify({ before, after: rss(), reduced: !!reduced, kept: kept.length }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { before: number; after: number; reduced: boolean; kept: number };
  assert.equal(out.reduced, true);
  assert.ok(out.before - out.after > 48 * MiB, `RSS ${(out.before / MiB).toFixed(0)} MiB -> ${(out.after / MiB).toFixed(0)} MiB: the freed Buffers were not given back`);
});

// The young generation a load grew stays committed through an ordinary gc(); the reducer's
// collection is V8's low-memory one, which shrinks it (and says nothing on stderr).
test('memory reducer: a reduction shrinks the young generation a load grew, silently', () => {
  const reducerUrl = new URL('../../src/util/memory-reducer.js', import.meta.url).href;
  const script = `
    const { getHeapSpaceStatistics } = await import('node:v8');
    const { MemoryReducer, noteReleased, fullGc } = await import(${JSON.stringify(reducerUrl)});
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const kept = [];
    for (let round = 0; round < 40; round++) {
      const garbage = [];
      for (let i = 0; i < 50_000; i++) garbage.push({ i, s: 'v' + i });
      kept.push(garbage[round]);
    }
    fullGc()();
    const afterLoad = young();
    // The collection may run a few ms after tick() (V8 schedules it): read after the give-back.
    const reduced = new Promise((done) => {
      const reducer = new MemoryReducer({ utilization: () => 0, trim: () => {}, onReduced: done });
      noteReleased(1 << 30);
      if (!reducer.tick()) throw new Error('no reduction ran');
    });
    const alive = setInterval(() => {}, 1000);
    const { ms } = await reduced;
    clearInterval(alive);
    process.stdout.write(JSON.stringify({ afterLoad, afterReduction: young(), ms, kept: kept.length }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const out = JSON.parse(r.stdout) as { afterLoad: number; afterReduction: number; ms: number };
  assert.ok(out.ms > 0, 'the reduction reports the collection it waited for');
  assert.ok(out.afterLoad >= 8 * MiB, `the load grew the young generation to ${out.afterLoad / MiB} MiB only`);
  assert.ok(out.afterReduction <= 2 * MiB, `young generation ${out.afterLoad / MiB} -> ${out.afterReduction / MiB} MiB`);
});

// V8 rejects a code cache made under other flags; the launcher writes its cache a few seconds
// after start, when the CLI's reducer has long taken its gc(): the next start, without that
// flag, must accept it.
test('memory reducer: a reduction leaves V8 flags as they were (the code cache written after it stays valid)', () => {
  const reducerUrl = new URL('../../src/util/memory-reducer.js', import.meta.url).href;
  const dir = mkdtempSync(join(tmpdir(), 'skiff-reducer-'));
  const cacheFile = join(dir, 'c.cache');
  const source = JSON.stringify('function f(a) { return a.map((x) => x * 2); } f([1, 2, 3]);');
  try {
    const write = `
      const { Script } = await import('node:vm');
      const { writeFileSync } = await import('node:fs');
      const { MemoryReducer, noteReleased } = await import(${JSON.stringify(reducerUrl)});
      const reducer = new MemoryReducer({ utilization: () => 0, sweepWaitMs: 0, trim: () => {} });
      noteReleased(1 << 30);
      if (!reducer.tick()) throw new Error('no reduction ran');
      const s = new Script(${source}, { filename: 'c.js' });
      s.runInThisContext();
      writeFileSync(${JSON.stringify(cacheFile)}, s.createCachedData());
    `;
    const read = `
      const { Script } = await import('node:vm');
      const { readFileSync } = await import('node:fs');
      const s = new Script(${source}, { filename: 'c.js', cachedData: readFileSync(${JSON.stringify(cacheFile)}) });
      process.stdout.write(JSON.stringify({ rejected: s.cachedDataRejected }));
    `;
    const w = spawnSync(process.execPath, ['--input-type=module', '-e', write], { encoding: 'utf8' });
    assert.equal(w.status, 0, w.stderr);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', read], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { rejected: false });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
