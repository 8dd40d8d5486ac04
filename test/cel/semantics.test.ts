import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {CelCompileError, CelEnvironment, CelMap, Types, formatTimestamp, listSemantics, parseTimestamp, schemaToDeclType, timestampNanos} from '../../src/cel/index.js';
import type {DeclType, OpenAPISchema} from '../../src/cel/index.js';
import {compileError, run, runError} from './helpers.js';

describe('x-kubernetes-list-type set and map lists', () => {
  const schema: OpenAPISchema = {
    type: 'object',
    properties: {
      tags: {type: 'array', items: {type: 'string'}, 'x-kubernetes-list-type': 'set'},
      plain: {type: 'array', items: {type: 'string'}},
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name', 'protocol'],
        items: {type: 'object', properties: {name: {type: 'string'}, protocol: {type: 'string'}, port: {type: 'integer'}}},
      },
      'dash-keyed': {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['the-key'],
        items: {type: 'object', properties: {'the-key': {type: 'string'}, v: {type: 'integer'}}},
      },
    },
  };
  const spec = schemaToDeclType(schema, {name: 'Spec'}) as DeclType;
  const env = new CelEnvironment({variables: {self: spec, old: spec}});
  const self = {
    tags: ['a', 'b', 'c'],
    plain: ['a', 'b', 'c'],
    ports: [
      {name: 'http', protocol: 'TCP', port: 80},
      {name: 'dns', protocol: 'UDP', port: 53},
    ],
    'dash-keyed': [{'the-key': 'x', v: 1}, {'the-key': 'y', v: 2}],
  };
  const old = {
    tags: ['c', 'a', 'b'],
    plain: ['c', 'a', 'b'],
    ports: [
      {name: 'dns', protocol: 'UDP', port: 53},
      {name: 'http', protocol: 'TCP', port: 80},
    ],
    'dash-keyed': [{'the-key': 'y', v: 2}, {'the-key': 'x', v: 1}],
  };
  const ev = (expr: string): unknown => env.compile(expr).evaluate(env.activation({self, old})).value;

  test('the converted values carry the list type', () => {
    const act = env.activation({self, old});
    const s = act.self as Record<string, unknown>;
    assert.deepEqual(listSemantics(s.tags), {type: 'set'});
    assert.deepEqual(listSemantics(s.ports), {type: 'map', keys: ['name', 'protocol']});
    assert.deepEqual(listSemantics(s.dash__dash__keyed), {type: 'map', keys: ['the__dash__key']});
    assert.equal(listSemantics(s.plain), undefined);
  });
  test('set lists compare ignoring order; atomic lists do not', () => {
    assert.equal(ev('self.tags == old.tags'), true);
    assert.equal(ev('self.tags != old.tags'), false);
    assert.equal(ev(`self.tags == ['b', 'c', 'a']`), true);
    assert.equal(ev(`self.tags == ['b', 'c']`), false);
    assert.equal(ev(`self.tags == ['b', 'c', 'd']`), false);
    assert.equal(ev('self.plain == old.plain'), false);
    // The left operand decides, as cel-go calls lhs.Equal(rhs).
    assert.equal(ev(`['b', 'c', 'a'] == self.tags`), false);
  });
  test('map lists compare by key, ignoring order, and compare the entries', () => {
    assert.equal(ev('self.ports == old.ports'), true);
    assert.equal(ev('self.dash__dash__keyed == old.dash__dash__keyed'), true);
    assert.equal(ev(`self.ports == [old.ports[0], old.ports[1]]`), true);
    assert.equal(ev(`self.ports == [old.ports[0]]`), false);
    const changed = {...old, ports: [{name: 'dns', protocol: 'UDP', port: 54}, {name: 'http', protocol: 'TCP', port: 80}]};
    const p = env.compile('self.ports == old.ports');
    assert.equal(p.evaluate(env.activation({self, old: changed})).value, false);
  });
  test('objects containing set and map lists compare with their semantics', () => {
    const p = env.compile('self == old');
    assert.equal(p.evaluate(env.activation({self, old: {...old, plain: self.plain}})).value, true);
    assert.equal(p.evaluate(env.activation({self, old})).value, false);
  });
  test('set concatenation keeps the left positions and appends new elements of the right', () => {
    assert.deepEqual(ev(`self.tags + ['d', 'a', 'e', 'd']`), ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(ev(`self.plain + ['d', 'a']`), ['a', 'b', 'c', 'd', 'a']);
    assert.deepEqual(ev(`['d', 'a'] + self.tags`), ['d', 'a', 'a', 'b', 'c']);
    // The result is a set again.
    assert.equal(ev(`self.tags + ['d'] == ['d', 'c', 'b', 'a']`), true);
  });
  test('map-list concatenation overwrites entries with the same key in place and appends the others', () => {
    const r = ev(`self.ports + [old.ports[0], self.ports[0]]`) as unknown[];
    assert.equal(r.length, 2);
    assert.deepEqual(ev(`(self.ports + [old.ports[0]]).map(p, p.name)`), ['http', 'dns']);
    const p = env.compile(`(self.ports + old.ports.filter(p, p.name == 'dns').map(p, p)).map(p, p.port)`);
    assert.deepEqual(p.evaluate(env.activation({self, old: {...old, ports: [{name: 'dns', protocol: 'UDP', port: 5353}]}})).value, [80n, 5353n]);
    const q = env.compile(`(self.ports + old.ports).map(p, p.name + '/' + p.protocol)`);
    const other = {...old, ports: [{name: 'dns', protocol: 'TCP', port: 53}]};
    assert.deepEqual(q.evaluate(env.activation({self, old: other})).value, ['http/TCP', 'dns/UDP', 'dns/TCP']);
  });
});

describe('timestamps and durations', () => {
  test('nanosecond precision survives parsing, arithmetic, comparison and formatting', () => {
    assert.equal(run(`string(timestamp('2024-01-02T03:04:05.123456789Z'))`), '2024-01-02T03:04:05.123456789Z');
    assert.equal(run(`timestamp('2024-01-02T03:04:05.000000001Z') > timestamp('2024-01-02T03:04:05Z')`), true);
    assert.equal(run(`timestamp('2024-01-02T03:04:05.000000001Z') == timestamp('2024-01-02T03:04:05Z')`), false);
    assert.equal(run(`timestamp('2024-01-02T03:04:05Z') + duration('1ns') == timestamp('2024-01-02T03:04:05.000000001Z')`), true);
    assert.equal(run(`string(timestamp('2024-01-02T03:04:05.5Z') - timestamp('2024-01-02T03:04:05.000000001Z'))`), '0.499999999s');
    assert.equal(run(`string(duration('1h1m1.5s'))`), '3661.5s');
    assert.equal(run(`duration('120s') + timestamp('2009-02-13T23:01:00Z') == timestamp('2009-02-13T23:03:00Z')`), true);
    assert.equal(run(`duration('1ns') < duration('2ns')`), true);
    assert.equal(formatTimestamp(parseTimestamp('0001-01-01T01:00:00.010+01:00')), '0001-01-01T00:00:00.01Z');
    assert.throws(() => parseTimestamp('0001-01-01T00:00:00+01:00'), /out of range/);
  });
  test('offsets in RFC 3339 strings are applied', () => {
    assert.equal(run(`timestamp('2024-01-02T03:04:05+02:00') == timestamp('2024-01-02T01:04:05Z')`), true);
    assert.equal(timestampNanos(parseTimestamp('1970-01-01T00:00:01.5Z')), 1500000000n);
  });
  test('results outside the valid ranges are errors', () => {
    assert.match(runError(`timestamp('9999-12-31T23:59:59.999999999Z') + duration('1ns')`), /timestamp overflow/);
    assert.match(runError(`timestamp('0001-01-01T00:00:00Z') - duration('1s')`), /timestamp overflow/);
    assert.match(runError(`timestamp('9999-12-31T23:59:59Z') - timestamp('0001-01-01T00:00:00Z')`), /duration overflow/);
    assert.match(runError(`duration('200000000000s') + duration('200000000000s')`), /invalid duration|duration overflow/);
    assert.match(runError(`duration('9000000000s') + duration('9000000000s')`), /duration overflow/);
    assert.match(runError(`timestamp('2024-13-01T00:00:00Z')`), /invalid RFC 3339 timestamp/);
    assert.match(runError(`timestamp(253402300800)`), /out of range/);
  });
  test('accessors in UTC, in IANA zones and at fixed offsets', () => {
    assert.equal(run(`timestamp('2009-02-13T23:31:30Z').getDayOfMonth('+11:00')`), 13n);
    assert.equal(run(`timestamp('2009-02-13T02:00:00Z').getDayOfMonth('-02:30')`), 11n);
    assert.equal(run(`timestamp('2009-02-13T23:31:30Z').getHours('02:00')`), 1n);
    assert.equal(run(`timestamp('2009-02-13T23:31:30Z').getHours('America/New_York')`), 18n);
    assert.equal(run(`timestamp('2024-07-01T12:00:00Z').getHours('Europe/Berlin')`), 14n);
    assert.equal(run(`timestamp('2024-12-31T12:00:00Z').getDayOfYear()`), 365n);
    assert.equal(run(`timestamp('2024-02-29T00:00:00.123Z').getMilliseconds()`), 123n);
    assert.equal(run(`duration('-90m').getHours()`), -1n);
    assert.equal(run(`duration('1.5s').getMilliseconds()`), 1500n);
  });
  test('schema date-time values keep nanoseconds', () => {
    const env = new CelEnvironment({variables: {self: schemaToDeclType({type: 'object', properties: {t: {type: 'string', format: 'date-time'}}}) as DeclType}});
    const p = env.compile(`self.t > timestamp('2024-01-02T03:04:05.1234Z')`);
    assert.equal(p.evaluate(env.activation({self: {t: '2024-01-02T03:04:05.123400001Z'}})).value, true);
  });
});

describe('conversions and arithmetic', () => {
  test('int and uint conversions reject out-of-range doubles', () => {
    assert.equal(runError('int(9223372036854775807.0)'), 'range error');
    assert.equal(runError('int(-9223372036854775808.0)'), 'range error');
    assert.equal(run('int(-9223372036854774784.0)'), -9223372036854774784n);
    assert.equal(runError('uint(-1.0)'), 'range error');
    assert.equal(runError(`int('0x10')`), `cannot convert '0x10' to int`);
    assert.equal(run(`int('-42')`), -42n);
  });
  test('string(bytes) requires valid UTF-8', () => {
    assert.match(runError(`string(b'\\xff')`), /invalid UTF-8/);
    assert.equal(run(`string(b'\\xc3\\xbf')`), 'ÿ');
  });
  test('integer overflow on negation and division', () => {
    assert.equal(runError('-(-9223372036854775808)'), 'integer overflow');
    assert.equal(runError('(-9223372036854775808) / -1'), 'integer overflow');
    assert.equal(runError('1 / 0'), 'division by zero');
  });
  test('mixed int and double comparisons compare as doubles', () => {
    assert.equal(run('dyn(9223372036854775807) < 9223372036854775808.0'), false);
    assert.equal(run('dyn(9223372036854775807) >= 9223372036854775808.0'), true);
    assert.equal(run('1 < 1.5'), true);
  });
  test('bytes order lexicographically', () => {
    assert.equal(run(`b'a' < b'b'`), true);
    assert.equal(run(`b'\\x00\\x01' >= b'\\x01\\x00'`), false);
    assert.equal(run(`b'' < b'\\x00'`), true);
  });
  test('membership and indexing across numeric types', () => {
    assert.equal(run('dyn(3u) in [1, 2, 3]'), true);
    assert.equal(run('dyn(3.0) in [1u, 2u, 3u]'), true);
    assert.equal(run('[7, 8, 9][dyn(1u)]'), 8n);
    assert.equal(run(`dyn(1) in {'1': true}`), false);
    assert.equal(run(`dyn(1) in {1: true}`), true);
  });
  test('%.Nf rounds exact ties to even', () => {
    assert.equal(run(`'%.0f %.0f %.1f %.2f'.format([2.5, 3.5, 0.25, 1.005])`), '2 4 0.2 1.00');
  });
});

describe('syntax cel-js does not parse', () => {
  test('raw and non-ASCII bytes literals', () => {
    assert.deepEqual(run(`br'\\x00'`), new Uint8Array([0x5c, 0x78, 0x30, 0x30]));
    assert.deepEqual(run(`b'ÿ'`), new Uint8Array([0xc3, 0xbf]));
    assert.equal(run(`b'ÿ' == b'\\303\\277'`), true);
  });
  test('leading-dot doubles', () => {
    assert.equal(run('.5 + .25'), 0.75);
  });
  test('backtick-quoted field names select and test map entries', () => {
    assert.equal(run(`{'content-type': 'json'}.\`content-type\``), 'json');
    assert.equal(run(`has({'a.b': 1}.\`a.b\`)`), true);
    assert.equal(run(`has({'a.b': 1}.\`a/b\`)`), false);
  });
  test('error positions refer to the original text', () => {
    assert.match(compileError(`b'ÿÿÿ' + 1`, {unlistedVariablesAreDyn: true}), /ERROR: <input>:1:8: found no matching overload for '_\+_' applied to '\(bytes, int\)'/);
    assert.match(compileError(`.5 + 'a'`, {unlistedVariablesAreDyn: true}), /<input>:1:4:/);
  });
  test('optional entries in list and map literals', () => {
    assert.deepEqual(run('[?optional.of(1), ?optional.none(), 2]'), [1n, 2n]);
    const m = run(`{?'a': optional.of(1), ?'b': optional.none(), 'c': 3}`) as Record<string, unknown>;
    assert.deepEqual(Object.entries(m), [['a', 1n], ['c', 3n]]);
    assert.equal(run(`has({?'foo': optional.none()}.foo)`), false);
    assert.match(compileError(`[?1]`, {unlistedVariablesAreDyn: true}), /optional entry must be an optional value/);
  });
});

describe('maps, has() and optionals', () => {
  const mixed = new CelEnvironment({unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false});
  test('map literals with non-string keys keep their key types', () => {
    const m = run(`{1: 'a', 2u: 'b', true: 'c'}`, {}, mixed);
    assert.ok(m instanceof CelMap);
    assert.deepEqual([...(m as CelMap).keys()].map((k) => typeof k), ['bigint', 'object', 'boolean']);
    assert.equal(run(`{6: 'six', 7: 'seven'}.exists_one(k, k % 5 == 2)`), true);
    assert.equal(run(`{1: 'a'}[1u]`), 'a');
    assert.equal(run(`{1: 'a'}[1.0]`), 'a');
    assert.equal(run(`{1: 1.0, 2u: 3u} == {1u: 1, 2: 3.0}`, {}, mixed), true);
  });
  test('repeated and unsupported map keys are errors', () => {
    assert.match(runError(`{'a': 1, 'a': 2}`), /repeated key/);
    assert.match(runError(`{0: 1, 0u: 2}`, {}, mixed), /repeated key/);
    assert.match(runError(`{dyn(1.5): 1}`), /unsupported key type/);
  });
  test('has() on any map or object operand', () => {
    assert.equal(run(`has({'a': 1}.a)`), true);
    assert.equal(run(`has({}.a)`), false);
    assert.equal(run(`has({'x': {'y': 'z'}}.?x.y)`), true);
    assert.equal(run(`has({}.?x.y)`), false);
    assert.match(compileError(`has(a)`, {unlistedVariablesAreDyn: true}), /invalid argument to has\(\) macro/);
    assert.match(compileError(`has(1.a)`, {unlistedVariablesAreDyn: true}), /does not support field selection/);
  });
  test('optMap and optFlatMap', () => {
    assert.equal(run('optional.of(42).optMap(y, y + 1).value()'), 43n);
    assert.equal(run('optional.none().optMap(y, y + 1).hasValue()'), false);
    assert.equal(run(`{'key': {'subkey': 'v'}}.?key.optFlatMap(k, k.?subkey).value()`), 'v');
    assert.equal(run(`{'key': {}}.?key.optFlatMap(k, k.?subkey).hasValue()`), false);
    assert.equal(run(`type(optional.none()) == optional_type`), true);
  });
  test('selection on an optional: absent fields give none, selection on non-maps fails', () => {
    assert.equal(run(`optional.of({'c': {}}).c.missing.orValue('d')`), 'd');
    assert.match(runError(`{'k': dyn(null)}.?k.invalid.hasValue()`), /no such key/);
  });
  test('empty literals have dyn elements inside macros', () => {
    assert.equal(run('[].all(e, e > 0)'), true);
    assert.deepEqual(Object.keys(run('{}.transformMap(k, v, k + v)') as object), []);
  });
});

describe('variables and unchecked evaluation', () => {
  test('dotted variable names resolve to the longest declared prefix', () => {
    const env = new CelEnvironment({variables: {'a.b.c': 'string', 'a.b': 'map<string, string>'}});
    assert.equal(env.compile('a.b.c').evaluate({'a.b.c': 'yes', 'a.b': {c: 'no'}}).value, 'yes');
    assert.equal(env.compile(`a.b['c']`).evaluate({'a.b': {c: 'no'}}).value, 'no');
  });
  test('unchecked evaluation turns type errors into runtime errors of the node', () => {
    const env = new CelEnvironment({unlistedVariablesAreDyn: true});
    assert.throws(() => env.compile(`false && 32`), /no matching overload/);
    assert.equal(env.compile(`false && 32`, {unchecked: true}).evaluate({}).value, false);
    assert.equal(env.compile(`true ? 'cows' : 17`, {unchecked: true}).evaluate({}).value, 'cows');
    assert.equal(env.compile(`f_unknown(17) || true`, {unchecked: true}).evaluate({}).value, true);
    assert.equal(env.compile(`1.0 == 1`, {unchecked: true}).evaluate({}).value, true);
    assert.throws(() => env.compile(`f_unknown(17)`, {unchecked: true}).evaluate({}), /f_unknown/);
  });
});

describe('type errors', () => {
  const env = new CelEnvironment({variables: {self: Types.object('Obj', {a: Types.int, s: Types.string})}});
  const issuesOf = (expr: string): string[] => {
    try {
      env.compile(expr);
    } catch (e) {
      assert.ok(e instanceof CelCompileError);
      return e.issues.map((i) => `${i.line}:${i.column}: ${i.message}`);
    }
    throw new Error(`expected ${expr} not to compile`);
  };
  test('every error is reported, in source order', () => {
    assert.deepEqual(issuesOf('self.nope + x'), [
      `1:5: undefined field 'nope'`,
      `1:13: undeclared reference to 'x' (in container '')`,
    ]);
    assert.deepEqual(issuesOf(`self.a == "x" || self.s > 1`), [
      `1:8: found no matching overload for '_==_' applied to '(int, string)'`,
      `1:25: found no matching overload for '_>_' applied to '(string, int)'`,
    ]);
  });
  test('an error does not cascade into its parents', () => {
    assert.deepEqual(issuesOf(`1 + "a" + 2`), [`1:3: found no matching overload for '_+_' applied to '(int, string)'`]);
  });
  test('has() checks that the field is declared', () => {
    assert.deepEqual(issuesOf('has(self.zz)'), [`1:9: undefined field 'zz'`]);
  });
});
