// Which admission webhooks and policies a request concerns: rule matching, scope, namespace
// and object selectors, matchPolicy Equivalent through the catalog's equivalent resources,
// resourceNames and excludeResourceRules (policies), and matchConditions in CEL.
// Upstream: k8s.io/apiserver pkg/admission/plugin/webhook/predicates/{rules,namespace,object},
// webhook/generic/webhook.go (ShouldCallHook), policy/matching/matching.go (Matches),
// webhook/matchconditions/matcher.go and cel/condition.go (CreateAdmissionRequest).
//
// The API, for webhooks and policies alike:
//   matchRequest(criteria, a, ctx)      the selectors and the rules; the resource/kind matched (or undefined)
//   ruleMatches(rule, target)           one rule against an operation/resource/subresource/namespace
//   equivalentResources / kindFor       the catalog's resources stored together (apps/v1 ≡ apps/v1beta1 ...)
//   convertForMatch(a, match, catalog)  the request's objects in the matched resource's version
//   admissionRequestFields(a, match)    the v1 AdmissionRequest (CEL `request`, the review's request)
//   MatchConditions                     compiled matchConditions with upstream's true/false/error logic

import type { MatchConditionObservation } from './metrics.js';
import { forbidden, internalError, isStatusError, notFound, StatusError } from '../apimachinery/errors.js';
import { labelSelectorFromMetav1, LabelSelectorError, type Metav1LabelSelector } from '../apimachinery/labels.js';
import { CelEnvironment, type AuthorizerValue, type CelProgram } from '../cel/index.js';
import type { Registry } from '../registry/registry.js';
import type { Catalog, ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Attributes, GroupVersionKind, GroupVersionResource, Operation } from './types.js';

/** admissionregistration v1 RuleWithOperations (NamedRuleWithOperations adds resourceNames). */
export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  /** `pods`, `pods/status`, `pods/*`, `*`, `*` + `/status`, `*` + `/*`. */
  resources?: string[];
  /** `Cluster`, `Namespaced` or `*` (the default). */
  scope?: string;
  /** Policies only: the names the rule is limited to (none: every name). */
  resourceNames?: string[];
}

export type MatchPolicy = 'Exact' | 'Equivalent';

/** What a webhook or a policy binding selects requests by. */
export interface MatchCriteria {
  rules?: RuleWithOperations[];
  /** Policies only: requests matching one of these are never matched. */
  excludeRules?: RuleWithOperations[];
  /** Policies: no rules means every resource (webhooks always have rules). */
  emptyRulesMatchAll?: boolean;
  /** Absent: Exact (the API defaults it to Equivalent). */
  matchPolicy?: string;
  namespaceSelector?: Metav1LabelSelector;
  objectSelector?: Metav1LabelSelector;
}

/** The resource and kind a request matched as (the request's own, or an equivalent one). */
export interface ResourceMatch {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  /** The catalog entry of `resource`. */
  served: ServedResource;
}

/** The part of the attributes a rule looks at. */
export interface RuleTarget {
  operation: Operation;
  resource: GroupVersionResource;
  subresource: string;
  namespace: string;
  name?: string;
}

const NAMESPACES: GroupVersionResource = { group: '', version: 'v1', resource: 'namespaces' };

function isNamespacesResource(r: GroupVersionResource): boolean {
  return r.group === NAMESPACES.group && r.version === NAMESPACES.version && r.resource === NAMESPACES.resource;
}

function exactOrWildcard(items: string[] | undefined, requested: string): boolean {
  return (items ?? []).some((i) => i === '*' || i === requested);
}

/** rules.Matcher.Matches: scope, operation, group, version and resource/subresource. */
export function ruleMatches(rule: RuleWithOperations, t: RuleTarget): boolean {
  const scope = rule.scope ?? '*';
  const clusterScoped = isNamespacesResource(t.resource) || t.namespace === '';
  if (scope === 'Namespaced' && clusterScoped) return false;
  if (scope === 'Cluster' && !clusterScoped) return false;
  if (scope !== '*' && scope !== 'Namespaced' && scope !== 'Cluster') return false;
  if (!(rule.operations ?? []).some((op) => op === '*' || op === t.operation)) return false;
  if (!exactOrWildcard(rule.apiGroups, t.resource.group)) return false;
  if (!exactOrWildcard(rule.apiVersions, t.resource.version)) return false;
  return (rule.resources ?? []).some((r) => {
    const slash = r.indexOf('/');
    const res = slash < 0 ? r : r.slice(0, slash);
    const sub = slash < 0 ? '' : r.slice(slash + 1);
    return (res === '*' || res === t.resource.resource) && (sub === '*' || sub === t.subresource);
  });
}

function nameAllowed(rule: RuleWithOperations, name: string | undefined): boolean {
  return !rule.resourceNames?.length || rule.resourceNames.includes(name ?? '');
}

/**
 * Every served resource stored with `served` (its other versions, views such as
 * events.k8s.io events over core events), `served` first; upstream's EquivalentResourcesFor
 * keys resources by their storage as well.
 */
export function equivalentResources(catalog: Catalog, served: ServedResource): ServedResource[] {
  const owner = catalog.storageOwner(served.def);
  const out: ServedResource[] = [served];
  for (const g of catalog.groups) {
    for (const v of g.versions) {
      for (const r of catalog.resources(g.name, v) ?? []) {
        if (r === served || r.def.plural.includes('/')) continue;
        const o = catalog.storageOwner(r.def);
        if (o.group === owner.group && o.plural === owner.plural) out.push(r);
      }
    }
  }
  return out;
}

/** The kind of a resource's objects, or of its subresource's (KindFor). */
export function kindFor(served: ServedResource, subresource: string): GroupVersionKind | undefined {
  if (!subresource) return { group: served.group, version: served.version, kind: served.def.kind };
  const sub = served.def.subresources?.find((s) => s.name === subresource);
  if (!sub) return undefined;
  return sub.kind ?? { group: served.group, version: served.version, kind: served.def.kind };
}

function gvrOf(s: ServedResource): GroupVersionResource {
  return { group: s.group, version: s.version, resource: s.def.plural };
}

/**
 * The rules against the request's resource (any rule), then, with matchPolicy Equivalent,
 * rule by rule against each equivalent resource. Throws upstream's internal error when an
 * equivalent resource has no kind for the subresource.
 */
export function matchRules(rules: RuleWithOperations[], matchPolicy: string | undefined, a: Attributes, catalog: Catalog): ResourceMatch | undefined {
  for (const rule of rules) {
    if (ruleMatches(rule, a) && nameAllowed(rule, a.name)) return { resource: a.resource, kind: a.kind, served: a.served };
  }
  if (matchPolicy !== 'Equivalent') return undefined;
  const equivalents = equivalentResources(catalog, a.served).slice(1);
  for (const rule of rules) {
    for (const eq of equivalents) {
      const resource = gvrOf(eq);
      if (!ruleMatches(rule, { ...a, resource })) continue;
      const kind = kindFor(eq, a.subresource);
      if (!kind) throw internalError(`unable to convert to ${resource.group}/${resource.version}, Resource=${resource.resource}: unknown kind`);
      if (nameAllowed(rule, a.name)) return { resource, kind, served: eq };
    }
  }
  return undefined;
}

/** The admission configuration kinds no webhook or policy is ever called for. */
export function isExemptAdmissionConfigurationResource(a: Pick<Attributes, 'kind'>): boolean {
  return a.kind.group === 'admissionregistration.k8s.io' && EXEMPT_KINDS.has(a.kind.kind);
}

const EXEMPT_KINDS = new Set([
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding',
]);

/** A selector as a matcher; a malformed one is upstream's internal error. */
function parsedSelector(sel: Metav1LabelSelector | undefined): { empty: boolean; matches(labels: Record<string, string> | undefined): boolean } {
  // An absent selector selects everything (the API defaults it to {}).
  if (!sel) return { empty: true, matches: () => true };
  try {
    const s = labelSelectorFromMetav1(sel);
    return { empty: Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0, matches: (l) => s.matches(l ?? {}) };
  } catch (e) {
    if (e instanceof LabelSelectorError) throw internalError(e);
    throw e;
  }
}

/** A namespace object, from the watch cache first, then the store (as upstream's lister, then client). */
export async function getNamespace(registry: Registry, name: string): Promise<Obj | undefined> {
  const served = registry.catalog.lookup('', 'v1', 'namespaces');
  if (!served || !name) return undefined;
  const rs = registry.storeFor(served.def);
  const key = rs.key('', name);
  const cached = rs.cache.get(key);
  if (cached) return rs.entryObject(cached);
  const res = await registry.store.get(key);
  return res.kv ? rs.decode(res.kv) : undefined;
}

/**
 * namespace.Matcher.MatchNamespaceSelector: cluster-scoped requests (other than namespaces)
 * always match; a namespace create/update is matched by the incoming object's labels;
 * a missing namespace is a 404. Returns the error instead of throwing, as upstream reports
 * it only when the rules match.
 */
export async function matchNamespaceSelector(sel: Metav1LabelSelector | undefined, a: Attributes, registry: Registry): Promise<{ matches: boolean; error?: StatusError }> {
  if (!a.namespace && a.resource.resource !== 'namespaces') return { matches: true };
  try {
    const s = parsedSelector(sel);
    if (s.empty) return { matches: true };
    if (a.resource.resource === 'namespaces' && !a.subresource && (a.operation === 'CREATE' || a.operation === 'UPDATE')) {
      return { matches: s.matches(a.object?.metadata?.labels) };
    }
    const name = a.namespace || a.name;
    const ns = await getNamespace(registry, name);
    if (!ns) return { matches: false, error: notFound({ group: '', resource: 'namespaces' }, name) };
    return { matches: s.matches(ns.metadata?.labels) };
  } catch (e) {
    return { matches: false, error: isStatusError(e) ? e : internalError(e) };
  }
}

/** object.Matcher.MatchObjectSelector: the object's or the old object's labels. */
export function matchObjectSelector(sel: Metav1LabelSelector | undefined, a: Pick<Attributes, 'object' | 'oldObject'>): { matches: boolean; error?: StatusError } {
  try {
    const s = parsedSelector(sel);
    if (s.empty) return { matches: true };
    const labelsOf = (o: Obj | undefined) => (o && typeof o.metadata === 'object' && o.metadata ? o.metadata.labels : undefined);
    return { matches: (a.object !== undefined && s.matches(labelsOf(a.object))) || (a.oldObject !== undefined && s.matches(labelsOf(a.oldObject))) };
  } catch (e) {
    return { matches: false, error: isStatusError(e) ? e : internalError(e) };
  }
}

/**
 * The selectors and the rules, in upstream's order: a selector that does not match ends the
 * match; selector errors are thrown only when the rules match. Returns the match or undefined.
 */
export async function matchRequest(c: MatchCriteria, a: Attributes, deps: { catalog: Catalog; registry: Registry }): Promise<ResourceMatch | undefined> {
  const ns = await matchNamespaceSelector(c.namespaceSelector, a, deps.registry);
  if (!ns.matches && !ns.error) return undefined;
  const obj = matchObjectSelector(c.objectSelector, a);
  if (!obj.matches && !obj.error) return undefined;
  if (c.excludeRules?.length && matchRules(c.excludeRules, c.matchPolicy, a, deps.catalog)) return undefined;
  const rules = c.rules ?? [];
  const match = rules.length === 0 && c.emptyRulesMatchAll ? { resource: a.resource, kind: a.kind, served: a.served } : matchRules(rules, c.matchPolicy, a, deps.catalog);
  if (!match) return undefined;
  if (ns.error) throw ns.error;
  if (obj.error) throw obj.error;
  return match;
}

/** An object of the request's resource in the matched (equivalent) resource's version. */
export function convertToMatch(obj: Obj | undefined, from: ServedResource, to: ServedResource, catalog: Catalog): Obj | undefined {
  // Subresource objects (Scale, Eviction, ...) and options objects are not converted.
  if (!obj || from === to || (obj.kind !== undefined && from.def.kind !== obj.kind)) return obj;
  const stored = from.def.storedAs ? from.def.storedAs.toStored(obj) : obj;
  const out = to.def.storedAs ? to.def.storedAs.fromStored(stored) : structuredClone(stored);
  if (catalog.isCustom(to.def) || !to.def.storedAs) out.apiVersion = to.group ? `${to.group}/${to.version}` : to.version;
  return out;
}

/** The objects of the request as seen through a match (converted when it is an equivalent resource). */
export function convertForMatch(a: Attributes, m: ResourceMatch, catalog: Catalog): { object?: Obj; oldObject?: Obj } {
  return { object: convertToMatch(a.object, a.served, m.served, catalog), oldObject: convertToMatch(a.oldObject, a.served, m.served, catalog) };
}

/** The v1 AdmissionRequest without uid, object and oldObject (CEL's `request`; the review adds the rest). */
export function admissionRequestFields(a: Attributes, m: ResourceMatch): Record<string, unknown> {
  const u = a.userInfo;
  const userInfo: Record<string, unknown> = {};
  if (u.username) userInfo.username = u.username;
  if (u.uid) userInfo.uid = u.uid;
  if (u.groups?.length) userInfo.groups = u.groups;
  if (u.extra && Object.keys(u.extra).length) userInfo.extra = u.extra;
  const req: Record<string, unknown> = {
    kind: m.kind,
    resource: m.resource,
  };
  if (a.subresource) req.subResource = a.subresource;
  req.requestKind = a.kind;
  req.requestResource = a.resource;
  if (a.subresource) req.requestSubResource = a.subresource;
  if (a.name) req.name = a.name;
  if (a.namespace) req.namespace = a.namespace;
  req.operation = a.operation;
  req.userInfo = userInfo;
  req.dryRun = a.dryRun;
  if (a.options) req.options = a.options;
  return req;
}

/** A matchCondition of a webhook or policy. */
export interface MatchCondition {
  name: string;
  expression: string;
}

/** At most this many matchConditions (validation enforces it; the evaluator relies on it). */
export const MAX_MATCH_CONDITIONS = 64;
/** celconfig.RuntimeCELCostBudgetMatchConditions: shared by one object's conditions. */
export const MATCH_CONDITIONS_COST_BUDGET = 2_500_000;

export interface MatchConditionInput {
  object?: Obj;
  oldObject?: Obj;
  /** admissionRequestFields of the match. */
  request: Record<string, unknown>;
  /** CEL's `authorizer` for the requesting user, when the server can authorize synchronously. */
  authorizer?: AuthorizerValue;
  /** More variables (policies: params, namespaceObject, variables). */
  extra?: Record<string, unknown>;
  /** Told what the evaluation came to (the match condition metrics). */
  observe?: (o: MatchConditionObservation) => void;
}

export type MatchConditionResult = { matches: true } | { matches: false; failedConditionName?: string } | { matches: false; error: string };

/** The CEL environment of webhook matchConditions; policies extend it with their own variables. */
export function matchConditionEnvironment(extraVariables: Record<string, string> = {}): CelEnvironment {
  return new CelEnvironment({ variables: { object: 'dyn', oldObject: 'dyn', request: 'map<string, dyn>', authorizer: 'kubernetes.authorization.Authorizer', ...extraVariables } });
}

interface CompiledCondition {
  condition: MatchCondition;
  program?: CelProgram;
  compileError?: string;
}

/**
 * Compiled matchConditions with upstream's logic: any condition false → no match (its name
 * reported); otherwise any error → the failure policy (Fail: the error; Ignore: no match);
 * all true → match. Running out of the shared cost budget is an error for the whole set.
 */
export class MatchConditions {
  private readonly compiled: CompiledCondition[];

  constructor(
    conditions: MatchCondition[],
    private readonly failurePolicy: string | undefined,
    private readonly env: CelEnvironment = matchConditionEnvironment(),
  ) {
    this.compiled = conditions.map((condition) => {
      try {
        return { condition, program: env.compile(condition.expression) };
      } catch (e) {
        return { condition, compileError: (e as Error).message };
      }
    });
  }

  get size(): number {
    return this.compiled.length;
  }

  match(input: MatchConditionInput): MatchConditionResult {
    if (this.compiled.length === 0) return { matches: true };
    const onError = (error: string): MatchConditionResult => (this.failurePolicy === 'Ignore' ? { matches: false } : { matches: false, error });
    const started = performance.now();
    let errorCount = 0;
    const done = (r: MatchConditionResult, excluded = false): MatchConditionResult => {
      input.observe?.({ errors: errorCount, excluded, seconds: (performance.now() - started) / 1000 });
      return r;
    };
    const vars: Record<string, unknown> = { object: input.object ?? null, oldObject: input.oldObject ?? null, request: input.request, ...(input.extra ?? {}) };
    const activation = this.env.activation(vars);
    if (input.authorizer) activation.authorizer = input.authorizer;
    const budget = { remaining: MATCH_CONDITIONS_COST_BUDGET };
    const errors: string[] = [];
    for (const c of this.compiled) {
      if (!c.program) {
        errors.push(`compilation error: ${c.compileError}`);
        errorCount++;
        continue;
      }
      try {
        const v = c.program.evaluate(activation, { budget }).value;
        if (v === false) return done({ matches: false, failedConditionName: c.condition.name }, true);
        if (v !== true) {
          errors.push(`expression '${c.condition.expression}' resulted in error: no such overload`);
          errorCount++;
        }
      } catch (e) {
        const err = e as Error & { kind?: string };
        // Running out of the shared budget fails the whole set (not one condition's evaluation error).
        if (err.kind === 'budget') return done(onError('validation failed due to running out of cost budget, no further validation rules will be run'));
        errors.push(`expression '${c.condition.expression}' resulted in error: ${err.message}`);
        errorCount++;
      }
    }
    if (errors.length) return done(onError(errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`));
    return done({ matches: true });
  }
}

/** The 403 a failed matchCondition gives with failurePolicy Fail (ShouldCallHook). */
export function matchConditionError(a: Attributes, error: string): StatusError {
  return forbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, error);
}
