import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FieldSelector,
  FieldSelectorError,
  assertSupportedFields,
  defaultMetaV1FieldLabelConversion,
  escapeFieldValue,
  parseFieldSelector,
  supportedFieldsConversion,
  transformFieldSelector,
  unescapeFieldValue,
} from '../../src/apimachinery/fields.js';
import { isStatusError } from '../../src/apimachinery/errors.js';

function parseError(s: string): string {
  try {
    parseFieldSelector(s);
  } catch (e) {
    assert.ok(e instanceof FieldSelectorError);
    return e.message;
  }
  assert.fail(`expected ${JSON.stringify(s)} not to parse`);
}

const fieldsOf = (set: Record<string, string>) => (name: string): string | undefined => set[name];

test('upstream good and bad field selectors', () => {
  for (const s of ['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=a||y\\=b', 'x=a\\=\\=b', 'x==a']) assert.doesNotThrow(() => parseFieldSelector(s), s);
  assert.equal(parseError('x=a||y=b'), 'invalid field selector: unescaped character in value: 61');
  assert.equal(parseError('x==a==b'), 'invalid field selector: unescaped character in value: 61');
  assert.equal(parseError('x=a,b'), "invalid selector: 'x=a,b'; can't understand 'b'");
  assert.equal(parseError('x in (a)'), "invalid selector: 'x in (a)'; can't understand 'x in (a)'");
  assert.equal(parseError('x'), "invalid selector: 'x'; can't understand 'x'");
});

test('escaping', () => {
  assert.equal(escapeFieldValue('a\\b,c=d'), 'a\\\\b\\,c\\=d');
  assert.equal(unescapeFieldValue('\\\\'), '\\');
  assert.equal(unescapeFieldValue('\\\\\\,\\='), '\\,=');
  assert.equal(unescapeFieldValue('plain'), 'plain');
  assert.throws(() => unescapeFieldValue('\\'), { message: 'invalid field selector: invalid escape sequence: \\' });
  assert.throws(() => unescapeFieldValue('\\a'), { message: 'invalid field selector: invalid escape sequence: \\a' });
  assert.throws(() => unescapeFieldValue(','), { message: 'invalid field selector: unescaped character in value: 44' });
  assert.throws(() => unescapeFieldValue('='), { message: 'invalid field selector: unescaped character in value: 61' });
  const s = parseFieldSelector('a=b\\,c,d=e\\\\');
  assert.deepEqual(s.requirements, [
    { field: 'a', operator: '=', value: 'b,c' },
    { field: 'd', operator: '=', value: 'e\\' },
  ]);
  assert.equal(s.toString(), 'a=b\\,c,d=e\\\\');
});

test('terms are sorted; == and = are the same operator', () => {
  assert.equal(parseFieldSelector('b=1,a==2,c!=3').toString(), 'a=2,b=1,c!=3');
  assert.equal(parseFieldSelector('metadata.name=foo,,').toString(), 'metadata.name=foo');
  assert.equal(parseFieldSelector(',').empty, true);
  assert.equal(parseFieldSelector('').toString(), '');
});

test('matching: a missing field reads as the empty string', () => {
  const yes = (s: string, f: Record<string, string>): void => assert.equal(parseFieldSelector(s).matches(fieldsOf(f)), true, s);
  const no = (s: string, f: Record<string, string>): void => assert.equal(parseFieldSelector(s).matches(fieldsOf(f)), false, s);
  yes('', { x: 'y' });
  yes('x=y', { x: 'y' });
  yes('x=y,z=w', { x: 'y', z: 'w' });
  yes('x!=y,z!=w', { x: 'z', z: 'a' });
  yes('notin=in', { notin: 'in' });
  yes('spec.nodeName=', {});
  yes('spec.nodeName!=n1', {});
  no('x=y', { x: 'z' });
  no('x=y,z=w', { x: 'w', z: 'w' });
  no('x!=y,z!=w', { x: 'z', z: 'w' });
  no('spec.nodeName!=', {});
  assert.equal(FieldSelector.nothing().matches(fieldsOf({})), false);
});

test('requiresExactMatch', () => {
  const s = parseFieldSelector('metadata.name=foo,status.phase!=Running');
  assert.equal(s.requiresExactMatch('metadata.name'), 'foo');
  assert.equal(s.requiresExactMatch('status.phase'), undefined);
});

test('kinds without a registered conversion: metadata.name and metadata.namespace only', () => {
  const sel = parseFieldSelector('metadata.namespace=default,foo=bar');
  let err: unknown;
  try {
    assertSupportedFields(sel, ['metadata.name', 'metadata.namespace']);
  } catch (e) {
    err = e;
  }
  assert.ok(isStatusError(err));
  assert.equal(err.code, 400);
  assert.equal(err.reason, 'BadRequest');
  assert.equal(err.message, '"foo" is not a known field selector: only "metadata.name", "metadata.namespace"');
  assert.equal(assertSupportedFields(parseFieldSelector('metadata.name=x'), ['metadata.name', 'metadata.namespace']).toString(), 'metadata.name=x');
  assert.throws(() => defaultMetaV1FieldLabelConversion('spec.x', 'y'), { message: '"spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"' });
});

test('kinds with a registered conversion: field label not supported', () => {
  const podFields = ['metadata.name', 'metadata.namespace', 'spec.nodeName', 'status.phase'];
  assert.throws(() => assertSupportedFields(parseFieldSelector('foo=bar'), podFields), (e: unknown) => isStatusError(e) && e.code === 400 && e.message === 'field label not supported: foo');
  const converted = assertSupportedFields(parseFieldSelector('spec.host=n1,status.phase=Running'), podFields, { aliases: { 'spec.host': 'spec.nodeName' } });
  assert.equal(converted.toString(), 'spec.nodeName=n1,status.phase=Running');
  const sts = supportedFieldsConversion(['metadata.name', 'metadata.namespace', 'status.successful'], {
    message: (l) => `field label not supported for appsv1.StatefulSet: ${l}`,
  });
  assert.throws(() => transformFieldSelector(parseFieldSelector('spec.replicas=1'), sts), { message: 'field label not supported for appsv1.StatefulSet: spec.replicas' });
});

test('transform drops terms converted to an empty field and value', () => {
  const s = parseFieldSelector('a=1,b=2').transform((f, v) => (f === 'a' ? { field: '', value: '' } : { field: f, value: v }));
  assert.equal(s.toString(), 'b=2');
});
