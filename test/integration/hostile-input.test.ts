// Issue 9 regressions found by the fuzz suite (test/fuzz/): answers kube-apiserver gives
// for hostile input where skiff answered 500 or a different status.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, eventually, type TestServer } from '../support/server.js';
import { widgetCrd } from '../support/widget-crd.js';

const NS = '/api/v1/namespaces/hostile';
const WIDGETS = '/apis/hostile.example.com/v1/namespaces/hostile/widgets';
const DEPLOYMENTS = '/apis/apps/v1/namespaces/hostile/deployments';

const CRD = widgetCrd('hostile.example.com', { spec: { type: 'object', properties: { size: { type: 'integer' } } }, free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } });

const nest = (depth: number, open = '{"a":') => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`;

/** Depth of the chain {"a":{"a":...}} below v (iterative: the value is deeper than the stack). */
function chainDepth(v: unknown): number {
  let d = 0;
  while (v !== null && typeof v === 'object' && 'a' in v) {
    v = (v as { a: unknown }).a;
    d++;
  }
  return d;
}

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

  // Go's decoder accepts up to 10000 levels (json scanner maxNestingDepth); upstream drops
  // unknown fields of built-in kinds and stores preserved fields of custom resources. Node's
  // default stack overflowed in skiff's recursive walks at ~3000 levels (merge patches) and
  // ~9000 (JSON.stringify), so these run at 9500.
  const DEEP = 9500;

  it('create and update of built-in kinds with an unknown field nested 9500 levels: 201/200, the field dropped', async () => {
    const secret = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, data: { a: 'YWJj' }, deep: 'DEEP' }).replace('"DEEP"', nest(DEEP));
    const created = await srv.request('POST', `${NS}/secrets`, { raw: secret('s') });
    assert.equal(created.status, 201, created.text.slice(0, 300));
    assert.equal(created.json().deep, undefined);
    const updated = await srv.request('PUT', `${NS}/secrets/s`, { raw: secret('s').replace('"deep":', '"deeper":') });
    assert.equal(updated.status, 200, updated.text.slice(0, 300));
    const dep = JSON.stringify({ ...deployment('deep', {}), deep: 'DEEP' }).replace('"DEEP"', nest(DEEP, '['));
    const d = await srv.request('POST', DEPLOYMENTS, { raw: dep });
    assert.equal(d.status, 201, d.text.slice(0, 300));
    const tooDeep = await srv.request('POST', `${NS}/secrets`, { raw: secret('s2').replace(nest(DEEP), nest(10_001)) });
    assert.equal(tooDeep.status, 400, tooDeep.text.slice(0, 300));
  });

  it('merge and strategic-merge patches nested 9500 levels: 200, strict validation a 4xx, never a 500', async () => {
    const patch = `{"metadata":${nest(DEEP)}}`;
    for (const ct of ['application/merge-patch+json', 'application/strategic-merge-patch+json']) {
      for (const q of ['', '?fieldValidation=Strict', '?dryRun=All']) {
        const r = await srv.request('PATCH', `${NS}/secrets/s${q}`, { raw: patch, headers: { 'content-type': ct } });
        if (q.includes('Strict')) assert.ok(r.status >= 400 && r.status < 500, `${ct}${q}: ${r.status} ${r.text.slice(0, 300)}`);
        else assert.equal(r.status, 200, `${ct}${q}: ${r.text.slice(0, 300)}`);
      }
    }
    const jp = await srv.request('PATCH', `${NS}/secrets/s`, { raw: `[{"op":"add","path":"/metadata/a","value":${nest(DEEP)}}]`, headers: { 'content-type': 'application/json-patch+json' } });
    assert.equal(jp.status, 200, jp.text.slice(0, 300));
  });

  it('a custom resource with a preserved field nested 9500 levels is stored, read back, listed, updated and patched', async () => {
    const body = JSON.stringify({ apiVersion: 'hostile.example.com/v1', kind: 'Widget', metadata: { name: 'deep' }, free: { x: 'DEEP' } }).replace('"DEEP"', nest(DEEP));
    const created = await srv.request('POST', WIDGETS, { raw: body });
    assert.equal(created.status, 201, created.text.slice(0, 300));
    const got = await srv.request('GET', `${WIDGETS}/deep`);
    assert.equal(got.status, 200, got.text.slice(0, 300));
    assert.equal(chainDepth(got.json().free.x), DEEP);
    // YAML too: the YAML writer recurses, so a body this deep is written in YAML's flow (JSON) style.
    const asYaml = await srv.request('GET', `${WIDGETS}/deep`, { headers: { accept: 'application/yaml' } });
    assert.equal(asYaml.status, 200, asYaml.text.slice(0, 300));
    assert.equal(asYaml.headers['content-type'], 'application/yaml');
    assert.equal(chainDepth(JSON.parse(asYaml.text).free.x), DEEP);
    const list = await srv.request('GET', WIDGETS);
    assert.equal(list.status, 200, list.text.slice(0, 300));
    const rv = got.json().metadata.resourceVersion as string;
    const put = await srv.request('PUT', `${WIDGETS}/deep`, { raw: body.replace('"name":"deep"', `"name":"deep","resourceVersion":"${rv}"`).replace('"x":', '"y":') });
    assert.equal(put.status, 200, put.text.slice(0, 300));
    const merge = await srv.request('PATCH', `${WIDGETS}/deep`, { raw: `{"free":{"z":${nest(DEEP)}}}`, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(merge.status, 200, merge.text.slice(0, 300));
    assert.equal(chainDepth(merge.json().free.z), DEEP);
  });
});
