// One request against every MutatingAdmissionPolicy hook, as upstream's policy dispatcher
// (policy/generic/policy_dispatcher.go) and mutating dispatcher (policy/mutating/
// dispatcher.go, reinvocationcontext.go): matchConstraints, each binding's matchResources
// and params give the invocations; each runs its matchConditions and then its mutations in
// order over the object as the earlier ones left it. Errors are policy errors filtered by
// the failurePolicy; the first one left becomes the 403. Evaluation is pure (it may be
// repeated once the authorizer answered): the outcome says what to write back.

import { notFound, type StatusError } from '../../../apimachinery/errors.js';
import { admissionForbidden } from '../../errors.js';
import type { CheckingCelAuthorizer } from '../../../authz/cel-adapter.js';
import { ResourceCheckValue, RUNTIME_CEL_COST_BUDGET } from '../../../cel/index.js';
import { customResourceOf } from '../../../crd/kind.js';
import type { Topology } from '../../../apply/index.js';
import { clone, deepEqual } from '../../../registry/meta.js';
import type { Registry } from '../../../registry/registry.js';
import type { ServedResource } from '../../../types/catalog.js';
import type { Obj } from '../../../types/kind.js';
import { admissionRequestFields, convertToMatch, getNamespace, matchRequest, type ResourceMatch } from '../../matching.js';
import { redefault } from '../../mutation.js';
import type { Attributes } from '../../types.js';
import { criteriaError, criteriaOf, namespaceView } from '../dispatch.js';
import { Composition, errorTypeOf, evaluateOne, OutOfBudget, type EvaluationInput } from '../evaluate.js';
import type { MatchConditionObservation, MutationErrorType } from '../../metrics.js';
import { collectParams, ParamsError } from '../params.js';
import type { PolicyHook } from '../source.js';
import type { CompiledMutatingPolicy, CompiledMutation } from './compile.js';
import { applyConfigurationMutation, applyJsonPatchMutation, MutationError } from './patch.js';

export type MutatingHook = PolicyHook<CompiledMutatingPolicy>;

/** The plugin's reinvocation state (upstream's policyReinvokeContext), kept across the two rounds. */
export interface ReinvokeState {
  lastOutput?: Obj;
  previouslyInvoked: Set<string>;
  reinvoke: Set<string>;
}

interface PolicyError {
  policy: string;
  binding?: string;
  failurePolicy: string;
  message: string;
  reason?: string;
}

/** One mutation's evaluation as apiserver_mutating_admission_policy_check_* count it. */
export interface MutationCheck {
  policy: string;
  binding: string;
  errorType: MutationErrorType;
  seconds: number;
}

export interface MutationOutcome {
  /** The object after every mutation (undefined when the request has none). */
  object?: Obj;
  state: ReinvokeState;
  /** An invocation changed the object: the chain runs the mutating plugins once more. */
  shouldReinvoke: boolean;
  error?: StatusError;
  /** The mutations and matchConditions evaluations to record (of the last, deciding, evaluation). */
  checks: MutationCheck[];
  matchConditions: { policy: string; observation: MatchConditionObservation }[];
}

interface Invocation {
  hook: MutatingHook;
  binding: Obj;
  match: ResourceMatch;
  param: Obj | null;
}

export interface MutatingDispatchDeps {
  registry: Registry;
  authz: CheckingCelAuthorizer;
}

/** PolicyError.Error(). */
function policyErrorMessage(e: PolicyError): string {
  return e.binding ? `policy '${e.policy}' with binding '${e.binding}' denied request: ${e.message}` : `policy "${e.policy}" denied request: ${e.message}`;
}

/** The walk structured-merge-diff uses for the kind (as server-side apply does). */
function topologyOf(served: ServedResource): Topology {
  return served.def.schema ?? customResourceOf(served.def)?.applyType ?? 'unstructured-object';
}

const invocationKey = (i: Invocation): string =>
  JSON.stringify([i.hook.compiled.name, i.binding.metadata?.name ?? '', i.param?.metadata?.namespace ?? '', i.param?.metadata?.name ?? '']);

async function collectInvocations(a: Attributes, hooks: MutatingHook[], registry: Registry, errors: PolicyError[]): Promise<Invocation[]> {
  const out: Invocation[] = [];
  const catalog = registry.catalog;
  const configError = (hook: MutatingHook, binding: Obj | undefined, err: string) =>
    errors.push({
      policy: hook.compiled.name,
      binding: binding?.metadata?.name,
      failurePolicy: hook.compiled.failurePolicy,
      message: binding ? `failed to configure binding: ${err}` : `failed to configure policy: ${err}`,
    });
  for (const hook of hooks) {
    const spec = (hook.policy.spec ?? {}) as Obj;
    let match: ResourceMatch | undefined;
    try {
      const err = criteriaError(spec.matchConstraints, true);
      if (err) throw new Error(err);
      match = await matchRequest(criteriaOf(spec.matchConstraints, true), a, { catalog, registry });
    } catch (e) {
      configError(hook, undefined, (e as Error).message);
      continue;
    }
    if (!match) continue;
    if (hook.configurationError) {
      configError(hook, undefined, hook.configurationError);
      continue;
    }
    for (const binding of hook.bindings) {
      const bspec = (binding.spec ?? {}) as Obj;
      try {
        const err = criteriaError(bspec.matchResources, false);
        if (err) throw new Error(err);
        if (bspec.matchResources && !(await matchRequest(criteriaOf(bspec.matchResources, false), a, { catalog, registry }))) continue;
      } catch (e) {
        configError(hook, binding, (e as Error).message);
        continue;
      }
      let params: (Obj | null)[];
      try {
        params = await collectParams(registry, hook.paramKind, bspec.paramRef, a.namespace);
      } catch (e) {
        if (!(e instanceof ParamsError)) throw e;
        configError(hook, binding, e.message);
        continue;
      }
      for (const param of params) out.push({ hook, binding, match, param });
    }
  }
  return out;
}

function evaluateMutation(m: CompiledMutation, policy: CompiledMutatingPolicy, input: EvaluationInput, object: Obj, served: ServedResource): Obj {
  let value: unknown;
  try {
    const r = evaluateOne(m.expression, new Composition(policy, policy.env, input, true), { remaining: RUNTIME_CEL_COST_BUDGET });
    if (r.error !== undefined) throw new MutationError(r.error);
    value = r.value;
  } catch (e) {
    if (e instanceof OutOfBudget) throw new MutationError(e.message);
    throw e;
  }
  const patched = m.patchType === 'JSONPatch' ? applyJsonPatchMutation(object, value) : applyConfigurationMutation(object, value, topologyOf(served));
  // The patcher decodes into the kind and the dispatcher defaults it.
  redefault(served, patched);
  return patched;
}

export async function dispatchMutations(a: Attributes, hooks: MutatingHook[], prior: ReinvokeState | undefined, deps: MutatingDispatchDeps): Promise<MutationOutcome> {
  const isReinvoke = a.reinvocation?.isReinvoke === true;
  const state: ReinvokeState = {
    lastOutput: prior?.lastOutput,
    previouslyInvoked: new Set(prior?.previouslyInvoked ?? []),
    reinvoke: new Set(prior?.reinvoke ?? []),
  };
  const requireReinvoking = () => {
    state.reinvoke = state.previouslyInvoked;
    state.previouslyInvoked = new Set();
  };
  let object = a.object === undefined ? undefined : clone(a.object);
  const checks: MutationCheck[] = [];
  const matchConditions: MutationOutcome['matchConditions'] = [];
  const outcome = (shouldReinvoke: boolean, error?: StatusError): MutationOutcome => ({
    object,
    state: { ...state, lastOutput: object === undefined ? undefined : clone(object) },
    shouldReinvoke,
    error,
    checks,
    matchConditions,
  });

  const errors: PolicyError[] = [];
  const invocations = await collectInvocations(a, hooks, deps.registry, errors);
  let shouldReinvoke = false;
  if (invocations.length > 0) {
    // In-tree plugins changed the object since this plugin last ran: every eligible policy runs again.
    if (isReinvoke && !deepEqual(state.lastOutput, a.object)) requireReinvoking();
    const isNamespace = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace';
    const namespaceName = isNamespace ? '' : a.namespace;
    let namespace: Obj | undefined;
    if (namespaceName) {
      namespace = await getNamespace(deps.registry, namespaceName);
      if (!namespace) return outcome(false, notFound({ group: '', resource: 'namespaces' }, namespaceName));
    }
    const authorizer = deps.authz.valueFor(a.userInfo);
    const requestResource = new ResourceCheckValue(authorizer, a.resource.group, a.resource.resource, a.subresource, a.namespace, a.name);
    const catalog = deps.registry.catalog;

    for (const inv of invocations) {
      const policy = inv.hook.compiled;
      const served = inv.match.served;
      const versioned = () => convertToMatch(object, a.served, served, catalog);
      const versionedOld = convertToMatch(a.oldObject, a.served, served, catalog);
      const request = admissionRequestFields(a, inv.match);
      const params = policy.hasParams ? { params: inv.param } : {};
      if (policy.matchConditions) {
        const r = policy.matchConditions.match({
          object: versioned(),
          oldObject: versionedOld,
          request,
          authorizer,
          extra: { ...params, namespaceObject: null, 'authorizer.requestResource': requestResource },
          observe: (observation) => matchConditions.push({ policy: policy.name, observation }),
        });
        if ('error' in r) {
          errors.push({ policy: policy.name, binding: inv.binding.metadata?.name, failurePolicy: policy.failurePolicy, message: r.error, reason: 'Invalid' });
          continue;
        }
        if (!r.matches) continue;
      }
      const key = invocationKey(inv);
      if (isReinvoke && !state.reinvoke.has(key)) continue;

      const before = object === undefined ? undefined : clone(object);
      for (const m of policy.mutations) {
        const current = versioned();
        // Nothing to patch (a connect without options object, ...).
        if (!current || !object) continue;
        const input: EvaluationInput = {
          json: { object: current, oldObject: versionedOld ?? null, request, namespaceObject: namespaceView(namespace), ...params },
          authorizer: { authorizer, 'authorizer.requestResource': requestResource },
        };
        const binding = inv.binding.metadata?.name ?? '';
        const started = performance.now();
        try {
          const patched = evaluateMutation(m, policy, input, current, served);
          object = convertToMatch(patched, served, a.served, catalog) ?? patched;
          checks.push({ policy: policy.name, binding, errorType: 'no_error', seconds: (performance.now() - started) / 1000 });
        } catch (e) {
          if (!(e instanceof MutationError)) throw e;
          checks.push({ policy: policy.name, binding, errorType: errorTypeOf(e.message), seconds: (performance.now() - started) / 1000 });
          errors.push({ policy: policy.name, binding, failurePolicy: policy.failurePolicy, message: e.message, reason: 'Invalid' });
        }
      }
      if (!deepEqual(before, object)) {
        requireReinvoking();
        shouldReinvoke = true;
      }
      if (policy.reinvocationPolicy === 'IfNeeded') state.previouslyInvoked.add(key);
    }
  }

  const failing = errors.filter((e) => e.failurePolicy !== 'Ignore');
  if (failing.length === 0) return outcome(shouldReinvoke);
  const err = admissionForbidden(a, 'admission request denied by policy');
  err.status.message = policyErrorMessage(failing[0]!);
  if (failing[0]!.reason) err.status.reason = failing[0]!.reason;
  err.status.details = { ...(err.status.details ?? {}), causes: failing.map((e) => ({ message: policyErrorMessage(e) })) };
  return outcome(shouldReinvoke, err);
}
