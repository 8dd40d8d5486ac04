// An informer hands a resource's initial state over in slices (yielding to the event loop,
// so a restart with many objects keeps answering requests), and the order of events is kept:
// every object once, changes made during the initial delivery after it, and start() resolves
// only once the initial state was delivered (controllers' queues wait for it: WaitForCacheSync).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Informer, storedResources, type InformerEvent } from '../../src/controllers/informer.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const OBJECTS = 600;

describe('informer initial delivery', () => {
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer({ controllers: [] });
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'inf' } } })).status, 201);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < OBJECTS) {
          const i = next++;
          const r = await srv.request('POST', '/api/v1/namespaces/inf/configmaps', { body: { metadata: { name: `cm-${String(i).padStart(4, '0')}` }, data: { n: String(i), pad: 'p'.repeat(1024) } } });
          assert.equal(r.status, 201, r.text);
        }
      }),
    );
  });

  after(() => srv?.close());

  it('delivers every object once, then the changes made meanwhile, before start() resolves', async () => {
    const configmaps = storedResources(srv.registry).filter((r) => r.group === '' && r.def.plural === 'configmaps');
    assert.equal(configmaps.length, 1);
    const seen: [InformerEvent, string, string][] = [];
    const informer = new Informer(srv.registry, configmaps, (type, obj) => {
      if (obj.metadata.namespace === 'inf') seen.push([type, obj.metadata.name, obj.data?.n]);
    });
    const started = informer.start();
    // A change while the initial state is being handed over.
    const patched = srv.request('PATCH', '/api/v1/namespaces/inf/configmaps/cm-0000', {
      raw: JSON.stringify({ data: { n: 'changed' } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    await started;
    try {
      const initial = seen.filter(([t]) => t === 'ADDED');
      assert.equal(initial.length, OBJECTS, 'every object is delivered once when start() resolves');
      assert.deepEqual(
        initial.map(([, name]) => name),
        Array.from({ length: OBJECTS }, (_, i) => `cm-${String(i).padStart(4, '0')}`),
        'in key order',
      );
      assert.equal((await patched).status, 200);
      await eventually(() => seen.some(([, name, n]) => name === 'cm-0000' && n === 'changed'), 15_000, 'the change to be delivered');
      const forFirst = seen.filter(([, name]) => name === 'cm-0000');
      // Either the initial state already held the change (one ADDED with it), or the change comes after the ADDED.
      if (forFirst.length === 1) assert.deepEqual(forFirst[0], ['ADDED', 'cm-0000', 'changed']);
      else assert.deepEqual(forFirst, [['ADDED', 'cm-0000', '0'], ['MODIFIED', 'cm-0000', 'changed']]);
      let lastAdded = -1;
      seen.forEach(([t], i) => t === 'ADDED' && (lastAdded = i));
      const modified = seen.findIndex(([t]) => t === 'MODIFIED');
      if (modified >= 0) assert.ok(modified > lastAdded, 'a change comes after the whole initial state');
    } finally {
      informer.stop();
    }
  });

  // bench/memory.ts at 100,000 objects: a controller manager stopped (its lease lost under
  // load) while its garbage collector's informer was still starting went on setting up the
  // remaining watches, which nothing then stopped: they kept the stopped collector and its
  // graph alive for good, fed with events (28,656 objects deleted since, never forgotten).
  it('sets up no more watches once stopped during start(), and hands nothing on after stop()', async () => {
    const wanted = storedResources(srv.registry).filter((r) => r.group === '' && (r.def.plural === 'namespaces' || r.def.plural === 'configmaps'));
    wanted.sort((a) => (a.def.plural === 'namespaces' ? -1 : 1));
    let stopped = false;
    const afterStop: string[] = [];
    const informer = new Informer(srv.registry, wanted, (type, obj) => {
      if (stopped) afterStop.push(`${type} ${obj.kind ?? ''} ${obj.metadata.name}`);
      else {
        // The first namespace: stop while the informer is still starting.
        stopped = true;
        informer.stop();
      }
    });
    await informer.start();
    assert.ok(stopped);
    const r = await srv.request('PATCH', '/api/v1/namespaces/inf/configmaps/cm-0001', {
      raw: JSON.stringify({ data: { n: 'after-stop' } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(r.status, 200, r.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(afterStop, []);
  });
});
