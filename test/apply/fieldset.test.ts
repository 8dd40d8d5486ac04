import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserializePE, fieldPE, FieldSet, indexPE, keyPE, pathString, serializePE, valuePE, type Path } from '../../src/apply/index.js';

const f = fieldPE;

test('path elements serialize as upstream: raw field names, sorted-key JSON keys, HTML-safe values', () => {
  assert.equal(serializePE(f('kubectl.kubernetes.io/last-applied-configuration')), 'f:kubectl.kubernetes.io/last-applied-configuration');
  assert.equal(serializePE(keyPE({ protocol: 'TCP', containerPort: 80 })), 'k:{"containerPort":80,"protocol":"TCP"}');
  assert.equal(serializePE(valuePE('<a&b>')), 'v:"\\u003ca\\u0026b\\u003e"');
  assert.equal(serializePE(valuePE(3)), 'v:3');
  assert.equal(serializePE(indexPE(12)), 'i:12');
  assert.deepEqual(deserializePE('k:{"protocol":"TCP","containerPort":80}'), keyPE({ containerPort: 80, protocol: 'TCP' }));
  assert.deepEqual(deserializePE('v:"a"'), valuePE('a'));
  assert.deepEqual(deserializePE('i:3'), indexPE(3));
  assert.deepEqual(deserializePE('f:a:b'), f('a:b'));
  assert.throws(() => deserializePE('f'), /key must be 2 characters long:/);
  assert.throws(() => deserializePE('fx'), /missing colon: fx/);
  assert.throws(() => deserializePE('i:x'), /invalid syntax/);
});

test('paths print as in conflict messages', () => {
  const p: Path = [f('spec'), f('containers'), keyPE({ name: 'app' }), f('ports'), keyPE({ containerPort: 80, protocol: 'TCP' })];
  assert.equal(pathString(p), '.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"]');
  assert.equal(pathString([f('metadata'), f('finalizers'), valuePE('a/b')]), '.metadata.finalizers[="a/b"]');
  assert.equal(pathString([f('args'), indexPE(0)]), '.args[0]');
  assert.equal(pathString([f('x'), keyPE({ weight: 1.5, on: true })]), '.x[on=true,weight=1.5]');
  assert.equal(pathString([f('x'), valuePE('tab\there')]), '.x[="tab\\there"]');
});

test('fieldsV1: fields, then keys, values and indices; "." first for members with children', () => {
  const s = FieldSet.of(
    [f('spec'), f('list'), indexPE(0)],
    [f('spec'), f('list'), valuePE('x')],
    [f('spec'), f('list'), keyPE({ k: 10 })],
    [f('spec'), f('list'), keyPE({ k: 9 })],
    [f('spec'), f('list'), keyPE({ k: 9 }), f('k')],
    [f('spec'), f('list'), f('z')],
    [f('spec'), f('b')],
    [f('spec'), f('a')],
    [f('spec')],
    [f('metadata'), f('labels'), f('app')],
  );
  assert.equal(
    JSON.stringify(s.toFieldsV1()),
    '{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{".":{},"f:a":{},"f:b":{},"f:list":{"f:z":{},"k:{\\"k\\":9}":{".":{},"f:k":{}},"k:{\\"k\\":10}":{},"v:\\"x\\"":{},"i:0":{}}}}',
  );
  const back = FieldSet.fromFieldsV1(JSON.parse(JSON.stringify(s.toFieldsV1())));
  assert.ok(back.equals(s));
  assert.equal(back.size(), 10);
  assert.ok(back.has([f('spec')]));
  assert.ok(!back.has([f('metadata')]));
  assert.ok(!back.has([f('metadata'), f('labels')]));
  assert.deepEqual(JSON.stringify(new FieldSet().toFieldsV1()), '{}');
});

test('fieldsV1 parsing drops unknown element kinds and rejects malformed ones', () => {
  const s = FieldSet.fromFieldsV1({ 'f:a': {}, 'x:future': {}, 'f:b': { '.': {}, 'f:c': {} }, 'f:d': { 'f:e': {} } });
  assert.deepEqual(s.paths().map(pathString), ['.a', '.b', '.b.c', '.d.e']);
  assert.throws(() => FieldSet.fromFieldsV1({ q: {} }), /parsing key as path element: key must be 2 characters long:/);
  assert.throws(() => FieldSet.fromFieldsV1({ 'k:[1]': {} }), /parsing key as path element/);
});

test('set operations: union, intersection, difference, recursive difference, leaves', () => {
  const a = FieldSet.of([f('a')], [f('a'), f('b')], [f('c')]);
  const b = FieldSet.of([f('a')], [f('d')]);
  assert.deepEqual(a.union(b).paths().map(pathString), ['.a', '.c', '.d', '.a.b']);
  assert.deepEqual(a.intersection(b).paths().map(pathString), ['.a']);
  // Difference is per path: removing .a leaves .a.b.
  assert.deepEqual(a.difference(b).paths().map(pathString), ['.c', '.a.b']);
  assert.deepEqual(a.recursiveDifference(b).paths().map(pathString), ['.c']);
  assert.deepEqual(a.leaves().paths().map(pathString), ['.c', '.a.b']);
  assert.ok(a.difference(a).empty());
  assert.ok(!a.empty());
});
