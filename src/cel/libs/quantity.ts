// Kubernetes quantity library.
import type {Environment} from '@marcbachmann/cel-js';
import {Quantity, parseQuantity, isQuantityString} from '../../apimachinery/quantity.js';
import {celError} from '../util.js';

const Q = 'kubernetes.Quantity';

function asInteger(q: Quantity): bigint {
  const v = q.asInt64();
  if (v === undefined) throw celError('cannot convert value to integer');
  return v;
}

export function registerQuantity(env: Environment): void {
  env.registerType(Q, Quantity);
  env.registerFunction(`quantity(string): ${Q}`, (s: string) => {
    try {
      return parseQuantity(s);
    } catch (e) {
      throw celError((e as Error).message);
    }
  });
  env.registerFunction('isQuantity(string): bool', isQuantityString);
  env.registerFunction(`sign(${Q}): int`, (q: Quantity) => BigInt(q.sign()));
  env.registerFunction(`${Q}.sign(): int`, (q: Quantity) => BigInt(q.sign()));
  env.registerFunction(`${Q}.isGreaterThan(${Q}): bool`, (a: Quantity, b: Quantity) => a.cmp(b) === 1);
  env.registerFunction(`${Q}.isLessThan(${Q}): bool`, (a: Quantity, b: Quantity) => a.cmp(b) === -1);
  env.registerFunction(`${Q}.compareTo(${Q}): int`, (a: Quantity, b: Quantity) => BigInt(a.cmp(b)));
  env.registerFunction(`${Q}.asApproximateFloat(): double`, (q: Quantity) => q.asApproximateFloat64());
  env.registerFunction(`${Q}.asInteger(): int`, asInteger);
  env.registerFunction(`${Q}.isInteger(): bool`, (q: Quantity) => q.asInt64() !== undefined);
  env.registerFunction(`${Q}.add(${Q}): ${Q}`, (a: Quantity, b: Quantity) => a.add(b));
  env.registerFunction(`${Q}.add(int): ${Q}`, (a: Quantity, b: bigint) => a.add(Quantity.fromInt(b, 'DecimalExponent')));
  env.registerFunction(`${Q}.sub(${Q}): ${Q}`, (a: Quantity, b: Quantity) => a.sub(b));
  env.registerFunction(`${Q}.sub(int): ${Q}`, (a: Quantity, b: bigint) => a.sub(Quantity.fromInt(b, 'DecimalExponent')));
  env.registerOperator(`${Q} == ${Q}`, (a: Quantity, b: Quantity) => a.equals(b));
}
