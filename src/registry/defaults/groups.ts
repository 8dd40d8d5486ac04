// Defaulters of the other API groups (v1.34 pkg/apis/<group>/v1/defaults.go):
// flowcontrol, networking, admissionregistration, rbac, and the groups whose schemas are
// still to be declared (scheduling, storage, discovery, autoscaling, apiextensions,
// apiregistration), which take effect once those schemas exist.

import { defaultPtr, defaultValue, isEmpty, ptrStruct, structField, type JsonObject, type TypeDefaulter } from './util.js';

const FC = 'io.k8s.api.flowcontrol.v1.';
const NET = 'io.k8s.api.networking.v1.';
const AR = 'io.k8s.api.admissionregistration.v1.';
const RBAC = 'io.k8s.api.rbac.v1.';
const RBAC_GROUP = 'rbac.authorization.k8s.io';

function queuing(obj: JsonObject): void {
  defaultValue(obj, 'handSize', 8);
  defaultValue(obj, 'queues', 64);
  defaultValue(obj, 'queueLengthLimit', 50);
}

function networkPolicy(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  if (isEmpty(spec.policyTypes)) {
    spec.policyTypes = isEmpty(spec.egress) ? ['Ingress'] : ['Ingress', 'Egress'];
  }
}

function webhook(obj: JsonObject): void {
  defaultPtr(obj, 'failurePolicy', 'Fail');
  defaultPtr(obj, 'matchPolicy', 'Equivalent');
  defaultPtr(obj, 'namespaceSelector', {});
  defaultPtr(obj, 'objectSelector', {});
  defaultPtr(obj, 'timeoutSeconds', 10);
}

function matchResources(obj: JsonObject): void {
  defaultPtr(obj, 'matchPolicy', 'Equivalent');
  defaultPtr(obj, 'namespaceSelector', {});
  defaultPtr(obj, 'objectSelector', {});
}

function roleBinding(obj: JsonObject): void {
  defaultValue(structField(obj, 'roleRef'), 'apiGroup', RBAC_GROUP);
}

function rbacSubject(obj: JsonObject): void {
  if (obj.apiGroup) return;
  if (obj.kind === 'ServiceAccount') obj.apiGroup = '';
  else if (obj.kind === 'User' || obj.kind === 'Group') obj.apiGroup = RBAC_GROUP;
}

const port443 = (o: JsonObject) => defaultPtr(o, 'port', 443);

function csiDriver(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultPtr(spec, 'attachRequired', true);
  defaultPtr(spec, 'podInfoOnMount', false);
  defaultPtr(spec, 'storageCapacity', false);
  defaultPtr(spec, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
  if (isEmpty(spec.volumeLifecycleModes)) spec.volumeLifecycleModes = ['Persistent'];
  defaultPtr(spec, 'requiresRepublish', false);
  defaultPtr(spec, 'seLinuxMount', false);
}

function hpaV2(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultPtr(spec, 'minReplicas', 1);
  if (isEmpty(spec.metrics)) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
  }
}

/** resource.k8s.io (pkg/apis/resource/v1/defaults.go): a request for devices asks for exactly one by default. */
function deviceRequestMode(obj: JsonObject): void {
  if (!obj.allocationMode) obj.allocationMode = 'ExactCount';
  if (obj.allocationMode === 'ExactCount' && !obj.count) obj.count = 1;
}

/** v1beta1's request is flat: defaulted like ExactDeviceRequest unless it has subrequests. */
function deviceRequestV1beta1(obj: JsonObject): void {
  if (Array.isArray(obj.firstAvailable) && obj.firstAvailable.length > 0) return;
  deviceRequestMode(obj);
}

function crdSpec(obj: JsonObject): void {
  const names = ptrStruct(obj, 'names');
  if (names && typeof names.kind === 'string') {
    if (!names.singular) names.singular = names.kind.toLowerCase();
    if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  }
  defaultPtr(obj, 'conversion', { strategy: 'None' });
}

export const groupDefaulters: Record<string, TypeDefaulter> = {
  // flowcontrol.apiserver.k8s.io/v1
  [FC + 'FlowSchemaSpec']: (o) => defaultValue(o, 'matchingPrecedence', 1000),
  [FC + 'ExemptPriorityLevelConfiguration']: (o) => {
    defaultPtr(o, 'nominalConcurrencyShares', 0);
    defaultPtr(o, 'lendablePercent', 0);
  },
  // nominalConcurrencyShares is a pointer in v1: an explicit 0 is kept.
  [FC + 'LimitedPriorityLevelConfiguration']: (o) => {
    defaultPtr(o, 'nominalConcurrencyShares', 30);
    defaultPtr(o, 'lendablePercent', 0);
  },
  [FC + 'QueuingConfiguration']: queuing,

  // networking.k8s.io/v1
  [NET + 'NetworkPolicyPort']: (o) => defaultPtr(o, 'protocol', 'TCP'),
  [NET + 'NetworkPolicy']: networkPolicy,
  [NET + 'IngressClass']: (o) => {
    const spec = ptrStruct(o, 'spec');
    const params = spec && ptrStruct(spec, 'parameters');
    if (params) defaultPtr(params, 'scope', 'Cluster');
  },

  // admissionregistration.k8s.io/v1
  [AR + 'ValidatingWebhook']: webhook,
  [AR + 'MutatingWebhook']: (o) => {
    webhook(o);
    defaultPtr(o, 'reinvocationPolicy', 'Never');
  },
  // Rule is embedded in RuleWithOperations and NamedRuleWithOperations.
  [AR + 'Rule']: (o) => defaultPtr(o, 'scope', '*'),
  [AR + 'ServiceReference']: port443,
  [AR + 'ValidatingAdmissionPolicySpec']: (o) => defaultPtr(o, 'failurePolicy', 'Fail'),
  [AR + 'MatchResources']: matchResources,
  // admissionregistration.k8s.io/v1beta1 and v1alpha1 MutatingAdmissionPolicy(Binding)
  // (v1beta1/defaults.go; reinvocationPolicy has no default: validation requires it).
  ...Object.fromEntries(['v1beta1', 'v1alpha1'].flatMap((v): [string, TypeDefaulter][] => [
    [`io.k8s.api.admissionregistration.${v}.MutatingAdmissionPolicySpec`, (o) => defaultPtr(o, 'failurePolicy', 'Fail')],
    [`io.k8s.api.admissionregistration.${v}.MatchResources`, matchResources],
    [`io.k8s.api.admissionregistration.${v}.Rule`, (o) => defaultPtr(o, 'scope', '*')],
  ])),

  // rbac.authorization.k8s.io/v1
  [RBAC + 'RoleBinding']: roleBinding,
  [RBAC + 'ClusterRoleBinding']: roleBinding,
  [RBAC + 'Subject']: rbacSubject,

  // Groups without schemas yet.
  'io.k8s.api.scheduling.v1.PriorityClass': (o) => defaultPtr(o, 'preemptionPolicy', 'PreemptLowerPriority'),
  'io.k8s.api.storage.v1.StorageClass': (o) => {
    defaultPtr(o, 'reclaimPolicy', 'Delete');
    defaultPtr(o, 'volumeBindingMode', 'Immediate');
  },
  'io.k8s.api.storage.v1.CSIDriver': csiDriver,
  'io.k8s.api.resource.v1.ExactDeviceRequest': deviceRequestMode,
  'io.k8s.api.resource.v1.DeviceSubRequest': deviceRequestMode,
  'io.k8s.api.resource.v1beta2.ExactDeviceRequest': deviceRequestMode,
  'io.k8s.api.resource.v1beta2.DeviceSubRequest': deviceRequestMode,
  'io.k8s.api.resource.v1beta1.DeviceRequest': deviceRequestV1beta1,
  'io.k8s.api.resource.v1beta1.DeviceSubRequest': deviceRequestMode,
  'io.k8s.api.discovery.v1.EndpointPort': (o) => {
    defaultPtr(o, 'name', '');
    defaultPtr(o, 'protocol', 'TCP');
  },
  'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler': (o) => defaultPtr(structField(o, 'spec'), 'minReplicas', 1),
  'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler': hpaV2,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinitionSpec': crdSpec,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.ServiceReference': port443,
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.ServiceReference': port443,
};

