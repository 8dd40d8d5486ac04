import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apply,
  compareEntries,
  conflictMessage,
  decodeManagedFields,
  encodeManagedFields,
  fieldPE,
  isResetManagedFields,
  managerFromUserAgent,
  managerIdentifier,
  managerOrUserAgent,
  printManager,
  type ManagedFieldsEntry,
} from '../../src/apply/index.js';
import { StatusError } from '../../src/apimachinery/errors.js';

test('manager identifiers leave out time, fields and, for appliers, apiVersion', () => {
  assert.equal(managerIdentifier({ manager: 'm', operation: 'Apply', apiVersion: 'v1' }), '{"manager":"m","operation":"Apply"}');
  assert.equal(managerIdentifier({ manager: 'm', operation: 'Update', apiVersion: 'apps/v1', subresource: 'status' }), '{"manager":"m","operation":"Update","apiVersion":"apps/v1","subresource":"status"}');
  assert.equal(printManager('{"manager":"m","operation":"Apply"}'), '"m"');
  assert.equal(printManager('{"manager":"m","operation":"Apply","subresource":"status"}'), '"m" with subresource "status"');
  assert.equal(printManager('{"manager":"m","operation":"Update","apiVersion":"v1"}'), '"m" using v1');
  assert.equal(printManager('not json'), '"not json"');
});

test('conflict messages group paths under managers sorted by identifier', () => {
  const msg = conflictMessage([
    { manager: '{"manager":"z","operation":"Apply"}', path: [fieldPE('a')] },
    { manager: '{"manager":"m","operation":"Update","apiVersion":"v1"}', path: [fieldPE('b')] },
    { manager: '{"manager":"m","operation":"Update","apiVersion":"v1"}', path: [fieldPE('c')] },
  ]);
  assert.equal(msg, 'Apply failed with 3 conflicts: conflicts with "m" using v1:\n- .b\n- .c\nconflicts with "z":\n- .a');
});

test('entries sort by operation, time, manager, apiVersion, subresource', () => {
  const e = (manager: string, operation: string, time?: string, apiVersion = 'v1', subresource?: string): ManagedFieldsEntry => ({
    manager,
    operation,
    apiVersion,
    ...(time ? { time } : {}),
    ...(subresource ? { subresource } : {}),
  });
  const list = [
    e('b', 'Update', '2024-01-01T00:00:00Z'),
    e('a', 'Update', '2024-01-01T00:00:01Z'),
    e('z', 'Apply', '2024-01-02T00:00:00Z'),
    e('a', 'Update', '2024-01-01T00:00:00Z', 'v2'),
    e('a', 'Update', '2024-01-01T00:00:00Z', 'v1', 'status'),
    e('a', 'Update', '2024-01-01T00:00:00Z', 'v1'),
    e('y', 'Apply'),
  ].sort(compareEntries);
  assert.deepEqual(
    list.map((x) => `${x.operation} ${x.manager} ${x.apiVersion} ${x.subresource ?? ''}`.trim()),
    ['Apply y v1', 'Apply z v1', 'Update a v1', 'Update a v1 status', 'Update a v2', 'Update b v1', 'Update a v1'],
  );
});

test('decoding managedFields: upstream messages; a later duplicate wins; times normalised', () => {
  const ok = (x: Partial<ManagedFieldsEntry>): ManagedFieldsEntry => ({ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {}, ...x });
  assert.throws(() => decodeManagedFields([ok({ operation: 'Patch' })]), { message: 'operation must be `Apply` or `Update`' });
  assert.throws(() => decodeManagedFields([ok({ apiVersion: '' })]), { message: 'apiVersion must not be empty' });
  assert.throws(() => decodeManagedFields([ok({}), ok({ fieldsType: '' })]), { message: 'missing fieldsType in managed fields entry 1' });
  assert.throws(() => decodeManagedFields([ok({ fieldsType: 'FieldsV2' })]), { message: 'invalid fieldsType "FieldsV2" in managed fields entry 0' });
  const m = decodeManagedFields([
    ok({ time: '2024-01-01T02:00:00.5+02:00', fieldsV1: { 'f:a': {} } }),
    ok({ time: '2024-01-01T03:00:00Z', fieldsV1: { 'f:b': {} } }),
  ]);
  assert.equal(m.fields.size, 1);
  const out = encodeManagedFields(m);
  assert.equal(JSON.stringify(out), '[{"manager":"m","operation":"Update","apiVersion":"v1","time":"2024-01-01T03:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:b":{}}}]');
  const first = encodeManagedFields(decodeManagedFields([ok({ time: '2024-01-01T02:00:00.5+02:00' })]));
  assert.equal(first[0].time, '2024-01-01T00:00:00Z');
});

test('apply refuses live managedFields that do not decode (500, no reason)', () => {
  const live = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', uid: 'u', managedFields: [{ manager: 'm', operation: 'Update', apiVersion: 'v1' }] } };
  assert.throws(
    () => apply(live, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, 'a', { apiVersion: 'v1' }),
    (e: unknown) => e instanceof StatusError && e.code === 500 && e.reason === '' && e.status.message === 'failed to decode managed fields: missing fieldsType in managed fields entry 0',
  );
});

test('reset: exactly one empty entry', () => {
  assert.equal(isResetManagedFields([{}]), true);
  assert.equal(isResetManagedFields([{ manager: '', fieldsV1: null }]), true);
  assert.equal(isResetManagedFields([]), false);
  assert.equal(isResetManagedFields(undefined), false);
  assert.equal(isResetManagedFields([{}, {}]), false);
  assert.equal(isResetManagedFields([{ manager: 'm' }]), false);
});

test('manager from User-Agent: the part before the first "/", printable, at most 128 bytes', () => {
  assert.equal(managerFromUserAgent('kubectl/v1.34.0 (linux/amd64) kubernetes/abcdef'), 'kubectl');
  assert.equal(managerFromUserAgent('kube-controller-manager/v1.34.0 (linux/amd64) kubernetes/x/system:serviceaccount:kube-system:deployment-controller'), 'kube-controller-manager');
  assert.equal(managerFromUserAgent('node-fetch'), 'node-fetch');
  assert.equal(managerFromUserAgent('a\u0000b\tc/d'), 'abc');
  assert.equal(managerFromUserAgent(''), '');
  assert.equal(managerFromUserAgent('x'.repeat(200)), 'x'.repeat(128));
  assert.equal(managerFromUserAgent('é'.repeat(100)), 'é'.repeat(64));
  assert.equal(managerOrUserAgent('my-manager', 'kubectl/v1.34.0'), 'my-manager');
  assert.equal(managerOrUserAgent(undefined, 'kubectl/v1.34.0'), 'kubectl');
  assert.equal(managerOrUserAgent('', 'curl/8.0'), 'curl');
});

test('update never fails: an object the schema cannot type gets no managedFields (UpdateNoErrors)', async () => {
  const { update } = await import('../../src/apply/index.js');
  const { Deployment } = await import('./support.js');
  // A keyed list holding a non-object element. (A container without a name is typable now: decoded
  // into Go's Container, whose Name has no omitempty, it reads back with name "".)
  const bad = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: ['x'] } } } };
  assert.deepEqual(update(undefined, bad, 'kubectl-create', { apiVersion: 'apps/v1', schema: Deployment }), []);
  const good = { ...bad, spec: { template: { spec: { containers: [{ name: 'c', image: 'x' }] } } } };
  const mf = update(undefined, good, '', { apiVersion: 'apps/v1', schema: Deployment, now: '2024-01-01T00:00:00Z' });
  assert.equal(mf.length, 1);
  assert.equal(mf[0].manager, 'unknown');
});
