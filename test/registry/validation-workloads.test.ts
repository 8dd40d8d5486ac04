// Kind-specific validation of the common kinds (Pod, Service, workloads, ConfigMap,
// Secret, Namespace, Lease, Ingress, Event) on objects defaulted as the server defaults them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalid, type StatusCause } from '../../src/apimachinery/errors.js';
import { applyDefaults } from '../../src/registry/defaulting.js';
import { validatorsFor } from '../../src/registry/validation/index.js';
import { generateJobSelector } from '../../src/registry/validation/workloads.js';

type Obj = Record<string, any>;

const VERSIONS: Record<string, string> = { '': 'v1', apps: 'v1', batch: 'v1', 'networking.k8s.io': 'v1', 'coordination.k8s.io': 'v1', 'events.k8s.io': 'v1' };

function defaulted(group: string, kind: string, obj: Obj): Obj {
  applyDefaults(group, VERSIONS[group]!, kind, obj);
  return obj;
}

function causes(group: string, kind: string, obj: Obj, old?: Obj): StatusCause[] {
  const v = validatorsFor(group, kind)!;
  const errs = old ? v.validateUpdate!(obj, old) : v.validate!(obj);
  return errs.length ? invalid({ group, kind }, String(obj.metadata?.name ?? ''), errs).status.details!.causes! : [];
}

const c = (reason: string, field: string, message: string): StatusCause => ({ reason, message, field });

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

// ---- Pod ----

const newPod = (): Obj =>
  defaulted('', 'Pod', {
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      containers: [
        {
          name: 'app',
          image: 'nginx:1.27',
          ports: [{ name: 'http', containerPort: 80 }],
          env: [{ name: 'MODE', value: 'prod' }, { name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
          resources: { requests: { cpu: '100m' }, limits: { cpu: '500m', memory: '128Mi' } },
          volumeMounts: [{ name: 'config', mountPath: '/etc/app' }],
          readinessProbe: { httpGet: { path: '/healthz', port: 'http' } },
        },
      ],
      volumes: [{ name: 'config', configMap: { name: 'app-config' } }, { name: 'scratch' }],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }],
    },
  });

test('Pod: a valid pod passes', () => {
  assert.deepEqual(causes('', 'Pod', newPod()), []);
});

test('Pod: containers, names, images, ports, env and volumes', () => {
  const pod = newPod();
  pod.spec.containers.push({ ...structuredClone(pod.spec.containers[0]), name: 'app', image: '' });
  pod.spec.containers[0].ports = [{ containerPort: 70000, protocol: 'ICMP' }, { name: 'http', containerPort: 0, protocol: 'TCP' }];
  pod.spec.containers[0].env = [{ name: 'A=B', value: 'x' }, { name: 'C', value: 'x', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }];
  pod.spec.containers[0].volumeMounts = [{ name: 'missing', mountPath: '/m' }];
  pod.spec.volumes = [{ name: 'config', configMap: { name: 'cm' }, secret: { secretName: 's' } }, { name: 'Scratch', emptyDir: {} }];
  assert.deepEqual(causes('', 'Pod', pod), [
    // secret is checked before configMap, so configMap is the extra source.
    c('FieldValueForbidden', 'spec.volumes[0].configMap', 'Forbidden: may not specify more than 1 volume type'),
    c('FieldValueInvalid', 'spec.volumes[1].name', `Invalid value: "Scratch": ${LABEL_MSG}`),
    c('FieldValueInvalid', 'spec.containers[0].ports[0].containerPort', 'Invalid value: 70000: must be between 1 and 65535, inclusive'),
    c('FieldValueNotSupported', 'spec.containers[0].ports[0].protocol', 'Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'),
    c('FieldValueRequired', 'spec.containers[0].ports[1].containerPort', 'Required value'),
    c('FieldValueInvalid', 'spec.containers[0].env[0].name', "Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='"),
    c('FieldValueInvalid', 'spec.containers[0].env[1].valueFrom', 'Invalid value: "": may not be specified when `value` is not empty'),
    c('FieldValueNotFound', 'spec.containers[0].volumeMounts[0].name', 'Not found: "missing"'),
    c('FieldValueRequired', 'spec.containers[1].image', 'Required value'),
    // The volume that failed validation is not available for mounting.
    c('FieldValueNotFound', 'spec.containers[1].volumeMounts[0].name', 'Not found: "config"'),
    c('FieldValueDuplicate', 'spec.containers[1].name', 'Duplicate value: "app"'),
  ]);
  const names = newPod();
  names.spec.containers[0].name = 'App_1';
  assert.deepEqual(causes('', 'Pod', names), [c('FieldValueInvalid', 'spec.containers[0].name', `Invalid value: "App_1": ${LABEL_MSG}`)]);
  const empty = newPod();
  empty.spec.containers = [];
  assert.deepEqual(causes('', 'Pod', empty), [c('FieldValueRequired', 'spec.containers', 'Required value')]);
});

test('Pod: policies, resources and probes', () => {
  const pod = newPod();
  pod.spec.restartPolicy = 'Sometimes';
  pod.spec.dnsPolicy = 'Magic';
  pod.spec.containers[0].resources = { requests: { cpu: '2', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi', 'example.com/dongle': '1' }, claims: [{ name: 'gpu' }] };
  pod.spec.containers[0].livenessProbe = { exec: { command: ['true'] }, successThreshold: 2, periodSeconds: -1 };
  assert.deepEqual(causes('', 'Pod', pod), [
    c('FieldValueInvalid', 'spec.containers[0].resources.requests', 'Invalid value: "2": must be less than or equal to cpu limit of 1'),
    c('FieldValueNotFound', 'spec.containers[0].resources.claims[0]', 'Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty'),
    c('FieldValueInvalid', 'spec.containers[0].livenessProbe.periodSeconds', 'Invalid value: -1: must be greater than or equal to 0'),
    c('FieldValueInvalid', 'spec.containers[0].livenessProbe.successThreshold', 'Invalid value: 2: must be 1'),
    c('FieldValueNotSupported', 'spec.restartPolicy', 'Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'),
    c('FieldValueNotSupported', 'spec.dnsPolicy', 'Unsupported value: "Magic": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"'),
  ]);
});

test('Pod: updates may change images, active deadlines and add tolerations only', () => {
  const old = newPod();
  const images = structuredClone(old);
  images.spec.containers[0].image = 'nginx:1.28';
  images.spec.activeDeadlineSeconds = 600;
  images.spec.tolerations.push({ key: 'spot', operator: 'Exists', effect: 'NoSchedule' });
  assert.deepEqual(causes('', 'Pod', images, old), []);

  const restart = structuredClone(old);
  restart.spec.restartPolicy = 'Never';
  const got = causes('', 'Pod', restart, old);
  assert.equal(got.length, 1);
  assert.equal(got[0]!.field, 'spec');
  assert.equal(got[0]!.reason, 'FieldValueForbidden');
  assert.ok(
    got[0]!.message!.startsWith(
      'Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n',
    ),
  );

  const added = structuredClone(old);
  added.spec.containers.push({ ...structuredClone(old.spec.containers[0]), name: 'sidecar', ports: [] });
  assert.deepEqual(causes('', 'Pod', added, old), [c('FieldValueForbidden', 'spec.containers', 'Forbidden: pod updates may not add or remove containers')]);

  const tol = structuredClone(old);
  tol.spec.tolerations = [];
  assert.deepEqual(causes('', 'Pod', tol, old), [c('FieldValueForbidden', 'spec.tolerations', 'Forbidden: existing toleration can not be modified except its tolerationSeconds')]);

  const bound = structuredClone(old);
  bound.spec.nodeName = 'node-1';
  assert.deepEqual(causes('', 'Pod', bound, old), [], 'binding sets spec.nodeName');
});

// ---- Service ----

const newService = (spec: Obj): Obj => defaulted('', 'Service', { metadata: { name: 'svc', namespace: 'default' }, spec });

test('Service: valid services pass', () => {
  assert.deepEqual(causes('', 'Service', newService({ selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'dns', port: 53, protocol: 'UDP' }] })), []);
  assert.deepEqual(causes('', 'Service', newService({ clusterIP: 'None', selector: { app: 'db' } })), []);
  assert.deepEqual(causes('', 'Service', newService({ type: 'ExternalName', externalName: 'db.example.com.' })), []);
  assert.deepEqual(causes('', 'Service', newService({ type: 'LoadBalancer', ports: [{ port: 443 }], externalTrafficPolicy: 'Local', healthCheckNodePort: 30000 })), []);
});

test('Service: ports, protocols, types and selectors', () => {
  const svc = newService({ selector: { 'bad key!': 'x' }, ports: [{ port: 0, protocol: 'ICMP', targetPort: 'way-too-long-port-name' }, { port: 80, nodePort: 30001 }] });
  assert.deepEqual(causes('', 'Service', svc), [
    c('FieldValueRequired', 'spec.ports[0].name', 'Required value'),
    c('FieldValueInvalid', 'spec.ports[0].port', 'Invalid value: 0: must be between 1 and 65535, inclusive'),
    c('FieldValueNotSupported', 'spec.ports[0].protocol', 'Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'),
    c('FieldValueInvalid', 'spec.ports[0].targetPort', 'Invalid value: "way-too-long-port-name": must be no more than 15 characters'),
    c('FieldValueRequired', 'spec.ports[1].name', 'Required value'),
    c(
      'FieldValueInvalid',
      'spec.selector',
      "Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ),
    c('FieldValueForbidden', 'spec.ports[1].nodePort', "Forbidden: may not be used when `type` is 'ClusterIP'"),
  ]);
  assert.deepEqual(causes('', 'Service', newService({ type: 'Internal', ports: [{ port: 80 }] })), [
    c('FieldValueNotSupported', 'spec.type', 'Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"'),
  ]);
  assert.deepEqual(causes('', 'Service', newService({})), [c('FieldValueRequired', 'spec.ports', 'Required value')]);
  assert.deepEqual(causes('', 'Service', newService({ type: 'ExternalName', externalName: '' })), [c('FieldValueRequired', 'spec.externalName', 'Required value')]);
  assert.deepEqual(causes('', 'Service', newService({ clusterIP: '10.0.0.300', ports: [{ port: 80 }] })), [
    c('FieldValueInvalid', 'spec.clusterIPs[0]', 'Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'),
  ]);
});

test('Service: allocated cluster IPs may not change', () => {
  const old = newService({ ports: [{ port: 80 }] });
  old.spec.clusterIP = '10.96.0.10';
  old.spec.clusterIPs = ['10.96.0.10'];
  old.spec.ipFamilies = ['IPv4'];
  old.spec.ipFamilyPolicy = 'SingleStack';
  const next = structuredClone(old);
  next.spec.clusterIP = '10.96.0.11';
  next.spec.clusterIPs = ['10.96.0.11'];
  assert.deepEqual(causes('', 'Service', next, old), [c('FieldValueInvalid', 'spec.clusterIPs[0]', 'Invalid value: ["10.96.0.11"]: may not change once set')]);
  const omitted = structuredClone(old);
  delete omitted.spec.clusterIP;
  delete omitted.spec.clusterIPs;
  assert.deepEqual(causes('', 'Service', omitted, old), [], 'an omitted clusterIP keeps the allocated one');
});

// ---- workloads ----

const template = (labels: Obj) => ({ metadata: { labels }, spec: { containers: [{ name: 'app', image: 'nginx' }] } });

test('Deployment: selectors, template labels, replicas and strategy', () => {
  const valid = defaulted('apps', 'Deployment', { metadata: { name: 'd', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template({ app: 'web' }) } });
  assert.deepEqual(causes('apps', 'Deployment', valid), []);
  const d = defaulted('apps', 'Deployment', {
    metadata: { name: 'd', namespace: 'default' },
    spec: { replicas: -1, selector: { matchLabels: { app: 'web' } }, template: template({ app: 'api' }), strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } } },
  });
  assert.deepEqual(causes('apps', 'Deployment', d), [
    c('FieldValueInvalid', 'spec.replicas', 'Invalid value: -1: must be greater than or equal to 0'),
    c('FieldValueInvalid', 'spec.template.metadata.labels', 'Invalid value: {"app":"api"}: `selector` does not match template `labels`'),
    c('FieldValueInvalid', 'spec.strategy.rollingUpdate.maxUnavailable', 'Invalid value: 0: may not be 0 when `maxSurge` is 0'),
  ]);
  const noSel = defaulted('apps', 'Deployment', { metadata: { name: 'd', namespace: 'default' }, spec: { template: template({ app: 'x' }) } });
  assert.deepEqual(causes('apps', 'Deployment', noSel), [
    c('FieldValueRequired', 'spec.selector', 'Required value'),
    c('FieldValueInvalid', 'spec.template.metadata.labels', 'Invalid value: {"app":"x"}: `selector` does not match template `labels`'),
  ]);
  const moved = structuredClone(valid);
  moved.spec.selector = { matchLabels: { app: 'web', tier: 'fe' } };
  moved.spec.template.metadata.labels.tier = 'fe';
  assert.deepEqual(causes('apps', 'Deployment', moved, valid), [
    c('FieldValueInvalid', 'spec.selector', 'Invalid value: {"matchLabels":{"app":"web","tier":"fe"}}: field is immutable'),
  ]);
});

test('ReplicaSet, DaemonSet and StatefulSet', () => {
  const rs = defaulted('apps', 'ReplicaSet', { metadata: { name: 'r', namespace: 'default' }, spec: { selector: {}, template: template({}) } });
  assert.deepEqual(causes('apps', 'ReplicaSet', rs), [c('FieldValueInvalid', 'spec.selector', 'Invalid value: {}: empty selector is invalid for deployment')]);

  const ds = defaulted('apps', 'DaemonSet', { metadata: { name: 'ds', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: template({ app: 'agent' }) } });
  assert.deepEqual(causes('apps', 'DaemonSet', ds), []);
  ds.spec.template.spec.restartPolicy = 'OnFailure';
  assert.deepEqual(causes('apps', 'DaemonSet', ds), [
    c('FieldValueNotSupported', 'spec.template.spec.restartPolicy', 'Unsupported value: "OnFailure": supported values: "Always"'),
  ]);

  const ss = defaulted('apps', 'StatefulSet', {
    metadata: { name: 'db', namespace: 'default' },
    spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template({ app: 'db' }) },
  });
  assert.deepEqual(causes('apps', 'StatefulSet', ss), []);
  const changed = structuredClone(ss);
  changed.spec.serviceName = 'other';
  changed.spec.replicas = 3;
  assert.deepEqual(causes('apps', 'StatefulSet', changed, ss), [
    c(
      'FieldValueForbidden',
      'spec',
      "Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ),
  ]);
});

test('Job and CronJob: generated selectors, restart policies and schedules', () => {
  const job = defaulted('batch', 'Job', {
    metadata: { name: 'pi', namespace: 'default', uid: '6a0f5b4e-0000-4000-8000-000000000001' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl' }] } } },
  });
  // Without the strategy's generated selector the job selects nothing.
  assert.deepEqual(causes('batch', 'Job', job), [
    c('FieldValueRequired', 'spec.selector', 'Required value'),
    c('FieldValueInvalid', 'spec.template.metadata.labels', 'Invalid value: {}: `selector` does not match template `labels`'),
  ]);
  generateJobSelector(job);
  assert.deepEqual(job.spec.selector, { matchLabels: { 'batch.kubernetes.io/controller-uid': '6a0f5b4e-0000-4000-8000-000000000001' } });
  assert.deepEqual(causes('batch', 'Job', job), []);
  const always = structuredClone(job);
  always.spec.template.spec.restartPolicy = 'Always';
  assert.deepEqual(causes('batch', 'Job', always), [c('FieldValueRequired', 'spec.template.spec.restartPolicy', 'Required value: valid values: "OnFailure", "Never"')]);
  const changed = structuredClone(job);
  changed.spec.template.spec.containers[0].image = 'perl:5';
  const got = causes('batch', 'Job', changed, job);
  assert.equal(got.length, 1);
  assert.equal(got[0]!.field, 'spec.template');
  assert.match(got[0]!.message!, /: field is immutable$/);

  const cj = defaulted('batch', 'CronJob', {
    metadata: { name: 'x'.repeat(53), namespace: 'default' },
    spec: { schedule: '61 * * * *', timeZone: 'Mars/Olympus', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }] } } } } },
  });
  assert.deepEqual(causes('batch', 'CronJob', cj), [
    c('FieldValueInvalid', 'spec.schedule', 'Invalid value: "61 * * * *": end of range (61) above maximum (59): 61'),
    c('FieldValueInvalid', 'spec.timeZone', 'Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus'),
    c('FieldValueRequired', 'spec.jobTemplate.spec.template.spec.restartPolicy', 'Required value: valid values: "OnFailure", "Never"'),
    c('FieldValueInvalid', 'metadata.name', `Invalid value: "${'x'.repeat(53)}": must be no more than 52 characters`),
  ]);
});

// ---- ConfigMap, Secret, Namespace, Lease ----

test('ConfigMap: keys, duplicates, size and immutability', () => {
  const cm = { metadata: { name: 'cm', namespace: 'default' }, data: { 'app.conf': 'x', 'bad/key': 'y', dup: 'z' }, binaryData: { dup: 'AA==' } };
  assert.deepEqual(causes('', 'ConfigMap', cm), [
    c(
      'FieldValueInvalid',
      'data[bad/key]',
      "Invalid value: \"bad/key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    ),
    c('FieldValueInvalid', 'data[dup]', 'Invalid value: "dup": duplicate of key present in binaryData'),
  ]);
  const big = { metadata: { name: 'cm', namespace: 'default' }, data: { a: 'x'.repeat(1024 * 1024 + 1) } };
  assert.deepEqual(causes('', 'ConfigMap', big), [c('FieldValueTooLong', '', 'Too long: may not be more than 1048576 bytes')]);
  const old = { metadata: { name: 'cm', namespace: 'default' }, data: { a: '1' }, immutable: true };
  assert.deepEqual(causes('', 'ConfigMap', { ...old, data: { a: '2' }, immutable: false }, old), [
    c('FieldValueForbidden', 'immutable', 'Forbidden: field is immutable when `immutable` is set'),
    c('FieldValueForbidden', 'data', 'Forbidden: field is immutable when `immutable` is set'),
  ]);
});

test('Secret: type-specific keys, type immutability', () => {
  assert.deepEqual(causes('', 'Secret', { metadata: { name: 's', namespace: 'default' }, type: 'kubernetes.io/tls', data: { 'tls.crt': 'AA==' } }), [
    c('FieldValueRequired', 'data[tls.key]', 'Required value'),
  ]);
  assert.deepEqual(causes('', 'Secret', { metadata: { name: 's', namespace: 'default' }, type: 'kubernetes.io/service-account-token' }), [
    c('FieldValueRequired', 'metadata.annotations[kubernetes.io/service-account.name]', 'Required value'),
  ]);
  assert.deepEqual(causes('', 'Secret', { metadata: { name: 's', namespace: 'default' }, type: 'kubernetes.io/basic-auth', stringData: { username: 'u' } }), []);
  const old = { metadata: { name: 's', namespace: 'default' }, type: 'Opaque', data: { a: 'AA==' } };
  assert.deepEqual(causes('', 'Secret', { ...old, type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': 'AA==' } }, old), [
    c('FieldValueInvalid', 'type', 'Invalid value: "kubernetes.io/ssh-auth": field is immutable'),
  ]);
});

test('Namespace finalizers and Lease durations', () => {
  assert.deepEqual(causes('', 'Namespace', { metadata: { name: 'ns' }, spec: { finalizers: ['kubernetes', 'custom'] } }), [
    c('FieldValueInvalid', 'spec.finalizers', 'Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified'),
  ]);
  assert.deepEqual(causes('coordination.k8s.io', 'Lease', { metadata: { name: 'l', namespace: 'default' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } }), []);
  assert.deepEqual(causes('coordination.k8s.io', 'Lease', { metadata: { name: 'l', namespace: 'default' }, spec: { leaseDurationSeconds: 0, leaseTransitions: -1 } }), [
    c('FieldValueInvalid', 'spec.leaseDurationSeconds', 'Invalid value: 0: must be greater than 0'),
    c('FieldValueInvalid', 'spec.leaseTransitions', 'Invalid value: -1: must be greater than or equal to 0'),
  ]);
});

// ---- Ingress, IngressClass, Event ----

test('Ingress and IngressClass', () => {
  const ing = defaulted('networking.k8s.io', 'Ingress', {
    metadata: { name: 'i', namespace: 'default' },
    spec: {
      ingressClassName: 'nginx',
      rules: [{ host: 'example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }],
    },
  });
  assert.deepEqual(causes('networking.k8s.io', 'Ingress', ing), []);
  ing.spec.rules[0].host = '10.0.0.1';
  ing.spec.rules[0].http.paths[0] = { path: 'api//v1', pathType: 'Exact', backend: { service: { name: 'web', port: {} } } };
  assert.deepEqual(causes('networking.k8s.io', 'Ingress', ing), [
    c('FieldValueInvalid', 'spec.rules[0].host', 'Invalid value: "10.0.0.1": must be a DNS name, not an IP address'),
    c('FieldValueInvalid', 'spec.rules[0].http.paths[0].path', 'Invalid value: "api//v1": must be an absolute path'),
    c('FieldValueInvalid', 'spec.rules[0].http.paths[0].path', "Invalid value: \"api//v1\": must not contain '//'"),
    c('FieldValueRequired', 'spec.rules[0].http.paths[0].backend', 'Required value: port name or number is required'),
  ]);
  assert.deepEqual(causes('networking.k8s.io', 'IngressClass', { metadata: { name: 'c' }, spec: { controller: 'example.com/ingress' } }), []);
  assert.deepEqual(causes('networking.k8s.io', 'IngressClass', { metadata: { name: 'c' }, spec: { controller: 'nginx' } }), [
    c('FieldValueInvalid', 'spec.controller', 'Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")'),
  ]);
  const old = { metadata: { name: 'c' }, spec: { controller: 'example.com/a' } };
  assert.deepEqual(causes('networking.k8s.io', 'IngressClass', { metadata: { name: 'c' }, spec: { controller: 'example.com/b' } }, old), [
    c('FieldValueInvalid', 'spec.controller', 'Invalid value: "example.com/b": field is immutable'),
  ]);
});

test('Event: core/v1 and events.k8s.io/v1 rules', () => {
  assert.deepEqual(causes('', 'Event', { metadata: { name: 'e', namespace: 'default' }, involvedObject: { kind: 'Pod', namespace: 'default', name: 'p' }, reason: 'Started' }), []);
  assert.deepEqual(causes('', 'Event', { metadata: { name: 'e', namespace: 'default' }, involvedObject: { kind: 'Pod', namespace: 'other', name: 'p' } }), [
    c('FieldValueInvalid', 'involvedObject.namespace', 'Invalid value: "other": does not match event.namespace'),
  ]);
  const ev = {
    metadata: { name: 'e', namespace: 'default' },
    eventTime: '2025-01-01T00:00:00.000000Z',
    regarding: { kind: 'Pod', namespace: 'default', name: 'p' },
    reportingController: 'example.com/controller',
    reportingInstance: 'i-1',
    action: 'Scale',
    reason: 'Scaled',
    type: 'Normal',
  };
  assert.deepEqual(causes('events.k8s.io', 'Event', ev), []);
  assert.deepEqual(causes('events.k8s.io', 'Event', { ...ev, type: 'Info', deprecatedCount: 3, action: '' }), [
    c('FieldValueRequired', 'action', 'Required value'),
    c('FieldValueInvalid', 'type', 'Invalid value: "": has invalid value: Info'),
    c('FieldValueInvalid', 'count', 'Invalid value: "": needs to be unset'),
  ]);
});

test('Node: taints and podCIDRs', () => {
  assert.deepEqual(causes('', 'Node', { metadata: { name: 'n1' }, spec: { podCIDRs: ['10.0.0.0/24', 'fd00::/64'], taints: [{ key: 'a', effect: 'NoSchedule' }] } }), []);
  assert.deepEqual(
    causes('', 'Node', {
      metadata: { name: 'n1' },
      spec: { podCIDRs: ['10.0.0.0/24', '10.1.0.0/24'], taints: [{ key: 'a', effect: 'Sometimes' }, { key: 'b' }] },
    }),
    [
      c('FieldValueNotSupported', 'metadata.taints[0].effect', 'Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'),
      c('FieldValueRequired', 'metadata.taints[1].effect', 'Required value'),
      c('FieldValueInvalid', 'spec.podCIDRs', 'Invalid value: ["10.0.0.0/24","10.1.0.0/24"]: may specify no more than one CIDR for each IP family'),
    ],
  );
  const old = { metadata: { name: 'n1' }, spec: { podCIDRs: ['10.0.0.0/24'], providerID: 'aws:///i-1' } };
  assert.deepEqual(causes('', 'Node', { metadata: { name: 'n1' }, spec: { podCIDRs: ['10.0.1.0/24'], providerID: 'aws:///i-2' } }, old), [
    c('FieldValueForbidden', 'spec.podCIDRs', 'Forbidden: node updates may not change podCIDR except from "" to valid'),
    c('FieldValueForbidden', 'spec.providerID', 'Forbidden: node updates may not change providerID except from "" to valid'),
  ]);
});

test('PersistentVolumeClaim: access modes, storage request, immutability', () => {
  const pvc = (): Obj => ({
    metadata: { name: 'data', namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' },
  });
  assert.deepEqual(causes('', 'PersistentVolumeClaim', pvc()), []);
  const bad = pvc();
  bad.spec.accessModes = ['ReadWriteOncePod', 'ReadOnlyMany', 'Sometimes'];
  bad.spec.resources.requests.storage = '0';
  assert.deepEqual(causes('', 'PersistentVolumeClaim', bad), [
    c('FieldValueNotSupported', 'spec.accessModes', 'Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'),
    c('FieldValueForbidden', 'spec.accessModes', 'Forbidden: may not use ReadWriteOncePod with other access modes'),
    c('FieldValueInvalid', 'spec.resources[storage]', 'Invalid value: "0": must be greater than zero'),
  ]);
  const none = pvc();
  none.spec.accessModes = [];
  none.spec.resources = {};
  assert.deepEqual(causes('', 'PersistentVolumeClaim', none), [
    c('FieldValueRequired', 'spec.accessModes', 'Required value: at least 1 access mode is required'),
    c('FieldValueRequired', 'spec.resources[storage]', 'Required value'),
  ]);
  // A bound claim may grow its storage request; other spec fields stay fixed.
  const bound = { ...pvc(), status: { phase: 'Bound', capacity: { storage: '1Gi' } } };
  const grown: Obj = { ...pvc(), status: bound.status };
  grown.spec.resources.requests.storage = '2Gi';
  assert.deepEqual(causes('', 'PersistentVolumeClaim', grown, bound), []);
  const changed: Obj = { ...pvc(), status: bound.status };
  changed.spec.accessModes = ['ReadWriteMany'];
  const got = causes('', 'PersistentVolumeClaim', changed, bound);
  assert.equal(got.length, 1);
  assert.equal(got[0]!.field, 'spec');
  assert.match(got[0]!.message ?? '', /^Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n/);
});
