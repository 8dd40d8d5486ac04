// Parts of cel-go's optional library that cel-js lacks: optional.ofNonZeroValue and equality.
import type {Environment} from '@marcbachmann/cel-js';
import {Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {celEquals} from '../equality.js';

function isZero(v: unknown): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (v instanceof UnsignedInt) return v.valueOf() === 0n;
  if (v instanceof Uint8Array || Array.isArray(v)) return v.length === 0;
  if (v instanceof Map || v instanceof Set) return v.size === 0;
  if (v instanceof Duration) return v.seconds === 0n && v.nanos === 0;
  if (v instanceof Date) return v.getTime() === 0;
  if (typeof v === 'object' && (Object.getPrototypeOf(v) === null || Object.getPrototypeOf(v) === Object.prototype)) {
    return Object.keys(v as object).length === 0;
  }
  return false;
}

function optionalEquals(a: Optional, b: Optional): boolean {
  if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
  return celEquals(a.value(), b.value());
}

export function registerOptionalExtras(env: Environment): void {
  env.registerFunction('OptionalNamespace.ofNonZeroValue(A): optional<A>', (_ns: unknown, v: unknown) =>
    isZero(v) ? Optional.none() : Optional.of(v));
  env.registerOperator('optional<A> == optional<A>', optionalEquals);
}
