// `skiff snapshot save --etcd-servers` through etcd's Maintenance.Snapshot stream while
// skiff keeps writing, then the operator's restore: etcdutl (etcdctl in etcd 3.4)
// `snapshot restore` into a new etcd data dir, etcd started on it, skiff started on that
// etcd. Every object is there with its uid, resourceVersion and content as of the
// snapshot's revision, and the next write gets a higher resourceVersion.
// The stream and its trailing sha256: etcd server/etcdserver/api/v3rpc/maintenance.go.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.js';
import { EtcdCluster, EtcdMember, NO_ETCD, etcdBinary, freePort } from '../support/etcd.js';
import { PortTakenError } from '../support/ports.js';
import { startTestServer } from '../support/server.js';
import { assertSameObjects, listLoaded, maxResourceVersion, runCli, saveWhileWriting } from './snapshot-fixture.js';

const base = mkdtempSync(join(tmpdir(), 'skiff-snapshot-etcd-'));
after(() => rmSync(base, { recursive: true, force: true }));

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // next
    }
  }
  return undefined;
}

/** etcdutl (etcd 3.5+) or, before it existed, etcdctl with the v3 API: both have `snapshot restore` and `snapshot status`. */
const restoreTool = onPath('etcdutl') ?? onPath('etcdctl');
const NO_RESTORE_TOOL = 'neither etcdutl nor etcdctl on PATH (apt-get install etcd-client)';

function tool(args: string[]): string {
  const r = spawnSync(restoreTool!, args, { encoding: 'utf8', env: { ...process.env, ETCDCTL_API: '3' } });
  assert.equal(r.status, 0, `${restoreTool} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

describe('skiff snapshot on etcd', () => {
  it('fails cleanly when etcd cannot be reached', async () => {
    const port = await freePort();
    const r = await runCli(['save', join(base, 'unreachable.snap'), `--etcd-servers=http://127.0.0.1:${port}`]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^Error: etcd http:\/\/127\.0\.0\.1:\d+: grpc: cannot connect to/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.ok(!existsSync(join(base, 'unreachable.snap')) && !existsSync(join(base, 'unreachable.snap.part')));
  });

  it('saves through Maintenance.Snapshot while skiff writes; restored with etcd\'s tool, skiff serves every object as of the snapshot', { skip: etcdBinary() ? false : NO_ETCD }, async (t) => {
    const etcd = await EtcdCluster.start(1);
    t.after(() => etcd.stop());
    const file = join(base, 'etcd.snap');
    const server = await startTestServer({ etcdServers: etcd.endpoints });
    let expected: Awaited<ReturnType<typeof listLoaded>> | undefined;
    try {
      const saved = await saveWhileWriting(server, [file, `--etcd-servers=${etcd.endpoints[0]}`]);
      assert.equal(saved.code, 0, saved.stderr);
      assert.match(saved.stdout, new RegExp(`^Snapshot saved at .*etcd\\.snap \\(etcd 3\\.[\\d.]+, ${statSync(file).size} bytes, revision \\d+ or later\\)\\n$`));
      assert.ok(!existsSync(`${file}.part`));
      const status = await runCli(['status', file]);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /etcd snapshot, \d+ bytes, sha256 digest ok/);
      if (!restoreTool) {
        t.skip(NO_RESTORE_TOOL);
        return;
      }
      // etcd's own reading of the file: its revision is the snapshot's.
      const info = JSON.parse(tool(['snapshot', 'status', file, '-w', 'json'])) as { revision: number; totalKey: number };
      const revisionAtStart = Number(/revision (\d+) or later/.exec(saved.stdout)![1]);
      assert.ok(info.revision >= revisionAtStart, `snapshot revision ${info.revision} >= ${revisionAtStart}`);
      expected = await listLoaded(server, info.revision);
      assert.ok(expected.size >= 323, `the snapshot's revision holds the whole load (${expected.size})`);
      assert.ok(maxResourceVersion(await listLoaded(server)) > info.revision, 'skiff wrote on after the snapshot');
    } finally {
      await server.close();
    }
    if (!expected) return;

    // The restored member needs explicit ports: restored again on new ones when one was taken meanwhile.
    let member: EtcdMember | undefined;
    for (let attempt = 1; !member; attempt++) {
      const peerPort = await freePort();
      const clientPort = await freePort();
      const peer = `http://127.0.0.1:${peerPort}`;
      const etcdDir = join(base, 'restored-etcd', `m0.${attempt}`);
      tool(['snapshot', 'restore', file, `--data-dir=${etcdDir}`, '--name=m0', `--initial-cluster=m0=${peer}`, `--initial-advertise-peer-urls=${peer}`]);
      const m = new EtcdMember({ name: 'm0', clientPort, peerPort }, etcdDir, `m0=${peer}`, {});
      t.after(() => m.kill());
      m.spawn();
      try {
        await m.waitHealthy();
        member = m;
      } catch (e) {
        await m.kill();
        if (!(e instanceof PortTakenError) || attempt >= 5) throw e;
      }
    }
    const restoredStore = await EtcdStore.connect({ endpoints: [member.endpoint] });
    const restoredRevision = await restoredStore.currentRevision();
    await restoredStore.close();
    const snapRevision = (JSON.parse(tool(['snapshot', 'status', file, '-w', 'json'])) as { revision: number }).revision;
    assert.equal(restoredRevision, snapRevision, 'the restored etcd is at the snapshot\'s revision');

    const s2 = await startTestServer({ etcdServers: [member.endpoint] });
    try {
      assertSameObjects(await listLoaded(s2), expected);
      const created = await s2.request('POST', '/api/v1/namespaces/snap-a/configmaps', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-restore' } } });
      assert.equal(created.status, 201, created.text);
      const rv = Number(created.json().metadata.resourceVersion);
      assert.ok(rv > snapRevision && rv > maxResourceVersion(expected), `the first write after the restore gets resourceVersion ${rv} > ${snapRevision}`);
    } finally {
      await s2.close();
    }
    // The file is what etcd sent, digest included, so etcd's tool checked it on restore (no --skip-hash-check).
    assert.equal(readFileSync(file).length % 512, 32);
  });
});
