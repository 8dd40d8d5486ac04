// kubectl 1.34 against an in-process skiff.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { kubectl, kubectlPath } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

describe('kubectl 1.34', () => {
  let srv: TestServer;
  let kc: string;
  before(async () => {
    kubectlPath();
    srv = await startTestServer();
    kc = srv.kubeconfig;
  });
  after(async () => {
    await srv?.close();
  });

  it('reports a 1.34 server and lists the system namespaces', async () => {
    const v = await kubectl(kc, ['version', '-o', 'json']);
    assert.equal(v.code, 0, v.stderr);
    const info = JSON.parse(v.stdout);
    assert.equal(info.serverVersion.minor, '34');
    assert.match(info.clientVersion.gitVersion, /^v1\.34\./);
    const ns = await kubectl(kc, ['get', 'ns', '-o', 'name']);
    assert.equal(ns.code, 0, ns.stderr);
    for (const n of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) assert.ok(ns.stdout.includes(`namespace/${n}`), ns.stdout);
    const svc = await kubectl(kc, ['get', 'service', 'kubernetes', '-n', 'default', '-o', 'json']);
    assert.equal(svc.code, 0, svc.stderr);
    assert.equal(JSON.parse(svc.stdout).spec.clusterIP, '10.0.0.1');
  });

  it('creates, gets and prints objects', async () => {
    const c = await kubectl(kc, ['create', 'configmap', 'cm1', '--from-literal=a=1', '-n', 'default']);
    assert.equal(c.code, 0, c.stderr);
    assert.match(c.stdout, /configmap\/cm1 created/);
    const again = await kubectl(kc, ['create', 'configmap', 'cm1', '--from-literal=a=1', '-n', 'default']);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /failed to create configmap: configmaps "cm1" already exists/);
    const g = await kubectl(kc, ['get', 'configmap', 'cm1', '-n', 'default']);
    assert.equal(g.code, 0, g.stderr);
    assert.match(g.stdout, /^NAME\s+/);
    assert.match(g.stdout, /\ncm1\s+/);
    const y = await kubectl(kc, ['get', 'cm', 'cm1', '-n', 'default', '-o', 'yaml']);
    assert.equal(y.code, 0, y.stderr);
    assert.match(y.stdout, /kind: ConfigMap/);
    assert.match(y.stdout, /a: "1"/);
    assert.match(y.stdout, /resourceVersion: "\d+"/);
    assert.match(y.stdout, /uid: [0-9a-f-]{36}/);
    const missing = await kubectl(kc, ['get', 'cm', 'nope', '-n', 'default']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /Error from server \(NotFound\): configmaps "nope" not found/);
    const badNs = await kubectl(kc, ['create', 'configmap', 'x', '-n', 'no-such-ns']);
    assert.notEqual(badNs.code, 0);
    assert.match(badNs.stderr, /namespaces "no-such-ns" not found/);
  });

  it('applies, labels, annotates and deletes', async () => {
    const manifest = `apiVersion: v1
kind: ConfigMap
metadata:
  name: applied
  namespace: default
data:
  k: v1
`;
    const a1 = await kubectl(kc, ['apply', '-f', '-'], manifest);
    assert.equal(a1.code, 0, a1.stderr);
    assert.match(a1.stdout, /configmap\/applied created/);
    const a2 = await kubectl(kc, ['apply', '-f', '-'], manifest.replace('k: v1', 'k: v2'));
    assert.equal(a2.code, 0, a2.stderr);
    assert.match(a2.stdout, /configmap\/applied configured/);
    const a3 = await kubectl(kc, ['apply', '-f', '-'], manifest.replace('k: v1', 'k: v2'));
    assert.equal(a3.code, 0, a3.stderr);
    assert.match(a3.stdout, /configmap\/applied unchanged/);
    const l = await kubectl(kc, ['label', 'cm', 'applied', '-n', 'default', 'tier=web']);
    assert.equal(l.code, 0, l.stderr);
    assert.match(l.stdout, /configmap\/applied labeled/);
    const an = await kubectl(kc, ['annotate', 'cm', 'applied', '-n', 'default', 'note=hello']);
    assert.equal(an.code, 0, an.stderr);
    const got = JSON.parse((await kubectl(kc, ['get', 'cm', 'applied', '-n', 'default', '-o', 'json'])).stdout);
    assert.equal(got.data.k, 'v2');
    assert.equal(got.metadata.labels.tier, 'web');
    assert.equal(got.metadata.annotations.note, 'hello');
    assert.ok(got.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
    const sel = await kubectl(kc, ['get', 'cm', '-n', 'default', '-l', 'tier=web', '-o', 'name']);
    assert.equal(sel.stdout.trim(), 'configmap/applied');
    const d = await kubectl(kc, ['delete', 'cm', 'applied', '-n', 'default']);
    assert.equal(d.code, 0, d.stderr);
    assert.match(d.stdout, /configmap "applied" deleted/);
    const gone = await kubectl(kc, ['get', 'cm', 'applied', '-n', 'default']);
    assert.notEqual(gone.code, 0);
  });

  it('watches with get -w', async () => {
    await kubectl(kc, ['create', 'namespace', 'watched']);
    const child = spawn(kubectlPath(), ['--kubeconfig', kc, 'get', 'configmaps', '-n', 'watched', '-w', '-o', 'name'], { env: process.env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      // The watch is established once kubectl has listed (it prints nothing for an empty list).
      await new Promise((r) => setTimeout(r, 700));
      assert.equal((await kubectl(kc, ['create', 'configmap', 'w1', '-n', 'watched'])).code, 0);
      await eventually(() => out.includes('configmap/w1'), 10_000, 'watch to show w1');
      assert.equal((await kubectl(kc, ['create', 'configmap', 'w2', '-n', 'watched'])).code, 0);
      await eventually(() => out.includes('configmap/w2'), 10_000, 'watch to show w2');
    } finally {
      child.kill();
    }
  });

  it('lists api-resources and api-versions', async () => {
    const r = await kubectl(kc, ['api-resources']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^configmaps\s+cm\s+v1\s+true\s+ConfigMap$/m);
    assert.match(r.stdout, /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
    assert.match(r.stdout, /^namespaces\s+ns\s+v1\s+false\s+Namespace$/m);
    const wide = await kubectl(kc, ['api-resources', '-o', 'wide', '--api-group=apps']);
    assert.equal(wide.code, 0, wide.stderr);
    assert.match(wide.stdout, /deployments\s+deploy\s+apps\/v1\s+true\s+Deployment\s+create,delete,deletecollection,get,list,patch,update,watch\s+all/);
    const v = await kubectl(kc, ['api-versions']);
    assert.equal(v.code, 0, v.stderr);
    for (const gv of ['v1', 'apps/v1', 'batch/v1', 'rbac.authorization.k8s.io/v1', 'coordination.k8s.io/v1']) {
      assert.ok(v.stdout.split('\n').includes(gv), `${gv} in ${v.stdout}`);
    }
  });
});

describe('kubectl api-resources -o wide', () => {
  it('prints exactly what it prints against kube-apiserver v1.34', async () => {
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const fixture = readFileSync(fileURLToPath(new URL('../../../test/types/api-resources-v1.34.txt', import.meta.url)), 'utf8');
    const srv = await startTestServer();
    try {
      const r = await kubectl(srv.kubeconfig, ['api-resources', '-o', 'wide']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, fixture);
    } finally {
      await srv.close();
    }
  });
});
