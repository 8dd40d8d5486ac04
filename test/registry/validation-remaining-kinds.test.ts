// Kinds that were stored unvalidated: autoscaling HorizontalPodAutoscaler (v2 and v1),
// storage.k8s.io CSIDriver, CSINode, VolumeAttributesClass, certificates.k8s.io
// CertificateSigningRequest, apiregistration.k8s.io APIService, networking.k8s.io IPAddress and
// ServiceCIDR. Each expected message is what kube-apiserver v1.32 answered the same dry-run create
// (pkg/apis/{autoscaling,storage,certificates,networking}/validation/validation.go,
// kube-aggregator pkg/apis/apiregistration/validation/validation.go), with v1.34's JSON rendering
// of non-scalar values.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { loadX509 } from '../../src/cli/pki.js';
import { invalid } from '../../src/apimachinery/errors.js';
import { applyDefaults } from '../../src/registry/defaulting.js';
import { validatorsFor } from '../../src/registry/validation/index.js';

/** A base64 request as kube-apiserver prints the decoded []byte in a field error (%#v). */
const goBytes = (b64: string) => `[]byte{${[...Buffer.from(b64, 'base64')].map((b) => `0x${b.toString(16)}`).join(', ')}}`;
import { builtinCatalog } from '../../src/types/catalog.js';

// Every version's schema, so that defaulting walks the object as the server's does.
const catalog = builtinCatalog({ 'api/all': 'true' });
const schemaOf = (group: string, version: string, kind: string) => catalog.kinds.find((k) => k.group === group && k.kind === kind && k.versions[0] === version)?.schema;

type Obj = Record<string, any>;

function message(group: string, version: string, kind: string, obj: Obj, old?: Obj, sub?: string): string {
  obj.apiVersion = group ? `${group}/${version}` : version;
  applyDefaults(group, version, kind, obj, schemaOf(group, version, kind) as never);
  const v = validatorsFor(group, kind)!;
  assert.ok(v, `${group}/${kind} has validators`);
  const errs = old ? v.validateUpdate!(obj, old, sub) : v.validate!(obj);
  return errs.length ? (invalid({ group, kind }, String(obj.metadata?.name ?? ''), errs).status.message ?? '') : 'valid';
}

const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const DNS1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const TYPES = 'supported values: "ContainerResource", "External", "Object", "Pods", "Resource"';

const hpa = (spec: Obj, name = 'a') => ({ metadata: { name, namespace: 'default' }, spec });

test('HorizontalPodAutoscaler v2: replicas, target reference, each metric source and the behavior rules', () => {
  assert.equal(
    message('autoscaling', 'v2', 'HorizontalPodAutoscaler', hpa({})),
    'HorizontalPodAutoscaler.autoscaling "a" is invalid: [spec.maxReplicas: Invalid value: 0: must be greater than 0, spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`, spec.scaleTargetRef.kind: Required value, spec.scaleTargetRef.name: Required value]',
  );
  assert.equal(
    message('autoscaling', 'v2', 'HorizontalPodAutoscaler', hpa({
      minReplicas: 0, maxReplicas: 0, scaleTargetRef: { kind: 'a/b', name: '..' },
      metrics: [
        { type: 'Bad' }, { type: 'Resource' }, { type: 'Resource', resource: { name: '', target: { type: 'Bad' } } },
        { type: 'Pods', pods: { metric: { name: '' }, target: { type: 'AverageValue', averageValue: '-1' } } },
        { type: 'Object', object: { describedObject: {}, metric: { name: 'm' }, target: { type: 'Value' } } },
        { type: 'External', external: { metric: { name: 'm' }, target: { type: 'Utilization', averageUtilization: 0 } } },
        { type: 'ContainerResource', containerResource: { name: 'cpu', container: '', target: { type: 'Utilization', averageUtilization: 50 } } },
      ],
      behavior: { scaleUp: { stabilizationWindowSeconds: -1, selectPolicy: 'X', policies: [{ type: 'Y', value: 0, periodSeconds: 0 }] }, scaleDown: { stabilizationWindowSeconds: 4000, policies: [] } },
    })),
    'HorizontalPodAutoscaler.autoscaling "a" is invalid: [spec.minReplicas: Invalid value: 0: must be greater than or equal to 1, spec.maxReplicas: Invalid value: 0: must be greater than 0, ' +
      `spec.scaleTargetRef.kind: Invalid value: "a/b": may not contain '/', spec.scaleTargetRef.name: Invalid value: "..": may not be '..', spec.metrics[0].type: Unsupported value: "Bad": ${TYPES}, ` +
      'spec.metrics[1].resource: Required value: must populate information for the given metric source, spec.metrics[2].resource.name: Required value: must specify a resource name, ' +
      'spec.metrics[2].resource.target.type: Invalid value: "Bad": must be either Utilization, Value, or AverageValue, spec.metrics[2].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization, ' +
      'spec.metrics[3].pods.metric.name: Required value: must specify a metric name, spec.metrics[3].pods.target.averageValue: Invalid value: "-1": must be positive, ' +
      'spec.metrics[4].object.describedObject.kind: Required value, spec.metrics[4].object.describedObject.name: Required value, spec.metrics[4].object.target.averageValue: Required value: must set either a target value or averageValue, ' +
      'spec.metrics[5].external.target.averageUtilization: Invalid value: 0: must be greater than 0, spec.metrics[5].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target, ' +
      'spec.metrics[6].containerResource.container: Required value: must specify a container, spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero, ' +
      'spec.behavior.scaleUp.selectPolicy: Unsupported value: "X": supported values: "Disabled", "Max", "Min", spec.behavior.scaleUp.policies[0].type: Unsupported value: "Y": supported values: "Percent", "Pods", ' +
      'spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero, spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 0: must be greater than zero, ' +
      'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600, spec.behavior.scaleDown.policies: Required value: must specify at least one Policy]',
  );
  assert.equal(
    message('autoscaling', 'v2', 'HorizontalPodAutoscaler', hpa({
      maxReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: 'd' },
      metrics: [{ type: 'Pods', pods: { metric: { name: 'x' }, target: { type: 'AverageValue', averageValue: '1' } }, external: { metric: { name: 'y' }, target: { type: 'Value', value: '1' } } }, { type: '' }],
    })),
    `HorizontalPodAutoscaler.autoscaling "a" is invalid: [spec.metrics[0].external: Forbidden: must populate the given metric source only, spec.metrics[1].type: Required value: must specify a metric source type, spec.metrics[1].type: Unsupported value: "": ${TYPES}]`,
  );
  assert.equal(message('autoscaling', 'v2', 'HorizontalPodAutoscaler', hpa({ maxReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: 'd', apiVersion: 'apps/v1' }, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] })), 'valid');
});

test('HorizontalPodAutoscaler v1 is validated in its v2 (internal) form, with v2 field paths', () => {
  assert.equal(
    message('autoscaling', 'v1', 'HorizontalPodAutoscaler', hpa({ maxReplicas: 0, minReplicas: 0, targetCPUUtilizationPercentage: -1, scaleTargetRef: {} })),
    'HorizontalPodAutoscaler.autoscaling "a" is invalid: [spec.minReplicas: Invalid value: 0: must be greater than or equal to 1, spec.maxReplicas: Invalid value: 0: must be greater than 0, spec.scaleTargetRef.kind: Required value, spec.scaleTargetRef.name: Required value, spec.metrics[0].resource.target.averageUtilization: Invalid value: -1: must be greater than 0, spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas]',
  );
  assert.equal(message('autoscaling', 'v1', 'HorizontalPodAutoscaler', hpa({ maxReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: 'x' } })), 'valid');
});

test('CSIDriver: fsGroupPolicy, token requests, lifecycle modes; attachRequired and modes immutable', () => {
  assert.equal(
    message('storage.k8s.io', 'v1', 'CSIDriver', { metadata: { name: 'd' }, spec: { volumeLifecycleModes: ['Bad', 'Persistent', 'Persistent'], fsGroupPolicy: 'X', tokenRequests: [{ audience: 'a', expirationSeconds: 100 }, { audience: 'a' }, { audience: 'b', expirationSeconds: 5000000000 }] } }),
    'CSIDriver.storage.k8s.io "d" is invalid: [spec.fsGroupPolicy: Unsupported value: "X": supported values: "File", "None", "ReadWriteOnceWithFSType", spec.tokenRequests[0].expirationSeconds: Invalid value: 100: may not specify a duration less than 10 minutes, spec.tokenRequests[1].audience: Duplicate value: "a", spec.tokenRequests[2].expirationSeconds: Invalid value: 5000000000: may not specify a duration larger than 2^32 seconds, spec.volumeLifecycleModes: Unsupported value: "Bad": supported values: "Persistent", "Ephemeral"]',
  );
  const old = { metadata: { name: 'd' }, spec: {} };
  assert.equal(message('storage.k8s.io', 'v1', 'CSIDriver', old), 'valid');
  assert.equal(
    message('storage.k8s.io', 'v1', 'CSIDriver', { metadata: { name: 'd' }, spec: { attachRequired: false, fsGroupPolicy: 'File', volumeLifecycleModes: ['Ephemeral'] } }, old),
    'CSIDriver.storage.k8s.io "d" is invalid: [spec.attachedRequired: Invalid value: false: field is immutable, spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable]',
  );
});

test('CSINode: driver names, node IDs, allocatable, topology keys; a registered driver entry is immutable', () => {
  const long = 'x'.repeat(300);
  assert.equal(
    message('storage.k8s.io', 'v1', 'CSINode', { metadata: { name: 'n' }, spec: { drivers: [{ name: 'Bad!', nodeID: '', topologyKeys: ['bad key!', 'a', 'a'], allocatable: { count: -1 } }, { name: 'Bad!', nodeID: 'x' }, { name: 'c', nodeID: long }] } }),
    `CSINode.storage.k8s.io "n" is invalid: [spec.drivers[0].name: Invalid value: "Bad!": ${SUBDOMAIN}, spec.drivers[0].nodeID: Required value, spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0, spec.drivers[0]: Invalid value: "bad key!": ${NAME_PART}, spec.drivers[0]: Duplicate value: "a", spec.drivers[1].name: Invalid value: "Bad!": ${SUBDOMAIN}, spec.drivers[1].name: Duplicate value: "Bad!", spec.drivers[2].nodeID: Invalid value: "${long}": must be 256 characters or less]`,
  );
  const old = { metadata: { name: 'n' }, spec: { drivers: [{ name: 'a', nodeID: 'x', topologyKeys: ['k'] }] } };
  assert.equal(message('storage.k8s.io', 'v1', 'CSINode', structuredClone(old)), 'valid');
  assert.equal(
    message('storage.k8s.io', 'v1', 'CSINode', { metadata: { name: 'n' }, spec: { drivers: [{ name: 'a', nodeID: 'y', topologyKeys: ['k'] }, { name: 'b', nodeID: 'z' }] } }, old),
    'CSINode.storage.k8s.io "n" is invalid: CSINodeDriver: Invalid value: {"name":"a","nodeID":"y","topologyKeys":["k"]}: field is immutable',
  );
});

test('VolumeAttributesClass: driver name and parameters required, both immutable', () => {
  assert.equal(message('storage.k8s.io', 'v1', 'VolumeAttributesClass', { metadata: { name: 'v' } }), 'VolumeAttributesClass.storage.k8s.io "v" is invalid: [driverName: Required value, parameters: Required value: must contain at least one key/value pair]');
  assert.equal(
    message('storage.k8s.io', 'v1', 'VolumeAttributesClass', { metadata: { name: 'v' }, driverName: 'Bad!', parameters: { '': 'x' } }),
    `VolumeAttributesClass.storage.k8s.io "v" is invalid: [driverName: Invalid value: "bad!": ${NAME_PART}, parameters: Invalid value: "": field can not be empty.]`,
  );
  const old = { metadata: { name: 'v' }, driverName: 'a', parameters: { x: 'y' } };
  assert.equal(message('storage.k8s.io', 'v1', 'VolumeAttributesClass', structuredClone(old)), 'valid');
  assert.equal(
    message('storage.k8s.io', 'v1', 'VolumeAttributesClass', { metadata: { name: 'v' }, driverName: 'b', parameters: { x: 'z' } }, old),
    'VolumeAttributesClass.storage.k8s.io "v" is invalid: [driverName: Forbidden: updates to driverName are forbidden., parameters: Forbidden: updates to parameters are forbidden.]',
  );
});

async function csrPem(type = 'CERTIFICATE REQUEST'): Promise<string> {
  const x509 = await loadX509();
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const pem = (await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=x', keys, signingAlgorithm: alg })).toString('pem');
  return Buffer.from(pem.replace(/CERTIFICATE REQUEST/g, type)).toString('base64');
}

test('CertificateSigningRequest: PEM CERTIFICATE REQUEST, usages, signerName, expirationSeconds', async () => {
  const csr = (spec: Obj) => ({ metadata: { name: 'c' }, spec });
  assert.equal(message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({})), 'CertificateSigningRequest.certificates.k8s.io "c" is invalid: [spec.request: Invalid value: []byte(nil): PEM block type must be CERTIFICATE REQUEST, spec.usages: Required value, spec.signerName: Required value]');
  assert.match(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request: 'aGVsbG8=', signerName: 'bad', usages: ['bad', 'digital signature', 'digital signature'], expirationSeconds: 10 })),
    /^CertificateSigningRequest.certificates.k8s.io "c" is invalid: \[spec.request: Invalid value: \[\]byte\{0x68, 0x65, 0x6c, 0x6c, 0x6f\}: PEM block type must be CERTIFICATE REQUEST, spec.usages\[0\]: Unsupported value: "bad": supported values: "any", .*"timestamping", spec.usages\[2\]: Duplicate value: "digital signature", spec.signerName: Invalid value: "bad": must be a fully qualified domain and path of the form 'example.com\/signer-name', spec.expirationSeconds: Invalid value: 10: may not specify a duration less than 600 seconds \(10 minutes\)\]$/,
  );
  const request = await csrPem();
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request, signerName: 'Bad_Domain/x', usages: ['digital signature'] })),
    `CertificateSigningRequest.certificates.k8s.io "c" is invalid: [spec.signerName: Invalid value: "Bad_Domain": validating label "Bad_Domain": ${LABEL}, spec.signerName: Invalid value: "Bad_Domain": should be a domain with at least two segments separated by dots]`,
  );
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request, signerName: 'a.b/c_d', usages: ['digital signature'] })),
    `CertificateSigningRequest.certificates.k8s.io "c" is invalid: spec.signerName: Invalid value: "c_d": validating label "c_d": ${SUBDOMAIN}`,
  );
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request, signerName: 'kubernetes.io/legacy-unknown', usages: ['digital signature'] })),
    'CertificateSigningRequest.certificates.k8s.io "c" is invalid: spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version',
  );
  const cert = await csrPem('CERTIFICATE');
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request: cert, signerName: 'example.com/x', usages: ['digital signature'] })),
    `CertificateSigningRequest.certificates.k8s.io "c" is invalid: spec.request: Invalid value: ${goBytes(cert)}: PEM block type must be CERTIFICATE REQUEST`,
  );
  assert.equal(message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request, signerName: 'example.com/x', usages: ['digital signature'] })), 'valid');
  // A CERTIFICATE REQUEST block whose DER is not a request (x509.ParseCertificateRequest's encoding/asn1 error).
  const notDer = Buffer.from('-----BEGIN CERTIFICATE REQUEST-----\naGVsbG8=\n-----END CERTIFICATE REQUEST-----\n').toString('base64');
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', csr({ request: notDer, signerName: 'example.com/x', usages: ['digital signature'] })),
    `CertificateSigningRequest.certificates.k8s.io "c" is invalid: spec.request: Invalid value: ${goBytes(notDer)}: asn1: structure error: tags don't match (16 vs {class:1 tag:8 length:101 isCompound:true}) {optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false} certificateRequest @2`,
  );
});

test('CertificateSigningRequest approval: condition types, True-only statuses, Approved and Denied exclusive', async () => {
  const old = { metadata: { name: 'c' }, spec: { request: await csrPem(), signerName: 'example.com/x', usages: ['digital signature'] } };
  const next = {
    ...structuredClone(old),
    status: { conditions: [{ type: 'Approved', status: 'False' }, { type: 'Denied', status: 'True' }, { type: 'Approved', status: 'True' }, { type: '', status: 'X' }, { type: 'Custom', status: 'Y' }] },
  };
  assert.equal(
    message('certificates.k8s.io', 'v1', 'CertificateSigningRequest', next, old, 'approval'),
    'CertificateSigningRequest.certificates.k8s.io "c" is invalid: [status.conditions[0].status: Unsupported value: "False": supported values: "True", status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive, status.conditions[2].type: Invalid value: "Approved": Approved and Denied conditions are mutually exclusive, status.conditions[2].type: Duplicate value: "Approved", status.conditions[3].type: Required value, status.conditions[3].status: Unsupported value: "X": supported values: "False", "True", "Unknown", status.conditions[4].status: Unsupported value: "Y": supported values: "False", "True", "Unknown"]',
  );
});

test('APIService: name is version.group, group and version shapes, priorities, service reference, TLS settings', () => {
  const svc = (name: string, spec: Obj) => ({ metadata: { name }, spec });
  assert.equal(
    message('apiregistration.k8s.io', 'v1', 'APIService', svc('v1.foo.com', {})),
    `APIService.apiregistration.k8s.io "v1.foo.com" is invalid: [metadata.name: Invalid value: "v1.foo.com": must be \`spec.version+"."+spec.group\`: ".", spec.group: Required value: only v1 may have an empty group and it better be legacy kube, spec.version: Invalid value: "": ${DNS1035}, spec.groupPriorityMinimum: Invalid value: 0: must be positive and less than 20000, spec.versionPriority: Invalid value: 0: must be positive and less than 1000]`,
  );
  assert.equal(
    message('apiregistration.k8s.io', 'v1', 'APIService', svc('bad', { group: 'Foo_com', version: 'V1', groupPriorityMinimum: 1, versionPriority: 1, service: { namespace: '', name: '', port: 0 }, insecureSkipTLSVerify: true, caBundle: 'aGVsbG8=' })),
    `APIService.apiregistration.k8s.io "bad" is invalid: [metadata.name: Invalid value: "bad": must be \`spec.version+"."+spec.group\`: "V1.Foo_com", spec.group: Invalid value: "Foo_com": ${SUBDOMAIN}, spec.version: Invalid value: "V1": ${DNS1035}, spec.service.namespace: Required value, spec.service.name: Required value, spec.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive, spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present]`,
  );
  assert.equal(message('apiregistration.k8s.io', 'v1', 'APIService', svc('v1.foo.com', { group: 'foo.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10, service: { namespace: 'ns', name: 's', port: 443 } })), 'valid');
});

test('IPAddress: named by a canonical address, parentRef required and well formed, then immutable', () => {
  const ip = (name: string, spec: Obj) => ({ metadata: { name }, spec });
  assert.equal(message('networking.k8s.io', 'v1', 'IPAddress', ip('10.1.0.5', {})), 'IPAddress.networking.k8s.io "10.1.0.5" is invalid: spec.parentRef: Required value');
  assert.equal(
    message('networking.k8s.io', 'v1', 'IPAddress', ip('10.1.0.5', { parentRef: { resource: '', name: '', group: 'Bad!' } })),
    `IPAddress.networking.k8s.io "10.1.0.5" is invalid: [spec.parentRef.group: Invalid value: "Bad!": ${SUBDOMAIN}, spec.parentRef.resource: Required value, spec.parentRef.name: Required value]`,
  );
  assert.equal(message('networking.k8s.io', 'v1', 'IPAddress', ip('2001:db8::01', { parentRef: { resource: 'services', name: 's' } })), 'IPAddress.networking.k8s.io "2001:db8::01" is invalid: metadata.name: Invalid value: "2001:db8::01": must be a canonical format IP address');
  assert.equal(message('networking.k8s.io', 'v1', 'IPAddress', ip('2001:db8::1', { parentRef: { resource: 'services', name: 's' } })), 'valid');
  assert.equal(
    message('networking.k8s.io', 'v1', 'IPAddress', ip('2001:db8::1', { parentRef: { resource: 'services', name: 't' } }), ip('2001:db8::1', { parentRef: { resource: 'services', name: 's' } })),
    'IPAddress.networking.k8s.io "2001:db8::1" is invalid: spec.parentRef: Invalid value: {"resource":"services","name":"t"}: field is immutable',
  );
});

test('ServiceCIDR: one or two CIDRs, one per family, canonical', () => {
  const sc = (cidrs?: string[]) => ({ metadata: { name: 's' }, spec: cidrs ? { cidrs } : {} });
  assert.equal(message('networking.k8s.io', 'v1', 'ServiceCIDR', sc()), 'ServiceCIDR.networking.k8s.io "s" is invalid: spec.cidrs: Required value: at least one CIDR required');
  assert.equal(message('networking.k8s.io', 'v1', 'ServiceCIDR', sc(['10.0.0.0/8', '10.1.0.0/16', 'bad'])), 'ServiceCIDR.networking.k8s.io "s" is invalid: spec.cidrs: Invalid value: {"cidrs":["10.0.0.0/8","10.1.0.0/16","bad"]}: may only hold up to 2 values');
  assert.equal(message('networking.k8s.io', 'v1', 'ServiceCIDR', sc(['2001:db8::/64', 'fd00::/64'])), 'ServiceCIDR.networking.k8s.io "s" is invalid: spec.cidrs: Invalid value: {"cidrs":["2001:db8::/64","fd00::/64"]}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64');
  assert.match(message('networking.k8s.io', 'v1', 'ServiceCIDR', sc(['10.0.0.1/8'])), /spec\.cidrs\[0\]: Invalid value: "10.0.0.1\/8": must not have bits set beyond the prefix length/);
  assert.equal(message('networking.k8s.io', 'v1', 'ServiceCIDR', sc(['10.10.0.0/16', 'fd00::/64'])), 'valid');
});

test('PersistentVolume: access modes, storage capacity, reclaim policy, node affinity, one volume source, class and mode', () => {
  const pv = (spec: Obj) => ({ metadata: { name: 'p' }, spec });
  assert.equal(
    message('', 'v1', 'PersistentVolume', pv({})),
    'PersistentVolume "p" is invalid: [spec.accessModes: Required value, spec.capacity: Required value, spec.capacity: Unsupported value: null: supported values: "storage", spec: Required value: must specify a volume type]',
  );
  assert.equal(
    message('', 'v1', 'PersistentVolume', pv({ capacity: { storage: '-1', cpu: '1' }, accessModes: ['Bad', 'ReadWriteOncePod', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'X', volumeMode: 'Y', hostPath: { path: '' }, nfs: { server: '', path: 'rel' }, storageClassName: 'Bad!', nodeAffinity: {} })),
    'PersistentVolume "p" is invalid: [spec.accessModes: Unsupported value: "Bad": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod", spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes, ' +
      'spec.capacity: Unsupported value: {"cpu":"1","storage":"-1"}: supported values: "storage", spec.capacity[storage]: Invalid value: -1: must be a valid resource quantity, spec.capacity[storage]: Invalid value: "-1": must be greater than zero, ' +
      'spec.persistentVolumeReclaimPolicy: Unsupported value: "X": supported values: "Delete", "Recycle", "Retain", spec.nodeAffinity.required: Required value: must specify required node constraints, spec.hostPath.path: Required value, ' +
      `spec.nfs: Forbidden: may not specify more than 1 volume type, spec.storageClassName: Invalid value: "Bad!": ${SUBDOMAIN}, spec.volumeMode: Unsupported value: "Y": supported values: "Block", "Filesystem"]`,
  );
  const base = { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] };
  assert.equal(message('', 'v1', 'PersistentVolume', pv({ ...base, local: { path: '/x' } })), 'PersistentVolume "p" is invalid: spec.nodeAffinity: Required value: Local volume requires node affinity');
  assert.equal(message('', 'v1', 'PersistentVolume', pv({ ...base, hostPath: { path: '/' }, persistentVolumeReclaimPolicy: 'Recycle' })), "PersistentVolume \"p\" is invalid: spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'");
  assert.equal(
    message('', 'v1', 'PersistentVolume', pv({ ...base, csi: { driver: '', volumeHandle: '' } })),
    `PersistentVolume "p" is invalid: [spec.csi.driver: Required value, spec.csi.driver: Invalid value: "": ${SUBDOMAIN}, spec.csi.volumeHandle: Required value]`,
  );
  assert.equal(message('', 'v1', 'PersistentVolume', pv({ ...base, hostPath: { path: '/x' }, nodeAffinity: { required: { nodeSelectorTerms: [] } } })), 'PersistentVolume "p" is invalid: spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term');
  const valid = pv({ ...base, hostPath: { path: '/data' } });
  assert.equal(message('', 'v1', 'PersistentVolume', valid), 'valid');
  assert.equal(
    message('', 'v1', 'PersistentVolume', pv({ ...base, hostPath: { path: '/other' } }), valid),
    'PersistentVolume "p" is invalid: spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation',
  );
});

// pkg/apis/resource/validation/validation.go (v1.34): v1 shapes; v1beta1 objects are checked in their v1 form.
test('DeviceClass: selectors need a compiling CEL expression, config an opaque driver and parameters', () => {
  const dc = (spec: Obj) => ({ metadata: { name: 'c' }, spec });
  const msg = message('resource.k8s.io', 'v1', 'DeviceClass', dc({ selectors: [{}, { cel: { expression: 'device.driver == 1' } }], config: [{}, { opaque: { driver: 'Bad!', parameters: {} } }] }));
  assert.match(msg, /^DeviceClass.resource.k8s.io "c" is invalid: \[spec.selectors\[0\].cel: Required value, spec.selectors\[1\].cel.expression: Invalid value: "device.driver == 1": compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '\(string, int\)'/);
  assert.ok(msg.endsWith(`spec.config[0].opaque: Required value, spec.config[1].opaque.driver: Invalid value: "Bad!": ${SUBDOMAIN}]`), msg);
  assert.equal(message('resource.k8s.io', 'v1', 'DeviceClass', dc({ selectors: [{ cel: { expression: 'device.driver == "x"' } }], config: [{ opaque: { driver: 'x.example.com', parameters: { a: 1 } } }] })), 'valid');
});

test('ResourceClaim: request names, exactly or firstAvailable, class, allocation mode, constraint and config references', () => {
  const claim = (devices: Obj) => ({ metadata: { name: 'c', namespace: 'default' }, spec: { devices } });
  assert.equal(
    message('resource.k8s.io', 'v1', 'ResourceClaim', claim({
      requests: [{ name: 'a' }, { name: 'Bad_', exactly: { deviceClassName: 'Bad!', allocationMode: 'X' } }, { name: 'c', exactly: { deviceClassName: 'c', allocationMode: 'All', count: 3 } }, { name: 'd', exactly: { deviceClassName: 'c' }, firstAvailable: [{ name: 'x', deviceClassName: 'c' }] }],
      constraints: [{ requests: ['zz'], matchAttribute: 'bad attr' }, { requests: ['c'] }],
      config: [{ requests: ['a/b/c'] }],
    })),
    'ResourceClaim.resource.k8s.io "c" is invalid: [spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required, ' +
      `spec.devices.requests[1].name: Invalid value: "Bad_": ${LABEL}, spec.devices.requests[1].exactly.deviceClassName: Invalid value: "Bad!": ${SUBDOMAIN}, spec.devices.requests[1].exactly.allocationMode: Unsupported value: "X": supported values: "All", "ExactCount", ` +
      "spec.devices.requests[2].exactly.count: Invalid value: 3: must not be specified when allocationMode is 'All', spec.devices.requests[3]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set, " +
      "spec.devices.constraints[0].requests[0]: Invalid value: \"zz\": must be the name of a request in the claim or the name of a request and a subrequest separated by '/', " +
      `spec.devices.constraints[0].matchAttribute: Invalid value: "bad attr": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*'), spec.devices.constraints[0].matchAttribute: Invalid value: "bad attr": must include a domain, ` +
      "spec.devices.constraints[1].matchAttribute: Required value, spec.devices.config[0].requests[0]: Invalid value: \"a/b/c\": must be the name of a request in the claim or the name of a request and a subrequest separated by '/', spec.devices.config[0].opaque: Required value]",
  );
  const good = claim({ requests: [{ name: 'a', firstAvailable: [{ name: 'x', deviceClassName: 'c' }] }], constraints: [{ requests: ['a/x'], matchAttribute: 'a.com/x' }] });
  assert.equal(message('resource.k8s.io', 'v1', 'ResourceClaim', good), 'valid');
  assert.equal(
    message('resource.k8s.io', 'v1', 'ResourceClaim', claim({ requests: [{ name: 'b', exactly: { deviceClassName: 'c' } }] }), good),
    'ResourceClaim.resource.k8s.io "c" is invalid: spec: Invalid value: {"devices":{"requests":[{"name":"b","exactly":{"deviceClassName":"c","allocationMode":"ExactCount","count":1}}]}}: field is immutable',
  );
  // v1beta1's flat request is the v1 request's `exactly`.
  assert.match(
    message('resource.k8s.io', 'v1beta1', 'ResourceClaim', { metadata: { name: 'c', namespace: 'default' }, spec: { devices: { requests: [{ name: 'a', deviceClassName: '' }] } } }),
    /spec\.devices\.requests\[0\]\.exactly\.deviceClassName: Required value/,
  );
});

test('ResourceSlice: driver, pool, exactly one node selection, device names and attributes', () => {
  const slice = (spec: Obj) => ({ metadata: { name: 's' }, spec });
  assert.equal(
    message('resource.k8s.io', 'v1', 'ResourceSlice', slice({})),
    `ResourceSlice.resource.k8s.io "s" is invalid: [spec.driver: Required value, spec.driver: Invalid value: "": ${SUBDOMAIN}, spec.pool.name: Required value, spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero, spec: Required value: exactly one of \`nodeName\`, \`nodeSelector\`, \`allNodes\`, \`perDeviceNodeSelection\` is required]`,
  );
  assert.equal(
    message('resource.k8s.io', 'v1', 'ResourceSlice', slice({ driver: 'd.example.com', pool: { name: 'p', resourceSliceCount: 1, generation: -1 }, nodeName: 'n', allNodes: true, devices: [{ name: 'Bad_' }, { name: 'd', attributes: { 'bad attr': {}, 'a.com/v': { version: '1.0' } } }] })),
    'ResourceSlice.resource.k8s.io "s" is invalid: [spec.pool.generation: Invalid value: -1: must be greater than or equal to zero, spec: Invalid value: "{`nodeName`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set, ' +
      `spec.devices[0].name: Invalid value: "Bad_": ${LABEL}, spec.devices[1].attributes[a.com/v].version: Invalid value: "1.0": must be a string compatible with semver.org spec 2.0.0, ` +
      "spec.devices[1].attributes[bad attr]: Invalid value: \"bad attr\": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*'), spec.devices[1].attributes[bad attr]: Invalid value: \"\": exactly one value must be specified]",
  );
  assert.equal(message('resource.k8s.io', 'v1', 'ResourceSlice', slice({ driver: 'd.example.com', pool: { name: 'p', resourceSliceCount: 1 }, nodeName: 'n', devices: [{ name: 'd', attributes: { model: { string: 'x' } } }] })), 'valid');
});

test('HorizontalPodAutoscaler status: replica counts are non-negative', () => {
  const old = hpa({ maxReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: 'd' } });
  assert.equal(
    message('autoscaling', 'v2', 'HorizontalPodAutoscaler', { ...hpa({ maxReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: 'd' } }), status: { currentReplicas: -1, desiredReplicas: -2 } }, old, 'status'),
    'HorizontalPodAutoscaler.autoscaling "a" is invalid: [status.currentReplicas: Invalid value: -1: must be greater than or equal to 0, status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0]',
  );
});

// pkg/apis/coordination/validation/validation.go ValidateLeaseCandidateSpec.
test('LeaseCandidate: lease name, semantic versions in order, a known or domain-qualified strategy', () => {
  const lc = (spec: Obj) => ({ metadata: { name: 'l', namespace: 'default' }, spec });
  assert.equal(message('coordination.k8s.io', 'v1beta1', 'LeaseCandidate', lc({})), 'LeaseCandidate.coordination.k8s.io "l" is invalid: [spec.leaseName: Required value, spec.binaryVersion: Required value, spec.strategy: Required value]');
  assert.equal(
    message('coordination.k8s.io', 'v1beta1', 'LeaseCandidate', lc({ leaseName: 'Bad!', binaryVersion: 'x', emulationVersion: '1.30.0', strategy: 'Bad' })),
    'LeaseCandidate.coordination.k8s.io "l" is invalid: [spec.binaryVersion: Invalid value: "x": must be a valid semantic version, spec.binaryVersion: Invalid value: "x": must be greater than or equal to `emulationVersion`, spec.strategy.strategy: Unsupported value: "Bad": supported values: "OldestEmulationVersion"]',
  );
  assert.equal(message('coordination.k8s.io', 'v1beta1', 'LeaseCandidate', lc({ leaseName: 'a', binaryVersion: '1.29.0', emulationVersion: '1.30.0', strategy: 'OldestEmulationVersion' })), 'LeaseCandidate.coordination.k8s.io "l" is invalid: spec.binaryVersion: Invalid value: "1.29.0": must be greater than or equal to `emulationVersion`');
  assert.equal(message('coordination.k8s.io', 'v1beta1', 'LeaseCandidate', lc({ leaseName: 'a', binaryVersion: 'v1.31', emulationVersion: '1.30.0', strategy: 'x.com/y' })), 'valid');
});

async function selfSigned(ca: boolean): Promise<string> {
  const x509 = await loadX509();
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: ca ? 'CN=ca' : 'CN=leaf', keys, signingAlgorithm: alg, notBefore: new Date(), notAfter: new Date(Date.now() + 86_400_000),
    extensions: [new x509.BasicConstraintsExtension(ca, undefined, true)],
  });
  return cert.toString('pem') + '\n';
}

// pkg/apis/certificates/validation/validation.go ValidateClusterTrustBundle and core's ValidateClusterTrustBundleName.
test('ClusterTrustBundle: name prefixed by the signer, CA certificates only, at least one, no duplicates; signer immutable', async () => {
  const ca = await selfSigned(true);
  const leaf = await selfSigned(false);
  const ctb = (name: string, spec: Obj) => ({ metadata: { name }, spec });
  assert.equal(
    message('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', ctb('a:b', { trustBundle: 'garbage' })),
    'ClusterTrustBundle.certificates.k8s.io "a:b" is invalid: [metadata.name: Invalid value: "a:b": ClusterTrustBundle without signer name must not have ":" in its name, spec.trustBundle: Invalid value: "<value omitted>": at least one trust anchor must be provided]',
  );
  assert.equal(
    message('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', ctb('x', { signerName: 'example.com/s', trustBundle: ca + leaf + '-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n' })),
    'ClusterTrustBundle.certificates.k8s.io "x" is invalid: [metadata.name: Invalid value: "x": ClusterTrustBundle for signerName example.com/s must be named with prefix example.com:s:, spec.trustBundle: Invalid value: "<value omitted>": entry 1 does not have the CA bit set, spec.trustBundle: Invalid value: "<value omitted>": entry 2 has bad block type: PUBLIC KEY]',
  );
  assert.equal(
    message('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', ctb('example.com:s:x', { signerName: 'example.com/s', trustBundle: ca + ca })),
    'ClusterTrustBundle.certificates.k8s.io "example.com:s:x" is invalid: spec.trustBundle: Invalid value: "<value omitted>": duplicate trust anchor (indices [0 1])',
  );
  const old = ctb('x', { trustBundle: ca });
  assert.equal(message('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', old), 'valid');
  assert.equal(
    message('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', ctb('x', { signerName: 'example.com/s', trustBundle: ca }), old),
    'ClusterTrustBundle.certificates.k8s.io "x" is invalid: [metadata.name: Invalid value: "x": ClusterTrustBundle for signerName example.com/s must be named with prefix example.com:s:, spec.signerName: Invalid value: "example.com/s": field is immutable]',
  );
});

// ValidateSecret's json.Unmarshal into map[string]interface{}: encoding/json's own errors
// (kube-apiserver v1.32 answers these 13 bodies the same, compared by hand), and null is fine.
test('Secret: a docker config JSON is refused with encoding/json words', () => {
  const dockerConfig = (text: string) =>
    message('', 'v1', 'Secret', { metadata: { name: 's' }, type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': Buffer.from(text).toString('base64') } });
  const refused = (detail: string) => `Secret "s" is invalid: data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": ${detail}`;
  assert.equal(dockerConfig('notjson'), refused("invalid character 'o' in literal null (expecting 'u')"));
  assert.equal(dockerConfig('{"a":tru}'), refused("invalid character '}' in literal true (expecting 'e')"));
  assert.equal(dockerConfig('{"a" 1}'), refused("invalid character '1' after object key"));
  assert.equal(dockerConfig('{"a":1'), refused('unexpected end of JSON input'));
  assert.equal(dockerConfig('true'), refused('json: cannot unmarshal bool into Go value of type map[string]interface {}'));
  assert.equal(dockerConfig('1.5'), refused('json: cannot unmarshal number into Go value of type map[string]interface {}'));
  assert.equal(dockerConfig('null'), 'valid');
  assert.equal(dockerConfig('{}'), 'valid');
});
