// /metrics on prom-client: upstream's families, labels and buckets after a known request
// mix, scraped as system:monitoring and read with a strict Prometheus text parser.
// Upstream: k8s.io/apiserver pkg/endpoints/metrics/metrics.go, pkg/endpoints/filters/metrics.go,
// pkg/storage/etcd3/metrics/metrics.go, pkg/util/flowcontrol/metrics/metrics.go,
// pkg/admission/metrics/metrics.go; component-base metrics options (hidden metrics).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetricsRegistry, validateShowHiddenMetricsVersion } from '../../src/metrics/registry.js';
import { FlowControlMetrics } from '../../src/flowcontrol/metrics.js';
import { parsePrometheusText, type Exposition } from '../support/prometheus.js';
import { asUser, writeTokenFile, type TokenUser } from '../support/rbac.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

test('help carries the stability level and deprecation; metrics deprecated before v1.34 are hidden unless --show-hidden-metrics-for-version=1.33', async () => {
  const plain = new FlowControlMetrics(new MetricsRegistry());
  plain.limits('global-default', 49, 24, 98);
  plain.rejected('workload-low', 'service-accounts', 'queue-full');
  const raw = await plain.registry.render();
  // Labels are written sorted by name, as Go's client writes them.
  assert.match(raw, /^apiserver_flowcontrol_rejected_requests_total\{flow_schema="service-accounts",priority_level="workload-low",reason="queue-full"\} 1$/m);
  const text = parsePrometheusText(raw);
  assert.equal(text.family('apiserver_flowcontrol_nominal_limit_seats')?.help, '[BETA] Nominal number of execution seats configured for each priority level');
  assert.equal(text.value('apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'global-default' }), 49);
  assert.equal(text.family('apiserver_flowcontrol_request_concurrency_limit'), undefined, 'deprecated in 1.30: hidden');
  const shown = new FlowControlMetrics(new MetricsRegistry({ showHiddenMetricsForVersion: '1.33' }));
  shown.limits('global-default', 49, 24, 98);
  const all = parsePrometheusText(await shown.registry.render());
  assert.equal(all.family('apiserver_flowcontrol_request_concurrency_limit')?.help, '[ALPHA] (Deprecated since 1.30.0) Nominal number of execution seats configured for each priority level');
  assert.equal(all.value('apiserver_flowcontrol_request_concurrency_limit', { priority_level: 'global-default' }), 49);
  assert.throws(() => validateShowHiddenMetricsVersion('1.32'), { message: "--show-hidden-metrics-for-version must be omitted or have the value '1.33'. Only the previous minor version is allowed" });
  assert.doesNotThrow(() => validateShowHiddenMetricsVersion(''));
});

const monitor: TokenUser = { name: 'prometheus', token: 'monitor-token', groups: ['system:monitoring'] };
const nobody: TokenUser = { name: 'nobody', token: 'nobody-token', groups: [] };

async function scrape(srv: TestServer): Promise<Exposition> {
  const r = await asUser(srv, monitor, 'GET', '/metrics');
  assert.equal(r.status, 200, r.text);
  assert.match(String(r.headers['content-type']), /^text\/plain; version=0\.0\.4; charset=utf-8$/);
  return parsePrometheusText(r.text);
}

test('a known request mix is counted with upstream names, labels and buckets', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-metrics-'));
  const srv = await startTestServer({ tokenAuthFile: writeTokenFile(dir, [monitor, nobody]) });
  try {
    const base = '/api/v1/namespaces/default/podtemplates';
    const tpl = (name: string) => ({ apiVersion: 'v1', kind: 'PodTemplate', metadata: { name }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } });
    for (const n of ['a', 'b', 'c']) assert.equal((await srv.request('POST', base, { body: tpl(n) })).status, 201);
    assert.equal((await srv.request('POST', `${base}?dryRun=All`, { body: tpl('d') })).status, 201);
    assert.equal((await srv.request('GET', `${base}/a`)).status, 200);
    assert.equal((await srv.request('GET', `${base}/missing`)).status, 404);
    assert.equal((await srv.request('GET', base)).status, 200);
    assert.equal((await srv.request('DELETE', `${base}/c`)).status, 200);
    const watch = await srv.request('GET', `${base}?watch=true&timeoutSeconds=1`);
    assert.equal(watch.status, 200);
    assert.equal((await asUser(srv, nobody, 'GET', base)).status, 403);
    assert.equal((await srv.request('GET', '/readyz')).status, 200);
    assert.equal((await asUser(srv, nobody, 'GET', '/metrics')).status, 403, 'only system:monitoring (and admins) read /metrics');

    const m = await eventually(async () => {
      const m = await scrape(srv);
      assert.equal(m.value('apiserver_storage_objects', { resource: 'podtemplates' }), 2);
      return m;
    });
    const req = (labels: Record<string, string>) => m.value('apiserver_request_total', { dry_run: '', group: '', version: 'v1', resource: 'podtemplates', subresource: '', component: 'apiserver', ...labels });
    assert.equal(m.family('apiserver_request_total')?.type, 'counter');
    assert.equal(m.family('apiserver_request_total')?.help.startsWith('[STABLE] '), true);
    assert.equal(req({ verb: 'POST', scope: 'resource', code: '201' }), 3);
    assert.equal(req({ verb: 'POST', scope: 'resource', code: '201', dry_run: 'All' }), 1);
    assert.equal(req({ verb: 'GET', scope: 'resource', code: '200' }), 1);
    assert.equal(req({ verb: 'GET', scope: 'resource', code: '404' }), 1);
    assert.equal(req({ verb: 'LIST', scope: 'namespace', code: '200' }), 1);
    assert.equal(req({ verb: 'DELETE', scope: 'resource', code: '200' }), 1);
    assert.equal(req({ verb: 'WATCH', scope: 'namespace', code: '200' }), 1);
    assert.equal(req({ verb: 'LIST', scope: 'namespace', code: '403' }), undefined, 'a forbidden request never reached its handler');
    assert.equal(m.value('apiserver_request_total', { verb: 'GET', dry_run: '', group: '', version: '', resource: '', subresource: '/readyz', scope: '', component: '', code: '200' }), 1);

    const lat = { verb: 'POST', dry_run: '', group: '', version: 'v1', resource: 'podtemplates', subresource: '', scope: 'resource', component: 'apiserver' };
    const buckets = m.samples('apiserver_request_duration_seconds_bucket', lat).map((s) => s.labels.le);
    assert.deepEqual(buckets, ['0.005', '0.025', '0.05', '0.1', '0.2', '0.4', '0.6', '0.8', '1', '1.25', '1.5', '2', '3', '4', '5', '6', '8', '10', '15', '20', '30', '45', '60', '+Inf']);
    assert.equal(m.value('apiserver_request_duration_seconds_count', lat), 3);
    const size = { verb: 'LIST', group: '', version: 'v1', resource: 'podtemplates', subresource: '', scope: 'namespace', component: 'apiserver' };
    assert.equal(m.value('apiserver_response_sizes_count', size), 1);
    assert.deepEqual(m.samples('apiserver_response_sizes_bucket', size).map((s) => s.labels.le), ['1000', '10000', '100000', '1000000', '10000000', '100000000', '1000000000', '+Inf']);
    assert.equal(m.value('apiserver_longrunning_requests', { verb: 'WATCH', group: '', version: 'v1', resource: 'podtemplates', subresource: '', scope: 'namespace', component: 'apiserver' }), 0);
    assert.ok((m.value('apiserver_watch_events_total', { group: '', version: 'v1', resource: 'podtemplates' }) ?? 0) >= 2, 'the watch got the two templates');
    assert.ok(m.value('apiserver_current_inflight_requests', { request_kind: 'readOnly' })! >= 1);

    // Storage: three creates and one delete of podtemplates reached the store.
    assert.equal(m.value('etcd_requests_total', { operation: 'create', group: '', resource: 'podtemplates' }), 3);
    assert.equal(m.value('etcd_request_duration_seconds_count', { operation: 'delete', group: '', resource: 'podtemplates' }), 1);

    // Authentication and authorization.
    assert.ok(m.value('authentication_attempts', { result: 'success' })! >= 12);
    assert.ok(m.value('authorization_attempts_total', { result: 'allowed' })! >= 10);
    assert.ok((m.value('authorization_attempts_total', { result: 'denied' }) ?? 0) + (m.value('authorization_attempts_total', { result: 'no-opinion' }) ?? 0) >= 2);
    assert.ok(m.value('authenticated_user_requests', { username: 'other' })! >= 1);

    // Admission: each create was admitted and validated.
    assert.ok(m.value('apiserver_admission_step_admission_duration_seconds_count', { type: 'admit', operation: 'CREATE', rejected: 'false' })! >= 4);
    assert.ok(m.value('apiserver_admission_step_admission_duration_seconds_count', { type: 'validate', operation: 'CREATE', rejected: 'false' })! >= 3);
    assert.ok(m.value('apiserver_admission_controller_admission_duration_seconds_count', { name: 'NamespaceLifecycle', type: 'admit', operation: 'CREATE', rejected: 'false' })! >= 4);

    // Flow control, including the histograms.
    assert.ok(m.sum('apiserver_flowcontrol_dispatched_requests_total') >= 10);
    assert.ok(m.sum('apiserver_flowcontrol_request_wait_duration_seconds_count', { execute: 'true' }) >= 10);
    assert.ok(m.sum('apiserver_flowcontrol_request_execution_seconds_count', { type: 'regular' }) >= 9);
    assert.ok(m.sum('apiserver_flowcontrol_request_execution_seconds_count', { type: 'watch' }) >= 1);
    assert.ok(m.sum('apiserver_flowcontrol_work_estimated_seats_count') >= 10);
    assert.ok(m.value('apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'global-default' })! > 0);
    assert.ok(m.value('apiserver_flowcontrol_current_limit_seats', { priority_level: 'global-default' })! > 0);
    assert.ok(m.family('apiserver_flowcontrol_current_executing_requests'));

    // Process metrics.
    assert.ok(m.value('process_start_time_seconds', {})! > 0);
    assert.ok(m.value('process_resident_memory_bytes', {})! > 0);
  } finally {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
