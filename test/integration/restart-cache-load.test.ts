// A restart with many objects stored: the server is ready without waiting for its watch
// caches, and while a resource's cache loads, requests follow upstream's rules for a cache
// that is not ready (KEP-4568 ResilientWatchCacheInitialization, GA in 1.34; read in
// k8s.io/apiserver pkg/storage/cacher/delegator.go, cacher.go, ready.go and util.go):
// a GET and a LIST with a limit and no selector are answered from the store, other LISTs
// and WATCHes get 429 TooManyRequests "storage is (re)initializing" with Retry-After 1.
// Once the cache is loaded, everything is served from it as before.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, httpsCall, startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const OBJECTS = 3000;
const NAMESPACES = ['load-a', 'load-b'];
const PAYLOAD = 'y'.repeat(2048);

const STORAGE_INITIALIZING = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'storage is (re)initializing',
  reason: 'TooManyRequests',
  details: { retryAfterSeconds: 1 },
  code: 429,
};

/** Requests over kept-alive admin connections (a warmed socket delivers a request in one read). */
function keepAliveClient(srv: TestServer, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem });
  const base = new URL(srv.url);
  const call = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
    httpsCall(base, { method, path, agent, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, body === undefined ? undefined : JSON.stringify(body));
  return { agent, call };
}

const cmPath = (ns: string, name = '') => `/api/v1/namespaces/${ns}/configmaps${name ? `/${name}` : ''}`;
const ours = (items: { metadata: { name: string } }[]) => items.filter((i) => i.metadata.name.startsWith('cm-'));

/** Every page of a limited list, following continue tokens; returns our objects' names. */
async function pagedNames(call: ReturnType<typeof keepAliveClient>['call'], path: string, first?: HttpResult): Promise<string[]> {
  const names: string[] = [];
  let res = first ?? (await call('GET', `${path}?limit=400`));
  for (;;) {
    assert.equal(res.status, 200, res.text.slice(0, 300));
    const list = res.json();
    names.push(...ours(list.items).map((i: { metadata: { name: string } }) => i.metadata.name));
    if (!list.metadata.continue) return names;
    res = await call('GET', `${path}?limit=400&continue=${encodeURIComponent(list.metadata.continue)}`);
  }
}

describe('restart with many objects stored (watch caches load while the server serves)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-restart-load-'));
  let srv: TestServer;
  const perNs = OBJECTS / NAMESPACES.length;

  before(async () => {
    const first = await startTestServer({ dataDir, controllers: [] });
    const { agent, call } = keepAliveClient(first, 16);
    for (const ns of NAMESPACES) assert.equal((await call('POST', '/api/v1/namespaces', { metadata: { name: ns } })).status, 201);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < OBJECTS) {
          const i = next++;
          const ns = NAMESPACES[i % NAMESPACES.length]!;
          const cm = { metadata: { name: `cm-${Math.floor(i / NAMESPACES.length)}`, labels: { shard: String(i % 3) } }, data: { payload: PAYLOAD, n: String(i) } };
          const r = await call('POST', cmPath(ns), cm);
          assert.equal(r.status, 201, r.text);
        }
      }),
    );
    agent.destroy();
    await first.stop();
    srv = await startTestServer({ dataDir });
  });

  after(async () => {
    await srv?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ready after a restart and answers lists, gets and watches correctly once the caches are loaded', async () => {
    assert.equal((await srv.request('GET', '/readyz')).status, 200);
    const { agent, call } = keepAliveClient(srv, 4);
    try {
      // A limited list is answered whether or not the cache has loaded (from the store meanwhile).
      const names = await pagedNames(call, cmPath(NAMESPACES[0]!));
      assert.equal(names.length, perNs);
      // An unlimited list is answered in full once the cache is loaded (a 429 before is upstream's).
      const full = await eventually(async () => {
        const r = await call('GET', '/api/v1/configmaps?labelSelector=shard');
        if (r.status === 429) return undefined;
        assert.equal(r.status, 200, r.text.slice(0, 300));
        return r.json();
      });
      assert.equal(ours(full.items).length, OBJECTS);
      // A watch from the list's revision sees the next change, and only it.
      const events: any[] = [];
      const w = await srv.stream(`${cmPath(NAMESPACES[1]!)}?watch=1&resourceVersion=${full.metadata.resourceVersion}`, (l) => events.push(JSON.parse(l)));
      try {
        assert.equal(w.status, 200);
        const up = await srv.request('PATCH', cmPath(NAMESPACES[1]!, 'cm-7'), { raw: JSON.stringify({ data: { n: 'changed' } }), headers: { 'content-type': 'application/merge-patch+json' } });
        assert.equal(up.status, 200, up.text);
        await eventually(() => events.length >= 1 || undefined);
        assert.equal(events[0].type, 'MODIFIED');
        assert.equal(events[0].object.metadata.name, 'cm-7');
        assert.equal(events[0].object.data.n, 'changed');
        assert.equal(events[0].object.metadata.resourceVersion, up.json().metadata.resourceVersion);
      } finally {
        w.close();
      }
    } finally {
      agent.destroy();
    }
  });

  it('while a cache loads: GET and a limited LIST come from the store, other LISTs and WATCHes get 429, then all are served from the cache', async () => {
    const { agent, call } = keepAliveClient(srv, 8);
    try {
      // Warm eight connections, so that each request below reaches the server in one read.
      await Promise.all(Array.from({ length: 8 }, () => call('GET', '/readyz')));
      const ns = NAMESPACES[0]!;
      const current = Number((await call('GET', `${cmPath(ns)}?limit=1`)).json().metadata.resourceVersion);
      // A fresh, empty cache for ConfigMaps: the next request starts its load of every object.
      srv.registry.dropStore('', 'configmaps');
      const [watch, unlimited, selected, limited, get, getAny, tooNew] = await Promise.all([
        call('GET', `${cmPath(ns)}?watch=1`),
        call('GET', cmPath(ns)),
        call('GET', `${cmPath(ns)}?limit=10&labelSelector=shard%3D1`),
        call('GET', `${cmPath(ns)}?limit=400`),
        call('GET', cmPath(ns, 'cm-3')),
        call('GET', `${cmPath(ns, 'cm-4')}?resourceVersion=0`),
        call('GET', `${cmPath(ns, 'cm-5')}?resourceVersion=${current + 1000}`),
      ]);
      for (const [what, r] of [['watch', watch], ['unlimited list', unlimited], ['list with a selector', selected]] as const) {
        assert.equal(r.status, 429, `${what}: ${r.text.slice(0, 300)}`);
        assert.deepEqual(r.json(), STORAGE_INITIALIZING, what);
        assert.equal(r.headers['retry-after'], '1', what);
      }
      // A GET with no or any resourceVersion reads the store.
      assert.equal(get.status, 200, get.text);
      assert.equal(get.json().metadata.name, 'cm-3');
      assert.equal(get.json().data.payload, PAYLOAD);
      assert.equal(getAny.status, 200, getAny.text);
      assert.equal(getAny.json().metadata.name, 'cm-4');
      // A revision the store has not reached: etcd3's answer, with no retry hint.
      assert.equal(tooNew.status, 504, tooNew.text);
      assert.equal(tooNew.json().reason, 'Timeout');
      // (Controllers write meanwhile, e.g. Leases: the store's revision may have moved on.)
      const m = /^Timeout: Too large resource version: (\d+), current: (\d+)$/.exec(tooNew.json().message);
      assert.ok(m, tooNew.json().message);
      assert.equal(Number(m[1]), current + 1000);
      assert.ok(Number(m[2]) >= current && Number(m[2]) < current + 1000, tooNew.json().message);
      assert.equal(tooNew.json().details.retryAfterSeconds, undefined);
      // A limited list is a page of the store at its current revision, continued from the store.
      assert.equal(limited.status, 200, limited.text.slice(0, 300));
      assert.ok(Number(limited.json().metadata.resourceVersion) >= current, limited.json().metadata.resourceVersion);
      assert.ok(limited.json().metadata.continue, 'a first page carries a continue token');
      assert.equal((await pagedNames(call, cmPath(ns), limited)).length, perNs);

      // Once the cache has loaded, the same requests are served from it.
      const full = (await eventually(async () => {
        const r = await call('GET', cmPath(ns));
        return r.status === 429 ? undefined : r;
      }))!;
      assert.equal(full.status, 200, full.text.slice(0, 300));
      assert.equal(ours(full.json().items).length, perNs);
      const sel = await call('GET', `${cmPath(ns)}?limit=10&labelSelector=shard%3D1`);
      assert.equal(sel.status, 200, sel.text.slice(0, 300));
      assert.equal(sel.json().items.length, 10);
      assert.ok(sel.json().items.every((i: any) => i.metadata.labels.shard === '1'));
      const events: any[] = [];
      const w = await srv.stream(`${cmPath(ns)}?watch=1&labelSelector=shard%3D2`, (l) => events.push(JSON.parse(l)));
      try {
        assert.equal(w.status, 200);
        // resourceVersion unset: the current state as ADDED events first.
        const want = ours(full.json().items).filter((i: any) => i.metadata.labels.shard === '2').length;
        await eventually(() => events.length >= want || undefined);
        assert.equal(events.length, want);
        assert.ok(events.every((e) => e.type === 'ADDED'));
      } finally {
        w.close();
      }
    } finally {
      agent.destroy();
    }
  });
});
