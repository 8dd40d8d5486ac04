// The REST operations of the catalog, in a form independent of the OpenAPI version:
// which paths exist, their operations, parameters, media types and responses, named as
// kube-apiserver's installer names them (operationId, tags, x-kubernetes-action).

import type { KindDef, SubresourceDef } from '../types/kind.js';
import type { GVK } from './openapi-schema.js';
import {
  DELETE_COLLECTION_PARAMS,
  DELETE_PARAMS,
  LIST_PARAMS,
  LOG_PARAMS,
  nameParam,
  PARAMS,
  PATCH_PARAMS,
  WRITE_PARAMS,
  type ParamDef,
  type ParamKey,
} from './openapi-params.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch';

export interface ParamModel {
  name: string;
  in: 'query' | 'path' | 'body';
  type?: ParamDef['type'];
  required?: boolean;
  description?: string;
  /** Body parameters: the definition name of the body's schema. */
  schema?: string;
}

export interface ResponseModel {
  code: string;
  description: string;
  /** Definition name of the response body. */
  schema?: string;
  /** The body is an opaque string (logs, connect streams). */
  text?: boolean;
}

export interface OperationModel {
  method: HttpMethod;
  operationId: string;
  description: string;
  tag: string;
  action?: string;
  gvk?: GVK;
  params: ParamModel[];
  consumes: string[];
  produces: string[];
  responses: ResponseModel[];
}

export interface PathModel {
  path: string;
  operations: OperationModel[];
}

/** Definition names of the schemas a resource's operations use. */
export interface ResourceSchemas {
  object: string;
  list: string;
  /** Schema and kind of a subresource whose kind differs from the resource's. */
  subresource(sub: SubresourceDef): { schema: string; gvk: GVK };
}

export const STATUS = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
export const DELETE_OPTIONS = 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions';
export const WATCH_EVENT = 'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent';
export const PATCH_BODY = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';
export const API_RESOURCE_LIST = 'io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList';
export const API_GROUP = 'io.k8s.apimachinery.pkg.apis.meta.v1.APIGroup';
export const API_GROUP_LIST = 'io.k8s.apimachinery.pkg.apis.meta.v1.APIGroupList';
export const API_VERSIONS = 'io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions';
export const VERSION_INFO = 'io.k8s.apimachinery.pkg.version.Info';

// Media types of kube-apiserver v1.34 with its default feature gates (CBOR is off).
interface Media {
  objects: string[];
  watch: string[];
  patch: string[];
}
const BUILTIN_MEDIA: Media = {
  objects: ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'],
  watch: [
    'application/json',
    'application/yaml',
    'application/vnd.kubernetes.protobuf',
    'application/json;stream=watch',
    'application/vnd.kubernetes.protobuf;stream=watch',
  ],
  patch: ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'],
};
// Custom resources: no protobuf, no strategic merge patch.
const CUSTOM_MEDIA: Media = {
  objects: ['application/json', 'application/yaml'],
  watch: ['application/json', 'application/yaml', 'application/json;stream=watch'],
  patch: ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'],
};
const DISCOVERY_MEDIA = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/** The API groups kube-apiserver serves itself; any other group is a custom resource's. */
const BUILTIN_GROUPS = new Set([
  '', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apiregistration.k8s.io', 'apps', 'authentication.k8s.io',
  'authorization.k8s.io', 'autoscaling', 'batch', 'certificates.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io',
  'events.k8s.io', 'flowcontrol.apiserver.k8s.io', 'internal.apiserver.k8s.io', 'networking.k8s.io', 'node.k8s.io',
  'policy', 'rbac.authorization.k8s.io', 'resource.k8s.io', 'scheduling.k8s.io', 'storage.k8s.io', 'storagemigration.k8s.io',
]);

export function isBuiltinGroup(group: string): boolean {
  return BUILTIN_GROUPS.has(group);
}

/** upstream's ToValidOperationID: drop non-identifier runes, capitalizing what follows them. */
export function toValidOperationId(s: string, capitalizeFirst: boolean): string {
  let out = '';
  let capitalize = capitalizeFirst;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const letter = /\p{L}/u.test(c);
    if (letter || c === '_' || (i !== 0 && c >= '0' && c <= '9')) {
      out += capitalize ? c.toUpperCase() : c;
      capitalize = false;
    } else {
      capitalize = true;
    }
  }
  return out;
}

function groupWord(group: string): string {
  return group === '' ? 'core' : group.replace(/\.k8s\.io$/, '');
}

/** The operationId infix ("CoreV1", "RbacAuthorizationV1") and tag ("core_v1") of a group version. */
export function groupVersionNaming(group: string, version: string): { infix: string; tag: string } {
  const g = groupWord(group);
  return {
    infix: toValidOperationId(g, true) + toValidOperationId(version, true),
    tag: `${toValidOperationId(g, false)}_${toValidOperationId(version, false)}`,
  };
}

export function groupVersionPath(group: string, version: string): string {
  return group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** upstream's GetArticleForNoun: " a ", " an ", or " " for plural-looking nouns ("Endpoints"). */
export function article(noun: string): string {
  if (noun.endsWith('s') && !noun.endsWith('ss')) return ' ';
  return /^[aeiou]/i.test(noun) ? ' an ' : ' a ';
}

function title(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function query(keys: readonly ParamKey[]): ParamModel[] {
  return keys.map((k) => ({ ...PARAMS[k] }));
}

function ok(schema: string, ...codes: ('200' | '201' | '202')[]): ResponseModel[] {
  const words = { '200': 'OK', '201': 'Created', '202': 'Accepted' };
  return codes.map((code) => ({ code, description: words[code], schema }));
}

const UNAUTHORIZED: ResponseModel = { code: '401', description: 'Unauthorized' };

/** Connect-style subresources: methods, the options kind that names them, and their parameters. */
const CONNECT: Record<string, Record<string, { methods: HttpMethod[]; kind: string; params: ParamKey[]; withPath?: ParamKey }>> = {
  pods: {
    attach: { methods: ['get', 'post'], kind: 'PodAttachOptions', params: ['attachContainer', 'attachStderr', 'attachStdin', 'attachStdout', 'attachTty'] },
    exec: { methods: ['get', 'post'], kind: 'PodExecOptions', params: ['execCommand', 'execContainer', 'execStderr', 'execStdin', 'execStdout', 'execTty'] },
    portforward: { methods: ['get', 'post'], kind: 'PodPortForwardOptions', params: ['ports'] },
    proxy: { methods: ['delete', 'get', 'head', 'options', 'patch', 'post', 'put'], kind: 'PodProxyOptions', params: [], withPath: 'podProxyPath' },
  },
  services: {
    proxy: { methods: ['delete', 'get', 'head', 'options', 'patch', 'post', 'put'], kind: 'ServiceProxyOptions', params: [], withPath: 'serviceProxyPath' },
  },
  nodes: {
    proxy: { methods: ['delete', 'get', 'head', 'options', 'patch', 'post', 'put'], kind: 'NodeProxyOptions', params: [], withPath: 'nodeProxyPath' },
  },
};

/**
 * With CBORServingAndStorage, as the v1.32 reference (generated with the alpha gates on)
 * lists them: application/cbor after the other object types, application/cbor-seq after
 * the other streams, application/apply-patch+cbor after the other patch types.
 */
function withCbor(m: Media): Media {
  const objects = [...m.objects, 'application/cbor'];
  const streams = m.watch.filter((t) => !m.objects.includes(t));
  return { objects, watch: [...objects, ...streams, 'application/cbor-seq'], patch: [...m.patch, 'application/apply-patch+cbor'] };
}

/** What the server serves besides its defaults, as it changes the published media types. */
export interface MediaOptions {
  /** CBORServingAndStorage. */
  cbor?: boolean;
}

/** Every path and operation of one served resource (main resource, watch paths, subresources). */
export function resourcePaths(def: KindDef, group: string, version: string, schemas: ResourceSchemas, mediaOptions: MediaOptions = {}): PathModel[] {
  const { infix, tag } = groupVersionNaming(group, version);
  const defaultMedia = isBuiltinGroup(group) ? BUILTIN_MEDIA : CUSTOM_MEDIA;
  const media = mediaOptions.cbor ? withCbor(defaultMedia) : defaultMedia;
  const base = groupVersionPath(group, version);
  const scope = def.namespaced ? 'Namespaced' : '';
  const nsPrefix = def.namespaced ? '/namespaces/{namespace}' : '';
  const kind = def.kind;
  const gvk: GVK = { group, version, kind };
  const verbs = new Set(def.verbs);
  const pretty = (): ParamModel => ({ ...PARAMS.pretty });
  const nsParam = (): ParamModel[] => (def.namespaced ? [{ ...PARAMS.namespace }] : []);
  const named = (k = kind): ParamModel[] => [nameParam(k), ...nsParam(), pretty()];
  const body = (schema: string, required = true): ParamModel => ({ name: 'body', in: 'body', schema, ...(required ? { required: true } : {}) });

  const op = (o: Omit<OperationModel, 'tag' | 'consumes'> & { consumes?: string[] }): OperationModel => ({
    tag,
    consumes: ['*/*'],
    ...o,
  });

  const paths: PathModel[] = [];
  const collection: OperationModel[] = [];
  if (verbs.has('list')) {
    collection.push(op({
      method: 'get', operationId: `list${infix}${scope}${kind}`, description: `list or watch objects of kind ${kind}`,
      action: 'list', gvk, params: [...nsParam(), pretty(), ...query(LIST_PARAMS)], produces: media.watch,
      responses: [...ok(schemas.list, '200'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('create')) {
    collection.push(op({
      method: 'post', operationId: `create${infix}${scope}${kind}`, description: `create${article(kind)}${kind}`,
      action: 'post', gvk, params: [...nsParam(), pretty(), body(schemas.object), ...query(WRITE_PARAMS)], produces: media.objects,
      responses: [...ok(schemas.object, '200', '201', '202'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('deletecollection')) {
    collection.push(op({
      method: 'delete', operationId: `delete${infix}Collection${scope}${kind}`, description: `delete collection of ${kind}`,
      action: 'deletecollection', gvk, params: [...nsParam(), pretty(), body(DELETE_OPTIONS, false), ...query(DELETE_COLLECTION_PARAMS)],
      produces: media.objects, responses: [...ok(STATUS, '200'), UNAUTHORIZED],
    }));
  }
  if (collection.length) paths.push({ path: `${base}${nsPrefix}/${def.plural}`, operations: collection });

  const item: OperationModel[] = [];
  if (verbs.has('get')) {
    item.push(op({
      method: 'get', operationId: `read${infix}${scope}${kind}`, description: `read the specified ${kind}`,
      action: 'get', gvk, params: named(), produces: media.objects, responses: [...ok(schemas.object, '200'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('update')) {
    item.push(op({
      method: 'put', operationId: `replace${infix}${scope}${kind}`, description: `replace the specified ${kind}`,
      action: 'put', gvk, params: [...named(), body(schemas.object), ...query(WRITE_PARAMS)], produces: media.objects,
      responses: [...ok(schemas.object, '200', '201'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('patch')) {
    item.push(op({
      method: 'patch', operationId: `patch${infix}${scope}${kind}`, description: `partially update the specified ${kind}`,
      action: 'patch', gvk, params: [...named(), body(PATCH_BODY), ...query(PATCH_PARAMS)], consumes: media.patch, produces: media.objects,
      responses: [...ok(schemas.object, '200', '201'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('delete')) {
    // Namespaces answer deletes with the object but, like upstream, publish Status.
    const result = def.deleteReturnsObject && !(group === '' && def.plural === 'namespaces') ? schemas.object : STATUS;
    item.push(op({
      method: 'delete', operationId: `delete${infix}${scope}${kind}`, description: `delete${article(kind)}${kind}`,
      action: 'delete', gvk, params: [...named(), body(DELETE_OPTIONS, false), ...query(DELETE_PARAMS)], produces: media.objects,
      responses: [...ok(result, '200', '202'), UNAUTHORIZED],
    }));
  }
  if (item.length) paths.push({ path: `${base}${nsPrefix}/${def.plural}/{name}`, operations: item });

  if (verbs.has('watch')) {
    const watchParams = (): ParamModel[] => [...nsParam(), pretty(), ...query(LIST_PARAMS)];
    paths.push({
      path: `${base}/watch${nsPrefix}/${def.plural}`,
      operations: [op({
        method: 'get', operationId: `watch${infix}${scope}${kind}List`,
        description: `watch individual changes to a list of ${kind}. deprecated: use the 'watch' parameter with a list operation instead.`,
        action: 'watchlist', gvk, params: watchParams(), produces: media.watch, responses: [...ok(WATCH_EVENT, '200'), UNAUTHORIZED],
      })],
    });
    paths.push({
      path: `${base}/watch${nsPrefix}/${def.plural}/{name}`,
      operations: [op({
        method: 'get', operationId: `watch${infix}${scope}${kind}`,
        description: `watch changes to an object of kind ${kind}. deprecated: use the 'watch' parameter with a list operation instead, filtered to a single item with the 'fieldSelector' parameter.`,
        action: 'watch', gvk, params: [nameParam(kind), ...watchParams()], produces: media.watch, responses: [...ok(WATCH_EVENT, '200'), UNAUTHORIZED],
      })],
    });
  }

  if (def.namespaced && verbs.has('list')) {
    paths.push({
      path: `${base}/${def.plural}`,
      operations: [op({
        method: 'get', operationId: `list${infix}${kind}ForAllNamespaces`, description: `list or watch objects of kind ${kind}`,
        action: 'list', gvk, params: [pretty(), ...query(LIST_PARAMS)], produces: media.watch, responses: [...ok(schemas.list, '200'), UNAUTHORIZED],
      })],
    });
  }
  if (def.namespaced && verbs.has('watch')) {
    paths.push({
      path: `${base}/watch/${def.plural}`,
      operations: [op({
        method: 'get', operationId: `watch${infix}${kind}ListForAllNamespaces`,
        description: `watch individual changes to a list of ${kind}. deprecated: use the 'watch' parameter with a list operation instead.`,
        action: 'watchlist', gvk, params: [pretty(), ...query(LIST_PARAMS)], produces: media.watch, responses: [...ok(WATCH_EVENT, '200'), UNAUTHORIZED],
      })],
    });
  }

  for (const sub of def.subresources ?? []) {
    paths.push(...subresourcePaths(def, sub, { group, version, infix, scope, kind, base, nsPrefix, op, nsParam, pretty, body, media, schemas }));
  }
  return paths;
}

interface SubContext {
  group: string;
  version: string;
  infix: string;
  scope: string;
  kind: string;
  base: string;
  nsPrefix: string;
  media: Media;
  schemas: ResourceSchemas;
  op(o: Omit<OperationModel, 'tag' | 'consumes'> & { consumes?: string[] }): OperationModel;
  nsParam(): ParamModel[];
  pretty(): ParamModel;
  body(schema: string, required?: boolean): ParamModel;
}

function subresourcePaths(def: KindDef, sub: SubresourceDef, c: SubContext): PathModel[] {
  const path = `${c.base}${c.nsPrefix}/${def.plural}/{name}/${sub.name}`;
  const suffix = title(sub.name);
  const connect = CONNECT[def.plural]?.[sub.name] ?? (sub.type === 'connect' && sub.name !== 'log' ? genericConnect(def, sub) : undefined);
  if (connect) return connectPaths(path, sub, connect, c);

  const target = sub.kind ? c.schemas.subresource(sub) : { schema: c.schemas.object, gvk: { group: c.group, version: c.version, kind: c.kind } };
  const gvk = target.gvk;
  const nameKind = sub.kind ? sub.kind.kind : c.kind;
  const named = (): ParamModel[] => [nameParam(nameKind), ...c.nsParam(), c.pretty()];
  const verbs = new Set(sub.verbs);
  const ops: OperationModel[] = [];

  if (sub.name === 'log' && def.plural === 'pods') {
    return [{
      path,
      operations: [c.op({
        method: 'get', operationId: `read${c.infix}${c.scope}${c.kind}${suffix}`, description: `read log of the specified ${c.kind}`,
        action: 'get', gvk, params: [...named(), ...query(LOG_PARAMS)], produces: ['text/plain', ...c.media.objects],
        responses: [{ code: '200', description: 'OK', text: true }, UNAUTHORIZED],
      })],
    }];
  }
  if (verbs.has('get')) {
    ops.push(c.op({
      method: 'get', operationId: `read${c.infix}${c.scope}${c.kind}${suffix}`, description: `read ${sub.name} of the specified ${c.kind}`,
      action: 'get', gvk, params: named(), produces: c.media.objects, responses: [...ok(target.schema, '200'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('create')) {
    ops.push(c.op({
      method: 'post', operationId: `create${c.infix}${c.scope}${c.kind}${suffix}`, description: `create ${sub.name} of${article(c.kind)}${c.kind}`,
      action: 'post', gvk, params: [...named(), c.body(target.schema), ...query(WRITE_PARAMS)], produces: c.media.objects,
      responses: [...ok(target.schema, '200', '201', '202'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('update')) {
    ops.push(c.op({
      method: 'put', operationId: `replace${c.infix}${c.scope}${c.kind}${suffix}`, description: `replace ${sub.name} of the specified ${c.kind}`,
      action: 'put', gvk, params: [...named(), c.body(target.schema), ...query(WRITE_PARAMS)], produces: c.media.objects,
      responses: [...ok(target.schema, '200', '201'), UNAUTHORIZED],
    }));
  }
  if (verbs.has('patch')) {
    ops.push(c.op({
      method: 'patch', operationId: `patch${c.infix}${c.scope}${c.kind}${suffix}`, description: `partially update ${sub.name} of the specified ${c.kind}`,
      action: 'patch', gvk, params: [...named(), c.body(PATCH_BODY), ...query(PATCH_PARAMS)], consumes: c.media.patch, produces: c.media.objects,
      responses: [...ok(target.schema, '200', '201'), UNAUTHORIZED],
    }));
  }
  return ops.length ? [{ path, operations: ops }] : [];
}

const CONNECT_METHODS: Partial<Record<string, HttpMethod>> = { get: 'get', create: 'post', update: 'put', patch: 'patch', delete: 'delete' };

/** A connect subresource upstream does not define: its verbs as methods, named by the parent kind. */
function genericConnect(def: KindDef, sub: SubresourceDef): { methods: HttpMethod[]; kind: string; params: ParamKey[] } {
  const methods = sub.verbs.map((v) => CONNECT_METHODS[v]).filter((m): m is HttpMethod => m !== undefined);
  return { methods: [...new Set(methods)].sort(), kind: sub.kind?.kind ?? def.kind, params: [] };
}

function connectPaths(
  path: string,
  sub: SubresourceDef,
  spec: { methods: HttpMethod[]; kind: string; params: ParamKey[]; withPath?: ParamKey },
  c: SubContext,
): PathModel[] {
  const gvk: GVK = { group: c.group, version: c.version, kind: spec.kind };
  const make = (p: string, withPath: boolean): PathModel => ({
    path: p,
    operations: spec.methods.map((m) => c.op({
      method: m,
      operationId: `connect${c.infix}${title(m)}${c.scope}${c.kind}${title(sub.name)}${withPath ? 'WithPath' : ''}`,
      description: `connect ${m.toUpperCase()} requests to ${sub.name} of ${c.kind}`,
      action: 'connect',
      gvk,
      params: [
        nameParam(spec.kind),
        ...c.nsParam(),
        ...(withPath ? [{ ...PARAMS.pathSegment }] : []),
        ...query(spec.withPath ? [...spec.params, spec.withPath] : spec.params),
      ],
      produces: ['*/*'],
      responses: [{ code: '200', description: 'OK', text: true }, UNAUTHORIZED],
    })),
  });
  const out = [make(path, false)];
  if (spec.withPath) out.push(make(`${path}/{path}`, true));
  return out;
}

/** The discovery document of a group version (`GET /apis/<g>/<v>/`). */
export function groupVersionDiscoveryPath(group: string, version: string): PathModel {
  const { infix, tag } = groupVersionNaming(group, version);
  return {
    path: `${groupVersionPath(group, version)}/`,
    operations: [{
      method: 'get', operationId: `get${infix}APIResources`, description: 'get available resources', tag, params: [],
      consumes: DISCOVERY_MEDIA, produces: DISCOVERY_MEDIA, responses: [...ok(API_RESOURCE_LIST, '200'), UNAUTHORIZED],
    }],
  };
}

/** The discovery document of a group (`GET /apis/<g>/`). */
export function groupDiscoveryPath(group: string): PathModel {
  const g = groupWord(group);
  return {
    path: `/apis/${group}/`,
    operations: [{
      method: 'get', operationId: `get${toValidOperationId(g, true)}APIGroup`, description: 'get information of a group',
      tag: toValidOperationId(g, false), params: [], consumes: DISCOVERY_MEDIA, produces: DISCOVERY_MEDIA,
      responses: [...ok(API_GROUP, '200'), UNAUTHORIZED],
    }],
  };
}

/** `GET /api/` and `GET /apis/`. */
export function rootDiscoveryPath(which: 'api' | 'apis'): PathModel {
  return {
    path: `/${which}/`,
    operations: [{
      method: 'get', operationId: which === 'api' ? 'getCoreAPIVersions' : 'getAPIVersions', description: 'get available API versions',
      tag: which === 'api' ? 'core' : 'apis', params: [], consumes: DISCOVERY_MEDIA, produces: DISCOVERY_MEDIA,
      responses: [...ok(which === 'api' ? API_VERSIONS : API_GROUP_LIST, '200'), UNAUTHORIZED],
    }],
  };
}

/** `GET /version/`. */
export function versionPath(): PathModel {
  return {
    path: '/version/',
    operations: [{
      method: 'get', operationId: 'getCodeVersion', description: 'get the code version', tag: 'version', params: [],
      consumes: ['application/json'], produces: ['application/json'], responses: [...ok(VERSION_INFO, '200'), UNAUTHORIZED],
    }],
  };
}

/** `GET /.well-known/openid-configuration/`: the service-account issuer's OIDC discovery document. */
export function openIdConfigurationPath(): PathModel {
  return {
    path: '/.well-known/openid-configuration/',
    operations: [{
      method: 'get', operationId: 'getServiceAccountIssuerOpenIDConfiguration',
      description: "get service account issuer OpenID configuration, also known as the 'OIDC discovery doc'", tag: 'WellKnown', params: [],
      consumes: [], produces: ['application/json'], responses: [{ code: '200', description: 'OK', text: true }, UNAUTHORIZED],
    }],
  };
}

/** `GET /openid/v1/jwks/`: the service-account issuer's public keys. */
export function openIdKeysetPath(): PathModel {
  return {
    path: '/openid/v1/jwks/',
    operations: [{
      method: 'get', operationId: 'getServiceAccountIssuerOpenIDKeyset',
      description: 'get service account issuer OpenID JSON Web Key Set (contains public token verification keys)', tag: 'openid', params: [],
      consumes: [], produces: ['application/jwk-set+json'], responses: [{ code: '200', description: 'OK', text: true }, UNAUTHORIZED],
    }],
  };
}
