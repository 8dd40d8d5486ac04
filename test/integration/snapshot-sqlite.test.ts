// `skiff snapshot save` of a loaded SQLite server while writes continue, `skiff snapshot
// restore` into a fresh data dir, and a server started on it: every object is there with
// its uid, resourceVersion and content as of the snapshot's revision (read back from the
// original server with resourceVersionMatch=Exact), and the next write gets a higher
// resourceVersion. Both commands run as the real command line.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { eventually, startTestServer } from '../support/server.js';
import { assertSameObjects, listLoaded, maxResourceVersion, runCli, saveWhileWriting } from './snapshot-fixture.js';

const base = mkdtempSync(join(tmpdir(), 'skiff-snapshot-sqlite-'));
after(() => rmSync(base, { recursive: true, force: true }));

describe('skiff snapshot on the SQLite store', () => {
  it('saves a consistent snapshot while the server keeps writing and restores it with every object, uid and resourceVersion intact', async () => {
    const oldDir = join(base, 'old');
    const file = join(base, 'backup.db');
    const server = await startTestServer({ dataDir: oldDir });
    let revision: number;
    let expected: Awaited<ReturnType<typeof listLoaded>>;
    try {
      const saved = await saveWhileWriting(server, [file, '--data-dir', oldDir]);
      assert.equal(saved.code, 0, saved.stderr);
      const m = /^Snapshot saved at .*backup\.db \(revision (\d+), (\d+) keys, compacted to \d+, (\d+) bytes\)\n$/.exec(saved.stdout);
      assert.ok(m, saved.stdout);
      revision = Number(m[1]);
      assert.ok(!existsSync(`${file}.part`), 'no temporary file is left behind');
      expected = await listLoaded(server, revision);
      assert.ok(expected.size >= 323, `the snapshot's revision holds the whole load (${expected.size})`);
      const now = await listLoaded(server);
      assert.ok(maxResourceVersion(now) > revision, 'the server wrote on after the snapshot');
      assert.ok(maxResourceVersion(expected) <= revision);
    } finally {
      await server.close();
    }

    const status = await runCli(['status', file]);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, new RegExp(`skiff SQLite snapshot, revision ${revision}, `));

    const newDir = join(base, 'restored');
    const restored = await runCli(['restore', file, '--data-dir', newDir]);
    assert.equal(restored.code, 0, restored.stderr);
    assert.match(restored.stdout, new RegExp(`^Snapshot restored to .*skiff\\.db \\(revision ${revision}, `));
    assert.match(restored.stdout, /has no PKI/);

    // Restoring again over the restored store is refused, and the store is left alone.
    const again = await runCli(['restore', file, '--data-dir', newDir]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^Error: data-dir ".*restored" already holds a skiff store \(skiff\.db\)/);

    const s2 = await startTestServer({ dataDir: newDir });
    try {
      const actual = await listLoaded(s2);
      assertSameObjects(actual, expected);

      const oldRv = Number(expected.get('/api/v1/namespaces /snap-a')!.resourceVersion);
      const oldEvents: any[] = [];
      // A watch from a revision older than the restarted watch cache: 410 Expired, as kube-apiserver's cacher answers after a restart.
      const oldWatch = await s2.stream(`/api/v1/namespaces/snap-a/configmaps?watch=1&resourceVersion=${oldRv}`, (line) => oldEvents.push(JSON.parse(line)));
      try {
        assert.equal(oldWatch.status, 200);
        await eventually(() => oldEvents.length > 0, 10_000, 'watch answer');
        assert.equal(oldEvents[0].type, 'ERROR');
        assert.equal(oldEvents[0].object.code, 410);
        assert.equal(oldEvents[0].object.reason, 'Expired');
        assert.match(oldEvents[0].object.message, new RegExp(`^too old resource version: ${oldRv} \\(\\d+\\)$`));
      } finally {
        oldWatch.close();
      }
      const list = await s2.request('GET', '/api/v1/namespaces/snap-a/configmaps?limit=1');
      const listRv = Number(list.json().metadata.resourceVersion);
      assert.ok(listRv >= revision, `the restored server's revision ${listRv} is at least the snapshot's ${revision}`);
      const events: any[] = [];
      const watch = await s2.stream(`/api/v1/namespaces/snap-a/configmaps?watch=1&resourceVersion=${listRv}`, (line) => events.push(JSON.parse(line)));
      try {
        assert.equal(watch.status, 200);
        const created = await s2.request('POST', '/api/v1/namespaces/snap-a/configmaps', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-restore' } } });
        assert.equal(created.status, 201, created.text);
        const rv = Number(created.json().metadata.resourceVersion);
        assert.ok(rv > revision && rv > maxResourceVersion(expected), `the first write after the restore gets resourceVersion ${rv} > ${revision}`);
        await eventually(() => events.some((e) => e.type === 'ADDED' && e.object.metadata.name === 'after-restore'), 10_000, 'watch event of the new object');
      } finally {
        watch.close();
      }
    } finally {
      await s2.close();
    }

    // etcdutl's --bump-revision with --mark-compacted: the same objects, but no revision of the old server is handed out again.
    const bumpDir = join(base, 'bumped');
    const bumped = await runCli(['restore', file, '--data-dir', bumpDir, '--bump-revision=1000000000', '--mark-compacted']);
    assert.equal(bumped.code, 0, bumped.stderr);
    const bumpedRevision = revision + 1_000_000_000;
    assert.match(bumped.stdout, new RegExp(`\\(revision ${bumpedRevision}, \\d+ keys, compacted to ${bumpedRevision}, `));
    const s3 = await startTestServer({ dataDir: bumpDir });
    try {
      assertSameObjects(await listLoaded(s3), expected);
      const exact = await s3.request('GET', `/api/v1/configmaps?resourceVersion=${revision}&resourceVersionMatch=Exact`);
      assert.equal(exact.status, 410, exact.text);
      assert.equal(exact.json().reason, 'Expired');
      const created = await s3.request('POST', '/api/v1/namespaces/snap-a/configmaps', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-bump' } } });
      assert.equal(created.status, 201, created.text);
      assert.ok(Number(created.json().metadata.resourceVersion) > bumpedRevision);
    } finally {
      await s3.close();
    }
  });
});
