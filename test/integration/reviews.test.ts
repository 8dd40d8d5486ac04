// Review kinds are answered, never stored: self subject review, access reviews,
// rules review and token review; kubectl auth and create token work.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('reviews', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('answers kubectl auth whoami, can-i and create token', async () => {
    const who = await kubectl(srv.kubeconfig, ['auth', 'whoami', '-o', 'json']);
    assert.equal(who.code, 0, who.stderr);
    const ssr = JSON.parse(who.stdout);
    assert.equal(ssr.kind, 'SelfSubjectReview');
    assert.equal(ssr.status.userInfo.username, 'kubernetes-admin');
    assert.ok(ssr.status.userInfo.groups.includes('system:masters'));
    const can = await kubectl(srv.kubeconfig, ['auth', 'can-i', 'delete', 'deployments', '-n', 'default']);
    assert.equal(can.code, 0, can.stderr);
    assert.equal(can.stdout.trim(), 'yes');
    assert.equal((await kubectl(srv.kubeconfig, ['create', 'sa', 'bot'])).code, 0);
    const tok = await kubectl(srv.kubeconfig, ['create', 'token', 'bot', '--duration=15m']);
    assert.equal(tok.code, 0, tok.stderr);
    assert.equal(tok.stdout.trim().split('.').length, 3);
  });

  it('answers access reviews for other users and refuses malformed ones', async () => {
    const sar = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'system:anonymous', groups: ['system:unauthenticated'], resourceAttributes: { verb: 'list', resource: 'secrets', namespace: 'default' } } },
    });
    assert.equal(sar.status, 201, sar.text);
    assert.equal(sar.json().status.allowed, false);
    const health = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { spec: { user: 'system:anonymous', groups: ['system:unauthenticated'], nonResourceAttributes: { verb: 'get', path: '/healthz' } } },
    });
    assert.equal(health.json().status.allowed, true);
    const both = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: { spec: {} } });
    assert.equal(both.status, 422);
    const lsar = await srv.request('POST', '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews', {
      body: { spec: { user: 'u', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'other' } } },
    });
    assert.equal(lsar.status, 422);
    const tr = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body: { spec: { token: 'not-a-token' } } });
    assert.equal(tr.status, 201);
    assert.equal(tr.json().status.authenticated, undefined);
    // Nothing was stored.
    const list = await srv.request('GET', '/apis/authorization.k8s.io/v1/subjectaccessreviews');
    assert.equal(list.status, 405);
  });
});
