// One request against every policy hook, as upstream's validating dispatcher
// (k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go): the policy's
// matchConstraints, then each binding's matchResources, its params (N evaluations), the
// decisions applied per the binding's validationActions, and the audit annotations of each
// policy joined across bindings. The outcome is computed without side effects; the plugin
// applies it (so an evaluation can be repeated once the authorizer answered).

import type { CheckingCelAuthorizer } from '../../authz/cel-adapter.js';
import { ResourceCheckValue } from '../../cel/index.js';
import type { Registry } from '../../registry/registry.js';
import type { Obj } from '../../types/kind.js';
import { admissionRequestFields, convertForMatch, getNamespace, matchRequest, type MatchCriteria } from '../matching.js';
import type { Attributes } from '../types.js';
import { checkErrorType, validatePolicy, type PolicyDecision } from './evaluate.js';
import type { MatchConditionObservation, PolicyCheckErrorType, PolicyEnforcementAction } from '../metrics.js';
import { collectParams, ParamsError } from './params.js';
import type { PolicyHook } from './source.js';

/** audit annotation validation.policy.admission.k8s.io/validation_failure, one entry. */
export interface ValidationFailure {
  message: string;
  policy: string;
  binding: string;
  expressionIndex: number;
  validationActions: string[];
}

/** One policy check as apiserver_validating_admission_policy_check_* count it. */
export interface PolicyCheck {
  policy: string;
  binding: string;
  errorType: PolicyCheckErrorType;
  action: PolicyEnforcementAction;
  seconds: number;
}

export interface DispatchOutcome {
  /** The checks and matchConditions evaluations to record (after the last, deciding, evaluation). */
  checks: PolicyCheck[];
  matchConditions: { policy: string; observation: MatchConditionObservation }[];
  /** The first denial: policy, binding (absent for a policy-level error), decision. */
  denied?: { policy: string; binding?: string; decision: PolicyDecision };
  warnings: string[];
  annotations: [string, string][];
  validationFailures: ValidationFailure[];
}

const MAX_AUDIT_ANNOTATION_VALUE_LENGTH = 10 * 1024;
/** At most this many validation failures go to the audit annotation. */
const MAX_VALIDATION_FAILURES = 50;

export function criteriaOf(m: Obj, isPolicy: boolean): MatchCriteria {
  return {
    rules: m.resourceRules,
    excludeRules: m.excludeResourceRules,
    emptyRulesMatchAll: !isPolicy,
    matchPolicy: m.matchPolicy,
    namespaceSelector: m.namespaceSelector,
    objectSelector: m.objectSelector,
  };
}

/** The criteria's own configuration errors (upstream's errNilSelector and missing constraints). */
export function criteriaError(m: Obj | undefined, isPolicy: boolean): string | undefined {
  if (!m) return isPolicy ? 'policy contained no match constraints, a required field' : undefined;
  if (!m.namespaceSelector) return 'a nil namespace selector was passed, please ensure selectors are initialized properly';
  if (!m.objectSelector) return 'a nil object selector was passed, please ensure selectors are initialized properly';
  return undefined;
}

function truncate(value: string, max: number): string {
  const b = Buffer.from(value);
  return b.length <= max ? value : b.subarray(0, max).toString('utf8');
}

export interface DispatchDeps {
  registry: Registry;
  authz: CheckingCelAuthorizer;
}

export async function dispatch(a: Attributes, hooks: PolicyHook[], deps: DispatchDeps): Promise<DispatchOutcome> {
  const out: DispatchOutcome = { checks: [], matchConditions: [], warnings: [], annotations: [], validationFailures: [] };
  const denials: NonNullable<DispatchOutcome['denied']>[] = [];
  const addConfigError = (hook: PolicyHook, binding: Obj | undefined, err: string) => {
    if (hook.compiled.failurePolicy === 'Ignore') return;
    const message =
      hook.compiled.failurePolicy === 'Fail'
        ? binding
          ? `failed to configure binding: ${err}`
          : `failed to configure policy: ${err}`
        : `unrecognized failure policy: '${hook.compiled.failurePolicy}'`;
    denials.push({ policy: hook.compiled.name, binding: binding?.metadata?.name, decision: { action: 'deny', evaluation: 'error', message } });
  };
  const catalog = deps.registry.catalog;
  let namespace: { loaded: boolean; obj?: Obj } = { loaded: false };

  for (const hook of hooks) {
    const spec = (hook.policy.spec ?? {}) as Obj;
    let match;
    try {
      const err = criteriaError(spec.matchConstraints, true);
      if (err) throw new Error(err);
      match = await matchRequest(criteriaOf(spec.matchConstraints, true), a, { catalog, registry: deps.registry });
    } catch (e) {
      addConfigError(hook, undefined, (e as Error).message);
      continue;
    }
    if (!match) continue;
    if (hook.configurationError) {
      addConfigError(hook, undefined, hook.configurationError);
      continue;
    }
    const annotations = new Map<string, string[]>();
    for (const binding of hook.bindings) {
      const bspec = (binding.spec ?? {}) as Obj;
      try {
        const err = criteriaError(bspec.matchResources, false);
        if (err) throw new Error(err);
        if (bspec.matchResources && !(await matchRequest(criteriaOf(bspec.matchResources, false), a, { catalog, registry: deps.registry }))) continue;
      } catch (e) {
        addConfigError(hook, binding, (e as Error).message);
        continue;
      }
      let params: (Obj | null)[];
      try {
        params = await collectParams(deps.registry, hook.paramKind, bspec.paramRef, a.namespace);
      } catch (e) {
        if (!(e instanceof ParamsError)) throw e;
        addConfigError(hook, binding, e.message);
        continue;
      }
      if (params.length === 0) continue;

      // The namespace object: none for cluster-scoped requests and for namespaces themselves.
      const isNamespace = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace';
      if (!namespace.loaded) namespace = { loaded: true, obj: a.namespace && !isNamespace ? await getNamespace(deps.registry, a.namespace) : undefined };
      const { object, oldObject } = convertForMatch(a, match, catalog);
      const request = admissionRequestFields(a, match);
      const authorizer = deps.authz.valueFor(a.userInfo);
      const requestResource = new ResourceCheckValue(authorizer, a.resource.group, a.resource.resource, a.subresource, a.namespace, a.name);
      const actions: string[] = Array.isArray(bspec.validationActions) ? bspec.validationActions : [];

      for (const param of params) {
        const started = performance.now();
        const result = validatePolicy(hook.compiled, {
          json: {
            object: object ?? null,
            oldObject: oldObject ?? null,
            request,
            namespaceObject: namespaceView(namespace.obj),
            ...(hook.compiled.hasParams ? { params: param } : {}),
          },
          authorizer: { authorizer, 'authorizer.requestResource': requestResource },
          observeMatchConditions: (observation) => out.matchConditions.push({ policy: hook.compiled.name, observation }),
        });
        const seconds = (performance.now() - started) / 1000;
        const check = (decision: PolicyDecision, action: PolicyEnforcementAction) =>
          out.checks.push({ policy: hook.compiled.name, binding: binding.metadata.name, errorType: checkErrorType(decision), action, seconds });
        result.decisions.forEach((decision, i) => {
          // An ignored error is counted as allowed; a passing validation is not counted.
          if (decision.action === 'admit' && decision.evaluation === 'error') check(decision, 'allow');
          if (decision.action !== 'deny') return;
          for (const action of actions) {
            if (action === 'Deny' || action === 'Audit' || action === 'Warn') check(decision, action === 'Deny' ? 'deny' : action === 'Audit' ? 'audit' : 'warn');
            if (action === 'Deny') denials.push({ policy: hook.compiled.name, binding: binding.metadata.name, decision });
            else if (action === 'Audit') {
              out.validationFailures.push({
                message: decision.message,
                policy: bspec.policyName,
                binding: binding.metadata.name,
                expressionIndex: i,
                validationActions: actions,
              });
            } else if (action === 'Warn') {
              out.warnings.push(`Validation failed for ValidatingAdmissionPolicy '${hook.compiled.name}' with binding '${binding.metadata.name}': ${decision.message}`);
            }
          }
        });
        for (const ann of result.auditAnnotations) {
          if (ann.action === 'publish') {
            const value = truncate(ann.value, MAX_AUDIT_ANNOTATION_VALUE_LENGTH);
            const values = annotations.get(ann.key) ?? [];
            if (!values.includes(value)) values.push(value);
            annotations.set(ann.key, values);
          } else if (ann.action === 'error') {
            const decision: PolicyDecision = { action: 'deny', evaluation: 'error', message: ann.error };
            check(decision, 'deny');
            denials.push({ policy: hook.compiled.name, binding: binding.metadata.name, decision });
          }
        }
      }
    }
    for (const [key, values] of annotations) out.annotations.push([`${hook.compiled.name}/${key}`, values.join(', ')]);
  }
  out.validationFailures = out.validationFailures.slice(0, MAX_VALIDATION_FAILURES);
  if (denials.length) out.denied = denials[0];
  return out;
}

/** cel.CreateNamespaceObject: the namespace's spec, status and the metadata fields CEL may see. */
export function namespaceView(ns: Obj | undefined): Obj | null {
  if (!ns) return null;
  const m = (ns.metadata ?? {}) as Obj;
  const metadata: Obj = {};
  for (const k of ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'finalizers']) {
    if (m[k] !== undefined) metadata[k] = m[k];
  }
  return { metadata, spec: ns.spec ?? {}, status: ns.status ?? {} };
}
