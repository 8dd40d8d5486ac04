// authentication.k8s.io/v1 review kinds: create-only, answered from the request and never stored.

import { kind, type KindDef } from '../kind.js';
import { SelfSubjectReview, TokenReview } from '../schemas/authentication.js';

const G = 'authentication.k8s.io';

export const authenticationKinds: KindDef[] = [
  kind({ group: G, kind: 'SelfSubjectReview', plural: 'selfsubjectreviews', singular: 'selfsubjectreview', namespaced: false, verbs: ['create'], schema: SelfSubjectReview }),
  kind({ group: G, kind: 'TokenReview', plural: 'tokenreviews', singular: 'tokenreview', namespaced: false, verbs: ['create'], schema: TokenReview }),
];
