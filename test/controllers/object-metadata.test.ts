// objectMetadata reads {apiVersion, kind, metadata} of an object without decoding the rest:
// it must agree with a full JSON.parse on every shape of JSON a store may hold.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { objectMetadata } from '../../src/controllers/object-metadata.js';

function picked(o: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of ['apiVersion', 'kind', 'metadata']) if (k in o) out[k] = o[k];
  return out;
}

function check(json: string) {
  assert.deepEqual(objectMetadata(Buffer.from(json)), picked(JSON.parse(json)), json.slice(0, 200));
}

describe('objectMetadata (metadata informer decoding)', () => {
  it('reads type and metadata whatever comes before, between and after them', () => {
    check('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"n","uid":"u","ownerReferences":[{"uid":"o","kind":"K"}]},"data":{"x":"y"}}');
    check('{"data":{"k":"a \\" } ] { [ quoted"},"metadata":{"name":"late","labels":{"a":"}"}},"kind":"ConfigMap","apiVersion":"v1"}');
    check(' { "spec" : [ 1, -2.5e3, true, false, null, {"a":[[]]} ] , "metadata" : { "name" : "sp\\\\" } , "kind" : "X" } ');
    check('{"metadata":{"name":"ü-名前","annotations":{"a":"\\u0022\\\\\\""}},"status":{}}');
    check('{"kind":"Only"}');
    check('{}');
  });

  it('agrees with JSON.parse on random objects', () => {
    let seed = 17;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const str = () => ['a', '"', '\\', '{', '}', '[', ']', ',', ':', 'é', ' '].slice(0, 1 + rnd(11)).map((c) => (rnd(2) ? c : c + c)).join('');
    const value = (depth: number): unknown => {
      const t = rnd(depth > 3 ? 4 : 6);
      if (t === 0) return str();
      if (t === 1) return rnd(1000) - 500;
      if (t === 2) return rnd(2) === 0;
      if (t === 3) return null;
      if (t === 4) return Array.from({ length: rnd(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: rnd(4) }, () => [str(), value(depth + 1)]));
    };
    for (let n = 0; n < 300; n++) {
      const keys = ['apiVersion', 'kind', 'metadata', 'data', 'spec', str()].sort(() => rnd(3) - 1).slice(0, 2 + rnd(4));
      const obj = Object.fromEntries(keys.map((k) => [k, k === 'metadata' ? { name: str(), extra: value(1) } : value(0)]));
      check(JSON.stringify(obj, null, rnd(2) ? 2 : undefined));
    }
  });
});
