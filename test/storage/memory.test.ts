// The in-memory store meets the same contract as SQLite and etcd.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryStore } from '../../src/storage/memory/memory-store.js';
import { CompactedError, type KeyValue } from '../../src/storage/store.js';
import { runStoreContract } from './contract.js';

runStoreContract('memory', async () => {
  const store = new MemoryStore({ progressIntervalMs: 50 });
  return { store, cleanup: () => store.close() };
});

describe('MemoryStore.replaceContents (the in-process test server reset)', () => {
  const buf = (s: string) => Buffer.from(s);
  const isLease = (key: string) => key.startsWith('/lease/');

  it('swaps in the given contents at one new revision, keeps selected keys, ends watches with CompactedError', async () => {
    const store = new MemoryStore({ progressIntervalMs: 0 });
    try {
      await store.create('/a', buf('a1'));
      await store.create('/b', buf('b1'));
      await store.create('/d', buf('d1'));
      await store.create('/lease/x', buf('x1'));
      const defaults = (await store.range('')).kvs;
      const unchangedD = defaults.find((kv) => kv.key === '/d')!;
      const cur = (await store.get('/a')).kv!;
      await store.update('/a', buf('a2'), cur.modRevision);
      await store.delete('/b');
      await store.create('/c', buf('c1'));
      const lease = (await store.update('/lease/x', buf('x2'), (await store.get('/lease/x')).kv!.modRevision)) as { ok: true; kv: KeyValue };
      const before = await store.currentRevision();

      const errors: Error[] = [];
      store.watch('', { startRevision: before + 1 }, { onEvents: () => undefined, onError: (e) => errors.push(e) });
      store.replaceContents(defaults, isLease);

      const rev = await store.currentRevision();
      assert.equal(rev, before + 1);
      const after = new Map((await store.range('')).kvs.map((kv) => [kv.key, kv]));
      assert.deepEqual([...after.keys()], ['/a', '/b', '/d', '/lease/x']);
      assert.equal(after.get('/a')!.value.toString(), 'a1');
      assert.equal(after.get('/a')!.modRevision, rev, 'a restored value is written at the new revision');
      assert.equal(after.get('/b')!.createRevision, rev, 'a re-created key starts at the new revision');
      assert.equal(after.get('/d')!.modRevision, unchangedD.modRevision, 'an unchanged key keeps its revision');
      assert.equal(after.get('/lease/x')!.value.toString(), 'x2', 'kept keys stay as they are');
      assert.equal(after.get('/lease/x')!.modRevision, lease.kv.modRevision);

      assert.equal(errors.length, 1);
      assert.ok(errors[0] instanceof CompactedError);
      await assert.rejects(store.get('/a', before), CompactedError);
      // Watches from the new revision on see later writes.
      const seen: string[] = [];
      store.watch('', { startRevision: rev + 1 }, { onEvents: (evs) => seen.push(...evs.map((e) => e.kv.key)), onError: (e) => errors.push(e) });
      await store.create('/e', buf('e1'));
      assert.deepEqual(seen, ['/e']);
    } finally {
      await store.close();
    }
  });
});
