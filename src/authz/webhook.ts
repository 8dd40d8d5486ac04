// The Webhook mode (upstream k8s.io/apiserver/plugin/pkg/authorizer/webhook/webhook.go):
// each request becomes a SubjectAccessReview POSTed to a remote service, v1 or v1beta1;
// answers are cached (allowed for authorizedTTL, others for unauthorizedTTL); CEL
// matchConditions over the v1 review's spec decide whether the webhook is asked at all;
// a failed call, a malformed answer or a failed condition yields the failure policy.

import type { UserInfo } from '../authn/types.js';
import { CelEnvironment, type CelProgram } from '../cel/index.js';
import { postJson, type WebhookTarget } from '../util/webhook-client.js';
import { aggregate } from './rbac/authorizer.js';
import { allow, deny, noOpinion, type Attributes, type AuthorizationResult, type Authorizer, type RuleResolver, type RulesResult } from './types.js';

export type FailurePolicy = 'Deny' | 'NoOpinion';

export interface WebhookAuthorizerOptions {
  /** Resolved at each call (a kubeconfig file, or the in-cluster environment). */
  target: () => WebhookTarget;
  version: 'v1' | 'v1beta1';
  authorizedTTLMs: number;
  unauthorizedTTLMs: number;
  timeoutMs: number;
  failurePolicy: FailurePolicy;
  matchConditions?: string[];
  /** First retry delay for retriable failures (upstream 500ms, ×1.5 per attempt, 5 attempts). */
  initialBackoffMs?: number;
}

/** Requests whose requester-controlled attributes are this large skip the cache (upstream maxControlledAttrCacheSize). */
const MAX_CACHED_ATTRIBUTES_SIZE = 10_000;

const conditionEnv = () => new CelEnvironment({ variables: { request: 'map<string, dyn>' } });

/** Compile match conditions; throws a list of `[i]: message` errors. */
export function compileMatchConditions(expressions: string[]): CelProgram[] {
  const env = conditionEnv();
  return expressions.map((e) => {
    const p = env.compile(e);
    if (p.outputType !== 'bool' && p.outputType !== 'dyn') throw new Error(`must evaluate to bool`);
    return p;
  });
}

/** The v1 SubjectAccessReview spec for these attributes (also the cache key and the CEL `request`). */
export function subjectAccessReviewSpec(a: Attributes): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (a.isResourceRequest) {
    spec.resourceAttributes = dropEmpty({
      namespace: a.namespace, verb: a.verb, group: a.apiGroup, version: a.apiVersion,
      resource: a.resource, subresource: a.subresource, name: a.name,
    });
  } else {
    spec.nonResourceAttributes = dropEmpty({ path: a.path, verb: a.verb });
  }
  Object.assign(spec, userFields(a.user));
  return spec;
}

function userFields(u: UserInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (u.username) out.user = u.username;
  if (u.groups.length) out.groups = u.groups;
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  if (u.uid) out.uid = u.uid;
  return out;
}

function dropEmpty(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ''));
}

interface CachedStatus {
  status: Record<string, any>;
  expires: number;
}

class RetriableError extends Error {}

export class WebhookAuthorizer implements Authorizer, RuleResolver {
  private readonly cache = new Map<string, CachedStatus>();
  private readonly conditions: CelProgram[];

  constructor(private readonly opts: WebhookAuthorizerOptions) {
    this.conditions = compileMatchConditions(opts.matchConditions ?? []);
  }

  private get decisionOnError(): AuthorizationResult['decision'] {
    return this.opts.failurePolicy === 'Deny' ? 'deny' : 'noOpinion';
  }

  private onError(error: string): AuthorizationResult {
    return { decision: this.decisionOnError, reason: '', error };
  }

  async authorize(a: Attributes): Promise<AuthorizationResult> {
    const spec = subjectAccessReviewSpec(a);
    if (this.conditions.length) {
      const m = this.match(spec);
      if (m.error !== undefined) return this.onError(m.error);
      if (!m.matches) return noOpinion();
    }
    const key = JSON.stringify(spec);
    let status = this.cached(key);
    if (!status) {
      try {
        status = await this.callWithBackoff(spec);
      } catch (e) {
        return this.onError((e as Error).message);
      }
      if (controlledSize(a) < MAX_CACHED_ATTRIBUTES_SIZE) {
        this.cache.set(key, { status, expires: Date.now() + (status.allowed === true ? this.opts.authorizedTTLMs : this.opts.unauthorizedTTLMs) });
      }
    }
    const reason = typeof status.reason === 'string' ? status.reason : '';
    if (status.denied === true && status.allowed === true) return { ...deny(reason), error: 'webhook subject access review returned both allow and deny response' };
    if (status.denied === true) return deny(reason);
    if (status.allowed === true) return allow(reason);
    return noOpinion(reason);
  }

  async rulesFor(): Promise<RulesResult> {
    return { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'webhook authorizer does not support user rule resolution' };
  }

  /** All conditions true: call; any false: skip; errors and no false: the failure policy. */
  private match(spec: Record<string, unknown>): { matches: boolean; error?: string } {
    const env = conditionEnv();
    const activation = env.activation({ request: spec });
    const errors: string[] = [];
    for (const p of this.conditions) {
      try {
        const v = p.evaluate(activation).value;
        if (v === false) return { matches: false };
        if (v !== true) errors.push(`matchCondition ${JSON.stringify(p.expression)} did not evaluate to a bool`);
      } catch (e) {
        errors.push(`failed evaluating matchCondition ${JSON.stringify(p.expression)}: ${(e as Error).message}`);
      }
    }
    return errors.length ? { matches: false, error: aggregate(errors) } : { matches: true };
  }

  private cached(key: string): Record<string, any> | undefined {
    const c = this.cache.get(key);
    if (!c) return undefined;
    if (c.expires > Date.now()) return c.status;
    this.cache.delete(key);
    return undefined;
  }

  private async callWithBackoff(spec: Record<string, unknown>): Promise<Record<string, any>> {
    let delay = this.opts.initialBackoffMs ?? 500;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.call(spec);
      } catch (e) {
        if (!(e instanceof RetriableError) || attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, delay * (1 + Math.random() * 0.2)));
        delay *= 1.5;
      }
    }
  }

  private async call(spec: Record<string, unknown>): Promise<Record<string, any>> {
    const v1 = this.opts.version === 'v1';
    const wireSpec = { ...spec };
    if (!v1 && wireSpec.groups) {
      // v1beta1 names the groups field "group".
      wireSpec.group = wireSpec.groups;
      delete wireSpec.groups;
    }
    const body = { kind: 'SubjectAccessReview', apiVersion: `authorization.k8s.io/${this.opts.version}`, metadata: { creationTimestamp: null }, spec: wireSpec, status: { allowed: false } };
    let res;
    try {
      res = await postJson(this.opts.target(), body, this.opts.timeoutMs);
    } catch (e) {
      throw new RetriableError((e as Error).message);
    }
    if (res.status === 429 || res.status >= 500) throw new RetriableError(`the server responded with the status code ${res.status} but did not return more information`);
    if (res.status < 200 || res.status > 299) throw new Error(`the server responded with the status code ${res.status} but did not return more information`);
    let parsed: any;
    try {
      parsed = JSON.parse(res.body.toString('utf8'));
    } catch (e) {
      throw new Error(`couldn't decode the webhook's response: ${(e as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error("couldn't decode the webhook's response: not a SubjectAccessReview");
    const status = parsed.status ?? {};
    if (typeof status !== 'object' || Array.isArray(status)) throw new Error("couldn't decode the webhook's response: status is not an object");
    return status;
  }
}

function controlledSize(a: Attributes): number {
  return a.namespace.length + a.verb.length + a.apiGroup.length + a.apiVersion.length + a.resource.length + a.subresource.length + a.name.length + a.path.length;
}
