// Access to cel-js AST internals (untyped in its declarations) that cost tracking and rewrites need.

export interface CelTypeDecl {
  kind: string;
  name: string;
  type: string;
  keyType?: CelTypeDecl;
  valueType?: CelTypeDecl;
  hasPlaceholderType?: boolean;
  hasDynType?: boolean;
  unify(registry: unknown, other: CelTypeDecl): CelTypeDecl | null;
}

/** The parts of cel-js's type checker that our check hooks use. */
export interface Checker {
  dynType: CelTypeDecl;
  boolType: CelTypeDecl;
  opts: {homogeneousAggregateLiterals: boolean};
  registry: {
    getListType(t: CelTypeDecl): CelTypeDecl;
    getMapType(k: CelTypeDecl, v: CelTypeDecl): CelTypeDecl;
    getOptionalType(t: CelTypeDecl): CelTypeDecl;
  };
  check(node: unknown, ctx: unknown): CelTypeDecl;
  getType(name: string): CelTypeDecl;
  createError(code: string, message: string, node?: unknown): Error;
  formatType(t: CelTypeDecl): string;
  checkAccessOnType(node: unknown, ctx: unknown, leftType: CelTypeDecl): CelTypeDecl;
}

/** Replace unbound type parameters (the element type of [] or {}) by dyn, as cel-go does. */
export function placeholdersToDyn(chk: Checker, t: CelTypeDecl): CelTypeDecl {
  if (!t.hasPlaceholderType) return t;
  switch (t.kind) {
    case 'list': return chk.registry.getListType(placeholdersToDyn(chk, t.valueType!));
    case 'map': return chk.registry.getMapType(placeholdersToDyn(chk, t.keyType!), placeholdersToDyn(chk, t.valueType!));
    case 'optional': return chk.registry.getOptionalType(placeholdersToDyn(chk, t.valueType!));
    default: return chk.dynType;
  }
}

export type Evaluate = (ev: unknown, ast: CelNode, ctx: unknown) => unknown;

export interface ComprehensionArgs {
  kind?: string;
  errorsAreFatal: boolean;
  iterable: CelNode;
  iterVarName: string;
  init: CelNode;
  step: CelNode;
  condition?: (accu: unknown) => boolean;
  result: (accu: unknown) => unknown;
}

export interface CelMacro {
  /** has() */
  args?: CelNode[];
  macroHasProps?: CelNode[];
  /** cel.bind() */
  var?: string;
  val?: CelNode;
  exp?: CelNode;
  /** has(): the selection's operand and field */
  hasOperand?: CelNode;
  hasField?: string;
  /** optional.or() / optional.orValue() */
  arg?: CelNode;
  /** optMap / optFlatMap */
  optionalMap?: string;
  /** two-variable comprehensions */
  twoVar?: string;
  receiver?: CelNode;
  keyVar?: string;
  valueVar?: string;
  filter?: CelNode;
  body?: CelNode;
  evaluate: (ev: unknown, macro: CelMacro, ctx: unknown) => unknown;
  typeCheck?: (chk: Checker, macro: CelMacro, ctx: unknown) => CelTypeDecl;
}

export interface CelNode {
  op: string;
  args: unknown;
  pos: number;
  start: number;
  end: number;
  input: string;
  checkedType?: CelTypeDecl;
  argTypes?: CelTypeDecl[];
  meta: {alternate?: CelNode; macro?: CelMacro; evaluate: Evaluate; check: Check};
  evaluate: Evaluate;
  setMeta(key: string, value: unknown): CelNode;
  /** Set by cel-js's checker on operator and access nodes. */
  left?: CelNode;
  right?: CelNode;
  handle?: (...args: unknown[]) => unknown;
  /** Set by our rewrites: a bracket access that was written as a backtick-quoted field selection. */
  quotedField?: boolean;
  /** Set by our rewrites: list or map literal entries written with a leading '?'. */
  optionalEntries?: boolean[];
}

export type Check = (chk: Checker, ast: CelNode, ctx: unknown) => CelTypeDecl;

/** The node that actually evaluates (constants and expanded macros replace the parsed node). */
export function effective(node: CelNode): CelNode {
  let n = node;
  while (n.meta.alternate) n = n.meta.alternate;
  return n;
}

export function isNode(v: unknown): v is CelNode {
  return typeof v === 'object' && v !== null && 'op' in v && 'meta' in v;
}

/** Direct child nodes, including macro internals. */
export function children(node: CelNode): CelNode[] {
  const out: CelNode[] = [];
  const add = (v: unknown): void => {
    if (isNode(v)) out.push(v);
  };
  const m = node.meta;
  if (m.alternate) return [m.alternate];
  if (m.macro) {
    const mac = m.macro;
    if (mac.macroHasProps) add(mac.macroHasProps[mac.macroHasProps.length - 1]);
    else if (mac.args) for (const a of mac.args) add(a);
    add(mac.val);
    add(mac.exp);
    add(mac.receiver);
    add(mac.arg);
    add(mac.filter);
    add(mac.body);
    return out;
  }
  const a = node.args as unknown;
  switch (node.op) {
    case 'value': case 'id': case 'accuValue': case 'accuInc':
      return out;
    case 'accuPush': case '!_': case '-_':
      add(a);
      return out;
    case '.': case '.?':
      add((a as unknown[])[0]);
      return out;
    case 'call':
      for (const x of (a as [string, unknown[]])[1]) add(x);
      return out;
    case 'rcall': {
      const [, recv, args] = a as [string, unknown, unknown[]];
      add(recv);
      for (const x of args) add(x);
      return out;
    }
    case 'map':
      for (const [k, v] of a as Array<[unknown, unknown]>) {
        add(k);
        add(v);
      }
      return out;
    case 'comprehension': {
      const c = a as ComprehensionArgs;
      add(c.iterable);
      add(c.init);
      add(c.step);
      return out;
    }
    default:
      if (Array.isArray(a)) for (const x of a) add(x);
      return out;
  }
}

/** Visit every node once (pre-order). */
export function walk(root: CelNode, visit: (n: CelNode) => void): void {
  const seen = new Set<CelNode>();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    visit(n);
    for (const c of children(n)) stack.push(c);
  }
}

/** The evaluate function the node would run (bypassing cel-js's lazy dispatch). */
export function originalEvaluate(node: CelNode): Evaluate {
  const m = node.meta;
  if (m.alternate) {
    const alt = m.alternate;
    return (ev, _ast, ctx) => alt.evaluate(ev, alt, ctx);
  }
  if (m.macro) {
    const mac = m.macro;
    return (ev, _ast, ctx) => mac.evaluate(ev, mac, ctx);
  }
  return m.evaluate;
}
