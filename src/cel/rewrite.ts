// AST passes between parsing and type checking. They adapt cel-js's AST to cel-go's
// semantics: library overrides by renaming, qualified identifiers, has() on any operand,
// map literals with non-string keys, optional entries, unbound type parameters as dyn, and
// the lenient checking of unchecked evaluation.
import {Environment, EvaluationError, Optional} from '@marcbachmann/cel-js';
import {placeholdersToDyn, walk} from './ast.js';
import type {CelMacro, CelNode, CelTypeDecl, Check, Checker} from './ast.js';
import {celEquals} from './equality.js';
import {CONVERSION_OVERRIDES, TIME_ACCESSOR_OVERRIDES} from './libs/conversions.js';
import {OVERRIDE_PREFIX, STRING_OVERRIDES} from './libs/strings.js';
import {OPTIONAL_ENTRY_MARKER} from './syntax.js';
import {celError} from './util.js';
import {buildMap} from './values.js';

/** A type error found while checking, with the node it belongs to. */
export interface CheckFailure {
  error: unknown;
  node: CelNode;
}

export interface RewriteOptions {
  /** Whether a (possibly dotted) name is a declared variable. */
  isVariable(name: string): boolean;
  /** Offsets of string literals that stand for backtick-quoted field names. */
  quotedFields: ReadonlySet<number>;
  /**
   * Evaluate without type checking: type errors become runtime errors of the node. Otherwise
   * type errors are collected here (checking continues with the failed node typed dyn, so that
   * all errors are reported as cel-go does).
   */
  unchecked: boolean;
  failures: CheckFailure[];
}

interface Evaluator {
  run(node: unknown, ctx: unknown): unknown;
  debugType(v: unknown): {fieldLazy(obj: unknown, key: unknown, ast: unknown, ev: unknown): unknown};
}

let idOp: {check: Check; evaluate: CelNode['evaluate']} | undefined;

/** cel-js's check and evaluate for identifier nodes, taken from a parsed template. */
function identifierOp(): {check: Check; evaluate: CelNode['evaluate']} {
  if (!idOp) {
    const node = new Environment({unlistedVariablesAreDyn: true}).parse('a').ast as unknown as CelNode;
    idOp = {check: node.meta.check, evaluate: node.meta.evaluate};
  }
  return idOp;
}

const ACCESS_OPS = new Set(['.', '.?', '[]', '[?]']);

export function rewriteBeforeCheck(root: CelNode, opts: RewriteOptions): void {
  const nodes: CelNode[] = [];
  walk(root, (n) => {
    resolveQualifiedName(n, opts);
    nodes.push(n);
  });
  for (const n of nodes) markSyntax(n, opts);
  for (const n of nodes) {
    renameOverrides(n);
    if (n.meta.macro && n.op === 'call' && (n.args as [string])[0] === 'has') replaceHas(n);
    if (n.meta.alternate || n.meta.macro) continue;
    if (n.op === 'map') rewriteMapLiteral(n);
    else if (n.op === 'list' && n.optionalEntries) rewriteListLiteral(n);
    else if (n.op === 'list') checkListLiteral(n);
    else if (ACCESS_OPS.has(n.op)) beforeCheck(n, (chk, ctx) => operandPlaceholdersToDyn(chk, (n.args as CelNode[])[0]!, ctx));
    else if (n.op === 'comprehension') {
      beforeCheck(n, (chk, ctx) => operandPlaceholdersToDyn(chk, (n.args as {iterable: CelNode}).iterable, ctx));
    } else if (n.op === '+') beforeCheck(n, (chk, ctx) => commuteDurationPlusTimestamp(chk, n, ctx));
  }
  for (const n of nodes) lenient(n, opts.unchecked ? undefined : opts.failures);
}

/** Run a hook before the node's own check. */
function beforeCheck(n: CelNode, hook: (chk: Checker, ctx: unknown) => void): void {
  const orig = n.meta.check;
  n.setMeta('check', (chk: Checker, ast: CelNode, ctx: unknown) => {
    hook(chk, ctx);
    return orig(chk, ast, ctx);
  });
}

function operandPlaceholdersToDyn(chk: Checker, operand: CelNode, ctx: unknown): void {
  const t = chk.check(operand, ctx);
  if (t.hasPlaceholderType) operand.checkedType = placeholdersToDyn(chk, t);
}

/** cel-js types duration + timestamp as a duration; check it as the equal timestamp + duration. */
function commuteDurationPlusTimestamp(chk: Checker, n: CelNode, ctx: unknown): void {
  const [l, r] = n.args as [CelNode, CelNode];
  if (chk.check(l, ctx).name === 'google.protobuf.Duration' && chk.check(r, ctx).name === 'google.protobuf.Timestamp') {
    (n.args as CelNode[]).reverse();
  }
}

// ---- names ----

/** `a.b.c` refers to the variable "a.b.c" (or "a.b") when declared: the longest declared prefix wins. */
function resolveQualifiedName(n: CelNode, opts: RewriteOptions): void {
  if (n.op !== '.') return;
  const chain: CelNode[] = [];
  let cur: CelNode = n;
  while (cur.op === '.' && !cur.meta.alternate) {
    chain.push(cur);
    cur = (cur.args as [CelNode, string])[0];
  }
  if (cur.op !== 'id' || typeof cur.args !== 'string') return;
  let name = cur.args;
  let best: {node: CelNode; name: string} | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    name = `${name}.${(chain[i]!.args as [CelNode, string])[1]}`;
    if (opts.isVariable(name)) best = {node: chain[i]!, name};
  }
  if (!best) return;
  const op = identifierOp();
  best.node.op = 'id';
  best.node.args = best.name;
  best.node.setMeta('check', op.check).setMeta('evaluate', op.evaluate);
}

function markSyntax(n: CelNode, opts: RewriteOptions): void {
  if ((n.op === '[]' || n.op === '[?]') && opts.quotedFields.size) {
    const key = (n.args as CelNode[])[1]!;
    if (key.op === 'value' && opts.quotedFields.has(key.start)) n.quotedField = true;
  }
  if (n.op === 'list') {
    const els = n.args as CelNode[];
    if (els.some(isOptionalEntry)) {
      n.optionalEntries = els.map(isOptionalEntry);
      n.args = els.map(unwrapOptionalEntry);
    }
  } else if (n.op === 'map') {
    const entries = n.args as Array<[CelNode, CelNode]>;
    if (entries.some(([k]) => isOptionalEntry(k))) {
      n.optionalEntries = entries.map(([k]) => isOptionalEntry(k));
      n.args = entries.map(([k, v]) => [unwrapOptionalEntry(k), v]);
    }
  }
}

function isOptionalEntry(n: CelNode): boolean {
  return n.op === 'call' && (n.args as [string, CelNode[]])[0] === OPTIONAL_ENTRY_MARKER && (n.args as [string, CelNode[]])[1].length === 1;
}

function unwrapOptionalEntry(n: CelNode): CelNode {
  return isOptionalEntry(n) ? (n.args as [string, CelNode[]])[1][0]! : n;
}

/** The list literals string.format takes (checked without the homogeneity rule). */
const FORMAT_ARGUMENT_LISTS = new WeakSet<CelNode>();

/** Rename calls whose cel-js built-in differs from cel-go to our implementation. */
function renameOverrides(n: CelNode): void {
  if (n.op === 'call') {
    const args = n.args as [string, CelNode[]];
    if (CONVERSION_OVERRIDES.has(args[0])) args[0] = OVERRIDE_PREFIX + args[0];
    return;
  }
  if (n.op !== 'rcall') return;
  const args = n.args as [string, CelNode, CelNode[]];
  const name = args[0];
  if (STRING_OVERRIDES.has(name) || name === 'indexOf' || name === 'lastIndexOf' || TIME_ACCESSOR_OVERRIDES.has(name)) {
    args[0] = OVERRIDE_PREFIX + name;
  }
  // cel-go exempts the argument list of string.format from homogeneous aggregate literals.
  const list = name === 'format' ? args[2][0] : undefined;
  if (list && list.op === 'list') {
    FORMAT_ARGUMENT_LISTS.add(list);
    list.setMeta('check', (chk: Checker, ast: CelNode, ctx: unknown) => {
      for (const el of ast.args as CelNode[]) chk.check(el, ctx);
      return chk.getType('list<dyn>');
    });
  }
}

// ---- has() ----

/** The operand and field of a field selection, including a.`quoted-name`. */
function selection(n: CelNode): {operand: CelNode; field: string} | undefined {
  if (n.op === '.') {
    const [operand, field] = n.args as [CelNode, string];
    return {operand, field};
  }
  if (n.op === '[]' && n.quotedField) {
    const [operand, key] = n.args as [CelNode, CelNode];
    return {operand, field: key.args as string};
  }
  return undefined;
}

const HAS_OPERAND_KINDS = new Set(['dyn', 'map', 'message', 'optional', 'param']);

/** has(e.f) for any operand e (cel-js only accepts chains rooted at an identifier). */
function replaceHas(n: CelNode): void {
  const macro = n.meta.macro!;
  const arg = macro.args?.[0];
  const sel = arg && selection(arg);
  if (!sel) {
    macro.typeCheck = (chk) => {
      throw chk.createError('invalid_macro_argument', 'invalid argument to has() macro', arg ?? n);
    };
    return;
  }
  macro.hasOperand = sel.operand;
  macro.hasField = sel.field;
  macro.typeCheck = (chk: Checker, _m: CelMacro, ctx: unknown): CelTypeDecl => {
    const t = chk.check(sel.operand, ctx);
    if (!HAS_OPERAND_KINDS.has(t.kind)) {
      throw chk.createError('invalid_has', `type '${chk.formatType(t)}' does not support field selection`, arg);
    }
    // Fields of object types must be declared ("undefined field").
    if (t.kind === 'message') chk.checkAccessOnType(arg, ctx, t);
    return chk.boolType;
  };
  macro.evaluate = (ev: unknown, _m: CelMacro, ctx: unknown): boolean => {
    const e = ev as Evaluator;
    return hasField(e, e.run(sel.operand, ctx), sel.field, arg!);
  };
}

function hasField(ev: Evaluator, v: unknown, field: string, node: CelNode): boolean {
  if (v instanceof Optional) {
    if (!v.hasValue()) return false;
    v = v.value();
  }
  if (v instanceof Map) return v.has(field);
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const proto = Object.getPrototypeOf(v);
    if (proto === null || proto === Object.prototype) return Object.prototype.hasOwnProperty.call(v, field);
    return ev.debugType(v).fieldLazy(v, field, node, ev) !== undefined;
  }
  throw celError(`no such key: ${field}`);
}

// ---- aggregate literals ----

function entryType(chk: Checker, t: CelTypeDecl, node: CelNode, optional: boolean): CelTypeDecl {
  if (!optional) return t;
  if (t.kind === 'optional') return t.valueType!;
  if (t.kind === 'dyn') return t;
  throw chk.createError('invalid_optional_entry', `optional entry must be an optional value, got '${chk.formatType(t)}'`, node);
}

function combine(chk: Checker, acc: CelTypeDecl | undefined, t: CelTypeDecl, node: CelNode, code: string, what: string): CelTypeDecl {
  if (!acc) return t;
  if (acc === t) return acc;
  const unified = acc.unify(chk.registry, t);
  if (unified) return unified;
  // cel-go's joinTypes: dyn is assignable both ways, and the join is the more general dyn.
  if (acc.kind === 'dyn' || t.kind === 'dyn') return chk.dynType;
  if (chk.opts.homogeneousAggregateLiterals) {
    throw chk.createError(code, `${what} expected type '${chk.formatType(acc)}' but found '${chk.formatType(t)}'`, node);
  }
  return chk.dynType;
}

/** Map literals: non-string keys, repeated-key errors, and optional entries ({?k: v}). */
function rewriteMapLiteral(n: CelNode): void {
  const entries = n.args as Array<[CelNode, CelNode]>;
  const optional = n.optionalEntries;
  if (entries.length > 0) {
    n.setMeta('check', (chk: Checker, _ast: CelNode, ctx: unknown): CelTypeDecl => {
      let kt: CelTypeDecl | undefined;
      let vt: CelTypeDecl | undefined;
      entries.forEach(([k, v], i) => {
        kt = combine(chk, kt, chk.check(k, ctx), k, 'heterogeneous_map_key', 'Map key uses wrong type,');
        vt = combine(chk, vt, entryType(chk, chk.check(v, ctx), v, optional?.[i] ?? false), v, 'heterogeneous_map_value', 'Map value uses wrong type,');
      });
      return kt && vt ? chk.registry.getMapType(kt, vt) : chk.getType('map<K, V>');
    });
  }
  if (entries.length === 0) return;
  n.setMeta('evaluate', (ev: Evaluator, _ast: CelNode, ctx: unknown) => {
    const out: Array<[unknown, unknown]> = [];
    for (let i = 0; i < entries.length; i++) {
      const [kn, vn] = entries[i]!;
      const k = ev.run(kn, ctx);
      let v = ev.run(vn, ctx);
      if (optional?.[i]) {
        if (!(v instanceof Optional)) throw celError('optional entry must be an optional value');
        if (!v.hasValue()) continue;
        v = v.value();
      }
      out.push([k, v]);
    }
    return buildMap(out);
  });
}

/** List literals: element types joined as cel-go does (a dyn element makes the list list(dyn)). */
function checkListLiteral(n: CelNode): void {
  const els = n.args as CelNode[];
  if (els.length === 0 || FORMAT_ARGUMENT_LISTS.has(n)) return;
  n.setMeta('check', (chk: Checker, _ast: CelNode, ctx: unknown): CelTypeDecl => {
    let t: CelTypeDecl | undefined;
    for (const el of els) t = combine(chk, t, chk.check(el, ctx), el, 'heterogeneous_list_element', 'List elements must have the same type,');
    return chk.registry.getListType(t!);
  });
}

/** List literals with optional entries ([?x]): absent values are left out. */
function rewriteListLiteral(n: CelNode): void {
  const els = n.args as CelNode[];
  const optional = n.optionalEntries!;
  n.setMeta('check', (chk: Checker, _ast: CelNode, ctx: unknown): CelTypeDecl => {
    let t: CelTypeDecl | undefined;
    els.forEach((el, i) => {
      t = combine(chk, t, entryType(chk, chk.check(el, ctx), el, optional[i]!), el, 'heterogeneous_list_element', 'List elements must have the same type,');
    });
    return t ? chk.registry.getListType(t) : chk.getType('list<T>');
  });
  n.setMeta('evaluate', (ev: Evaluator, _ast: CelNode, ctx: unknown) => {
    const out: unknown[] = [];
    for (let i = 0; i < els.length; i++) {
      const v = ev.run(els[i], ctx);
      if (!optional[i]) out.push(v);
      else if (!(v instanceof Optional)) throw celError('optional entry must be an optional value');
      else if (v.hasValue()) out.push(v.value());
    }
    return out;
  });
}

// ---- unchecked evaluation ----

interface CelJsError {
  code?: string;
  summary?: string;
  message?: string;
}

/** Turn a node whose check failed into one that raises the error when evaluated. */
function failAtRuntime(n: CelNode, e: unknown): void {
  const err = e as CelJsError;
  const code = err.code ?? 'evaluation_error';
  const message = err.summary ?? err.message ?? String(e);
  n.setMeta('macro', undefined).setMeta('alternate', undefined);
  n.setMeta('evaluate', () => {
    throw new EvaluationError({code, message});
  });
}

/**
 * Continue checking past a failed node. With a failure list (checked compilation) the error is
 * recorded and the node typed dyn so that its parents check; cel-go likewise reports every error.
 * Without one (unchecked evaluation, cel-go's Program on a parsed AST) a node that does not type
 * check fails only if it is evaluated, logical operators accept any operands, and == compares any
 * values.
 */
function lenient(n: CelNode, failures: CheckFailure[] | undefined): void {
  const m = n.meta;
  if (m.alternate) return;
  const fail = (chk: Checker, e: unknown): CelTypeDecl => {
    if (failures) failures.push({error: e, node: ((e as {node?: CelNode}).node) ?? n});
    else failAtRuntime(n, e);
    return n.op === '&&' || n.op === '||' ? chk.boolType : chk.dynType;
  };
  if (m.macro) {
    const mac = m.macro;
    const orig = mac.typeCheck;
    if (!orig) return;
    mac.typeCheck = (chk, macro, ctx) => {
      try {
        return orig(chk, macro, ctx);
      } catch (e) {
        return fail(chk, e);
      }
    };
    return;
  }
  const orig = m.check;
  n.setMeta('check', (chk: Checker, ast: CelNode, ctx: unknown): CelTypeDecl => {
    try {
      return orig(chk, ast, ctx);
    } catch (e) {
      if (!failures) {
        const code = (e as CelJsError).code;
        if ((n.op === '&&' || n.op === '||') && code === 'invalid_logical_operand') return chk.boolType;
        if (n.op === '?:' && code === 'incompatible_ternary_branches') return chk.dynType;
        if ((n.op === '==' || n.op === '!=') && code === 'no_such_overload') {
          const ne = n.op === '!=';
          n.handle = (l: unknown, r: unknown) => celEquals(l, r) !== ne;
          return chk.boolType;
        }
      }
      return fail(chk, e);
    }
  });
}
