// resource.Quantity as Go's %#v prints it in a LimitRange's field errors: kube-apiserver v1.32
// answered exactly these for `min` (each against a max of 0), compared by hand through
// test/support/kube-apiserver.ts. ParseQuantity's fast path sets the int64Amount and keeps the
// input as the cached string when canonical; SetDefaults_ResourceList rounds up to milli.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { goQuantityLiteral } from '../../src/apimachinery/quantity.js';

const lit = (value: string, scale: number, s: string, format = 'DecimalSI') =>
  `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${JSON.stringify(s)}, Format:${JSON.stringify(format)}}`;

test('goQuantityLiteral: the int64 fast path, its canonical cache, and the rounding to milli', () => {
  const cases: [string, string][] = [
    ['2', lit('2', 0, '2')],
    ['500m', lit('500', -3, '500m')],
    ['1.5', lit('15', -1, '1500m')],
    ['1.50', lit('150', -2, '1500m')],
    ['0.5', lit('5', -1, '500m')],
    ['01', lit('1', 0, '01')],
    ['+1', lit('1', 0, '+1')],
    ['1000m', lit('1000', -3, '1')],
    ['1e3', lit('1', 3, '1e3', 'DecimalExponent')],
    ['1E3', lit('1', 3, '1E3', 'DecimalExponent')],
    ['1Gi', lit('1073741824', 0, '1Gi', 'BinarySI')],
    ['8Gi', lit('8589934592', 0, '8Gi', 'BinarySI')],
    ['1536Mi', lit('1610612736', 0, '1536Mi', 'BinarySI')],
    ['100Ki', lit('102400', 0, '100Ki', 'BinarySI')],
    ['0.000000001', lit('1', -3, '1m')],
    ['1n', lit('1', -3, '1m')],
    ['1k', lit('1', 3, '1k')],
    ['100M', lit('100', 6, '100M')],
    [' 3 ', lit('3', 0, '3')],
  ];
  for (const [input, want] of cases) assert.equal(goQuantityLiteral(input, true), want, input);
  // Past the fast path an inf.Dec holds the value: its address cannot be reproduced.
  assert.match(goQuantityLiteral('12345678901234567890', true), /^resource\.Quantity\{i:resource\.int64Amount\{value:0, scale:0\}, d:resource\.infDecAmount\{Dec:\(\*inf\.Dec\)\(0x[0-9a-f]+\)\}, s:"12345678901234567890", Format:"DecimalSI"\}$/);
  assert.match(goQuantityLiteral('1.5Gi', true), /s:"1536Mi", Format:"BinarySI"\}$/);
});
