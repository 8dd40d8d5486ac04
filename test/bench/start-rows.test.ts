// The start rows of `npm run bench` (bench/run.ts): spawn to /readyz 200 of a skiff child,
// its CPU time by then read from /proc/<pid>/stat, its RSS, and node's own floor beside
// them, and the bare HTTPS server's start and RSS (their floor), each RSS split into file-backed
// and anonymous pages; and the traced start's phases. Figures are not judged here (tests never
// assert timings): each must be a measured, finite figure, the CPU time must be the child's, not
// ours, and each phase of the traced start must be measured.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bareHttpsStart } from '../../bench/bare-https-server.js';
import { cpuMs, exited, mainJs, nodeFloor, rssMiB, rssSplitMiB, type RssSplit } from '../../bench/skiff-process.js';
import { startPhases } from '../../bench/start-phases.js';
import { onFreshPort } from '../support/ports.js';
import { portTakenIfExited, startSkiffChild } from '../support/skiff-child.js';

/** Every figure measured, finite and positive; a split's file-backed part holds the executable's pages and both parts add up to about the RSS. */
function assertMeasured(name: string, v: number | RssSplit | undefined, rss?: number): void {
  if (v === undefined) return;
  if (typeof v === 'number') {
    assert.ok(Number.isFinite(v) && v > 0, `${name}: ${v}`);
    return;
  }
  for (const [part, mib] of Object.entries(v)) assertMeasured(`${name}.${part}`, mib);
  assert.ok(v.executable <= v.file, `${name}: the executable's pages are file-backed (${v.executable} <= ${v.file})`);
  if (rss !== undefined) assert.ok(Math.abs(v.file + v.anon - rss) < 5, `${name}: ${v.file} + ${v.anon} is about the RSS ${rss}`);
}

test('cpuMs reads the CPU time of a child process, not of this one', async () => {
  // A child that spins ~300 ms of CPU, then waits to be read.
  const child = spawn(process.execPath, ['-e', 'const t = Date.now(); while (Date.now() - t < 300); process.stdout.write("done"); setInterval(() => {}, 60_000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    await new Promise((r) => child.stdout!.once('data', r));
    const spent = cpuMs(child.pid!);
    assert.ok(Number.isFinite(spent) && spent > 0, `the child's CPU time is counted (${spent} ms)`);
    assert.equal(spent % 10, 0, 'a whole number of 10 ms ticks');
  } finally {
    child.kill('SIGKILL');
    await exited(child);
  }
});

test('a skiff start reports time to ready, CPU time and RSS; node floor figures are measured', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-start-rows-'));
  try {
    const started = await startSkiffChild(dataDir);
    try {
      assert.ok(started.ms > 0 && Number.isFinite(started.ms));
      assert.ok(started.cpuMs > 0 && Number.isFinite(started.cpuMs), `server CPU time ${started.cpuMs}`);
      const rss = rssMiB(started.child.pid!);
      assertMeasured('skiff RSS', rss);
      assertMeasured('skiff RSS split', rssSplitMiB(started.child.pid!), rss);
    } finally {
      started.child.kill('SIGTERM');
      await exited(started.child);
    }
    const floor = await nodeFloor(1);
    for (const [name, v] of Object.entries(floor)) assertMeasured(name, v);
    assert.equal(floor.exitMsWithoutExtraCaCerts === undefined, !process.env.NODE_EXTRA_CA_CERTS, 'measured without NODE_EXTRA_CA_CERTS exactly when it is set');
    // The bare HTTPS server on skiff's certificates: its start and RSS, the floor of skiff's.
    const bare = await bareHttpsStart(dataDir, 1);
    for (const [name, v] of Object.entries(bare)) assertMeasured(`bare server ${name}`, v);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the traced start: each phase, placed on the spawn's timeline, is measured", { timeout: 120_000, skip: mainJs.endsWith('skiff.mjs') ? false : 'dist/skiff.mjs not built (npm run build)' }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-start-phases-'));
  try {
    const phases = await onFreshPort((port) => startPhases(dataDir, port, [], 2).catch(portTakenIfExited));
    assert.deepEqual(
      phases.map((p) => p.label),
      [
        "node's own start, until skiff's first line runs",
        'cap the malloc arenas (loads koffi, the FFI)',
        'read and compile the bundle (V8 code cache)',
        "run skiff's modules (top-level code)",
        'PKI, store, catalog, layers, handlers, listen',
        'post-start hooks (default objects, caches) until ready',
        'ready until the client sees /readyz 200',
      ],
    );
    for (const p of phases) {
      assert.ok(Number.isFinite(p.wallMs) && p.wallMs >= 0, `${p.label}: ${p.wallMs} ms`);
      if (p.cpuMs !== undefined) assert.ok(Number.isFinite(p.cpuMs) && p.cpuMs >= 0, `${p.label}: CPU ${p.cpuMs} ms`);
    }
    // The first phase includes exec and node's own start-up: never free.
    assert.ok(phases[0]!.wallMs > 5 && phases[0]!.cpuMs! > 5, `node's own start: ${phases[0]!.wallMs} ms, CPU ${phases[0]!.cpuMs} ms`);
    assert.equal(phases.at(-1)!.cpuMs, undefined);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
