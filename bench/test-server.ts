// The in-process test server (issue 17): start, reset with 1,000 objects present, and stop
// of startServer({ store: 'memory' }), as a node:test suite would use it. Prints figures;
// `npm run bench` runs it in a fresh node process of its own (--json) and prints its rows.
//
//   node dist/bench/test-server.js [rounds] [--json]

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../src/util/log.js';

export interface TestServerTimes {
  /** import('skiff') in this (fresh) process. */
  importMs: number;
  /** What was imported: the shipped entry (dist/index.mjs) with or without its code cache present, or the unbundled tsc output. */
  entry: 'bundle with code cache' | 'bundle, no code cache yet' | 'unbundled';
  /** Whether the first start found its PKI in the user's cache (else it generated it). */
  pkiCached: boolean;
  /** Whether the first start began from default objects an earlier process made (else it created them). */
  defaultsCached: boolean;
  /** The first is the process's first start (cold code, default objects created); the others copy its defaults. */
  startMs: number[];
  resetMs: number[];
  stopMs: number[];
}

const OBJECTS = 1000;
/** The package's entry as installed (bundle.mjs builds it); absent, the unbundled tsc output is timed. */
const shipped = fileURLToPath(new URL('../index.mjs', import.meta.url));

/** No output. Nothing but the imported entry is loaded: the unbundled modules would burden this process's heap and its first start. */
const silent: Logger = { verbosity: -1, info() {}, warning() {}, error() {}, v: () => ({ enabled: false, info() {} }), withValues: () => silent };

/** Times `rounds` start → 1,000 creates → reset → stop cycles; fails if a reset leaves a created object behind. */
export async function timeTestServer(rounds: number): Promise<TestServerTimes> {
  const entry = shippedEntry();
  const t0 = performance.now();
  const { startServer } = await importEntry(entry);
  const importMs = performance.now() - t0;
  const times: TestServerTimes = { importMs, entry, pkiCached: false, defaultsCached: false, startMs: [], resetMs: [], stopMs: [] };
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', logger: silent });
    times.startMs.push(performance.now() - t);
    if (r === 0) {
      // Only now (nothing but the entry may be loaded before it is timed): whether the first start
      // found its PKI in the cache, i.e. the CA there is older than this process.
      const [{ defaultPkiCacheDir, rangeDir }, { DEFAULT_SERVICE_CLUSTER_IP_RANGE }] = await Promise.all([import('../src/cli/pki-cache.js'), import('../src/cli/pki.js')]);
      times.pkiCached = statSync(join(rangeDir(defaultPkiCacheDir(), DEFAULT_SERVICE_CLUSTER_IP_RANGE), 'ca.crt')).mtimeMs < performance.timeOrigin;
      // Made by an earlier process: the default namespace was created in a second before this process began.
      const ns = (await srv.registry.get({ served: srv.registry.catalog.lookup('', 'v1', 'namespaces')!, namespace: '' }, 'default')) as { metadata: { creationTimestamp: string } };
      times.defaultsCached = Date.parse(ns.metadata.creationTimestamp) < Math.floor(performance.timeOrigin / 1000) * 1000;
    }
    const served = srv.registry.catalog.lookup('', 'v1', 'configmaps')!;
    const scope = { served, namespace: 'default' };
    for (let i = 0; i < OBJECTS; i++) {
      await srv.registry.create(scope, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { k: 'v'.repeat(100) } }, { dryRun: false });
    }
    t = performance.now();
    await srv.reset();
    times.resetMs.push(performance.now() - t);
    const left = (await srv.store.range('/registry/configmaps/default/')).kvs.filter((kv) => /\/cm-\d+$/.test(kv.key));
    if (left.length > 0) throw new Error(`reset left ${left.length} of the ${OBJECTS} ConfigMaps`);
    t = performance.now();
    await srv.stop();
    times.stopMs.push(performance.now() - t);
  }
  return times;
}

/** What `import('skiff')` loads here: the shipped bundle (with or without its code cache yet), or the unbundled tsc output when no bundle was built. */
function shippedEntry(): TestServerTimes['entry'] {
  if (!existsSync(shipped)) return 'unbundled';
  return readdirSync(dirname(shipped)).some((f) => /^skiff-lib-bundle\.cjs\..*\.cache$/.test(f)) ? 'bundle with code cache' : 'bundle, no code cache yet';
}

function importEntry(entry: TestServerTimes['entry']): Promise<typeof import('../src/index.js')> {
  return import(entry === 'unbundled' ? '../src/index.js' : shipped) as Promise<typeof import('../src/index.js')>;
}

/** A test file's whole process: spawn, import, one start and stop, exit (ms), and how long the process outlived stop(). */
export interface ProcessLifetime {
  totalMs: number;
  afterStopMs: number;
}

/**
 * Spawns `runs` processes that each import skiff, start an in-memory server, stop it and end,
 * as a node:test file with one server does: the whole process's time, spawn to exit, and the
 * part after stop() returned, when only what stop() left behind (timers, sockets) keeps it alive.
 */
export async function timeProcessLifetimes(runs: number): Promise<ProcessLifetime[]> {
  const out: ProcessLifetime[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [fileURLToPath(import.meta.url), '--lifetime'], { encoding: 'utf8' }, (err, so) => (err ? reject(err) : resolve(so))),
    );
    out.push({ totalMs: performance.now() - t0, afterStopMs: (JSON.parse(stdout) as { afterStopMs: number }).afterStopMs });
  }
  return out;
}

/** The child of timeProcessLifetimes: reports, as the process exits, how long it lived after stop(). */
async function lifetimeChild(): Promise<void> {
  const { startServer } = await importEntry(shippedEntry());
  const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', logger: silent });
  await srv.stop();
  const stopped = performance.now();
  process.on('exit', () => writeSync(1, JSON.stringify({ afterStopMs: performance.now() - stopped })));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The rows `npm run bench` prints: the process's import and first start (with what they found), then medians (min–max) of the rest. */
export function testServerRows(t: TestServerTimes): [string, string][] {
  const fmt = (xs: number[]) => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
  const cached = (yes: boolean) => (yes ? 'cached' : 'made');
  return [
    ["import('skiff') in a fresh node process", `${t.importMs.toFixed(0)} ms (${t.entry})`],
    ['first start in that process (its PKI, its default objects)', `${t.startMs[0]!.toFixed(1)} ms (PKI ${cached(t.pkiCached)}, defaults ${cached(t.defaultsCached)})`],
    [`later starts (median of ${t.startMs.length - 1}; the first one's defaults copied)`, fmt(t.startMs.slice(1))],
    [`reset with ${OBJECTS.toLocaleString('en-US')} ConfigMaps present (median of ${t.resetMs.length})`, fmt(t.resetMs)],
    [`stop (median of ${t.stopMs.length})`, fmt(t.stopMs)],
  ];
}

/** The row of timeProcessLifetimes' figures. */
export function lifetimeRow(runs: ProcessLifetime[]): [string, string] {
  return [
    `a test file's process: spawn, import, start, stop, exit (median of ${runs.length})`,
    `${median(runs.map((r) => r.totalMs)).toFixed(0)} ms, of it after stop() ${median(runs.map((r) => r.afterStopMs)).toFixed(1)} ms`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--lifetime')) {
  await lifetimeChild();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rounds = Math.max(2, Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 6));
  const times = await timeTestServer(rounds);
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify(times));
  } else {
    console.log(`in-process memory server, ${rounds} rounds`);
    for (const [label, figure] of testServerRows(times)) console.log(`  ${label.padEnd(62)} ${figure}`);
  }
}
