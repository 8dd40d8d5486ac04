// A create's 201 body may be the watch cache's JSON of the object (Registry.createEncoded)
// rather than an encoding of its own: it must be byte for byte what kube-apiserver's one
// serializer gives for that object everywhere else, i.e. what a GET of it answers (read from
// storage and encoded afresh), in every representation a client can ask for.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

const objects: { path: string; body: Record<string, unknown> }[] = [
  {
    path: '/api/v1/namespaces/default/configmaps',
    body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cr-cm', labels: { b: '2', a: '1' }, annotations: { z: '', y: 'x' } }, data: { payload: 'x'.repeat(900), unicode: 'é ü "quoted" \\ \u2028 <tag> & more' }, binaryData: { bin: 'AAE=' } },
  },
  {
    path: '/api/v1/namespaces/default/configmaps',
    body: { metadata: { generateName: 'cr-gen-', finalizers: ['example.com/f'] }, immutable: true },
  },
  {
    path: '/api/v1/namespaces/default/pods',
    body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'cr-pod' }, spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }] } },
  },
  {
    path: '/apis/apps/v1/namespaces/default/deployments',
    body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'cr-deploy' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } },
  },
];

describe('create response bytes', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  for (const o of objects) {
    it(`the 201 of ${o.path} (${String((o.body.metadata as { name?: string }).name ?? 'generated')}) is byte-identical to a GET of the object`, async () => {
      const created = await srv.request('POST', o.path, { body: o.body, headers: { 'user-agent': 'create-response-test/1.0' } });
      assert.equal(created.status, 201, created.text);
      assert.ok(created.text.endsWith('}\n'), 'JSON ends with a newline, as the JSON serializer writes it');
      const name = created.json().metadata.name as string;
      const got = await srv.request('GET', `${o.path}/${name}`);
      assert.equal(got.status, 200, got.text);
      assert.equal(created.text, got.text);
      assert.equal(created.headers['content-length'], String(Buffer.byteLength(created.text)));
    });
  }

  it('YAML and pretty JSON answers of a create carry the same object', async () => {
    const yaml = await srv.request('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'cr-yaml' }, data: { a: '1' } }, headers: { accept: 'application/yaml' } });
    assert.equal(yaml.status, 201, yaml.text);
    assert.match(yaml.headers['content-type'] as string, /^application\/yaml/);
    const gotYaml = await srv.request('GET', '/api/v1/namespaces/default/configmaps/cr-yaml', { headers: { accept: 'application/yaml' } });
    assert.equal(yaml.text, gotYaml.text);
    const pretty = await srv.request('POST', '/api/v1/namespaces/default/configmaps?pretty=true', { body: { metadata: { name: 'cr-pretty' }, data: { a: '1' } } });
    assert.equal(pretty.status, 201, pretty.text);
    const gotPretty = await srv.request('GET', '/api/v1/namespaces/default/configmaps/cr-pretty?pretty=true');
    assert.equal(pretty.text, gotPretty.text);
    assert.match(pretty.text, /^\{\n {2}"kind": "ConfigMap"/);
  });

  it('a dry-run create answers the object it would have stored, without a resourceVersion', async () => {
    const dry = await srv.request('POST', '/api/v1/namespaces/default/configmaps?dryRun=All', { body: { metadata: { name: 'cr-dry' }, data: { a: '1' } } });
    assert.equal(dry.status, 201, dry.text);
    assert.equal(dry.json().metadata.resourceVersion, undefined);
    assert.equal((await srv.request('GET', '/api/v1/namespaces/default/configmaps/cr-dry')).status, 404);
  });
});
