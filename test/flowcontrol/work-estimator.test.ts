// Seats per request (upstream flowcontrol/request/list_work_estimator_test.go and
// mutating_work_estimator_test.go, with SizeBasedListCostEstimate on as in v1.34).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkEstimator, type ResourceStats } from '../../src/flowcontrol/work-estimator.js';
import { parseRequestInfo } from '../../src/server/requestinfo.js';

function estimator(count: number, averageBytes: number, watchers = 0, maxSeats = 0) {
  const stats: ResourceStats = {
    objects: (g, r) => (r === 'unknown' ? undefined : { count, averageBytes }),
    watchers: () => watchers,
  };
  const e = new WorkEstimator(stats, () => maxSeats);
  return (method: string, path: string) => {
    const u = new URL(path, 'https://x');
    return e.estimate(parseRequestInfo(method, u.pathname, u.searchParams), u.searchParams, 'pl');
  };
}

test('lists: ceil(bytes loaded / 100 kB), at most 1 MB from the cache, capped by the level', () => {
  // 1000 objects of 1.1 kB served from the cache: min(1.1 MB, 1 MB) / 100 kB = 10
  assert.equal(estimator(1000, 1100)('GET', '/api/v1/namespaces/ns/configmaps').initialSeats, 10);
  assert.equal(estimator(1000, 1100, 0, 8)('GET', '/api/v1/namespaces/ns/configmaps').initialSeats, 8, 'level cap');
  assert.equal(estimator(50, 1000)('GET', '/api/v1/configmaps').initialSeats, 1);
  // a limited list at an exact revision goes to storage: limit * size, no 1 MB cap
  assert.equal(estimator(10_000, 5000)('GET', '/api/v1/configmaps?limit=500&resourceVersion=10').initialSeats, 25);
  // a single object by field selector on name
  assert.equal(estimator(10_000, 5000)('GET', '/api/v1/configmaps?fieldSelector=metadata.name%3Dx').initialSeats, 1);
  // unknown sizes count as 1.5 MB each
  assert.equal(estimator(3, 0)('GET', '/api/v1/configmaps?limit=2&continue=abc').initialSeats, 30);
  // a resource without storage: minimum
  assert.equal(estimator(10, 10)('GET', '/api/v1/unknown').initialSeats, 1);
  // at most 100 seats for lists
  assert.equal(estimator(1_000_000, 1_000_000)('GET', '/api/v1/configmaps?limit=100000&continue=x').initialSeats, 100);
});

test('other reads and watches take one seat', () => {
  const e = estimator(100_000, 10_000);
  assert.deepEqual(e('GET', '/api/v1/namespaces/ns/configmaps/x'), { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 });
  assert.equal(e('GET', '/api/v1/configmaps?watch=true').initialSeats, 1);
  assert.equal(e('GET', '/healthz').initialSeats, 1);
});

test('writes: one seat, plus ceil(watchers / 10) final seats for 5 ms each (watch fan-out), capped at 10', () => {
  assert.deepEqual(estimator(0, 0, 5)('POST', '/api/v1/namespaces/ns/configmaps'), { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 });
  assert.deepEqual(estimator(0, 0, 25)('PUT', '/api/v1/namespaces/ns/configmaps/x'), { initialSeats: 1, finalSeats: 3, additionalLatencyMs: 5 });
  // 500 watchers: 50 seats of 5 ms = 250 seat-ms, spread over the cap of 10 seats: 25 ms
  assert.deepEqual(estimator(0, 0, 500)('DELETE', '/api/v1/namespaces/ns/configmaps/x'), { initialSeats: 1, finalSeats: 10, additionalLatencyMs: 25 });
  // TokenRequest notifies no watchers
  assert.deepEqual(estimator(0, 0, 500)('POST', '/api/v1/namespaces/ns/serviceaccounts/sa/token'), { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 });
});
