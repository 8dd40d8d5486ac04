// authorization.k8s.io/v1: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, list, map, object, string, type ObjectType } from '../schema.js';
import { FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.authorization.v1.';

export const NonResourceAttributes = object(G + 'NonResourceAttributes', {
  path: string().proto(1).doc('Path is the URL path of the request'),
  verb: string().proto(2).doc('Verb is the standard HTTP verb'),
}, { description: 'NonResourceAttributes includes the authorization attributes available for non-resource requests to the Authorizer interface' });

export const FieldSelectorAttributes = object(G + 'FieldSelectorAttributes', {
  rawSelector: string().proto(1).doc('rawSelector is the serialization of a field selector that would be included in a query parameter. Webhook implementations are encouraged to ignore rawSelector. The kube-apiserver\'s *SubjectAccessReview will parse the rawSelector as long as the requirements are not present.'),
  requirements: list(FieldSelectorRequirement, { listType: 'atomic' }).proto(2).optional().doc('requirements is the parsed interpretation of a field selector. All requirements must be met for a resource instance to match the selector. Webhook implementations should handle requirements, but how to handle them is up to the webhook. Since requirements can only limit the request, it is safe to authorize as unlimited request if the requirements are not understood.'),
}, { description: 'FieldSelectorAttributes indicates a field limited access. Webhook authors are encouraged to * ensure rawSelector and requirements are not both set * consider the requirements field if set * not try to parse or consider the rawSelector field if set. This is to avoid another CVE-2022-2880 (i.e. getting different systems to agree on how exactly to parse a query is not something we want), see https://www.oxeye.io/resources/golang-parameter-smuggling-attack for more details. For the *SubjectAccessReview endpoints of the kube-apiserver: * If rawSelector is empty and requirements are empty, the request is not limited. * If rawSelector is present and requirements are empty, the rawSelector will be parsed and limited if the parsing succeeds. * If rawSelector is empty and requirements are present, the requirements should be honored * If rawSelector is present and requirements are present, the request is invalid.' });

export const LabelSelectorAttributes = object(G + 'LabelSelectorAttributes', {
  rawSelector: string().proto(1).doc('rawSelector is the serialization of a field selector that would be included in a query parameter. Webhook implementations are encouraged to ignore rawSelector. The kube-apiserver\'s *SubjectAccessReview will parse the rawSelector as long as the requirements are not present.'),
  requirements: list(LabelSelectorRequirement, { listType: 'atomic' }).proto(2).optional().doc('requirements is the parsed interpretation of a label selector. All requirements must be met for a resource instance to match the selector. Webhook implementations should handle requirements, but how to handle them is up to the webhook. Since requirements can only limit the request, it is safe to authorize as unlimited request if the requirements are not understood.'),
}, { description: 'LabelSelectorAttributes indicates a label limited access. Webhook authors are encouraged to * ensure rawSelector and requirements are not both set * consider the requirements field if set * not try to parse or consider the rawSelector field if set. This is to avoid another CVE-2022-2880 (i.e. getting different systems to agree on how exactly to parse a query is not something we want), see https://www.oxeye.io/resources/golang-parameter-smuggling-attack for more details. For the *SubjectAccessReview endpoints of the kube-apiserver: * If rawSelector is empty and requirements are empty, the request is not limited. * If rawSelector is present and requirements are empty, the rawSelector will be parsed and limited if the parsing succeeds. * If rawSelector is empty and requirements are present, the requirements should be honored * If rawSelector is present and requirements are present, the request is invalid.' });

export const ResourceAttributes = object(G + 'ResourceAttributes', {
  namespace: string().proto(1).doc('Namespace is the namespace of the action being requested.  Currently, there is no distinction between no namespace and all namespaces "" (empty) is defaulted for LocalSubjectAccessReviews "" (empty) is empty for cluster-scoped resources "" (empty) means "all" for namespace scoped resources from a SubjectAccessReview or SelfSubjectAccessReview'),
  verb: string().proto(2).doc('Verb is a kubernetes resource API verb, like: get, list, watch, create, update, delete, proxy.  "*" means all.'),
  group: string().proto(3).doc('Group is the API Group of the Resource.  "*" means all.'),
  version: string().proto(4).doc('Version is the API Version of the Resource.  "*" means all.'),
  resource: string().proto(5).doc('Resource is one of the existing resource types.  "*" means all.'),
  subresource: string().proto(6).doc('Subresource is one of the existing resource types.  "" means none.'),
  name: string().proto(7).doc('Name is the name of the resource being requested for a "get" or deleted for a "delete". "" (empty) means all.'),
  fieldSelector: FieldSelectorAttributes.proto(8).optional().doc('fieldSelector describes the limitation on access based on field.  It can only limit access, not broaden it.\n\nThis field  is alpha-level. To use this field, you must enable the `AuthorizeWithSelectors` feature gate (disabled by default).'),
  labelSelector: LabelSelectorAttributes.proto(9).optional().doc('labelSelector describes the limitation on access based on labels.  It can only limit access, not broaden it.\n\nThis field  is alpha-level. To use this field, you must enable the `AuthorizeWithSelectors` feature gate (disabled by default).'),
}, { description: 'ResourceAttributes includes the authorization attributes available for resource requests to the Authorizer interface' });

export const SubjectAccessReviewSpec = object(G + 'SubjectAccessReviewSpec', {
  resourceAttributes: ResourceAttributes.proto(1).optional().doc('ResourceAuthorizationAttributes describes information for a resource access request'),
  nonResourceAttributes: NonResourceAttributes.proto(2).optional().doc('NonResourceAttributes describes information for a non-resource access request'),
  user: string().proto(3).doc('User is the user you\'re testing for. If you specify "User" but not "Groups", then is it interpreted as "What if User were not a member of any groups'),
  groups: list(string(), { listType: 'atomic' }).proto(4).optional().doc('Groups is the groups you\'re testing for.'),
  extra: map(list(string())).proto(5).optional().doc('Extra corresponds to the user.Info.GetExtra() method from the authenticator.  Since that is input to the authorizer it needs a reflection here.'),
  uid: string().proto(6).doc('UID information about the requesting user.'),
}, { description: 'SubjectAccessReviewSpec is a description of the access request.  Exactly one of ResourceAuthorizationAttributes and NonResourceAuthorizationAttributes must be set' });

export const SubjectAccessReviewStatus = object(G + 'SubjectAccessReviewStatus', {
  allowed: bool().proto(1).required().keepEmpty().doc('Allowed is required. True if the action would be allowed, false otherwise.'),
  denied: bool().proto(4).doc('Denied is optional. True if the action would be denied, otherwise false. If both allowed is false and denied is false, then the authorizer has no opinion on whether to authorize the action. Denied may not be true if Allowed is true.'),
  reason: string().proto(2).doc('Reason is optional.  It indicates why a request was allowed or denied.'),
  evaluationError: string().proto(3).doc('EvaluationError is an indication that some error occurred during the authorization check. It is entirely possible to get an error and be able to continue determine authorization status in spite of it. For instance, RBAC can be missing a role, but enough roles are still present and bound to reason about the request.'),
}, { description: 'SubjectAccessReviewStatus' });

export const SubjectAccessReview = object(G + 'SubjectAccessReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: SubjectAccessReviewSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated'),
  status: SubjectAccessReviewStatus.proto(3).doc('Status is filled in by the server and indicates whether the request is allowed or not'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authorization.k8s.io', kind: 'SubjectAccessReview', version: 'v1' }] }, description: 'SubjectAccessReview checks whether or not a user or group can perform an action.' });

export const SelfSubjectAccessReviewSpec = object(G + 'SelfSubjectAccessReviewSpec', {
  resourceAttributes: ResourceAttributes.proto(1).optional().doc('ResourceAuthorizationAttributes describes information for a resource access request'),
  nonResourceAttributes: NonResourceAttributes.proto(2).optional().doc('NonResourceAttributes describes information for a non-resource access request'),
}, { description: 'SelfSubjectAccessReviewSpec is a description of the access request.  Exactly one of ResourceAuthorizationAttributes and NonResourceAuthorizationAttributes must be set' });

export const SelfSubjectAccessReview = object(G + 'SelfSubjectAccessReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: SelfSubjectAccessReviewSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated.  user and groups must be empty'),
  status: SubjectAccessReviewStatus.proto(3).doc('Status is filled in by the server and indicates whether the request is allowed or not'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authorization.k8s.io', kind: 'SelfSubjectAccessReview', version: 'v1' }] }, description: 'SelfSubjectAccessReview checks whether or the current user can perform an action.  Not filling in a spec.namespace means "in all namespaces".  Self is a special case, because users should always be able to check whether they can perform an action' });

export const LocalSubjectAccessReview = object(G + 'LocalSubjectAccessReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: SubjectAccessReviewSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated.  spec.namespace must be equal to the namespace you made the request against.  If empty, it is defaulted.'),
  status: SubjectAccessReviewStatus.proto(3).doc('Status is filled in by the server and indicates whether the request is allowed or not'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authorization.k8s.io', kind: 'LocalSubjectAccessReview', version: 'v1' }] }, description: 'LocalSubjectAccessReview checks whether or not a user or group can perform an action in a given namespace. Having a namespace scoped resource makes it much easier to grant namespace scoped policy that includes permissions checking.' });

export const SelfSubjectRulesReviewSpec = object(G + 'SelfSubjectRulesReviewSpec', {
  namespace: string().proto(1).doc('Namespace to evaluate rules for. Required.'),
}, { description: 'SelfSubjectRulesReviewSpec defines the specification for SelfSubjectRulesReview.' });

export const NonResourceRule = object(G + 'NonResourceRule', {
  verbs: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc('Verb is a list of kubernetes non-resource API verbs, like: get, post, put, delete, patch, head, options.  "*" means all.'),
  nonResourceURLs: list(string(), { listType: 'atomic' }).proto(2).optional().doc('NonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only as the full, final step in the path.  "*" means all.'),
}, { description: 'NonResourceRule holds information that describes a rule for the non-resource' });

export const ResourceRule = object(G + 'ResourceRule', {
  verbs: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc('Verb is a list of kubernetes resource API verbs, like: get, list, watch, create, update, delete, proxy.  "*" means all.'),
  apiGroups: list(string(), { listType: 'atomic' }).proto(2).optional().doc('APIGroups is the name of the APIGroup that contains the resources.  If multiple API groups are specified, any action requested against one of the enumerated resources in any API group will be allowed.  "*" means all.'),
  resources: list(string(), { listType: 'atomic' }).proto(3).optional().doc("Resources is a list of resources this rule applies to.  \"*\" means all in the specified apiGroups.\n \"*/foo\" represents the subresource 'foo' for all resources in the specified apiGroups."),
  resourceNames: list(string(), { listType: 'atomic' }).proto(4).optional().doc('ResourceNames is an optional white list of names that the rule applies to.  An empty set means that everything is allowed.  "*" means all.'),
}, { description: 'ResourceRule is the list of actions the subject is allowed to perform on resources. The list ordering isn\'t significant, may contain duplicates, and possibly be incomplete.' });

export const SubjectRulesReviewStatus = object(G + 'SubjectRulesReviewStatus', {
  resourceRules: list(ResourceRule, { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc('ResourceRules is the list of actions the subject is allowed to perform on resources. The list ordering isn\'t significant, may contain duplicates, and possibly be incomplete.'),
  nonResourceRules: list(NonResourceRule, { listType: 'atomic' }).proto(2).required().optional().keepEmpty().doc('NonResourceRules is the list of actions the subject is allowed to perform on non-resources. The list ordering isn\'t significant, may contain duplicates, and possibly be incomplete.'),
  incomplete: bool().proto(3).required().keepEmpty().doc('Incomplete is true when the rules returned by this call are incomplete. This is most commonly encountered when an authorizer, such as an external authorizer, doesn\'t support rules evaluation.'),
  evaluationError: string().proto(4).doc('EvaluationError can appear in combination with Rules. It indicates an error occurred during rule evaluation, such as an authorizer that doesn\'t support rule evaluation, and that ResourceRules and/or NonResourceRules may be incomplete.'),
}, { description: 'SubjectRulesReviewStatus contains the result of a rules check. This check can be incomplete depending on the set of authorizers the server is configured with and any errors experienced during evaluation. Because authorization rules are additive, if a rule appears in a list it\'s safe to assume the subject has that permission, even if that list is incomplete.' });

export const SelfSubjectRulesReview = object(G + 'SelfSubjectRulesReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: SelfSubjectRulesReviewSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated.'),
  status: SubjectRulesReviewStatus.proto(3).doc('Status is filled in by the server and indicates the set of actions a user can perform.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authorization.k8s.io', kind: 'SelfSubjectRulesReview', version: 'v1' }] }, description: 'SelfSubjectRulesReview enumerates the set of actions the current user can perform within a namespace. The returned list of actions may be incomplete depending on the server\'s authorization mode, and any errors experienced during the evaluation. SelfSubjectRulesReview should be used by UIs to show/hide actions, or to quickly let an end user reason about their permissions. It should NOT Be used by external systems to drive authorization decisions as this raises confused deputy, cache lifetime/revocation, and correctness concerns. SubjectAccessReview, and LocalAccessReview are the correct way to defer authorization decisions to the API server.' });

export const authorizationSchemas: Record<string, ObjectType> = { SubjectAccessReview, SelfSubjectAccessReview, LocalSubjectAccessReview, SelfSubjectRulesReview };
