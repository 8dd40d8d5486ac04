// rbac.authorization.k8s.io/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { list, object, string, type ObjectType } from '../schema.js';
import { LabelSelector, ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.rbac.v1.';

export const PolicyRule = object(G + 'PolicyRule', {
  verbs: list(string(), { listType: 'atomic' }).proto(1).required().keepEmpty().doc("Verbs is a list of Verbs that apply to ALL the ResourceKinds contained in this rule. '*' represents all verbs."),
  apiGroups: list(string(), { listType: 'atomic' }).proto(2).doc("APIGroups is the name of the APIGroup that contains the resources.  If multiple API groups are specified, any action requested against one of the enumerated resources in any API group will be allowed. \"\" represents the core API group and \"*\" represents all API groups."),
  resources: list(string(), { listType: 'atomic' }).proto(3).doc("Resources is a list of resources this rule applies to. '*' represents all resources."),
  resourceNames: list(string(), { listType: 'atomic' }).proto(4).doc("ResourceNames is an optional white list of names that the rule applies to.  An empty set means that everything is allowed."),
  nonResourceURLs: list(string(), { listType: 'atomic' }).proto(5).doc("NonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only as the full, final step in the path Since non-resource URLs are not namespaced, this field is only applicable for ClusterRoles referenced from a ClusterRoleBinding. Rules can either apply to API resources (such as \"pods\" or \"secrets\") or non-resource URL paths (such as \"/api\"),  but not both."),
}, { description: 'PolicyRule holds information that describes a policy rule, but does not contain information about who the rule applies to or which namespace the rule applies to.' });

export const Subject = object(G + 'Subject', {
  kind: string().proto(1).required().keepEmpty().doc('Kind of object being referenced. Values defined by this API group are "User", "Group", and "ServiceAccount". If the Authorizer does not recognized the kind value, the Authorizer should report an error.'),
  apiGroup: string().proto(2).doc('APIGroup holds the API group of the referenced subject. Defaults to "" for ServiceAccount subjects. Defaults to "rbac.authorization.k8s.io" for User and Group subjects.'),
  name: string().proto(3).required().keepEmpty().doc('Name of the object being referenced.'),
  namespace: string().proto(4).doc("Namespace of the referenced object.  If the object kind is non-namespace, such as \"User\" or \"Group\", and this value is not empty the Authorizer should report an error."),
}, { mapType: 'atomic', description: "Subject contains a reference to the object or user identities a role binding applies to.  This can either hold a direct API object reference, or a value for non-objects such as user and group names." });

export const RoleRef = object(G + 'RoleRef', {
  apiGroup: string().proto(1).required().keepEmpty().doc('APIGroup is the group for the resource being referenced'),
  kind: string().proto(2).required().keepEmpty().doc('Kind is the type of resource being referenced'),
  name: string().proto(3).required().keepEmpty().doc('Name is the name of resource being referenced'),
}, { mapType: 'atomic', description: 'RoleRef contains information that points to the role being used' });

export const Role = object(G + 'Role', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata."),
  rules: list(PolicyRule, { listType: 'atomic' }).proto(2).keepEmpty().doc('Rules holds all the PolicyRules for this Role'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'rbac.authorization.k8s.io', kind: 'Role', version: 'v1' }] }, description: 'Role is a namespaced, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding.' });

export const RoleBinding = object(G + 'RoleBinding', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata."),
  subjects: list(Subject, { listType: 'atomic' }).proto(2).doc('Subjects holds references to the objects the role applies to.'),
  roleRef: RoleRef.proto(3).required().keepEmpty().doc('RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'rbac.authorization.k8s.io', kind: 'RoleBinding', version: 'v1' }] }, description: "RoleBinding references a role, but does not contain it.  It can reference a Role in the same namespace or a ClusterRole in the global namespace. It adds who information via Subjects and namespace information by which namespace it exists in.  RoleBindings in a given namespace only have effect in that namespace." });

export const AggregationRule = object(G + 'AggregationRule', {
  clusterRoleSelectors: list(LabelSelector, { listType: 'atomic' }).proto(1).doc("ClusterRoleSelectors holds a list of selectors which will be used to find ClusterRoles and create the rules. If any of the selectors match, then the ClusterRole's permissions will be added"),
}, { description: 'AggregationRule describes how to locate ClusterRoles to aggregate into the ClusterRole' });

export const ClusterRole = object(G + 'ClusterRole', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata."),
  rules: list(PolicyRule, { listType: 'atomic' }).proto(2).keepEmpty().doc('Rules holds all the PolicyRules for this ClusterRole'),
  aggregationRule: AggregationRule.proto(3).optional().doc('AggregationRule is an optional field that describes how to build the Rules for this ClusterRole. If AggregationRule is set, then the Rules are controller managed and direct changes to Rules will be stomped by the controller.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'rbac.authorization.k8s.io', kind: 'ClusterRole', version: 'v1' }] }, description: 'ClusterRole is a cluster level, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding or ClusterRoleBinding.' });

export const ClusterRoleBinding = object(G + 'ClusterRoleBinding', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc("Standard object's metadata."),
  subjects: list(Subject, { listType: 'atomic' }).proto(2).doc('Subjects holds references to the objects the role applies to.'),
  roleRef: RoleRef.proto(3).required().keepEmpty().doc('RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'rbac.authorization.k8s.io', kind: 'ClusterRoleBinding', version: 'v1' }] }, description: "ClusterRoleBinding references a ClusterRole, but not contain it.  It can reference a ClusterRole in the global namespace, and adds who information via Subject." });

export const rbacSchemas: Record<string, ObjectType> = { Role, ClusterRole, RoleBinding, ClusterRoleBinding };
