// The creates rows of `npm run bench` (bench/create-client.ts, bench/reference-creates.ts): the
// c=16 client in its own process against a skiff child, and against upstream's kube-apiserver
// (bearer token, its own etcd) where ../shared/kube and etcd are there. Figures are not judged
// (tests never assert timings): each must be measured and finite, and the creates must exist.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { measureCreates } from '../../bench/create-client.js';
import { referenceCreates } from '../../bench/reference-creates.js';
import { client, exited } from '../../bench/skiff-process.js';
import { referenceApiserverMissing } from '../support/kube-apiserver.js';
import { startSkiffChild } from '../support/skiff-child.js';

function assertFigures(r: { perSecond: number; clientCpuUs: number; serverCpuUs: number }): void {
  assert.ok(Number.isFinite(r.perSecond) && r.perSecond > 0, `creates/s ${r.perSecond}`);
  assert.ok(Number.isFinite(r.clientCpuUs) && r.clientCpuUs > 0, `client CPU per create ${r.clientCpuUs}`);
  // /proc counts in 10 ms ticks: a short run may round to zero, never below.
  assert.ok(Number.isFinite(r.serverCpuUs) && r.serverCpuUs >= 0, `server CPU per create ${r.serverCpuUs}`);
}

test('the c=16 create client measures creates/s and both CPU figures against a skiff process, after its warm-up', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-create-rows-'));
  try {
    const started = await startSkiffChild(dataDir);
    try {
      const kubeconfig = join(dataDir, 'kubeconfig');
      const admin = client(started.port, kubeconfig, 1);
      assert.equal((await admin.call('POST', '/api/v1/namespaces', { metadata: { name: 'bench-c16' } })).status, 201);
      const r = await measureCreates({ port: started.port, kubeconfig, ns: 'bench-c16', total: 120, concurrency: 16 }, [started.child.pid!], 40);
      assertFigures(r);
      assert.ok(Number.isFinite(r.mainThreadCpuUs) && r.mainThreadCpuUs >= 0 && r.mainThreadCpuUs <= r.serverCpuUs + 10_000 / 120, `main thread CPU per create ${r.mainThreadCpuUs}`);
      assert.ok(Number.isFinite(r.mainThreadBusy) && r.mainThreadBusy >= 0, `main thread busy ${r.mainThreadBusy}`);
      const list = JSON.parse((await admin.call('GET', '/api/v1/namespaces/bench-c16/configmaps')).body) as { items: { metadata: { name: string } }[] };
      assert.equal(list.items.filter((i) => i.metadata.name.startsWith('cm-')).length, 160, 'the warm-up and the timed creates all exist');
      admin.agent.destroy();
    } finally {
      started.child.kill('SIGTERM');
      await exited(started.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the same client against the reference kube-apiserver (bearer token): creates/s, CPU of kube-apiserver and etcd, its start, their RSS', { timeout: 180_000, skip: referenceApiserverMissing() }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-reference-creates-'));
  try {
    const r = await referenceCreates(dir, 60, 20);
    assert.ok(!('skipped' in r), 'skipped' in r ? r.skipped : '');
    assertFigures(r);
    for (const [name, mib] of Object.entries(r.rssMiB)) assert.ok(Number.isFinite(mib) && mib > 0, `${name} RSS ${mib}`);
    assert.ok(Number.isFinite(r.readyMs) && r.readyMs > 0, `kube-apiserver start ${r.readyMs}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
