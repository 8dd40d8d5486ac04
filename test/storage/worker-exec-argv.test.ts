import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { workerExecArgv } from '../../src/storage/sqlite/worker-writer.js';

test('the write worker drops the main script flags (-e, --input-type) and keeps the others', () => {
  assert.deepEqual(workerExecArgv(['--input-type=module', '-e', 'code', '--max-old-space-size=512']), ['--max-old-space-size=512']);
  assert.deepEqual(workerExecArgv(['--print', 'x', '--enable-source-maps']), ['--enable-source-maps']);
});

for (const flags of [[], ['--max-old-space-size=4096', '--expose-gc', '--enable-source-maps']]) {
  test(`a SQLite store opened from \`node ${flags.join(' ')} --input-type=module -e\` commits through its write worker`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'skiff-worker-argv-'));
    try {
      const mod = new URL('../../src/storage/sqlite/sqlite-store.js', import.meta.url).href;
      const script = `import { SqliteStore } from ${JSON.stringify(mod)};
  const s = SqliteStore.open(${JSON.stringify(join(dir, 'x.db'))}, { writer: 'worker' });
  await s.create('/registry/configmaps/default/a', Buffer.from(JSON.stringify({ a: 1 })));
  console.log('rv', 'ok');
  await s.close();`;
      const r = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /rv ok/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
