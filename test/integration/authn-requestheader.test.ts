// The authenticating proxy (--requestheader-*): identity headers count only on a
// connection whose client certificate chains to --requestheader-client-ca-file with an
// allowed CN (k8s.io/apiserver/pkg/authentication/request/headerrequest, request/x509),
// and kube-system/extension-apiserver-authentication publishes the configuration
// (pkg/controlplane/controller/clusterauthenticationtrust).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCertificateAuthority, issueCertificate, type CertAndKey } from '../../src/cli/pki.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { rawRequest, UNAUTHORIZED_BODY } from '../support/auth.js';

const SSR = { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' };

describe('requestheader authentication', () => {
  let dir: string;
  let srv: TestServer;
  let proxyCa: CertAndKey;
  let proxy: CertAndKey;
  let strangerProxy: CertAndKey;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-rh-'));
    proxyCa = await createCertificateAuthority({ commonName: 'front-proxy-ca' });
    proxy = await issueCertificate(proxyCa, { commonName: 'front-proxy-client', usages: ['clientAuth'] });
    strangerProxy = await issueCertificate(proxyCa, { commonName: 'someone-else', usages: ['clientAuth'] });
    writeFileSync(join(dir, 'front-proxy-ca.crt'), proxyCa.certPem);
    srv = await startTestServer({
      requestHeader: {
        clientCaFile: join(dir, 'front-proxy-ca.crt'),
        allowedNames: ['front-proxy-client'],
        usernameHeaders: ['X-Remote-User'],
        uidHeaders: ['X-Remote-Uid'],
        groupHeaders: ['X-Remote-Group'],
        extraHeadersPrefix: ['X-Remote-Extra-'],
      },
    });
  });
  after(async () => {
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const headers = {
    'X-Remote-User': 'alice',
    'X-Remote-Uid': 'alice-uid',
    'X-Remote-Group': ['devs', 'ops'],
    'X-Remote-Extra-Scopes': ['read', 'write'],
    'X-Remote-Extra-Acme.com%2Fproject': 'p1',
  };

  it('takes the user from the headers on the proxy\'s connection', async () => {
    const r = await rawRequest(srv, { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', body: SSR, headers, cert: proxy.certPem, key: proxy.keyPem });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().status.userInfo, {
      username: 'alice',
      uid: 'alice-uid',
      groups: ['devs', 'ops', 'system:authenticated'],
      extra: { scopes: ['read', 'write'], 'acme.com/project': ['p1'] },
    });
  });

  it('ignores the headers on any other connection', async () => {
    // The admin's own certificate (the client CA): the headers mean nothing.
    const admin = await rawRequest(srv, { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', body: SSR, headers, cert: srv.adminCertPem, key: srv.adminKeyPem });
    assert.equal(admin.status, 201, admin.text);
    assert.equal(admin.json().status.userInfo.username, 'kubernetes-admin');
    // No certificate: anonymous, who may not create reviews.
    const anonymous = await rawRequest(srv, { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', body: SSR, headers });
    assert.equal(anonymous.status, 403);
    assert.match(anonymous.json().message, /User "system:anonymous"/);
  });

  it('rejects a proxy certificate whose CN is not allowed, and a proxy that names no user falls through', async () => {
    const r = await rawRequest(srv, { path: '/api/v1/namespaces', headers, cert: strangerProxy.certPem, key: strangerProxy.keyPem });
    assert.equal(r.status, 401);
    assert.deepEqual(r.json(), UNAUTHORIZED_BODY);
    // Without a username header the proxy's certificate is tried as a client certificate:
    // it does not chain to the client CA.
    const noUser = await rawRequest(srv, { path: '/api/v1/namespaces', headers: { 'X-Remote-Group': 'devs' }, cert: proxy.certPem, key: proxy.keyPem });
    assert.equal(noUser.status, 401);
  });

  it('publishes kube-system/extension-apiserver-authentication and the legacy token tracking ConfigMap', async () => {
    const cm = (await srv.request('GET', '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication')).json();
    assert.equal(cm.data['client-ca-file'], srv.caPem);
    assert.equal(cm.data['requestheader-client-ca-file'], proxyCa.certPem);
    assert.equal(cm.data['requestheader-username-headers'], '["X-Remote-User"]');
    assert.equal(cm.data['requestheader-uid-headers'], '["X-Remote-Uid"]');
    assert.equal(cm.data['requestheader-group-headers'], '["X-Remote-Group"]');
    assert.equal(cm.data['requestheader-extra-headers-prefix'], '["X-Remote-Extra-"]');
    assert.equal(cm.data['requestheader-allowed-names'], '["front-proxy-client"]');
    const tracking = (await srv.request('GET', '/api/v1/namespaces/kube-system/configmaps/kube-apiserver-legacy-service-account-token-tracking')).json();
    assert.match(tracking.data.since, /^\d{4}-\d\d-\d\d$/);
  });
});
