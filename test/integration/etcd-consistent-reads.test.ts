// Consistent reads on etcd: a list without resourceVersion, or one not older than a given
// revision, sees every write acknowledged before it. Where etcd cannot answer progress
// requests exactly (before 3.4.31/3.5.13, etcd-io/etcd#15220: Debian's 3.4.23 here), a
// watch cache that saw no recent events cannot tell it is current, and the read goes to
// etcd, as upstream's cacher delegates without the RequestWatchProgress feature
// (k8s.io/apiserver pkg/storage/cacher/delegator.go).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EtcdCluster, etcdBinary, NO_ETCD } from '../support/etcd.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const CMS = '/api/v1/namespaces/default/configmaps';
const SECRETS = '/api/v1/namespaces/default/secrets';

describe('consistent reads on etcd', { skip: etcdBinary() ? false : NO_ETCD }, () => {
  let etcd: EtcdCluster;
  let srv: TestServer;
  before(async () => {
    etcd = await EtcdCluster.start(1);
    srv = await startTestServer({ etcdServers: etcd.endpoints, controllers: [] });
  });
  after(async () => {
    await srv?.close();
    await etcd?.stop();
  });

  const create = async (path: string, name: string) => {
    const r = await srv.request('POST', path, { body: { metadata: { name } } });
    assert.equal(r.status, 201, r.text);
    return Number(r.json().metadata.resourceVersion);
  };
  const names = (list: { items: { metadata: { name: string } }[] }) => list.items.map((i) => i.metadata.name);

  it('see the latest revision when the resource saw no recent events, with and without a resourceVersion', async () => {
    await create(CMS, 'idle');
    // A write to another resource moves etcd's revision on; the ConfigMap cache hears nothing of it.
    const later = await create(SECRETS, 'elsewhere');
    const list = await srv.request('GET', CMS);
    assert.equal(list.status, 200, list.text);
    assert.ok(Number(list.json().metadata.resourceVersion) >= later, `list at ${list.json().metadata.resourceVersion}, write at ${later}`);
    assert.ok(names(list.json()).includes('idle'));
    const notOlder = await srv.request('GET', `${CMS}?resourceVersion=${later}&resourceVersionMatch=NotOlderThan`);
    assert.equal(notOlder.status, 200, notOlder.text);
    assert.ok(Number(notOlder.json().metadata.resourceVersion) >= later);
    const paged = await srv.request('GET', `${CMS}?limit=1`);
    assert.equal(paged.status, 200, paged.text);
    assert.ok(Number(paged.json().metadata.resourceVersion) >= later);
    const one = await srv.request('GET', `${CMS}/idle?resourceVersion=${later}`);
    assert.equal(one.status, 200, one.text);
  });

  it('a watch from the revision of a list read past the cache starts at once and passes on only later changes', async () => {
    await create(CMS, 'w-before');
    await create(SECRETS, 'w-elsewhere');
    const from = (await srv.request('GET', CMS)).json().metadata.resourceVersion;
    const lines: string[] = [];
    const watch = await srv.stream(`${CMS}?watch=1&resourceVersion=${from}`, (l) => lines.push(l));
    try {
      assert.equal(watch.status, 200);
      await create(CMS, 'w-after');
      await eventually(() => lines.length >= 1, 5000, 'the ADDED event of w-after');
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      watch.close();
    }
    assert.deepEqual(
      lines.map((l) => JSON.parse(l)).map((e) => [e.type, e.object.metadata.name]),
      [['ADDED', 'w-after']],
    );
  });

  it('under 16 concurrent writers, every list holds each create acknowledged before it was sent', async () => {
    const acked = new Set<string>();
    const missing: string[] = [];
    let lists = 0;
    const until = Date.now() + 3000;
    const writers = Array.from({ length: 16 }, async (_, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const name = `load-${w}-${i}`;
        // Half the writes go elsewhere, so the ConfigMap cache trails etcd's revision.
        await create(i % 2 ? SECRETS : CMS, name);
        if (i % 2 === 0) acked.add(name);
      }
    });
    const reader = (async () => {
      while (Date.now() < until) {
        const before = [...acked];
        const r = await srv.request('GET', CMS);
        assert.equal(r.status, 200, r.text);
        const seen = new Set(names(r.json()));
        for (const n of before) if (!seen.has(n)) missing.push(n);
        lists++;
      }
    })();
    await Promise.all([...writers, reader]);
    assert.ok(lists > 5, `only ${lists} lists`);
    assert.ok(acked.size > 50, `only ${acked.size} creates`);
    assert.deepEqual(missing, [], 'a consistent list missed creates acknowledged before it');
  });
});
