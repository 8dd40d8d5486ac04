// A MutatingAdmissionPolicy compiled for evaluation, as upstream's compilePolicy
// (k8s.io/apiserver pkg/admission/plugin/policy/mutating/compilation.go): variables first
// (as ValidatingAdmissionPolicy's), matchConditions, then each mutation's expression in an
// environment that also has the `Object` and `JSONPatch` types and `jsonpatch` library
// (HasPatchTypes). An expression that does not compile is kept with its error: evaluating it
// is an error under the failurePolicy.

import type { CelEnvironment } from '../../../cel/index.js';
import { admissionEnvironment } from '../../../registry/validation/admission-cel.js';
import type { Obj } from '../../../types/kind.js';
import type { MatchConditions } from '../../matching.js';
import { compileIn, compileMatchConditions, compileVariables, objs, str, type CompiledExpression, type CompiledPolicy } from '../compile.js';

export type PatchType = 'ApplyConfiguration' | 'JSONPatch';

export interface CompiledMutation {
  patchType: PatchType;
  expression: CompiledExpression;
}

export interface CompiledMutatingPolicy {
  name: string;
  failurePolicy: string;
  reinvocationPolicy: string;
  hasParams: boolean;
  variables: CompiledPolicy['variables'];
  matchConditions?: MatchConditions;
  mutations: CompiledMutation[];
  /** The mutations' environment (the activation of every evaluation is built from it). */
  env: CelEnvironment;
}

export function compileMutatingPolicy(policy: Obj): CompiledMutatingPolicy {
  const spec = (policy.spec ?? {}) as Obj;
  const hasParams = !!spec.paramKind;
  const failurePolicy = str(spec.failurePolicy) || 'Fail';
  const { variables, composition } = compileVariables(spec, hasParams);
  const env = admissionEnvironment({ hasParams, hasAuthorizer: true, hasPatchTypes: true, variables: composition });
  const mutations: CompiledMutation[] = [];
  for (const m of objs(spec.mutations)) {
    const patchType = str(m.patchType);
    if (patchType !== 'JSONPatch' && patchType !== 'ApplyConfiguration') continue;
    const member = (patchType === 'JSONPatch' ? m.jsonPatch : m.applyConfiguration) as Obj | undefined;
    if (!member) continue;
    mutations.push({ patchType, expression: compileIn(env, str(member.expression).trim()) });
  }
  return {
    name: str(policy.metadata?.name),
    failurePolicy,
    reinvocationPolicy: str(spec.reinvocationPolicy) || 'Never',
    hasParams,
    variables,
    matchConditions: compileMatchConditions(spec, hasParams, failurePolicy),
    mutations,
    env,
  };
}
