// Every way kubectl 1.34 changes objects, against skiff: patch (three types),
// replace, apply --server-side and diff, delete cascades, --dry-run=server.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const deployment = (name: string, image = 'nginx:1.25') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: web
        image: ${image}
      - name: sidecar
        image: busybox
`;

describe('kubectl writes', () => {
  let srv: TestServer;
  let kc: string;
  const k = (args: string[], input?: string) => kubectl(kc, args, input);
  before(async () => {
    srv = await startTestServer();
    kc = srv.kubeconfig;
  });
  after(async () => {
    await srv?.close();
  });

  it('patches with strategic, merge and json patches', async () => {
    assert.equal((await k(['apply', '-f', '-'], deployment('pt'))).code, 0);
    const smp = await k(['patch', 'deployment', 'pt', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"nginx:1.26"}]}}}}']);
    assert.equal(smp.code, 0, smp.stderr);
    let d = JSON.parse((await k(['get', 'deploy', 'pt', '-o', 'json'])).stdout);
    assert.deepEqual(d.spec.template.spec.containers.map((c: any) => `${c.name}=${c.image}`), ['web=nginx:1.26', 'sidecar=busybox']);
    assert.equal(d.metadata.generation, 2);
    const merge = await k(['patch', 'deployment', 'pt', '--type=merge', '-p', '{"metadata":{"labels":{"tier":"front"}}}']);
    assert.equal(merge.code, 0, merge.stderr);
    const json = await k(['patch', 'deployment', 'pt', '--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":5}]']);
    assert.equal(json.code, 0, json.stderr);
    d = JSON.parse((await k(['get', 'deploy', 'pt', '-o', 'json'])).stdout);
    assert.equal(d.spec.replicas, 5);
    assert.equal(d.metadata.labels.tier, 'front');
    const failedTest = await k(['patch', 'deployment', 'pt', '--type=json', '-p', '[{"op":"test","path":"/spec/replicas","value":1}]']);
    assert.notEqual(failedTest.code, 0);
    assert.match(failedTest.stderr, /the server rejected our request due to an error in our request/);
  });

  it('replaces (edit-style PUT) and refuses a stale one', async () => {
    const got = JSON.parse((await k(['get', 'deploy', 'pt', '-o', 'json'])).stdout);
    got.spec.replicas = 3;
    const r = await k(['replace', '-f', '-'], JSON.stringify(got));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /deployment.apps\/pt replaced/);
    const stale = await k(['replace', '-f', '-'], JSON.stringify(got));
    assert.notEqual(stale.code, 0);
    assert.match(stale.stderr, /the object has been modified; please apply your changes to the latest version and try again/);
  });

  it('applies server-side and diffs server-side', async () => {
    const a = await k(['apply', '--server-side', '-f', '-'], deployment('ss'));
    assert.equal(a.code, 0, a.stderr);
    assert.match(a.stdout, /deployment.apps\/ss serverside-applied/);
    const same = await k(['diff', '--server-side', '-f', '-'], deployment('ss'));
    assert.equal(same.code, 0, same.stdout + same.stderr);
    const changed = await k(['diff', '--server-side', '-f', '-'], deployment('ss', 'nginx:1.27'));
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /^-\s+- image: nginx:1\.25$/m);
    assert.match(changed.stdout, /^\+\s+- image: nginx:1\.27$/m);
    const d = JSON.parse((await k(['get', 'deploy', 'ss', '-o', 'json', '--show-managed-fields'])).stdout);
    assert.equal(d.spec.template.spec.containers[0].image, 'nginx:1.25', 'diff stores nothing');
    assert.ok(d.metadata.managedFields.some((m: any) => m.manager === 'kubectl' && m.operation === 'Apply'));
  });

  it('dry-runs on the server without side effects', async () => {
    const c = await k(['create', 'configmap', 'dry', '--from-literal=a=b', '--dry-run=server', '-o', 'json']);
    assert.equal(c.code, 0, c.stderr);
    assert.equal(JSON.parse(c.stdout).metadata.name, 'dry');
    assert.notEqual((await k(['get', 'cm', 'dry'])).code, 0);
    const d = await k(['delete', 'deploy', 'ss', '--dry-run=server']);
    assert.equal(d.code, 0, d.stderr);
    assert.equal((await k(['get', 'deploy', 'ss'])).code, 0);
    const svc = await k(['create', 'service', 'nodeport', 'dryport', '--tcp=80:80', '--dry-run=server', '-o', 'json']);
    assert.equal(svc.code, 0, svc.stderr);
    assert.ok(JSON.parse(svc.stdout).spec.ports[0].nodePort > 0);
    assert.notEqual((await k(['get', 'svc', 'dryport'])).code, 0);
  });

  it('deletes with every cascade mode', async () => {
    const mk = async (name: string) => {
      const owner = JSON.parse((await k(['create', 'configmap', name, '-o', 'json'])).stdout);
      const dep = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-dep`, namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name, uid: owner.metadata.uid, blockOwnerDeletion: true }] } };
      assert.equal((await k(['create', '-f', '-'], JSON.stringify(dep))).code, 0);
    };
    await mk('bg');
    await mk('orph');
    await mk('fg');
    assert.equal((await k(['delete', 'cm', 'bg', '--cascade=background'])).code, 0);
    assert.equal((await k(['delete', 'cm', 'orph', '--cascade=orphan'])).code, 0);
    const fg = await k(['delete', 'cm', 'fg', '--cascade=foreground']);
    assert.equal(fg.code, 0, fg.stderr);
    await eventually(async () => (await k(['get', 'cm', 'bg-dep'])).code !== 0, 15_000, 'background cascade');
    await eventually(async () => (await k(['get', 'cm', 'fg-dep'])).code !== 0 && (await k(['get', 'cm', 'fg'])).code !== 0, 15_000, 'foreground cascade');
    await eventually(async () => (await k(['get', 'cm', 'orph'])).code !== 0, 15_000, 'orphan owner gone');
    const orphaned = JSON.parse((await k(['get', 'cm', 'orph-dep', '-o', 'json'])).stdout);
    assert.equal(orphaned.metadata.ownerReferences, undefined);
    // deletecollection by label selector
    await k(['create', 'cm', 'l1']);
    await k(['create', 'cm', 'l2']);
    await k(['label', 'cm', 'l1', 'l2', 'sweep=yes']);
    const dc = await k(['delete', 'cm', '-l', 'sweep=yes']);
    assert.equal(dc.code, 0, dc.stderr);
    assert.match(dc.stdout, /configmap "l1" deleted/);
    assert.equal((await k(['get', 'cm', '-l', 'sweep=yes', '-o', 'name'])).stdout.trim(), '');
  });

  it('creates on PUT only where upstream allows it', async () => {
    const lr = await srv.request('PUT', '/api/v1/namespaces/default/limitranges/put-created', { body: { metadata: { name: 'put-created' }, spec: { limits: [{ type: 'Container', default: { cpu: '1' } }] } } });
    assert.equal(lr.status, 201, lr.text);
    const cm = await srv.request('PUT', '/api/v1/namespaces/default/configmaps/put-created', { body: { metadata: { name: 'put-created' } } });
    assert.equal(cm.status, 404);
  });
});
