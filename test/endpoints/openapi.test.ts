// OpenAPI v2/v3 generated from a small test catalog: document structure, references,
// upstream's extensions and defaults, operations, protobuf encoding, lazy building and
// caching, and the HTTP behaviour (ETag, 304, ?hash= immutability and redirects).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OpenApi, stableStringify } from '../../src/endpoints/openapi.js';
import { parseYaml } from '../../src/encoding/yaml.js';
import { toValidOperationId } from '../../src/endpoints/openapi-paths.js';
import { Catalog } from '../../src/types/catalog.js';
import { Scale } from '../../src/types/schemas/autoscaling.js';
import {
  danglingRefs,
  nodes,
  protoFields,
  protoMessages,
  protoString,
  serve,
  testCatalog,
  testTypes,
  thunkCalls,
  WidgetSpec,
  type J,
  type Served,
} from './openapi-support.test.js';

const V1 = 'io.k8s.api.core.v1.';

describe('OpenAPI v2 document', () => {
  const doc = new OpenApi(testCatalog(), { types: [...testTypes, Scale] }).v2() as J;
  const defs = doc.definitions as J;

  it('has the swagger envelope upstream serves', () => {
    assert.equal(doc.swagger, '2.0');
    assert.deepEqual(doc.info, { title: 'Kubernetes', version: 'unversioned' });
    assert.deepEqual(doc.security, [{ BearerToken: [] }]);
    assert.equal(doc.securityDefinitions.BearerToken.type, 'apiKey');
  });

  it('resolves every $ref, including shared parameters', () => {
    assert.deepEqual(danglingRefs(doc), []);
    assert.ok(Object.keys(doc.parameters).some((k) => k.startsWith('pretty-')), Object.keys(doc.parameters).join(','));
  });

  it('names definitions by the schema name and tags kinds and lists with their GVK', () => {
    assert.deepEqual(defs[`${V1}Widget`]['x-kubernetes-group-version-kind'], [{ group: '', kind: 'Widget', version: 'v1' }]);
    const list = defs[`${V1}WidgetList`];
    assert.deepEqual(list['x-kubernetes-group-version-kind'], [{ group: '', kind: 'WidgetList', version: 'v1' }]);
    assert.deepEqual(list.required, ['items']);
    assert.equal(list.properties.items.items.$ref, `#/definitions/${V1}Widget`);
    assert.equal(list.properties.metadata.$ref, '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta');
    assert.equal(defs['test.skiff.gadgets.v1.Gadget'].description, 'Gadget is a custom resource.');
    // A kind without a declared schema still gets a (typeless) definition named like upstream's.
    assert.deepEqual(defs['test.skiff.gadgets.v1.GadgetReview'], {
      type: 'object',
      'x-kubernetes-group-version-kind': [{ group: 'gadgets.skiff.test', kind: 'GadgetReview', version: 'v1' }],
    });
  });

  it('renders fields: formats, references with descriptions, list and map markers', () => {
    const spec = defs[`${V1}WidgetSpec`];
    assert.equal(spec.description, 'WidgetSpec describes a widget.');
    assert.deepEqual(spec.required, ['name']);
    const p = spec.properties;
    assert.deepEqual(p.replicas, { description: 'number of replicas', type: 'integer', format: 'int32' });
    assert.deepEqual(p.data, { description: 'raw bytes', type: 'string', format: 'byte' });
    assert.deepEqual(p.ratio, { description: 'a ratio', type: 'number', format: 'double' });
    assert.deepEqual(p.size, { $ref: '#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity', description: 'how big' });
    assert.deepEqual(p.created, { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Time', description: 'creation time' });
    assert.deepEqual(p.ports, {
      description: 'ports of the widget',
      type: 'array',
      items: { $ref: `#/definitions/${V1}WidgetPort` },
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['port', 'protocol'],
      'x-kubernetes-patch-merge-key': 'port',
      'x-kubernetes-patch-strategy': 'merge',
    });
    assert.deepEqual(p.tags['x-kubernetes-list-type'], 'set');
    assert.deepEqual(p.labels, { description: 'labels', type: 'object', additionalProperties: { type: 'string' } });
    assert.deepEqual(p.limits.additionalProperties, { $ref: '#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity' });
    assert.deepEqual(p.mode.enum, ['A', 'B']);
    // A struct's map type sits on its definition; a field overriding it carries its own.
    assert.equal(defs[`${V1}WidgetTarget`]['x-kubernetes-map-type'], 'atomic');
    assert.equal(p.target['x-kubernetes-map-type'], 'granular');
    assert.equal(defs['io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector']['x-kubernetes-map-type'], 'atomic');
    // Recursive types are referenced, not expanded.
    assert.equal(defs[`${V1}WidgetNode`].properties.children.items.$ref, `#/definitions/${V1}WidgetNode`);
  });

  it('publishes the named scalars as upstream defines them', () => {
    assert.equal(defs['io.k8s.apimachinery.pkg.api.resource.Quantity'].type, 'string');
    assert.deepEqual(
      [defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].type, defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].format],
      ['string', 'int-or-string'],
    );
    assert.equal(defs['io.k8s.apimachinery.pkg.apis.meta.v1.Time'].format, 'date-time');
    assert.equal(defs['io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1'].type, 'object');
  });

  it('carries no defaults (upstream v2 has none)', () => {
    const withDefault = [...nodes(defs)].filter(([path, n]) => 'default' in n && !path.endsWith('.properties'));
    assert.deepEqual(withDefault.map(([p]) => p), []);
  });

  it('describes every operation of a namespaced resource like kube-apiserver', () => {
    const coll = doc.paths['/api/v1/namespaces/{namespace}/widgets'];
    assert.equal(coll.get.operationId, 'listCoreV1NamespacedWidget');
    assert.equal(coll.get['x-kubernetes-action'], 'list');
    assert.deepEqual(coll.get['x-kubernetes-group-version-kind'], { group: '', kind: 'Widget', version: 'v1' });
    assert.equal(coll.post.operationId, 'createCoreV1NamespacedWidget');
    assert.equal(coll.post.description, 'create a Widget');
    assert.equal(coll.delete.operationId, 'deleteCoreV1CollectionNamespacedWidget');
    assert.equal(coll.delete['x-kubernetes-action'], 'deletecollection');
    // namespace and pretty are shared by all three operations: lifted to the path.
    const pathParams = coll.parameters.map((p: J) => doc.parameters[p.$ref.split('/').pop()].name);
    assert.deepEqual(pathParams, ['namespace', 'pretty']);
    assert.deepEqual(coll.get.tags, ['core_v1']);
    assert.ok(coll.get.produces.includes('application/json;stream=watch'));

    const item = doc.paths['/api/v1/namespaces/{namespace}/widgets/{name}'];
    assert.deepEqual(Object.keys(item).sort(), ['delete', 'get', 'parameters', 'patch', 'put']);
    assert.equal(item.patch.operationId, 'patchCoreV1NamespacedWidget');
    assert.ok(item.patch.consumes.includes('application/strategic-merge-patch+json'));
    const patchParams = item.patch.parameters.map((p: J) => (p.$ref ? doc.parameters[p.$ref.split('/').pop()] : p).name);
    assert.deepEqual(patchParams, ['body', 'dryRun', 'fieldManager', 'fieldValidation', 'force']);
    assert.deepEqual(Object.keys(item.put.responses), ['200', '201', '401']);
    assert.equal(item.delete.responses['200'].schema.$ref, '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Status');

    assert.equal(doc.paths['/api/v1/watch/namespaces/{namespace}/widgets'].get.operationId, 'watchCoreV1NamespacedWidgetList');
    assert.equal(doc.paths['/api/v1/watch/namespaces/{namespace}/widgets/{name}'].get['x-kubernetes-action'], 'watch');
    assert.equal(doc.paths['/api/v1/widgets'].get.operationId, 'listCoreV1WidgetForAllNamespaces');
    assert.equal(doc.paths['/api/v1/watch/widgets'].get.operationId, 'watchCoreV1WidgetListForAllNamespaces');
  });

  it('describes subresources with their own kinds', () => {
    const scale = doc.paths['/api/v1/namespaces/{namespace}/widgets/{name}/scale'];
    assert.equal(scale.get.operationId, 'readCoreV1NamespacedWidgetScale');
    assert.equal(scale.get.description, 'read scale of the specified Widget');
    assert.deepEqual(scale.put['x-kubernetes-group-version-kind'], { group: 'autoscaling', kind: 'Scale', version: 'v1' });
    assert.equal(scale.put.responses['200'].schema.$ref, '#/definitions/io.k8s.api.autoscaling.v1.Scale');
    assert.deepEqual(defs['io.k8s.api.autoscaling.v1.Scale']['x-kubernetes-group-version-kind'], [{ group: 'autoscaling', kind: 'Scale', version: 'v1' }]);
    const status = doc.paths['/api/v1/namespaces/{namespace}/widgets/{name}/status'];
    assert.equal(status.patch.operationId, 'patchCoreV1NamespacedWidgetStatus');
    assert.equal(status.put.parameters[0].schema.$ref, `#/definitions/${V1}Widget`);
  });

  it('gives custom resources their media types and names', () => {
    const coll = doc.paths['/apis/gadgets.skiff.test/v1/gadgets'];
    assert.equal(coll.get.operationId, 'listGadgetsSkiffTestV1Gadget');
    assert.deepEqual(coll.get.tags, ['gadgetsSkiffTest_v1']);
    const item = doc.paths['/apis/gadgets.skiff.test/v1/gadgets/{name}'];
    assert.ok(!item.patch.consumes.includes('application/strategic-merge-patch+json'));
    assert.ok(!item.get.produces.includes('application/vnd.kubernetes.protobuf'));
    // A create-only kind: one path, one operation, everything but the body on the path.
    const reviews = doc.paths['/apis/gadgets.skiff.test/v1/gadgetreviews'];
    assert.deepEqual(Object.keys(reviews).sort(), ['parameters', 'post']);
    assert.deepEqual(reviews.post.parameters.map((p: J) => p.name), ['body']);
    assert.equal(doc.paths['/apis/gadgets.skiff.test/v1/gadgetreviews/{name}'], undefined);
  });

  it('includes the discovery and version paths', () => {
    assert.equal(doc.paths['/api/v1/'].get.operationId, 'getCoreV1APIResources');
    assert.equal(doc.paths['/api/'].get.operationId, 'getCoreAPIVersions');
    assert.equal(doc.paths['/apis/'].get.operationId, 'getAPIVersions');
    assert.equal(doc.paths['/apis/gadgets.skiff.test/'].get.operationId, 'getGadgetsSkiffTestAPIGroup');
    assert.equal(doc.paths['/version/'].get.operationId, 'getCodeVersion');
  });
});

describe('OpenAPI v3 documents', () => {
  const openapi = new OpenApi(testCatalog(), { types: [...testTypes, Scale] });
  const core = openapi.v3('api/v1') as J;
  const schemas = core.components.schemas as J;

  it('hold the group version paths and only the schemas they reach', () => {
    assert.equal(core.openapi, '3.0.0');
    assert.deepEqual(danglingRefs(core), []);
    assert.ok(Object.keys(core.paths).every((p) => p.startsWith('/api/v1/')), Object.keys(core.paths).join(' '));
    assert.ok(schemas[`${V1}Widget`]);
    assert.equal(schemas['test.skiff.gadgets.v1.Gadget'], undefined);
    const gadgets = openapi.v3('gadgets.skiff.test/v1') as J;
    assert.deepEqual(openapi.v3('apis/gadgets.skiff.test/v1'), gadgets);
    assert.ok(gadgets.components.schemas['test.skiff.gadgets.v1.Gadget']);
    assert.equal(openapi.v3('apis/nope/v1'), undefined);
  });

  it('wraps references that have siblings in allOf and adds openapi-gen defaults', () => {
    const w = schemas[`${V1}Widget`].properties;
    assert.deepEqual(w.spec, { allOf: [{ $ref: `#/components/schemas/${V1}WidgetSpec` }], default: {}, description: 'spec of the widget' });
    // Pointers have no default.
    assert.deepEqual(w.status, { allOf: [{ $ref: `#/components/schemas/${V1}WidgetStatus` }], description: 'status of the widget' });
    const p = schemas[`${V1}WidgetSpec`].properties;
    assert.equal(p.name.default, '');
    assert.equal(p.replicas.default, undefined);
    assert.equal(p.enabled.default, undefined); // omitempty: no zero default
    assert.equal(p.mode.default, 'A');
    assert.deepEqual(p.ports.items, { allOf: [{ $ref: `#/components/schemas/${V1}WidgetPort` }], default: {} });
    assert.equal(p.tags.items.default, '');
    assert.equal(p.labels.additionalProperties.default, '');
    assert.deepEqual(p.limits.additionalProperties, { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' });
    assert.equal(schemas[`${V1}WidgetPort`].properties.port.default, 0);
    assert.equal(schemas[`${V1}WidgetPort`].properties.protocol.default, 'TCP');
    const stray = [...nodes(core)].filter(([, n]) => typeof n.$ref === 'string' && Object.keys(n).length > 1);
    assert.deepEqual(stray.map(([path]) => path), []);
  });

  it('spells two-typed scalars with oneOf', () => {
    assert.deepEqual(schemas['io.k8s.apimachinery.pkg.api.resource.Quantity'].oneOf, [{ type: 'string' }, { type: 'number' }]);
    assert.deepEqual(schemas['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].oneOf, [{ type: 'integer' }, { type: 'string' }]);
  });

  it('has request bodies and per-media-type responses; patch accepts strategic merge', () => {
    const item = core.paths['/api/v1/namespaces/{namespace}/widgets/{name}'];
    assert.deepEqual(Object.keys(item.patch.requestBody.content).sort(), [
      'application/apply-patch+yaml',
      'application/json-patch+json',
      'application/merge-patch+json',
      'application/strategic-merge-patch+json',
    ]);
    assert.equal(item.patch.requestBody.required, true);
    assert.ok(item.patch.parameters.some((p: J) => p.name === 'fieldValidation'), 'kubectl looks for fieldValidation on PATCH');
    assert.deepEqual(item.patch.parameters.find((p: J) => p.name === 'force').schema, { type: 'boolean', uniqueItems: true });
    assert.equal(item.put.requestBody.content['*/*'].schema.$ref, `#/components/schemas/${V1}Widget`);
    assert.equal(item.delete.requestBody.required, undefined);
    assert.deepEqual(Object.keys(item.get.responses['200'].content), ['application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml']);
    assert.deepEqual(item.get.responses['401'], { description: 'Unauthorized' });
    assert.equal(item.get.consumes, undefined);
  });
});

describe('OpenAPI v2 protobuf', () => {
  it('encodes gnostic openapi.v2.Document', async () => {
    const openapi = new OpenApi(testCatalog(), { types: testTypes });
    const served = await serve(openapi);
    try {
      const res = await served.get('/openapi/v2', { accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
      const top = protoFields(res.body);
      assert.equal(protoString(top, 1), '2.0');
      const [info] = protoMessages(top, 2);
      assert.equal(protoString(info!, 1), 'Kubernetes');
      // definitions (9) -> NamedSchema (1) { name = 1, value = 2 }
      const named = protoMessages(protoMessages(top, 9)[0]!, 1);
      const widget = named.find((n) => protoString(n, 1) === `${V1}Widget`);
      assert.ok(widget, 'Widget definition present');
      const schema = protoMessages(widget, 2)[0]!;
      assert.equal(protoString(schema, 4), 'Widget is a test kind.');
      // vendor_extension (31) -> NamedAny { name, Any { yaml = 2 } }
      const ext = protoMessages(schema, 31).map((e) => [protoString(e, 1), parseYaml(protoString(protoMessages(e, 2)[0]!, 2)!)]);
      assert.deepEqual(ext, [['x-kubernetes-group-version-kind', [{ group: '', kind: 'Widget', version: 'v1' }]]]);
      // paths (8) -> NamedPathItem (2); the list operation's vendor extension says "list".
      const paths = protoMessages(protoMessages(top, 8)[0]!, 2);
      const coll = paths.find((p) => protoString(p, 1) === '/api/v1/namespaces/{namespace}/widgets')!;
      const get = protoMessages(protoMessages(coll, 2)[0]!, 2)[0]!;
      assert.equal(protoString(get, 5), 'listCoreV1NamespacedWidget');
      const action = protoMessages(get, 13).find((e) => protoString(e, 1) === 'x-kubernetes-action')!;
      assert.equal(parseYaml(protoString(protoMessages(action, 2)[0]!, 2)!), 'list');
      // The ETag is the JSON document's, whatever the encoding.
      const json = await served.get('/openapi/v2');
      assert.equal(res.headers.etag, json.headers.etag);
    } finally {
      await served.close();
    }
  });
});

describe('OpenAPI laziness and caching', () => {
  it('builds nothing until asked and rebuilds only after invalidate()', () => {
    const catalog = testCatalog();
    const before = thunkCalls.count;
    const openapi = new OpenApi(catalog);
    assert.equal(thunkCalls.count, before, 'constructing resolves no schema');
    openapi.v3('api/v1');
    assert.ok(thunkCalls.count > before, 'a document walks the schemas');
  });

  it('serves the cached document until invalidate(), then the new one', async () => {
    const openapi = new OpenApi(testCatalog(), { types: testTypes });
    const served = await serve(openapi);
    const original = WidgetSpec.description;
    try {
      const a = await served.get('/openapi/v2');
      (WidgetSpec as { description?: string }).description = 'changed';
      const b = await served.get('/openapi/v2');
      assert.equal(b.headers.etag, a.headers.etag, 'cached until invalidated');
      openapi.invalidate();
      const c = await served.get('/openapi/v2');
      assert.notEqual(c.headers.etag, a.headers.etag);
      assert.equal(JSON.parse(c.body.toString()).definitions[`${V1}WidgetSpec`].description, 'changed');
    } finally {
      (WidgetSpec as { description?: string }).description = original;
      await served.close();
    }
  });

  it('switches to a new catalog on invalidate(catalog), as CRDs need', async () => {
    const openapi = new OpenApi(new Catalog(testCatalog().kinds.filter((k) => k.group === '')), { types: testTypes });
    const served = await serve(openapi);
    try {
      const before = JSON.parse((await served.get('/openapi/v3')).body.toString()) as { paths: Record<string, unknown> };
      assert.equal(before.paths['apis/gadgets.skiff.test/v1'], undefined);
      assert.equal((await served.get('/openapi/v3/apis/gadgets.skiff.test/v1')).status, 404);
      openapi.invalidate(testCatalog());
      const after = JSON.parse((await served.get('/openapi/v3')).body.toString()) as { paths: Record<string, { serverRelativeURL: string }> };
      const url = after.paths['apis/gadgets.skiff.test/v1']!.serverRelativeURL;
      const doc = await served.get(url);
      assert.equal(doc.status, 200);
      assert.ok(JSON.parse(doc.body.toString()).paths['/apis/gadgets.skiff.test/v1/gadgets']);
    } finally {
      await served.close();
    }
  });

  it('produces identical bytes for identical catalogs (stable ETags across restarts)', () => {
    const a = stableStringify(new OpenApi(testCatalog(), { types: testTypes }).v3('api/v1'));
    const b = stableStringify(new OpenApi(testCatalog(), { types: testTypes }).v3('api/v1'));
    assert.equal(a, b);
  });
});

describe('OpenAPI over HTTP', () => {
  let served: Served;
  before(async () => {
    served = await serve(new OpenApi(testCatalog(), { types: [...testTypes, Scale] }));
  });
  after(async () => {
    await served.close();
  });

  it('serves /openapi/v2 as JSON with ETag, Vary and conditional GET', async () => {
    const res = await served.get('/openapi/v2');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.match(String(res.headers.etag), /^"[0-9A-F]{128}"$/);
    assert.match(String(res.headers.vary), /Accept/);
    assert.ok(res.headers['last-modified']);
    assert.equal(JSON.parse(res.body.toString()).swagger, '2.0');
    const again = await served.get('/openapi/v2', { 'if-none-match': String(res.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const other = await served.get('/openapi/v2', { 'if-none-match': '"nope"' });
    assert.equal(other.status, 200);
  });

  it('answers 406 when neither JSON nor protobuf is acceptable', async () => {
    const res = await served.get('/openapi/v2', { accept: 'text/html' });
    assert.equal(res.status, 406);
    const v3 = await served.get('/openapi/v3/api/v1', { accept: 'application/com.github.proto-openapi.spec.v3.v1.0+protobuf' });
    assert.equal(v3.status, 406);
    const fallback = await served.get('/openapi/v3/api/v1', { accept: 'application/com.github.proto-openapi.spec.v3.v1.0+protobuf, application/json;q=0.9' });
    assert.equal(fallback.status, 200);
  });

  it('lists every document in the v3 index with its hash', async () => {
    const res = await served.get('/openapi/v3');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json');
    const index = JSON.parse(res.body.toString()) as { paths: Record<string, { serverRelativeURL: string }> };
    assert.deepEqual(Object.keys(index.paths).sort(), ['.well-known/openid-configuration', 'api', 'api/v1', 'apis', 'apis/gadgets.skiff.test', 'apis/gadgets.skiff.test/v1', 'openid/v1/jwks', 'version']);
    for (const [key, { serverRelativeURL }] of Object.entries(index.paths)) {
      assert.match(serverRelativeURL, new RegExp(`^/openapi/v3/${key.replace(/\./g, '\\.')}\\?hash=[0-9A-F]{128}$`));
    }
    const cond = await served.get('/openapi/v3', { 'if-none-match': String(res.headers.etag) });
    assert.equal(cond.status, 304);
  });

  it('serves a hashed document as immutable, redirects stale hashes, and 304s', async () => {
    const index = JSON.parse((await served.get('/openapi/v3')).body.toString()) as { paths: Record<string, { serverRelativeURL: string }> };
    const url = index.paths['api/v1']!.serverRelativeURL;
    const hash = url.split('hash=')[1]!;
    const res = await served.get(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, immutable');
    assert.ok(res.headers.expires);
    assert.equal(res.headers.etag, `"${hash}"`);
    assert.equal(JSON.parse(res.body.toString()).openapi, '3.0.0');

    const plain = await served.get('/openapi/v3/api/v1');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['cache-control'], 'no-cache, private');
    assert.equal(plain.headers.etag, `"${hash}"`);

    const stale = await served.get('/openapi/v3/api/v1?hash=0123');
    assert.equal(stale.status, 301);
    assert.equal(stale.headers.location, url);
    assert.equal(stale.headers.etag, `"${hash}"`);

    const cond = await served.get(url, { 'if-none-match': `"${hash}"` });
    assert.equal(cond.status, 304);
  });

  it('answers 404 for documents it does not have and ignores other paths', async () => {
    assert.equal((await served.get('/openapi/v3/apis/nope/v1')).status, 404);
    assert.equal((await served.get('/openapi/v3/')).status, 404);
    const other = await served.get('/openapi/v4');
    assert.equal(other.body.toString(), 'not routed');
  });

  it('compresses large documents for clients that accept gzip', async () => {
    const res = await served.get('/openapi/v2', { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
  });
});

describe('operation ids', () => {
  it('follow upstream ToValidOperationID', () => {
    assert.equal(toValidOperationId('rbac.authorization', true), 'RbacAuthorization');
    assert.equal(toValidOperationId('flowcontrol.apiserver', false), 'flowcontrolApiserver');
    assert.equal(toValidOperationId('v1beta1', true), 'V1beta1');
    assert.equal(toValidOperationId('2fa', true), 'Fa');
  });
});
