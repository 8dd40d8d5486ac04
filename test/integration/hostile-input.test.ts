// Issue 9 regressions found by the fuzz suite (test/fuzz/): answers kube-apiserver gives
// for hostile input where skiff answered 500 or a different status.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, eventually, type TestServer } from '../support/server.js';

const NS = '/api/v1/namespaces/hostile';
const WIDGETS = '/apis/hostile.example.com/v1/namespaces/hostile/widgets';
const DEPLOYMENTS = '/apis/apps/v1/namespaces/hostile/deployments';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.hostile.example.com' },
  spec: {
    group: 'hostile.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } }, free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
          },
        },
      },
    ],
  },
};

const deployment = (name: string, labels: Record<string, unknown>) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels, annotations: { note: null } },
  spec: { replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

describe('hostile input (issue 9)', () => {
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer();
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'hostile' } } })).status, 201);
    assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: CRD })).status, 201);
    await eventually(async () => (await srv.request('GET', WIDGETS)).status === 200, 20_000, 'the Widget CRD to be served');
  });

  after(async () => {
    await srv?.close();
  });

  it('a null where a label or annotation string is expected decodes as "" (Go zero value), no 500', async () => {
    const cr = await srv.request('POST', WIDGETS, { body: { apiVersion: 'hostile.example.com/v1', kind: 'Widget', metadata: { name: 'w', labels: { x: null, y: 'z' }, annotations: { a: null } } } });
    assert.equal(cr.status, 201, cr.text);
    assert.deepEqual(cr.json().metadata.labels, { x: '', y: 'z' });
    assert.deepEqual(cr.json().metadata.annotations, { a: '' });
    const created = await srv.request('POST', DEPLOYMENTS, { body: deployment('d', { x: null }) });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json().metadata.labels, { x: '' });
    const updated = await srv.request('PUT', `${DEPLOYMENTS}/d`, { body: deployment('d', { x: null, y: null }) });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.json().metadata.labels, { x: '', y: '' });
  });

  it('names that are not valid path segments: 400 "Name parameter invalid" (registry store.go NamespaceKeyFunc)', async () => {
    const cases: [string, string][] = [
      ['..', `Name parameter invalid: "..": may not be '..'`],
      ['.', `Name parameter invalid: ".": may not be '.'`],
      ['a%25b', `Name parameter invalid: "a%b": may not contain '%'`],
    ];
    for (const [segment, message] of cases) {
      for (const [method, opts] of [
        ['GET', {}],
        ['DELETE', {}],
        ['PUT', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: decodeURIComponent(segment) } } }],
        ['PATCH', { raw: '{}', headers: { 'content-type': 'application/merge-patch+json' } }],
      ] as const) {
        const r = await srv.request(method, `${NS}/configmaps/${segment}`, opts);
        assert.equal(r.status, 400, `${method} ${segment}: ${r.text}`);
        assert.equal(r.json().reason, 'BadRequest');
        assert.equal(r.json().message, message, `${method} ${segment}`);
      }
    }
    const ns = await srv.request('GET', '/api/v1/namespaces/..');
    assert.equal(ns.status, 400);
    assert.equal(ns.json().message, `Name parameter invalid: "..": may not be '..'`);
  });

  it('NotFound quotes the name as Go %q does', async () => {
    const r = await srv.request('GET', `${NS}/configmaps/%00x%C3%A9`);
    assert.equal(r.status, 404);
    assert.equal(r.json().message, 'configmaps "\\x00xé" not found');
    assert.equal(r.json().details.name, '\u0000xé');
  });
});
