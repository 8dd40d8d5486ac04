// The managedFields a non-apply write records on a custom resource. A custom resource has no
// Go type: upstream's field manager compares the old and new objects as they are
// (unstructured), so a create owns every node it brings with its own '.' (spec, a nested
// struct, a list), zero values and empty lists and maps included; a built-in object is
// compared after its Go round trip, which fills value structs in and drops empty fields
// (structured-merge-diff typed/compare.go: a node absent on the left is Added).
// A write through the scale subresource is the writer's own entry for that subresource,
// without a time (fieldmanager ScaleHandler.ToParent re-encodes it without one), and so
// first in the sorted list. Each expectation below was taken from kube-apiserver v1.32 given
// the same requests (test/support/kube-apiserver.ts).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';
import { installWidgets, widgetCrd } from '../support/widget-crd.js';

const GROUP = 'mf.fz.example.com';
const WIDGETS = `/apis/${GROUP}/v1/namespaces/default/widgets`;
const MERGE = { 'content-type': 'application/merge-patch+json' };
const APPLY = { 'content-type': 'application/apply-patch+yaml' };

const SPEC_SCHEMA = {
  type: 'object',
  properties: {
    zeta: { type: 'integer' },
    alpha: { type: 'object', properties: { y: { type: 'integer' } } },
    items: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', properties: { name: { type: 'string' }, v: { type: 'integer' } }, required: ['name'] },
    },
    tags: { type: 'array', items: { type: 'string' } },
    set: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
    atomicObj: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { a: { type: 'integer' } } },
    strmap: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

type Entry = { manager: string; operation: string; subresource?: string; fieldsV1: unknown };

describe('managedFields of non-apply writes to a custom resource (kube-apiserver v1.32)', () => {
  let srv: TestServer;
  const widget = (name: string, spec: unknown) => ({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name }, spec });
  const managed = async (r: { status: number; text: string; json(): unknown }, status: number) => {
    assert.equal(r.status, status, r.text);
    const entries = (r.json() as { metadata: { managedFields: Entry[] } }).metadata.managedFields;
    return entries.map((e) => [e.manager, e.operation, e.subresource ?? null, e.fieldsV1]);
  };

  before(async () => {
    srv = await startTestServer({ store: 'memory' });
    const crd = widgetCrd(GROUP, { spec: SPEC_SCHEMA, status: { type: 'object', properties: { n: { type: 'integer' } } } });
    (crd.spec.versions[0] as Record<string, unknown>).subresources = { status: {} };
    await installWidgets(srv, crd);
  });
  after(async () => {
    await srv?.close();
  });

  it("a create owns spec, nested structs, lists and maps with their own '.'; a merge patch and the status subresource follow", async () => {
    const spec = { zeta: 1, alpha: { y: 1 }, items: [{ name: 'a', v: 1 }], tags: ['x'], set: ['s'], atomicObj: { a: 1 }, strmap: { k: 'v' } };
    const created = {
      'f:spec': {
        '.': {},
        'f:alpha': { '.': {}, 'f:y': {} },
        'f:atomicObj': {},
        'f:items': { '.': {}, 'k:{"name":"a"}': { '.': {}, 'f:name': {}, 'f:v': {} } },
        'f:set': { '.': {}, 'v:"s"': {} },
        'f:strmap': { '.': {}, 'f:k': {} },
        'f:tags': {},
        'f:zeta': {},
      },
    };
    assert.deepEqual(await managed(await srv.request('POST', WIDGETS, { body: widget('w', spec) }), 201), [['unknown', 'Update', null, created]]);

    const patched = await managed(await srv.request('PATCH', `${WIDGETS}/w?fieldManager=mp`, { body: { spec: { alpha: { y: 3 }, strmap: { k2: 'v2' } } }, headers: MERGE }), 200);
    const unknownAfter = { 'f:spec': { ...created['f:spec'], 'f:alpha': {} } };
    const mp = ['mp', 'Update', null, { 'f:spec': { 'f:alpha': { 'f:y': {} }, 'f:strmap': { 'f:k2': {} } } }];
    assert.deepEqual(patched, [mp, ['unknown', 'Update', null, unknownAfter]]);

    const status = await managed(await srv.request('PATCH', `${WIDGETS}/w/status?fieldManager=st`, { body: { status: { n: 1 } }, headers: MERGE }), 200);
    assert.deepEqual(status, [mp, ['st', 'Update', 'status', { 'f:status': { '.': {}, 'f:n': {} } }], ['unknown', 'Update', null, unknownAfter]]);
  });

  it('a create owns zero values and empty lists and maps (they are not dropped as a Go struct would drop them)', async () => {
    const spec = { zeta: 0, alpha: { y: 0 }, items: [], tags: [], set: [], atomicObj: {}, strmap: {} };
    const r = await srv.request('POST', WIDGETS, { body: widget('zeros', spec) });
    assert.deepEqual(await managed(r, 201), [
      ['unknown', 'Update', null, { 'f:spec': { '.': {}, 'f:alpha': { '.': {}, 'f:y': {} }, 'f:atomicObj': {}, 'f:items': {}, 'f:set': {}, 'f:strmap': {}, 'f:tags': {}, 'f:zeta': {} } }],
    ]);
    assert.deepEqual((r.json() as { spec: unknown }).spec, spec);
  });

  it('an update after an apply takes only what it changed; an empty list it fills gets no "." of its own', async () => {
    const spec = { zeta: 0, alpha: { y: 0 }, items: [], tags: [], set: [], atomicObj: {}, strmap: {} };
    const applied = await managed(await srv.request('PATCH', `${WIDGETS}/w2?fieldManager=ap`, { body: widget('w2', spec), headers: APPLY }), 201);
    assert.deepEqual(applied, [['ap', 'Apply', null, { 'f:spec': { 'f:alpha': { 'f:y': {} }, 'f:atomicObj': {}, 'f:strmap': {}, 'f:tags': {}, 'f:zeta': {} } }]]);
    const live = (await srv.request('GET', `${WIDGETS}/w2`)).json() as Record<string, unknown>;
    const body = { ...live, spec: { ...spec, zeta: 2, items: [{ name: 'a', v: 1 }, { name: 'b', v: 2 }] } };
    assert.deepEqual(await managed(await srv.request('PUT', `${WIDGETS}/w2?fieldManager=up`, { body }), 200), [
      ['ap', 'Apply', null, { 'f:spec': { 'f:alpha': { 'f:y': {} }, 'f:atomicObj': {}, 'f:strmap': {}, 'f:tags': {} } }],
      ['up', 'Update', null, { 'f:spec': { 'f:items': { 'k:{"name":"a"}': { '.': {}, 'f:name': {}, 'f:v': {} }, 'k:{"name":"b"}': { '.': {}, 'f:name': {}, 'f:v': {} } }, 'f:zeta': {} } }],
    ]);
  });

  it('a scale write is the writer\'s entry for the scale subresource, without a time', async () => {
    const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
    const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    assert.equal((await srv.request('POST', DEPLOYMENTS, { body: dep })).status, 201);
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 3 } };
    assert.equal((await srv.request('PUT', `${DEPLOYMENTS}/d/scale?fieldManager=scaler`, { body: scale })).status, 200);
    type Full = Entry & { time?: string; apiVersion: string };
    const entriesOf = async (path: string) => ((await srv.request('GET', path)).json() as { metadata: { managedFields: Full[] } }).metadata.managedFields.map((e) => [e.manager, e.subresource ?? null, e.time === undefined ? 'no time' : 'time', e.fieldsV1]);
    const replicas = { 'f:spec': { 'f:replicas': {} } };
    const [first, second] = await entriesOf(`${DEPLOYMENTS}/d`);
    assert.deepEqual(first, ['scaler', 'scale', 'no time', replicas]);
    assert.deepEqual(second!.slice(0, 3), ['unknown', null, 'time']);
    // Another writer scaling takes spec.replicas over: the first one's entry goes.
    assert.equal((await srv.request('PATCH', `${DEPLOYMENTS}/d/scale?fieldManager=hpa`, { body: { spec: { replicas: 4 } }, headers: MERGE })).status, 200);
    const after = await entriesOf(`${DEPLOYMENTS}/d`);
    assert.deepEqual(after.map((e) => e.slice(0, 3)), [['hpa', 'scale', 'no time'], ['unknown', null, 'time']]);
    // A Scale naming another object is refused, by update and by patch, as any update (handlers checkName).
    const mismatch = 'the name of the object (other) does not match the name on the URL (d)';
    const put = await srv.request('PUT', `${DEPLOYMENTS}/d/scale`, { body: { ...scale, metadata: { name: 'other' } } });
    assert.deepEqual([put.status, put.json().message], [400, mismatch]);
    const patch = await srv.request('PATCH', `${DEPLOYMENTS}/d/scale`, { body: { metadata: { name: 'other' }, spec: { replicas: 2 } }, headers: MERGE });
    assert.deepEqual([patch.status, patch.json().message], [400, mismatch]);
  });
});
