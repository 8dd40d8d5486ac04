// Schemas of the groups declared with the kinds under src/types/kinds: every kind has its
// type meta and group-version-kind, protobuf numbers are complete and unique, and, when
// upstream's v1.32 OpenAPI document is at hand, every definition it also has matches it
// except for the listed 1.33/1.34 changes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fieldsOf, isRequired, type ObjectType, type Type } from '../../src/types/schema.js';
import { apiextensionsSchemas } from '../../src/types/schemas/apiextensions.js';
import { apiregistrationSchemas } from '../../src/types/schemas/apiregistration.js';
import { authenticationSchemas } from '../../src/types/schemas/authentication.js';
import { authorizationSchemas } from '../../src/types/schemas/authorization.js';
import { autoscalingV1Schemas, autoscalingV2Schemas } from '../../src/types/schemas/autoscaling.js';
import { certificatesSchemas, certificatesV1alpha1Schemas, certificatesV1beta1Schemas } from '../../src/types/schemas/certificates.js';
import { discoverySchemas } from '../../src/types/schemas/discovery.js';
import { nodeSchemas } from '../../src/types/schemas/node.js';
import { resourceSchemas, resourceV1alpha3Schemas, resourceV1beta1Schemas, resourceV1beta2Schemas } from '../../src/types/schemas/resource.js';
import { schedulingSchemas } from '../../src/types/schemas/scheduling.js';
import { storageSchemas, storageV1alpha1Schemas, storageV1beta1Schemas } from '../../src/types/schemas/storage.js';

const SWAGGER = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/swagger.json', import.meta.url));

const AX = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.';
const AR = 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.';
const api = (g: string, v: string) => `io.k8s.api.${g}.${v}.`;

const maps: [string, string, Record<string, ObjectType>, string[]][] = [
  // [OpenAPI prefix, group/version, map, expected kinds]
  [AX, 'apiextensions.k8s.io/v1', apiextensionsSchemas, ['CustomResourceDefinition']],
  [AR, 'apiregistration.k8s.io/v1', apiregistrationSchemas, ['APIService']],
  [api('authentication', 'v1'), 'authentication.k8s.io/v1', authenticationSchemas, ['TokenReview', 'SelfSubjectReview', 'TokenRequest']],
  [api('authorization', 'v1'), 'authorization.k8s.io/v1', authorizationSchemas, ['SubjectAccessReview', 'SelfSubjectAccessReview', 'LocalSubjectAccessReview', 'SelfSubjectRulesReview']],
  [api('autoscaling', 'v1'), 'autoscaling/v1', autoscalingV1Schemas, ['Scale', 'HorizontalPodAutoscaler']],
  [api('autoscaling', 'v2'), 'autoscaling/v2', autoscalingV2Schemas, ['HorizontalPodAutoscaler']],
  [api('certificates', 'v1'), 'certificates.k8s.io/v1', certificatesSchemas, ['CertificateSigningRequest']],
  [api('certificates', 'v1beta1'), 'certificates.k8s.io/v1beta1', certificatesV1beta1Schemas, ['ClusterTrustBundle']],
  [api('certificates', 'v1alpha1'), 'certificates.k8s.io/v1alpha1', certificatesV1alpha1Schemas, ['ClusterTrustBundle', 'PodCertificateRequest']],
  [api('discovery', 'v1'), 'discovery.k8s.io/v1', discoverySchemas, ['EndpointSlice']],
  [api('node', 'v1'), 'node.k8s.io/v1', nodeSchemas, ['RuntimeClass']],
  [api('resource', 'v1'), 'resource.k8s.io/v1', resourceSchemas, ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice']],
  [api('resource', 'v1beta2'), 'resource.k8s.io/v1beta2', resourceV1beta2Schemas, ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice']],
  [api('resource', 'v1beta1'), 'resource.k8s.io/v1beta1', resourceV1beta1Schemas, ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice']],
  [api('resource', 'v1alpha3'), 'resource.k8s.io/v1alpha3', resourceV1alpha3Schemas, ['DeviceTaintRule']],
  [api('scheduling', 'v1'), 'scheduling.k8s.io/v1', schedulingSchemas, ['PriorityClass']],
  [api('storage', 'v1'), 'storage.k8s.io/v1', storageSchemas, ['CSIDriver', 'CSINode', 'CSIStorageCapacity', 'StorageClass', 'VolumeAttachment', 'VolumeAttributesClass']],
  [api('storage', 'v1beta1'), 'storage.k8s.io/v1beta1', storageV1beta1Schemas, ['VolumeAttributesClass']],
  [api('storage', 'v1alpha1'), 'storage.k8s.io/v1alpha1', storageV1alpha1Schemas, ['VolumeAttributesClass']],
];
const isOwn = (name: string) => maps.some(([p]) => name.startsWith(p));

/** Every object type reachable from the kinds (embedded structs included), by definition name. */
function collect(): Map<string, ObjectType> {
  const seen = new Map<string, ObjectType>();
  const visit = (t: Type) => {
    if (t.kind === 'list') return visit(t.items);
    if (t.kind === 'map') return visit(t.values);
    if (t.kind !== 'object' || seen.has(t.name)) return;
    seen.set(t.name, t);
    for (const f of Object.values(fieldsOf(t))) visit(f);
    for (const e of t.protoEmbedded ?? []) visit(e.type);
  };
  for (const [, , m] of maps) for (const t of Object.values(m)) visit(t);
  return seen;
}
/** Embedded structs: their fields are listed flat in their users; no OpenAPI definition. */
const embedded = (all: Map<string, ObjectType>) => new Set([...all.values()].flatMap((t) => (t.protoEmbedded ?? []).map((e) => e.type.name)));

test('schema maps hold the kinds with apiVersion, kind, metadata and their group-version-kind', () => {
  for (const [prefix, gv, m, kinds] of maps) {
    assert.deepEqual(Object.keys(m).sort(), [...kinds].sort(), gv);
    const [group, version] = gv.includes('/') ? gv.split('/') : ['', gv];
    for (const [kind, t] of Object.entries(m)) {
      assert.equal(t.name, prefix + kind);
      const fields = fieldsOf(t);
      assert.equal(fields.apiVersion?.kind, 'string', `${gv} ${kind}.apiVersion`);
      assert.equal(fields.kind?.kind, 'string', `${gv} ${kind}.kind`);
      assert.equal(fields.metadata?.protoNumber, 1, `${gv} ${kind}.metadata`);
      assert.deepEqual(t.extensions?.['x-kubernetes-group-version-kind'], [{ group, kind, version }], `${gv} ${kind} GVK`);
    }
  }
});

test('every field has a protobuf number, unique within its message, embedded structs included', () => {
  const all = collect();
  let messages = 0;
  for (const [name, t] of all) {
    if (!isOwn(name)) continue;
    messages++;
    const own = new Map<number, string>();
    const inEmbedded = new Set((t.protoEmbedded ?? []).flatMap((e) => Object.keys(fieldsOf(e.type))));
    for (const e of t.protoEmbedded ?? []) own.set(e.number, `(embedded ${e.name})`);
    for (const [field, f] of Object.entries(fieldsOf(t))) {
      if ((field === 'apiVersion' || field === 'kind') && f.protoNumber === undefined) continue;
      assert.ok(Number.isInteger(f.protoNumber) && f.protoNumber! > 0, `${name}.${field} has no protobuf number`);
      if (inEmbedded.has(field)) continue;
      const dup = own.get(f.protoNumber!);
      assert.equal(dup, undefined, `${name}: ${dup} and ${field} share protobuf number ${f.protoNumber}`);
      own.set(f.protoNumber!, field);
    }
    // Fields inlined from an embedded struct carry the numbers they have inside it.
    for (const e of t.protoEmbedded ?? []) {
      for (const [field, f] of Object.entries(fieldsOf(e.type))) {
        assert.equal(fieldsOf(t)[field]?.protoNumber, f.protoNumber, `${name}.${field}: number inside ${e.name}`);
      }
    }
  }
  assert.ok(messages > 200, `only ${messages} messages`);
});

// The OpenAPI v2 shape of one of our types, for comparison with swagger.json.
function shapeOf(t: Type): string {
  switch (t.kind) {
    case 'string': return 'string';
    case 'bool': return 'boolean';
    case 'int32': return 'integer/int32';
    case 'int64': return 'integer/int64';
    case 'double': return 'number/double';
    case 'bytes': return 'string/byte';
    case 'time': return '$io.k8s.apimachinery.pkg.apis.meta.v1.Time';
    case 'microtime': return '$io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime';
    case 'quantity': return '$io.k8s.apimachinery.pkg.api.resource.Quantity';
    case 'intOrString': return '$io.k8s.apimachinery.pkg.util.intstr.IntOrString';
    case 'rawExtension': return '$io.k8s.apimachinery.pkg.runtime.RawExtension';
    case 'fieldsV1': return '$io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1';
    case 'json': return '$json';
    case 'duration': return 'string';
    case 'object': return '$' + t.name;
    case 'list': return `[${shapeOf(t.items)}]`;
    case 'map': return `{${shapeOf(t.values)}}`;
  }
}

interface SwaggerProp {
  type?: string;
  format?: string;
  $ref?: string;
  items?: SwaggerProp;
  additionalProperties?: SwaggerProp;
  enum?: string[];
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
}
interface SwaggerDef {
  properties?: Record<string, SwaggerProp>;
  required?: string[];
  'x-kubernetes-map-type'?: string;
}

/** apiextensions' JSON and the JSONSchemaProps unions are all declared with the json scalar. */
const JSON_DEFS = new Set(['JSON', 'JSONSchemaPropsOrArray', 'JSONSchemaPropsOrBool', 'JSONSchemaPropsOrStringArray'].map((n) => AX + n));

function upstreamShape(p: SwaggerProp): string {
  if (p.$ref) {
    const name = p.$ref.replace('#/definitions/', '');
    return JSON_DEFS.has(name) ? '$json' : '$' + name;
  }
  if (p.type === 'array') return `[${upstreamShape(p.items ?? {})}]`;
  if (p.type === 'object' && p.additionalProperties) return `{${upstreamShape(p.additionalProperties)}}`;
  return p.format ? `${p.type}/${p.format}` : String(p.type);
}

/** JSON-visible fields (embedded structs are already listed flat). */
function differences(ours: ObjectType, up: SwaggerDef): string[] {
  const out: string[] = [];
  const name = ours.name;
  const fields = new Map(Object.entries(fieldsOf(ours)));
  const props = up.properties ?? {};
  for (const f of fields.keys()) if (!(f in props)) out.push(`${name}: added property ${f}`);
  for (const p of Object.keys(props)) if (!fields.has(p)) out.push(`${name}: missing property ${p}`);
  const required = [...fields].filter(([, f]) => isRequired(f)).map(([n]) => n).sort();
  const upRequired = [...(up.required ?? [])].sort();
  if (required.join() !== upRequired.join()) out.push(`${name}: required differs (ours [${required}], upstream [${upRequired}])`);
  if ((ours.mapType ?? '') !== (up['x-kubernetes-map-type'] ?? '')) out.push(`${name}: map-type ours ${ours.mapType} upstream ${up['x-kubernetes-map-type']}`);
  for (const [f, t] of fields) {
    const p = props[f];
    if (!p) continue;
    const at = `${name}.${f}`;
    if (shapeOf(t) !== upstreamShape(p)) out.push(`${at}: type ours ${shapeOf(t)} upstream ${upstreamShape(p)}`);
    const mine = {
      listType: t.kind === 'list' ? t.listType : undefined,
      listMapKeys: t.kind === 'list' ? t.listMapKeys?.join() : undefined,
      mapType: t.kind === 'map' ? t.mapType : undefined,
      patchStrategy: t.kind === 'list' ? t.patchStrategy : undefined,
      patchMergeKey: t.kind === 'list' ? t.patchMergeKey : undefined,
      enum: t.kind !== 'list' && t.kind !== 'map' && t.kind !== 'object' && Object.hasOwn(t, 'enum') ? [...(t.enum as readonly string[])].sort().join() : undefined,
    };
    const theirs = {
      listType: p['x-kubernetes-list-type'],
      listMapKeys: p['x-kubernetes-list-map-keys']?.join(),
      mapType: p.type === 'object' ? p['x-kubernetes-map-type'] : undefined,
      patchStrategy: p['x-kubernetes-patch-strategy'],
      patchMergeKey: p['x-kubernetes-patch-merge-key'],
      enum: p.enum ? [...p.enum].sort().join() : undefined,
    };
    // Upstream marks []byte fields x-kubernetes-list-type=atomic; the vocabulary's bytes scalar carries no list markers.
    if (t.kind === 'bytes' && theirs.listType === 'atomic') theirs.listType = undefined;
    for (const k of Object.keys(mine) as (keyof typeof mine)[]) {
      if (mine[k] !== theirs[k]) out.push(`${at}: ${k} ours ${mine[k]} upstream ${theirs[k]}`);
    }
  }
  return out;
}

/**
 * Differences from the v1.32 document that v1.33 and v1.34 introduced. Each must be found,
 * and every difference found must be listed.
 */
const CHANGES_SINCE_1_32 = new Set<string>([
  // 1.33/1.34 DRA (resource.k8s.io/v1beta1 keeps growing with v1): prioritized list, device taints,
  // partitionable devices, binding conditions, consumable capacity, extended resources, admin access.
  'io.k8s.api.resource.v1beta1.DeviceClassSpec: added property extendedResourceName',
  'io.k8s.api.resource.v1beta1.DeviceRequest: added property firstAvailable',
  'io.k8s.api.resource.v1beta1.DeviceRequest: added property tolerations',
  'io.k8s.api.resource.v1beta1.DeviceRequest: added property capacity',
  'io.k8s.api.resource.v1beta1.DeviceRequest: required differs (ours [name], upstream [deviceClassName,name])',
  'io.k8s.api.resource.v1beta1.DeviceConstraint: added property distinctAttribute',
  'io.k8s.api.resource.v1beta1.ResourceClaimStatus.devices: listMapKeys ours driver,device,pool,shareID upstream driver,device,pool',
  'io.k8s.api.resource.v1beta1.AllocationResult: added property allocationTimestamp',
  'io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult: added property tolerations',
  'io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult: added property bindingConditions',
  'io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult: added property bindingFailureConditions',
  'io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult: added property shareID',
  'io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult: added property consumedCapacity',
  'io.k8s.api.resource.v1beta1.AllocatedDeviceStatus: added property shareID',
  'io.k8s.api.resource.v1beta1.ResourceSliceSpec: added property perDeviceNodeSelection',
  'io.k8s.api.resource.v1beta1.ResourceSliceSpec: added property sharedCounters',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property consumesCounters',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property nodeName',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property nodeSelector',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property allNodes',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property taints',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property bindsToNode',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property bindingConditions',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property bindingFailureConditions',
  'io.k8s.api.resource.v1beta1.BasicDevice: added property allowMultipleAllocations',
  'io.k8s.api.resource.v1beta1.DeviceCapacity: added property requestPolicy',
  // 1.33: HPAConfigurableTolerance (alpha) adds spec.behavior.*.tolerance.
  'io.k8s.api.autoscaling.v2.HPAScalingRules: added property tolerance',
  // 1.33: PreferSameTrafficDistribution adds hints.forNodes.
  'io.k8s.api.discovery.v1.EndpointHints: added property forNodes',
  // 1.33: MutableCSINodeAllocatableCount (alpha) adds nodeAllocatableUpdatePeriodSeconds.
  'io.k8s.api.storage.v1.CSIDriverSpec: added property nodeAllocatableUpdatePeriodSeconds',
  // 1.34: MutableCSINodeAllocatableCount adds VolumeError.errorCode.
  'io.k8s.api.storage.v1.VolumeError: added property errorCode',
]);

/** resource.k8s.io/v1alpha3 kept only DeviceTaintRule when v1beta2 arrived (1.33): its other types are gone. */
const REMOVED_SINCE_1_32 = (name: string) => name.startsWith(api('resource', 'v1alpha3')) && !/\.DeviceTaint/.test(name);

/** Group-versions (or definitions) v1.32 does not have at all: new or GA since. */
const NEW_SINCE_1_32 = [api('resource', 'v1'), api('resource', 'v1beta2'), api('certificates', 'v1beta1'), api('storage', 'v1') + 'VolumeAttributesClass'];
const NEW_DEFINITIONS_SINCE_1_32 = new Set<string>([
  // 1.34: PodCertificateRequest (alpha).
  api('certificates', 'v1alpha1') + 'PodCertificateRequest',
  api('certificates', 'v1alpha1') + 'PodCertificateRequestSpec',
  api('certificates', 'v1alpha1') + 'PodCertificateRequestStatus',
  // 1.33: EndpointHints.forNodes.
  api('discovery', 'v1') + 'ForNode',
  // 1.33: DeviceTaintRule (alpha) with its taint and selector types.
  api('resource', 'v1alpha3') + 'DeviceTaint',
  api('resource', 'v1alpha3') + 'DeviceTaintRule',
  api('resource', 'v1alpha3') + 'DeviceTaintRuleSpec',
  api('resource', 'v1alpha3') + 'DeviceTaintSelector',
  // 1.33/1.34 DRA additions to v1beta1.
  ...['CapacityRequestPolicy', 'CapacityRequestPolicyRange', 'CapacityRequirements', 'Counter', 'CounterSet', 'DeviceCounterConsumption',
    'DeviceSubRequest', 'DeviceTaint', 'DeviceToleration'].map((n) => api('resource', 'v1beta1') + n),
]);

test('declared definitions match upstream v1.32 OpenAPI except for the listed 1.33/1.34 changes', (t) => {
  if (!existsSync(SWAGGER)) {
    t.skip(`reference OpenAPI absent (${SWAGGER})`);
    return;
  }
  const defs = (JSON.parse(readFileSync(SWAGGER, 'utf8')) as { definitions: Record<string, SwaggerDef> }).definitions;
  const declared = collect();
  const inline = embedded(declared);
  const found: string[] = [];
  const newDefs: string[] = [];
  for (const [name, ours] of declared) {
    if (!isOwn(name)) continue;
    const up = defs[name];
    if (inline.has(name)) {
      assert.equal(up, undefined, `${name} is embedded but upstream has a definition`);
      continue;
    }
    if (!up) {
      if (!NEW_SINCE_1_32.some((p) => name.startsWith(p))) newDefs.push(name);
      continue;
    }
    found.push(...differences(ours, up));
  }
  // Every upstream definition of these group-versions is declared (lists aside).
  for (const [prefix] of maps) {
    for (const name of Object.keys(defs)) {
      if (!name.startsWith(prefix) || name.slice(prefix.length).includes('.') || name.endsWith('List')) continue;
      if (JSON_DEFS.has(name) || name.endsWith('.ConversionReview') || name.endsWith('.ConversionRequest') || name.endsWith('.ConversionResponse')) continue;
      if (!declared.has(name) && !REMOVED_SINCE_1_32(name)) found.push(`${name}: not declared`);
    }
  }
  const unexpected = found.filter((d) => !CHANGES_SINCE_1_32.has(d));
  const stale = [...CHANGES_SINCE_1_32].filter((d) => !found.includes(d));
  assert.deepEqual(unexpected, [], 'differences from v1.32 not on the 1.33/1.34 list');
  assert.deepEqual(stale, [], 'listed 1.33/1.34 changes not found');
  assert.deepEqual(newDefs.filter((n) => !NEW_DEFINITIONS_SINCE_1_32.has(n)).sort(), [], 'definitions v1.32 lacks, not listed as new');
  assert.deepEqual([...NEW_DEFINITIONS_SINCE_1_32].filter((n) => !newDefs.includes(n)), [], 'listed new definitions not found');
});

test('protobuf numbers match upstream v1.34 types.go for a sample of 1.33/1.34 fields', () => {
  const numberOf = (t: ObjectType, path: string): number | undefined => {
    let cur: Type = t;
    const segs = path.split('.');
    for (const [i, seg] of segs.entries()) {
      while (cur.kind === 'list') cur = cur.items;
      while (cur.kind === 'map') cur = cur.values;
      if (cur.kind !== 'object') return undefined;
      const f: Type | undefined = fieldsOf(cur)[seg];
      if (!f) return undefined;
      if (i === segs.length - 1) return f.protoNumber;
      cur = f;
    }
    return undefined;
  };
  const slice = resourceSchemas.ResourceSlice!;
  const claim = resourceSchemas.ResourceClaim!;
  const facts: [ObjectType, string, number][] = [
    [slice, 'spec.devices.bindsToNode', 9],
    [slice, 'spec.devices.bindingConditions', 10],
    [slice, 'spec.devices.bindingFailureConditions', 11],
    [slice, 'spec.devices.allowMultipleAllocations', 12],
    [slice, 'spec.devices.consumesCounters.counterSet', 1],
    [slice, 'spec.devices.consumesCounters.counters', 2],
    [slice, 'spec.devices.capacity.value', 1],
    [slice, 'spec.devices.capacity.requestPolicy', 2],
    [slice, 'spec.devices.capacity.requestPolicy.default', 1],
    [slice, 'spec.devices.capacity.requestPolicy.validValues', 3],
    [slice, 'spec.devices.capacity.requestPolicy.validRange', 4],
    [claim, 'status.devices', 4],
    [apiextensionsSchemas.CustomResourceDefinition!, 'spec.versions.additionalPrinterColumns', 6],
    [apiextensionsSchemas.CustomResourceDefinition!, 'spec.conversion.webhook.clientConfig.url', 3],
    [apiregistrationSchemas.APIService!, 'spec.groupPriorityMinimum', 7],
    [apiregistrationSchemas.APIService!, 'spec.versionPriority', 8],
  ];
  for (const [t, path, n] of facts) assert.equal(numberOf(t, path), n, `${t.name} ${path}`);
});

// Upstream's OpenAPI v3 documents default every non-pointer field to its zero value when the
// JSON tag keeps it ({} for structs, "" / 0 / false for scalars without omitempty): they check
// our .optional() and .keepEmpty() flags.
const V3_DIR = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/v3/', import.meta.url));

function impliedDefault(f: Type): unknown {
  if (Object.hasOwn(f, 'default')) return f.default;
  if (f.optional === true) return undefined;
  if (f.kind === 'object') return {};
  if (f.keepEmpty !== true) return undefined;
  switch (f.kind) {
    case 'string': return '';
    case 'int32': case 'int64': case 'double': return 0;
    case 'bool': return false;
    default: return undefined;
  }
}

test('pointer and omitempty flags reproduce the field defaults of upstream v1.32 OpenAPI v3', (t) => {
  if (!existsSync(V3_DIR)) {
    t.skip(`reference OpenAPI v3 absent (${V3_DIR})`);
    return;
  }
  interface V3Schemas { [name: string]: { properties?: Record<string, { default?: unknown }> } }
  const v3: V3Schemas = {};
  for (const file of readdirSync(V3_DIR)) Object.assign(v3, (JSON.parse(readFileSync(V3_DIR + file, 'utf8')) as { components?: { schemas?: V3Schemas } }).components?.schemas ?? {});
  const found: string[] = [];
  let compared = 0;
  for (const [name, ours] of collect()) {
    const props = isOwn(name) ? v3[name]?.properties : undefined;
    if (!props) continue;
    for (const [field, f] of Object.entries(fieldsOf(ours))) {
      const p = props[field];
      if (!p) continue;
      compared++;
      const want = JSON.stringify(p.default);
      const got = JSON.stringify(impliedDefault(f));
      if (want !== got) found.push(`${name}.${field}: ours ${got} upstream ${want}`);
    }
  }
  assert.ok(compared > 500, `only ${compared} fields compared`);
  assert.deepEqual(found, []);
});
