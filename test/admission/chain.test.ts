// The admission chain's contract (k8s.io/apiserver pkg/admission/chain.go and the handlers'
// admission points in pkg/endpoints/handlers/{create,update,patch,delete}.go): mutating
// plugins run before validating ones, on every write verb, with the attributes upstream gives.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { forbidden } from '../../src/apimachinery/errors.js';
import { enabledAdmissionPlugins } from '../../src/admission/layer.js';
import { DEFAULT_ADMISSION_PLUGINS } from '../../src/admission/plugins.js';
import type { AdmissionPlugin, Attributes } from '../../src/admission/types.js';
import { startTestServer, type TestServer } from '../support/server.js';

interface Seen {
  phase: 'admit' | 'validate';
  op: string;
  resource: string;
  subresource: string;
  kind: string;
  name: string;
  namespace: string;
  objectName?: string;
  oldName?: string;
  options?: string;
  user: string;
  dryRun: boolean;
}

describe('admission chain', () => {
  let srv: TestServer;
  const seen: Seen[] = [];
  const record = (phase: Seen['phase'], a: Attributes) => {
    if (a.namespace !== 'adm') return;
    seen.push({
      phase,
      op: a.operation,
      resource: a.resource.resource,
      subresource: a.subresource,
      kind: `${a.kind.group}/${a.kind.version}/${a.kind.kind}`,
      name: a.name,
      namespace: a.namespace,
      objectName: a.object?.metadata?.name,
      oldName: a.oldObject?.metadata?.name,
      options: a.options?.kind,
      user: a.userInfo.username,
      dryRun: a.dryRun,
    });
  };
  const recorder: AdmissionPlugin = {
    name: 'Recorder',
    admit(a) {
      record('admit', a);
      // A mutation made here is what gets stored.
      if (a.operation === 'CREATE' && a.kind.kind === 'ConfigMap' && a.object) {
        a.object.metadata.labels = { ...(a.object.metadata.labels ?? {}), admitted: 'yes' };
      }
    },
    validate(a) {
      record('validate', a);
      if (a.object?.metadata?.labels?.refuse === 'yes') throw forbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, 'refused by Recorder');
      if (a.object?.metadata?.labels?.warn === 'yes') a.addWarning('Recorder looked at this');
    },
  };

  before(async () => {
    srv = await startTestServer({ extraAdmissionPlugins: [recorder] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'adm' } } });
  });
  after(() => srv.close());
  const take = () => seen.splice(0, seen.length);

  it('create: mutate sees the body (generateName: no name), validate the prepared object; mutations are stored', async () => {
    take();
    const r = await srv.request('POST', '/api/v1/namespaces/adm/configmaps?fieldManager=me', { body: { metadata: { generateName: 'g-' } } });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().metadata.labels.admitted, 'yes');
    const [m, v] = take();
    assert.deepEqual([m!.phase, m!.op, m!.name, m!.objectName, m!.options, m!.user], ['admit', 'CREATE', '', undefined, 'CreateOptions', 'kubernetes-admin']);
    assert.equal(v!.phase, 'validate');
    assert.equal(v!.name, v!.objectName, 'the validating phase sees the generated name (rest.AdmissionToValidateObjectFunc)');
    assert.match(v!.objectName!, /^g-/);
  });

  it('a validating refusal is the plugin error, and nothing is stored', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/adm/configmaps', { body: { metadata: { name: 'no', labels: { refuse: 'yes' } } } });
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps "no" is forbidden: refused by Recorder');
    assert.equal((await srv.request('GET', '/api/v1/namespaces/adm/configmaps/no')).status, 404);
  });

  it('warnings reach the client', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/adm/configmaps', { body: { metadata: { name: 'w', labels: { warn: 'yes' } } } });
    assert.equal(r.status, 201);
    assert.equal(r.headers.warning, '299 - "Recorder looked at this"');
  });

  it('update, patch and apply are UPDATE with the old object; dry run is flagged', async () => {
    await srv.request('POST', '/api/v1/namespaces/adm/configmaps', { body: { metadata: { name: 'u' } } });
    take();
    const cur = (await srv.request('GET', '/api/v1/namespaces/adm/configmaps/u')).json();
    assert.equal((await srv.request('PUT', '/api/v1/namespaces/adm/configmaps/u', { body: { ...cur, data: { a: '1' } } })).status, 200);
    assert.equal((await srv.request('PATCH', '/api/v1/namespaces/adm/configmaps/u?dryRun=All', { raw: '{"data":{"b":"2"}}', headers: { 'content-type': 'application/merge-patch+json' } })).status, 200);
    assert.equal((await srv.request('PATCH', '/api/v1/namespaces/adm/configmaps/u?fieldManager=x', { raw: 'apiVersion: v1\nkind: ConfigMap\ndata: {c: "3"}', headers: { 'content-type': 'application/apply-patch+yaml' } })).status, 200);
    const s = take();
    assert.deepEqual(s.map((x) => `${x.phase}:${x.op}:${x.name}:${x.oldName}:${x.options}:${x.dryRun}`), [
      'admit:UPDATE:u:u:UpdateOptions:false',
      'validate:UPDATE:u:u:UpdateOptions:false',
      'admit:UPDATE:u:u:PatchOptions:true',
      'validate:UPDATE:u:u:PatchOptions:true',
      'admit:UPDATE:u:u:PatchOptions:false',
      'validate:UPDATE:u:u:PatchOptions:false',
    ]);
  });

  it('apply to a missing object is a CREATE', async () => {
    take();
    const r = await srv.request('PATCH', '/api/v1/namespaces/adm/configmaps/ap?fieldManager=x', { raw: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ap}', headers: { 'content-type': 'application/apply-patch+yaml' } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(take().map((x) => `${x.phase}:${x.op}:${x.name}`), ['admit:CREATE:ap', 'validate:CREATE:ap']);
  });

  it('delete: mutate without objects, validate with the stored object', async () => {
    take();
    assert.equal((await srv.request('DELETE', '/api/v1/namespaces/adm/configmaps/u')).status, 200);
    assert.deepEqual(take().map((x) => `${x.phase}:${x.op}:${x.name}:${x.objectName}:${x.oldName}:${x.options}`), [
      'admit:DELETE:u:undefined:undefined:DeleteOptions',
      'validate:DELETE:u:undefined:u:DeleteOptions',
    ]);
  });

  it('scale: admission sees autoscaling/v1 Scale objects on the scale subresource', async () => {
    await srv.request('POST', '/apis/apps/v1/namespaces/adm/deployments', {
      body: { metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } },
    });
    take();
    const r = await srv.request('PATCH', '/apis/apps/v1/namespaces/adm/deployments/d/scale', { raw: '{"spec":{"replicas":3}}', headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(r.status, 200, r.text);
    const s = take();
    assert.deepEqual(s.map((x) => `${x.phase}:${x.op}:${x.resource}/${x.subresource}:${x.kind}`), ['admit:UPDATE:deployments/scale:autoscaling/v1/Scale', 'validate:UPDATE:deployments/scale:autoscaling/v1/Scale']);
  });

  it('NamespaceLifecycle: no creates in a missing namespace, the system namespaces stay', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces/nope/configmaps', { body: { metadata: { name: 'x' } } });
    assert.equal(r.status, 404);
    assert.equal(r.json().message, 'namespaces "nope" not found');
    const d = await srv.request('DELETE', '/api/v1/namespaces/kube-system');
    assert.equal(d.status, 403);
    assert.equal(d.json().message, 'namespaces "kube-system" is forbidden: this namespace may not be deleted');
  });
});

describe('--enable-admission-plugins / --disable-admission-plugins (k8s.io/apiserver pkg/server/options/admission.go Validate)', () => {
  it('the default set is v1.34\'s, in upstream\'s order', () => {
    assert.deepEqual(enabledAdmissionPlugins({}), DEFAULT_ADMISSION_PLUGINS);
    assert.equal(DEFAULT_ADMISSION_PLUGINS[0], 'NamespaceLifecycle');
    assert.equal(DEFAULT_ADMISSION_PLUGINS.at(-1), 'ResourceQuota');
  });
  it('unknown names and overlaps are errors', () => {
    assert.throws(() => enabledAdmissionPlugins({ enableAdmissionPlugins: ['Nope'] }), /enable-admission-plugins plugin "Nope" is unknown/);
    assert.throws(() => enabledAdmissionPlugins({ disableAdmissionPlugins: ['Nope'] }), /disable-admission-plugins plugin "Nope" is unknown/);
    assert.throws(() => enabledAdmissionPlugins({ enableAdmissionPlugins: ['NamespaceLifecycle'], disableAdmissionPlugins: ['NamespaceLifecycle'] }), /\[NamespaceLifecycle\] in enable-admission-plugins and disable-admission-plugins overlapped/);
  });
  it('disabling takes a default out; enabling adds in upstream order', () => {
    assert.ok(!enabledAdmissionPlugins({ disableAdmissionPlugins: ['NamespaceLifecycle'] }).includes('NamespaceLifecycle'));
  });
});
