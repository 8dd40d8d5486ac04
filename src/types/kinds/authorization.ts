// authorization.k8s.io/v1 review kinds: create-only, answered by the authorizer and never stored.

import { kind, type KindDef } from '../kind.js';
import { LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview } from '../schemas/authorization.js';

const G = 'authorization.k8s.io';

export const authorizationKinds: KindDef[] = [
  kind({ group: G, kind: 'LocalSubjectAccessReview', plural: 'localsubjectaccessreviews', singular: 'localsubjectaccessreview', namespaced: true, verbs: ['create'], schema: LocalSubjectAccessReview }),
  kind({ group: G, kind: 'SelfSubjectAccessReview', plural: 'selfsubjectaccessreviews', singular: 'selfsubjectaccessreview', namespaced: false, verbs: ['create'], schema: SelfSubjectAccessReview }),
  kind({ group: G, kind: 'SelfSubjectRulesReview', plural: 'selfsubjectrulesreviews', singular: 'selfsubjectrulesreview', namespaced: false, verbs: ['create'], schema: SelfSubjectRulesReview }),
  kind({ group: G, kind: 'SubjectAccessReview', plural: 'subjectaccessreviews', singular: 'subjectaccessreview', namespaced: false, verbs: ['create'], schema: SubjectAccessReview }),
];
