// The AlwaysDeny mode (upstream authorizerfactory.NewAlwaysDenyAuthorizer): it has no
// opinion on anything, with a reason, so the union ends in a 403 unless another mode allows.

import { noOpinion, type Authorizer, type RuleResolver } from './types.js';

export const alwaysDeny: Authorizer & RuleResolver = {
  async authorize() {
    return noOpinion('Everything is forbidden.');
  },
  async rulesFor() {
    return { resourceRules: [], nonResourceRules: [], incomplete: false };
  },
};
