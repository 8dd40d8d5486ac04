// computeConcurrencyAllocation's contract as documented in upstream
// k8s.io/apiserver/pkg/util/flowcontrol/conc_alloc.go and checked by conc_alloc_test.go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeConcurrencyAllocation, MIN_TARGET, type AllocProblemItem } from '../../src/flowcontrol/conc-alloc.js';

function check(requiredSum: number, classes: AllocProblemItem[]) {
  const { allocs, fairProp } = computeConcurrencyAllocation(requiredSum, classes);
  const sum = allocs.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - requiredSum) < 1e-6, `sum ${sum} != ${requiredSum}`);
  classes.forEach((c, i) => {
    const a = allocs[i]!;
    const target = Math.max(c.target, MIN_TARGET);
    assert.ok(a >= c.lowerBound - 1e-9 && a <= c.upperBound + 1e-9, `bounds of ${i}`);
    const fair = fairProp * target;
    const ok = Math.abs(a - fair) < 1e-6 || (a === c.lowerBound && c.lowerBound > fair - 1e-9) || (a === c.upperBound && c.upperBound < fair + 1e-9);
    assert.ok(ok, `class ${i}: alloc ${a}, fair ${fair}, bounds [${c.lowerBound}, ${c.upperBound}]`);
  });
  return { allocs, fairProp };
}

test('no bounds matter: proportional to targets', () => {
  const { allocs, fairProp } = check(60, [
    { target: 10, lowerBound: 0, upperBound: 100 },
    { target: 20, lowerBound: 0, upperBound: 100 },
  ]);
  assert.deepEqual(allocs, [20, 40]);
  assert.equal(fairProp, 2);
});

test('lower and upper bounds bind', () => {
  const { allocs } = check(100, [
    { target: 50, lowerBound: 50, upperBound: 60 },
    { target: 1, lowerBound: 1, upperBound: 10 },
    { target: 20, lowerBound: 5, upperBound: 100 },
  ]);
  // 100/71 of the targets would give the first class 70: it is capped at 60, and the other
  // two share the remaining 40 in proportion 1:20.
  assert.equal(allocs[0], 60);
  assert.ok(Math.abs(allocs[1]! - 40 / 21) < 1e-9);
  assert.ok(Math.abs(allocs[2]! - 800 / 21) < 1e-9);
});

test('no wiggle room: all lower bounds or all upper bounds', () => {
  assert.deepEqual(check(10, [{ target: 5, lowerBound: 5, upperBound: 9 }, { target: 5, lowerBound: 5, upperBound: 9 }]).allocs, [5, 5]);
  assert.deepEqual(check(18, [{ target: 5, lowerBound: 5, upperBound: 9 }, { target: 5, lowerBound: 5, upperBound: 9 }]).allocs, [9, 9]);
});

test('impossible problems are errors, with upstream messages', () => {
  assert.throws(() => computeConcurrencyAllocation(-1, []), { message: 'negative sums are not supported' });
  assert.throws(() => computeConcurrencyAllocation(1, [{ target: 1, lowerBound: 2, upperBound: 3 }]), /below its lower bound/);
  assert.throws(() => computeConcurrencyAllocation(1, [{ target: 5, lowerBound: 2, upperBound: 3 }]), /lower bounds sum to 2, which is higher than the required sum of 1/);
  assert.throws(() => computeConcurrencyAllocation(10, [{ target: 5, lowerBound: 2, upperBound: 3 }]), /upper bounds sum to 3, which is lower than the required sum of 10/);
});

test('randomized problems satisfy the documented properties (TestConcAlloc)', () => {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let n = 0; n < 300; n++) {
    const k = 1 + Math.floor(rnd() * 8);
    const classes: AllocProblemItem[] = [];
    for (let i = 0; i < k; i++) {
      const lowerBound = Math.floor(rnd() * 20);
      const target = lowerBound + rnd() * 50;
      const upperBound = lowerBound + Math.floor(rnd() * 100);
      classes.push({ target, lowerBound, upperBound });
    }
    const low = classes.reduce((a, c) => a + c.lowerBound, 0);
    const high = classes.reduce((a, c) => a + c.upperBound, 0);
    const required = Math.floor(low + rnd() * (high - low));
    check(required, classes);
  }
});
