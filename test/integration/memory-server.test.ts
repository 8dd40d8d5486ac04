// The in-process test server (issue 17): startServer({ store: 'memory' }) keeps nothing on
// disk once stopped, and reset() brings it back to its defaults between tests.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../support/server.js';

const execFileAsync = promisify(execFile);

describe("startServer({ store: 'memory' }) and reset()", () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(() => srv?.close());

  it('serves from memory', async () => {
    assert.equal(srv.store.name, 'memory');
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default')).status, 200);
    assert.ok(!existsSync(`${srv.dataDir}/skiff.db`), 'no SQLite file');
  });

  it('reset deletes what tests made, restores changed defaults, keeps the rest', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'scratch' } } })).status, 201);
    for (let i = 0; i < 20; i++) {
      assert.equal((await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: `cm-${i}` } } })).status, 201);
    }
    const patched = await srv.request('PATCH', '/api/v1/namespaces/default', { raw: '{"metadata":{"labels":{"touched":"yes"}}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(patched.status, 200);
    const rolesBefore = (await srv.request('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles')).json().items.length;

    await srv.reset();

    assert.equal((await srv.request('GET', '/api/v1/namespaces/scratch')).status, 404);
    const cms = (await srv.request('GET', '/api/v1/namespaces/default/configmaps')).json().items.map((i: any) => i.metadata.name);
    assert.ok(!cms.some((n: string) => n.startsWith('cm-')), `test objects are gone: ${cms}`);
    const ns = (await srv.request('GET', '/api/v1/namespaces/default')).json();
    assert.equal(ns.metadata.labels?.touched, undefined, 'the changed default is restored');
    assert.equal((await srv.request('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles')).json().items.length, rolesBefore);
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/services/kubernetes')).status, 200);
    // Still a working server: the names are free again.
    assert.equal((await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'cm-0' } } })).status, 201);
  });

  it('reset ends open watches; a watch from a resourceVersion before the reset gets 410 Expired and a re-list sees the defaults', async () => {
    const created = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'watched' } } });
    assert.equal(created.status, 201);
    const oldRv = created.json().metadata.resourceVersion;
    const lines: string[] = [];
    const w = await srv.stream(`/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${oldRv}`, (l) => lines.push(l));
    assert.equal(w.status, 200);

    await srv.reset();
    await w.ended;

    const again: string[] = [];
    const w2 = await srv.stream(`/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${oldRv}`, (l) => again.push(l));
    await w2.ended;
    const ev = JSON.parse(again[0]!);
    assert.equal(ev.type, 'ERROR');
    assert.equal(ev.object.code, 410);
    assert.equal(ev.object.reason, 'Expired');
    const list = (await srv.request('GET', '/api/v1/namespaces/default/configmaps')).json();
    assert.ok(!list.items.some((i: any) => i.metadata.name === 'watched'), 'the re-list no longer has the test object');
    assert.ok(Number(list.metadata.resourceVersion) > Number(oldRv));
  });
});

// A test file's process ends when its last handle goes: stop() must leave no timer behind
// (ApiServer.close raced the server's close against a 500 ms timer it never cleared, so every
// test process lingered half a second after its last test). Run in a child process of its own,
// where nothing else holds timers.
it('stop() leaves nothing but stdio keeping the process alive', async () => {
  const src = (path: string) => JSON.stringify(new URL(`../../src/${path}`, import.meta.url).href);
  const script = `
    const { startServer } = await import(${src('index.js')});
    const { createLogger } = await import(${src('util/log.js')});
    const logger = createLogger({ stream: { write: () => true } });
    const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', logger });
    await srv.stop();
    process.stdout.write(JSON.stringify(process.getActiveResourcesInfo()));
  `;
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script]);
  const left = (JSON.parse(stdout) as string[]).filter((r) => r !== 'PipeWrap' && r !== 'TTYWrap' && r !== 'FSReqCallback');
  assert.deepEqual(left, [], `handles left after stop: ${left}`);
});
