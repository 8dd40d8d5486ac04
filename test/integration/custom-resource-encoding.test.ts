// How a custom resource is written on the wire. It is unstructured (Go maps), and Go's
// encoding/json writes a map's keys sorted, at every level: the object, its metadata, its
// managedFields entries, its spec, a list's envelope (k8s.io/apimachinery
// pkg/apis/meta/v1/unstructured: UnstructuredList keeps an empty continue). A built-in object is
// a Go struct and keeps its declared field order. A deletecollection answers the list as read
// before the deletes (k8s.io/apiserver pkg/registry/generic/registry/store.go DeleteCollection
// returns its listObj). Each expected text below was taken from kube-apiserver v1.32 given the
// same requests (test/support/kube-apiserver.ts), with uid, times and versions masked.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestServer, type TestServer } from '../support/server.js';
import { installWidgets, widgetCrd } from '../support/widget-crd.js';

const GROUP = 'enc.fz.example.com';
const WIDGETS = `/apis/${GROUP}/v1/namespaces/default/widgets`;
const AV = `"apiVersion":"${GROUP}/v1"`;
const MERGE = { 'content-type': 'application/merge-patch+json' };

/** The response with uid, timestamps, versions and continue tokens masked as X. */
const masked = (text: string) => text.replace(/"(uid|creationTimestamp|resourceVersion|time|continue)":"[^"]+"/g, '"$1":"X"').trim();

const FIELDS_V1 = '{"f:metadata":{"f:finalizers":{".":{},"v:\\"x.io/f\\"":{}},"f:labels":{".":{},"f:a":{},"f:z":{}}},"f:spec":{".":{},"f:Zed":{},"f:alpha":{".":{},"f:b":{},"f:y":{}},"f:list":{},"f:zeta":{}}}';
const W_META = `"metadata":{"creationTimestamp":"X","finalizers":["x.io/f"],"generation":1,"labels":{"a":"z","z":"a"},"managedFields":[{${AV},"fieldsType":"FieldsV1","fieldsV1":${FIELDS_V1},"manager":"unknown","operation":"Update","time":"X"}],"name":"w","namespace":"default","resourceVersion":"X","uid":"X"}`;
const W = `{${AV},"kind":"Widget",${W_META},"spec":{"Zed":2,"alpha":{"b":2,"y":1},"list":[{"a":2,"q":1}],"zeta":1}}`;
const W2 = `{${AV},"kind":"Widget","metadata":{"creationTimestamp":"X","generation":1,"name":"w2","namespace":"default","resourceVersion":"X","uid":"X"}}`;

describe('custom resources are written as unstructured objects: keys sorted (kube-apiserver v1.32)', () => {
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer({ store: 'memory' });
    await installWidgets(srv, widgetCrd(GROUP, { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }));
  });
  after(async () => {
    await srv?.close();
  });

  it('create, get, list (with and without a limit) and watch write every key in sorted order', async () => {
    const sent = { spec: { zeta: 1, Zed: 2, alpha: { y: 1, b: 2 }, list: [{ q: 1, a: 2 }] }, metadata: { name: 'w', labels: { z: 'a', a: 'z' }, finalizers: ['x.io/f'] }, kind: 'Widget', apiVersion: `${GROUP}/v1` };
    const created = await srv.request('POST', WIDGETS, { body: sent });
    assert.equal(created.status, 201, created.text);
    assert.equal(masked(created.text), W);
    assert.equal(masked((await srv.request('POST', WIDGETS, { body: { kind: 'Widget', apiVersion: `${GROUP}/v1`, metadata: { name: 'w2' } } })).text), W2);
    assert.equal(masked((await srv.request('GET', `${WIDGETS}/w`)).text), W);

    assert.equal(masked((await srv.request('GET', WIDGETS)).text), `{${AV},"items":[${W},${W2}],"kind":"WidgetList","metadata":{"continue":"","resourceVersion":"X"}}`);
    assert.equal(masked((await srv.request('GET', `${WIDGETS}?limit=1`)).text), `{${AV},"items":[${W}],"kind":"WidgetList","metadata":{"continue":"X","remainingItemCount":1,"resourceVersion":"X"}}`);

    const lines: string[] = [];
    const watch = await srv.stream(`${WIDGETS}?watch=1&resourceVersion=0`, (l) => lines.push(l));
    await eventually(async () => lines.length >= 2);
    watch.close();
    assert.deepEqual(lines.slice(0, 2).map(masked).sort(), [`{"type":"ADDED","object":${W}}`, `{"type":"ADDED","object":${W2}}`].sort());
  });

  it('a patch answers sorted too, and the CRD (a built-in kind) keeps its struct order', async () => {
    assert.equal((await srv.request('POST', WIDGETS, { body: { kind: 'Widget', apiVersion: `${GROUP}/v1`, metadata: { name: 'w3' }, spec: { b: 1 } } })).status, 201);
    const patched = await srv.request('PATCH', `${WIDGETS}/w3`, { body: { spec: { mid: { d: 1, c: 2 } } }, headers: MERGE });
    assert.equal(patched.status, 200, patched.text);
    const fields = '{"f:spec":{".":{},"f:b":{},"f:mid":{".":{},"f:c":{},"f:d":{}}}}';
    const meta = `"metadata":{"creationTimestamp":"X","generation":2,"managedFields":[{${AV},"fieldsType":"FieldsV1","fieldsV1":${fields},"manager":"unknown","operation":"Update","time":"X"}],"name":"w3","namespace":"default","resourceVersion":"X","uid":"X"}`;
    assert.equal(masked(patched.text), `{${AV},"kind":"Widget",${meta},"spec":{"b":1,"mid":{"c":2,"d":1}}}`);
    const crd = await srv.request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.${GROUP}`);
    assert.match(crd.text, /^\{"kind":"CustomResourceDefinition","apiVersion":"apiextensions.k8s.io\/v1","metadata":\{"name":/);
  });

  it('PartialObjectMetadata of a custom resource is typed: ObjectMeta in its struct order, alone and in a Table', async () => {
    const typedMeta = /"metadata":\{"name":"w","namespace":"default","uid":"X","resourceVersion":"X","generation":1,"creationTimestamp":"X","labels":\{"a":"z","z":"a"\},"finalizers":\["x.io\/f"\],"managedFields":\[\{"manager":"unknown","operation":"Update","apiVersion":"[^"]+","time":"X","fieldsType":"FieldsV1","fieldsV1":/;
    const pom = await srv.request('GET', `${WIDGETS}/w`, { headers: { accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io' } });
    assert.equal(pom.status, 200, pom.text);
    assert.match(masked(pom.text), new RegExp(`^\\{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",${typedMeta.source}`));
    const tbl = await srv.request('GET', WIDGETS, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    assert.match(masked(tbl.text), new RegExp(`"rows":\\[\\{"cells":\\["w",[^\\]]*\\],"object":\\{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",${typedMeta.source}`));
  });

  it('a watch-list bookmark of a custom resource is sorted, and so is its list blueprint', async () => {
    const lines: string[] = [];
    const watch = await srv.stream(`${WIDGETS}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`, (l) => lines.push(l));
    await eventually(async () => lines.some((l) => l.includes('"BOOKMARK"')));
    watch.close();
    const bookmark = JSON.parse(lines.find((l) => l.includes('"BOOKMARK"'))!) as { object: { metadata: { annotations: Record<string, string> } } };
    const text = masked(JSON.stringify(bookmark.object));
    assert.match(text, /^\{"apiVersion":"[^"]+","kind":"Widget","metadata":\{"annotations":\{"k8s.io\/initial-events-end":"true","k8s.io\/initial-events-list-blueprint":"[^"]+"\},"resourceVersion":"X"\}\}$/);
    const blueprint = Buffer.from(bookmark.object.metadata.annotations['k8s.io/initial-events-list-blueprint']!, 'base64').toString().trim();
    assert.equal(blueprint, `{${AV},"items":[],"kind":"WidgetList","metadata":{}}`);
  });

  it('deletecollection answers the list as read before the deletes: a finalizer-held object without its deletionTimestamp', async () => {
    const answer = await srv.request('DELETE', WIDGETS);
    assert.equal(answer.status, 200, answer.text);
    const text = masked(answer.text);
    assert.ok(text.startsWith(`{${AV},"items":[${W},${W2},{${AV},"kind":"Widget","metadata":{"creationTimestamp":"X","generation":2,`), text);
    assert.ok(text.endsWith('],"kind":"WidgetList","metadata":{"continue":"","resourceVersion":"X"}}'), text);
    const w = (await srv.request('GET', `${WIDGETS}/w`)).json() as { metadata: { deletionTimestamp?: string } };
    assert.ok(w.metadata.deletionTimestamp, 'the finalizer holds w, marked for deletion');
  });

  it('a built-in deletecollection answers the listed objects too, at the list resourceVersion', async () => {
    const CMS = '/api/v1/namespaces/default/configmaps';
    const a = (await srv.request('POST', CMS, { body: { metadata: { name: 'dc-a', finalizers: ['x.io/f'], labels: { dc: '1' } }, data: { k: 'v' } } })).json();
    const b = (await srv.request('POST', CMS, { body: { metadata: { name: 'dc-b', labels: { dc: '1' } } } })).json();
    const answer = (await srv.request('DELETE', `${CMS}?labelSelector=dc%3D1`)).json() as { metadata: { resourceVersion: string }; items: { metadata: Record<string, unknown> }[] };
    assert.equal(answer.metadata.resourceVersion, b.metadata.resourceVersion);
    assert.deepEqual(
      answer.items.map((i) => [i.metadata.name, i.metadata.resourceVersion, i.metadata.deletionTimestamp]),
      [['dc-a', a.metadata.resourceVersion, undefined], ['dc-b', b.metadata.resourceVersion, undefined]],
    );
    assert.deepEqual(Object.keys(answer.items[0]!), ['metadata', 'data']);
  });
});

describe('printer columns of a custom resource (kube-apiserver v1.32)', () => {
  let srv: TestServer;
  const group = 'cols.fz.example.com';
  const path = `/apis/${group}/v1/namespaces/default/widgets`;
  const columns = [
    { name: 'Int', type: 'integer', jsonPath: '.spec.i' },
    { name: 'Num', type: 'number', jsonPath: '.spec.n' },
    { name: 'Bool', type: 'boolean', jsonPath: '.spec.b' },
    { name: 'Str', type: 'string', jsonPath: '.spec.s' },
    { name: 'List', type: 'string', jsonPath: '.spec.l' },
    { name: 'Obj', type: 'string', jsonPath: '.spec.o' },
    { name: 'Missing', type: 'string', jsonPath: '.spec.none' },
    { name: 'Wild', type: 'string', jsonPath: '.spec.l[*]' },
    { name: 'IntStr', type: 'integer', jsonPath: '.spec.s' },
  ];

  before(async () => {
    srv = await startTestServer({ store: 'memory' });
    const crd = widgetCrd(group, { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } });
    (crd.spec.versions[0] as Record<string, unknown>).additionalPrinterColumns = columns;
    await installWidgets(srv, crd);
  });
  after(async () => {
    await srv?.close();
  });

  it('prints a list or a map in a string column as compact JSON with sorted keys, and null as <no value>', async () => {
    const create = (name: string, spec: unknown) => srv.request('POST', path, { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec } });
    assert.equal((await create('w1', { i: 3, n: 1.5, b: true, s: 'hello', l: ['a', 'b'], o: { x: 1, a: [2], h: '<&>' } })).status, 201);
    assert.equal((await create('w2', { i: 'x', n: 'y', b: 'z', s: 5, l: [], o: null })).status, 201);
    const table = (await srv.request('GET', path, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).json() as { rows: { cells: unknown[] }[] };
    assert.deepEqual(table.rows.map((r) => r.cells), [
      ['w1', 3, 1.5, true, 'hello', '["a","b"]', '{"a":[2],"h":"\\u003c\\u0026\\u003e","x":1}', null, 'a', null],
      ['w2', null, null, null, '5', '[]', '<no value>', null, null, 5],
    ]);
  });
});
