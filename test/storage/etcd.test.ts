// EtcdStore against a real etcd: the backend-neutral contract (a fresh single-member etcd
// per test, because revisions and compaction are global to an etcd), then etcd-specific
// behaviour: prefixes, compaction seen by other clients, requested progress, TLS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactedError, type StoreEvent } from '../../src/storage/store.js';
import { EtcdStore, EtcdRequestError, progressRequestsReliable, bytePrefixEnd } from '../../src/storage/etcd/etcd-store.js';
import { runStoreContract, type StoreFixture } from './contract.js';
import { CompactionSchedule } from '../../src/storage/compactor.js';
import { EtcdCluster, NO_ETCD, etcdBinary, freePort } from '../support/etcd.js';

const haveEtcd = etcdBinary() !== undefined;
const buf = (s: string) => Buffer.from(s, 'utf8');

async function etcdFixture(): Promise<StoreFixture> {
  // etcd's own idle notifications: the only progress before 3.4.31/3.5.13 (watch-mux.ts).
  const etcd = await EtcdCluster.start(1, { args: ['--experimental-watch-progress-notify-interval=100ms'] });
  try {
    const store = await EtcdStore.connect({ endpoints: etcd.endpoints, progressIntervalMs: 100 });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await etcd.stop();
      },
    };
  } catch (err) {
    await etcd.stop();
    throw err;
  }
}

if (!haveEtcd) {
  describe('Store contract: etcd', { skip: NO_ETCD }, () => {
    it('runs against a real etcd', () => {});
  });
} else {
  runStoreContract('etcd', etcdFixture, { inOrderWrites: false, watchEstablishMs: 200 });
}

describe('EtcdStore', { skip: haveEtcd ? false : NO_ETCD }, () => {
  let etcd: EtcdCluster;
  const open: EtcdStore[] = [];
  const connect = async (prefix: string, extra: { progressIntervalMs?: number } = {}) => {
    const s = await EtcdStore.connect({ endpoints: etcd.endpoints, prefix, ...extra });
    open.push(s);
    return s;
  };

  before(async () => {
    etcd = await EtcdCluster.start(1);
  });
  after(async () => {
    for (const s of open) await s.close();
    await etcd?.stop();
  });

  it('reports its name and the etcd version', async () => {
    const store = await connect('/ver');
    assert.equal(store.name, 'etcd');
    assert.match(store.serverVersion, /^3\.\d+\.\d+/);
    assert.equal(store.progressReliable, progressRequestsReliable(store.serverVersion));
  });

  it('keeps stores with different key prefixes apart, including their watches', async () => {
    const a = await connect('/iso-a');
    const b = await connect('/iso-b');
    const seenByB: StoreEvent[] = [];
    b.watch('/k/', { startRevision: (await b.currentRevision()) + 1 }, { onEvents: (e) => seenByB.push(...e), onError: () => {} });
    const ra = await a.create('/k/1', buf('a'));
    const rb = await b.create('/k/1', buf('b'));
    assert.ok(ra.ok && rb.ok, 'the same caller key exists once per prefix');
    assert.equal(rb.kv.modRevision, ra.kv.modRevision + 1, 'revisions are shared by the whole etcd');
    assert.deepEqual((await a.range('/')).kvs.map((kv) => [kv.key, kv.value.toString()]), [['/k/1', 'a']]);
    assert.deepEqual((await b.range('')).kvs.map((kv) => [kv.key, kv.value.toString()]), [['/k/1', 'b']]);
    await waitFor(() => seenByB.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(seenByB.map((e) => e.kv.key + '=' + e.kv.value.toString()), ['/k/1=b']);
  });

  it('learns a compaction made by another client, for reads and for watches', async () => {
    const a = await connect('/cmp');
    const b = await connect('/cmp');
    const first = await a.create('/x', buf('1'));
    assert.ok(first.ok);
    let kv = first.kv;
    for (let i = 2; i <= 5; i++) {
      const r = await a.update('/x', buf(String(i)), kv.modRevision);
      assert.ok(r.ok);
      kv = r.kv;
    }
    const before = await b.compactedRevision();
    await a.compact(kv.modRevision - 1);
    assert.equal(await b.compactedRevision(), kv.modRevision - 1, 'b finds the compaction point it did not make');
    assert.ok(kv.modRevision - 1 > before);
    await assert.rejects(b.get('/x', first.kv.modRevision), (err: unknown) => {
      assert.ok(err instanceof CompactedError);
      assert.equal(err.compactRevision, kv.modRevision - 1);
      return true;
    });
    const failed = await new Promise<Error>((resolve) => {
      b.watch('/', { startRevision: first.kv.modRevision }, { onEvents: () => {}, onError: resolve });
    });
    assert.ok(failed instanceof CompactedError);
    assert.equal(failed.compactRevision, kv.modRevision - 1);
  });

  it('offers no requestProgress() against etcd before 3.4.31/3.5.13, whose answers may overtake queued events (etcd-io/etcd#15220)', async (t) => {
    const store = await connect('/rp-old');
    if (store.progressReliable) return t.skip(`etcd ${store.serverVersion} answers progress requests exactly`);
    assert.equal(store.requestProgress, undefined);
  });

  it('requestProgress() brings an idle watcher the current revision without periodic progress', async (t) => {
    const store = await connect('/rp', { progressIntervalMs: 0 });
    if (!store.requestProgress) return t.skip(`etcd ${store.serverVersion} answers progress requests ahead of queued events`);
    const other = await connect('/rp-other');
    const progress: number[] = [];
    const events: number[] = [];
    store.watch('/w/', { startRevision: (await store.currentRevision()) + 1, progressNotify: true }, {
      onEvents: (_e, rev) => events.push(rev),
      onProgress: (rev) => progress.push(rev),
      onError: (err) => assert.fail(err),
    });
    const mine = await store.create('/w/a', buf('x'));
    assert.ok(mine.ok);
    await waitFor(() => events.length === 1);
    // Writes elsewhere move the revision on; this watcher sees no events for them.
    for (let i = 0; i < 5; i++) assert.ok((await other.create(`/elsewhere/${i}`, buf('y'))).ok);
    const target = await store.currentRevision();
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(progress, [], 'no progress unless asked (periodic progress is off)');
    // Periodic progress is off, so a notification that comes at all is the answer to the request.
    store.requestProgress();
    await waitFor(() => progress.some((p) => p >= target), 15_000);
    assert.deepEqual(events, [mine.kv.modRevision]);
  });

  it("passes on etcd's own progress notifications, which never run ahead of a catching-up watcher's events", async () => {
    // etcd sends them on the watcher's own channel, behind its events, to watchers idle for an interval.
    const notifying = await EtcdCluster.start(1, { args: ['--experimental-watch-progress-notify-interval=100ms'] });
    const store = await EtcdStore.connect({ endpoints: notifying.endpoints, prefix: '/pc', progressIntervalMs: 20 });
    const writer = await EtcdStore.connect({ endpoints: notifying.endpoints, prefix: '/pc' });
    try {
      const revs: number[] = [];
      const createBatch = async (from: number, n: number) => {
        const rs = await Promise.all(Array.from({ length: n }, (_, i) => writer.create(`/h/${from + i}`, buf('v'))));
        for (const r of rs) {
          assert.ok(r.ok);
          revs.push(r.kv.modRevision);
        }
      };
      for (let i = 0; i < 1500; i += 100) await createBatch(i, 100);
      revs.sort((a, b) => a - b);
      let delivered = 0;
      const progress: number[] = [];
      const violations: string[] = [];
      store.watch('/h/', { startRevision: revs[0]!, progressNotify: true }, {
        onEvents: (evs) => (delivered += evs.length),
        onProgress: (rev) => {
          progress.push(rev);
          const due = revs.filter((r) => r <= rev).length;
          if (delivered < due) violations.push(`progress ${rev} after ${delivered} of ${due} events`);
        },
        onError: (err) => assert.fail(err),
      });
      const asking = setInterval(() => store.requestProgress?.(), 2);
      try {
        for (let i = 1500; i < 1800; i += 50) await createBatch(i, 50);
        await waitFor(() => delivered === 1800 && progress.some((p) => p >= revs.at(-1)!), 15_000);
      } finally {
        clearInterval(asking);
      }
      assert.deepEqual(violations, []);
    } finally {
      await store.close();
      await writer.close();
      await notifying.stop();
    }
  });

  it('is compacted by the shared compaction schedule, one interval behind', async () => {
    const store = await connect('/sched');
    const schedule = new CompactionSchedule(store);
    assert.ok((await store.create('/a', buf('1'))).ok);
    assert.equal(await schedule.tick(), undefined, 'the first tick only records a revision');
    const recorded = schedule.nextTarget;
    assert.ok((await store.create('/b', buf('2'))).ok);
    assert.equal(await schedule.tick(), recorded);
    assert.equal(await store.compactedRevision(), recorded);
    await assert.rejects(store.get('/a', recorded - 1), CompactedError);
  });

  it('turns a request etcd rejects into EtcdRequestError, not an outage', async () => {
    const small = await EtcdCluster.start(1, { maxRequestBytes: 64 * 1024 });
    const store = await EtcdStore.connect({ endpoints: small.endpoints });
    try {
      await assert.rejects(store.create('/big', Buffer.alloc(200 * 1024, 1)), (err: unknown) => {
        assert.ok(err instanceof EtcdRequestError, String(err));
        assert.match(err.message, /request is too large/);
        return true;
      });
      assert.ok((await store.create('/small', buf('ok'))).ok);
    } finally {
      await store.close();
      await small.stop();
    }
  });

  it('fails to connect with a StoreUnavailableError when no member answers', async () => {
    const port = await freePort();
    await assert.rejects(EtcdStore.connect({ endpoints: [`127.0.0.1:${port}`], dialTimeoutMs: 500 }), { name: 'StoreUnavailableError' });
  });

  it('computes byte prefix ends as etcd does', () => {
    assert.deepEqual(bytePrefixEnd(Buffer.from('/a/')), Buffer.from('/a0'));
    assert.deepEqual(bytePrefixEnd(Buffer.from([0x61, 0xff, 0xff])), Buffer.from([0x62]));
    assert.deepEqual(bytePrefixEnd(Buffer.from([0xff])), Buffer.from([0]));
  });

  it('compares versions for reliable progress requests', () => {
    assert.equal(progressRequestsReliable('3.4.23'), false);
    assert.equal(progressRequestsReliable('3.4.31'), true);
    assert.equal(progressRequestsReliable('3.5.12'), false);
    assert.equal(progressRequestsReliable('3.5.13'), true);
    assert.equal(progressRequestsReliable('3.6.0'), true);
  });
});

describe('EtcdStore over TLS', { skip: haveEtcd ? (hasOpenssl() ? false : 'openssl not found') : NO_ETCD }, () => {
  it('connects with --etcd-cafile/--etcd-certfile/--etcd-keyfile to an etcd that requires client certificates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skiff-etcd-tls-'));
    let etcd: EtcdCluster | undefined;
    try {
      const pki = makePki(dir);
      etcd = await EtcdCluster.start(1, {
        tls: { certFile: pki.serverCert, keyFile: pki.serverKey, caFile: pki.ca },
      });
      const store = await EtcdStore.connect({
        endpoints: etcd.endpoints,
        caFile: pki.ca,
        certFile: pki.clientCert,
        keyFile: pki.clientKey,
      });
      try {
        const r = await store.create('/tls/a', buf('secret'));
        assert.ok(r.ok);
        assert.equal((await store.get('/tls/a')).kv?.value.toString(), 'secret');
        const seen = await new Promise<StoreEvent[]>((resolve) => {
          store.watch('/tls/', { startRevision: r.kv.modRevision }, { onEvents: resolve, onError: () => {} });
        });
        assert.equal(seen[0]!.kv.key, '/tls/a');
      } finally {
        await store.close();
      }
      await assert.rejects(
        EtcdStore.connect({ endpoints: etcd.endpoints, caFile: pki.ca, dialTimeoutMs: 2000 }),
        { name: 'StoreUnavailableError' },
        'without a client certificate etcd refuses the connection',
      );
    } finally {
      await etcd?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl. */
function makePki(dir: string) {
  const p = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=test-ca', '-keyout', p('ca.key'), '-out', p('ca.crt'));
  const leaf = (name: string, extensions: string) => {
    writeFileSync(p(`${name}.ext`), extensions);
    ssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${name}`, '-keyout', p(`${name}.key`), '-out', p(`${name}.csr`));
    ssl('x509', '-req', '-in', p(`${name}.csr`), '-CA', p('ca.crt'), '-CAkey', p('ca.key'), '-CAcreateserial', '-days', '1', '-out', p(`${name}.crt`), '-extfile', p(`${name}.ext`));
  };
  leaf('server', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n');
  leaf('client', 'extendedKeyUsage=clientAuth\n');
  return {
    ca: p('ca.crt'),
    serverCert: p('server.crt'),
    serverKey: p('server.key'),
    clientCert: p('client.crt'),
    clientKey: p('client.key'),
  };
}

async function waitFor(pred: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) assert.fail('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
