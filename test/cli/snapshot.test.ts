// `skiff snapshot` on a real SQLite store without a server: the round trip keeps keys,
// revisions, history and the compaction point; bad input (missing, unreadable, damaged,
// foreign or etcd files, wrong flags, an occupied data dir) is refused with a one-line
// error and exit code 1 or 2, never a stack trace.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runSnapshotCommand } from '../../src/cli/snapshot.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';

const base = mkdtempSync(join(tmpdir(), 'skiff-snapshot-cli-'));
after(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(base, `case-${n++}`);

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runSnapshotCommand(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

function assertCleanError(r: { stderr: string }, pattern: RegExp): void {
  assert.match(r.stderr, /^Error: /);
  assert.match(r.stderr, pattern);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
}

/** A data dir whose store has some history: creates, updates, a delete, a compaction. */
async function populatedDataDir(): Promise<{ dir: string; revision: number; keys: Map<string, { value: string; mod: number; create: number }> }> {
  const dir = fresh();
  mkdirSync(dir, { recursive: true });
  const store = SqliteStore.open(join(dir, 'skiff.db'));
  try {
    for (let i = 0; i < 40; i++) await store.create(`/registry/configmaps/ns/cm-${i}`, Buffer.from(`v${i}`));
    for (let i = 0; i < 10; i++) {
      const cur = await store.get(`/registry/configmaps/ns/cm-${i}`);
      await store.update(`/registry/configmaps/ns/cm-${i}`, Buffer.from(`u${i}`), cur.kv!.modRevision);
    }
    await store.delete('/registry/configmaps/ns/cm-39');
    await store.compact(10);
    const all = await store.range('/registry/');
    const keys = new Map(all.kvs.map((kv) => [kv.key, { value: kv.value.toString(), mod: kv.modRevision, create: kv.createRevision }]));
    return { dir, revision: await store.currentRevision(), keys };
  } finally {
    await store.close();
  }
}

describe('skiff snapshot (SQLite, command function)', () => {
  it('round-trips a store: every key with its revisions, the history after the compaction point, and the next revision', async () => {
    const src = await populatedDataDir();
    const file = join(base, 'roundtrip.db');
    const saved = await run('save', file, '--data-dir', src.dir);
    assert.equal(saved.code, 0, saved.stderr);
    assert.equal(saved.stdout, `Snapshot saved at ${file} (revision ${src.revision}, 39 keys, compacted to 10, ${statSync(file).size} bytes)\n`);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'a snapshot holds Secrets: owner only');

    const dest = fresh();
    const restored = await run('restore', file, '--data-dir', dest);
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(statSync(join(dest, 'skiff.db')).mode & 0o777, 0o600);
    const store = SqliteStore.open(join(dest, 'skiff.db'));
    try {
      assert.equal(await store.currentRevision(), src.revision);
      assert.equal(await store.compactedRevision(), 10);
      const all = await store.range('/registry/');
      assert.deepEqual(new Map(all.kvs.map((kv) => [kv.key, { value: kv.value.toString(), mod: kv.modRevision, create: kv.createRevision }])), src.keys);
      // History above the compaction point is still readable: cm-0 just before its update.
      const old = await store.get('/registry/configmaps/ns/cm-0', src.keys.get('/registry/configmaps/ns/cm-0')!.mod - 1);
      assert.equal(old.kv?.value.toString(), 'v0');
      const w = await store.create('/registry/configmaps/ns/new', Buffer.from('n'));
      assert.ok(w.ok);
      assert.equal(w.kv.modRevision, src.revision + 1);
    } finally {
      await store.close();
    }
  });

  it('--bump-revision N --mark-compacted raises the revision, keeps every key and compacts the history below', async () => {
    const src = await populatedDataDir();
    const file = join(base, 'bump.db');
    assert.equal((await run('save', file, '--data-dir', src.dir)).code, 0);
    const dest = fresh();
    const restored = await run('restore', file, '--data-dir', dest, '--bump-revision', '1000000', '--mark-compacted');
    assert.equal(restored.code, 0, restored.stderr);
    const bumped = src.revision + 1_000_000;
    assert.match(restored.stdout, new RegExp(`\\(revision ${bumped}, 39 keys, compacted to ${bumped}, `));
    const store = SqliteStore.open(join(dest, 'skiff.db'));
    try {
      assert.equal(await store.currentRevision(), bumped);
      assert.equal(await store.compactedRevision(), bumped);
      const all = await store.range('/registry/');
      assert.deepEqual(new Map(all.kvs.map((kv) => [kv.key, { value: kv.value.toString(), mod: kv.modRevision, create: kv.createRevision }])), src.keys);
      await assert.rejects(store.get('/registry/configmaps/ns/cm-0', src.revision), { name: 'CompactedError' });
      const w = await store.create('/registry/configmaps/ns/new', Buffer.from('n'));
      assert.ok(w.ok);
      assert.equal(w.kv.modRevision, bumped + 1);
    } finally {
      await store.close();
    }
  });

  it('prints usage errors with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing subcommand/],
      [['backup', 'x'], /unknown subcommand "backup"/],
      [['save'], /snapshot save needs a FILE/],
      [['save', 'a', 'b'], /takes one FILE/],
      [['save', 'x', '--secure-port', '1'], /flag --secure-port is not used by skiff snapshot/],
      [['save', 'x', '--no-such-flag'], /unknown flag: --no-such-flag/],
      [['save', 'x', '--etcd-servers', 'http://127.0.0.1:1,http://127.0.0.1:2'], /exactly one --etcd-servers endpoint/],
      [['save', 'x', '--etcd-servers', 'http://127.0.0.1:1', '--data-dir', 'd'], /either --data-dir .* or --etcd-servers/],
      [['save', 'x', '--etcd-cafile', 'ca.crt'], /--etcd-cafile needs --etcd-servers/],
      [['restore', 'x'], /needs --data-dir NEW_DIR/],
      [['restore', 'x', '--data-dir', 'd', '--etcd-servers', 'http://127.0.0.1:1'], /etcdutl snapshot restore/],
      [['status', 'x', '--data-dir', 'd'], /reads only FILE/],
      [['restore', 'x', '--data-dir', 'd', '--bump-revision', '5'], /--mark-compacted is required with --bump-revision greater than 0/],
      [['restore', 'x', '--data-dir', 'd', '--mark-compacted'], /--mark-compacted needs --bump-revision greater than 0/],
      [['restore', 'x', '--data-dir', 'd', '--bump-revision=-1', '--mark-compacted'], /invalid argument "-1" for "--bump-revision" flag/],
      [['restore', 'x', '--data-dir', 'd', '--bump-revision'], /flag needs an argument: --bump-revision/],
      [['save', 'x', '--bump-revision=5', '--mark-compacted'], /flags of snapshot restore, not save/],
    ];
    for (const [argv, pattern] of cases) {
      const r = await run(...argv);
      assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
      assertCleanError(r, pattern);
      assert.match(r.stderr, /Run 'skiff snapshot --help' for usage\./);
    }
    const help = await run('--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /skiff snapshot restore FILE --data-dir NEW_DIR/);
  });

  it('refuses missing, unreadable, damaged and foreign files with exit code 1', async () => {
    const src = await populatedDataDir();
    const good = join(base, 'good.db');
    assert.equal((await run('save', good, '--data-dir', src.dir)).code, 0);

    const missing = await run('restore', join(base, 'nope.db'), '--data-dir', fresh());
    assert.equal(missing.code, 1);
    assertCleanError(missing, /ENOENT: no such file or directory.*nope\.db/);

    const live = readFileSync(join(src.dir, 'skiff.db'));
    const self = await run('save', join(src.dir, 'skiff.db'), '--data-dir', src.dir);
    assert.equal(self.code, 1);
    assertCleanError(self, /is the live store itself; save the snapshot elsewhere/);
    assert.ok(readFileSync(join(src.dir, 'skiff.db')).equals(live));

    const noStore = await run('save', join(base, 'x.db'), '--data-dir', fresh());
    assert.equal(noStore.code, 1);
    assertCleanError(noStore, /no skiff store at .*skiff\.db/);

    if (process.getuid?.() !== 0) {
      const unreadable = join(base, 'unreadable.db');
      copyFileSync(good, unreadable);
      chmodSync(unreadable, 0o000);
      const r = await run('status', unreadable);
      assert.equal(r.code, 1);
      assertCleanError(r, /EACCES/);
    }

    const garbage = join(base, 'garbage.db');
    writeFileSync(garbage, 'not a database at all\n'.repeat(100));
    const g = await run('restore', garbage, '--data-dir', fresh());
    assert.equal(g.code, 1);
    assertCleanError(g, /is not a skiff snapshot: not an SQLite database/);

    // Pages overwritten in the middle of the file: the integrity check catches it.
    const damaged = join(base, 'damaged.db');
    const bytes = readFileSync(good);
    const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
    assert.ok(bytes.length >= pageSize * 4, 'the store spans several pages');
    for (let i = pageSize * 2; i < bytes.length - pageSize; i++) bytes[i] = (i * 131) & 0xff;
    writeFileSync(damaged, bytes);
    const dest = fresh();
    const d = await run('restore', damaged, '--data-dir', dest);
    assert.equal(d.code, 1);
    assertCleanError(d, /damaged\.db (failed the integrity check|is damaged)/);
    assert.ok(!existsSync(dest), 'nothing is restored from a damaged file, not even the data dir');

    const truncated = join(base, 'truncated.db');
    writeFileSync(truncated, readFileSync(good).subarray(0, 4096 + 100));
    const t = await run('status', truncated);
    assert.equal(t.code, 1);
    assertCleanError(t, /truncated\.db (failed the integrity check|is damaged)/);

    const foreign = join(base, 'foreign.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE things(x)');
    db.close();
    const f = await run('restore', foreign, '--data-dir', fresh());
    assert.equal(f.code, 1);
    assertCleanError(f, /is an SQLite database but not a skiff store \(tables: things\)/);

    const future = join(base, 'future.db');
    copyFileSync(good, future);
    const fdb = new Database(future);
    fdb.pragma('user_version = 99');
    fdb.close();
    const v = await run('restore', future, '--data-dir', fresh());
    assert.equal(v.code, 1);
    assertCleanError(v, /has store schema version 99; this skiff reads version 1/);
  });

  it('restores only into a data dir without a store, and leaves an existing store alone', async () => {
    const src = await populatedDataDir();
    const file = join(base, 'occupied.db');
    assert.equal((await run('save', file, '--data-dir', src.dir)).code, 0);
    const before = readFileSync(join(src.dir, 'skiff.db'));
    const r = await run('restore', file, '--data-dir', src.dir);
    assert.equal(r.code, 1);
    assertCleanError(r, /already holds a skiff store \(skiff\.db\); restore only into a data dir without one/);
    assert.ok(readFileSync(join(src.dir, 'skiff.db')).equals(before));

    // A data dir that holds only the PKI copied from the old one is fine, and then no PKI warning is printed.
    const withPki = fresh();
    mkdirSync(withPki);
    writeFileSync(join(withPki, 'ca.key'), 'placeholder');
    const ok = await run('restore', file, '--data-dir', withPki);
    assert.equal(ok.code, 0, ok.stderr);
    assert.doesNotMatch(ok.stdout, /has no PKI/);
    assert.ok(existsSync(join(withPki, 'skiff.db')));
    assert.ok(!existsSync(join(withPki, 'skiff.db.part')));
  });

  it('tells an etcd snapshot apart: restore points to etcdutl, status checks its sha256 digest', async () => {
    // The shape etcd streams: a bbolt file (its meta page magic at offset 16) followed by the sha256 of it.
    const db = Buffer.alloc(4096 * 4);
    db.writeUInt32LE(0xed0cdaed, 16);
    const file = join(base, 'etcd.snap');
    writeFileSync(file, Buffer.concat([db, createHash('sha256').update(db).digest()]));
    const s = await run('status', file);
    assert.equal(s.code, 0, s.stderr);
    assert.equal(s.stdout, `${file}: etcd snapshot, ${4096 * 4 + 32} bytes, sha256 digest ok\n`);

    const r = await run('restore', file, '--data-dir', fresh());
    assert.equal(r.code, 1);
    assertCleanError(r, /is an etcd snapshot: restore it into a new etcd data dir with "etcdutl snapshot restore/);

    const bad = join(base, 'etcd-bad.snap');
    const bytes = readFileSync(file);
    bytes[5000] ^= 0xff;
    writeFileSync(bad, bytes);
    const b = await run('status', bad);
    assert.equal(b.code, 1);
    assertCleanError(b, /sha256 digest is missing or does not match/);
  });
});
