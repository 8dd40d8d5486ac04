// @kubernetes/client-node against an in-process skiff: an informer and paged lists.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as k8s from '@kubernetes/client-node';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

describe('@kubernetes/client-node', () => {
  let srv: TestServer;
  let kc: k8s.KubeConfig;
  let core: k8s.CoreV1Api;
  before(async () => {
    // These tests count the ConfigMaps of fresh namespaces: no kube-root-ca.crt publisher.
    srv = await startTestServer({ controllers: ['*', '-root-ca-cert-publisher'] });
    kc = new k8s.KubeConfig();
    kc.loadFromFile(srv.kubeconfig);
    core = kc.makeApiClient(k8s.CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'informed' } } });
  });
  after(async () => {
    await srv?.close();
  });

  it('an informer sees add, update and delete', async () => {
    const ns = 'informed';
    const informer = k8s.makeInformer(kc, `/api/v1/namespaces/${ns}/configmaps`, () => core.listNamespacedConfigMap({ namespace: ns }));
    const seen: string[] = [];
    informer.on('add', (o: k8s.V1ConfigMap) => seen.push(`add:${o.metadata?.name}:${o.data?.v}`));
    informer.on('update', (o: k8s.V1ConfigMap) => seen.push(`update:${o.metadata?.name}:${o.data?.v}`));
    informer.on('delete', (o: k8s.V1ConfigMap) => seen.push(`delete:${o.metadata?.name}`));
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'before' }, data: { v: '0' } } });
    await informer.start();
    try {
      await eventually(() => seen.includes('add:before:0'), 15_000, 'initial add');
      await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'c1' }, data: { v: '1' } } });
      await eventually(() => seen.includes('add:c1:1'), 15_000, 'add c1');
      const cur = await core.readNamespacedConfigMap({ name: 'c1', namespace: ns });
      cur.data = { v: '2' };
      await core.replaceNamespacedConfigMap({ name: 'c1', namespace: ns, body: cur });
      await eventually(() => seen.includes('update:c1:2'), 15_000, 'update c1');
      await core.deleteNamespacedConfigMap({ name: 'c1', namespace: ns });
      await eventually(() => seen.includes('delete:c1'), 15_000, 'delete c1');
      assert.equal(informer.list(ns).length, 1);
    } finally {
      await informer.stop();
    }
  });

  it('an informer whose watch expires (410 Gone) relists and carries on', async () => {
    // The first list hands out a resourceVersion older than the watch cache keeps, as after a
    // long disconnect: the watch answers an ERROR event with 410 Expired (cacher
    // TooOldResourceVersion), and the informer relists and resumes watching.
    const ns = 'expiry';
    await core.createNamespace({ body: { metadata: { name: ns } } });
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'first' } } });
    let lists = 0;
    const informer = k8s.makeInformer(kc, `/api/v1/namespaces/${ns}/configmaps`, async () => {
      lists++;
      const list = await core.listNamespacedConfigMap({ namespace: ns });
      if (lists === 1) list.metadata = { ...list.metadata, resourceVersion: '1' };
      return list;
    });
    const seen: string[] = [];
    informer.on('add', (o: k8s.V1ConfigMap) => seen.push(`add:${o.metadata?.name}`));
    informer.on('error', () => undefined);
    await informer.start();
    try {
      await eventually(() => lists >= 2, 10_000, 'relist after 410');
      await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'after' } } });
      await eventually(() => seen.includes('add:after'), 10_000, 'add after the relist');
      assert.deepEqual(seen.filter((x) => x === 'add:first'), ['add:first']);
      assert.deepEqual(informer.list(ns).map((o) => o.metadata?.name).sort(), ['after', 'first']);
    } finally {
      await informer.stop();
    }
  });

  it('a paged list returns every item exactly once with a consistent resourceVersion', async () => {
    await core.createNamespace({ body: { metadata: { name: 'paged' } } });
    const names: string[] = [];
    for (let i = 0; i < 23; i++) {
      const name = `p-${String(i).padStart(2, '0')}`;
      names.push(name);
      await core.createNamespacedConfigMap({ namespace: 'paged', body: { metadata: { name, labels: { parity: i % 2 ? 'odd' : 'even' } } } });
    }
    const got: string[] = [];
    let cont: string | undefined;
    const rvs = new Set<string>();
    let pages = 0;
    do {
      const page = await core.listNamespacedConfigMap({ namespace: 'paged', limit: 5, _continue: cont });
      pages++;
      rvs.add(page.metadata!.resourceVersion!);
      for (const item of page.items) got.push(item.metadata!.name!);
      cont = page.metadata?._continue || undefined;
      if (cont) assert.equal(page.metadata?.remainingItemCount, 23 - got.length);
      // A write between pages must not show up in later pages.
      if (pages === 1) await core.createNamespacedConfigMap({ namespace: 'paged', body: { metadata: { name: 'p-zz-late' } } });
    } while (cont);
    assert.equal(pages, 5);
    assert.deepEqual(got, names);
    assert.equal(rvs.size, 1);
    const odd = await core.listNamespacedConfigMap({ namespace: 'paged', labelSelector: 'parity=odd', limit: 4 });
    assert.equal(odd.items.length, 4);
    assert.ok(odd.items.every((i) => i.metadata?.labels?.parity === 'odd'));
    assert.equal(odd.metadata?.remainingItemCount, undefined);
  });
});
