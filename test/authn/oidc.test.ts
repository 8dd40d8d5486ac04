// JWT authenticators against a real OIDC issuer on loopback (HTTPS with its own CA,
// discovery, JWKS, RS256 and ES256 keys). Behaviour follows
// k8s.io/apiserver/plugin/pkg/authenticator/token/oidc/oidc.go.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateJwtAuthenticator, type JwtAuthenticatorConfig } from '../../src/authn/config.js';
import { JwtAuthenticator } from '../../src/authn/oidc/index.js';
import { TestOidcIssuer } from '../support/oidc-issuer.js';
import { eventually } from '../support/server.js';

let issuer: TestOidcIssuer;
const started: JwtAuthenticator[] = [];

async function authenticator(over: Partial<JwtAuthenticatorConfig> = {}, opts: { signingAlgs?: string[]; minKeyRefreshIntervalMs?: number } = {}): Promise<JwtAuthenticator> {
  const config: JwtAuthenticatorConfig = {
    issuer: { url: issuer.url, audiences: ['skiff'], certificateAuthority: issuer.ca.certPem },
    claimMappings: { username: { claim: 'sub', prefix: 'oidc:' } },
    ...over,
  };
  const { errors, mapper } = validateJwtAuthenticator(config, 'jwt[0]');
  assert.deepEqual(errors, []);
  const a = new JwtAuthenticator({ config, mapper, initRetryMs: 50, minKeyRefreshIntervalMs: opts.minKeyRefreshIntervalMs ?? 0, signingAlgs: opts.signingAlgs });
  started.push(a);
  await a.ready;
  return a;
}

async function rejects(a: JwtAuthenticator, token: string, reason: RegExp): Promise<void> {
  await assert.rejects(a.authenticateToken(token), (e: Error) => {
    assert.match(e.message, reason);
    return true;
  });
}

describe('JWT authenticator with a real issuer', () => {
  before(async () => {
    issuer = await TestOidcIssuer.start({ algs: ['RS256', 'ES256'] });
  });
  after(async () => {
    for (const a of started) a.stop();
    await issuer.close();
  });

  test('RS256 and ES256 tokens verify; claims map with prefixes; jti becomes the credential id', async () => {
    const a = await authenticator({
      claimMappings: { username: { claim: 'sub', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: 'g:' }, uid: { claim: 'uid' } },
    });
    const [rs, es] = issuer.published;
    const t1 = await issuer.sign({ sub: 'jane', aud: 'skiff', groups: ['dev', 'ops'], uid: 'u-1', jti: 'abc' }, rs);
    assert.deepEqual(await a.authenticateToken(t1), {
      username: 'oidc:jane',
      uid: 'u-1',
      groups: ['g:dev', 'g:ops'],
      extra: { 'authentication.kubernetes.io/credential-id': ['JTI=abc'] },
    });
    const t2 = await issuer.sign({ sub: 'joe', aud: ['other', 'skiff'], groups: 'single', uid: 'u-2' }, es);
    assert.deepEqual(await a.authenticateToken(t2), { username: 'oidc:joe', uid: 'u-2', groups: ['g:single'] });
    // A configured uid claim must be present, as upstream's unmarshalClaim requires.
    await rejects(a, await issuer.sign({ sub: 'joe', aud: 'skiff' }, es), /parse uid claim "uid": claim not present/);
  });

  test('tokens of another issuer get no opinion; a bad signature, audience, expiry or algorithm is an error', async () => {
    const a = await authenticator();
    const other = await issuer.sign({ sub: 'x', aud: 'skiff', iss: 'https://elsewhere' });
    assert.equal(await a.authenticateToken(other), null);
    assert.equal(await a.authenticateToken('not-a-jwt'), null);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'nope' }), /expected audience in \["skiff"\] got \["nope"\]/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', exp: Math.floor(Date.now() / 1000) - 60 }), /token is expired/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', exp: undefined }), /token is expired/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', nbf: Math.floor(Date.now() / 1000) + 3600 }), /nbf/);
    const stranger = await issuer.newKey('RS256');
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff' }, { ...stranger, kid: issuer.published[0]!.kid }), /failed to verify signature/);
    const onlyRs = await authenticator({}, { signingAlgs: ['RS256'] });
    await rejects(onlyRs, await issuer.sign({ sub: 'x', aud: 'skiff' }, issuer.published[1]), /unsupported algorithm/);
  });

  test('audiences with MatchAny: any one of the configured audiences is enough', async () => {
    const a = await authenticator({ issuer: { url: issuer.url, audiences: ['a1', 'a2'], audienceMatchPolicy: 'MatchAny', certificateAuthority: issuer.ca.certPem } });
    assert.equal((await a.authenticateToken(await issuer.sign({ sub: 'x', aud: ['zz', 'a2'] })))?.username, 'oidc:x');
    await rejects(a, await issuer.sign({ sub: 'x', aud: ['zz'] }), /expected audience in \["a1","a2"\]/);
  });

  test('email username claim: email_verified must be true when present', async () => {
    const a = await authenticator({ claimMappings: { username: { claim: 'email', prefix: '' } } });
    assert.equal((await a.authenticateToken(await issuer.sign({ email: 'j@x.io', aud: 'skiff' })))?.username, 'j@x.io');
    assert.equal((await a.authenticateToken(await issuer.sign({ email: 'j@x.io', email_verified: true, aud: 'skiff' })))?.username, 'j@x.io');
    await rejects(a, await issuer.sign({ email: 'j@x.io', email_verified: false, aud: 'skiff' }), /oidc: email not verified/);
    await rejects(a, await issuer.sign({ email: 'j@x.io', email_verified: 'yes', aud: 'skiff' }), /parse 'email_verified' claim/);
    await rejects(a, await issuer.sign({ sub: 'no-email', aud: 'skiff' }), /parse username claims "email": claim not present/);
  });

  test('required claims (claim + requiredValue) and CEL claim validation rules', async () => {
    const a = await authenticator({
      claimValidationRules: [
        { claim: 'hd', requiredValue: 'example.com' },
        { expression: "claims.?tier.orValue('') != 'banned'", message: 'banned tier' },
      ],
    });
    assert.equal((await a.authenticateToken(await issuer.sign({ sub: 'x', aud: 'skiff', hd: 'example.com' })))?.username, 'oidc:x');
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff' }), /required claim hd not present in ID token/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', hd: 'evil.com' }), /required claim hd value does not match. Got = evil.com, want = example.com/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', hd: 'example.com', tier: 'banned' }), /validation expression 'claims.\?tier.orValue\(''\) != 'banned'' failed: banned tier/);
  });

  test('CEL claim mappings for username, groups, uid and extra', async () => {
    const a = await authenticator({
      claimMappings: {
        username: { expression: "'cel:' + claims.sub" },
        groups: { expression: 'claims.roles' },
        uid: { expression: 'string(claims.num)' },
        extra: [
          { key: 'example.org/tenant', valueExpression: 'claims.tenant' },
          { key: 'example.org/empty', valueExpression: "''" },
        ],
      },
    });
    const user = await a.authenticateToken(await issuer.sign({ sub: 'x', aud: 'skiff', roles: ['a', 'b'], num: 42, tenant: 't1' }));
    assert.deepEqual(user, { username: 'cel:x', uid: '42', groups: ['a', 'b'], extra: { 'example.org/tenant': ['t1'] } });
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff', roles: [1], num: 1, tenant: 't' }), /group claim expression: expression must return a string or a list of strings/);
    const numeric = await authenticator({ claimMappings: { username: { expression: 'claims.n' } } });
    await rejects(numeric, await issuer.sign({ sub: 'x', aud: 'skiff', n: 5 }), /username claim expression must return a string/);
    const empty = await authenticator({ claimMappings: { username: { expression: "''" } } });
    await rejects(empty, await issuer.sign({ sub: 'x', aud: 'skiff' }), /empty username via CEL expression is not allowed/);
  });

  test('user validation rules see the mapped user', async () => {
    const a = await authenticator({ userValidationRules: [{ expression: "!user.username.startsWith('oidc:system:')", message: 'no system users' }] });
    assert.equal((await a.authenticateToken(await issuer.sign({ sub: 'jane', aud: 'skiff' })))?.username, 'oidc:jane');
    await rejects(a, await issuer.sign({ sub: 'system:admin', aud: 'skiff' }), /user info validation rule: validation expression .* failed: no system users/);
  });

  test('key rotation: a token signed with a new kid verifies after the JWKS changes', async () => {
    const a = await authenticator({}, { minKeyRefreshIntervalMs: 0 });
    const fresh = await issuer.rotate('ES256');
    const token = await issuer.sign({ sub: 'rotated', aud: 'skiff' }, fresh);
    assert.equal((await a.authenticateToken(token))?.username, 'oidc:rotated');
  });

  test('unknown key ids refetch the JWKS at most once per interval', async () => {
    const a = await authenticator({}, { minKeyRefreshIntervalMs: 3_600_000 });
    const before = issuer.hits.get('/keys') ?? 0;
    const unpublished = await issuer.newKey('RS256');
    for (let i = 0; i < 5; i++) await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff' }, unpublished), /no applicable key found|failed to verify signature/);
    assert.equal(issuer.hits.get('/keys') ?? 0, before, 'refetch suppressed within the interval');
  });

  test('discovery: the document must name the configured issuer; until it works tokens fail as not initialized', async () => {
    issuer.discoveryIssuer = 'https://impostor';
    const config: JwtAuthenticatorConfig = { issuer: { url: issuer.url, audiences: ['skiff'], certificateAuthority: issuer.ca.certPem }, claimMappings: { username: { claim: 'sub', prefix: '' } } };
    const a = new JwtAuthenticator({ config, mapper: validateJwtAuthenticator(config, '').mapper, initRetryMs: 20 });
    started.push(a);
    await eventually(() => /issuer did not match/.test(a.health()?.message ?? ''), 30_000, 'a failed discovery');
    assert.match(a.health()?.message ?? '', /issuer did not match the issuer returned by provider, expected ".*" got "https:\/\/impostor"/);
    await rejects(a, await issuer.sign({ sub: 'x', aud: 'skiff' }), /oidc: authenticator not initialized/);
    issuer.discoveryIssuer = undefined;
    await a.ready;
    assert.equal((await a.authenticateToken(await issuer.sign({ sub: 'x', aud: 'skiff' })))?.username, 'x');
  });

  test('without the issuer CA the TLS connection is refused (system roots do not trust it)', async () => {
    const config: JwtAuthenticatorConfig = { issuer: { url: issuer.url, audiences: ['skiff'] }, claimMappings: { username: { claim: 'sub', prefix: '' } } };
    const a = new JwtAuthenticator({ config, mapper: validateJwtAuthenticator(config, '').mapper, initRetryMs: 20 });
    started.push(a);
    await eventually(() => /self[- ]signed|unable to verify|certificate/i.test(a.health()?.message ?? ''), 30_000, 'a refused TLS connection');
  });

  test('discoveryURL overrides where discovery is fetched, the issuer stays the configured url', async () => {
    const config: JwtAuthenticatorConfig = {
      issuer: { url: 'https://issuer.example', discoveryURL: `${issuer.url}/.well-known/openid-configuration`, audiences: ['skiff'], certificateAuthority: issuer.ca.certPem },
      claimMappings: { username: { claim: 'sub', prefix: '' } },
    };
    issuer.discoveryIssuer = 'https://issuer.example';
    try {
      const a = new JwtAuthenticator({ config, mapper: validateJwtAuthenticator(config, '').mapper, initRetryMs: 20 });
      started.push(a);
      await a.ready;
      assert.equal((await a.authenticateToken(await issuer.sign({ sub: 'd', aud: 'skiff', iss: 'https://issuer.example' })))?.username, 'd');
    } finally {
      issuer.discoveryIssuer = undefined;
    }
  });
});
