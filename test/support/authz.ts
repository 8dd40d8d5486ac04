// A test authorizer: every authenticated user may do anything, and anonymous users may
// read only what upstream's system:public-info-viewer role grants (health and version).
// Tests that are not about authorization compose it with the authorizer under test.

import { ANONYMOUS_USER } from '../../src/authn/types.js';
import { allow, noOpinion, type Authorizer, type RuleResolver } from '../../src/authz/types.js';

const PUBLIC_INFO_PATHS = [/^\/healthz(\/.*)?$/, /^\/livez(\/.*)?$/, /^\/readyz(\/.*)?$/, /^\/version\/?$/];

export const allowAuthenticated: Authorizer & RuleResolver = {
  async authorize(a) {
    if (a.user.username !== ANONYMOUS_USER) return allow();
    if (!a.isResourceRequest && a.verb === 'get' && PUBLIC_INFO_PATHS.some((re) => re.test(a.path))) return allow();
    return noOpinion();
  },
  async rulesFor(user) {
    if (user.username !== ANONYMOUS_USER) {
      return {
        resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
        nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        incomplete: false,
      };
    }
    return {
      resourceRules: [],
      nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }],
      incomplete: false,
    };
  },
};
