// The Store contract: every backend (SQLite, etcd) must pass these tests. Register them
// from a backend's own *.test.ts with runStoreContract(name, open, opts).
//
// open() must return a store that is exclusive to the calling test: revisions and
// compaction are global to a store, so nothing else may write to or compact it while the
// test runs. Tests never assume absolute revision numbers, only relations between them.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  CompactedError,
  FutureRevisionError,
  type KeyValue,
  type Store,
  type StoreEvent,
  type Watch,
  type WatchOptions,
} from '../../src/storage/store.js';

export interface StoreFixture {
  store: Store;
  /** Close whatever is still open and remove the data. */
  cleanup(): Promise<void>;
  /** Open a new store on the same data; the previous one has been closed. Needed with opts.reopen. */
  reopen?(): Promise<Store>;
}

export interface StoreContractOptions {
  /** The backend keeps its data across close() and reopen() (fixture.reopen must exist). */
  reopen?: boolean;
  /**
   * Longest wait for an idle progress notification; 0 skips that test (a backend whose
   * progress interval cannot be made short). Default 3000 ms.
   */
  progressTimeoutMs?: number;
  /** Longest wait for any expected watch callback. Default 5000 ms. */
  watchTimeoutMs?: number;
  /**
   * How long a watch from revision 0 ("from now on") may take to be in place; tests
   * wait this long before writing what it must see. Default 50 ms.
   */
  watchEstablishMs?: number;
  /**
   * Writes issued together (without awaiting each other) are applied in issue order.
   * True for SQLite's group commit; a networked backend may reorder concurrent requests
   * and sets this false. Default true.
   */
  inOrderWrites?: boolean;
}

type Open = () => Promise<StoreFixture>;

const buf = (s: string) => Buffer.from(s, 'utf8');
const text = (kv: KeyValue | undefined) => kv?.value.toString('utf8');

/** Records everything a watch delivers and lets a test wait for it. */
class Recorder {
  readonly events: StoreEvent[] = [];
  /** The revision argument of each onEvents call, with the number of events it carried. */
  readonly calls: { revision: number; count: number }[] = [];
  readonly progress: number[] = [];
  error?: Error;
  watch?: Watch;
  private wake?: () => void;

  constructor(private readonly timeoutMs: number) {}

  start(store: Store, prefix: string, opts: WatchOptions): this {
    this.watch = store.watch(prefix, opts, {
      onEvents: (events, revision) => {
        this.events.push(...events);
        this.calls.push({ revision, count: events.length });
        this.wake?.();
      },
      onProgress: (revision) => {
        this.progress.push(revision);
        this.wake?.();
      },
      onError: (err) => {
        this.error = err;
        this.wake?.();
      },
    });
    return this;
  }

  /** Wait until the predicate holds; fails the test after the timeout. */
  async until(what: string, pred: () => boolean): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    while (!pred()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        assert.fail(`timed out waiting for ${what}; got ${this.events.length} events, error=${this.error?.message}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  untilEvents(n: number): Promise<void> {
    return this.until(`${n} events`, () => this.events.length >= n || this.error !== undefined);
  }

  cancel(): void {
    this.watch?.cancel();
  }
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function mustCreate(store: Store, key: string, value: string | Buffer): Promise<KeyValue> {
  const r = await store.create(key, typeof value === 'string' ? buf(value) : value);
  assert.ok(r.ok, `create ${key} should succeed`);
  return r.kv;
}

async function mustUpdate(store: Store, key: string, value: string, expected: number): Promise<KeyValue> {
  const r = await store.update(key, buf(value), expected);
  assert.ok(r.ok, `update ${key} should succeed`);
  return r.kv;
}

export function runStoreContract(name: string, open: Open, opts: StoreContractOptions = {}): void {
  const watchTimeout = opts.watchTimeoutMs ?? 5000;
  const progressTimeout = opts.progressTimeoutMs ?? 3000;
  const watchEstablish = opts.watchEstablishMs ?? 50;
  const inOrderWrites = opts.inOrderWrites ?? true;

  describe(`Store contract: ${name}`, () => {
    let fx: StoreFixture | undefined;
    let recorders: Recorder[] = [];

    async function setup(): Promise<Store> {
      fx = await open();
      return fx.store;
    }
    function record(store: Store, prefix: string, wopts: WatchOptions): Recorder {
      const r = new Recorder(watchTimeout).start(store, prefix, wopts);
      recorders.push(r);
      return r;
    }

    afterEach(async () => {
      for (const r of recorders) r.cancel();
      recorders = [];
      if (fx) await fx.cleanup();
      fx = undefined;
    });

    describe('writes', () => {
      it('create succeeds on an absent key and fails with the current value on an existing one', async () => {
        const store = await setup();
        const before = await store.currentRevision();
        const r = await store.create('/c/a', buf('one'));
        assert.ok(r.ok);
        assert.equal(r.kv.key, '/c/a');
        assert.equal(text(r.kv), 'one');
        assert.equal(r.kv.modRevision, before + 1);
        assert.equal(r.kv.createRevision, r.kv.modRevision);
        assert.equal(r.prevKv, undefined);

        const again = await store.create('/c/a', buf('two'));
        assert.equal(again.ok, false);
        assert.ok(!again.ok);
        assert.deepEqual(again.current, r.kv);
        assert.equal(await store.currentRevision(), before + 1, 'a failed create does not bump the revision');
        assert.equal(text((await store.get('/c/a')).kv), 'one');
      });

      it('update is a compare-and-swap on the modification revision', async () => {
        const store = await setup();
        const created = await mustCreate(store, '/u/a', 'v1');

        const ok = await store.update('/u/a', buf('v2'), created.modRevision);
        assert.ok(ok.ok);
        assert.equal(ok.kv.modRevision, created.modRevision + 1);
        assert.equal(ok.kv.createRevision, created.createRevision);
        assert.equal(text(ok.kv), 'v2');
        assert.deepEqual(ok.prevKv, created);

        const stale = await store.update('/u/a', buf('v3'), created.modRevision);
        assert.ok(!stale.ok);
        assert.deepEqual(stale.current, ok.kv, 'a failed CAS returns the current value');
        assert.equal(await store.currentRevision(), ok.kv.modRevision, 'a failed CAS does not bump the revision');

        const absent = await store.update('/u/missing', buf('x'), created.modRevision);
        assert.ok(!absent.ok);
        assert.equal(absent.current, undefined);
        assert.equal((await store.get('/u/missing')).kv, undefined);

        const notAbsent = await store.update('/u/a', buf('x'), 0);
        assert.ok(!notAbsent.ok, 'expected revision 0 only matches an absent key');
        assert.deepEqual(notAbsent.current, ok.kv);
      });

      it('update with expected revision 0 creates an absent key (etcd mod_revision == 0)', async () => {
        const store = await setup();
        const r = await store.update('/u0/a', buf('fresh'), 0);
        assert.ok(r.ok);
        assert.equal(r.kv.createRevision, r.kv.modRevision);
        assert.equal(r.prevKv, undefined);
        assert.equal(text((await store.get('/u0/a')).kv), 'fresh');
      });

      it('delete without a precondition removes the key; deleting an absent key fails', async () => {
        const store = await setup();
        const kv = await mustCreate(store, '/d/a', 'gone soon');
        const del = await store.delete('/d/a');
        assert.equal(del.ok, true);
        assert.deepEqual(del.prevKv, kv);
        assert.equal(del.revision, kv.modRevision + 1);
        assert.equal(await store.currentRevision(), kv.modRevision + 1);
        assert.equal((await store.get('/d/a')).kv, undefined);

        const again = await store.delete('/d/a');
        assert.equal(again.ok, false);
        assert.equal(again.prevKv, undefined);
        assert.equal(await store.currentRevision(), kv.modRevision + 1, 'a failed delete does not bump the revision');

        const recreated = await mustCreate(store, '/d/a', 'back');
        assert.equal(recreated.createRevision, recreated.modRevision, 'a re-created key has a new createRevision');
      });

      it('delete with a precondition only succeeds on a matching revision', async () => {
        const store = await setup();
        const v1 = await mustCreate(store, '/dp/a', 'v1');
        const v2 = await mustUpdate(store, '/dp/a', 'v2', v1.modRevision);

        const stale = await store.delete('/dp/a', v1.modRevision);
        assert.equal(stale.ok, false);
        assert.deepEqual(stale.prevKv, v2, 'a failed delete returns the current value');
        assert.equal(stale.revision, undefined);
        assert.equal(await store.currentRevision(), v2.modRevision);
        assert.equal(text((await store.get('/dp/a')).kv), 'v2');

        const ok = await store.delete('/dp/a', v2.modRevision);
        assert.equal(ok.ok, true);
        assert.deepEqual(ok.prevKv, v2);
        assert.equal(ok.revision, v2.modRevision + 1);

        const absent = await store.delete('/dp/a', v2.modRevision);
        assert.equal(absent.ok, false);
        assert.equal(absent.prevKv, undefined);
      });

      it('every successful write bumps the revision by exactly one', async () => {
        const store = await setup();
        let rev = await store.currentRevision();
        const kv = await mustCreate(store, '/m/a', '1');
        assert.equal(kv.modRevision, ++rev);
        assert.equal(await store.currentRevision(), rev);
        const kv2 = await mustUpdate(store, '/m/a', '2', kv.modRevision);
        assert.equal(kv2.modRevision, ++rev);
        await mustCreate(store, '/m/b', '3');
        ++rev;
        const del = await store.delete('/m/a');
        assert.equal(del.revision, ++rev);
        assert.equal(await store.currentRevision(), rev);
        assert.equal((await store.get('/m/b')).revision, rev, 'reads report the revision they were served at');
      });

      it('values are returned byte-exact', async () => {
        const store = await setup();
        const values: [string, Buffer][] = [
          ['/b/empty', Buffer.alloc(0)],
          ['/b/binary', Buffer.from([0x00, 0xff, 0xfe, 0x80, 0xc3, 0x28, 0x00, 0x0a, 0x0d])],
          ['/b/random', randomBytes(4096)],
          ['/b/large', randomBytes(1536 * 1024)],
          ['/b/utf8', buf('{"ünïcødé":"✓ 漢字 🚀"}')],
        ];
        for (const [k, v] of values) await mustCreate(store, k, v);
        for (const [k, v] of values) {
          const got = (await store.get(k)).kv;
          assert.ok(got, k);
          assert.ok(Buffer.isBuffer(got.value), `${k} value is a Buffer`);
          assert.ok(got.value.equals(v), `${k} round-trips byte-exact`);
        }
        const listed = await store.range('/b/');
        assert.equal(listed.kvs.length, values.length);
        for (const kv of listed.kvs) {
          assert.ok(kv.value.equals(values.find(([k]) => k === kv.key)![1]), `${kv.key} byte-exact in range`);
        }
        const kv = (await store.get('/b/random')).kv!;
        const upd = await store.update('/b/random', Buffer.from([1, 2, 3]), kv.modRevision);
        assert.ok(upd.ok);
        assert.ok(upd.prevKv?.value.equals(values[2]![1]), 'prevKv is byte-exact');
      });

      it('a value passed to create is not affected by later mutation of the caller buffer', async () => {
        const store = await setup();
        const b = buf('original');
        const p = store.create('/mut/a', b);
        b.fill(0x41);
        await p;
        assert.equal(text((await store.get('/mut/a')).kv), 'original');
      });
    });

    describe('reads', () => {
      it('get reads the current value or the value at a past revision', async () => {
        const store = await setup();
        const v1 = await mustCreate(store, '/g/a', 'v1');
        const v2 = await mustUpdate(store, '/g/a', 'v2', v1.modRevision);
        const del = await store.delete('/g/a');
        assert.ok(del.ok);
        const v3 = await mustCreate(store, '/g/a', 'v3');

        assert.deepEqual((await store.get('/g/a')).kv, v3);
        assert.equal((await store.get('/g/a')).revision, v3.modRevision);
        const at1 = await store.get('/g/a', v1.modRevision);
        assert.deepEqual(at1.kv, v1);
        assert.equal(at1.revision, v1.modRevision);
        assert.deepEqual((await store.get('/g/a', v2.modRevision)).kv, v2);
        assert.equal((await store.get('/g/a', del.revision)).kv, undefined, 'absent at the delete revision');
        assert.equal((await store.get('/g/a', v1.modRevision - 1)).kv, undefined, 'absent before creation');
        assert.equal((await store.get('/g/nothing')).kv, undefined);
      });

      it('range returns keys under the prefix sorted, with count, limit, startKey and more', async () => {
        const store = await setup();
        // Neighbours that share a string prefix but not the "directory".
        await mustCreate(store, '/r/items', 'outside');
        await mustCreate(store, '/r/items0', 'outside');
        await mustCreate(store, '/r/item', 'outside');
        const keys = ['/r/items/c', '/r/items/a', '/r/items/e', '/r/items/b', '/r/items/d', '/r/items/a/x'];
        for (const k of keys) await mustCreate(store, k, `val ${k}`);
        const sorted = [...keys].sort();

        const all = await store.range('/r/items/');
        assert.deepEqual(all.kvs.map((kv) => kv.key), sorted);
        assert.equal(all.count, keys.length);
        assert.equal(all.more, false);
        assert.equal(all.revision, await store.currentRevision());
        for (const kv of all.kvs) assert.equal(text(kv), `val ${kv.key}`);

        const page = await store.range('/r/items/', { limit: 2 });
        assert.deepEqual(page.kvs.map((kv) => kv.key), sorted.slice(0, 2));
        assert.equal(page.more, true);
        assert.equal(page.count, keys.length);

        const fromC = await store.range('/r/items/', { startKey: '/r/items/c', limit: 2 });
        assert.deepEqual(fromC.kvs.map((kv) => kv.key), ['/r/items/c', '/r/items/d']);
        assert.equal(fromC.more, true);
        assert.equal(fromC.count, 3, 'count covers the range from startKey on');

        const last = await store.range('/r/items/', { startKey: '/r/items/d', limit: 2 });
        assert.deepEqual(last.kvs.map((kv) => kv.key), ['/r/items/d', '/r/items/e']);
        assert.equal(last.more, false);

        const counted = await store.range('/r/items/', { countOnly: true });
        assert.equal(counted.count, keys.length);
        assert.deepEqual(counted.kvs, []);

        const none = await store.range('/r/nothing/');
        assert.deepEqual(none.kvs, []);
        assert.equal(none.count, 0);
        assert.equal(none.more, false);
      });

      it('paging with limit and startKey visits every key exactly once', async () => {
        const store = await setup();
        const keys = Array.from({ length: 37 }, (_, i) => `/p/k${String(i).padStart(3, '0')}`);
        await Promise.all(keys.map((k) => store.create(k, buf(k))));
        const seen: string[] = [];
        let start: string | undefined;
        for (;;) {
          const page = await store.range('/p/', { limit: 5, startKey: start });
          seen.push(...page.kvs.map((kv) => kv.key));
          if (!page.more) break;
          start = page.kvs[page.kvs.length - 1]!.key + '\u0000';
        }
        assert.deepEqual(seen, keys);
      });

      it('range at a past revision sees the data as it was', async () => {
        const store = await setup();
        const a = await mustCreate(store, '/h/a', 'a1');
        const b = await mustCreate(store, '/h/b', 'b1');
        const c = await mustCreate(store, '/h/c', 'c1');
        const snapshot = c.modRevision;
        await mustUpdate(store, '/h/a', 'a2', a.modRevision);
        await store.delete('/h/b');
        await mustCreate(store, '/h/d', 'd1');
        await mustCreate(store, '/h/0', 'zero');

        const then = await store.range('/h/', { revision: snapshot });
        assert.equal(then.revision, snapshot);
        assert.deepEqual(then.kvs, [a, b, c]);
        assert.equal(then.count, 3);

        const paged = await store.range('/h/', { revision: snapshot, limit: 2 });
        assert.deepEqual(paged.kvs, [a, b]);
        assert.equal(paged.more, true);
        assert.equal(paged.count, 3);
        const rest = await store.range('/h/', { revision: snapshot, limit: 2, startKey: '/h/b\u0000' });
        assert.deepEqual(rest.kvs, [c]);
        assert.equal(rest.more, false);
        assert.equal(rest.count, 1);
        assert.equal((await store.range('/h/', { revision: snapshot, countOnly: true })).count, 3);
        // withoutCount (a cache paging through): the same pages and `more`; count at least what was seen.
        for (const [opts, keys, more] of [
          [{ revision: snapshot, limit: 2 }, [a, b], true],
          [{ revision: snapshot, limit: 2, startKey: '/h/b\u0000' }, [c], false],
          [{ revision: snapshot, limit: 3 }, [a, b, c], false],
          [{ limit: 2 }, undefined, true],
        ] as const) {
          const page = await store.range('/h/', { ...opts, withoutCount: true });
          const counted = await store.range('/h/', opts);
          if (keys) assert.deepEqual(page.kvs, keys);
          assert.deepEqual(page.kvs, counted.kvs);
          assert.equal(page.more, more);
          assert.equal(page.more, counted.more);
          assert.ok(page.count >= page.kvs.length + (page.more ? 1 : 0) && page.count <= counted.count, `count ${page.count}`);
        }

        const before = await store.range('/h/', { revision: a.modRevision });
        assert.deepEqual(before.kvs, [a]);

        const now = await store.range('/h/');
        assert.deepEqual(now.kvs.map((kv) => `${kv.key}=${text(kv)}`), ['/h/0=zero', '/h/a=a2', '/h/c=c1', '/h/d=d1']);
      });

      it('reads at a future revision fail with FutureRevisionError', async () => {
        const store = await setup();
        await mustCreate(store, '/f/a', 'x');
        const current = await store.currentRevision();
        await assert.rejects(store.get('/f/a', current + 1), FutureRevisionError);
        await assert.rejects(store.range('/f/', { revision: current + 10 }), FutureRevisionError);
        assert.equal((await store.range('/f/', { revision: current })).count, 1);
      });

      it('check() succeeds on a healthy store', async () => {
        const store = await setup();
        await store.check();
        assert.equal(typeof store.name, 'string');
        assert.ok(store.name.length > 0);
      });
    });

    describe('concurrency', () => {
      it('200 parallel creates all succeed with distinct consecutive revisions', async () => {
        const store = await setup();
        const before = await store.currentRevision();
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, i) => store.create(`/cc/k${i}`, buf(`v${i}`))),
        );
        const revs = results.map((r) => {
          assert.ok(r.ok);
          return r.kv.modRevision;
        });
        assert.equal(new Set(revs).size, 200);
        assert.deepEqual([...revs].sort((x, y) => x - y), Array.from({ length: 200 }, (_, i) => before + 1 + i));
        assert.equal(await store.currentRevision(), before + 200);
        assert.equal((await store.range('/cc/', { countOnly: true })).count, 200);
      });

      it('parallel CAS updates of one key: exactly one wins', async () => {
        const store = await setup();
        const kv = await mustCreate(store, '/cas/a', 'base');
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => store.update('/cas/a', buf(`w${i}`), kv.modRevision)),
        );
        const winners = results.filter((r) => r.ok);
        assert.equal(winners.length, 1);
        const win = winners[0]!;
        assert.ok(win.ok);
        for (const r of results) if (!r.ok) assert.deepEqual(r.current, win.kv);
        assert.deepEqual((await store.get('/cas/a')).kv, win.kv);
        assert.equal(await store.currentRevision(), kv.modRevision + 1);
      });

      it('writes issued together are applied in order: each sees the earlier ones', async (t) => {
        if (!inOrderWrites) {
          t.skip('backend may reorder concurrent writes');
          return;
        }
        const store = await setup();
        const [first, second, del, third] = await Promise.all([
          store.create('/ord/a', buf('first')),
          store.create('/ord/a', buf('second')),
          store.delete('/ord/a'),
          store.create('/ord/a', buf('third')),
        ]);
        assert.ok(first.ok);
        assert.ok(!second.ok);
        assert.deepEqual(second.current, first.kv);
        assert.equal(del.ok, true);
        assert.deepEqual(del.prevKv, first.kv);
        assert.ok(third.ok);
        assert.ok(third.kv.modRevision > del.revision!);
        assert.equal(text((await store.get('/ord/a')).kv), 'third');
      });

      it('parallel creates of one key: exactly one succeeds', async () => {
        const store = await setup();
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.create('/one/a', buf(`c${i}`))));
        assert.equal(results.filter((r) => r.ok).length, 1);
      });
    });

    describe('watch', () => {
      it('replays history from startRevision, then delivers live events, in order, with prevKv', async () => {
        const store = await setup();
        const a1 = await mustCreate(store, '/w/a', 'a1');
        const a2 = await mustUpdate(store, '/w/a', 'a2', a1.modRevision);
        const b1 = await mustCreate(store, '/w/b', 'b1');
        const delA = await store.delete('/w/a');
        assert.ok(delA.ok);

        const rec = record(store, '/w/', { startRevision: a2.modRevision });
        await rec.untilEvents(3);
        const b2 = await mustUpdate(store, '/w/b', 'b2', b1.modRevision);
        const c1 = await mustCreate(store, '/w/c', 'c1');
        await rec.untilEvents(5);
        assert.equal(rec.error, undefined);

        assert.deepEqual(
          rec.events.map((e) => [e.type, e.kv.key, e.kv.modRevision, e.isCreate]),
          [
            ['PUT', '/w/a', a2.modRevision, false],
            ['PUT', '/w/b', b1.modRevision, true],
            ['DELETE', '/w/a', delA.revision, false],
            ['PUT', '/w/b', b2.modRevision, false],
            ['PUT', '/w/c', c1.modRevision, true],
          ],
        );
        const [e0, e1, e2, e3, e4] = rec.events as [StoreEvent, StoreEvent, StoreEvent, StoreEvent, StoreEvent];
        assert.deepEqual(e0.kv, a2);
        assert.deepEqual(e0.prevKv, a1);
        assert.deepEqual(e1.kv, b1);
        assert.equal(e1.prevKv, undefined);
        assert.equal(e2.kv.value.length, 0, 'a DELETE carries an empty value');
        assert.deepEqual(e2.prevKv, a2);
        assert.deepEqual(e3.prevKv, b1);
        assert.deepEqual(e4.kv, c1);
        for (const c of rec.calls) assert.equal(c.count, 1, 'one event per revision here');
        assert.deepEqual(rec.calls.map((c) => c.revision), rec.events.map((e) => e.kv.modRevision));
      });

      it('startRevision 0 delivers only future events', async () => {
        const store = await setup();
        await mustCreate(store, '/w0/old', 'old');
        const rec = record(store, '/w0/', { startRevision: 0 });
        await settle(watchEstablish);
        const fresh = await mustCreate(store, '/w0/new', 'new');
        await rec.untilEvents(1);
        await settle(50);
        assert.deepEqual(rec.events.map((e) => e.kv), [fresh]);
        assert.ok(rec.events[0]!.isCreate);
      });

      it('a watch started at the current revision + 1 gets the next write and nothing twice', async () => {
        const store = await setup();
        const base = await mustCreate(store, '/wn/a', '0');
        const rec = record(store, '/wn/', { startRevision: base.modRevision + 1 });
        let kv = base;
        for (let i = 1; i <= 5; i++) kv = await mustUpdate(store, '/wn/a', String(i), kv.modRevision);
        await rec.untilEvents(5);
        await settle(50);
        assert.deepEqual(rec.events.map((e) => text(e.kv)), ['1', '2', '3', '4', '5']);
      });

      it('a watch from a future revision starts delivering at that revision', async () => {
        const store = await setup();
        const start = (await store.currentRevision()) + 3;
        const rec = record(store, '/wf/', { startRevision: start });
        for (let i = 0; i < 5; i++) await mustCreate(store, `/wf/${i}`, String(i));
        await rec.untilEvents(3);
        await settle(50);
        assert.deepEqual(rec.events.map((e) => e.kv.key), ['/wf/2', '/wf/3', '/wf/4']);
        assert.equal(rec.events[0]!.kv.modRevision, start);
      });

      it('replays a long history without gaps or duplicates while writes continue', async () => {
        const store = await setup();
        const first = await mustCreate(store, '/wl/k0', '0');
        const N = 3000;
        const batch = 100;
        for (let i = 1; i < N; i += batch) {
          await Promise.all(
            Array.from({ length: Math.min(batch, N - i) }, (_, j) => store.create(`/wl/k${i + j}`, buf(String(i + j)))),
          );
        }
        const rec = record(store, '/wl/', { startRevision: first.modRevision });
        const more = Array.from({ length: 200 }, (_, j) => store.create(`/wl/m${j}`, buf('m')));
        await Promise.all(more);
        await rec.untilEvents(N + 200);
        await settle(50);
        assert.equal(rec.error, undefined);
        assert.equal(rec.events.length, N + 200);
        const revs = rec.events.map((e) => e.kv.modRevision);
        for (let i = 1; i < revs.length; i++) assert.equal(revs[i], revs[i - 1]! + 1, `no gap at ${i}`);
      });

      it('watchers of other prefixes get nothing', async () => {
        const store = await setup();
        const start = (await store.currentRevision()) + 1;
        const mine = record(store, '/iso/a/', { startRevision: start });
        const other = record(store, '/iso/b/', { startRevision: start });
        const sibling = record(store, '/iso/a', { startRevision: start });
        await mustCreate(store, '/iso/a/1', 'x');
        await mustCreate(store, '/iso/ab', 'y');
        await mustCreate(store, '/iso/a/2', 'z');
        await mine.untilEvents(2);
        await sibling.untilEvents(3);
        await settle(50);
        assert.deepEqual(mine.events.map((e) => e.kv.key), ['/iso/a/1', '/iso/a/2']);
        assert.deepEqual(other.events, []);
        assert.deepEqual(sibling.events.map((e) => e.kv.key), ['/iso/a/1', '/iso/ab', '/iso/a/2']);
      });

      it('cancel stops delivery', async () => {
        const store = await setup();
        const rec = record(store, '/wc/', { startRevision: 0 });
        await settle(watchEstablish);
        await mustCreate(store, '/wc/a', '1');
        await rec.untilEvents(1);
        rec.cancel();
        await mustCreate(store, '/wc/b', '2');
        await settle(100);
        assert.equal(rec.events.length, 1);
        assert.equal(rec.error, undefined);
      });

      it('live events of concurrent writes arrive in revision order', async () => {
        const store = await setup();
        const rec = record(store, '/wd/', { startRevision: 0 });
        await settle(watchEstablish);
        const kvs = await Promise.all(Array.from({ length: 50 }, (_, i) => mustCreate(store, `/wd/${i}`, String(i))));
        await rec.untilEvents(50);
        assert.deepEqual(
          rec.events.map((e) => e.kv.modRevision),
          kvs.map((kv) => kv.modRevision).sort((a, b) => a - b),
        );
      });

      it('sends progress notifications when idle and asked to', async (t) => {
        if (progressTimeout <= 0) {
          t.skip('backend progress interval too long');
          return;
        }
        const store = await setup();
        const kv = await mustCreate(store, '/pn/a', 'x');
        const rec = new Recorder(progressTimeout).start(store, '/pn/', { startRevision: 0, progressNotify: true });
        recorders.push(rec);
        await rec.until('a progress notification', () => rec.progress.length > 0 || rec.error !== undefined);
        assert.equal(rec.error, undefined);
        assert.ok(rec.progress[0]! >= kv.modRevision);
        assert.ok(rec.progress[0]! <= (await store.currentRevision()));
        const quiet = record(store, '/pn/', { startRevision: 0 });
        await settle(Math.min(progressTimeout, 300));
        assert.deepEqual(quiet.progress, [], 'no progress without progressNotify');
      });
    });

    describe('compaction', () => {
      it('drops history below the revision, keeps everything at and above it', async () => {
        const store = await setup();
        const a1 = await mustCreate(store, '/cp/a', 'a1');
        const b1 = await mustCreate(store, '/cp/b', 'b1');
        const a2 = await mustUpdate(store, '/cp/a', 'a2', a1.modRevision);
        const c1 = await mustCreate(store, '/cp/c', 'c1');
        const delC = await store.delete('/cp/c');
        const a3 = await mustUpdate(store, '/cp/a', 'a3', a2.modRevision);
        const compactAt = a3.modRevision;
        const d1 = await mustCreate(store, '/cp/d', 'd1');
        const b2 = await mustUpdate(store, '/cp/b', 'b2', b1.modRevision);

        const snapshotBefore = await store.range('/cp/', { revision: compactAt });
        const laterBefore = await store.range('/cp/', { revision: d1.modRevision });
        assert.equal(await store.compactedRevision(), 0, 'never compacted');
        await store.compact(compactAt);
        assert.equal(await store.compactedRevision(), compactAt);

        await assert.rejects(store.get('/cp/a', a2.modRevision), CompactedError);
        await assert.rejects(store.range('/cp/', { revision: compactAt - 1 }), CompactedError);
        await assert.rejects(store.range('/cp/', { revision: a1.modRevision }), (err: unknown) => {
          assert.ok(err instanceof CompactedError);
          assert.equal(err.compactRevision, compactAt);
          return true;
        });

        assert.deepEqual(await store.range('/cp/', { revision: compactAt }), snapshotBefore);
        assert.deepEqual(await store.range('/cp/', { revision: d1.modRevision }), laterBefore);
        assert.deepEqual((await store.get('/cp/b', compactAt)).kv, b1, 'a key last written long before survives');
        assert.equal((await store.get('/cp/c', compactAt)).kv, undefined, 'a key deleted before stays deleted');
        assert.deepEqual((await store.get('/cp/a')).kv, a3);
        assert.deepEqual((await store.range('/cp/')).kvs, [a3, b2, d1]);
        assert.ok(delC.ok && c1.modRevision < compactAt);

        const rec = record(store, '/cp/', { startRevision: compactAt });
        await rec.untilEvents(3);
        assert.equal(rec.error, undefined);
        assert.deepEqual(rec.events.map((e) => e.kv.modRevision), [a3.modRevision, d1.modRevision, b2.modRevision]);
        assert.deepEqual(rec.events[2]!.prevKv, b1, 'prevKv of a key last written before compaction');
      });

      it('a watch starting below the compacted revision fails with CompactedError', async () => {
        const store = await setup();
        const a1 = await mustCreate(store, '/cw/a', '1');
        const a2 = await mustUpdate(store, '/cw/a', '2', a1.modRevision);
        await mustUpdate(store, '/cw/a', '3', a2.modRevision);
        await store.compact(a2.modRevision);
        const rec = record(store, '/cw/', { startRevision: a1.modRevision });
        await rec.until('an error', () => rec.error !== undefined);
        assert.ok(rec.error instanceof CompactedError);
        assert.equal(rec.error.compactRevision, a2.modRevision);
        assert.deepEqual(rec.events, []);
      });

      it('compacting at or below the compacted revision, or in the future, fails', async () => {
        const store = await setup();
        const a = await mustCreate(store, '/cx/a', '1');
        await mustCreate(store, '/cx/b', '2');
        await store.compact(a.modRevision);
        await assert.rejects(store.compact(a.modRevision), CompactedError);
        await assert.rejects(store.compact((await store.currentRevision()) + 1), FutureRevisionError);
        assert.equal(await store.compactedRevision(), a.modRevision);
      });

      it('compaction does not bump the revision and writes continue normally', async () => {
        const store = await setup();
        let kv = await mustCreate(store, '/cn/a', '0');
        for (let i = 1; i <= 20; i++) kv = await mustUpdate(store, '/cn/a', String(i), kv.modRevision);
        const rev = await store.currentRevision();
        await store.compact(rev);
        assert.equal(await store.currentRevision(), rev);
        const next = await mustUpdate(store, '/cn/a', 'after', kv.modRevision);
        assert.equal(next.modRevision, rev + 1);
        assert.deepEqual((await store.get('/cn/a', rev)).kv, kv);
      });
    });

    describe('close', () => {
      it('close flushes pending writes and stops watchers', async () => {
        const store = await setup();
        const rec = record(store, '/cl/', { startRevision: 0 });
        await settle(watchEstablish);
        const pending = Array.from({ length: 20 }, (_, i) => store.create(`/cl/${i}`, buf(String(i))));
        const closed = store.close();
        const results = await Promise.all(pending);
        await closed;
        for (const r of results) assert.ok(r.ok, 'writes issued before close are committed');
        const seen = rec.events.length;
        await settle(100);
        assert.equal(rec.events.length, seen, 'no callbacks after close');
        await assert.rejects(store.create('/cl/late', buf('x')));
      });
    });

    if (opts.reopen) {
      describe('durability', () => {
        it('data, history and the revision survive close and reopen', async () => {
          let store = await setup();
          assert.ok(fx!.reopen, 'fixture must provide reopen()');
          const a1 = await mustCreate(store, '/du/a', 'a1');
          const a2 = await mustUpdate(store, '/du/a', 'a2', a1.modRevision);
          const b = await mustCreate(store, '/du/b', randomBytes(2048));
          const del = await store.delete('/du/b');
          const rev = await store.currentRevision();
          await store.close();

          store = await fx!.reopen!();
          assert.equal(await store.currentRevision(), rev);
          assert.deepEqual((await store.get('/du/a')).kv, a2);
          assert.deepEqual((await store.get('/du/a', a1.modRevision)).kv, a1);
          assert.deepEqual((await store.get('/du/b', b.modRevision)).kv, b);
          assert.equal((await store.get('/du/b')).kv, undefined);
          const next = await mustCreate(store, '/du/c', 'c');
          assert.equal(next.modRevision, rev + 1, 'revisions continue after reopen');

          const rec = record(store, '/du/', { startRevision: a1.modRevision });
          await rec.untilEvents(5);
          assert.deepEqual(
            rec.events.map((e) => [e.type, e.kv.modRevision]),
            [
              ['PUT', a1.modRevision],
              ['PUT', a2.modRevision],
              ['PUT', b.modRevision],
              ['DELETE', del.revision],
              ['PUT', next.modRevision],
            ],
          );
        });

        it('the compaction point survives reopen', async () => {
          let store = await setup();
          const a1 = await mustCreate(store, '/dc/a', '1');
          const a2 = await mustUpdate(store, '/dc/a', '2', a1.modRevision);
          await store.compact(a2.modRevision);
          await store.close();
          store = await fx!.reopen!();
          assert.equal(await store.compactedRevision(), a2.modRevision);
          await assert.rejects(store.get('/dc/a', a1.modRevision), CompactedError);
          assert.deepEqual((await store.get('/dc/a', a2.modRevision)).kv, a2);
        });
      });
    }
  });
}
