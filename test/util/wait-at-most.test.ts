import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitAtMost } from '../../src/util/wait-at-most.js';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('waitAtMost', () => {
  it('answers true when the promise settles first, and clears its timer', async () => {
    const before = timers();
    assert.equal(await waitAtMost(Promise.resolve('done'), 60_000), true);
    assert.equal(timers(), before, 'no timer left behind');
  });

  it('answers false when the time passes first', async () => {
    assert.equal(await waitAtMost(new Promise(() => {}), 5), false);
  });

  it("passes the promise's rejection on", async () => {
    await assert.rejects(waitAtMost(Promise.reject(new Error('boom')), 60_000), /boom/);
    assert.equal(timers(), 0);
  });
});
