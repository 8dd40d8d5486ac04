// Large lists are written as they are produced (issue 17: a full list must not hold the whole
// body and its encrypted copy at once), as kube-apiserver 1.34's streaming collection encoder
// writes them (StreamingCollectionEncodingToJSON; k8s.io/apiserver pkg/endpoints/handlers/
// responsewriters): chunked, gzip-compressed on the way for clients that accept it. The
// body must be the same list, and real clients must read it.

import assert from 'node:assert/strict';
import { request } from 'node:https';
import { connect } from 'node:http2';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

const COUNT = 60;
const PAYLOAD = 'z'.repeat(40_000);

describe('large lists are streamed', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'big' } } })).status, 201);
    for (let i = 0; i < COUNT; i++) {
      const r = await srv.request('POST', '/api/v1/namespaces/big/configmaps', { body: { metadata: { name: `cm-${String(i).padStart(3, '0')}` }, data: { payload: PAYLOAD, i: String(i) } } });
      assert.equal(r.status, 201);
    }
  });
  after(() => srv?.close());

  function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
    const url = new URL(srv.url);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, headers, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  function checkList(list: any) {
    assert.equal(list.kind, 'ConfigMapList');
    assert.equal(list.apiVersion, 'v1');
    assert.match(list.metadata.resourceVersion, /^\d+$/);
    assert.equal(list.items.length, COUNT);
    list.items.forEach((item: any, i: number) => {
      assert.equal(item.metadata.name, `cm-${String(i).padStart(3, '0')}`);
      assert.equal(item.data.payload, PAYLOAD);
      assert.equal(item.kind, undefined, 'items of a built-in list carry no TypeMeta');
    });
  }

  it('a list larger than 1 MiB arrives chunked and complete', async () => {
    const res = await get('/api/v1/namespaces/big/configmaps');
    assert.equal(res.status, 200);
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.ok(res.body.length > 1024 * 1024, `body of ${res.body.length} bytes`);
    checkList(JSON.parse(res.body.toString('utf8')));
  });

  it('compressed on the way for a client that accepts gzip', async () => {
    const res = await get('/api/v1/namespaces/big/configmaps', { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    checkList(JSON.parse(gunzipSync(res.body).toString('utf8')));
  });

  it('a small page of the same list still carries a Content-Length', async () => {
    const res = await get('/api/v1/namespaces/big/configmaps?limit=2');
    assert.equal(res.status, 200);
    assert.equal(res.headers['transfer-encoding'], undefined);
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.equal(JSON.parse(res.body.toString('utf8')).items.length, 2);
  });

  it('streamed over HTTP/2 as well', async () => {
    const session = connect(srv.url, { ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem });
    try {
      const { status, body } = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        const req = session.request({ ':path': '/api/v1/namespaces/big/configmaps', 'accept-encoding': 'gzip' });
        let status = 0;
        let encoding: unknown;
        const chunks: Buffer[] = [];
        req.on('response', (h) => {
          status = Number(h[':status']);
          encoding = h['content-encoding'];
        });
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status, body: encoding === 'gzip' ? gunzipSync(raw) : raw });
        });
        req.on('error', reject);
        req.end();
      });
      assert.equal(status, 200);
      checkList(JSON.parse(body.toString('utf8')));
    } finally {
      session.close();
    }
  });

  // Not streamed, so written whole by sendBytes: a protobuf list and a deletecollection's
  // answer. Both go to the connection in pieces (test/server/large-bodies.test.ts) and must
  // still arrive complete, with their Content-Length.
  it('a protobuf list larger than 1 MiB arrives whole with its Content-Length', async () => {
    const res = await srv.request('GET', '/api/v1/namespaces/big/configmaps', { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.kubernetes.protobuf');
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(res.body.length > 1024 * 1024, `body of ${res.body.length} bytes`);
    assert.deepEqual(res.body.subarray(0, 4), Buffer.from('k8s\0', 'latin1'));
    assert.equal(res.body.toString('latin1').split(PAYLOAD).length - 1, COUNT);
  });

  it('a deletecollection answer larger than 1 MiB arrives whole with its Content-Length', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'gone' } } })).status, 201);
    for (let i = 0; i < 30; i++) {
      const r = await srv.request('POST', '/api/v1/namespaces/gone/configmaps', { body: { metadata: { name: `cm-${i}` }, data: { payload: PAYLOAD } } });
      assert.equal(r.status, 201);
    }
    const res = await srv.request('DELETE', '/api/v1/namespaces/gone/configmaps');
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(res.body.length > 1024 * 1024, `body of ${res.body.length} bytes`);
    const list = res.json();
    assert.equal(list.kind, 'ConfigMapList');
    assert.equal(list.items.length, 30);
    assert.ok(list.items.every((item: any) => item.data.payload === PAYLOAD));
    assert.equal((await srv.request('GET', '/api/v1/namespaces/gone/configmaps')).json().items.length, 0);
  });

  it('kubectl reads the streamed list', async () => {
    const r = await kubectl(srv.kubeconfig, ['get', 'configmaps', '-n', 'big', '-o', 'json', '--chunk-size=0']);
    assert.equal(r.code, 0, r.stderr);
    const list = JSON.parse(r.stdout);
    assert.equal(list.items.length, COUNT);
    assert.equal(list.items[COUNT - 1].data.i, String(COUNT - 1));
  });
});
