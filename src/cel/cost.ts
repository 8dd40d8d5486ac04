// Cost: compile-time worst-case estimation (as cel-go's checker/cost.go with Kubernetes'
// library estimator) and runtime cost tracking (as interpreter/runtimecost.go).
import {children, effective, originalEvaluate, walk} from './ast.js';
import type {CelMacro, CelNode, ComprehensionArgs} from './ast.js';
import {TWO_VAR_ITERATION_COST} from './libs/comprehensions.js';
import type {TwoVarKind} from './libs/comprehensions.js';
import {OVERRIDE_PREFIX} from './libs/strings.js';
import {AUTHZ_CHECK_COST, LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST, REGEX_STRING_LENGTH_COST_FACTOR,
  STRING_TRAVERSAL_COST_FACTOR} from './limits.js';
import {charge, tracker} from './runtime-cost.js';
import type {DeclType} from './types.js';
import {actualSize, codePointLength} from './util.js';

export const MAX_UINT64 = 18446744073709551615;

export interface CostEstimate {
  min: number;
  max: number;
}

const sat = (x: number): number => (x >= MAX_UINT64 || !Number.isFinite(x) ? MAX_UINT64 : x);
const addU = (a: number, b: number): number => sat(a + b);
const mulU = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : sat(a * b));
const factorU = (a: number, f: number): number => (a >= MAX_UINT64 ? MAX_UINT64 : sat(Math.ceil(a * f)));
const fixed = (n: number): CostEstimate => ({min: n, max: n});
const add = (a: CostEstimate, b: CostEstimate): CostEstimate => ({min: addU(a.min, b.min), max: addU(a.max, b.max)});
const union = (a: CostEstimate, b: CostEstimate): CostEstimate => ({min: Math.min(a.min, b.min), max: Math.max(a.max, b.max)});
const byFactor = (s: CostEstimate, f: number): CostEstimate => ({min: factorU(s.min, f), max: factorU(s.max, f)});
const mul = (a: CostEstimate, b: CostEstimate): CostEstimate => ({min: mulU(a.min, b.min), max: mulU(a.max, b.max)});
const UNKNOWN_SIZE: CostEstimate = {min: 0, max: MAX_UINT64};

const stripPrefix = (name: string): string => (name.startsWith(OVERRIDE_PREFIX) ? name.slice(OVERRIDE_PREFIX.length) : name);

interface Est {
  cost: CostEstimate;
  size?: CostEstimate;
  decl?: DeclType;
}

interface ScopeVar {
  decl?: DeclType;
  size?: CostEstimate;
}

function declSize(d: DeclType | undefined): CostEstimate | undefined {
  if (!d) return undefined;
  if (d.kind === 'scalar' || d.kind === 'list' || d.kind === 'map') {
    if (d.maxElements !== undefined) return {min: 0, max: d.maxElements};
  }
  return undefined;
}

function elementDecl(d: DeclType | undefined): DeclType | undefined {
  if (!d) return undefined;
  if (d.kind === 'list') return d.elem;
  if (d.kind === 'map') return d.key;
  return undefined;
}

/** Classifies library comprehension nodes (cel-js expands macros differently than cel-go). */
function comprehensionKind(c: ComprehensionArgs): 'all' | 'exists' | 'exists_one' | 'map' | 'filter' {
  if (c.kind === 'quantifier') {
    if (c.errorsAreFatal) return 'exists_one';
    const init = effective(c.init);
    return init.op === 'value' && init.args === true ? 'all' : 'exists';
  }
  const step = effective(c.step);
  if (step.op === 'accuPush') return 'map';
  return 'filter';
}

/** Extra cost per iteration for the loop condition and accumulator of cel-go's macro expansion. */
const QUANTIFIER_OVERHEAD: Record<string, number> = {all: 3, exists: 4, exists_one: 0, map: 0, filter: 0};
const RESULT_COST: Record<string, number> = {all: 1, exists: 1, exists_one: 2, map: 1, filter: 1};

/** Types whose values have size 1 for cost estimation (cel-go's isScalar). */
const SCALAR_TYPES = new Set(['bool', 'int', 'uint', 'double', 'timestamp', 'google.protobuf.Timestamp', 'duration', 'google.protobuf.Duration', 'null_type']);

export class CostEstimator {
  private scopes = new Map<string, ScopeVar[]>();

  constructor(private readonly variables: ReadonlyMap<string, DeclType>) {}

  estimate(root: CelNode): CostEstimate {
    return this.est(root).cost;
  }

  private push(name: string, v: ScopeVar): void {
    const s = this.scopes.get(name) ?? [];
    s.push(v);
    this.scopes.set(name, s);
  }

  private pop(name: string): void {
    this.scopes.get(name)?.pop();
  }

  private lookup(name: string): ScopeVar | undefined {
    const s = this.scopes.get(name);
    if (s && s.length) return s[s.length - 1];
    const d = this.variables.get(name);
    return d ? {decl: d} : undefined;
  }

  private sizeOf(e: Est): CostEstimate {
    if (e.decl && SCALAR_TYPES.has((e.decl as { name?: string }).name ?? '') && (e.decl as { kind?: string }).kind !== 'list') return fixed(1);
    return e.size ?? declSize(e.decl) ?? UNKNOWN_SIZE;
  }

  private est(node: CelNode): Est {
    const m = node.meta;
    if (m.alternate) {
      if (m.alternate.op === 'comprehension') return this.comprehension(m.alternate);
      return this.est(m.alternate);
    }
    if (m.macro) return this.macro(m.macro);
    const a = node.args as unknown;
    switch (node.op) {
      case 'value': {
        if (typeof a === 'string') return {cost: fixed(0), size: fixed(codePointLength(a))};
        if (a instanceof Uint8Array) return {cost: fixed(0), size: fixed(a.length)};
        return {cost: fixed(0)};
      }
      case 'id': {
        const v = this.lookup(a as string);
        return {cost: fixed(1), decl: v?.decl, size: v?.size};
      }
      case '.': case '.?': {
        const [operand, field] = a as [CelNode, string];
        const o = this.est(operand);
        const kind = effective(operand).checkedType?.kind;
        const selectCost = node.op === '.?' || kind === 'map' || kind === 'message' || kind === 'param' || kind === 'optional' ? 1 : 0;
        let decl: DeclType | undefined;
        if (o.decl?.kind === 'object') decl = o.decl.fields.get(field)?.type;
        else if (o.decl?.kind === 'map') decl = o.decl.value;
        return {cost: add(o.cost, fixed(selectCost)), decl};
      }
      case '[]': case '[?]': {
        const [l, r] = a as [CelNode, CelNode];
        const le = this.est(l);
        const re = this.est(r);
        let decl: DeclType | undefined;
        if (le.decl?.kind === 'list') decl = le.decl.elem;
        else if (le.decl?.kind === 'map') decl = le.decl.value;
        return {cost: add(add(le.cost, re.cost), fixed(1)), decl};
      }
      case '&&': case '||': {
        const [l, r] = a as [CelNode, CelNode];
        const lc = this.est(l).cost;
        const rc = this.est(r).cost;
        return {cost: {min: lc.min, max: addU(lc.max, rc.max)}};
      }
      case '?:': {
        const [c, t, f] = a as [CelNode, CelNode, CelNode];
        const ce = this.est(c);
        const te = this.est(t);
        const fe = this.est(f);
        const size = union(this.sizeOf(te), this.sizeOf(fe));
        return {cost: add(ce.cost, union(te.cost, fe.cost)), size};
      }
      case '!_': case '-_':
        return {cost: add(this.est(a as CelNode).cost, fixed(1))};
      case 'list': {
        const els = (a as CelNode[]).map((x) => this.est(x));
        let cost = fixed(LIST_CREATE_BASE_COST);
        for (const e of els) cost = add(cost, e.cost);
        return {cost, size: fixed(els.length)};
      }
      case 'map': {
        let cost = fixed(MAP_CREATE_BASE_COST);
        const entries = a as Array<[CelNode, CelNode]>;
        for (const [k, v] of entries) cost = add(add(cost, this.est(k).cost), this.est(v).cost);
        return {cost, size: fixed(entries.length)};
      }
      case 'call': {
        const [name, args] = a as [string, CelNode[]];
        const ests = args.map((x) => this.est(x));
        return this.callCost(stripPrefix(name), undefined, ests, args);
      }
      case 'rcall': {
        const [name, recv, args] = a as [string, CelNode, CelNode[]];
        const te = this.est(recv);
        const ests = args.map((x) => this.est(x));
        const r = this.callCost(stripPrefix(name), te, ests, args, effective(recv).checkedType?.name);
        return {...r, cost: add(r.cost, te.cost)};
      }
      case 'comprehension':
        return this.comprehension(node);
      case 'accuValue':
        return {cost: fixed(1)};
      case 'accuInc':
        return {cost: fixed(2)};
      case 'accuPush':
        return {cost: add(this.est(a as CelNode).cost, fixed(12))};
      default: {
        if (Array.isArray(a) && a.length === 2) return this.binary(node.op, a[0] as CelNode, a[1] as CelNode);
        let cost = fixed(0);
        for (const c of children(node)) cost = add(cost, this.est(c).cost);
        return {cost};
      }
    }
  }

  private binary(op: string, l: CelNode, r: CelNode): Est {
    const le = this.est(l);
    const re = this.est(r);
    const args = add(le.cost, re.cost);
    const lt = effective(l).checkedType?.name;
    const rt = effective(r).checkedType?.name;
    // As cel-go: a scalar operand's size is always 1.
    const sizeOfOperand = (e: Est, t: string | undefined) => (t !== undefined && SCALAR_TYPES.has(t) ? fixed(1) : this.sizeOf(e));
    switch (op) {
      case '==': case '!=': case '<': case '<=': case '>': case '>=': {
        if ((op === '==' || op === '!=') || ((lt === 'string' || lt === 'bytes') && lt === rt)) {
          const smallestMax = Math.min(sizeOfOperand(le, lt).max, sizeOfOperand(re, rt).max);
          const min = smallestMax > 0 ? 1 : 0;
          return {cost: add(byFactor({min, max: smallestMax}, STRING_TRAVERSAL_COST_FACTOR), args)};
        }
        return {cost: add(fixed(1), args)};
      }
      case '+': {
        const kind = effective(l).checkedType?.kind;
        if (lt === 'string' || lt === 'bytes' || kind === 'list') {
          const size = add(this.sizeOf(le), this.sizeOf(re));
          if (kind === 'list') return {cost: add(fixed(1), args), size, decl: le.decl ?? re.decl};
          return {cost: add(byFactor(size, STRING_TRAVERSAL_COST_FACTOR), args), size};
        }
        return {cost: add(fixed(1), args)};
      }
      case 'in': {
        const kind = effective(r).checkedType?.kind;
        if (kind === 'list') return {cost: add(byFactor(this.sizeOf(re), 1), args)};
        return {cost: add(fixed(1), args)};
      }
      default:
        return {cost: add(fixed(1), args)};
    }
  }

  private callCost(name: string, target: Est | undefined, args: Est[], argNodes: CelNode[], targetKind?: string): Est {
    let sum = fixed(0);
    for (const x of args) sum = add(sum, x.cost);
    const sz = (e: Est | undefined): CostEstimate => (e ? this.sizeOf(e) : UNKNOWN_SIZE);
    const r = (cost: CostEstimate, size?: CostEstimate, decl?: DeclType): Est => ({cost: add(cost, sum), size, decl});
    switch (name) {
      case 'dyn':
        return {cost: add(fixed(1), sum), size: args[0]?.size, decl: args[0]?.decl};
      case 'check':
        return r(fixed(AUTHZ_CHECK_COST));
      case 'serviceAccount': case 'path': case 'group': case 'resource': case 'subresource': case 'namespace':
      case 'name': case 'allowed': case 'reason': case 'error': case 'errored':
        return r(fixed(1));
      case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf': {
        if (!target) break;
        const el = elementDecl(target.decl);
        if (targetKind !== 'string') {
          let elCost = fixed(1);
          if (el && el.kind === 'scalar' && (el.name === 'string' || el.name === 'bytes')) {
            elCost = add(elCost, byFactor(declSize(el) ?? UNKNOWN_SIZE, STRING_TRAVERSAL_COST_FACTOR));
          }
          return r(mul(sz(target), elCost));
        }
        return r(byFactor(sz(target), STRING_TRAVERSAL_COST_FACTOR));
      }
      case 'url':
        return r(byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR));
      case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim': {
        if (!target) break;
        const s = sz(target);
        return r(byFactor(s, STRING_TRAVERSAL_COST_FACTOR), s);
      }
      case 'replace': {
        if (!target || args.length < 2) break;
        const s = sz(target);
        const toReplace = sz(args[0]);
        const replaceWith = sz(args[1]);
        const count = {min: 0, max: 0};
        const retained = {min: 0, max: 0};
        if (toReplace.min === 0) {
          count.max = s.max < MAX_UINT64 ? s.max + 1 : s.max;
          retained.max = s.max;
        } else if (replaceWith.max <= toReplace.min) {
          retained.max = s.max;
        } else {
          count.max = Math.ceil(s.max / toReplace.min);
        }
        if (toReplace.max === 0) {
          count.min = s.min + 1;
          retained.min = s.min;
        } else if (toReplace.max <= replaceWith.min) {
          retained.min = s.min;
        } else {
          count.min = Math.ceil(s.min / toReplace.max);
        }
        const size = add(mul(count, replaceWith), retained);
        return r(byFactor(s, 2 * STRING_TRAVERSAL_COST_FACTOR), size);
      }
      case 'split': {
        if (!target) break;
        const s = sz(target);
        return r(byFactor(s, 2 * STRING_TRAVERSAL_COST_FACTOR), {min: 0, max: s.max});
      }
      case 'join': {
        if (!target) break;
        const listSize = sz(target);
        const el = elementDecl(target.decl);
        let size = mul(listSize, declSize(el) ?? UNKNOWN_SIZE);
        if (args.length > 0) {
          const sep = sz(args[0]);
          size = add(size, mul(sep, {min: Math.max(0, listSize.min - 1), max: Math.max(0, listSize.max - 1)}));
        }
        return r(byFactor(size, STRING_TRAVERSAL_COST_FACTOR), size);
      }
      case 'find': case 'findAll': case 'matches': {
        const strNode = target ?? args[0];
        const reNode = target ? args[0] : args[1];
        if (!strNode || !reNode) break;
        const strCost = byFactor(add(sz(strNode), fixed(1)), STRING_TRAVERSAL_COST_FACTOR);
        const reCost = byFactor(sz(reNode), REGEX_STRING_LENGTH_COST_FACTOR);
        return r(mul(strCost, reCost), name === 'matches' ? undefined : {min: 0, max: sz(strNode).max});
      }
      case 'contains': {
        if (!target || args.length < 1) break;
        return r(mul(byFactor(sz(target), STRING_TRAVERSAL_COST_FACTOR), byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR)));
      }
      case 'startsWith': case 'endsWith':
        if (args.length === 1) return r(byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR));
        break;
      case 'format':
        if (target) return r(byFactor(sz(target), STRING_TRAVERSAL_COST_FACTOR), add(sz(target), sz(args[0])));
        break;
      case 'quote':
        if (args.length === 1) {
          const s = sz(args[0]);
          return r(byFactor(s, STRING_TRAVERSAL_COST_FACTOR), {min: s.min + 2, max: addU(mulU(s.max, 2), 2)});
        }
        break;
      case 'bytes': case 'string':
        if (args.length === 1 && !target) {
          const at = effective(argNodes[0]!).checkedType?.name;
          // string() of an int, a double or a timestamp has no size estimate in cel-go
          // (checker/cost.go functionCost): its size is unknown, so a messageExpression that
          // concatenates it is refused for its cost, as kube-apiserver refuses it.
          if ((name === 'bytes' && at === 'string') || (name === 'string' && at === 'bytes')) {
            const s = sz(args[0]);
            return r(byFactor(s, STRING_TRAVERSAL_COST_FACTOR), name === 'bytes' ? {min: s.min, max: mulU(s.max, 4)} : {min: Math.floor(s.min / 4), max: s.max});
          }
        }
        break;
      case 'cidr': case 'isIP': case 'isCIDR': case 'quantity': case 'isQuantity':
        if (args[0]) return r(byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR));
        break;
      case 'ip':
        if (target) return r(fixed(1));
        if (args[0]) return r(byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR));
        break;
      case 'isCanonical':
        if (args[0]) return r(byFactor(sz(args[0]), 2 * STRING_TRAVERSAL_COST_FACTOR));
        break;
      case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback':
      case 'isLinkLocalMulticast': case 'isLinkLocalUnicast':
        return r(fixed(1));
      case 'containsIP': case 'containsCIDR': {
        const ipSize = {min: 4, max: 16};
        let c = byFactor(add(ipSize, ipSize), STRING_TRAVERSAL_COST_FACTOR);
        if (name === 'containsCIDR') c = add(add(c, byFactor(ipSize, STRING_TRAVERSAL_COST_FACTOR)), fixed(1));
        const at = effective(argNodes[0]!).checkedType?.name;
        if (at === 'string') c = add(c, byFactor(sz(args[0]), STRING_TRAVERSAL_COST_FACTOR));
        return r(c);
      }
      case 'sign': case 'asInteger': case 'isInteger': case 'asApproximateFloat': case 'isGreaterThan':
      case 'isLessThan': case 'compareTo': case 'add': case 'sub':
        return r(fixed(1));
    }
    return r(fixed(1));
  }

  private comprehension(node: CelNode): Est {
    const c = node.args as ComprehensionArgs;
    const kind = comprehensionKind(c);
    const range = this.est(c.iterable);
    const init = this.est(c.init);
    this.push(c.iterVarName, {decl: elementDecl(range.decl)});
    const step = this.est(c.step);
    this.pop(c.iterVarName);
    const rangeCnt = this.sizeOf(range);
    const perIter = add(step.cost, fixed(QUANTIFIER_OVERHEAD[kind]!));
    let cost = add(add(range.cost, init.cost), fixed(RESULT_COST[kind]!));
    cost = add(cost, mul(rangeCnt, perIter));
    const size = kind === 'map' || kind === 'filter' ? rangeCnt : undefined;
    return {cost, size};
  }

  private macro(mac: CelMacro): Est {
    if (mac.hasOperand) {
      // has(): the presence test itself is free (PresenceTestHasCost(false)); its operand is not.
      return {cost: this.est(mac.hasOperand).cost};
    }
    if (mac.optionalMap && mac.receiver && mac.body && mac.var) {
      // cel-go expands optMap/optFlatMap into a conditional over hasValue() and value().
      const recv = this.est(mac.receiver);
      this.push(mac.var, {});
      const body = this.est(mac.body);
      this.pop(mac.var);
      return {cost: add(add(fixed(3), recv.cost), body.cost)};
    }
    if (mac.receiver && mac.arg) {
      // optional.or() / optional.orValue(): a function call over the receiver and argument.
      return {cost: add(add(fixed(1), this.est(mac.receiver).cost), this.est(mac.arg).cost)};
    }
    if (mac.macroHasProps || mac.args) {
      const props = mac.macroHasProps;
      if (props) return {cost: fixed(Math.max(0, props.length - 1))};
      return {cost: fixed(1)};
    }
    if (mac.val && mac.exp && mac.var) {
      const init = this.est(mac.val);
      this.push(mac.var, {decl: init.decl, size: init.size});
      const body = this.est(mac.exp);
      this.pop(mac.var);
      return {cost: add(add(fixed(LIST_CREATE_BASE_COST), init.cost), body.cost), size: body.size, decl: body.decl};
    }
    if (mac.twoVar && mac.receiver && mac.body && mac.keyVar && mac.valueVar) {
      const range = this.est(mac.receiver);
      const kd = range.decl?.kind === 'map' ? range.decl.key : undefined;
      const vd = range.decl?.kind === 'list' ? range.decl.elem : range.decl?.kind === 'map' ? range.decl.value : undefined;
      this.push(mac.keyVar, {decl: kd});
      this.push(mac.valueVar, {decl: vd});
      let per = this.est(mac.body).cost;
      if (mac.filter) per = add(per, this.est(mac.filter).cost);
      this.pop(mac.valueVar);
      this.pop(mac.keyVar);
      per = add(per, fixed(TWO_VAR_ITERATION_COST[mac.twoVar as TwoVarKind] ?? 1));
      const rangeCnt = this.sizeOf(range);
      return {cost: add(add(range.cost, fixed(1)), mul(rangeCnt, per)), size: mac.twoVar.startsWith('transform') ? rangeCnt : undefined};
    }
    return {cost: fixed(1)};
  }
}

// ---- runtime ----

interface Captured {
  __v?: unknown;
}

const ceilF = (n: number, f: number): number => Math.ceil(n * f);

function traversalCost(v: unknown): number {
  if (typeof v === 'string') return Math.floor(codePointLength(v) * STRING_TRAVERSAL_COST_FACTOR);
  if (v instanceof Uint8Array) return Math.floor(v.length * STRING_TRAVERSAL_COST_FACTOR);
  if (Array.isArray(v) || v instanceof Set) {
    let c = 0;
    for (const x of v) c += traversalCost(x);
    return c;
  }
  if (v instanceof Map) {
    let c = 0;
    for (const [k, x] of v) c += traversalCost(k) + traversalCost(x);
    return c;
  }
  if (v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === null || Object.getPrototypeOf(v) === Object.prototype)) {
    let c = 0;
    for (const [k, x] of Object.entries(v)) c += traversalCost(k) + traversalCost(x);
    return c;
  }
  return 1;
}

type CallCostFn = (args: unknown[], result: unknown) => number;

/** Runtime cost of a call (receiver first in args), or undefined for the default cost of 1. */
function runtimeCallCost(name: string, argTypes: Array<string | undefined>): CallCostFn | undefined {
  const sz = actualSize;
  switch (name) {
    case 'check': return () => AUTHZ_CHECK_COST;
    case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf':
      return (a) => traversalCost(a[0]);
    case 'url': case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim':
    case 'cidr': case 'isIP': case 'isCIDR': case 'quantity': case 'isQuantity':
    case 'startsWith': case 'endsWith':
      return (a) => ceilF(sz(a[0]), STRING_TRAVERSAL_COST_FACTOR);
    case 'bytes': case 'string':
      if ((name === 'bytes' && argTypes[0] === 'string') || (name === 'string' && argTypes[0] === 'bytes')) {
        return (a) => ceilF(sz(a[0]), STRING_TRAVERSAL_COST_FACTOR);
      }
      return undefined;
    case 'ip':
      return (a) => (a.length === 1 && typeof a[0] === 'string' ? ceilF(sz(a[0]), STRING_TRAVERSAL_COST_FACTOR) : 1);
    case 'isCanonical':
      return (a) => ceilF(sz(a[a.length - 1]), 2 * STRING_TRAVERSAL_COST_FACTOR);
    case 'replace': case 'split':
      return (a) => ceilF(sz(a[0]), 2 * STRING_TRAVERSAL_COST_FACTOR);
    case 'join':
      return (_a, res) => ceilF(sz(res), 2 * STRING_TRAVERSAL_COST_FACTOR);
    case 'find': case 'findAll': case 'matches':
      return (a) => ceilF(1 + sz(a[0]), STRING_TRAVERSAL_COST_FACTOR) * ceilF(sz(a[1]), REGEX_STRING_LENGTH_COST_FACTOR);
    case 'contains':
      return (a) => ceilF(sz(a[0]), STRING_TRAVERSAL_COST_FACTOR) * ceilF(sz(a[1]), STRING_TRAVERSAL_COST_FACTOR);
    case 'containsIP': case 'containsCIDR':
      return (a) => {
        const cidrSize = sz(a[0]);
        let c = ceilF(cidrSize + cidrSize, STRING_TRAVERSAL_COST_FACTOR);
        if (name === 'containsCIDR') c += ceilF(cidrSize, STRING_TRAVERSAL_COST_FACTOR) + 1;
        if (typeof a[1] === 'string') c += ceilF(sz(a[1]), STRING_TRAVERSAL_COST_FACTOR);
        return c;
      };
  }
  return undefined;
}

function binaryCostFn(op: string): ((l: unknown, r: unknown) => number) | undefined {
  switch (op) {
    case '==': case '!=': case '<': case '<=': case '>': case '>=':
      return (l, r) => {
        if (op !== '==' && op !== '!=' && !((typeof l === 'string' && typeof r === 'string') || (l instanceof Uint8Array && r instanceof Uint8Array))) return 1;
        return ceilF(Math.min(actualSize(l), actualSize(r)), STRING_TRAVERSAL_COST_FACTOR);
      };
    case '+':
      return (l, r) =>
        (typeof l === 'string' && typeof r === 'string') || (l instanceof Uint8Array && r instanceof Uint8Array)
          ? ceilF(actualSize(l) + actualSize(r), STRING_TRAVERSAL_COST_FACTOR)
          : 1;
    case 'in':
      return (_l, r) => (Array.isArray(r) || r instanceof Set ? actualSize(r) : 1);
  }
  return undefined;
}

function setEvaluate(node: CelNode, f: CelNode['evaluate']): void {
  node.evaluate = f;
}

/** Wrap the evaluation of every node of a checked AST so that it charges upstream's runtime cost. */
export function instrumentRuntimeCost(root: CelNode): void {
  const capture = new Set<CelNode>();
  const plans: Array<() => void> = [];
  const postPlans: Array<() => void> = [];
  walk(root, (node) => {
    const m = node.meta;
    if (m.alternate) return;
    const orig = originalEvaluate(node);
    const wrapFixed = (cost: number): void => {
      plans.push(() => setEvaluate(node, (ev, ast, ctx) => {
        const v = orig(ev, ast, ctx);
        charge(cost);
        if (capture.has(node)) (node as Captured).__v = v;
        return v;
      }));
    };
    const wrapFn = (fn: (v: unknown) => number): void => {
      plans.push(() => setEvaluate(node, (ev, ast, ctx) => {
        const v = orig(ev, ast, ctx);
        charge(fn(v));
        if (capture.has(node)) (node as Captured).__v = v;
        return v;
      }));
    };
    if (m.macro) {
      const mac = m.macro;
      if (mac.hasOperand) wrapFixed(0);
      else if (mac.optionalMap) wrapFixed(3);
      else if (mac.receiver && mac.arg) wrapFixed(1);
      else if (mac.macroHasProps || mac.args) {
        wrapFn(() => Math.max(0, (mac.macroHasProps?.length ?? 2) - 2));
      } else if (mac.twoVar) wrapFixed(1);
      else wrapFixed(0);
      return;
    }
    const a = node.args as unknown;
    switch (node.op) {
      case 'value':
        plans.push(() => {
          if (capture.has(node)) setEvaluate(node, (ev, ast, ctx) => ((node as Captured).__v = orig(ev, ast, ctx)));
        });
        return;
      case 'id': case '.': case '.?': case '[]': case '[?]': case '!_': case '-_': case 'accuValue':
        wrapFixed(1);
        return;
      case 'accuInc':
        wrapFixed(2);
        return;
      case 'accuPush':
        wrapFixed(12);
        return;
      case '&&': case '||': case '?:':
        wrapFixed(0);
        return;
      case 'list': {
        const els = a as CelNode[];
        wrapFixed(els.every((e) => effective(e).op === 'value') ? 0 : LIST_CREATE_BASE_COST);
        return;
      }
      case 'map': {
        const ents = a as Array<[CelNode, CelNode]>;
        wrapFixed(ents.every(([k, v]) => effective(k).op === 'value' && effective(v).op === 'value') ? 0 : MAP_CREATE_BASE_COST);
        return;
      }
      case 'comprehension': {
        const c = a as ComprehensionArgs;
        const kind = comprehensionKind(c);
        const overhead = QUANTIFIER_OVERHEAD[kind]!;
        if (overhead > 0) {
          const step = c.step;
          postPlans.push(() => {
            // Chains onto the step's own wrapper, which the first pass installed.
            const current = step.evaluate;
            setEvaluate(step, (ev, ast, ctx) => {
              charge(overhead);
              return current(ev, ast, ctx);
            });
          });
        }
        wrapFixed(RESULT_COST[kind]!);
        return;
      }
      case 'call': case 'rcall': {
        const isMember = node.op === 'rcall';
        const name = stripPrefix(isMember ? (a as [string])[0] : (a as [string])[0]);
        const argNodes = isMember
          ? [(a as [string, CelNode, CelNode[]])[1], ...(a as [string, CelNode, CelNode[]])[2]]
          : (a as [string, CelNode[]])[1];
        const argTypes = argNodes.map((n) => effective(n).checkedType?.name);
        const fn = name === 'isCanonical' && isMember ? runtimeCallCost('isCanonical', argTypes) : runtimeCallCost(name, argTypes);
        if (!fn) {
          wrapFixed(1);
          return;
        }
        const eff = argNodes.map(effective);
        for (const n of eff) capture.add(n);
        wrapFn((res) => fn(eff.map((n) => (n as Captured).__v), res));
        return;
      }
      default: {
        if (Array.isArray(a) && a.length === 2) {
          const fn = binaryCostFn(node.op);
          if (!fn) {
            wrapFixed(1);
            return;
          }
          const l = effective(a[0] as CelNode);
          const r = effective(a[1] as CelNode);
          capture.add(l);
          capture.add(r);
          wrapFn(() => fn((l as Captured).__v, (r as Captured).__v));
          return;
        }
        wrapFixed(0);
      }
    }
  });
  for (const p of plans) p();
  for (const p of postPlans) p();
}

export {tracker};
