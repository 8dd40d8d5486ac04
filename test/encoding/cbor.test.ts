// The CBOR codec against the behaviour of k8s.io/apimachinery's CBOR serializer
// (pkg/runtime/serializer/cbor/cbor.go, internal/modes/encode.go and decode.go): the
// self-described tag, byte-string strings and keys, bytewise-lexical key order, []byte in
// tag 22, shortest floats; and the decoder's refusals (duplicate keys, nesting, NaN,
// bignums, simple values, int64 overflow, trailing bytes, truncation).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CborDecodeError, decodeCbor, decodeCborSequence, encodeCbor, encodeWatchEventCbor, hasCborPrefix, itemLength, MAX_NESTED_LEVELS, nestingDepth } from '../../src/encoding/cbor.js';
import { cborUnknownFieldError } from '../../src/encoding/cbor-strict.js';
import { coreSchemas } from '../../src/types/schemas/core.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fromHex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');

function decodeError(h: string | Buffer): string {
  try {
    decodeCbor(typeof h === 'string' ? fromHex(h) : h);
  } catch (e) {
    assert.ok(e instanceof CborDecodeError, `not a CborDecodeError: ${(e as Error).stack}`);
    return e.message;
  }
  assert.fail(`decoded without error: ${typeof h === 'string' ? h : hex(h)}`);
}

describe('CBOR encoding (modes.Encode)', () => {
  it('prefixes the self-described tag 55799 (d9d9f7), as every serializer output', () => {
    const out = encodeCbor({ kind: 'Pod' });
    assert.equal(hex(out.subarray(0, 3)), 'd9d9f7');
    assert.ok(hasCborPrefix(out));
    assert.ok(!hasCborPrefix(Buffer.from('{"kind":"Pod"}')));
  });

  it('writes strings and map keys as byte strings, keys sorted bytewise by their encoding (length first)', () => {
    // {"b":1,"aa":2,"a":"x"} → keys a, b (one byte) before aa (two bytes)
    assert.equal(hex(encodeCbor({ b: 1, aa: 2, a: 'x' })), 'd9d9f7' + 'a3' + '4161' + '4178' + '4162' + '01' + '426161' + '02');
  });

  it('is deterministic whatever the insertion order of keys', () => {
    const a = encodeCbor({ metadata: { name: 'n', labels: { z: '1', a: '2' } }, kind: 'ConfigMap', apiVersion: 'v1' });
    const b = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { a: '2', z: '1' }, name: 'n' } });
    assert.equal(hex(a), hex(b));
  });

  it('writes integers as integers and floats in the shortest width that keeps them', () => {
    assert.equal(hex(encodeCbor([0, 23, 24, -1, -25, 1.5, 100000.25, 1e300, 2 ** 40])), 'd9d9f7' + '89' + '00' + '17' + '1818' + '20' + '3818' + 'f93e00' + 'fa47c35020' + 'fb7e37e43c8800759c' + '1b0000010000000000');
  });

  it('writes null, booleans and empty containers as themselves (nil and empty stay distinct)', () => {
    assert.equal(hex(encodeCbor({ a: null, b: true, c: false, d: [], e: {} })), 'd9d9f7' + 'a5' + '4161f6' + '4162f5' + '4163f4' + '416480' + '4165a0');
  });

  it('writes a []byte field (Secret data, format: byte) as a byte string in tag 22 (expected base64)', () => {
    const secret = { kind: 'Secret', data: { k: Buffer.from([0, 1, 2, 255]).toString('base64') } };
    const out = encodeCbor(secret, coreSchemas.Secret);
    // "data": {"k": 22(h'000102ff')}
    assert.ok(hex(out).includes('4464617461' + 'a1' + '416b' + 'd6' + '44000102ff'), hex(out));
    // stringData is a map of Go strings: byte strings without the tag
    const withString = encodeCbor({ stringData: { k: 'v' } }, coreSchemas.Secret);
    assert.equal(hex(withString), 'd9d9f7' + 'a1' + '4a' + Buffer.from('stringData').toString('hex') + 'a1416b4176');
    // without the schema the same value is a plain string
    assert.ok(!hex(encodeCbor(secret)).includes('d644'));
  });

  it('keeps a float64 field holding a whole number a float', () => {
    // HorizontalPodAutoscaler-like: a schema field of kind double
    const type = { kind: 'object', name: 'x.T', fields: { f: { kind: 'double' } } } as const;
    assert.equal(hex(encodeCbor({ f: 1 }, type as never)), 'd9d9f7' + 'a1' + '4166' + 'f93c00');
    assert.equal(hex(encodeCbor({ f: 1 })), 'd9d9f7' + 'a1' + '4166' + '01');
  });

  it('writes a watch event with the object as its own self-described item', () => {
    const out = encodeWatchEventCbor('ADDED', { kind: 'X' });
    // {"type": "ADDED", "object": 55799({"kind": "X"})}: "type" (4 bytes) sorts before "object" (6)
    assert.equal(hex(out), 'd9d9f7' + 'a2' + '4474797065' + '454144444544' + '466f626a656374' + 'd9d9f7' + 'a1' + '446b696e64' + '4158');
    assert.deepEqual(decodeCbor(out), { type: 'ADDED', object: { kind: 'X' } });
  });

  it('refuses NaN and infinities, as the JSON serializer does', () => {
    assert.throws(() => encodeCbor({ a: Number.NaN }));
    assert.throws(() => encodeCbor({ a: Number.POSITIVE_INFINITY }));
  });
});

describe('CBOR decoding (modes.Decode)', () => {
  it('round-trips JSON values, with or without the self-described tag', () => {
    const v = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { a: 'b' } }, data: { k: 'v' }, n: [1, -2, 3.25, true, null, 'é✓'] };
    assert.deepEqual(decodeCbor(encodeCbor(v)), v);
    assert.deepEqual(decodeCbor(encodeCbor(v).subarray(3)), v);
  });

  it('reads text strings and byte strings alike as strings, and tag 22/21/23 byte strings as base64/base64url/hex', () => {
    assert.deepEqual(decodeCbor(fromHex('a2 6161 6178 4162 4179')), { a: 'x', b: 'y' });
    assert.deepEqual(decodeCbor(fromHex('a3 4161 d6 43fbff00 4162 d5 43fbff00 4163 d7 43fbff00')), { a: '+/8A', b: '-_8A', c: 'fbff00' });
  });

  it('reads the Secret data written in tag 22 back as the base64 of its JSON form', () => {
    const secret = { kind: 'Secret', apiVersion: 'v1', data: { k: Buffer.from('hello\u0000world').toString('base64') } };
    assert.deepEqual(decodeCbor(encodeCbor(secret, coreSchemas.Secret)), secret);
  });

  it('accepts indefinite-length items (other encoders may write them)', () => {
    assert.deepEqual(decodeCbor(fromHex('bf 6161 9f 01 02 ff ff')), { a: [1, 2] });
    assert.deepEqual(decodeCbor(fromHex('7f 6161 6162 ff')), 'ab');
  });

  it('unwraps unknown tags to their content and time tags to RFC 3339 text', () => {
    assert.deepEqual(decodeCbor(fromHex('d9ffee 6161')), 'a');
    assert.equal(decodeCbor(fromHex('c0 74 323032342d30312d30325430333a30343a30355a')), '2024-01-02T03:04:05Z');
    assert.equal(decodeCbor(fromHex('c1 1a 65937d25')), '2024-01-02T03:04:05Z');
  });

  it('rejects duplicate map keys, also a text key repeating a byte-string key', () => {
    assert.equal(decodeError('a2 6161 01 6161 02'), 'cbor: found duplicate map key "a" at map element index 1');
    assert.equal(decodeError('a2 4161 01 6161 02'), 'cbor: found duplicate map key "a" at map element index 1');
    assert.match(decodeError('a1 6178 a3 6161 01 6162 02 6161 03'), /duplicate map key "a" at map element index 2/);
  });

  it(`refuses more than ${MAX_NESTED_LEVELS} nested levels with upstream's error, and never overflows the stack below that`, () => {
    const nested = (n: number) => Buffer.concat([Buffer.alloc(n, 0x81), Buffer.from([0x01])]);
    assert.equal(nestingDepth(nested(5)), 5);
    assert.equal(nestingDepth(fromHex('bf 6161 9f 01 9f ff ff ff')), 3);
    assert.equal(nestingDepth(fromHex('a2 6161 80 6162 a1 6163 01')), 2);
    assert.doesNotThrow(() => decodeCbor(nested(1000)));
    assert.equal(decodeError(nested(MAX_NESTED_LEVELS + 1)), `cbor: exceeded max nested level ${MAX_NESTED_LEVELS}`);
    assert.equal(decodeError(Buffer.concat([Buffer.alloc(MAX_NESTED_LEVELS + 5, 0x9f)])), `cbor: exceeded max nested level ${MAX_NESTED_LEVELS}`);
    // cbor2 recurses: between a few thousand levels and the limit the answer is still a decode error, not a crash
    assert.match(decodeError(nested(MAX_NESTED_LEVELS - 2)), /^cbor: /);
  });

  it('reports truncated input as unexpected EOF, empty input as EOF, and trailing bytes as extraneous data', () => {
    assert.equal(decodeError('a1 6161'), 'unexpected EOF');
    assert.equal(decodeError('d9d9f7 a2 6161 01'), 'unexpected EOF');
    assert.equal(decodeError(Buffer.alloc(0)), 'EOF');
    assert.equal(decodeError('a1 6161 01 ff 00'), 'cbor: 2 bytes of extraneous data starting at index 4');
  });

  it('rejects what upstream forbids: NaN/Inf, bignums, undefined and other simple values, int64 overflow, invalid UTF-8, non-string keys', () => {
    decodeError('f97e00'); // NaN
    decodeError('f97c00'); // +Inf
    decodeError('c2 41 01'); // bignum
    decodeError('c3 41 01'); // negative bignum
    decodeError('f7'); // undefined
    decodeError('f0'); // simple(16)
    assert.match(decodeError('1b ffffffffffffffff'), /overflows Go's int64/);
    decodeError('62 c328'); // text string with invalid UTF-8
    assert.match(decodeError('a1 01 02'), /cannot unmarshal positive integer into Go value of type string/);
  });

  it('keeps int64 values inside the range', () => {
    assert.equal(decodeCbor(fromHex('1b 7fffffffffffffff')), 2 ** 63 - 1);
    assert.equal(decodeCbor(fromHex('3b 7fffffffffffffff')), -(2 ** 63));
  });

  it('splits a CBOR sequence (a watch stream) into its items', () => {
    const seq = Buffer.concat([encodeWatchEventCbor('ADDED', { a: 1 }), encodeWatchEventCbor('DELETED', { a: 2 })]);
    assert.equal(itemLength(seq, 0), encodeWatchEventCbor('ADDED', { a: 1 }).length);
    assert.deepEqual(decodeCborSequence(seq), [
      { type: 'ADDED', object: { a: 1 } },
      { type: 'DELETED', object: { a: 2 } },
    ]);
  });
});

describe('CBOR strict decoding error (fieldValidation)', () => {
  it('names the index, within its own map, of the first unknown key in wire order', () => {
    const cm = coreSchemas.ConfigMap;
    // encodeCbor sorts keys: "zzz" (3 bytes) comes before every other key of the object
    const body = decodeCbor(encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', bogus: 1 }, data: { a: 'b' }, zzz: true }));
    assert.equal(cborUnknownFieldError(body, cm), 'cbor: found unknown field at map element index 0');
    // only the nested one: "name" (4) precedes "bogus" (5) in metadata
    const nested = decodeCbor(encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', bogus: 1 }, data: { a: 'b' } }));
    assert.equal(cborUnknownFieldError(nested, cm), 'cbor: found unknown field at map element index 1');
    assert.equal(cborUnknownFieldError(decodeCbor(encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { any: 'key' } }, data: { a: 'b' } })), cm), undefined);
  });
});
