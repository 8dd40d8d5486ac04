// storage.k8s.io, node.k8s.io and discovery.k8s.io validation (pkg/apis/{storage,node,discovery}/validation),
// each expected message as kube-apiserver v1.32 answered the same dry-run create.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalid } from '../../src/apimachinery/errors.js';
import { applyDefaults } from '../../src/registry/defaulting.js';
import { validatorsFor } from '../../src/registry/validation/index.js';

type Obj = Record<string, any>;

function message(group: string, version: string, kind: string, obj: Obj, old?: Obj): string {
  applyDefaults(group, version, kind, obj);
  const v = validatorsFor(group, kind)!;
  const errs = old ? v.validateUpdate!(obj, old) : v.validate!(obj);
  return errs.length ? (invalid({ group, kind }, String(obj.metadata?.name ?? ''), errs).status.message ?? '') : 'valid';
}

const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const NAME_PART = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

test('RuntimeClass: handler is a DNS label, immutable', () => {
  assert.equal(message('node.k8s.io', 'v1', 'RuntimeClass', { metadata: { name: 'a' } }), `RuntimeClass.node.k8s.io "a" is invalid: handler: Invalid value: "": ${LABEL}`);
  assert.equal(message('node.k8s.io', 'v1', 'RuntimeClass', { metadata: { name: 'a' }, handler: 'runc' }), 'valid');
  assert.equal(
    message('node.k8s.io', 'v1', 'RuntimeClass', { metadata: { name: 'a' }, handler: 'crun' }, { metadata: { name: 'a' }, handler: 'runc' }),
    'RuntimeClass.node.k8s.io "a" is invalid: handler: Invalid value: "crun": field is immutable',
  );
});

test('RuntimeClass: overhead as container limits, scheduling labels and tolerations', () => {
  assert.equal(
    message('node.k8s.io', 'v1', 'RuntimeClass', { metadata: { name: 'a' }, handler: 'h', overhead: { podFixed: { cpu: '-1' } }, scheduling: { nodeSelector: { 'bad key!': 'v' } } }),
    `RuntimeClass.node.k8s.io "a" is invalid: [overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0, scheduling.nodeSelector: Invalid value: "bad key!": ${NAME_PART}]`,
  );
  const dup = message('node.k8s.io', 'v1', 'RuntimeClass', { metadata: { name: 'a' }, handler: 'h', scheduling: { tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'a', operator: 'Exists' }] } });
  assert.match(dup, /scheduling\.tolerations\[1\]: Duplicate value: /);
});

test('StorageClass: provisioner, parameters, policies and the allowedTopologies rules (incl. the empty-term duplicate)', () => {
  assert.equal(message('storage.k8s.io', 'v1', 'StorageClass', { metadata: { name: 'a' } }), 'StorageClass.storage.k8s.io "a" is invalid: provisioner: Required value');
  assert.equal(
    message('storage.k8s.io', 'v1', 'StorageClass', {
      metadata: { name: 'a' },
      provisioner: 'Bad Prov!',
      parameters: { '': 'x' },
      reclaimPolicy: 'Recycle',
      volumeBindingMode: 'X',
      allowedTopologies: [{ matchLabelExpressions: [{ key: 'bad key!', values: [] }, { key: 'k', values: ['a', 'a'] }, { key: 'k', values: ['b'] }] }, {}],
    }),
    `StorageClass.storage.k8s.io "a" is invalid: [provisioner: Invalid value: "bad prov!": ${NAME_PART}, parameters: Invalid value: "": field can not be empty., reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain", volumeBindingMode: Unsupported value: "X": supported values: "Immediate", "WaitForFirstConsumer", allowedTopologies[0].matchLabelExpressions[0].values: Required value, allowedTopologies[0].matchLabelExpressions[0].key: Invalid value: "bad key!": ${NAME_PART}, allowedTopologies[0].matchLabelExpressions[1].values[1]: Duplicate value: "a", allowedTopologies[0].matchLabelExpressions[2].key: Duplicate value: "k", allowedTopologies[1].matchLabelExpressions: Duplicate value: ""]`,
  );
  const old = { metadata: { name: 'a' }, provisioner: 'a/b', parameters: { x: '1' } };
  applyDefaults('storage.k8s.io', 'v1', 'StorageClass', old);
  assert.equal(
    message('storage.k8s.io', 'v1', 'StorageClass', { metadata: { name: 'a' }, provisioner: 'c/d', parameters: { x: '2' } }, old),
    'StorageClass.storage.k8s.io "a" is invalid: [parameters: Forbidden: updates to parameters are forbidden., provisioner: Forbidden: updates to provisioner are forbidden.]',
  );
});

test('CSIStorageCapacity: topology selector, class name, non-negative capacity', () => {
  assert.equal(
    message('storage.k8s.io', 'v1', 'CSIStorageCapacity', { metadata: { name: 'a', namespace: 'default' }, storageClassName: 'Sc!', capacity: '-1', nodeTopology: { matchLabels: { 'bad key!': 'x' } } }),
    `CSIStorageCapacity.storage.k8s.io "a" is invalid: [nodeTopology.matchLabels: Invalid value: "bad key!": ${NAME_PART}, storageClassName: Invalid value: "Sc!": ${SUBDOMAIN}, capacity: Invalid value: "-1": must be greater than or equal to 0]`,
  );
});

test('VolumeAttachment: attacher, exactly one source, node name, then the CSI driver name check', () => {
  assert.equal(
    message('storage.k8s.io', 'v1', 'VolumeAttachment', { metadata: { name: 'a' }, spec: {} }),
    `VolumeAttachment.storage.k8s.io "a" is invalid: [spec.attacher: Required value, spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName, spec.nodeName: Invalid value: "": ${SUBDOMAIN}, spec.attacher: Invalid value: "": ${SUBDOMAIN}]`,
  );
  assert.equal(
    message('storage.k8s.io', 'v1', 'VolumeAttachment', { metadata: { name: 'a' }, spec: { attacher: 'Bad!', nodeName: 'n1', source: { persistentVolumeName: 'pv', inlineVolumeSpec: {} } } }),
    `VolumeAttachment.storage.k8s.io "a" is invalid: [spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName, spec.attacher: Invalid value: "Bad!": ${SUBDOMAIN}]`,
  );
  assert.equal(message('storage.k8s.io', 'v1', 'VolumeAttachment', { metadata: { name: 'a' }, spec: { attacher: 'csi.example.com', nodeName: 'n1', source: { persistentVolumeName: 'pv' } } }), 'valid');
});

test('EndpointSlice: address type, addresses per type (family, then the special ranges), ports', () => {
  const es = (body: Obj) => message('discovery.k8s.io', 'v1', 'EndpointSlice', { metadata: { name: 'a', namespace: 'default' }, ...body });
  assert.equal(es({}), 'EndpointSlice.discovery.k8s.io "a" is invalid: addressType: Required value');
  assert.equal(es({ addressType: 'Bogus' }), 'EndpointSlice.discovery.k8s.io "a" is invalid: addressType: Unsupported value: "Bogus": supported values: "FQDN", "IPv4", "IPv6"');
  assert.equal(
    es({ addressType: 'IPv4', endpoints: [{ addresses: [] }, { addresses: ['not-ip', '127.0.0.1', '10.0.0.1'], hostname: 'Bad_Host' }], ports: [{ name: 'Bad!', protocol: 'XX', appProtocol: 'bad proto!' }, { name: 'Bad!', protocol: 'TCP' }] }),
    `EndpointSlice.discovery.k8s.io "a" is invalid: [endpoints[0].addresses: Required value: must contain at least 1 address, endpoints[1].addresses[0]: Invalid value: "not-ip": must be a valid IPv4 address, endpoints[1].addresses[0]: Invalid value: "not-ip": must be a valid IP address, endpoints[1].addresses[1]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128), endpoints[1].hostname: Invalid value: "Bad_Host": ${LABEL}, ports[0].name: Invalid value: "Bad!": ${LABEL}, ports[0].protocol: Unsupported value: "XX": supported values: "SCTP", "TCP", "UDP", ports[0].appProtocol: Invalid value: "bad proto!": ${NAME_PART}, ports[1].name: Invalid value: "Bad!": ${LABEL}, ports[1].name: Duplicate value: "Bad!"]`,
  );
  assert.equal(
    es({ addressType: 'IPv6', endpoints: [{ addresses: ['fe80::1', '::ffff:1.2.3.4'] }] }),
    'EndpointSlice.discovery.k8s.io "a" is invalid: [endpoints[0].addresses[0]: Invalid value: "fe80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10), endpoints[0].addresses[1]: Invalid value: "::ffff:1.2.3.4": must be a valid IPv6 address]',
  );
  assert.equal(es({ addressType: 'FQDN', endpoints: [{ addresses: ['UPPER.example'] }] }), `EndpointSlice.discovery.k8s.io "a" is invalid: endpoints[0].addresses[0]: Invalid value: "UPPER.example": ${SUBDOMAIN}`);
  assert.equal(es({ addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'], conditions: { ready: true } }], ports: [{ name: 'http', port: 80, protocol: 'TCP' }] }), 'valid');
});
