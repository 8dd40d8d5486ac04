import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {CelEnvironment, escapePropertyName, schemaToDeclType, unescapePropertyName} from '../../src/cel/index.js';
import type {DeclType, OpenAPISchema} from '../../src/cel/index.js';

const deployment: OpenAPISchema = {
  type: 'object',
  properties: {
    metadata: {type: 'object', properties: {name: {type: 'string'}, labels: {type: 'object', additionalProperties: {type: 'string'}}}},
    spec: {
      type: 'object',
      required: ['replicas'],
      properties: {
        replicas: {type: 'integer'},
        ratio: {type: 'number'},
        paused: {type: 'boolean'},
        port: {'x-kubernetes-int-or-string': true},
        data: {type: 'string', format: 'byte'},
        since: {type: 'string', format: 'date-time'},
        day: {type: 'string', format: 'date'},
        timeout: {type: 'string', format: 'duration'},
        'x-dashed': {type: 'string'},
        'a.b/c': {type: 'string'},
        'has__two': {type: 'string'},
        namespace: {type: 'string'},
        '1bad': {type: 'string'},
        'bad space': {type: 'string'},
        tags: {type: 'array', items: {type: 'string'}, 'x-kubernetes-list-type': 'set', maxItems: 5},
      },
    },
  },
};

function envFor(schema: OpenAPISchema, isResourceRoot = false): CelEnvironment {
  const t = schemaToDeclType(schema, {name: 'Object', isResourceRoot}) as DeclType;
  return new CelEnvironment({variables: {self: t}});
}

const obj = {
  metadata: {name: 'web', labels: {app: 'web'}},
  spec: {
    replicas: 3, ratio: 2, paused: false, port: 8080, data: 'aGk=', since: '2024-01-02T03:04:05Z', day: '2024-01-02',
    timeout: '1m30s', 'x-dashed': 'd', 'a.b/c': 'abc', has__two: 'u', namespace: 'ns', '1bad': 'x', tags: ['a', 'b'],
  },
};

describe('schema to CEL types', () => {
  const env = envFor(deployment);
  const ev = (e: string): unknown => env.compile(e).evaluate(env.activation({self: obj})).value;

  test('JSON integers become int where the schema says integer, numbers become double', () => {
    assert.equal(ev('self.spec.replicas'), 3n);
    assert.equal(ev('self.spec.replicas + 1 == 4'), true);
    assert.equal(ev('self.spec.ratio'), 2);
    assert.equal(env.compile('self.spec.ratio').outputType, 'double');
    assert.equal(env.compile('self.spec.replicas').outputType, 'int');
  });
  test('formats: byte, date-time, date, duration', () => {
    assert.equal(ev(`self.spec.data == b'hi'`), true);
    assert.equal(ev(`self.spec.since == timestamp('2024-01-02T03:04:05Z')`), true);
    assert.equal(ev(`self.spec.day.getFullYear()`), 2024n);
    assert.equal(ev(`self.spec.timeout == duration('90s')`), true);
  });
  test('int-or-string is dynamic', () => {
    assert.equal(env.compile('self.spec.port').outputType, 'dyn');
    assert.equal(ev('type(self.spec.port) == int'), true);
    assert.equal(env.compile('self.spec.port').evaluate(env.activation({self: {spec: {port: '80%'}}})).value, '80%');
  });
  test('property names are escaped; inaccessible names stay inaccessible', () => {
    assert.equal(ev('self.spec.x__dash__dashed'), 'd');
    assert.equal(ev('self.spec.a__dot__b__slash__c'), 'abc');
    assert.equal(ev('self.spec.has__underscores__two'), 'u');
    assert.equal(ev('self.spec.__namespace__'), 'ns');
    assert.throws(() => env.compile('self.spec.bad'), /undefined field 'bad'/);
  });
  test('maps and lists', () => {
    assert.equal(ev(`self.metadata.labels['app']`), 'web');
    assert.equal(ev(`'a' in self.spec.tags`), true);
    assert.equal(env.compile('self.metadata.labels').outputType, 'map(string, string)');
  });
  test('type errors at compile time use upstream wording', () => {
    assert.throws(() => env.compile('self.spec.replicas + "x"'),
      /ERROR: <input>:1:20: found no matching overload for '_\+_' applied to '\(int, string\)'/);
    assert.throws(() => env.compile('self.spec.nope'), /undefined field 'nope'/);
    assert.throws(() => env.compile('other'), /undeclared reference to 'other' \(in container ''\)/);
  });
  test('unset fields: has() is false and access is an error', () => {
    const e2 = env.compile('has(self.spec.ratio)');
    assert.equal(e2.evaluate(env.activation({self: {spec: {replicas: 1}}})).value, false);
    assert.throws(() => env.compile('self.spec.ratio').evaluate(env.activation({self: {spec: {replicas: 1}}})), /no such key: ratio/);
  });
  test('resource roots always expose apiVersion, kind and metadata.name', () => {
    const root = envFor({type: 'object', properties: {spec: {type: 'object'}}}, true);
    const p = root.compile(`self.kind + '/' + self.metadata.name`);
    assert.equal(p.evaluate(root.activation({self: {kind: 'Foo', metadata: {name: 'x'}}})).value, 'Foo/x');
  });
  test('object equality', () => {
    assert.equal(ev('self.metadata == self.metadata'), true);
  });
});

describe('property name escaping', () => {
  test('escape', () => {
    assert.equal(escapePropertyName('foo'), 'foo');
    assert.equal(escapePropertyName('foo-bar'), 'foo__dash__bar');
    assert.equal(escapePropertyName('a.b'), 'a__dot__b');
    assert.equal(escapePropertyName('a/b'), 'a__slash__b');
    assert.equal(escapePropertyName('a__b'), 'a__underscores__b');
    assert.equal(escapePropertyName('namespace'), '__namespace__');
    assert.equal(escapePropertyName('true'), '__true__');
    assert.equal(escapePropertyName('1a'), undefined);
    assert.equal(escapePropertyName('a b'), undefined);
    assert.equal(escapePropertyName(''), undefined);
  });
  test('unescape', () => {
    assert.equal(unescapePropertyName('foo__dash__bar'), 'foo-bar');
    assert.equal(unescapePropertyName('__namespace__'), 'namespace');
    assert.equal(unescapePropertyName('x__namespace__'), undefined);
    assert.equal(unescapePropertyName('a__bogus__b'), undefined);
  });
});
