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
}
