// The parent's side of bench/memory-probe.ts (a diagnostic preload, never the product's own
// run): start skiff with `probeDiag(file)` as startSkiffOn's diag, then `probeSplit` asks the
// process for its memory split (V8 heap, external, array buffers, RSS) before and after a
// forced full GC, and for its SQLite write worker's heap.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssSplitMiB, smapsMappings } from './skiff-process.js';

const PROBE = fileURLToPath(new URL('./memory-probe.js', import.meta.url));

/** startSkiffOn's diag for a process the probe can ask (answers in `file`). */
export function probeDiag(file: string): { nodeArgs: string[]; env: NodeJS.ProcessEnv } {
  return { nodeArgs: ['--import', PROBE], env: { SKIFF_MEMORY_PROBE: file } };
}

/** One process.memoryUsage() of the probed process, in MiB. */
export interface Split {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  v8Malloced: number;
}

export interface ProbedSplit {
  before: Split;
  afterGc: Split;
  /** The SQLite write worker's V8 heap (MiB), when it has reported one. */
  worker?: { heapTotal: number; external: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the probed process pid for its memory split (SIGUSR2; the answer lands in `file`). */
export async function probeSplit(pid: number, file: string): Promise<ProbedSplit> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(50);
  const { before, afterGc } = JSON.parse(readFileSync(file, 'utf8')) as { before: Split; afterGc: Split };
  let worker: ProbedSplit['worker'];
  try {
    const w = JSON.parse(readFileSync(`${file}.worker`, 'utf8')) as { heapTotal: number; external: number };
    worker = { heapTotal: w.heapTotal / 1048576, external: w.external / 1048576 };
  } catch {
    // no worker report (yet)
  }
  return { before, afterGc, worker };
}

/** The split as one line of text, with the RSS's anonymous and file-backed parts now. */
export function formatSplit(pid: number, { before, afterGc, worker }: ProbedSplit): string {
  const show = (s: Split) =>
    `rss ${s.rss} heap ${s.heapUsed}/${s.heapTotal} external ${s.external} (arrayBuffers ${s.arrayBuffers}) other ${(s.rss - s.heapTotal - s.external).toFixed(1)} (V8 malloc ${s.v8Malloced})`;
  const w = worker ? ` | SQLite worker: heap ${worker.heapTotal.toFixed(1)} external ${worker.external.toFixed(1)}` : '';
  const kinds = rssSplitMiB(pid);
  return `${show(before)} | after GC: ${show(afterGc)}${w} | RssAnon ${kinds.anon.toFixed(1)} RssFile ${kinds.file.toFixed(1)}`;
}

/**
 * The process's anonymous resident memory by mapping, from /proc/<pid>/smaps: glibc's main
 * arena ([heap]), mappings of 60 MiB or more (glibc's other arenas reserve 64 MiB each; V8
 * reserves large ranges too), V8's 256 KiB pages and every other anonymous mapping.
 */
export interface AnonMappings {
  mainArena: number;
  large: number;
  pages256k: number;
  other: number;
}

export function anonMappingsMiB(pid: number): AnonMappings {
  const out: AnonMappings = { mainArena: 0, large: 0, pages256k: 0, other: 0 };
  for (const m of smapsMappings(pid)) {
    const bucket = m.name === '[heap]' ? 'mainArena' : m.name !== '' ? undefined : m.bytes >= 60 * 1048576 ? 'large' : m.bytes === 262144 ? 'pages256k' : 'other';
    if (bucket) out[bucket] += m.anonymousKiB / 1024;
  }
  return out;
}

export function formatMappings(m: AnonMappings): string {
  return `glibc main arena ${m.mainArena.toFixed(1)} | anonymous mappings ≥ 60 MiB ${m.large.toFixed(1)} | 256 KiB pages ${m.pages256k.toFixed(1)} | other anonymous ${m.other.toFixed(1)}`;
}

/** Asks a process started with --heapsnapshot-signal=SIGUSR1 for a heap snapshot and waits until it is written. */
export async function heapSnapshot(pid: number, dir: string): Promise<void> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR1');
  for (let i = 0; i < 1200; i++) {
    await sleep(250);
    const fresh = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    // node writes the snapshot synchronously: the process answers /proc reads again once it is done.
    if (fresh && readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'R') {
      const size = statSync(join(dir, fresh)).size;
      await sleep(500);
      if (statSync(join(dir, fresh)).size === size) return;
    }
  }
}
