// PLACEHOLDER for the Node authorizer, which is written on branch authz-policy
// (src/authz/node/). Until the lead merges it, the Node mode has no opinion on anything
// and resolves no rules. Replace the `Node` row of src/authz/index.ts with the real one.

import type { Registry } from '../../registry/registry.js';
import { noOpinion, type Authorizer, type RuleResolver } from '../types.js';

export class NodeAuthorizerPlaceholder implements Authorizer, RuleResolver {
  constructor(readonly registry: Registry) {}
  async authorize() {
    return noOpinion();
  }
  async rulesFor() {
    return { resourceRules: [], nonResourceRules: [], incomplete: false };
  }
}
