// Go's decoding pieces the typed decoder is built from: time.Parse with metav1.Time's
// layout (Go src/time/format.go), base64.StdEncoding.Decode (src/encoding/base64/base64.go),
// encoding/json's typed decoding (src/encoding/json/decode.go) and apimachinery's
// unstructured converter (k8s.io/apimachinery/pkg/runtime/converter.go).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stdBase64Error } from '../../src/apimachinery/gobase64.js';
import { formatGoTimeRFC3339, formatGoTimeRFC3339Micro, parseGoTime, RFC3339_LAYOUT, RFC3339_MICRO_LAYOUT } from '../../src/apimachinery/gotime.js';
import { encodeRawNode, jsonPatchedNode, mergePatchedNode } from '../../src/endpoints/patched-json.js';
import { convertUnstructuredTyped, decodeJsonTyped } from '../../src/endpoints/typed-decode.js';
import { parseGoJson } from '../../src/patch/go-json.js';
import { bytes, int32, int64, list, map, object, string, time } from '../../src/types/schema.js';

const parseError = (value: string) => {
  try {
    parseGoTime(RFC3339_LAYOUT, value);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
};

describe('time.Parse(time.RFC3339, …) as metav1.Time.UnmarshalJSON calls it (Go src/time/format.go)', () => {
  it("names the first layout element the value does not match, as Go's ParseError does", () => {
    const layout = '"2006-01-02T15:04:05Z07:00"';
    assert.equal(parseError('yesterday'), `parsing time "yesterday" as ${layout}: cannot parse "yesterday" as "2006"`);
    assert.equal(parseError('2020-01-01'), `parsing time "2020-01-01" as ${layout}: cannot parse "" as "T"`);
    assert.equal(parseError('2020-01-01 10:00:00Z'), `parsing time "2020-01-01 10:00:00Z" as ${layout}: cannot parse " 10:00:00Z" as "T"`);
    assert.equal(parseError('2020-01-01T00:00:00'), `parsing time "2020-01-01T00:00:00" as ${layout}: cannot parse "" as "Z07:00"`);
    assert.equal(parseError('2020-1-01T00:00:00Z'), `parsing time "2020-1-01T00:00:00Z" as ${layout}: cannot parse "1-01T00:00:00Z" as "01"`);
    assert.equal(parseError('2020-01-01T00:00:00+0100'), `parsing time "2020-01-01T00:00:00+0100" as ${layout}: cannot parse "+0100" as "Z07:00"`);
  });

  it('reports out-of-range fields and extra text in Go words', () => {
    assert.equal(parseError('2020-13-01T00:00:00Z'), 'parsing time "2020-13-01T00:00:00Z": month out of range');
    assert.equal(parseError('2021-02-29T00:00:00Z'), 'parsing time "2021-02-29T00:00:00Z": day out of range');
    assert.equal(parseError('2020-01-01T24:00:00Z'), 'parsing time "2020-01-01T24:00:00Z": hour out of range');
    assert.equal(parseError('2020-01-01T00:60:00Z'), 'parsing time "2020-01-01T00:60:00Z": minute out of range');
    assert.equal(parseError('2020-01-01T00:00:00Zjunk'), 'parsing time "2020-01-01T00:00:00Zjunk": extra text: "junk"');
    assert.equal(parseError('2020-01-01T00:00:00+25:00'), 'parsing time "2020-01-01T00:00:00+25:00": time zone offset hour out of range');
  });

  it('quotes non-ASCII bytes as time.quote does (\\x per byte)', () => {
    assert.equal(parseError('é'), 'parsing time "\\xc3\\xa9" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xc3\\xa9" as "2006"');
  });

  it('accepts what Go accepts (fractions, offsets, a one-digit hour, a leap day) and re-encodes in UTC whole seconds', () => {
    assert.equal(formatGoTimeRFC3339(parseGoTime(RFC3339_LAYOUT, '2020-01-01T00:30:00.999+01:00')), '2019-12-31T23:30:00Z');
    assert.equal(formatGoTimeRFC3339(parseGoTime(RFC3339_LAYOUT, '2020-01-01T1:02:03z'.replace('z', 'Z'))), '2020-01-01T01:02:03Z');
    assert.equal(formatGoTimeRFC3339(parseGoTime(RFC3339_LAYOUT, '2024-02-29T00:00:00Z')), '2024-02-29T00:00:00Z');
    assert.equal(formatGoTimeRFC3339(parseGoTime(RFC3339_LAYOUT, '0001-01-01T00:00:00Z')), '0001-01-01T00:00:00Z');
  });

  it('MicroTime needs exactly six fractional digits (RFC3339Micro)', () => {
    assert.equal(formatGoTimeRFC3339Micro(parseGoTime(RFC3339_MICRO_LAYOUT, '2020-01-01T00:00:00.123456Z')), '2020-01-01T00:00:00.123456Z');
    assert.throws(() => parseGoTime(RFC3339_MICRO_LAYOUT, '2020-01-01T00:00:00Z'), {
      message: 'parsing time "2020-01-01T00:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"',
    });
  });
});

describe('base64.StdEncoding.Decode for []byte fields (Go src/encoding/base64/base64.go)', () => {
  it("reports Go's CorruptInputError offsets", () => {
    assert.equal(stdBase64Error('abc'), 'illegal base64 data at input byte 0', 'an unpadded final quantum');
    assert.equal(stdBase64Error('a!=='), 'illegal base64 data at input byte 1');
    assert.equal(stdBase64Error('YQ='), 'illegal base64 data at input byte 3', 'one pad character of two');
    assert.equal(stdBase64Error('YQ==x'), 'illegal base64 data at input byte 4', 'trailing garbage');
    assert.equal(stdBase64Error('Y==='), 'illegal base64 data at input byte 1', 'padding after one character');
    assert.equal(stdBase64Error('YWJjZA==YQ=='), 'illegal base64 data at input byte 8');
  });
  it('accepts padded input, with CR and LF skipped', () => {
    for (const ok of ['', 'YQ==', 'YWI=', 'YWJj', 'YWJj\nZA==', 'YW\r\nJj']) assert.equal(stdBase64Error(ok), undefined, ok);
  });
});

const Inner = object('io.k8s.api.test.v1.Inner', { a: string(), b: string() });
const Thing = object('io.k8s.api.test.v1.Thing', {
  metadata: object('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', { labels: map(string()), generation: int64(), creationTimestamp: time() }),
  count: int32(),
  inner: Inner,
  items: list(Inner),
  data: map(string()),
  blob: bytes(),
});

const decode = (json: string) => decodeJsonTyped(parseGoJson(json), Thing);

describe('encoding/json typed decoding (Go src/encoding/json/decode.go)', () => {
  it('merges a repeated struct field or map and keeps the last scalar, as decoding into the same value does', () => {
    const out = decode('{"data":{"a":"1"},"data":{"b":"2"},"inner":{"a":"x"},"inner":{"b":"y"},"count":1,"count":2}');
    assert.equal(out.error, undefined);
    assert.deepEqual(out.value, { data: { a: '1', b: '2' }, inner: { a: 'x', b: 'y' }, count: 2 });
  });

  it('decodes a repeated list into the earlier elements and truncates it to the later length', () => {
    const out = decode('{"items":[{"a":"1"},{"a":"2"}],"items":[{"b":"3"}]}');
    assert.deepEqual(out.value.items, [{ a: '1', b: '3' }]);
  });

  it('makes a null map value the zero value (a label value of null is "")', () => {
    const out = decode('{"metadata":{"labels":{"a":null,"b":"x"}}}');
    assert.equal(out.error, undefined);
    assert.deepEqual(out.value.metadata, { labels: { a: '', b: 'x' } });
  });

  it('leaves a non-pointer field as it was on null, and clears maps and lists', () => {
    assert.deepEqual(decode('{"count":3,"count":null,"data":{"a":"1"},"data":null}').value, { count: 3, data: null });
  });

  it('refuses integer literals that are fractional, exponent-form or out of range, quoting the literal', () => {
    const msg = (lit: string, field = 'count', type = 'int32') => `json: cannot unmarshal number ${lit} into Go struct field Thing.${field} of type ${type}`;
    assert.equal(decode('{"count":1.0}').error, msg('1.0'));
    assert.equal(decode('{"count":1.5}').error, msg('1.5'));
    assert.equal(decode('{"count":1e3}').error, msg('1e3'));
    assert.equal(decode('{"count":2147483648}').error, msg('2147483648'));
    assert.equal(decode('{"count":-2147483648}').error, undefined);
    assert.equal(decode('{"metadata":{"generation":9223372036854775808}}').error, 'json: cannot unmarshal number 9223372036854775808 into Go struct field ObjectMeta.metadata.generation of type int64');
  });

  it('reports the first saved error, but an unmarshaler error (metav1.Time) wins over saved ones', () => {
    assert.equal(decode('{"count":"x","blob":"abc"}').error, 'json: cannot unmarshal string into Go struct field Thing.count of type int32');
    assert.equal(decode('{"blob":"abc","count":"x"}').error, 'illegal base64 data at input byte 0');
    assert.equal(
      decode('{"count":"x","metadata":{"creationTimestamp":"now"}}').error,
      'parsing time "now" as "2006-01-02T15:04:05Z07:00": cannot parse "now" as "2006"',
    );
    assert.equal(decode('{"metadata":{"creationTimestamp":5}}').error, 'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string');
  });

  it('normalizes times to UTC whole seconds and base64 to its canonical form', () => {
    const out = decode('{"metadata":{"creationTimestamp":"2020-01-01T02:00:00.5+02:00"},"blob":"YW\\nJj"}');
    assert.equal(out.error, undefined);
    assert.deepEqual(out.value, { metadata: { creationTimestamp: '2020-01-01T00:00:00Z' }, blob: 'YWJj' });
  });
});

describe('runtime.DefaultUnstructuredConverter.FromUnstructured (apimachinery runtime/converter.go)', () => {
  const convert = (v: Record<string, unknown>) => convertUnstructuredTyped(v, Thing).error;
  it("words mismatches as the converter does", () => {
    assert.equal(convert({ count: '6' }), 'unrecognized type: int32');
    assert.equal(convert({ count: 1.5 }), 'cannot convert float64 to int32');
    assert.equal(convert({ data: { a: 6 } }), 'cannot convert int64 to string');
    assert.equal(convert({ data: { a: true } }), 'unrecognized type: string');
    assert.equal(convert({ inner: 'x' }), 'cannot restore struct from: string');
    assert.equal(convert({ items: {} }), 'cannot restore slice from map');
    assert.equal(convert({ data: [] }), 'cannot restore map from slice');
    assert.equal(convert({ blob: 'abc' }), 'error decoding from json: illegal base64 data at input byte 0');
  });
  it('wraps whole numbers into int32 as reflect.Value.Convert does, and zeroes null map values', () => {
    assert.deepEqual(convertUnstructuredTyped({ count: 2 ** 32 + 5, data: { a: null } }, Thing).value, { count: 5, data: { a: '' } });
  });
  it('returns the first error in struct field order, not document order', () => {
    assert.equal(convert({ data: { a: 1 }, count: 'x' }), 'unrecognized type: int32');
  });
});

describe('the patched JSON as json-patch v4 writes it (merge.go MergePatch/pruneNulls, patch.go Apply/findObject)', () => {
  const current = { metadata: { labels: { z: '1', a: '2' }, generation: 1 }, count: 1, data: { b: '1' }, inner: { b: 'x', a: 'y' } };
  it('merge: the top level and merged objects sorted, untouched values in Go struct order, inserted values sorted without nulls, literals kept', () => {
    const patchText = '{"count":6.0,"data":{"c":{"y":1,"n":null,"a":2}},"inner":{"b":"q"}}';
    const patched = { metadata: current.metadata, count: 6, data: { b: '1', c: { y: 1, a: 2 } }, inner: { b: 'q', a: 'y' } };
    const node = mergePatchedNode(current, parseGoJson(patchText), patched, Thing);
    assert.equal(encodeRawNode(node), '{"count":6.0,"data":{"b":"1","c":{"a":2,"y":1}},"inner":{"a":"y","b":"q"},"metadata":{"labels":{"a":"2","z":"1"},"generation":1}}');
    assert.equal(decodeJsonTyped(node, Thing).error, 'json: cannot unmarshal number 6.0 into Go struct field Thing.count of type int32');
  });
  it('JSON Patch: containers on an operation path sorted, the value as written', () => {
    const ops = '[{"op":"add","path":"/inner/c","value":{"z":1,"a":2}}]';
    const patched = { ...current, inner: { b: 'x', a: 'y', c: { z: 1, a: 2 } } };
    assert.equal(
      encodeRawNode(jsonPatchedNode(parseGoJson(ops), patched, Thing)),
      '{"count":1,"data":{"b":"1"},"inner":{"a":"y","b":"x","c":{"z":1,"a":2}},"metadata":{"labels":{"a":"2","z":"1"},"generation":1}}',
    );
  });
});

describe('decoding a parsed value agrees with decoding the literal-keeping tokens when neither has duplicates or odd literals', () => {
  it('gives the same value and error', async () => {
    const { decodeValueTyped } = await import('../../src/endpoints/typed-decode.js');
    for (const text of [
      '{"metadata":{"labels":{"b":"1","a":null}},"count":7,"items":[{"a":"x"},null],"blob":"YWJj","data":{"z":"1","a":"2"}}',
      '{"count":"x","blob":"abc"}',
      '{"metadata":{"creationTimestamp":"2020-01-01T00:00:00+01:00","generation":-1}}',
      '{"count":2147483648}',
    ]) {
      assert.deepEqual(decodeValueTyped(JSON.parse(text), Thing), decodeJsonTyped(parseGoJson(text), Thing), text);
    }
  });
});
