// LimitRanger as k8s.io/kubernetes plugin/pkg/admission/limitranger/admission.go enforces it:
// Container defaults (default, defaultRequest, and the LimitRangeItem defaulting of
// pkg/apis/core/v1/defaults.go that fills them from max and min), min, max and
// maxLimitRequestRatio per Container and per Pod, storage min/max per PersistentVolumeClaim,
// with upstream's 403 messages.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';
import { createDefaultServiceAccount } from '../support/pods.js';

const NS = 'lr';

function pod(name: string, containers: { name: string; requests?: Record<string, string>; limits?: Record<string, string> }[], extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: {
      ...extra,
      containers: containers.map((c) => ({
        name: c.name,
        image: 'busybox',
        ...(c.requests || c.limits ? { resources: { ...(c.requests ? { requests: c.requests } : {}), ...(c.limits ? { limits: c.limits } : {}) } } : {}),
      })),
    },
  };
}

describe('LimitRanger admission', () => {
  let srv: TestServer;
  const post = (path: string, body: unknown) => srv.request('POST', path, { body });
  const setLimits = async (name: string, limits: unknown[]) => {
    await srv.request('DELETE', `/api/v1/namespaces/${NS}/limitranges/${name}`);
    const r = await post(`/api/v1/namespaces/${NS}/limitranges`, { metadata: { name }, spec: { limits } });
    assert.equal(r.status, 201, r.text);
    return r.json();
  };
  const clearLimits = async () => {
    const r = await srv.request('DELETE', `/api/v1/namespaces/${NS}/limitranges`);
    assert.equal(r.status, 200, r.text);
  };

  before(async () => {
    srv = await startTestServer({ controllers: [] });
    assert.equal((await post('/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
    await createDefaultServiceAccount(srv, NS);
  });
  after(() => srv.close());

  it('defaults container limits and requests from default/defaultRequest and annotates the pod', async () => {
    await clearLimits();
    await setLimits('defaults', [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m' } }]);
    const r = await post(`/api/v1/namespaces/${NS}/pods`, pod('d1', [{ name: 'a' }, { name: 'b', limits: { cpu: '1' } }]));
    assert.equal(r.status, 201, r.text);
    const p = r.json();
    assert.deepEqual(p.spec.containers[0].resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '256Mi' } });
    // b keeps its own cpu limit, which pod defaulting (before admission) also made its cpu request;
    // memory defaults: the limit from default, the request from defaultRequest (itself defaulted from default).
    assert.deepEqual(p.spec.containers[1].resources, { limits: { cpu: '1', memory: '256Mi' }, requests: { cpu: '1', memory: '256Mi' } });
    assert.equal(
      p.metadata.annotations['kubernetes.io/limit-ranger'],
      'LimitRanger plugin set: cpu, memory request for container a; cpu, memory limit for container a; memory request for container b; memory limit for container b',
    );
  });

  it('LimitRangeItem defaulting: default from max, defaultRequest from default and min', async () => {
    await clearLimits();
    const lr = await setLimits('from-max', [{ type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' } }]);
    assert.deepEqual(lr.spec.limits[0].default, { cpu: '2' });
    assert.deepEqual(lr.spec.limits[0].defaultRequest, { cpu: '2', memory: '64Mi' });
    const r = await post(`/api/v1/namespaces/${NS}/pods`, pod('d2', [{ name: 'c' }]));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().spec.containers[0].resources, { limits: { cpu: '2' }, requests: { cpu: '2', memory: '64Mi' } });
  });

  it('init containers are defaulted and named as such', async () => {
    await clearLimits();
    await setLimits('init', [{ type: 'Container', defaultRequest: { cpu: '50m' } }]);
    const body = pod('d3', [{ name: 'app', requests: { cpu: '10m' } }]);
    (body.spec as any).initContainers = [{ name: 'setup', image: 'busybox' }];
    const r = await post(`/api/v1/namespaces/${NS}/pods`, body);
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().spec.initContainers[0].resources, { requests: { cpu: '50m' } });
    assert.equal(r.json().metadata.annotations['kubernetes.io/limit-ranger'], 'LimitRanger plugin set: cpu request for init container setup');
  });

  it('Container min and max: each message of minConstraint/maxConstraint', async () => {
    await clearLimits();
    // (A limit under min or a request over max would also need request > limit, which pod validation refuses first.)
    await setLimits('bounds', [{ type: 'Container', min: { cpu: '100m' }, max: { memory: '1Gi' } }]);
    const cases: [string, { requests?: Record<string, string>; limits?: Record<string, string> }, string][] = [
      ['low-req', { requests: { cpu: '50m' } }, 'minimum cpu usage per Container is 100m, but request is 50m'],
      ['high-lim', { limits: { memory: '2Gi' }, requests: { memory: '1Gi' } }, 'maximum memory usage per Container is 1Gi, but limit is 2Gi'],
    ];
    for (const [name, res, msg] of cases) {
      const r = await post(`/api/v1/namespaces/${NS}/pods`, pod(name, [{ name: 'c', ...res }]));
      assert.equal(r.status, 403, `${name}: ${r.text}`);
      const s = r.json();
      assert.equal(s.reason, 'Forbidden');
      assert.equal(s.message, `pods "${name}" is forbidden: ${msg}`, name);
      assert.deepEqual(s.details, { name, kind: 'pods' });
    }
  });

  it('missing request or limit under min/max without defaults; several failures aggregate as [a, b]', async () => {
    await clearLimits();
    // A Pod item has no defaulting: nothing fills the missing values.
    await setLimits('podbounds', [{ type: 'Pod', min: { cpu: '1' }, max: { memory: '1Gi' } }]);
    const r = await post(`/api/v1/namespaces/${NS}/pods`, pod('nothing', [{ name: 'c' }]));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().message, 'pods "nothing" is forbidden: [minimum cpu usage per Pod is 1.  No request is specified, maximum memory usage per Pod is 1Gi.  No limit is specified]');
  });

  it('Pod min/max bound the sum over containers (and the largest init container)', async () => {
    await clearLimits();
    await setLimits('podsum', [{ type: 'Pod', max: { cpu: '1' } }]);
    const ok = await post(`/api/v1/namespaces/${NS}/pods`, pod('sum-ok', [{ name: 'a', limits: { cpu: '500m' } }, { name: 'b', limits: { cpu: '500m' } }]));
    assert.equal(ok.status, 201, ok.text);
    const bad = await post(`/api/v1/namespaces/${NS}/pods`, pod('sum-bad', [{ name: 'a', limits: { cpu: '600m' } }, { name: 'b', limits: { cpu: '500m' } }]));
    assert.equal(bad.status, 403, bad.text);
    assert.equal(bad.json().message, 'pods "sum-bad" is forbidden: maximum cpu usage per Pod is 1, but limit is 1100m');
    const init = pod('init-big', [{ name: 'a', limits: { cpu: '100m' } }]);
    (init.spec as any).initContainers = [{ name: 'i', image: 'busybox', resources: { limits: { cpu: '2' } } }];
    const r = await post(`/api/v1/namespaces/${NS}/pods`, init);
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json().message, 'pods "init-big" is forbidden: maximum cpu usage per Pod is 1, but limit is 2');
  });

  it('maxLimitRequestRatio: ratio too high, request or limit missing', async () => {
    await clearLimits();
    await setLimits('ratio', [{ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }]);
    const cases: [string, { requests?: Record<string, string>; limits?: Record<string, string> }, string | undefined][] = [
      ['ratio-ok', { requests: { cpu: '500m' }, limits: { cpu: '1' } }, undefined],
      ['ratio-high', { requests: { cpu: '100m' }, limits: { cpu: '250m' } }, 'cpu max limit to request ratio per Container is 2, but provided ratio is 2.500000'],
      ['ratio-noreq', { limits: { cpu: '1' }, requests: { cpu: '0' } }, 'cpu max limit to request ratio per Container is 2, but no request is specified or request is 0'],
      ['ratio-nolim', { requests: { cpu: '1' } }, 'cpu max limit to request ratio per Container is 2, but no limit is specified or limit is 0'],
    ];
    for (const [name, res, msg] of cases) {
      const r = await post(`/api/v1/namespaces/${NS}/pods`, pod(name, [{ name: 'c', ...res }]));
      if (!msg) {
        assert.equal(r.status, 201, `${name}: ${r.text}`);
        continue;
      }
      assert.equal(r.status, 403, `${name}: ${r.text}`);
      assert.equal(r.json().message, `pods "${name}" is forbidden: ${msg}`);
    }
  });

  it('generateName pods are named by their generated name (validation runs after it); dry run is checked too', async () => {
    await clearLimits();
    await setLimits('gen', [{ type: 'Container', max: { cpu: '1' }, default: { cpu: '1' } }]);
    const r = await post(`/api/v1/namespaces/${NS}/pods?dryRun=All`, { ...pod('', [{ name: 'c', limits: { cpu: '2' } }]), metadata: { generateName: 'web-' } });
    assert.equal(r.status, 403, r.text);
    assert.match(r.json().message, /^pods "web-[a-z0-9]{5}" is forbidden: maximum cpu usage per Container is 1, but limit is 2$/);
  });

  it('PersistentVolumeClaim min and max bound the storage request, on create and on update', async () => {
    await clearLimits();
    await setLimits('storage', [{ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } }]);
    const pvc = (name: string, storage: string) => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } } });
    const small = await post(`/api/v1/namespaces/${NS}/persistentvolumeclaims`, pvc('small', '500Mi'));
    assert.equal(small.status, 403, small.text);
    assert.equal(small.json().message, 'persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi');
    const big = await post(`/api/v1/namespaces/${NS}/persistentvolumeclaims`, pvc('big', '20Gi'));
    assert.equal(big.status, 403, big.text);
    assert.equal(big.json().message, 'persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi');
    const ok = await post(`/api/v1/namespaces/${NS}/persistentvolumeclaims`, pvc('fine', '5Gi'));
    assert.equal(ok.status, 201, ok.text);
    // Only a bound claim may change its request.
    const bound = await srv.request('PATCH', `/api/v1/namespaces/${NS}/persistentvolumeclaims/fine/status`, {
      raw: JSON.stringify({ status: { phase: 'Bound' } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(bound.status, 200, bound.text);
    const grow = await srv.request('PATCH', `/api/v1/namespaces/${NS}/persistentvolumeclaims/fine`, {
      raw: JSON.stringify({ spec: { resources: { requests: { storage: '11Gi' } } } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(grow.status, 403, grow.text);
    assert.equal(grow.json().message, 'persistentvolumeclaims "fine" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 11Gi');
  });

  it('pod updates are not limited (containers are immutable); other namespaces are not affected', async () => {
    await clearLimits();
    const made = await post(`/api/v1/namespaces/${NS}/pods`, pod('before', [{ name: 'c' }]));
    assert.equal(made.status, 201, made.text);
    await setLimits('late', [{ type: 'Container', min: { cpu: '1' } }]);
    const upd = await srv.request('PATCH', `/api/v1/namespaces/${NS}/pods/before`, {
      raw: JSON.stringify({ metadata: { labels: { x: 'y' } } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(upd.status, 200, upd.text);
    assert.equal((await post('/api/v1/namespaces', { metadata: { name: 'lr-other' } })).status, 201);
    await createDefaultServiceAccount(srv, 'lr-other');
    const other = await post('/api/v1/namespaces/lr-other/pods', pod('free', [{ name: 'c' }]));
    assert.equal(other.status, 201, other.text);
    assert.equal(other.json().metadata.annotations, undefined);
  });
});
