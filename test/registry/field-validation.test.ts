// fieldValidation: unknown and duplicate fields found from the real schemas, worded and
// ordered as kube-apiserver v1.34 reports them, and the outcome of the three modes for
// create/update bodies, patches, YAML bodies and server-side apply.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { StatusError } from '../../src/apimachinery/errors.js';
import { kubeYamlSchema } from '../../src/encoding/yaml.js';
import {
  applyApplyPatchFieldValidation,
  applyFieldValidation,
  applyPatchFieldValidation,
  bodyFieldValidation,
  fieldValidationDirective,
  fieldValidationMode,
  findPatchedObjectUnknownFields,
  findUnknownFields,
  findYamlStrictErrors,
  goFormatFloatG,
  goPlusV,
  validateFieldValidation,
  yamlDuplicateKeyError,
} from '../../src/registry/field-validation.js';
import { int32, map, object, string } from '../../src/types/schema.js';
import { ControllerRevision, Deployment } from '../../src/types/schemas/apps.js';
import { Pod } from '../../src/types/schemas/core.js';

function statusOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  assert.fail('expected a StatusError');
}

// ---- detection (the strict JSON decoder) ----

test('unknown fields at every depth of a Pod, in document order, with list indices', () => {
  const body = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', zzz: 1 },
    spec: {
      zeta: true,
      containers: [
        { name: 'a', image: 'x', bogus: { nested: 1 } },
        { name: 'b', image: 'y', volumeMounts: [{ name: 'v', mountPath: '/v', mountFoo: 1 }] },
      ],
      alpha: true,
    },
    status: { phase: 'Pending', weird: 1 },
  });
  assert.deepEqual(findUnknownFields(body, Pod), [
    'unknown field "metadata.zzz"',
    'unknown field "spec.zeta"',
    'unknown field "spec.containers[0].bogus"',
    'unknown field "spec.containers[1].volumeMounts[0].mountFoo"',
    'unknown field "spec.alpha"',
    'unknown field "status.weird"',
  ]);
});

test('a clean Pod has no findings; field names are case-sensitive', () => {
  const clean = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { 'any/key': 'v' } }, spec: { containers: [{ name: 'a', image: 'x' }] } };
  assert.deepEqual(findUnknownFields(JSON.stringify(clean), Pod), []);
  assert.deepEqual(findUnknownFields({ ...clean, Spec: {} }, Pod), ['unknown field "Spec"']);
});

test('map values are never unknown; a map of structs puts the key in the path', () => {
  const pod = {
    metadata: { labels: { a: '1', 'b.example.com/c': '2' }, annotations: { x: 'y' } },
    spec: {
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      overhead: { cpu: '1', 'example.com/gpu': '2' },
      containers: [{ name: 'a', resources: { limits: { 'hugepages-2Mi': '1Gi' }, requests: { anything: '1' } } }],
    },
  };
  assert.deepEqual(findUnknownFields(JSON.stringify(pod), Pod), []);
  const Item = object('test.Item', { size: int32() });
  const Holder = object('test.Holder', { items: map(Item) });
  assert.deepEqual(findUnknownFields('{"items":{"first":{"size":1,"colour":"red"}}}', Holder), ['unknown field "items.first.colour"']);
});

test('duplicate fields: struct fields, map keys, inside list items; Go-quoted paths', () => {
  const body =
    '{"metadata":{"name":"p","name":"q","labels":{"a":"1","a":"2"}},' +
    '"spec":{"containers":[{"name":"c","image":"x","image":"y"}],"containers":[{"name":"d"}]}}';
  assert.deepEqual(findUnknownFields(body, Pod), [
    'duplicate field "metadata.name"',
    'duplicate field "metadata.labels.a"',
    'duplicate field "spec.containers[0].image"',
    'duplicate field "spec.containers"',
  ]);
});

test('a repeated unknown field is reported once, as unknown, and its value is not looked into', () => {
  const body = '{"spec":{"foo":{"x":1,"x":2},"foo":{"y":1}}}';
  assert.deepEqual(findUnknownFields(body, Pod), ['unknown field "spec.foo"']);
});

test('preserve-unknown values accept anything: RawExtension, FieldsV1, Quantity, IntOrString', () => {
  const revision = '{"metadata":{"name":"r","managedFields":[{"manager":"m","fieldsV1":{"f:spec":{"f:x":{}},"f:spec":{}}}]},"data":{"anything":{"goes":[1,2]},"anything":2},"revision":1}';
  assert.deepEqual(findUnknownFields(revision, ControllerRevision), []);
  const pod = '{"spec":{"containers":[{"name":"c","ports":[{"containerPort":80}],"resources":{"limits":{"cpu":{"odd":1}}},"livenessProbe":{"httpGet":{"port":{"odd":1}}}}]}}';
  assert.deepEqual(findUnknownFields(pod, Pod), []);
  const Free = object('test.Free', { known: string() }, { extensions: { 'x-kubernetes-preserve-unknown-fields': true } });
  assert.deepEqual(findUnknownFields('{"known":"a","other":{"deep":1},"dup":1,"dup":2}', Free), ['duplicate field "dup"']);
});

test('embedded (inline) structs: their fields are known on the outer object, and unknowns name no embedding', () => {
  const pod = {
    spec: {
      volumes: [{ name: 'v', configMap: { name: 'cm', items: [{ key: 'k', path: 'p' }] }, emptyDirX: {} }],
      containers: [
        {
          name: 'c',
          env: [{ name: 'E', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k', extra: 1 } } }],
          livenessProbe: { httpGet: { port: 80 }, periodSeconds: 5, handler: {} },
        },
      ],
    },
  };
  assert.deepEqual(findUnknownFields(JSON.stringify(pod), Pod), [
    'unknown field "spec.volumes[0].emptyDirX"',
    'unknown field "spec.containers[0].env[0].valueFrom.configMapKeyRef.extra"',
    'unknown field "spec.containers[0].livenessProbe.handler"',
  ]);
});

test('a type mismatch is not looked into; malformed JSON yields nothing (decoding reports it)', () => {
  assert.deepEqual(findUnknownFields('{"spec":"text","metadata":[{"x":1}]}', Pod), []);
  assert.deepEqual(findUnknownFields('{"spec": {', Pod), []);
});

test('each finding once, at most 100, and special characters quoted as Go does', () => {
  const spec: Record<string, number> = {};
  for (let i = 0; i < 150; i++) spec[`f${i}`] = i;
  const found = findUnknownFields(JSON.stringify({ spec }), Pod);
  assert.equal(found.length, 100);
  assert.equal(found[0], 'unknown field "spec.f0"');
  assert.equal(found[99], 'unknown field "spec.f99"');
  assert.deepEqual(findUnknownFields('{"spec":{"a\\"b\\nc":1}}', Pod), ['unknown field "spec.a\\"b\\nc"']);
});

test('bytes, strings and decoded values give the same findings; a decoded value cannot show duplicates', () => {
  const text = '{"spec":{"foo":1,"containers":[{"name":"a","name":"b"}]}}';
  const expected = ['unknown field "spec.foo"', 'duplicate field "spec.containers[0].name"'];
  assert.deepEqual(findUnknownFields(text, Pod), expected);
  assert.deepEqual(findUnknownFields(Buffer.from(text), Pod), expected);
  assert.deepEqual(findUnknownFields(Buffer.from(text), Pod, JSON.parse(text)), expected);
  assert.deepEqual(findUnknownFields(JSON.parse(text), Pod), ['unknown field "spec.foo"']);
});

// ---- modes: create and update ----

test('fieldValidation: empty or absent is Warn; invalid values are upstream\'s 422', () => {
  assert.equal(fieldValidationDirective(undefined), 'Warn');
  assert.equal(fieldValidationDirective(''), 'Warn');
  assert.equal(fieldValidationMode(new URLSearchParams(''), 'CreateOptions'), 'Warn');
  assert.equal(fieldValidationMode(new URLSearchParams('fieldValidation='), 'UpdateOptions'), 'Warn');
  assert.equal(fieldValidationMode(new URLSearchParams('fieldValidation=Ignore'), 'PatchOptions'), 'Ignore');
  assert.equal(fieldValidationMode(new URLSearchParams('fieldValidation=Strict'), 'CreateOptions'), 'Strict');
  assert.deepEqual(validateFieldValidation('Warn'), []);
  const err = statusOf(() => fieldValidationMode(new URLSearchParams('fieldValidation=strict'), 'CreateOptions'));
  assert.equal(err.code, 422);
  assert.equal(err.status.reason, 'Invalid');
  assert.equal(
    err.status.message,
    'CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"',
  );
  assert.deepEqual(err.status.details, {
    group: 'meta.k8s.io',
    kind: 'CreateOptions',
    causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"', field: 'fieldValidation' }],
  });
});

test('Ignore drops findings, Warn returns one warning each, Strict is a 400 listing all', () => {
  const problems = findUnknownFields('{"spec":{"foo":1,"bar":2,"foo":3}}', Deployment);
  assert.deepEqual(problems, ['unknown field "spec.foo"', 'unknown field "spec.bar"']);
  const target = { kind: 'Deployment', version: 'v1' };
  assert.deepEqual(applyFieldValidation('Ignore', problems, target), []);
  assert.deepEqual(applyFieldValidation('Warn', problems, target), ['unknown field "spec.foo"', 'unknown field "spec.bar"']);
  const err = statusOf(() => applyFieldValidation('Strict', problems, target));
  assert.equal(err.code, 400);
  assert.equal(err.status.reason, 'BadRequest');
  assert.equal(
    err.status.message,
    'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo", unknown field "spec.bar"',
  );
  assert.deepEqual(applyFieldValidation('Strict', [], target), []);
});

test('bodyFieldValidation: JSON and YAML bodies by encoding; protobuf is never strict', () => {
  const target = { kind: 'Pod', version: 'v1' };
  const json = Buffer.from('{"spec":{"foo":1,"containers":[]}}');
  assert.deepEqual(bodyFieldValidation('Warn', { body: json, encoding: 'json', type: Pod, target }), ['unknown field "spec.foo"']);
  assert.deepEqual(bodyFieldValidation('Warn', { body: json, encoding: 'protobuf', type: Pod, target }), []);
  assert.deepEqual(bodyFieldValidation('Warn', { body: json, encoding: 'json', type: undefined, target }), []);
  const text = 'spec:\n  foo: 1\n  foo: 2\n';
  const decoded = yaml.load(text, { schema: kubeYamlSchema, json: true });
  const err = statusOf(() => bodyFieldValidation('Strict', { body: Buffer.from(text), encoding: 'yaml', decoded, type: Pod, target }));
  assert.equal(
    err.status.message,
    'Pod in version "v1" cannot be handled as a Pod: strict decoding error: yaml: unmarshal errors:\n  line 3: key "foo" already set in map, unknown field "spec.foo"',
  );
});

// ---- YAML bodies ----

test('YAML: duplicate keys as yaml.v2 reports them (value lines), then unknown fields in sorted-key order', () => {
  const text = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: a',
    '  name: b',
    'spec:',
    '  zeta: 1',
    '  template:',
    '    spec:',
    '      containers:',
    '      - name: c',
    '        image: x',
    '        image: y',
    '  replicas: 1',
    '  replicas: 2',
    '  alpha: 1',
    '',
  ].join('\n');
  assert.equal(
    yamlDuplicateKeyError(text),
    'yaml: unmarshal errors:\n  line 5: key "name" already set in map\n  line 13: key "image" already set in map\n  line 15: key "replicas" already set in map',
  );
  const decoded = yaml.load(text, { schema: kubeYamlSchema, json: true });
  assert.deepEqual(findYamlStrictErrors(text, decoded, Deployment), [
    'yaml: unmarshal errors:\n  line 5: key "name" already set in map\n  line 13: key "image" already set in map\n  line 15: key "replicas" already set in map',
    'unknown field "spec.alpha"',
    'unknown field "spec.zeta"',
  ]);
});

test('YAML: a nested mapping value is reported at its first line; flow mappings too; none when clean', () => {
  assert.equal(yamlDuplicateKeyError('a:\n  x: 1\na:\n  y: 2\n'), 'yaml: unmarshal errors:\n  line 4: key "a" already set in map');
  assert.equal(yamlDuplicateKeyError('{"a": 1, "a": 2}'), 'yaml: unmarshal errors:\n  line 1: key "a" already set in map');
  assert.equal(yamlDuplicateKeyError('a: 1\nb: [1, 1]\n'), undefined);
  assert.equal(yamlDuplicateKeyError('a: [\n'), undefined);
});

// ---- patches ----

const patchedDeployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', labels: { app: 'x' } },
  spec: { zz: 1, selector: { matchLabels: { app: 'x' } }, template: { spec: { containers: [{ name: 'c', image: 'i', b: 1, a: 2 }] } } },
};

test('patched objects: JSON and merge patches in sorted-key order, strategic merge sorted by message', () => {
  assert.deepEqual(findPatchedObjectUnknownFields('merge', patchedDeployment, Deployment), [
    'unknown field "spec.template.spec.containers[0].a"',
    'unknown field "spec.template.spec.containers[0].b"',
    'unknown field "spec.zz"',
  ]);
  const Item = object('test.Item', { size: int32() });
  const Holder = object('test.Holder', { spec: object('test.Spec', { items: map(Item), b: string() }) });
  const patched = { spec: { items: { first: { size: 1, z: 1 }, second: { a: 1 } }, c: 1 } };
  // The converter leaves map keys out of the path.
  assert.deepEqual(findPatchedObjectUnknownFields('strategic', patched, Holder), [
    'unknown field "spec.c"',
    'unknown field "spec.items.a"',
    'unknown field "spec.items.z"',
  ]);
  assert.deepEqual(findPatchedObjectUnknownFields('json', patched, Holder), [
    'unknown field "spec.c"',
    'unknown field "spec.items.first.z"',
    'unknown field "spec.items.second.a"',
  ]);
});

test('patch Warn: the patch body\'s strict errors first, then the patched object\'s unknown fields', () => {
  const warnings = applyPatchFieldValidation('Warn', {
    kind: 'merge',
    patchStrictErrors: ['duplicate field "spec"'],
    patched: patchedDeployment,
    type: Deployment,
  });
  assert.deepEqual(warnings, [
    'duplicate field "spec"',
    'unknown field "spec.template.spec.containers[0].a"',
    'unknown field "spec.template.spec.containers[0].b"',
    'unknown field "spec.zz"',
  ]);
  assert.deepEqual(applyPatchFieldValidation('Ignore', { kind: 'merge', patchStrictErrors: ['duplicate field "spec"'], patched: patchedDeployment, type: Deployment }), []);
  const clean = { ...patchedDeployment, spec: { replicas: 2 } };
  assert.deepEqual(applyPatchFieldValidation('Strict', { kind: 'json', patchStrictErrors: [], patched: clean, type: Deployment }), []);
});

test('strategic merge patch Strict: 422 with the decoded patch printed by %+v', () => {
  const patchBody = '{"spec":{"zz":1,"replicas":3,"ratio":1.5,"big":1e6,"list":[1,"a",null,true],"o":{}},"metadata":{"labels":{"app":"x"}}}';
  const err = statusOf(() =>
    applyPatchFieldValidation('Strict', { kind: 'strategic', patchStrictErrors: [], patched: { spec: { zz: 1 } }, type: Deployment, patchBody }),
  );
  const value = 'map[metadata:map[labels:map[app:x]] spec:map[big:1e+06 list:[1 a <nil> true] o:map[] ratio:1.5 replicas:3 zz:1]]';
  assert.equal(err.code, 422);
  assert.equal(err.status.reason, 'Invalid');
  assert.equal(err.status.message, ` "" is invalid: patch: Invalid value: "${value}": strict decoding error: unknown field "spec.zz"`);
  assert.deepEqual(err.status.details, {
    causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: "${value}": strict decoding error: unknown field "spec.zz"`, field: 'patch' }],
  });
});

test('merge patch Strict: 422 with the patched JSON as the invalid value', () => {
  const patched = { kind: 'Deployment', spec: { zz: 'a<b' } };
  const err = statusOf(() => applyPatchFieldValidation('Strict', { kind: 'merge', patchStrictErrors: ['duplicate field "kind"'], patched, type: Deployment }));
  assert.equal(
    err.status.message,
    ' "" is invalid: patch: Invalid value: "{\\"kind\\":\\"Deployment\\",\\"spec\\":{\\"zz\\":\\"a\\\\u003cb\\"}}": strict decoding error: duplicate field "kind", unknown field "spec.zz"',
  );
});

test('Go %v of float64 and the patch map', () => {
  const cases: Array<[number, string]> = [
    [1e6, '1e+06'],
    [123456, '123456'],
    [1234567, '1.234567e+06'],
    [1.5, '1.5'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [-2.5e-7, '-2.5e-07'],
    [100, '100'],
  ];
  for (const [f, s] of cases) assert.equal(goFormatFloatG(f), s, String(f));
  assert.equal(goPlusV('{"b":2,"a":[],"c":9223372036854775808,"d":-9223372036854775808,"e":1.0}'), 'map[a:[] b:2 c:9.223372036854776e+18 d:-9223372036854775808 e:1]');
});

// ---- server-side apply ----

test('apply: duplicate keys warn, or fail Strict with upstream\'s 400', () => {
  const body = 'apiVersion: v1\nkind: ConfigMap\ndata:\n  a: "1"\n  a: "2"\n';
  const err = 'error converting YAML to JSON: yaml: unmarshal errors:\n  line 5: key "a" already set in map';
  // handlers/rest.go addStrictDecodingWarnings → parseYAMLWarnings: one warning per yaml line, header dropped.
  assert.deepEqual(applyApplyPatchFieldValidation('Warn', body), ['line 5: key "a" already set in map']);
  assert.deepEqual(applyApplyPatchFieldValidation('Ignore', body), []);
  const status = statusOf(() => applyApplyPatchFieldValidation('Strict', body));
  assert.equal(status.code, 400);
  assert.equal(status.status.message, `error strict decoding patch: ${err}`);
  assert.deepEqual(applyApplyPatchFieldValidation('Strict', 'a: 1\n'), []);
});
