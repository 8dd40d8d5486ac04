import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import yaml from 'js-yaml';
import { KubeConfig, VersionApi } from '@kubernetes/client-node';
import { ensurePki } from '../../src/cli/pki.js';
import { kubeconfigObject, kubeconfigYaml, serverUrl, writeKubeconfig } from '../../src/cli/kubeconfig.js';

interface Kubeconfig {
  apiVersion: string;
  kind: string;
  clusters: { name: string; cluster: Record<string, string> }[];
  contexts: { name: string; context: { cluster: string; user: string } }[];
  'current-context': string;
  users: { name: string; user: Record<string, string> }[];
}

test('writes a standard kubeconfig with embedded data, mode 0600; client-node uses it for mTLS', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'skiff-kubeconfig-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const pki = await ensurePki(join(dir, 'pki'));

  // A real HTTPS server that requires our admin client certificate.
  const server = createServer(
    { cert: pki.serving.certPem, key: pki.serving.keyPem, ca: pki.ca.certPem, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ major: '1', minor: '34', gitVersion: `v1.34.0+${peer.subject.CN}`, gitCommit: '', gitTreeState: '', buildDate: '', goVersion: '', compiler: '', platform: '' }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const url = serverUrl('0.0.0.0', (server.address() as AddressInfo).port);
  assert.match(url, /^https:\/\/127\.0\.0\.1:\d+$/);

  const path = join(dir, 'kubeconfig');
  const written = await writeKubeconfig(path, { server: url, caPem: pki.ca.certPem, clientCertPem: pki.admin.certPem, clientKeyPem: pki.admin.keyPem });
  assert.equal((await stat(path)).mode & 0o777, 0o600);
  const text = await readFile(path, 'utf8');
  assert.equal(text, written);

  const doc = yaml.load(text) as Kubeconfig;
  assert.equal(doc.apiVersion, 'v1');
  assert.equal(doc.kind, 'Config');
  assert.equal(doc['current-context'], 'skiff');
  assert.deepEqual(doc.contexts, [{ name: 'skiff', context: { cluster: 'skiff', user: 'admin' } }]);
  assert.equal(doc.clusters[0]!.name, 'skiff');
  assert.equal(doc.clusters[0]!.cluster.server, url);
  assert.equal(Buffer.from(doc.clusters[0]!.cluster['certificate-authority-data']!, 'base64').toString(), pki.ca.certPem);
  assert.equal(doc.users[0]!.name, 'admin');
  assert.equal(Buffer.from(doc.users[0]!.user['client-certificate-data']!, 'base64').toString(), pki.admin.certPem);
  assert.equal(Buffer.from(doc.users[0]!.user['client-key-data']!, 'base64').toString(), pki.admin.keyPem);

  const kc = new KubeConfig();
  kc.loadFromFile(path);
  assert.equal(kc.getCurrentContext(), 'skiff');
  assert.equal(kc.getCurrentCluster()?.server, url);
  assert.equal(kc.getCurrentUser()?.name, 'admin');
  const version = await kc.makeApiClient(VersionApi).getCode();
  assert.equal(version.gitVersion, 'v1.34.0+kubernetes-admin');
});

test('names, tokens and IPv6 URLs', () => {
  const doc = yaml.load(kubeconfigYaml({ server: serverUrl('::', 6443), caPem: 'CA', token: 'abc', clusterName: 'c', user: 'u', context: 'x' })) as Kubeconfig;
  assert.equal(doc.clusters[0]!.cluster.server, 'https://[::1]:6443');
  assert.deepEqual(doc.users, [{ name: 'u', user: { token: 'abc' } }]);
  assert.deepEqual(doc.contexts, [{ name: 'x', context: { cluster: 'c', user: 'u' } }]);
  assert.equal(serverUrl('fd00::5', 1), 'https://[fd00::5]:1');
  assert.equal(serverUrl('10.1.2.3', 443), 'https://10.1.2.3:443');
  assert.throws(() => kubeconfigYaml({ server: 'https://x', caPem: 'CA', clientCertPem: 'C' }), /needs both/);
});

test('the YAML reads back as exactly the kubeconfig object, whatever the names hold', () => {
  const awkward = ['true', '123', 'a: b', '- x', '#c', 'quote"and\\backslash', 'line\nbreak', 'ünïcode', '', ' padded ', '{}'];
  for (const name of awkward) {
    const opts = { server: 'https://127.0.0.1:6443', caPem: `CA ${name}`, token: name, clusterName: name, user: name, context: name };
    assert.deepEqual(yaml.load(kubeconfigYaml(opts)), kubeconfigObject(opts), JSON.stringify(name));
  }
  const noUser = { server: 'https://[::1]:1', caPem: 'CA' };
  assert.deepEqual(yaml.load(kubeconfigYaml(noUser)), kubeconfigObject(noUser));
});
