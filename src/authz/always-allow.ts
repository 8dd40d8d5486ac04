// The AlwaysAllow mode (upstream authorizerfactory.NewAlwaysAllowAuthorizer): everything,
// for everyone. Insecure; skiff's default is Node,RBAC.

import { allow, type Authorizer, type RuleResolver } from './types.js';

/** The AlwaysAllow mode (upstream authorizerfactory.NewAlwaysAllowAuthorizer): everything, for everyone. */
export const alwaysAllow: Authorizer & RuleResolver = {
  async authorize() {
    return allow();
  },
  async rulesFor() {
    return {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    };
  },
};
