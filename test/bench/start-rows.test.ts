// The start rows of `npm run bench` (bench/run.ts): spawn to /readyz 200 of a skiff child,
// its CPU time by then read from /proc/<pid>/stat, its RSS, and node's own floor beside
// them, and the bare HTTPS server's start and RSS (their floor). Figures are not judged here (tests never assert timings): each must be a
// measured, finite figure, and the CPU time must be the child's, not ours.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bareHttpsStart } from '../../bench/bare-https-server.js';
import { cpuMs, exited, nodeFloor, rssMiB, startSkiffOn } from '../../bench/skiff-process.js';
import { onFreshPort, PortTakenError } from '../support/ports.js';

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
    // The port may be taken by another test's server before skiff binds it (its output is not
    // kept, so a start that exits early counts as that): it starts again on another.
    const started = await onFreshPort((port) =>
      startSkiffOn(dataDir, port, []).catch((e: unknown) => {
        throw /exited/.test(String(e)) ? new PortTakenError(String(e)) : e;
      }),
    );
    try {
      assert.ok(started.ms > 0 && Number.isFinite(started.ms));
      assert.ok(started.cpuMs > 0 && Number.isFinite(started.cpuMs), `server CPU time ${started.cpuMs}`);
      assert.ok(rssMiB(started.child.pid!) > 0);
    } finally {
      started.child.kill('SIGTERM');
      await exited(started.child);
    }
    const floor = await nodeFloor(1);
    for (const [name, v] of Object.entries(floor)) assert.ok(Number.isFinite(v) && v > 0, `${name}: ${v}`);
    // The bare HTTPS server on skiff's certificates: its start and RSS, the floor of skiff's.
    const bare = await bareHttpsStart(dataDir, 1);
    for (const [name, v] of Object.entries(bare)) assert.ok(Number.isFinite(v) && v > 0, `bare server ${name}: ${v}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
