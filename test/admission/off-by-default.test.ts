// The off-by-default simple plugins, enabled with --enable-admission-plugins: AlwaysAdmit,
// AlwaysDeny (upstream plugin/pkg/admission/admit, deny) and DenyServiceExternalIPs
// (plugin/pkg/admission/network/denyserviceexternalips).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';

const SVCS = '/api/v1/namespaces/default/services';
const svc = (name: string, externalIPs?: string[]) => ({ metadata: { name }, spec: { ports: [{ port: 80 }], ...(externalIPs ? { externalIPs } : {}) } });

describe('DenyServiceExternalIPs and AlwaysAdmit', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ enableAdmissionPlugins: ['DenyServiceExternalIPs', 'AlwaysAdmit'], controllers: [] });
  });
  after(() => srv.close());

  it('a new service with external IPs is 403; without them it is created', async () => {
    const r = await srv.request('POST', SVCS, { body: svc('ext', ['192.0.2.10']) });
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'services "ext" is forbidden: use of external IPs is denied by admission control');
    assert.equal((await srv.request('POST', SVCS, { body: svc('plain') })).status, 201);
  });

  it('an update may not add external IPs', async () => {
    const cur = (await srv.request('GET', `${SVCS}/plain`)).json();
    const r = await srv.request('PUT', `${SVCS}/plain`, { body: { ...cur, spec: { ...cur.spec, externalIPs: ['192.0.2.11'] } } });
    assert.equal(r.status, 403);
  });
});

describe('AlwaysDeny', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ enableAdmissionPlugins: ['AlwaysDeny'], controllers: [] });
  });
  after(() => srv.close());

  it('refuses every write with upstream message, reads still work', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'x' } } });
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps "x" is forbidden: admission control is denying all modifications');
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/configmaps')).status, 200);
  });
});
