// /metrics after a known mix of requests: the families of issue 16 that kube-apiserver v1.34
// exposes. Watchers are counted by apiserver_longrunning_requests{verb="WATCH"}: upstream removed
// apiserver_registered_watchers in 1.25 (deprecated in 1.23, staging/src/k8s.io/apiserver
// commit "cleanup deprecated metrics and usages"), so skiff must not expose it either.
// Decisions: staging/src/k8s.io/apiserver/pkg/authorization/metrics/metrics.go; declarative
// validation: staging/src/k8s.io/apiserver/pkg/validation/metrics.go.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asUser, writeTokenFile } from '../support/rbac.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const alice = { name: 'alice', token: 'alice-token', groups: [] as string[] };

/** The value of one sample, undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.keys(got).length === want.length && want.every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metric families of issue 16', () => {
  let srv: TestServer;
  let dir: string;
  const scrape = async () => {
    const r = await srv.request('GET', '/metrics');
    assert.equal(r.status, 200);
    return r.text;
  };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-metrics-'));
    srv = await startTestServer({ store: 'memory', controllers: [], tokenAuthFile: writeTokenFile(dir, [alice]) });
  });
  after(async () => {
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts watchers up and down in apiserver_longrunning_requests', async () => {
    const labels = { component: 'apiserver', group: '', resource: 'configmaps', scope: 'namespace', subresource: '', verb: 'WATCH', version: 'v1' };
    const before = sample(await scrape(), 'apiserver_longrunning_requests', labels) ?? 0;
    const a = await srv.stream('/api/v1/namespaces/default/configmaps?watch=1', () => {});
    const b = await srv.stream('/api/v1/namespaces/default/configmaps?watch=1', () => {});
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    await eventually(async () => sample(await scrape(), 'apiserver_longrunning_requests', labels) === before + 2, 15_000, 'two watchers');
    a.close();
    await eventually(async () => sample(await scrape(), 'apiserver_longrunning_requests', labels) === before + 1, 15_000, 'one watcher left');
    b.close();
    await eventually(async () => sample(await scrape(), 'apiserver_longrunning_requests', labels) === before, 15_000, 'no watcher left');
    assert.doesNotMatch(await scrape(), /^apiserver_registered_watchers/m);
  });

  it('counts the decisions of the configured authorizers, not the system:masters short-cut', async () => {
    const labels = { decision: 'allowed', name: 'rbac', type: 'RBAC' };
    const text0 = await scrape();
    assert.match(text0, /^# HELP apiserver_authorization_decisions_total \[ALPHA\] Total number of terminal decisions made by an authorizer split by authorizer type, name, and decision\.$/m);
    const before = sample(text0, 'apiserver_authorization_decisions_total', labels) ?? 0;
    // system:authenticated may read discovery (system:discovery, bound by the bootstrap policy).
    for (let i = 0; i < 3; i++) assert.equal((await asUser(srv, alice, 'GET', '/version')).status, 200);
    // A refusal by RBAC is "no opinion", not a decision.
    assert.equal((await asUser(srv, alice, 'GET', '/api/v1/secrets')).status, 403);
    // The admin certificate is in system:masters: allowed before the chain.
    assert.equal((await srv.request('GET', '/api/v1/namespaces')).status, 200);
    const text = await scrape();
    // /metrics itself is scraped as admin, so it adds nothing either.
    assert.equal(sample(text, 'apiserver_authorization_decisions_total', labels), before + 3);
    assert.equal(sample(text, 'apiserver_authorization_decisions_total', { decision: 'denied', name: 'rbac', type: 'RBAC' }), undefined);
  });

  it('registers declarative validation counters at zero', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'bad_name' } } })).status, 422);
    const text = await scrape();
    assert.match(text, /^# HELP apiserver_validation_declarative_validation_mismatch_total \[BETA\] Number of times declarative validation results differed from handwritten validation results for core types\.$/m);
    assert.equal(sample(text, 'apiserver_validation_declarative_validation_mismatch_total', {}), 0);
    assert.equal(sample(text, 'apiserver_validation_declarative_validation_panic_total', {}), 0);
  });

  it('exposes the families of the list', async () => {
    await srv.request('GET', '/api/v1/namespaces/default/configmaps');
    const text = await scrape();
    for (const family of [
      'apiserver_request_total', 'apiserver_request_duration_seconds', 'apiserver_response_sizes', 'apiserver_current_inflight_requests',
      'apiserver_longrunning_requests', 'apiserver_storage_objects', 'apiserver_watch_events_total', 'apiserver_watch_events_sizes',
      'etcd_request_duration_seconds', 'apiserver_requested_deprecated_apis', 'apiserver_admission_step_admission_duration_seconds',
      'apiserver_admission_controller_admission_duration_seconds', 'authentication_attempts', 'authentication_duration_seconds',
      'authenticated_user_requests', 'authorization_attempts_total', 'authorization_duration_seconds', 'apiserver_authorization_decisions_total',
      'apiserver_flowcontrol_dispatched_requests_total', 'apiserver_flowcontrol_current_executing_requests', 'kubernetes_feature_enabled',
      'process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds',
    ]) {
      assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), family);
    }
  });
});

describe('apiserver_authorization_decisions_total along --authorization-mode=AlwaysDeny,AlwaysAllow', () => {
  let srv: TestServer;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-metrics-'));
    srv = await startTestServer({ store: 'memory', controllers: [], tokenAuthFile: writeTokenFile(dir, [alice]), authorizationMode: ['AlwaysDeny', 'AlwaysAllow'] });
  });
  after(async () => {
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // AlwaysDeny has no opinion (authorizerfactory/builtin.go), so it records nothing; the mode
  // that allows records under its type and the name the flags give it.
  it('counts the deciding authorizer only', async () => {
    assert.equal((await asUser(srv, alice, 'GET', '/api/v1/namespaces')).status, 200);
    assert.equal((await asUser(srv, alice, 'GET', '/version')).status, 200);
    const text = (await srv.request('GET', '/metrics')).text;
    assert.equal(sample(text, 'apiserver_authorization_decisions_total', { decision: 'allowed', name: 'alwaysallow', type: 'AlwaysAllow' }), 2);
    assert.doesNotMatch(text, /^apiserver_authorization_decisions_total\{.*type="AlwaysDeny"/m);
  });
});
