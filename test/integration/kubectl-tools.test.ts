// kubectl 1.34's higher-level commands against skiff: apply --prune, diff, events, wait,
// auth whoami and explain — each goes through discovery, OpenAPI v3, dry-run server-side
// apply, watch or the SelfSubjectReview API as it would against kube-apiserver.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl, kubectlPath } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

const manifest = (names: string[]) =>
  names.map((n) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${n}\n  namespace: tools\n  labels: {app: tools}\ndata:\n  k: v\n`).join('---\n');

describe('kubectl 1.34 tools', () => {
  let srv: TestServer;
  let kc: string;
  before(async () => {
    kubectlPath();
    srv = await startTestServer();
    kc = srv.kubeconfig;
    assert.equal((await kubectl(kc, ['create', 'namespace', 'tools'])).code, 0);
  });
  after(async () => {
    await srv?.close();
  });

  it('applies with --prune, removing labelled objects no longer in the manifest', async () => {
    const first = await kubectl(kc, ['apply', '-f', '-', '--prune', '-l', 'app=tools', '--prune-allowlist=core/v1/ConfigMap'], manifest(['p1', 'p2']));
    assert.equal(first.code, 0, first.stderr);
    const second = await kubectl(kc, ['apply', '-f', '-', '--prune', '-l', 'app=tools', '--prune-allowlist=core/v1/ConfigMap'], manifest(['p1']));
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /configmap\/p2 pruned/);
    const left = await kubectl(kc, ['get', 'configmaps', '-n', 'tools', '-l', 'app=tools', '-o', 'name']);
    assert.equal(left.stdout.trim(), 'configmap/p1');
  });

  it('diffs a manifest against the live object through a dry-run server-side apply', async () => {
    const same = await kubectl(kc, ['diff', '-f', '-'], manifest(['p1']));
    assert.equal(same.code, 0, same.stderr + same.stdout);
    const changed = await kubectl(kc, ['diff', '-f', '-'], manifest(['p1']).replace('k: v', 'k: changed'));
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /^-\s+k: v$/m);
    assert.match(changed.stdout, /^\+\s+k: changed$/m);
    const live = await kubectl(kc, ['get', 'configmap', 'p1', '-n', 'tools', '-o', 'jsonpath={.data.k}']);
    assert.equal(live.stdout, 'v', 'diff changed nothing');
  });

  it('waits for a condition and for deletion', async () => {
    const pending = kubectl(kc, ['wait', '--for=jsonpath={.data.ready}=yes', 'configmap/p1', '-n', 'tools', '--timeout=30s']);
    assert.equal((await kubectl(kc, ['patch', 'configmap', 'p1', '-n', 'tools', '--type=merge', '-p', '{"data":{"ready":"yes"}}'])).code, 0);
    const waited = await pending;
    assert.equal(waited.code, 0, waited.stderr);
    assert.match(waited.stdout, /configmap\/p1 condition met/);
    const gone = kubectl(kc, ['wait', '--for=delete', 'configmap/p1', '-n', 'tools', '--timeout=30s']);
    assert.equal((await kubectl(kc, ['delete', 'configmap', 'p1', '-n', 'tools'])).code, 0);
    const deleted = await gone;
    assert.equal(deleted.code, 0, deleted.stderr);
  });

  it('lists events', async () => {
    const ev = {
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'e1', namespace: 'tools' },
      involvedObject: { kind: 'ConfigMap', name: 'p1', namespace: 'tools' }, reason: 'Tested', message: 'from the kubectl tools test', type: 'Normal',
      firstTimestamp: '2026-01-01T00:00:00Z', lastTimestamp: '2026-01-01T00:00:00Z', count: 1, source: { component: 'skiff-test' },
    };
    assert.equal((await kubectl(kc, ['create', '-f', '-'], JSON.stringify(ev))).code, 0);
    const events = await kubectl(kc, ['events', '-n', 'tools']);
    assert.equal(events.code, 0, events.stderr);
    assert.match(events.stdout, /Tested\s+configmap\/p1\s+from the kubectl tools test/i);
  });

  it('reports who the user is with auth whoami', async () => {
    const who = await kubectl(kc, ['auth', 'whoami', '-o', 'json']);
    assert.equal(who.code, 0, who.stderr);
    const review = JSON.parse(who.stdout);
    assert.equal(review.kind, 'SelfSubjectReview');
    assert.ok(review.status.userInfo.username);
    assert.ok(review.status.userInfo.groups.includes('system:authenticated'));
  });

  it('explains fields from OpenAPI v3', async () => {
    const ex = await kubectl(kc, ['explain', 'deployment.spec.replicas']);
    assert.equal(ex.code, 0, ex.stderr);
    assert.match(ex.stdout, /GROUP:\s+apps/);
    assert.match(ex.stdout, /FIELD: replicas <integer>/);
    const rec = await kubectl(kc, ['explain', 'configmap', '--recursive']);
    assert.equal(rec.code, 0, rec.stderr);
    assert.match(rec.stdout, /binaryData\s+<map\[string\]string>/);
  });
});
