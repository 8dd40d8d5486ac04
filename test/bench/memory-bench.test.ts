// The memory benchmark's code path on a small load: it must run end to end and print every
// figure (it once recursed forever in its row printer and nobody saw, because only
// `npm run bench` ran it). Figures are not judged here — tests never assert timings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryBench } from '../../bench/memory.js';

test('memory bench runs end to end on 200 objects and reports every figure', { timeout: 180_000 }, async () => {
  const printed: string[] = [];
  const rows = await memoryBench({ objects: 200, mixedSeconds: 1, namespaces: 2 }, (label) => printed.push(label));
  const labels = rows.map(([label]) => label);
  assert.deepEqual(labels, printed, 'each row is printed as it is measured');
  for (const figure of [
    'RSS before load',
    'RSS growth per stored object',
    'restart to /readyz 200 after kill -9',
    'RSS after full lists',
    'RSS after 1 s mixed load',
    'RSS right after deleting everything',
    'peak RSS (create, restart, lists, mixed, deletes)',
    'RSS after deletes and one compaction',
  ]) {
    const row = rows.find(([label]) => label === `${figure} [200]`);
    assert.ok(row, `${figure} is reported`);
    assert.match(row[1], /^\d+(\.\d+)? (MiB|KiB|ms)/, `${figure}: ${row[1]}`);
  }
  // The restart figure comes with the server's CPU time until ready (load-independent).
  assert.match(rows.find(([l]) => l.startsWith('restart to /readyz'))![1], /^\d+ ms \(server CPU until then \d+ ms\)$/);
});
