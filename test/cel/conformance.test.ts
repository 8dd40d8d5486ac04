import assert from 'node:assert/strict';
import {test} from 'node:test';
import {RECORDED_COUNTS} from './conformance-counts.js';
import {TARGET_SUITES, runConformanceSuite} from './conformance-runner.js';

test('cel-spec conformance: no suite drops below its recorded pass count', () => {
  let passed = 0;
  let eligible = 0;
  const regressions: string[] = [];
  for (const suite of TARGET_SUITES) {
    const r = runConformanceSuite(suite);
    passed += r.passed;
    eligible += r.eligible;
    const pct = r.eligible ? ((100 * r.passed) / r.eligible).toFixed(1) : '100.0';
    console.log(`conformance ${suite}: ${r.passed}/${r.eligible} (${pct}%), ${r.needsProto} need protobuf messages`);
    const recorded = RECORDED_COUNTS[suite];
    assert.ok(recorded, `no recorded count for suite ${suite}`);
    if (r.passed < recorded.passed) {
      regressions.push(`${suite}: ${r.passed} < recorded ${recorded.passed}\n  ${r.failures.slice(0, 5).join('\n  ')}`);
    }
  }
  console.log(`conformance total: ${passed}/${eligible} (${((100 * passed) / eligible).toFixed(1)}%)`);
  assert.deepEqual(regressions, []);
});

test('conformance runner detects a wrong result', async () => {
  const {sameValue} = await import('./conformance-runner.js');
  assert.equal(sameValue(1n, 1), false, 'int and double differ');
  assert.equal(sameValue(1n, 1n), true);
  assert.equal(sameValue([1n, 'a'], [1n, 'a']), true);
  assert.equal(sameValue([1n, 'a'], [1n, 'b']), false);
});
