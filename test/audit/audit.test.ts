// Audit: the policy (upstream pkg/audit/policy/checker.go, pkg/apis/audit/validation),
// the log backend with lumberjack-style rotation, the webhook backend's EventList
// batches, and a running server whose audit log is parsed for each level — with the
// authorization annotations, impersonation, stages, Secret data kept out of Metadata
// events, and the deprecation annotations (pkg/endpoints/filters/audit.go,
// pkg/endpoints/metrics/metrics.go MonitorRequest).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluatePolicy, readPolicyFile, validatePolicy, type AuditAttributes, type Policy } from '../../src/audit/policy.js';
import { LogBackend } from '../../src/audit/log-backend.js';
import type { AuditEvent } from '../../src/audit/event.js';
import { parsePrometheusText } from '../support/prometheus.js';
import { asUser, writeTokenFile, type TokenUser } from '../support/rbac.js';
import { eventually, startTestServer } from '../support/server.js';
import { startReviewWebhook } from '../support/webhook-server.js';

/** Waits for a value (eventually), typed as found. */
async function found<T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> {
  return (await eventually(fn))!;
}

const attrs = (o: Partial<AuditAttributes>): AuditAttributes => ({
  user: { username: 'alice', groups: ['devs', 'system:authenticated'] },
  verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/ns/pods/p', apiGroup: '', namespace: 'ns', resource: 'pods', subresource: '', name: 'p',
  ...o,
});

test('policy rules match as upstream checker.go: first match wins, resources with subresource wildcards, names, namespaces, non-resource URL prefixes', () => {
  const p: Policy = {
    omitStages: ['RequestReceived'],
    rules: [
      { level: 'None', users: ['system:kube-proxy'] },
      { level: 'RequestResponse', resources: [{ group: '', resources: ['pods/log', '*/status'] }], omitStages: ['ResponseStarted'] },
      { level: 'Request', resources: [{ group: 'apps', resources: ['deployments/*'] }], omitManagedFields: true },
      { level: 'Metadata', resources: [{ group: '', resources: ['configmaps'], resourceNames: ['special'] }] },
      { level: 'Request', namespaces: [''], verbs: ['create'] },
      { level: 'Metadata', nonResourceURLs: ['/healthz*', '/version'] },
      { level: 'Request', userGroups: ['devs'], verbs: ['delete'] },
    ],
  };
  assert.deepEqual(evaluatePolicy(p, attrs({ user: { username: 'system:kube-proxy', groups: [] } })), { level: 'None', omitStages: ['RequestReceived'], omitManagedFields: false });
  assert.deepEqual(evaluatePolicy(p, attrs({ subresource: 'log' })), { level: 'RequestResponse', omitStages: ['RequestReceived', 'ResponseStarted'], omitManagedFields: false });
  assert.equal(evaluatePolicy(p, attrs({ resource: 'nodes', subresource: 'status', namespace: '' })).level, 'RequestResponse');
  assert.equal(evaluatePolicy(p, attrs({ apiGroup: 'apps', resource: 'deployments', subresource: 'scale' })).omitManagedFields, true);
  assert.equal(evaluatePolicy(p, attrs({ apiGroup: 'apps', resource: 'deployments', subresource: '' })).level, 'Request', '"deployments/*" matches the resource and its subresources');
  assert.equal(evaluatePolicy(p, attrs({ apiGroup: 'apps', resource: 'replicasets', subresource: 'scale' })).level, 'None');
  assert.equal(evaluatePolicy(p, attrs({ resource: 'configmaps', name: 'special' })).level, 'Metadata');
  assert.equal(evaluatePolicy(p, attrs({ resource: 'configmaps', name: 'other' })).level, 'None');
  assert.equal(evaluatePolicy(p, attrs({ resource: 'namespaces', namespace: '', verb: 'create' })).level, 'Request', 'namespaces [""] matches cluster-scoped');
  assert.equal(evaluatePolicy(p, attrs({ isResourceRequest: false, path: '/healthz/etcd', verb: 'get' })).level, 'Metadata');
  assert.equal(evaluatePolicy(p, attrs({ isResourceRequest: false, path: '/versions', verb: 'get' })).level, 'None');
  assert.equal(evaluatePolicy(p, attrs({ verb: 'delete' })).level, 'Request');
  assert.deepEqual(validatePolicy({ rules: [{ level: 'Verbose' as never }, { level: 'None', nonResourceURLs: ['/x'], resources: [{ resources: ['pods'] }] }, { level: 'None', nonResourceURLs: ['x*y'] }], omitStages: ['Done' as never] }), [
    'omitStages[0]: Invalid value: "Done": allowed stages are [RequestReceived ResponseStarted ResponseComplete Panic]',
    'rules[0].level: Unsupported value: "Verbose": supported values: "None", "Metadata", "Request", "RequestResponse"',
    'rules[1].nonResourceURLs: Invalid value: ["/x"]: rules cannot apply to both regular resources and non-resource URLs',
    'rules[2].nonResourceURLs[0]: Invalid value: "x*y": non-resource URL rules must begin with a \'/\' character',
    'rules[2].nonResourceURLs[0]: Invalid value: "x*y": non-resource URL wildcards \'*\' must be the final character of the rule',
  ]);
});

test('the log backend rotates at --audit-log-maxsize and keeps --audit-log-maxbackup backups', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-audit-rotate-'));
  try {
    const b = new LogBackend({ path: join(dir, 'audit.log'), maxSizeMB: 1, maxBackups: 1 });
    const ev = (i: number): AuditEvent => ({ kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: 'Metadata', auditID: `id-${i}`, stage: 'ResponseComplete', requestURI: `/x/${'a'.repeat(1000)}`, verb: 'get', user: { username: 'u' }, requestReceivedTimestamp: '', stageTimestamp: '' });
    for (let i = 0; i < 3000; i++) b.process([ev(i)]); // ~3.2 MB: rotated more than once, within the same millisecond at most once
    void b.stop();
    const files = readdirSync(dir).sort();
    assert.ok(files.includes('audit.log'));
    const backups = files.filter((f) => /^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}\.log$/.test(f));
    assert.equal(backups.length, 1, files.join(' '));
    const current = readFileSync(join(dir, 'audit.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEvent);
    assert.equal(current.at(-1)!.auditID, 'id-2999');
    assert.ok(readFileSync(join(dir, 'audit.log')).length <= 1024 * 1024);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--audit-policy-file errors are kube-apiserver start-up errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-audit-policy-'));
  try {
    const p = join(dir, 'policy.yaml');
    writeFileSync(p, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n');
    assert.throws(() => readPolicyFile(p), { message: `loaded illegal policy with 0 rules from file ${p}` });
    writeFileSync(p, 'apiVersion: audit.k8s.io/v1beta1\nkind: Policy\nrules: [{level: None}]\n');
    assert.throws(() => readPolicyFile(p), /no kind "Policy" is registered for version "audit.k8s.io\/v1beta1"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const monitor: TokenUser = { name: 'prometheus', token: 'monitor-token', groups: ['system:monitoring'] };
const nobody: TokenUser = { name: 'nobody', token: 'nobody-token', groups: [] };

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/readyz*", "/livez*", "/metrics"]
- level: Metadata
  resources: [{group: "", resources: ["secrets"]}]
- level: Request
  namespaces: ["requests"]
  resources: [{group: "", resources: ["configmaps"]}]
  omitStages: ["RequestReceived"]
- level: RequestResponse
  resources: [{group: "", resources: ["podtemplates"]}]
  omitManagedFields: true
- level: Metadata
`;

test('a running server writes each level to --audit-log-path and batches to --audit-webhook-config-file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-audit-'));
  const hook = await startReviewWebhook(() => ({ status: 200, body: {} }));
  const policy = join(dir, 'policy.yaml');
  writeFileSync(policy, POLICY);
  const log = join(dir, 'logs', 'audit.log');
  const srv = await startTestServer({
    tokenAuthFile: writeTokenFile(dir, [monitor, nobody]),
    auditPolicyFile: policy,
    auditLogPath: log,
    auditWebhookConfigFile: hook.kubeconfig,
    auditWebhookBatchMaxWaitMs: 100,
    runtimeConfig: { 'storage.k8s.io/v1beta1': 'true' },
  });
  const events = () => readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEvent);
  const byId = (id: string) => events().filter((e) => e.auditID === id);
  const auditId = (r: { headers: Record<string, unknown> }) => String(r.headers['audit-id']);
  try {
    const ns = (name: string) => srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name } } });
    assert.equal((await ns('requests')).status, 201);

    // Metadata: a Secret's data never reaches the log.
    const secret = await srv.request('POST', '/api/v1/namespaces/default/secrets', { body: { metadata: { name: 's1' }, stringData: { password: 'hunter2-audit' } } });
    assert.equal(secret.status, 201);
    const sid = auditId(secret);
    const s = await found(() => (byId(sid).length === 2 ? byId(sid) : undefined));
    assert.deepEqual(s.map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
    const done = s[1]!;
    assert.equal(done.level, 'Metadata');
    assert.equal(done.verb, 'create');
    assert.deepEqual(done.objectRef, { resource: 'secrets', namespace: 'default', name: 's1', apiVersion: 'v1' });
    assert.deepEqual(done.responseStatus, { metadata: {}, code: 201 });
    assert.equal(done.user.username, 'kubernetes-admin');
    assert.equal(done.annotations?.['authorization.k8s.io/decision'], 'allow');
    assert.equal(typeof done.annotations?.['authorization.k8s.io/reason'], 'string');
    assert.match(done.requestReceivedTimestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    assert.equal(done.requestObject, undefined);
    assert.ok(!readFileSync(log, 'utf8').includes('hunter2'), 'no secret data in the log');
    assert.ok(!readFileSync(log, 'utf8').includes(Buffer.from('hunter2-audit').toString('base64')));

    // Request: the request body, no response body, RequestReceived omitted by the rule.
    const cm = await srv.request('POST', '/api/v1/namespaces/requests/configmaps', { body: { metadata: { name: 'c1' }, data: { k: 'v' } } });
    assert.equal(cm.status, 201);
    const c = await found(() => (byId(auditId(cm)).length ? byId(auditId(cm)) : undefined));
    assert.deepEqual(c.map((e) => e.stage), ['ResponseComplete']);
    assert.equal(c[0]!.level, 'Request');
    assert.deepEqual(c[0]!.requestObject, { metadata: { name: 'c1' }, data: { k: 'v' } });
    assert.equal(c[0]!.responseObject, undefined);

    // RequestResponse: both bodies, managed fields left out.
    const pt = await srv.request('POST', '/api/v1/namespaces/default/podtemplates', { body: { metadata: { name: 't1' }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } });
    assert.equal(pt.status, 201);
    const t = await found(() => byId(auditId(pt)).find((e) => e.stage === 'ResponseComplete'));
    assert.equal(t.level, 'RequestResponse');
    assert.equal((t.requestObject as any).metadata.name, 't1');
    const resp = t.responseObject as any;
    assert.equal(resp.kind, 'PodTemplate');
    assert.equal(resp.metadata.uid, pt.json().metadata.uid);
    assert.ok(pt.json().metadata.managedFields, 'the response itself has managed fields');
    assert.equal(resp.metadata.managedFields, undefined, 'omitManagedFields');

    // A forbidden request: the decision and reason, the Status, no object.
    const denied = await asUser(srv, nobody, 'GET', '/api/v1/namespaces/default/secrets/s1');
    assert.equal(denied.status, 403);
    const d = await found(() => byId(auditId(denied)).find((e) => e.stage === 'ResponseComplete'));
    assert.equal(d.annotations?.['authorization.k8s.io/decision'], 'forbid');
    assert.equal(d.user.username, 'nobody');
    assert.equal(d.responseStatus?.code, 403);
    assert.equal(d.responseStatus?.reason, 'Forbidden');
    assert.equal(d.responseStatus?.status, 'Failure');

    // Impersonation: the authenticated user and the impersonated one.
    const imp = await srv.request('GET', '/api/v1/namespaces/default/configmaps', { headers: { 'impersonate-user': 'bob' } });
    const i = await found(() => byId(auditId(imp)).find((e) => e.stage === 'ResponseComplete'));
    assert.equal(i.user.username, 'kubernetes-admin');
    assert.equal(i.impersonatedUser?.username, 'bob');
    assert.equal(i.responseStatus?.code, imp.status);

    // A refused credential: one ResponseStarted event with the methods tried, no user.
    const bad = await asUser(srv, { name: 'x', token: 'not-a-token', groups: [] }, 'GET', '/api/v1/namespaces');
    assert.equal(bad.status, 401);
    const b = await found(() => byId(auditId(bad)).find((e) => e.stage === 'ResponseStarted'));
    assert.deepEqual(b.user, {});
    assert.deepEqual(b.responseStatus, { metadata: {}, message: 'Authentication failed, attempted: bearer', code: 401 });
    assert.equal(byId(auditId(bad)).length, 1);

    // None: health checks are not audited.
    const h = await srv.request('GET', '/readyz');
    assert.equal(h.status, 200);
    assert.equal(byId(auditId(h)).length, 0);

    // A deprecated version: the Warning, the audit annotations, the metric.
    const vac = { apiVersion: 'storage.k8s.io/v1beta1', kind: 'VolumeAttributesClass', metadata: { name: 'gold' }, driverName: 'csi.example.com', parameters: { iops: '100' } };
    const dep = await srv.request('POST', '/apis/storage.k8s.io/v1beta1/volumeattributesclasses', { body: vac });
    assert.equal(dep.status, 201, dep.text);
    assert.equal(dep.headers['warning'], '299 - "storage.k8s.io/v1beta1 VolumeAttributesClass is deprecated in v1.34+, unavailable in v1.37+; use storage.k8s.io/v1 VolumeAttributesClass"');
    const de = await found(() => byId(auditId(dep)).find((e) => e.stage === 'ResponseComplete'));
    assert.equal(de.annotations?.['k8s.io/deprecated'], 'true');
    assert.equal(de.annotations?.['k8s.io/removed-release'], '1.37');
    const ga = await srv.request('GET', '/apis/storage.k8s.io/v1/volumeattributesclasses/gold');
    assert.equal(ga.status, 200);
    assert.equal(ga.headers['warning'], undefined, 'the GA version is not deprecated');
    const ge = await found(() => byId(auditId(ga)).find((e) => e.stage === 'ResponseComplete'));
    assert.equal(ge.annotations?.['k8s.io/deprecated'], undefined);
    const metrics = parsePrometheusText((await asUser(srv, monitor, 'GET', '/metrics')).text);
    assert.equal(metrics.value('apiserver_requested_deprecated_apis', { group: 'storage.k8s.io', version: 'v1beta1', resource: 'volumeattributesclasses', subresource: '', removed_release: '1.37' }), 1);
    assert.equal(metrics.samples('apiserver_requested_deprecated_apis', { version: 'v1' }).length, 0);

    // The webhook got the same events in EventList batches.
    await found(() => {
      const sent = hook.received.flatMap((l) => (l.kind === 'EventList' && l.apiVersion === 'audit.k8s.io/v1' ? l.items : []));
      return sent.some((e: AuditEvent) => e.auditID === sid && e.stage === 'ResponseComplete') ? true : undefined;
    });
  } finally {
    await srv.close();
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
