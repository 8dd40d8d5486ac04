// --max-request-body-bytes is honoured: bodies past it get upstream's 413 Status
// (k8s.io/apiserver endpoints/handlers rest.go limitedReadBody: "limit is N").

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';

describe('request body limit', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ maxRequestBodyBytes: 2048 });
  });
  after(async () => srv?.close());

  const cm = (name: string, size: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'x'.repeat(size) } });

  it('accepts a body within the limit', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('small', 1000) });
    assert.equal(r.status, 201);
  });

  it('answers 413 RequestEntityTooLarge past it, with the configured limit', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('big', 4000) });
    assert.equal(r.status, 413);
    assert.deepEqual(
      { kind: r.json().kind, reason: r.json().reason, message: r.json().message, code: r.json().code },
      { kind: 'Status', reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 2048', code: 413 },
    );
    assert.equal(r.headers.connection, 'close');
    const after = await srv.request('GET', '/api/v1/namespaces/default/configmaps/big');
    assert.equal(after.status, 404);
  });

  it('applies to patches too', async () => {
    const r = await srv.request('PATCH', '/api/v1/namespaces/default/configmaps/small', {
      raw: JSON.stringify({ data: { b: 'y'.repeat(4000) } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(r.status, 413);
  });
});
