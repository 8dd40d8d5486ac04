// Where skiff's start goes, for the start rows of bench/run.ts: skiff started with
// SKIFF_TRACE_START=1 prints its phase marks (scripts/skiff-launcher.mjs, src/util/start-trace.ts),
// each with the process's CPU time so far; the first carries the process's time origin, so the
// marks can be placed on the timeline that starts at spawn. Each phase is the median of `runs`
// starts on the same data dir, wall time and CPU time (all threads).

import { mainJs, median, startSkiffOn } from './skiff-process.js';

/** The phases, each ending at the mark named (the first begins at spawn, the last ends at the client's first 200). */
const PHASES: { label: string; endsAt: string }[] = [
  { label: "node's own start, until skiff's first line runs", endsAt: 'node ready (launcher runs)' },
  { label: 'cap the malloc arenas (loads koffi, the FFI)', endsAt: 'malloc arenas limited' },
  { label: 'read and compile the bundle (V8 code cache)', endsAt: 'bundle read and compiled' },
  { label: "run skiff's modules (top-level code)", endsAt: 'modules loaded' },
  { label: 'PKI, store, catalog, layers, handlers, listen', endsAt: 'listening' },
  { label: 'post-start hooks (default objects, caches) until ready', endsAt: 'layers started (ready)' },
];

interface Mark {
  phase: string;
  atMs: number;
  cpuMs: number;
}

/** The marks of one traced start, placed on the spawn's timeline (ms since spawn). */
function marksSinceSpawn(stderr: string, spawnedAtEpochMs: number): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  let origin: number | undefined;
  for (const m of stderr.matchAll(/^start +([\d.]+) ms \(\+[\d.]+\) (.+?) cpu=(\d+)ms.*?(?: origin=([\d.]+))?$/gm)) {
    if (m[4]) origin = Number(m[4]);
    if (origin === undefined) continue;
    // The launcher's compile mark names whether the cache was used; the phase is the same either way.
    const phase = m[2]!.replace(/ \(code cache \w+\)$/, '');
    marks.set(phase, { phase, atMs: origin + Number(m[1]) - spawnedAtEpochMs, cpuMs: Number(m[3]) });
  }
  return marks;
}

export interface StartPhase {
  label: string;
  wallMs: number;
  /** Absent for the last phase: /proc counts CPU time in 10 ms ticks, too coarse for it. */
  cpuMs?: number;
}

export async function startPhases(dataDir: string, port: number, args: string[], runs = 5): Promise<StartPhase[]> {
  if (!mainJs.endsWith('skiff.mjs')) throw new Error('the start phases need the bundled launcher (npm run build)');
  const perRun: StartPhase[][] = [];
  for (let i = 0; i < runs; i++) {
    let stderr = '';
    const spawnedAt = performance.timeOrigin + performance.now();
    const started = await startSkiffOn(dataDir, port, args, { env: { SKIFF_TRACE_START: '1' }, onStderr: (t) => (stderr += t) });
    // 'close' comes after the exit and after stderr's last bytes.
    const closed = new Promise((r) => started.child.once('close', r));
    started.child.kill('SIGTERM');
    await closed;
    const marks = marksSinceSpawn(stderr, spawnedAt);
    const phases: StartPhase[] = [];
    let prev = { atMs: 0, cpuMs: 0 };
    for (const { label, endsAt } of PHASES) {
      const mark = marks.get(endsAt);
      if (!mark) throw new Error(`skiff printed no "${endsAt}" start mark (SKIFF_TRACE_START=1)`);
      phases.push({ label, wallMs: mark.atMs - prev.atMs, cpuMs: mark.cpuMs - prev.cpuMs });
      prev = mark;
    }
    phases.push({ label: 'ready until the client sees /readyz 200', wallMs: started.ms - prev.atMs });
    perRun.push(phases);
  }
  return perRun[0]!.map((p, i) => ({
    label: p.label,
    wallMs: median(perRun.map((r) => r[i]!.wallMs)),
    cpuMs: p.cpuMs === undefined ? undefined : median(perRun.map((r) => r[i]!.cpuMs!)),
  }));
}
