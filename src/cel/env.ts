// The Kubernetes CEL environment: libraries, declared variables, compilation with type
// checking and cost estimation, and evaluation under a runtime cost limit.
import {Environment, ParseError} from '@marcbachmann/cel-js';
import type {CelNode} from './ast.js';
import {CostEstimator, MAX_UINT64, instrumentRuntimeCost} from './cost.js';
import type {CostEstimate} from './cost.js';
import {CelCompileError, CelEvaluationError, errorOffset, makeIssue, upstreamCheckMessage, upstreamEvalMessage} from './errors.js';
import type {CelIssue} from './errors.js';
import {registerAuthz} from './libs/authz.js';
import {registerTwoVarComprehensions} from './libs/comprehensions.js';
import {registerEncoders, registerMath} from './libs/extra.js';
import {registerFormatLibrary} from './libs/format.js';
import {registerPatchTypes} from './libs/patch-types.js';
import {registerOptionalExtras} from './libs/optionals.js';
import {registerStandardExtras} from './libs/standard.js';
import {registerIP, registerIPIsCanonical} from './libs/ip.js';
import {registerLists, registerSets} from './libs/lists.js';
import {registerQuantity} from './libs/quantity.js';
import {re2Matches} from './libs/re2.js';
import {registerRegex} from './libs/regex.js';
import {registerStrings} from './libs/strings.js';
import {registerConversions} from './libs/conversions.js';
import {applyOperatorOverrides} from './overrides.js';
import {rewriteBeforeCheck} from './rewrite.js';
import type {CheckFailure} from './rewrite.js';
import {prepareSource} from './syntax.js';
import type {PreparedSource} from './syntax.js';
import {registerURLs} from './libs/urls.js';
import {PER_CALL_LIMIT} from './limits.js';
import {COST_LIMIT_EXCEEDED, CostLimitExceededError, tracker} from './runtime-cost.js';
import {jsonToCel, objectClass, toCelValue} from './schema.js';
import type {DeclType, ObjectDecl} from './types.js';
import {celJsTypeName, declFromTypeString, formatCelGoType} from './types.js';
import {celEquals} from './equality.js';

export type ExtraLibrary = 'math' | 'encoders';

export interface CelLibraryOptions {
  /** The AuthorizeWithSelectors gate: fieldSelector()/labelSelector() on resource checks. */
  authorizerSelectors?: boolean;
  /** ext.Strings version (Kubernetes 1.29+: 2). */
  stringsVersion?: number;
  /** cel-go libraries Kubernetes does not enable; used by the conformance runner. */
  extraLibraries?: ExtraLibrary[];
  /** Kubernetes requires homogeneous list and map literals (default true). */
  homogeneousAggregateLiterals?: boolean;
}

export interface CelEnvironmentOptions extends CelLibraryOptions {
  /** Declared variables: a DeclType (from schemaToDeclType or Types) or a CEL type string ("int", "map<string, dyn>"). */
  variables?: Record<string, DeclType | string>;
  /** Undeclared identifiers are dyn instead of a compile error (the CLI without a schema). */
  unlistedVariablesAreDyn?: boolean;
  /** The `Object` and `JSONPatch` types and `jsonpatch` library of MutatingAdmissionPolicy mutations (HasPatchTypes). */
  patchTypes?: boolean;
}

export interface CompileOptions {
  /** Reject the expression when its estimated worst-case cost exceeds this (e.g. STATIC_ESTIMATED_COST_LIMIT). */
  estimatedCostLimit?: number;
  /** Name of the cost in the error ("estimated rule cost"). */
  costName?: string;
  /**
   * Skip type checking, as cel-go evaluates a parsed but unchecked expression: type errors
   * surface only when the offending part is evaluated. Kubernetes always checks; the
   * conformance runner uses this for the spec's unchecked cases.
   */
  unchecked?: boolean;
}

/** A shared budget consumed by several evaluations (RuntimeCELCostBudget per object or binding). */
export interface CostBudget {
  remaining: number;
}

export interface EvaluateOptions {
  /** Per-expression limit; default PER_CALL_LIMIT. */
  costLimit?: number;
  /** A budget shared with other evaluations; its remaining amount is reduced by this evaluation's cost. */
  budget?: CostBudget;
}

export interface EvaluationResult {
  value: unknown;
  cost: number;
}

export type Activation = Record<string, unknown>;

const baseCache = new Map<string, Environment>();

function baseEnvironment(opts: CelLibraryOptions & {unlistedVariablesAreDyn?: boolean}): Environment {
  const key = JSON.stringify([opts.homogeneousAggregateLiterals ?? true, opts.authorizerSelectors ?? false, opts.stringsVersion ?? 2, opts.extraLibraries ?? [], opts.unlistedVariablesAreDyn ?? false]);
  let env = baseCache.get(key);
  if (env) return env;
  env = new Environment({
    homogeneousAggregateLiterals: opts.homogeneousAggregateLiterals ?? true,
    enableOptionalTypes: true,
    unlistedVariablesAreDyn: opts.unlistedVariablesAreDyn ?? false,
  });
  registerStrings(env, re2Matches, {version: opts.stringsVersion ?? 2});
  registerLists(env);
  registerSets(env);
  registerRegex(env);
  registerURLs(env);
  registerQuantity(env);
  registerIP(env);
  registerIPIsCanonical(env);
  registerFormatLibrary(env);
  registerAuthz(env, {selectors: opts.authorizerSelectors ?? false});
  registerTwoVarComprehensions(env);
  registerOptionalExtras(env);
  registerStandardExtras(env);
  registerConversions(env);
  for (const lib of opts.extraLibraries ?? []) {
    if (lib === 'math') registerMath(env);
    if (lib === 'encoders') registerEncoders(env);
  }
  baseCache.set(key, env);
  return env;
}

function collectObjects(t: DeclType, out: Map<string, ObjectDecl>): void {
  switch (t.kind) {
    case 'object':
      if (out.has(t.name)) return;
      out.set(t.name, t);
      for (const f of t.fields.values()) collectObjects(f.type, out);
      return;
    case 'list':
      collectObjects(t.elem, out);
      return;
    case 'map':
      collectObjects(t.value, out);
      return;
    default:
  }
}

/** `getCostErrorMessage` from upstream apiextensions validation. */
export function costExceedsMessage(costName: string, cost: number, limit: number): string {
  const factor = cost / limit;
  let f: string;
  if (factor > 100) f = 'more than 100x';
  else if (factor < 1.5) f = `${factor.toFixed(6)}x`;
  else f = `${factor.toFixed(1)}x`;
  return `${costName} exceeds budget by factor of ${f} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

export class CelProgram {
  constructor(
    readonly expression: string,
    /** The checked result type in cel-go spelling: bool, string, list(string), map(string, int), dyn. */
    readonly outputType: string,
    readonly estimatedCost: CostEstimate,
    private readonly run: (activation: Activation) => unknown,
  ) {}

  /**
   * Evaluate against an activation of CEL values (see CelEnvironment.activation for JSON input).
   * Throws CelEvaluationError with upstream's message on errors and when the cost limit or budget runs out.
   */
  evaluate(activation: Activation, opts: EvaluateOptions = {}): EvaluationResult {
    const perCall = opts.costLimit ?? PER_CALL_LIMIT;
    const budget = opts.budget;
    const limit = budget && budget.remaining < perCall ? budget.remaining : perCall;
    const saved = {cost: tracker.cost, limit: tracker.limit, exceeded: tracker.exceeded};
    tracker.cost = 0;
    tracker.limit = limit;
    tracker.exceeded = false;
    let value: unknown;
    let failure: unknown;
    try {
      value = this.run(activation);
    } catch (e) {
      failure = e;
    }
    const cost = tracker.cost;
    const exceeded = tracker.exceeded;
    tracker.cost = saved.cost;
    tracker.limit = saved.limit;
    tracker.exceeded = saved.exceeded;
    if (budget) budget.remaining = Math.max(0, budget.remaining - Math.min(cost, limit));
    if (exceeded || failure instanceof CostLimitExceededError) {
      const kind = budget && limit < perCall ? 'budget' : 'cost';
      throw new CelEvaluationError(COST_LIMIT_EXCEEDED, kind, cost);
    }
    if (failure !== undefined) {
      const e = failure as {code?: string; summary?: string; message?: string};
      throw new CelEvaluationError(upstreamEvalMessage(e.code, e.summary ?? e.message ?? String(failure)), 'error', cost);
    }
    if (value instanceof Promise) throw new CelEvaluationError('asynchronous evaluation is not supported', 'error', cost);
    return {value, cost};
  }
}

export class CelEnvironment {
  private readonly env: Environment;
  readonly variables: ReadonlyMap<string, DeclType>;
  private readonly options: CelEnvironmentOptions;

  constructor(opts: CelEnvironmentOptions = {}) {
    this.options = opts;
    const vars = new Map<string, DeclType>();
    for (const [name, t] of Object.entries(opts.variables ?? {})) {
      vars.set(name, typeof t === 'string' ? declFromTypeString(t) : t);
    }
    this.variables = vars;
    const env = baseEnvironment(opts).clone();
    if (opts.patchTypes) registerPatchTypes(env);
    const objects = new Map<string, ObjectDecl>();
    for (const t of vars.values()) collectObjects(t, objects);
    for (const o of objects.values()) {
      const fields: Record<string, string> = {};
      for (const [k, f] of o.fields) fields[k] = celJsTypeName(f.type);
      env.registerType(o.name, {ctor: objectClass(o), fields});
    }
    for (const o of objects.values()) {
      env.registerOperator(`${o.name} == ${o.name}`, (a: unknown, b: unknown) => celEquals(a, b));
    }
    for (const [name, t] of vars) env.registerVariable(name, celJsTypeName(t));
    this.env = env;
  }

  /** A new environment with these variables added (or replaced). */
  extend(variables: Record<string, DeclType | string>): CelEnvironment {
    const merged: Record<string, DeclType | string> = {};
    for (const [k, v] of this.variables) merged[k] = v;
    Object.assign(merged, variables);
    return new CelEnvironment({...this.options, variables: merged});
  }

  /** Convert JSON variable values to CEL values using the declared types (integers, formats, escaping). */
  activation(json: Record<string, unknown>): Activation {
    const out: Activation = {};
    for (const [k, v] of Object.entries(json)) {
      const t = this.variables.get(k);
      out[k] = t ? toCelValue(v, t) : jsonToCel(v);
    }
    return out;
  }

  private checkError(expression: string, source: PreparedSource, failures: CheckFailure[]): CelCompileError {
    const issues: CelIssue[] = [];
    let kind: 'syntax' | 'type' = 'type';
    for (const {error, node} of failures) {
      const err = error as (Error & {code?: string; summary?: string; range?: {start: number}}) | undefined;
      if (err?.name === 'ParseError') kind = 'syntax';
      const msg = err?.name === 'ParseError'
        ? `Syntax error: ${err.summary ?? ''}`
        : upstreamCheckMessage(err?.code ?? '', err?.summary ?? err?.message ?? '', node);
      const offset = source.originalOffset(node ? errorOffset(node) : err?.range?.start ?? 0);
      if (!issues.some((i) => i.offset === offset && i.message === msg)) issues.push(makeIssue(expression, msg, offset));
    }
    // cel-go lists errors in source order.
    issues.sort((a, b) => a.offset - b.offset);
    return new CelCompileError(expression, issues, kind);
  }

  /** Parse, type-check and estimate the cost of an expression. Throws CelCompileError. */
  compile(expression: string, opts: CompileOptions = {}): CelProgram {
    const source = prepareSource(expression);
    let parsed: ReturnType<Environment['parse']>;
    try {
      parsed = this.env.parse(source.text);
    } catch (e) {
      const err = e as ParseError;
      const summary = err instanceof ParseError ? err.summary : String((e as Error).message ?? e);
      const offset = source.originalOffset(err.range?.start ?? 0);
      throw new CelCompileError(expression, [makeIssue(expression, `Syntax error: ${summary}`, offset)], 'syntax');
    }
    const root = parsed.ast as unknown as CelNode;
    const failures: CheckFailure[] = [];
    rewriteBeforeCheck(root, {
      isVariable: (name) => this.env.hasVariable(name),
      quotedFields: source.quotedFields,
      unchecked: opts.unchecked ?? false,
      failures,
    });
    const checked = parsed.check();
    if (!checked.valid) failures.push({error: checked.error, node: (checked.error as {node?: CelNode} | undefined)?.node ?? root});
    if (failures.length) throw this.checkError(expression, source, failures);
    applyOperatorOverrides(root);
    const estimatedCost = new CostEstimator(this.variables).estimate(root);
    if (opts.estimatedCostLimit !== undefined && estimatedCost.max > opts.estimatedCostLimit) {
      const message = costExceedsMessage(opts.costName ?? 'estimated rule cost', estimatedCost.max, opts.estimatedCostLimit);
      const err = new CelCompileError(expression, [makeIssue(expression, message, 0)], 'cost');
      err.message = message;
      throw err;
    }
    instrumentRuntimeCost(root);
    const outputType = formatCelGoType(checked.type ?? 'dyn');
    return new CelProgram(expression, outputType, estimatedCost, parsed as (a: Activation) => unknown);
  }
}

export {MAX_UINT64};
