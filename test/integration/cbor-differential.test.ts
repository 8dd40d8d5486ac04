// CBOR against the reference kube-apiserver (v1.32, --feature-gates=CBORServingAndStorage=true):
// the same objects are created in both and read back with Accept: application/cbor; the
// CBOR data items must have the same structure item by item — byte strings versus text
// strings, tags (55799, 22), integers versus floats, the same keys — once the values that
// differ between two servers (uid, resourceVersion, timestamps) are masked. Upstream writes
// responses with EncodeNondeterministic (shuffled map keys), so maps are compared by key.
// Also the messages for malformed CBOR bodies and for CBOR media types it does not take.
// Skips when ../shared/kube or etcd is absent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { encodeCbor, itemLength } from '../../src/encoding/cbor.js';
import { coreSchemas } from '../../src/types/schemas/core.js';
import { referenceApiserverMissing, startReferenceApiserver, type ReferenceApiserver } from '../support/kube-apiserver.js';
import { startTestServer, type TestServer } from '../support/server.js';

const missing = referenceApiserverMissing();
const CBOR = 'application/cbor';

/** A CBOR data item as a tree that keeps its major types; maps sorted by key. */
type Shape = string | Shape[] | { [k: string]: Shape };

const MASKED = new Set(['uid', 'resourceVersion', 'creationTimestamp', 'time', 'managedFields']);

function shapeOf(b: Buffer): Shape {
  let at = 0;
  const head = (): { major: number; arg: number; ai: number } => {
    const ib = b[at++]!;
    const major = ib >> 5;
    const ai = ib & 0x1f;
    let arg = ai;
    if (ai >= 24 && ai <= 27) {
      const n = 1 << (ai - 24);
      arg = 0;
      for (let i = 0; i < n; i++) arg = arg * 256 + b[at + i]!;
      at += n;
    }
    return { major, arg, ai };
  };
  const item = (): Shape => {
    const { major, arg, ai } = head();
    switch (major) {
      case 0:
        return `uint:${arg}`;
      case 1:
        return `nint:${-1 - arg}`;
      case 2:
      case 3: {
        const s = b.subarray(at, at + arg).toString(major === 2 ? 'hex' : 'utf8');
        at += arg;
        return major === 2 ? `bytes:${Buffer.from(s, 'hex').toString('utf8')}` : `text:${s}`;
      }
      case 4:
        return Array.from({ length: arg }, () => item());
      case 5: {
        const entries: [string, Shape][] = [];
        for (let i = 0; i < arg; i++) {
          const k = item();
          const v = item();
          const key = typeof k === 'string' ? k : JSON.stringify(k);
          entries.push([key, MASKED.has(key.slice(key.indexOf(':') + 1)) ? 'masked' : v]);
        }
        entries.sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0));
        return Object.fromEntries(entries);
      }
      case 6:
        return { [`tag:${arg}`]: item() };
      default:
        return ai === 25 ? 'float16' : ai === 26 ? 'float32' : ai === 27 ? 'float64' : `simple:${ai}`;
    }
  };
  const out = item();
  assert.equal(at, b.length, 'one data item');
  return out;
}

describe('CBOR against kube-apiserver with CBORServingAndStorage', { skip: missing || undefined }, () => {
  let kas: ReferenceApiserver;
  let srv: TestServer;
  before(async () => {
    [kas, srv] = await Promise.all([startReferenceApiserver(['--feature-gates=CBORServingAndStorage=true']), startTestServer({ featureGates: { CBORServingAndStorage: true } })]);
  });
  after(async () => {
    await Promise.all([kas?.stop(), srv?.close()]);
  });

  const skiffRaw = (method: string, path: string, headers: Record<string, string>, body?: Buffer) => srv.request(method, path, { headers, raw: body });

  const objects: [string, string, Record<string, unknown>, object?][] = [
    ['ConfigMap', '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'diff', labels: { b: '2', a: '1' } }, data: { k: 'v', k2: 'ü✓' }, binaryData: { bin: Buffer.from([0, 1, 255]).toString('base64') } }, coreSchemas.ConfigMap],
    ['Secret', '/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'diff' }, type: 'Opaque', data: { k: Buffer.from('hello').toString('base64') } }, coreSchemas.Secret],
    ['Service', '/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'diff' }, spec: { ports: [{ name: 'a', port: 80, targetPort: 'http' }, { name: 'b', port: 81, targetPort: 8081 }], selector: { app: 'x' } } }],
    ['LimitRange', '/api/v1/namespaces/default/limitranges', { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'diff' }, spec: { limits: [{ type: 'Container', max: { cpu: '1500m', memory: '1Gi' } }] } }],
  ];

  for (const [kind, collection, body, schema] of objects) {
    it(`writes a ${kind} with the same CBOR structure (created from a CBOR body)`, async () => {
      const cborBody = encodeCbor(body, schema as never);
      const theirs = await kas.raw('POST', collection, { 'content-type': CBOR, accept: CBOR }, cborBody);
      const ours = await skiffRaw('POST', collection, { 'content-type': CBOR, accept: CBOR }, cborBody);
      assert.equal(theirs.status, 201, theirs.body.toString('utf8'));
      assert.equal(ours.status, 201, ours.body.toString('utf8'));
      const path = `${collection}/diff`;
      const [a, b] = await Promise.all([kas.raw('GET', path, { accept: CBOR }), skiffRaw('GET', path, { accept: CBOR })]);
      assert.equal(b.headers['content-type'], a.headers['content-type']);
      const expected = shapeOf(a.body) as any;
      const actual = shapeOf(b.body) as any;
      // Fields only one server fills for this kind (e.g. a Service's clusterIP from different ranges) are masked by value.
      if (kind === 'Service') for (const s of [expected, actual]) {
        const spec = s['tag:55799']['bytes:spec'];
        for (const k of ['bytes:clusterIP', 'bytes:clusterIPs']) spec[k] = 'masked';
      }
      assert.deepEqual(actual, expected);
    });
  }

  it('serves metadata-only views in the same CBOR structure', async () => {
    const accept = 'application/cbor;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
    const path = '/api/v1/namespaces/default/configmaps?labelSelector=a%3D1';
    const [a, b] = await Promise.all([kas.raw('GET', path, { accept }), skiffRaw('GET', path, { accept })]);
    assert.equal(a.status, 200, a.body.toString('utf8'));
    assert.equal(b.headers['content-type'], a.headers['content-type']);
    assert.deepEqual(shapeOf(b.body), shapeOf(a.body));
  });

  it('serves a custom resource in the same CBOR structure', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'gadgets.diff.example.com' },
      spec: { group: 'diff.example.com', scope: 'Namespaced', names: { plural: 'gadgets', kind: 'Gadget' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, ratio: { type: 'number' }, name: { type: 'string' }, on: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } } } } } } }] },
    };
    assert.equal((await kas.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).status, 201);
    assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status, 201);
    const coll = '/apis/diff.example.com/v1/namespaces/default/gadgets';
    const body = encodeCbor({ apiVersion: 'diff.example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: { size: 3, ratio: 0.5, name: 'x', on: true, tags: ['a', 'b'] } });
    const create = async (send: typeof skiffRaw) => {
      for (let i = 0; i < 100; i++) {
        const r = await send('POST', coll, { 'content-type': CBOR, accept: CBOR }, body);
        if (r.status !== 404) return r;
        await new Promise((res) => setTimeout(res, 200));
      }
      throw new Error('the CRD is not served');
    };
    const [a, b] = await Promise.all([create(kas.raw), create(skiffRaw)]);
    assert.equal(a.status, 201, a.body.toString('utf8'));
    assert.equal(b.status, 201, b.body.toString('utf8'));
    assert.equal(b.headers['content-type'], a.headers['content-type']);
    assert.deepEqual(shapeOf(b.body), shapeOf(a.body));
  });

  it('lists in the same CBOR structure', async () => {
    const path = '/api/v1/namespaces/default/configmaps?labelSelector=a%3D1';
    const [a, b] = await Promise.all([kas.raw('GET', path, { accept: CBOR }), skiffRaw('GET', path, { accept: CBOR })]);
    assert.equal(a.status, 200);
    assert.deepEqual(shapeOf(b.body), shapeOf(a.body));
  });

  it('watches in the same application/cbor-seq structure', async () => {
    const path = '/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1&resourceVersion=0&fieldSelector=metadata.name%3Ddiff';
    const [a, b] = await Promise.all([kas.raw('GET', path, { accept: CBOR }), skiffRaw('GET', path, { accept: CBOR })]);
    // application/cbor-seq itself is not something a watch can ask for
    const [c, d] = await Promise.all([kas.raw('GET', path, { accept: 'application/cbor-seq' }), skiffRaw('GET', path, { accept: 'application/cbor-seq' })]);
    assert.equal(c.status, 406);
    assert.equal(d.status, 406);
    // ...and its 406 names the object types (the list handler negotiates the object first).
    assert.equal(JSON.parse(d.body.toString('utf8')).message, JSON.parse(c.body.toString('utf8')).message);
    const [y1, y2] = await Promise.all([kas.raw('GET', path, { accept: 'application/yaml' }), skiffRaw('GET', path, { accept: 'application/yaml' })]);
    assert.deepEqual([y2.status, y2.body.toString('utf8')], [y1.status, y1.body.toString('utf8')], 'a YAML watch: 406, in YAML, naming the stream types');
    assert.equal(a.status, 200);
    assert.equal(b.headers['content-type'], a.headers['content-type']);
    const events = (body: Buffer): Shape[] => {
      const out: Shape[] = [];
      for (let rest = body; rest.length > 0; ) {
        const n = itemLength(rest, 0);
        out.push(shapeOf(rest.subarray(0, n)));
        rest = rest.subarray(n);
      }
      return out;
    };
    const theirs = events(a.body);
    assert.equal(theirs.length, 1, 'one ADDED event');
    assert.deepEqual(events(b.body), theirs);
  });

  it('writes Status errors in the same CBOR structure', async () => {
    const path = '/api/v1/namespaces/default/configmaps/absent';
    const [a, b] = await Promise.all([kas.raw('GET', path, { accept: CBOR }), skiffRaw('GET', path, { accept: CBOR })]);
    assert.equal(a.status, 404);
    assert.equal(b.status, 404);
    assert.equal(b.headers['content-type'], a.headers['content-type']);
    assert.deepEqual(shapeOf(b.body), shapeOf(a.body));
  });

  // (406s for built-in kinds and 415s of PATCH come from go-restful's route matching
  // upstream, "406: Not Acceptable\n\nAvailable representations: ...", whatever the gate;
  // skiff answers those as the negotiation does, for every encoding: not compared here.)
  // k8s.io/apiserver pkg/endpoints/handlers/responsewriters/writers.go WriteObjectNegotiated:
  // the authentication filter negotiates with a serializer without CBOR; an error whose
  // Accept matches nothing there is written by WriteRawJSON (indented JSON) with its code.
  it('answers a failed authentication alike, byte for byte, when the client accepts CBOR', async () => {
    const differences: string[] = [];
    for (const accept of [CBOR, `${CBOR}, application/json;q=0.5`, 'application/cbor-seq', `${CBOR};g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`]) {
      for (const path of ['/api/v1/namespaces/default/configmaps', '/api/v1/namespaces/default/configmaps?watch=1', '/api', '/version']) {
        const headers = { accept, authorization: 'Bearer not-a-known-token' };
        const [a, b] = await Promise.all([kas.raw('GET', path, headers), srv.request('GET', path, { auth: false, headers })]);
        const seen = (r: { status: number; headers: Record<string, unknown>; body: Buffer }) => `${r.status} ${String(r.headers['content-type'])} ${JSON.stringify(r.body.toString('latin1'))}`;
        if (seen(a) !== seen(b)) differences.push(`${accept} ${path}:\n  kube-apiserver ${seen(a)}\n  skiff          ${seen(b)}`);
      }
    }
    assert.deepEqual(differences, []);
  });

  it('names the same media types in a 415 for a body', async () => {
    const probes: [string, string, Record<string, string>, Buffer?][] = [
      ['POST', '/api/v1/namespaces/default/configmaps', { 'content-type': 'text/plain' }, Buffer.from('x')],
      ['PUT', '/api/v1/namespaces/default/configmaps/diff', { 'content-type': 'application/cbor-seq' }, Buffer.from('x')],
    ];
    const differences: string[] = [];
    for (const [method, path, headers, body] of probes) {
      const [a, b] = await Promise.all([kas.raw(method, path, headers, body), skiffRaw(method, path, headers, body)]);
      const msg = (r: { status: number; body: Buffer }) => `${r.status} ${JSON.parse(r.body.toString('utf8')).message}`;
      if (msg(a) !== msg(b)) differences.push(`${method} ${path}: kube-apiserver "${msg(a)}", skiff "${msg(b)}"`);
    }
    assert.deepEqual(differences, []);
  });

  it('applies application/apply-patch+cbor alike, and refuses a malformed one alike', async () => {
    const path = '/api/v1/namespaces/default/configmaps/applied?fieldManager=diff';
    const patch = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { x: '1' } });
    const [a, b] = await Promise.all([kas.raw('PATCH', path, { 'content-type': 'application/apply-patch+cbor', accept: CBOR }, patch), skiffRaw('PATCH', path, { 'content-type': 'application/apply-patch+cbor', accept: CBOR }, patch)]);
    assert.equal(a.status, 201, a.body.toString('utf8'));
    assert.equal(b.status, 201, b.body.toString('utf8'));
    assert.deepEqual(shapeOf(b.body), shapeOf(a.body));
    const bad = Buffer.from('a2 6161 01 6161 02'.replace(/ /g, ''), 'hex');
    const [c, d] = await Promise.all([kas.raw('PATCH', path, { 'content-type': 'application/apply-patch+cbor' }, bad), skiffRaw('PATCH', path, { 'content-type': 'application/apply-patch+cbor' }, bad)]);
    assert.equal(`${d.status} ${JSON.parse(d.body.toString('utf8')).message}`, `${c.status} ${JSON.parse(c.body.toString('utf8')).message}`);
  });

  it('reports unknown fields of a CBOR body alike (fieldValidation Strict and Warn)', async () => {
    const body = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unknown', bogus: 1 }, data: { a: 'b' }, zzz: true });
    const strict = '/api/v1/namespaces/default/configmaps?fieldValidation=Strict';
    const [a, b] = await Promise.all([kas.raw('POST', strict, { 'content-type': CBOR }, body), skiffRaw('POST', strict, { 'content-type': CBOR }, body)]);
    const msg = (r: { status: number; body: Buffer }) => `${r.status} ${JSON.parse(r.body.toString('utf8')).message}`;
    assert.equal(msg(b), msg(a));
    const warn = '/api/v1/namespaces/default/configmaps?fieldValidation=Warn&dryRun=All';
    const [c, d] = await Promise.all([kas.raw('POST', warn, { 'content-type': CBOR }, body), skiffRaw('POST', warn, { 'content-type': CBOR }, body)]);
    assert.equal(d.status, c.status);
    assert.deepEqual(d.headers['warning'], c.headers['warning']);
  });

  it('answers malformed CBOR bodies with the same status and message', async () => {
    const bodies: [string, Buffer][] = [
      ['truncated', Buffer.from('d9d9f7a2', 'hex')],
      ['duplicate key', Buffer.from('a2 6161 01 6161 02'.replace(/ /g, ''), 'hex')],
      ['trailing bytes', Buffer.concat([encodeCbor({ metadata: { name: 'x' } }), Buffer.from([0])])],
      ['empty', Buffer.alloc(0)],
    ];
    const differences: string[] = [];
    for (const [what, body] of bodies) {
      const [a, b] = await Promise.all([
        kas.raw('POST', '/api/v1/namespaces/default/configmaps', { 'content-type': CBOR }, body),
        skiffRaw('POST', '/api/v1/namespaces/default/configmaps', { 'content-type': CBOR }, body),
      ]);
      const msg = (r: { status: number; body: Buffer }) => `${r.status} ${r.body.length ? JSON.parse(r.body.toString('utf8')).message : ''}`;
      if (msg(a) !== msg(b)) differences.push(`${what}: kube-apiserver "${msg(a)}", skiff "${msg(b)}"`);
    }
    assert.deepEqual(differences, []);
  });
});
