// componentstatuses as pkg/registry/core/componentstatus computes them: each component's
// /healthz probed over HTTPS (any certificate), a failure's reason in the condition's message
// in Go's net/http words (kube-apiserver v1.32 answers `Get "https://127.0.0.1:10259/healthz":
// dial tcp 127.0.0.1:10259: connect: connection refused` when no scheduler runs).
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ensurePki } from '../../src/cli/pki.js';
import { componentStatuses, probeHealthz } from '../../src/endpoints/component-statuses.js';

async function healthzServer(status: number, body: string) {
  const pki = await ensurePki(mkdtempSync(join(tmpdir(), 'skiff-healthz-')));
  const server = createServer({ key: pki.serving.keyPem, cert: pki.serving.certPem }, (_req, res) => {
    res.writeHead(status);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as { port: number }).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('componentstatuses', () => {
  it('is healthy with the body of a 200 /healthz, unhealthy with the status code of another', async () => {
    const ok = await healthzServer(200, 'ok');
    const bad = await healthzServer(500, 'broken');
    try {
      assert.deepEqual(await probeHealthz(ok.port), { type: 'Healthy', status: 'True', message: 'ok' });
      assert.deepEqual(await probeHealthz(bad.port), { type: 'Healthy', status: 'False', message: 'HTTP probe failed with statuscode: 500' });
    } finally {
      await ok.close();
      await bad.close();
    }
  });

  it("puts a refused connection in the message, in net/http's words", async () => {
    const gone = await healthzServer(200, 'ok');
    await gone.close();
    assert.deepEqual(await probeHealthz(gone.port), {
      type: 'Healthy',
      status: 'False',
      message: `Get "https://127.0.0.1:${gone.port}/healthz": dial tcp 127.0.0.1:${gone.port}: connect: connection refused`,
    });
  });

  it('reports in-process controllers as the controller manager and a failing store as etcd-0', async () => {
    const items = await componentStatuses({ inProcessControllers: true, storeCheck: async () => Promise.reject(new Error('store down')) });
    assert.deepEqual(items.map((i) => i.metadata.name), ['scheduler', 'controller-manager', 'etcd-0']);
    assert.deepEqual(items[1]!.conditions, [{ type: 'Healthy', status: 'True', message: 'ok' }]);
    assert.deepEqual(items[2]!.conditions, [{ type: 'Healthy', status: 'False', error: 'store down' }]);
    // Whatever runs on this host at the scheduler's port: a probe result either way.
    assert.match(items[0]!.conditions[0].status, /^(True|False)$/);
    const probed = await componentStatuses({ inProcessControllers: false, storeCheck: async () => undefined });
    const cm = probed[1]!.conditions[0];
    assert.ok(cm.status === 'True' || cm.message.startsWith('Get "https://127.0.0.1:10257/healthz": '), JSON.stringify(cm));
  });
});
