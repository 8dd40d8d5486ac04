// CustomResourceDefinition validation (the v1 rules) and custom resource validation
// (OpenAPI schema, x-kubernetes-validations CEL rules), as 422 Status causes over HTTP.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
type Json = Record<string, any>;

function crd(plural: string, schema: Json, version: Json = {}, spec: Json = {}): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.test.example.com` },
    spec: {
      group: 'test.example.com',
      scope: 'Namespaced',
      names: { plural, singular: plural.replace(/s$/, ''), kind: plural[0]!.toUpperCase() + plural.slice(1, -1) },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, ...version }],
      ...spec,
    },
  };
}

const obj = (props: Json): Json => ({ type: 'object', properties: props });

/** The messages of a 422's causes, as "field: message". */
function causes(res: { status: number; json(): any }): string[] {
  assert.equal(res.status, 422, JSON.stringify(res.json()));
  return res.json().details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`);
}

describe('CustomResourceDefinition validation', () => {
  let srv: TestServer;
  const post = (body: Json) => srv.request('POST', CRDS, { body });
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('checks the name, group, scope, names and versions', async () => {
    const c = crd('things', obj({}));
    c.metadata.name = 'stuff.test.example.com';
    c.spec.scope = 'Galaxy';
    c.spec.names.listKind = c.spec.names.kind;
    c.spec.names.shortNames = ['Bad_Short'];
    c.spec.versions.push({ name: 'V2', served: true, storage: true, schema: { openAPIV3Schema: obj({}) } });
    const got = causes(await post(c));
    assert.ok(got.includes('metadata.name: Invalid value: "stuff.test.example.com": must be spec.names.plural+"."+spec.group'), got.join('\n'));
    assert.ok(got.includes('spec.scope: Unsupported value: "Galaxy": supported values: "Cluster", "Namespaced"'), got.join('\n'));
    assert.ok(got.includes('spec.names.listKind: Invalid value: "Thing": kind and listKind may not be the same'), got.join('\n'));
    assert.ok(got.some((m) => m.startsWith('spec.names.shortNames[0]: Invalid value: "Bad_Short": a DNS-1035 label must consist of lower case alphanumeric characters')), got.join('\n'));
    assert.ok(got.some((m) => m.startsWith('spec.versions[1].name: Invalid value: "V2": a DNS-1035 label')), got.join('\n'));
    assert.ok(got.some((m) => /^spec\.versions: Invalid value: .*must have exactly one version marked as storage version$/.test(m)), got.join('\n'));
    const group = crd('things', obj({}), {}, { group: 'nodots' });
    group.metadata.name = 'things.nodots';
    assert.ok(causes(await post(group)).includes('spec.group: Invalid value: "nodots": should be a domain with at least one dot'));
  });

  it('requires structural schemas and reports where they are not, at the hoisted path', async () => {
    const got = causes(await post(crd('loose', obj({ spec: { properties: { a: { type: 'string' } } }, list: { type: 'array' }, metadata: { type: 'object', properties: { labels: { type: 'object' } } } }))));
    assert.deepEqual(got, [
      'spec.validation.openAPIV3Schema.properties[list].items: Required value: must be specified',
      'spec.validation.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
      'spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
    ]);
    // With versions of different schemas, errors name the version.
    const two = crd('pairs', obj({ a: { type: 'string' } }));
    two.spec.versions.push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: obj({ b: {} }) } });
    assert.deepEqual(causes(await post(two)), ['spec.versions[1].schema.openAPIV3Schema.properties[b].type: Required value: must not be empty for specified object fields']);
    const none = crd('bare', obj({}));
    delete none.spec.versions[0].schema;
    assert.deepEqual(causes(await post(none)), ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']);
  });

  it('checks the x-kubernetes markers', async () => {
    const got = causes(
      await post(
        crd('markers', obj({
          a: { type: 'string', 'x-kubernetes-list-type': 'set' },
          b: { type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'object', properties: { k: { type: 'string' } } } },
          c: { type: 'object', 'x-kubernetes-preserve-unknown-fields': false },
          d: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['missing'], items: { type: 'object', properties: { k: { type: 'string' } } } },
          e: { type: 'string', uniqueItems: true },
        })),
      ),
    );
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[a].type: Invalid value: "string": must be array if x-kubernetes-list-type is specified'), got.join('\n'));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[b].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map'), got.join('\n'));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[c].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined'), got.join('\n'));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[d].x-kubernetes-list-map-keys: Invalid value: ["missing"]: entries must all be names of item properties'), got.join('\n'));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[e].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic'), got.join('\n'));
  });

  it('checks subresources, printer columns, selectable fields and conversion', async () => {
    const got = causes(
      await post(
        crd('extras', obj({ spec: obj({ n: { type: 'integer' }, o: obj({}) }) }), {
          subresources: { scale: { specReplicasPath: '.status.n', statusReplicasPath: 'status.n' } },
          additionalPrinterColumns: [{ name: 'N', type: 'int', jsonPath: '.spec.n' }, { name: 'M', type: 'string', jsonPath: 'spec.n' }],
          selectableFields: [{ jsonPath: '.spec.o' }, { jsonPath: '.spec.nope' }],
        }, { conversion: { strategy: 'Magic' } }),
      ),
    );
    assert.ok(got.includes('spec.subresources.scale.specReplicasPath: Invalid value: ".status.n": should be a json path under .spec'), got.join('\n'));
    assert.ok(got.includes('spec.subresources.scale.statusReplicasPath: Invalid value: "status.n": must be a simple json path starting with .'), got.join('\n'));
    assert.ok(got.includes('spec.additionalPrinterColumns[0].type: Invalid value: "int": must be one of boolean,date,integer,number,string'), got.join('\n'));
    assert.ok(got.includes('spec.additionalPrinterColumns[1].JSONPath: Invalid value: "spec.n": must be a simple json path starting with .'), got.join('\n'));
    assert.ok(got.includes('spec.versions[0].selectableFields[0].jsonPath: Invalid value: ".spec.o": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'), got.join('\n'));
    assert.ok(got.includes('spec.versions[0].selectableFields[1].jsonPath: Invalid value: ".spec.nope": is an invalid path: does not refer to a valid field'), got.join('\n'));
    assert.ok(got.includes('spec.conversion.strategy: Unsupported value: "Magic": supported values: "None", "Webhook"'), got.join('\n'));
    // A webhook conversion needs a client config; with one it is accepted.
    const webhook = causes(await post(crd('hooks', obj({}), {}, { conversion: { strategy: 'Webhook' } })));
    assert.ok(webhook.includes('spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook'), webhook.join('\n'));
    const ok = await post(crd('hooks', obj({}), {}, { conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://convert.example.com/convert' } } } }));
    assert.equal(ok.status, 201, ok.text);
  });

  it('validates defaults against their schema', async () => {
    const got = causes(await post(crd('defaults', obj({ spec: obj({ n: { type: 'integer', default: 'x' }, s: { type: 'string', enum: ['a'], default: 'b' } }) }))));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[spec].properties[n].default: Invalid value: "string":  in body must be of type integer: "string"'), got.join('\n'));
    assert.ok(got.includes('spec.validation.openAPIV3Schema.properties[spec].properties[s].default: Unsupported value: "b": supported values: "a"'), got.join('\n'));
    const meta = causes(await post(crd('metadefaults', obj({ metadata: { type: 'object', default: {} } }))));
    assert.ok(meta.includes('spec.validation.openAPIV3Schema.properties[metadata].default: Forbidden: must not be set in top-level metadata'), meta.join('\n'));
  });

  it('compiles x-kubernetes-validations with upstream messages', async () => {
    const withRules = (rules: Json[]) =>
      crd('rules', obj({ spec: { type: 'object', 'x-kubernetes-validations': rules, properties: { a: { type: 'string', maxLength: 5 } } } }));
    const got = causes(await post(withRules([{ rule: 'self.a ==' }, { rule: 'self.a' }, { rule: 'self.a.size() < 3', optionalOldSelf: true }])));
    const base = 'spec.validation.openAPIV3Schema.properties[spec]';
    assert.ok(got.some((m) => m.startsWith(`${base}.x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.a ==",`) && m.includes('compilation failed: ERROR: <input>:1:10: Syntax error:')), got.join('\n'));
    assert.ok(got.some((m) => m.startsWith(`${base}.x-kubernetes-validations[1].rule: Invalid value: `) && m.endsWith(': cel expression must evaluate to a bool')), got.join('\n'));
    assert.ok(got.includes(`${base}.x-kubernetes-validations[2].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`), got.join('\n'));
    // A rule problem found before compiling (here an empty rule) means nothing at that level is compiled.
    const empty = causes(await post(withRules([{ rule: 'self.a ==' }, { rule: '  ' }, { rule: 'self.a', message: 'a\nb' }])));
    assert.deepEqual(empty, [
      `${base}.x-kubernetes-validations[1].rule: Required value: rule is not specified`,
      `${base}.x-kubernetes-validations[2].message: Invalid value: "a\\nb": message must not contain line breaks`,
    ]);
    // oldSelf cannot reach into lists that do not correlate items.
    const uncorrelated = causes(await post(crd('lists', obj({ spec: obj({ l: { type: 'array', items: { type: 'string', maxLength: 3, 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } } }) }))));
    assert.ok(uncorrelated.includes('spec.validation.openAPIV3Schema.properties[spec].properties[l].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[l]'), uncorrelated.join('\n'));
  });

  it('rejects rules whose estimated cost is over the limits', async () => {
    const got = causes(
      await post(crd('costly', obj({ spec: obj({ tags: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.matches('^[a-z]+$')" }] } } }) }))),
    );
    assert.ok(got.some((m) => /^spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[tags\]\.items\.x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget by factor of .* \(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared\)$/.test(m)), got.join('\n'));
    // Bounding the list and the strings brings it under the limit.
    const bounded = await post(crd('costly', obj({ spec: obj({ tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20, 'x-kubernetes-validations': [{ rule: "self.matches('^[a-z]+$')" }] } } }) })));
    assert.equal(bounded.status, 201, bounded.text);
  });

  it('estimates string() of a number as of unknown size, as cel-go: a messageExpression concatenating it is over the budget (kube-apiserver v1.32)', async () => {
    const item = { type: 'object', properties: { n: { type: 'integer' } } };
    const rules = (messageExpression: string) => [{ rule: 'size(self.mm) < 2', messageExpression }];
    const got = causes(await post(crd('sized', obj({ spec: { type: 'object', properties: { mm: { type: 'object', additionalProperties: item } }, 'x-kubernetes-validations': rules("'too many: ' + string(size(self.mm))") } }))));
    const hint = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
    assert.deepEqual(got, [
      `spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x ${hint}`,
      'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].messageExpression: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema',
      `spec.validation.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${hint}`,
    ]);
    // A constant message costs nothing.
    const constant = await post(crd('sized', obj({ spec: { type: 'object', properties: { mm: { type: 'object', additionalProperties: item } }, 'x-kubernetes-validations': rules("'too many'") } })));
    assert.equal(constant.status, 201, constant.text);
  });

  it('resolves name conflicts with NamesAccepted and keeps the loser unserved', async () => {
    const first = crd('alphas', obj({}));
    assert.equal((await post(first)).status, 201);
    const clash = crd('betas', obj({}));
    clash.spec.names.kind = 'Alpha';
    assert.equal((await post(clash)).status, 201);
    await srv.crds.idle();
    const got = (await srv.request('GET', `${CRDS}/betas.test.example.com`)).json();
    const names = got.status.conditions.find((c: Json) => c.type === 'NamesAccepted');
    // Every clash is checked in turn (plural, singular, shortNames, kind, listKind): the last one is reported.
    assert.deepEqual({ status: names.status, reason: names.reason, message: names.message }, { status: 'False', reason: 'ListKindConflict', message: '"AlphaList" is already in use' });
    assert.equal(got.status.acceptedNames.kind, '');
    assert.equal(got.status.acceptedNames.plural, 'betas');
    const est = got.status.conditions.find((c: Json) => c.type === 'Established');
    assert.deepEqual({ status: est.status, reason: est.reason }, { status: 'False', reason: 'NotAccepted' });
    assert.equal((await srv.request('GET', '/apis/test.example.com/v1/namespaces/default/betas')).status, 404);
    // Once the holder goes, the name is free.
    assert.equal((await srv.request('DELETE', `${CRDS}/alphas.test.example.com`)).status, 200);
    await srv.crds.idle();
    const later = (await srv.request('GET', `${CRDS}/betas.test.example.com`)).json();
    assert.equal(later.status.conditions.find((c: Json) => c.type === 'Established').status, 'True');
  });

  it('keeps scope and kind immutable once established, and stored versions in spec', async () => {
    const c = crd('fixeds', obj({}));
    assert.equal((await post(c)).status, 201);
    await srv.crds.idle();
    const cur = (await srv.request('GET', `${CRDS}/fixeds.test.example.com`)).json();
    cur.spec.scope = 'Cluster';
    cur.spec.names.kind = 'Other';
    const got = causes(await srv.request('PUT', `${CRDS}/fixeds.test.example.com`, { body: cur }));
    assert.ok(got.includes('spec.scope: Invalid value: "Cluster": field is immutable'), got.join('\n'));
    assert.ok(got.includes('spec.names.kind: Invalid value: "Other": field is immutable'), got.join('\n'));
    const renamed = (await srv.request('GET', `${CRDS}/fixeds.test.example.com`)).json();
    renamed.spec.versions[0].name = 'v2';
    const got2 = causes(await srv.request('PUT', `${CRDS}/fixeds.test.example.com`, { body: renamed }));
    assert.ok(got2.includes('status.storedVersions[0]: Invalid value: "v1": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions'), got2.join('\n'));
  });
});

describe('custom resource validation', () => {
  let srv: TestServer;
  const path = '/apis/test.example.com/v1/namespaces/default/limits';
  const create = (name: string, spec: Json) => srv.request('POST', path, { body: { apiVersion: 'test.example.com/v1', kind: 'Limit', metadata: { name }, spec } });
  before(async () => {
    srv = await startTestServer();
    const schema = obj({
      spec: {
        type: 'object',
        'x-kubernetes-validations': [
          { rule: 'self.min <= self.max', message: 'min must not exceed max' },
          { rule: 'self.max < 100', messageExpression: "'max is ' + self.unit + ', too much'", reason: 'FieldValueForbidden', fieldPath: '.max' },
          { rule: 'self.unit == oldSelf.unit', message: 'unit is immutable' },
        ],
        properties: {
          min: { type: 'integer' },
          max: { type: 'integer' },
          unit: { type: 'string', maxLength: 8, pattern: '^[a-z]+$' },
          when: { type: 'string', format: 'date-time' },
          items: { type: 'array', maxItems: 2, items: { type: 'string', minLength: 2 } },
          keys: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
          rows: { type: 'array', items: { type: 'object', required: ['k'], properties: { k: { type: 'string', minLength: 2 } } } },
          byName: { type: 'object', additionalProperties: { type: 'object', required: ['k'], properties: { k: { type: 'string' } } } },
          template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
          tag: { type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule: "oldSelf.hasValue() || self.startsWith('v')", optionalOldSelf: true, message: 'new tags start with v' }] },
        },
      },
    });
    const res = await srv.request('POST', CRDS, { body: crd('limits', schema) });
    assert.equal(res.status, 201, res.text);
    await srv.crds.idle();
  });
  after(async () => {
    await srv?.close();
  });

  it('applies the OpenAPI schema', async () => {
    const got = causes(await create('bad', { min: 1, max: 2, unit: 'KG!', when: 'noon', items: ['a', 'bb', 'cc'], keys: ['x', 'x'] }));
    assert.ok(got.includes(`spec.unit: Invalid value: "KG!": spec.unit in body should match '^[a-z]+$'`), got.join('\n'));
    assert.ok(got.includes('spec.when: Invalid value: "noon": spec.when in body must be of type date-time: "noon"'), got.join('\n'));
    assert.ok(got.includes('spec.items[0]: Invalid value: "a": spec.items[0] in body should be at least 2 chars long'), got.join('\n'));
    assert.ok(got.includes('spec.items: Too many: 3: must have at most 2 items'), got.join('\n'));
    assert.ok(got.includes('spec.keys[1]: Duplicate value: "x"'), got.join('\n'));
    // Blocking schema errors keep CEL rules from running.
    assert.ok(got.includes('<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'), got.join('\n'));
  });

  it('names an array item [i] and a map value .key in schema errors (kube-apiserver v1.32)', async () => {
    const got = causes(await create('rows', { min: 1, max: 2, rows: [{}, { k: 1 }, { k: 'a' }], byName: { x: {} } }));
    // Schema errors keep the CEL rules from running (that cause is the first test's).
    assert.deepEqual(got.filter((c) => c.startsWith('spec.')).sort(), [
      'spec.byName.x.k: Required value',
      'spec.rows[0].k: Required value',
      'spec.rows[1].k: Invalid value: "integer": spec.rows[1].k in body must be of type string: "integer"',
      'spec.rows[2].k: Invalid value: "a": spec.rows[2].k in body should be at least 2 chars long',
    ]);
  });

  it('evaluates x-kubernetes-validations with message, messageExpression, reason and fieldPath', async () => {
    const got = causes(await create('rules', { min: 500, max: 200, unit: 'kg' }));
    assert.deepEqual(got, ['spec: Invalid value: "object": min must not exceed max', 'spec.max: Forbidden: max is kg, too much']);
    assert.equal((await create('fine', { min: 1, max: 2, unit: 'kg' })).status, 201);
  });

  it('treats x-kubernetes-embedded-resource values as objects with their own type and metadata', async () => {
    const got = causes(await create('embedded', { min: 1, max: 2, unit: 'kg', template: { kind: 'Pod', metadata: { name: 'p' } } }));
    assert.deepEqual(got, [
      'spec.template.apiVersion: Required value: must not be empty',
      '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    ]);
    const ok = await create('embedded', { min: 1, max: 2, unit: 'kg', template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', bogus: 1 }, spec: { anything: true } } });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.headers.warning, '299 - "unknown field \\"spec.template.metadata.bogus\\""');
    assert.deepEqual(ok.json().spec.template, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { anything: true } });
  });

  it('runs optionalOldSelf rules on create too, with oldSelf unset', async () => {
    assert.deepEqual(causes(await create('tagged', { min: 1, max: 2, unit: 'kg', tag: 'x1' })), ['spec.tag: Invalid value: "string": new tags start with v']);
    const ok = await create('tagged', { min: 1, max: 2, unit: 'kg', tag: 'v1' });
    assert.equal(ok.status, 201, ok.text);
    const changed = await srv.request('PATCH', `${path}/tagged`, { body: { spec: { tag: 'x2' } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(changed.status, 200, changed.text);
  });

  it('applies transition rules on update only, with ratcheting of unchanged values', async () => {
    const patch = (body: Json) => srv.request('PATCH', `${path}/fine`, { body, headers: { 'content-type': 'application/merge-patch+json' } });
    const got = causes(await patch({ spec: { unit: 'lb' } }));
    assert.deepEqual(got, ['spec: Invalid value: "object": unit is immutable']);
    assert.equal((await patch({ spec: { max: 3 } })).status, 200);
  });
});

describe('deleting a CRD whose custom resources hold finalizers', () => {
  let srv: TestServer;
  const base = '/apis/test.example.com/v1/namespaces/default/holds';
  before(async () => {
    srv = await startTestServer();
    assert.equal((await srv.request('POST', CRDS, { body: crd('holds', obj({ spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } })) })).status, 201);
    await srv.crds.idle();
  });
  after(async () => {
    await srv?.close();
  });

  it('waits for the custom resources, refusing creates meanwhile, then goes', async () => {
    const c = await srv.request('POST', base, { body: { apiVersion: 'test.example.com/v1', kind: 'Hold', metadata: { name: 'h', finalizers: ['test.example.com/hold'] }, spec: {} } });
    assert.equal(c.status, 201, c.text);
    const del = await srv.request('DELETE', `${CRDS}/holds.test.example.com`);
    assert.equal(del.status, 200);
    assert.ok(del.json().metadata.deletionTimestamp);
    assert.deepEqual(del.json().metadata.finalizers, ['customresourcecleanup.apiextensions.k8s.io']);
    const terminating = del.json().status.conditions.find((x: Json) => x.type === 'Terminating');
    assert.deepEqual({ status: terminating.status, reason: terminating.reason }, { status: 'True', reason: 'InstanceDeletionPending' });
    await eventually(async () => {
      const cur = (await srv.request('GET', `${CRDS}/holds.test.example.com`)).json();
      return cur.status.conditions.find((x: Json) => x.type === 'Terminating')?.reason === 'InstanceDeletionInProgress';
    }, 15_000, 'deletion in progress');
    // The custom resource is being deleted but held by its finalizer.
    const held = (await srv.request('GET', `${base}/h`)).json();
    assert.ok(held.metadata.deletionTimestamp);
    const create = await srv.request('POST', base, { body: { apiVersion: 'test.example.com/v1', kind: 'Hold', metadata: { name: 'h2' } } });
    assert.equal(create.status, 405);
    assert.equal(create.json().message, 'create not allowed while custom resource definition is terminating');
    const disco = (await srv.request('GET', '/apis/test.example.com/v1')).json();
    assert.deepEqual(disco.resources[0].verbs, ['delete', 'deletecollection', 'get', 'list', 'watch']);
    // Updates still work: release the finalizer.
    const rel = await srv.request('PATCH', `${base}/h`, { body: { metadata: { finalizers: null } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(rel.status, 200, rel.text);
    await eventually(async () => (await srv.request('GET', `${CRDS}/holds.test.example.com`)).status === 404, 10_000, 'CRD removed');
    await eventually(async () => (await srv.request('GET', '/apis/test.example.com/v1')).status === 404, 15_000, 'resource unserved');
  });
});
