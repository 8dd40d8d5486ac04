import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {CelCompileError, CelEnvironment, CelEvaluationError, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET,
  STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, schemaToDeclType} from '../../src/cel/index.js';
import type {DeclType, OpenAPISchema} from '../../src/cel/index.js';

const list = (items: OpenAPISchema, maxItems?: number): OpenAPISchema => ({type: 'array', items, ...(maxItems !== undefined ? {maxItems} : {})});
function env(self: OpenAPISchema): CelEnvironment {
  return new CelEnvironment({variables: {self: schemaToDeclType(self, {name: 'Self'}) as DeclType}});
}

describe('limits', () => {
  test('upstream numbers', () => {
    assert.equal(PER_CALL_LIMIT, 1000000);
    assert.equal(RUNTIME_CEL_COST_BUDGET, 10000000);
    assert.equal(STATIC_ESTIMATED_COST_LIMIT, 10000000);
    assert.equal(STATIC_ESTIMATED_CRD_COST_LIMIT, 100000000);
  });
});

describe('estimated cost', () => {
  test('bounded by maxItems and maxLength', () => {
    const bounded = env(list({type: 'string', maxLength: 10}, 5));
    const p = bounded.compile(`self.all(x, x.contains('a'))`);
    // self 1 + 5 * (loop condition 2 + accumulator 1 + x 1 + contains ceil(40*0.1)*ceil(1*0.1)=4) + result 1 = 42
    assert.deepEqual(p.estimatedCost, {min: 2, max: 42});
  });
  test('unbounded lists are estimated from the request size', () => {
    const unbounded = env(list({type: 'string'}));
    const p = unbounded.compile(`self.all(x, x.contains('a'))`);
    assert.ok(p.estimatedCost.max > STATIC_ESTIMATED_COST_LIMIT, `estimate ${p.estimatedCost.max}`);
  });
  test('rejected at compile time over the limit with upstream message', () => {
    const unbounded = env(list(list({type: 'string'})));
    try {
      unbounded.compile(`self.all(x, x.all(y, y.startsWith('a')))`, {estimatedCostLimit: STATIC_ESTIMATED_COST_LIMIT});
      assert.fail('expected a cost error');
    } catch (e) {
      assert.ok(e instanceof CelCompileError);
      assert.equal(e.kind, 'cost');
      assert.equal(e.message,
        'estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)');
    }
  });
  test('a literal string comparison and size', () => {
    const e = new CelEnvironment({variables: {s: 'string'}});
    assert.deepEqual(e.compile(`s == 'abc'`).estimatedCost, {min: 2, max: 2});
    assert.deepEqual(e.compile('size(s)').estimatedCost, {min: 2, max: 2});
  });
});

describe('runtime cost', () => {
  test('simple expressions cost what cel-go charges', () => {
    const e = new CelEnvironment({variables: {a: 'int', b: 'int', s: 'string'}});
    const r = e.compile(`a < b && s.startsWith('x')`).evaluate({a: 1n, b: 2n, s: 'xyz'});
    // a, b idents 2 + < 1 + s ident 1 + startsWith ceil(3*0.1) 1 = 5
    assert.equal(r.cost, 5);
    assert.equal(r.value, true);
  });
  test('the per-call limit stops evaluation with upstream error', () => {
    const e = new CelEnvironment({variables: {xs: 'list<int>'}});
    const p = e.compile('xs.map(x, xs.map(y, x * y)).size() > 0');
    const xs = Array.from({length: 400}, (_, i) => BigInt(i));
    try {
      p.evaluate({xs});
      assert.fail('expected the cost limit');
    } catch (err) {
      assert.ok(err instanceof CelEvaluationError);
      assert.equal(err.kind, 'cost');
      assert.equal(err.message, 'operation cancelled: actual cost limit exceeded');
    }
    assert.equal(p.evaluate({xs: xs.slice(0, 10)}).value, true);
  });
  test('a shared budget is consumed across evaluations', () => {
    const e = new CelEnvironment({variables: {xs: 'list<int>'}});
    const p = e.compile('xs.all(x, x >= 0)');
    const xs = Array.from({length: 1000}, (_, i) => BigInt(i));
    const budget = {remaining: 12000};
    const first = p.evaluate({xs}, {budget});
    assert.equal(budget.remaining, 12000 - first.cost);
    p.evaluate({xs}, {budget});
    assert.throws(() => p.evaluate({xs}, {budget}), (err: unknown) => err instanceof CelEvaluationError && err.kind === 'budget');
  });
  test('cost errors cannot be hidden by short-circuit logic', () => {
    const e = new CelEnvironment({variables: {xs: 'list<int>'}});
    const p = e.compile('xs.exists(x, xs.all(y, y >= 0) && false) || true');
    const xs = Array.from({length: 600}, (_, i) => BigInt(i));
    assert.throws(() => p.evaluate({xs}), /actual cost limit exceeded/);
  });
});
