// Evaluation of one compiled policy for one binding and one param, as upstream's
// validator.Validate (policy/validating/validator.go) over cel.condition ForInput
// (plugin/cel/condition.go, activation.go, composition.go): matchConditions under their own
// 2.5M budget, then validations, messageExpressions and auditAnnotations, each expression
// limited to PerCallLimit and the validations plus messages sharing one RuntimeCELCostBudget.
// Variables are evaluated lazily, once per set of expressions, their cost charged to the budget.

import { CelEvaluationError, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET, type Activation, type CelEnvironment, type ObjectDecl } from '../../cel/index.js';
import { objectClass } from '../../cel/schema.js';
import { MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE_BYTES } from '../../cel/limits.js';
import type { CompiledExpression, CompiledPolicy } from './compile.js';
import type { MatchConditionObservation, PolicyCheckErrorType } from '../metrics.js';

export type Action = 'admit' | 'deny';

export interface PolicyDecision {
  action: Action;
  /** 'error' when the decision comes from an error under the failurePolicy. */
  evaluation: 'admit' | 'deny' | 'error';
  message: string;
  reason?: string;
}

export type AuditAnnotationResult =
  | { action: 'publish'; key: string; value: string }
  | { action: 'exclude' }
  | { action: 'error'; error: string };

export interface ValidateResult {
  decisions: PolicyDecision[];
  auditAnnotations: AuditAnnotationResult[];
}

/** The variables of one evaluation, as JSON (object, oldObject, request, params, namespaceObject) plus the authorizer values. */
export interface EvaluationInput {
  json: Record<string, unknown>;
  /** `authorizer` and `authorizer.requestResource` (CEL values). */
  authorizer: Record<string, unknown>;
  /** Told what the policy's matchConditions came to (the match condition metrics). */
  observeMatchConditions?: (o: MatchConditionObservation) => void;
}

export const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';

export class OutOfBudget extends Error {
  constructor() {
    super(OUT_OF_BUDGET);
  }
}

/** One ForInput: the activation, the lazily evaluated variables and the cost they used. */
export class Composition {
  private variableCost = 0;
  readonly activation: Activation;

  constructor(policy: Pick<CompiledPolicy, 'variables'>, env: CelEnvironment, input: EvaluationInput, withAuthorizer: boolean) {
    const activation = env.activation(input.json);
    if (withAuthorizer) Object.assign(activation, input.authorizer);
    // Variables always see the authorizer (they are compiled with it).
    const variableActivation: Activation = { ...activation, ...input.authorizer };
    const decl = env.variables.get('variables');
    if (decl?.kind === 'object') {
      const vars = new (objectClass(decl as ObjectDecl))() as Record<string, unknown>;
      variableActivation.variables = vars;
      activation.variables = vars;
      for (const { name, compiled } of policy.variables) {
        let done: { value?: unknown; error?: Error } | undefined;
        Object.defineProperty(vars, name, {
          enumerable: true,
          get: () => {
            done ??= this.evaluateVariable(name, compiled, variableActivation);
            if (done.error) throw done.error;
            return done.value;
          },
        });
      }
    }
    this.activation = activation;
  }

  private evaluateVariable(name: string, compiled: CompiledExpression, activation: Activation): { value?: unknown; error?: Error } {
    if (!compiled.program) return { error: new Error(`composited variable "${name}" fails to compile: ${compiled.error}`) };
    try {
      const r = compiled.program.evaluate(activation, { costLimit: PER_CALL_LIMIT });
      this.variableCost += r.cost;
      return { value: r.value };
    } catch (e) {
      if (e instanceof CelEvaluationError) this.variableCost += e.cost;
      return { error: new Error(`composited variable "${name}" fails to evaluate: ${(e as Error).message}`) };
    }
  }

  takeVariableCost(): number {
    const c = this.variableCost;
    this.variableCost = 0;
    return c;
  }
}

export interface Evaluation {
  value?: unknown;
  error?: string;
}

/** activation.Evaluate: one expression against the remaining budget (throws OutOfBudget). */
export function evaluateOne(c: CompiledExpression, comp: Composition, budget: { remaining: number }): Evaluation {
  if (!c.program) return { error: `compilation error: ${c.error}` };
  let value: unknown;
  let error: string | undefined;
  let cost: number;
  try {
    const r = c.program.evaluate(comp.activation, { costLimit: PER_CALL_LIMIT });
    value = r.value;
    cost = r.cost;
  } catch (e) {
    error = (e as Error).message;
    cost = e instanceof CelEvaluationError ? e.cost : 0;
  }
  const variableCost = comp.takeVariableCost();
  if (variableCost > budget.remaining) throw new OutOfBudget();
  budget.remaining -= variableCost;
  if (cost > budget.remaining) throw new OutOfBudget();
  budget.remaining -= cost;
  if (error !== undefined) return { error: `expression '${c.expression}' resulted in error: ${error}` };
  return { value };
}

/** ForInput over a list of expressions; undefined entries are placeholders (no messageExpression). */
function forInput(list: (CompiledExpression | undefined)[], comp: Composition, budget: { remaining: number }): Evaluation[] {
  return list.map((c) => (c ? evaluateOne(c, comp, budget) : {}));
}

function errorDecision(failurePolicy: string, message: string): PolicyDecision {
  return { action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message };
}

const celTypeName = (v: unknown): string => {
  if (v === null) return 'null_type';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'double';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Uint8Array) return 'bytes';
  if (v instanceof Map || typeof v === 'object') return 'map';
  return typeof v;
};

/** ErrorType (policy/validating/errors.go): what a decision says about the check, for its metrics. */
export function checkErrorType(d: PolicyDecision): PolicyCheckErrorType {
  return d.evaluation === 'admit' ? 'no_error' : errorTypeOf(d.message);
}

/** The metrics' error type of an evaluation error, from its message as upstream's ErrorType does. */
export function errorTypeOf(message: string): PolicyCheckErrorType {
  if (message.startsWith('compilation')) return 'compile_error';
  if (message.startsWith('validation failed due to running out of cost budget')) return 'out_of_budget';
  return 'invalid_error';
}

/** The failure message: messageExpression's result, else message, else the expression (upstream's fallbacks). */
function failureMessage(v: CompiledPolicy['validations'][number], messageResult: Evaluation | undefined): string {
  let message = '';
  if (messageResult && messageResult.error === undefined && typeof messageResult.value === 'string') {
    message = messageResult.value.trim();
    if (Buffer.byteLength(message) > MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE_BYTES) message = '';
    if (message.includes('\n')) message = '';
  }
  if (message === '' && v.message.length > 0) message = v.message.trim();
  if (message === '') message = `failed expression: ${v.expression.expression.trim()}`;
  return message;
}

/**
 * The decisions (one per validation) and audit annotation results of one evaluation.
 * `input.json` holds object, oldObject, request, params and namespaceObject; matchConditions
 * get no namespaceObject, as upstream.
 */
export function validatePolicy(policy: CompiledPolicy, input: EvaluationInput): ValidateResult {
  const f = policy.failurePolicy;
  if (policy.matchConditions) {
    const { namespaceObject: _ns, ...rest } = input.json;
    const r = policy.matchConditions.match({
      object: rest.object as never,
      oldObject: rest.oldObject as never,
      request: rest.request as Record<string, unknown>,
      authorizer: input.authorizer.authorizer as never,
      extra: { ...(policy.hasParams ? { params: rest.params ?? null } : {}), namespaceObject: null, 'authorizer.requestResource': input.authorizer['authorizer.requestResource'] },
      observe: input.observeMatchConditions,
    });
    if (!r.matches) {
      if ('error' in r) return { decisions: [errorDecision(f, r.error)], auditAnnotations: [] };
      return { decisions: [], auditAnnotations: [] };
    }
  }

  const budget = { remaining: RUNTIME_CEL_COST_BUDGET };
  let results: Evaluation[];
  try {
    results = forInput(
      policy.validations.map((v) => v.expression),
      new Composition(policy, policy.env, input, true),
      budget,
    );
  } catch (e) {
    if (e instanceof OutOfBudget) return { decisions: [errorDecision(f, e.message)], auditAnnotations: [] };
    throw e;
  }
  let messages: Evaluation[] = [];
  let messageError: string | undefined;
  try {
    messages = forInput(
      policy.validations.map((v) => v.messageExpression),
      new Composition(policy, policy.messageEnv, input, false),
      budget,
    );
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    messageError = e.message;
  }
  const decisions: PolicyDecision[] = results.map((r, i) => {
    const v = policy.validations[i]!;
    if (r.error !== undefined) return errorDecision(f, r.error);
    if (messageError !== undefined) return errorDecision(f, `failed messageExpression: ${messageError}`);
    if (r.value !== true) return { action: 'deny', evaluation: 'deny', reason: v.reason ?? 'Invalid', message: failureMessage(v, messages[i]) };
    return { action: 'admit', evaluation: 'admit', message: '' };
  });

  let annotations: Evaluation[];
  try {
    annotations = forInput(
      policy.auditAnnotations.map((a) => a.valueExpression),
      new Composition(policy, policy.env, input, false),
      { remaining: RUNTIME_CEL_COST_BUDGET },
    );
  } catch (e) {
    if (e instanceof OutOfBudget) return { decisions: [errorDecision(f, e.message)], auditAnnotations: [] };
    throw e;
  }
  const auditAnnotations: AuditAnnotationResult[] = annotations.map((r, i) => {
    const a = policy.auditAnnotations[i]!;
    if (r.error !== undefined) return f === 'Ignore' ? { action: 'exclude' } : { action: 'error', error: r.error };
    if (typeof r.value === 'string') {
      const value = r.value.trim();
      return value ? { action: 'publish', key: a.key, value } : { action: 'exclude' };
    }
    if (r.value === null) return { action: 'exclude' };
    return {
      action: 'error',
      error: `valueExpression '${a.valueExpression.expression}' resulted in unsupported return type: ${celTypeName(r.value)}. Return type must be either string or null.`,
    };
  });
  return { decisions, auditAnnotations };
}
