// Impersonation (k8s.io/apiserver/pkg/endpoints/filters/impersonation.go): each part is
// authorized with verb "impersonate" through whatever authorizer is configured; denials
// are upstream's 403s; the impersonated identity is what the rest of the chain sees
// (SelfSubjectReview, kubectl auth whoami --as). Anonymous rules are tested here too.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { anonymousAllowed } from '../../src/authn/anonymous.js';
import { allowAuthenticated } from '../support/authz.js';
import { allow, noOpinion, type Attributes, type Authorizer, type RuleResolver } from '../../src/authz/types.js';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { rawRequest, tokenKubeconfig, UNAUTHORIZED_BODY, whoami } from '../support/auth.js';

/** Everything for authenticated users, except that only "impersonator" may impersonate, and only some things. */
function impersonationAuthorizer(checked: Attributes[]): Authorizer & RuleResolver {
  return {
    async authorize(a) {
      if (a.verb !== 'impersonate') return allowAuthenticated.authorize(a);
      checked.push(a);
      if (a.user.username !== 'impersonator') return noOpinion();
      const ok =
        (a.resource === 'users' && a.apiGroup === '' && a.name === 'jane') ||
        (a.resource === 'groups' && a.apiGroup === '' && a.name === 'devs') ||
        (a.resource === 'serviceaccounts' && a.apiGroup === '' && a.namespace === 'ci' && a.name === 'builder') ||
        (a.resource === 'userextras' && a.subresource === 'scopes' && a.apiGroup === 'authentication.k8s.io') ||
        (a.resource === 'uids' && a.apiGroup === 'authentication.k8s.io' && a.name === 'jane-uid');
      return ok ? allow() : noOpinion('no rule allows it');
    },
    rulesFor: (u, ns) => allowAuthenticated.rulesFor(u, ns),
  };
}

describe('impersonation', () => {
  let dir: string;
  let srv: TestServer;
  const checked: Attributes[] = [];
  let impersonator: string;
  let plain: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-imp-'));
    writeFileSync(join(dir, 'tokens.csv'), 'imp-token,impersonator,imp-uid\nplain-token,plain,plain-uid,"team"\n');
    srv = await startTestServer({ tokenAuthFile: join(dir, 'tokens.csv'), authorizer: impersonationAuthorizer(checked) });
    impersonator = tokenKubeconfig(srv, 'imp-token');
    plain = tokenKubeconfig(srv, 'plain-token');
  });
  after(async () => {
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('acts as the impersonated user, adding system:authenticated as upstream', async () => {
    const me = await whoami(impersonator);
    assert.equal(me.user.username, 'impersonator');
    const jane = await whoami(impersonator, ['--as', 'jane']);
    assert.equal(jane.code, 0, jane.stderr);
    assert.deepEqual(jane.user, { username: 'jane', groups: ['system:authenticated'] });
    const withGroup = await whoami(impersonator, ['--as', 'jane', '--as-group', 'devs', '--as-uid', 'jane-uid']);
    assert.equal(withGroup.code, 0, withGroup.stderr);
    assert.deepEqual(withGroup.user, { username: 'jane', uid: 'jane-uid', groups: ['devs', 'system:authenticated'] });
    const sa = await whoami(impersonator, ['--as', 'system:serviceaccount:ci:builder']);
    assert.equal(sa.code, 0, sa.stderr);
    assert.deepEqual(sa.user.groups, ['system:serviceaccounts', 'system:serviceaccounts:ci', 'system:authenticated']);
    const saCheck = checked.find((a) => a.resource === 'serviceaccounts')!;
    assert.deepEqual([saCheck.namespace, saCheck.name, saCheck.apiGroup], ['ci', 'builder', '']);
    const extra = await rawRequest(srv, {
      method: 'POST',
      path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
      headers: { authorization: 'Bearer imp-token', 'Impersonate-User': 'jane', 'Impersonate-Extra-Scopes': ['view', 'edit'] },
    });
    assert.equal(extra.status, 201, extra.text);
    assert.deepEqual(extra.json().status.userInfo, { username: 'jane', groups: ['system:authenticated'], extra: { scopes: ['view', 'edit'] } });
  });

  it('answers upstream\'s 403 for each part that is not allowed', async () => {
    const get = (who: string, headers: Record<string, string | string[]>) => rawRequest(srv, { path: '/api/v1/namespaces', headers: { authorization: `Bearer ${who}`, ...headers } });
    const user = await get('plain-token', { 'Impersonate-User': 'jane' });
    assert.equal(user.status, 403);
    assert.deepEqual(user.json(), {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'users "jane" is forbidden: User "plain" cannot impersonate resource "users" in API group "" at the cluster scope',
      reason: 'Forbidden',
      details: { name: 'jane', kind: 'users' },
      code: 403,
    });
    const group = await get('imp-token', { 'Impersonate-User': 'jane', 'Impersonate-Group': 'system:masters' });
    assert.equal(group.json().message, 'groups "system:masters" is forbidden: User "impersonator" cannot impersonate resource "groups" in API group "" at the cluster scope: no rule allows it');
    const sa = await get('imp-token', { 'Impersonate-User': 'system:serviceaccount:kube-system:admin' });
    assert.equal(sa.json().message, 'serviceaccounts "admin" is forbidden: User "impersonator" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system": no rule allows it');
    const uid = await get('imp-token', { 'Impersonate-User': 'jane', 'Impersonate-Uid': 'root' });
    assert.equal(uid.json().message, 'uids.authentication.k8s.io "root" is forbidden: User "impersonator" cannot impersonate resource "uids" in API group "authentication.k8s.io" at the cluster scope: no rule allows it');
    const extra = await get('imp-token', { 'Impersonate-User': 'jane', 'Impersonate-Extra-Other': 'x' });
    assert.equal(extra.json().message, 'userextras.authentication.k8s.io "x" is forbidden: User "impersonator" cannot impersonate resource "userextras/other" in API group "authentication.k8s.io" at the cluster scope: no rule allows it');
    const kubectlDenied = await kubectl(plain, ['get', 'namespaces', '--as', 'jane']);
    assert.notEqual(kubectlDenied.code, 0);
    // kubectl's discovery cannot decode errors under its aggregated-discovery Accept header ("unknown"), as against kube-apiserver.
    assert.match(kubectlDenied.stderr, /Error from server \(Forbidden\)/);
  });

  it('refuses groups, extras or a uid without a user (500, as upstream)', async () => {
    const r = await rawRequest(srv, { path: '/api/v1/namespaces', headers: { authorization: 'Bearer imp-token', 'Impersonate-Group': 'devs' } });
    assert.equal(r.status, 500);
    assert.equal(r.json().message, 'Internal error occurred: requested [{Group  devs    }] without impersonating a user');
  });
});

describe('anonymous requests', () => {
  let dir: string;
  let on: TestServer;
  let off: TestServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-anon-'));
    on = await startTestServer({ dataDir: join(dir, 'on') });
    off = await startTestServer({ dataDir: join(dir, 'off'), anonymousAuth: false });
  });
  after(async () => {
    await on?.close();
    await off?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are system:anonymous when enabled, 401 when disabled, and an invalid credential is 401 either way', async () => {
    const health = await rawRequest(on, { path: '/healthz' });
    assert.equal(health.status, 200);
    const forbidden = await rawRequest(on, { path: '/api/v1/namespaces' });
    assert.equal(forbidden.status, 403);
    assert.match(forbidden.json().message, /User "system:anonymous" cannot list resource "namespaces"/);
    const offHealth = await rawRequest(off, { path: '/healthz' });
    assert.equal(offHealth.status, 401);
    assert.deepEqual(offHealth.json(), UNAUTHORIZED_BODY);
    for (const srv of [on, off]) {
      const bad = await rawRequest(srv, { path: '/healthz', headers: { authorization: 'Bearer not-a-token' } });
      assert.equal(bad.status, 401);
      assert.deepEqual(bad.json(), UNAUTHORIZED_BODY);
    }
  });

  it('follow upstream\'s rules for AlwaysAllow and the authentication configuration file', () => {
    assert.deepEqual(anonymousAllowed(true), { allowed: true });
    assert.deepEqual(anonymousAllowed(false), { allowed: false });
    assert.deepEqual(anonymousAllowed(true, ['Node', 'RBAC']), { allowed: true });
    const stomped = anonymousAllowed(true, ['AlwaysAllow']);
    assert.equal(stomped.allowed, false);
    assert.match(stomped.warning!, /AnonymousAuth is not allowed with the AlwaysAllow authorizer/);
  });
});
