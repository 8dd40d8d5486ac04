// The create fast path of the field manager (createdEntries in src/apply/fieldmanager.ts)
// against the general update chain it stands for: a create starts from no live object and
// no managers, so upstream's chain (k8s.io/apimachinery pkg/util/managedfields/internal:
// managedfieldsupdater.go, stripmeta.go, structuredmerge.go Update) leaves exactly one
// "Update" entry. An empty live object without a uid takes the general chain with the
// same inputs, so both must give the same entries, byte for byte.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { update, type FieldManagerOptions } from '../../src/apply/index.js';
import { builtinCatalog } from '../../src/types/catalog.js';

const catalog = builtinCatalog();
const schemaOf = (apiVersion: string, kind: string) => {
  const s = catalog.byKind(apiVersion, kind)?.def.schema;
  assert.ok(s, `${apiVersion} ${kind} in the catalog`);
  return s;
};

const NOW = '2026-11-28T12:00:00Z';

const cases: { name: string; obj: Record<string, unknown>; opts: FieldManagerOptions }[] = [
  {
    name: 'ConfigMap with data and labels',
    obj: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', labels: { app: 'x' }, annotations: { note: '' } }, data: { payload: 'x'.repeat(900), empty: '' } },
    opts: { apiVersion: 'v1', schema: schemaOf('v1', 'ConfigMap'), now: NOW },
  },
  {
    name: 'ConfigMap with only a name (every field stripped: no entry)',
    obj: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'only', namespace: 'ns' } },
    opts: { apiVersion: 'v1', schema: schemaOf('v1', 'ConfigMap'), now: NOW },
  },
  {
    name: 'Pod with keyed lists, status ignored',
    obj: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'ns', finalizers: ['a/b'], ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'a', uid: 'u1' }] },
      spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 443, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }] }], tolerations: [{ key: 'k' }, { key: 'k' }] },
      status: { phase: 'Pending' },
    },
    opts: { apiVersion: 'v1', schema: schemaOf('v1', 'Pod'), now: NOW, ignoredFields: [['status']] },
  },
  {
    name: 'Deployment through a subresource-less endpoint with an empty manager',
    obj: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' }, spec: { replicas: 0, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } },
    opts: { apiVersion: 'apps/v1', schema: schemaOf('apps/v1', 'Deployment'), now: NOW },
  },
  {
    name: 'unstructured object written through a subresource',
    obj: { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't' }, spec: { list: [1, 2, 2], nested: { a: null, b: {} } }, status: { x: 1 } },
    opts: { apiVersion: 'example.com/v1', schema: 'unstructured', now: NOW, subresource: 'status', ignoredFields: [['spec']] },
  },
];

for (const c of cases) {
  test(`create managedFields equal the general update chain's: ${c.name}`, () => {
    for (const manager of ['kubectl-create', '']) {
      const created = update(undefined, structuredClone(c.obj), manager, c.opts);
      const general = update({}, structuredClone(c.obj), manager, c.opts);
      assert.equal(JSON.stringify(created), JSON.stringify(general));
    }
  });
}

test('a create by one manager has one Update entry owning what it sent (fieldsV1 as upstream writes it)', () => {
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', labels: { app: 'x' } }, data: { payload: 'p' } };
  const entries = update(undefined, obj, 'kubectl-create', { apiVersion: 'v1', schema: schemaOf('v1', 'ConfigMap'), now: NOW });
  assert.equal(
    JSON.stringify(entries),
    JSON.stringify([
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'v1',
        time: NOW,
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { '.': {}, 'f:payload': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } },
      },
    ]),
  );
});

test('a create whose body brings managedFields of its own keeps the entries it does not take over (general path)', () => {
  // Everything the body sets counts as added, so its writer takes it over; "other" keeps f:z.
  const theirs = [{ manager: 'other', operation: 'Update', apiVersion: 'v1', time: '2020-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:z': {} } } }];
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', managedFields: theirs }, data: { x: '1', y: '2' } };
  const entries = update(undefined, obj, 'mine', { apiVersion: 'v1', schema: schemaOf('v1', 'ConfigMap'), now: NOW });
  // Entries sorted by time, the oldest first (managedFields sorting in managedfields.go).
  assert.deepEqual(
    entries.map((e) => [e.manager, JSON.stringify(e.fieldsV1)]),
    [
      ['other', '{"f:data":{"f:z":{}}}'],
      ['mine', '{"f:data":{".":{},"f:x":{},"f:y":{}}}'],
    ],
  );
});
