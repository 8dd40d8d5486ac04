// The certificate plugins end to end (upstream plugin/pkg/admission/certificates/{approval,
// signing,ctbattest,subjectrestriction} and pkg/certauthorization IsAuthorizedForSignerName):
// approve, sign and attest are checked on resource `signers` by name or `<domain>/*`.

import { webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadX509 } from '../../src/cli/pki.js';
import { csrPem } from '../support/csr.js';
import { allow, noOpinion } from '../../src/authz/types.js';
import type { ServerAuthorizer } from '../../src/app.js';
import { asUser, writeTokenFile, type TokenUser } from '../support/rbac.js';
import { allowAuthenticated } from '../support/authz.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CSRS = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
const CTBS = '/apis/certificates.k8s.io/v1beta1/clustertrustbundles';

describe('certificate admission plugins', () => {
  let srv: TestServer;
  let dir: string;
  /** `<user> <verb> <signer name>` triples the test authorizer allows on signers. */
  const grants = new Set<string>();
  const carol: TokenUser = { name: 'carol', token: 'carol-token', groups: [] };
  const authorizer: ServerAuthorizer = {
    async authorize(a) {
      if (a.resource === 'signers') return grants.has(`${a.user.username} ${a.verb} ${a.name}`) ? allow() : noOpinion();
      return allowAuthenticated.authorize(a);
    },
    rulesFor: (u, ns) => allowAuthenticated.rulesFor(u, ns),
  };
  const csrBody = async (name: string, signerName: string, subject = 'CN=carol') => ({
    metadata: { name },
    spec: { request: Buffer.from(await csrPem(subject)).toString('base64'), signerName, usages: ['client auth'] },
  });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-certs-'));
    srv = await startTestServer({ tokenAuthFile: writeTokenFile(dir, [carol]), authorizer, controllers: [], runtimeConfig: { 'certificates.k8s.io/v1beta1': 'true' } });
  });
  after(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('CertificateSubjectRestriction: kube-apiserver-client CSRs may not ask for system:masters', async () => {
    const masters = await srv.request('POST', CSRS, { body: await csrBody('masters', 'kubernetes.io/kube-apiserver-client', 'CN=x,O=system:masters') });
    assert.equal(masters.status, 403);
    assert.equal(masters.json().message, 'certificatesigningrequests.certificates.k8s.io "masters" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed');
    const ok = await srv.request('POST', CSRS, { body: await csrBody('devs', 'kubernetes.io/kube-apiserver-client', 'CN=x,O=developers') });
    assert.equal(ok.status, 201, ok.text);
    // Other signers are not restricted.
    assert.equal((await srv.request('POST', CSRS, { body: await csrBody('other-masters', 'example.com/signer', 'CN=x,O=system:masters') })).status, 201);
    const garbage = await srv.request('POST', CSRS, {
      body: { metadata: { name: 'garbage' }, spec: { request: Buffer.from('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----\n').toString('base64'), signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] } },
    });
    // The strategy's validation refuses it before validating admission runs (kube-apiserver v1.32 answers the same 422).
    assert.equal(garbage.status, 422, garbage.text);
    assert.match(garbage.json().message, /^CertificateSigningRequest.certificates.k8s.io "garbage" is invalid: spec.request: Invalid value: \[\]byte\{0x2d, [^}]+\}: PEM block type must be CERTIFICATE REQUEST$/);
  });

  it('CertificateApproval and CertificateSigning: approve and sign on the signer, by name or domain wildcard', async () => {
    const created = await srv.request('POST', CSRS, { body: await csrBody('c1', 'example.com/signer') });
    assert.equal(created.status, 201, created.text);
    const approved = { ...created.json(), status: { conditions: [{ type: 'Approved', status: 'True', reason: 'Test', message: 'ok' }] } };
    const refused = await asUser(srv, carol, 'PUT', `${CSRS}/c1/approval`, { body: approved });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.json().message, 'certificatesigningrequests.certificates.k8s.io "c1" is forbidden: user not permitted to approve requests with signerName "example.com/signer"');
    grants.add('carol approve example.com/*');
    const ok = await asUser(srv, carol, 'PUT', `${CSRS}/c1/approval`, { body: approved });
    assert.equal(ok.status, 200, ok.text);

    const signed = { ...ok.json(), status: { ...ok.json().status, certificate: Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n').toString('base64') } };
    const noSign = await asUser(srv, carol, 'PUT', `${CSRS}/c1/status`, { body: signed });
    assert.equal(noSign.status, 403, noSign.text);
    assert.equal(noSign.json().message, 'certificatesigningrequests.certificates.k8s.io "c1" is forbidden: user not permitted to sign requests with signerName "example.com/signer"');
    // A status write that changes neither the certificate nor the conditions needs no sign.
    const cur = (await srv.request('GET', `${CSRS}/c1`)).json();
    const untouched = await asUser(srv, carol, 'PUT', `${CSRS}/c1/status`, { body: { ...cur, metadata: { ...cur.metadata, labels: { x: 'y' } } } });
    assert.notEqual(untouched.status, 403, untouched.text);
    grants.add('carol sign example.com/signer');
    const fresh = (await srv.request('GET', `${CSRS}/c1`)).json();
    const yes = await asUser(srv, carol, 'PUT', `${CSRS}/c1/status`, { body: { ...fresh, status: { ...fresh.status, certificate: signed.status.certificate } } });
    assert.notEqual(yes.status, 403, yes.text);
  });

  it('ClusterTrustBundleAttest: a bundle for a signer needs attest; GC-only updates do not', async (t) => {
    if ((await srv.request('GET', CTBS)).status !== 200) return t.skip('certificates.k8s.io/v1beta1 ClusterTrustBundles not served');
    // A real CA certificate: the bundle's own validation (ValidateClusterTrustBundle) runs before admission.
    const x509 = await loadX509();
    const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const ca = await x509.X509CertificateGenerator.createSelfSigned({ name: 'CN=test', keys, signingAlgorithm: alg, extensions: [new x509.BasicConstraintsExtension(true, undefined, true)] });
    const pem = ca.toString('pem') + '\n';
    const bundle = { metadata: { name: 'example.com:signer:b1' }, spec: { signerName: 'example.com/signer', trustBundle: pem } };
    const refused = await asUser(srv, carol, 'POST', CTBS, { body: bundle });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.json().message, 'clustertrustbundles.certificates.k8s.io "example.com:signer:b1" is forbidden: user not permitted to attest for signerName "example.com/signer"');
    const noSigner = await asUser(srv, carol, 'POST', CTBS, { body: { metadata: { name: 'plain' }, spec: { trustBundle: pem } } });
    assert.notEqual(noSigner.status, 403, noSigner.text);
  });
});
