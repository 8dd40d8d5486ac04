// The review kinds: virtual resources answered by authentication and authorization,
// never stored (TokenReview, SelfSubjectReview, the access reviews, SelfSubjectRulesReview).

import { badRequest, internalError, invalid } from '../apimachinery/errors.js';
import { validateAccessReview } from '../registry/validation/authorization.js';
import { failureReason } from '../authn/errors.js';
import { intersectAudiences, type Authenticator, type UserInfo } from '../authn/types.js';
import type { Ctx } from '../server/http.js';
import type { Attributes, Authorizer, RuleResolver } from '../authz/types.js';
import { update as trackUpdate } from '../apply/index.js';
import { nowTimestamp } from '../registry/meta.js';
import { apiVersionOf, type ServedResource } from '../types/catalog.js';
import { goJson } from '../types/go-json.js';
import type { Obj } from '../types/kind.js';

export const REVIEW_KINDS = new Set([
  'authentication.k8s.io/TokenReview',
  'authentication.k8s.io/SelfSubjectReview',
  'authorization.k8s.io/SubjectAccessReview',
  'authorization.k8s.io/SelfSubjectAccessReview',
  'authorization.k8s.io/LocalSubjectAccessReview',
  'authorization.k8s.io/SelfSubjectRulesReview',
]);

export function isReview(served: ServedResource): boolean {
  return REVIEW_KINDS.has(`${served.group}/${served.def.kind}`);
}

function userInfoJson(u: UserInfo): Obj {
  const out: Obj = { username: u.username };
  if (u.uid) out.uid = u.uid;
  out.groups = u.groups;
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  return out;
}

/**
 * handlers/create.go before a REST's Create: EnsureObjectNamespaceMatchesRequestNamespace,
 * WipeObjectMetaSystemFields (uid, creationTimestamp, deletion fields) and the field manager's
 * Update entry for what the body sets.
 */
function asCreated(served: ServedResource, review: Obj, requestNamespace: string | undefined, manager: string): Obj {
  const out: Obj = { ...review, metadata: { ...(review.metadata ?? {}) } };
  const meta = out.metadata;
  if (served.def.namespaced) {
    if (meta.namespace && meta.namespace !== requestNamespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    if (requestNamespace) meta.namespace = requestNamespace;
  } else if (meta.namespace) {
    delete meta.namespace;
  }
  for (const f of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'selfLink']) delete meta[f];
  const entries = trackUpdate(undefined, out, manager, { apiVersion: apiVersionOf(served.group, served.version), schema: served.def.schema });
  if (entries.length) meta.managedFields = entries;
  else delete meta.managedFields;
  return out;
}

export class Reviews {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly authorizer: Authorizer,
    private readonly ruleResolver: RuleResolver,
    /** --api-audiences: what a TokenReview without spec.audiences checks against. */
    private readonly apiAudiences: readonly string[] = [],
  ) {}

  /**
   * Answer a review: the returned object is the response body (201), in the kind's struct order.
   * `manager` is the write's field manager (the fieldManager parameter or the User-Agent's).
   */
  async answer(ctx: Ctx, served: ServedResource, review: Obj, manager: string): Promise<Obj> {
    const kind = served.def.kind;
    const schema = served.def.schema!;
    const user = ctx.user!;
    switch (kind) {
      // Both RESTs answer a new object: nothing of the request's is echoed.
      case 'SelfSubjectReview':
        return goJson({ kind, apiVersion: review.apiVersion, metadata: { creationTimestamp: nowTimestamp() }, status: { userInfo: userInfoJson(user) } }, schema) as Obj;
      case 'SelfSubjectRulesReview': {
        // pkg/registry/authorization/selfsubjectrulesreview/rest.go: a rules review needs a namespace.
        const namespace = String(review.spec?.namespace ?? '');
        if (!namespace) throw badRequest('no namespace on request');
        return goJson({ kind, apiVersion: review.apiVersion, metadata: {}, spec: {}, status: await this.rules(user, namespace) }, schema) as Obj;
      }
    }
    // The others answer the request's object as handlers/create.go hands it to them: in the
    // request's namespace, its system fields wiped, and the field manager's entry added.
    const out = asCreated(served, review, ctx.info.namespace, manager);
    out.status = kind === 'TokenReview' ? await this.tokenReview(review) : await this.access(ctx, served, out, user);
    return goJson(out, schema) as Obj;
  }

  /** pkg/registry/authentication/tokenreview/storage.go: the token through the real authenticators, for the requested audiences. */
  private async tokenReview(review: Obj): Promise<Obj> {
    const token = String(review.spec?.token ?? '');
    if (!token) throw badRequest('token is required for TokenReview in authentication');
    const requested: string[] = Array.isArray(review.spec?.audiences) && review.spec.audiences.length ? review.spec.audiences : [...this.apiAudiences];
    let res;
    try {
      res = await this.authenticator.authenticate({ headers: { authorization: `Bearer ${token}` }, audiences: requested });
    } catch (e) {
      return { user: {}, error: failureReason(e) };
    }
    if (!res) return { user: {} };
    const audiences = res.audiences ?? [];
    if (requested.length > 0 && intersectAudiences(requested, audiences).length === 0) throw internalError(new Error('error validating audiences'));
    const status: Obj = { authenticated: true, user: userInfoJson(res.user) };
    if (audiences.length) status.audiences = audiences;
    return status;
  }

  private async access(ctx: Ctx, served: ServedResource, review: Obj, self: UserInfo): Promise<Obj> {
    const spec = review.spec ?? {};
    const kind = served.def.kind;
    const ra = spec.resourceAttributes;
    const nra = spec.nonResourceAttributes;
    const errs = validateAccessReview(kind, review, ctx.info.namespace ?? '');
    // The registry passes the decoded internal object's Kind, which is empty: upstream prints `.authorization.k8s.io ""`.
    if (errs.length) throw invalid({ group: 'authorization.k8s.io', kind: '' }, '', errs);
    let user = self;
    if (kind === 'SubjectAccessReview' || kind === 'LocalSubjectAccessReview') {
      user = { username: String(spec.user ?? ''), uid: spec.uid, groups: Array.isArray(spec.groups) ? spec.groups : [], extra: spec.extra };
    }
    const attributes: Attributes = ra
      ? {
          user, isResourceRequest: true, path: '', verb: String(ra.verb ?? ''), apiGroup: String(ra.group ?? ''),
          apiVersion: String(ra.version ?? ''), namespace: String(ra.namespace ?? ''), resource: String(ra.resource ?? ''),
          subresource: String(ra.subresource ?? ''), name: String(ra.name ?? ''),
        }
      : {
          user, isResourceRequest: false, path: String(nra.path ?? ''), verb: String(nra.verb ?? ''), apiGroup: '',
          apiVersion: '', namespace: '', resource: '', subresource: '', name: '',
        };
    const result = await this.authorizer.authorize(attributes);
    const status: Obj = { allowed: result.decision === 'allow' };
    if (result.decision === 'deny') status.denied = true;
    if (result.reason) status.reason = result.reason;
    if (result.error) status.evaluationError = result.error;
    return status;
  }

  private async rules(user: UserInfo, namespace: string): Promise<Obj> {
    const r = await this.ruleResolver.rulesFor(user, namespace);
    const out: Obj = { resourceRules: r.resourceRules, nonResourceRules: r.nonResourceRules, incomplete: r.incomplete };
    if (r.evaluationError) out.evaluationError = r.evaluationError;
    return out;
  }
}
