// The fair-queuing core on a fake clock (upstream fairqueuing/queueset/queueset_test.go:
// fairness across flows, queue length limit, rejection, virtual time, dispatch order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueueSet, type QueuedRequest, type WorkEstimate } from '../../src/flowcontrol/queueset.js';
import { hashFlowId } from '../../src/flowcontrol/match.js';
import { FakeClock } from './fake-clock.js';

const one: WorkEstimate = { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 };
const seats = (n: number): WorkEstimate => ({ initialSeats: n, finalSeats: 0, additionalLatencyMs: 0 });

function mustQueue<D>(r: QueuedRequest<D> | string): QueuedRequest<D> {
  assert.notEqual(typeof r, 'string', `rejected: ${String(r)}`);
  return r as QueuedRequest<D>;
}

test('requests within the limit are dispatched at once; beyond it they wait', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 8, queueLengthLimit: 5, handSize: 2 }, 2);
  const a = mustQueue(qs.startRequest(one, 1n, 'u', 'fs', 'a'));
  const b = mustQueue(qs.startRequest(one, 1n, 'u', 'fs', 'b'));
  const c = mustQueue(qs.startRequest(one, 1n, 'u', 'fs', 'c'));
  assert.deepEqual([a.decision, b.decision, c.decision], ['execute', 'execute', 'waiting']);
  assert.equal(qs.totSeatsInUse, 2);
  a.finish();
  assert.equal(c.decision, 'execute');
  b.finish();
  c.finish();
  assert.ok(qs.isIdle());
});

test('a flooding flow does not delay a light flow: round robin by virtual finish time', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 64, queueLengthLimit: 1000, handSize: 1 }, 1);
  const heavy = hashFlowId('fs', 'heavy');
  const light = hashFlowId('fs', 'light');
  const first = mustQueue(qs.startRequest(one, heavy, 'heavy', 'fs', 'h0'));
  const heavies = Array.from({ length: 50 }, (_, i) => mustQueue(qs.startRequest(one, heavy, 'heavy', 'fs', `h${i + 1}`)));
  clock.advance(1);
  const l = mustQueue(qs.startRequest(one, light, 'light', 'fs', 'l'));
  // Serve one at a time: the light request must come within the next two dispatches.
  const order: string[] = [];
  let running = first;
  for (let i = 0; i < 5; i++) {
    clock.advance(10);
    running.finish();
    running = [...heavies, l].find((r) => r.decision === 'execute' && !order.includes(r.descr))!;
    order.push(running.descr);
  }
  assert.ok(order.indexOf('l') >= 0 && order.indexOf('l') <= 1, `order ${order.join(',')}`);
});

test('two equally busy flows share the seats equally', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 64, queueLengthLimit: 1000, handSize: 1 }, 2);
  const ha = hashFlowId('fs', 'a');
  const hb = hashFlowId('fs', 'b');
  const all: QueuedRequest<string>[] = [];
  for (let i = 0; i < 40; i++) all.push(mustQueue(qs.startRequest(one, ha, 'a', 'fs', 'a')));
  for (let i = 0; i < 40; i++) all.push(mustQueue(qs.startRequest(one, hb, 'b', 'fs', 'b')));
  const served = { a: 0, b: 0 };
  const finished = new Set<QueuedRequest<string>>();
  for (let step = 0; step < 15; step++) {
    clock.advance(5);
    const running = all.filter((r) => r.decision === 'execute' && !finished.has(r));
    for (const r of running) {
      finished.add(r);
      served[r.descr as 'a' | 'b']++;
      r.finish();
    }
  }
  assert.deepEqual(served, { a: 15, b: 15 });
});

test('queue length limit: a full queue rejects once the seats are taken', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 1, queueLengthLimit: 2, handSize: 1 }, 1);
  mustQueue(qs.startRequest(one, 0n, '', 'fs', 'run'));
  mustQueue(qs.startRequest(one, 0n, '', 'fs', 'q1'));
  mustQueue(qs.startRequest(one, 0n, '', 'fs', 'q2'));
  assert.equal(qs.startRequest(one, 0n, '', 'fs', 'q3'), 'queue-full');
  assert.equal(qs.dump().rejected, 1);
  assert.equal(qs.dump().waiting, 2);
});

test('a Reject level (no queues) rejects beyond its limit; wide requests wait for an empty level', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 0, queueLengthLimit: 0, handSize: 0 }, 3);
  const a = mustQueue(qs.startRequest(seats(2), 0n, '', 'fs', 'a'));
  assert.equal(qs.startRequest(seats(2), 0n, '', 'fs', 'b'), 'concurrency-limit');
  mustQueue(qs.startRequest(one, 0n, '', 'fs', 'c'));
  a.finish();
  // wider than the whole limit: only when nothing executes
  assert.equal(qs.startRequest(seats(5), 0n, '', 'fs', 'd'), 'concurrency-limit');
});

test('exempt levels never limit', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'exempt', desiredNumQueues: -1, queueLengthLimit: 0, handSize: 0 }, 0);
  for (let i = 0; i < 100; i++) assert.equal(mustQueue(qs.startRequest(seats(10), 0n, '', 'exempt', 'x')).decision, 'execute');
  assert.equal(qs.totSeatsInUse, 1000);
});

test('a waiting request can time out; it is counted and leaves its queue', async () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 4, queueLengthLimit: 10, handSize: 2 }, 1);
  const run = mustQueue(qs.startRequest(one, 3n, 'u', 'fs', 'run'));
  const w = mustQueue(qs.startRequest(one, 3n, 'u', 'fs', 'w'));
  assert.equal(w.cancel('time-out'), true);
  assert.equal(await w.decided, false);
  assert.equal(w.cancel('time-out'), false);
  const d = qs.dump();
  assert.deepEqual([d.waiting, d.rejected, d.timedout], [0, 1, 1]);
  run.finish();
  assert.ok(qs.isIdle());
});

test('virtual time advances at min(seats requested, limit) / active queues per second', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 8, queueLengthLimit: 10, handSize: 1 }, 4);
  assert.equal(qs.virtualTime, 0);
  clock.advance(1000);
  assert.equal(qs.virtualTime, 0, 'idle: R stands still');
  // one queue with 2 seats executing: R advances 2 per second
  const a = mustQueue(qs.startRequest(seats(2), 0n, '', 'fs', 'a'));
  clock.advance(1000);
  assert.ok(Math.abs(qs.virtualTime - 2) < 1e-9, String(qs.virtualTime));
  // two active queues, 2 + 4 seats requested, limit 4: min(6, 4) / 2 = 2 per second
  const b = mustQueue(qs.startRequest(seats(4), 5n, '', 'fs', 'b'));
  assert.equal(b.decision, 'waiting');
  clock.advance(1000);
  assert.ok(Math.abs(qs.virtualTime - 4) < 1e-9, String(qs.virtualTime));
  a.finish();
  b.finish();
  clock.advance(500);
  assert.ok(Math.abs(qs.virtualTime - 4) < 1e-9, 'idle again');
});

test('final seats linger for the additional latency after finish', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 4, queueLengthLimit: 10, handSize: 1 }, 5);
  const w = mustQueue(qs.startRequest({ initialSeats: 1, finalSeats: 5, additionalLatencyMs: 20 }, 0n, '', 'fs', 'write'));
  const other = mustQueue(qs.startRequest(one, 0n, '', 'fs', 'other'));
  assert.equal(other.decision, 'waiting', 'max seats (5) are held from dispatch');
  w.finish();
  assert.equal(other.decision, 'waiting', 'final seats still held');
  clock.advance(20);
  assert.equal(other.decision, 'execute');
});

test('dispatch order: earliest virtual finish first, ties by round robin', () => {
  const clock = new FakeClock();
  const qs = new QueueSet<string>(clock, { name: 'pl', desiredNumQueues: 3, queueLengthLimit: 10, handSize: 1 }, 1);
  const blocker = mustQueue(qs.startRequest(one, 0n, '', 'fs', 'blocker'));
  // queue 0 already has one executing (its next dispatch R moved on); queues 1 and 2 are fresh
  const q0 = mustQueue(qs.startRequest(one, 0n, '', 'fs', 'q0'));
  const q1 = mustQueue(qs.startRequest(one, 1n, '', 'fs', 'q1'));
  const q2 = mustQueue(qs.startRequest(one, 2n, '', 'fs', 'q2'));
  const order: string[] = [];
  let cur = blocker;
  for (let i = 0; i < 3; i++) {
    cur.finish();
    cur = [q0, q1, q2].find((r) => r.decision === 'execute' && !order.includes(r.descr))!;
    order.push(cur.descr);
  }
  assert.equal(order[2], 'q0', `queue 0 served last: ${order.join(',')}`);
});
