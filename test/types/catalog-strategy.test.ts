// Strategy hooks of the kinds declared under src/types/kinds, as upstream's registries
// behave: CRD stored versions, local APIServices, EndpointSlice generation on label changes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KindDef, Obj } from '../../src/types/kind.js';
import { apiextensionsKinds } from '../../src/types/kinds/apiextensions.js';
import { apiregistrationKinds } from '../../src/types/kinds/apiregistration.js';
import { discoveryKinds } from '../../src/types/kinds/discovery.js';

const only = (kinds: KindDef[]) => {
  assert.equal(kinds.length, 1);
  return kinds[0]!;
};

test('a CRD records its storage version in status.storedVersions, once', () => {
  const crd = only(apiextensionsKinds);
  const obj: Obj = { spec: { versions: [{ name: 'v1beta1', served: true, storage: false }, { name: 'v1', served: true, storage: true }] } };
  crd.strategy!.prepareForCreate!(obj);
  assert.deepEqual(obj.status, { storedVersions: ['v1'] });
  const next: Obj = { spec: { versions: [{ name: 'v2', served: true, storage: true }] }, status: { storedVersions: ['v1'] } };
  crd.strategy!.prepareForUpdate!(next, obj);
  assert.deepEqual(next.status.storedVersions, ['v1', 'v2']);
  crd.strategy!.prepareForUpdate!(next, obj);
  assert.deepEqual(next.status.storedVersions, ['v1', 'v2']);
});

test('an APIService without a service is local and Available at once', () => {
  const svc = only(apiregistrationKinds);
  const local: Obj = { metadata: { name: 'v1.example.com' }, spec: { group: 'example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } };
  svc.strategy!.prepareForCreate!(local);
  assert.equal(local.status.conditions.length, 1);
  const c = local.status.conditions[0];
  assert.deepEqual({ type: c.type, status: c.status, reason: c.reason, message: c.message }, { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' });
  assert.match(c.lastTransitionTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const remote: Obj = { spec: { service: { namespace: 'ns', name: 'api' }, group: 'example.com', version: 'v1' } };
  svc.strategy!.prepareForCreate!(remote);
  assert.equal(remote.status, undefined);
});

test('an EndpointSlice label change bumps its generation; other metadata does not', () => {
  const eps = only(discoveryKinds);
  const old: Obj = { metadata: { generation: 3, labels: { a: '1', b: '2' } } };
  const sameLabels: Obj = { metadata: { generation: 3, labels: { b: '2', a: '1' }, annotations: { x: 'y' } } };
  eps.strategy!.prepareForUpdate!(sameLabels, old);
  assert.equal(sameLabels.metadata.generation, 3);
  const relabelled: Obj = { metadata: { generation: 3, labels: { a: '1' } } };
  eps.strategy!.prepareForUpdate!(relabelled, old);
  assert.equal(relabelled.metadata.generation, 4);
});
