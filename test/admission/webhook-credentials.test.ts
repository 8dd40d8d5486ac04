// What skiff presents to admission webhooks: the kubeConfigFile of the plugins'
// WebhookAdmissionConfiguration in --admission-control-config-file, users picked by host as
// k8s.io/apiserver pkg/util/webhook/authentication.go (defaultAuthenticationInfoResolver) does.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebhookCredentials } from '../../src/admission/webhook/credentials.js';
import { startAdmissionWebhookServer, type AdmissionWebhookServer } from '../support/admission-webhook.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

function kubeconfig(dir: string, users: Record<string, string>, current?: string): string {
  const path = join(dir, `kubeconfig-${Object.keys(users).length}-${current ?? ''}`);
  const userList = Object.entries(users).map(([name, token]) => `- name: ${JSON.stringify(name)}\n  user:\n    token: ${token}`).join('\n');
  const ctx = current ? `contexts:\n- name: c\n  context: {cluster: x, user: ${JSON.stringify(current)}}\ncurrent-context: c\n` : '';
  writeFileSync(path, `apiVersion: v1\nkind: Config\nclusters:\n- name: x\n  cluster: {server: "https://unused"}\nusers:\n${userList}\n${ctx}`);
  return path;
}

const config = (kubeConfigFile: string) => ({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'WebhookAdmissionConfiguration', kubeConfigFile });

describe('webhook credentials (util/webhook/authentication.go)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-webhook-creds-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('host:port, then *.suffix, then without :443, then *, then the current context user', () => {
    const c = WebhookCredentials.fromPluginConfig(
      config(kubeconfig(dir, { 'a.example.com:8443': 'exact', '*.example.com:8443': 'suffix-port', 'b.example.org': 'no-port', '*.svc': 'svc', '*': 'star', me: 'current' }, 'me')),
    );
    assert.equal(c.forTarget('a.example.com:8443').token, 'exact');
    assert.equal(c.forTarget('z.example.com:8443').token, 'suffix-port');
    assert.equal(c.forTarget('b.example.org:443').token, 'no-port');
    assert.equal(c.forTarget('hook.ns.svc:443').token, 'svc');
    assert.equal(c.forTarget('other:9443').token, 'star');
    const noStar = WebhookCredentials.fromPluginConfig(config(kubeconfig(dir, { me: 'current' }, 'me')));
    assert.equal(noStar.forTarget('other:9443').token, 'current');
    assert.deepEqual(WebhookCredentials.none().forTarget('x:443'), {});
  });

  it('an invalid configuration stops the server: relative path, wrong kind', () => {
    assert.throws(() => WebhookCredentials.fromPluginConfig(config('relative/kubeconfig')), /kubeConfigFile: Invalid value: "relative\/kubeconfig": must be an absolute file path/);
    assert.throws(() => WebhookCredentials.fromPluginConfig({ apiVersion: 'v1', kind: 'Nope' }), /no kind "Nope" is registered for version "v1"/);
  });

  describe('through --admission-control-config-file', () => {
    let srv: TestServer;
    let wh: AdmissionWebhookServer;
    before(async () => {
      wh = await startAdmissionWebhookServer();
      const kc = kubeconfig(dir, { [`127.0.0.1:${wh.port}`]: 'exact-token', '*': 'star-token' });
      const admissionConfig = join(dir, 'admission.yaml');
      writeFileSync(
        admissionConfig,
        JSON.stringify({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'AdmissionConfiguration', plugins: [{ name: 'ValidatingAdmissionWebhook', configuration: config(kc) }] }),
      );
      srv = await startTestServer({ admissionControlConfigFile: admissionConfig });
    });
    after(async () => {
      await srv?.close();
      await wh?.close();
    });

    it('each webhook gets the token of its host', async () => {
      const hook = (name: string, url: string) => ({
        name: `${name}.creds.test`,
        clientConfig: { url, caBundle: wh.caBundle },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      });
      const r = await srv.request('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
        body: { metadata: { name: 'creds' }, webhooks: [hook('ip', wh.url('/ip')), hook('name', `https://localhost:${wh.port}/name`)] },
      });
      assert.equal(r.status, 201, r.text);
      await eventually(async () => {
        await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { generateName: 'c-' } } });
        return wh.received('/ip').length > 0 && wh.received('/name').length > 0;
      }, 10_000, 'both webhooks to be called');
      assert.equal(wh.received('/ip').at(-1).authorization, 'Bearer exact-token');
      assert.equal(wh.received('/name').at(-1).authorization, 'Bearer star-token');
    });
  });
});
