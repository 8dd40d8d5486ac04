// Removed API versions are not served, and --runtime-config switches served versions off, as
// kube-apiserver v1.34 (staging/src/k8s.io/apiserver/pkg/server/resourceconfig/helpers.go for
// the keys and their errors; the removed versions per the deprecation guide: policy/v1beta1 and
// autoscaling/v2beta2 in 1.25/1.26, flowcontrol.apiserver.k8s.io/v1beta2 in 1.29).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

const REMOVED = [
  { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta2', resource: 'flowschemas' },
  { group: 'autoscaling', version: 'v2beta2', resource: 'horizontalpodautoscalers' },
  { group: 'policy', version: 'v1beta1', resource: 'poddisruptionbudgets' },
  { group: 'extensions', version: 'v1beta1', resource: 'ingresses' },
  { group: 'batch', version: 'v1beta1', resource: 'cronjobs' },
];

/** Every group/version the server advertises, from the legacy and the aggregated discovery. */
async function advertised(srv: TestServer): Promise<{ legacy: string[]; aggregated: string[] }> {
  const legacy: string[] = [];
  const core = (await srv.request('GET', '/api')).json() as { versions: string[] };
  legacy.push(...core.versions);
  const apis = (await srv.request('GET', '/apis')).json() as { groups: { name: string; versions: { groupVersion: string }[] }[] };
  for (const g of apis.groups) legacy.push(...g.versions.map((v) => v.groupVersion));
  const aggregated: string[] = [];
  for (const path of ['/api', '/apis']) {
    const r = await srv.request('GET', path, { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } });
    assert.equal(r.status, 200);
    const list = r.json() as { items: { metadata: { name?: string }; versions: { version: string }[] }[] };
    for (const g of list.items) aggregated.push(...g.versions.map((v) => (g.metadata.name ? `${g.metadata.name}/${v.version}` : v.version)));
  }
  return { legacy, aggregated };
}

describe('removed API versions', () => {
  let srv: TestServer;
  before(async () => {
    // Naming a removed (still registered) version is accepted and serves nothing, as upstream.
    srv = await startTestServer({ store: 'memory', controllers: [], runtimeConfig: { 'policy/v1beta1': 'true', 'autoscaling/v2beta2': 'true' } });
  });
  after(() => srv?.stop());

  it('answer 404 for the version, its resources and their objects', async () => {
    for (const { group, version, resource } of REMOVED) {
      for (const path of [`/apis/${group}/${version}`, `/apis/${group}/${version}/${resource}`, `/apis/${group}/${version}/namespaces/default/${resource}/x`]) {
        const r = await srv.request('GET', path);
        assert.equal(r.status, 404, path);
      }
      const created = await srv.request('POST', `/apis/${group}/${version}/namespaces/default/${resource}`, { body: { apiVersion: `${group}/${version}`, kind: 'X', metadata: { name: 'x' } } });
      assert.equal(created.status, 404, `POST ${group}/${version}`);
    }
  });

  it('are absent from both discovery documents and from kubectl api-versions', async () => {
    const { legacy, aggregated } = await advertised(srv);
    assert.ok(legacy.includes('policy/v1') && aggregated.includes('policy/v1'), 'the served version is listed');
    for (const { group, version } of REMOVED) {
      assert.ok(!legacy.includes(`${group}/${version}`), `legacy discovery lists ${group}/${version}`);
      assert.ok(!aggregated.includes(`${group}/${version}`), `aggregated discovery lists ${group}/${version}`);
    }
    const out = await kubectl(srv.kubeconfig, ['api-versions']);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /^policy\/v1$/m);
    for (const { group, version } of REMOVED) assert.doesNotMatch(out.stdout, new RegExp(`^${group}/${version}$`, 'm'));
  });
});

describe('--runtime-config batch/v1=false', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory', controllers: [], runtimeConfig: { 'batch/v1': 'false' } });
  });
  after(() => srv?.stop());

  it('stops serving the group-version and every resource in it', async () => {
    for (const path of ['/apis/batch/v1', '/apis/batch/v1/jobs', '/apis/batch/v1/namespaces/default/cronjobs', '/apis/batch']) {
      assert.equal((await srv.request('GET', path)).status, 404, path);
    }
    assert.equal((await srv.request('GET', '/apis/apps/v1/deployments')).status, 200, 'other groups are served');
  });

  it('drops the group from discovery and from kubectl api-resources', async () => {
    const { legacy, aggregated } = await advertised(srv);
    assert.ok(!legacy.includes('batch/v1'));
    assert.ok(!aggregated.includes('batch/v1'));
    assert.ok(legacy.includes('apps/v1'));
    const out = await kubectl(srv.kubeconfig, ['api-resources', '--api-group=batch', '-o', 'name']);
    assert.equal(out.stdout.trim(), '');
  });
});

// Skiff needs networking.k8s.io/v1 (ClusterIP allocation through IPAddress objects),
// coordination.k8s.io/v1 (leader election) and rbac.authorization.k8s.io/v1 (RBAC) to start.
const NEEDED = ['networking.k8s.io/v1', 'coordination.k8s.io/v1', 'rbac.authorization.k8s.io/v1'];

describe('--runtime-config api/all=false,v1=true and the groups skiff needs', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory', controllers: [], runtimeConfig: { 'api/all': 'false', v1: 'true', ...Object.fromEntries(NEEDED.map((gv) => [gv, 'true'])) } });
  });
  after(() => srv?.stop());

  it('serves the named group-versions only', async () => {
    const { legacy, aggregated } = await advertised(srv);
    assert.deepEqual(legacy.sort(), ['v1', ...NEEDED].sort());
    assert.deepEqual(aggregated.sort(), ['v1', ...NEEDED].sort());
    assert.equal((await srv.request('GET', '/api/v1/namespaces')).status, 200);
    assert.equal((await srv.request('GET', '/apis/apps/v1/deployments')).status, 404);
  });
});

describe('--runtime-config errors at start', () => {
  const cases: [Record<string, string>, string][] = [
    [{ 'batch/v2': 'true' }, 'group version batch/v2 that has not been registered'],
    [{ 'batch/v1': 'yes' }, 'invalid value of batch/v1: yes, err: strconv.ParseBool: parsing "yes": invalid syntax'],
    [{ 'api/all': '' }, 'invalid value api/all='],
    [{ 'api/all': 'TRUE' }, 'invalid value api/all=TRUE'],
    [{ 'batch/v1': 'true', 'foo/v1': 'true', 'bar.io/v1/x': 'false' }, 'unknown api groups foo,bar.io'],
    [{ 'api/v2': 'true' }, 'unknown api groups api'],
    [{ 'apidiscovery.k8s.io/v2': 'true' }, 'unknown api groups apidiscovery.k8s.io'],
    [{ 'batch/v1/Jobs': 'false' }, 'invalid key batch/v1/Jobs: group/version/resource and resource is always lowercase plural, not "Jobs"'],
    [{ 'a/b/c/d': 'true' }, 'runtime-config invalid key a/b/c/d'],
    [{ batch: 'true' }, 'runtime-config invalid key batch'],
    [{ v2: 'true' }, 'runtime-config invalid key v2'],
  ];
  for (const [runtimeConfig, message] of cases) {
    it(`${JSON.stringify(runtimeConfig)} → ${message}`, async () => {
      await assert.rejects(startTestServer({ store: 'memory', controllers: [], runtimeConfig }), (e: Error) => e.message === message);
    });
  }

  it('accepts the keys upstream accepts', async () => {
    const srv = await startTestServer({ store: 'memory', controllers: [], runtimeConfig: { 'api/all': 'true', 'api/v1': '', 'batch/v1': 'T', 'batch/v1/jobs': '0', 'imagepolicy.k8s.io/v1alpha1': 'true' } });
    try {
      assert.equal((await srv.request('GET', '/apis/batch/v1/cronjobs')).status, 200);
      assert.equal((await srv.request('GET', '/apis/batch/v1/jobs')).status, 404);
    } finally {
      await srv.stop();
    }
  });
});
