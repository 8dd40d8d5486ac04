import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS } from '../../src/patch/json-patch.js';
import type { FieldValidation } from '../../src/patch/body.js';
import { UNPROCESSABLE, expectStatusError, frozen, type ExpectedError } from './support.js';
import { ApiserverPanic } from '../../src/patch/errors.js';

interface Scenario {
  name: string;
  doc: unknown;
  /** Raw patch body text. */
  patch: string;
  want?: unknown;
  error?: ExpectedError;
  fieldValidation?: FieldValidation;
  strictErrors?: string[];
}

const scenarios: Scenario[] = [
  // ---- RFC 6902 appendix A ----
  { name: 'A.1 add an object member', doc: { foo: 'bar' }, patch: '[{"op":"add","path":"/baz","value":"qux"}]', want: { foo: 'bar', baz: 'qux' } },
  { name: 'A.2 add an array element', doc: { foo: ['bar', 'baz'] }, patch: '[{"op":"add","path":"/foo/1","value":"qux"}]', want: { foo: ['bar', 'qux', 'baz'] } },
  { name: 'A.3 remove an object member', doc: { baz: 'qux', foo: 'bar' }, patch: '[{"op":"remove","path":"/baz"}]', want: { foo: 'bar' } },
  { name: 'A.4 remove an array element', doc: { foo: ['bar', 'qux', 'baz'] }, patch: '[{"op":"remove","path":"/foo/1"}]', want: { foo: ['bar', 'baz'] } },
  { name: 'A.5 replace a value', doc: { baz: 'qux', foo: 'bar' }, patch: '[{"op":"replace","path":"/baz","value":"boo"}]', want: { baz: 'boo', foo: 'bar' } },
  {
    name: 'A.6 move a value',
    doc: { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    patch: '[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]',
    want: { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  },
  {
    name: 'A.7 move an array element',
    doc: { foo: ['all', 'grass', 'cows', 'eat'] },
    patch: '[{"op":"move","from":"/foo/1","path":"/foo/3"}]',
    want: { foo: ['all', 'cows', 'eat', 'grass'] },
  },
  {
    name: 'A.8 testing a value: success',
    doc: { baz: 'qux', foo: ['a', 2, 'c'] },
    patch: '[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]',
    want: { baz: 'qux', foo: ['a', 2, 'c'] },
  },
  { name: 'A.9 testing a value: error', doc: { baz: 'qux' }, patch: '[{"op":"test","path":"/baz","value":"bar"}]', error: UNPROCESSABLE },
  {
    name: 'A.10 adding a nested member object',
    doc: { foo: 'bar' },
    patch: '[{"op":"add","path":"/child","value":{"grandchild":{}}}]',
    want: { foo: 'bar', child: { grandchild: {} } },
  },
  {
    name: 'A.11 ignoring unrecognized elements (reported as a strict error)',
    doc: { foo: 'bar' },
    patch: '[{"op":"add","path":"/baz","value":"qux","xyz":123}]',
    want: { foo: 'bar', baz: 'qux' },
    strictErrors: ['json patch unknown field "[0].xyz"'],
  },
  { name: 'A.12 adding to a nonexistent target', doc: { foo: 'bar' }, patch: '[{"op":"add","path":"/baz/bat","value":"qux"}]', error: UNPROCESSABLE },
  {
    name: 'A.13 duplicate op member: the last one wins (remove of a missing key fails)',
    doc: { foo: 'bar' },
    patch: '[{"op":"add","path":"/baz","value":"qux","op":"remove"}]',
    error: UNPROCESSABLE,
  },
  { name: 'A.14 ~ escape ordering', doc: { '/': 9, '~1': 10 }, patch: '[{"op":"test","path":"/~01","value":10}]', want: { '/': 9, '~1': 10 } },
  { name: 'A.15 comparing strings and numbers', doc: { '/': 9, '~1': 10 }, patch: '[{"op":"test","path":"/~01","value":"10"}]', error: UNPROCESSABLE },
  { name: 'A.16 adding an array value', doc: { foo: ['bar'] }, patch: '[{"op":"add","path":"/foo/-","value":["abc","def"]}]', want: { foo: ['bar', ['abc', 'def']] } },

  // ---- evanphx/json-patch v4 behaviour the apiserver inherits ----
  { name: 'replace of a missing object key adds it', doc: { a: 1 }, patch: '[{"op":"replace","path":"/b","value":2}]', want: { a: 1, b: 2 } },
  { name: 'replace of an index past the end fails', doc: { foo: ['bar', 'baz'] }, patch: '[{"op":"replace","path":"/foo/2","value":"bum"}]', error: UNPROCESSABLE },
  { name: 'copy from a missing key copies null', doc: { a: 1 }, patch: '[{"op":"copy","from":"/x","path":"/b"}]', want: { a: 1, b: null } },
  { name: 'copy deep-copies', doc: { a: { x: [1] } }, patch: '[{"op":"copy","from":"/a","path":"/b"},{"op":"add","path":"/b/x/-","value":2}]', want: { a: { x: [1] }, b: { x: [1, 2] } } },
  { name: 'move from a missing key fails', doc: { a: { b: { d: 1 } } }, patch: '[{"op":"move","from":"/a/b/c","path":"/a/b/e"}]', error: UNPROCESSABLE },
  { name: 'move into an index past the end fails', doc: { foo: ['all', 'grass', 'cows', 'eat'] }, patch: '[{"op":"move","from":"/foo/1","path":"/foo/4"}]', error: UNPROCESSABLE },
  { name: 'remove of a missing key fails', doc: { a: { b: { d: 1 } } }, patch: '[{"op":"remove","path":"/a/b/c"}]', error: UNPROCESSABLE },
  { name: 'remove of a key holding null succeeds', doc: { foo: 'bar', qux: { baz: 1, bar: null } }, patch: '[{"op":"remove","path":"/qux/bar"}]', want: { foo: 'bar', qux: { baz: 1 } } },
  { name: 'remove past the end fails', doc: { a: { b: [1] } }, patch: '[{"op":"remove","path":"/a/b/1"}]', error: UNPROCESSABLE },
  { name: 'remove with "-" fails', doc: { foo: [] }, patch: '[{"op":"remove","path":"/foo/-"}]', error: UNPROCESSABLE },
  { name: 'negative index removes from the end', doc: { foo: [1, 2, 3] }, patch: '[{"op":"remove","path":"/foo/-1"}]', want: { foo: [1, 2] } },
  { name: 'negative index past the start fails on remove', doc: { foo: ['bar'] }, patch: '[{"op":"remove","path":"/foo/-2"}]', error: UNPROCESSABLE },
  { name: 'negative index on add counts from the new end', doc: { foo: [1, 2] }, patch: '[{"op":"add","path":"/foo/-1","value":3}]', want: { foo: [1, 2, 3] } },
  { name: 'add at -len-1 inserts first', doc: { foo: [1, 2] }, patch: '[{"op":"add","path":"/foo/-3","value":0}]', want: { foo: [0, 1, 2] } },
  { name: 'add below -len-1 fails', doc: { foo: ['bar', 'baz'] }, patch: '[{"op":"add","path":"/foo/-4","value":"bum"}]', error: UNPROCESSABLE },
  { name: 'add past the end fails', doc: { foo: ['bar'] }, patch: '[{"op":"add","path":"/foo/2","value":"bum"}]', error: UNPROCESSABLE },
  { name: 'add at len appends', doc: { foo: ['bar'] }, patch: '[{"op":"add","path":"/foo/1","value":"bum"}]', want: { foo: ['bar', 'bum'] } },
  { name: 'array index with a + sign and leading zeros', doc: { foo: ['a', 'b', 'c'] }, patch: '[{"op":"replace","path":"/foo/+01","value":"x"}]', want: { foo: ['a', 'x', 'c'] } },
  { name: 'add without a value adds null', doc: { a: 1 }, patch: '[{"op":"add","path":"/b"}]', want: { a: 1, b: null } },
  { name: 'add at the root path fails', doc: { foo: 'bar' }, patch: '[{"op":"add","path":"","value":"qux"}]', error: UNPROCESSABLE },
  { name: 'add to a missing parent fails', doc: { foo: 'bar' }, patch: '[{"op":"add","path":"/baz/bat","value":"qux"}]', error: UNPROCESSABLE },
  { name: 'path through a scalar fails', doc: { name: { foo: 'bat', qux: 'bum' } }, patch: '[{"op":"replace","path":"/foo/bar","value":"baz"}]', error: UNPROCESSABLE },
  { name: 'a path without a leading slash addresses its last token at the root', doc: { a: {} }, patch: '[{"op":"add","path":"a/b","value":1}]', want: { a: {}, b: 1 } },
  { name: 'a path with no slash at all fails', doc: { a: 1 }, patch: '[{"op":"add","path":"b","value":1}]', error: UNPROCESSABLE },
  { name: 'replace the root with an object', doc: { a: 1 }, patch: '[{"op":"replace","path":"","value":{"b":2}}]', want: { b: 2 } },
  { name: 'replace the root with a scalar does nothing', doc: { a: 1 }, patch: '[{"op":"replace","path":"","value":"x"}]', want: { a: 1 } },
  { name: 'test the root', doc: { a: 1, b: [true] }, patch: '[{"op":"test","path":"","value":{"b":[true],"a":1}}]', want: { a: 1, b: [true] } },
  { name: 'test the root with extra keys fails', doc: { a: 1 }, patch: '[{"op":"test","path":"","value":{"a":1,"b":2}}]', error: UNPROCESSABLE },
  { name: 'test null against a missing key passes', doc: { baz: 'qux' }, patch: '[{"op":"test","path":"/foo","value":null}]', want: { baz: 'qux' } },
  { name: 'test null against a null key passes', doc: { foo: null }, patch: '[{"op":"test","path":"/foo","value":null}]', want: { foo: null } },
  { name: 'test null against an object fails', doc: { foo: {} }, patch: '[{"op":"test","path":"/foo","value":null}]', error: UNPROCESSABLE },
  { name: 'test without a value fails', doc: { foo: [] }, patch: '[{"op":"test","path":"/foo"}]', error: UNPROCESSABLE },
  { name: 'test of a missing key with a value fails', doc: { baz: 'qux' }, patch: '[{"op":"test","path":"/foo","value":42}]', error: UNPROCESSABLE },
  { name: 'test compares objects ignoring key order', doc: { o: { a: 1, b: 'x' } }, patch: '[{"op":"test","path":"/o","value":{"b":"x","a":1}}]', want: { o: { a: 1, b: 'x' } } },
  { name: 'test compares arrays in order', doc: { l: ['foo', 'bar'] }, patch: '[{"op":"test","path":"/l","value":["bar","foo"]}]', error: UNPROCESSABLE },
  { name: 'test: numbers compare by text (1 is not 1.0)', doc: { a: 1 }, patch: '[{"op":"test","path":"/a","value":1.0}]', error: UNPROCESSABLE },
  { name: 'test: the document side is HTML-escaped as Go encodes it', doc: { a: 'x<y' }, patch: '[{"op":"test","path":"/a","value":"x<y"}]', error: UNPROCESSABLE },
  { name: 'test: an escaped patch string matches Go\'s encoding', doc: { a: 'x<y' }, patch: '[{"op":"test","path":"/a","value":"x\\u003cy"}]', want: { a: 'x<y' } },
  { name: 'unknown op', doc: { a: 1 }, patch: '[{"op":"frobnicate","path":"/a"}]', error: UNPROCESSABLE },
  { name: 'missing op (strict decode accepts it, apply fails)', doc: { a: 1 }, patch: '[{"path":"/a"}]', error: UNPROCESSABLE },
  { name: 'null operation', doc: { a: 1 }, patch: '[null]', error: UNPROCESSABLE },
  { name: 'null patch is no operation', doc: { a: 1 }, patch: 'null', want: { a: 1 } },
  { name: 'empty patch', doc: { a: 1 }, patch: '[]', want: { a: 1 } },
  { name: 'escaped keys', doc: { 'a/b': { 'c~d': 1 } }, patch: '[{"op":"replace","path":"/a~1b/c~0d","value":2}]', want: { 'a/b': { 'c~d': 2 } } },
  {
    name: 'kubectl-style label edit',
    doc: { metadata: { name: 'x', labels: { app: 'a' } } },
    patch: '[{"op":"test","path":"/metadata/labels/app","value":"a"},{"op":"replace","path":"/metadata/labels/app","value":"b"},{"op":"add","path":"/metadata/labels/tier","value":"web"}]',
    want: { metadata: { name: 'x', labels: { app: 'b', tier: 'web' } } },
  },

  // ---- decoding failures ----
  {
    name: 'not an array (strict decoding)',
    doc: {},
    patch: '{"op":"add"}',
    error: { code: 400, reason: 'BadRequest', message: 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp' },
  },
  {
    name: 'not an array (fieldValidation=Ignore)',
    doc: {},
    patch: '{"op":"add"}',
    fieldValidation: 'Ignore',
    error: { code: 400, reason: 'BadRequest', message: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' },
  },
  {
    name: 'element not an object (strict)',
    doc: {},
    patch: '["add"]',
    error: { code: 400, message: 'error decoding patch: json: cannot unmarshal string into Go value of type handlers.jsonPatchOp' },
  },
  {
    name: 'element not an object (Ignore)',
    doc: {},
    patch: '[1]',
    fieldValidation: 'Ignore',
    error: { code: 400, message: 'json: cannot unmarshal number into Go value of type jsonpatch.Operation' },
  },
  {
    name: 'op of the wrong type (strict)',
    doc: {},
    patch: '[{"op":1,"path":"/a"}]',
    error: { code: 400, message: 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string' },
  },
  { name: 'op of the wrong type (Ignore) fails at apply', doc: {}, patch: '[{"op":1,"path":"/a"}]', fieldValidation: 'Ignore', error: UNPROCESSABLE },
  { name: 'path of the wrong type (Warn)', doc: {}, patch: '[{"op":"add","path":{}}]', fieldValidation: 'Warn', error: { code: 400, message: 'error decoding patch: json: cannot unmarshal object into Go struct field jsonPatchOp.path of type string' } },
  { name: 'syntax error (strict)', doc: {}, patch: '[{"op":"add",}]', error: { code: 400, reason: 'BadRequest', message: "error decoding patch: invalid character '}' looking for beginning of object key string" } },
  { name: 'syntax error (Ignore)', doc: {}, patch: '[{"op" "add"}]', fieldValidation: 'Ignore', error: { code: 400, message: "invalid character '\"' after object key" } },
  { name: 'empty body', doc: {}, patch: '', error: { code: 400, message: 'error decoding patch: unexpected end of JSON input' } },

  // ---- strict decoding errors (upstream's field validation test) ----
  {
    name: 'unknown and duplicate operation fields',
    doc: { spec: {} },
    patch: `[
      {"op": "add", "path": "/spec/unknown1", "value": "val1", "foo":"bar"},
      {"op": "add", "path": "/spec/unknown2", "path": "/spec/unknown3", "value": "val1"},
      {"op": "add", "path": "/spec/v", "value": {"k": 1, "k": 2}}
    ]`,
    want: { spec: { unknown1: 'val1', unknown3: 'val1', v: { k: 2 } } },
    strictErrors: ['json patch unknown field "[0].foo"', 'json patch duplicate field "[1].path"', 'json patch duplicate field "[2].value.k"'],
  },
  {
    name: 'strict errors are not collected with fieldValidation=Ignore',
    doc: {},
    patch: '[{"op":"add","path":"/a","value":1,"extra":true}]',
    fieldValidation: 'Ignore',
    want: { a: 1 },
    strictErrors: [],
  },
];

for (const s of scenarios) {
  test(`json patch: ${s.name}`, () => {
    const doc = frozen(s.doc);
    const opts = s.fieldValidation ? { fieldValidation: s.fieldValidation } : {};
    if (s.error) {
      expectStatusError(() => applyJsonPatch(doc, s.patch, opts), s.error);
      return;
    }
    const out = applyJsonPatch(doc, s.patch, opts);
    assert.deepEqual(out.object, s.want);
    assert.deepEqual(out.strictErrors, s.strictErrors ?? []);
  });
}

test('json patch: atomic — a failing later operation leaves no trace', () => {
  const doc = { a: 1, list: [1, 2] };
  expectStatusError(
    () => applyJsonPatch(doc, '[{"op":"add","path":"/b","value":2},{"op":"remove","path":"/list/0"},{"op":"test","path":"/a","value":999}]'),
    UNPROCESSABLE,
  );
  assert.deepEqual(doc, { a: 1, list: [1, 2] });
});

test('json patch: too many operations gives 413', () => {
  const ops = Array.from({ length: MAX_JSON_PATCH_OPERATIONS + 1 }, () => ({ op: 'test', path: '/a', value: 1 }));
  expectStatusError(() => applyJsonPatch({ a: 1 }, JSON.stringify(ops)), {
    code: 413,
    reason: 'RequestEntityTooLarge',
    message: 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001',
  });
  const exactly = JSON.stringify(ops.slice(0, MAX_JSON_PATCH_OPERATIONS));
  assert.deepEqual(applyJsonPatch({ a: 1 }, exactly).object, { a: 1 });
});

test('json patch: accumulated copy size limit', () => {
  // Each copy adds the encoded value: 50 bytes ("\"" + 48 A + "\"").
  const a48 = 'A'.repeat(48);
  const doc = { foo: ['A', a48] };
  const patch = '[{"op":"copy","path":"/foo/-","from":"/foo/1"},{"op":"copy","path":"/foo/-","from":"/foo/1"}]';
  assert.deepEqual(applyJsonPatch(doc, patch, { accumulatedCopySizeLimit: 100 }).object, { foo: ['A', a48, a48, a48] });
  const a49 = 'A'.repeat(49);
  expectStatusError(() => applyJsonPatch({ foo: ['A', a49] }, patch, { accumulatedCopySizeLimit: 100 }), UNPROCESSABLE);
});

test('json patch: doubling copies hit the default 3 MiB limit', () => {
  const doc = { a: 'x'.repeat(1024) };
  const ops: unknown[] = [{ op: 'add', path: '/b', value: [] }];
  for (let i = 0; i < 12; i++) ops.push({ op: 'copy', from: '/a', path: `/a${i}` }, { op: 'copy', from: '/b', path: '/b/-' });
  // Copying a list into itself doubles it: 13 such copies of a 1 KB list exceed 3 MiB.
  const grow: unknown[] = [{ op: 'add', path: '/l', value: ['x'.repeat(1000)] }];
  for (let i = 0; i < 13; i++) grow.push({ op: 'copy', from: '/l', path: '/l/-' });
  expectStatusError(() => applyJsonPatch(doc, JSON.stringify(grow)), UNPROCESSABLE);
  assert.ok(applyJsonPatch(doc, JSON.stringify(ops)));
});

test('json patch: an already-decoded body is accepted', () => {
  const out = applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '/a', value: 2 }]);
  assert.deepEqual(out.object, { a: 2 });
  expectStatusError(() => applyJsonPatch({ a: 1 }, { op: 'add' }), {
    code: 400,
    message: 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp',
  });
});

test('json patch: inputs that make upstream panic answer like its panic recovery', () => {
  const panics: Array<[unknown, string]> = [
    [{ a: 1 }, '[{"op":"test","path":"/missing"}]'],
    [{ a: 1 }, '[{"op":"test","path":""}]'],
    [{ a: 1 }, '[{"op":"replace","path":""}]'],
    [{ l: [1, null] }, '[{"op":"test","path":"/l","value":[1,null]}]'],
  ];
  for (const [doc, patch] of panics) {
    const err = expectStatusError(() => applyJsonPatch(doc, patch), {
      code: 500,
      message: 'This request caused apiserver to panic. Look in the logs for details.',
    });
    assert.ok(err instanceof ApiserverPanic, patch);
    assert.equal(err.plainTextBody, 'This request caused apiserver to panic. Look in the logs for details.\n');
  }
  // A mismatch before the null element is an ordinary failed test.
  expectStatusError(() => applyJsonPatch({ l: [1, null] }, '[{"op":"test","path":"/l","value":[2,null]}]'), UNPROCESSABLE);
});
