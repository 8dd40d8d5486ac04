// Authorization configuration (upstream k8s.io/apiserver/pkg/apis/apiserver/validation
// ValidateAuthorizationConfiguration, pkg/kubeapiserver/options/authorization.go): the
// AuthorizationConfiguration file's defaults and validation messages, the legacy flags'
// checks, exclusivity, and servers running each way — including reloads of the file.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { parseAuthorizationConfiguration, validateAuthorizationFlags } from '../../src/authz/config.js';
import { startServer } from '../../src/index.js';
import { createLogger } from '../../src/util/log.js';
import { asUser, createDiscoveryRoles, grantCluster, userSubject, waitForAccess, writeTokenFile, type TokenUser } from '../support/rbac.js';
import { eventually, silentLogger, startTestServer, type TestServer } from '../support/server.js';
import { answer, startReviewWebhook, type ReviewWebhook } from '../support/webhook-server.js';

const HEAD = 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\n';
const alice: TokenUser = { name: 'alice', token: 'alice-token-0123456789', groups: [] };
const mallory: TokenUser = { name: 'mallory', token: 'mallory-token-0123456789', groups: [] };

function webhookEntry(kubeconfig: string, extra = '', name = 'hook'): string {
  return `- type: Webhook
  name: ${name}
  webhook:
    timeout: 3s
    subjectAccessReviewVersion: v1
    matchConditionSubjectAccessReviewVersion: v1
    failurePolicy: Deny
    connectionInfo:
      type: KubeConfigFile
      kubeConfigFile: ${kubeconfig}
${extra}`;
}

describe('AuthorizationConfiguration validation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-authz-config-'));
  const kc = join(dir, 'kubeconfig');
  writeFileSync(kc, 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n');

  it('defaults the webhook TTLs and keeps the order', () => {
    const c = parseAuthorizationConfiguration(`${HEAD}authorizers:\n- {type: Node, name: node}\n${webhookEntry(kc)}- {type: RBAC, name: rbac}\n`);
    assert.deepEqual(c.authorizers.map((a) => a.type), ['Node', 'Webhook', 'RBAC']);
    const w = c.authorizers[1]!.webhook!;
    assert.equal(w.authorizedTTLMs, 300_000);
    assert.equal(w.unauthorizedTTLMs, 30_000);
    assert.equal(w.timeoutMs, 3000);
  });

  it('reports upstream field errors', () => {
    const bad = (yaml: string) => {
      try {
        parseAuthorizationConfiguration(HEAD + yaml);
      } catch (e) {
        return (e as Error).message;
      }
      assert.fail('accepted');
    };
    assert.equal(bad('authorizers: []\n'), 'authorizers: Required value: at least one authorization mode must be defined');
    assert.equal(bad('authorizers:\n- {type: RBAC, name: a}\n- {type: RBAC, name: b}\n'), 'authorizers[1].type: Duplicate value: "RBAC"');
    assert.equal(bad('authorizers:\n- {type: Foo, name: a}\n'), 'authorizers[0].type: Unsupported value: "Foo": supported values: "ABAC", "AlwaysAllow", "AlwaysDeny", "Node", "RBAC", "Webhook"');
    assert.equal(bad('authorizers:\n- {type: RBAC}\n'), 'authorizers[0].name: Required value');
    assert.equal(bad('authorizers:\n- {type: Webhook, name: w}\n'), 'authorizers[0].webhook: Required value: required when type=Webhook');
    assert.equal(
      bad(`authorizers:\n- type: Webhook\n  name: w\n  webhook: {timeout: 45s, subjectAccessReviewVersion: v2, failurePolicy: Maybe, connectionInfo: {type: KubeConfigFile, kubeConfigFile: rel/path}}\n`),
      '[authorizers[0].webhook.timeout: Invalid value: "45s": must be > 0s and <= 30s, authorizers[0].webhook.subjectAccessReviewVersion: Unsupported value: "v2": supported values: "v1", "v1beta1", ' +
        'authorizers[0].webhook.failurePolicy: Unsupported value: "Maybe": supported values: "NoOpinion", "Deny", authorizers[0].webhook.connectionInfo.kubeConfigFile: Invalid value: "rel/path": must be an absolute path]',
    );
    const many = Array.from({ length: 65 }, (_, i) => `    - expression: "request.user != 'u${i}'"`).join('\n');
    assert.match(bad(`authorizers:\n${webhookEntry(kc, `    matchConditions:\n${many}\n`)}`), /authorizers\[0\]\.webhook\.matchConditions: Too many: 65: must have at most 64 items/);
    assert.match(bad(`authorizers:\n${webhookEntry(kc, '    matchConditions:\n    - expression: "request.user +"\n')}`), /authorizers\[0\]\.webhook\.matchConditions\[0\]\.expression: Invalid value: "request.user \+": compilation failed/);
    assert.match(bad('apiVersion: v1\nkind: Foo\n'.replace(HEAD, '')), /no kind/);
  });

  it('checks the legacy flags as upstream', () => {
    assert.deepEqual(validateAuthorizationFlags({ modes: ['ABAC', 'Webhook'] }), [
      "authorization-mode ABAC's authorization policy file not passed",
      "authorization-mode Webhook's authorization config file not passed",
    ]);
    assert.deepEqual(validateAuthorizationFlags({ modes: ['RBAC'], policyFile: '/p' }), ['cannot specify --authorization-policy-file without mode ABAC']);
    assert.deepEqual(validateAuthorizationFlags({ modes: [] }), ['at least one authorization-mode must be passed']);
  });
});

describe('authorization modes in a running server', () => {
  let hook: ReviewWebhook;
  let dir: string;
  let tokenFile: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-authz-modes-'));
    tokenFile = writeTokenFile(dir, [alice, mallory]);
    hook = await startReviewWebhook((review) =>
      review.spec.user === 'mallory' ? { body: answer(review, { allowed: false, denied: true, reason: 'mallory is banned' }) } : { body: answer(review, { allowed: false }) },
    );
  });
  after(async () => {
    await hook?.close();
  });

  it('refuses --authorization-config together with --authorization-mode (the CLI exits 1)', async () => {
    const file = join(dir, 'authz.yaml');
    writeFileSync(file, `${HEAD}authorizers:\n- {type: RBAC, name: rbac}\n`);
    await assert.rejects(
      startServer({ dataDir: join(dir, 'both'), securePort: 0, bindAddress: '127.0.0.1', logger: silentLogger(), authorizationConfigFile: file, authorizationMode: ['RBAC'] }),
      /--authorization-config can not be specified when --authorization-mode or --authorization-webhook-\* flags are defined/,
    );
    const main = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
    const r = spawnSync(process.execPath, [main, `--data-dir=${join(dir, 'cli')}`, '--secure-port=1', '--bind-address=127.0.0.1', `--authorization-config=${file}`, '--authorization-mode=RBAC'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /--authorization-config can not be specified/);
  });

  it('AlwaysDeny refuses with its reason; ABAC allows what its file says', async () => {
    const deny = await startTestServer({ tokenAuthFile: tokenFile, authorizationMode: ['AlwaysDeny'] });
    try {
      const r = await asUser(deny, alice, 'GET', '/api/v1/namespaces/default/pods');
      assert.equal(r.json().message, 'pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "default": Everything is forbidden.');
      assert.equal((await deny.request('GET', '/api/v1/namespaces/default/pods')).status, 200, 'system:masters still passes');
    } finally {
      await deny.close();
    }
    const policy = join(dir, 'abac.jsonl');
    writeFileSync(policy, '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user": "alice", "namespace": "default", "resource": "pods", "apiGroup": "", "readonly": true}}\n');
    const abac = await startTestServer({ tokenAuthFile: tokenFile, authorizationMode: ['ABAC'], authorizationPolicyFile: policy });
    try {
      assert.equal((await asUser(abac, alice, 'GET', '/api/v1/namespaces/default/pods')).status, 200);
      const w = await asUser(abac, alice, 'POST', '/api/v1/namespaces/default/pods', { body: { metadata: { name: 'x' } } });
      assert.equal(w.json().message, 'pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "default": No policy matched.');
    } finally {
      await abac.close();
    }
  });

  it('runs a Webhook before RBAC from the configuration file (a webhook deny wins), and reloads it', async () => {
    const file = join(dir, 'authz-reload.yaml');
    writeFileSync(file, `${HEAD}authorizers:\n${webhookEntry(hook.kubeconfig)}- {type: RBAC, name: rbac}\n`);
    // The server's error log tells when a reload was refused.
    const errors: string[] = [];
    const logger = createLogger({ verbosity: 0, stream: { write: (line: string) => (line.startsWith('E') && errors.push(line), true) } });
    const refusedReloads = () => errors.filter((l) => l.includes('error reloading authorization configuration file')).length;
    const srv: TestServer = await startTestServer({ tokenAuthFile: tokenFile, authorizationConfigFile: file, authorizationConfigReloadIntervalMs: 50, logger });
    try {
      await createDiscoveryRoles(srv);
      await grantCluster(srv, 'pod-readers', [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }], [userSubject('alice'), userSubject('mallory')]);
      await waitForAccess(srv, 'alice', [], { verb: 'list', resource: 'pods', namespace: 'default' });
      assert.equal((await asUser(srv, alice, 'GET', '/api/v1/namespaces/default/pods')).status, 200);
      const banned = await asUser(srv, mallory, 'GET', '/api/v1/namespaces/default/pods');
      assert.equal(banned.status, 403);
      assert.equal(banned.json().message, 'pods is forbidden: User "mallory" cannot list resource "pods" in API group "" in the namespace "default": mallory is banned');
      const rules = await asUser(srv, alice, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', {
        body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'default' } },
      });
      assert.equal(rules.json().status.incomplete, true);
      assert.equal(rules.json().status.evaluationError, 'webhook authorizer does not support user rule resolution');

      // Reload: a matchCondition now skips the webhook for mallory, so RBAC decides.
      writeFileSync(file, `${HEAD}authorizers:\n${webhookEntry(hook.kubeconfig, "    matchConditions:\n    - expression: \"request.user != 'mallory'\"\n")}- {type: RBAC, name: rbac}\n`);
      await eventually(async () => (await asUser(srv, mallory, 'GET', '/api/v1/namespaces/default/pods')).status === 200, 15_000, 'reloaded configuration');
      // An invalid file, or one that drops RBAC, keeps the current configuration.
      const refused = refusedReloads();
      writeFileSync(file, `${HEAD}authorizers: []\n`);
      await eventually(() => refusedReloads() > refused, 15_000, 'the empty configuration refused');
      const refusedAgain = refusedReloads();
      writeFileSync(file, `${HEAD}authorizers:\n${webhookEntry(hook.kubeconfig)}`);
      await eventually(() => refusedReloads() > refusedAgain, 15_000, 'the configuration without RBAC refused');
      assert.equal((await asUser(srv, mallory, 'GET', '/api/v1/namespaces/default/pods')).status, 200);
      assert.equal((await asUser(srv, alice, 'GET', '/api/v1/namespaces/default/pods')).status, 200);
    } finally {
      await srv.close();
    }
  });
});
