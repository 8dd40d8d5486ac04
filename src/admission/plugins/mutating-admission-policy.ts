// MutatingAdmissionPolicy (k8s.io/apiserver pkg/admission/plugin/policy/mutating/plugin.go):
// the MutatingAdmissionPolicies and their bindings mutate CREATE, UPDATE and CONNECT
// requests in the mutating phase. Upstream enables the plugin only with the
// MutatingAdmissionPolicy feature gate, and it does nothing while the API is not served
// (no policies can exist).

import { CheckingCelAuthorizer } from '../../authz/cel-adapter.js';
import { isExemptAdmissionConfigurationResource } from '../matching.js';
import { replaceContents } from '../mutation.js';
import { compileMutatingPolicy, type CompiledMutatingPolicy } from '../policy/mutating/compile.js';
import type { AdmissionMetrics } from '../metrics.js';
import { dispatchMutations, type MutationOutcome, type ReinvokeState } from '../policy/mutating/dispatch.js';
import { PolicySource, type PolicyKinds } from '../policy/source.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';
import { ADMISSION_EXCLUDED_RESOURCES } from './validating-admission-policy.js';

const NAME = 'MutatingAdmissionPolicy';

const MUTATING_POLICY_KINDS: PolicyKinds<CompiledMutatingPolicy> = {
  policy: 'MutatingAdmissionPolicy',
  binding: 'MutatingAdmissionPolicyBinding',
  versions: ['v1beta1', 'v1alpha1'],
  compile: compileMutatingPolicy,
};

export function mutatingAdmissionPolicy(deps: PluginDeps): AdmissionPlugin {
  const enabled = deps.featureGates.enabled('MutatingAdmissionPolicy');
  const source = new PolicySource(deps.registry, MUTATING_POLICY_KINDS);
  const active = () => enabled && source.served;
  return {
    name: NAME,
    // There is no object to mutate on DELETE.
    handles: (op) => op !== 'DELETE',
    admit(a) {
      if (!active()) return;
      if (ADMISSION_EXCLUDED_RESOURCES.has(`${a.resource.group}/${a.resource.resource}`) || isExemptAdmissionConfigurationResource(a)) return;
      const hooks = source.readyHooks(a);
      if (Array.isArray(hooks)) return hooks.length === 0 ? undefined : mutate(a, hooks);
      return hooks.then((h) => (h.length === 0 ? undefined : mutate(a, h)));
    },
    start: () => (active() ? source.start() : Promise.resolve()),
    stop: () => source.stop(),
  };

  async function mutate(a: Attributes, hooks: ReturnType<typeof source.hooks>): Promise<void> {
      const rc = (a.reinvocation ??= { isReinvoke: false, shouldReinvoke: false, values: new Map() });
      const prior = rc.values.get(NAME) as ReinvokeState | undefined;
      // The whole dispatch is repeated until every authorizer check it made has its answer.
      const authz = new CheckingCelAuthorizer(deps.authorizer);
      const outcome = await authz.evaluate(() => dispatchMutations(a, hooks, prior, { registry: deps.registry, authz }));
      record(deps.metrics, a.operation, outcome);
      rc.values.set(NAME, outcome.state);
      if (outcome.shouldReinvoke) rc.shouldReinvoke = true;
      if (a.object && outcome.object && !outcome.error) replaceContents(a.object, outcome.object);
      if (outcome.error) throw outcome.error;
  }
}

/** Upstream's matcher of a MutatingAdmissionPolicy's matchConditions is built with type "validate" as well. */
function record(metrics: AdmissionMetrics | undefined, operation: string, outcome: MutationOutcome): void {
  if (!metrics) return;
  for (const c of outcome.checks) metrics.observeMutationCheck(c.policy, c.binding, c.errorType, c.seconds);
  for (const m of outcome.matchConditions) metrics.observeMatchConditions(m.policy, 'policy', 'validate', operation, m.observation);
}
