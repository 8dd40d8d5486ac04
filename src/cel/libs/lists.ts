// Kubernetes list library (isSorted, sum, min, max, indexOf, lastIndexOf) and cel-go ext.Sets.
import type {Environment} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {celCompare, celEquals} from '../equality.js';
import {celError} from '../util.js';
import {OVERRIDE_PREFIX} from './strings.js';

const COMPARABLE = ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'google.protobuf.Duration', 'google.protobuf.Timestamp'];
const SUMMABLE = ['int', 'uint', 'double', 'google.protobuf.Duration'];

function toArray(l: unknown): unknown[] {
  return Array.isArray(l) ? l : [...(l as Iterable<unknown>)];
}

function isSorted(list: unknown): boolean {
  const a = toArray(list);
  for (let i = 1; i < a.length; i++) if (celCompare(a[i - 1], a[i]) > 0) return false;
  return true;
}

function sumOf(kind: string) {
  return (list: unknown): unknown => {
    const a = toArray(list);
    switch (kind) {
      case 'int': {
        let s = 0n;
        for (const v of a) s += v as bigint;
        if (s > 9223372036854775807n || s < -9223372036854775808n) throw celError('integer overflow');
        return s;
      }
      case 'uint': {
        let s = 0n;
        for (const v of a) s += (v as UnsignedInt).valueOf() as bigint;
        return new UnsignedInt(s);
      }
      case 'double': {
        let s = 0;
        for (const v of a) s += v as number;
        return s;
      }
      default: {
        let nanos = 0n;
        for (const v of a) {
          const d = v as Duration;
          nanos += d.seconds * 1000000000n + BigInt(d.nanos);
        }
        return new Duration(nanos / 1000000000n, Number(nanos % 1000000000n));
      }
    }
  };
}

function extremum(name: 'min' | 'max') {
  return (list: unknown): unknown => {
    const a = toArray(list);
    if (a.length === 0) throw celError(`${name}(list) called on empty list`);
    let best = a[0];
    for (let i = 1; i < a.length; i++) {
      const c = celCompare(a[i], best);
      if (name === 'min' ? c < 0 : c > 0) best = a[i];
    }
    return best;
  };
}

function indexOf(list: unknown, v: unknown): bigint {
  const a = toArray(list);
  for (let i = 0; i < a.length; i++) if (celEquals(a[i], v)) return BigInt(i);
  return -1n;
}

function lastIndexOf(list: unknown, v: unknown): bigint {
  const a = toArray(list);
  for (let i = a.length - 1; i >= 0; i--) if (celEquals(a[i], v)) return BigInt(i);
  return -1n;
}

export function registerLists(env: Environment): void {
  const P = OVERRIDE_PREFIX;
  for (const t of COMPARABLE) {
    env.registerFunction(`list<${t}>.isSorted(): bool`, isSorted);
    env.registerFunction(`list<${t}>.min(): ${t}`, extremum('min'));
    env.registerFunction(`list<${t}>.max(): ${t}`, extremum('max'));
  }
  for (const t of SUMMABLE) env.registerFunction(`list<${t}>.sum(): ${t}`, sumOf(t));
  env.registerFunction(`list<A>.${P}indexOf(A): int`, indexOf);
  env.registerFunction(`list<A>.${P}lastIndexOf(A): int`, lastIndexOf);
}

class SetsNamespace {}

export function registerSets(env: Environment): void {
  env.registerType('SetsNamespace', SetsNamespace);
  env.registerConstant('sets', 'SetsNamespace', new SetsNamespace());
  const contains = (a: unknown, b: unknown): boolean => {
    const x = toArray(a);
    return toArray(b).every((e) => x.some((y) => celEquals(y, e)));
  };
  env.registerFunction('SetsNamespace.contains(list<A>, list<A>): bool', (_: unknown, a: unknown, b: unknown) => contains(a, b));
  env.registerFunction('SetsNamespace.equivalent(list<A>, list<A>): bool', (_: unknown, a: unknown, b: unknown) => contains(a, b) && contains(b, a));
  env.registerFunction('SetsNamespace.intersects(list<A>, list<A>): bool', (_: unknown, a: unknown, b: unknown) => {
    const x = toArray(a);
    return toArray(b).some((e) => x.some((y) => celEquals(y, e)));
  });
}
