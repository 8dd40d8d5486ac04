// Several authorizers behind one (upstream k8s.io/apiserver/pkg/authorization/union):
// the first allow or deny ends the walk; when none has an opinion the reasons are joined
// and the errors aggregated. Rule resolvers are unioned, incomplete if any is.

import type { UserInfo } from '../authn/types.js';
import { aggregate } from './rbac/authorizer.js';
import { noOpinion, type Attributes, type AuthorizationResult, type Authorizer, type RuleResolver, type RulesResult } from './types.js';

export function unionAuthorizer(authorizers: readonly Authorizer[]): Authorizer {
  return {
    async authorize(a: Attributes): Promise<AuthorizationResult> {
      const reasons: string[] = [];
      const errors: string[] = [];
      for (const authz of authorizers) {
        const r = await authz.authorize(a);
        if (r.error) errors.push(r.error);
        if (r.reason) reasons.push(r.reason);
        if (r.decision !== 'noOpinion') return r;
      }
      const out = noOpinion(reasons.join('\n'));
      if (errors.length) out.error = aggregate(errors);
      return out;
    },
  };
}

export function unionRuleResolver(resolvers: readonly RuleResolver[]): RuleResolver {
  return {
    async rulesFor(user: UserInfo, namespace: string): Promise<RulesResult> {
      const out: RulesResult = { resourceRules: [], nonResourceRules: [], incomplete: false };
      const errors: string[] = [];
      for (const r of resolvers) {
        const res = await r.rulesFor(user, namespace);
        if (res.incomplete) out.incomplete = true;
        if (res.evaluationError) errors.push(res.evaluationError);
        out.resourceRules.push(...res.resourceRules);
        out.nonResourceRules.push(...res.nonResourceRules);
      }
      if (errors.length) out.evaluationError = aggregate(errors);
      return out;
    },
  };
}
