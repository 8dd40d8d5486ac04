// Two-variable comprehensions (cel-go ext.TwoVarComprehensions, Kubernetes 1.32+):
// all, exists, existsOne, transformList, transformMap, transformMapEntry.
import type {Environment} from '@marcbachmann/cel-js';
import {celError} from '../util.js';
import {charge} from '../runtime-cost.js';

/* The macro hooks receive cel-js internals that are not typed in its declarations. */
interface TypeDecl {
  kind: string;
  name: string;
  keyType?: TypeDecl;
  valueType?: TypeDecl;
}
interface Checker {
  check(node: unknown, ctx: unknown): TypeDecl;
  getType(name: string): TypeDecl;
  registry: {getListType(t: TypeDecl): TypeDecl; getMapType(k: TypeDecl, v: TypeDecl): TypeDecl};
  createError(code: string, message: string, node: unknown): Error;
}
interface Evaluator {
  run(node: unknown, ctx: unknown): unknown;
}
interface Ctx {
  forkWithVariable(name: string, type: TypeDecl): Ctx & {iterValue: unknown};
}
interface MacroNode {
  op: string;
  args: unknown;
}

export type TwoVarKind = 'all' | 'exists' | 'existsOne' | 'transformList' | 'transformMap' | 'transformMapEntry';

export interface TwoVarMacro {
  twoVar: TwoVarKind;
  receiver: MacroNode;
  keyVar: string;
  valueVar: string;
  filter?: MacroNode;
  body: MacroNode;
  keyType?: TypeDecl;
  valueType?: TypeDecl;
  typeCheck(checker: Checker, macro: TwoVarMacro, ctx: Ctx): TypeDecl;
  evaluate(ev: Evaluator, macro: TwoVarMacro, ctx: Ctx): unknown;
}

/** Per-iteration overhead that cel-go's expansion of each macro costs. */
export const TWO_VAR_ITERATION_COST: Record<TwoVarKind, number> = {
  all: 3, exists: 4, existsOne: 2, transformList: 12, transformMap: 3, transformMapEntry: 2,
};

function identName(node: MacroNode, what: string): string {
  if (node.op === 'id' && typeof node.args === 'string') return node.args;
  throw celError(`${what} must be a simple name`);
}

function entries(v: unknown): Array<[unknown, unknown]> {
  if (Array.isArray(v)) return v.map((x, i) => [BigInt(i), x]);
  if (v instanceof Set) return [...v].map((x, i) => [BigInt(i), x]);
  if (v instanceof Map) return [...v.entries()];
  if (v !== null && typeof v === 'object') return Object.entries(v);
  throw celError('expression cannot be range of a comprehension (must be list, map, or dynamic)');
}

function isMapLike(v: unknown): boolean {
  return v instanceof Map || (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Set));
}

function typeCheck(checker: Checker, m: TwoVarMacro, ctx: Ctx): TypeDecl {
  const range = checker.check(m.receiver, ctx);
  const dyn = checker.getType('dyn');
  let kt = dyn;
  let vt = dyn;
  if (range.kind === 'list') {
    kt = checker.getType('int');
    vt = range.valueType ?? dyn;
  } else if (range.kind === 'map') {
    kt = range.keyType ?? dyn;
    vt = range.valueType ?? dyn;
  } else if (range.kind !== 'dyn') {
    throw checker.createError('invalid_comprehension_range',
      `expression of type '${range.name}' cannot be range of a comprehension (must be list, map, or dynamic)`, m.receiver);
  }
  if ((m.twoVar === 'transformMap' || m.twoVar === 'transformMapEntry') && range.kind === 'list') {
    // transformMap over a list produces a map keyed by index.
  }
  // The element types of [] and {} are unbound type parameters; cel-go treats them as dyn.
  const dynOf = (t: TypeDecl): TypeDecl => (t.kind === 'param' || (t as {hasPlaceholderType?: boolean}).hasPlaceholderType ? dyn : t);
  kt = dynOf(kt);
  vt = dynOf(vt);
  m.keyType = kt;
  m.valueType = vt;
  const inner = ctx.forkWithVariable(m.keyVar, kt).forkWithVariable(m.valueVar, vt);
  const bool = checker.getType('bool');
  if (m.filter) {
    const ft = checker.check(m.filter, inner);
    if (ft.kind !== 'dyn' && ft.name !== 'bool') {
      throw checker.createError('invalid_condition_type', `found no matching overload for '_?_:_' applied to '(${ft.name}, ...)'`, m.filter);
    }
  }
  const bt = checker.check(m.body, inner);
  switch (m.twoVar) {
    case 'all':
    case 'exists':
    case 'existsOne':
      if (bt.kind !== 'dyn' && bt.name !== 'bool') {
        throw checker.createError('invalid_condition_type', `${m.twoVar} predicate must return bool, got '${bt.name}'`, m.body);
      }
      return bool;
    case 'transformList':
      return checker.registry.getListType(bt);
    case 'transformMap':
      return checker.registry.getMapType(kt, bt);
    case 'transformMapEntry':
      if (bt.kind === 'map') return bt;
      if (bt.kind === 'dyn') return checker.registry.getMapType(dyn, dyn);
      throw checker.createError('invalid_argument', `transformMapEntry must return a map, got '${bt.name}'`, m.body);
  }
}

function evaluate(ev: Evaluator, m: TwoVarMacro, ctx: Ctx): unknown {
  const range = ev.run(m.receiver, ctx);
  const items = entries(range);
  const kctx = ctx.forkWithVariable(m.keyVar, m.keyType!);
  const vctx = kctx.forkWithVariable(m.valueVar, m.valueType!);
  const perIteration = TWO_VAR_ITERATION_COST[m.twoVar];
  const fatal = m.twoVar !== 'all' && m.twoVar !== 'exists';
  let error: unknown;
  let count = 0;
  const list: unknown[] = [];
  const map: Record<string, unknown> = Object.create(null);
  const outMap = new Map<unknown, unknown>();
  for (const [k, v] of items) {
    charge(perIteration);
    kctx.iterValue = k;
    vctx.iterValue = v;
    if (m.filter) {
      const keep = ev.run(m.filter, vctx);
      if (keep !== true) {
        if (keep !== false) throw celError('no such overload: filter predicate must return bool');
        continue;
      }
    }
    let r: unknown;
    if (fatal) r = ev.run(m.body, vctx);
    else {
      try {
        r = ev.run(m.body, vctx);
      } catch (e) {
        error ??= e;
        continue;
      }
    }
    switch (m.twoVar) {
      case 'all':
        if (r === false) return false;
        break;
      case 'exists':
        if (r === true) return true;
        break;
      case 'existsOne':
        if (r === true) count++;
        break;
      case 'transformList':
        list.push(r);
        break;
      case 'transformMap':
        if (typeof k === 'string') map[k] = r;
        else outMap.set(k, r);
        break;
      case 'transformMapEntry': {
        for (const [ek, ev2] of entries(r)) {
          const key = typeof ek === 'string' ? ek : String(ek);
          if (Object.prototype.hasOwnProperty.call(map, key)) {
            throw celError(`insert failed: key ${String(ek)} already exists`);
          }
          map[key] = ev2;
        }
        break;
      }
    }
  }
  if (error !== undefined) throw error;
  switch (m.twoVar) {
    case 'all': return true;
    case 'exists': return false;
    case 'existsOne': return count === 1;
    case 'transformList': return list;
    default:
      if (outMap.size > 0) {
        for (const [k, v] of Object.entries(map)) outMap.set(k, v);
        return outMap;
      }
      return isMapLike(map) ? map : map;
  }
}

function expander(kind: TwoVarKind, withFilter: boolean) {
  return ({args, receiver}: {args: MacroNode[]; receiver: MacroNode}): TwoVarMacro => ({
    twoVar: kind,
    receiver,
    keyVar: identName(args[0]!, `${kind}() first variable name`),
    valueVar: identName(args[1]!, `${kind}() second variable name`),
    filter: withFilter ? args[2] : undefined,
    body: withFilter ? args[3]! : args[2]!,
    typeCheck,
    evaluate,
  });
}

export function registerTwoVarComprehensions(env: Environment): void {
  const reg = (sig: string, h: unknown): void => {
    (env.registerFunction as (s: string, h: unknown) => unknown)(sig, h);
  };
  reg('dyn.all(ast, ast, ast): bool', expander('all', false));
  reg('dyn.exists(ast, ast, ast): bool', expander('exists', false));
  reg('dyn.existsOne(ast, ast, ast): bool', expander('existsOne', false));
  reg('dyn.exists_one(ast, ast, ast): bool', expander('existsOne', false));
  reg('dyn.transformList(ast, ast, ast): list<dyn>', expander('transformList', false));
  reg('dyn.transformList(ast, ast, ast, ast): list<dyn>', expander('transformList', true));
  reg('dyn.transformMap(ast, ast, ast): map<dyn, dyn>', expander('transformMap', false));
  reg('dyn.transformMap(ast, ast, ast, ast): map<dyn, dyn>', expander('transformMap', true));
  reg('dyn.transformMapEntry(ast, ast, ast): map<dyn, dyn>', expander('transformMapEntry', false));
  reg('dyn.transformMapEntry(ast, ast, ast, ast): map<dyn, dyn>', expander('transformMapEntry', true));
}
