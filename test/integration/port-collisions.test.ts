// The test harness's own guard against ports taken between freePort() and a child's bind
// (test/support/ports.ts): a real etcd whose client port another etcd already serves must
// neither be taken for healthy nor pass for a failure other than a taken port; a start
// retried by onFreshPort gets a new port.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EtcdMember, NO_ETCD, etcdBinary, freePort, startEtcd } from '../support/etcd.js';
import { onFreshPort, PortTakenError } from '../support/ports.js';

describe('ports taken between freePort() and the bind', () => {
  it('an etcd member on a client port another etcd serves fails with PortTakenError, not as healthy', { skip: etcdBinary() ? false : NO_ETCD }, async () => {
    const other = await startEtcd();
    const dir = mkdtempSync(join(tmpdir(), 'skiff-port-taken-'));
    try {
      const clientPort = Number(new URL(other.endpoints[0]!).port);
      const peerPort = await freePort();
      const member = new EtcdMember({ name: 'm0', clientPort, peerPort }, join(dir, 'm0'), `m0=http://127.0.0.1:${peerPort}`, {});
      member.spawn();
      try {
        await assert.rejects(member.waitHealthy(), PortTakenError);
      } finally {
        await member.kill();
      }
    } finally {
      await other.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('onFreshPort starts again on another port after a PortTakenError, and gives up on other errors at once', async () => {
    const tried: number[] = [];
    const port = await onFreshPort(async (p) => {
      tried.push(p);
      if (tried.length === 1) {
        // Someone binds the port first.
        const squatter = createServer();
        await new Promise<void>((r) => squatter.listen(p, '127.0.0.1', r));
        const mine = createServer();
        const err = await new Promise<NodeJS.ErrnoException>((r) => mine.once('error', r).listen(p, '127.0.0.1'));
        await new Promise((r) => squatter.close(r));
        throw new PortTakenError(err.code ?? 'bind failed');
      }
      return p;
    });
    assert.equal(tried.length, 2);
    assert.equal(port, tried[1]);
    let calls = 0;
    await assert.rejects(
      onFreshPort(async () => {
        calls++;
        throw new Error('not a port problem');
      }),
      /not a port problem/,
    );
    assert.equal(calls, 1);
  });
});
