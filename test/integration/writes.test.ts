// Writes as clients make them: server-side apply with conflicts and shared
// ownership, managedFields on every write, fieldValidation modes, defaulting.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CM = '/api/v1/namespaces/default/configmaps';
const APPLY = { 'content-type': 'application/apply-patch+yaml' };

describe('writes', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('server-side apply: create, conflict, force, shared ownership, removal', async () => {
    const body = (v: Record<string, string>) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa' }, data: v });
    const noManager = await srv.request('PATCH', `${CM}/ssa`, { raw: body({ a: '1' }), headers: APPLY });
    assert.equal(noManager.status, 422);
    assert.match(noManager.json().message, /fieldManager: Required value: is required for apply patch/);
    const forceOnMerge = await srv.request('PATCH', `${CM}/x?force=true`, { raw: '{}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(forceOnMerge.status, 422);
    assert.match(forceOnMerge.json().message, /force: Forbidden: may not be specified for non-apply patch/);
    const created = await srv.request('PATCH', `${CM}/ssa?fieldManager=alice`, { raw: body({ a: '1', b: '1' }), headers: APPLY });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json().metadata.managedFields.map((m: any) => [m.manager, m.operation]), [['alice', 'Apply']]);
    assert.deepEqual(created.json().metadata.managedFields[0].fieldsV1, { 'f:data': { 'f:a': {}, 'f:b': {} } });

    const clash = await srv.request('PATCH', `${CM}/ssa?fieldManager=bob`, { raw: body({ a: '2' }), headers: APPLY });
    assert.equal(clash.status, 409);
    assert.equal(clash.json().reason, 'Conflict');
    assert.equal(clash.json().message, 'Apply failed with 1 conflict: conflict with "alice": .data.a');
    assert.deepEqual(clash.json().details.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' }]);

    // Same value: shared ownership, no conflict.
    const shared = await srv.request('PATCH', `${CM}/ssa?fieldManager=bob`, { raw: body({ a: '1' }), headers: APPLY });
    assert.equal(shared.status, 200, shared.text);
    assert.equal(shared.json().metadata.managedFields.length, 2);
    // alice drops b (only hers): removed; drops a (shared with bob): kept.
    const dropped = await srv.request('PATCH', `${CM}/ssa?fieldManager=alice`, { raw: body({}), headers: APPLY });
    assert.deepEqual(dropped.json().data, { a: '1' });
    const forced = await srv.request('PATCH', `${CM}/ssa?fieldManager=carol&force=true`, { raw: body({ a: '3' }), headers: APPLY });
    assert.equal(forced.status, 200);
    assert.equal(forced.json().data.a, '3');
    assert.ok(!forced.json().metadata.managedFields.some((m: any) => m.manager === 'bob'));

    const k = await kubectl(srv.kubeconfig, ['apply', '--server-side', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: default\ndata:\n  a: "4"\n');
    assert.notEqual(k.code, 0);
    assert.match(k.stderr, /Apply failed with 1 conflict: conflict with "carol": \.data\.a/);
    const kf = await kubectl(srv.kubeconfig, ['apply', '--server-side', '--force-conflicts', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: default\ndata:\n  a: "4"\n');
    assert.equal(kf.code, 0, kf.stderr);
    assert.match(kf.stdout, /configmap\/ssa serverside-applied/);
  });

  it('records Update entries for other writes, by fieldManager or User-Agent', async () => {
    const c = await srv.request('POST', CM, { body: { metadata: { name: 'tracked' }, data: { x: '1' } }, headers: { 'user-agent': 'my-controller/v1.2 (linux)' } });
    const mf = c.json().metadata.managedFields;
    assert.equal(mf[0].manager, 'my-controller');
    assert.equal(mf[0].operation, 'Update');
    const p = await srv.request('PATCH', `${CM}/tracked?fieldManager=patcher`, { raw: '{"data":{"y":"2"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.ok(p.json().metadata.managedFields.some((m: any) => m.manager === 'patcher' && m.fieldsV1['f:data']['f:y']));
    const reset = await srv.request('PATCH', `${CM}/tracked?fieldManager=resetter`, { raw: '{"metadata":{"managedFields":[{}]}}', headers: { 'content-type': 'application/merge-patch+json' } });
    // One empty entry strips managedFields entirely (upstream's "Clearing managedFields"), and
    // an object without them stays untracked by later non-apply writes.
    assert.equal(reset.json().metadata.managedFields, undefined);
    const keep = await srv.request('PATCH', `${CM}/tracked?fieldManager=other`, { raw: '{"metadata":{"managedFields":[]},"data":{"z":"3"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(keep.status, 200);
    assert.equal(keep.json().metadata.managedFields, undefined);
  });

  it('fieldValidation: Warn adds warnings, Strict rejects, Ignore drops', async () => {
    const pod = { metadata: { name: 'fv' }, spec: { containers: [{ name: 'c', image: 'nginx', bogus: 1 }], alsoBogus: true } };
    const warn = await srv.request('POST', '/api/v1/namespaces/default/pods?dryRun=All', { body: pod });
    assert.equal(warn.status, 201, warn.text);
    const w = String(warn.headers['warning']);
    assert.match(w, /299 - "unknown field \\"spec.alsoBogus\\""/);
    assert.match(w, /299 - "unknown field \\"spec.containers\[0\].bogus\\""/);
    const strict = await srv.request('POST', '/api/v1/namespaces/default/pods?fieldValidation=Strict', { body: pod });
    assert.equal(strict.status, 400);
    assert.match(strict.json().message, /strict decoding error: unknown field "spec.containers\[0\].bogus", unknown field "spec.alsoBogus"|strict decoding error: unknown field "spec.alsoBogus", unknown field "spec.containers\[0\].bogus"/);
    const ignore = await srv.request('POST', '/api/v1/namespaces/default/pods?fieldValidation=Ignore', { body: pod });
    assert.equal(ignore.status, 201);
    assert.equal(ignore.headers['warning'], undefined);
    assert.equal(ignore.json().spec.alsoBogus, undefined);
    const bad = await srv.request('POST', '/api/v1/namespaces/default/pods?fieldValidation=Sometimes', { body: pod });
    assert.equal(bad.status, 422);
    const k = await kubectl(srv.kubeconfig, ['apply', '--validate=strict', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: strict\n  namespace: default\nunknownTop: 1\n');
    assert.notEqual(k.code, 0);
    assert.match(k.stderr, /unknown field "unknownTop"/);
  });

  it('defaults pods, services and deployments as upstream', async () => {
    const p = (await srv.request('POST', '/api/v1/namespaces/default/pods', { body: { metadata: { name: 'defaults' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } })).json();
    assert.equal(p.spec.restartPolicy, 'Always');
    assert.deepEqual(p.status, { phase: 'Pending', qosClass: 'BestEffort' });
    assert.equal(p.spec.dnsPolicy, 'ClusterFirst');
    assert.equal(p.spec.terminationGracePeriodSeconds, 30);
    assert.equal(p.spec.schedulerName, 'default-scheduler');
    assert.equal(p.spec.containers[0].imagePullPolicy, 'Always');
    assert.equal(p.spec.containers[0].terminationMessagePath, '/dev/termination-log');
    const d = (await srv.request('POST', '/apis/apps/v1/namespaces/default/deployments', {
      body: { metadata: { name: 'dd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.2' }] } } } },
    })).json();
    assert.equal(d.spec.replicas, 1);
    assert.equal(d.spec.revisionHistoryLimit, 10);
    assert.equal(d.spec.progressDeadlineSeconds, 600);
    assert.deepEqual(d.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    assert.equal(d.spec.template.spec.containers[0].imagePullPolicy, 'IfNotPresent');
    const s = (await srv.request('POST', '/api/v1/namespaces/default/services', { body: { metadata: { name: 'sd' }, spec: { ports: [{ port: 80 }] } } })).json();
    assert.equal(s.spec.type, 'ClusterIP');
    assert.equal(s.spec.sessionAffinity, 'None');
    assert.equal(s.spec.ports[0].protocol, 'TCP');
    assert.equal(s.spec.ports[0].targetPort, 80);
    const plc = await srv.request('POST', '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', { body: { metadata: { name: 'p' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } } });
    assert.equal(plc.json().spec.limited.nominalConcurrencyShares, 30);
    const zero = await srv.request('POST', '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', { body: { metadata: { name: 'z' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 0, limitResponse: { type: 'Reject' } } } } });
    assert.equal(zero.json().spec.limited.nominalConcurrencyShares, 0);
  });

  it('rejects invalid seed resources with upstream causes through the API', async () => {
    const cases: [string, unknown, string][] = [
      ['/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', { metadata: { name: 'fs' }, spec: { matchingPrecedence: 20000, priorityLevelConfiguration: { name: 'x' } } }, 'spec.matchingPrecedence'],
      ['/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', { metadata: { name: 'plc' }, spec: { type: 'Limited' } }, 'spec.limited'],
      ['/api/v1/namespaces/default/limitranges', { metadata: { name: 'lr' }, spec: { limits: [{ type: 'Container', max: { cpu: '1' }, min: { cpu: '2' } }] } }, 'spec.limits[0].min[cpu]'],
      ['/apis/networking.k8s.io/v1/namespaces/default/networkpolicies', { metadata: { name: 'np' }, spec: { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/24', except: ['192.168.0.0/24'] } }] }] } }, 'spec.ingress[0].from[0].ipBlock.except[0]'],
      ['/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'pdb' }, spec: { minAvailable: 1, maxUnavailable: 1 } }, 'spec'],
      ['/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', { metadata: { name: 'rb' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: '' } }, 'roleRef.name'],
      ['/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies', { metadata: { name: 'vap' }, spec: { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }] }, validations: [{ expression: 'object.spec.nope(' }] } }, 'spec.validations[0].expression'],
    ];
    for (const [path, body, field] of cases) {
      const r = await srv.request('POST', path, { body });
      assert.equal(r.status, 422, `${path}: ${r.text}`);
      assert.equal(r.json().reason, 'Invalid');
      assert.ok(r.json().details.causes.some((c: { field: string }) => c.field === field), `${path}: ${JSON.stringify(r.json().details.causes)}`);
    }
  });
});
