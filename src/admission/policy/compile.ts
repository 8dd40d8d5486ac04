// A ValidatingAdmissionPolicy compiled for evaluation, as upstream's compilePolicy
// (k8s.io/apiserver pkg/admission/plugin/policy/validating/plugin.go) does with a
// composited compiler (plugin/cel/composition.go): variables first, in order, each seeing
// the ones before it; then matchConditions, validations, messageExpressions (no
// `authorizer`) and auditAnnotation valueExpressions. An expression that does not compile
// is kept with its error: evaluating it is an error subject to the failurePolicy.

import { CelCompileError, type CelEnvironment, type CelProgram } from '../../cel/index.js';
import { admissionEnvironment, type CelDeclarations } from '../../registry/validation/admission-cel.js';
import type { Obj } from '../../types/kind.js';
import { MatchConditions } from '../matching.js';

export interface CompiledExpression {
  expression: string;
  program?: CelProgram;
  /** upstream's cel.Error detail: "compilation failed: ERROR: <input>:1:1: ...". */
  error?: string;
}

export interface CompiledValidation {
  expression: CompiledExpression;
  message: string;
  messageExpression?: CompiledExpression;
  reason?: string;
}

export interface CompiledAuditAnnotation {
  key: string;
  valueExpression: CompiledExpression;
}

export interface CompiledPolicy {
  name: string;
  failurePolicy: 'Fail' | 'Ignore' | string;
  hasParams: boolean;
  /** Ordered; each may use the ones before it. */
  variables: { name: string; compiled: CompiledExpression }[];
  matchConditions?: MatchConditions;
  validations: CompiledValidation[];
  auditAnnotations: CompiledAuditAnnotation[];
  /** Environments the activations are built from (with and without `authorizer`). */
  env: CelEnvironment;
  messageEnv: CelEnvironment;
}

export function compileIn(env: CelEnvironment, expression: string): CompiledExpression {
  try {
    return { expression, program: env.compile(expression) };
  } catch (e) {
    const detail = e instanceof CelCompileError ? e.message : (e as Error).message;
    return { expression, error: `compilation failed: ${detail}` };
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const objs = (v: unknown): Obj[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Obj[]) : []);

/** spec.variables compiled in order, each seeing the ones before; `composition` types the `variables` the other expressions see. */
export function compileVariables(spec: Obj, hasParams: boolean): { variables: CompiledPolicy['variables']; composition?: Map<string, string> } {
  const variables: CompiledPolicy['variables'] = [];
  const types = new Map<string, string>();
  for (const v of objs(spec.variables)) {
    const decls: CelDeclarations = { hasParams, hasAuthorizer: true, variables: new Map(types) };
    const compiled = compileIn(admissionEnvironment(decls), str(v.expression));
    variables.push({ name: str(v.name), compiled });
    types.set(str(v.name), compiled.program?.outputType ?? 'dyn');
  }
  return { variables, composition: variables.length ? types : undefined };
}

/** The policy's matchConditions (no `variables`), under its failurePolicy. */
export function compileMatchConditions(spec: Obj, hasParams: boolean, failurePolicy: string): MatchConditions | undefined {
  const conditions = objs(spec.matchConditions).map((c) => ({ name: str(c.name), expression: str(c.expression) }));
  return conditions.length ? new MatchConditions(conditions, failurePolicy, admissionEnvironment({ hasParams, hasAuthorizer: true })) : undefined;
}

export function compilePolicy(policy: Obj): CompiledPolicy {
  const spec = (policy.spec ?? {}) as Obj;
  const hasParams = !!spec.paramKind;
  const { variables, composition } = compileVariables(spec, hasParams);
  const env = admissionEnvironment({ hasParams, hasAuthorizer: true, variables: composition });
  const messageEnv = admissionEnvironment({ hasParams, hasAuthorizer: false, variables: composition });
  const failurePolicy = str(spec.failurePolicy) || 'Fail';
  return {
    name: str(policy.metadata?.name),
    failurePolicy,
    hasParams,
    variables,
    matchConditions: compileMatchConditions(spec, hasParams, failurePolicy),
    validations: objs(spec.validations).map((v) => ({
      expression: compileIn(env, str(v.expression)),
      message: str(v.message),
      messageExpression: str(v.messageExpression) ? compileIn(messageEnv, str(v.messageExpression)) : undefined,
      reason: typeof v.reason === 'string' ? v.reason : undefined,
    })),
    auditAnnotations: objs(spec.auditAnnotations).map((a) => ({ key: str(a.key), valueExpression: compileIn(env, str(a.valueExpression).trim()) })),
    env,
    messageEnv,
  };
}
