// Defaulting: minimal objects of the main kinds come out as kube-apiserver v1.34 stores
// them (the defaulted fields of `kubectl get -o yaml` right after creation, less what
// admission, allocation and Go's zero-value serialization add).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyDefaults, applySchemaDefaults, definitionName, registerTypeDefaulter } from '../../src/registry/defaulting.js';
import { defaultPullPolicy, imageTag } from '../../src/registry/defaults/image.js';
import { int32, object, string } from '../../src/types/schema.js';

type J = Record<string, any>;

function defaulted(group: string, version: string, kind: string, obj: J): J {
  applyDefaults(group, version, kind, obj);
  return obj;
}

const podSpecDefaults = {
  dnsPolicy: 'ClusterFirst',
  restartPolicy: 'Always',
  schedulerName: 'default-scheduler',
  securityContext: {},
  terminationGracePeriodSeconds: 30,
};

const containerDefaults = { terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' };

test('a minimal Pod', () => {
  const pod = defaulted('', 'v1', 'Pod', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx' },
    spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
  });
  assert.deepEqual(pod, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx' },
    spec: {
      containers: [{ name: 'nginx', image: 'nginx', imagePullPolicy: 'Always', ...containerDefaults }],
      enableServiceLinks: true,
      ...podSpecDefaults,
    },
  });
});

test('Pod: requests from limits, probes, ports, volumes, env field refs; set values are kept', () => {
  const pod = defaulted('', 'v1', 'Pod', {
    metadata: { name: 'p' },
    spec: {
      restartPolicy: 'Never',
      hostNetwork: true,
      initContainers: [{ name: 'init', image: 'busybox:1.36', resources: { limits: { cpu: '1' } } }],
      containers: [
        {
          name: 'c',
          image: 'registry.example.com:5000/team/app:v1',
          imagePullPolicy: 'Never',
          ports: [{ containerPort: 8080 }, { containerPort: 53, protocol: 'UDP', hostPort: 1053 }],
          resources: { limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '500m' } },
          env: [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
          livenessProbe: { httpGet: { port: 8080 }, periodSeconds: 5 },
          readinessProbe: { grpc: { port: 9000 } },
        },
      ],
      volumes: [
        { name: 'scratch' },
        { name: 'cm', configMap: { name: 'cfg' } },
        { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 't' } }, { downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } }] } },
        { name: 'host', hostPath: { path: '/var/log' } },
        { name: 'disk', azureDisk: { diskName: 'd', diskURI: 'u' } },
      ],
    },
  });
  const spec = pod.spec;
  assert.equal(spec.restartPolicy, 'Never');
  assert.equal(spec.enableServiceLinks, true);
  assert.deepEqual(spec.initContainers[0].resources, { limits: { cpu: '1' }, requests: { cpu: '1' } });
  assert.equal(spec.initContainers[0].imagePullPolicy, 'IfNotPresent');
  const c = spec.containers[0];
  assert.equal(c.imagePullPolicy, 'Never');
  assert.deepEqual(c.ports, [
    { containerPort: 8080, protocol: 'TCP', hostPort: 8080 },
    { containerPort: 53, protocol: 'UDP', hostPort: 1053 },
  ]);
  assert.deepEqual(c.resources, { limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } });
  assert.deepEqual(c.env[0].valueFrom.fieldRef, { fieldPath: 'spec.nodeName', apiVersion: 'v1' });
  assert.deepEqual(c.livenessProbe, { httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 });
  // GRPCAction.service is a pointer with +default="": the empty string is written.
  assert.deepEqual(c.readinessProbe.grpc, { port: 9000, service: '' });
  assert.deepEqual(spec.volumes[0], { name: 'scratch', emptyDir: {} });
  assert.deepEqual(spec.volumes[1].configMap, { name: 'cfg', defaultMode: 420 });
  assert.deepEqual(spec.volumes[2].projected, {
    sources: [
      { serviceAccountToken: { path: 't', expirationSeconds: 3600 } },
      { downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } }] } },
    ],
    defaultMode: 420,
  });
  assert.deepEqual(spec.volumes[3].hostPath, { path: '/var/log', type: '' });
  assert.deepEqual(spec.volumes[4].azureDisk, { diskName: 'd', diskURI: 'u', cachingMode: 'ReadWrite', fsType: 'ext4', readOnly: false, kind: 'Shared' });
});

test('zero-valued defaults on plain value fields are not written', () => {
  const pod = defaulted('', 'v1', 'Pod', {
    spec: { containers: [{ name: 'c', image: 'x:1', envFrom: [{ configMapRef: {} }], env: [{ name: 'S', valueFrom: { secretKeyRef: { key: 'k' } } }] }] },
  });
  // LocalObjectReference.name declares default "" on a non-pointer, omitempty field.
  assert.deepEqual(pod.spec.containers[0].envFrom, [{ configMapRef: {} }]);
  assert.deepEqual(pod.spec.containers[0].env[0].valueFrom.secretKeyRef, { key: 'k' });
});

test('imagePullPolicy from the image reference', () => {
  const cases: Array<[string, string]> = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['nginx:Latest', 'IfNotPresent'],
    [`nginx@sha256:${'a'.repeat(64)}`, 'IfNotPresent'],
    [`nginx:latest@sha256:${'a'.repeat(64)}`, 'Always'],
    ['localhost:5000/nginx', 'Always'],
    ['registry.example.com:5000/team/app:v1', 'IfNotPresent'],
    ['Nginx', 'IfNotPresent'],
    ['', 'IfNotPresent'],
    ['a'.repeat(64), 'IfNotPresent'],
  ];
  for (const [image, policy] of cases) assert.equal(defaultPullPolicy(image), policy, image);
  assert.equal(imageTag('quay.io/org/app:v2.1'), 'v2.1');
});

test('a minimal Deployment', () => {
  const d = defaulted('apps', 'v1', 'Deployment', {
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  });
  // Templates do not get the Pod-only defaults.
  assert.equal(d.spec.template.spec.enableServiceLinks, undefined);
  assert.deepEqual(d.spec, {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', imagePullPolicy: 'IfNotPresent', ...containerDefaults }], ...podSpecDefaults },
    },
    replicas: 1,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  });
  const recreate = defaulted('apps', 'v1', 'Deployment', { spec: { replicas: 0, strategy: { type: 'Recreate' } } });
  assert.equal(recreate.spec.replicas, 0);
  assert.deepEqual(recreate.spec.strategy, { type: 'Recreate' });
});

test('StatefulSet, DaemonSet, ReplicaSet', () => {
  const sts = defaulted('apps', 'v1', 'StatefulSet', {
    spec: {
      serviceName: 's',
      template: { spec: { containers: [{ name: 'c', image: 'x:1' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }],
    },
  });
  assert.equal(sts.spec.replicas, 1);
  assert.equal(sts.spec.podManagementPolicy, 'OrderedReady');
  assert.deepEqual(sts.spec.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
  assert.deepEqual(sts.spec.persistentVolumeClaimRetentionPolicy, { whenDeleted: 'Retain', whenScaled: 'Retain' });
  assert.equal(sts.spec.revisionHistoryLimit, 10);
  // PersistentVolumeClaim defaulting applies to the templates as upstream does.
  assert.deepEqual(sts.spec.volumeClaimTemplates[0], {
    metadata: { name: 'data' },
    spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' },
    status: { phase: 'Pending' },
  });
  const onDelete = defaulted('apps', 'v1', 'StatefulSet', { spec: { updateStrategy: { type: 'OnDelete' } } });
  assert.deepEqual(onDelete.spec.updateStrategy, { type: 'OnDelete' });

  const ds = defaulted('apps', 'v1', 'DaemonSet', { spec: { template: { spec: { containers: [{ name: 'c', image: 'x:1' }] } } } });
  assert.deepEqual(ds.spec.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
  assert.equal(ds.spec.revisionHistoryLimit, 10);

  const rs = defaulted('apps', 'v1', 'ReplicaSet', { spec: { template: { spec: { containers: [{ name: 'c', image: 'x:1' }] } } } });
  assert.equal(rs.spec.replicas, 1);
  assert.equal(rs.spec.template.spec.dnsPolicy, 'ClusterFirst');
});

test('a minimal Service, and the type-dependent defaults', () => {
  const svc = defaulted('', 'v1', 'Service', { metadata: { name: 's' }, spec: { selector: { app: 'a' }, ports: [{ port: 80 }, { name: 'h', port: 8080, targetPort: 'http' }] } });
  assert.deepEqual(svc.spec, {
    selector: { app: 'a' },
    ports: [
      { port: 80, protocol: 'TCP', targetPort: 80 },
      { name: 'h', port: 8080, targetPort: 'http', protocol: 'TCP' },
    ],
    sessionAffinity: 'None',
    type: 'ClusterIP',
    internalTrafficPolicy: 'Cluster',
  });
  const np = defaulted('', 'v1', 'Service', { spec: { type: 'NodePort', ports: [{ port: 80, targetPort: 0 }], sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } } } });
  assert.equal(np.spec.externalTrafficPolicy, 'Cluster');
  assert.equal(np.spec.ports[0].targetPort, 80);
  assert.equal(np.spec.sessionAffinityConfig, undefined);
  const lb = defaulted('', 'v1', 'Service', {
    spec: { type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443 }] },
    status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }, { hostname: 'h' }] } },
  });
  assert.equal(lb.spec.allocateLoadBalancerNodePorts, true);
  assert.deepEqual(lb.spec.sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
  assert.deepEqual(lb.status.loadBalancer.ingress, [{ ip: '10.0.0.1', ipMode: 'VIP' }, { hostname: 'h' }]);
  const ext = defaulted('', 'v1', 'Service', { spec: { type: 'ExternalName', externalName: 'example.com' } });
  assert.equal(ext.spec.internalTrafficPolicy, undefined);
  assert.equal(ext.spec.externalTrafficPolicy, undefined);
  const external = defaulted('', 'v1', 'Service', { spec: { externalIPs: ['1.2.3.4'], ports: [{ port: 80 }] } });
  assert.equal(external.spec.externalTrafficPolicy, 'Cluster');
  // A Go struct field always exists: a Service without spec still gets its spec defaults.
  assert.deepEqual(defaulted('', 'v1', 'Service', {}).spec, { sessionAffinity: 'None', type: 'ClusterIP', internalTrafficPolicy: 'Cluster' });
});

test('a minimal Job and CronJob', () => {
  const job = defaulted('batch', 'v1', 'Job', {
    metadata: { name: 'pi' },
    spec: { template: { metadata: { labels: { app: 'pi' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl:5.34.0' }] } } },
  });
  assert.deepEqual(job.metadata, { name: 'pi', labels: { app: 'pi' } });
  const { template, ...rest } = job.spec;
  assert.deepEqual(rest, {
    completions: 1,
    parallelism: 1,
    backoffLimit: 6,
    completionMode: 'NonIndexed',
    suspend: false,
    podReplacementPolicy: 'TerminatingOrFailed',
    manualSelector: false,
  });
  assert.deepEqual(template.spec, { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl:5.34.0', imagePullPolicy: 'IfNotPresent', ...containerDefaults }], dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', securityContext: {}, terminationGracePeriodSeconds: 30 });

  const indexed = defaulted('batch', 'v1', 'Job', {
    spec: {
      parallelism: 3,
      completionMode: 'Indexed',
      backoffLimitPerIndex: 1,
      podFailurePolicy: { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget' }] }] },
    },
  });
  assert.equal(indexed.spec.completions, undefined);
  assert.equal(indexed.spec.backoffLimit, 2147483647);
  assert.equal(indexed.spec.podReplacementPolicy, 'Failed');
  assert.deepEqual(indexed.spec.podFailurePolicy.rules[0].onPodConditions, [{ type: 'DisruptionTarget', status: 'True' }]);

  const cj = defaulted('batch', 'v1', 'CronJob', {
    spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox' }] } } } } },
  });
  assert.equal(cj.spec.concurrencyPolicy, 'Allow');
  assert.equal(cj.spec.suspend, false);
  assert.equal(cj.spec.successfulJobsHistoryLimit, 3);
  assert.equal(cj.spec.failedJobsHistoryLimit, 1);
  // The template's Job spec is not a Job: SetDefaults_Job does not apply; the pod template defaults do.
  assert.equal(cj.spec.jobTemplate.spec.backoffLimit, undefined);
  assert.equal(cj.spec.jobTemplate.spec.template.spec.containers[0].imagePullPolicy, 'Always');
});

test('PriorityLevelConfiguration: nominalConcurrencyShares 30 only when unset; FlowSchema precedence', () => {
  const plc = defaulted('flowcontrol.apiserver.k8s.io', 'v1', 'PriorityLevelConfiguration', {
    spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } },
  });
  assert.deepEqual(plc.spec.limited, {
    limitResponse: { type: 'Queue', queuing: { handSize: 8, queues: 64, queueLengthLimit: 50 } },
    nominalConcurrencyShares: 30,
    lendablePercent: 0,
  });
  const zero = defaulted('flowcontrol.apiserver.k8s.io', 'v1', 'PriorityLevelConfiguration', {
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 0, lendablePercent: 50, limitResponse: { type: 'Reject' } } },
  });
  assert.deepEqual(zero.spec.limited, { nominalConcurrencyShares: 0, lendablePercent: 50, limitResponse: { type: 'Reject' } });
  const exempt = defaulted('flowcontrol.apiserver.k8s.io', 'v1', 'PriorityLevelConfiguration', { spec: { type: 'Exempt', exempt: {} } });
  assert.deepEqual(exempt.spec.exempt, { nominalConcurrencyShares: 0, lendablePercent: 0 });

  const fs = defaulted('flowcontrol.apiserver.k8s.io', 'v1', 'FlowSchema', { spec: { priorityLevelConfiguration: { name: 'x' } } });
  assert.equal(fs.spec.matchingPrecedence, 1000);
  const set = defaulted('flowcontrol.apiserver.k8s.io', 'v1', 'FlowSchema', { spec: { matchingPrecedence: 500 } });
  assert.equal(set.spec.matchingPrecedence, 500);
});

test('NetworkPolicy, IngressClass', () => {
  const ingressOnly = defaulted('networking.k8s.io', 'v1', 'NetworkPolicy', { spec: { podSelector: {}, ingress: [{ ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] }] } });
  assert.deepEqual(ingressOnly.spec.policyTypes, ['Ingress']);
  assert.deepEqual(ingressOnly.spec.ingress[0].ports, [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }]);
  const both = defaulted('networking.k8s.io', 'v1', 'NetworkPolicy', { spec: { podSelector: {}, egress: [{}] } });
  assert.deepEqual(both.spec.policyTypes, ['Ingress', 'Egress']);
  const explicit = defaulted('networking.k8s.io', 'v1', 'NetworkPolicy', { spec: { podSelector: {}, policyTypes: ['Egress'], egress: [{}] } });
  assert.deepEqual(explicit.spec.policyTypes, ['Egress']);
  const ic = defaulted('networking.k8s.io', 'v1', 'IngressClass', { spec: { controller: 'x/y', parameters: { kind: 'K', name: 'n' } } });
  assert.equal(ic.spec.parameters.scope, 'Cluster');
});

test('ValidatingAdmissionPolicy, its binding, and webhook configurations', () => {
  const vap = defaulted('admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicy', {
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }] },
      validations: [{ expression: 'true' }],
    },
  });
  assert.equal(vap.spec.failurePolicy, 'Fail');
  assert.deepEqual(vap.spec.matchConstraints, {
    resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'], scope: '*' }],
    matchPolicy: 'Equivalent',
    namespaceSelector: {},
    objectSelector: {},
  });
  const binding = defaulted('admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicyBinding', {
    spec: { policyName: 'p', validationActions: ['Deny'], matchResources: { namespaceSelector: { matchLabels: { a: 'b' } } } },
  });
  assert.deepEqual(binding.spec.matchResources, { namespaceSelector: { matchLabels: { a: 'b' } }, matchPolicy: 'Equivalent', objectSelector: {} });

  const mwc = defaulted('admissionregistration.k8s.io', 'v1', 'MutatingWebhookConfiguration', {
    webhooks: [{ name: 'w.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'], clientConfig: { service: { namespace: 'ns', name: 'svc' } }, rules: [{ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] }],
  });
  const w = mwc.webhooks[0];
  assert.equal(w.failurePolicy, 'Fail');
  assert.equal(w.matchPolicy, 'Equivalent');
  assert.equal(w.timeoutSeconds, 10);
  assert.equal(w.reinvocationPolicy, 'Never');
  assert.deepEqual(w.namespaceSelector, {});
  assert.deepEqual(w.objectSelector, {});
  assert.equal(w.clientConfig.service.port, 443);
  assert.equal(w.rules[0].scope, '*');
  const vwc = defaulted('admissionregistration.k8s.io', 'v1', 'ValidatingWebhookConfiguration', { webhooks: [{ name: 'v.example.com', clientConfig: { url: 'https://x' } }] });
  assert.equal(vwc.webhooks[0].reinvocationPolicy, undefined);
  assert.equal(vwc.webhooks[0].timeoutSeconds, 10);
});

test('RBAC bindings, Namespace, Secret, ReplicationController, PersistentVolume, Node, LimitRange', () => {
  const rb = defaulted('rbac.authorization.k8s.io', 'v1', 'RoleBinding', {
    roleRef: { kind: 'Role', name: 'r' },
    subjects: [{ kind: 'User', name: 'u' }, { kind: 'Group', name: 'g' }, { kind: 'ServiceAccount', name: 's', namespace: 'n' }],
  });
  assert.equal(rb.roleRef.apiGroup, 'rbac.authorization.k8s.io');
  assert.deepEqual(rb.subjects.map((s: J) => s.apiGroup), ['rbac.authorization.k8s.io', 'rbac.authorization.k8s.io', '']);

  const ns = defaulted('', 'v1', 'Namespace', { metadata: { name: 'team-a', labels: { x: 'y' } } });
  assert.deepEqual(ns, { metadata: { name: 'team-a', labels: { x: 'y', 'kubernetes.io/metadata.name': 'team-a' } }, status: { phase: 'Active' } });

  assert.equal(defaulted('', 'v1', 'Secret', { data: {} }).type, 'Opaque');
  assert.equal(defaulted('', 'v1', 'Secret', { type: 'kubernetes.io/tls' }).type, 'kubernetes.io/tls');

  const rc = defaulted('', 'v1', 'ReplicationController', { metadata: { name: 'rc' }, spec: { template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'x:1' }] } } } });
  assert.deepEqual(rc.spec.selector, { app: 'a' });
  assert.deepEqual(rc.metadata.labels, { app: 'a' });
  assert.equal(rc.spec.replicas, 1);
  assert.equal(rc.spec.template.spec.restartPolicy, 'Always');

  const pv = defaulted('', 'v1', 'PersistentVolume', { spec: { capacity: { storage: '1Gi' }, hostPath: { path: '/d' } } });
  assert.deepEqual(pv, { spec: { capacity: { storage: '1Gi' }, hostPath: { path: '/d', type: '' }, persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  const pvc = defaulted('', 'v1', 'PersistentVolumeClaim', { spec: { accessModes: ['ReadWriteOnce'] } });
  assert.deepEqual(pvc, { spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });

  const node = defaulted('', 'v1', 'Node', { status: { capacity: { cpu: '4' } } });
  assert.deepEqual(node.status.allocatable, { cpu: '4' });

  const lr = defaulted('', 'v1', 'LimitRange', { spec: { limits: [{ type: 'Container', max: { cpu: '2' }, min: { memory: '1Mi' } }, { type: 'Pod', max: { cpu: '4' } }] } });
  assert.deepEqual(lr.spec.limits[0], { type: 'Container', max: { cpu: '2' }, min: { memory: '1Mi' }, default: { cpu: '2' }, defaultRequest: { cpu: '2', memory: '1Mi' } });
  assert.deepEqual(lr.spec.limits[1], { type: 'Pod', max: { cpu: '4' } });
});

test('applySchemaDefaults follows the vocabulary; registered defaulters run wherever their struct occurs', () => {
  const Inner = object('test.v1.Inner', { mode: string().default('auto'), count: int32().optional().default(0), label: string().default('') });
  const Outer = object('test.v1.Outer', { inner: Inner, items: { kind: 'list', items: Inner } });
  const obj: J = { items: [{ mode: '' }, { mode: 'manual', count: 2 }] };
  registerTypeDefaulter('test.v1.Inner', (o) => {
    if (o.mode === 'manual') o.manualSeen = true;
  });
  applySchemaDefaults(obj, Outer);
  assert.deepEqual(obj, {
    items: [
      { mode: 'auto', count: 0 },
      { mode: 'manual', count: 2, manualSeen: true },
    ],
    inner: { mode: 'auto', count: 0 },
  });
});

test('kinds without a declared schema still get their own defaulter', () => {
  assert.equal(definitionName('scheduling.k8s.io', 'v1', 'PriorityClass'), 'io.k8s.api.scheduling.v1.PriorityClass');
  assert.equal(defaulted('scheduling.k8s.io', 'v1', 'PriorityClass', { value: 1000 }).preemptionPolicy, 'PreemptLowerPriority');
  const sc = defaulted('storage.k8s.io', 'v1', 'StorageClass', { provisioner: 'p' });
  assert.equal(sc.reclaimPolicy, 'Delete');
  assert.equal(sc.volumeBindingMode, 'Immediate');
  // A version the built-in schema does not describe is not walked with it.
  const beta = defaulted('apps', 'v1beta2', 'Deployment', { spec: {} });
  assert.deepEqual(beta, { spec: {} });
});
