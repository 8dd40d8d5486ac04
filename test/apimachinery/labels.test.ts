import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LabelSelector,
  LabelSelectorError,
  labelSelectorFromMetav1,
  labelSelectorFromSet,
  newRequirement,
  parseLabelSelector,
  validateMetav1LabelSelector,
} from '../../src/apimachinery/labels.js';
import { goFieldErrorString } from '../../src/apimachinery/validation.js';

const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const KEY_NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

function parseError(s: string): string {
  try {
    parseLabelSelector(s);
  } catch (e) {
    assert.ok(e instanceof LabelSelectorError, `expected LabelSelectorError for ${JSON.stringify(s)}`);
    return e.message;
  }
  assert.fail(`expected ${JSON.stringify(s)} not to parse`);
}

test('upstream good selectors parse', () => {
  for (const s of ['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5', 'x in (a)', 'x notin (a,b)', 'x == a', 'in in (in)', 'notin=in']) {
    assert.doesNotThrow(() => parseLabelSelector(s), s);
  }
});

test('upstream bad selectors fail with upstream messages', () => {
  assert.equal(parseError('x=a||y=b'), `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${LABEL_VALUE_MSG}`);
  assert.equal(parseError('x==a==b'), "found '==', expected: ',' or 'end of string'");
  assert.equal(parseError('!x=a'), "found '=', expected: ',' or 'end of string'");
  assert.equal(parseError('x<a'), `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`);
  assert.equal(parseError('x>1.5'), `unable to parse requirement: values[0]: Invalid value: "1.5": for 'Gt', 'Lt' operators, the value must be an integer`);
});

test('syntax errors name the token found and what was expected', () => {
  assert.equal(parseError('env in prod'), "unable to parse requirement: found 'prod' expected: '('");
  assert.equal(parseError('a b'), 'unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt');
  assert.equal(parseError('a,'), "found '', expected: identifier after ','");
  assert.equal(parseError(',a'), "found ',', expected: !, identifier, or 'end of string'");
  assert.equal(parseError('a=(b)'), "unable to parse requirement: found '(', expected: identifier");
  assert.equal(parseError('x in (a'), "unable to parse requirement: found '', expected: ',' or ')'");
  assert.equal(parseError('x notin (a b)'), "unable to parse requirement: found 'b', expected: ',' or ')'");
  assert.equal(parseError('x in (=)'), "unable to parse requirement: found '=', expected: ',', ')' or identifier");
  assert.equal(parseError('x in (a,=)'), "unable to parse requirement: found '=', expected: ',', or identifier");
  assert.equal(parseError('a!b'), 'unable to parse requirement: found \'!\', expected: in, notin, =, ==, !=, gt, lt');
  assert.equal(parseError('a=b c'), "found 'c', expected: ',' or 'end of string'");
  assert.equal(parseError('!'), "unable to parse requirement: found '', expected: identifier");
});

test('invalid keys report a <nil> path, invalid values the values[i][key] path', () => {
  assert.equal(parseError('-bad=x'), `unable to parse requirement: <nil>: Invalid value: "-bad": ${KEY_NAME_MSG}`);
  assert.equal(parseError('a=-bad'), `unable to parse requirement: values[0][a]: Invalid value: "-bad": ${LABEL_VALUE_MSG}`);
  assert.equal(
    parseError('a/b/c=d'),
    "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  );
  const long = 'v'.repeat(64);
  assert.equal(parseError(`k=${long}`), `unable to parse requirement: values[0][k]: Invalid value: "${long}": must be no more than 63 characters`);
  assert.doesNotThrow(() => parseLabelSelector(`k=${'v'.repeat(63)}`));
  assert.equal(
    parseError('Example.com/a=b'),
    `unable to parse requirement: <nil>: Invalid value: "Example.com/a": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  );
});

test('canonical string: sorted by key, set values sorted, empty values kept', () => {
  assert.equal(parseLabelSelector('x in (foo,,baz),y,z notin ()').toString(), 'x in (,baz,foo),y,z notin ()');
  assert.equal(parseLabelSelector('x notin (foo,,baz),y,z in ()').toString(), 'x notin (,baz,foo),y,z in ()');
  assert.equal(parseLabelSelector('z=1,a!=2, m == 3').toString(), 'a!=2,m==3,z=1');
  assert.equal(parseLabelSelector('x>1,!y').toString(), 'x>1,!y');
  assert.equal(parseLabelSelector('x in (a,,b,)').toString(), 'x in (,a,b)');
  assert.equal(parseLabelSelector('').toString(), '');
  assert.equal(parseLabelSelector('x in (b),y notin (a)').toString(), parseLabelSelector('y notin (a) , x in (b)').toString());
});

test('matching follows upstream semantics', () => {
  const yes = (s: string, l: Record<string, string>): void => assert.equal(parseLabelSelector(s).matches(l), true, `${s} should match ${JSON.stringify(l)}`);
  const no = (s: string, l: Record<string, string>): void => assert.equal(parseLabelSelector(s).matches(l), false, `${s} should not match ${JSON.stringify(l)}`);
  yes('', { x: 'y' });
  yes('x=y', { x: 'y' });
  yes('x=y,z=w', { x: 'y', z: 'w' });
  yes('x!=y,z!=w', { x: 'z', z: 'a' });
  yes('notin=in', { notin: 'in' });
  yes('x', { x: 'z' });
  yes('!x', { y: 'z' });
  yes('x>1', { x: '2' });
  yes('x<1', { x: '0' });
  yes('x<1', { x: '-5' });
  yes('x in (a,b)', { x: 'b' });
  yes('x notin (a,b)', { y: 'a' });
  yes('x=', { x: '' });
  yes('x!=a', {});
  no('x=z', {});
  no('x=y', { x: 'z' });
  no('x=y,z=w', { x: 'w', z: 'w' });
  no('x!=y,z!=w', { x: 'z', z: 'w' });
  no('x', { y: 'z' });
  no('!x', { x: 'z' });
  no('x>1', { x: '0' });
  no('x<1', { x: '2' });
  no('x>1', { x: 'abc' });
  no('x>1', {});
  no('x in (a,b)', {});
  no('x notin (a,b)', { x: 'a' });
  assert.equal(parseLabelSelector('x').matches(undefined), false);
  assert.equal(parseLabelSelector('!x').matches(undefined), true);
  // Inherited properties are not labels.
  assert.equal(parseLabelSelector('toString').matches({}), false);
});

test('empty, Nothing and exact-match introspection', () => {
  assert.equal(parseLabelSelector('').empty, true);
  assert.equal(parseLabelSelector('a=b').empty, false);
  assert.equal(LabelSelector.nothing().empty, false);
  assert.equal(LabelSelector.nothing().matches({ a: 'b' }), false);
  assert.equal(LabelSelector.everything().matches({ a: 'b' }), true);
  const s = parseLabelSelector('a=b,c in (d),e in (f,g),h!=i');
  assert.equal(s.requiresExactMatch('a'), 'b');
  assert.equal(s.requiresExactMatch('c'), 'd');
  assert.equal(s.requiresExactMatch('e'), undefined);
  assert.equal(s.requiresExactMatch('h'), undefined);
  assert.equal(s.requiresExactMatch('zz'), undefined);
  assert.equal(labelSelectorFromSet({ b: '2', a: '1' }).toString(), 'a=1,b=2');
});

test('newRequirement validates operator arity with upstream field errors', () => {
  const msg = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };
  assert.equal(msg(() => newRequirement('a', 'in', [])), "values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
  assert.equal(msg(() => newRequirement('a', '=', ['x', 'y'])), `values: Invalid value: ["x","y"]: exact-match compatibility requires one single value`);
  assert.equal(msg(() => newRequirement('a', 'exists', ['x'])), `values: Invalid value: ["x"]: values set must be empty for exists and does not exist`);
  assert.equal(
    msg(() => newRequirement('-a', 'gt', ['1', '2'])),
    `[key: Invalid value: "-a": ${KEY_NAME_MSG}, values: Invalid value: ["1","2"]: for 'Gt', 'Lt' operators, exactly one value is required]`,
  );
  assert.equal(newRequirement('a', 'gt', ['5']).values[0], '5');
});

test('metav1.LabelSelector conversion', () => {
  assert.equal(labelSelectorFromMetav1(null).nothing, true);
  assert.equal(labelSelectorFromMetav1(null).matches({}), false);
  assert.equal(labelSelectorFromMetav1({}).empty, true);
  assert.equal(labelSelectorFromMetav1({ matchLabels: {}, matchExpressions: [] }).matches({ any: 'x' }), true);
  const s = labelSelectorFromMetav1({
    matchLabels: { b: '1', a: '2' },
    matchExpressions: [
      { key: 'c', operator: 'Exists' },
      { key: 'd', operator: 'NotIn', values: ['x', 'y'] },
      { key: 'e', operator: 'DoesNotExist' },
      { key: 'f', operator: 'In', values: ['p'] },
    ],
  });
  assert.equal(s.toString(), 'a=2,b=1,c,d notin (x,y),!e,f in (p)');
  assert.equal(s.matches({ a: '2', b: '1', c: '', f: 'p' }), true);
  assert.equal(s.matches({ a: '2', b: '1', c: '', f: 'p', d: 'y' }), false);
  assert.throws(() => labelSelectorFromMetav1({ matchExpressions: [{ key: 'a', operator: 'Foo' }] }), { message: '"Foo" is not a valid label selector operator' });
  assert.throws(() => labelSelectorFromMetav1({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }), {
    message: "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
  });
  assert.throws(() => labelSelectorFromMetav1({ matchLabels: { a: 'b c' } }), { message: `values[0][a]: Invalid value: "b c": ${LABEL_VALUE_MSG}` });
});

test('metav1.LabelSelector validation field errors', () => {
  const errs = validateMetav1LabelSelector(
    {
      matchLabels: { 'bad key': 'v' },
      matchExpressions: [
        { key: 'a', operator: 'In' },
        { key: 'b', operator: 'Exists', values: ['x'] },
        { key: 'c', operator: 'Gt', values: ['1'] },
        { key: 'd', operator: 'In', values: ['-x'] },
      ],
    },
    'spec.selector',
  ).map(goFieldErrorString);
  assert.deepEqual(errs, [
    `spec.selector.matchLabels: Invalid value: "bad key": ${KEY_NAME_MSG}`,
    "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    'spec.selector.matchExpressions[2].operator: Invalid value: "Gt": not a valid selector operator',
    `spec.selector.matchExpressions[3].values[0]: Invalid value: "-x": ${LABEL_VALUE_MSG}`,
  ]);
  assert.deepEqual(validateMetav1LabelSelector({ matchExpressions: [{ key: 'd', operator: 'In', values: ['-x'] }] }, 's', { allowInvalidLabelValueInSelector: true }), []);
  assert.deepEqual(validateMetav1LabelSelector(null, 's'), []);
});
