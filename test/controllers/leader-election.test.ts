// The leader keeps renewing its Lease while its controllers start (client-go runs
// OnStartedLeading in a goroutine beside the renew loop). Found with bench/memory.ts at
// 100,000 objects: the controllers' start (every informer's initial state) outlasted the renew
// deadline on a loaded restart, so the leader stepped down and restarted every controller.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LeaderElector } from '../../src/controllers/leader-election.js';
import { createLogger } from '../../src/util/log.js';
import { startTestServer, type TestServer } from '../support/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leader election', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory', controllers: [] });
  });
  after(() => srv?.close());

  it('renews the lease while the controllers are still starting, and start() waits for them', async () => {
    let stoppedLeading = 0;
    let started = false;
    const elector = new LeaderElector(srv.registry, createLogger({ stream: { write: () => true } }), {
      name: 'slow-start',
      identity: 'only-replica',
      leaseDurationMs: 900,
      renewDeadlineMs: 600,
      retryPeriodMs: 100,
      onStartedLeading: async () => {
        await sleep(1500);
        started = true;
      },
      onStoppedLeading: () => stoppedLeading++,
    });
    try {
      await elector.start();
      assert.ok(started, 'start() resolves once the controllers have started');
      assert.equal(stoppedLeading, 0, 'the leader did not step down while its controllers started');
      assert.ok(elector.isLeader);
      const lease = (await srv.request('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/slow-start')).json();
      const renewedAfterMs = Date.parse(lease.spec.renewTime) - Date.parse(lease.spec.acquireTime);
      assert.ok(renewedAfterMs >= 1000, `renewed ${renewedAfterMs} ms after it was acquired`);
    } finally {
      await elector.stop();
    }
    assert.equal(stoppedLeading, 1, 'stop() stops the controllers once');
  });
});
