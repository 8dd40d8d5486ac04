// Go's encoding/json of built-in objects (src/types/go-json.ts): the expected shapes are
// written from upstream's Go types — k8s.io/api apps/v1, batch/v1, core/v1, rbac/v1,
// discovery/v1 types.go, k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1/types.go,
// k8s.io/apimachinery pkg/apis/meta/v1/types.go — field by field (pointer or value,
// omitempty or not, slice/map or struct).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { goJson } from '../../src/types/go-json.js';
import { builtinSchema } from '../../src/types/builtin-schemas.js';
import { builtinCatalog } from '../../src/types/catalog.js';
import type { ObjectType } from '../../src/types/schema.js';
import { decodeObjectProto, encodeObjectProto } from '../../src/encoding/protobuf.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { MINIMAL_OBJECTS } from '../support/minimal-objects.js';

const schema = (group: string, kind: string): ObjectType => {
  const t = builtinSchema(group, kind) ?? builtinCatalog().kinds.find((k) => k.group === group && k.kind === kind)?.schema;
  assert.ok(t, `${group}/${kind} has a schema`);
  return t;
};

describe('Go encoding of empty fields (types/go-json.ts)', () => {
  it('writes value structs, drops nil pointers and empty omitempty collections, writes a zero metav1.Time as null (apps/v1 Deployment)', () => {
    const out = goJson(
      { metadata: { name: 'd', labels: {}, finalizers: [] }, spec: { replicas: 0, paused: false, minReadySeconds: 0, selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [{ name: 'c', image: 'i', args: [] }] } } } },
      schema('apps', 'Deployment'),
    ) as any;
    // ObjectMeta: labels/finalizers omitempty → gone; CreationTimestamp is a value metav1.Time → null.
    assert.deepEqual(out.metadata, { name: 'd', creationTimestamp: null });
    // Replicas *int32: a set zero stays; Paused bool / MinReadySeconds int32 omitempty: zero gone.
    assert.equal(out.spec.replicas, 0);
    assert.equal('paused' in out.spec, false);
    assert.equal('minReadySeconds' in out.spec, false);
    // Strategy DeploymentStrategy (value struct, omitempty): written as {}.
    assert.deepEqual(out.spec.strategy, {});
    // Template PodTemplateSpec: its ObjectMeta is a value struct with a null creationTimestamp.
    assert.deepEqual(out.spec.template.metadata, { creationTimestamp: null });
    // Container.Resources ResourceRequirements (value struct): {}; Args []string omitempty: gone.
    assert.deepEqual(out.spec.template.spec.containers[0], { name: 'c', image: 'i', resources: {} });
    // Status DeploymentStatus (value struct, every field omitempty): {}.
    assert.deepEqual(out.status, {});
  });

  it('writes zero counters without omitempty (apps/v1 ReplicaSetStatus.Replicas, StatefulSetStatus, DaemonSetStatus)', () => {
    assert.deepEqual((goJson({ metadata: { name: 'r' } }, schema('apps', 'ReplicaSet')) as any).status, { replicas: 0 });
    assert.deepEqual((goJson({ metadata: { name: 's' } }, schema('apps', 'StatefulSet')) as any).status, { replicas: 0, availableReplicas: 0 });
    assert.deepEqual((goJson({ metadata: { name: 'd' } }, schema('apps', 'DaemonSet')) as any).status, {
      currentNumberScheduled: 0,
      numberMisscheduled: 0,
      desiredNumberScheduled: 0,
      numberReady: 0,
    });
  });

  it('writes a nil slice without omitempty as null (rbac/v1 ClusterRole.Rules, apiextensions/v1 CustomResourceDefinitionStatus.Conditions)', () => {
    const cr = goJson({ metadata: { name: 'a' }, aggregationRule: { clusterRoleSelectors: [] } }, schema('rbac.authorization.k8s.io', 'ClusterRole')) as any;
    assert.equal(cr.rules, null);
    const crd = goJson({ metadata: { name: 'x' }, spec: {} }, schema('apiextensions.k8s.io', 'CustomResourceDefinition')) as any;
    // AcceptedNames is a value struct whose Plural and Kind carry no omitempty.
    assert.deepEqual(crd.status, { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: null });
  });

  it('keeps a set empty slice without omitempty, and an empty struct inside a list (discovery/v1 Endpoint.Conditions)', () => {
    const es = goJson({ metadata: { name: 'e' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }], ports: [] }, schema('discovery.k8s.io', 'EndpointSlice')) as any;
    assert.deepEqual(es.endpoints, [{ addresses: ['10.0.0.1'], conditions: {} }]);
    // Ports []EndpointPort has omitempty? No: `json:"ports"` — a set empty list is written.
    assert.deepEqual(es.ports, []);
  });

  it('writes Node status structs (core/v1 NodeStatus.DaemonEndpoints, NodeInfo) and Service status.loadBalancer', () => {
    const node = goJson({ metadata: { name: 'n' } }, schema('', 'Node')) as any;
    assert.deepEqual(node.status.daemonEndpoints, { kubeletEndpoint: { Port: 0 } });
    assert.equal(node.status.nodeInfo.machineID, '');
    assert.equal(node.status.nodeInfo.kubeletVersion, '');
    const svc = goJson({ metadata: { name: 's' }, spec: {} }, schema('', 'Service')) as any;
    assert.deepEqual(svc.status, { loadBalancer: {} });
  });

  it('a pointer without omitempty is null when nil, and nulls of value fields become their zero (core/v1 TypedLocalObjectReference.APIGroup)', () => {
    const pvc = goJson(
      { metadata: { name: 'p' }, spec: { dataSource: { kind: 'PersistentVolumeClaim', name: 'src' }, volumeName: null, resources: null } },
      schema('', 'PersistentVolumeClaim'),
    ) as any;
    assert.deepEqual(pvc.spec.dataSource, { apiGroup: null, kind: 'PersistentVolumeClaim', name: 'src' });
    assert.equal('volumeName' in pvc.spec, false);
    assert.deepEqual(pvc.spec.resources, {});
  });

  it('is idempotent and keeps fields in Go declaration order', () => {
    const t = schema('apps', 'Deployment');
    const once = goJson({ status: {}, spec: { template: {}, selector: {} }, metadata: { name: 'd' } }, t);
    assert.deepEqual(goJson(once, t), once);
    assert.deepEqual(Object.keys((once as any).spec), ['selector', 'template', 'strategy']);
  });

  it('encodes the Go shape in protobuf and back (nulls are absent fields there)', () => {
    const t = schema('apps', 'Deployment');
    const obj = goJson({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } }, t) as any;
    const back = decodeObjectProto(encodeObjectProto(obj, t), () => t) as any;
    assert.equal(back.metadata.name, 'd');
    assert.deepEqual(goJson(back, t), obj);
  });
});

describe('objects read back as kube-apiserver writes them (dry-run creates)', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'gofields' } } });
  });
  after(async () => {
    await srv?.close();
  });
  const create = async (name: string, dryRun = true) => {
    const o = MINIMAL_OBJECTS[name]!;
    const body = JSON.parse(JSON.stringify(o.body).replaceAll('{ns}', 'gofields'));
    const r = await srv.request('POST', o.path.replace('{ns}', 'gofields') + (dryRun ? '?dryRun=All' : ''), { body });
    assert.equal(r.status, 201, r.text);
    return r.json();
  };

  it('status structs, zero counters, resources: {} and template creationTimestamp: null', async () => {
    const d = await create('Deployment');
    assert.deepEqual(d.status, {});
    assert.deepEqual(d.spec.template.metadata.creationTimestamp, null);
    assert.deepEqual(d.spec.template.spec.containers[0].resources, {});
    assert.deepEqual((await create('Job')).status, {});
    assert.deepEqual((await create('CronJob')).status, {});
    assert.deepEqual((await create('ResourceQuota')).status, {});
    assert.deepEqual((await create('ReplicaSet')).status, { replicas: 0 });
    assert.deepEqual((await create('ReplicationController')).status, { replicas: 0 });
    assert.deepEqual((await create('PodDisruptionBudget')).status, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    assert.deepEqual((await create('HorizontalPodAutoscaler')).status, { currentMetrics: null, desiredReplicas: 0 });
    assert.deepEqual((await create('Service')).status, { loadBalancer: {} });
    assert.deepEqual((await create('Ingress')).status, { loadBalancer: {} });
    assert.equal((await create('AggregatedClusterRole')).rules, null);
    assert.deepEqual((await create('EndpointSlice')).endpoints[0].conditions, {});
    const crd = await create('CustomResourceDefinition');
    assert.equal(crd.status.conditions, null);
  });

  it('stored objects, GETs and protobuf reads carry the same shape', async () => {
    const made = await create('Deployment', false);
    const got = (await srv.request('GET', `/apis/apps/v1/namespaces/gofields/deployments/${made.metadata.name}`)).json();
    assert.deepEqual(got.status, {});
    assert.equal(got.spec.template.metadata.creationTimestamp, null);
    const pb = await srv.request('GET', `/apis/apps/v1/namespaces/gofields/deployments/${made.metadata.name}`, { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    assert.equal(pb.status, 200);
  });

  it('strategy effects: Job labels, DaemonSet template generation, claim template types, headless families, PV transition time, generation', async () => {
    const job = await create('Job');
    for (const k of ['controller-uid', 'batch.kubernetes.io/controller-uid', 'job-name', 'batch.kubernetes.io/job-name']) {
      assert.ok(job.metadata.labels[k], `job label ${k}`);
      assert.ok(job.spec.template.metadata.labels[k], `template label ${k}`);
    }
    assert.equal((await create('DaemonSet')).metadata.annotations['deprecated.daemonset.template.generation'], '1');
    const sts = await create('StatefulSet');
    assert.equal(sts.spec.volumeClaimTemplates[0].apiVersion, 'v1');
    assert.equal(sts.spec.volumeClaimTemplates[0].kind, 'PersistentVolumeClaim');
    const headless = await create('HeadlessService');
    assert.deepEqual([headless.spec.ipFamilies, headless.spec.ipFamilyPolicy], [['IPv4'], 'SingleStack']);
    const pv = await create('PersistentVolume');
    assert.equal(pv.status.phase, 'Pending');
    assert.match(pv.status.lastPhaseTransitionTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const k of ['PodTemplate', 'IngressClass', 'PriorityClass', 'FlowSchema']) assert.equal((await create(k)).metadata.generation, 1, k);
    assert.equal((await create('CSIDriver')).metadata.generation, undefined);
    // csrStrategy.PrepareForCreate records the requester, whatever the client sent.
    const csrBody = { ...MINIMAL_OBJECTS.CertificateSigningRequest!.body } as any;
    csrBody.spec = { ...csrBody.spec, username: 'mallory', groups: ['system:masters'] };
    const csr = (await srv.request('POST', '/apis/certificates.k8s.io/v1/certificatesigningrequests?dryRun=All', { body: csrBody })).json();
    assert.equal(csr.spec.username, 'kubernetes-admin');
    assert.deepEqual(csr.spec.groups, ['system:masters', 'system:authenticated']);
    const rb = await create('RoleBinding');
    assert.deepEqual(rb.subjects[0], { kind: 'ServiceAccount', name: 'sa' });
  });

  it('a DaemonSet template change bumps the template generation; other updates keep it (daemonSetStrategy.PrepareForUpdate)', async () => {
    const ds = await create('DaemonSet', false);
    const path = `/apis/apps/v1/namespaces/gofields/daemonsets/${ds.metadata.name}`;
    const merge = { 'content-type': 'application/merge-patch+json' };
    const relabel = (await srv.request('PATCH', path, { headers: merge, raw: JSON.stringify({ metadata: { labels: { x: 'y' }, annotations: { 'deprecated.daemonset.template.generation': '7' } } }) })).json();
    assert.equal(relabel.metadata.annotations['deprecated.daemonset.template.generation'], '1');
    const changed = (await srv.request('PATCH', path, { headers: merge, raw: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox:2' }] } } } }) })).json();
    assert.equal(changed.metadata.annotations['deprecated.daemonset.template.generation'], '2');
    assert.equal(changed.metadata.generation, 2);
  });
});
