// kube-system/kube-apiserver-legacy-service-account-token-tracking, as upstream's
// legacytokentracking controller keeps it (pkg/controlplane/controller/legacytokentracking/controller.go,
// syncConfigMap): created when absent, its `since` date set again only when it does not
// parse, and otherwise left alone — so a restart sends no write to the store for it (a
// create answered 409 still goes through the store's write path and waited for it).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { withTestServer } from '../support/server.js';

const PATH = '/api/v1/namespaces/kube-system/configmaps/kube-apiserver-legacy-service-account-token-tracking';

/** Samples of etcd_requests_total for ConfigMap writes (create or update). */
function configMapWrites(metrics: string): string[] {
  return metrics.split('\n').filter((l) => l.startsWith('etcd_requests_total{') && /operation="(create|update)"/.test(l) && /resource="configmaps"/.test(l));
}

describe('the legacy token tracking ConfigMap', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-token-tracking-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const opts = { dataDir, controllers: [] };

  it('is created by the first start and not written at all by a restart', async () => {
    const since = await withTestServer(opts, async (first) => {
      const cm = await first.request('GET', PATH);
      assert.equal(cm.status, 200);
      const date = cm.json().data.since as string;
      assert.match(date, /^\d{4}-\d\d-\d\d$/);
      assert.notDeepEqual(configMapWrites((await first.request('GET', '/metrics')).text), [], 'the first start creates ConfigMaps');
      return date;
    });
    await withTestServer(opts, async (second) => {
      assert.deepEqual(configMapWrites((await second.request('GET', '/metrics')).text), []);
      assert.equal((await second.request('GET', PATH)).json().data.since, since);
    });
  });

  it('gets a date again when its date does not parse, keeping its other data', async () => {
    await withTestServer(opts, async (first) => {
      const cm = (await first.request('GET', PATH)).json();
      const put = await first.request('PUT', PATH, { body: { ...cm, data: { since: '2024-02-30', other: 'kept' } } });
      assert.equal(put.status, 200, put.text);
    });
    await withTestServer(opts, async (second) => {
      const data = (await second.request('GET', PATH)).json().data;
      assert.equal(data.since, new Date().toISOString().slice(0, 10));
      assert.equal(data.other, 'kept');
    });
  });

  it('is created again at the next start when deleted', async () => {
    await withTestServer(opts, async (first) => {
      assert.equal((await first.request('DELETE', PATH)).status, 200);
    });
    await withTestServer(opts, async (second) => {
      const cm = await second.request('GET', PATH);
      assert.equal(cm.status, 200);
      assert.match(cm.json().data.since, /^\d{4}-\d\d-\d\d$/);
    });
  });
});
