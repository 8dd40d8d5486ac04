// EtcdStore under failures: a client cut off from etcd and reconnected, history compacted
// while a watcher was away, and a member of a 3-member cluster killed and restarted under
// a 16-way create load. No acknowledged write may be lost; a watcher either continues
// without a gap or fails with CompactedError (a 410 and a re-list for API clients).
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { CompactedError, type StoreEvent } from '../../src/storage/store.js';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.js';
import { EtcdCluster, NO_ETCD, TcpProxy, etcdBinary } from '../support/etcd.js';

const skip = etcdBinary() ? false : NO_ETCD;
const buf = (s: string) => Buffer.from(s, 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, pred: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Records a watch and checks that revisions only ever increase. */
class Recorder {
  readonly events: StoreEvent[] = [];
  error?: Error;
  outOfOrder = 0;

  constructor(store: EtcdStore, prefix: string, startRevision: number) {
    store.watch(prefix, { startRevision, progressNotify: true }, {
      onEvents: (evs, rev) => {
        const last = this.events.at(-1)?.kv.modRevision ?? 0;
        if (rev <= last) this.outOfOrder++;
        this.events.push(...evs);
      },
      onError: (err) => (this.error = err),
    });
  }

  revisions(): number[] {
    return this.events.map((e) => e.kv.modRevision);
  }
}

describe('EtcdStore under failures', { skip }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function single(): Promise<{ etcd: EtcdCluster; proxy: TcpProxy; direct: EtcdStore; viaProxy: EtcdStore }> {
    const etcd = await EtcdCluster.start(1);
    cleanups.push(() => etcd.stop());
    const proxy = await TcpProxy.start(etcd.endpoints[0]!);
    cleanups.push(() => proxy.stop());
    const direct = await EtcdStore.connect({ endpoints: etcd.endpoints });
    const viaProxy = await EtcdStore.connect({ endpoints: [proxy.endpoint], requestTimeoutMs: 3000 });
    cleanups.push(() => direct.close(), () => viaProxy.close());
    return { etcd, proxy, direct, viaProxy };
  }

  it('a watcher cut off from etcd resumes where it stopped: no gap, no duplicate', async () => {
    const { proxy, direct, viaProxy } = await single();
    const start = (await direct.currentRevision()) + 1;
    const rec = new Recorder(viaProxy, '/r/', start);
    const acked: number[] = [];
    const write = async (n: number) => {
      const r = await direct.create(`/r/${n}`, buf(String(n)));
      assert.ok(r.ok);
      acked.push(r.kv.modRevision);
    };
    for (let i = 0; i < 20; i++) await write(i);
    await waitFor('the first 20 events', () => rec.events.length >= 20);

    await proxy.cut();
    await assert.rejects(viaProxy.get('/r/0'), { name: 'StoreUnavailableError' }, 'reads fail while cut off');
    for (let i = 20; i < 60; i++) await write(i);
    await sleep(200);
    assert.equal(rec.events.length, 20, 'nothing arrives while cut off');
    await proxy.restore();

    for (let i = 60; i < 80; i++) await write(i);
    await waitFor('all 80 events', () => rec.events.length >= 80 || rec.error !== undefined);
    await sleep(100);
    assert.equal(rec.error, undefined);
    assert.deepEqual(rec.revisions(), acked, 'every write exactly once, in order');
    assert.equal(rec.outOfOrder, 0);
    assert.equal((await viaProxy.get('/r/79')).kv?.value.toString(), '79', 'reads work again');
  });

  it('a watcher that was away while its history was compacted gets CompactedError on resume', async () => {
    const { proxy, direct, viaProxy } = await single();
    const start = (await direct.currentRevision()) + 1;
    const rec = new Recorder(viaProxy, '/c/', start);
    const first = await direct.create('/c/a', buf('1'));
    assert.ok(first.ok);
    await waitFor('the first event', () => rec.events.length === 1);

    await proxy.cut();
    let kv = first.kv;
    for (let i = 2; i <= 5; i++) {
      const r = await direct.update('/c/a', buf(String(i)), kv.modRevision);
      assert.ok(r.ok);
      kv = r.kv;
    }
    await direct.compact(kv.modRevision);
    await proxy.restore();

    await waitFor('an error', () => rec.error !== undefined);
    assert.ok(rec.error instanceof CompactedError, String(rec.error));
    assert.equal(rec.error.compactRevision, kv.modRevision);
    assert.equal(rec.events.length, 1, 'no event from after the gap');
  });

  it('a 3-member cluster loses a member under a 16-way create load: no acknowledged write lost, watchers without gaps', async () => {
    const cluster = await EtcdCluster.start(3);
    cleanups.push(() => cluster.stop());
    const [m0] = cluster.members;
    // Both stores start on m0 (their first endpoint), the member that will be killed.
    const writer = await EtcdStore.connect({ endpoints: cluster.endpoints, requestTimeoutMs: 5000 });
    const watching = await EtcdStore.connect({ endpoints: cluster.endpoints });
    cleanups.push(() => writer.close(), () => watching.close());

    const start = (await writer.currentRevision()) + 1;
    const rec = new Recorder(watching, '/load/', start);
    const acked = new Map<string, number>();
    let failed = 0;
    let running = true;
    const loops = Array.from({ length: 16 }, async (_, w) => {
      for (let n = 0; running; n++) {
        const key = `/load/w${w}/${n}`;
        try {
          const r = await writer.create(key, buf(key));
          assert.ok(r.ok, `${key} created once`);
          acked.set(key, r.kv.modRevision);
        } catch (err) {
          assert.equal((err as Error).name, 'StoreUnavailableError', String(err));
          failed++;
          await sleep(20);
        }
      }
    });

    await waitFor('load before the kill', () => acked.size >= 300, 20_000);
    await m0!.kill();
    const atKill = acked.size;
    await waitFor('load to continue on the other members', () => acked.size >= atKill + 300, 20_000);
    m0!.spawn();
    await m0!.waitHealthy();
    const atRestart = acked.size;
    await waitFor('load after the restart', () => acked.size >= atRestart + 200, 20_000);
    running = false;
    await Promise.all(loops);

    // Every acknowledged create is there, at the revision it was acknowledged with.
    const all = await writer.range('/load/');
    const stored = new Map(all.kvs.map((kv) => [kv.key, kv.modRevision]));
    for (const [key, rev] of acked) assert.equal(stored.get(key), rev, `acknowledged ${key} kept`);
    assert.ok(stored.size >= acked.size);

    // The watcher saw every stored write exactly once, in order (unacknowledged writes
    // that etcd applied included), or failed with CompactedError (nothing compacts here).
    await waitFor('the watcher to catch up', () => rec.events.length >= stored.size || rec.error !== undefined, 20_000);
    await sleep(200);
    assert.equal(rec.error, undefined);
    assert.equal(rec.outOfOrder, 0);
    assert.deepEqual(rec.revisions(), [...stored.values()].sort((a, b) => a - b));

    // The restarted member caught up and serves the same data.
    const onM0 = await EtcdStore.connect({ endpoints: [m0!.endpoint] });
    cleanups.push(() => onM0.close());
    assert.equal((await onM0.range('/load/', { countOnly: true })).count, stored.size);
    assert.ok(acked.size > 800, `only ${acked.size} creates acknowledged (${failed} failed)`);
  });
});
