// A minimal valid object of every built-in kind that can be created, with the
// collection it is POSTed to. Used to compare what skiff stores and returns with what
// kube-apiserver does for the same request.

export interface MinimalObject {
  /** Collection path; `{ns}` stands for the test namespace. */
  path: string;
  body: Record<string, unknown>;
}

const pod = { containers: [{ name: 'c', image: 'busybox' }] };
const template = { metadata: { labels: { app: 'x' } }, spec: pod };
const selector = { matchLabels: { app: 'x' } };
const CSR_PEM = [
  '-----BEGIN CERTIFICATE REQUEST-----',
  'MIHcMIGDAgEAMCExDjAMBgNVBAMMBWFsaWNlMQ8wDQYDVQQKDAZkZXZvcHMwWTAT',
  'BgcqhkjOPQIBBggqhkjOPQMBBwNCAATeeTkSNNczbRa4Upc9bJfjbpOEL2MQv6sP',
  'Iq2swAVzir/Z0sr+i6Ou3oy2hDrgD7PVaNaRN9inEcQD1fZXp1nCoAAwCgYIKoZI',
  'zj0EAwIDSAAwRQIgMl7/APk4GtxkjD5DIUCWl3nwb7PAe0DxPQPBRdoQYNUCIQDt',
  'HtvlZH0eEfhqLzG40df5iq8HQdKkXUtcrGXGAsQO9Q==',
  '-----END CERTIFICATE REQUEST-----',
  '',
].join('\n');

export const MINIMAL_OBJECTS: Record<string, MinimalObject> = {
  ConfigMap: { path: '/api/v1/namespaces/{ns}/configmaps', body: { metadata: { name: 'm' }, data: { k: 'v' } } },
  Secret: { path: '/api/v1/namespaces/{ns}/secrets', body: { metadata: { name: 'm' }, stringData: { k: 'v' } } },
  ServiceAccount: { path: '/api/v1/namespaces/{ns}/serviceaccounts', body: { metadata: { name: 'm' } } },
  Event: { path: '/api/v1/namespaces/{ns}/events', body: { metadata: { name: 'm' }, involvedObject: { kind: 'Pod', name: 'p', namespace: '{ns}' }, reason: 'R', message: 'msg' } },
  Pod: { path: '/api/v1/namespaces/{ns}/pods', body: { metadata: { name: 'm' }, spec: { ...pod, automountServiceAccountToken: false } } },
  Service: { path: '/api/v1/namespaces/{ns}/services', body: { metadata: { name: 'm' }, spec: { ports: [{ port: 80 }], selector: { app: 'x' } } } },
  HeadlessService: { path: '/api/v1/namespaces/{ns}/services', body: { metadata: { name: 'h' }, spec: { clusterIP: 'None', ports: [{ port: 80 }], selector: { app: 'x' } } } },
  Endpoints: { path: '/api/v1/namespaces/{ns}/endpoints', body: { metadata: { name: 'm' }, subsets: [{ addresses: [{ ip: '10.1.2.3' }], ports: [{ port: 80 }] }] } },
  Node: { path: '/api/v1/nodes', body: { metadata: { name: 'gofields-node' } } },
  LimitRange: { path: '/api/v1/namespaces/{ns}/limitranges', body: { metadata: { name: 'm' }, spec: { limits: [{ type: 'Container', max: { cpu: '1' } }] } } },
  ResourceQuota: { path: '/api/v1/namespaces/{ns}/resourcequotas', body: { metadata: { name: 'm' }, spec: { hard: { pods: '10' } } } },
  PersistentVolume: { path: '/api/v1/persistentvolumes', body: { metadata: { name: 'gofields-pv' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } } } },
  PersistentVolumeClaim: { path: '/api/v1/namespaces/{ns}/persistentvolumeclaims', body: { metadata: { name: 'm' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } },
  ReplicationController: { path: '/api/v1/namespaces/{ns}/replicationcontrollers', body: { metadata: { name: 'm' }, spec: { selector: { app: 'x' }, template } } },
  PodTemplate: { path: '/api/v1/namespaces/{ns}/podtemplates', body: { metadata: { name: 'm' }, template } },
  Deployment: { path: '/apis/apps/v1/namespaces/{ns}/deployments', body: { metadata: { name: 'm' }, spec: { selector, template } } },
  ReplicaSet: { path: '/apis/apps/v1/namespaces/{ns}/replicasets', body: { metadata: { name: 'm' }, spec: { selector, template } } },
  StatefulSet: {
    path: '/apis/apps/v1/namespaces/{ns}/statefulsets',
    body: { metadata: { name: 'm' }, spec: { selector, template, serviceName: 's', volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } },
  },
  DaemonSet: { path: '/apis/apps/v1/namespaces/{ns}/daemonsets', body: { metadata: { name: 'm' }, spec: { selector, template } } },
  ControllerRevision: { path: '/apis/apps/v1/namespaces/{ns}/controllerrevisions', body: { metadata: { name: 'm' }, data: { a: 1 }, revision: 1 } },
  Job: { path: '/apis/batch/v1/namespaces/{ns}/jobs', body: { metadata: { name: 'm' }, spec: { template: { spec: { ...pod, restartPolicy: 'Never' } } } } },
  CronJob: { path: '/apis/batch/v1/namespaces/{ns}/cronjobs', body: { metadata: { name: 'm' }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { ...pod, restartPolicy: 'Never' } } } } } } },
  Lease: { path: '/apis/coordination.k8s.io/v1/namespaces/{ns}/leases', body: { metadata: { name: 'm' }, spec: { holderIdentity: 'h' } } },
  PodDisruptionBudget: { path: '/apis/policy/v1/namespaces/{ns}/poddisruptionbudgets', body: { metadata: { name: 'm' }, spec: { selector, minAvailable: 1 } } },
  NetworkPolicy: { path: '/apis/networking.k8s.io/v1/namespaces/{ns}/networkpolicies', body: { metadata: { name: 'm' }, spec: { podSelector: {} } } },
  Ingress: { path: '/apis/networking.k8s.io/v1/namespaces/{ns}/ingresses', body: { metadata: { name: 'm' }, spec: { defaultBackend: { service: { name: 's', port: { number: 80 } } } } } },
  IngressClass: { path: '/apis/networking.k8s.io/v1/ingressclasses', body: { metadata: { name: 'gofields-ic' }, spec: { controller: 'example.com/c' } } },
  ClusterRoleBinding: {
    path: '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings',
    body: { metadata: { name: 'gofields-crb' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'ServiceAccount', name: 'sa', namespace: 'default' }] },
  },
  ClusterRole: { path: '/apis/rbac.authorization.k8s.io/v1/clusterroles', body: { metadata: { name: 'gofields-cr' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] } },
  AggregatedClusterRole: { path: '/apis/rbac.authorization.k8s.io/v1/clusterroles', body: { metadata: { name: 'gofields-agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { agg: 'x' } }] } } },
  RoleBinding: {
    path: '/apis/rbac.authorization.k8s.io/v1/namespaces/{ns}/rolebindings',
    body: { metadata: { name: 'm' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'ServiceAccount', name: 'sa' }, { kind: 'User', name: 'u', apiGroup: 'rbac.authorization.k8s.io' }] },
  },
  Role: { path: '/apis/rbac.authorization.k8s.io/v1/namespaces/{ns}/roles', body: { metadata: { name: 'm' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] } },
  FlowSchema: { path: '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', body: { metadata: { name: 'gofields-fs' }, spec: { priorityLevelConfiguration: { name: 'global-default' } } } },
  PriorityLevelConfiguration: { path: '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', body: { metadata: { name: 'gofields-pl' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } } },
  ValidatingAdmissionPolicy: {
    path: '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies',
    body: { metadata: { name: 'gofields-vap' }, spec: { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] }, validations: [{ expression: 'true' }] } },
  },
  ValidatingAdmissionPolicyBinding: { path: '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings', body: { metadata: { name: 'gofields-vapb' }, spec: { policyName: 'p', validationActions: ['Deny'] } } },
  APIService: { path: '/apis/apiregistration.k8s.io/v1/apiservices', body: { metadata: { name: 'v1.gofields.example.com' }, spec: { group: 'gofields.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } } },
  HorizontalPodAutoscaler: { path: '/apis/autoscaling/v2/namespaces/{ns}/horizontalpodautoscalers', body: { metadata: { name: 'm' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, maxReplicas: 3 } } },
  CertificateSigningRequest: { path: '/apis/certificates.k8s.io/v1/certificatesigningrequests', body: { metadata: { name: 'gofields-csr' }, spec: { request: Buffer.from(CSR_PEM).toString('base64'), signerName: 'example.com/s', usages: ['client auth'] } } },
  CSIDriver: { path: '/apis/storage.k8s.io/v1/csidrivers', body: { metadata: { name: 'gofields.csi.example.com' }, spec: {} } },
  CSINode: { path: '/apis/storage.k8s.io/v1/csinodes', body: { metadata: { name: 'gofields-node' }, spec: { drivers: [{ name: 'd.example.com', nodeID: 'n' }] } } },
  CSIStorageCapacity: { path: '/apis/storage.k8s.io/v1/namespaces/{ns}/csistoragecapacities', body: { metadata: { name: 'm' }, storageClassName: 'sc' } },
  StorageClass: { path: '/apis/storage.k8s.io/v1/storageclasses', body: { metadata: { name: 'gofields-sc' }, provisioner: 'example.com/p' } },
  VolumeAttachment: { path: '/apis/storage.k8s.io/v1/volumeattachments', body: { metadata: { name: 'gofields-va' }, spec: { attacher: 'a.example.com', nodeName: 'n', source: { persistentVolumeName: 'pv' } } } },
  MutatingWebhookConfiguration: {
    path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
    body: { metadata: { name: 'gofields-mwc' }, webhooks: [{ name: 'w.example.com', clientConfig: { url: 'https://example.com/w' }, sideEffects: 'None', admissionReviewVersions: ['v1'] }] },
  },
  ValidatingWebhookConfiguration: {
    path: '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
    body: { metadata: { name: 'gofields-vwc' }, webhooks: [{ name: 'w.example.com', clientConfig: { url: 'https://example.com/w' }, sideEffects: 'None', admissionReviewVersions: ['v1'] }] },
  },
  CustomResourceDefinition: {
    path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    body: {
      metadata: { name: 'widgets.gofields.example.com' },
      spec: { group: 'gofields.example.com', scope: 'Namespaced', names: { plural: 'widgets', kind: 'Widget' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] },
    },
  },
  PriorityClass: { path: '/apis/scheduling.k8s.io/v1/priorityclasses', body: { metadata: { name: 'gofields-pc' }, value: 1000 } },
  RuntimeClass: { path: '/apis/node.k8s.io/v1/runtimeclasses', body: { metadata: { name: 'gofields-rc' }, handler: 'h' } },
  EndpointSlice: { path: '/apis/discovery.k8s.io/v1/namespaces/{ns}/endpointslices', body: { metadata: { name: 'm' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.1.2.3'] }], ports: [{ port: 80 }] } },
  Namespace: { path: '/api/v1/namespaces', body: { metadata: { name: 'gofields-ns' } } },
};
