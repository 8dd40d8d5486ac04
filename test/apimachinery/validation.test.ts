import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorString, invalid } from '../../src/apimachinery/errors.js';
import {
  MAX_GENERATED_NAME_LENGTH,
  generateName,
  goFieldErrorString,
  goJSONString,
  goIsPrint,
  goQuote,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  validateNameByRule,
  validateObjectMeta,
  validateObjectMetaName,
  validateObjectMetaUpdate,
} from '../../src/apimachinery/validation.js';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME_NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

test('DNS-1123 subdomain', () => {
  for (const ok of ['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '1.a', 'a.b.c', 'a'.repeat(253)]) assert.deepEqual(isDNS1123Subdomain(ok), [], ok);
  assert.deepEqual(isDNS1123Subdomain('Bad_Name'), [SUBDOMAIN_MSG]);
  assert.deepEqual(isDNS1123Subdomain('a.'), [SUBDOMAIN_MSG]);
  assert.deepEqual(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
});

test('DNS-1123 label, including the dots message', () => {
  for (const ok of ['a', 'a-1', '0', 'a'.repeat(63)]) assert.deepEqual(isDNS1123Label(ok), [], ok);
  assert.deepEqual(isDNS1123Label('a.b'), ['must not contain dots']);
  assert.deepEqual(isDNS1123Label('-a'), [LABEL_MSG]);
  assert.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.deepEqual(isDNS1123Label('A'.repeat(64)), ['must be no more than 63 characters', LABEL_MSG]);
});

test('DNS-1035 label', () => {
  assert.deepEqual(isDNS1035Label('my-name'), []);
  assert.deepEqual(isDNS1035Label('1abc'), [DNS1035_MSG]);
  assert.deepEqual(isDNS1035Label('no-domain.com'), [DNS1035_MSG]);
});

test('qualified names and label values', () => {
  for (const ok of ['simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple', 'example.com/Some_Name', 'a'.repeat(63)]) {
    assert.deepEqual(isQualifiedName(ok), [], ok);
  }
  assert.deepEqual(isQualifiedName('-bad'), [QNAME_NAME_MSG]);
  assert.deepEqual(isQualifiedName('/name'), ['prefix part must be non-empty']);
  assert.deepEqual(isQualifiedName('example.com/'), ['name part must be non-empty', QNAME_NAME_MSG]);
  assert.deepEqual(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 characters']);
  assert.deepEqual(isQualifiedName('x/y/z'), [
    "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  ]);
  assert.deepEqual(isQualifiedName('Bad.Prefix/x'), ['prefix part ' + SUBDOMAIN_MSG]);
  for (const ok of ['', 'simple', 'now-with-dashes', 'a_b.c', 'a'.repeat(63)]) assert.deepEqual(isValidLabelValue(ok), [], ok);
  assert.deepEqual(isValidLabelValue('nospecialchars%^=@'), [LABEL_VALUE_MSG]);
  assert.deepEqual(isValidLabelValue('a'.repeat(64)), ['must be no more than 63 characters']);
});

test('path segment names and name rules with generateName prefixes', () => {
  assert.deepEqual(isValidPathSegmentName('.'), ["may not be '.'"]);
  assert.deepEqual(isValidPathSegmentName('..'), ["may not be '..'"]);
  assert.deepEqual(isValidPathSegmentName('a/b%c'), ["may not contain '/'", "may not contain '%'"]);
  assert.deepEqual(isValidPathSegmentName('system:admin'), []);
  assert.deepEqual(validateObjectMetaName('PathSegmentName', 'system:node:x'), []);
  assert.deepEqual(validateObjectMetaName('DNS1123Subdomain', 'web-'), [SUBDOMAIN_MSG]);
  // A generateName may end in a dash.
  assert.deepEqual(validateNameByRule('DNS1123Subdomain', 'web-', true), []);
  assert.deepEqual(validateNameByRule('DNS1035Label', 'web-', true), []);
  assert.deepEqual(validateNameByRule('PathSegmentName', '..', true), []);
});

test('create: name or generateName required, as the 422 reads', () => {
  const errs = validateObjectMeta({ namespace: 'default' }, { namespaced: true, nameRule: 'DNS1123Subdomain' });
  assert.equal(invalid({ group: '', kind: 'ConfigMap' }, '', errs).message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
});

test('create: invalid name and generateName', () => {
  const errs = validateObjectMeta({ name: 'Bad_Name', namespace: 'default' }, { namespaced: true, nameRule: 'DNS1123Subdomain' });
  assert.equal(invalid({ group: '', kind: 'ConfigMap' }, 'Bad_Name', errs).message, `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`);
  const gen = validateObjectMeta({ generateName: 'Web-', name: 'Web-abcde', namespace: 'default' }, { namespaced: true, nameRule: 'DNS1123Subdomain' }).map(fieldErrorString);
  assert.deepEqual(gen, [`metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN_MSG}`, `metadata.name: Invalid value: "Web-abcde": ${SUBDOMAIN_MSG}`]);
});

test('create: namespace required for namespaced kinds, forbidden for cluster-scoped ones', () => {
  assert.deepEqual(validateObjectMeta({ name: 'a' }, { namespaced: true, nameRule: 'DNS1123Subdomain' }).map(fieldErrorString), ['metadata.namespace: Required value']);
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'Bad' }, { namespaced: true, nameRule: 'DNS1123Subdomain' }).map(fieldErrorString), [
    `metadata.namespace: Invalid value: "Bad": ${LABEL_MSG}`,
  ]);
  assert.deepEqual(validateObjectMeta({ name: 'n1', namespace: 'default' }, { namespaced: false, nameRule: 'DNS1123Subdomain' }).map(fieldErrorString), [
    'metadata.namespace: Forbidden: not allowed on this type',
  ]);
  assert.deepEqual(validateObjectMeta({ name: 'n1' }, { namespaced: false, nameRule: 'DNS1123Subdomain' }), []);
});

test('create: labels, annotations, generation', () => {
  const errs = validateObjectMeta(
    {
      name: 'a',
      namespace: 'default',
      generation: -1,
      labels: { '-k': 'v', ok: 'bad value' },
      annotations: { 'Example.com/Key': 'x', 'bad key': 'y' },
    },
    { namespaced: true, nameRule: 'DNS1123Subdomain' },
  ).map(fieldErrorString);
  assert.deepEqual(errs, [
    'metadata.generation: Invalid value: -1: must be greater than or equal to 0',
    `metadata.labels: Invalid value: "-k": ${QNAME_NAME_MSG}`,
    `metadata.labels: Invalid value: "bad value": ${LABEL_VALUE_MSG}`,
    `metadata.annotations: Invalid value: "bad key": ${QNAME_NAME_MSG}`,
  ]);
  const big = validateObjectMeta({ name: 'a', namespace: 'd', annotations: { a: 'x'.repeat(256 * 1024) } }, { namespaced: true, nameRule: 'DNS1123Subdomain' });
  assert.deepEqual(big.map(fieldErrorString), ['metadata.annotations: Too long: may not be more than 262144 bytes']);
  const edge = validateObjectMeta({ name: 'a', namespace: 'd', annotations: { a: 'x'.repeat(256 * 1024 - 1) } }, { namespaced: true, nameRule: 'DNS1123Subdomain' });
  assert.deepEqual(edge, []);
});

test('create: finalizers', () => {
  const opts = { namespaced: true, nameRule: 'DNS1123Subdomain' as const };
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['kubernetes', 'example.com/x', 'orphan'] }, opts), []);
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['custom'] }, opts).map(fieldErrorString), [
    'metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['custom'] }, { ...opts, kubeFinalizers: false }), []);
  assert.deepEqual(validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['-x/y'] }, opts).map(fieldErrorString), [
    `metadata.finalizers: Invalid value: "-x/y": prefix part ${SUBDOMAIN_MSG}`,
  ]);
  const both = validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['orphan', 'foregroundDeletion'] }, opts);
  assert.equal(both.length, 1);
  assert.equal(goFieldErrorString(both[0]!), 'metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set');
});

test('create: owner references', () => {
  const opts = { namespaced: true, nameRule: 'DNS1123Subdomain' as const };
  const errs = validateObjectMeta(
    {
      name: 'a',
      namespace: 'd',
      ownerReferences: [
        { apiVersion: 'apps/', kind: '', name: '', uid: '' },
        { apiVersion: 'v1', kind: 'Event', name: 'e', uid: 'u1' },
      ],
    },
    opts,
  ).map(goFieldErrorString);
  assert.deepEqual(errs, [
    'metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty',
    'metadata.ownerReferences.kind: Invalid value: "": must not be empty',
    'metadata.ownerReferences.name: Invalid value: "": must not be empty',
    'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    'metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"u1"}: /v1, Kind=Event is disallowed from being an owner',
  ]);
  const two = validateObjectMeta(
    {
      name: 'a',
      namespace: 'd',
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'r1', uid: 'u1', controller: true },
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'r2', uid: 'u2', controller: true },
      ],
    },
    opts,
  ).map(goFieldErrorString);
  assert.deepEqual(two, [
    'metadata.ownerReferences: Invalid value: [{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"r1","uid":"u1","controller":true},{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"r2","uid":"u2","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/r1 and ReplicaSet/r2',
  ]);
});

test('create: managed fields', () => {
  const errs = validateObjectMeta(
    { name: 'a', namespace: 'd', managedFields: [{ manager: 'bad\u0007', operation: 'Patch', fieldsType: 'FieldsV2' }] },
    { namespaced: true, nameRule: 'DNS1123Subdomain' },
  ).map(goFieldErrorString);
  assert.deepEqual(errs, [
    'metadata.managedFields[0].operation: Invalid value: "Patch": must be `Apply` or `Update`',
    'metadata.managedFields[0].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`',
    'metadata.managedFields[0].manager: Invalid value: "bad\\a": invalid character U+0007 (at position 3)',
  ]);
});

test('update: immutable fields, resourceVersion, generation, finalizers while deleting', () => {
  const old = {
    name: 'a',
    namespace: 'd',
    uid: 'u1',
    resourceVersion: '5',
    generation: 3,
    creationTimestamp: '2024-01-01T00:00:00Z',
    deletionTimestamp: '2024-02-01T00:00:00Z',
    deletionGracePeriodSeconds: 30,
    finalizers: ['example.com/a'],
  };
  assert.deepEqual(validateObjectMetaUpdate({ ...old, creationTimestamp: '2024-01-01T01:00:00+01:00' }, old), []);
  const errs = validateObjectMetaUpdate(
    {
      name: 'b',
      namespace: 'e',
      uid: 'u2',
      resourceVersion: '',
      generation: 2,
      creationTimestamp: '2025-01-01T00:00:00Z',
      deletionTimestamp: null,
      deletionGracePeriodSeconds: 0,
      finalizers: ['example.com/a', 'example.com/c', 'example.com/b'],
    },
    old,
  ).map(goFieldErrorString);
  assert.deepEqual(errs, [
    'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b", "example.com/c"}',
    'metadata.resourceVersion: Invalid value: "": must be specified for an update',
    'metadata.generation: Invalid value: 2: must not be decremented',
    'metadata.name: Invalid value: "b": field is immutable',
    'metadata.namespace: Invalid value: "e": field is immutable',
    'metadata.uid: Invalid value: "u2": field is immutable',
    'metadata.creationTimestamp: Invalid value: "2025-01-01T00:00:00Z": field is immutable',
    'metadata.deletionTimestamp: Invalid value: null: field is immutable',
    'metadata.deletionGracePeriodSeconds: Invalid value: 0: field is immutable',
  ]);
  const msg = invalid({ group: '', kind: 'ConfigMap' }, 'a', validateObjectMetaUpdate({ ...old, deletionTimestamp: undefined, name: 'z' }, { ...old, deletionTimestamp: undefined })).message;
  assert.equal(msg, 'ConfigMap "a" is invalid: metadata.name: Invalid value: "z": field is immutable');
});

test('generateName: base cut to 58 characters plus 5 from the upstream alphabet', () => {
  assert.equal(MAX_GENERATED_NAME_LENGTH, 58);
  const n = generateName('web-');
  assert.match(n, /^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  const long = generateName('x'.repeat(80));
  assert.equal(long.length, 63);
  assert.ok(long.startsWith('x'.repeat(58)));
  assert.match(long.slice(58), /^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  const seen = new Set(Array.from({ length: 50 }, () => generateName('a-')));
  assert.ok(seen.size > 40, 'names are random');
});

test('Go string formatting helpers', () => {
  assert.equal(goQuote('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(goQuote('\u0000\n\u007f\u0080é'), '"\\x00\\n\\x7f\\u0080é"');
  assert.equal(goQuote('\u{1F600}'), '"\u{1F600}"');
  assert.equal(goJSONString('<a&b>\u2028\u0001'), '"\\u003ca\\u0026b\\u003e\\u2028\\u0001"');
});

test('goIsPrint is unicode.IsPrint: printable ASCII by its fast path, everything else by the Unicode categories (L, M, N, P, S and U+0020 only)', () => {
  for (let c = 0; c < 0x80; c++) assert.equal(goIsPrint(String.fromCharCode(c)), c >= 0x20 && c < 0x7f, `U+${c.toString(16)}`);
  for (const ch of ['é', 'ß', 'µ', '€', '中', '😀', '\u0301']) assert.equal(goIsPrint(ch), true, ch);
  // No-break space (Zs), zero-width space and the BOM (Cf), a C1 control, a line separator (Zl).
  for (const ch of ['\u00a0', '\u200b', '\ufeff', '\u0085', '\u2028']) assert.equal(goIsPrint(ch), false, `U+${ch.codePointAt(0)!.toString(16)}`);
});
