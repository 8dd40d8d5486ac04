// Webhook token authentication against a real TokenReview webhook on loopback with
// its own CA that requires a client certificate (as configured by a kubeconfig file).
// Behaviour follows k8s.io/apiserver/plugin/pkg/authenticator/token/webhook/webhook.go.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStatusError } from '../../src/apimachinery/errors.js';
import { buildAuthenticator, failureReason } from '../../src/authn/index.js';
import { WebhookTokenAuthenticator, type WebhookTokenOptions } from '../../src/authn/webhook.js';
import { loadWebhookKubeconfig } from '../../src/util/webhook-kubeconfig.js';
import { createCertificateAuthority, issueCertificate } from '../../src/cli/pki.js';

interface Seen {
  apiVersion: string;
  kind: string;
  spec: { token: string; audiences?: string[] };
  clientCN?: string;
}

type Reply = { status?: number; body?: unknown; raw?: string; hang?: boolean };

describe('webhook token authenticator', () => {
  let server: Server;
  let dir: string;
  let kubeconfig: string;
  const seen: Seen[] = [];
  let reply: (review: Seen) => Reply = () => ({ body: {} });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-webhook-'));
    const ca = await createCertificateAuthority({ commonName: 'webhook-ca' });
    const serving = await issueCertificate(ca, { commonName: 'webhook', usages: ['serverAuth'], ipAddresses: ['127.0.0.1'] });
    const client = await issueCertificate(ca, { commonName: 'kube-apiserver', usages: ['clientAuth'] });
    server = createServer({ key: serving.keyPem, cert: serving.certPem, ca: ca.certPem, requestCert: true, rejectUnauthorized: true }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const review = JSON.parse(Buffer.concat(chunks).toString()) as Seen;
        review.clientCN = (req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN as string;
        seen.push(review);
        const r = reply(review);
        if (r.hang) return;
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
        res.end(r.raw ?? JSON.stringify(r.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    writeFileSync(join(dir, 'ca.pem'), ca.certPem);
    kubeconfig = join(dir, 'webhook.kubeconfig');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '- name: hook',
        '  cluster:',
        `    server: https://127.0.0.1:${(server.address() as AddressInfo).port}/authenticate`,
        '    certificate-authority: ca.pem',
        'users:',
        '- name: apiserver',
        '  user:',
        `    client-certificate-data: ${Buffer.from(client.certPem).toString('base64')}`,
        `    client-key-data: ${Buffer.from(client.keyPem).toString('base64')}`,
        'contexts:',
        '- name: webhook',
        '  context: {cluster: hook, user: apiserver}',
        'current-context: webhook',
      ].join('\n'),
    );
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const make = (o: Partial<WebhookTokenOptions> = {}) =>
    new WebhookTokenAuthenticator({ connection: loadWebhookKubeconfig(kubeconfig), retryBackoff: { initialMs: 1, factor: 1, jitter: 0, steps: 2 }, ...o });

  const statusFor = (version: string, status: unknown): Reply => ({ body: { apiVersion: `authentication.k8s.io/${version}`, kind: 'TokenReview', status } });

  test('v1 and v1beta1: the review carries the token, the answer gives the user', async () => {
    for (const version of ['v1', 'v1beta1']) {
      reply = (r) =>
        r.spec.token === 'good'
          ? statusFor(version, { authenticated: true, user: { username: 'jane', uid: '7', groups: ['dev'], extra: { 'example.org/x': ['y'] } } })
          : statusFor(version, { authenticated: false });
      const a = make({ version });
      assert.deepEqual(await a.authenticateToken('good'), { username: 'jane', uid: '7', groups: ['dev'], extra: { 'example.org/x': ['y'] } });
      const last = seen[seen.length - 1]!;
      assert.equal(last.apiVersion, `authentication.k8s.io/${version}`);
      assert.equal(last.kind, 'TokenReview');
      assert.equal(last.clientCN, 'kube-apiserver', 'the kubeconfig client certificate is presented');
      assert.equal(await a.authenticateToken('bad'), null);
    }
  });

  test('the default version is v1beta1 as upstream; others are refused at start', () => {
    reply = (r) => statusFor('v1beta1', { authenticated: r.spec.token === 'x' });
    assert.throws(() => make({ version: 'v2' }), { message: 'unsupported authentication webhook version "v2", supported versions are "v1", "v1beta1"' });
  });

  test('errors, timeouts, 5xx and garbage reject the token (401 through the chain, never 500)', async () => {
    const cases: [string, Reply, RegExp][] = [
      ['status.error', statusFor('v1', { authenticated: false, error: 'token revoked' }), /token revoked/],
      ['500', { status: 500, raw: 'boom' }, /status code 500/],
      ['garbage', { raw: '{not json' }, /couldn't decode/],
      ['wrong types', statusFor('v1', { authenticated: 'yes' }), /wrong type/],
      ['wrong version', statusFor('v1beta1', { authenticated: true, user: { username: 'x' } }), /expected authentication.k8s.io\/v1/],
      ['timeout', { hang: true }, /deadline exceeded|timeout/i],
    ];
    for (const [name, r, reason] of cases) {
      reply = () => r;
      const chain = buildAuthenticator({ anonymous: true, tokenAuthenticators: [make({ version: 'v1', timeoutMs: r.hang ? 300 : 20_000, cacheTtlMs: 0 })] });
      await assert.rejects(chain.authenticate({ headers: { authorization: 'Bearer t' } }), (e: unknown) => {
        assert.ok(isStatusError(e), name);
        assert.equal(e.code, 401, name);
        assert.equal(e.status.message, 'Unauthorized', name);
        assert.match(failureReason(e), reason, name);
        return true;
      });
    }
  });

  test('an unreachable webhook is a 401 too', async () => {
    const a = new WebhookTokenAuthenticator({ connection: { server: 'https://127.0.0.1:1/x' }, version: 'v1', retryBackoff: { initialMs: 1, factor: 1, jitter: 0, steps: 1 } });
    await assert.rejects(a.authenticateToken('t'), /ECONNREFUSED/);
  });

  test('results are cached for the ttl, authenticated and unauthenticated; errors are not', async () => {
    let calls = 0;
    let answer: Reply = statusFor('v1', { authenticated: true, user: { username: 'cached' } });
    reply = () => {
      calls++;
      return answer;
    };
    const a = make({ version: 'v1', cacheTtlMs: 60_000 });
    assert.equal((await a.authenticateToken('tok'))?.username, 'cached');
    answer = statusFor('v1', { authenticated: false });
    assert.equal((await a.authenticateToken('tok'))?.username, 'cached', 'served from cache');
    assert.equal(calls, 1);
    assert.equal(await a.authenticateToken('other'), null);
    assert.equal(await a.authenticateToken('other'), null);
    assert.equal(calls, 2, 'unauthenticated answers are cached too');
    answer = statusFor('v1', { authenticated: false, error: 'flaky' });
    await assert.rejects(a.authenticateToken('third'));
    await assert.rejects(a.authenticateToken('third'));
    assert.equal(calls, 4, 'errors are not cached');

    const noCache = make({ version: 'v1', cacheTtlMs: 0 });
    answer = statusFor('v1', { authenticated: true, user: { username: 'u' } });
    await noCache.authenticateToken('z');
    await noCache.authenticateToken('z');
    assert.equal(calls, 6);
  });

  test('audiences: asked for in the review, and the answer must grant one of them', async () => {
    reply = (r) => {
      const granted = r.spec.token === 'other-aud' ? ['elsewhere'] : r.spec.token === 'implicit' ? undefined : ['api'];
      return statusFor('v1', { authenticated: true, user: { username: 'aud-user' }, audiences: granted });
    };
    const a = make({ version: 'v1', apiAudiences: ['api', 'api2'], cacheTtlMs: 0 });
    assert.equal((await a.authenticateToken('ok'))?.username, 'aud-user');
    assert.deepEqual(seen[seen.length - 1]!.spec.audiences, ['api', 'api2']);
    assert.equal(await a.authenticateToken('other-aud'), null);
    assert.equal((await a.authenticateToken('implicit'))?.username, 'aud-user', 'no audiences in the answer: valid for the API');
  });

  test('retries on 429 with backoff, then gives up', async () => {
    let calls = 0;
    reply = () => {
      calls++;
      return { status: 429, raw: '{}' };
    };
    const a = make({ version: 'v1', cacheTtlMs: 0, retryBackoff: { initialMs: 1, factor: 1, jitter: 0, steps: 3 } });
    await assert.rejects(a.authenticateToken('t'), /too many requests/);
    assert.equal(calls, 3);
  });
});
