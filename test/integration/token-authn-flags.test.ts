// The --oidc-* flags and the --authentication-token-webhook-* flags end to end: the
// skiff command with kube-apiserver's flag names, a real OIDC issuer and a real
// TokenReview webhook on loopback, kubectl 1.34 with --token; and the start-up errors
// kube-apiserver exits with (pkg/kubeapiserver/options/authentication.go).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCertificateAuthority, issueCertificate } from '../../src/cli/pki.js';
import { kubectl } from '../support/kubectl.js';
import { TestOidcIssuer } from '../support/oidc-issuer.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const mainJs = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

describe('--oidc-* and webhook token flags', () => {
  let issuer: TestOidcIssuer;
  let hook: Server;
  let srv: TestServer;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-token-flags-'));
    issuer = await TestOidcIssuer.start();
    writeFileSync(join(dir, 'oidc-ca.pem'), issuer.ca.certPem);
    const ca = await createCertificateAuthority({ commonName: 'hook-ca' });
    const serving = await issueCertificate(ca, { commonName: 'hook', usages: ['serverAuth'], ipAddresses: ['127.0.0.1'] });
    hook = createServer({ key: serving.keyPem, cert: serving.certPem }, (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const review = JSON.parse(body) as { apiVersion: string; spec: { token: string } };
        const ok = review.spec.token === 'webhook-secret';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'TokenReview', status: ok ? { authenticated: true, user: { username: 'hooked', groups: ['hook-group'] } } : { authenticated: false } }));
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    writeFileSync(join(dir, 'hook-ca.pem'), ca.certPem);
    writeFileSync(
      join(dir, 'hook.kubeconfig'),
      `apiVersion: v1\nkind: Config\nclusters:\n- name: h\n  cluster:\n    server: https://127.0.0.1:${(hook.address() as AddressInfo).port}/review\n    certificate-authority: hook-ca.pem\nusers:\n- name: u\n  user: {}\ncontexts:\n- name: c\n  context: {cluster: h, user: u}\ncurrent-context: c\n`,
    );
    srv = await startTestServer({
      oidc: { issuerUrl: issuer.url, clientId: 'kubectl', caFile: join(dir, 'oidc-ca.pem'), usernameClaim: 'sub', groupsClaim: 'groups', groupsPrefix: 'oidc:', requiredClaims: { hd: 'example.com' } },
      authenticationTokenWebhook: { configFile: join(dir, 'hook.kubeconfig'), version: 'v1', cacheTtlMs: 60_000 },
      jwtTuning: { initRetryMs: 50 },
    });
  });
  after(async () => {
    await srv?.close();
    await issuer?.close();
    hook?.closeAllConnections();
    await new Promise((r) => hook?.close(r));
  });

  const whoami = async (token: string) => {
    const kc = join(dir, `kc-${Math.random().toString(36).slice(2)}`);
    writeFileSync(
      kc,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 's', cluster: { server: srv.url, 'certificate-authority-data': Buffer.from(srv.caPem).toString('base64') } }],
        users: [{ name: 'u', user: { token } }],
        contexts: [{ name: 'c', context: { cluster: 's', user: 'u' } }],
        'current-context': 'c',
      }),
    );
    return kubectl(kc, ['auth', 'whoami', '-o', 'json']);
  };

  it('an OIDC token from the flags: issuer-prefixed username, prefixed groups, required claims', async () => {
    const token = await issuer.sign({ sub: 'alice', aud: 'kubectl', groups: ['admins'], hd: 'example.com' });
    await eventually(async () => (await srv.request('GET', '/api', { auth: false, headers: { authorization: `Bearer ${token}` } })).status === 200, 30_000, 'issuer discovery');
    const r = await whoami(token);
    assert.equal(r.code, 0, r.stderr);
    const info = JSON.parse(r.stdout).status.userInfo;
    assert.equal(info.username, `${issuer.url}#alice`);
    assert.deepEqual(info.groups, ['oidc:admins', 'system:authenticated']);
    const wrongDomain = await issuer.sign({ sub: 'alice', aud: 'kubectl', hd: 'evil.com' });
    assert.equal((await srv.request('GET', '/api', { auth: false, headers: { authorization: `Bearer ${wrongDomain}` } })).status, 401);
  });

  it('a webhook token: the TokenReview answer is the user; unknown tokens are 401', async () => {
    const r = await whoami('webhook-secret');
    assert.equal(r.code, 0, r.stderr);
    const info = JSON.parse(r.stdout).status.userInfo;
    assert.equal(info.username, 'hooked');
    assert.deepEqual(info.groups, ['hook-group', 'system:authenticated']);
    const bad = await srv.request('GET', '/api', { auth: false, headers: { authorization: 'Bearer nope' } });
    assert.equal(bad.status, 401);
  });

  it('startServer rejects an invalid configuration with the same error', async () => {
    await assert.rejects(startTestServer({ oidc: { issuerUrl: 'https://a?x=1', clientId: 'c' } }), {
      message: 'invalid authentication configuration: jwt[0].issuer.url: Invalid value: "https://a?x=1": URL must not contain a query',
    });
  });

  it('start-up errors exit the server with kube-apiserver\'s messages', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [mainJs, '--data-dir', join(dir, 'data'), '--secure-port=46443', '--bind-address=127.0.0.1', ...args], { encoding: 'utf8', timeout: 30_000 });
    const both = run('--authentication-config=/nonexistent', '--oidc-issuer-url=https://x', '--oidc-client-id=y');
    assert.equal(both.status, 2);
    assert.match(both.stderr, /Error: authentication-config file and oidc-\* flags are mutually exclusive/);

    const half = run('--oidc-client-id=y');
    assert.equal(half.status, 2);
    assert.match(half.stderr, /Error: oidc-issuer-url and oidc-client-id must be specified together when any oidc-\* flags are set/);

    const httpIssuer = run('--oidc-issuer-url=http://insecure', '--oidc-client-id=y');
    assert.equal(httpIssuer.status, 1);
    assert.match(httpIssuer.stderr, /Error: invalid authentication configuration: jwt\[0\]\.issuer\.url: Invalid value: "http:\/\/insecure": URL scheme must be https/);

    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\njwt:\n- issuer: {url: "https://a", audiences: [x]}\n  claimMappings: {username: {claim: sub, prefix: ""}}\n- issuer: {url: "https://a", audiences: [x]}\n  claimMappings: {username: {claim: sub, prefix: ""}}\n');
    const dup = run(`--authentication-config=${bad}`);
    assert.equal(dup.status, 1);
    assert.match(dup.stderr, /Error: invalid authentication configuration: jwt\[1\]\.issuer\.url: Duplicate value: "https:\/\/a"/);

    const anon = join(dir, 'anon.yaml');
    writeFileSync(anon, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\nanonymous: {enabled: true}\n');
    const conflict = run(`--authentication-config=${anon}`, '--anonymous-auth=false');
    assert.equal(conflict.status, 1);
    assert.match(conflict.stderr, /Error: anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file/);

    const missing = run('--authentication-config=/nonexistent/authn.yaml');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /Error: failed to load authentication configuration from file "\/nonexistent\/authn.yaml": open \/nonexistent\/authn.yaml: no such file or directory/);

    const badVersion = run(`--authentication-token-webhook-config-file=${join(dir, 'hook.kubeconfig')}`, '--authentication-token-webhook-version=v2');
    assert.equal(badVersion.status, 1);
    assert.match(badVersion.stderr, /unsupported authentication webhook version "v2", supported versions are "v1", "v1beta1"/);
  });
});
