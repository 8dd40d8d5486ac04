// The shipped CLI (dist/skiff.mjs) commits on its main thread and syncs the WAL on libuv's
// thread pool before it acknowledges (src/storage/sqlite/writer.ts): a write it acknowledged is
// on disk and still there after kill -9 and a restart.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { client, exited } from '../../bench/skiff-process.js';
import { startSkiffChild } from '../support/skiff-child.js';

const launcher = fileURLToPath(new URL('../../skiff.mjs', import.meta.url));

test('the bundled CLI: a write acknowledged before kill -9 is there after the restart', { skip: existsSync(launcher) ? false : 'dist/skiff.mjs not built (npm run build)', timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-bundled-writes-'));
  try {
    const first = await startSkiffChild(dataDir);
    const c1 = client(first.port, join(dataDir, 'kubeconfig'), 1);
    try {
      const created = await c1.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'acked' }, data: { k: 'before kill -9' } });
      assert.equal(created.status, 201, created.body);
    } finally {
      c1.agent.destroy();
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
    const second = await startSkiffChild(dataDir);
    const c2 = client(second.port, join(dataDir, 'kubeconfig'), 1);
    try {
      const got = await c2.call('GET', '/api/v1/namespaces/default/configmaps/acked');
      assert.equal(got.status, 200, got.body);
      assert.equal(JSON.parse(got.body).data.k, 'before kill -9');
      // The restarted server writes too (its worker started again on the same file).
      const again = await c2.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'after' } });
      assert.equal(again.status, 201, again.body);
    } finally {
      c2.agent.destroy();
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
