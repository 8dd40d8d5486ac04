// Dispatching a request to the admission webhooks that concern it, as upstream's
// k8s.io/apiserver pkg/admission/plugin/webhook/{generic/webhook.go (ShouldCallHook),
// mutating/dispatcher.go, validating/dispatcher.go} do: mutating webhooks one after the
// other (JSONPatch applied, re-defaulted, reinvocation IfNeeded, mutation/patch audit
// annotations), validating webhooks all at once; failed calls follow failurePolicy,
// rejections pass the webhook's Status through.

import { randomUUID } from 'node:crypto';
import { internalError, isStatusError, StatusError } from '../../apimachinery/errors.js';
import { goJSON, goQuote } from '../../apimachinery/goformat.js';
import { CheckingCelAuthorizer } from '../../authz/cel-adapter.js';
import type { Authorizer } from '../../authz/types.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { clone, deepEqual } from '../../registry/meta.js';
import type { Registry } from '../../registry/registry.js';
import type { Catalog, ServedResource } from '../../types/catalog.js';
import type { Obj } from '../../types/kind.js';
import { admissionRequestFields, convertToMatch, isExemptAdmissionConfigurationResource, matchConditionError, matchRequest, type ResourceMatch } from '../matching.js';
import type { MatchConditionObservation } from '../metrics.js';
import { redefault, replaceContents } from '../mutation.js';
import type { Attributes } from '../types.js';
import { postReview, resolveTarget } from './client.js';
import type { WebhookAccessor } from './config-index.js';
import { WebhookCredentials } from './credentials.js';
import { CallingWebhookError, dryRunUnsupported, rejectionError, WebhookRejectionError } from './errors.js';
import type { AdmissionMetrics, WebhookType } from '../metrics.js';
import { buildReview, negotiateReviewVersion, verifyResponse, type AdmissionResponse } from './review.js';

export interface DispatchDeps {
  registry: Registry;
  catalog: Catalog;
  /** What to present to each webhook (the plugin's kubeConfigFile); none when absent. */
  credentials?: WebhookCredentials;
  /** The server's authorizer, for CEL's `authorizer` in matchConditions. */
  authorizer?: Authorizer;
  metrics?: AdmissionMetrics;
}

/** The metrics of one webhook call, as upstream's dispatchers record them per outcome. */
function observeCall(deps: DispatchDeps, hook: WebhookAccessor, a: Attributes, type: WebhookType, started: number, err: unknown): void {
  const m = deps.metrics;
  if (!m) return;
  const seconds = (performance.now() - started) / 1000;
  if (err === undefined) return m.observeWebhook(hook.name, type, a.operation, false, 200, seconds);
  if (err instanceof CallingWebhookError) {
    const failOpen = hook.spec.failurePolicy === 'Ignore';
    if (!failOpen) m.observeWebhookRejection(hook.name, type, a.operation, 'calling_webhook_error', err.code);
    m.observeWebhook(hook.name, type, a.operation, !failOpen, err.code, seconds);
    if (failOpen) m.observeWebhookFailOpen(hook.name, type);
    return;
  }
  if (err instanceof WebhookRejectionError) {
    m.observeWebhookRejection(hook.name, type, a.operation, 'no_error', err.code);
    return m.observeWebhook(hook.name, type, a.operation, true, err.code, seconds);
  }
  m.observeWebhookRejection(hook.name, type, a.operation, 'apiserver_internal_error', 0);
  m.observeWebhook(hook.name, type, a.operation, true, 0, seconds);
}

/** ShouldCallHook: the match (resource and kind the webhook sees it as), or undefined. */
export async function shouldCallHook(hook: WebhookAccessor, a: Attributes, deps: DispatchDeps, type: WebhookType): Promise<ResourceMatch | undefined> {
  const match = await matchRequest(hook.criteria, a, deps);
  if (!match || hook.conditions.size === 0) return match;
  const input = {
    object: convertToMatch(a.object, a.served, match.served, deps.catalog),
    oldObject: convertToMatch(a.oldObject, a.served, match.served, deps.catalog),
    request: admissionRequestFields(a, match),
  };
  const checking = deps.authorizer ? new CheckingCelAuthorizer(deps.authorizer) : undefined;
  let observed: MatchConditionObservation | undefined;
  const evaluate = () => hook.conditions.match({ ...input, authorizer: checking?.valueFor(a.userInfo), observe: (o) => (observed = o) });
  const r = checking ? await checking.evaluate(evaluate) : evaluate();
  // Recorded once, for the evaluation that decided (a repeated one waited on the authorizer).
  if (observed) deps.metrics?.observeMatchConditions(hook.name, 'webhook', type, a.operation, observed);
  if ('error' in r) throw matchConditionError(a, r.error);
  return r.matches ? match : undefined;
}

/** The webhooks a request is exempt from: those of the admission configuration kinds themselves. */
export function exempt(a: Attributes): boolean {
  return isExemptAdmissionConfigurationResource(a);
}

/** One call: dry-run check, review, POST, verification, audit annotations and warnings, rejection. */
async function callHook(hook: WebhookAccessor, a: Attributes, m: ResourceMatch, object: Obj | undefined, oldObject: Obj | undefined, mutating: boolean, deps: DispatchDeps): Promise<AdmissionResponse> {
  const h = hook.spec;
  if (a.dryRun) {
    if (h.sideEffects === undefined || h.sideEffects === null) throw new CallingWebhookError(hook.name, 'Webhook SideEffects is nil');
    if (h.sideEffects !== 'None' && h.sideEffects !== 'NoneOnDryRun') throw dryRunUnsupported(hook.name);
  }
  const version = negotiateReviewVersion(h.admissionReviewVersions);
  if (!version) throw new CallingWebhookError(hook.name, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  const uid = randomUUID();
  const review = buildReview(version, uid, admissionRequestFields(a, m), object, oldObject);
  let answer: unknown;
  try {
    const timeoutSeconds = Number(h.timeoutSeconds ?? 10);
    const target = await resolveTarget(h.clientConfig ?? {}, deps.registry, deps.credentials ?? WebhookCredentials.none(), timeoutSeconds);
    answer = await postReview(target, review, timeoutSeconds);
  } catch (e) {
    throw new CallingWebhookError(hook.name, `failed to call webhook: ${(e as Error).message}`);
  }
  let result: AdmissionResponse;
  try {
    result = verifyResponse(version, uid, mutating, answer);
  } catch (e) {
    throw new CallingWebhookError(hook.name, `received invalid webhook response: ${(e as Error).message}`);
  }
  for (const [k, v] of Object.entries(result.auditAnnotations)) {
    const key = `${hook.name}/${k}`;
    // AttributesRecord.AddAnnotation refuses keys that are not exactly "<prefix>/<name>".
    if (key.split('/').length === 2) a.addAnnotation(key, v);
  }
  for (const w of result.warnings) a.addWarning(w);
  if (!result.allowed) throw rejectionError(hook.name, result.result);
  return result;
}

const MUTATION_PREFIX = 'mutation.webhook.admission.k8s.io/';
const PATCH_PREFIX = 'patch.webhook.admission.k8s.io/';
const MUTATING_FAILED_OPEN_PREFIX = `failed-open.${MUTATION_PREFIX}`;
const VALIDATING_FAILED_OPEN_PREFIX = 'failed-open.validating.webhook.admission.k8s.io/';

/** Per request: what the mutating webhooks need to decide on reinvocation (reinvocationcontext.go). */
interface ReinvokeState {
  lastOutput?: Obj;
  previouslyInvoked: Set<string>;
  reinvoke: Set<string>;
}

const PLUGIN = 'MutatingAdmissionWebhook';

/** The mutating webhooks, in order; the object is patched in place. */
export async function dispatchMutating(hooks: readonly WebhookAccessor[], a: Attributes, deps: DispatchDeps): Promise<void> {
  if (exempt(a)) return;
  const rc = (a.reinvocation ??= { isReinvoke: false, shouldReinvoke: false, values: new Map() });
  let state = rc.values.get(PLUGIN) as ReinvokeState | undefined;
  if (!state) {
    state = { previouslyInvoked: new Set(), reinvoke: new Set() };
    rc.values.set(PLUGIN, state);
  }
  const requireReinvoking = (s: ReinvokeState) => {
    s.reinvoke = s.previouslyInvoked;
    s.previouslyInvoked = new Set();
  };
  if (rc.isReinvoke && !deepEqual(state.lastOutput, a.object)) requireReinvoking(state);
  try {
    for (const [i, hook] of hooks.entries()) {
      const m = await shouldCallHook(hook, a, deps, 'admit');
      if (!m) continue;
      if (rc.isReinvoke && !state.reinvoke.has(hook.uid)) continue;
      const round = rc.isReinvoke ? 1 : 0;
      const suffix = `round_${round}_index_${i}`;
      let changed = false;
      let failure: unknown;
      const started = performance.now();
      try {
        changed = await callMutatingHook(hook, a, m, suffix, deps);
      } catch (e) {
        failure = e;
      }
      observeCall(deps, hook, a, 'admit', started, failure);
      a.addAnnotation(`${MUTATION_PREFIX}${suffix}`, goJSON({ configuration: hook.configurationName, webhook: hook.name, mutated: changed }));
      if (changed) {
        requireReinvoking(state);
        rc.shouldReinvoke = true;
      }
      if (hook.spec.reinvocationPolicy === 'IfNeeded') state.previouslyInvoked.add(hook.uid);
      if (failure === undefined) continue;
      if (failure instanceof CallingWebhookError) {
        if (hook.spec.failurePolicy === 'Ignore') {
          a.addAnnotation(`${MUTATING_FAILED_OPEN_PREFIX}${suffix}`, hook.name);
          continue;
        }
        throw internalError(failure);
      }
      throw failure;
    }
  } finally {
    state.lastOutput = a.object === undefined ? undefined : clone(a.object);
  }
}

/** Call one mutating webhook and apply its patch to a.object; whether the object changed. */
async function callMutatingHook(hook: WebhookAccessor, a: Attributes, m: ResourceMatch, suffix: string, deps: DispatchDeps): Promise<boolean> {
  const versioned = convertToMatch(a.object, a.served, m.served, deps.catalog);
  const versionedOld = convertToMatch(a.oldObject, a.served, m.served, deps.catalog);
  const result = await callHook(hook, a, m, versioned, versionedOld, true, deps);
  if (!result.patch) return false;
  let ops: unknown;
  try {
    ops = JSON.parse(result.patch.toString('utf8'));
    if (!Array.isArray(ops)) throw new Error('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  } catch (e) {
    throw new CallingWebhookError(hook.name, `received undecodable patch in webhook response: ${(e as Error).message}`);
  }
  if (ops.length === 0) return false;
  if (!versioned || !a.object) throw internalError(`admission webhook ${goQuote(hook.name)} attempted to modify the object, which is not supported for this operation`);
  if (result.patchType !== 'JSONPatch') throw new CallingWebhookError(hook.name, `unsupported patch type ${goQuote(result.patchType)}`);
  let patched: Obj;
  try {
    const out = applyJsonPatch(versioned, result.patch, { fieldValidation: 'Ignore' }).object;
    if (!out || typeof out !== 'object' || Array.isArray(out)) throw new Error('json: cannot unmarshal into Go value of type map[string]interface {}');
    patched = out as Obj;
  } catch (e) {
    throw internalError(isStatusError(e) ? (e as StatusError).status.message ?? e.message : e);
  }
  redefault(m.served, patched);
  const changed = !deepEqual(versioned, patched);
  a.addAnnotation(`${PATCH_PREFIX}${suffix}`, goJSON({ configuration: hook.configurationName, webhook: hook.name, patch: ops.map(sortedKeys), patchType: 'JSONPatch' }));
  const back = convertToMatch(patched, m.served, a.served, deps.catalog) ?? patched;
  replaceContents(a.object, back);
  return changed;
}

/** Go marshals a JSON patch operation (a map) with its keys sorted. */
function sortedKeys(op: unknown): unknown {
  if (!op || typeof op !== 'object' || Array.isArray(op)) return op;
  return Object.fromEntries(Object.entries(op as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** The validating webhooks, called in parallel; the first error to arrive fails the request. */
export async function dispatchValidating(hooks: readonly WebhookAccessor[], a: Attributes, deps: DispatchDeps): Promise<void> {
  if (exempt(a)) return;
  const relevant: { hook: WebhookAccessor; match: ResourceMatch }[] = [];
  for (const hook of hooks) {
    const match = await shouldCallHook(hook, a, deps, 'validating');
    if (match) relevant.push({ hook, match });
  }
  if (relevant.length === 0) return;
  const errors: unknown[] = [];
  await Promise.all(
    relevant.map(async ({ hook, match }, i) => {
      const started = performance.now();
      try {
        await callHook(hook, a, match, convertToMatch(a.object, a.served, match.served, deps.catalog), convertToMatch(a.oldObject, a.served, match.served, deps.catalog), false, deps);
        observeCall(deps, hook, a, 'validating', started, undefined);
      } catch (e) {
        observeCall(deps, hook, a, 'validating', started, e);
        if (e instanceof CallingWebhookError) {
          if (hook.spec.failurePolicy === 'Ignore') {
            a.addAnnotation(`${VALIDATING_FAILED_OPEN_PREFIX}round_0_index_${i}`, hook.name);
            return;
          }
          errors.push(internalError(e));
          return;
        }
        errors.push(isStatusError(e) ? e : internalError(e));
      }
    }),
  );
  if (errors.length) throw errors[0];
}
