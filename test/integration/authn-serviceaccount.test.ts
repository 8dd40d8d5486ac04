// Service-account tokens end to end: tokens from `kubectl create token` authenticate
// (kubectl --token, auth whoami, raw HTTPS), bound tokens stop working when the bound
// object or the account goes away or is re-created (pkg/serviceaccount/claims.go),
// legacy Secret tokens filled by the tokens controller work while their Secret exists
// (legacy.go, pkg/controller/serviceaccount/tokens_controller.go), and TokenReview
// checks audiences (pkg/registry/authentication/tokenreview/storage.go).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

// These tests are about who a credential authenticates as; AlwaysAllow keeps RBAC out of them.
const AUTHENTICATION_ONLY = ['AlwaysAllow'];
import { rawRequest, tokenKubeconfig, UNAUTHORIZED_BODY, whoami } from '../support/auth.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('service-account token authentication', () => {
  let srv: TestServer;
  before(async () => {
    // The 10s success cache is upstream's; off here so invalidation shows at once.
    srv = await startTestServer({ authorizationMode: AUTHENTICATION_ONLY, tokenSuccessCacheTtlMs: 0 });
    for (const sa of ['bot', 'gone', 'legacy']) assert.equal((await kubectl(srv.kubeconfig, ['create', 'sa', sa])).code, 0);
  });
  after(async () => {
    await srv?.close();
  });

  const createToken = async (args: string[]): Promise<string> => {
    const r = await kubectl(srv.kubeconfig, ['create', 'token', ...args]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout.trim();
  };
  const status = async (token: string) => (await rawRequest(srv, { path: '/api/v1/namespaces/default/configmaps', headers: bearer(token) })).status;

  it('authenticates a token from kubectl create token as the service account', async () => {
    const token = await createToken(['bot']);
    const who = await whoami(tokenKubeconfig(srv, token));
    assert.equal(who.code, 0, who.stderr);
    assert.equal(who.user.username, 'system:serviceaccount:default:bot');
    const sa = (await srv.request('GET', '/api/v1/namespaces/default/serviceaccounts/bot')).json();
    assert.equal(who.user.uid, sa.metadata.uid);
    assert.deepEqual(who.user.groups, ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    assert.deepEqual(who.user.extra, { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] });
    // kubectl --token, and the token works for ordinary requests.
    const get = await kubectl(tokenKubeconfig(srv), ['--token', token, 'get', 'serviceaccounts', '-o', 'name']);
    assert.equal(get.code, 0, get.stderr);
    assert.match(get.stdout, /serviceaccount\/bot/);
  });

  it('answers 401 with upstream body for every malformed or forged token', async () => {
    const good = await createToken(['bot']);
    const [h, p, s] = good.split('.') as [string, string, string];
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'system:serviceaccount:kube-system:admin' })).toString('base64url')}.${s}`;
    for (const token of ['garbage', `${h}.${p}.`, tampered, `${h}.${p}.${s.slice(0, -4)}AAAA`]) {
      const r = await rawRequest(srv, { path: '/api/v1/namespaces', headers: bearer(token) });
      assert.equal(r.status, 401, token);
      assert.deepEqual(r.json(), UNAUTHORIZED_BODY);
    }
    const who = await whoami(tokenKubeconfig(srv, 'garbage'));
    assert.notEqual(who.code, 0);
    assert.match(who.stderr, /Unauthorized|must be logged in/);
  });

  it('invalidates a pod-bound token when the pod is deleted', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1' }, spec: { serviceAccountName: 'bot', containers: [{ name: 'c', image: 'nginx' }] } };
    const created = await srv.request('POST', '/api/v1/namespaces/default/pods', { body: pod });
    assert.equal(created.status, 201, created.text);
    const token = await createToken(['bot', '--bound-object-kind', 'Pod', '--bound-object-name', 'p1']);
    const who = await whoami(tokenKubeconfig(srv, token));
    assert.equal(who.code, 0, who.stderr);
    assert.deepEqual(who.user.extra['authentication.kubernetes.io/pod-name'], ['p1']);
    assert.deepEqual(who.user.extra['authentication.kubernetes.io/pod-uid'], [created.json().metadata.uid]);
    // A pod running as another account cannot be bound (token.go).
    const other = await kubectl(srv.kubeconfig, ['create', 'token', 'gone', '--bound-object-kind', 'Pod', '--bound-object-name', 'p1']);
    assert.notEqual(other.code, 0);
    assert.match(other.stderr, /cannot bind token for serviceaccount "gone" to pod running with different serviceaccount name\./);
    assert.equal((await srv.request('DELETE', '/api/v1/namespaces/default/pods/p1?gracePeriodSeconds=0')).status, 200);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/default/pods/p1')).status === 404, 10_000, 'pod deletion');
    assert.equal(await status(token), 401);
  });

  it('invalidates tokens when the account is re-created, and secret- and node-bound tokens with their object', async () => {
    const plain = await createToken(['gone']);
    assert.equal(await status(plain), 200);
    await srv.request('POST', '/api/v1/namespaces/default/secrets', { body: { metadata: { name: 's1' }, stringData: { a: 'b' } } });
    const secretBound = await createToken(['gone', '--bound-object-kind', 'Secret', '--bound-object-name', 's1']);
    await srv.request('POST', '/api/v1/nodes', { body: { metadata: { name: 'n1' } } });
    const nodeBound = await createToken(['gone', '--bound-object-kind', 'Node', '--bound-object-name', 'n1']);
    const nodeWho = await whoami(tokenKubeconfig(srv, nodeBound));
    assert.deepEqual(nodeWho.user.extra['authentication.kubernetes.io/node-name'], ['n1']);
    assert.equal(await status(secretBound), 200);
    await srv.request('DELETE', '/api/v1/namespaces/default/secrets/s1');
    assert.equal(await status(secretBound), 401);
    await srv.request('DELETE', '/api/v1/nodes/n1');
    assert.equal(await status(nodeBound), 401);
    assert.equal(await status(plain), 200);
    assert.equal((await kubectl(srv.kubeconfig, ['delete', 'sa', 'gone'])).code, 0);
    assert.equal(await status(plain), 401);
    assert.equal((await kubectl(srv.kubeconfig, ['create', 'sa', 'gone'])).code, 0);
    assert.equal(await status(plain), 401, 'a re-created account has a new uid');
  });

  it('fills legacy token Secrets and accepts their tokens while the Secret exists', async () => {
    const secret = { metadata: { name: 'legacy-token', annotations: { 'kubernetes.io/service-account.name': 'legacy' } }, type: 'kubernetes.io/service-account-token' };
    assert.equal((await srv.request('POST', '/api/v1/namespaces/default/secrets', { body: secret })).status, 201);
    const filled = await eventually(async () => {
      const s = (await srv.request('GET', '/api/v1/namespaces/default/secrets/legacy-token')).json();
      return s.data?.token ? s : undefined;
    }, 10_000, 'the tokens controller');
    assert.equal(Buffer.from(filled.data.namespace, 'base64').toString(), 'default');
    assert.equal(Buffer.from(filled.data['ca.crt'], 'base64').toString(), srv.caPem);
    const sa = (await srv.request('GET', '/api/v1/namespaces/default/serviceaccounts/legacy')).json();
    assert.equal(filled.metadata.annotations['kubernetes.io/service-account.uid'], sa.metadata.uid);
    const token = Buffer.from(filled.data.token, 'base64').toString();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    assert.equal(claims.iss, 'kubernetes/serviceaccount');
    assert.equal(claims['kubernetes.io/serviceaccount/secret.name'], 'legacy-token');
    const who = await whoami(tokenKubeconfig(srv, token));
    assert.equal(who.code, 0, who.stderr);
    assert.equal(who.user.username, 'system:serviceaccount:default:legacy');
    assert.equal(who.user.uid, sa.metadata.uid);
    await srv.request('DELETE', '/api/v1/namespaces/default/secrets/legacy-token');
    assert.equal(await status(token), 401);
    // Deleting the account deletes its token Secrets.
    await srv.request('POST', '/api/v1/namespaces/default/secrets', { body: { ...secret, metadata: { ...secret.metadata, name: 'legacy-2' } } });
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/default/secrets/legacy-2')).json().data?.token, 10_000, 'filled');
    await srv.request('DELETE', '/api/v1/namespaces/default/serviceaccounts/legacy');
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/default/secrets/legacy-2')).status === 404, 10_000, 'token secret deletion');
  });

  it('checks audiences: the API audience for requests, the requested ones in TokenReview', async () => {
    const foreign = await createToken(['bot', '--audience', 'vault']);
    assert.equal(await status(foreign), 401);
    const review = async (spec: object) => {
      const r = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec } });
      assert.equal(r.status, 201, r.text);
      return r.json().status;
    };
    const forVault = await review({ token: foreign, audiences: ['vault', 'other'] });
    assert.equal(forVault.authenticated, true);
    assert.deepEqual(forVault.audiences, ['vault']);
    assert.equal(forVault.user.username, 'system:serviceaccount:default:bot');
    const forApi = await review({ token: foreign });
    assert.equal(forApi.authenticated, undefined);
    assert.match(forApi.error, /token audiences \["vault"\] is invalid for the target audiences \["https:\/\/kubernetes.default.svc.cluster.local"\]/);
    const apiToken = await createToken(['bot']);
    const ok = await review({ token: apiToken });
    assert.deepEqual(ok.audiences, ['https://kubernetes.default.svc.cluster.local']);
    const empty = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body: { spec: { token: '' } } });
    assert.equal(empty.status, 400);
    assert.equal(empty.json().message, 'token is required for TokenReview in authentication');
  });
});

describe('service-account token flags', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({
      serviceAccountIssuers: ['https://issuer.example', 'https://old-issuer.example'],
      apiAudiences: ['api', 'https://issuer.example'],
      serviceAccountMaxTokenExpirationMs: 2 * 3600_000,
      tokenSuccessCacheTtlMs: 0,
    });
    assert.equal((await kubectl(srv.kubeconfig, ['create', 'sa', 'bot'])).code, 0);
  });
  after(async () => {
    await srv?.close();
  });

  it('issues with the first issuer, caps the expiration with a warning, and defaults audiences to --api-audiences', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/bot/token', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 86400 } } });
    assert.equal(r.status, 201, r.text);
    assert.match(String(r.headers.warning), /requested expiration of 86400 seconds shortened to 7200 seconds/);
    const tr = r.json();
    assert.equal(tr.spec.expirationSeconds, 7200);
    assert.deepEqual(tr.spec.audiences, ['api', 'https://issuer.example']);
    const claims = JSON.parse(Buffer.from(tr.status.token.split('.')[1], 'base64url').toString());
    assert.equal(claims.iss, 'https://issuer.example');
    assert.equal(claims.exp - claims.iat, 7200);
    const who = await whoami(tokenKubeconfig(srv, tr.status.token));
    assert.equal(who.code, 0, who.stderr);
  });

  it('rejects bound-object kinds it cannot bind and stale uids as upstream', async () => {
    const bad = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/bot/token', {
      body: { spec: { boundObjectRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' } } },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json().message, 'cannot bind token to object of type apps/v1, Kind=Deployment');
    await srv.request('POST', '/api/v1/namespaces/default/secrets', { body: { metadata: { name: 's' } } });
    const stale = await srv.request('POST', '/api/v1/namespaces/default/serviceaccounts/bot/token', {
      body: { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 's', uid: 'not-the-uid' } } },
    });
    assert.equal(stale.status, 409);
    assert.equal(stale.json().message, 'Operation cannot be fulfilled on Secret "s": the UID in the bound object reference (not-the-uid) does not match the UID in record. The object might have been deleted and then recreated');
  });
});
