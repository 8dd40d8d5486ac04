// Members of system:masters may do anything, before any configured mode is asked
// (upstream authorizerfactory.NewPrivilegedGroups, placed first by BuildAuthorizer).

import { allow, noOpinion, type Authorizer } from './types.js';

export const SYSTEM_PRIVILEGED_GROUP = 'system:masters';

export function privilegedGroups(...groups: string[]): Authorizer {
  return {
    async authorize(a) {
      return a.user.groups.some((g) => groups.includes(g)) ? allow() : noOpinion();
    },
  };
}
