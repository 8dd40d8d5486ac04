// The PodSecurity decision for one request, as k8s.io/pod-security-admission
// admission/admission.go (v1.34) makes it: namespaces (label validation, dry-running the
// existing pods against a stricter enforce level), pods (enforce, audit, warn) and the pod
// templates of workload resources (audit and warn only). Exemptions by namespace, user and
// runtime class; the response's warnings and audit annotations are upstream's texts.

import { badRequest, forbidden, goFieldErrorString, internalError, invalid, type FieldError, type StatusError } from '../../apimachinery/errors.js';
import { aggregateMessage, goStringCompare } from '../../apimachinery/validation.js';
import type { Obj } from '../../types/kind.js';
import type { PodSecurityConfig } from './config.js';
import { forbiddenDetail, forbiddenReason, type AggregateResult, type Evaluator } from './evaluator.js';
import {
  AUDIT_LEVEL_LABEL,
  AUDIT_VERSION_LABEL,
  compareLevels,
  ENFORCE_LEVEL_LABEL,
  ENFORCE_VERSION_LABEL,
  equivalentPolicy,
  fullyPrivileged,
  LATEST,
  levelVersionString,
  policyToEvaluate,
  sameErrors,
  sameLevelVersion,
  WARN_LEVEL_LABEL,
  WARN_VERSION_LABEL,
  type LevelVersion,
  type Policy,
} from './policy.js';

/** The annotation keys (the plugin prefixes them with pod-security.kubernetes.io/). */
export const ENFORCE_POLICY_ANNOTATION = 'enforce-policy';
export const AUDIT_VIOLATIONS_ANNOTATION = 'audit-violations';
export const EXEMPT_ANNOTATION = 'exempt';

const NAMESPACE_MAX_PODS_TO_CHECK = 3000;
const NAMESPACE_POD_CHECK_TIMEOUT_MS = 1000;

export interface Request {
  operation: 'CREATE' | 'UPDATE';
  group: string;
  resource: string;
  subresource: string;
  /** The request's name (upstream's attributes name; '' for generateName). */
  name: string;
  /** The request's namespace; for a Namespace, its own name. */
  namespace: string;
  username: string;
  object: Obj;
  oldObject?: Obj;
}

export interface Response {
  /** Set when the request is refused. */
  error?: StatusError;
  warnings: string[];
  annotations: Record<string, string>;
}

export interface PodSecurityDeps {
  config: PodSecurityConfig;
  evaluator: Evaluator;
  getNamespace(name: string): Promise<Obj | undefined>;
  listPods(namespace: string): Promise<Obj[]>;
}

/** Upstream's DefaultPodSpecExtractor: where each workload keeps its pod template ('' group = core). */
const POD_TEMPLATE_PATHS: Record<string, (o: Obj) => Obj | undefined> = {
  '/replicationcontrollers': (o) => o.spec?.template ?? undefined,
  '/podtemplates': (o) => o.template ?? {},
  'apps/replicasets': (o) => o.spec?.template ?? {},
  'apps/deployments': (o) => o.spec?.template ?? {},
  'apps/statefulsets': (o) => o.spec?.template ?? {},
  'apps/daemonsets': (o) => o.spec?.template ?? {},
  'batch/jobs': (o) => o.spec?.template ?? {},
  'batch/cronjobs': (o) => o.spec?.jobTemplate?.spec?.template ?? {},
};

/** Pod subresources that can't change what the checks look at. */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** Whether PodSecurity looks at this resource at all (upstream's applicableResources + HasPodSpec). */
export function appliesTo(group: string, resource: string): boolean {
  return (group === '' && (resource === 'pods' || resource === 'namespaces')) || `${group}/${resource}` in POD_TEMPLATE_PATHS;
}

const allowed = (annotations: Record<string, string> = {}): Response => ({ warnings: [], annotations });

export class PodSecurityAdmission {
  constructor(private readonly d: PodSecurityDeps) {}

  private get defaults(): Policy {
    return this.d.config.defaults;
  }

  policyFor(labels: Record<string, string> | undefined) {
    return policyToEvaluate(labels, this.defaults);
  }

  async validate(r: Request): Promise<Response> {
    if (r.group === '' && r.resource === 'namespaces') return this.validateNamespace(r);
    if (r.group === '' && r.resource === 'pods') return this.validatePod(r);
    return this.validatePodController(r);
  }

  private async validateNamespace(r: Request): Promise<Response> {
    if (r.subresource) return allowed();
    const labels = r.object.metadata?.labels as Record<string, string> | undefined;
    const nsName = String(r.object.metadata?.name ?? r.name);
    const { policy, errors } = this.policyFor(labels);
    const invalidLabels = () => ({ ...allowed(), error: invalid({ group: '', kind: 'Namespace' }, r.name, errors) });
    const exemptWarning = (): Response => {
      const w = this.exemptNamespaceWarning(nsName, policy, labels ?? {});
      return w ? { ...allowed(), warnings: [w] } : allowed();
    };
    if (r.operation === 'CREATE') {
      if (errors.length) return invalidLabels();
      if (this.exemptNamespace(r.namespace)) return exemptWarning();
      return allowed();
    }
    const old = this.policyFor(r.oldObject?.metadata?.labels as Record<string, string> | undefined);
    if (errors.length && (!old.errors.length || !sameErrors(errors, old.errors))) return invalidLabels();
    if (sameLevelVersion(policy.enforce, old.policy.enforce)) return allowed();
    if (policy.enforce.level === 'privileged') return allowed();
    if (policy.enforce.version === old.policy.enforce.version && compareLevels(policy.enforce.level, old.policy.enforce.level) < 1) return allowed();
    if (this.exemptNamespace(r.namespace)) return exemptWarning();
    return { ...allowed(), warnings: await this.evaluatePodsInNamespace(nsName, policy.enforce) };
  }

  private async validatePod(r: Request): Promise<Response> {
    if (IGNORED_POD_SUBRESOURCES.has(r.subresource)) return allowed();
    if (this.exemptNamespace(r.namespace)) return allowed({ [EXEMPT_ANNOTATION]: 'namespace' });
    if (this.exemptUser(r.username)) return allowed({ [EXEMPT_ANNOTATION]: 'user' });
    const ns = await this.d.getNamespace(r.namespace);
    if (!ns) {
      const status = internalError(new Error(`failed to lookup namespace "${r.namespace}"`));
      return { error: status, warnings: [], annotations: { error: `${status.status.message}: namespaces "${r.namespace}" not found` } };
    }
    const { policy, errors } = this.policyFor(ns.metadata?.labels);
    if (!errors.length && fullyPrivileged(policy)) return allowed({ [ENFORCE_POLICY_ANNOTATION]: levelVersionString({ level: 'privileged', version: LATEST }) });
    if (r.object.kind !== undefined && r.object.kind !== 'Pod') return { error: badRequest('failed to decode pod'), warnings: [], annotations: { error: 'failed to decode pod' } };
    if (r.operation === 'UPDATE' && r.oldObject && !isSignificantPodUpdate(r.object, r.oldObject)) return allowed();
    return this.evaluatePod(policy, errors.length ? policyErrorText(errors) : undefined, r.object.metadata ?? {}, r.object.spec ?? {}, r, true);
  }

  private async validatePodController(r: Request): Promise<Response> {
    if (r.subresource) return allowed();
    if (this.exemptNamespace(r.namespace)) return allowed({ [EXEMPT_ANNOTATION]: 'namespace' });
    if (this.exemptUser(r.username)) return allowed({ [EXEMPT_ANNOTATION]: 'user' });
    const ns = await this.d.getNamespace(r.namespace);
    if (!ns) return allowed({ error: `failed to lookup namespace "${r.namespace}": namespaces "${r.namespace}" not found` });
    const { policy, errors } = this.policyFor(ns.metadata?.labels);
    if (!errors.length && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return allowed();
    const template = POD_TEMPLATE_PATHS[`${r.group}/${r.resource}`]?.(r.object);
    if (!template || typeof template !== 'object') return allowed();
    return this.evaluatePod(policy, errors.length ? policyErrorText(errors) : undefined, template.metadata ?? {}, template.spec ?? {}, r, false);
  }

  /** Enforce (pods only), then audit and warn, reusing a result when level and version repeat. */
  private evaluatePod(policy: Policy, policyError: string | undefined, meta: Obj, spec: Obj, r: Request, enforce: boolean): Response {
    if (this.exemptRuntimeClass(spec.runtimeClassName)) return allowed({ [EXEMPT_ANNOTATION]: 'runtimeClass' });
    const annotations: Record<string, string> = {};
    if (policyError) annotations.error = `Failed to parse policy: ${policyError}`;
    const cache: { lv: LevelVersion; result: AggregateResult }[] = [];
    const evaluate = (lv: LevelVersion, remember: boolean) => {
      const hit = cache.find((c) => sameLevelVersion(c.lv, lv));
      if (hit) return hit.result;
      const result = this.d.evaluator.evaluate(lv, meta, spec);
      if (remember) cache.push({ lv, result });
      return result;
    };
    const response: Response = { warnings: [], annotations };
    if (enforce) {
      annotations[ENFORCE_POLICY_ANNOTATION] = levelVersionString(policy.enforce);
      const result = evaluate(policy.enforce, true);
      if (!result.allowed) {
        response.error = forbidden({ group: r.group, resource: r.resource }, r.name, `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(result)}`);
      }
    }
    const audit = evaluate(policy.audit, true);
    if (!audit.allowed) annotations[AUDIT_VIOLATIONS_ANNOTATION] = `would violate PodSecurity "${levelVersionString(policy.audit)}": ${forbiddenDetail(audit)}`;
    if (!response.error) {
      const warn = evaluate(policy.warn, false);
      if (!warn.allowed) response.warnings.push(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(warn)}`);
    }
    return response;
  }

  /** The warnings of a namespace update that tightens enforce: which existing pods would now be refused. */
  private async evaluatePodsInNamespace(namespace: string, enforce: LevelVersion): Promise<string[]> {
    const deadline = Date.now() + NAMESPACE_POD_CHECK_TIMEOUT_MS;
    let pods: Obj[];
    try {
      pods = await this.d.listPods(namespace);
    } catch {
      return ['failed to list pods while checking new PodSecurity enforce level'];
    }
    let prioritized = this.prioritizePods(pods);
    const total = prioritized.length;
    if (prioritized.length > NAMESPACE_MAX_PODS_TO_CHECK) prioritized = prioritized.slice(0, NAMESPACE_MAX_PODS_TO_CHECK);
    let checked = prioritized.length;
    const order: string[] = [];
    const counts = new Map<string, { podName: string; count: number }>();
    for (let i = 0; i < prioritized.length; i++) {
      const pod = prioritized[i]!;
      const r = this.d.evaluator.evaluate(enforce, pod.metadata ?? {}, pod.spec ?? {});
      if (!r.allowed) {
        const warning = forbiddenReason(r);
        const name = String(pod.metadata?.name ?? '');
        const c = counts.get(warning);
        if (!c) {
          counts.set(warning, { podName: name, count: 1 });
          order.push(warning);
        } else {
          if (goStringCompare(name, c.podName) < 0) c.podName = name;
          c.count++;
        }
      }
      if (Date.now() > deadline) {
        checked = i + 1;
        break;
      }
    }
    const warnings: string[] = [];
    if (checked < total) warnings.push(`new PodSecurity enforce level only checked against the first ${checked} of ${total} existing pods`);
    if (order.length) warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionString(enforce)}"`);
    const decorated = order.map((w) => {
      const c = counts.get(w)!;
      if (c.count === 1) return `${c.podName}: ${w}`;
      if (c.count === 2) return `${c.podName} (and 1 other pod): ${w}`;
      return `${c.podName} (and ${c.count - 1} other pods): ${w}`;
    });
    return [...warnings, ...decorated.sort(goStringCompare)];
  }

  /** Non-exempt pods, one per controller first, then the other replicas. */
  private prioritizePods(pods: Obj[]): Obj[] {
    const first: Obj[] = [];
    const rest: Obj[] = [];
    const seen = new Set<string>();
    for (const pod of pods) {
      if (this.exemptRuntimeClass(pod.spec?.runtimeClassName)) continue;
      const owner = (Array.isArray(pod.metadata?.ownerReferences) ? (pod.metadata.ownerReferences as Obj[]) : []).find((o) => o?.controller === true);
      if (!owner) first.push(pod);
      else if (seen.has(String(owner.uid))) rest.push(pod);
      else {
        seen.add(String(owner.uid));
        first.push(pod);
      }
    }
    return [...first, ...rest];
  }

  private exemptNamespace(ns: string): boolean {
    return ns !== '' && this.d.config.exemptions.namespaces.includes(ns);
  }

  private exemptUser(user: string): boolean {
    return user !== '' && this.d.config.exemptions.usernames.includes(user);
  }

  private exemptRuntimeClass(rc: unknown): boolean {
    return typeof rc === 'string' && rc !== '' && this.d.config.exemptions.runtimeClasses.includes(rc);
  }

  /** Set for an exempt namespace whose labels ask for a non-privileged policy other than the defaults. */
  private exemptNamespaceWarning(namespace: string, policy: Policy, labels: Record<string, string>): string {
    if (fullyPrivileged(policy) || equivalentPolicy(policy, this.defaults)) return '';
    const has = (k: string) => Object.hasOwn(labels, k);
    const parts: string[] = [];
    if (policy.enforce.level !== 'privileged' && (has(ENFORCE_LEVEL_LABEL) || has(ENFORCE_VERSION_LABEL))) parts.push(`enforce=${levelVersionString(policy.enforce)}`);
    if (policy.audit.level !== 'privileged' && (has(AUDIT_LEVEL_LABEL) || has(AUDIT_VERSION_LABEL))) parts.push(`audit=${levelVersionString(policy.audit)}`);
    if (policy.warn.level !== 'privileged' && (has(WARN_LEVEL_LABEL) || has(WARN_VERSION_LABEL))) parts.push(`warn=${levelVersionString(policy.warn)}`);
    return `namespace "${namespace}" is exempt from Pod Security, and the policy (${parts.join(', ')}) will be ignored`;
  }
}

/** field.ErrorList.ToAggregate().Error() of the label errors. */
function policyErrorText(errors: FieldError[]): string {
  return aggregateMessage(errors.map(goFieldErrorString));
}

/** Only a change of a container's image, or a new ephemeral container, is checked again (metadata and the rest can't loosen anything the checks see). */
export function isSignificantPodUpdate(pod: Obj, oldPod: Obj): boolean {
  const list = (o: Obj, k: string): Obj[] => (Array.isArray(o.spec?.[k]) ? (o.spec[k] as Obj[]) : []);
  const containers = list(pod, 'containers');
  const oldContainers = list(oldPod, 'containers');
  const inits = list(pod, 'initContainers');
  const oldInits = list(oldPod, 'initContainers');
  if (containers.length !== oldContainers.length || inits.length !== oldInits.length) return true;
  if (containers.some((c, i) => c?.image !== oldContainers[i]?.image)) return true;
  if (inits.some((c, i) => c?.image !== oldInits[i]?.image)) return true;
  const oldEphemeral = list(oldPod, 'ephemeralContainers');
  for (const c of list(pod, 'ephemeralContainers')) {
    const old = oldEphemeral.find((o) => o?.name === c?.name);
    if (!old || old.image !== c?.image) return true;
  }
  return false;
}
