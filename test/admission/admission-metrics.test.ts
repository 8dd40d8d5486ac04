// The admission metrics of k8s.io/apiserver pkg/admission/metrics/metrics.go (webhook calls,
// rejections, fail-open, matchConditions) and pkg/admission/plugin/policy/validating/metrics
// (ValidatingAdmissionPolicy checks), scraped after a known mix of requests against a real
// webhook server on loopback; and pkg/admission/plugin/policy/mutating/metrics/metrics.go
// with mutating/dispatcher.go (one MutatingAdmissionPolicy check per mutation evaluated).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAdmissionWebhookServer, type AdmissionWebhookServer } from '../support/admission-webhook.js';
import { parsePrometheusText, type Exposition } from '../support/prometheus.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const ARG = '/apis/admissionregistration.k8s.io/v1';
const CONFIGMAPS = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] };

describe('admission metrics', () => {
  let srv: TestServer;
  let wh: AdmissionWebhookServer;
  before(async () => {
    [srv, wh] = await Promise.all([startTestServer(), startAdmissionWebhookServer()]);
    wh.on('/deny', () => ({ response: { allowed: false, status: { code: 403, message: 'no' } } }));
    wh.on('/allow', () => ({ response: { allowed: true } }));
    const hook = (name: string, path: string, extra: Record<string, unknown> = {}) => ({
      name, clientConfig: { url: wh.url(path), caBundle: wh.caBundle }, rules: [CONFIGMAPS], sideEffects: 'None', admissionReviewVersions: ['v1'],
      objectSelector: { matchLabels: { metrics: 'on' } }, ...extra,
    });
    const webhooks = [
      hook('deny.metrics.test', '/deny', { matchConditions: [{ name: 'only-denied', expression: "object.metadata.name.startsWith('deny')" }] }),
      hook('allow.metrics.test', '/allow'),
      hook('down.metrics.test', '/down', { clientConfig: { url: 'https://127.0.0.1:1/down', caBundle: wh.caBundle }, failurePolicy: 'Ignore' }),
    ];
    const r = await srv.request('POST', `${ARG}/validatingwebhookconfigurations`, { body: { metadata: { name: 'metrics' }, webhooks } });
    assert.equal(r.status, 201, r.text);
  });
  after(async () => {
    await srv?.close();
    await wh?.close();
  });

  const scrape = async (): Promise<Exposition> => parsePrometheusText((await srv.request('GET', '/metrics')).text);
  const create = (name: string) => srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name, labels: { metrics: 'on' } } } });

  it('counts webhook calls, rejections, fail-open and matchCondition exclusions by webhook name', async () => {
    // Wait until the configuration is live: the denying webhook refuses.
    await eventually(async () => (await create('deny-probe')).status === 403, 10_000, 'the webhook configuration');
    const before = await scrape();
    assert.equal((await create('deny-1')).status, 403);
    assert.equal((await create('allowed-1')).status, 201);
    assert.equal((await create('allowed-2')).status, 201);
    const m = await scrape();
    const delta = (name: string, labels: Record<string, string>) => m.sum(name, labels) - before.sum(name, labels);
    const V = { type: 'validating', operation: 'CREATE' };
    // deny-1 is refused by the denying hook (code 403, rejected); the allowed ones are excluded from it by its matchCondition.
    assert.equal(delta('apiserver_admission_webhook_request_total', { ...V, name: 'deny.metrics.test', code: '403', rejected: 'true' }), 1);
    assert.equal(delta('apiserver_admission_webhook_rejection_count', { ...V, name: 'deny.metrics.test', error_type: 'no_error', rejection_code: '403' }), 1);
    assert.equal(delta('apiserver_admission_match_condition_exclusions_total', { name: 'deny.metrics.test', kind: 'webhook', operation: 'CREATE' }), 2);
    assert.equal(delta('apiserver_admission_webhook_request_total', { ...V, name: 'allow.metrics.test', code: '200', rejected: 'false' }), 3);
    // The unreachable hook fails open on every request (validating hooks run in parallel, so deny-1 reached it too).
    assert.equal(delta('apiserver_admission_webhook_fail_open_count', { name: 'down.metrics.test', type: 'validating' }), 3);
    assert.equal(delta('apiserver_admission_webhook_admission_duration_seconds_count', { ...V, name: 'allow.metrics.test', rejected: 'false' }), 3);
  });
});

describe('MutatingAdmissionPolicy metrics', () => {
  const GV = '/apis/admissionregistration.k8s.io/v1beta1';
  const NS = 'map-metrics';
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ runtimeConfig: { 'admissionregistration.k8s.io/v1beta1': 'true' }, featureGates: { MutatingAdmissionPolicy: true } });
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: NS } } })).status, 201);
    const rules = { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] };
    const policy = async (name: string, spec: Record<string, unknown>) => {
      const p = await srv.request('POST', `${GV}/mutatingadmissionpolicies`, { body: { metadata: { name }, spec: { matchConstraints: rules, reinvocationPolicy: 'Never', ...spec } } });
      assert.equal(p.status, 201, p.text);
      const b = await srv.request('POST', `${GV}/mutatingadmissionpolicybindings`, {
        body: { metadata: { name: `${name}-binding` }, spec: { policyName: name, matchResources: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': NS } } } } },
      });
      assert.equal(b.status, 201, b.text);
    };
    // Two mutations, both evaluated on every request its matchCondition lets through.
    await policy('labels', {
      matchConditions: [{ name: 'not-skipped', expression: "!object.metadata.name.startsWith('skip')" }],
      mutations: [
        { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"first": "1"}}}' } },
        { patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels/second", value: "2"}]' } },
      ],
    });
    // A runtime error under Ignore: counted with its error type, the request admitted.
    await policy('broken', { failurePolicy: 'Ignore', mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: {"x": object.data.missing}}' } }] });
  });
  after(() => srv?.close());

  const scrape = async (): Promise<Exposition> => parsePrometheusText((await srv.request('GET', '/metrics')).text);
  const create = (name: string) => srv.request('POST', `/api/v1/namespaces/${NS}/configmaps`, { body: { metadata: { name }, data: { a: '1' } } });

  it('apiserver_mutating_admission_policy_check_total and _duration_seconds count each mutation by policy, binding and error type', async () => {
    // Both policies are live once a create carries the labels and the broken policy's error was counted.
    await eventually(async () => {
      const r = await create(`probe-${Date.now()}`);
      const m = await scrape();
      return r.status === 201 && r.json().metadata.labels?.second === '2' && m.sum('apiserver_mutating_admission_policy_check_total', { policy: 'broken' }) > 0;
    }, 10_000, 'both policies live');
    const before = await scrape();
    for (const name of ['one', 'two', 'skip-1']) {
      const r = await create(name);
      assert.equal(r.status, 201, r.text);
      assert.equal(r.json().metadata.labels?.first, name.startsWith('skip') ? undefined : '1');
      assert.equal(r.json().data.x, undefined);
    }
    const m = await scrape();
    const delta = (name: string, labels: Record<string, string>) => m.sum(name, labels) - before.sum(name, labels);
    const labels = { policy: 'labels', policy_binding: 'labels-binding', error_type: 'no_error' };
    const broken = { policy: 'broken', policy_binding: 'broken-binding', error_type: 'invalid_error' };
    // Two mutations on each of the two requests the matchCondition let through; none on skip-1.
    assert.equal(delta('apiserver_mutating_admission_policy_check_total', labels), 4);
    assert.equal(delta('apiserver_mutating_admission_policy_check_duration_seconds_count', labels), 4);
    // The broken mutation fails on every request; its failure is ignored but still counted.
    assert.equal(delta('apiserver_mutating_admission_policy_check_total', broken), 3);
    assert.equal(delta('apiserver_mutating_admission_policy_check_total', { policy: 'broken', error_type: 'no_error' }), 0);
    // The matchCondition's exclusion of skip-1: upstream's matcher for these policies says type "validate".
    assert.equal(delta('apiserver_admission_match_condition_exclusions_total', { name: 'labels', kind: 'policy', type: 'validate', operation: 'CREATE' }), 1);
    // The labels policy changed one and two, so the mutating plugins ran once more for them: the matchCondition
    // is evaluated before the reinvocation check (dispatcher.go), the mutations (Never reinvoked) are not.
    assert.equal(delta('apiserver_admission_match_condition_evaluation_seconds_count', { name: 'labels', kind: 'policy', type: 'validate', operation: 'CREATE' }), 5);
    // The families as upstream declares them: ALPHA, the check latency a histogram with the policy buckets.
    const text = (await srv.request('GET', '/metrics')).text;
    assert.match(text, /^# HELP apiserver_mutating_admission_policy_check_total \[ALPHA\] Mutation admission policy check total, labeled by policy and further identified by binding\.$/m);
    assert.match(text, /^# TYPE apiserver_mutating_admission_policy_check_duration_seconds histogram$/m);
    const buckets = m.samples('apiserver_mutating_admission_policy_check_duration_seconds_bucket', labels).map((b) => (b.labels.le === '+Inf' ? Infinity : Number(b.labels.le)));
    assert.deepEqual(buckets, [0.0000005, 0.001, 0.01, 0.1, 1, Infinity]);
  });
});
