// EtcdStore micro-benchmark, the etcd counterpart of store-sqlite.ts: creates/s at
// concurrency 1, 8 and 32, GET latency, range of 5,000 keys of 1 KiB, and watch fan-out.
//
//   node dist/bench/store-etcd.js [--endpoints=http://127.0.0.1:2379,...] [--seconds=S] [--writes-only]
//
// Without --endpoints it starts a temporary single-member etcd on loopback (needs the
// etcd binary; see test/support/etcd.ts) and removes it afterwards.
import { EtcdStore } from '../src/storage/etcd/etcd-store.js';
import { EtcdCluster, NO_ETCD, etcdBinary } from '../test/support/etcd.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const seconds = Number(args.get('seconds') ?? '2');
const writesOnly = args.has('writes-only');
const VALUE = Buffer.alloc(1024, 0x61);
const run = `/bench-${Date.now().toString(36)}`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
const ms = (x: number) => +x.toFixed(2);

async function createsPerSecond(store: EtcdStore, concurrency: number) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const r = await store.create(`${run}/c${concurrency}/w${w}/${i}`, VALUE);
        if (!r.ok) throw new Error('create failed');
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { concurrency, createsPerSec: Math.round(done / elapsed), clientCpuUsPerCreate: Math.round((cpu.user + cpu.system) / done) };
}

async function getLatency(store: EtcdStore, runs = 500) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await store.get(`${run}/list/${String(i % 5000).padStart(6, '0')}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { medianMs: ms(median(times)), p99Ms: ms(times[Math.floor(times.length * 0.99)]!) };
}

async function timeRange(store: EtcdStore, opts: Parameters<EtcdStore['range']>[1], runs = 11) {
  const times: number[] = [];
  let keys = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await store.range(`${run}/list/`, opts);
    times.push(performance.now() - t);
    keys = opts?.countOnly ? r.count : r.kvs.length;
  }
  return { medianMs: ms(median(times)), minMs: ms(Math.min(...times)), keys };
}

async function timePagedRange(store: EtcdStore, pageSize: number, runs = 7) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const first = await store.range(`${run}/list/`, { limit: pageSize });
    let page = first;
    while (page.more) {
      const startKey = page.kvs[page.kvs.length - 1]!.key + '\u0000';
      page = await store.range(`${run}/list/`, { limit: pageSize, startKey, revision: first.revision });
    }
    times.push(performance.now() - t);
  }
  return { medianMs: ms(median(times)), minMs: ms(Math.min(...times)) };
}

/** `watchers` watches on one prefix; how long until each has seen `writes` creates. */
async function watchFanOut(store: EtcdStore, watchers: number, writes: number) {
  const prefix = `${run}/fan/`;
  const start = (await store.currentRevision()) + 1;
  let remaining = watchers;
  let allSeen!: () => void;
  const done = new Promise<void>((r) => (allSeen = r));
  const handles = Array.from({ length: watchers }, () => {
    let seen = 0;
    return store.watch(prefix, { startRevision: start }, {
      onEvents: (evs) => {
        seen += evs.length;
        if (seen === writes && --remaining === 0) allSeen();
      },
      onError: (err) => {
        throw err;
      },
    });
  });
  const t = performance.now();
  for (let i = 0; i < writes; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, writes - i) }, (_, j) => store.create(`${prefix}${i + j}`, VALUE)));
  }
  const written = performance.now() - t;
  await done;
  const total = performance.now() - t;
  for (const h of handles) h.cancel();
  return { watchers, writes, writeMs: Math.round(written), allDeliveredMs: Math.round(total), eventsDeliveredPerSec: Math.round((watchers * writes) / (total / 1000)) };
}

async function main(): Promise<void> {
  let cluster: EtcdCluster | undefined;
  let endpoints = args.get('endpoints')?.split(',');
  if (!endpoints) {
    if (!etcdBinary()) {
      console.error(NO_ETCD);
      process.exit(2);
    }
    cluster = await EtcdCluster.start(1);
    endpoints = cluster.endpoints;
  }
  const store = await EtcdStore.connect({ endpoints });
  try {
    console.log(`EtcdStore bench: etcd ${store.serverVersion} at ${endpoints.join(',')} seconds=${seconds} value=1KiB`);
    for (const c of [1, 8, 32]) console.log(JSON.stringify(await createsPerSecond(store, c)));
    if (writesOnly) return;

    for (let i = 0; i < 5000; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, j) => store.create(`${run}/list/${String(i + j).padStart(6, '0')}`, VALUE)),
      );
    }
    const listedAt = await store.currentRevision();
    // Churn after the snapshot so the past-revision range has history to skip.
    for (let i = 0; i < 5000; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, async (_, j) => {
          const key = `${run}/list/${String(i + j).padStart(6, '0')}`;
          const cur = (await store.get(key)).kv!;
          await store.update(key, VALUE, cur.modRevision);
        }),
      );
    }
    console.log(JSON.stringify({ get: await getLatency(store) }));
    console.log(JSON.stringify({ range5kCurrent: await timeRange(store, {}) }));
    console.log(JSON.stringify({ range5kPastRevision: await timeRange(store, { revision: listedAt }) }));
    console.log(JSON.stringify({ range5kCountOnly: await timeRange(store, { countOnly: true }) }));
    console.log(JSON.stringify({ range5kPagedBy500: await timePagedRange(store, 500) }));
    console.log(JSON.stringify({ watchFanOut: await watchFanOut(store, 50, 2000) }));
  } finally {
    await store.close();
    await cluster?.stop();
  }
}

await main();
