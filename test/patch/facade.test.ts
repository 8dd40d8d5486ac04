import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, applyPatchDetailed, patchKindForContentType, structSchema, mergeListByKey } from '../../src/patch/index.js';
import { StatusError } from '../../src/apimachinery/errors.js';
import { UNPROCESSABLE, expectStatusError } from './support.js';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', finalizers: ['a'] }, data: { k: 'v' } };
const schema = structSchema('ConfigMap', {
  apiVersion: {},
  kind: {},
  metadata: { schema: structSchema('ObjectMeta', { name: {}, finalizers: { meta: { strategies: ['merge'] } } }) },
  data: {},
  items: mergeListByKey('name'),
});

test('facade: each kind dispatches to its engine', () => {
  assert.deepEqual(applyPatch('json', cm, '[{"op":"replace","path":"/data/k","value":"w"}]'), { ...cm, data: { k: 'w' } });
  assert.deepEqual(applyPatch('merge', cm, '{"metadata":{"finalizers":["b"]}}'), { ...cm, metadata: { name: 'c', finalizers: ['b'] } });
  assert.deepEqual(applyPatch('strategic', cm, '{"metadata":{"finalizers":["b"]}}', schema), { ...cm, metadata: { name: 'c', finalizers: ['b', 'a'] } });
});

test('facade: errors are StatusErrors with upstream bodies', () => {
  const err = expectStatusError(() => applyPatch('json', cm, '[{"op":"test","path":"/data/k","value":"x"}]'), UNPROCESSABLE);
  assert.deepEqual(err.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server rejected our request due to an error in our request',
    reason: 'Invalid',
    details: {},
    code: 422,
  });
  const server = expectStatusError(() => applyPatch('strategic', cm, '{"$patch":"nope"}', schema), { code: 500 });
  assert.ok(server instanceof StatusError);
  assert.equal('reason' in server.status, false, 'a plain Go error has no reason');
  assert.equal(server.status.details, undefined);
  assert.equal(server.status.message, 'unknown patch type: nope in map: map[$patch:nope]');
});

test('facade: strict errors and fieldValidation', () => {
  const body = '{"data":{"k":"1","k":"2"}}';
  assert.deepEqual(applyPatchDetailed('merge', cm, body).strictErrors, ['duplicate field "data.k"']);
  assert.deepEqual(applyPatchDetailed('merge', cm, body, undefined, { fieldValidation: 'Strict' }).strictErrors, ['duplicate field "data.k"']);
  assert.deepEqual(applyPatchDetailed('merge', cm, body, undefined, { fieldValidation: 'Ignore' }).strictErrors, []);
  assert.deepEqual(applyPatchDetailed('strategic', cm, Buffer.from(body), schema).strictErrors, ['duplicate field "data.k"']);
});

test('facade: content types', () => {
  assert.equal(patchKindForContentType('application/json-patch+json'), 'json');
  assert.equal(patchKindForContentType('application/merge-patch+json; charset=utf-8'), 'merge');
  assert.equal(patchKindForContentType('application/strategic-merge-patch+json'), 'strategic');
  assert.equal(patchKindForContentType('application/apply-patch+yaml'), undefined);
});
