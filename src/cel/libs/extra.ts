// cel-go libraries Kubernetes does not enable (math, encoders). Only the conformance
// runner uses them, to measure the shared engine against more of the spec's tests.
import type {Environment} from '@marcbachmann/cel-js';
import {UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {celError} from '../util.js';

class MathNamespace {}
class Base64Namespace {}

const INT_MAX = 9223372036854775807n;
const INT_MIN = -9223372036854775808n;

export function registerMath(env: Environment): void {
  env.registerType('MathNamespace', MathNamespace);
  env.registerConstant('math', 'MathNamespace', new MathNamespace());
  const reg = (sig: string, f: (...a: never[]) => unknown): void => {
    env.registerFunction(`MathNamespace.${sig}`, (_ns: unknown, ...a: never[]) => f(...a));
  };
  const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v instanceof UnsignedInt ? v.valueOf() : (v as bigint)));
  const cmp = (a: unknown, b: unknown): number => {
    const x = a instanceof UnsignedInt ? (a.valueOf() as bigint) : a;
    const y = b instanceof UnsignedInt ? (b.valueOf() as bigint) : b;
    if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
    const p = num(x);
    const q = num(y);
    if (Number.isNaN(p)) return -2;
    if (Number.isNaN(q)) return 2;
    return p < q ? -1 : p > q ? 1 : 0;
  };
  const pick = (want: number) => (...vals: unknown[]): unknown => {
    let list = vals;
    if (vals.length === 1 && Array.isArray(vals[0])) list = vals[0];
    if (list.length === 0) throw celError(`math.${want < 0 ? 'least' : 'greatest'}() requires at least one argument`);
    let best = list[0];
    for (const v of list.slice(1)) {
      const c = cmp(v, best);
      if (c === 2 || (Number.isNaN(num(v)) && typeof v === 'number')) { best = v; continue; }
      if (c === -2) continue;
      if (want < 0 ? c < 0 : c > 0) best = v;
    }
    return best;
  };
  for (const name of ['greatest', 'least'] as const) {
    const f = pick(name === 'least' ? -1 : 1);
    // cel-go's math.greatest/least are variadic macros; register arities up to the call-argument limit.
    for (let arity = 1; arity <= 16; arity++) {
      const params = Array.from({length: arity}, () => 'dyn').join(', ');
      env.registerFunction(`MathNamespace.${name}(${params}): dyn`, (_ns: unknown, ...args: unknown[]) => f(...args));
    }
  }
  reg('ceil(double): double', (x: number) => Math.ceil(x));
  reg('floor(double): double', (x: number) => Math.floor(x));
  reg('round(double): double', (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x)));
  reg('trunc(double): double', (x: number) => Math.trunc(x));
  reg('abs(double): double', (x: number) => Math.abs(x));
  reg('abs(int): int', (x: bigint) => {
    if (x === INT_MIN) throw celError('integer overflow');
    return x < 0n ? -x : x;
  });
  reg('abs(uint): uint', (x: UnsignedInt) => x);
  reg('sign(double): double', (x: number) => (Number.isNaN(x) ? x : Math.sign(x)));
  reg('sign(int): int', (x: bigint) => (x > 0n ? 1n : x < 0n ? -1n : 0n));
  reg('sign(uint): uint', (x: UnsignedInt) => new UnsignedInt((x.valueOf() as bigint) > 0n ? 1n : 0n));
  reg('isInf(double): bool', (x: number) => x === Infinity || x === -Infinity);
  reg('isNaN(double): bool', (x: number) => Number.isNaN(x));
  reg('isFinite(double): bool', (x: number) => Number.isFinite(x));
  reg('sqrt(double): double', (x: number) => Math.sqrt(x));
  reg('sqrt(int): double', (x: bigint) => Math.sqrt(Number(x)));
  reg('sqrt(uint): double', (x: UnsignedInt) => Math.sqrt(Number(x.valueOf())));
  const u = (v: bigint): UnsignedInt => new UnsignedInt(BigInt.asUintN(64, v));
  const uv = (x: UnsignedInt): bigint => x.valueOf() as bigint;
  reg('bitAnd(int, int): int', (a: bigint, b: bigint) => a & b);
  reg('bitOr(int, int): int', (a: bigint, b: bigint) => a | b);
  reg('bitXor(int, int): int', (a: bigint, b: bigint) => a ^ b);
  reg('bitNot(int): int', (a: bigint) => ~a);
  reg('bitAnd(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => u(uv(a) & uv(b)));
  reg('bitOr(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => u(uv(a) | uv(b)));
  reg('bitXor(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => u(uv(a) ^ uv(b)));
  reg('bitNot(uint): uint', (a: UnsignedInt) => u(~uv(a)));
  const shiftCheck = (n: bigint): void => {
    if (n < 0n) throw celError(`math.bitShift() negative offset: ${n}`);
  };
  reg('bitShiftLeft(int, int): int', (a: bigint, n: bigint) => {
    shiftCheck(n);
    return n > 63n ? 0n : BigInt.asIntN(64, a << n);
  });
  reg('bitShiftRight(int, int): int', (a: bigint, n: bigint) => {
    shiftCheck(n);
    return n > 63n ? 0n : BigInt.asIntN(64, BigInt.asUintN(64, a) >> n);
  });
  reg('bitShiftLeft(uint, int): uint', (a: UnsignedInt, n: bigint) => {
    shiftCheck(n);
    return n > 63n ? u(0n) : u(uv(a) << n);
  });
  reg('bitShiftRight(uint, int): uint', (a: UnsignedInt, n: bigint) => {
    shiftCheck(n);
    return n > 63n ? u(0n) : u(uv(a) >> n);
  });
  void INT_MAX;
}

export function registerEncoders(env: Environment): void {
  env.registerType('Base64Namespace', Base64Namespace);
  env.registerConstant('base64', 'Base64Namespace', new Base64Namespace());
  env.registerFunction('Base64Namespace.encode(bytes): string', (_ns: unknown, b: Uint8Array) => Buffer.from(b).toString('base64'));
  env.registerFunction('Base64Namespace.decode(string): bytes', (_ns: unknown, s: string) => {
    const padded = s.length % 4 === 0 ? s : s + '='.repeat(4 - (s.length % 4));
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(padded)) throw celError('illegal base64 data at input byte 0');
    return new Uint8Array(Buffer.from(padded, 'base64'));
  });
}
