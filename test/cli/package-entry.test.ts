// The package's entry as shipped (`import { startServer } from 'skiff'` → dist/index.mjs, built
// by `npm run build`): the programmatic API from its one-file bundle, run with a V8 code cache
// written next to it (scripts/skiff-lib.mjs). It must export what src/index.ts exports, use the
// cache a previous process wrote, and start a working server.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as source from '../../src/index.js';

const entry = fileURLToPath(new URL('../../index.mjs', import.meta.url));
const dist = fileURLToPath(new URL('../../', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs an ES module snippet in a fresh node process in the package's root (where `import('skiff')` names the package itself). */
function run(code: string): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', env: { ...process.env, SKIFF_TRACE_START: '1' } });
  assert.equal(r.status, 0, r.stderr);
  return { stdout: r.stdout, stderr: r.stderr };
}

describe("the package's entry (dist/index.mjs)", { skip: existsSync(entry) ? false : 'dist/index.mjs not built (npm run build)' }, () => {
  it("exports what src/index.ts exports, under the package's name", () => {
    const names = JSON.parse(run(`const m = await import('skiff'); process.stdout.write(JSON.stringify(Object.keys(m).sort()));`).stdout) as string[];
    assert.deepEqual(names, Object.keys(source).sort());
  });

  it("a test file's first in-memory server starts from the PKI and default objects an earlier process made with the same options", async (t) => {
    const cache = await mkdtemp(join(tmpdir(), 'skiff-entry-cache-'));
    t.after(() => rm(cache, { recursive: true, force: true }));
    const startOnce = (extra: string) =>
      JSON.parse(
        run(`const { startServer } = await import('skiff');
const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', verbosity: -1, pkiCacheDir: ${JSON.stringify(cache)}${extra} });
const ns = await srv.registry.get({ served: srv.registry.catalog.lookup('', 'v1', 'namespaces'), namespace: '' }, 'kube-system');
await srv.stop();
process.stdout.write(JSON.stringify({ uid: ns.metadata.uid, ca: srv.caPem }));`).stdout,
      ) as { uid: string; ca: string };
    const first = startOnce('');
    const [rangeDir] = await readdir(cache);
    const files = await readdir(join(cache, rangeDir!));
    const written = files.filter((f) => /^defaults-[0-9a-f]+\.json$/.test(f));
    assert.equal(written.length, 1, files.join(','));
    assert.equal((await stat(join(cache, rangeDir!, written[0]!))).mode & 0o777, 0o600);
    const second = startOnce('');
    assert.equal(second.ca, first.ca, 'the same PKI');
    assert.equal(second.uid, first.uid, 'the same default objects');
    const other = startOnce(', enablePriorityAndFairness: false');
    assert.equal(other.ca, first.ca);
    assert.notEqual(other.uid, first.uid, 'other options: defaults of its own');
  });

  it("uses the code cache a previous process wrote, and its startServer serves", () => {
    for (const f of readdirSync(dist)) if (/^skiff-lib-bundle\.cjs\..*\.cache$/.test(f)) rmSync(`${dist}/${f}`);
    const code = `const { startServer } = await import('skiff');
const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', verbosity: -1 });
const { request } = await import('node:https');
const get = (path) => new Promise((resolve, reject) => request(srv.url + path, { ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem }, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => resolve({ status: res.statusCode, body: b })); }).on('error', reject).end());
const ready = await get('/readyz');
const namespaces = JSON.parse((await get('/api/v1/namespaces')).body).items.map((n) => n.metadata.name);
await srv.stop();
process.stdout.write(JSON.stringify({ ready: ready.status, namespaces }));`;
    const first = run(code);
    assert.match(first.stderr, /bundle read and compiled \(code cache absent\)/);
    assert.ok(readdirSync(dist).some((f) => /^skiff-lib-bundle\.cjs\..*\.cache$/.test(f)), 'the first process wrote the cache at exit');
    const second = run(code);
    assert.match(second.stderr, /bundle read and compiled \(code cache used\)/);
    for (const r of [first, second]) {
      const out = JSON.parse(r.stdout) as { ready: number; namespaces: string[] };
      assert.equal(out.ready, 200);
      assert.ok(out.namespaces.includes('kube-system') && out.namespaces.includes('default'), out.namespaces.join(','));
    }
  });
});

// package.json `files`: what `npm install skiff` gets. Nothing but the two bundles and their
// loaders, the SQLite write worker and the type declarations; not the tests, benches, tsc's
// JavaScript (the bundles hold it) or the per-machine code caches.
it('the packed package holds the bundles, their loaders, the write worker and the types, and nothing else', () => {
  const npm = spawnSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: root, encoding: 'utf8' });
  assert.equal(npm.status, 0, npm.stderr);
  const files = (JSON.parse(npm.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  for (const needed of ['package.json', 'README.md', 'dist/skiff.mjs', 'dist/skiff-bundle.cjs', 'dist/index.mjs', 'dist/skiff-lib-bundle.cjs', 'dist/write-worker.cjs', 'dist/src/index.d.ts']) {
    assert.ok(files.includes(needed), `${needed} is packed`);
  }
  const other = files.filter((f) => !['package.json', 'README.md'].includes(f) && !/^dist\/[a-z-]+\.(mjs|cjs)$/.test(f) && !/^dist\/src\/.*\.d\.ts$/.test(f));
  assert.deepEqual(other, []);
  assert.ok(!files.some((f) => f.endsWith('.cache')), 'no code cache');
});
