// The watch cache over a real SQLite store: paged loading, and the event window bounded
// by age, count and bytes as upstream's watch cache bounds it (k8s.io/apiserver
// pkg/storage/cacher/watch_cache.go, cacher/history: eventFreshDuration 75 s, capacity
// 100..100*1024), with watches from below the window refused (410 Expired upstream).
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import {
  TooOldResourceVersionError,
  WatchCache,
  type CacheWatcherSink,
  type Entry,
  type EventType,
  type WatchCacheOptions,
} from '../../src/storage/watchcache/cache.js';

const PREFIX = '/registry/configmaps/';
const indexer = (obj: Record<string, any>) => ({ labels: obj.metadata?.labels ?? {}, fields: { 'metadata.name': obj.metadata?.name ?? '' } });
const everything = { matches: () => true };

function value(name: string, payload = 'x'.repeat(1000)): Buffer {
  return Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { payload } }));
}

function collector(): CacheWatcherSink & { got: { type: EventType; rv: number; obj: any }[] } {
  const got: { type: EventType; rv: number; obj: any }[] = [];
  return {
    got,
    event: (type: EventType, entry: Entry) => got.push({ type, rv: entry.rv, obj: JSON.parse(entry.bytes.toString('utf8')) }),
    close: () => {},
  };
}

describe('watch cache (SQLite store)', () => {
  let dir: string;
  let store: SqliteStore;
  const caches: WatchCache[] = [];
  const open = (opts: WatchCacheOptions) => {
    const c = new WatchCache(store, PREFIX, indexer, opts);
    caches.push(c);
    return c;
  };
  const put = async (name: string, payload?: string) => {
    const r = await store.create(`${PREFIX}ns/${name}`, value(name, payload));
    assert.ok(r.ok);
    return r.kv.modRevision;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skiff-watchcache-'));
    store = SqliteStore.open(join(dir, 'store.db'), { progressIntervalMs: 20 });
  });
  afterEach(async () => {
    for (const c of caches.splice(0)) c.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads a resource page by page at one revision and serves every object with its resourceVersion', async () => {
    const revs = new Map<string, number>();
    for (let i = 0; i < 25; i++) revs.set(`${PREFIX}ns/cm-${String(i).padStart(2, '0')}`, await put(`cm-${String(i).padStart(2, '0')}`));
    await store.create('/registry/secrets/ns/other', value('other'));
    const cache = open({ loadPageSize: 4 });
    await cache.ready();
    const listed = cache.list(PREFIX, () => true);
    assert.deepEqual(listed.map((e) => e.key), [...revs.keys()]);
    for (const e of listed) {
      assert.equal(e.rv, revs.get(e.key));
      assert.equal(JSON.parse(e.bytes.toString('utf8')).metadata.resourceVersion, String(revs.get(e.key)));
    }
    assert.equal(cache.revision, await store.currentRevision());
  });

  it('starts its load over when the revision it pages through is compacted meanwhile, as upstream\'s reflector re-lists', async () => {
    for (let i = 0; i < 10; i++) await put(`cm-${i}`);
    let ranges = 0;
    // A store on which, between the first and second page, a write lands and compaction passes the load's revision.
    const racing = new Proxy(store, {
      get(target, prop) {
        if (prop === 'range') {
          return async (prefix: string, opts: Parameters<SqliteStore['range']>[1]) => {
            if (++ranges === 2) {
              await put('late');
              await target.compact(await target.currentRevision());
            }
            return target.range(prefix, opts);
          };
        }
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const cache = new WatchCache(racing, PREFIX, indexer, { loadPageSize: 3 });
    caches.push(cache);
    await cache.ready();
    assert.ok(ranges > 5, `the load started over (${ranges} pages read)`);
    const expected = [...Array.from({ length: 10 }, (_, i) => `${PREFIX}ns/cm-${i}`), `${PREFIX}ns/late`].sort();
    assert.deepEqual(cache.list(PREFIX, () => true).map((e) => e.key), expected);
    assert.equal(cache.revision, await store.currentRevision());
  });

  it('a load that failed is tried again by the next reader instead of failing every read', async () => {
    await put('cm-0');
    let fail = true;
    const flaky = new Proxy(store, {
      get(target, prop) {
        if (prop === 'range') {
          return async (prefix: string, opts: Parameters<SqliteStore['range']>[1]) => {
            if (fail) {
              fail = false;
              throw new Error('store unavailable');
            }
            return target.range(prefix, opts);
          };
        }
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const cache = new WatchCache(flaky, PREFIX, indexer);
    caches.push(cache);
    await assert.rejects(cache.ready(), /store unavailable/);
    await cache.ready();
    assert.deepEqual(cache.list(PREFIX, () => true).map((e) => e.key), [`${PREFIX}ns/cm-0`]);
  });

  it('keeps no more event bytes than maxHistoryBytes: a watch from before the window gets TooOldResourceVersionError', async () => {
    const cache = open({ maxHistoryBytes: 8 * 1024, minHistory: 0 });
    await cache.ready();
    const start = cache.revision;
    const revs: number[] = [];
    for (let i = 0; i < 20; i++) revs.push(await put(`cm-${i}`));
    assert.ok(await cache.waitFresh(revs.at(-1)!, 10_000));
    // Each ADDED event holds ~1.1 KB: 8 KiB keeps about 7 of them.
    assert.ok(cache.historyLength < 10 && cache.historyLength > 0, `kept ${cache.historyLength} events`);
    assert.throws(() => cache.watch(everything, collector(), { fromRV: start, initial: false, keyPrefix: PREFIX }), TooOldResourceVersionError);
    const sink = collector();
    const stop = cache.watch(everything, sink, { fromRV: revs.at(-3)!, initial: false, keyPrefix: PREFIX });
    stop();
    assert.deepEqual(sink.got.map((g) => [g.type, g.rv]), [['ADDED', revs.at(-2)], ['ADDED', revs.at(-1)]]);
  });

  it('churn of one large object (updates, then delete and re-create) keeps the event bytes under maxHistoryBytes', async () => {
    // Each MODIFIED event keeps its own state and the one it replaced (~2 x 5 KB here): the
    // byte bound must count both, or updates of one key would grow the window to maxHistory.
    const cache = open({ maxHistoryBytes: 64 * 1024, minHistory: 0 });
    await cache.ready();
    const key = `${PREFIX}ns/churn`;
    let rv = await put('churn', 'a'.repeat(5000));
    for (let i = 0; i < 62; i++) {
      if (i % 20 === 19) {
        const d = await store.delete(key);
        assert.ok(d.ok);
        rv = await put('churn', 'c'.repeat(5000));
        continue;
      }
      const r = await store.update(key, value('churn', String(i % 10).repeat(5000)), rv);
      assert.ok(r.ok);
      rv = r.kv.modRevision;
    }
    assert.ok(await cache.waitFresh(rv, 10_000));
    // 64 KiB of events holding ~10 KB each: about 6 of the 60+ events are kept.
    assert.ok(cache.historyLength > 0 && cache.historyLength <= 7, `kept ${cache.historyLength} events`);
    const sink = collector();
    cache.watch(everything, sink, { fromRV: rv - 1, initial: false, keyPrefix: PREFIX })();
    assert.deepEqual(sink.got.map((g) => [g.type, g.rv, g.obj.metadata.resourceVersion]), [['MODIFIED', rv, String(rv)]]);
  });

  it('lists stay in key order while objects are created and deleted between lists (the key index is kept in place)', async () => {
    const cache = open({});
    await cache.ready();
    const names = ['m', 'c', 'x', 'a', 'q'];
    let rv = 0;
    for (const n of names) rv = await put(n, 'p');
    assert.ok(await cache.waitFresh(rv, 10_000));
    const listed = () => cache.list(PREFIX, () => true).map((e) => e.name);
    assert.deepEqual(listed(), ['a', 'c', 'm', 'q', 'x']);
    for (const n of ['b', 'z', 'a0']) rv = await put(n, 'p');
    for (const n of ['c', 'x']) {
      const d = await store.delete(`${PREFIX}ns/${n}`);
      assert.ok(d.ok);
      rv = d.revision!;
    }
    rv = await put('c', 'p');
    assert.ok(await cache.waitFresh(rv, 10_000));
    assert.deepEqual(listed(), ['a', 'a0', 'b', 'c', 'm', 'q', 'z']);
    assert.deepEqual(cache.list(`${PREFIX}ns/b`, () => true).map((e) => e.name), ['b']);
  });

  it('keeps at most maxHistory events', async () => {
    const cache = open({ maxHistory: 5 });
    await cache.ready();
    const revs: number[] = [];
    for (let i = 0; i < 12; i++) revs.push(await put(`cm-${i}`, 'y'));
    assert.ok(await cache.waitFresh(revs.at(-1)!, 10_000));
    assert.equal(cache.historyLength, 5);
    assert.throws(() => cache.watch(everything, collector(), { fromRV: revs[5]!, initial: false, keyPrefix: PREFIX }), TooOldResourceVersionError);
    const sink = collector();
    cache.watch(everything, sink, { fromRV: revs[6]!, initial: false, keyPrefix: PREFIX })();
    assert.deepEqual(sink.got.map((g) => g.rv), revs.slice(7));
  });

  it('ages events out past historyMs while the resource is idle, keeping the newest minHistory', async () => {
    const cache = open({ historyMs: 1, minHistory: 2 });
    await cache.ready();
    const revs: number[] = [];
    for (let i = 0; i < 6; i++) revs.push(await put(`cm-${i}`, 'z'));
    assert.ok(await cache.waitFresh(revs.at(-1)!, 10_000));
    // Progress notifications (every 20 ms here) trim an idle cache.
    for (let i = 0; i < 500 && cache.historyLength > 2; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(cache.historyLength, 2);
    assert.throws(() => cache.watch(everything, collector(), { fromRV: revs[2]!, initial: false, keyPrefix: PREFIX }), TooOldResourceVersionError);
    const sink = collector();
    cache.watch(everything, sink, { fromRV: revs[3]!, initial: false, keyPrefix: PREFIX })();
    assert.deepEqual(sink.got.map((g) => g.rv), revs.slice(4));
  });

  it('DELETED carries the last state stamped with the delete revision, live and on replay', async () => {
    const cache = open({});
    await cache.ready();
    const created = await put('gone');
    const live = collector();
    cache.watch(everything, live, { fromRV: created, initial: false, keyPrefix: PREFIX });
    const d = await store.delete(`${PREFIX}ns/gone`);
    assert.ok(d.ok && d.revision);
    assert.ok(await cache.waitFresh(d.revision!, 10_000));
    assert.deepEqual(live.got.map((g) => [g.type, g.rv, g.obj.metadata.resourceVersion, g.obj.metadata.name]), [['DELETED', d.revision, String(d.revision), 'gone']]);
    const replay = collector();
    cache.watch(everything, replay, { fromRV: created, initial: false, keyPrefix: PREFIX })();
    assert.deepEqual(replay.got, live.got);
  });
});
