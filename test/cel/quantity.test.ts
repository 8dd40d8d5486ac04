import assert from 'node:assert/strict';
import {test} from 'node:test';
import {Quantity, parseQuantity} from '../../src/apimachinery/quantity.js';

test('canonical forms match resource.Quantity', () => {
  const cases: Array<[string, string]> = [
    ['1', '1'], ['1000', '1k'], ['1500', '1500'], ['1.5', '1500m'], ['0.1', '100m'], ['100m', '100m'],
    ['1Ki', '1Ki'], ['1024', '1024'], ['2048Ki', '2Mi'], ['0.5Ki', '512'], ['1e3', '1e3'], ['1.5e3', '1500'],
    ['1E', '1E'], ['0', '0'], ['-1k', '-1k'], ['0.0000000001', '1n'], ['1.000000001', '1000000001n'], ['1M', '1M'],
    ['12e-3', '12e-3'], ['+5', '5'],
  ];
  for (const [input, want] of cases) assert.equal(parseQuantity(input).toString(), want, input);
});

test('parse errors', () => {
  assert.throws(() => parseQuantity('1GiB'), /quantities must match the regular expression|unable to parse quantity's suffix/);
  assert.throws(() => parseQuantity('abc'), /quantities must match the regular expression/);
  assert.throws(() => parseQuantity(''), /must not be empty/);
});

test('compare, add, integer conversion', () => {
  assert.equal(parseQuantity('1Gi').cmp(parseQuantity('1G')), 1);
  assert.equal(parseQuantity('500m').add(parseQuantity('500m')).toString(), '1');
  assert.equal(parseQuantity('1').sub(Quantity.fromInt(3n)).asInt64(), -2n);
  assert.equal(parseQuantity('1.5').asInt64(), undefined);
  assert.equal(parseQuantity('100E').asInt64(), undefined);
  assert.equal(parseQuantity('1.5Gi').value(), 1610612736n);
});
