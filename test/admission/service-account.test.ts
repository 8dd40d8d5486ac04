// The ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount/admission.go) and
// the controllers it relies on: serviceaccount (pkg/controller/serviceaccount/
// serviceaccounts_controller.go) and root-ca-cert-publisher
// (pkg/controller/certificates/rootcacertpublisher/publisher.go), against a real server.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const TOKEN_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

describe('ServiceAccount admission and the service-account controllers', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  const createNamespace = async (name: string) => {
    const r = await srv.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
    assert.equal(r.status, 201, r.text);
  };
  const pod = (name: string, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...metadata },
    spec: { containers: [{ name: 'c', image: 'busybox' }], ...spec },
  });
  const createPod = (ns: string, body: unknown, query = '') => srv.request('POST', `/api/v1/namespaces/${ns}/pods${query}`, { body });

  it('a new namespace gets the default ServiceAccount and the kube-root-ca.crt ConfigMap with the cluster CA', async () => {
    await createNamespace('sa-new');
    const sa = await eventually(async () => {
      const r = await srv.request('GET', '/api/v1/namespaces/sa-new/serviceaccounts/default');
      return r.status === 200 ? r.json() : undefined;
    }, 10_000, 'default ServiceAccount');
    assert.equal(sa.metadata.name, 'default');
    const cm = await eventually(async () => {
      const r = await srv.request('GET', '/api/v1/namespaces/sa-new/configmaps/kube-root-ca.crt');
      return r.status === 200 ? r.json() : undefined;
    }, 10_000, 'kube-root-ca.crt');
    assert.equal(cm.data['ca.crt'], srv.caPem);
    assert.match(cm.metadata.annotations['kubernetes.io/description'], /^Contains a CA bundle that can be used to verify the kube-apiserver/);
  });

  it('the default ServiceAccount is re-created when deleted, the CA ConfigMap restored when changed or deleted', async () => {
    await createNamespace('sa-heal');
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/sa-heal/serviceaccounts/default')).status === 200, 10_000);
    const first = (await srv.request('GET', '/api/v1/namespaces/sa-heal/serviceaccounts/default')).json();
    assert.equal((await srv.request('DELETE', '/api/v1/namespaces/sa-heal/serviceaccounts/default')).status, 200);
    const again = await eventually(async () => {
      const r = await srv.request('GET', '/api/v1/namespaces/sa-heal/serviceaccounts/default');
      return r.status === 200 ? r.json() : undefined;
    }, 10_000, 're-created default ServiceAccount');
    assert.notEqual(again.metadata.uid, first.metadata.uid);

    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/sa-heal/configmaps/kube-root-ca.crt')).status === 200, 10_000);
    const patched = await srv.request('PATCH', '/api/v1/namespaces/sa-heal/configmaps/kube-root-ca.crt', {
      body: { data: { 'ca.crt': 'tampered' } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(patched.status, 200, patched.text);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/sa-heal/configmaps/kube-root-ca.crt')).json().data?.['ca.crt'] === srv.caPem, 10_000, 'restored ca.crt');
    assert.equal((await srv.request('DELETE', '/api/v1/namespaces/sa-heal/configmaps/kube-root-ca.crt')).status, 200);
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/sa-heal/configmaps/kube-root-ca.crt')).status === 200, 10_000, 're-created ConfigMap');
  });

  it('kubectl create token default works in a new namespace', async () => {
    await createNamespace('sa-token');
    const r = await eventually(async () => {
      const k = await kubectl(srv.kubeconfig, ['create', 'token', 'default', '-n', 'sa-token']);
      return k.code === 0 ? k : undefined;
    }, 20_000, 'kubectl create token');
    const [, payload] = r!.stdout.trim().split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    assert.equal(claims.sub, 'system:serviceaccount:sa-token:default');
  });

  it('a pod runs as default and mounts the projected kube-api-access token volume', async () => {
    await createNamespace('sa-pod');
    const body = pod('p1', { initContainers: [{ name: 'init', image: 'busybox' }] });
    const r = await createPod('sa-pod', body);
    assert.equal(r.status, 201, r.text);
    const spec = r.json().spec;
    assert.equal(spec.serviceAccountName, 'default');
    const volumes = spec.volumes.filter((v: any) => v.name.startsWith('kube-api-access-'));
    assert.equal(volumes.length, 1);
    const vol = volumes[0];
    assert.match(vol.name, /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    assert.deepEqual(vol.projected, {
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
      defaultMode: 420,
    });
    for (const c of [...spec.initContainers, ...spec.containers]) {
      assert.deepEqual(c.volumeMounts, [{ name: vol.name, readOnly: true, mountPath: TOKEN_PATH }]);
    }
  });

  it('a container with its own mount at the token path keeps it; automount false on the pod or the account mounts nothing', async () => {
    await createNamespace('sa-opt');
    const own = pod('own', { volumes: [{ name: 'mine', emptyDir: {} }], containers: [{ name: 'c', image: 'busybox', volumeMounts: [{ name: 'mine', mountPath: TOKEN_PATH }] }] });
    const r1 = await createPod('sa-opt', own);
    assert.equal(r1.status, 201, r1.text);
    assert.deepEqual(r1.json().spec.volumes.map((v: any) => v.name), ['mine']);

    const r2 = await createPod('sa-opt', pod('off', { automountServiceAccountToken: false }));
    assert.equal(r2.status, 201, r2.text);
    assert.equal(r2.json().spec.volumes, undefined);
    assert.equal(r2.json().spec.serviceAccountName, 'default');

    const sa = await srv.request('POST', '/api/v1/namespaces/sa-opt/serviceaccounts', {
      body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'quiet' }, automountServiceAccountToken: false, imagePullSecrets: [{ name: 'regcred' }] },
    });
    assert.equal(sa.status, 201, sa.text);
    const r3 = await createPod('sa-opt', pod('quiet', { serviceAccountName: 'quiet' }));
    assert.equal(r3.status, 201, r3.text);
    assert.equal(r3.json().spec.volumes, undefined);
    assert.deepEqual(r3.json().spec.imagePullSecrets, [{ name: 'regcred' }]);
    // The pod's own preference wins over the account's.
    const r4 = await createPod('sa-opt', pod('loud', { serviceAccountName: 'quiet', automountServiceAccountToken: true, imagePullSecrets: [{ name: 'own' }] }));
    assert.equal(r4.status, 201, r4.text);
    assert.equal(r4.json().spec.volumes.length, 1);
    assert.deepEqual(r4.json().spec.imagePullSecrets, [{ name: 'own' }]);
  });

  it('a missing service account is 403 with upstream message; dry run is admitted the same way', async () => {
    await createNamespace('sa-missing');
    const r = await createPod('sa-missing', pod('p', { serviceAccountName: 'nosuch' }));
    assert.equal(r.status, 403);
    const s = r.json();
    assert.equal(s.reason, 'Forbidden');
    assert.equal(s.message, 'pods "p" is forbidden: error looking up service account sa-missing/nosuch: serviceaccount "nosuch" not found');
    const g = await createPod('sa-missing', { ...pod(''), metadata: { generateName: 'gen-' }, spec: { serviceAccountName: 'nosuch', containers: [{ name: 'c', image: 'x' }] } }, '?dryRun=All');
    assert.equal(g.status, 403);
    assert.equal(g.json().message, 'pods "gen-" is forbidden: error looking up service account sa-missing/nosuch: serviceaccount "nosuch" not found');
  });

  it('kubernetes.io/enforce-mountable-secrets limits the secrets a pod and its ephemeral containers may use', async () => {
    await createNamespace('sa-enforce');
    const sa = await srv.request('POST', '/api/v1/namespaces/sa-enforce/serviceaccounts', {
      body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'strict', annotations: { 'kubernetes.io/enforce-mountable-secrets': 'true' } }, secrets: [{ name: 'ok' }] },
    });
    assert.equal(sa.status, 201, sa.text);
    const vol = await createPod('sa-enforce', pod('v', { serviceAccountName: 'strict', volumes: [{ name: 's', secret: { secretName: 'other' } }] }));
    assert.equal(vol.status, 403);
    assert.equal(vol.json().message, 'pods "v" is forbidden: volume with secret.secretName="other" is not allowed because service account strict does not reference that secret');
    const env = await createPod('sa-enforce', pod('e', { serviceAccountName: 'strict', containers: [{ name: 'c', image: 'x', envFrom: [{ secretRef: { name: 'other' } }] }] }));
    assert.equal(env.status, 403);
    assert.equal(env.json().message, 'pods "e" is forbidden: container c with envFrom referencing secret.secretName="other" is not allowed because service account strict does not reference that secret');
    const good = await createPod('sa-enforce', pod('g', { serviceAccountName: 'strict', volumes: [{ name: 's', secret: { secretName: 'ok' } }] }));
    assert.equal(good.status, 201, good.text);
    const current = good.json();
    current.spec.ephemeralContainers = [{ name: 'dbg', image: 'x', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'other', key: 'k' } } }] }];
    const eph = await srv.request('PUT', '/api/v1/namespaces/sa-enforce/pods/g/ephemeralcontainers', { body: current });
    assert.equal(eph.status, 500, eph.text);
    assert.match(eph.json().message, /ephemeral container dbg with envVar X referencing secret.secretName="other" is not allowed because service account strict does not reference that secret/);
  });

  it('mirror pods are not mutated and may reference neither service accounts nor secrets', async () => {
    await createNamespace('sa-mirror');
    const mirror = { 'kubernetes.io/config.mirror': 'abc' };
    const ok = await createPod('sa-mirror', pod('m', {}, { annotations: mirror }));
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.json().spec.serviceAccountName, undefined);
    assert.equal(ok.json().spec.volumes, undefined);
    const withSa = await createPod('sa-mirror', pod('m2', { serviceAccountName: 'default' }, { annotations: mirror }));
    assert.equal(withSa.status, 403);
    assert.equal(withSa.json().message, 'pods "m2" is forbidden: a mirror pod may not reference service accounts');
    const withSecret = await createPod('sa-mirror', pod('m3', { volumes: [{ name: 's', secret: { secretName: 'x' } }] }, { annotations: mirror }));
    assert.equal(withSecret.status, 403);
    assert.equal(withSecret.json().message, 'pods "m3" is forbidden: a mirror pod may not reference secrets');
  });
});

describe('ServiceAccount admission without the serviceaccount controller', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
  });
  after(async () => {
    await srv?.close();
  });

  it('a pod in a namespace with no default account is refused after the lookups', async () => {
    const ns = await srv.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'bare' } } });
    assert.equal(ns.status, 201);
    const r = await srv.request('POST', '/api/v1/namespaces/bare/pods', { body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } } });
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'pods "p" is forbidden: error looking up service account bare/default: serviceaccount "default" not found');
  });
});
