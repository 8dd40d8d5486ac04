// Standard-library overloads that cel-js lacks.
import type {Environment} from '@marcbachmann/cel-js';
import {UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {celError} from '../util.js';

export function registerStandardExtras(env: Environment): void {
  env.registerFunction('int(uint): int', (u: UnsignedInt) => {
    const v = u.valueOf() as bigint;
    if (v > 9223372036854775807n) throw celError('range error');
    return v;
  });
  env.registerFunction('int(google.protobuf.Timestamp): int', (d: Date) => BigInt(Math.floor(d.getTime() / 1000)));
  // Bytes order lexicographically (byte-wise, then by length).
  const cmp = (a: Uint8Array, b: Uint8Array): number => {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  env.registerOperator('bytes < bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) < 0);
  env.registerOperator('bytes <= bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) <= 0);
  env.registerOperator('bytes > bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) > 0);
  env.registerOperator('bytes >= bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) >= 0);
}
