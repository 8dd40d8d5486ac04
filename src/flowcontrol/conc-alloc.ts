// Dividing the server's seats among priority levels for borrowing: the unique fair
// proportion that makes every level's allocation proportional to its target within its
// bounds (upstream k8s.io/apiserver/pkg/util/flowcontrol/conc_alloc.go, computeConcurrencyAllocation).

export interface AllocProblemItem {
  target: number;
  lowerBound: number;
  upperBound: number;
}

export const MIN_TARGET = 0.001;
const EPSILON = 0.0000001;

export function computeConcurrencyAllocation(requiredSum: number, classes: readonly AllocProblemItem[]): { allocs: number[]; fairProp: number } {
  if (requiredSum < 0) throw new Error('negative sums are not supported');
  let lowSum = 0;
  let highSum = 0;
  let targetSum = 0;
  let ubMin = Number.MAX_VALUE, ubMax = -Number.MAX_VALUE, lbMin = Number.MAX_VALUE, lbMax = -Number.MAX_VALUE;
  const rel = classes.map((item, idx) => {
    if (item.lowerBound < 0) throw new Error(`lower bound ${idx} is ${item.lowerBound} but negative lower bounds are not allowed`);
    if (item.target < item.lowerBound) throw new Error(`target ${idx} is ${item.target}, which is below its lower bound of ${item.lowerBound}`);
    if (item.upperBound < item.lowerBound) throw new Error(`upper bound ${idx} is ${item.upperBound} but should not be less than the lower bound ${item.lowerBound}`);
    const target = Math.max(item.target, MIN_TARGET);
    lowSum += item.lowerBound;
    highSum += item.upperBound;
    targetSum += target;
    const r = { target, lower: item.lowerBound / target, upper: item.upperBound / target };
    ubMin = Math.min(ubMin, r.upper);
    ubMax = Math.max(ubMax, r.upper);
    lbMin = Math.min(lbMin, r.lower);
    lbMax = Math.max(lbMax, r.lower);
    return r;
  });
  if (lbMax > 1) throw new Error(`lbRange.max-1=${lbMax - 1}, which is impossible because lbRange.max can not be greater than 1`);
  if (lowSum - requiredSum > EPSILON) throw new Error(`lower bounds sum to ${lowSum}, which is higher than the required sum of ${requiredSum}`);
  if (requiredSum - highSum > EPSILON) throw new Error(`upper bounds sum to ${highSum}, which is lower than the required sum of ${requiredSum}`);
  if (requiredSum === 0) return { allocs: classes.map(() => 0), fairProp: 0 };
  if (lowSum - requiredSum > -EPSILON) return { allocs: classes.map((c) => c.lowerBound), fairProp: lbMin };
  if (requiredSum - highSum > -EPSILON) return { allocs: classes.map((c) => c.upperBound), fairProp: ubMax };
  let fairProp = requiredSum / targetSum;
  if (lbMax <= fairProp && fairProp <= ubMin) return { allocs: rel.map((r) => r.target * fairProp), fairProp };

  // Some bounds matter: walk the bounds in ascending order, raising fairProp.
  const bounds = rel.flatMap((r, idx) => [
    { value: r.lower, idx, lower: true },
    { value: r.upper, idx, lower: false },
  ]);
  bounds.sort((a, b) => a.value - b.value);
  let sumSoFar = lowSum;
  fairProp = lbMin;
  let sensitiveTargetSum = 0;
  let deltaTargetSum = 0;
  let numSensitive = 0;
  let deltaSensitive = 0;
  let next = 0;
  while (sumSoFar < requiredSum) {
    let nextBound: number;
    for (;;) {
      sensitiveTargetSum += deltaTargetSum;
      numSensitive += deltaSensitive;
      if (next >= bounds.length) throw new Error('impossible: ran out of bounds to consider in bound-constrained problem');
      const b = bounds[next++]!;
      nextBound = b.value;
      deltaSensitive = b.lower ? 1 : -1;
      deltaTargetSum = b.lower ? rel[b.idx]!.target : -rel[b.idx]!.target;
      if (nextBound > fairProp) break;
    }
    if (numSensitive === 0) {
      fairProp = nextBound;
      continue;
    }
    const nextProp = fairProp + (requiredSum - sumSoFar) / sensitiveTargetSum;
    if (nextProp <= nextBound) {
      fairProp = nextProp;
      break;
    }
    sumSoFar += (nextBound - fairProp) * sensitiveTargetSum;
    fairProp = nextBound;
  }
  return { allocs: classes.map((c, idx) => Math.max(c.lowerBound, Math.min(c.upperBound, fairProp * rel[idx]!.target))), fairProp };
}
