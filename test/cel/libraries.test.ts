import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {CelEnvironment, AuthorizerValue, Types} from '../../src/cel/index.js';
import type {CelAuthorizationAttributes, CelAuthorizer} from '../../src/cel/index.js';
import {compileError, run, runError} from './helpers.js';

describe('extended strings', () => {
  test('charAt, indexOf and substring count code points', () => {
    assert.equal(run(`'héllo'.charAt(1)`), 'é');
    assert.equal(run(`'😀abc'.indexOf('b')`), 2n);
    assert.equal(run(`'abcabc'.lastIndexOf('bc')`), 4n);
    assert.equal(run(`'abcabc'.indexOf('bc', 2)`), 4n);
    assert.equal(run(`'😀abc'.substring(1, 3)`), 'ab');
    assert.equal(run(`'abc'.charAt(3)`), '');
  });
  test('index errors use upstream wording', () => {
    assert.equal(runError(`'abc'.substring(4)`), 'index out of range: 4');
    assert.equal(runError(`'abc'.substring(2, 1)`), 'invalid substring range. start: 2, end: 1');
    assert.equal(runError(`'abc'.charAt(-1)`), 'index out of range: -1');
  });
  test('lowerAscii and upperAscii touch ASCII letters only', () => {
    assert.equal(run(`'ÀBC'.lowerAscii()`), 'Àbc');
    assert.equal(run(`'àbc'.upperAscii()`), 'àBC');
  });
  test('replace, split, join, trim', () => {
    assert.equal(run(`'a-b-c'.replace('-', '+')`), 'a+b+c');
    assert.equal(run(`'a-b-c'.replace('-', '+', 1)`), 'a+b-c');
    assert.deepEqual(run(`'a,b,c'.split(',', 2)`), ['a', 'b,c']);
    assert.deepEqual(run(`'ab'.split('')`), ['a', 'b']);
    assert.equal(run(`['a', 'b'].join('/')`), 'a/b');
    assert.equal(run(`'\\u0085 x \\t'.trim()`), 'x');
  });
  test('format and strings.quote', () => {
    assert.equal(run(`'%s has %d items at %.2f'.format(['cart', 3, 1.5])`), 'cart has 3 items at 1.50');
    assert.equal(run(`'%x'.format([255])`), 'ff');
    assert.equal(run(`strings.quote('a"b\\n')`), '"a\\"b\\n"');
    assert.match(runError(`'%d'.format(['x'])`), /decimal clause can only be used on integers/);
  });
  test('reverse is not part of the Kubernetes strings version', () => {
    assert.match(compileError(`'abc'.reverse()`), /found no matching overload for 'reverse'/);
  });
});

describe('lists library', () => {
  test('isSorted, sum, min, max, indexOf, lastIndexOf', () => {
    assert.equal(run('[1, 2, 2, 3].isSorted()'), true);
    assert.equal(run(`['b', 'a'].isSorted()`), false);
    assert.equal(run('[1, 2, 3].sum()'), 6n);
    assert.equal(run('[1.5, 2.0].sum()'), 3.5);
    assert.equal(run('[3, 1, 2].min()'), 1n);
    assert.equal(run(`['a', 'c', 'b'].max()`), 'c');
    assert.equal(run('[1, 2, 1].indexOf(1)'), 0n);
    assert.equal(run('[1, 2, 1].lastIndexOf(1)'), 2n);
    assert.equal(run('[1, 2].indexOf(5)'), -1n);
    assert.equal(run(`[duration('1s'), duration('2m')].sum() == duration('121s')`), true);
    assert.equal(run('[].sum()'), 0n);
  });
  test('min and max of an empty list fail', () => {
    assert.equal(runError('[].min()', {}), 'min(list) called on empty list');
  });
  test('sets', () => {
    assert.equal(run('sets.contains([1, 2, 3], [2, 3])'), true);
    assert.equal(run('sets.equivalent([1, 2], [2, 1, 1])'), true);
    assert.equal(run('sets.intersects([1], [2])'), false);
  });
});

describe('regex library (RE2)', () => {
  test('find and findAll', () => {
    assert.equal(run(`'abc 123'.find('[0-9]+')`), '123');
    assert.equal(run(`'abc'.find('[0-9]+')`), '');
    assert.deepEqual(run(`'123 abc 456'.findAll('[0-9]+')`), ['123', '456']);
    assert.deepEqual(run(`'123 abc 456'.findAll('[0-9]+', 1)`), ['123']);
    assert.equal(run(`'hello'.matches('^h.*o$')`), true);
    assert.equal(run(`'x1'.matches('[[:digit:]]')`), true);
  });
  test('rejects what RE2 rejects', () => {
    assert.match(runError(`'abc'.matches('a(?=b)')`), /invalid or unsupported Perl syntax: `\(\?=`/);
    assert.match(runError(`'abab'.find('(ab)\\\\1')`), /invalid escape sequence: `\\1`/);
    assert.match(runError(`'a'.matches('a{1001}')`), /invalid repeat count/);
    assert.match(runError(`'a'.findAll('(?<!a)b')`), /invalid or unsupported Perl syntax/);
  });
});

describe('URL library', () => {
  test('isURL accepts absolute URLs and paths only', () => {
    assert.equal(run(`isURL('https://example.com/a')`), true);
    assert.equal(run(`isURL('/absolute/path')`), true);
    assert.equal(run(`isURL('relative/path')`), false);
    assert.equal(run(`isURL('mailto:me@example.com')`), false);
  });
  test('getters', () => {
    const u = `url('https://user@example.com:8443/a%20b?x=1&x=2&y=z')`;
    assert.equal(run(`${u}.getScheme()`), 'https');
    assert.equal(run(`${u}.getHost()`), 'example.com:8443');
    assert.equal(run(`${u}.getHostname()`), 'example.com');
    assert.equal(run(`${u}.getPort()`), '8443');
    assert.equal(run(`${u}.getEscapedPath()`), '/a%20b');
    assert.deepEqual(run(`${u}.getQuery()['x']`), ['1', '2']);
    assert.equal(run(`url('https://[::1]:80').getHostname()`), '::1');
  });
  test('url() of an invalid string is an error', () => {
    assert.match(runError(`url('not a url')`), /^URL parse error during conversion from string/);
  });
});

describe('quantity library', () => {
  test('parse, compare and arithmetic', () => {
    assert.equal(run(`quantity('200M').compareTo(quantity('0.2G'))`), 0n);
    assert.equal(run(`quantity('50M').compareTo(quantity('50Mi'))`), -1n);
    assert.equal(run(`quantity('150Mi').isGreaterThan(quantity('100Mi'))`), true);
    assert.equal(run(`quantity('50M').isLessThan(quantity('100M'))`), true);
    assert.equal(run(`quantity('1.5').add(quantity('0.5')).asInteger()`), 2n);
    assert.equal(run(`quantity('10').sub(3).asInteger()`), 7n);
    assert.equal(run(`quantity('500m').asApproximateFloat()`), 0.5);
    assert.equal(run(`quantity('-1').sign()`), -1n);
    assert.equal(run(`isQuantity('1Gi')`), true);
    assert.equal(run(`isQuantity('1GiB')`), false);
    assert.equal(run(`quantity('1k') == quantity('1000')`), true);
  });
  test('asInteger fails on precision loss and overflow; isInteger reports it', () => {
    assert.equal(run(`quantity('1.5').isInteger()`), false);
    assert.equal(runError(`quantity('1.5').asInteger()`), 'cannot convert value to integer');
    assert.equal(runError(`quantity('10E').asInteger()`), 'cannot convert value to integer');
    assert.equal(run(`quantity('9223372036854775807').isInteger()`), true);
  });
  test('an invalid quantity is an error', () => {
    assert.match(runError(`quantity('1GiB')`), /unable to parse quantity's suffix|quantities must match/);
  });
});

describe('IP and CIDR libraries', () => {
  test('ip', () => {
    assert.equal(run(`ip('192.168.0.1').family()`), 4n);
    assert.equal(run(`ip('::1').isLoopback()`), true);
    assert.equal(run(`ip('fe80::1').isLinkLocalUnicast()`), true);
    assert.equal(run(`ip('0.0.0.0').isUnspecified()`), true);
    assert.equal(run(`ip('8.8.8.8').isGlobalUnicast()`), true);
    assert.equal(run(`string(ip('2001:DB8::0:1'))`), '2001:db8::1');
    assert.equal(run(`ip.isCanonical('2001:db8::1')`), true);
    assert.equal(run(`ip.isCanonical('2001:DB8::1')`), false);
    assert.equal(run(`isIP('1.2.3')`), false);
    assert.equal(run(`isIP('01.2.3.4')`), false);
    assert.equal(run(`ip('1.2.3.4') == ip('1.2.3.4')`), true);
    assert.match(runError(`ip('::ffff:1.2.3.4')`), /IPv4-mapped IPv6 addresses are not allowed/);
  });
  test('cidr', () => {
    assert.equal(run(`cidr('10.0.0.0/8').containsIP(ip('10.1.2.3'))`), true);
    assert.equal(run(`cidr('10.0.0.0/8').containsIP('11.0.0.1')`), false);
    assert.equal(run(`cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16')`), true);
    assert.equal(run(`cidr('10.0.0.0/16').containsCIDR('10.0.0.0/8')`), false);
    assert.equal(run(`string(cidr('10.1.2.3/8').masked())`), '10.0.0.0/8');
    assert.equal(run(`cidr('10.1.2.3/8').prefixLength()`), 8n);
    assert.equal(run(`string(cidr('10.1.2.3/8').ip())`), '10.1.2.3');
    assert.equal(run(`isCIDR('10.0.0.0/33')`), false);
  });
});

describe('format library', () => {
  test('named formats validate', () => {
    assert.equal(run(`format.dns1123Label().validate('my-name').hasValue()`), false);
    assert.equal(run(`format.dns1123Label().validate('My_Name').hasValue()`), true);
    assert.equal(run(`format.named('labelValue').hasValue()`), true);
    assert.equal(run(`format.named('nope').hasValue()`), false);
    assert.equal(run(`format.dns1123LabelPrefix().validate('my-').hasValue()`), false);
    assert.equal(run(`format.uuid().validate('123e4567-e89b-12d3-a456-426614174000').hasValue()`), false);
    assert.deepEqual(run(`format.dns1035Label().validate('1abc').value()`), [
      "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });
});

describe('language options Kubernetes enables', () => {
  test('optionals', () => {
    assert.equal(run(`{'a': 1}.?b.orValue(5)`), 5n);
    assert.equal(run(`x.?y.hasValue()`, {x: {y: 1}}), true);
    assert.equal(run(`optional.ofNonZeroValue('').hasValue()`), false);
    assert.equal(run(`optional.of(1) == optional.of(1)`), true);
  });
  test('cross-type numeric comparisons', () => {
    assert.equal(run('1 < 1.5'), true);
    assert.equal(run('2u > 1'), true);
    assert.equal(run('3.0 >= 3'), true);
  });
  test('cel.bind', () => {
    assert.equal(run(`cel.bind(x, 'abc', x + x)`), 'abcabc');
  });
  test('two-variable comprehensions', () => {
    assert.equal(run(`{'a': 1, 'b': 2}.all(k, v, v > 0 && k != '')`), true);
    assert.equal(run(`[10, 20].exists(i, v, i == 1 && v == 20)`), true);
    assert.equal(run(`[1, 2, 3].existsOne(i, v, v > 2)`), true);
    assert.deepEqual(run(`[1, 2, 3].transformList(i, v, i * v)`), [0n, 2n, 6n]);
    assert.deepEqual(run(`[1, 2, 3].transformList(i, v, v > 1, v)`), [2n, 3n]);
    const m = run(`{'a': 1, 'b': 2}.transformMap(k, v, v * 10)`) as Record<string, unknown>;
    assert.deepEqual({...m}, {a: 10n, b: 20n});
    const e = run(`{'a': 1}.transformMapEntry(k, v, {k + k: v})`) as Record<string, unknown>;
    assert.deepEqual({...e}, {aa: 1n});
  });
  test('homogeneous aggregate literals', () => {
    assert.match(compileError(`[1, 'a']`, {unlistedVariablesAreDyn: true}), /expected type 'int' but found 'string'/);
  });
  test('default UTC time zone', () => {
    assert.equal(run(`timestamp('2024-01-15T23:30:00Z').getHours()`), 23n);
  });
});

describe('authorizer library', () => {
  class FakeAuthorizer implements CelAuthorizer {
    readonly seen: CelAuthorizationAttributes[] = [];
    authorize(a: CelAuthorizationAttributes) {
      this.seen.push(a);
      if (a.user.username === 'alice' && a.resource === 'pods' && a.verb === 'get') return {decision: 'allow' as const, reason: 'alice may'};
      if (a.path === '/healthz' && a.verb === 'get') return {decision: 'allow' as const, reason: ''};
      if (a.user.username.startsWith('system:serviceaccount:')) return {decision: 'deny' as const, reason: 'no SAs'};
      return {decision: 'no-opinion' as const, reason: 'none'};
    }
  }
  const fake = new FakeAuthorizer();
  const env = new CelEnvironment({variables: {authorizer: Types.opaque('kubernetes.authorization.Authorizer')}});
  const activation = {authorizer: new AuthorizerValue(fake, {username: 'alice', groups: ['devs']})};
  const ev = (expr: string): unknown => env.compile(expr).evaluate(activation).value;

  test('resource checks reach the authorizer with upstream attributes', () => {
    assert.equal(ev(`authorizer.group('').resource('pods').namespace('default').name('p1').check('get').allowed()`), true);
    const last = fake.seen[fake.seen.length - 1]!;
    assert.deepEqual(
      {group: last.apiGroup, version: last.apiVersion, resource: last.resource, ns: last.namespace, name: last.name, rr: last.resourceRequest},
      {group: '', version: '*', resource: 'pods', ns: 'default', name: 'p1', rr: true},
    );
    assert.equal(ev(`authorizer.group('apps').resource('deployments').subresource('scale').check('update').allowed()`), false);
    assert.equal(fake.seen[fake.seen.length - 1]!.subresource, 'scale');
    assert.equal(ev(`authorizer.group('').resource('pods').check('get').reason()`), 'alice may');
  });
  test('path checks and service accounts', () => {
    assert.equal(ev(`authorizer.path('/healthz').check('GET').allowed()`), true);
    assert.equal(ev(`authorizer.serviceAccount('kube-system', 'builder').group('').resource('pods').check('get').reason()`), 'no SAs');
    const sa = fake.seen[fake.seen.length - 1]!.user;
    assert.equal(sa.username, 'system:serviceaccount:kube-system:builder');
    assert.deepEqual(sa.groups, ['system:serviceaccounts', 'system:serviceaccounts:kube-system']);
  });
  test('selectors need the AuthorizeWithSelectors gate', () => {
    assert.throws(() => env.compile(`authorizer.group('').resource('pods').fieldSelector('a=b').check('list').allowed()`),
      /found no matching overload for 'fieldSelector'/);
    const gated = new CelEnvironment({authorizerSelectors: true, variables: {authorizer: Types.opaque('kubernetes.authorization.Authorizer')}});
    gated.compile(`authorizer.group('').resource('pods').fieldSelector('spec.nodeName=n1').labelSelector('a=b').check('list').allowed()`).evaluate(activation);
    const last = fake.seen[fake.seen.length - 1]!;
    assert.equal(last.fieldSelector, 'spec.nodeName=n1');
    assert.equal(last.labelSelector, 'a=b');
  });
  test('an authorization check costs 350000: three checks exceed the per-call limit', () => {
    const p = env.compile(`authorizer.path('/a').check('get').allowed() || authorizer.path('/b').check('get').allowed() || authorizer.path('/c').check('get').allowed()`);
    assert.throws(() => p.evaluate(activation), /operation cancelled: actual cost limit exceeded/);
    assert.equal(p.estimatedCost.max > 1_000_000, true);
  });
});
