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
// - a Service's status update is validated as ValidateServiceStatusUpdate does.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

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
});
