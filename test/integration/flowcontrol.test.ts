// API Priority and Fairness end to end: a token-file user floods LISTs while the admin
// and another user keep being served; rejections are 429 with Retry-After and upstream's
// text; the bootstrap configuration is produced and kept; dangling schemas are flagged;
// --enable-priority-and-fairness=false falls back to the max-in-flight limiter
// (upstream server/filters/priority-and-fairness.go, maxinflight.go, apf_controller.go,
// pkg/registry/flowcontrol/ensurer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const FC = '/apis/flowcontrol.apiserver.k8s.io/v1';

function tokenFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-apf-'));
  const file = join(dir, 'tokens.csv');
  writeFileSync(file, 'flood-token,flooder,uid-1\nbob-token,bob,uid-2\n');
  return file;
}

const as = (token: string) => ({ auth: false, headers: { authorization: `Bearer ${token}` } });

/** A create whose body arrives only when finish() is called: it holds its seat (or in-flight slot) until then. */
function slowCreate(s: TestServer, ns: string, name: string, headers: Record<string, string>): { finish(): Promise<number> } {
  const url = new URL(s.url);
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
  let resolveStatus: (n: number) => void;
  const status = new Promise<number>((r) => (resolveStatus = r));
  const req = httpsRequest({ host: url.hostname, port: url.port, method: 'POST', path: `/api/v1/namespaces/${ns}/configmaps`, ca: s.caPem, agent: false, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) } }, (res) => {
    res.resume();
    res.on('end', () => resolveStatus(res.statusCode ?? 0));
  });
  req.on('error', () => resolveStatus(-1));
  req.write(body.slice(0, 10));
  return { finish: () => (req.end(body.slice(10)), status) };
}

async function seedConfigMaps(s: TestServer, ns: string, n: number, bytes: number): Promise<void> {
  assert.equal((await s.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } })).status, 201);
  const payload = 'x'.repeat(bytes);
  for (let i = 0; i < n; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, (_, k) =>
        s.request('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i + k}` }, data: { payload } } }),
      ),
    );
  }
}

test('a flooding user is rejected with 429 + Retry-After while the admin, another user and probes are served', async () => {
  // Concurrency is under test; AlwaysAllow lets the token users list without RBAC grants.
  const s = await startTestServer({ authorizationMode: ['AlwaysAllow'], tokenAuthFile: tokenFile() });
  try {
    await seedConfigMaps(s, 'flood', 200, 1000);
    // A jail for the flooder: a small Reject level of its own, configured live.
    const pl = await s.request('POST', `${FC}/prioritylevelconfigurations`, {
      body: { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'jail' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, lendablePercent: 0, borrowingLimitPercent: 0, limitResponse: { type: 'Reject' } } } },
    });
    assert.equal(pl.status, 201, pl.text);
    const fs = await s.request('POST', `${FC}/flowschemas`, {
      body: { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'jail' }, spec: { priorityLevelConfiguration: { name: 'jail' }, matchingPrecedence: 100, distinguisherMethod: { type: 'ByUser' }, rules: [{ subjects: [{ kind: 'User', user: { name: 'flooder' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }] }] } },
    });
    assert.equal(fs.status, 201, fs.text);
    const fsUid = fs.json().metadata.uid;
    const plUid = pl.json().metadata.uid;
    await eventually(async () => (await s.request('GET', '/api/v1/namespaces/flood/configmaps/cm-0', as('flood-token'))).headers['x-kubernetes-pf-flowschema-uid'] === fsUid, 15_000, 'the jail to take effect');

    // The jail has 3 seats: three creates whose bodies have not arrived hold them all.
    const held = [0, 1, 2].map((i) => slowCreate(s, 'flood', `held-${i}`, { authorization: 'Bearer flood-token' }));
    await eventually(async () => (await s.request('GET', '/debug/api_priority_and_fairness/dump_priority_levels')).text.split('\n').some((l) => /^jail,\s+0,\s+false,\s+false,\s+0,\s+3,/.test(l)), 15_000, 'the seats to be taken');
    const flood: Promise<HttpResult>[] = [];
    for (let i = 0; i < 20; i++) flood.push(s.request('GET', '/api/v1/namespaces/flood/configmaps', as('flood-token')));
    const others = await Promise.all([
      ...Array.from({ length: 5 }, () => s.request('GET', '/api/v1/namespaces/flood/configmaps/cm-1')),
      ...Array.from({ length: 5 }, () => s.request('GET', '/api/v1/namespaces/flood/configmaps/cm-2', as('bob-token'))),
      s.request('GET', '/livez', { auth: false }),
    ]);
    const results = await Promise.all(flood);
    for (const r of others) assert.equal(r.status, 200, r.text);
    assert.notEqual(others[0]!.headers['x-kubernetes-pf-flowschema-uid'], fsUid);
    assert.deepEqual(await Promise.all(held.map((h) => h.finish())), [201, 201, 201], 'held requests complete');
    // with the seats free again the flooder is served
    assert.equal((await s.request('GET', '/api/v1/namespaces/flood/configmaps', as('flood-token'))).status, 200);

    const statuses = results.map((r) => r.status);
    assert.ok(statuses.every((c) => c === 200 || c === 429), `every request answered: ${statuses.join(',')}`);
    const rejected = results.filter((r) => r.status === 429);
    assert.equal(rejected.length, 20, 'the flood was rejected while the seats were held');
    for (const r of rejected) {
      assert.ok(Number(r.headers['retry-after']) >= 1, `Retry-After ${r.headers['retry-after']}`);
      assert.equal(r.text, 'Too many requests, please try again later.\n');
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(r.headers['x-kubernetes-pf-flowschema-uid'], fsUid);
      assert.equal(r.headers['x-kubernetes-pf-prioritylevel-uid'], plUid);
    }

    // watches hold their seats only while they start: more watches than seats all open
    const watches = [];
    for (let i = 0; i < 5; i++) {
      const w = await s.stream('/api/v1/namespaces/flood/configmaps?watch=true&resourceVersion=0&fieldSelector=metadata.name%3Dcm-3', () => undefined, { authorization: 'Bearer flood-token' });
      watches.push(w);
    }
    for (const w of watches) {
      assert.equal(w.status, 200);
      w.close();
    }

    const levels = await s.request('GET', '/debug/api_priority_and_fairness/dump_priority_levels');
    assert.equal(levels.status, 200);
    const jail = levels.text.split('\n').find((l) => l.startsWith('jail,'))!;
    const cols = jail.split(',').map((c) => c.trim());
    assert.equal(Number(cols[7]), rejected.length, `RejectedRequests of ${jail}`);
    const metrics = await s.request('GET', '/metrics');
    assert.match(metrics.text, new RegExp(`apiserver_flowcontrol_rejected_requests_total\\{flow_schema="jail",priority_level="jail",reason="concurrency-limit"\\} ${rejected.length}\\n`));
    assert.match(metrics.text, /apiserver_flowcontrol_nominal_limit_seats\{priority_level="jail"\} 3\n/);
  } finally {
    await s.close();
  }
});

test('the bootstrap configuration is produced with Found status; dangling references are flagged', async () => {
  const s = await startTestServer();
  try {
    const fss = (await s.request('GET', `${FC}/flowschemas`)).json().items.map((i: any) => i.metadata.name).sort();
    assert.deepEqual(fss, ['catch-all', 'exempt', 'global-default', 'kube-controller-manager', 'kube-scheduler', 'kube-system-service-accounts', 'probes', 'service-accounts', 'system-leader-election', 'system-node-high', 'system-nodes']);
    const pls = (await s.request('GET', `${FC}/prioritylevelconfigurations`)).json().items.map((i: any) => i.metadata.name).sort();
    assert.deepEqual(pls, ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
    await eventually(async () => (await s.request('GET', `${FC}/flowschemas/global-default`)).json().status?.conditions?.[0]?.reason === 'Found', 15_000, 'Found');
    const gd = (await s.request('GET', `${FC}/flowschemas/global-default`)).json();
    assert.equal(gd.metadata.annotations['apf.kubernetes.io/autoupdate-spec'], 'true');
    assert.deepEqual({ ...gd.status.conditions[0], lastTransitionTime: '' }, { type: 'Dangling', status: 'False', lastTransitionTime: '', reason: 'Found', message: 'This FlowSchema references the PriorityLevelConfiguration object named "global-default" and it exists' });
    // apf_controller.go writes the condition with ApplyStatus (kube-apiserver v1.32 shows the same entry).
    const consumer = gd.metadata.managedFields.find((m: any) => m.manager === 'api-priority-and-fairness-config-consumer-v1');
    assert.deepEqual({ ...consumer, time: '' }, {
      manager: 'api-priority-and-fairness-config-consumer-v1', operation: 'Apply', apiVersion: 'flowcontrol.apiserver.k8s.io/v1', time: '', fieldsType: 'FieldsV1',
      fieldsV1: { 'f:status': { 'f:conditions': { 'k:{"type":"Dangling"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} } } } },
      subresource: 'status',
    });

    const created = await s.request('POST', `${FC}/flowschemas`, { body: { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'orphan' }, spec: { priorityLevelConfiguration: { name: 'later' }, matchingPrecedence: 500, rules: [] } } });
    assert.equal(created.status, 201, created.text);
    const cond = async () => (await s.request('GET', `${FC}/flowschemas/orphan`)).json().status?.conditions?.find((c: any) => c.type === 'Dangling');
    const dangling = await eventually(async () => { const c = await cond(); return c?.status === 'True' && c; }, 15_000, 'Dangling=True');
    assert.equal(dangling.reason, 'NotFound');
    assert.equal(dangling.message, 'This FlowSchema references the PriorityLevelConfiguration object named "later" but there is no such object');
    const table = await s.request('GET', `${FC}/flowschemas`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    const row = table.json().rows.find((r: any) => r.cells[0] === 'orphan');
    assert.equal(row.cells[5], 'True', 'MissingPL column');
    await s.request('POST', `${FC}/prioritylevelconfigurations`, { body: { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'later' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } } });
    await eventually(async () => (await cond())?.status === 'False', 15_000, 'Dangling=False');
  } finally {
    await s.close();
  }
});

test('at restart mandatory objects are restored, suggested ones follow their autoupdate annotation, deleted ones come back', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-apf-restart-'));
  try {
    let s = await startTestServer({ dataDir });
    const patch = (path: string, body: unknown) => s.request('PATCH', path, { body, headers: { 'content-type': 'application/merge-patch+json' } });
    // (validation keeps the mandatory specs fixed; their annotation can still be changed)
    assert.equal((await patch(`${FC}/prioritylevelconfigurations/catch-all`, { metadata: { annotations: { 'apf.kubernetes.io/autoupdate-spec': 'false' } } })).status, 200);
    assert.equal((await patch(`${FC}/prioritylevelconfigurations/workload-low`, { metadata: { annotations: { 'apf.kubernetes.io/autoupdate-spec': 'false' } }, spec: { limited: { nominalConcurrencyShares: 7 } } })).status, 200);
    assert.equal((await patch(`${FC}/prioritylevelconfigurations/global-default`, { spec: { limited: { nominalConcurrencyShares: 9 } } })).status, 200);
    assert.equal((await s.request('DELETE', `${FC}/flowschemas/service-accounts`)).status, 200);
    await s.close();
    s = await startTestServer({ dataDir });
    const shares = async (n: string) => (await s.request('GET', `${FC}/prioritylevelconfigurations/${n}`)).json().spec.limited.nominalConcurrencyShares;
    const catchAll = (await s.request('GET', `${FC}/prioritylevelconfigurations/catch-all`)).json();
    assert.equal(catchAll.metadata.annotations['apf.kubernetes.io/autoupdate-spec'], 'true', 'mandatory: annotation restored');
    assert.equal(await shares('workload-low'), 7, 'suggested with autoupdate-spec=false kept');
    assert.equal(await shares('global-default'), 20, 'suggested with autoupdate-spec=true restored');
    assert.equal((await s.request('GET', `${FC}/flowschemas/service-accounts`)).status, 200, 'deleted suggested object recreated');
    // an unchanged configuration is not rewritten at start
    const rv = (await s.request('GET', `${FC}/prioritylevelconfigurations/exempt`)).json().metadata.resourceVersion;
    await s.close();
    s = await startTestServer({ dataDir });
    assert.equal((await s.request('GET', `${FC}/prioritylevelconfigurations/exempt`)).json().metadata.resourceVersion, rv);
    await s.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('--enable-priority-and-fairness=false: the max-in-flight limiter answers 429 with Retry-After: 1; system:masters passes', async () => {
  const s = await startTestServer({ authorizationMode: ['AlwaysAllow'], tokenAuthFile: tokenFile(), enablePriorityAndFairness: false, maxRequestsInflight: 1, maxMutatingRequestsInflight: 1 });
  try {
    await seedConfigMaps(s, 'flood', 3, 10);
    // one mutating slot: a create whose body has not arrived holds it
    const held = slowCreate(s, 'flood', 'held', { authorization: 'Bearer flood-token' });
    await eventually(async () => (await s.request('POST', '/api/v1/namespaces/flood/configmaps', { ...as('bob-token'), body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'probe-' } } })).status === 429, 15_000, 'the slot to be taken');
    const rejected = await s.request('DELETE', '/api/v1/namespaces/flood/configmaps/cm-0', as('flood-token'));
    assert.equal(rejected.status, 429);
    assert.equal(rejected.headers['retry-after'], '1');
    assert.equal(rejected.text, 'Too many requests, please try again later.\n');
    assert.equal(rejected.headers['x-kubernetes-pf-flowschema-uid'], undefined);
    // read-only requests have their own budget; system:masters passes the full one
    assert.equal((await s.request('GET', '/api/v1/namespaces/flood/configmaps', as('flood-token'))).status, 200);
    assert.equal((await s.request('POST', '/api/v1/namespaces/flood/configmaps', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-admin' } } })).status, 201);
    // watches are long-running: exempt
    const w = await s.stream('/api/v1/namespaces/flood/configmaps?watch=true', () => undefined, { authorization: 'Bearer flood-token' });
    assert.equal(w.status, 200);
    w.close();
    assert.equal(await held.finish(), 201);
    assert.equal((await s.request('DELETE', '/api/v1/namespaces/flood/configmaps/cm-0', as('flood-token'))).status, 200);
    assert.equal((await s.request('GET', '/debug/api_priority_and_fairness/dump_priority_levels')).status, 404);
  } finally {
    await s.close();
  }
});
