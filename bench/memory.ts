// Memory and restart benchmark (issue 17): a skiff child process on the SQLite store is
// loaded over HTTPS keep-alive with ConfigMaps of 4 KiB spread over 10 namespaces, and
// its resident memory is read from /proc/<pid>/status (VmRSS now, VmHWM peak).
//
//   1. start; RSS before any load
//   2. create N objects at concurrency 16; RSS growth per stored object
//   3. kill -9 and restart: time from spawn to /readyz 200 with N objects stored
//   4. full lists (cluster-wide and per namespace, unpaged), then 30 s of mixed load
//      (get, update, create, delete, paged list, 10 namespace watchers)
//   5. deletecollection of every ConfigMap, then one compaction past the deletes;
//      RSS given back
// Peak RSS is the highest VmHWM of both processes. Figures are printed, never asserted.
//
//   node dist/bench/memory.js                      20,000 objects
//   node dist/bench/memory.js --objects 100000     the 5x mode
//   node dist/bench/memory.js --mixed-seconds 10   shorter mixed load
//   node dist/bench/memory.js --breakdown          also the V8 heap / external / array
//        buffers split at each phase, before and after a forced GC (a diagnostic preload,
//        bench/memory-probe.ts, which forces GCs: these runs are not the product's figures)

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, exited, procMiB, startSkiffOn, stopChild, type Client } from './skiff-process.js';
import { anonMappingsMiB, formatMappings, formatSplit, heapSnapshot, probeDiag, probeSplit } from './memory-split.js';
import { DEFAULT_MAX_HISTORY_BYTES } from '../src/storage/watchcache/cache.js';

export interface MemoryBenchOptions {
  objects: number;
  mixedSeconds: number;
  namespaces?: number;
  concurrency?: number;
  /** Add the heap/external/arrayBuffers split of each phase (diagnostic preload, forced GC). */
  breakdown?: boolean;
  /** Also write a V8 heap snapshot into this directory after the deletes and compaction (node's --heapsnapshot-signal). */
  heapSnapshotDir?: string;
}

const COMPACTION_INTERVAL_S = 10;
const PAYLOAD = 'x'.repeat(4096);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (x: number) => `${x.toFixed(1)} MiB`;

function configMap(name: string, n = 0): object {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'bench', shard: String(n % 7) } }, data: { payload: PAYLOAD, n: String(n) } };
}

async function expect(r: Promise<{ status: number; body: string }>, ...ok: number[]): Promise<string> {
  const res = await r;
  if (!ok.includes(res.status)) throw new Error(`unexpected ${res.status}: ${res.body.slice(0, 300)}`);
  return res.body;
}

/** Run fn over 0..total-1 with `concurrency` workers. */
async function pool(total: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await fn(next++);
    }),
  );
}

/** One long watch per namespace that reads and discards its events, as informers would. */
function openWatchers(c: Client, port: number, namespaces: string[]): { stop(): void; events(): number } {
  let events = 0;
  const reqs = namespaces.map((ns) => {
    const req = request({ host: '127.0.0.1', port, path: `/api/v1/namespaces/${ns}/configmaps?watch=1&allowWatchBookmarks=true`, agent: false, ...pick(c) }, (res) => {
      res.on('data', (chunk: Buffer) => {
        for (const b of chunk) if (b === 10) events++;
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.end();
    return req;
  });
  return { stop: () => reqs.forEach((r) => r.destroy()), events: () => events };
}

/**
 * A full list as client-go reads it: a 504 "Too large resource version" (the watch cache not yet
 * fresh, e.g. still loading 100,000 objects after a restart) or a 429 is retried after a second.
 */
async function drainRetrying(c: Client, path: string): Promise<{ status: number; bytes: number }> {
  for (let attempt = 1; ; attempt++) {
    const r = await c.drain('GET', path);
    if ((r.status !== 504 && r.status !== 429) || attempt === 30) return r;
    await sleep(1000);
  }
}

function pick(c: Client) {
  const o = c.agent.options as { ca?: unknown; cert?: unknown; key?: unknown };
  return { ca: o.ca as string, cert: o.cert as string, key: o.key as string };
}

async function mixedLoad(c: Client, namespaces: string[], perNs: number, seconds: number, concurrency: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let ops = 0;
  let created = 0;
  const rnd = (n: number) => Math.floor(Math.random() * n);
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (performance.now() < until) {
        const ns = namespaces[rnd(namespaces.length)]!;
        const name = `cm-${rnd(perNs)}`;
        const p = `/api/v1/namespaces/${ns}/configmaps`;
        const dice = rnd(100);
        if (dice < 45) await expect(c.call('GET', `${p}/${name}`), 200, 404);
        else if (dice < 70) await expect(c.call('PATCH', `${p}/${name}`, { data: { n: String(ops) } }, 'application/merge-patch+json'), 200, 404);
        else if (dice < 80) await expect(c.call('POST', p, configMap(`mixed-${w}-${created++}`, ops)), 201);
        else if (dice < 90) await expect(c.call('DELETE', `${p}/${name}`), 200, 404);
        else {
          const r = await c.drain('GET', `${p}?limit=500`);
          if (r.status !== 200) throw new Error(`paged list: ${r.status}`);
        }
        ops++;
      }
    }),
  );
  return ops / seconds;
}

/** Every figure as [label, value] rows. */
export async function memoryBench(opts: MemoryBenchOptions, onRow?: (label: string, value: string) => void): Promise<[string, string][]> {
  const nsCount = opts.namespaces ?? 10;
  const conc = opts.concurrency ?? 16;
  const perNs = Math.ceil(opts.objects / nsCount);
  const namespaces = Array.from({ length: nsCount }, (_, i) => `mem-${i}`);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-membench-'));
  const args = [`--etcd-compaction-interval=${COMPACTION_INTERVAL_S}s`];
  const rows: [string, string][] = [];
  // Each figure is also reported as soon as it is measured (a long run shows its progress).
  const add = (label: string, value: string) => {
    rows.push([label, value]);
    onRow?.(label, value);
  };
  const tag = (s: string) => `${s} [${opts.objects.toLocaleString('en-US')}]`;
  let peak = 0;
  const children: ChildProcess[] = [];
  const probeFile = join(dataDir, 'memory-probe.json');
  const diag: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = opts.breakdown ? probeDiag(probeFile) : {};
  if (opts.heapSnapshotDir) diag.nodeArgs = [...(diag.nodeArgs ?? []), '--heapsnapshot-signal=SIGUSR1', `--diagnostic-dir=${opts.heapSnapshotDir}`];
  const split = async (label: string, pid: number) => {
    if (!opts.breakdown) return;
    add(tag(`  split ${label} (MiB)`), formatSplit(pid, await probeSplit(pid, probeFile)));
    add(tag(`  mappings ${label} (MiB)`), formatMappings(anonMappingsMiB(pid)));
  };
  try {
    const first = await startSkiffOn(dataDir, port, args, diag);
    children.push(first.child);
    await sleep(1000);
    const pid1 = first.child.pid!;
    const base = procMiB(pid1);
    add(tag('RSS before load'), mib(base));
    await split('before load', pid1);
    const c = client(port, join(dataDir, 'kubeconfig'), conc);
    for (const ns of namespaces) await expect(c.call('POST', '/api/v1/namespaces', { metadata: { name: ns } }), 201);

    const t0 = performance.now();
    await pool(perNs * nsCount, conc, async (i) => {
      const ns = namespaces[i % nsCount]!;
      await expect(c.call('POST', `/api/v1/namespaces/${ns}/configmaps`, configMap(`cm-${Math.floor(i / nsCount)}`, i)), 201);
    });
    const createS = (performance.now() - t0) / 1000;
    const sample = await expect(c.call('GET', `/api/v1/namespaces/${namespaces[0]}/configmaps/cm-0`), 200);
    // Settled: the server's memory reducer runs on the first quiet second after the load.
    await sleep(4000);
    const loaded = procMiB(pid1);
    const stored = perNs * nsCount;
    add(tag('creates/s at c=16 while loading'), (stored / createS).toFixed(0));
    add(tag('RSS after creates'), mib(loaded));
    add(tag('RSS growth per stored object'), `${(((loaded - base) * 1024) / stored).toFixed(1)} KiB (object JSON ${(sample.length / 1024).toFixed(1)} KiB)`);
    peak = Math.max(peak, procMiB(pid1, 'VmHWM'));
    await split('after creates', pid1);
    c.agent.destroy();

    // Crash and restart with everything stored.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const second = await startSkiffOn(dataDir, port, args, diag);
    children.push(second.child);
    const pid2 = second.child.pid!;
    // Spawn to the first /readyz 200 seen from outside; the server's CPU time until then does not depend on the machine's load.
    add(tag('restart to /readyz 200 after kill -9'), `${second.ms.toFixed(0)} ms (server CPU until then ${second.cpuMs} ms)`);
    await sleep(500);
    add(tag('RSS after restart'), mib(procMiB(pid2)));
    await split('after restart', pid2);
    const c2 = client(port, join(dataDir, 'kubeconfig'), conc);

    const all = await drainRetrying(c2, '/api/v1/configmaps');
    if (all.status !== 200) throw new Error(`full list: ${all.status}`);
    for (const ns of namespaces) {
      const r = await drainRetrying(c2, `/api/v1/namespaces/${ns}/configmaps`);
      if (r.status !== 200) throw new Error(`namespace list: ${r.status}`);
    }
    add(tag('RSS after full lists'), `${mib(procMiB(pid2))} (cluster-wide list ${(all.bytes / 1e6).toFixed(0)} MB)`);
    await split('after full lists', pid2);

    const watchers = openWatchers(c2, port, namespaces);
    const opsPerS = await mixedLoad(c2, namespaces, perNs, opts.mixedSeconds, conc);
    add(tag(`RSS after ${opts.mixedSeconds} s mixed load`), `${mib(procMiB(pid2))} (${opsPerS.toFixed(0)} ops/s)`);
    await split('after mixed load', pid2);

    // The objects' JSON leaves the caches into the watch history, which keeps at most
    // DEFAULT_MAX_HISTORY_BYTES of it: the "+ history" of the target.
    let deletedBytes = 0;
    for (const ns of namespaces) deletedBytes += (await expect(c2.call('DELETE', `/api/v1/namespaces/${ns}/configmaps`), 200)).length;
    const historyMiB = Math.min(DEFAULT_MAX_HISTORY_BYTES, deletedBytes) / 1048576;
    const left = JSON.parse(await expect(c2.call('GET', '/api/v1/configmaps?labelSelector=app%3Dbench&limit=1'), 200));
    if (left.items.length) throw new Error('deletecollection left objects behind');
    add(tag('RSS right after deleting everything'), mib(procMiB(pid2)));
    await split('right after deletes', pid2);
    watchers.stop();
    // Two compaction intervals: the second compacts to the revision recorded after the deletes.
    await sleep((2 * COMPACTION_INTERVAL_S + 2) * 1000);
    const after = procMiB(pid2);
    peak = Math.max(peak, procMiB(pid2, 'VmHWM'));
    add(tag('peak RSS (create, restart, lists, mixed, deletes)'), mib(peak));
    const allowed = 1.25 * (base + historyMiB);
    add(
      tag('RSS after deletes and one compaction'),
      `${mib(after)} (${((after / base - 1) * 100).toFixed(0)}% above the RSS before load; target ≤ ${mib(allowed)} = 1.25 × (before ${mib(base)} + history ${mib(historyMiB)}): ${after <= allowed ? 'met' : 'not met'})`,
    );
    await split('after deletes and compaction', pid2);
    if (opts.heapSnapshotDir) await heapSnapshot(pid2, opts.heapSnapshotDir);
    c2.agent.destroy();
    await stopChild(second.child);
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** A flag's value, given as `--name value` or `--name=value`. */
function flag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i]!.startsWith(`--${name}=`)) return argv[i]!.slice(name.length + 3);
  }
  return undefined;
}

function numberFlag(name: string, dflt: number): number {
  const v = flag(name);
  return v === undefined ? dflt : Number(v);
}

export function memoryOptionsFromArgs(): MemoryBenchOptions {
  return {
    objects: numberFlag('objects', 20_000),
    mixedSeconds: numberFlag('mixed-seconds', 30),
    breakdown: process.argv.includes('--breakdown'),
    heapSnapshotDir: flag('heap-snapshot'),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`skiff memory benchmark (SQLite, ${new Date().toISOString()})`);
  memoryBench(memoryOptionsFromArgs(), (k, v) => console.log(`  ${k.padEnd(56)}  ${v}`)).then(
    () => {
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
