import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStatusError } from '../../src/apimachinery/errors.js';
import { buildAuthenticator, failureReason, readClientCaFile, type Authenticator, type AuthnRequest, type TokenAuthenticator } from '../../src/authn/index.js';
import { createCertificateAuthority, issueCertificate, type CertAndKey } from '../../src/cli/pki.js';
import { capturePeer } from './tls-capture.js';

const ANONYMOUS = { username: 'system:anonymous', groups: ['system:unauthenticated'] };

async function rejects401(p: Promise<unknown>, reason?: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(isStatusError(e), `not a StatusError: ${String(e)}`);
    assert.equal(e.code, 401);
    assert.deepEqual(e.status, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
    if (reason) assert.match(failureReason(e), reason);
    return true;
  });
}

describe('the authenticator chain', () => {
  let dir: string;
  let tokenFile: string;
  let ca: CertAndKey;
  let serving: CertAndKey & { caPem: string };
  let goodPeer: AuthnRequest;
  let strangerPeer: AuthnRequest;
  let withAnonymous: Authenticator;
  let withoutAnonymous: Authenticator;
  const bearer = (token: string, extra: AuthnRequest = { headers: {} }): AuthnRequest => ({ ...extra, headers: { authorization: `Bearer ${token}` } });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skiff-authn-'));
    tokenFile = join(dir, 'tokens.csv');
    await writeFile(tokenFile, 'admin-token,admin,uid-1,"system:masters"\nauthd-token,already,uid-2,system:authenticated\n');
    ca = await createCertificateAuthority();
    const other = await createCertificateAuthority({ commonName: 'other' });
    const s = await issueCertificate(ca, { commonName: 'kube-apiserver', usages: ['serverAuth'], dnsNames: ['localhost'] });
    serving = { ...s, caPem: ca.certPem };
    const [good, stranger] = await Promise.all([
      issueCertificate(ca, { commonName: 'jane', organizations: ['system:masters'], usages: ['clientAuth'] }),
      issueCertificate(other, { commonName: 'stranger', usages: ['clientAuth'] }),
    ]);
    const [gp, sp] = await Promise.all([capturePeer(serving, good), capturePeer(serving, stranger)]);
    goodPeer = { headers: {}, peerCertificate: gp.peerCertificate, peerCertificateChainVerified: gp.authorized };
    strangerPeer = { headers: {}, peerCertificate: sp.peerCertificate, peerCertificateChainVerified: sp.authorized };
    withAnonymous = buildAuthenticator({ clientCaPem: ca.certPem, tokenFile, anonymous: true });
    withoutAnonymous = buildAuthenticator({ clientCaPem: ca.certPem, tokenFile, anonymous: false });
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('no credentials: anonymous when enabled, otherwise no user (the caller answers 401)', async () => {
    assert.deepEqual(await withAnonymous.authenticate({ headers: {} }), { authenticator: 'anonymous', user: ANONYMOUS });
    assert.equal(await withoutAnonymous.authenticate({ headers: {} }), null);
  });

  test('a valid token authenticates and adds system:authenticated', async () => {
    assert.deepEqual(await withAnonymous.authenticate(bearer('admin-token')), {
      authenticator: 'token',
      user: { username: 'admin', uid: 'uid-1', groups: ['system:masters', 'system:authenticated'] },
    });
    const already = await withAnonymous.authenticate(bearer('authd-token'));
    assert.deepEqual(already?.user.groups, ['system:authenticated']);
  });

  test('an invalid bearer token is a 401 even with anonymous enabled', async () => {
    await rejects401(withAnonymous.authenticate(bearer('nope')), /invalid bearer token/);
    await rejects401(withoutAnonymous.authenticate(bearer('nope')));
    // Also when no token file is configured at all.
    await rejects401(buildAuthenticator({ anonymous: true }).authenticate(bearer('nope')), /invalid bearer token/);
  });

  test('Authorization header parsing follows upstream', async () => {
    const user = async (authorization: string | string[]) => (await withAnonymous.authenticate({ headers: { authorization } }))?.user.username;
    assert.equal(await user('bearer admin-token'), 'admin');
    assert.equal(await user('BEARER admin-token'), 'admin');
    assert.equal(await user('  Bearer admin-token  '), 'admin');
    assert.equal(await user('Bearer admin-token trailing'), 'admin');
    assert.equal(await user(['Bearer admin-token', 'Bearer nope']), 'admin');
    // Not bearer, or an empty token: no token at all, hence anonymous.
    assert.equal(await user('Basic YWRtaW46cGFzcw=='), 'system:anonymous');
    assert.equal(await user('Bearer'), 'system:anonymous');
    assert.equal(await user('Bearer  admin-token'), 'system:anonymous');
  });

  test('client certificates signed by the client CA authenticate', async () => {
    const result = await withAnonymous.authenticate(goodPeer);
    assert.equal(result?.authenticator, 'x509');
    assert.equal(result?.user.username, 'jane');
    assert.deepEqual(result?.user.groups, ['system:masters', 'system:authenticated']);
    assert.match(result!.user.extra!['authentication.kubernetes.io/credential-id']![0]!, /^X509SHA256=[0-9a-f]{64}$/);
  });

  test('a bad certificate is a 401, unless another credential succeeds', async () => {
    await rejects401(withAnonymous.authenticate(strangerPeer), /unknown authority/);
    await rejects401(withoutAnonymous.authenticate(strangerPeer), /unknown authority/);
    const viaToken = await withAnonymous.authenticate(bearer('admin-token', strangerPeer));
    assert.equal(viaToken?.user.username, 'admin');
    // Both bad: both reasons are kept for the log.
    await rejects401(withAnonymous.authenticate(bearer('nope', strangerPeer)), /unknown authority.*invalid bearer token/);
  });

  test('a certificate wins over a token (certificates are checked first)', async () => {
    assert.equal((await withAnonymous.authenticate(bearer('admin-token', goodPeer)))?.user.username, 'jane');
  });

  test('without a client CA, certificates are ignored', async () => {
    const tokensOnly = buildAuthenticator({ tokenFile, anonymous: true });
    assert.deepEqual((await tokensOnly.authenticate(goodPeer))?.user, ANONYMOUS);
  });

  test('extra token authenticators are consulted after the token file; their errors are 401s', async () => {
    const serviceAccounts: TokenAuthenticator = {
      authenticateToken: async (t) => {
        if (t === 'sa-token') return { username: 'system:serviceaccount:default:x', groups: ['system:serviceaccounts'] };
        if (t === 'broken') throw new Error('token signature invalid');
        return null;
      },
    };
    const a = buildAuthenticator({ tokenFile, anonymous: true, tokenAuthenticators: [serviceAccounts] });
    assert.deepEqual((await a.authenticate(bearer('sa-token')))?.user.groups, ['system:serviceaccounts', 'system:authenticated']);
    assert.equal((await a.authenticate(bearer('admin-token')))?.user.username, 'admin');
    await rejects401(a.authenticate(bearer('broken')), /token signature invalid/);
  });

  test('configuration errors surface at build time', () => {
    assert.throws(() => buildAuthenticator({ tokenFile: join(dir, 'missing.csv'), anonymous: true }), /no such file or directory/);
    assert.throws(() => buildAuthenticator({ clientCaPem: 'garbage', anonymous: true }), /does not contain any valid/);
    assert.throws(() => readClientCaFile(join(dir, 'missing.crt')), /unable to load client CA file .*: open .*: no such file or directory/);
  });
});
