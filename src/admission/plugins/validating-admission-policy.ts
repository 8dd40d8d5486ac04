// ValidatingAdmissionPolicy (k8s.io/apiserver pkg/admission/plugin/policy/validating and
// policy/generic): every request that is not itself an admission configuration object or a
// review is checked against the policies and bindings the server watches. A denial is
// upstream's "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: ..." with the
// validation's reason and its HTTP code; Warn adds a Warning header; Audit the
// validation.policy.admission.k8s.io/validation_failure annotation.

import { forbidden, type StatusError } from '../../apimachinery/errors.js';
import { isExemptAdmissionConfigurationResource } from '../matching.js';
import { CheckingCelAuthorizer } from '../../authz/cel-adapter.js';
import { dispatch, type DispatchOutcome } from '../policy/dispatch.js';
import { PolicySource, VALIDATING_POLICY_KINDS } from '../policy/source.js';
import type { AdmissionMetrics } from '../metrics.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

export const VALIDATION_FAILURE_ANNOTATION = 'validation.policy.admission.k8s.io/validation_failure';

/** Never persisted: no policy sees them (kube-apiserver's AdmissionExcludedResources). */
export const ADMISSION_EXCLUDED_RESOURCES: ReadonlySet<string> = new Set([
  'authentication.k8s.io/tokenreviews',
  'authentication.k8s.io/selfsubjectreviews',
  'authorization.k8s.io/subjectaccessreviews',
  'authorization.k8s.io/selfsubjectaccessreviews',
  'authorization.k8s.io/localsubjectaccessreviews',
  'authorization.k8s.io/selfsubjectrulesreviews',
]);


const REASON_CODES: Readonly<Record<string, number>> = { Forbidden: 403, Unauthorized: 401, RequestEntityTooLarge: 413, Invalid: 422 };

export function validatingAdmissionPolicy(deps: PluginDeps): AdmissionPlugin {
  const source = new PolicySource(deps.registry, VALIDATING_POLICY_KINDS);
  return {
    name: 'ValidatingAdmissionPolicy',
    validate(a) {
      if (ADMISSION_EXCLUDED_RESOURCES.has(`${a.resource.group}/${a.resource.resource}`) || isExemptAdmissionConfigurationResource(a)) return;
      const hooks = source.readyHooks(a);
      if (Array.isArray(hooks)) return hooks.length === 0 ? undefined : checkPolicies(a, hooks);
      return hooks.then((h) => (h.length === 0 ? undefined : checkPolicies(a, h)));
    },
    start: () => source.start(),
    stop: () => source.stop(),
  };

  async function checkPolicies(a: Attributes, hooks: ReturnType<typeof source.hooks>): Promise<void> {
      // The whole dispatch is repeated until every authorizer check it made has its answer.
      const authz = new CheckingCelAuthorizer(deps.authorizer);
      const outcome = await authz.evaluate(() => dispatch(a, hooks, { registry: deps.registry, authz }));
      record(deps.metrics, a.operation, outcome);
      apply(a, outcome);
  }
}

function record(metrics: AdmissionMetrics | undefined, operation: string, outcome: DispatchOutcome): void {
  if (!metrics) return;
  for (const c of outcome.checks) metrics.observePolicyCheck(c.policy, c.binding, c.errorType, c.action, c.seconds);
  for (const m of outcome.matchConditions) metrics.observeMatchConditions(m.policy, 'policy', 'validate', operation, m.observation);
}

function apply(a: Attributes, outcome: DispatchOutcome): void {
  for (const w of outcome.warnings) a.addWarning(w);
  for (const [key, value] of outcome.annotations) a.addAnnotation(key, value);
  if (outcome.validationFailures.length) a.addAnnotation(VALIDATION_FAILURE_ANNOTATION, JSON.stringify(outcome.validationFailures));
  if (outcome.denied) throw denial(a, outcome.denied);
}

/** admission.NewForbidden with the decision's reason and code, and the message as a cause. */
function denial(a: Attributes, d: NonNullable<DispatchOutcome['denied']>): StatusError {
  const message = d.binding
    ? `ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}' denied request: ${d.decision.message}`
    : `ValidatingAdmissionPolicy '${d.policy}' denied request: ${d.decision.message}`;
  const err = forbidden({ group: a.resource.group, resource: a.resource.resource }, resourceName(a), message);
  const reason = d.decision.reason || 'Invalid';
  err.status.reason = reason;
  err.status.code = REASON_CODES[reason] ?? 422;
  err.status.details = { ...(err.status.details ?? {}), causes: [{ message }] };
  return err;
}

/** extractResourceName: the request's name, else the object's name or generateName, else "Unknown". */
function resourceName(a: Attributes): string {
  if (a.name) return a.name;
  const m = a.object?.metadata;
  if (a.object && (!m || typeof m !== 'object')) return 'Unknown/errorGettingName';
  return (m?.name as string) || (m?.generateName as string) || 'Unknown';
}
