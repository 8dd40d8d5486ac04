// Seeded fuzz of the CBOR surface (CBORServingAndStorage on): random bytes, corrupted and
// well-formed CBOR bodies on create/update and application/apply-patch+cbor, bodies nested
// past what the decoder recurses through, and CBOR Accept headers on reads and watches.
// No answer may be a 5xx; a CBOR error body must be a Status; everything stored reads back
// in CBOR. FUZZ_SEED / FUZZ_RUNS reproduce and lengthen a run.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeCbor, encodeCbor } from '../../src/encoding/cbor.js';
import { checkReadback, expectReady, runs, SEED, type H2Client, type Probe, type Tally } from './support.js';
import { FuzzFixture, named } from './fixture.js';
import { widgetCrd } from '../support/widget-crd.js';

const NS = '/api/v1/namespaces/fuzz';
const KINDS = [
  { coll: `${NS}/configmaps`, base: { apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } } },
  { coll: `${NS}/secrets`, base: { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', data: { a: 'YWJj' } } },
  { coll: `${NS}/pods`, base: { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  { coll: '/apis/fuzz.example.com/v1/namespaces/fuzz/widgets', base: { apiVersion: 'fuzz.example.com/v1', kind: 'Widget', spec: { size: 1 } } },
] as const;

const CRD = widgetCrd('fuzz.example.com', { spec: { type: 'object', properties: { size: { type: 'integer' } } } });

/** Bodies: random bytes, self-described random bytes, encoded odd documents, corrupted encodings, deep nesting. */
function cborBodyArb(base: object, name: string): fc.Arbitrary<Buffer> {
  const doc = fc.oneof(
    fc.constant(named(base, name)),
    fc.tuple(fc.constantFrom('metadata', 'data', 'spec', 'kind', 'apiVersion', 'type'), fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => ({ ...named(base, name), [k]: v })),
    fc.jsonValue({ maxDepth: 3 }),
  );
  return fc.oneof(
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.concat([Buffer.from([0xd9, 0xd9, 0xf7]), b])),
    doc.map((d) => encodeCbor(d)),
    fc.tuple(doc, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([d, at, byte]) => {
      const b = Buffer.from(encodeCbor(d));
      b[at % b.length] = byte;
      return b;
    }),
    fc.tuple(doc, fc.nat()).map(([d, cut]) => {
      const b = encodeCbor(d);
      return b.subarray(0, cut % b.length);
    }),
    fc.constantFrom(2_000, 5_000, 9_999, 10_001, 50_000).map((n) => Buffer.concat([Buffer.alloc(n, 0x81), Buffer.from([0x01])])),
    fc.constantFrom(5_000, 20_000).map((n) => Buffer.concat([Buffer.from([0xa1, 0x48]), Buffer.from('metadata'), Buffer.alloc(n, 0xbf)])),
  );
}

const ACCEPTS = ['application/cbor', 'application/cbor-seq', 'application/cbor;as=PartialObjectMetadata;g=meta.k8s.io;v=v1', 'application/cbor;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1', 'application/cbor;as=Table;g=meta.k8s.io;v=v1', 'application/cbor, application/json;q=0.5', 'application/cbor;q=0'];

type AnyReply = Awaited<ReturnType<H2Client['request']>>;

/**
 * A CBOR error body must decode; it is then judged as its JSON form by checkReply (a
 * Status carrying the reply's code; 5xx only where upstream answers one, e.g. the 500
 * without reason of a server-side apply naming a field the schema lacks).
 */
function asJsonReply(t: Tally, probe: Probe, reply: AnyReply): AnyReply {
  if (reply === 'reset' || reply === 'timeout' || reply.status < 400) return reply;
  if (String(reply.headers['content-type'] ?? '') !== 'application/cbor' || reply.body.length === 0) return reply;
  try {
    const body = Buffer.from(JSON.stringify(decodeCbor(reply.body)));
    return { ...reply, headers: { ...reply.headers, 'content-type': 'application/json' }, body };
  } catch {
    t.violate('CBOR error body does not decode', probe, reply);
    return reply;
  }
}

describe(`CBOR fuzz (seed ${SEED})`, () => {
  const f = new FuzzFixture({ suite: 'cbor', featureGates: { CBORServingAndStorage: true }, kinds: KINDS, crd: CRD, judged: asJsonReply });
  const batch = f.batch.bind(f);

  it('CBOR create and update bodies', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), fc.boolean(), fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), fc.constantFrom(...ACCEPTS, 'application/json')).chain(([k, update, name, accept]) =>
      cborBodyArb(k.base, update ? 'target' : name).map((body): Probe => ({
        method: update ? 'PUT' : 'POST',
        path: update ? `${k.coll}/target` : k.coll,
        headers: { 'content-type': 'application/cbor', accept },
        body,
      })),
    );
    await batch('cbor bodies', arb, runs(200));
  });

  it('application/apply-patch+cbor bodies', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), fc.constantFrom('?fieldManager=fuzz', '?fieldManager=fuzz&force=true', '?fieldManager=fuzz&fieldValidation=Strict', '?fieldManager=fuzz&dryRun=All', '')).chain(([k, q]) =>
      cborBodyArb(k.base, 'target').map((body): Probe => ({
        method: 'PATCH',
        path: `${k.coll}/target${q}`,
        headers: { 'content-type': 'application/apply-patch+cbor', accept: 'application/cbor' },
        body,
      })),
    );
    await batch('cbor apply patches', arb, runs(150));
  });

  it('CBOR Accept headers on reads and watches', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), fc.constantFrom(...ACCEPTS), fc.constantFrom('list', 'get', 'watch', 'missing')).map(([k, accept, verb]): Probe => {
      const path = verb === 'get' ? `${k.coll}/target` : verb === 'missing' ? `${k.coll}/absent` : verb === 'watch' ? `${k.coll}?watch=1&timeoutSeconds=1` : k.coll;
      return { method: 'GET', path, headers: { accept } };
    });
    await batch('cbor negotiation', arb, runs(80));
  });

  it('everything stored reads back, in JSON and in CBOR', async () => {
    await f.restoreTargets();
    const objects = await checkReadback(f.t, f.client, KINDS.map((k) => k.coll));
    assert.ok(objects >= KINDS.length, `expected at least the ${KINDS.length} targets, listed ${objects}`);
    for (const k of KINDS) {
      const r = await f.client.request({ method: 'GET', path: k.coll, headers: { accept: 'application/cbor' } });
      assert.ok(r !== 'reset' && r !== 'timeout' && r.status === 200, `CBOR list of ${k.coll}`);
      const list = decodeCbor(r.body) as { items: unknown[] };
      assert.ok(list.items.length >= 1, k.coll);
    }
    assert.deepEqual(f.t.violations, []);
    assert.ok(await expectReady(f.client));
  });
});
