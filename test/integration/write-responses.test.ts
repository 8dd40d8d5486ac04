// What an update answers, byte order included, and what it requires of its body, as
// kube-apiserver v1.32 given the same requests (test/support/kube-apiserver.ts):
// - every object is written in its Go struct's order: metav1.TypeMeta puts kind before
//   apiVersion, and what a create or update hook adds (a Service's cluster IPs) takes its
//   declared place;
// - handlers/update.go checkName: a PUT body without a name is refused, not completed from the URL;
// - namespaces/finalize updates everything but status (namespaceFinalizeStrategy.PrepareForUpdate);
// - a map key the server adds (the namespace name label) is written sorted, as Go writes a map;
// - "__proto__" is an ordinary key: a ConfigMap may hold it, an annotation may not;
// - what upstream's conversions add is there: a pod spec's deprecated serviceAccount alias, a
//   DaemonSet's template generation annotation (owned by a writer whose body lacks it), an
//   embedded PersistentVolumeClaim's kind before its apiVersion;
// - a Service's status update is validated as ValidateServiceStatusUpdate does;
// - an apply patch is read as sigs.k8s.io/yaml.Unmarshal into a map reads it (handlers/patch.go applyPatcher);
// - a delete that leaves the object terminating answers it in struct order, and batch/v1 Jobs and
//   v1 ReplicationControllers orphan their dependents by default (DefaultGarbageCollectionPolicy).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const NS = '/api/v1/namespaces/default';

describe('update responses and bodies (kube-apiserver v1.32)', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(async () => {
    await srv?.close();
  });

  it('an update, a patch and an apply answer with kind before apiVersion, whatever order the body had', async () => {
    const cm = (data: Record<string, string>, rv?: string) => `{"data":${JSON.stringify(data)},"metadata":{"name":"c"${rv ? `,"resourceVersion":"${rv}"` : ''}},"apiVersion":"v1","kind":"ConfigMap"}`;
    const created = await srv.request('POST', `${NS}/configmaps`, { raw: cm({ a: '1' }), headers: { 'content-type': 'application/json' } });
    assert.equal(created.status, 201);
    const rv = created.json().metadata.resourceVersion;
    const writes = [
      await srv.request('PUT', `${NS}/configmaps/c`, { raw: cm({ a: '2' }, rv), headers: { 'content-type': 'application/json' } }),
      await srv.request('PATCH', `${NS}/configmaps/c`, { raw: '{"data":{"b":"1"}}', headers: { 'content-type': 'application/merge-patch+json' } }),
      await srv.request('PATCH', `${NS}/configmaps/c?fieldManager=m&force=true`, { raw: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"q":"1"}}', headers: { 'content-type': 'application/apply-patch+yaml' } }),
    ];
    for (const r of [created, ...writes]) {
      assert.equal(r.status < 300, true, r.text);
      assert.ok(r.text.startsWith('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"default",'), r.text.slice(0, 80));
    }
  });

  it("a Service's allocated fields are written in ServiceSpec's order, on create, read, list and update", async () => {
    const svc = (name: string, spec: Record<string, unknown>) => ({ spec: { ports: [{ port: 80 }], selector: { a: 'b' }, ...spec }, metadata: { name }, apiVersion: 'v1', kind: 'Service' });
    const order = ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'sessionAffinity', 'ipFamilies', 'ipFamilyPolicy', 'internalTrafficPolicy'];
    const created = await srv.request('POST', `${NS}/services`, { body: svc('s', {}) });
    assert.deepEqual(Object.keys(created.json().spec), order);
    assert.deepEqual(Object.keys((await srv.request('GET', `${NS}/services/s`)).json().spec), order);
    const listed = (await srv.request('GET', `${NS}/services?fieldSelector=metadata.name=s`)).json().items[0];
    assert.deepEqual(Object.keys(listed.spec), order);
    const lb = await srv.request('POST', `${NS}/services`, { body: svc('l', { type: 'LoadBalancer' }) });
    assert.deepEqual(Object.keys(lb.json().spec), ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'sessionAffinity', 'externalTrafficPolicy', 'ipFamilies', 'ipFamilyPolicy', 'allocateLoadBalancerNodePorts', 'internalTrafficPolicy']);
    assert.deepEqual(Object.keys(lb.json().spec.ports[0]), ['protocol', 'port', 'targetPort', 'nodePort']);
    // An update that allocates (ClusterIP to NodePort) puts the node port in its place too.
    const np = await srv.request('PATCH', `${NS}/services/s`, { body: { spec: { type: 'NodePort' } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(np.status, 200, np.text);
    assert.deepEqual(Object.keys(np.json().spec.ports[0]), ['protocol', 'port', 'targetPort', 'nodePort']);
    assert.deepEqual(Object.keys(np.json().spec), ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'sessionAffinity', 'externalTrafficPolicy', 'ipFamilies', 'ipFamilyPolicy', 'internalTrafficPolicy']);
  });

  it('a PUT whose body names no object is refused with 400, before the object is looked up', async () => {
    const want = (name: string) => [400, `the name of the object (${name} based on URL) was undeterminable: name must be provided`];
    for (const [path, body] of [
      [`${NS}/resourcequotas/x`, {}],
      [`${NS}/configmaps/y`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'y' } }],
      [`${NS}/configmaps/z`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '' } }],
      ['/apis/apps/v1/namespaces/default/deployments/d/scale', { apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { replicas: 1 } }],
    ] as const) {
      const r = await srv.request('PUT', path, { body });
      assert.deepEqual([r.status, r.json().message], want(path.split('/').at(path.endsWith('/scale') ? -2 : -1)!), path);
    }
  });

  it('namespaces/finalize replaces metadata and spec as sent, keeping only the status', async () => {
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'fin', labels: { keep: 'no' } } } })).status, 201);
    const r = await srv.request('PUT', '/api/v1/namespaces/fin/finalize', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fin', labels: { other: 'yes' } }, spec: { finalizers: [] }, status: { phase: 'Terminating' } } });
    assert.equal(r.status, 200, r.text);
    const ns = r.json();
    assert.equal(JSON.stringify(ns.metadata.labels), '{"kubernetes.io/metadata.name":"fin","other":"yes"}');
    assert.deepEqual(ns.spec, {});
    assert.deepEqual(ns.status, { phase: 'Active' });
  });
  it('"__proto__" is kept as data through create, patches and apply, and refused as an annotation key', async () => {
    const path = `${NS}/configmaps/proto`;
    const json = { 'content-type': 'application/json' };
    const data = async (r: { status: number; text: string; json(): any }, status: number) => {
      assert.equal(r.status, status, r.text);
      const obj = r.json();
      return [obj.data, Object.keys(obj.metadata.managedFields.at(-1).fieldsV1['f:data'])];
    };
    const raw = (body: string) => ({ raw: body, headers: json });
    assert.deepEqual(await data(await srv.request('POST', `${NS}/configmaps`, raw('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto"},"data":{"__proto__":"x","constructor":"y"}}')), 201), [
      JSON.parse('{"__proto__":"x","constructor":"y"}'),
      ['.', 'f:__proto__', 'f:constructor'],
    ]);
    assert.deepEqual(JSON.stringify((await srv.request('GET', path)).json().data), '{"__proto__":"x","constructor":"y"}');
    const merged = await srv.request('PATCH', path, { raw: '{"data":{"__proto__":"z","toString":"t"}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(JSON.stringify(merged.json().data), '{"__proto__":"z","constructor":"y","toString":"t"}');
    const removed = await srv.request('PATCH', path, { raw: '{"data":{"__proto__":null}}', headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    assert.deepEqual(await data(removed, 200), [{ constructor: 'y', toString: 't' }, ['.', 'f:constructor', 'f:toString']]);
    const applied = await srv.request('PATCH', `${path}?fieldManager=a`, { raw: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto"},"data":{"__proto__":"w"}}', headers: { 'content-type': 'application/apply-patch+yaml' } });
    assert.equal(applied.status, 200, applied.text);
    assert.equal(JSON.stringify(applied.json().data), '{"__proto__":"w","constructor":"y","toString":"t"}');
    assert.deepEqual(applied.json().metadata.managedFields[0].fieldsV1, JSON.parse('{"f:data":{"f:__proto__":{}}}'));
    const annotated = await srv.request('POST', `${NS}/configmaps`, raw('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto2","annotations":{"__proto__":"1"}}}'));
    assert.equal(annotated.status, 422, annotated.text);
    assert.match(annotated.json().message, /^ConfigMap "proto2" is invalid: metadata.annotations: Invalid value: "__proto__": name part must consist of/);
  });
  it("a pod spec's serviceAccount is the alias of serviceAccountName, read when that is empty and always written", async () => {
    const json = { 'content-type': 'application/json' };
    assert.equal((await srv.request('POST', `${NS}/serviceaccounts`, { body: { metadata: { name: 'sa' } } })).status, 201);
    const pod = (name: string, spec: Record<string, unknown>) => ({ metadata: { name }, spec: { ...spec, automountServiceAccountToken: false, containers: [{ name: 'c', image: 'i' }] } });
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceAccount: 'sa' }, 'sa'],
      [{ serviceAccountName: 'sa' }, 'sa'],
      [{ serviceAccountName: 'sa', serviceAccount: 'default' }, 'sa'],
      [{}, 'default'],
    ];
    for (const [i, [spec, want]] of cases.entries()) {
      const r = await srv.request('POST', `${NS}/pods`, { body: pod(`sa${i}`, spec), headers: json });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual([r.json().spec.serviceAccountName, r.json().spec.serviceAccount], [want, want], JSON.stringify(spec));
      assert.ok(r.text.includes(`"serviceAccountName":"${want}","serviceAccount":"${want}"`));
    }
    // In a template too, where the creator owns both (the field manager sees the converted object).
    const tmpl = { metadata: { labels: { a: 'b' } }, spec: { serviceAccount: 'x', containers: [{ name: 'c', image: 'i' }] } };
    const d = await srv.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: { metadata: { name: 'sa' }, spec: { selector: { matchLabels: { a: 'b' } }, template: tmpl } } });
    assert.deepEqual([d.json().spec.template.spec.serviceAccountName, d.json().spec.template.spec.serviceAccount], ['x', 'x']);
    const owned = d.json().metadata.managedFields[0].fieldsV1['f:spec']['f:template']['f:spec'];
    assert.deepEqual([owned['f:serviceAccount'], owned['f:serviceAccountName']], [{}, {}]);
  });

  it("a DaemonSet's template generation annotation: owned by the creator, and by an updater whose body lacks it", async () => {
    const path = '/apis/apps/v1/namespaces/default/daemonsets';
    const tmpl = { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    const meta = (o: any) => [o.metadata.annotations, o.metadata.managedFields.map((e: any) => [e.manager, e.fieldsV1['f:metadata'] ?? null])];
    const created = await srv.request('POST', `${path}?fieldManager=c`, { body: { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'x' }, spec: { selector: { matchLabels: { a: 'b' } }, template: tmpl } } });
    const generation = { 'deprecated.daemonset.template.generation': '1' };
    const owns = { 'f:annotations': { '.': {}, 'f:deprecated.daemonset.template.generation': {} } };
    assert.deepEqual(meta(created.json()), [generation, [['c', owns]]]);
    const o = created.json();
    const put = await srv.request('PUT', `${path}/x?fieldManager=p`, { body: { ...o, metadata: { name: 'x', resourceVersion: o.metadata.resourceVersion } } });
    assert.deepEqual(meta(put.json()), [generation, [['c', { 'f:annotations': {} }], ['p', { 'f:annotations': { 'f:deprecated.daemonset.template.generation': {} } }]]]);
    const changed = await srv.request('PATCH', `${path}/x?fieldManager=m`, { body: { spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx:2' }] } } } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.deepEqual(changed.json().metadata.annotations, { 'deprecated.daemonset.template.generation': '2' });
    assert.deepEqual(changed.json().metadata.managedFields.find((e: any) => e.manager === 'm').fieldsV1['f:metadata'], undefined);
  });

  it("a StatefulSet's volumeClaimTemplates are written kind first, as every embedded object", async () => {
    const tmpl = { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'd' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    const r = await srv.request('POST', '/apis/apps/v1/namespaces/default/statefulsets', { body: { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'x' }, spec: { serviceName: 's', selector: { matchLabels: { a: 'b' } }, template: tmpl, volumeClaimTemplates: [pvc] } } });
    assert.equal(r.status, 201, r.text);
    assert.ok(r.text.includes('"volumeClaimTemplates":[{"kind":"PersistentVolumeClaim","apiVersion":"v1","metadata":{"name":"d","creationTimestamp":null},'), r.text);
  });

  it("a Service's status may list load balancer ingress only for a LoadBalancer, each point checked", async () => {
    const svc = (name: string, type: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type, ports: [{ port: 80 }], selector: { a: 'b' } } });
    assert.equal((await srv.request('POST', `${NS}/services`, { body: svc('cip', 'ClusterIP') })).status, 201);
    assert.equal((await srv.request('POST', `${NS}/services`, { body: svc('lb', 'LoadBalancer') })).status, 201);
    const status = async (name: string, ingress: unknown[]) => {
      const r = await srv.request('PATCH', `${NS}/services/${name}/status`, { body: { status: { loadBalancer: { ingress } } }, headers: { 'content-type': 'application/merge-patch+json' } });
      return r.status === 200 ? [200, r.json().status.loadBalancer.ingress] : [r.status, r.json().message];
    };
    assert.deepEqual(await status('cip', [{ ip: '1.2.3.4' }]), [422, 'Service "cip" is invalid: status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is \'LoadBalancer\'']);
    assert.deepEqual(await status('lb', [{ ip: '1.2.3.4' }]), [200, [{ ip: '1.2.3.4', ipMode: 'VIP' }]]);
    assert.deepEqual(await status('lb', [{ hostname: 'lb.example.com', ipMode: 'VIP' }]), [422, 'Service "lb" is invalid: status.loadBalancer.ingress[0].ipMode: Forbidden: may not be specified when `ip` is not set']);
    assert.deepEqual(await status('lb', [{ hostname: '1.2.3.4' }]), [422, 'Service "lb" is invalid: status.loadBalancer.ingress[0].hostname: Invalid value: "1.2.3.4": must be a DNS name, not an IP address']);
  });
  it('an apply patch body: its first YAML document, null as an empty object, other values refused as encoding/json refuses them', async () => {
    const apply = async (body: string) => {
      const r = await srv.request('PATCH', `${NS}/configmaps/applied?fieldManager=a`, { raw: body, headers: { 'content-type': 'application/apply-patch+yaml' } });
      return [r.status, r.status < 300 ? r.json().data : r.json().message];
    };
    const refused = (type: string) => [400, `error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${type} into Go value of type map[string]interface {}`];
    assert.deepEqual(await apply('[]'), refused('array'));
    assert.deepEqual(await apply('"x"'), refused('string'));
    assert.deepEqual(await apply('3'), refused('number'));
    assert.deepEqual(await apply('true'), refused('bool'));
    assert.deepEqual(await apply('null'), [400, 'invalid object type: /, Kind=']);
    assert.deepEqual(await apply(''), [400, 'invalid object type: /, Kind=']);
    assert.deepEqual(await apply('a: ['), [400, 'error decoding YAML: error converting YAML to JSON: yaml: line 1: unexpected end of the stream within a flow collection']);
    assert.deepEqual(await apply('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  k: v\n---\nnot: [valid'), [201, { k: 'v' }]);
  });
  it('a delete without a policy orphans the dependents of a Job and of a ReplicationController, and answers the terminating object in struct order', async () => {
    const podSpec = { containers: [{ name: 'c', image: 'i' }] };
    const owners = [
      { path: '/apis/batch/v1/namespaces/default/jobs', body: { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'orphaner' }, spec: { template: { spec: { ...podSpec, restartPolicy: 'Never' } } } } },
      { path: `${NS}/replicationcontrollers`, body: { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'orphaner' }, spec: { selector: { o: 'rc' }, template: { metadata: { labels: { o: 'rc' } }, spec: podSpec } } } },
    ];
    for (const { path, body } of owners) {
      const owner = await srv.request('POST', path, { body });
      assert.equal(owner.status, 201, owner.text);
      const { uid } = owner.json().metadata;
      const podName = `dep-${body.kind.toLowerCase()}`;
      const ref = { apiVersion: body.apiVersion, kind: body.kind, name: 'orphaner', uid, controller: true };
      assert.equal((await srv.request('POST', `${NS}/pods`, { body: { metadata: { name: podName, ownerReferences: [ref] }, spec: { ...podSpec, automountServiceAccountToken: false } } })).status, 201);
      const dry = await srv.request('DELETE', `${path}/orphaner?dryRun=All`);
      assert.deepEqual(dry.json().metadata.finalizers, ['orphan'], dry.text);
      const deleted = await srv.request('DELETE', `${path}/orphaner`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.json().metadata.finalizers, ['orphan']);
      const keys = Object.keys(deleted.json().metadata);
      assert.deepEqual(keys.slice(keys.indexOf('creationTimestamp'), keys.indexOf('creationTimestamp') + 3), ['creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds']);
      // The garbage collector orphans the pod, then lets the owner go.
      await eventually(async () => (await srv.request('GET', `${path}/orphaner`)).status === 404, 15_000, `${body.kind} deleted`);
      const pod = await srv.request('GET', `${NS}/pods/${podName}`);
      assert.equal(pod.status, 200);
      assert.equal(pod.json().metadata.ownerReferences, undefined);
    }
  });
  it('a delete marks as upstream marks: a new generation, a pod answered as deleted with no grace period, a namespace without one, events without garbage-collection finalizers', async () => {
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const tmpl = { metadata: { labels: { g: 'en' } }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    const dep = await srv.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: { metadata: { name: 'gen', finalizers: ['x.io/hold'] }, spec: { selector: { matchLabels: { g: 'en' } }, template: tmpl } } });
    assert.equal(dep.json().metadata.generation, 1);
    const held = await srv.request('DELETE', '/apis/apps/v1/namespaces/default/deployments/gen');
    assert.deepEqual([held.json().metadata.generation, held.json().metadata.deletionGracePeriodSeconds], [2, 0]);
    assert.equal((await srv.request('PATCH', '/apis/apps/v1/namespaces/default/deployments/gen', { body: { metadata: { finalizers: null } }, headers: mergePatch })).status, 200);
    // An unscheduled pod goes at once, answered as marked for deletion (and with a new generation).
    assert.equal((await srv.request('POST', `${NS}/pods`, { body: { metadata: { name: 'gone' }, spec: { automountServiceAccountToken: false, containers: [{ name: 'c', image: 'i' }] } } })).status, 201);
    for (const q of ['?dryRun=All', '']) {
      const r = await srv.request('DELETE', `${NS}/pods/gone${q}`);
      const m = r.json().metadata;
      assert.deepEqual([r.status, m.generation, m.deletionGracePeriodSeconds, typeof m.deletionTimestamp], [200, 2, 0, 'string'], q);
    }
    assert.equal((await srv.request('GET', `${NS}/pods/gone`)).status, 404);
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'marked' } } })).status, 201);
    const ns = (await srv.request('DELETE', '/api/v1/namespaces/marked?dryRun=All')).json();
    assert.deepEqual([typeof ns.metadata.deletionTimestamp, 'deletionGracePeriodSeconds' in ns.metadata, ns.status.phase], ['string', false, 'Terminating']);
    const ev = { metadata: { name: 'ev', finalizers: ['x.io/hold'] }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R', message: 'M', type: 'Normal' };
    assert.equal((await srv.request('POST', `${NS}/events`, { body: ev })).status, 201);
    const evDeleted = await srv.request('DELETE', `${NS}/events/ev`, { body: { propagationPolicy: 'Foreground' } });
    assert.deepEqual(evDeleted.json().metadata.finalizers, ['x.io/hold']);
  });
  it('a binding records no managedFields entry: BindingREST writes the pod without the field manager', async () => {
    assert.equal((await srv.request('POST', `${NS}/pods`, { body: { metadata: { name: 'bound' }, spec: { automountServiceAccountToken: false, containers: [{ name: 'c', image: 'i' }] } } })).status, 201);
    const before = (await srv.request('GET', `${NS}/pods/bound`)).json().metadata.managedFields;
    const bound = await srv.request('POST', `${NS}/pods/bound/binding`, { body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'bound' }, target: { apiVersion: 'v1', kind: 'Node', name: 'n1' } } });
    assert.equal(bound.status, 201, bound.text);
    const pod = (await srv.request('GET', `${NS}/pods/bound`)).json();
    assert.equal(pod.spec.nodeName, 'n1');
    assert.deepEqual(pod.metadata.managedFields, before);
  });
  it('a patched or applied object must name the URL\'s object, in the request\'s namespace (handlers/patch.go applyPatch checkName)', async () => {
    assert.equal((await srv.request('POST', `${NS}/configmaps`, { body: { metadata: { name: 'named' }, data: { a: '1' } } })).status, 201);
    const undeterminable = (n: string) => [400, `the name of the object (${n} based on URL) was undeterminable: name must be provided`];
    const patch = async (path: string, type: string, body: unknown) => {
      const r = await srv.request('PATCH', `${NS}/configmaps/${path}`, { body, headers: { 'content-type': `application/${type}` } });
      return r.status < 300 ? [r.status, r.json().metadata.name] : [r.status, r.json().message];
    };
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', data: { a: '1' } };
    assert.deepEqual(await patch('unnamed?fieldManager=m', 'apply-patch+yaml', cm), undeterminable('unnamed'));
    assert.deepEqual(await patch('named?fieldManager=m', 'apply-patch+yaml', cm), [200, 'named']);
    assert.deepEqual(await patch('named?fieldManager=m', 'apply-patch+yaml', { ...cm, metadata: { name: '' } }), undeterminable('named'));
    assert.deepEqual(await patch('named', 'merge-patch+json', { metadata: { name: null } }), undeterminable('named'));
    assert.deepEqual(await patch('named', 'json-patch+json', [{ op: 'remove', path: '/metadata/name' }]), undeterminable('named'));
    assert.deepEqual(await patch('named', 'strategic-merge-patch+json', { $patch: 'delete' }), undeterminable('named'));
    assert.deepEqual(await patch('named', 'merge-patch+json', { metadata: { namespace: 'other' } }), [400, 'the namespace of the provided object does not match the namespace sent on the request']);
    assert.deepEqual(await patch('named', 'merge-patch+json', { metadata: { namespace: '' } }), [200, 'named']);
    // A Scale is checked the same way, its namespace too.
    const tmpl = { metadata: { labels: { n: 'd' } }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    assert.equal((await srv.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: { metadata: { name: 'named' }, spec: { selector: { matchLabels: { n: 'd' } }, template: tmpl } } })).status, 201);
    const scalePatch = async (body: unknown) => {
      const r = await srv.request('PATCH', '/apis/apps/v1/namespaces/default/deployments/named/scale', { body, headers: { 'content-type': 'application/merge-patch+json' } });
      return [r.status, r.json().message];
    };
    assert.deepEqual(await scalePatch({ metadata: { name: null } }), undeterminable('named'));
    assert.deepEqual(await scalePatch({ metadata: { namespace: 'x' } }), [400, 'the namespace of the provided object does not match the namespace sent on the request']);
  });
});
