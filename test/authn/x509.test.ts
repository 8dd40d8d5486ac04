import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createHash } from 'node:crypto';
import { isStatusError } from '../../src/apimachinery/errors.js';
import { ClientCertificateAuthenticator, failureReason, parseCertificateBundle, CREDENTIAL_ID_KEY } from '../../src/authn/index.js';
import { createCertificateAuthority, issueCertificate, type CertAndKey } from '../../src/cli/pki.js';
import { capturePeer, type CapturedPeer } from './tls-capture.js';

const DAY = 24 * 3600 * 1000;

async function rejects401(p: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(isStatusError(e), `not a StatusError: ${String(e)}`);
    assert.equal(e.code, 401);
    assert.equal(e.reason, 'Unauthorized');
    assert.equal(e.status.message, 'Unauthorized');
    assert.match(failureReason(e), reason);
    return true;
  });
}

describe('x509 client certificates', () => {
  let serverCa: CertAndKey;
  let serving: CertAndKey & { caPem: string };
  let clientCa: CertAndKey;
  let otherCa: CertAndKey;
  let auth: ClientCertificateAuthenticator;
  const peer = (client?: CertAndKey): Promise<CapturedPeer> => capturePeer(serving, client);
  const authenticate = async (client?: CertAndKey) => auth.authenticate({ headers: {}, ...toReq(await peer(client)) });
  const toReq = (c: CapturedPeer) => ({ peerCertificate: c.peerCertificate, peerCertificateChainVerified: c.authorized });

  before(async () => {
    [serverCa, clientCa, otherCa] = await Promise.all([
      createCertificateAuthority({ commonName: 'server-ca' }),
      createCertificateAuthority({ commonName: 'client-ca' }),
      createCertificateAuthority({ commonName: 'other-ca' }),
    ]);
    const s = await issueCertificate(serverCa, { commonName: 'kube-apiserver', usages: ['serverAuth'], dnsNames: ['localhost'] });
    serving = { ...s, caPem: serverCa.certPem + clientCa.certPem };
    auth = new ClientCertificateAuthenticator(otherCa.certPem + clientCa.certPem); // a bundle of two
  });

  test('CN is the user, each O a group, the fingerprint the credential id', async () => {
    const client = await issueCertificate(clientCa, { commonName: 'alice', organizations: ['dev', 'ops'], usages: ['clientAuth'] });
    const result = await authenticate(client);
    const fp = createHash('sha256').update(new X509Certificate(client.certPem).raw).digest('hex');
    assert.deepEqual(result, {
      authenticator: 'x509',
      user: { username: 'alice', groups: ['dev', 'ops'], extra: { [CREDENTIAL_ID_KEY]: [`X509SHA256=${fp}`] } },
    });
    // Cached path gives the same answer, as a fresh object.
    const again = await authenticate(client);
    assert.deepEqual(again, result);
    again!.user.groups.push('mutated');
    assert.deepEqual((await authenticate(client))!.user.groups, ['dev', 'ops']);
  });

  test('no certificate: no opinion', async () => {
    assert.equal(await authenticate(undefined), null);
    assert.equal(await auth.authenticate({ headers: {} }), null);
    assert.equal(await auth.authenticate({ headers: {}, peerCertificate: {} }), null);
  });

  test('a certificate without a CN: no opinion', async () => {
    const client = await issueCertificate(clientCa, { commonName: '', organizations: ['dev'], usages: ['clientAuth'] });
    assert.equal(await authenticate(client), null);
  });

  test('the UID subject attribute becomes the uid', async () => {
    const client = await issueCertificate(clientCa, { commonName: 'bob', usages: ['clientAuth'], subjectAttributes: [{ '1.3.6.1.4.1.57683.2': ['uid-42'] }] });
    const result = await authenticate(client);
    assert.equal(result?.user.uid, 'uid-42');
    assert.equal(result?.user.username, 'bob');
    const two = await issueCertificate(clientCa, {
      commonName: 'bob',
      usages: ['clientAuth'],
      subjectAttributes: [{ '1.3.6.1.4.1.57683.2': ['a'] }, { '1.3.6.1.4.1.57683.2': ['b'] }],
    });
    await rejects401(authenticate(two), /expected 1 UID, but found multiple: \[a b\]/);
  });

  test('a certificate from an unknown authority is a 401', async () => {
    const client = await issueCertificate(serverCa, { commonName: 'mallory', usages: ['clientAuth'] });
    await rejects401(authenticate(client), /^verifying certificate SN=\d+ failed: x509: certificate signed by unknown authority$/);
  });

  test('a self-signed certificate is a 401', async () => {
    const selfSigned = await createCertificateAuthority({ commonName: 'self' });
    await rejects401(authenticate(selfSigned), /unknown authority/);
  });

  test('expired and not-yet-valid certificates are a 401', async () => {
    const now = Date.now();
    const expired = await issueCertificate(clientCa, { commonName: 'old', usages: ['clientAuth'], notBefore: new Date(now - 10 * DAY), notAfter: new Date(now - DAY) });
    await rejects401(authenticate(expired), /certificate has expired or is not yet valid: current time .* is after/);
    const future = await issueCertificate(clientCa, { commonName: 'new', usages: ['clientAuth'], notBefore: new Date(now + DAY), notAfter: new Date(now + 10 * DAY) });
    await rejects401(authenticate(future), /certificate has expired or is not yet valid: current time .* is before/);
  });

  test('extended key usage must allow client auth; none at all is fine', async () => {
    const serverOnly = await issueCertificate(clientCa, { commonName: 'svc', usages: ['serverAuth'] });
    await rejects401(authenticate(serverOnly), /incompatible key usage/);
    const both = await issueCertificate(clientCa, { commonName: 'svc', usages: ['serverAuth', 'clientAuth'] });
    assert.equal((await authenticate(both))?.user.username, 'svc');
    const none = await issueCertificate(clientCa, { commonName: 'plain' });
    assert.equal((await authenticate(none))?.user.username, 'plain');
  });

  test('intermediates sent by the client complete the chain', async () => {
    const intermediate = await issueCertificate(clientCa, { commonName: 'intermediate', isCa: true });
    const leaf = await issueCertificate(intermediate, { commonName: 'carol', organizations: ['team'], usages: ['clientAuth'] });
    const withChain = { certPem: leaf.certPem + intermediate.certPem, keyPem: leaf.keyPem };
    const result = await authenticate(withChain);
    assert.equal(result?.user.username, 'carol');
    assert.deepEqual(result?.user.groups, ['team']);
    // Without the intermediate nothing links the leaf to a trusted root.
    await rejects401(authenticate(leaf), /unknown authority/);
  });

  test('a leaf certificate cannot act as an issuer (Go: signed by unknown authority)', async () => {
    const notCa = await issueCertificate(clientCa, { commonName: 'not-a-ca', usages: ['clientAuth'] });
    const leaf = await issueCertificate(notCa, { commonName: 'dave', usages: ['clientAuth'] });
    await rejects401(authenticate({ certPem: leaf.certPem + notCa.certPem, keyPem: leaf.keyPem }), /unknown authority/);
  });

  test('the CA bundle must hold certificates', () => {
    assert.throws(() => new ClientCertificateAuthenticator('not a pem'), /does not contain any valid/);
    assert.equal(parseCertificateBundle(clientCa.certPem + otherCa.certPem).length, 2);
  });
});
