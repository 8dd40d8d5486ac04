// Assembles OpenAPI documents from the catalog: the whole API as swagger 2.0 (/openapi/v2)
// and one OpenAPI 3.0 document per path group (/openapi/v3/<api/v1 | apis/g/v | ...>).

import { createHash } from 'node:crypto';
import { LIST_DOCS } from './openapi-list-docs.js';
import type { Catalog } from '../types/catalog.js';
import type { KindDef, SubresourceDef } from '../types/kind.js';
import { fieldsOf, list, object, string, type ObjectType } from '../types/schema.js';
import { metaDefinitions } from '../types/schemas/meta.js';
import {
  API_GROUP,
  API_GROUP_LIST,
  API_RESOURCE_LIST,
  API_VERSIONS,
  DELETE_OPTIONS,
  groupDiscoveryPath,
  groupVersionDiscoveryPath,
  openIdConfigurationPath,
  openIdKeysetPath,
  PATCH_BODY,
  resourcePaths,
  type MediaOptions,
  rootDiscoveryPath,
  STATUS,
  versionPath,
  WATCH_EVENT,
  type OperationModel,
  type ParamModel,
  type PathModel,
  type ResourceSchemas,
} from './openapi-paths.js';
import { SchemaRenderer, TypeRegistry, type GVK, type Json, type RawDefinition } from './openapi-schema.js';

const LIST_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta';
const INFO = { title: 'Kubernetes', version: 'unversioned' };
const BEARER = { description: 'Bearer Token authentication', in: 'header', name: 'authorization', type: 'apiKey' };

const API_VERSION_DOC =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DOC =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';

/** The definition name upstream gives a kind: io.k8s.api.<group>.<version>.<Kind> and its exceptions. */
export function definitionName(group: string, version: string, kind: string): string {
  let prefix: string;
  if (group === '') prefix = 'io.k8s.api.core';
  else if (group === 'apiextensions.k8s.io') prefix = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions';
  else if (group === 'apiregistration.k8s.io') prefix = 'io.k8s.kube-aggregator.pkg.apis.apiregistration';
  else if (group === 'internal.apiserver.k8s.io') prefix = 'io.k8s.api.apiserverinternal';
  else if (group.endsWith('.k8s.io') || !group.includes('.')) prefix = `io.k8s.api.${group.split('.')[0]}`;
  else prefix = group.split('.').reverse().join('.'); // custom resources: reversed domain
  return `${prefix}.${version}.${kind}`;
}

/** The path groups of the v3 index, in the form of their keys ("api/v1", "apis/apps/v1", ...). */
export interface V3Entry {
  key: string;
  paths(): PathModel[];
}

/**
 * Everything the documents derive from the catalog: known types by definition name, the
 * schemas each resource's operations use, and the path models.
 */
export class OpenApiModel {
  readonly registry = new TypeRegistry();
  private readonly synthesized = new Map<string, ObjectType>();

  constructor(
    private readonly catalog: Catalog,
    declared: Iterable<ObjectType> = [],
    raw: ReadonlyMap<string, RawDefinition> = new Map(),
    private readonly media: MediaOptions = {},
  ) {
    for (const t of Object.values(metaDefinitions)) this.registry.declare(t);
    for (const [name, def] of raw) this.registry.raw(name, def);
    for (const t of declared) this.registry.declare(t);
    for (const def of catalog.kinds) if (def.schema) this.registry.root(def.schema);

    const gvs = this.groupVersions();
    for (const { group, version } of gvs) {
      for (const { def } of catalog.resources(group, version) ?? []) {
        const s = this.schemas(def, group, version);
        this.registry.addGvk(s.object, { group, version, kind: def.kind });
        this.registry.addGvk(s.list, { group, version, kind: `${def.kind}List` });
        for (const sub of def.subresources ?? []) {
          if (sub.kind) {
            const r = s.subresource(sub);
            this.registry.addGvk(r.schema, r.gvk);
          }
        }
      }
      this.registry.addGvk(DELETE_OPTIONS, { group, version, kind: 'DeleteOptions' });
      this.registry.addGvk(WATCH_EVENT, { group, version, kind: 'WatchEvent' });
    }
    this.registry.addGvk(STATUS, { group: '', version: 'v1', kind: 'Status' });
    for (const [name, kind] of [[API_GROUP, 'APIGroup'], [API_GROUP_LIST, 'APIGroupList'], [API_VERSIONS, 'APIVersions'], [API_RESOURCE_LIST, 'APIResourceList']] as const) {
      this.registry.addGvk(name, { group: '', version: 'v1', kind });
    }
  }

  groupVersions(): { group: string; version: string }[] {
    return this.catalog.groups.flatMap((g) => g.versions.map((version) => ({ group: g.name, version })));
  }

  /** The schemas used by a served resource's operations, synthesizing what is not declared. */
  schemas(def: KindDef, group: string, version: string): ResourceSchemas {
    const own = kindSchema(def, version);
    const objectName = own?.name ?? definitionName(group, version, def.kind);
    const listName = `${objectName}List`;
    if (!this.registry.get(objectName) && !this.synthesized.has(objectName)) {
      this.synthesized.set(objectName, object(objectName, {}));
    }
    if (!this.registry.get(listName) && !this.synthesized.has(listName)) {
      this.synthesized.set(listName, this.listType(listName, def, own ?? this.synthesized.get(objectName)!));
    }
    for (const [name, t] of [[objectName, this.synthesized.get(objectName)], [listName, this.synthesized.get(listName)]] as const) {
      if (t && !this.registry.get(name)) this.registry.fallback(t);
    }
    const subresource = (sub: SubresourceDef): { schema: string; gvk: GVK } => {
      const gvk: GVK = { group: sub.kind!.group, version: sub.kind!.version, kind: sub.kind!.kind };
      const owner = this.catalog.resources(gvk.group, gvk.version)?.find((r) => r.def.kind === gvk.kind)?.def;
      const schema = (owner && kindSchema(owner, gvk.version)?.name) ?? definitionName(gvk.group, gvk.version, gvk.kind);
      return { schema, gvk };
    };
    return { object: objectName, list: listName, subresource };
  }

  private listType(name: string, def: KindDef, item: ObjectType): ObjectType {
    const itemFields = fieldsOf(item);
    const listMeta = this.registry.get(LIST_META)!;
    const docs = LIST_DOCS[name];
    return object(name, {
      apiVersion: itemFields.apiVersion ?? string().doc(API_VERSION_DOC),
      items: list(item).required().doc(docs?.items ?? `List of ${def.plural}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`),
      kind: itemFields.kind ?? string().doc(KIND_DOC),
      metadata: { ...listMeta, description: docs ? docs.metadata : 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' },
    }, { description: docs?.description ?? `${def.kind}List is a list of ${def.kind}` });
  }

  /** Paths of one group version: its discovery document and every resource. */
  groupVersionPaths(group: string, version: string): PathModel[] {
    const out = [groupVersionDiscoveryPath(group, version)];
    for (const { def } of this.catalog.resources(group, version) ?? []) out.push(...resourcePaths(def, group, version, this.schemas(def, group, version), this.media));
    return out;
  }

  /** Every v3 document key with the paths it holds, in index order. */
  v3Entries(): V3Entry[] {
    const out: V3Entry[] = [];
    if (this.catalog.hasGroup('')) out.push({ key: 'api', paths: () => [rootDiscoveryPath('api')] });
    out.push({ key: 'apis', paths: () => [rootDiscoveryPath('apis')] });
    for (const g of this.catalog.groups) {
      if (g.name !== '') out.push({ key: `apis/${g.name}`, paths: () => [groupDiscoveryPath(g.name)] });
      for (const v of g.versions) {
        out.push({ key: g.name === '' ? `api/${v}` : `apis/${g.name}/${v}`, paths: () => this.groupVersionPaths(g.name, v) });
      }
    }
    out.push({ key: 'version', paths: () => [versionPath()] });
    out.push({ key: '.well-known/openid-configuration', paths: () => [openIdConfigurationPath()] });
    out.push({ key: 'openid/v1/jwks', paths: () => [openIdKeysetPath()] });
    return out;
  }

  allPaths(): PathModel[] {
    return this.v3Entries().flatMap((e) => e.paths());
  }
}

/** The schema a kind's declaration provides for one of its versions, if any. */
function kindSchema(def: KindDef, version: string): ObjectType | undefined {
  const s = def.schema;
  if (!s) return undefined;
  // A declaration names one version (io.k8s.api.<g>.<version>.<Kind>); other versions are undeclared.
  if (def.versions.length > 1) {
    const parts = s.name.split('.');
    if (parts[parts.length - 2] !== version) return undefined;
  }
  return s;
}

// ---- rendering ----

function sortParams(ps: ParamModel[]): ParamModel[] {
  return [...ps].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.in < b.in ? -1 : a.in > b.in ? 1 : 0));
}

function paramKey(p: ParamModel): string {
  return JSON.stringify([p.name, p.in, p.type, p.required ?? false, p.description ?? '', p.schema ?? '']);
}

/** Split parameters shared by every operation of a path (upstream lifts them to the path). */
function hoist(path: PathModel): { common: ParamModel[]; perOp: Map<OperationModel, ParamModel[]> } {
  const counts = new Map<string, number>();
  for (const op of path.operations) {
    for (const k of new Set(op.params.filter((p) => p.in !== 'body').map(paramKey))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const n = path.operations.length;
  const commonKeys = new Set([...counts].filter(([, c]) => c === n).map(([k]) => k));
  const common: ParamModel[] = [];
  const seen = new Set<string>();
  const perOp = new Map<OperationModel, ParamModel[]>();
  for (const op of path.operations) {
    const rest: ParamModel[] = [];
    for (const p of op.params) {
      const k = paramKey(p);
      if (p.in !== 'body' && commonKeys.has(k)) {
        if (!seen.has(k)) {
          seen.add(k);
          common.push(p);
        }
      } else rest.push(p);
    }
    perOp.set(op, sortParams(rest));
  }
  return { common: sortParams(common), perOp };
}

function gvkExtension(op: OperationModel): Json {
  const x: Json = {};
  if (op.action) x['x-kubernetes-action'] = op.action;
  if (op.gvk) x['x-kubernetes-group-version-kind'] = { group: op.gvk.group, kind: op.gvk.kind, version: op.gvk.version };
  return x;
}

/** Body parameters never shared (kind-specific) and upstream's inline ones. */
function sharedInV2(p: ParamModel): boolean {
  if (p.in === 'body') return p.schema === DELETE_OPTIONS || p.schema === PATCH_BODY;
  if (p.in === 'path' && p.name === 'name') return false;
  return p.name !== 'dryRun' && p.name !== 'fieldValidation';
}

/** The swagger 2.0 document of the whole API. */
export function buildV2(model: OpenApiModel): Json {
  const r = new SchemaRenderer('v2', model.registry);
  const shared = new Map<string, Json>();
  const v2Param = (p: ParamModel): Json => {
    const body: Json =
      p.in === 'body'
        ? { in: 'body', name: 'body', ...(p.required ? { required: true } : {}), schema: r.ref(p.schema!) }
        : { description: p.description, in: p.in, name: p.name, ...(p.required ? { required: true } : {}), type: p.type, uniqueItems: true };
    if (!sharedInV2(p)) return body;
    const json = JSON.stringify(body);
    const id = `${p.name}-${createHash('sha224').update(json).digest().subarray(0, 6).toString('base64url')}`;
    shared.set(id, body);
    return { $ref: `#/parameters/${id}` };
  };
  const paths: Json = {};
  for (const path of model.allPaths()) {
    const { common, perOp } = hoist(path);
    const item: Json = {};
    for (const op of path.operations) {
      const params = perOp.get(op)!;
      const o: Json = { ...(op.consumes.length ? { consumes: op.consumes } : {}), description: op.description, operationId: op.operationId };
      if (params.length) o.parameters = params.map(v2Param);
      o.produces = op.produces;
      const responses: Json = {};
      for (const res of op.responses) {
        responses[res.code] = res.schema ? { description: res.description, schema: r.ref(res.schema) } : res.text ? { description: res.description, schema: { type: 'string' } } : { description: res.description };
      }
      o.responses = responses;
      o.schemes = ['https'];
      o.tags = [op.tag];
      Object.assign(o, gvkExtension(op));
      item[op.method] = o;
    }
    if (common.length) item.parameters = common.map(v2Param);
    paths[path.path] = item;
  }
  const definitions = Object.fromEntries(r.finish());
  return {
    swagger: '2.0',
    info: INFO,
    paths,
    definitions,
    parameters: Object.fromEntries(shared),
    security: [{ BearerToken: [] }],
    securityDefinitions: { BearerToken: BEARER },
  };
}

/** The OpenAPI 3.0 document of a set of paths (one v3 index entry). */
export function buildV3(model: OpenApiModel, paths: PathModel[]): Json {
  const r = new SchemaRenderer('v3', model.registry);
  const v3Param = (p: ParamModel): Json => ({
    description: p.description,
    in: p.in,
    name: p.name,
    ...(p.required ? { required: true } : {}),
    schema: { type: p.type, uniqueItems: true },
  });
  const content = (types: string[], schema: Json): Json => Object.fromEntries([...types].sort().map((t) => [t, { schema }]));
  const out: Json = {};
  for (const path of paths) {
    const { common, perOp } = hoist(path);
    const item: Json = {};
    for (const op of path.operations) {
      const o: Json = { description: op.description, operationId: op.operationId };
      const all = perOp.get(op)!;
      const params = all.filter((p) => p.in !== 'body');
      const body = all.find((p) => p.in === 'body');
      if (params.length) o.parameters = params.map(v3Param);
      if (body) o.requestBody = { content: content(op.consumes, r.ref(body.schema!)), ...(body.required ? { required: true } : {}) };
      const responses: Json = {};
      for (const res of op.responses) {
        if (res.schema) responses[res.code] = { content: content(op.produces, r.ref(res.schema)), description: res.description };
        else if (res.text) responses[res.code] = { content: content(op.produces, { type: 'string' }), description: res.description };
        else responses[res.code] = { description: res.description };
      }
      o.responses = responses;
      o.tags = [op.tag];
      Object.assign(o, gvkExtension(op));
      item[op.method] = o;
    }
    if (common.length) item.parameters = common.map(v3Param);
    out[path.path] = item;
  }
  const schemas = Object.fromEntries(r.finish());
  return {
    openapi: '3.0.0',
    info: INFO,
    paths: out,
    // A document without definitions (the service-account issuer's) has no schemas member.
    components: { ...(Object.keys(schemas).length ? { schemas } : {}), securitySchemes: { BearerToken: BEARER } },
  };
}

