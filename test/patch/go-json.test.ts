import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GoJsonSyntaxError, goEncode, parseGoJson, rawToJs } from '../../src/patch/go-json.js';
import { goFormatS, goFormatV } from '../../src/patch/go-format.js';
import { sliceStable } from '../../src/patch/go-sort.js';

// Go's encoding/json scanner messages for malformed input.
const syntaxErrors: Array<[string, string]> = [
  ['', 'unexpected end of JSON input'],
  ['   ', 'unexpected end of JSON input'],
  ['{', 'unexpected end of JSON input'],
  ['[1', 'unexpected end of JSON input'],
  ['"abc', 'unexpected end of JSON input'],
  ['-', "invalid character ' ' in numeric literal"],
  ['-x', "invalid character 'x' in numeric literal"],
  ['1.', "invalid character ' ' after decimal point in numeric literal"],
  ['1.e3', "invalid character 'e' after decimal point in numeric literal"],
  ['1e', "invalid character ' ' in exponent of numeric literal"],
  ['1e+x', "invalid character 'x' in exponent of numeric literal"],
  ['01', "invalid character '1' after top-level value"],
  ['tru', "invalid character ' ' in literal true (expecting 'e')"],
  ['trUe', "invalid character 'U' in literal true (expecting 'u')"],
  ['nul', "invalid character ' ' in literal null (expecting 'l')"],
  ['fals3', "invalid character '3' in literal false (expecting 'e')"],
  ['x', "invalid character 'x' looking for beginning of value"],
  ["'a'", "invalid character '\\'' looking for beginning of value"],
  ['{"a" 1}', "invalid character '1' after object key"],
  ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
  ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
  ['{a:1}', "invalid character 'a' looking for beginning of object key string"],
  ['[1 2]', "invalid character '2' after array element"],
  ['[1,]', "invalid character ']' looking for beginning of value"],
  ['{} {}', "invalid character '{' after top-level value"],
  ['"\\x"', "invalid character 'x' in string escape code"],
  ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
  ['"a\tb"', "invalid character '\\t' in string literal"],
  ['"a\u0001b"', "invalid character '\\x01' in string literal"],
  ['é', "invalid character 'Ã' looking for beginning of value"],
  ['\u00a0', "invalid character 'Â' looking for beginning of value"],
];

for (const [input, message] of syntaxErrors) {
  test(`go json syntax error for ${JSON.stringify(input)}`, () => {
    assert.throws(() => parseGoJson(input), (e: unknown) => e instanceof GoJsonSyntaxError && e.message === message);
  });
}

test('go json: nesting beyond 10000 levels is refused', () => {
  assert.throws(() => parseGoJson('['.repeat(10001) + ']'.repeat(10001)), { message: "invalid character '[' exceeded max depth" });
  assert.equal(parseGoJson('['.repeat(10000) + ']'.repeat(10000)).t, 'array');
});

test('go json: values, escapes, surrogates, raw scalar text', () => {
  const node = parseGoJson(' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\ud83d\\ude00\\ud800z\\n"], "__proto__": {"p": 1}} ');
  const v = rawToJs(node) as Record<string, unknown>;
  assert.deepEqual(v['a'], [1, -2500, true, false, null, 'xé😀\ufffdz\n']);
  assert.ok(Object.prototype.hasOwnProperty.call(v, '__proto__'));
  assert.deepEqual(Object.getPrototypeOf(v), Object.prototype);
  assert.equal(node.t, 'object');
  if (node.t === 'object') {
    const arr = node.entries[0]![1];
    assert.equal(arr.t === 'array' && arr.items[1]!.t === 'number' ? arr.items[1].raw : '', '-2.5e3');
  }
});

test('go json: encoding escapes HTML like encoding/json', () => {
  assert.equal(goEncode({ b: 'a<b>&c', a: [1, 1.5, null] }), '{"a":[1,1.5,null],"b":"a\\u003cb\\u003e\\u0026c"}');
});

test('go fmt: %v and %s renderings', () => {
  assert.equal(goFormatV({ name: 'a', b: [1, 'x', null], c: { z: true } }), 'map[b:[1 x <nil>] c:map[z:true] name:a]');
  assert.equal(goFormatV(1.5), '1.5');
  assert.equal(goFormatV(1234567.5), '1.2345675e+06');
  assert.equal(goFormatV(0.00001), '1e-05');
  assert.equal(goFormatS('x'), 'x');
  assert.equal(goFormatS(5), '%!s(int64=5)');
  assert.equal(goFormatS(true), '%!s(bool=true)');
  assert.equal(goFormatS(null), '%!s(<nil>)');
});

test('go sort: SliceStable keeps equal elements in order, sorts long inputs', () => {
  const items = Array.from({ length: 57 }, (_, i) => ({ k: (i * 7) % 5, i }));
  sliceStable(items, (a, b) => a.k < b.k);
  for (let j = 1; j < items.length; j++) {
    const a = items[j - 1]!;
    const b = items[j]!;
    assert.ok(a.k < b.k || (a.k === b.k && a.i < b.i), `order at ${j}`);
  }
});
