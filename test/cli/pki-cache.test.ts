// In-memory servers keep their generated PKI in a private cache directory between processes
// (src/cli/pki-cache.ts): reused while usable, never taken from a directory another user could
// have written or read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryServerPki } from '../../src/cli/pki-cache.js';

async function tempDir(t: { after: (fn: () => Promise<void>) => void }, name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `skiff-${name}-`));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const opts = { serviceClusterIpRange: '10.0.0.0/24' };

test('the first in-memory PKI is generated into a private cache directory; the next one reuses it and generates nothing', async (t) => {
  const cache = join(await tempDir(t, 'pki-cache'), 'pki'); // does not exist yet
  const first = await memoryServerPki(await tempDir(t, 'data'), opts, cache);
  assert.deepEqual([...first.generated].sort(), ['admin', 'ca', 'service-account', 'serving']);
  assert.ok(first.dir.startsWith(cache), `generated into ${first.dir}`);
  for (const dir of [cache, first.dir]) assert.equal((await stat(dir)).mode & 0o777, 0o700, dir);
  for (const key of ['ca.key', 'apiserver.key', 'admin.key', 'sa.key']) assert.equal((await stat(join(first.dir, key))).mode & 0o777, 0o600, key);

  const tempData = await tempDir(t, 'data');
  const second = await memoryServerPki(tempData, opts, cache);
  assert.deepEqual(second.generated, []);
  assert.equal(second.ca.certPem, first.ca.certPem);
  assert.equal(second.serving.keyPem, first.serving.keyPem);
  assert.equal(second.serviceAccount.privateKeyPem, first.serviceAccount.privateKeyPem);
  assert.deepEqual(await readdir(tempData), [], 'nothing written into the data dir');

  // Another service range: its own directory (the range's first address is in the serving certificate).
  const other = await memoryServerPki(await tempDir(t, 'data'), { serviceClusterIpRange: '10.96.0.0/12' }, cache);
  assert.notEqual(other.dir, first.dir);
  assert.deepEqual((await memoryServerPki(await tempDir(t, 'data'), opts, cache)).generated, [], 'the first range is still cached');
});

test('another process reuses the cached PKI (one CA across the processes of a test suite)', async (t) => {
  const cache = join(await tempDir(t, 'pki-cache'), 'pki');
  const module = fileURLToPath(new URL('../../src/cli/pki-cache.js', import.meta.url));
  const script = `const { memoryServerPki } = await import(${JSON.stringify(module)});
const { mkdtemp } = await import('node:fs/promises');
const p = await memoryServerPki(await mkdtemp(${JSON.stringify(join(tmpdir(), 'skiff-data-'))}), { serviceClusterIpRange: '10.0.0.0/24' }, ${JSON.stringify(cache)});
process.stdout.write(JSON.stringify({ generated: p.generated, ca: p.ca.certPem }));`;
  const run = () => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { generated: string[]; ca: string };
  const first = run();
  const second = run();
  assert.equal(first.generated.length, 4);
  assert.deepEqual(second.generated, []);
  assert.equal(second.ca, first.ca);
});

test('a cache directory open to group or others, a symlink, or false: the PKI is generated into the data dir and the cache is left alone', async (t) => {
  const root = await tempDir(t, 'pki-cache');
  const open = join(root, 'open');
  await mkdir(open, { mode: 0o700 });
  await chmod(open, 0o755);
  const realDir = join(root, 'real');
  await mkdir(realDir, { mode: 0o700 });
  const link = join(root, 'link');
  await symlink(realDir, link);
  for (const cache of [open, link, false as const]) {
    const data = await tempDir(t, 'data');
    const pki = await memoryServerPki(data, opts, cache);
    assert.equal(pki.dir, data, `${cache}: generated into the data dir`);
    assert.equal(pki.generated.length, 4, `${cache}`);
  }
  assert.deepEqual(await readdir(open), [], 'nothing written into the open directory');
  assert.deepEqual(await readdir(realDir), [], 'nothing written through the symlink');
});
