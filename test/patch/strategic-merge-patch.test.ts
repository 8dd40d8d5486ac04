import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyStrategicMergePatch } from '../../src/patch/strategic-merge-patch.js';
import { mapSchema, mergeListByKey, structSchema, type PatchSchema } from '../../src/patch/schema.js';
import type { FieldValidation } from '../../src/patch/body.js';
import { UNPROCESSABLE, expectStatusError, frozen, type ExpectedError } from './support.js';
import { ApiserverPanic } from '../../src/patch/errors.js';

// The test type upstream's strategicpatch tests use (MergeItem), as patch metadata.
const retainKeysMergeItem: PatchSchema = structSchema('RetainKeysMergeItem', () => ({
  name: {},
  value: {},
  other: {},
  simpleMap: { schema: mapSchema() },
  mergingIntList: { meta: { strategies: ['merge'] } },
  mergingList: mergeListByKey('name', mergeItem),
  nonMergingList: { items: mergeItem },
}));
const mergeItem: PatchSchema = structSchema('MergeItem', () => ({
  name: {},
  value: {},
  other: {},
  mergingList: mergeListByKey('name', mergeItem),
  nonMergingList: { items: mergeItem },
  mergingIntList: { meta: { strategies: ['merge'] } },
  nonMergingIntList: {},
  mergeItemPtr: { meta: { strategies: ['merge'], mergeKey: 'name' }, schema: mergeItem },
  simpleMap: { schema: mapSchema() },
  replacingItem: { meta: { strategies: ['replace'] } },
  retainKeysMap: { meta: { strategies: ['retainKeys'] }, schema: retainKeysMergeItem },
  retainKeysMergingList: { meta: { strategies: ['merge', 'retainKeys'], mergeKey: 'name' }, items: mergeItem },
}));

// A slice of the Pod type's patch tags.
const objectMeta = structSchema('ObjectMeta', {
  name: {},
  namespace: {},
  labels: { schema: mapSchema() },
  annotations: { schema: mapSchema() },
  finalizers: { meta: { strategies: ['merge'] } },
  ownerReferences: mergeListByKey('uid'),
  resourceVersion: {},
});
const container = structSchema('Container', {
  name: {},
  image: {},
  imagePullPolicy: {},
  args: {},
  ports: mergeListByKey('containerPort'),
  env: mergeListByKey('name'),
  volumeMounts: mergeListByKey('mountPath'),
  resources: { schema: structSchema('ResourceRequirements', { limits: { schema: mapSchema() }, requests: { schema: mapSchema() } }) },
});
const volumeSource = structSchema('Volume', { name: {}, emptyDir: {}, configMap: {}, secret: {}, hostPath: {} });
const podSpec = structSchema('PodSpec', {
  containers: mergeListByKey('name', container),
  initContainers: mergeListByKey('name', container),
  volumes: { meta: { strategies: ['merge', 'retainKeys'], mergeKey: 'name' }, items: volumeSource },
  tolerations: {},
  nodeSelector: { schema: mapSchema() },
  restartPolicy: {},
});
const pod = structSchema('Pod', { apiVersion: {}, kind: {}, metadata: { schema: objectMeta }, spec: { schema: podSpec }, status: {} });

interface Scenario {
  name: string;
  original: unknown;
  patch: string;
  schema?: PatchSchema | null;
  want?: unknown;
  error?: ExpectedError;
  fieldValidation?: FieldValidation;
  strictErrors?: string[];
}

const server = (message: string): ExpectedError => ({ code: 500, reason: '', message });
const badRequest = (message: string): ExpectedError => ({ code: 400, reason: 'BadRequest', message });

const scenarios: Scenario[] = [
  // ---- maps and scalars ----
  { name: 'add, change and delete fields', original: { name: '1', value: '1', other: 'a' }, patch: '{"value":"2","other":null,"simpleMap":{"k":"v"}}', want: { name: '1', value: '2', simpleMap: { k: 'v' } } },
  { name: 'null for a missing field is dropped', original: { name: '1' }, patch: '{"value":null}', want: { name: '1' } },
  { name: 'nulls inside a new subtree are dropped', original: {}, patch: '{"mergeItemPtr":{"name":"a","value":null,"mergingList":[{"name":"x","value":null}]}}', want: { mergeItemPtr: { name: 'a', mergingList: [{ name: 'x' }] } } },
  { name: 'nested maps merge', original: { simpleMap: { a: '1', b: '2' } }, patch: '{"simpleMap":{"b":"3","c":"4","a":null}}', want: { simpleMap: { b: '3', c: '4' } } },
  { name: 'a type change replaces the value', original: { mergingList: [{ name: 'a' }] }, patch: '{"mergingList":{"name":"x"}}', want: { mergingList: { name: 'x' } } },
  { name: 'patchStrategy replace on a map replaces it', original: { replacingItem: { a: 1, b: 2 } }, patch: '{"replacingItem":{"c":3}}', want: { replacingItem: { c: 3 } } },
  { name: 'empty patch', original: { name: 'a' }, patch: '{}', want: { name: 'a' } },
  { name: 'null patch', original: { name: 'a' }, patch: 'null', want: { name: 'a' } },

  // ---- $patch on maps ----
  { name: '$patch: replace on a map', original: { mergeItemPtr: { name: 'a', value: '1' } }, patch: '{"mergeItemPtr":{"$patch":"replace","name":"b"}}', want: { mergeItemPtr: { name: 'b' } } },
  { name: '$patch: delete on a map leaves an empty map', original: { simpleMap: { key1: '1' } }, patch: '{"simpleMap":{"$patch":"delete"}}', want: { simpleMap: {} } },
  { name: '$patch: delete on a missing map adds nothing', original: { name: 'a' }, patch: '{"mergeItemPtr":{"$patch":"delete"}}', want: { name: 'a' } },
  { name: '$patch: replace on a missing map adds nothing', original: { name: 'a' }, patch: '{"mergeItemPtr":{"$patch":"replace","name":"b"}}', want: { name: 'a' } },
  { name: '$patch: replace at the top replaces the object', original: { name: 'a', value: 'b' }, patch: '{"$patch":"replace","other":"c"}', want: { other: 'c' } },
  { name: '$patch: delete at the top empties the object', original: { name: 'a' }, patch: '{"$patch":"delete"}', want: {} },
  { name: 'unknown $patch value on a map', original: { name: 'a' }, patch: '{"$patch":"foo","name":"b"}', error: server('unknown patch type: foo in map: map[$patch:foo name:b]') },
  { name: '$patch: merge on a map is unknown', original: { simpleMap: {} }, patch: '{"simpleMap":{"$patch":"merge"}}', error: server('unknown patch type: merge in map: map[$patch:merge]') },
  { name: 'non-string $patch value', original: {}, patch: '{"$patch":1}', error: server('unknown patch type: %!s(int64=1) in map: map[$patch:1]') },

  // ---- lists of maps with a merge key ----
  {
    name: 'merge list: elements merge by key',
    original: { mergingList: [{ name: '1', value: 'a' }, { name: '2', value: 'b' }] },
    patch: '{"mergingList":[{"name":"2","value":"c"},{"name":"3"}]}',
    want: { mergingList: [{ name: '1', value: 'a' }, { name: '2', value: 'c' }, { name: '3' }] },
  },
  {
    name: 'merge list: a new element is placed before the live ones',
    original: { mergingList: [{ name: '1' }, { name: '2' }] },
    patch: '{"mergingList":[{"name":"3"}]}',
    want: { mergingList: [{ name: '3' }, { name: '1' }, { name: '2' }] },
  },
  {
    name: 'merge list: patched elements take the patch order, live-only ones keep their place',
    original: { mergingList: [{ name: '1' }, { name: '2' }, { name: '3' }] },
    patch: '{"mergingList":[{"name":"3","value":"x"},{"name":"1","value":"y"}]}',
    want: { mergingList: [{ name: '2' }, { name: '3', value: 'x' }, { name: '1', value: 'y' }] },
  },
  {
    name: 'merge list: nested merge lists merge too',
    original: { mergingList: [{ name: '1', mergingList: [{ name: 'a', value: '1' }] }] },
    patch: '{"mergingList":[{"name":"1","mergingList":[{"name":"a","other":"2"},{"name":"b"}]}]}',
    want: { mergingList: [{ name: '1', mergingList: [{ name: 'a', value: '1', other: '2' }, { name: 'b' }] }] },
  },
  {
    name: 'merge list: $patch: delete removes every matching element',
    original: { mergingList: [{ name: '1' }, { name: '1' }, { name: '2', value: 'a' }, { name: '3' }, { name: '3' }] },
    patch: '{"mergingList":[{"name":"1","$patch":"delete"},{"name":"3","$patch":"delete"}]}',
    want: { mergingList: [{ name: '2', value: 'a' }] },
  },
  {
    name: 'merge list: $patch: replace keeps only the patch elements',
    original: { mergingList: [{ name: '1' }, { name: '2' }] },
    patch: '{"mergingList":[{"name":"1","value":"a"},{"$patch":"replace"}]}',
    want: { mergingList: [{ name: '1', value: 'a' }] },
  },
  {
    name: 'merge list: $patch: delete without the merge key',
    original: { mergingList: [{ name: '1' }] },
    patch: '{"mergingList":[{"$patch":"delete","value":"a"}]}',
    error: server('map: map[$patch:delete value:a] does not contain declared merge key: name'),
  },
  { name: 'merge list: $patch: merge element', original: { mergingList: [{ name: '1' }] }, patch: '{"mergingList":[{"$patch":"merge"}]}', error: server('merging lists cannot yet be specified in the patch') },
  {
    name: 'merge list: unknown $patch element',
    original: { mergingList: [{ name: '1' }] },
    patch: '{"mergingList":[{"name":"1","$patch":"foo"}]}',
    error: server('unknown patch type: foo in map: map[$patch:foo name:1]'),
  },
  { name: 'merge list: element without the merge key', original: { mergingList: [{ name: '1' }] }, patch: '{"mergingList":[{"value":"1"}]}', error: server('map: map[value:1] does not contain declared merge key: name') },
  {
    name: 'merge list: mixed element types',
    original: { mergingList: [{ name: '1' }] },
    patch: '{"mergingList":["x"]}',
    error: server('list element types are not identical: [[map[name:1]] [x]]'),
  },
  { name: 'primitive merge list: a null element', original: { mergingIntList: [1] }, patch: '{"mergingIntList":[null,2]}', error: server('list element types are not identical: [[1] [<nil> 2]]') },
  { name: 'merge list: a list of lists', original: { mergingList: [['a']] }, patch: '{"mergingList":[["b"]]}', error: UNPROCESSABLE },
  { name: 'merge list into a missing list: directives are removed', original: {}, patch: '{"mergingList":[{"name":"1"},{"name":"2","$patch":"delete"}]}', want: { mergingList: [{ name: '1' }] } },
  { name: 'merge list: both empty', original: { mergingList: [] }, patch: '{"mergingList":[]}', want: { mergingList: [] } },
  {
    name: 'a list without a merge strategy is replaced',
    original: { nonMergingList: [{ name: '1' }, { name: '2' }] },
    patch: '{"nonMergingList":[{"name":"3"}]}',
    want: { nonMergingList: [{ name: '3' }] },
  },

  // ---- primitive lists ----
  { name: 'primitive merge list: union, new values first', original: { mergingIntList: [1, 2] }, patch: '{"mergingIntList":[2,3]}', want: { mergingIntList: [1, 2, 3] } },
  { name: 'primitive merge list: a new value goes before the live ones', original: { mergingIntList: [1, 2] }, patch: '{"mergingIntList":[3]}', want: { mergingIntList: [3, 1, 2] } },
  { name: 'primitive merge list: duplicates collapse', original: { mergingIntList: [1, 1, 2] }, patch: '{"mergingIntList":[2,2]}', want: { mergingIntList: [1, 2] } },
  { name: 'primitive non-merge list is replaced', original: { nonMergingIntList: [1, 2] }, patch: '{"nonMergingIntList":[3]}', want: { nonMergingIntList: [3] } },
  { name: '$deleteFromPrimitiveList', original: { mergingIntList: [1, 2, 3, 2] }, patch: '{"$deleteFromPrimitiveList/mergingIntList":[2]}', want: { mergingIntList: [1, 3] } },
  { name: '$deleteFromPrimitiveList of every value leaves an empty list', original: { mergingIntList: [1, 2] }, patch: '{"$deleteFromPrimitiveList/mergingIntList":[1,2]}', want: { mergingIntList: [] } },
  { name: '$deleteFromPrimitiveList on a missing list does nothing', original: { name: 'a' }, patch: '{"$deleteFromPrimitiveList/mergingIntList":[1]}', want: { name: 'a' } },
  { name: '$deleteFromPrimitiveList works on a list without merge strategy', original: { nonMergingIntList: [1, 2] }, patch: '{"$deleteFromPrimitiveList/nonMergingIntList":[1]}', want: { nonMergingIntList: [2] } },
  { name: '$deleteFromPrimitiveList: null deletes the field', original: { mergingIntList: [1] }, patch: '{"$deleteFromPrimitiveList/mergingIntList":null}', want: {} },
  { name: 'malformed $deleteFromPrimitiveList key', original: {}, patch: '{"$deleteFromPrimitiveListmergingIntList":[1]}', error: badRequest('invalid patch format of primitive list') },

  // ---- $setElementOrder ----
  {
    name: '$setElementOrder orders a merge list (patch order wins)',
    original: { mergingList: [{ name: '1' }, { name: '2' }] },
    patch: '{"$setElementOrder/mergingList":[{"name":"2"},{"name":"1"},{"name":"3"}],"mergingList":[{"name":"3","value":"x"}]}',
    want: { mergingList: [{ name: '2' }, { name: '1' }, { name: '3', value: 'x' }] },
  },
  {
    name: '$setElementOrder: server-only elements keep their live position',
    original: { mergingList: [{ name: '1' }, { name: '2' }, { name: '3' }] },
    patch: '{"$setElementOrder/mergingList":[{"name":"3"},{"name":"1"}]}',
    want: { mergingList: [{ name: '2' }, { name: '3' }, { name: '1' }] },
  },
  {
    name: '$setElementOrder with a deletion',
    original: { mergingList: [{ name: '1' }, { name: '2' }, { name: '3' }] },
    patch: '{"$setElementOrder/mergingList":[{"name":"3"},{"name":"1"}],"mergingList":[{"name":"2","$patch":"delete"}]}',
    want: { mergingList: [{ name: '3' }, { name: '1' }] },
  },
  {
    name: '$setElementOrder on a primitive list with additions and a parallel deletion',
    original: { mergingIntList: [1, 2, 3] },
    patch: '{"$setElementOrder/mergingIntList":[4,1,3],"mergingIntList":[4],"$deleteFromPrimitiveList/mergingIntList":[2]}',
    want: { mergingIntList: [4, 1, 3] },
  },
  { name: '$setElementOrder reorders a primitive list', original: { mergingIntList: [1, 2, 3] }, patch: '{"$setElementOrder/mergingIntList":[3,2,1]}', want: { mergingIntList: [3, 2, 1] } },
  {
    name: '$setElementOrder for a list only in the patch',
    original: {},
    patch: '{"$setElementOrder/mergingList":[{"name":"b"},{"name":"a"}],"mergingList":[{"name":"b"},{"name":"a","$patch":"delete"}]}',
    want: { mergingList: [{ name: 'b' }] },
  },
  { name: '$setElementOrder for a list nowhere', original: { name: 'x' }, patch: '{"$setElementOrder/mergingList":[{"name":"b"}]}', want: { name: 'x' } },
  {
    name: '$setElementOrder contradicting the patch list',
    original: { mergingList: [{ name: '1' }] },
    patch: '{"$setElementOrder/mergingList":[{"name":"1"}],"mergingList":[{"name":"2"}]}',
    error: server('The order in patch list:\n[map[name:2]]\n doesn\'t match $setElementOrder list:\n[map[name:1]]\n'),
  },
  { name: '$setElementOrder that is not a list', original: {}, patch: '{"$setElementOrder/mergingList":"x"}', error: server('expected a []interface {}, but received a string') },
  { name: 'malformed $setElementOrder key', original: {}, patch: '{"$setElementOrdermergingList":[]}', error: badRequest('invalid patch format of setElementOrder list') },
  { name: '$setElementOrder on an empty live list', original: { mergingIntList: [] }, patch: '{"$setElementOrder/mergingIntList":[]}', error: server('no elements in any of the given slices') },
  {
    name: '$setElementOrder entries without the merge key',
    original: { mergingList: [{ name: '1' }] },
    patch: '{"$setElementOrder/mergingList":[{"value":"1"}]}',
    error: server('map: map[value:1] does not contain declared merge key: name'),
  },

  // ---- $retainKeys ----
  {
    name: '$retainKeys clears the keys it does not list',
    original: { retainKeysMap: { name: 'foo', value: 'bar', other: 'x' } },
    patch: '{"retainKeysMap":{"$retainKeys":["name","value"],"value":"baz"}}',
    want: { retainKeysMap: { name: 'foo', value: 'baz' } },
  },
  {
    name: '$retainKeys with a key only in the patch',
    original: { retainKeysMap: { name: 'foo', value: 'bar' } },
    patch: '{"retainKeysMap":{"$retainKeys":["name","other"],"other":"x"}}',
    want: { retainKeysMap: { name: 'foo', other: 'x' } },
  },
  {
    name: '$retainKeys ignores nulls and parallel lists in the patch',
    original: { retainKeysMap: { name: 'foo', value: 'bar', mergingIntList: [1, 2] } },
    patch: '{"retainKeysMap":{"$retainKeys":["name","mergingIntList"],"value":null,"$deleteFromPrimitiveList/mergingIntList":[1]}}',
    want: { retainKeysMap: { name: 'foo', mergingIntList: [2] } },
  },
  {
    name: '$retainKeys in merge-list elements',
    original: { retainKeysMergingList: [{ name: '1', value: 'a', other: 'b' }] },
    patch: '{"retainKeysMergingList":[{"name":"1","$retainKeys":["name","other"]}]}',
    want: { retainKeysMergingList: [{ name: '1', other: 'b' }] },
  },
  { name: '$retainKeys missing a patched key', original: { retainKeysMap: { name: 'foo' } }, patch: '{"retainKeysMap":{"$retainKeys":["name"],"value":"x"}}', error: badRequest('invalid patch format of retainKeys') },
  { name: '$retainKeys that is not a list', original: { retainKeysMap: { name: 'foo' } }, patch: '{"retainKeysMap":{"$retainKeys":"name"}}', error: badRequest('invalid patch format of retainKeys') },

  // ---- schema handling ----
  {
    name: 'unknown struct field holding an object on both sides',
    original: { unknownMap: { a: 1 } },
    patch: '{"unknownMap":{"b":2}}',
    error: server('unable to find api field in struct MergeItem for the json field "unknownMap"'),
  },
  { name: 'unknown struct field holding a scalar is taken', original: { unknownScalar: 1 }, patch: '{"unknownScalar":2,"newUnknown":{"x":1}}', want: { unknownScalar: 2, newUnknown: { x: 1 } } },
  {
    name: 'without a schema maps merge and lists are replaced',
    schema: null,
    original: { a: { b: 1, c: [1, 2] }, l: [{ name: 'x' }] },
    patch: '{"a":{"d":2,"c":[3]},"l":[{"name":"y"}]}',
    want: { a: { b: 1, c: [3], d: 2 }, l: [{ name: 'y' }] },
  },
  {
    name: 'without a schema $deleteFromPrimitiveList still deletes',
    schema: null,
    original: { finalizers: ['a', 'b'] },
    patch: '{"$deleteFromPrimitiveList/finalizers":["a"]}',
    want: { finalizers: ['b'] },
  },
  {
    name: 'a merge strategy without a merge key on a list of maps',
    schema: structSchema('T', { items: { meta: { strategies: ['merge'] }, items: structSchema('E', {}) } }),
    original: { items: [{ a: 1 }] },
    patch: '{"items":[{"a":2}]}',
    error: server('cannot merge lists without merge key for struct'),
  },
  {
    name: 'an invalid patch strategy combination',
    schema: structSchema('T', { items: { meta: { strategies: ['merge', 'replace'] } } }),
    original: { items: [1] },
    patch: '{"items":[2]}',
    error: server('unexpected patch strategy: [merge replace]'),
  },

  // ---- decoding ----
  { name: 'not an object', original: {}, patch: '[1]', error: badRequest('json: cannot unmarshal array into Go value of type map[string]interface {}') },
  { name: 'syntax error', original: {}, patch: '{"a":1,}', error: badRequest("invalid character '}' looking for beginning of object key string") },
  { name: 'syntax error (Ignore)', original: {}, patch: '{"a":1', fieldValidation: 'Ignore', error: badRequest('unexpected end of JSON input') },
  {
    name: 'duplicate fields are strict errors',
    original: { name: 'a' },
    patch: '{"value":"1","value":"2","mergingList":[{"name":"x","other":"1","other":"2"}]}',
    want: { name: 'a', value: '2', mergingList: [{ name: 'x', other: '2' }] },
    strictErrors: ['duplicate field "value"', 'duplicate field "mergingList[0].other"'],
  },
];

for (const s of scenarios) {
  test(`strategic merge patch: ${s.name}`, () => {
    const original = frozen(s.original);
    const schema = s.schema === null ? undefined : (s.schema ?? mergeItem);
    const opts = s.fieldValidation ? { fieldValidation: s.fieldValidation } : {};
    if (s.error) {
      expectStatusError(() => applyStrategicMergePatch(original, s.patch, schema, opts), s.error);
      return;
    }
    const out = applyStrategicMergePatch(original, s.patch, schema, opts);
    assert.deepEqual(out.object, s.want);
    assert.deepEqual(out.strictErrors, s.strictErrors ?? []);
  });
}

// ---- a Pod, patched the ways kubectl patches it ----

const livePod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web',
    namespace: 'default',
    labels: { app: 'web', tier: 'fe' },
    finalizers: ['example.com/a', 'example.com/b'],
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'u1' }],
  },
  spec: {
    containers: [
      {
        name: 'app',
        image: 'nginx:1.25',
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
        args: ['--x', '--y'],
      },
      { name: 'sidecar', image: 'envoy:1' },
    ],
    volumes: [{ name: 'data', emptyDir: {} }],
    tolerations: [{ key: 'k', operator: 'Exists' }],
    restartPolicy: 'Always',
  },
};

test('strategic merge patch: kubectl set image style patch on one container', () => {
  const out = applyStrategicMergePatch(frozen(livePod), '{"spec":{"containers":[{"name":"app","image":"nginx:1.27"}]}}', pod);
  const spec = (out.object as typeof livePod).spec;
  assert.equal(spec.containers[0]!.image, 'nginx:1.27');
  assert.deepEqual(spec.containers[0]!.env, livePod.spec.containers[0]!.env);
  assert.deepEqual(spec.containers[1], livePod.spec.containers[1]);
});

test('strategic merge patch: client-side apply patch with $setElementOrder, deletions and retainKeys', () => {
  const patch = JSON.stringify({
    metadata: {
      labels: { tier: null, version: 'v2' },
      '$deleteFromPrimitiveList/finalizers': ['example.com/a'],
    },
    spec: {
      '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'app' }, { name: 'log' }],
      containers: [
        {
          name: 'app',
          '$setElementOrder/env': [{ name: 'B' }, { name: 'C' }],
          env: [{ name: 'A', $patch: 'delete' }, { name: 'C', value: '3' }],
          ports: [{ containerPort: 443 }],
          args: ['--z'],
        },
        { name: 'log', image: 'busybox' },
      ],
      volumes: [{ name: 'data', $retainKeys: ['configMap', 'name'], configMap: { name: 'cm' } }],
      tolerations: [{ key: 'other', operator: 'Exists' }],
    },
  });
  interface Container {
    name: string;
    env?: unknown;
    ports?: unknown;
    args?: unknown;
  }
  const out = applyStrategicMergePatch(frozen(livePod), patch, pod).object as {
    metadata: unknown;
    spec: { containers: Container[]; volumes: unknown; tolerations: unknown; restartPolicy: string };
  };
  assert.deepEqual(out.metadata, {
    name: 'web',
    namespace: 'default',
    labels: { app: 'web', version: 'v2' },
    finalizers: ['example.com/b'],
    ownerReferences: livePod.metadata.ownerReferences,
  });
  assert.deepEqual(
    out.spec.containers.map((c) => c.name),
    ['sidecar', 'app', 'log'],
  );
  const app = out.spec.containers[1]!;
  assert.deepEqual(app.env, [
    { name: 'B', value: '2' },
    { name: 'C', value: '3' },
  ]);
  assert.deepEqual(app.ports, [{ containerPort: 443 }, { containerPort: 80, protocol: 'TCP' }]);
  assert.deepEqual(app.args, ['--z']);
  assert.deepEqual(out.spec.volumes, [{ name: 'data', configMap: { name: 'cm' } }]);
  assert.deepEqual(out.spec.tolerations, [{ key: 'other', operator: 'Exists' }]);
  assert.equal(out.spec.restartPolicy, 'Always');
});

test('strategic merge patch: the original is never mutated, even when the patch fails', () => {
  const original = structuredClone(livePod);
  expectStatusError(
    () => applyStrategicMergePatch(original, '{"metadata":{"labels":{"x":"y"}},"spec":{"containers":[{"image":"no-name"}]}}', pod),
    server('map: map[image:no-name] does not contain declared merge key: name'),
  );
  assert.deepEqual(original, livePod);
});

test('strategic merge patch: unknown Pod field holding an object on both sides', () => {
  expectStatusError(
    () => applyStrategicMergePatch({ spec: { bogus: { a: 1 } } }, '{"spec":{"bogus":{"b":1}}}', pod),
    server('unable to find api field in struct PodSpec for the json field "bogus"'),
  );
});

test('strategic merge patch: inputs that make upstream panic answer like its panic recovery', () => {
  const panics: Array<[unknown, string]> = [
    // $setElementOrder on a list of maps without a merge key hashes maps.
    [{ nonMergingList: [{ name: '1' }] }, '{"$setElementOrder/nonMergingList":[{"name":"1"}]}'],
    // A merge whose first element is null.
    [{ mergingIntList: [] }, '{"mergingIntList":[null,2]}'],
  ];
  for (const [original, patch] of panics) {
    const err = expectStatusError(() => applyStrategicMergePatch(original, patch, mergeItem), { code: 500 });
    assert.ok(err instanceof ApiserverPanic, patch);
  }
});
