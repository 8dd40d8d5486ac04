// Compile and evaluation errors in upstream's (cel-go's) wording and layout.
import type {CelNode} from './ast.js';
import {OVERRIDE_PREFIX} from './libs/strings.js';
import {formatCelGoType} from './types.js';

export interface CelIssue {
  /** Upstream's message text, e.g. "undeclared reference to 'foo' (in container '')". */
  message: string;
  /** 1-based line and column (cel-go counts columns from 1 in the rendered text). */
  line: number;
  column: number;
  /** 0-based offset in the expression. */
  offset: number;
}

const OPERATOR_NAMES: Record<string, string> = {
  '+': '_+_', '-': '_-_', '*': '_*_', '/': '_/_', '%': '_%_', '<': '_<_', '<=': '_<=_', '>': '_>_',
  '>=': '_>=_', '==': '_==_', '!=': '_!=_', in: '@in', '!_': '!_', '-_': '-_', '&&': '_&&_', '||': '_||_',
  '[]': '_[_]', '?:': '_?_:_',
};

function position(expr: string, offset: number): {line: number; column: number} {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < expr.length; i++) {
    if (expr[i] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return {line, column};
}

const typeOf = (n: unknown): string => {
  const t = (n as CelNode | undefined)?.checkedType?.name;
  return t ? formatCelGoType(t) : 'dyn';
};

/** Rewrite a cel-js checker error into upstream's message. */
export function upstreamCheckMessage(code: string, summary: string, node: CelNode | undefined): string {
  const clean = summary.split(OVERRIDE_PREFIX).join('');
  switch (code) {
    case 'unknown_variable': {
      const name = /Unknown variable: (.*)$/.exec(clean)?.[1] ?? clean;
      return `undeclared reference to '${name}' (in container '')`;
    }
    case 'no_such_overload': {
      if (!node) return clean;
      const name = OPERATOR_NAMES[node.op] ?? node.op;
      const args = Array.isArray(node.args) ? (node.args as unknown[]).map(typeOf) : [typeOf(node.args)];
      return `found no matching overload for '${name}' applied to '(${args.join(', ')})'`;
    }
    case 'no_matching_overload': {
      if (!node) return clean;
      const fnName = String((node.args as unknown[])[0]).split(OVERRIDE_PREFIX).join('');
      const argTypes = (node.argTypes ?? []).map((t) => formatCelGoType(t.name));
      if (node.op === 'rcall') {
        const recv = typeOf((node.args as unknown[])[1]);
        return `found no matching overload for '${fnName}' applied to '${recv}.(${argTypes.join(', ')})'`;
      }
      return `found no matching overload for '${fnName}' applied to '(${argTypes.join(', ')})'`;
    }
    case 'no_such_key': {
      const key = /No such key: (.*)$/.exec(clean)?.[1] ?? clean;
      return `undefined field '${key}'`;
    }
    case 'invalid_logical_operand': {
      if (!node || !Array.isArray(node.args)) return clean;
      return `found no matching overload for '${OPERATOR_NAMES[node.op] ?? node.op}' applied to '(${(node.args as unknown[]).map(typeOf).join(', ')})'`;
    }
    case 'heterogeneous_list_element': case 'heterogeneous_map_key': case 'heterogeneous_map_value': {
      const m = /expected type '(.*)' but found '(.*)'$/.exec(clean);
      return m ? `expected type '${formatCelGoType(m[1]!)}' but found '${formatCelGoType(m[2]!)}'` : clean;
    }
    case 'invalid_condition_type':
      return clean.replace(/got '(.*)'$/, (_m, t: string) => `got '${formatCelGoType(t)}'`);
    default:
      return clean;
  }
}

/** Lower-case the cel-js runtime wording where it differs from cel-go. */
export function upstreamEvalMessage(code: string | undefined, summary: string): string {
  const clean = summary.split(OVERRIDE_PREFIX).join('');
  switch (code) {
    case 'no_such_key': {
      const oob = /index out of bounds, index (-?\d+)/.exec(clean);
      if (oob) return `index out of bounds: ${oob[1]}`;
      return clean.replace(/^No such key/, 'no such key');
    }
    case 'index_out_of_bounds': {
      const oob = /index (-?\d+)/.exec(clean);
      return oob ? `index out of bounds: ${oob[1]}` : clean;
    }
    case 'division_by_zero':
      return 'division by zero';
    case 'modulo_by_zero':
      return 'modulus by zero';
    case 'no_matching_overload': case 'no_such_overload':
      return clean.replace(/^found no matching overload for '(.*)'$/, (_m, s: string) => `no such overload: ${s}`);
    default:
      return clean;
  }
}

/** Render one issue as cel-go does: "ERROR: <input>:L:C: msg" plus the source line and a caret. */
export function renderIssue(expr: string, issue: CelIssue): string {
  const lines = expr.split('\n');
  const src = lines[issue.line - 1] ?? '';
  const caret = '.'.repeat(Math.max(0, issue.column - 1)) + '^';
  return `ERROR: <input>:${issue.line}:${issue.column}: ${issue.message}\n | ${src}\n | ${caret}`;
}

/** Where cel-go reports an error for a node: operators at the operator, calls at '(', selects at '.'. */
export function errorOffset(node: CelNode | undefined): number {
  if (!node) return 0;
  const input = node.input ?? '';
  const args = node.args as unknown;
  switch (node.op) {
    case '.': case '.?':
      return input[node.pos - 1] === '.' ? node.pos - 1 : input[node.pos - 2] === '.' ? node.pos - 2 : node.pos;
    case 'rcall': {
      const recv = (args as [string, CelNode])[1];
      const at = input.indexOf('(', recv?.end ?? node.start);
      return at >= 0 ? at : node.pos;
    }
    case 'call': {
      const at = input.indexOf('(', node.start);
      return at >= 0 ? at : node.pos;
    }
    default:
      if (Array.isArray(args) && args.length === 2 && OPERATOR_NAMES[node.op]) {
        const left = args[0] as CelNode | undefined;
        const tok = node.op === 'in' ? 'in' : node.op;
        const at = input.indexOf(tok, left?.end ?? node.start);
        return at >= 0 ? at : node.pos;
      }
      return node.pos;
  }
}

export function makeIssue(expr: string, message: string, offset: number): CelIssue {
  const {line, column} = position(expr, offset);
  return {message, line, column, offset};
}

/** An expression that did not compile: a parse, type-check or cost error. */
export class CelCompileError extends Error {
  readonly issues: CelIssue[];
  readonly expression: string;
  /** 'syntax' and 'type' come from compilation; 'cost' from the estimated cost limit. */
  readonly kind: 'syntax' | 'type' | 'cost';

  constructor(expression: string, issues: CelIssue[], kind: 'syntax' | 'type' | 'cost') {
    super(issues.map((i) => renderIssue(expression, i)).join('\n'));
    this.name = 'CelCompileError';
    this.issues = issues;
    this.expression = expression;
    this.kind = kind;
  }
}

/** Evaluation failed: a runtime error or the cost limit. */
export class CelEvaluationError extends Error {
  /** 'cost' when the per-call limit or a shared budget ran out. */
  readonly kind: 'error' | 'cost' | 'budget';
  readonly cost: number;

  constructor(message: string, kind: 'error' | 'cost' | 'budget', cost: number) {
    super(message);
    this.name = 'CelEvaluationError';
    this.kind = kind;
    this.cost = cost;
  }
}
