// SqliteStore micro-benchmark: durable creates/s at concurrency 1, 8 and 32, range of
// 5,000 keys of 1 KiB, and how long the event loop is blocked meanwhile.
//
//   node dist/bench/store-sqlite.js [--writer=thread|worker] [--cpu-us=N] [--seconds=S] [--writes-only]
//
// --cpu-us burns N microseconds of synchronous CPU per write on the main thread before
// issuing it, to imitate the request handling (parse, validate, encode) an API server
// does around each write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SqliteStore, type SqliteStoreOptions } from '../src/storage/sqlite/sqlite-store.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const writer = (args.get('writer') ?? 'thread') as NonNullable<SqliteStoreOptions['writer']>;
const cpuUs = Number(args.get('cpu-us') ?? '0');
const seconds = Number(args.get('seconds') ?? '2');
const writesOnly = args.has('writes-only');
const VALUE = Buffer.alloc(1024, 0x61);

function burn(us: number): void {
  if (us <= 0) return;
  const end = performance.now() + us / 1000;
  while (performance.now() < end) {
    // busy: stands in for request handling
  }
}

async function createsPerSecond(store: SqliteStore, concurrency: number, tag: string) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const statsBefore = store.stats();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        burn(cpuUs);
        const r = await store.create(`/bench/${tag}/w${w}/${i}`, VALUE);
        if (!r.ok) throw new Error('create failed');
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  delay.disable();
  const stats = store.stats();
  const commits = stats.commits - statsBefore.commits;
  return {
    concurrency,
    createsPerSec: Math.round(done / elapsed),
    avgBatch: +(done / Math.max(commits, 1)).toFixed(1),
    loopDelayP99Ms: +(delay.percentile(99) / 1e6).toFixed(2),
    loopDelayMaxMs: +(delay.max / 1e6).toFixed(2),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timeRange(store: SqliteStore, opts: Parameters<SqliteStore['range']>[1], runs = 15) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await store.range('/list/', opts);
    times.push(performance.now() - t);
    count = r.kvs.length;
  }
  return { medianMs: +median(times).toFixed(2), minMs: +Math.min(...times).toFixed(2), keys: count };
}

async function timePagedRange(store: SqliteStore, pageSize: number, runs = 10) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const first = await store.range('/list/', { limit: pageSize });
    let page = first;
    while (page.more) {
      const startKey = page.kvs[page.kvs.length - 1]!.key + '\u0000';
      page = await store.range('/list/', { limit: pageSize, startKey, revision: first.revision });
    }
    times.push(performance.now() - t);
  }
  return { medianMs: +median(times).toFixed(2), minMs: +Math.min(...times).toFixed(2) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-bench-store-'));
  try {
    const store = SqliteStore.open(join(dir, 'bench.db'), { writer });
    console.log(`SqliteStore bench: writer=${writer} cpu-us=${cpuUs} seconds=${seconds} value=1KiB`);
    for (const c of [1, 8, 32]) console.log(JSON.stringify(await createsPerSecond(store, c, `c${c}`)));
    if (writesOnly) {
      await store.close();
      return;
    }

    for (let i = 0; i < 5000; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, j) => store.create(`/list/${String(i + j).padStart(6, '0')}`, VALUE)),
      );
    }
    const listedAt = await store.currentRevision();
    // Churn after the snapshot so the past-revision range has history to skip.
    for (let i = 0; i < 5000; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, async (_, j) => {
          const key = `/list/${String(i + j).padStart(6, '0')}`;
          const cur = (await store.get(key)).kv!;
          await store.update(key, VALUE, cur.modRevision);
        }),
      );
    }
    console.log(JSON.stringify({ range5kCurrent: await timeRange(store, {}) }));
    console.log(JSON.stringify({ range5kPastRevision: await timeRange(store, { revision: listedAt }) }));
    console.log(JSON.stringify({ range5kCountOnly: await timeRange(store, { countOnly: true }) }));
    console.log(JSON.stringify({ range5kPagedBy500: await timePagedRange(store, 500) }));
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
