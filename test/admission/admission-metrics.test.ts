// The admission metrics of k8s.io/apiserver pkg/admission/metrics/metrics.go (webhook calls,
// rejections, fail-open, matchConditions) and pkg/admission/plugin/policy/validating/metrics
// (ValidatingAdmissionPolicy checks), scraped after a known mix of requests against a real
// webhook server on loopback.

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
