// Writes through the scale subresource: server-side apply of a Scale, and the field ownership
// every scale write records, as upstream's ScaleHandler (k8s.io/apimachinery
// pkg/util/managedfields/internal/scalehandler.go) maps it between the parent and its Scale.
// Every status, message and managedFields list below was taken from kube-apiserver v1.32 given
// the same requests (test/support/kube-apiserver.ts), except where a test says otherwise.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';
import { installWidgets, widgetCrd } from '../support/widget-crd.js';

const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
const MERGE = { 'content-type': 'application/merge-patch+json' };
const APPLY = { 'content-type': 'application/apply-patch+yaml' };
const REPLICAS = { 'f:spec': { 'f:replicas': {} } };

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  subresource?: string;
  fieldsV1: { 'f:spec'?: Record<string, unknown> };
}

const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});
const scale = (name: string | undefined, replicas?: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'autoscaling/v1',
  kind: 'Scale',
  ...(name === undefined ? {} : { metadata: { name } }),
  ...(replicas === undefined ? {} : { spec: { replicas } }),
  ...extra,
});

describe('the scale subresource: apply and field ownership (kube-apiserver v1.32)', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(async () => {
    await srv?.close();
  });

  /** A parent's entries as [manager, operation, subresource, time or not, what it owns of spec.replicas or its fields]. */
  const entries = async (path: string) => {
    const obj = (await srv.request('GET', path)).json() as { spec: { replicas?: number }; metadata: { managedFields?: Entry[] } };
    const rows = (obj.metadata.managedFields ?? []).map((e) => [
      e.manager,
      e.operation,
      e.subresource ?? null,
      e.time === undefined ? 'no time' : 'time',
      e.manager === 'creator' ? (e.fieldsV1['f:spec']?.['f:replicas'] ? 'replicas' : 'no replicas') : e.fieldsV1,
    ]);
    return { replicas: obj.spec.replicas, rows };
  };
  const status = async (method: string, path: string, body: unknown, headers: Record<string, string> = APPLY) => {
    const r = await srv.request(method, path, { body, headers });
    return [r.status, r.status < 300 ? r.json().spec : r.json().message];
  };

  it('an apply to a Scale conflicts with the parent\'s owner of replicas, takes it over with force, and is an Apply entry of the scale subresource without a time', async () => {
    assert.equal((await srv.request('POST', `${DEPLOYMENTS}?fieldManager=creator`, { body: deployment('d') })).status, 201);
    const path = `${DEPLOYMENTS}/d/scale`;
    // The parent's Update entry owns replicas: in the Scale it is an Update at autoscaling/v1.
    const conflict = await srv.request('PATCH', `${path}?fieldManager=hpa`, { body: scale('d', 3), headers: APPLY });
    assert.equal(conflict.status, 409);
    assert.deepEqual(conflict.json().message, 'Apply failed with 1 conflict: conflict with "creator" using autoscaling/v1: .spec.replicas');
    assert.deepEqual(conflict.json().details.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "creator" using autoscaling/v1', field: '.spec.replicas' }]);
    const forced = await srv.request('PATCH', `${path}?fieldManager=hpa&force=true`, { body: scale('d', 3), headers: APPLY });
    assert.equal(forced.status, 200, forced.text);
    assert.deepEqual(forced.json().spec, { replicas: 3 });
    assert.deepEqual(forced.json().status, { replicas: 0, selector: 'a=b' });
    assert.deepEqual(await entries(`${DEPLOYMENTS}/d`), {
      replicas: 3,
      rows: [
        ['hpa', 'Apply', 'scale', 'no time', REPLICAS],
        ['creator', 'Update', null, 'time', 'no replicas'],
      ],
    });
    // Another applier of the same value shares it; then conflicts name the applier with its subresource.
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=hpa2`, scale('d', 3)), [200, { replicas: 3 }]);
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=other`, scale('d', 4)), [
      409,
      'Apply failed with 2 conflicts: conflicts with "hpa" with subresource "scale":\n- .spec.replicas\nconflicts with "hpa2" with subresource "scale":\n- .spec.replicas',
    ]);
    // Labels and status in a Scale are not the parent's: nothing of them reaches it.
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=hpa`, scale('d', 3, { metadata: { name: 'd', labels: { x: 'y' } }, status: { replicas: 9 } })), [200, { replicas: 3 }]);
    const parent = (await srv.request('GET', `${DEPLOYMENTS}/d`)).json();
    assert.equal(parent.metadata.labels, undefined);
    assert.deepEqual(parent.status, {});
  });

  it('an apply is checked as upstream checks it: manager, kind, schema, name (after conflicts), resourceVersion, replicas', async () => {
    assert.equal((await srv.request('POST', `${DEPLOYMENTS}?fieldManager=creator`, { body: deployment('v') })).status, 201);
    const path = `${DEPLOYMENTS}/v/scale`;
    const cases: [string, unknown, [number, unknown]][] = [
      ['', scale('v', 2), [422, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch']],
      ['x&force=true', { ...scale('v', 2), apiVersion: 'apps/v1', kind: 'Deployment' }, [400, 'invalid object type: apps/v1, Kind=Deployment']],
      ['x&force=true', { ...scale('v', 2), apiVersion: 'autoscaling/v2' }, [400, 'invalid object type: autoscaling/v2, Kind=Scale']],
      ['x&force=true', { ...scale('v'), spec: { replicas: 2, foo: 1 } }, [500, 'failed to create typed patch object (/v; autoscaling/v1, Kind=Scale): .spec.foo: field not declared in schema']],
      ['x&force=true', { ...scale('v'), spec: { replicas: 'a' } }, [500, 'failed to create typed patch object (/v; autoscaling/v1, Kind=Scale): .spec.replicas: expected numeric (int or float), got string']],
      // A Scale naming another object conflicts first; forced, its name is refused.
      ['x', scale('other', 2), [409, 'Apply failed with 1 conflict: conflict with "creator" using autoscaling/v1: .spec.replicas']],
      ['x&force=true', scale('other', 2), [400, 'the name of the object (other) does not match the name on the URL (v)']],
      ['x&force=true', scale('v', 2, { metadata: { name: 'v', resourceVersion: '1' } }), [409, 'Operation cannot be fulfilled on deployments.apps "v": the object has been modified; please apply your changes to the latest version and try again']],
      ['x&force=true', scale('v', -1), [422, 'Scale.autoscaling "v" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
      // The applied Scale is converted back into its Go type: replicas is an int32.
      ['x&force=true', scale('v', 2147483648), [422, 'Scale.autoscaling "v" is invalid: spec.replicas: Invalid value: -2147483648: must be greater than or equal to 0']],
      ['x&force=true', scale('v', 1.5), [500, 'failed to convert new object (/v; autoscaling/v1, Kind=Scale) to proper version: unable to convert unstructured object to autoscaling/v1, Kind=Scale: cannot convert float64 to int32']],
    ];
    for (const [manager, body, want] of cases) {
      assert.deepEqual(await status('PATCH', `${path}?fieldManager=${manager}`, body), want, `${manager} ${JSON.stringify(body)}`);
    }
    assert.deepEqual((await entries(`${DEPLOYMENTS}/v`)).replicas, 1);
    // A Scale without a name is the URL's; a dry run changes nothing.
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=x&force=true`, scale(undefined, 2)), [200, { replicas: 2 }]);
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=dry&force=true&dryRun=All`, scale('v', 11)), [200, { replicas: 11 }]);
    assert.deepEqual(await entries(`${DEPLOYMENTS}/v`), { replicas: 2, rows: [['x', 'Apply', 'scale', 'no time', REPLICAS], ['creator', 'Update', null, 'time', 'no replicas']] });
    // A missing object is the store's NotFound, whatever the verb.
    for (const [method, headers, body] of [['PATCH', APPLY, scale('nope', 2)], ['PATCH', MERGE, { spec: { replicas: 2 } }], ['PUT', {}, scale('nope', 2)]] as const) {
      assert.deepEqual(await status(method, `${DEPLOYMENTS}/nope/scale?fieldManager=x`, body, headers), [404, 'deployments.apps "nope" not found']);
    }
  });

  it('releasing replicas by applying a Scale without them scales to 0; a Scale nobody owns records no updater, until an apply makes "before-first-apply"', async () => {
    assert.equal((await srv.request('POST', `${DEPLOYMENTS}?fieldManager=creator`, { body: deployment('r') })).status, 201);
    const path = `${DEPLOYMENTS}/r/scale`;
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=hpa&force=true`, scale('r', 5)), [200, { replicas: 5 }]);
    // The Scale's replicas is an int32 with omitempty: 0 is written as nothing.
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=hpa`, scale('r')), [200, {}]);
    assert.deepEqual(await entries(`${DEPLOYMENTS}/r`), { replicas: 0, rows: [['creator', 'Update', null, 'time', 'no replicas']] });
    assert.deepEqual(await status('PUT', `${path}?fieldManager=updater`, scale('r', 4), {}), [200, { replicas: 4 }]);
    assert.deepEqual(await entries(`${DEPLOYMENTS}/r`), { replicas: 4, rows: [['creator', 'Update', null, 'time', 'no replicas']] });
    assert.deepEqual(await status('PATCH', `${path}?fieldManager=hpa3`, scale('r', 5)), [
      409,
      'Apply failed with 1 conflict: conflict with "before-first-apply" with subresource "scale" using autoscaling/v1: .spec.replicas',
    ]);
  });

  it('a scale write that leaves an updater owning replicas splits its entry in two (manager identifiers differ by apiVersion)', async () => {
    assert.equal((await srv.request('POST', `${DEPLOYMENTS}?fieldManager=creator`, { body: deployment('s') })).status, 201);
    assert.deepEqual(await status('PUT', `${DEPLOYMENTS}/s/scale?fieldManager=other`, scale('s', 1), {}), [200, { replicas: 1 }]);
    assert.deepEqual(await entries(`${DEPLOYMENTS}/s`), {
      replicas: 1,
      rows: [
        ['creator', 'Update', null, 'no time', 'replicas'],
        ['creator', 'Update', null, 'time', 'no replicas'],
      ],
    });
    // Decoded again, the later duplicate wins: nobody owns replicas in the Scale any more.
    assert.deepEqual(await status('PATCH', `${DEPLOYMENTS}/s/scale?fieldManager=other2`, { spec: { replicas: 1 } }, MERGE), [200, { replicas: 1 }]);
    assert.deepEqual(await entries(`${DEPLOYMENTS}/s`), { replicas: 1, rows: [['creator', 'Update', null, 'time', 'no replicas']] });
  });

  it('a GET of a missing object names the scale where the kind\'s ScaleREST does', async () => {
    const cases: [string, string][] = [
      ['/apis/apps/v1/namespaces/default/deployments/nope/scale', 'deployments/scale.apps "nope" not found'],
      ['/apis/apps/v1/namespaces/default/replicasets/nope/scale', 'replicasets/scale.apps "nope" not found'],
      ['/apis/apps/v1/namespaces/default/statefulsets/nope/scale', 'statefulsets.apps "nope" not found'],
      ['/api/v1/namespaces/default/replicationcontrollers/nope/scale', 'replicationcontrollers/scale.autoscaling "nope" not found'],
    ];
    for (const [path, message] of cases) {
      const r = await srv.request('GET', path);
      assert.deepEqual([r.status, r.json().message], [404, message], path);
    }
    const rc = await srv.request('PUT', '/api/v1/namespaces/default/replicationcontrollers/nope/scale', { body: scale('nope', 1) });
    assert.deepEqual([rc.status, rc.json().message], [404, 'replicationcontrollers "nope" not found']);
  });

  it('a custom resource\'s Scale applies as a built-in\'s does (kube-apiserver v1.32 answers 500 here: kubernetes#116311)', async () => {
    const group = 'scale.fz.example.com';
    const crd = widgetCrd(group, { spec: { type: 'object', properties: { replicas: { type: 'integer' }, other: { type: 'string' } } }, status: { type: 'object', properties: { replicas: { type: 'integer' } } } });
    (crd.spec.versions[0] as Record<string, unknown>).subresources = { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } };
    await installWidgets(srv, crd);
    const widgets = `/apis/${group}/v1/namespaces/default/widgets`;
    const w = { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: 1, other: 'x' } };
    assert.equal((await srv.request('POST', `${widgets}?fieldManager=creator`, { body: w })).status, 201);
    // An update that leaves replicas alone splits the creator's entry, as for a built-in (this one is upstream's too).
    assert.deepEqual(await status('PUT', `${widgets}/w/scale?fieldManager=other`, scale('w', 1), {}), [200, { replicas: 1 }]);
    assert.deepEqual((await entries(`${widgets}/w`)).rows, [
      ['creator', 'Update', null, 'no time', 'replicas'],
      ['creator', 'Update', null, 'time', 'no replicas'],
    ]);
    // Nobody owns replicas in the Scale now (the later duplicate wins): the first apply meets "before-first-apply".
    assert.deepEqual((await status('PATCH', `${widgets}/w/scale?fieldManager=hpa`, scale('w', 3)))[0], 409);
    assert.deepEqual(await status('PATCH', `${widgets}/w/scale?fieldManager=hpa&force=true`, scale('w', 3)), [200, { replicas: 3 }]);
    assert.deepEqual(await entries(`${widgets}/w`), { replicas: 3, rows: [['hpa', 'Apply', 'scale', 'no time', REPLICAS], ['creator', 'Update', null, 'time', 'no replicas']] });
    assert.deepEqual(await status('PATCH', `${widgets}/w/scale?fieldManager=other`, scale('w', 4)), [409, 'Apply failed with 1 conflict: conflict with "hpa" with subresource "scale": .spec.replicas']);
  });
});
