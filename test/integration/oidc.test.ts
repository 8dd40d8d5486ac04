// --authentication-config end to end: a real OIDC issuer on loopback, skiff with the
// file, kubectl 1.34 with --token and with exec credential plugins (v1 and v1beta1,
// provideClusterInfo, expiring credentials), anonymous conditions, automatic reload
// with its metrics, and a seeded fuzz of malformed JWTs (0 accepted, every answer 401).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { createHash, createPublicKey } from 'node:crypto';
import { eventually, startTestServer, type TestServer } from '../support/server.js';
import { kubectl } from '../support/kubectl.js';
import { TestOidcIssuer } from '../support/oidc-issuer.js';

/** Replaces the file in one step, so the poller never reads half a file. */
function replaceFile(path: string, content: string): void {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

const UNAUTHORIZED = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };

function configYaml(issuers: TestOidcIssuer[], opts: { badUrl?: boolean } = {}): string {
  const jwt = issuers.map((iss) => ({
    issuer: { url: opts.badUrl ? iss.url.replace('https:', 'http:') : iss.url, audiences: ['skiff', 'other'], audienceMatchPolicy: 'MatchAny', certificateAuthority: iss.ca.certPem },
    claimMappings: { username: { claim: 'sub', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: '' } },
    claimValidationRules: [{ expression: "claims.?blocked.orValue(false) == false", message: 'blocked' }],
  }));
  return JSON.stringify({
    apiVersion: 'apiserver.config.k8s.io/v1',
    kind: 'AuthenticationConfiguration',
    jwt,
    anonymous: { enabled: true, conditions: [{ path: '/livez' }, { path: '/readyz' }, { path: '/healthz' }] },
  });
}

describe('OIDC authentication end to end', () => {
  let issuer: TestOidcIssuer;
  let issuer2: TestOidcIssuer;
  let srv: TestServer;
  let dir: string;
  let configPath: string;

  const bearer = (token: string) => ({ auth: false, headers: { authorization: `Bearer ${token}` } });

  before(async () => {
    [issuer, issuer2] = await Promise.all([TestOidcIssuer.start({ algs: ['RS256', 'ES256'] }), TestOidcIssuer.start()]);
    dir = mkdtempSync(join(tmpdir(), 'skiff-oidc-e2e-'));
    configPath = join(dir, 'authn.json');
    writeFileSync(configPath, configYaml([issuer]));
    // Authentication is under test here; AlwaysAllow keeps RBAC out of it.
    srv = await startTestServer({ authorizationMode: ['AlwaysAllow'], authenticationConfigFile: configPath, authenticationConfigReloadIntervalMs: 100, jwtTuning: { initRetryMs: 50, minKeyRefreshIntervalMs: 0 } });
    const token = await issuer.sign({ sub: 'probe', aud: 'skiff' });
    await eventually(async () => ((await srv.request('GET', '/api/v1/namespaces', bearer(token))).status === 200 ? true : undefined), 30_000, 'issuer discovery');
  });
  after(async () => {
    await srv?.close();
    await Promise.all([issuer?.close(), issuer2?.close()]);
  });

  test('a valid ID token authenticates; invalid ones get upstream\'s 401 Status', async () => {
    const ok = await srv.request('GET', '/api/v1/namespaces', bearer(await issuer.sign({ sub: 'jane', aud: 'other' }, issuer.published[1])));
    assert.equal(ok.status, 200);
    for (const token of [await issuer.sign({ sub: 'jane', aud: 'nope' }), await issuer.sign({ sub: 'jane', aud: 'skiff', blocked: true }), 'garbage']) {
      const r = await srv.request('GET', '/api/v1/namespaces', bearer(token));
      assert.equal(r.status, 401);
      assert.deepEqual(r.json(), UNAUTHORIZED);
      assert.ok(!r.text.includes('jane'));
    }
  });

  test('anonymous conditions: only the listed paths accept requests without credentials', async () => {
    assert.equal((await srv.request('GET', '/livez', { auth: false })).status, 200);
    const version = await srv.request('GET', '/version', { auth: false });
    assert.equal(version.status, 401);
    assert.deepEqual(version.json(), UNAUTHORIZED);
  });

  test('kubectl 1.34 with --token and with exec plugins (v1 and v1beta1, provideClusterInfo, expiry)', async () => {
    const token = await issuer.sign({ sub: 'kube-user', aud: 'skiff', groups: ['devs'] });
    const caData = Buffer.from(srv.caPem).toString('base64');
    const kubeconfigWith = (name: string, user: Record<string, unknown>) => {
      const path = join(dir, `${name}.kubeconfig`);
      writeFileSync(
        path,
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [{ name: 'skiff', cluster: { server: srv.url, 'certificate-authority-data': caData } }],
          users: [{ name: 'u', user }],
          contexts: [{ name: 'c', context: { cluster: 'skiff', user: 'u' } }],
          'current-context': 'c',
        }),
      );
      return path;
    };

    const plain = kubeconfigWith('token', { token });
    const who = await kubectl(plain, ['auth', 'whoami', '-o', 'json']);
    assert.equal(who.code, 0, who.stderr);
    const status = JSON.parse(who.stdout).status.userInfo;
    assert.equal(status.username, 'oidc:kube-user');
    assert.deepEqual(status.groups, ['devs', 'system:authenticated']);
    const withFlag = await kubectl(kubeconfigWith('no-user', {}), ['--token', token, 'get', 'ns', 'default', '-o', 'name']);
    assert.equal(withFlag.code, 0, withFlag.stderr);
    assert.equal(withFlag.stdout.trim(), 'namespace/default');
    const denied = await kubectl(kubeconfigWith('badtoken', { token: 'not-a-token' }), ['get', 'ns']);
    assert.notEqual(denied.code, 0);
    // What kubectl 1.34 prints for kube-apiserver's 401 too: the Status message, or client-go's text when discovery failed first.
    assert.match(denied.stderr, /error: You must be logged in to the server \((Unauthorized|the server has asked for the client to provide credentials)\)/);

    // The plugin: checks the cluster info it was given, counts its runs, prints an ExecCredential.
    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(
      plugin,
      `import { readFileSync, appendFileSync } from 'node:fs';
const info = JSON.parse(process.env.KUBERNETES_EXEC_INFO ?? '{}');
const apiVersion = process.env.PLUGIN_API_VERSION;
if (info.apiVersion !== apiVersion) { console.error('wrong input apiVersion ' + info.apiVersion); process.exit(1); }
if (process.env.EXPECT_SERVER && info.spec?.cluster?.server !== process.env.EXPECT_SERVER) { console.error('unexpected cluster ' + JSON.stringify(info.spec?.cluster?.server)); process.exit(1); }
if (process.env.EXPECT_SERVER && !info.spec.cluster['certificate-authority-data']) { console.error('no CA data'); process.exit(1); }
appendFileSync(process.env.COUNT_FILE, 'x');
const status = { token: readFileSync(process.env.TOKEN_FILE, 'utf8').trim() };
if (process.env.EXPIRE_NOW) status.expirationTimestamp = new Date(Date.now() - 1000).toISOString().replace(/\\.\\d+Z$/, 'Z');
process.stdout.write(JSON.stringify({ apiVersion, kind: 'ExecCredential', status }));
`,
    );
    const tokenFile = join(dir, 'exec-token');
    writeFileSync(tokenFile, token);
    const execUser = (name: string, version: string, env: Record<string, string>, provideClusterInfo: boolean) => {
      const countFile = join(dir, `${name}.count`);
      const exec: Record<string, unknown> = {
        apiVersion: `client.authentication.k8s.io/${version}`,
        command: process.execPath,
        args: [plugin],
        env: Object.entries({ PLUGIN_API_VERSION: `client.authentication.k8s.io/${version}`, COUNT_FILE: countFile, TOKEN_FILE: tokenFile, ...env }).map(([n, value]) => ({ name: n, value })),
        provideClusterInfo,
      };
      if (version === 'v1') exec.interactiveMode = 'Never';
      return { path: kubeconfigWith(name, { exec }), runs: () => (existsSync(countFile) ? readFileSync(countFile, 'utf8').length : 0) };
    };

    for (const version of ['v1', 'v1beta1']) {
      const e = execUser(`exec-${version}`, version, { EXPECT_SERVER: srv.url }, true);
      const r = await kubectl(e.path, ['auth', 'whoami', '-o', 'json']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).status.userInfo.username, 'oidc:kube-user');
      assert.equal(e.runs(), 1, 'a credential without expiry is fetched once per process');
    }

    const wrongCluster = execUser('exec-wrong', 'v1', { EXPECT_SERVER: 'https://elsewhere:6443' }, true);
    const failed = await kubectl(wrongCluster.path, ['get', 'ns']);
    assert.notEqual(failed.code, 0);
    assert.match(failed.stderr, /unexpected cluster/);

    const expiring = execUser('exec-expiring', 'v1', { EXPIRE_NOW: '1' }, false);
    const cacheDir = mkdtempSync(join(dir, 'cache-'));
    const multi = await kubectl(expiring.path, ['get', 'namespaces,configmaps,services', '-A', '--cache-dir', cacheDir]);
    assert.equal(multi.code, 0, multi.stderr);
    assert.ok(expiring.runs() > 1, `an expired credential is fetched again (runs: ${expiring.runs()})`);
  });

  test('reload: a changed file adds an issuer; an invalid one keeps the old config and counts a failure', async () => {
    const metric = async (status: string) => {
      const text = (await srv.request('GET', '/metrics')).text;
      const m = new RegExp(`^apiserver_authentication_config_controller_automatic_reloads_total\\{apiserver_id_hash="sha256:[0-9a-f]{64}",status="${status}"\\} (\\d+)$`, 'm').exec(text);
      return m ? Number(m[1]) : 0;
    };
    const token2 = await issuer2.sign({ sub: 'second', aud: 'skiff' });
    assert.equal((await srv.request('GET', '/api/v1/namespaces', bearer(token2))).status, 401);
    replaceFile(configPath, configYaml([issuer, issuer2]));
    await eventually(async () => ((await srv.request('GET', '/api/v1/namespaces', bearer(token2))).status === 200 ? true : undefined), 30_000, 'the new issuer');
    assert.ok((await metric('success')) >= 1);
    const text = (await srv.request('GET', '/metrics')).text;
    assert.match(text, /^apiserver_authentication_config_controller_automatic_reload_last_timestamp_seconds\{apiserver_id_hash="sha256:[0-9a-f]{64}",status="success"\} \d+(\.\d+)?$/m);
    assert.match(text, /^# TYPE apiserver_authentication_config_controller_automatic_reloads_total counter$/m);
    const info = [...text.matchAll(/^apiserver_authentication_config_controller_last_config_info\{apiserver_id_hash="sha256:[0-9a-f]{64}",hash="(sha256:[0-9a-f]{64})"\} 1$/gm)];
    assert.equal(info.length, 1);
    assert.equal(info[0]![1], `sha256:${createHash('sha256').update(readFileSync(configPath, 'utf8')).digest('hex')}`);

    const failuresBefore = await metric('failure');
    replaceFile(configPath, configYaml([issuer, issuer2], { badUrl: true }));
    await eventually(async () => ((await metric('failure')) > failuresBefore ? true : undefined), 30_000, 'a failed reload');
    assert.equal((await srv.request('GET', '/api/v1/namespaces', bearer(token2))).status, 200, 'the old configuration stays in force');
    assert.match((await srv.request('GET', '/metrics')).text, /automatic_reload_last_timestamp_seconds\{apiserver_id_hash="sha256:[0-9a-f]{64}",status="failure"/);

    // Changing the anonymous section is refused too.
    const failures2 = await metric('failure');
    replaceFile(configPath, configYaml([issuer, issuer2]).replace('{"path":"/healthz"}', '{"path":"/version"}'));
    await eventually(async () => ((await metric('failure')) > failures2 ? true : undefined), 30_000, 'a refused anonymous change');
    assert.equal((await srv.request('GET', '/version', { auth: false })).status, 401);
  });

  test('fuzz: malformed and forged JWTs are never accepted and always get the 401 Status', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [rs] = issuer.published;
    const good = await issuer.sign({ sub: 'fuzz', aud: 'skiff' });
    const [h, p, s] = good.split('.') as [string, string, string];
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const stranger = await issuer.newKey('RS256');
    const publicPem = createPublicKey({ key: rs!.jwk as import('node:crypto').JsonWebKey, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const forged = await Promise.all([
      `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      `${b64({ alg: 'none' })}.${p}.${s}`,
      issuer.sign({ sub: 'fuzz', aud: 'skiff' }, { ...stranger, kid: rs!.kid }),
      issuer.sign({ sub: 'fuzz', aud: 'wrong' }),
      issuer.sign({ sub: 'fuzz', aud: 'skiff', exp: now - 10 }),
      issuer.sign({ sub: 'fuzz', aud: 'skiff', exp: 'soon' as unknown as number }),
      `${h}.${b64({ iss: issuer.url, sub: 'admin', aud: 'skiff', exp: now + 600 })}.${s}`,
      `${h}.${p}.${s.slice(0, -4)}AAAA`,
      new SignJWT({ iss: issuer.url, sub: 'fuzz', aud: 'skiff', exp: now + 600 }).setProtectedHeader({ alg: 'HS256', kid: rs!.kid }).sign(Buffer.from(String(publicPem))),
      new SignJWT({ iss: issuer.url, sub: 'fuzz', aud: 'skiff', exp: now + 600 }).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32)),
    ]);
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/);
    const token = fc.oneof(
      fc.constantFrom(...forged),
      fc.tuple(segment, segment, segment).map(([a, b, c]) => `${a}.${b}.${c}`),
      fc.tuple(fc.constantFrom(h), segment, fc.constantFrom(s)).map(([a, b, c]) => `${a}.${b}.${c}`),
      fc.string({ minLength: 1, maxLength: 60 }).map((x) => x.replace(/[^\x21-\x7e]/g, 'x')),
      fc.tuple(fc.nat({ max: good.length - 1 }), fc.constantFrom('A', 'B', '_', '-', '.')).map(([i, c]) => good.slice(0, i) + c + good.slice(i + 1)).filter((t) => t !== good),
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(token, async (t) => {
        const r = await srv.request('GET', '/api/v1/namespaces', bearer(t));
        if (r.status !== 401) accepted++;
        assert.equal(r.status, 401, `token ${t}`);
        assert.deepEqual(r.json(), UNAUTHORIZED);
      }),
      { seed: 20261125, numRuns: 150 },
    );
    assert.equal(accepted, 0);
    assert.equal((await srv.request('GET', '/api/v1/namespaces', bearer(good))).status, 200, 'the unmodified token still works');
  });
});
