// NodeRestriction decisions (upstream plugin/pkg/admission/noderestriction/admission.go and admission_test.go).
import { after, before, describe, it, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { admitNodeRestriction, type NodeRestrictionLookup, type NodeRestrictionRequest } from '../../src/admission/plugins/node-restriction.js';
import type { Obj } from '../../src/types/kind.js';
import { enabledAdmissionPlugins } from '../../src/admission/layer.js';
import { issueCertificate } from '../../src/cli/pki.js';
import { rawRequest } from '../support/auth.js';
import { createDefaultServiceAccount } from '../support/pods.js';
import { startTestServer, type TestServer } from '../support/server.js';

const n1 = { username: 'system:node:n1', groups: ['system:nodes'] };
const pods: Record<string, Obj> = {
  'ns/mine': { metadata: { name: 'mine', namespace: 'ns', uid: 'uid-mine' }, spec: { nodeName: 'n1' } },
  'ns/theirs': { metadata: { name: 'theirs', namespace: 'ns', uid: 'uid-theirs' }, spec: { nodeName: 'n2' } },
};
const lookup: NodeRestrictionLookup = {
  pod: (ns, name) => pods[`${ns}/${name}`],
  node: (name) => (name === 'n1' ? { metadata: { name: 'n1', uid: 'node-uid' } } : undefined),
};

function admit(r: Partial<NodeRestrictionRequest> & Pick<NodeRestrictionRequest, 'operation' | 'resource'>) {
  return admitNodeRestriction({ user: n1, group: '', subresource: '', namespace: '', name: '', ...r }, lookup);
}

function mirrorPod(mutate: (p: Obj) => void = () => undefined): Obj {
  const p: Obj = {
    metadata: {
      name: 'static-web',
      namespace: 'ns',
      annotations: { 'kubernetes.io/config.mirror': 'hash' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'node-uid', controller: true }],
    },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] },
  };
  mutate(p);
  return p;
}

test('requests of users that are not nodes pass untouched', () => {
  assert.equal(admitNodeRestriction({ user: { username: 'alice', groups: ['system:nodes'] }, operation: 'DELETE', group: '', resource: 'nodes', subresource: '', namespace: '', name: 'n2' }, lookup), undefined);
  const unnamed = admitNodeRestriction({ user: { username: 'system:node:', groups: ['system:nodes'] }, operation: 'DELETE', group: '', resource: 'nodes', subresource: '', namespace: '', name: 'x' }, lookup);
  assert.equal(unnamed?.status.message, 'nodes "Unknown" is forbidden: could not determine node from user "system:node:"');
});

test('mirror pods: bound to itself, owned by its Node (uid checked), referencing no other object', () => {
  const create = (p: Obj) => admit({ operation: 'CREATE', resource: 'pods', namespace: 'ns', object: p });
  assert.equal(create(mirrorPod()), undefined);
  const cases: [(p: Obj) => void, string][] = [
    [(p) => delete p.metadata.annotations, 'pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods'],
    [(p) => (p.spec.nodeName = 'n2'), 'node "n1" can only create pods with spec.nodeName set to itself'],
    [(p) => (p.metadata.ownerReferences = []), 'node "n1" can only create pods with an owner reference set to itself'],
    [(p) => (p.metadata.ownerReferences[0].controller = false), 'node "n1" can only create pods with a controller owner reference set to itself'],
    [(p) => (p.metadata.ownerReferences[0].blockOwnerDeletion = true), 'node "n1" must not set blockOwnerDeletion on an owner reference'],
    [(p) => (p.metadata.ownerReferences[0].uid = 'other'), 'node n1 UID mismatch: expected other got node-uid'],
    [(p) => (p.spec.serviceAccountName = 'default'), 'node "n1" can not create pods that reference a service account'],
    [(p) => (p.spec.containers[0].envFrom = [{ secretRef: { name: 's' } }]), 'node "n1" can not create pods that reference secrets'],
    [(p) => (p.spec.volumes = [{ name: 'v', configMap: { name: 'cm' } }]), 'node "n1" can not create pods that reference configmaps'],
    [(p) => (p.spec.volumes = [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }]), 'node "n1" can not create pods that reference persistentvolumeclaims'],
    [(p) => (p.spec.volumes = [{ name: 'v', projected: { sources: [{ clusterTrustBundle: { name: 'b', path: 'p' } }] } }]), 'node "n1" can not create pods that reference clustertrustbundles'],
  ];
  for (const [mutate, why] of cases) {
    const err = create(mirrorPod(mutate));
    assert.equal(err?.status.code, 403, why);
    assert.equal(err?.status.reason, 'Forbidden');
    assert.equal(err?.status.message, `pods "static-web" is forbidden: ${why}`);
  }
});

test('pod delete, status and eviction only for pods bound to itself; other updates refused', () => {
  assert.equal(admit({ operation: 'DELETE', resource: 'pods', namespace: 'ns', name: 'mine' }), undefined);
  assert.equal(admit({ operation: 'DELETE', resource: 'pods', namespace: 'ns', name: 'theirs' })?.status.message, 'pods "Unknown" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  const gone = admit({ operation: 'DELETE', resource: 'pods', namespace: 'ns', name: 'gone' });
  assert.equal(gone?.status.code, 404);
  assert.equal(gone?.status.message, 'pod "gone" not found');
  assert.match(admit({ operation: 'UPDATE', resource: 'pods', namespace: 'ns', name: 'mine', object: pods['ns/mine'] })?.status.message ?? '', /unexpected operation "UPDATE", node "n1" can only create and delete mirror pods$/);
  const status = (old: Obj, now: Obj) => admit({ operation: 'UPDATE', resource: 'pods', subresource: 'status', namespace: 'ns', name: old.metadata.name, oldObject: old, object: now });
  assert.equal(status(pods['ns/mine']!, { ...pods['ns/mine']!, status: { phase: 'Running' } }), undefined);
  assert.match(status(pods['ns/theirs']!, pods['ns/theirs']!)?.status.message ?? '', /can only update pod status for pods with spec.nodeName set to itself$/);
  assert.match(status(pods['ns/mine']!, { ...pods['ns/mine']!, metadata: { ...pods['ns/mine']!.metadata, labels: { a: 'b' } } })?.status.message ?? '', /cannot update labels through pod status$/);
  const evict = (name: string) => admit({ operation: 'CREATE', resource: 'pods', subresource: 'eviction', namespace: 'ns', name, object: { metadata: { name } } });
  assert.equal(evict('mine'), undefined);
  assert.equal(evict('theirs')?.status.message, 'pods "theirs" is forbidden: node n1 can only evict pods with spec.nodeName set to itself');
  assert.match(admit({ operation: 'UPDATE', resource: 'pods', subresource: 'resize', namespace: 'ns', name: 'mine' })?.status.message ?? '', /unexpected pod subresource "resize", only 'status' and 'eviction' are allowed$/);
});

test('its own Node only; no taint, configSource or restricted label changes', () => {
  const node = (labels: Record<string, string> = {}, spec: Obj = {}) => ({ metadata: { name: 'n1', labels }, spec });
  assert.equal(admit({ operation: 'CREATE', resource: 'nodes', object: node({ 'kubernetes.io/hostname': 'h', 'node.kubernetes.io/exclude-from-external-load-balancers': 'true', 'example.com/x': 'y' }) }), undefined);
  assert.equal(admit({ operation: 'CREATE', resource: 'nodes', object: { metadata: { name: 'n2' } } })?.status.message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  assert.equal(
    admit({ operation: 'CREATE', resource: 'nodes', object: node({ 'node-restriction.kubernetes.io/pool': 'a', 'kubernetes.io/role': 'master' }) })?.status.message,
    'nodes "n1" is forbidden: node "n1" is not allowed to set the following labels: kubernetes.io/role, node-restriction.kubernetes.io/pool',
  );
  const update = (old: Obj, now: Obj) => admit({ operation: 'UPDATE', resource: 'nodes', name: 'n1', oldObject: old, object: now });
  assert.equal(update(node({ a: '1' }), node({ a: '2', 'kubernetes.io/arch': 'arm64' })), undefined);
  assert.match(update(node(), node({}, { taints: [{ key: 'k', effect: 'NoSchedule' }] }))?.status.message ?? '', /is not allowed to modify taints$/);
  assert.match(update(node({ 'foo.k8s.io/x': 'a' }), node())?.status.message ?? '', /is forbidden: is not allowed to modify labels: foo.k8s.io\/x$/);
  assert.match(update(node(), node({}, { configSource: { configMap: {} } }))?.status.message ?? '', /not allowed to update configSource to a new non-nil configSource$/);
  assert.match(admit({ operation: 'DELETE', resource: 'nodes', name: 'n2' })?.status.message ?? '', /node "n1" is not allowed to modify node "n2"$/);
});

test('PVC status: only capacity, conditions and allocated resources may change', () => {
  const pvc = (status: Obj, labels?: Obj) => ({ metadata: { name: 'c', namespace: 'ns', resourceVersion: '1', labels }, spec: { volumeName: 'v' }, status });
  const update = (old: Obj, now: Obj) => admit({ operation: 'UPDATE', resource: 'persistentvolumeclaims', subresource: 'status', namespace: 'ns', name: 'c', oldObject: old, object: now });
  assert.equal(update(pvc({ phase: 'Bound' }), pvc({ phase: 'Bound', capacity: { storage: '2Gi' }, conditions: [{ type: 'Resizing' }], allocatedResources: { storage: '2Gi' } })), undefined);
  assert.match(update(pvc({ phase: 'Bound' }), pvc({ phase: 'Lost' }))?.status.message ?? '', /is not allowed to update fields other than status.capacity and status.conditions/);
  assert.match(update(pvc({}), pvc({}, { a: 'b' }))?.status.message ?? '', /is not allowed to update fields other than/);
  assert.match(admit({ operation: 'UPDATE', resource: 'persistentvolumeclaims', namespace: 'ns', name: 'c' })?.status.message ?? '', /may only update PVC status$/);
});

test('tokens only bound to its own pods, by uid', () => {
  const token = (boundObjectRef?: Obj) => admit({ operation: 'CREATE', resource: 'serviceaccounts', subresource: 'token', namespace: 'ns', name: 'default', object: { spec: { boundObjectRef } } });
  assert.equal(token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'uid-mine' }), undefined);
  assert.match(token()?.status.message ?? '', /node requested token not bound to a pod$/);
  assert.match(token({ apiVersion: 'v1', kind: 'Secret', name: 'mine', uid: 'x' })?.status.message ?? '', /node requested token not bound to a pod$/);
  assert.match(token({ apiVersion: 'v1', kind: 'Pod', name: 'mine' })?.status.message ?? '', /without a uid$/);
  assert.match(token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'old' })?.status.message ?? '', /the UID in the bound object reference \(old\) does not match the UID in record/);
  assert.match(token({ apiVersion: 'v1', kind: 'Pod', name: 'theirs', uid: 'uid-theirs' })?.status.message ?? '', /bound to a pod scheduled on a different node$/);
  assert.equal(admit({ operation: 'UPDATE', resource: 'serviceaccounts', namespace: 'ns', name: 'default' }), undefined);
});

test('leases, CSINodes and resource slices named after the node', () => {
  const lease = (op: 'CREATE' | 'UPDATE', ns: string, name: string) =>
    admit({ operation: op, group: 'coordination.k8s.io', resource: 'leases', namespace: ns, name: op === 'CREATE' ? '' : name, object: { metadata: { name } } });
  assert.equal(lease('CREATE', 'kube-node-lease', 'n1'), undefined);
  assert.equal(lease('UPDATE', 'kube-node-lease', 'n1'), undefined);
  assert.equal(lease('CREATE', 'kube-node-lease', 'n2')?.status.message, 'leases.coordination.k8s.io "n2" is forbidden: can only access node lease with the same name as the requesting node');
  assert.match(lease('UPDATE', 'default', 'n1')?.status.message ?? '', /can only access leases in the "kube-node-lease" system namespace$/);
  assert.equal(admit({ operation: 'CREATE', group: 'storage.k8s.io', resource: 'csinodes', object: { metadata: { name: 'n1' } } }), undefined);
  assert.match(admit({ operation: 'DELETE', group: 'storage.k8s.io', resource: 'csinodes', name: 'n2' })?.status.message ?? '', /can only access CSINode with the same name as the requesting node$/);
  const slice = (op: 'CREATE' | 'DELETE', nodeName: string) =>
    admit({ operation: op, group: 'resource.k8s.io', resource: 'resourceslices', ...(op === 'CREATE' ? { object: { metadata: { name: 's' }, spec: { nodeName } } } : { name: 's', oldObject: { metadata: { name: 's' }, spec: { nodeName } } }) });
  assert.equal(slice('CREATE', 'n1'), undefined);
  assert.match(slice('CREATE', 'n2')?.status.message ?? '', /can only create ResourceSlice with the same NodeName as the requesting node$/);
  assert.equal(slice('DELETE', 'n1'), undefined);
  assert.match(slice('DELETE', 'n2')?.status.message ?? '', /can only delete ResourceSlice with the same NodeName as the requesting node$/);
});

// The plugin end to end: a kubelet's client certificate (system:node:<name> in system:nodes)
// through the default Node,RBAC authorization, with --enable-admission-plugins=NodeRestriction.
describe('NodeRestriction plugin over HTTPS', () => {
  let srv: TestServer;
  let cert: { certPem: string; keyPem: string };
  const asNode = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    rawRequest(srv, { method, path, body, headers, cert: cert.certPem, key: cert.keyPem });

  before(async () => {
    srv = await startTestServer({ enableAdmissionPlugins: ['NodeRestriction'], controllers: [] });
    const ca = { certPem: readFileSync(join(srv.dataDir, 'ca.crt'), 'utf8'), keyPem: readFileSync(join(srv.dataDir, 'ca.key'), 'utf8') };
    cert = await issueCertificate(ca, { commonName: 'system:node:n1', organizations: ['system:nodes'], usages: ['clientAuth'] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'nr' } } });
    await createDefaultServiceAccount(srv, 'nr');
    assert.equal((await srv.request('POST', '/api/v1/nodes', { body: { metadata: { name: 'n2' } } })).status, 201);
    const p = await srv.request('POST', '/api/v1/namespaces/nr/pods', { body: { metadata: { name: 'on-n2' }, spec: { nodeName: 'n2', containers: [{ name: 'c', image: 'i' }] } } });
    assert.equal(p.status, 201, p.text);
  });
  after(() => srv.close());

  it('is off by default, as upstream', () => {
    assert.ok(!enabledAdmissionPlugins({}).includes('NodeRestriction'));
  });

  it('a node creates only itself, without restricted labels; it gets the not-ready taint', async () => {
    const labelled = await asNode('POST', '/api/v1/nodes', { metadata: { name: 'n1', labels: { 'node-role.kubernetes.io/control-plane': '' } } });
    assert.equal(labelled.status, 403, labelled.text);
    assert.equal(labelled.json().message, 'nodes "n1" is forbidden: node "n1" is not allowed to set the following labels: node-role.kubernetes.io/control-plane');
    const other = await asNode('POST', '/api/v1/nodes', { metadata: { name: 'n3' } });
    assert.equal(other.status, 403, other.text);
    assert.equal(other.json().message, 'nodes "n3" is forbidden: node "n1" is not allowed to modify node "n3"');
    const own = await asNode('POST', '/api/v1/nodes', { metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } } });
    assert.equal(own.status, 201, own.text);
    assert.deepEqual(own.json().spec.taints, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  });

  it('a node may not change another node nor its own taints', async () => {
    const put = async (name: string, change: (n: any) => void) => {
      const n = (await srv.request('GET', `/api/v1/nodes/${name}`)).json();
      change(n);
      return asNode('PUT', `/api/v1/nodes/${name}`, n);
    };
    const otherNode = await put('n2', (n) => (n.metadata.labels = { a: 'b' }));
    assert.equal(otherNode.status, 403, otherNode.text);
    assert.equal(otherNode.json().message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
    const taints = await put('n1', (n) => (n.spec.taints = []));
    assert.equal(taints.status, 403, taints.text);
    assert.equal(taints.json().message, 'nodes "n1" is forbidden: node "n1" is not allowed to modify taints');
    const label = await put('n1', (n) => (n.metadata.labels['topology.kubernetes.io/zone'] = 'z1'));
    assert.equal(label.status, 200, label.text);
  });

  it('a node creates only mirror pods of itself and deletes only its own pods', async () => {
    const node = (await srv.request('GET', '/api/v1/nodes/n1')).json();
    const mirror = {
      metadata: {
        name: 'static-web',
        annotations: { 'kubernetes.io/config.mirror': 'hash' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: node.metadata.uid, controller: true }],
      },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] },
    };
    const ok = await asNode('POST', '/api/v1/namespaces/nr/pods', mirror);
    assert.equal(ok.status, 201, ok.text);
    const plain = await asNode('POST', '/api/v1/namespaces/nr/pods', { metadata: { name: 'plain' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] } });
    assert.equal(plain.status, 403, plain.text);
    assert.equal(plain.json().message, 'pods "plain" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods');
    const del = await asNode('DELETE', '/api/v1/namespaces/nr/pods/on-n2');
    assert.equal(del.status, 403, del.text);
    assert.equal(del.json().message, 'pods "Unknown" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
    assert.equal((await srv.request('GET', '/api/v1/namespaces/nr/pods/on-n2')).status, 200);
    const delOwn = await asNode('DELETE', '/api/v1/namespaces/nr/pods/static-web');
    assert.equal(delOwn.status, 200, delOwn.text);
  });
});
