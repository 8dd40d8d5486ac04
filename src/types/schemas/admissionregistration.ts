// admissionregistration.k8s.io/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bytes, fieldsOf, int32, int64, list, object, string, type ListType, type MapType, type ObjectType, type Type } from '../schema.js';
import { Condition, LabelSelector, ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.admissionregistration.v1.';

// Go-embedded structs (json:",inline") are spread flat into the outer fields and named in
// protoEmbedded, which protobuf nests under its own number.

export const Rule = object(G + 'Rule', {
  apiGroups: list(string(), { listType: 'atomic' }).proto(1).doc("APIGroups is the API groups the resources belong to. '*' is all groups. If '*' is present, the length of the slice must be one. Required."),
  apiVersions: list(string(), { listType: 'atomic' }).proto(2).doc("APIVersions is the API versions the resources belong to. '*' is all versions. If '*' is present, the length of the slice must be one. Required."),
  resources: list(string(), { listType: 'atomic' }).proto(3).doc('Resources is a list of resources this rule applies to.'),
  scope: string().proto(4).optional().enum(['*', 'Cluster', 'Namespaced']).doc('scope specifies the scope of this rule. Valid values are "Cluster", "Namespaced", and "*" "Cluster" means that only cluster-scoped resources will match this rule. Namespace API objects are cluster-scoped. "Namespaced" means that only namespaced resources will match this rule. "*" means that there are no scope restrictions. Subresources match the scope of their parent resource. Default is "*".'),
}, { description: 'Rule is a tuple of APIGroups, APIVersion, and Resources.It is recommended to make sure that all the tuple expansions are valid.' });

export const RuleWithOperations = object(G + 'RuleWithOperations', {
  operations: list(string().enum(['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE']), { listType: 'atomic' }).proto(1).doc("Operations is the operations the admission hook cares about - CREATE, UPDATE, DELETE, CONNECT or * for all of those operations and any future admission operations that are added. If '*' is present, the length of the slice must be one. Required."),
  ...fieldsOf(Rule),
}, { protoEmbedded: [{ number: 2, name: 'rule', type: Rule }], description: 'RuleWithOperations is a tuple of Operations and Resources. It is recommended to make sure that all the tuple expansions are valid.' });

export const NamedRuleWithOperations = object(G + 'NamedRuleWithOperations', {
  resourceNames: list(string(), { listType: 'atomic' }).proto(1).doc('ResourceNames is an optional white list of names that the rule applies to. An empty set means that everything is allowed.'),
  ...fieldsOf(RuleWithOperations),
}, { mapType: 'atomic', protoEmbedded: [{ number: 2, name: 'ruleWithOperations', type: RuleWithOperations }], description: 'NamedRuleWithOperations is a tuple of Operations and Resources with ResourceNames.' });

export const AuditAnnotation = object(G + 'AuditAnnotation', {
  key: string().proto(1).required().keepEmpty().doc('key specifies the audit annotation key. The audit annotation keys of a ValidatingAdmissionPolicy must be unique. The key must be a qualified name ([A-Za-z0-9][-A-Za-z0-9_.]*) no more than 63 bytes in length.'),
  valueExpression: string().proto(2).required().keepEmpty().doc('valueExpression represents the expression which is evaluated by CEL to produce an audit annotation value. The expression must evaluate to either a string or null value. If the expression evaluates to a string, the audit annotation is included with the string value. If the expression evaluates to null or empty string the audit annotation will be omitted. The valueExpression may be no longer than 5kb in length.'),
}, { description: 'AuditAnnotation describes how to produce an audit annotation for an API request.' });

export const MatchCondition = object(G + 'MatchCondition', {
  name: string().proto(1).required().keepEmpty().doc('Name is an identifier for this match condition, used for strategic merging of MatchConditions, as well as providing an identifier for logging purposes. A good name should be descriptive of the associated expression.'),
  expression: string().proto(2).required().keepEmpty().doc("Expression represents the expression which will be evaluated by CEL. Must evaluate to bool. CEL expressions have access to the contents of the AdmissionRequest and Authorizer, organized into CEL variables: 'object' - The object from the incoming request. The value is null for DELETE requests. 'oldObject' - The existing object. The value is null for CREATE requests. 'request' - Attributes of the admission request(/pkg/apis/admission/types.go#AdmissionRequest). 'authorizer' - A CEL Authorizer."),
}, { description: 'MatchCondition represents a condition which must by fulfilled for a request to be sent to a webhook.' });

export const MatchResources = object(G + 'MatchResources', {
  namespaceSelector: LabelSelector.proto(1).optional().doc('NamespaceSelector decides whether to run the admission control policy on an object based on whether the namespace for that object matches the selector. If the object itself is a namespace, the matching is performed on object.metadata.labels. If the object is another cluster scoped resource, it never skips the policy.'),
  objectSelector: LabelSelector.proto(2).optional().doc('ObjectSelector decides whether to run the validation based on if the object has matching labels. objectSelector is evaluated against both the oldObject and newObject that would be sent to the cel validation, and is considered to match if either object matches the selector. A null object (oldObject in the case of create, or newObject in the case of delete) or an object that cannot have labels (like a DeploymentRollback or a PodProxyOptions object) is not considered to match.'),
  resourceRules: list(NamedRuleWithOperations, { listType: 'atomic' }).proto(3).doc('ResourceRules describes what operations on what resources/subresources the ValidatingAdmissionPolicy matches. The policy cares about an operation if it matches _any_ Rule.'),
  excludeResourceRules: list(NamedRuleWithOperations, { listType: 'atomic' }).proto(4).doc('ExcludeResourceRules describes what operations on what resources/subresources the ValidatingAdmissionPolicy should not care about. The exclude rules take precedence over include rules (if a resource matches both, it is excluded)'),
  matchPolicy: string().proto(7).optional().enum(['Equivalent', 'Exact']).doc('matchPolicy defines how the "MatchResources" list is used to match incoming requests. Allowed values are "Exact" or "Equivalent".'),
}, { mapType: 'atomic', description: 'MatchResources decides whether to run the admission control policy on an object based on whether it meets the match criteria. The exclude rules take precedence over include rules (if a resource matches both, it is excluded)' });

export const ParamKind = object(G + 'ParamKind', {
  apiVersion: string().proto(1).doc('APIVersion is the API group version the resources belong to. In format of "group/version". Required.'),
  kind: string().proto(2).doc('Kind is the API kind the resources belong to. Required.'),
}, { mapType: 'atomic', description: 'ParamKind is a tuple of Group Kind and Version.' });

export const Validation = object(G + 'Validation', {
  expression: string().proto(1).required().keepEmpty().doc("Expression represents the expression which will be evaluated by CEL. ref: https://github.com/google/cel-spec CEL expressions have access to the contents of the API request/response, organized into CEL variables as well as some other useful variables: - 'object' - The object from the incoming request. The value is null for DELETE requests. - 'oldObject' - The existing object. The value is null for CREATE requests."),
  message: string().proto(2).doc('Message represents the message displayed when validation fails. The message is required if the Expression contains line breaks. The message must not contain line breaks. If unset, the message is "failed rule: {Rule}". e.g. "must be a URL with the host matching spec.host" If the Expression contains line breaks. Message is required. The message must not contain line breaks. If unset, the message is "failed Expression: {Expression}".'),
  reason: string().proto(3).optional().doc('Reason represents a machine-readable description of why this validation failed. If this is the first validation in the list to fail, this reason, as well as the corresponding HTTP response code, are used in the HTTP response to the client. The currently supported reasons are: "Unauthorized", "Forbidden", "Invalid", "RequestEntityTooLarge". If not set, StatusReasonInvalid is used in the response to the client.'),
  messageExpression: string().proto(4).doc('messageExpression declares a CEL expression that evaluates to the validation failure message that is returned when this rule fails. Since messageExpression is used as a failure message, it must evaluate to a string. If both message and messageExpression are present on a validation, then messageExpression will be used if validation fails.'),
}, { description: 'Validation specifies the CEL expression which is used to apply the validation.' });

export const Variable = object(G + 'Variable', {
  name: string().proto(1).required().keepEmpty().doc('Name is the name of the variable. The name must be a valid CEL identifier and unique among all variables. The variable can be accessed in other expressions through `variables` For example, if name is "foo", the variable will be available as `variables.foo`'),
  expression: string().proto(2).required().keepEmpty().doc('Expression is the expression that will be evaluated as the value of the variable. The CEL expression has access to the same identifiers as the CEL expressions in Validation.'),
}, { mapType: 'atomic', description: 'Variable is the definition of a variable that is used for composition. A variable is defined as a named expression.' });

export const ValidatingAdmissionPolicySpec = object(G + 'ValidatingAdmissionPolicySpec', {
  paramKind: ParamKind.proto(1).optional().doc('ParamKind specifies the kind of resources used to parameterize this policy. If absent, there are no parameters for this policy and the param CEL variable will not be provided to validation expressions. If ParamKind refers to a non-existent kind, this policy definition is mis-configured and the FailurePolicy is applied. If paramKind is specified but paramRef is unset in ValidatingAdmissionPolicyBinding, the params variable will be null.'),
  matchConstraints: MatchResources.proto(2).optional().doc('MatchConstraints specifies what resources this policy is designed to validate. The AdmissionPolicy cares about a request if it matches _all_ Constraints. However, in order to prevent clusters from being put into an unstable state that cannot be recovered from via the API ValidatingAdmissionPolicy cannot match ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding. Required.'),
  validations: list(Validation, { listType: 'atomic' }).proto(3).doc('Validations contain CEL expressions which is used to apply the validation. Validations and AuditAnnotations may not both be empty; a minimum of one Validations or AuditAnnotations is required.'),
  failurePolicy: string().proto(4).optional().enum(['Fail', 'Ignore']).doc('failurePolicy defines how to handle failures for the admission policy. Failures can occur from CEL expression parse errors, type check errors, runtime errors and invalid or mis-configured policy definitions or bindings.'),
  auditAnnotations: list(AuditAnnotation, { listType: 'atomic' }).proto(5).doc('auditAnnotations contains CEL expressions which are used to produce audit annotations for the audit event of the API request. validations and auditAnnotations may not both be empty; a least one of validations or auditAnnotations is required.'),
  matchConditions: list(MatchCondition, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(6).doc('MatchConditions is a list of conditions that must be met for a request to be validated. Match conditions filter requests that have already been matched by the rules, namespaceSelector, and objectSelector. An empty list of matchConditions matches all requests. There are a maximum of 64 match conditions allowed.'),
  variables: list(Variable, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(7).doc('Variables contain definitions of variables that can be used in composition of other expressions. Each variable is defined as a named CEL expression. The variables defined here will be available under `variables` in other expressions of the policy except MatchConditions because MatchConditions are evaluated before the rest of the policy.'),
}, { description: 'ValidatingAdmissionPolicySpec is the specification of the desired behavior of the AdmissionPolicy.' });

export const ExpressionWarning = object(G + 'ExpressionWarning', {
  fieldRef: string().proto(2).required().keepEmpty().doc('The path to the field that refers the expression. For example, the reference to the expression of the first item of validations is "spec.validations[0].expression"'),
  warning: string().proto(3).required().keepEmpty().doc('The content of type checking information in a human-readable form. Each line of the warning contains the type that the expression is checked against, followed by the type check error from the compiler.'),
}, { description: 'ExpressionWarning is a warning information that targets a specific expression.' });

export const TypeChecking = object(G + 'TypeChecking', {
  expressionWarnings: list(ExpressionWarning, { listType: 'atomic' }).proto(1).doc('The type checking warnings for each expression.'),
}, { description: 'TypeChecking contains results of type checking the expressions in the ValidatingAdmissionPolicy' });

export const ValidatingAdmissionPolicyStatus = object(G + 'ValidatingAdmissionPolicyStatus', {
  observedGeneration: int64().proto(1).doc('The generation observed by the controller.'),
  typeChecking: TypeChecking.proto(2).optional().doc('The results of type checking for each expression. Presence of this field indicates the completion of the type checking.'),
  conditions: list(Condition, { listType: 'map', listMapKeys: ['type'] }).proto(3).doc("The conditions represent the latest available observations of a policy's current state."),
}, { description: 'ValidatingAdmissionPolicyStatus represents the status of an admission validation policy.' });

export const ValidatingAdmissionPolicy = object(G + 'ValidatingAdmissionPolicy', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
  spec: ValidatingAdmissionPolicySpec.proto(2).doc('Specification of the desired behavior of the ValidatingAdmissionPolicy.'),
  status: ValidatingAdmissionPolicyStatus.proto(3).doc('The status of the ValidatingAdmissionPolicy, including warnings that are useful to determine if the policy behaves in the expected way. Populated by the system. Read-only.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'ValidatingAdmissionPolicy', version: 'v1' }] }, description: 'ValidatingAdmissionPolicy describes the definition of an admission validation policy that accepts or rejects an object without changing it.' });

export const ParamRef = object(G + 'ParamRef', {
  name: string().proto(1).doc('name is the name of the resource being referenced.'),
  namespace: string().proto(2).doc('namespace is the namespace of the referenced resource. Allows limiting the search for params to a specific namespace. Applies to both `name` and `selector` fields.'),
  selector: LabelSelector.proto(3).optional().doc('selector can be used to match multiple param objects based on their labels. Supply selector: {} to match all resources of the ParamKind.'),
  parameterNotFoundAction: string().proto(4).optional().doc('`parameterNotFoundAction` controls the behavior of the binding when the resource exists, and name or selector is valid, but there are no parameters matched by the binding. If the value is set to `Allow`, then no matched parameters will be treated as successful validation by the binding. If set to `Deny`, then no matched parameters will be subject to the `failurePolicy` of the policy.'),
}, { mapType: 'atomic', description: 'ParamRef describes how to locate the params to be used as input to expressions of rules applied by a policy binding.' });

export const ValidatingAdmissionPolicyBindingSpec = object(G + 'ValidatingAdmissionPolicyBindingSpec', {
  policyName: string().proto(1).doc('PolicyName references a ValidatingAdmissionPolicy name which the ValidatingAdmissionPolicyBinding binds to. If the referenced resource does not exist, this binding is considered invalid and will be ignored Required.'),
  paramRef: ParamRef.proto(2).optional().doc('paramRef specifies the parameter resource used to configure the admission control policy. It should point to a resource of the type specified in ParamKind of the bound ValidatingAdmissionPolicy. If the policy specifies a ParamKind and the resource referred to by ParamRef does not exist, this binding is considered mis-configured and the FailurePolicy of the ValidatingAdmissionPolicy applied.'),
  matchResources: MatchResources.proto(3).optional().doc("MatchResources declares what resources match this binding and will be validated by it. Note that this is intersected with the policy's matchConstraints, so only requests that are matched by the policy can be selected by this. If this is unset, all resources matched by the policy are validated by this binding When resourceRules is unset, it does not constrain resource matching. If a resource is matched by the other fields of this object, it will be validated."),
  validationActions: list(string().enum(['Audit', 'Deny', 'Warn']), { listType: 'set' }).proto(4).doc('validationActions declares how Validations of the referenced ValidatingAdmissionPolicy are enforced. If a validation evaluates to false it is always enforced according to these actions.'),
}, { description: 'ValidatingAdmissionPolicyBindingSpec is the specification of the ValidatingAdmissionPolicyBinding.' });

export const ValidatingAdmissionPolicyBinding = object(G + 'ValidatingAdmissionPolicyBinding', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
  spec: ValidatingAdmissionPolicyBindingSpec.proto(2).doc('Specification of the desired behavior of the ValidatingAdmissionPolicyBinding.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'ValidatingAdmissionPolicyBinding', version: 'v1' }] }, description: 'ValidatingAdmissionPolicyBinding binds the ValidatingAdmissionPolicy with paramerized resources. ValidatingAdmissionPolicyBinding and parameter CRDs together define how cluster administrators configure policies for clusters.' });

export const ServiceReference = object(G + 'ServiceReference', {
  namespace: string().proto(1).required().keepEmpty().doc('`namespace` is the namespace of the service. Required'),
  name: string().proto(2).required().keepEmpty().doc('`name` is the name of the service. Required'),
  path: string().proto(3).optional().doc('`path` is an optional URL path which will be sent in any request to this service.'),
  port: int32().proto(4).optional().doc('If specified, the port on the service that hosting webhook. Default to 443 for backward compatibility. `port` should be a valid port number (1-65535, inclusive).'),
}, { description: 'ServiceReference holds a reference to Service.legacy.k8s.io' });

export const WebhookClientConfig = object(G + 'WebhookClientConfig', {
  url: string().proto(3).optional().doc('`url` gives the location of the webhook, in standard URL form (`scheme://host:port/path`). Exactly one of `url` or `service` must be specified.'),
  service: ServiceReference.proto(1).optional().doc('`service` is a reference to the service for this webhook. Either `service` or `url` must be specified.'),
  caBundle: bytes().proto(2).doc("`caBundle` is a PEM encoded CA bundle which will be used to validate the webhook's server certificate. If unspecified, system trust roots on the apiserver are used."),
}, { description: 'WebhookClientConfig contains the information to make a TLS connection with the webhook' });

export const ValidatingWebhook = object(G + 'ValidatingWebhook', {
  name: string().proto(1).required().keepEmpty().doc('The name of the admission webhook. Name should be fully qualified, e.g., imagepolicy.kubernetes.io, where "imagepolicy" is the name of the webhook, and kubernetes.io is the name of the organization. Required.'),
  clientConfig: WebhookClientConfig.proto(2).required().keepEmpty().doc('ClientConfig defines how to communicate with the hook. Required'),
  rules: list(RuleWithOperations, { listType: 'atomic' }).proto(3).doc('Rules describes what operations on what resources/subresources the webhook cares about. The webhook cares about an operation if it matches _any_ Rule.'),
  failurePolicy: string().proto(4).optional().enum(['Fail', 'Ignore']).doc('FailurePolicy defines how unrecognized errors from the admission endpoint are handled - allowed values are Ignore or Fail. Defaults to Fail.'),
  matchPolicy: string().proto(9).optional().enum(['Equivalent', 'Exact']).doc('matchPolicy defines how the "rules" list is used to match incoming requests. Allowed values are "Exact" or "Equivalent".'),
  namespaceSelector: LabelSelector.proto(5).optional().doc('NamespaceSelector decides whether to run the webhook on an object based on whether the namespace for that object matches the selector. If the object itself is a namespace, the matching is performed on object.metadata.labels. If the object is another cluster scoped resource, it never skips the webhook.'),
  objectSelector: LabelSelector.proto(10).optional().doc('ObjectSelector decides whether to run the webhook based on if the object has matching labels. objectSelector is evaluated against both the oldObject and newObject that would be sent to the webhook, and is considered to match if either object matches the selector. A null object (oldObject in the case of create, or newObject in the case of delete) or an object that cannot have labels (like a DeploymentRollback or a PodProxyOptions object) is not considered to match.'),
  sideEffects: string().proto(6).required().optional().keepEmpty().enum(['None', 'NoneOnDryRun', 'Some', 'Unknown']).doc('SideEffects states whether this webhook has side effects. Acceptable values are: None, NoneOnDryRun (webhooks created via v1beta1 may also specify Some or Unknown). Webhooks with side effects MUST implement a reconciliation system, since a request may be rejected by a future step in the admission chain and the side effects therefore need to be undone. Requests with the dryRun attribute will be auto-rejected if they match a webhook with sideEffects == Unknown or Some.'),
  timeoutSeconds: int32().proto(7).optional().doc('TimeoutSeconds specifies the timeout for this webhook. After the timeout passes, the webhook call will be ignored or the API call will fail based on the failure policy. The timeout value must be between 1 and 30 seconds. Default to 10 seconds.'),
  admissionReviewVersions: list(string(), { listType: 'atomic' }).proto(8).required().keepEmpty().doc('AdmissionReviewVersions is an ordered list of preferred `AdmissionReview` versions the Webhook expects. API server will try to use first version in the list which it supports. If none of the versions specified in this list supported by API server, validation will fail for this object. If a persisted webhook configuration specifies allowed versions and does not include any versions known to the API Server, calls to the webhook will fail and be subject to the failure policy.'),
  matchConditions: list(MatchCondition, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(11).doc('MatchConditions is a list of conditions that must be met for a request to be sent to this webhook. Match conditions filter requests that have already been matched by the rules, namespaceSelector, and objectSelector. An empty list of matchConditions matches all requests. There are a maximum of 64 match conditions allowed.'),
}, { description: 'ValidatingWebhook describes an admission webhook and the resources and operations it applies to.' });

export const ValidatingWebhookConfiguration = object(G + 'ValidatingWebhookConfiguration', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
  webhooks: list(ValidatingWebhook, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(2).doc('Webhooks is a list of webhooks and the affected resources and operations.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'ValidatingWebhookConfiguration', version: 'v1' }] }, description: 'ValidatingWebhookConfiguration describes the configuration of and admission webhook that accept or reject and object without changing it.' });

export const MutatingWebhook = object(G + 'MutatingWebhook', {
  name: string().proto(1).required().keepEmpty().doc('The name of the admission webhook. Name should be fully qualified, e.g., imagepolicy.kubernetes.io, where "imagepolicy" is the name of the webhook, and kubernetes.io is the name of the organization. Required.'),
  clientConfig: WebhookClientConfig.proto(2).required().keepEmpty().doc('ClientConfig defines how to communicate with the hook. Required'),
  rules: list(RuleWithOperations, { listType: 'atomic' }).proto(3).doc('Rules describes what operations on what resources/subresources the webhook cares about. The webhook cares about an operation if it matches _any_ Rule.'),
  failurePolicy: string().proto(4).optional().enum(['Fail', 'Ignore']).doc('FailurePolicy defines how unrecognized errors from the admission endpoint are handled - allowed values are Ignore or Fail. Defaults to Fail.'),
  matchPolicy: string().proto(9).optional().enum(['Equivalent', 'Exact']).doc('matchPolicy defines how the "rules" list is used to match incoming requests. Allowed values are "Exact" or "Equivalent".'),
  namespaceSelector: LabelSelector.proto(5).optional().doc('NamespaceSelector decides whether to run the webhook on an object based on whether the namespace for that object matches the selector. If the object itself is a namespace, the matching is performed on object.metadata.labels. If the object is another cluster scoped resource, it never skips the webhook.'),
  objectSelector: LabelSelector.proto(11).optional().doc('ObjectSelector decides whether to run the webhook based on if the object has matching labels. objectSelector is evaluated against both the oldObject and newObject that would be sent to the webhook, and is considered to match if either object matches the selector. A null object (oldObject in the case of create, or newObject in the case of delete) or an object that cannot have labels (like a DeploymentRollback or a PodProxyOptions object) is not considered to match.'),
  sideEffects: string().proto(6).required().optional().keepEmpty().enum(['None', 'NoneOnDryRun', 'Some', 'Unknown']).doc('SideEffects states whether this webhook has side effects. Acceptable values are: None, NoneOnDryRun (webhooks created via v1beta1 may also specify Some or Unknown). Webhooks with side effects MUST implement a reconciliation system, since a request may be rejected by a future step in the admission chain and the side effects therefore need to be undone. Requests with the dryRun attribute will be auto-rejected if they match a webhook with sideEffects == Unknown or Some.'),
  timeoutSeconds: int32().proto(7).optional().doc('TimeoutSeconds specifies the timeout for this webhook. After the timeout passes, the webhook call will be ignored or the API call will fail based on the failure policy. The timeout value must be between 1 and 30 seconds. Default to 10 seconds.'),
  admissionReviewVersions: list(string(), { listType: 'atomic' }).proto(8).required().keepEmpty().doc('AdmissionReviewVersions is an ordered list of preferred `AdmissionReview` versions the Webhook expects. API server will try to use first version in the list which it supports. If none of the versions specified in this list supported by API server, validation will fail for this object. If a persisted webhook configuration specifies allowed versions and does not include any versions known to the API Server, calls to the webhook will fail and be subject to the failure policy.'),
  reinvocationPolicy: string().proto(10).optional().enum(['IfNeeded', 'Never']).doc('reinvocationPolicy indicates whether this webhook should be called multiple times as part of a single admission evaluation. Allowed values are "Never" and "IfNeeded".'),
  matchConditions: list(MatchCondition, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(12).doc('MatchConditions is a list of conditions that must be met for a request to be sent to this webhook. Match conditions filter requests that have already been matched by the rules, namespaceSelector, and objectSelector. An empty list of matchConditions matches all requests. There are a maximum of 64 match conditions allowed.'),
}, { description: 'MutatingWebhook describes an admission webhook and the resources and operations it applies to.' });

export const MutatingWebhookConfiguration = object(G + 'MutatingWebhookConfiguration', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
  webhooks: list(MutatingWebhook, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(2).doc('Webhooks is a list of webhooks and the affected resources and operations.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'MutatingWebhookConfiguration', version: 'v1' }] }, description: 'MutatingWebhookConfiguration describes the configuration of and admission webhook that accept or reject and may change the object.' });

export const admissionregistrationSchemas: Record<string, ObjectType> = { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding, ValidatingWebhookConfiguration, MutatingWebhookConfiguration };

// admissionregistration.k8s.io/v1beta1 and v1alpha1 MutatingAdmissionPolicy and its binding
// (k8s.io/api admissionregistration/v1beta1/types.go; v1alpha1 has the same shape). The
// structs shared with v1 (MatchResources, ParamKind, ParamRef, MatchCondition, Variable and
// the rules in them) have the same JSON and protobuf shape: each version gets them renamed
// into its own package, as upstream's OpenAPI names them.

/** A copy of `t` whose object types named in package `from` are named in package `to` (memoized per target). */
function inPackage(t: Type, from: string, to: string, seen: Map<Type, Type>): Type {
  const done = seen.get(t);
  if (done) return done;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(t) as object) as Type, t);
  seen.set(t, copy);
  if (copy.kind === 'object') {
    const o = t as ObjectType;
    if (o.name.startsWith(from)) (copy as ObjectType).name = to + o.name.slice(from.length);
    const fields = fieldsOf(o);
    (copy as ObjectType).fields = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, inPackage(f, from, to, seen)]));
    if (o.protoEmbedded) (copy as ObjectType).protoEmbedded = o.protoEmbedded.map((e) => ({ ...e, type: inPackage(e.type, from, to, seen) as ObjectType }));
  } else if (copy.kind === 'list') copy.items = inPackage((t as ListType).items, from, to, seen);
  else if (copy.kind === 'map') copy.values = inPackage((t as MapType).values, from, to, seen);
  return copy;
}

function mutatingAdmissionPolicySchemas(version: string): { MutatingAdmissionPolicy: ObjectType; MutatingAdmissionPolicyBinding: ObjectType } {
  const P = `io.k8s.api.admissionregistration.${version}.`;
  const seen = new Map<Type, Type>();
  const shared = <T extends Type>(t: T): T => inPackage(t, G, P, seen) as T;
  const ApplyConfiguration = object(P + 'ApplyConfiguration', {
    expression: string().proto(1).doc('expression will be evaluated by CEL to create an apply configuration. The expression must return an Object; Object{...} initializers name the object type and its nested fields (Object.spec{...}).'),
  }, { description: 'ApplyConfiguration defines the desired configuration values of an object.' });

  const JSONPatch = object(P + 'JSONPatch', {
    expression: string().proto(1).doc('expression will be evaluated by CEL to create a JSON patch (RFC 6902). The expression must return an array of JSONPatch values.'),
  }, { description: 'JSONPatch defines a JSON Patch.' });

  const Mutation = object(P + 'Mutation', {
    patchType: string().proto(2).required().keepEmpty().enum(['ApplyConfiguration', 'JSONPatch']).doc('patchType indicates the patch strategy used. Allowed values are "ApplyConfiguration" and "JSONPatch". Required.'),
    applyConfiguration: ApplyConfiguration.proto(3).optional().doc('applyConfiguration defines the desired configuration values of an object.'),
    jsonPatch: JSONPatch.proto(4).optional().doc('jsonPatch defines a JSON patch operation to perform a mutation to the object.'),
  }, { description: 'Mutation specifies the CEL expression which is used to apply the Mutation.' });

  const MutatingAdmissionPolicySpec = object(P + 'MutatingAdmissionPolicySpec', {
    paramKind: shared(ParamKind).proto(1).optional().doc('paramKind specifies the kind of resources used to parameterize this policy. If absent, there are no parameters for this policy and the param CEL variable will not be provided to validation expressions.'),
    matchConstraints: shared(MatchResources).proto(2).optional().doc('matchConstraints specifies what resources this policy is designed to validate. The MutatingAdmissionPolicy cares about a request if it matches _all_ Constraints. Required.'),
    variables: list(shared(Variable), { listType: 'atomic' }).proto(3).doc('variables contain definitions of variables that can be used in composition of other expressions.'),
    mutations: list(Mutation, { listType: 'atomic' }).proto(4).doc('mutations contain operations to perform on matching objects. mutations may not be empty; a minimum of one mutation is required.'),
    failurePolicy: string().proto(5).optional().enum(['Fail', 'Ignore']).doc('failurePolicy defines how to handle failures for the admission policy. Allowed values are Ignore or Fail. Defaults to Fail.'),
    matchConditions: list(shared(MatchCondition), { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).proto(6).doc('matchConditions is a list of conditions that must be met for a request to be validated. There are a maximum of 64 match conditions allowed.'),
    reinvocationPolicy: string().proto(7).enum(['IfNeeded', 'Never']).doc('reinvocationPolicy indicates whether mutations may be called multiple times per MutatingAdmissionPolicyBinding as part of a single admission evaluation. Allowed values are "Never" and "IfNeeded".'),
  }, { description: 'MutatingAdmissionPolicySpec is the specification of the desired behavior of the admission policy.' });

  const MutatingAdmissionPolicy = object(P + 'MutatingAdmissionPolicy', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
    spec: MutatingAdmissionPolicySpec.proto(2).doc('Specification of the desired behavior of the MutatingAdmissionPolicy.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'MutatingAdmissionPolicy', version }] }, description: 'MutatingAdmissionPolicy describes the definition of an admission mutation policy that mutates the object coming into admission chain.' });

  const MutatingAdmissionPolicyBindingSpec = object(P + 'MutatingAdmissionPolicyBindingSpec', {
    policyName: string().proto(1).doc('policyName references a MutatingAdmissionPolicy name which the MutatingAdmissionPolicyBinding binds to. If the referenced resource does not exist, this binding is considered invalid and will be ignored Required.'),
    paramRef: shared(ParamRef).proto(2).optional().doc('paramRef specifies the parameter resource used to configure the admission control policy.'),
    matchResources: shared(MatchResources).proto(3).optional().doc("matchResources limits what resources match this binding and may be mutated by it. Note that if matchResources matches a resource, the resource must also match a policy's matchConstraints and matchConditions before the resource may be mutated."),
  }, { description: 'MutatingAdmissionPolicyBindingSpec is the specification of the MutatingAdmissionPolicyBinding.' });

  const MutatingAdmissionPolicyBinding = object(P + 'MutatingAdmissionPolicyBinding', {
    ...typeMeta,
    metadata: ObjectMeta.proto(1).doc('Standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.'),
    spec: MutatingAdmissionPolicyBindingSpec.proto(2).doc('Specification of the desired behavior of the MutatingAdmissionPolicyBinding.'),
  }, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'admissionregistration.k8s.io', kind: 'MutatingAdmissionPolicyBinding', version }] }, description: 'MutatingAdmissionPolicyBinding binds the MutatingAdmissionPolicy with parametrized resources.' });
  return { MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding };
}

export const admissionregistrationV1beta1 = mutatingAdmissionPolicySchemas('v1beta1');
export const admissionregistrationV1alpha1 = mutatingAdmissionPolicySchemas('v1alpha1');
