// Bootstrap tokens (--enable-bootstrap-token-auth; plugin/pkg/auth/authenticator/token/bootstrap/bootstrap.go)
// with the tokencleaner and bootstrapsigner controllers enabled as upstream does
// (--controllers=*,tokencleaner,bootstrapsigner; pkg/controller/bootstrap).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compactVerify } from 'jose';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

// These tests are about who a credential authenticates as; AlwaysAllow keeps RBAC out of them.
const AUTHENTICATION_ONLY = ['AlwaysAllow'];
import { rawRequest, tokenKubeconfig, UNAUTHORIZED_BODY, whoami } from '../support/auth.js';

function base64Values(m: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
}

function bootstrapSecret(id: string, secret: string, extra: Record<string, string> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `bootstrap-token-${id}`, namespace: 'kube-system' },
    type: 'bootstrap.kubernetes.io/token',
    data: base64Values({ 'token-id': id, 'token-secret': secret, 'usage-bootstrap-authentication': 'true', ...extra }),
  };
}

describe('bootstrap tokens', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ authorizationMode: AUTHENTICATION_ONLY, enableBootstrapTokenAuth: true, controllers: ['*', 'tokencleaner', 'bootstrapsigner'], tokenSuccessCacheTtlMs: 0 });
  });
  after(async () => {
    await srv?.close();
  });
  const create = async (body: object) => assert.equal((await srv.request('POST', '/api/v1/namespaces/kube-system/secrets', { body })).status, 201);
  const status = async (token: string) => {
    const r = await rawRequest(srv, { path: '/api/v1/namespaces/default/configmaps', headers: { authorization: `Bearer ${token}` } });
    if (r.status === 401) assert.deepEqual(r.json(), UNAUTHORIZED_BODY);
    return r.status;
  };

  it('authenticates system:bootstrap:<id> with system:bootstrappers and the extra groups', async () => {
    await create(bootstrapSecret('abcdef', '0123456789abcdef', { 'auth-extra-groups': 'system:bootstrappers:kubeadm:default-node-token,system:bootstrappers:worker' }));
    const who = await whoami(tokenKubeconfig(srv, 'abcdef.0123456789abcdef'));
    assert.equal(who.code, 0, who.stderr);
    assert.deepEqual(who.user, {
      username: 'system:bootstrap:abcdef',
      groups: ['system:bootstrappers', 'system:bootstrappers:kubeadm:default-node-token', 'system:bootstrappers:worker', 'system:authenticated'],
    });
    assert.equal(await status('abcdef.0123456789abcdef'), 200);
  });

  it('rejects wrong secrets, bad groups, unmarked tokens, other types and expired tokens', async () => {
    await create(bootstrapSecret('badgrp', '0123456789abcdef', { 'auth-extra-groups': 'system:masters' }));
    await create(bootstrapSecret('nouse0', '0123456789abcdef', { 'usage-bootstrap-authentication': 'false' }));
    await create({ ...bootstrapSecret('opaque', '0123456789abcdef'), type: 'Opaque' });
    await create(bootstrapSecret('past00', '0123456789abcdef', { expiration: '2020-01-01T00:00:00Z' }));
    await create(bootstrapSecret('badexp', '0123456789abcdef', { expiration: 'tomorrow' }));
    for (const token of ['abcdef.0123456789abcdee', 'badgrp.0123456789abcdef', 'nouse0.0123456789abcdef', 'opaque.0123456789abcdef', 'past00.0123456789abcdef', 'badexp.0123456789abcdef', 'ABCDEF.0123456789abcdef', 'zzzzzz.0123456789abcdef']) {
      assert.equal(await status(token), 401, token);
    }
  });

  it('stops accepting a token when it expires, and the tokencleaner deletes it', async () => {
    const expiration = new Date(Date.now() + 3000).toISOString().replace(/\.\d+Z$/, 'Z');
    await create(bootstrapSecret('soon00', '0123456789abcdef', { expiration }));
    const immediately = await status('soon00.0123456789abcdef');
    assert.ok(immediately === 200 || Date.now() > Date.parse(expiration), `a live token works (got ${immediately})`);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/kube-system/secrets/bootstrap-token-soon00')).status === 404, 15_000, 'tokencleaner');
    assert.equal(await status('soon00.0123456789abcdef'), 401);
    // An already-expired token is deleted too.
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/kube-system/secrets/bootstrap-token-past00')).status === 404, 15_000, 'tokencleaner (expired)');
  });

  it('signs kube-public/cluster-info for every signing token, and drops signatures of tokens that are gone', async () => {
    const kubeconfig = 'apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://example:6443\n  name: ""\n';
    await srv.request('POST', '/api/v1/namespaces/kube-public/configmaps', { body: { metadata: { name: 'cluster-info' }, data: { kubeconfig } } });
    await create(bootstrapSecret('sign00', 'fedcba9876543210', { 'usage-bootstrap-signing': 'true' }));
    const cm = await eventually(async () => {
      const c = (await srv.request('GET', '/api/v1/namespaces/kube-public/configmaps/cluster-info')).json();
      return c.data?.['jws-kubeconfig-sign00'] ? c : undefined;
    }, 10_000, 'bootstrapsigner');
    // Only tokens marked for signing sign.
    assert.equal(cm.data['jws-kubeconfig-abcdef'], undefined);
    const [header, , sig] = (cm.data['jws-kubeconfig-sign00'] as string).split('.');
    const jws = `${header}.${Buffer.from(kubeconfig).toString('base64url')}.${sig}`;
    const verified = await compactVerify(jws, new TextEncoder().encode('fedcba9876543210'));
    assert.equal(verified.protectedHeader.kid, 'sign00');
    assert.equal(verified.protectedHeader.alg, 'HS256');
    await srv.request('DELETE', '/api/v1/namespaces/kube-system/secrets/bootstrap-token-sign00');
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/kube-public/configmaps/cluster-info')).json().data['jws-kubeconfig-sign00'] === undefined, 10_000, 'signature removal');
  });
});

describe('bootstrap tokens disabled (the default)', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ authorizationMode: AUTHENTICATION_ONLY, tokenSuccessCacheTtlMs: 0 });
  });
  after(async () => {
    await srv?.close();
  });

  it('does not accept them and does not run tokencleaner', async () => {
    const expired = bootstrapSecret('abcdef', '0123456789abcdef', { expiration: '2020-01-01T00:00:00Z' });
    await srv.request('POST', '/api/v1/namespaces/kube-system/secrets', { body: { ...expired, metadata: { ...expired.metadata, name: 'bootstrap-token-abcdef' } } });
    const r = await rawRequest(srv, { path: '/api/v1/namespaces', headers: { authorization: 'Bearer abcdef.0123456789abcdef' } });
    assert.equal(r.status, 401);
    await srv.controllers.idle();
    assert.equal((await srv.request('GET', '/api/v1/namespaces/kube-system/secrets/bootstrap-token-abcdef')).status, 200);
  });
});
