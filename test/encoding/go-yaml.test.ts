// YAML as kube-apiserver writes it (sigs.k8s.io/yaml JSONToYAML over go-yaml v2). The byte
// comparison with a real kube-apiserver is in test/integration/negotiation-differential; these
// pin the rules (go.yaml.in/yaml/v2 resolve.go, sorter.go, emitterc.go) and check that any
// JSON value reads back unchanged.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { naturalCompare, toGoYaml } from '../../src/encoding/go-yaml.js';

test('go-yaml: strings that would read back as another type are double-quoted (YAML 1.1 resolve)', () => {
  for (const s of ['', 'true', 'Yes', 'off', 'y', 'N', '~', 'null', '123', '-0', '+1', '0x1F', '0o17', '017', '08', '1_000', '0b101', '1e3', '1.', '.5', '.inf', '-.Inf', '1:20', '2001-12-14', '2001-12-14T21:59:43Z']) {
    assert.equal(toGoYaml({ k: s }), `k: "${s}"\n`, s);
  }
  for (const s of ['yesterday', 'n/a', '100m', '1Gi', '1-2', '2001-13-14', '<<', 'a:b', '-a', '--', '?a', '=']) {
    assert.equal(toGoYaml({ k: s }), `k: ${s}\n`, s);
  }
});

test('go-yaml: indicators and edge spaces single-quote, unprintable characters double-quote with escapes', () => {
  assert.equal(toGoYaml({ k: 'a: b' }), "k: 'a: b'\n");
  assert.equal(toGoYaml({ k: "it's #1" }), "k: 'it''s #1'\n");
  assert.equal(toGoYaml({ k: ' a' }), "k: ' a'\n");
  assert.equal(toGoYaml({ k: '-' }), "k: '-'\n");
  assert.equal(toGoYaml({ k: '...' }), "k: '...'\n");
  assert.equal(toGoYaml({ k: 'a\tb' }), 'k: "a\\tb"\n');
  assert.equal(toGoYaml({ k: 'caf\u00e9 \u{1F600}' }), 'k: "caf\u00e9 \\U0001F600"\n');
  assert.equal(toGoYaml({ k: 'trailing \nspace' }), 'k: "trailing \\nspace"\n');
});

test('go-yaml: line breaks make literal blocks with chomping and indentation hints', () => {
  assert.equal(toGoYaml({ k: 'a\nb' }), 'k: |-\n  a\n  b\n');
  assert.equal(toGoYaml({ k: 'a\n' }), 'k: |\n  a\n');
  assert.equal(toGoYaml({ k: 'a\n\n' }), 'k: |+\n  a\n\n');
  assert.equal(toGoYaml({ k: ' lead\nx' }), 'k: |2-\n   lead\n  x\n');
});

test('go-yaml: plain and quoted scalars fold at a space past column 80', () => {
  // A space is a fold point once the column has passed 80: "k: " and 15 words end at column 77,
  // so the 16th word still goes on the first line.
  const words = 'word '.repeat(30).trim();
  assert.equal(toGoYaml({ k: words }), `k: ${'word '.repeat(16).trim()}\n  ${'word '.repeat(14).trim()}\n`);
  assert.equal(toGoYaml({ k: `a: ${words}` }), `k: 'a: ${'word '.repeat(15).trim()}\n  ${'word '.repeat(15).trim()}'\n`);
  assert.equal(toGoYaml({ k: 'x'.repeat(100) }), `k: ${'x'.repeat(100)}\n`, 'no space, no fold');
});

test('go-yaml: keys in natural order, lists in maps not indented, empty collections in flow style', () => {
  // A non-letter, non-digit rune compares as the number 0 against a digit run.
  assert.equal(toGoYaml({ b: 1, a10: 1, a9: 1, A: 1, '1': 1, _x: 1 }), '_x: 1\n"1": 1\nA: 1\na9: 1\na10: 1\nb: 1\n');
  assert.equal(toGoYaml({ list: [{ a: 1, b: [1, 2] }, 'x'], empty: {}, none: [] }), 'empty: {}\nlist:\n- a: 1\n  b:\n  - 1\n  - 2\n- x\nnone: []\n');
  assert.equal(toGoYaml([[1, 2], []]), '- - 1\n  - 2\n- []\n');
  assert.ok(naturalCompare('a2', 'a10') < 0);
  assert.ok(naturalCompare('a', 'ab') < 0);
});

test('go-yaml: numbers as Go formats them, null and booleans plain', () => {
  assert.equal(toGoYaml({ a: 1.5, b: 1e-7, c: 1234567.5, d: 100, e: null, f: false, g: 0.0001 }), 'a: 1.5\nb: 1e-07\nc: 1.2345675e+06\nd: 100\ne: null\nf: false\ng: 0.0001\n');
});

test('go-yaml: a key longer than 128 bytes is written in the explicit form', () => {
  const key = 'k'.repeat(130);
  assert.equal(toGoYaml({ [key]: 'v' }), `? ${key}\n: v\n`);
});

test('go-yaml: an object nested deeper than the emitter can recurse is written as JSON (flow YAML)', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 20_000; i++) deep = { a: deep };
  const out = toGoYaml(deep);
  assert.equal(out, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}\n`);
});

// go-yaml v2's resolve table (gopkg.in/yaml.v2 resolve.go, which sigs.k8s.io/yaml's goyaml.v2
// forks) gives '<' no hint, so it writes the string "<<" plain, as key or value (the test above), and a plain "<<" key reads back as a merge key, in go-yaml
// v2's decoder as in js-yaml: the one JSON key that does not round-trip, upstream included.
test('go-yaml: the key "<<" is written plain, as go-yaml v2 writes it (and reads back as a merge key)', () => {
  assert.equal(toGoYaml([{ '<<': null }]), '- <<: null\n');
  assert.equal(toGoYaml({ a: { '<<': { b: 1 } } }), 'a:\n  <<:\n    b: 1\n');
});

const hasMergeKey = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && (Array.isArray(v) ? v.some(hasMergeKey) : Object.entries(v).some(([k, x]) => k === '<<' || hasMergeKey(x)));

test('go-yaml: any JSON value reads back unchanged', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
      const value = JSON.parse(JSON.stringify(v)) as unknown;
      fc.pre(!hasMergeKey(value));
      assert.deepEqual(yaml.load(toGoYaml({ v: value })), { v: value });
    }),
    { numRuns: 500 },
  );
});
