// Parts of cel-go's optional library that cel-js lacks: optional.ofNonZeroValue, equality,
// and the optMap / optFlatMap macros.
import {Environment, Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {placeholdersToDyn} from '../ast.js';
import type {CelMacro, CelNode, CelTypeDecl, Checker} from '../ast.js';
import {celEquals} from '../equality.js';
import {celError} from '../util.js';

function isZero(v: unknown): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (v instanceof UnsignedInt) return v.valueOf() === 0n;
  if (v instanceof Uint8Array || Array.isArray(v)) return v.length === 0;
  if (v instanceof Map || v instanceof Set) return v.size === 0;
  if (v instanceof Duration) return v.seconds === 0n && v.nanos === 0;
  if (v instanceof Date) return v.getTime() === 0 && !(v as {subMillisNanos?: number}).subMillisNanos;
  if (typeof v === 'object' && (Object.getPrototypeOf(v) === null || Object.getPrototypeOf(v) === Object.prototype)) {
    return Object.keys(v as object).length === 0;
  }
  return false;
}

function optionalEquals(a: Optional, b: Optional): boolean {
  return celEquals(a, b);
}

interface Scope {
  forkWithVariable(name: string, type: CelTypeDecl): Scope & {iterValue: unknown};
}
interface Evaluator {
  run(node: unknown, ctx: unknown): unknown;
}

interface OptionalMapMacro extends CelMacro {
  optionalMap: 'optMap' | 'optFlatMap';
  receiver: CelNode;
  body: CelNode;
  var: string;
  varType?: CelTypeDecl;
}

function typeCheck(chk: Checker, m: CelMacro, ctx: unknown): CelTypeDecl {
  const mac = m as OptionalMapMacro;
  const rt = chk.check(mac.receiver, ctx);
  let inner: CelTypeDecl;
  if (rt.kind === 'optional') inner = placeholdersToDyn(chk, rt.valueType!);
  else if (rt.kind === 'dyn') inner = chk.dynType;
  else throw chk.createError('no_matching_overload', `found no matching overload for '${mac.optionalMap}' applied to '${chk.formatType(rt)}'`, mac.receiver);
  mac.varType = inner;
  const bt = chk.check(mac.body, (ctx as Scope).forkWithVariable(mac.var, inner));
  if (mac.optionalMap === 'optMap') return chk.registry.getOptionalType(bt);
  if (bt.kind === 'optional') return bt;
  if (bt.kind === 'dyn') return chk.registry.getOptionalType(chk.dynType);
  throw chk.createError('no_matching_overload', `optFlatMap() expression must return an optional, got '${chk.formatType(bt)}'`, mac.body);
}

function evaluate(ev: unknown, m: CelMacro, ctx: unknown): unknown {
  const mac = m as OptionalMapMacro;
  const e = ev as Evaluator;
  const o = e.run(mac.receiver, ctx);
  if (!(o instanceof Optional)) throw celError(`no such overload: ${mac.optionalMap} on a non-optional value`);
  if (!o.hasValue()) return Optional.none();
  const scope = (ctx as Scope).forkWithVariable(mac.var, mac.varType!);
  scope.iterValue = o.value();
  const r = e.run(mac.body, scope);
  if (mac.optionalMap === 'optMap') return Optional.of(r);
  if (!(r instanceof Optional)) throw celError('optFlatMap() expression must return an optional');
  return r;
}

function expander(kind: 'optMap' | 'optFlatMap') {
  return ({args, receiver}: {args: CelNode[]; receiver: CelNode}): OptionalMapMacro => {
    const v = args[0]!;
    if (v.op !== 'id' || typeof v.args !== 'string') throw celError(`${kind}() variable name must be a simple identifier`);
    return {optionalMap: kind, receiver, var: v.args, body: args[1]!, typeCheck, evaluate};
  };
}

export function registerOptionalExtras(env: Environment): void {
  env.registerFunction('OptionalNamespace.ofNonZeroValue(A): optional<A>', (_ns: unknown, v: unknown) =>
    isZero(v) ? Optional.none() : Optional.of(v));
  env.registerOperator('optional<A> == optional<A>', optionalEquals);
  // type(optional.of(x)) == optional_type. cel-js's Type class is not exported; take it from a type value.
  const TypeClass = (new Environment().evaluate('type(1)') as object).constructor as new (name: string) => unknown;
  const optionalType = new TypeClass('optional_type');
  env.registerConstant('optional_type', 'type', optionalType);
  env.registerFunction('type(optional): type', () => optionalType);
  const reg = env.registerFunction as (sig: string, h: unknown) => unknown;
  reg.call(env, 'optional.optMap(ast, ast): optional<dyn>', expander('optMap'));
  reg.call(env, 'optional.optFlatMap(ast, ast): optional<dyn>', expander('optFlatMap'));
}
