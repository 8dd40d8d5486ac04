import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type StatusError, isStatusError } from '../../src/apimachinery/errors.js';
import { encodeContinue } from '../../src/apimachinery/continue.js';
import {
  decodeListOptions,
  goParseInt64,
  goParseUint64,
  goQueryBool,
  parseGetOptions,
  parseGoQuery,
  parseListOptions,
  parseResourceVersion,
  resolveStorageList,
} from '../../src/apimachinery/listoptions.js';

function statusOf(f: () => unknown): StatusError {
  try {
    f();
  } catch (e) {
    assert.ok(isStatusError(e), `expected a StatusError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected an error');
}

const invalidMsg = (detail: string): string => `ListOptions.meta.k8s.io "" is invalid: ${detail}`;

test('decoding: defaults, booleans as upstream converts them, integers', () => {
  const o = parseListOptions('');
  assert.equal(o.watch, false);
  assert.equal(o.limit, 0);
  assert.equal(o.timeoutSeconds, undefined);
  assert.equal(o.sendInitialEvents, undefined);
  assert.equal(o.labelSelector.empty, true);
  assert.equal(o.fieldSelector.empty, true);
  for (const v of ['1', 'true', 'True', '', 'yes']) assert.equal(goQueryBool(v), true, v);
  for (const v of ['0', 'false', 'FALSE']) assert.equal(goQueryBool(v), false, v);
  assert.equal(parseListOptions('watch=1').watch, true);
  assert.equal(parseListOptions('watch=true').watch, true);
  assert.equal(parseListOptions('watch').watch, true);
  assert.equal(parseListOptions('watch=0').watch, false);
  assert.equal(parseListOptions('watch=false').watch, false);
  const p = parseListOptions('limit=500&timeoutSeconds=30&labelSelector=app%3Dweb&fieldSelector=metadata.name%3Dx&allowWatchBookmarks=1');
  assert.equal(p.limit, 500);
  assert.equal(p.timeoutSeconds, 30);
  assert.equal(p.labelSelector.toString(), 'app=web');
  assert.equal(p.fieldSelector.toString(), 'metadata.name=x');
  assert.equal(p.allowWatchBookmarks, true);
  assert.equal(parseListOptions(new URLSearchParams({ limit: '-5' })).limit, -5);
});

test('bad integers are 400 with strconv messages; timeoutSeconds is converted before limit', () => {
  const e = statusOf(() => parseListOptions('limit=abc'));
  assert.equal(e.code, 400);
  assert.equal(e.reason, 'BadRequest');
  assert.equal(e.message, 'strconv.ParseInt: parsing "abc": invalid syntax');
  assert.equal(statusOf(() => parseListOptions('limit=')).message, 'strconv.ParseInt: parsing "": invalid syntax');
  assert.equal(statusOf(() => parseListOptions('limit=99999999999999999999')).message, 'strconv.ParseInt: parsing "99999999999999999999": value out of range');
  assert.equal(statusOf(() => parseListOptions('limit=y&timeoutSeconds=x')).message, 'strconv.ParseInt: parsing "x": invalid syntax');
  assert.equal(statusOf(() => parseListOptions('limit=1.5')).message, 'strconv.ParseInt: parsing "1.5": invalid syntax');
});

test('selector syntax errors are 400 with the parser message, label selector first', () => {
  const e = statusOf(() => parseListOptions('labelSelector=a%20b&fieldSelector=x'));
  assert.equal(e.code, 400);
  assert.equal(e.message, "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
  assert.equal(statusOf(() => parseListOptions('fieldSelector=x')).message, "invalid selector: 'x'; can't understand 'x'");
});

test('list validation (the spec table): 422 ListOptions.meta.k8s.io', () => {
  const e = statusOf(() => parseListOptions('resourceVersionMatch=Exact'));
  assert.equal(e.code, 422);
  assert.equal(e.reason, 'Invalid');
  assert.equal(e.status.details?.group, 'meta.k8s.io');
  assert.equal(e.status.details?.kind, 'ListOptions');
  assert.deepEqual(e.status.details?.causes, [
    { reason: 'FieldValueForbidden', message: 'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided', field: 'resourceVersionMatch' },
  ]);
  assert.equal(e.message, invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'));
  assert.equal(
    statusOf(() => parseListOptions('resourceVersionMatch=NotOlderThan&limit=5')).message,
    invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'),
  );
  assert.equal(
    statusOf(() => parseListOptions('resourceVersionMatch=Exact&resourceVersion=0')).message,
    invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"'),
  );
  assert.equal(
    statusOf(() => parseListOptions('resourceVersionMatch=Foo&resourceVersion=1')).message,
    invalidMsg('resourceVersionMatch: Unsupported value: "Foo": supported values: "Exact", "NotOlderThan", ""'),
  );
  assert.equal(
    statusOf(() => parseListOptions('resourceVersionMatch=Exact&resourceVersion=5&limit=1&continue=abc')).message,
    invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'),
  );
  assert.equal(
    statusOf(() => parseListOptions('resourceVersionMatch=Exact&continue=abc')).message,
    invalidMsg(
      '[resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided, resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided]',
    ),
  );
  assert.equal(statusOf(() => parseListOptions('sendInitialEvents=false')).message, invalidMsg('sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list'));
  // Valid rows.
  for (const q of ['resourceVersion=0', 'resourceVersion=7&limit=2', 'resourceVersionMatch=Exact&resourceVersion=7', 'resourceVersionMatch=NotOlderThan&resourceVersion=0', 'limit=2&continue=x']) {
    assert.doesNotThrow(() => parseListOptions(q), q);
  }
});

test('watch: defaulting of sendInitialEvents and its validation', () => {
  const legacy = parseListOptions('watch=true');
  assert.equal(legacy.sendInitialEvents, true);
  assert.equal(legacy.resourceVersionMatch, 'NotOlderThan');
  assert.equal(legacy.sendInitialEventsDefaulted, true);
  assert.equal(parseListOptions('watch=true&resourceVersion=0').sendInitialEventsDefaulted, true);
  const resumed = parseListOptions('watch=true&resourceVersion=12');
  assert.equal(resumed.sendInitialEvents, undefined);
  assert.equal(resumed.resourceVersionMatch, '');
  const explicit = parseListOptions('watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true');
  assert.equal(explicit.sendInitialEvents, true);
  assert.equal(explicit.sendInitialEventsDefaulted, false);
  assert.equal(
    statusOf(() => parseListOptions('watch=true&resourceVersion=5&sendInitialEvents=true')).message,
    invalidMsg('resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'),
  );
  assert.equal(
    statusOf(() => parseListOptions('watch=true&resourceVersion=5&resourceVersionMatch=NotOlderThan')).message,
    invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'),
  );
  assert.equal(
    statusOf(() => parseListOptions('watch=true&sendInitialEvents=true&resourceVersionMatch=Exact')).message,
    invalidMsg(
      '[resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"]',
    ),
  );
  assert.equal(
    statusOf(() => parseListOptions('watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=x')).message,
    invalidMsg('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'),
  );
  // With the WatchList gate off there is no defaulting and sendInitialEvents is refused.
  assert.equal(parseListOptions('watch=true', { watchListEnabled: false }).sendInitialEvents, undefined);
  assert.equal(
    statusOf(() => parseListOptions('watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan', { watchListEnabled: false })).message,
    invalidMsg('sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'),
  );
});

test('storage resolution of resourceVersion, limit and continue', () => {
  const prefix = '/registry/configmaps/';
  const plan = (q: string): ReturnType<typeof resolveStorageList> => resolveStorageList(decodeListOptions(q), prefix);
  assert.deepEqual(plan(''), { withRev: 0, continueKey: '', resourceVersion: 0 });
  assert.deepEqual(plan('resourceVersion=0'), { withRev: 0, continueKey: '', resourceVersion: 0 });
  assert.deepEqual(plan('resourceVersion=9'), { withRev: 0, continueKey: '', resourceVersion: 9 });
  assert.deepEqual(plan('resourceVersion=9&limit=5'), { withRev: 9, continueKey: '', resourceVersion: 9 });
  assert.deepEqual(plan('resourceVersion=9&resourceVersionMatch=Exact'), { withRev: 9, continueKey: '', resourceVersion: 9 });
  assert.deepEqual(plan('resourceVersion=9&resourceVersionMatch=NotOlderThan&limit=5'), { withRev: 0, continueKey: '', resourceVersion: 9 });
  const token = encodeContinue('/registry/configmaps/default/b\u0000', prefix, 40);
  assert.deepEqual(plan(`limit=2&continue=${token}`), { withRev: 40, continueKey: '/registry/configmaps/default/b\u0000', resourceVersion: 0 });
  assert.deepEqual(plan(`limit=2&resourceVersion=0&continue=${token}`), { withRev: 40, continueKey: '/registry/configmaps/default/b\u0000', resourceVersion: 0 });

  const rvWithContinue = statusOf(() => plan(`limit=2&resourceVersion=40&continue=${token}`));
  assert.equal(rvWithContinue.code, 400);
  assert.equal(rvWithContinue.message, 'specifying resource version is not allowed when using continue');
  const badToken = statusOf(() => plan('limit=2&continue=foo'));
  assert.equal(badToken.code, 400);
  assert.equal(badToken.message, "invalid continue token: continue key is not valid: invalid character '~' looking for beginning of value");
  const badRv = statusOf(() => plan('resourceVersion=abc'));
  assert.equal(badRv.code, 400);
  assert.equal(badRv.message, 'invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax');
});

test('resourceVersion parsing and Go number helpers', () => {
  assert.equal(parseResourceVersion(''), 0);
  assert.equal(parseResourceVersion('0'), 0);
  assert.equal(parseResourceVersion('123'), 123);
  assert.throws(() => parseResourceVersion('-1'), { message: 'resourceVersion: Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax' });
  assert.throws(() => parseResourceVersion('18446744073709551616'), {
    message: 'resourceVersion: Invalid value: "18446744073709551616": strconv.ParseUint: parsing "18446744073709551616": value out of range',
  });
  assert.equal(goParseInt64('+7'), 7);
  assert.equal(goParseInt64('-9223372036854775808'), -9223372036854775808);
  assert.throws(() => goParseInt64('9223372036854775808'), { message: 'strconv.ParseInt: parsing "9223372036854775808": value out of range' });
  assert.throws(() => goParseInt64('-'), { message: 'strconv.ParseInt: parsing "-": invalid syntax' });
  assert.throws(() => goParseInt64('1_000'), { message: 'strconv.ParseInt: parsing "1_000": invalid syntax' });
  assert.throws(() => goParseUint64('+1'), { message: 'strconv.ParseUint: parsing "+1": invalid syntax' });
  assert.equal(parseGetOptions('resourceVersion=5').resourceVersion, '5');
  assert.equal(parseGetOptions(new URLSearchParams()).resourceVersion, '');
});

test("Go's query parsing drops malformed pairs", () => {
  const q = parseGoQuery('a=1&b=%zz&c;d=2&&e=x+y&labelSelector=app%3Dweb&a=2&flag');
  assert.deepEqual([...q.entries()], [
    ['a', '1'],
    ['e', 'x y'],
    ['labelSelector', 'app=web'],
    ['a', '2'],
    ['flag', ''],
  ]);
  assert.equal(parseListOptions('?watch&limit=3').limit, 3);
});
