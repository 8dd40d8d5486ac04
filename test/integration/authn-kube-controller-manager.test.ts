// The real kube-controller-manager (v1.32 reference binary from ../shared/kube) with
// --use-service-account-credentials=true: it creates one ServiceAccount per controller
// in kube-system, obtains tokens for them through TokenRequest and runs each controller
// with its own token, so its work shows that skiff authenticates those tokens. Its legacy
// token controller signs with --service-account-private-key-file, which skiff verifies
// through --service-account-key-file. Skips when ../shared/kube is absent.

import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensurePki, issueCertificate } from '../../src/cli/pki.js';
import { writeKubeconfig } from '../../src/cli/kubeconfig.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';
import { rawRequest } from '../support/auth.js';

const UNPACK = '/work/shared/kube/unpack.sh';
const available = existsSync(UNPACK);

describe('kube-controller-manager with service-account credentials', { skip: available ? false : 'needs ../shared/kube' }, () => {
  let dir: string;
  let srv: TestServer;
  let kcm: ChildProcess | undefined;
  let kcmLog = '';
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-kcm-'));
    const dataDir = join(dir, 'data');
    const pki = await ensurePki(dataDir);
    // The controller manager's own key for legacy Secret tokens; skiff verifies with both keys.
    const kcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'kcm-sa.key'), kcmKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    // skiff's own serviceaccount controller is off: the real one must be what creates "default".
    srv = await startTestServer({ dataDir, serviceAccountKeyFiles: [pki.serviceAccount.publicKeyPath, join(dir, 'kcm-sa.key')], controllers: ['*', '-serviceaccount'] });
    const client = await issueCertificate(pki.ca, { commonName: 'system:kube-controller-manager', usages: ['clientAuth'] });
    await writeKubeconfig(join(dir, 'kcm.kubeconfig'), { server: srv.url, caPem: pki.ca.certPem, clientCertPem: client.certPem, clientKeyPem: client.keyPem });
    const bin = join(execFileSync(UNPACK, { encoding: 'utf8' }).trim(), 'kube-controller-manager');
    kcm = spawn(bin, [
      `--kubeconfig=${join(dir, 'kcm.kubeconfig')}`,
      '--use-service-account-credentials=true',
      `--service-account-private-key-file=${join(dir, 'kcm-sa.key')}`,
      `--root-ca-file=${pki.ca.certPath}`,
      '--leader-elect=false',
      '--bind-address=127.0.0.1',
      '--secure-port=0',
      '--controllers=serviceaccount,serviceaccount-token',
      '--v=2',
    ]);
    kcm.stderr?.on('data', (c: Buffer) => (kcmLog = (kcmLog + c.toString()).slice(-20_000)));
  });
  after(async () => {
    kcm?.kill('SIGTERM');
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs its controllers with tokens skiff issued and accepts its legacy tokens', async () => {
    // The serviceaccount controller (running as system:serviceaccount:kube-system:service-account-controller)
    // creates "default" in a new namespace: only possible when its token authenticates.
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'kcm-check' } } });
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/kcm-check/serviceaccounts/default')).status === 200, 60_000, `default ServiceAccount (kcm log tail: ${kcmLog.slice(-2000)})`);
    const sa = await srv.request('GET', '/api/v1/namespaces/kube-system/serviceaccounts/service-account-controller');
    assert.equal(sa.status, 200, 'the controller manager created its controller account');
    assert.doesNotMatch(kcmLog, /Unauthorized/);
    // A legacy token Secret: skiff's in-process tokens controller or the real one fills it; either token authenticates.
    await srv.request('POST', '/api/v1/namespaces/kcm-check/secrets', {
      body: { metadata: { name: 'tok', annotations: { 'kubernetes.io/service-account.name': 'default' } }, type: 'kubernetes.io/service-account-token' },
    });
    const token = await eventually(async () => {
      const s = (await srv.request('GET', '/api/v1/namespaces/kcm-check/secrets/tok')).json();
      return s.data?.token ? Buffer.from(s.data.token, 'base64').toString() : undefined;
    }, 30_000, 'legacy token');
    // The token authenticates as the account (what it may do is RBAC's business: it holds no grants).
    const r = await rawRequest(srv, { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().status.userInfo.username, 'system:serviceaccount:kcm-check:default');
  });
});
