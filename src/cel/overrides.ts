// Operator semantics that differ between cel-js and cel-go, applied after type checking by
// replacing the handler cel-js selected for a node. Statically typed nodes get the right
// handler directly (no runtime cost for everything else); nodes with dyn operands dispatch
// on the runtime values and fall back to cel-js's handler.
import {EvaluationError, Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {walk} from './ast.js';
import type {CelNode, CelTypeDecl} from './ast.js';
import {celEquals} from './equality.js';
import {addDurations, addTimestampDuration, compareDurations, compareTimestamps, subtractDurations,
  subtractTimestampDuration, subtractTimestamps} from './timestamp.js';
import {celError} from './util.js';
import {listSemantics, mapListKey, withListSemantics} from './values.js';

type Kind = 'int' | 'uint' | 'double' | 'string' | 'bool' | 'bytes' | 'null' | 'timestamp' | 'duration' | 'list'
  | 'map' | 'optional' | 'type' | 'other';

type Binary = (l: unknown, r: unknown) => unknown;
type Handle = (...args: unknown[]) => unknown;

const INT_MIN = -9223372036854775808n;

function kindOfType(t: CelTypeDecl | undefined): Kind | 'dyn' | undefined {
  if (!t) return undefined;
  switch (t.kind) {
    case 'dyn': case 'param': return 'dyn';
    case 'list': return 'list';
    case 'map': return 'map';
    case 'optional': return 'optional';
    default:
      switch (t.name) {
        case 'int': case 'uint': case 'double': case 'string': case 'bool': case 'bytes': case 'null': case 'type':
          return t.name;
        case 'google.protobuf.Timestamp': return 'timestamp';
        case 'google.protobuf.Duration': return 'duration';
        default: return 'other';
      }
  }
}

function kindOfValue(v: unknown): Kind {
  switch (typeof v) {
    case 'bigint': return 'int';
    case 'number': return 'double';
    case 'string': return 'string';
    case 'boolean': return 'bool';
    case 'object':
      if (v === null) return 'null';
      if (Array.isArray(v) || v instanceof Set) return 'list';
      if (v instanceof Map) return 'map';
      if (v instanceof UnsignedInt) return 'uint';
      if (v instanceof Uint8Array) return 'bytes';
      if (v instanceof Date) return 'timestamp';
      if (v instanceof Duration) return 'duration';
      if (v instanceof Optional) return 'optional';
      {
        const p = Object.getPrototypeOf(v);
        if (p === null || p === Object.prototype) return 'map';
      }
      return 'other';
    default:
      return 'other';
  }
}

const num = (v: unknown): number => (v instanceof UnsignedInt ? Number(v.valueOf()) : Number(v));

/** int/uint vs double ordering compares as doubles (cel-go's compareIntDouble). */
function numericCompare(l: unknown, r: unknown): number {
  const a = num(l);
  const b = num(r);
  return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
}

function bytesCompare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** List concatenation; x-kubernetes-list-type set and map lists merge (the left side decides). */
export function concatLists(a: unknown, b: unknown): unknown[] {
  const x = Array.isArray(a) ? a : [...(a as Iterable<unknown>)];
  const y = Array.isArray(b) ? b : [...(b as Iterable<unknown>)];
  const sem = listSemantics(x);
  if (!sem) return [...x, ...y];
  if (sem.type === 'set') {
    const out = [...x];
    for (const e of y) if (!out.some((m) => celEquals(m, e))) out.push(e);
    return withListSemantics(out, sem);
  }
  const out = [...x];
  const at = new Map<string, number>();
  x.forEach((e, i) => at.set(mapListKey(e, sem.keys), i));
  for (const e of y) {
    const k = mapListKey(e, sem.keys);
    const i = at.get(k);
    if (i === undefined) {
      at.set(k, out.length);
      out.push(e);
    } else out[i] = e;
  }
  return withListSemantics(out, sem);
}

function listContains(v: unknown, list: unknown): boolean {
  for (const e of list as Iterable<unknown>) if (celEquals(e, v)) return true;
  return false;
}

function mapContains(k: unknown, m: unknown): boolean {
  if (m instanceof Map) return m.has(k);
  return typeof k === 'string' && Object.prototype.hasOwnProperty.call(m, k);
}

function checkedIntDivision(op: '/' | '%') {
  return (a: unknown, b: unknown): bigint => {
    const x = a as bigint;
    const y = b as bigint;
    if (y === 0n) throw new EvaluationError({code: op === '/' ? 'division_by_zero' : 'modulo_by_zero', message: op === '/' ? 'division by zero' : 'modulus by zero'});
    if (y === -1n && x === INT_MIN) throw celError('integer overflow');
    return op === '/' ? x / y : x % y;
  };
}

/** Rules by operator, left kind and right kind ('*' matches any kind). */
const RULES = new Map<string, Map<Kind | '*', Map<Kind | '*', Binary>>>();

function rule(op: string, l: Kind | '*', r: Kind | '*', f: Binary): void {
  let byLeft = RULES.get(op);
  if (!byLeft) RULES.set(op, (byLeft = new Map()));
  let byRight = byLeft.get(l);
  if (!byRight) byLeft.set(l, (byRight = new Map()));
  byRight.set(r, f);
}

function ordering(l: Kind, r: Kind, cmp: (a: unknown, b: unknown) => number): void {
  rule('<', l, r, (a, b) => cmp(a, b) < 0);
  rule('<=', l, r, (a, b) => cmp(a, b) <= 0);
  rule('>', l, r, (a, b) => cmp(a, b) > 0);
  rule('>=', l, r, (a, b) => cmp(a, b) >= 0);
}

for (const [l, r] of [['int', 'double'], ['double', 'int'], ['uint', 'double'], ['double', 'uint']] as const) {
  ordering(l, r, numericCompare);
}
ordering('bytes', 'bytes', (a, b) => bytesCompare(a as Uint8Array, b as Uint8Array));
ordering('timestamp', 'timestamp', (a, b) => compareTimestamps(a as Date, b as Date));
ordering('duration', 'duration', (a, b) => compareDurations(a as Duration, b as Duration));

for (const [l, r] of [['timestamp', 'timestamp'], ['duration', 'duration'], ['list', 'list'], ['map', 'map'], ['optional', 'optional']] as const) {
  rule('==', l, r, celEquals);
  rule('!=', l, r, (a, b) => !celEquals(a, b));
}
rule('+', 'timestamp', 'duration', (a, b) => addTimestampDuration(a as Date, b as Duration));
rule('+', 'duration', 'timestamp', (a, b) => addTimestampDuration(b as Date, a as Duration));
rule('+', 'duration', 'duration', (a, b) => addDurations(a as Duration, b as Duration));
rule('-', 'timestamp', 'timestamp', (a, b) => subtractTimestamps(a as Date, b as Date));
rule('-', 'timestamp', 'duration', (a, b) => subtractTimestampDuration(a as Date, b as Duration));
rule('-', 'duration', 'duration', (a, b) => subtractDurations(a as Duration, b as Duration));
rule('+', 'list', 'list', concatLists);
rule('/', 'int', 'int', checkedIntDivision('/'));
rule('%', 'int', 'int', checkedIntDivision('%'));
rule('in', '*', 'list', listContains);
rule('in', '*', 'map', mapContains);

function findRule(op: string, l: Kind, r: Kind): Binary | undefined {
  const byLeft = RULES.get(op);
  if (!byLeft) return undefined;
  return byLeft.get(l)?.get(r) ?? byLeft.get('*')?.get(r) ?? byLeft.get(l)?.get('*');
}

/** Equality between dyn values: cel-go's heterogeneous equality for CEL data values. */
function dynEquality(negate: boolean, orig: Handle): Handle {
  return (l, r, ast, ev) => {
    const lk = kindOfValue(l);
    const rk = kindOfValue(r);
    if (lk === 'other' || rk === 'other') return orig(l, r, ast, ev);
    return celEquals(l, r) !== negate;
  };
}

function patchBinary(n: CelNode): void {
  const op = n.op;
  if (!RULES.has(op)) return;
  const lk = kindOfType(n.left?.checkedType);
  const rk = kindOfType(n.right?.checkedType);
  const orig = n.handle;
  if (!lk || !rk || !orig) return;
  if (lk !== 'dyn' && rk !== 'dyn') {
    const f = findRule(op, lk, rk);
    if (f) n.handle = (l: unknown, r: unknown) => f(l, r);
    return;
  }
  if (op === '==' || op === '!=') {
    n.handle = dynEquality(op === '!=', orig);
    return;
  }
  const byLeft = RULES.get(op)!;
  n.handle = (l, r, ast, ev) => {
    const lv = kindOfValue(l);
    const rv = kindOfValue(r);
    const f = byLeft.get(lv)?.get(rv) ?? byLeft.get('*')?.get(rv) ?? byLeft.get(lv)?.get('*');
    return f ? f(l, r) : orig(l, r, ast, ev);
  };
}

function negateInt(a: unknown): unknown {
  if (a === INT_MIN) throw celError('integer overflow');
  return -(a as bigint);
}

function patchUnaryMinus(n: CelNode): void {
  const k = kindOfType((n.args as CelNode).checkedType);
  const orig = n.handle;
  if (!orig) return;
  if (k === 'int') n.handle = negateInt;
  else if (k === 'dyn') n.handle = (a, ast, ev) => (typeof a === 'bigint' ? negateInt(a) : orig(a, ast, ev));
}

/** Index of a list by a dyn value: cel-go accepts uint and integral doubles. */
function patchIndex(n: CelNode): void {
  const lk = kindOfType(n.left?.checkedType);
  const ik = kindOfType(n.right?.checkedType);
  const orig = n.handle;
  if (!orig || (lk !== 'list' && lk !== 'dyn') || ik !== 'dyn') return;
  n.handle = (l, r, ast, ev) => {
    if (Array.isArray(l)) {
      if (r instanceof UnsignedInt) r = r.valueOf();
      else if (typeof r === 'number' && Number.isInteger(r)) r = BigInt(r);
    }
    return orig(l, r, ast, ev);
  };
}

interface Evaluator {
  debugType(v: unknown): {fieldLazy(obj: unknown, key: unknown, ast: unknown, ev: unknown): unknown};
}

/** Selection on an optional value: none stays none, an absent field gives none, other errors propagate. */
function optionalSelect(l: unknown, key: unknown, ast: unknown, ev: unknown): unknown {
  if (!(l instanceof Optional)) throw celError(`no such key: ${String(key)}`);
  if (!l.hasValue()) return Optional.none();
  const v = l.value();
  const k = kindOfValue(v);
  if (k === 'map') {
    if (v instanceof Map) return v.has(key) ? Optional.of(v.get(key)) : Optional.none();
    return typeof key === 'string' && Object.prototype.hasOwnProperty.call(v, key) ? Optional.of((v as Record<string, unknown>)[key]) : Optional.none();
  }
  if (k === 'list') {
    const list = v as unknown[];
    const i = typeof key === 'bigint' ? Number(key) : key instanceof UnsignedInt ? Number(key.valueOf()) : Number.NaN;
    return Number.isInteger(i) && i >= 0 && i < list.length ? Optional.of(list[i]) : Optional.none();
  }
  if (k === 'other') {
    const f = (ev as Evaluator).debugType(v).fieldLazy(v, key, ast, ev);
    return f === undefined ? Optional.none() : Optional.of(f);
  }
  throw celError(`no such key: ${String(key)}`);
}

function patchOptionalAccess(n: CelNode): void {
  if (kindOfType(n.left?.checkedType) === 'optional' && n.handle) n.handle = optionalSelect;
}

/** Replace cel-js handlers whose semantics differ from cel-go's; run after a successful check. */
export function applyOperatorOverrides(root: CelNode): void {
  walk(root, (n) => {
    if (n.meta.alternate || n.meta.macro || !n.checkedType) return;
    switch (n.op) {
      case '-_':
        patchUnaryMinus(n);
        return;
      case '.':
        patchOptionalAccess(n);
        return;
      case '[]':
        patchOptionalAccess(n);
        patchIndex(n);
        return;
      default:
        if (Array.isArray(n.args) && n.args.length === 2 && n.left && n.right) patchBinary(n);
    }
  });
}

