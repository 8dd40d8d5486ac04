// The in-process test server rows of `npm run bench` (bench/test-server.ts): run as run.ts runs
// it, in a fresh node process. Figures are not judged (tests never assert timings): each must be
// measured and finite, and every reset must have removed the 1,000 ConfigMaps (the bench fails otherwise).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lifetimeRow, testServerRows, timeProcessLifetimes, type TestServerTimes } from '../../bench/test-server.js';

test('the in-process test server bench times import, the first and later starts, resets and stops in a fresh process', { timeout: 120_000 }, () => {
  const script = fileURLToPath(new URL('../../bench/test-server.js', import.meta.url));
  const times = JSON.parse(execFileSync(process.execPath, [script, '2', '--json'], { encoding: 'utf8' })) as TestServerTimes;
  assert.ok(Number.isFinite(times.importMs) && times.importMs > 0, `import ${times.importMs}`);
  assert.equal(typeof times.pkiCached, 'boolean');
  for (const [name, xs] of Object.entries({ start: times.startMs, reset: times.resetMs, stop: times.stopMs })) {
    assert.equal(xs.length, 2, name);
    for (const x of xs) assert.ok(Number.isFinite(x) && x > 0, `${name} ${x}`);
  }
  const rows = testServerRows(times);
  assert.deepEqual(rows.map(([label]) => label.split(' ')[0]), ["import('skiff')", 'first', 'later', 'reset', 'stop']);
  assert.match(rows[1]![1], /^\d+\.\d ms \(PKI (cached|made), defaults (cached|made)\)$/);
  for (const [, figure] of rows) assert.match(figure, /^\d+(\.\d)? ms/);
});

test("the bench times a test file's whole process, spawn to exit, and what it lives after stop()", { timeout: 60_000 }, async () => {
  const runs = await timeProcessLifetimes(2);
  assert.equal(runs.length, 2);
  for (const r of runs) {
    assert.ok(Number.isFinite(r.totalMs) && r.totalMs > 0, `total ${r.totalMs}`);
    assert.ok(Number.isFinite(r.afterStopMs) && r.afterStopMs >= 0 && r.afterStopMs < r.totalMs, `after stop ${r.afterStopMs}`);
  }
  const [label, figure] = lifetimeRow(runs);
  assert.match(label, /^a test file's process/);
  assert.match(figure, /^\d+ ms, of it after stop\(\) \d+\.\d ms$/);
});
