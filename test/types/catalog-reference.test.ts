// The whole catalog against upstream's published v1.32 OpenAPI (../shared/reference/openapi-v1.32):
// skiff's generated swagger document and its v3 documents are walked side by side with
// upstream's, and every difference is collected: group-versions, paths, operations
// (operationId, action, kind, parameters, responses, media types, tags) and the definitions
// of the group-versions skiff serves by default (properties, types and formats, $ref targets,
// required, list and map markers, patch strategies and merge keys, validations, kinds, and
// in v3 the field defaults). The collected list must equal CHANGES_SINCE_1_32 plus
// REFERENCE_SETTINGS: a difference on neither list is a bug (or an unrecorded change), and
// an entry that no longer occurs is stale. Skips when the folder is absent.
//
// The reference is kubernetes' api/openapi-spec, written by hack/update-openapi-spec.sh,
// which runs kube-apiserver with --runtime-config=api/all=true, --feature-gates=AllAlpha=true,
// OpenAPIEnums=false and --enable-logs-handler=true. Hence:
// - paths are compared with skiff's catalog under --runtime-config=api/all=true; definitions
//   and v3 documents for the group-versions skiff serves by default;
// - CBOR media types (alpha gates) are dropped;
// - `enum` is not compared (a default v1.34 server publishes enums; the reference has none);
// - the /logs paths are on REFERENCE_SETTINGS.
// Descriptions are not compared (test/endpoints/openapi-reference.test.ts does for a sample).

import { FeatureGates } from '../../src/features/index.js';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { namedTypes, OpenApi } from '../../src/endpoints/openapi.js';
import { schemaModules } from '../../src/types/builtin-schemas.js';
import { builtinCatalog, type Catalog } from '../../src/types/catalog.js';

const REF_DIR = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/', import.meta.url));

type Json = { [key: string]: unknown };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const show = (v: string | undefined): string => (v === undefined ? '-' : v);

/** '#/definitions/X', '#/components/schemas/X', '#/parameters/X' → X. */
const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

// ---------------------------------------------------------------------------------------
// Group-versions of paths and definitions

interface GroupVersion {
  group: string;
  version: string;
}
const gvKey = ({ group, version }: GroupVersion): string => (group ? `${group}/${version}` : version);

/** The group-version a path belongs to; undefined for discovery roots and non-resource paths. */
function pathGroupVersion(path: string): string | undefined {
  const core = /^\/api\/(v[^/]+)\//.exec(path);
  if (core) return core[1];
  const m = /^\/apis\/([^/]+)\/([^/]+)\//.exec(path);
  return m ? `${m[1]}/${m[2]}` : undefined;
}

const packageOf = (name: string): string => name.slice(0, name.lastIndexOf('.'));

/** Definition package (name without its last segment) → the one group-version its kinds have. */
function packageGroupVersions(...docs: Json[]): Map<string, string> {
  const seen = new Map<string, Set<string>>();
  for (const defs of docs) {
    for (const [name, def] of Object.entries(defs)) {
      const pkg = packageOf(name);
      for (const g of arr(obj(def)['x-kubernetes-group-version-kind'])) {
        const gvk = obj(g);
        let set = seen.get(pkg);
        if (!set) seen.set(pkg, (set = new Set()));
        set.add(gvKey({ group: String(gvk.group), version: String(gvk.version) }));
      }
    }
  }
  // meta/v1 carries the GVKs of every group it is registered in: it belongs to none.
  return new Map([...seen].filter(([, s]) => s.size === 1).map(([pkg, s]) => [pkg, [...s][0]!]));
}

// ---------------------------------------------------------------------------------------
// Schemas, flattened into attribute → value so that v2 and v3 spellings compare equal

const SCHEMA_MARKERS = [
  'type',
  'format',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'nullable',
  'readOnly',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'pattern',
] as const;

/** The reference of a schema: `$ref`, or the single `allOf` v3 wraps a reference with siblings in. */
function schemaRef(s: Json): string | undefined {
  const ref = str(s.$ref) ?? (arr(s.allOf).length === 1 ? str(obj(arr(s.allOf)[0]).$ref) : undefined);
  return ref === undefined ? undefined : refName(ref);
}

function flattenSchema(s: Json, prefix: string, out: Map<string, string>): Map<string, string> {
  const ref = schemaRef(s);
  if (ref !== undefined) out.set(`${prefix}$ref`, ref);
  for (const k of SCHEMA_MARKERS) if (s[k] !== undefined) out.set(prefix + k, String(s[k]));
  const keys = arr(s['x-kubernetes-list-map-keys']);
  if (keys.length) out.set(`${prefix}x-kubernetes-list-map-keys`, keys.join(','));
  // No `enum`: upstream's documents were generated with OpenAPIEnums=false (see the header).
  if (s.default !== undefined) out.set(`${prefix}default`, JSON.stringify(s.default));
  if (Array.isArray(s.oneOf)) out.set(`${prefix}oneOf`, s.oneOf.map((o) => JSON.stringify(o)).join(','));
  if (isObject(s.items)) flattenSchema(s.items, `${prefix}items.`, out);
  if (isObject(s.additionalProperties)) flattenSchema(s.additionalProperties, `${prefix}additionalProperties.`, out);
  else if (s.additionalProperties !== undefined) out.set(`${prefix}additionalProperties`, String(s.additionalProperties));
  return out;
}

function definitionAttrs(def: Json): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of ['type', 'format', 'x-kubernetes-map-type', 'x-kubernetes-list-type'] as const) if (def[k] !== undefined) out.set(k, String(def[k]));
  if (Array.isArray(def.oneOf)) out.set('oneOf', def.oneOf.map((o) => JSON.stringify(o)).join(','));
  out.set('required', arr(def.required).map(String).sort().join(','));
  if (def['x-kubernetes-unions'] !== undefined) out.set('x-kubernetes-unions', JSON.stringify(def['x-kubernetes-unions']));
  return out;
}

function compareAttrs(at: string, ours: Map<string, string>, theirs: Map<string, string>, found: Set<string>): void {
  for (const k of new Set([...ours.keys(), ...theirs.keys()])) {
    const a = ours.get(k);
    const b = theirs.get(k);
    if (a !== b) found.add(`${at}: ${k} skiff ${show(a)} upstream ${show(b)}`);
  }
}

const gvksOf = (def: Json): string[] => arr(def['x-kubernetes-group-version-kind']).map((g) => gvkString(g) ?? '');
const groupVersionOfGvk = (gvk: string): string => gvk.slice(0, gvk.lastIndexOf('/')).replace(/^\//, '');

/**
 * Kinds are compared one by one. Upstream tags DeleteOptions and WatchEvent with every
 * group-version its scheme registers, served or not (extensions/v1beta1, apps/v1beta2, ...);
 * skiff has no scheme and tags them with the group-versions it serves. So a kind upstream
 * lists for a group-version the document's server does not serve is not a difference.
 */
function compareGvks(name: string, ours: Json, theirs: Json, served: ReadonlySet<string>, found: Set<string>): void {
  const a = new Set(gvksOf(ours));
  const b = new Set(gvksOf(theirs));
  for (const g of a) if (!b.has(g)) found.add(`definition ${name}: group-version-kind ${g} only in skiff`);
  for (const g of b) {
    if (a.has(g) || (b.size > 1 && !served.has(groupVersionOfGvk(g)))) continue;
    found.add(`definition ${name}: group-version-kind ${g} only upstream`);
  }
}

function compareDefinition(name: string, ours: Json, theirs: Json, served: ReadonlySet<string>, found: Set<string>): void {
  compareAttrs(`definition ${name}`, definitionAttrs(ours), definitionAttrs(theirs), found);
  compareGvks(name, ours, theirs, served, found);
  const op = obj(ours.properties);
  const tp = obj(theirs.properties);
  for (const p of Object.keys(op)) if (!(p in tp)) found.add(`definition ${name}: property ${p} only in skiff`);
  for (const p of Object.keys(tp)) if (!(p in op)) found.add(`definition ${name}: property ${p} only upstream`);
  for (const p of Object.keys(op)) {
    if (!(p in tp)) continue;
    compareAttrs(`definition ${name}.${p}`, flattenSchema(obj(op[p]), '', new Map()), flattenSchema(obj(tp[p]), '', new Map()), found);
  }
}

// ---------------------------------------------------------------------------------------
// Operations, normalized to the attributes both OpenAPI versions share

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/**
 * v1.32's documents were generated with the alpha CBOR gates on; v1.34 serves CBOR only
 * behind its (still alpha) CBORServingAndStorage gate, so CBOR media types are dropped.
 */
const mediaTypes = (list: Iterable<string>): string => [...new Set([...list].filter((m) => !m.includes('cbor')))].sort().join(',');

interface OperationAttrs {
  operationId?: string;
  action?: string;
  gvk?: string;
  tags: string;
  parameters: string;
  responses: string;
  produces: string;
  /** Absent for v3 operations without a request body (v3 has no place for it). */
  consumes?: string;
}

function gvkString(v: unknown): string | undefined {
  if (!isObject(v)) return undefined;
  return `${String(v.group)}/${String(v.version)}/${String(v.kind)}`;
}

function paramString(p: Json, schemaOf: (p: Json) => string | undefined): string {
  const schema = schemaOf(p);
  return `${String(p.in)}:${String(p.name)}${p.required === true ? '!' : ''}${schema ? `=${schema}` : ''}`;
}

function v2Operation(doc: Json, pathItem: Json, op: Json): OperationAttrs {
  const shared = obj(doc.parameters);
  const resolve = (p: unknown): Json => {
    const ref = str(obj(p).$ref);
    return ref ? obj(shared[refName(ref)]) : obj(p);
  };
  const params = [...arr(pathItem.parameters), ...arr(op.parameters)].map(resolve);
  const bodySchema = (p: Json) => (p.in === 'body' ? schemaRef(obj(p.schema)) ?? str(obj(p.schema).type) : undefined);
  const responses = Object.entries(obj(op.responses)).map(([code, r]) => {
    const s = obj(obj(r).schema);
    return `${code}=${schemaRef(s) ?? str(s.type) ?? ''}`;
  });
  return {
    operationId: str(op.operationId),
    action: str(op['x-kubernetes-action']),
    gvk: gvkString(op['x-kubernetes-group-version-kind']),
    tags: arr(op.tags).join(','),
    parameters: params.map((p) => paramString(p, bodySchema)).sort().join(' '),
    responses: responses.sort().join(' '),
    produces: mediaTypes(arr(op.produces).map(String)),
    consumes: mediaTypes(arr(op.consumes).map(String)),
  };
}

function v3Operation(doc: Json, pathItem: Json, op: Json): OperationAttrs {
  const shared = obj(obj(doc.components).parameters);
  const resolve = (p: unknown): Json => {
    const ref = str(obj(p).$ref);
    return ref ? obj(shared[refName(ref)]) : obj(p);
  };
  const params = [...arr(pathItem.parameters), ...arr(op.parameters)].map(resolve);
  const strings = params.map((p) => paramString(p, () => undefined));
  let consumes: string | undefined;
  if (isObject(op.requestBody)) {
    const content = obj(op.requestBody.content);
    const first = obj(Object.values(content)[0]);
    strings.push(paramString({ in: 'body', name: 'body', required: op.requestBody.required, schema: first.schema }, (b) => schemaRef(obj(b.schema)) ?? str(obj(b.schema).type)));
    consumes = mediaTypes(Object.keys(content));
  }
  const produces = new Set<string>();
  const responses = Object.entries(obj(op.responses)).map(([code, r]) => {
    const content = obj(obj(r).content);
    for (const m of Object.keys(content)) produces.add(m);
    const s = obj(obj(Object.values(content)[0]).schema);
    return `${code}=${schemaRef(s) ?? str(s.type) ?? ''}`;
  });
  return {
    operationId: str(op.operationId),
    action: str(op['x-kubernetes-action']),
    gvk: gvkString(op['x-kubernetes-group-version-kind']),
    tags: arr(op.tags).join(','),
    parameters: strings.sort().join(' '),
    responses: responses.sort().join(' '),
    produces: mediaTypes(produces),
    ...(consumes !== undefined ? { consumes } : {}),
  };
}

type OperationReader = (doc: Json, pathItem: Json, op: Json) => OperationAttrs;

function comparePath(path: string, ours: Json, theirs: Json, docs: { ours: Json; theirs: Json }, read: OperationReader, found: Set<string>): void {
  for (const m of METHODS) {
    const a = isObject(ours[m]) ? read(docs.ours, ours, ours[m]) : undefined;
    const b = isObject(theirs[m]) ? read(docs.theirs, theirs, theirs[m]) : undefined;
    if (!a && !b) continue;
    const at = `path ${path} ${m.toUpperCase()}`;
    if (!a || !b) {
      found.add(`${at}: only ${a ? 'in skiff' : 'upstream'}`);
      continue;
    }
    for (const k of Object.keys({ ...a, ...b }) as (keyof OperationAttrs)[]) {
      if (a[k] !== b[k]) found.add(`${at}: ${k} skiff ${show(a[k])} upstream ${show(b[k])}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// The walk

interface Walk {
  found: Set<string>;
  pathsCompared: number;
  definitionsCompared: number;
  v3Documents: number;
}

function servedGroupVersions(catalog: Catalog): Set<string> {
  return new Set(catalog.groups.flatMap((g) => g.versions.map((version) => gvKey({ group: g.name, version }))));
}

function walk(): Walk {
  const found = new Set<string>();
  // Every API on, with the gates that alpha/beta APIs need besides --runtime-config (as the reference server ran).
  const allOn = builtinCatalog({ 'api/all': 'true' }, FeatureGates.from({ MutatingAdmissionPolicy: true }));
  const byDefault = builtinCatalog();
  const types = namedTypes(...schemaModules);
  const oursV2 = new OpenApi(allOn, { types }).v2() as Json;
  const refV2 = JSON.parse(readFileSync(`${REF_DIR}swagger.json`, 'utf8')) as Json;
  const defaultGVs = servedGroupVersions(byDefault);

  // Group-versions: one difference for a whole group-version one side lacks.
  const oursPaths = obj(oursV2.paths);
  const refPaths = obj(refV2.paths);
  const gvsOf = (paths: Json) => new Set(Object.keys(paths).map(pathGroupVersion).filter((g): g is string => g !== undefined));
  const oursGVs = gvsOf(oursPaths);
  const refGVs = gvsOf(refPaths);
  for (const gv of oursGVs) if (!refGVs.has(gv)) found.add(`group-version ${gv}: only in skiff`);
  for (const gv of refGVs) if (!oursGVs.has(gv)) found.add(`group-version ${gv}: only upstream`);
  const inBoth = (gv: string | undefined) => gv === undefined || (oursGVs.has(gv) && refGVs.has(gv));

  // Paths and operations.
  let pathsCompared = 0;
  const pathOnlyOneSide = new Set<string>();
  for (const p of new Set([...Object.keys(oursPaths), ...Object.keys(refPaths)])) {
    if (!inBoth(pathGroupVersion(p))) continue;
    if (!(p in refPaths) || !(p in oursPaths)) {
      pathOnlyOneSide.add(p);
      found.add(`path ${p}: only ${p in oursPaths ? 'in skiff' : 'upstream'}`);
      continue;
    }
    pathsCompared++;
    comparePath(p, obj(oursPaths[p]), obj(refPaths[p]), { ours: oursV2, theirs: refV2 }, v2Operation, found);
  }

  // Definitions of the group-versions served by default (and of shared packages such as meta/v1).
  const oursDefs = obj(oursV2.definitions);
  const refDefs = obj(refV2.definitions);
  const packages = packageGroupVersions(oursDefs, refDefs);
  const compared = (name: string) => {
    const gv = packages.get(packageOf(name));
    return gv === undefined || (defaultGVs.has(gv) && refGVs.has(gv));
  };
  let definitionsCompared = 0;
  const definitionOnlyOneSide = new Set<string>();
  for (const name of new Set([...Object.keys(oursDefs), ...Object.keys(refDefs)])) {
    if (!compared(name)) continue;
    if (!(name in refDefs) || !(name in oursDefs)) {
      definitionOnlyOneSide.add(name);
      found.add(`definition ${name}: only ${name in oursDefs ? 'in skiff' : 'upstream'}`);
      continue;
    }
    definitionsCompared++;
    compareDefinition(name, obj(oursDefs[name]), obj(refDefs[name]), oursGVs, found);
  }

  // v3: every document of a group (or group-version) served by default that upstream also has.
  const openapi = new OpenApi(byDefault, { types });
  const v3Dir = `${REF_DIR}v3/`;
  let v3Documents = 0;
  const refKeys = existsSync(v3Dir) ? readdirSync(v3Dir).filter((f) => f.endsWith('_openapi.json')).map((f) => f.slice(0, -'_openapi.json'.length).replaceAll('__', '/')) : [];
  for (const key of refKeys) {
    const parts = key.split('/');
    const gv = key === 'api/v1' ? 'v1' : parts[0] === 'apis' && parts.length === 3 ? `${parts[1]}/${parts[2]}` : undefined;
    if (gv !== undefined && !defaultGVs.has(gv)) continue;
    if (parts[0] === 'apis' && parts.length === 2 && !byDefault.hasGroup(parts[1]!)) continue;
    const ours = openapi.v3(key) as Json | undefined;
    if (!ours) {
      found.add(`v3 document ${key}: only upstream`);
      continue;
    }
    v3Documents++;
    const theirs = JSON.parse(readFileSync(`${v3Dir}${key.replaceAll('/', '__')}_openapi.json`, 'utf8')) as Json;
    const op = obj(ours.paths);
    const tp = obj(theirs.paths);
    for (const p of new Set([...Object.keys(op), ...Object.keys(tp)])) {
      if (!(p in op) || !(p in tp)) {
        if (!pathOnlyOneSide.has(p)) found.add(`v3 document ${key}: path ${p} only ${p in op ? 'in skiff' : 'upstream'}`);
        continue;
      }
      comparePath(p, obj(op[p]), obj(tp[p]), { ours, theirs }, v3Operation, found);
    }
    const os = obj(obj(ours.components).schemas);
    const ts = obj(obj(theirs.components).schemas);
    for (const name of new Set([...Object.keys(os), ...Object.keys(ts)])) {
      if (!(name in os) || !(name in ts)) {
        if (!definitionOnlyOneSide.has(name)) found.add(`v3 document ${key}: schema ${name} only ${name in os ? 'in skiff' : 'upstream'}`);
        continue;
      }
      compareDefinition(name, obj(os[name]), obj(ts[name]), defaultGVs, found);
    }
  }
  return { found, pathsCompared, definitionsCompared, v3Documents };
}

// ---------------------------------------------------------------------------------------
// What v1.33 and v1.34 changed since the v1.32 documents

const CHANGES_SINCE_1_32 = new Set<string>([
  // --- API versions added, graduated or removed ---
  // 1.34: DRA graduates to resource.k8s.io/v1 (served by default).
  'group-version resource.k8s.io/v1: only in skiff',
  'definition io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions: group-version-kind resource.k8s.io/v1/DeleteOptions only in skiff',
  'definition io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent: group-version-kind resource.k8s.io/v1/WatchEvent only in skiff',
  // 1.33: resource.k8s.io/v1beta2 (off by default).
  'group-version resource.k8s.io/v1beta2: only in skiff',
  'definition io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions: group-version-kind resource.k8s.io/v1beta2/DeleteOptions only in skiff',
  'definition io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent: group-version-kind resource.k8s.io/v1beta2/WatchEvent only in skiff',
  // 1.33: resource.k8s.io/v1alpha3 keeps only the new DeviceTaintRule (alpha); its other kinds are gone.
  'path /apis/resource.k8s.io/v1alpha3/devicetaintrules: only in skiff',
  'path /apis/resource.k8s.io/v1alpha3/devicetaintrules/{name}: only in skiff',
  'path /apis/resource.k8s.io/v1alpha3/watch/devicetaintrules: only in skiff',
  'path /apis/resource.k8s.io/v1alpha3/watch/devicetaintrules/{name}: only in skiff',
  ...['deviceclasses', 'resourceslices'].flatMap((r) => [
    `path /apis/resource.k8s.io/v1alpha3/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/${r}/{name}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/watch/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/watch/${r}/{name}: only upstream`,
  ]),
  ...['resourceclaims', 'resourceclaimtemplates'].flatMap((r) => [
    `path /apis/resource.k8s.io/v1alpha3/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/namespaces/{namespace}/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/namespaces/{namespace}/${r}/{name}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/watch/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/watch/namespaces/{namespace}/${r}: only upstream`,
    `path /apis/resource.k8s.io/v1alpha3/watch/namespaces/{namespace}/${r}/{name}: only upstream`,
  ]),
  'path /apis/resource.k8s.io/v1alpha3/namespaces/{namespace}/resourceclaims/{name}/status: only upstream',
  // 1.33: ClusterTrustBundle beta (certificates.k8s.io/v1beta1, off by default).
  'group-version certificates.k8s.io/v1beta1: only in skiff',
  // 1.33: LeaseCandidate beta (coordination.k8s.io/v1beta1, off by default).
  'group-version coordination.k8s.io/v1beta1: only in skiff',
  // 1.33: authentication.k8s.io/v1beta1 SelfSubjectReview reaches its removal release (deprecated 1.30).
  'group-version authentication.k8s.io/v1beta1: only upstream',
  // 1.34: PodCertificateRequest (alpha, certificates.k8s.io/v1alpha1).
  'path /apis/certificates.k8s.io/v1alpha1/podcertificaterequests: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/namespaces/{namespace}/podcertificaterequests: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/namespaces/{namespace}/podcertificaterequests/{name}: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/namespaces/{namespace}/podcertificaterequests/{name}/status: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/watch/podcertificaterequests: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/watch/namespaces/{namespace}/podcertificaterequests: only in skiff',
  'path /apis/certificates.k8s.io/v1alpha1/watch/namespaces/{namespace}/podcertificaterequests/{name}: only in skiff',
  // 1.34: MutatingAdmissionPolicy beta (admissionregistration.k8s.io/v1beta1, off by default).
  ...['mutatingadmissionpolicies', 'mutatingadmissionpolicybindings'].flatMap((r) => [
    `path /apis/admissionregistration.k8s.io/v1beta1/${r}: only in skiff`,
    `path /apis/admissionregistration.k8s.io/v1beta1/${r}/{name}: only in skiff`,
    `path /apis/admissionregistration.k8s.io/v1beta1/watch/${r}: only in skiff`,
    `path /apis/admissionregistration.k8s.io/v1beta1/watch/${r}/{name}: only in skiff`,
  ]),
  // 1.34: ValidatingAdmissionPolicy(Binding) v1beta1 reaches its removal release (beta in 1.28, GA v1 in 1.30).
  ...['validatingadmissionpolicies', 'validatingadmissionpolicybindings'].flatMap((r) => [
    `path /apis/admissionregistration.k8s.io/v1beta1/${r}: only upstream`,
    `path /apis/admissionregistration.k8s.io/v1beta1/${r}/{name}: only upstream`,
    `path /apis/admissionregistration.k8s.io/v1beta1/watch/${r}: only upstream`,
    `path /apis/admissionregistration.k8s.io/v1beta1/watch/${r}/{name}: only upstream`,
  ]),
  'path /apis/admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies/{name}/status: only upstream',
  // 1.33: IPAddress and ServiceCIDR GA in networking.k8s.io/v1 (MultiCIDRServiceAllocator).
  ...['ipaddresses', 'servicecidrs'].flatMap((r) => [
    `path /apis/networking.k8s.io/v1/${r}: only in skiff`,
    `path /apis/networking.k8s.io/v1/${r}/{name}: only in skiff`,
    `path /apis/networking.k8s.io/v1/watch/${r}: only in skiff`,
    `path /apis/networking.k8s.io/v1/watch/${r}/{name}: only in skiff`,
  ]),
  'path /apis/networking.k8s.io/v1/servicecidrs/{name}/status: only in skiff',
  ...['IPAddress', 'IPAddressList', 'IPAddressSpec', 'ParentReference', 'ServiceCIDR', 'ServiceCIDRList', 'ServiceCIDRSpec', 'ServiceCIDRStatus'].map(
    (n) => `definition io.k8s.api.networking.v1.${n}: only in skiff`,
  ),
  // ServiceCIDRStatus.conditions bring meta/v1 Condition into the networking.k8s.io/v1 document.
  'v3 document apis/networking.k8s.io/v1: schema io.k8s.apimachinery.pkg.apis.meta.v1.Condition only in skiff',
  // 1.34: VolumeAttributesClass GA in storage.k8s.io/v1.
  'path /apis/storage.k8s.io/v1/volumeattributesclasses: only in skiff',
  'path /apis/storage.k8s.io/v1/volumeattributesclasses/{name}: only in skiff',
  'path /apis/storage.k8s.io/v1/watch/volumeattributesclasses: only in skiff',
  'path /apis/storage.k8s.io/v1/watch/volumeattributesclasses/{name}: only in skiff',
  'definition io.k8s.api.storage.v1.VolumeAttributesClass: only in skiff',
  'definition io.k8s.api.storage.v1.VolumeAttributesClassList: only in skiff',

  // --- Fields added or changed in GA group-versions ---
  // 1.33: DeploymentReplicaSetTerminatingReplicas (alpha).
  'definition io.k8s.api.apps.v1.DeploymentStatus: property terminatingReplicas only in skiff',
  'definition io.k8s.api.apps.v1.ReplicaSetStatus: property terminatingReplicas only in skiff',
  // 1.33: StatefulSet spec.serviceName is marked optional (kubernetes#130233), so no longer required nor defaulted.
  'definition io.k8s.api.apps.v1.StatefulSetSpec: required skiff selector,template upstream selector,serviceName,template',
  'definition io.k8s.api.apps.v1.StatefulSetSpec.serviceName: default skiff - upstream ""',
  // 1.34: NetworkPolicy spec.podSelector is marked optional (kubernetes#131354).
  'definition io.k8s.api.networking.v1.NetworkPolicySpec: required skiff  upstream podSelector',
  // 1.33: HPAConfigurableTolerance (alpha).
  'definition io.k8s.api.autoscaling.v2.HPAScalingRules: property tolerance only in skiff',
  // 1.33: PreferSameTrafficDistribution adds per-node hints.
  'definition io.k8s.api.discovery.v1.EndpointHints: property forNodes only in skiff',
  'definition io.k8s.api.discovery.v1.ForNode: only in skiff',
  // 1.33: MutableCSINodeAllocatableCount (alpha); 1.34 adds VolumeError.errorCode with it.
  'definition io.k8s.api.storage.v1.CSIDriverSpec: property nodeAllocatableUpdatePeriodSeconds only in skiff',
  'definition io.k8s.api.storage.v1.VolumeError: property errorCode only in skiff',
  // 1.34: ContainerRestartRules (alpha): per-container restart rules.
  'definition io.k8s.api.core.v1.Container: property restartPolicyRules only in skiff',
  'definition io.k8s.api.core.v1.EphemeralContainer: property restartPolicyRules only in skiff',
  'definition io.k8s.api.core.v1.ContainerRestartRule: only in skiff',
  'definition io.k8s.api.core.v1.ContainerRestartRuleOnExitCodes: only in skiff',
  // 1.33: ContainerStopSignals (alpha).
  'definition io.k8s.api.core.v1.Lifecycle: property stopSignal only in skiff',
  'definition io.k8s.api.core.v1.ContainerStatus: property stopSignal only in skiff',
  // 1.34: EnvFiles (alpha): environment variables read from a file in a volume.
  'definition io.k8s.api.core.v1.EnvVarSource: property fileKeyRef only in skiff',
  'definition io.k8s.api.core.v1.FileKeySelector: only in skiff',
  // 1.33: NodeSwap reports the node's swap capacity.
  'definition io.k8s.api.core.v1.NodeSystemInfo: property swap only in skiff',
  'definition io.k8s.api.core.v1.NodeSwapStatus: only in skiff',
  // 1.33: PodObservedGenerationTracking (alpha).
  'definition io.k8s.api.core.v1.PodStatus: property observedGeneration only in skiff',
  'definition io.k8s.api.core.v1.PodCondition: property observedGeneration only in skiff',
  // 1.34: DRAExtendedResource (alpha).
  'definition io.k8s.api.core.v1.PodStatus: property extendedResourceClaimStatus only in skiff',
  'definition io.k8s.api.core.v1.PodExtendedResourceClaimStatus: only in skiff',
  'definition io.k8s.api.core.v1.ContainerExtendedResourceRequest: only in skiff',
  // 1.34: HostnameOverride (alpha).
  'definition io.k8s.api.core.v1.PodSpec: property hostnameOverride only in skiff',
  // 1.34: PodCertificateRequest (alpha): the podCertificate projected volume source.
  'definition io.k8s.api.core.v1.VolumeProjection: property podCertificate only in skiff',
  'definition io.k8s.api.core.v1.PodCertificateProjection: only in skiff',
]);

/** Differences that come from how the reference was generated (see the header), not from a release. */
const REFERENCE_SETTINGS = new Set<string>([
  // --enable-logs-handler=true: kube-apiserver serves /logs only when asked (off by default since 1.31).
  'path /logs/: only upstream',
  'path /logs/{logpath}: only upstream',
  'v3 document logs: only upstream',
]);

test('the catalog matches upstream v1.32 OpenAPI except for the listed 1.33/1.34 changes', (t) => {
  if (!existsSync(`${REF_DIR}swagger.json`)) {
    t.skip(`reference OpenAPI absent (${REF_DIR}swagger.json)`);
    return;
  }
  const { found, pathsCompared, definitionsCompared, v3Documents } = walk();
  assert.ok(pathsCompared > 350, `only ${pathsCompared} paths compared`);
  assert.ok(definitionsCompared > 450, `only ${definitionsCompared} definitions compared`);
  assert.ok(v3Documents > 30, `only ${v3Documents} v3 documents compared`);
  const listed = new Set([...CHANGES_SINCE_1_32, ...REFERENCE_SETTINGS]);
  const unexpected = [...found].filter((d) => !listed.has(d)).sort();
  const stale = [...listed].filter((d) => !found.has(d));
  assert.ok(unexpected.length === 0, `${unexpected.length} differences from v1.32 on neither list:\n${unexpected.join('\n')}`);
  assert.ok(stale.length === 0, `${stale.length} listed differences that no longer occur:\n${stale.join('\n')}`);
});
