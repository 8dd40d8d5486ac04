// Every built-in kind that can be created, in every encoding skiff serves: a minimal object
// (test/support/minimal-objects.ts) is created, then read back as JSON, YAML and protobuf;
// the YAML and the protobuf (decoded with the kind's declared schema) must carry exactly the
// JSON form's fields and values. The JSON form itself is compared with kube-apiserver's in
// upstream-objects.test.ts, so together every encoding follows Go's encoding of each type
// (k8s.io/apimachinery runtime/serializer json, yaml and protobuf): the protobuf is read as a
// Go client would, decoded into the struct and written as JSON (src/types/go-json.ts).

import assert from 'node:assert/strict';
import { request } from 'node:https';
import { after, before, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { kubeYamlSchema } from '../../src/encoding/yaml.js';
import { decodeObjectProto } from '../../src/encoding/protobuf.js';
import { builtinCatalog } from '../../src/types/catalog.js';
import { goJson } from '../../src/types/go-json.js';
import { MINIMAL_OBJECTS } from '../support/minimal-objects.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NS = 'encodings';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const catalog = builtinCatalog();
const schemaOf = (apiVersion: string, kind: string) => {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0]! : '';
  return catalog.kinds.find((k) => k.group === group && k.kind === kind)?.schema;
};

/**
 * Fields the protobuf encoding cannot carry, so a Go client reading protobuf never sees them
 * (as against kube-apiserver): embedded objects' TypeMeta is `protobuf:"-"` in k8s.io/api, and
 * the StatefulSet strategy's apiVersion/kind on volumeClaimTemplates are such a TypeMeta.
 */
function withoutProtobufLessFields(kind: string, obj: any): any {
  const copy = structuredClone(obj);
  if (kind === 'StatefulSet') {
    for (const t of copy.spec?.volumeClaimTemplates ?? []) {
      delete t.apiVersion;
      delete t.kind;
    }
  }
  return copy;
}

describe('every built-in kind reads back the same in JSON, YAML and protobuf', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: NS } } });
    await srv.request('POST', `/api/v1/namespaces/${NS}/serviceaccounts`, { body: { metadata: { name: 'default' } } });
  });
  after(() => srv?.close());

  const getBytes = (path: string, accept: string) =>
    new Promise<{ status: number; contentType: string; body: Buffer }>((resolve, reject) => {
      const url = new URL(srv.url);
      const req = request({ host: url.hostname, port: url.port, path, headers: { accept }, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  it('creates a minimal object of each kind and compares its three encodings', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const [kind, m] of Object.entries(MINIMAL_OBJECTS)) {
      const collection = m.path.replace('{ns}', NS);
      const body = JSON.parse(JSON.stringify(m.body).replaceAll('{ns}', NS));
      const created = await srv.request('POST', collection, { body });
      if (created.status !== 201) {
        differences.push(`${kind}: create answered ${created.status}: ${created.text.slice(0, 200)}`);
        continue;
      }
      const obj = created.json();
      const path = `${collection}/${obj.metadata.name}`;
      // Read the three encodings of one resourceVersion (controllers may still be writing, e.g. a CRD's conditions).
      let asJson: any;
      let yamlText = '';
      let proto: { status: number; contentType: string; body: Buffer } = { status: 0, contentType: '', body: Buffer.alloc(0) };
      for (let attempt = 0; ; attempt++) {
        asJson = JSON.parse((await getBytes(path, 'application/json')).body.toString('utf8'));
        yamlText = (await getBytes(path, 'application/yaml')).body.toString('utf8');
        proto = await getBytes(path, PROTOBUF);
        const again = JSON.parse((await getBytes(path, 'application/json')).body.toString('utf8'));
        if (again.metadata.resourceVersion === asJson.metadata.resourceVersion || attempt === 20) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Go writes YAML from the JSON form with sorted keys, so only content is compared.
      const asYaml = yaml.load(yamlText, { schema: kubeYamlSchema });
      try {
        assert.deepEqual(asYaml, asJson);
      } catch (e) {
        differences.push(`${kind}: YAML differs from JSON: ${(e as Error).message.slice(0, 600)}`);
      }
      const schema = schemaOf(asJson.apiVersion, asJson.kind);
      if (!schema) {
        differences.push(`${kind}: no declared schema`);
        continue;
      }
      assert.equal(proto.contentType, PROTOBUF, `${kind} content type`);
      // A Go client decodes the bytes into the kind's struct; encoding that struct as JSON must give the JSON form.
      const decoded = goJson(decodeObjectProto(proto.body, () => schema) as never, schema);
      const expected = withoutProtobufLessFields(asJson.kind, asJson);
      try {
        assert.deepEqual(decoded, expected);
      } catch (e) {
        differences.push(`${kind}: protobuf differs from JSON: ${(e as Error).message.slice(0, 600)}`);
      }
      compared++;
    }
    assert.deepEqual(differences, []);
    assert.ok(compared >= 40, `only ${compared} kinds compared`);
  });
});
