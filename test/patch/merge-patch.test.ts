import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from '../../src/patch/merge-patch.js';
import type { FieldValidation } from '../../src/patch/body.js';
import { expectStatusError, frozen, type ExpectedError } from './support.js';

interface Scenario {
  name: string;
  doc: unknown;
  patch: string;
  want?: unknown;
  error?: ExpectedError;
  fieldValidation?: FieldValidation;
  strictErrors?: string[];
}

const invalidPatch: ExpectedError = { code: 400, reason: 'BadRequest', message: 'Invalid JSON Patch' };

const scenarios: Scenario[] = [
  // ---- RFC 7386 appendix A (object targets) ----
  { name: 'A: replace a member', doc: { a: 'b' }, patch: '{"a":"c"}', want: { a: 'c' } },
  { name: 'A: add a member', doc: { a: 'b' }, patch: '{"b":"c"}', want: { a: 'b', b: 'c' } },
  { name: 'A: remove the only member', doc: { a: 'b' }, patch: '{"a":null}', want: {} },
  { name: 'A: remove one member', doc: { a: 'b', b: 'c' }, patch: '{"a":null}', want: { b: 'c' } },
  { name: 'A: scalar replaces array', doc: { a: ['b'] }, patch: '{"a":"c"}', want: { a: 'c' } },
  { name: 'A: array replaces scalar', doc: { a: 'c' }, patch: '{"a":["b"]}', want: { a: ['b'] } },
  { name: 'A: nested merge with removal', doc: { a: { b: 'c' } }, patch: '{"a":{"b":"d","c":null}}', want: { a: { b: 'd' } } },
  { name: 'A: array replaced wholesale', doc: { a: [{ b: 'c' }] }, patch: '{"a":[1]}', want: { a: [1] } },
  { name: 'A: null member in target is kept', doc: { e: null }, patch: '{"a":1}', want: { e: null, a: 1 } },
  { name: 'A: nulls below a new member are pruned', doc: {}, patch: '{"a":{"bb":{"ccc":null}}}', want: { a: { bb: {} } } },
  // RFC says null and scalar patches replace the document; upstream refuses them.
  { name: 'A: null patch is refused', doc: { a: 'foo' }, patch: 'null', error: invalidPatch },
  { name: 'A: scalar patch is refused (Ignore)', doc: { a: 'foo' }, patch: '"bar"', fieldValidation: 'Ignore', error: invalidPatch },
  {
    name: 'A: scalar patch is refused (strict decode)',
    doc: { a: 'foo' },
    patch: '"bar"',
    error: { code: 400, message: 'error decoding patch: json: cannot unmarshal string into Go value of type map[string]interface {}' },
  },
  { name: 'A: array patch replaces the document (Ignore only)', doc: { a: 'b' }, patch: '["c",null]', fieldValidation: 'Ignore', want: ['c', null] },
  {
    name: 'array patch with strict decoding',
    doc: { a: 'b' },
    patch: '["c"]',
    fieldValidation: 'Strict',
    error: { code: 400, message: 'error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}' },
  },

  // ---- evanphx/json-patch v4.12 specifics (each checked against kube-apiserver v1.32 on a custom resource) ----
  { name: 'a new array keeps its null elements; their objects lose null members', doc: {}, patch: '{"a":[1,null,{"b":null,"c":2}]}', want: { a: [1, null, { c: 2 }] } },
  { name: 'an array replacing an array keeps its null elements', doc: { a: [1] }, patch: '{"a":[null,2]}', want: { a: [null, 2] } },
  { name: 'a new object below keeps null elements of its arrays', doc: {}, patch: '{"n":{"m":[null,{"k":null}]}}', want: { n: { m: [null, {}] } } },
  { name: 'an array replacing an object keeps its nulls', doc: { a: { x: 1 } }, patch: '{"a":[null,2]}', want: { a: [null, 2] } },
  { name: 'an empty array stays empty', doc: { a: [1] }, patch: '{"a":[]}', want: { a: [] } },
  { name: 'an object replacing a scalar is pruned', doc: { a: 1 }, patch: '{"a":{"x":null,"y":1}}', want: { a: { y: 1 } } },
  { name: 'a member holding null is replaced like a missing one', doc: { a: null }, patch: '{"a":{"x":null,"y":1}}', want: { a: { y: 1 } } },
  { name: 'removing a missing member is harmless', doc: { a: 1 }, patch: '{"b":null}', want: { a: 1 } },
  { name: 'empty patch', doc: { a: 1 }, patch: '{}', want: { a: 1 } },
  {
    name: 'metadata edit as kubectl sends it',
    doc: { metadata: { name: 'x', labels: { app: 'a', old: 'y' }, finalizers: ['f1'] }, spec: { replicas: 1 } },
    patch: '{"metadata":{"labels":{"old":null,"new":"z"},"finalizers":null},"spec":{"replicas":3}}',
    want: { metadata: { name: 'x', labels: { app: 'a', new: 'z' } }, spec: { replicas: 3 } },
  },
  { name: 'managedFields reset request passes through', doc: { metadata: { managedFields: [{ manager: 'm' }] } }, patch: '{"metadata":{"managedFields":[{}]}}', want: { metadata: { managedFields: [{}] } } },

  // ---- decoding failures ----
  { name: 'syntax error (strict)', doc: {}, patch: '{"a":}', error: { code: 400, message: "error decoding patch: invalid character '}' looking for beginning of value" } },
  { name: 'syntax error (Ignore)', doc: {}, patch: '{"a":}', fieldValidation: 'Ignore', error: invalidPatch },
  { name: 'empty body (strict)', doc: {}, patch: '', error: { code: 400, message: 'error decoding patch: unexpected end of JSON input' } },

  // ---- strict decoding errors (upstream's field validation test) ----
  {
    name: 'duplicate fields are reported with their paths',
    doc: { spec: { paused: true, template: { spec: { containers: [{ name: 'nginx' }] } } } },
    patch: `{"spec": {"paused": true, "paused": false,
      "template": {"spec": {"containers": [{"name": "nginx", "imagePullPolicy": "Always", "imagePullPolicy": "Never"}]}}}}`,
    want: { spec: { paused: false, template: { spec: { containers: [{ name: 'nginx', imagePullPolicy: 'Never' }] } } } },
    strictErrors: ['duplicate field "spec.paused"', 'duplicate field "spec.template.spec.containers[0].imagePullPolicy"'],
  },
  { name: 'no strict errors with fieldValidation=Ignore', doc: {}, patch: '{"a":1,"a":2}', fieldValidation: 'Ignore', want: { a: 2 }, strictErrors: [] },
];

for (const s of scenarios) {
  test(`merge patch: ${s.name}`, () => {
    const doc = frozen(s.doc);
    const opts = s.fieldValidation ? { fieldValidation: s.fieldValidation } : {};
    if (s.error) {
      expectStatusError(() => applyMergePatch(doc, s.patch, opts), s.error);
      return;
    }
    const out = applyMergePatch(doc, s.patch, opts);
    assert.deepEqual(out.object, s.want);
    assert.deepEqual(out.strictErrors, s.strictErrors ?? []);
  });
}

test('merge patch: repeated duplicate fields are reported once each', () => {
  const out = applyMergePatch({}, '{"a":1,"a":2,"a":3,"b":{"c":1,"c":2}}');
  assert.deepEqual(out.strictErrors, ['duplicate field "a"', 'duplicate field "b.c"']);
  assert.deepEqual(out.object, { a: 3, b: { c: 2 } });
});

test('merge patch: an already-decoded body is accepted', () => {
  assert.deepEqual(applyMergePatch({ a: 1, b: 2 }, { b: null, c: 3 }).object, { a: 1, c: 3 });
});
