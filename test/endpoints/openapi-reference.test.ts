// Generated OpenAPI against upstream's published documents (../shared/reference/openapi-v1.32):
// the ConfigMap definitions and the paths of configmaps, pods (with every subresource),
// serviceaccounts/token, nodes/proxy and services/proxy. Skips when the reference folder or
// the core schemas are absent. Upstream's v1.32 documents were generated with alpha
// features on, so CBOR media types are dropped from them before comparing (v1.34 serves
// CBOR only behind a feature gate).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { namedTypes, OpenApi } from '../../src/endpoints/openapi.js';
import { Catalog } from '../../src/types/catalog.js';
import { coreKinds } from '../../src/types/core.js';
import { kind, type KindDef, type SubresourceDef } from '../../src/types/kind.js';
import type { ObjectType } from '../../src/types/schema.js';
import * as core from '../../src/types/schemas/core.js';
import * as meta from '../../src/types/schemas/meta.js';
import type { J } from './openapi-support.test.js';

const REF = join(process.cwd(), '..', 'shared', 'reference', 'openapi-v1.32');
const coreSchemas = (core as { coreSchemas?: Record<string, ObjectType> }).coreSchemas ?? {};
const skip = !existsSync(join(REF, 'swagger.json'))
  ? 'reference documents absent'
  : !coreSchemas.ConfigMap || !coreSchemas.Pod
    ? 'core schemas not declared yet'
    : false;

function sub(name: string, verbs: SubresourceDef['verbs'], gvk?: SubresourceDef['kind']): SubresourceDef {
  const typed = ['status', 'binding', 'eviction', 'ephemeralcontainers', 'resize', 'token'] as const;
  const type: SubresourceDef['type'] = (typed as readonly string[]).includes(name) ? (name as (typeof typed)[number]) : 'connect';
  return { name, verbs, type, ...(gvk ? { kind: gvk } : {}) };
}

/** core/v1 kinds with the schemas and subresources upstream serves them with. */
function catalog(): Catalog {
  const base = (k: string): KindDef => coreKinds.find((d) => d.kind === k)!;
  const proxy = sub('proxy', ['create', 'delete', 'get', 'patch', 'update']);
  const connect = (n: string) => sub(n, ['create', 'get']);
  return new Catalog([
    { ...base('ConfigMap'), schema: coreSchemas.ConfigMap },
    {
      ...base('Pod'),
      schema: coreSchemas.Pod,
      subresources: [
        connect('attach'),
        sub('binding', ['create'], { group: '', version: 'v1', kind: 'Binding' }),
        sub('ephemeralcontainers', ['get', 'patch', 'update']),
        sub('eviction', ['create'], { group: 'policy', version: 'v1', kind: 'Eviction' }),
        connect('exec'),
        sub('log', ['get']),
        connect('portforward'),
        proxy,
        sub('resize', ['get', 'patch', 'update']),
        sub('status', ['get', 'patch', 'update']),
      ],
    },
    { ...base('ServiceAccount'), schema: coreSchemas.ServiceAccount, subresources: [sub('token', ['create'], { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' })] },
    { ...base('Node'), schema: coreSchemas.Node, subresources: [proxy, sub('status', ['get', 'patch', 'update'])] },
    { ...base('Service'), schema: coreSchemas.Service, deleteReturnsObject: true, subresources: [proxy, sub('status', ['get', 'patch', 'update'])] },
    kind({ group: '', kind: 'Binding', plural: 'bindings', singular: 'binding', namespaced: true, verbs: ['create'], schema: coreSchemas.Binding }),
  ]);
}

function load(file: string): J {
  return JSON.parse(readFileSync(join(REF, file), 'utf8')) as J;
}

/** Inline shared parameters and drop CBOR media types. */
function normalize(doc: J, value: unknown): unknown {
  const params = (doc.parameters ?? {}) as J;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((x) => !(typeof x === 'string' && x.includes('cbor'))).map(walk);
    if (v && typeof v === 'object') {
      const o = v as J;
      if (typeof o.$ref === 'string' && o.$ref.startsWith('#/parameters/')) return walk(params[o.$ref.slice('#/parameters/'.length)]);
      return Object.fromEntries(Object.entries(o).filter(([k]) => !k.includes('cbor')).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value);
}

const PATHS = [
  '/api/v1/configmaps',
  '/api/v1/namespaces/{namespace}/configmaps',
  '/api/v1/namespaces/{namespace}/configmaps/{name}',
  '/api/v1/watch/configmaps',
  '/api/v1/watch/namespaces/{namespace}/configmaps',
  '/api/v1/watch/namespaces/{namespace}/configmaps/{name}',
  '/api/v1/namespaces/{namespace}/pods',
  '/api/v1/namespaces/{namespace}/pods/{name}',
  '/api/v1/namespaces/{namespace}/pods/{name}/attach',
  '/api/v1/namespaces/{namespace}/pods/{name}/binding',
  '/api/v1/namespaces/{namespace}/pods/{name}/ephemeralcontainers',
  '/api/v1/namespaces/{namespace}/pods/{name}/eviction',
  '/api/v1/namespaces/{namespace}/pods/{name}/exec',
  '/api/v1/namespaces/{namespace}/pods/{name}/log',
  '/api/v1/namespaces/{namespace}/pods/{name}/portforward',
  '/api/v1/namespaces/{namespace}/pods/{name}/proxy',
  '/api/v1/namespaces/{namespace}/pods/{name}/proxy/{path}',
  '/api/v1/namespaces/{namespace}/pods/{name}/resize',
  '/api/v1/namespaces/{namespace}/pods/{name}/status',
  '/api/v1/namespaces/{namespace}/serviceaccounts/{name}/token',
  '/api/v1/namespaces/{namespace}/services/{name}/proxy',
  '/api/v1/namespaces/{namespace}/services/{name}/proxy/{path}',
  '/api/v1/nodes',
  '/api/v1/nodes/{name}/proxy',
  '/api/v1/nodes/{name}/proxy/{path}',
  '/api/v1/namespaces/{namespace}/bindings',
  '/api/v1/',
];

describe('OpenAPI compared with upstream v1.32 documents', { skip }, () => {
  const openapi = new OpenApi(catalog(), { types: namedTypes(meta, core) });

  it('generates the ConfigMap definitions exactly (v2 and v3)', () => {
    const v2 = openapi.v2() as J;
    const refV2 = load('swagger.json');
    for (const name of ['io.k8s.api.core.v1.ConfigMap', 'io.k8s.api.core.v1.ConfigMapList', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']) {
      assert.deepEqual(v2.definitions[name], refV2.definitions[name], name);
    }
    const v3 = openapi.v3('api/v1') as J;
    const refV3 = load('v3/api__v1_openapi.json');
    for (const name of ['io.k8s.api.core.v1.ConfigMap', 'io.k8s.api.core.v1.ConfigMapList', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']) {
      assert.deepEqual(v3.components.schemas[name], refV3.components.schemas[name], name);
    }
  });

  it('generates the v2 paths of configmaps, pods and their subresources exactly', () => {
    const ours = openapi.v2() as J;
    const ref = load('swagger.json');
    for (const p of PATHS) assert.deepEqual(normalize(ours, ours.paths[p]), normalize(ref, ref.paths[p]), p);
  });

  it('generates the v3 paths of configmaps, pods and their subresources exactly', () => {
    const ours = openapi.v3('api/v1') as J;
    const ref = load('v3/api__v1_openapi.json');
    for (const p of PATHS) assert.deepEqual(normalize(ours, ours.paths[p]), normalize(ref, ref.paths[p]), p);
  });
});
