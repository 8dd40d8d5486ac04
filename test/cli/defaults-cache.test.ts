// The default objects an in-memory start leaves, reused by later starts with the same options
// (src/cli/defaults-cache.ts): keyed by the options that can change them, written to disk only
// from a bundle (test/cli/package-entry.test.ts covers the processes of a suite).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEEP_DEFAULTS_FILES, defaultsKey, readDefaults, writeDefaults } from '../../src/cli/defaults-cache.js';
import { startServer } from '../../src/app.js';
import { createLogger } from '../../src/util/log.js';

const quiet = createLogger({ verbosity: 0, stream: { write: () => true } });

test('the key: options that cannot change the defaults are ignored, any other changes it; objects count by identity and are never persisted', () => {
  const base = defaultsKey({ store: 'memory', serviceClusterIpRange: '10.0.0.0/24' });
  assert.equal(defaultsKey({ store: 'memory', serviceClusterIpRange: '10.0.0.0/24', securePort: 0, bindAddress: '127.0.0.1', logger: quiet, verbosity: 3 }).id, base.id);
  assert.notEqual(defaultsKey({ store: 'memory', serviceClusterIpRange: '10.96.0.0/12' }).id, base.id);
  assert.notEqual(defaultsKey({ store: 'memory', serviceClusterIpRange: '10.0.0.0/24', enablePriorityAndFairness: false }).id, base.id);
  assert.notEqual(defaultsKey({ store: 'memory', serviceClusterIpRange: '10.0.0.0/24', featureGates: { MutatingAdmissionPolicy: true } }).id, base.id);
  // Another PKI cache, another CA in the defaults' kube-root-ca.crt ConfigMaps.
  assert.notEqual(defaultsKey({ store: 'memory', serviceClusterIpRange: '10.0.0.0/24', pkiCacheDir: '/elsewhere' }).id, base.id);
  // The unbundled code has no build id: nothing of it is written to disk.
  assert.equal(base.persistable, false);

  const makeAuthorizer = () => ({ authorize: async () => ({ decision: 'allow' as const, reason: '' }) });
  const authorizer = makeAuthorizer();
  const withAuthorizer = defaultsKey({ store: 'memory', authorizer });
  assert.equal(defaultsKey({ store: 'memory', authorizer }).id, withAuthorizer.id, 'the same function: the same key');
  assert.notEqual(defaultsKey({ store: 'memory', authorizer: makeAuthorizer() }).id, withAuthorizer.id, 'another function: another key');
  assert.notEqual(defaultsKey({ store: 'memory', authorizer: new Map() }).id, defaultsKey({ store: 'memory', authorizer: new Map() }).id, 'class instances by identity');
  assert.equal(withAuthorizer.persistable, false);
});

test('written defaults read back; a missing, foreign or damaged file reads as none', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'skiff-defaults-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'defaults.json');
  const kvs = [
    { key: '/registry/namespaces/default', value: Buffer.from('{"kind":"Namespace"}'), createRevision: 3, modRevision: 5 },
    { key: '/registry/configmaps/a/b', value: Buffer.from([0, 1, 2, 255]), createRevision: 4, modRevision: 4 },
  ];
  assert.equal(await readDefaults(path), undefined);
  await writeDefaults(path, kvs);
  const back = await readDefaults(path);
  assert.deepEqual(back?.map((kv) => [kv.key, kv.value.toString('hex')]), kvs.map((kv) => [kv.key, kv.value.toString('hex')]));
  for (const body of ['{"format":2,"kvs":[]}', '{"format":1,"kvs":[["k",3]]}', '{"format":1', 'null']) {
    await writeFile(path, body);
    assert.equal(await readDefaults(path), undefined, body);
  }
});

test('a directory keeps the last used defaults files, not one per build forever', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'skiff-defaults-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const name = (i: number) => `defaults-${i.toString(16).padStart(32, '0')}.json`;
  const kvs = [{ key: '/registry/namespaces/default', value: Buffer.from('{}'), createRevision: 1, modRevision: 1 }];
  await writeFile(join(dir, 'ca.crt'), 'not a defaults file');
  // Ten builds' files, written a minute apart (each write prunes: the two oldest go).
  for (let i = 0; i < 10; i++) {
    await writeDefaults(join(dir, name(i)), kvs);
    const at = new Date(Date.now() - (20 - i) * 60_000);
    await utimes(join(dir, name(i)), at, at);
  }
  assert.equal((await readdir(dir)).filter((f) => f.startsWith('defaults-')).length, KEEP_DEFAULTS_FILES);
  // The oldest left is read: used now, it outlives newer ones.
  assert.ok(await readDefaults(join(dir, name(2))));
  await new Promise((r) => setTimeout(r, 20)); // the touch is not awaited by readDefaults
  await writeDefaults(join(dir, name(10)), kvs);
  const left = (await readdir(dir)).sort();
  assert.equal(left.filter((f) => f.startsWith('defaults-')).length, KEEP_DEFAULTS_FILES);
  assert.ok(left.includes(name(10)), 'the one just written');
  assert.ok(left.includes(name(2)), 'the one just read');
  assert.ok(left.includes(name(9)) && !left.includes(name(3)) && !left.includes(name(0)), 'the rest by last use');
  assert.ok(left.includes('ca.crt'), 'other files are left alone');
});

test('in one process, a start with the same options begins from the first one\'s defaults; other options create their own', async () => {
  const uidOf = async (srv: Awaited<ReturnType<typeof startServer>>) => {
    const ns = (await srv.registry.get({ served: srv.registry.catalog.lookup('', 'v1', 'namespaces')!, namespace: '' }, 'kube-system')) as { metadata: { uid: string } };
    return ns.metadata.uid;
  };
  const opts = { store: 'memory' as const, securePort: 0, bindAddress: '127.0.0.1', logger: quiet, controllers: [], serviceClusterIpRange: '10.0.7.0/24' };
  const first = await startServer(opts);
  const firstUid = await uidOf(first);
  await first.stop();
  const same = await startServer({ ...opts, securePort: 0 });
  assert.equal(await uidOf(same), firstUid);
  await same.stop();
  const other = await startServer({ ...opts, enablePriorityAndFairness: false });
  assert.notEqual(await uidOf(other), firstUid);
  await other.stop();
});
