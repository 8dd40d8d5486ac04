// Values upstream's typed decoding refuses are refused on every write path — create,
// update, the three patch types, server-side apply, status and scale — with the Status
// kube-apiserver answers. Expected bodies were taken from a real kube-apiserver given the
// same requests, and from the upstream code that produces them:
// k8s.io/apiserver/pkg/endpoints/handlers/{create,update,patch,rest}.go (transformDecodeError,
// the patchers' DecodeInto / FromUnstructuredWithValidation, addStrictDecodingWarnings),
// k8s.io/apimachinery/pkg/runtime/converter.go, metav1 time.go, Go's encoding/json and
// encoding/base64, and k8s.io/apimachinery/pkg/api/validation/objectmeta.go (generation).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const CM = '/api/v1/namespaces/default/configmaps';
const SECRETS = '/api/v1/namespaces/default/secrets';
const PODS = '/api/v1/namespaces/default/pods';
const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const MERGE = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';
const STRATEGIC = 'application/strategic-merge-patch+json';
const APPLY = 'application/apply-patch+yaml';

const handled = (kind: string, version = 'v1') => `${kind} in version "${version}" cannot be handled as a ${kind}: `;
const deployment = (name: string) => ({
  metadata: { name },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

/** The Status of a refused patch: errors.NewInvalid(schema.GroupKind{}, "", field.Invalid("patch", value, detail)). */
function assertPatchInvalid(r: HttpResult, value: string | RegExp, detail: string): void {
  assert.equal(r.status, 422, r.text);
  const s = r.json();
  assert.equal(s.reason, 'Invalid');
  assert.equal(s.code, 422);
  assert.equal(s.details.name, undefined);
  assert.equal(s.details.kind, undefined, 'an empty kind is omitted');
  assert.equal(s.details.causes.length, 1);
  const cause = s.details.causes[0];
  assert.equal(cause.reason, 'FieldValueInvalid');
  assert.equal(cause.field, 'patch');
  assert.ok(cause.message.endsWith(`": ${detail}`), cause.message);
  assert.equal(s.message, ` "" is invalid: patch: ${cause.message}`);
  const shown = JSON.parse(cause.message.slice('Invalid value: '.length, -(detail.length + 2)));
  if (typeof value === 'string') assert.equal(shown, value);
  else assert.match(shown, value);
}

describe('typed decoding on every write path (as kube-apiserver decodes into Go types)', () => {
  let srv: TestServer;
  const post = (path: string, raw: string, contentType = 'application/json') => srv.request('POST', path, { raw, headers: { 'content-type': contentType } });
  const patch = (path: string, raw: string, contentType: string) => srv.request('PATCH', path, { raw, headers: { 'content-type': contentType } });
  before(async () => {
    srv = await startTestServer();
    assert.equal((await srv.request('POST', DEPLOY, { body: deployment('web') })).status, 201);
    assert.equal((await srv.request('POST', CM, { body: { metadata: { name: 'base' }, data: { a: '1' } } })).status, 201);
  });
  after(async () => {
    await srv?.close();
  });

  it('metadata.generation: an out-of-range literal is a 400 quoting it; a negative one is invalid; a ConfigMap keeps its own', async () => {
    const big = await post(CM, '{"metadata":{"name":"g1","generation":99999999999999999999}}');
    assert.equal(big.status, 400, big.text);
    assert.equal(big.json().message, handled('ConfigMap') + 'json: cannot unmarshal number 99999999999999999999 into Go struct field ObjectMeta.metadata.generation of type int64');
    const negative = await post(CM, '{"metadata":{"name":"g2","generation":-5}}');
    assert.equal(negative.status, 422, negative.text);
    assert.equal(negative.json().message, 'ConfigMap "g2" is invalid: metadata.generation: Invalid value: -5: must be greater than or equal to 0');
    const kept = await post(CM, '{"metadata":{"name":"g3","generation":5}}');
    assert.equal(kept.status, 201, kept.text);
    assert.equal(kept.json().metadata.generation, 5, 'BeforeCreate leaves generation to strategies that track it');
    // BeforeUpdate: "Ensure requests cannot update generation".
    const put = await srv.request('PUT', `${CM}/g3`, { body: { metadata: { name: 'g3', generation: -3 } } });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.json().metadata.generation, 5);
  });

  it('creationTimestamp / deletionTimestamp that are not RFC 3339 are refused with time.Parse\'s error', async () => {
    const ts = await post(CM, '{"metadata":{"name":"t1","creationTimestamp":"yesterday"}}');
    assert.equal(ts.status, 400, ts.text);
    assert.equal(ts.json().reason, 'BadRequest');
    assert.equal(ts.json().message, handled('ConfigMap') + 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"');
    const dts = await post(CM, '{"metadata":{"name":"t2","deletionTimestamp":"2020-01-01"}}');
    assert.equal(dts.json().message, handled('ConfigMap') + 'parsing time "2020-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"');
    const num = await post(CM, '{"metadata":{"name":"t3","creationTimestamp":5}}');
    assert.equal(num.json().message, handled('ConfigMap') + 'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string');
    const put = await srv.request('PUT', `${CM}/base`, { raw: '{"metadata":{"name":"base","deletionTimestamp":"2020-13-01T00:00:00Z"}}' });
    assert.equal(put.status, 400, put.text);
    assert.equal(put.json().message, handled('ConfigMap') + 'parsing time "2020-13-01T00:00:00Z": month out of range');
    for (const name of ['t1', 't2', 't3']) assert.equal((await srv.request('GET', `${CM}/${name}`)).status, 404, 'nothing is stored');
    // metav1.MicroTime parses with RFC3339Micro: exactly six fractional digits.
    const LEASES = '/apis/coordination.k8s.io/v1/namespaces/default/leases';
    const lease = (name: string, t: string) => post(LEASES, `{"metadata":{"name":"${name}"},"spec":{"renewTime":"${t}"}}`);
    const seconds = await lease('l1', '2020-01-01T00:00:00Z');
    assert.equal(seconds.status, 400, seconds.text);
    assert.equal(seconds.json().message, handled('Lease') + 'parsing time "2020-01-01T00:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"');
    const micro = await lease('l2', '2020-01-01T00:00:00.123456+01:00');
    assert.equal(micro.status, 201, micro.text);
    assert.equal(micro.json().spec.renewTime, '2019-12-31T23:00:00.123456Z', 're-encoded in UTC');
  });

  it("[]byte fields that are not padded standard base64 are refused with Go's offset (binaryData, Secret data)", async () => {
    const bin = await post(CM, '{"metadata":{"name":"b1"},"binaryData":{"x":"abc"}}');
    assert.equal(bin.status, 400, bin.text);
    assert.equal(bin.json().message, handled('ConfigMap') + 'illegal base64 data at input byte 0');
    const garbage = await post(CM, '{"metadata":{"name":"b1"},"binaryData":{"x":"YQ==x"}}');
    assert.equal(garbage.json().message, handled('ConfigMap') + 'illegal base64 data at input byte 4');
    const secret = await post(SECRETS, '{"metadata":{"name":"s1"},"data":{"k":"a!=="}}');
    assert.equal(secret.status, 400, secret.text);
    assert.equal(secret.json().message, handled('Secret') + 'illegal base64 data at input byte 1');
    // The first saved error wins: the base64 error comes before the bool mismatch in the document.
    const first = await post(CM, '{"metadata":{"name":"b2"},"binaryData":{"x":"abc"},"immutable":"x"}');
    assert.equal(first.json().message, handled('ConfigMap') + 'illegal base64 data at input byte 0');
    const ok = await post(CM, '{"metadata":{"name":"b3"},"binaryData":{"x":"YW\\nJj"}}');
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.json().binaryData.x, 'YWJj', 'newlines are skipped and the bytes re-encoded');
  });

  it('a null label value decodes as "" (Go zeroes a null map element), on create, update and JSON patch', async () => {
    const created = await post(CM, '{"metadata":{"name":"n1","labels":{"a":null,"b":"x"},"annotations":{"c":null}}}');
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json().metadata.labels, { a: '', b: 'x' });
    assert.deepEqual(created.json().metadata.annotations, { c: '' });
    const put = await srv.request('PUT', `${CM}/n1`, { raw: '{"metadata":{"name":"n1","labels":{"z":null}}}' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.json().metadata.labels, { z: '' });
    const jp = await patch(`${CM}/n1`, '[{"op":"add","path":"/data","value":{"k":null}}]', JSON_PATCH);
    assert.equal(jp.status, 200, jp.text);
    assert.deepEqual(jp.json().data, { k: '' });
  });

  it('int32 overflow and fractional or exponent literals for integers are refused, quoting the literal', async () => {
    const pod = (port: string) => `{"metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"x","ports":[{"containerPort":${port}}]}]}}`;
    const msg = (lit: string) => handled('Pod') + `json: cannot unmarshal number ${lit} into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32`;
    for (const lit of ['2147483648', '1.5', '80.0', '8e1']) {
      const r = await post(PODS, pod(lit));
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json().message, msg(lit));
    }
    // YAML goes through sigs.k8s.io/yaml's JSON conversion: 1.0 becomes 1, 1.5 stays 1.5.
    const yamlDeploy = (replicas: string) =>
      `metadata:\n  name: y-${replicas.replace('.', '-')}\nspec:\n  replicas: ${replicas}\n  selector: {matchLabels: {app: yd}}\n  template:\n    metadata: {labels: {app: yd}}\n    spec: {containers: [{name: c, image: x}]}\n`;
    const whole = await post(DEPLOY, yamlDeploy('1.0'), 'application/yaml');
    assert.equal(whole.status, 201, whole.text);
    assert.equal(whole.json().spec.replicas, 1);
    const half = await post(DEPLOY, yamlDeploy('1.5'), 'application/yaml');
    assert.equal(half.status, 400, half.text);
    assert.equal(half.json().message, handled('Deployment') + 'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32');
  });

  it('names Go\'s named types in type errors (types.UID, v1.RestartPolicy, ...), as reflect prints them', async () => {
    const cases: Array<[string, string, string]> = [
      [PODS, '{"metadata":{"name":"p"},"spec":{"restartPolicy":1,"containers":[{"name":"c","image":"x"}]}}', handled('Pod') + 'json: cannot unmarshal number into Go struct field PodSpec.spec.restartPolicy of type v1.RestartPolicy'],
      [CM, '{"metadata":{"name":"u","uid":5}}', handled('ConfigMap') + 'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.uid of type types.UID'],
      [PODS, '{"metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"x","ports":[{"containerPort":80,"protocol":6}]}]}}', handled('Pod') + 'json: cannot unmarshal number into Go struct field ContainerPort.spec.containers.ports.protocol of type v1.Protocol'],
      [PODS, '{"metadata":{"name":"p"},"spec":{"initContainers":[{"name":"i","image":"x","restartPolicy":true}],"containers":[{"name":"c","image":"x"}]}}', handled('Pod') + 'json: cannot unmarshal bool into Go struct field Container.spec.initContainers.restartPolicy of type v1.ContainerRestartPolicy'],
      ['/api/v1/namespaces/default/services', '{"metadata":{"name":"s"},"spec":{"type":[],"ports":[{"port":80}]}}', handled('Service') + 'json: cannot unmarshal array into Go struct field ServiceSpec.spec.type of type v1.ServiceType'],
      [CM, '{"metadata":{"name":"o","ownerReferences":[{"apiVersion":"v1","kind":"X","name":"n","uid":1}]}}', handled('ConfigMap') + 'json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.uid of type types.UID'],
    ];
    for (const [path, body, message] of cases) {
      const r = await post(path, body);
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json().message, message);
    }
  });

  it('duplicate keys: Go merges a repeated object and keeps the last value; fieldValidation decides warning or error', async () => {
    const body = (name: string) => `{"metadata":{"name":"${name}"},"data":{"a":"1"},"data":{"b":"2"}}`;
    const warn = await post(CM, body('d1'));
    assert.equal(warn.status, 201, warn.text);
    assert.deepEqual(warn.json().data, { a: '1', b: '2' });
    assert.equal(warn.headers.warning, '299 - "duplicate field \\"data\\""');
    const ignore = await post(`${CM}?fieldValidation=Ignore`, body('d2'));
    assert.equal(ignore.status, 201, ignore.text);
    assert.deepEqual(ignore.json().data, { a: '1', b: '2' });
    assert.equal(ignore.headers.warning, undefined);
    const strict = await post(`${CM}?fieldValidation=Strict`, body('d3'));
    assert.equal(strict.status, 400, strict.text);
    assert.equal(strict.json().message, handled('ConfigMap') + 'strict decoding error: duplicate field "data"');

    const objects = await post(CM, '{"metadata":{"name":"d4","labels":{"a":"1"}},"metadata":{"labels":{"b":"2"}}}');
    assert.equal(objects.status, 201, objects.text);
    assert.equal(objects.json().metadata.name, 'd4', 'the struct keeps fields of the first object');
    assert.deepEqual(objects.json().metadata.labels, { a: '1', b: '2' });
    const values = await post(CM, '{"metadata":{"name":"d5","name":"d6"}}');
    assert.equal(values.status, 201, values.text);
    assert.equal(values.json().metadata.name, 'd6');
    assert.equal(values.headers.warning, '299 - "duplicate field \\"metadata.name\\""');

    // YAML: one warning per line of yaml.v2's error (rest.go parseYAMLWarnings); Strict keeps the whole text.
    const yaml = 'metadata:\n  name: y3\n  name: y3\ndata:\n  a: "1"\ndata:\n  b: "2"\n';
    const yamlWarn = await post(CM, yaml, 'application/yaml');
    assert.equal(yamlWarn.status, 201, yamlWarn.text);
    assert.equal(yamlWarn.headers.warning, '299 - "line 3: key \\"name\\" already set in map", 299 - "line 7: key \\"data\\" already set in map"');
    const yamlStrict = await post(`${CM}?fieldValidation=Strict`, yaml.replaceAll('y3', 'y4'), 'application/yaml');
    assert.equal(yamlStrict.status, 400, yamlStrict.text);
    assert.equal(
      yamlStrict.json().message,
      handled('ConfigMap') + 'strict decoding error: yaml: unmarshal errors:\n  line 3: key "name" already set in map\n  line 7: key "data" already set in map',
    );

    const mergeDup = await patch(`${CM}/base`, '{"data":{"x":"1"},"data":{"y":"2"}}', MERGE);
    assert.equal(mergeDup.status, 200, mergeDup.text);
    assert.equal(mergeDup.headers.warning, '299 - "duplicate field \\"data\\""');
    assert.equal(mergeDup.json().data.y, '2');
    assert.equal(mergeDup.json().data.x, undefined, 'a patch document is a map: the last value wins');
    const smpStrict = await patch(`${CM}/base?fieldValidation=Strict`, '{"data":{"x":"1"},"data":{"y":"2"}}', STRATEGIC);
    assertPatchInvalid(smpStrict, 'map[data:map[y:2]]', 'strict decoding error: duplicate field "data"');
  });

  it('merge, JSON and strategic merge patches that leave a wrong Go type get the patch handler\'s 422', async () => {
    const replicasType = 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32';
    const merge = await patch(`${DEPLOY}/web`, '{"spec":{"replicas":"6"}}', MERGE);
    assertPatchInvalid(merge, /^\{"apiVersion":"apps\/v1","kind":"Deployment","metadata":\{.*"spec":\{.*"replicas":"6"/, replicasType);
    const json = await patch(`${DEPLOY}/web`, '[{"op":"replace","path":"/spec/replicas","value":"6"}]', JSON_PATCH);
    assertPatchInvalid(json, /"replicas":"6"/, replicasType);
    const smp = await patch(`${DEPLOY}/web`, '{"spec":{"replicas":"6"}}', STRATEGIC);
    assertPatchInvalid(smp, 'map[spec:map[replicas:6]]', 'unrecognized type: int32');
    const smpFraction = await patch(`${DEPLOY}/web`, '{"spec":{"replicas":1.5}}', STRATEGIC);
    assertPatchInvalid(smpFraction, 'map[spec:map[replicas:1.5]]', 'cannot convert float64 to int32');
    const cmNumber = await patch(`${CM}/base`, '{"data":{"a":6}}', STRATEGIC);
    assertPatchInvalid(cmNumber, 'map[data:map[a:6]]', 'cannot convert int64 to string');
    const cmMerge = await patch(`${CM}/base`, '{"data":{"a":6}}', MERGE);
    assertPatchInvalid(cmMerge, /"data":\{"a":6/, 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
    const ts = await patch(`${CM}/base`, '{"metadata":{"creationTimestamp":"x"}}', STRATEGIC);
    assertPatchInvalid(ts, 'map[metadata:map[creationTimestamp:x]]', 'parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"');
    const bin = await patch(`${CM}/base`, '{"binaryData":{"x":"abc"}}', STRATEGIC);
    assertPatchInvalid(bin, 'map[binaryData:map[x:abc]]', 'error decoding from json: illegal base64 data at input byte 0');
    const binMerge = await patch(`${CM}/base`, '{"binaryData":{"x":"abc"}}', MERGE);
    assertPatchInvalid(binMerge, /"binaryData":\{"x":"abc"\}/, 'illegal base64 data at input byte 0');
    // The value shown is the patched JSON as json-patch v4 writes it: merged objects with sorted
    // keys, untouched ones as Go encodes the current object (struct order), patch literals as sent.
    const made = await post(CM, '{"metadata":{"name":"ordered","labels":{"z":"1","a":"2"}},"data":{"b":"1"}}');
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(Object.keys(made.json().metadata.labels), ['a', 'z'], 'a Go map is encoded with sorted keys');
    const m = made.json().metadata;
    const mf = m.managedFields[0];
    const meta = `{"name":"ordered","namespace":"default","uid":"${m.uid}","resourceVersion":"${m.resourceVersion}","creationTimestamp":"${m.creationTimestamp}","labels":{"a":"2","z":"1"},"managedFields":[{"manager":"${mf.manager}","operation":"Update","apiVersion":"v1","time":"${mf.time}","fieldsType":"FieldsV1","fieldsV1":${JSON.stringify(mf.fieldsV1)}}]}`;
    const exact = await patch(`${CM}/ordered`, '{"data":{"a":6.0}}', MERGE);
    assertPatchInvalid(exact, `{"apiVersion":"v1","data":{"a":6.0,"b":"1"},"kind":"ConfigMap","metadata":${meta}}`, 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
    const literal = await patch(`${DEPLOY}/web`, '{"spec":{"replicas":6.0}}', MERGE);
    assertPatchInvalid(literal, /"replicas":6\.0/, 'json: cannot unmarshal number 6.0 into Go struct field DeploymentSpec.spec.replicas of type int32');
    const literalJson = await patch(`${DEPLOY}/web`, '[{"op":"replace","path":"/spec/replicas","value":6.0}]', JSON_PATCH);
    assertPatchInvalid(literalJson, /"replicas":6\.0/, 'json: cannot unmarshal number 6.0 into Go struct field DeploymentSpec.spec.replicas of type int32');
    const d = (await srv.request('GET', `${DEPLOY}/web`)).json();
    assert.equal(d.spec.replicas, 1, 'nothing was stored');
    assert.equal(d.metadata.generation, 1);
    // The converter converts whole numbers with reflect's Convert: an int32 wraps, as upstream stores it.
    const wrapped = await patch(`${DEPLOY}/web`, '{"spec":{"replicas":4294967298}}', STRATEGIC);
    assert.equal(wrapped.status, 200, wrapped.text);
    assert.equal(wrapped.json().spec.replicas, 2);
  });

  it('server-side apply: what the merged object cannot convert to is a 500 from the field manager', async () => {
    const r = await patch(`${DEPLOY}/web?fieldManager=tester&force=true`, 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 1.5\n', APPLY);
    assert.equal(r.status, 500, r.text);
    assert.equal(r.json().reason, undefined);
    assert.equal(
      r.json().message,
      'failed to convert new object (/; apps/v1, Kind=Deployment) to proper version: unable to convert unstructured object to apps/v1, Kind=Deployment: cannot convert float64 to int32',
    );
    const ts = await patch(`${CM}/base?fieldManager=tester`, '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"creationTimestamp":"x"}}', APPLY);
    assert.equal(ts.status, 500, ts.text);
    assert.equal(
      ts.json().message,
      'failed to convert new object (/; /v1, Kind=ConfigMap) to proper version: unable to convert unstructured object to /v1, Kind=ConfigMap: parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"',
    );
    const bin = await patch(`${CM}/base?fieldManager=tester`, '{"apiVersion":"v1","kind":"ConfigMap","binaryData":{"x":"abc"}}', APPLY);
    assert.equal(bin.status, 500, bin.text);
    assert.match(bin.json().message, /to proper version: unable to convert unstructured object to \/v1, Kind=ConfigMap: error decoding from json: illegal base64 data at input byte 0$/);
    assert.equal((await srv.request('GET', `${CM}/base`)).json().binaryData, undefined);
    // Errors name the patch object as sent (objectGVKNN of a body without metadata: "/").
    const typed = await patch(`${CM}/base?fieldManager=tester`, '{"apiVersion":"v1","kind":"ConfigMap","data":{"a":6}}', APPLY);
    assert.equal(typed.status, 500, typed.text);
    assert.equal(typed.json().message, 'failed to create typed patch object (/; /v1, Kind=ConfigMap): .data.a: expected string, got &value.valueUnstructured{Value:6}');
  });

  it('status and scale subresources decode their bodies and patched objects the same way', async () => {
    const status = await patch(`${DEPLOY}/web/status`, '{"status":{"replicas":4294967296}}', MERGE);
    assertPatchInvalid(status, /"status":\{"replicas":4294967296\}/, 'json: cannot unmarshal number 4294967296 into Go struct field DeploymentStatus.status.replicas of type int32');
    const statusSmp = await patch(`${DEPLOY}/web/status`, '{"status":{"replicas":"x"}}', STRATEGIC);
    assertPatchInvalid(statusSmp, 'map[status:map[replicas:x]]', 'unrecognized type: int32');
    const current = (await srv.request('GET', `${DEPLOY}/web`)).json();
    const putStatus = await srv.request('PUT', `${DEPLOY}/web/status`, { body: { ...current, status: { replicas: 1.5 } } });
    assert.equal(putStatus.status, 400, putStatus.text);
    assert.equal(putStatus.json().message, handled('Deployment') + 'json: cannot unmarshal number 1.5 into Go struct field DeploymentStatus.status.replicas of type int32');

    const scaleMerge = await patch(`${DEPLOY}/web/scale`, '{"spec":{"replicas":"6"}}', MERGE);
    assertPatchInvalid(scaleMerge, /^\{"apiVersion":"autoscaling\/v1","kind":"Scale",.*"spec":\{"replicas":"6"\}/, 'json: cannot unmarshal string into Go struct field ScaleSpec.spec.replicas of type int32');
    const scaleSmp = await patch(`${DEPLOY}/web/scale`, '{"spec":{"replicas":"6"}}', STRATEGIC);
    assertPatchInvalid(scaleSmp, 'map[spec:map[replicas:6]]', 'unrecognized type: int32');
    const scaleJson = await patch(`${DEPLOY}/web/scale`, '[{"op":"replace","path":"/spec/replicas","value":2147483648}]', JSON_PATCH);
    assertPatchInvalid(scaleJson, /"replicas":2147483648/, 'json: cannot unmarshal number 2147483648 into Go struct field ScaleSpec.spec.replicas of type int32');
    const scalePut = await srv.request('PUT', `${DEPLOY}/web/scale`, { body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 1.5 } } });
    assert.equal(scalePut.status, 400, scalePut.text);
    assert.equal(scalePut.json().message, handled('Scale') + 'json: cannot unmarshal number 1.5 into Go struct field ScaleSpec.spec.replicas of type int32');
    const ok = await patch(`${DEPLOY}/web/scale`, '{"spec":{"replicas":3}}', MERGE);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json().spec.replicas, 3);
  });

  it('kubectl 1.34 shows the same errors', async () => {
    const kc = srv.kubeconfig;
    await kubectl(kc, ['create', 'deployment', 'kweb', '--image=nginx']);
    const merge = await kubectl(kc, ['patch', 'deploy', 'kweb', '--type=merge', '-p', '{"spec":{"replicas":"6"}}']);
    assert.notEqual(merge.code, 0);
    assert.match(merge.stderr, /json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32/);
    const smp = await kubectl(kc, ['patch', 'deploy', 'kweb', '-p', '{"spec":{"replicas":"6"}}']);
    assert.notEqual(smp.code, 0);
    assert.match(smp.stderr, /Invalid value: "map\[spec:map\[replicas:6\]\]": unrecognized type: int32/);
    const got = await kubectl(kc, ['get', 'deploy', 'kweb', '-o', 'jsonpath={.spec.replicas}']);
    assert.equal(got.stdout, '1');
    const bin = await kubectl(kc, ['create', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kbin\nbinaryData:\n  x: abc\n');
    assert.notEqual(bin.code, 0);
    assert.match(bin.stderr, /ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 0/);
    const ts = await kubectl(kc, ['create', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kts\n  creationTimestamp: yesterday\n');
    assert.notEqual(ts.code, 0);
    assert.match(ts.stderr, /parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"/);
    const labels = await kubectl(kc, ['create', '-f', '-', '-o', 'jsonpath={.metadata.labels}'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: knull\n  labels:\n    a: null\n');
    assert.equal(labels.code, 0, labels.stderr);
    assert.deepEqual(JSON.parse(labels.stdout), { a: '' });
  });
});
