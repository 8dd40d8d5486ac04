import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ContinueTokenError, decodeContinue, encodeContinue, goPathClean } from '../../src/apimachinery/continue.js';

/** What Go's base64.RawURLEncoding of the given JSON text gives. */
const tokenOf = (json: string): string => Buffer.from(json, 'utf8').toString('base64url');
const token = (v: string, rv: number, start: string): string => tokenOf(JSON.stringify({ v, rv, start }));

function decodeError(t: string, prefix = '/test/'): string {
  try {
    decodeContinue(t, prefix);
  } catch (e) {
    assert.ok(e instanceof ContinueTokenError);
    return e.message;
  }
  assert.fail(`expected ${t} not to decode`);
}

test('encode: base64url without padding of the JSON, key relative to the prefix', () => {
  const t = encodeContinue('/test/key', '/test/', 1);
  assert.equal(t, 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MSwic3RhcnQiOiJrZXkifQ');
  assert.equal(Buffer.from(t, 'base64').toString(), '{"v":"meta.k8s.io/v1","rv":1,"start":"key"}');
  assert.ok(!t.includes('='));
  // The key after the last item is that key plus a NUL, which json.Marshal writes as \u0000.
  assert.equal(Buffer.from(encodeContinue('/registry/pods/ns/a\u0000', '/registry/pods/', 7), 'base64url').toString(), '{"v":"meta.k8s.io/v1","rv":7,"start":"ns/a\\u0000"}');
  // json.Marshal escapes HTML characters.
  assert.equal(Buffer.from(encodeContinue('/p/<a&b>', '/p/', 2), 'base64url').toString(), '{"v":"meta.k8s.io/v1","rv":2,"start":"\\u003ca\\u0026b\\u003e"}');
  assert.throws(() => encodeContinue('/other/key', '/test/', 1), { message: 'unable to encode next field: the key and key prefix do not match /test/ /other/key' });
});

test('decode round-trips and resolves against the prefix', () => {
  assert.deepEqual(decodeContinue(encodeContinue('/registry/configmaps/default/b\u0000', '/registry/configmaps/', 42), '/registry/configmaps/'), {
    key: '/registry/configmaps/default/b\u0000',
    resourceVersion: 42,
  });
  assert.deepEqual(decodeContinue(token('meta.k8s.io/v1', 1, 'key'), '/test/'), { key: '/test/key', resourceVersion: 1 });
  assert.deepEqual(decodeContinue(token('meta.k8s.io/v1', 1, '/'), '/test/'), { key: '/test/', resourceVersion: 1 });
  assert.deepEqual(decodeContinue(token('meta.k8s.io/v1', -1, 'key'), '/test/'), { key: '/test/key', resourceVersion: -1 });
  // encoding/json matches field names case-insensitively.
  assert.deepEqual(decodeContinue(tokenOf('{"V":"meta.k8s.io/v1","RV":3,"Start":"x","extra":[1,{"a":null}]}'), '/p/'), { key: '/p/x', resourceVersion: 3 });
  // Newlines inside base64 are skipped by Go's decoder.
  const t = token('meta.k8s.io/v1', 5, 'k');
  assert.deepEqual(decodeContinue(t.slice(0, 4) + '\n' + t.slice(4), '/p/'), { key: '/p/k', resourceVersion: 5 });
});

test('upstream sentinel errors', () => {
  assert.equal(decodeError(token('', 1, 'key')), 'continue key is not valid: server does not recognize this encoded version ');
  assert.equal(decodeError(token('v1', 1, 'key')), 'continue key is not valid: server does not recognize this encoded version v1');
  assert.equal(decodeError(token('meta.k8s.io/v1', 0, 'key')), 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, '')), 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
});

test('path traversal is refused', () => {
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, '../key')), 'continue key is not valid: ../key');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, './key')), 'continue key is not valid: ./key');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, './../key')), 'continue key is not valid: ./../key');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, 'key/../..')), 'continue key is not valid: key/../..');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, 'ns/')), 'continue key is not valid: ns/');
  assert.equal(decodeError(token('meta.k8s.io/v1', 1, 'a//b')), 'continue key is not valid: a//b');
});

test('base64 errors carry the input byte offset', () => {
  assert.equal(decodeError('a'), 'continue key is not valid: illegal base64 data at input byte 0');
  assert.equal(decodeError('abcde'), 'continue key is not valid: illegal base64 data at input byte 4');
  assert.equal(decodeError('abc='), 'continue key is not valid: illegal base64 data at input byte 3');
  assert.equal(decodeError('ab+c'), 'continue key is not valid: illegal base64 data at input byte 2');
  assert.equal(decodeError('é'), 'continue key is not valid: illegal base64 data at input byte 0');
});

test('JSON errors are encoding/json messages', () => {
  // "foo" decodes to the bytes 7e 8a.
  assert.equal(decodeError('foo'), "continue key is not valid: invalid character '~' looking for beginning of value");
  assert.equal(decodeError(tokenOf('')), 'continue key is not valid: unexpected end of JSON input');
  assert.equal(decodeError(tokenOf('{"v":')), 'continue key is not valid: unexpected end of JSON input');
  assert.equal(decodeError(tokenOf('{"a" 1}')), "continue key is not valid: invalid character '1' after object key");
  assert.equal(decodeError(tokenOf('{"a":1 "b":2}')), "continue key is not valid: invalid character '\"' after object key:value pair");
  assert.equal(decodeError(tokenOf('{1:2}')), "continue key is not valid: invalid character '1' looking for beginning of object key string");
  assert.equal(decodeError(tokenOf('[1 2]')), "continue key is not valid: invalid character '2' after array element");
  assert.equal(decodeError(tokenOf('{"a":tru}')), "continue key is not valid: invalid character '}' in literal true (expecting 'e')");
  assert.equal(decodeError(tokenOf('{"a":nul}')), "continue key is not valid: invalid character '}' in literal null (expecting 'l')");
  assert.equal(decodeError(tokenOf('{"a":-x}')), "continue key is not valid: invalid character 'x' in numeric literal");
  assert.equal(decodeError(tokenOf('{"a":1.}')), "continue key is not valid: invalid character '}' after decimal point in numeric literal");
  assert.equal(decodeError(tokenOf('{"a":1e}')), "continue key is not valid: invalid character '}' in exponent of numeric literal");
  assert.equal(decodeError(tokenOf('{"a":"\\q"}')), "continue key is not valid: invalid character 'q' in string escape code");
  assert.equal(decodeError(tokenOf('{"a":"\\u12g4"}')), "continue key is not valid: invalid character 'g' in \\u hexadecimal character escape");
  assert.equal(decodeError(tokenOf('{"a":"\n"}')), "continue key is not valid: invalid character '\\n' in string literal");
  assert.equal(decodeError(tokenOf("{}'")), "continue key is not valid: invalid character '\\'' after top-level value");
});

test('type errors are encoding/json UnmarshalTypeErrors', () => {
  assert.equal(decodeError(tokenOf('[1]')), 'continue key is not valid: json: cannot unmarshal array into Go value of type storage.continueToken');
  assert.equal(decodeError(tokenOf('"x"')), 'continue key is not valid: json: cannot unmarshal string into Go value of type storage.continueToken');
  assert.equal(decodeError(tokenOf('{"v":1,"rv":1,"start":"a"}')), 'continue key is not valid: json: cannot unmarshal number into Go struct field continueToken.v of type string');
  assert.equal(decodeError(tokenOf('{"v":"meta.k8s.io/v1","rv":"1","start":"a"}')), 'continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64');
  assert.equal(decodeError(tokenOf('{"v":"meta.k8s.io/v1","rv":1.5,"start":"a"}')), 'continue key is not valid: json: cannot unmarshal number 1.5 into Go struct field continueToken.rv of type int64');
  assert.equal(
    decodeError(tokenOf('{"v":"meta.k8s.io/v1","rv":9223372036854775808,"start":"a"}')),
    'continue key is not valid: json: cannot unmarshal number 9223372036854775808 into Go struct field continueToken.rv of type int64',
  );
  assert.equal(decodeError(tokenOf('{"v":"meta.k8s.io/v1","rv":1,"start":{}}')), 'continue key is not valid: json: cannot unmarshal object into Go struct field continueToken.start of type string');
  // null leaves the zero value, so the version check fails next.
  assert.equal(decodeError(tokenOf('null')), 'continue key is not valid: server does not recognize this encoded version ');
});

test('path.Clean port', () => {
  const cases: [string, string][] = [
    ['', '.'],
    ['/', '/'],
    ['/a/b', '/a/b'],
    ['/a//b/', '/a/b'],
    ['/a/./b', '/a/b'],
    ['/a/../b', '/b'],
    ['/../a', '/a'],
    ['a/../../b', '../b'],
    ['a/b/..', 'a'],
    ['./', '.'],
  ];
  for (const [input, want] of cases) assert.equal(goPathClean(input), want, input);
});
