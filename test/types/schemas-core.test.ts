// The core/v1 and meta/v1 schemas: protobuf numbers are complete and unique per message
// (embedded Go structs counted as the one field they are on the wire), the kinds are all
// there, and, when upstream's v1.32 OpenAPI document is at hand, every declared definition
// matches it except for the listed 1.33/1.34 additions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fieldsOf, type ObjectType, type Type } from '../../src/types/schema.js';
import { coreDefinitions, coreListSchemas, coreSchemas } from '../../src/types/schemas/core.js';
import { metaDefinitions, scalarDefinitions } from '../../src/types/schemas/meta.js';

// dist/test/types/ → repo root → ../shared/reference
const SWAGGER = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/swagger.json', import.meta.url));
const OPENAPI_V3_CORE = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/v3/api__v1_openapi.json', import.meta.url));

const CORE_KINDS = [
  'Binding', 'ComponentStatus', 'ConfigMap', 'Endpoints', 'Event', 'LimitRange', 'Namespace', 'Node',
  'PersistentVolume', 'PersistentVolumeClaim', 'Pod', 'PodTemplate', 'ReplicationController',
  'ResourceQuota', 'Secret', 'Service', 'ServiceAccount',
];

/**
 * What upstream added to core/v1 after v1.32 (present in v1.34, absent from the v1.32
 * documents). Every entry must be a difference the comparison finds, and every difference
 * must be listed here.
 */
const ADDED_SINCE_1_32 = new Set([
  // ContainerRestartRules: per-container restart rules.
  'io.k8s.api.core.v1.ContainerRestartRule: not in upstream',
  'io.k8s.api.core.v1.ContainerRestartRuleOnExitCodes: not in upstream',
  'io.k8s.api.core.v1.Container: added property restartPolicyRules',
  'io.k8s.api.core.v1.EphemeralContainer: added property restartPolicyRules',
  // ContainerStopSignals: lifecycle.stopSignal and the effective signal in the status.
  'io.k8s.api.core.v1.Lifecycle: added property stopSignal',
  'io.k8s.api.core.v1.ContainerStatus: added property stopSignal',
  // EnvFiles: environment variables read from a file in a volume.
  'io.k8s.api.core.v1.FileKeySelector: not in upstream',
  'io.k8s.api.core.v1.EnvVarSource: added property fileKeyRef',
  // NodeSwap: swap capacity in the node's system info.
  'io.k8s.api.core.v1.NodeSwapStatus: not in upstream',
  'io.k8s.api.core.v1.NodeSystemInfo: added property swap',
  // PodObservedGenerationTracking.
  'io.k8s.api.core.v1.PodStatus: added property observedGeneration',
  'io.k8s.api.core.v1.PodCondition: added property observedGeneration',
  // DRAExtendedResource: extended resources backed by dynamic resource allocation.
  'io.k8s.api.core.v1.ContainerExtendedResourceRequest: not in upstream',
  'io.k8s.api.core.v1.PodExtendedResourceClaimStatus: not in upstream',
  'io.k8s.api.core.v1.PodStatus: added property extendedResourceClaimStatus',
  // HostnameOverride.
  'io.k8s.api.core.v1.PodSpec: added property hostnameOverride',
  // PodCertificateRequest: the podCertificate projected volume source.
  'io.k8s.api.core.v1.PodCertificateProjection: not in upstream',
  'io.k8s.api.core.v1.VolumeProjection: added property podCertificate',
]);

/**
 * Upstream markers the schema vocabulary cannot express yet (not version changes):
 * Status.details is a struct field that upstream marks +listType=atomic; ListType is the
 * only type that carries a list type.
 */
const VOCABULARY_GAPS = new Set([
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status.details: listType ours undefined upstream atomic',
]);

/** Every object type reachable from a set of roots, by definition name. */
function reachable(roots: Iterable<ObjectType>): Map<string, ObjectType> {
  const seen = new Map<string, ObjectType>();
  const visit = (t: Type) => {
    if (t.kind === 'list') return visit(t.items);
    if (t.kind === 'map') return visit(t.values);
    if (t.kind !== 'object' || seen.has(t.name)) return;
    seen.set(t.name, t);
    for (const f of Object.values(fieldsOf(t))) visit(f);
    for (const e of t.protoEmbedded ?? []) visit(e.type);
  };
  for (const t of roots) visit(t);
  return seen;
}

const all = reachable([...Object.values(coreDefinitions), ...Object.values(metaDefinitions)]);

test('coreSchemas holds every core/v1 kind, with TypeMeta, metadata number 1 and its GVK', () => {
  assert.deepEqual(Object.keys(coreSchemas).sort(), [...CORE_KINDS].sort());
  assert.deepEqual(
    Object.keys(coreListSchemas).sort(),
    CORE_KINDS.filter((k) => k !== 'Binding').map((k) => k + 'List').sort(),
  );
  for (const [kind, t] of [...Object.entries(coreSchemas), ...Object.entries(coreListSchemas)]) {
    assert.equal(t.name, 'io.k8s.api.core.v1.' + kind);
    const f = fieldsOf(t);
    assert.equal(f.apiVersion?.kind, 'string', `${kind}.apiVersion`);
    assert.equal(f.apiVersion?.protoNumber, undefined, `${kind}.apiVersion travels in the envelope`);
    assert.equal(f.kind?.kind, 'string', `${kind}.kind`);
    assert.equal(f.metadata?.protoNumber, 1, `${kind}.metadata`);
    assert.equal(f.metadata?.kind === 'object' && f.metadata.name.split('.').pop(), kind.endsWith('List') ? 'ListMeta' : 'ObjectMeta');
    assert.deepEqual(t.extensions?.['x-kubernetes-group-version-kind'], [{ group: '', kind, version: 'v1' }], `${kind} GVK`);
  }
});

test('every field of every message has a protobuf number, unique within its message', () => {
  let messages = 0;
  for (const [name, t] of all) {
    if (name === 'io.k8s.apimachinery.pkg.version.Info') continue; // JSON only, no protobuf message
    messages++;
    const embeddedFields = new Set<string>();
    const numbers = new Map<number, string>();
    const claim = (n: number | undefined, what: string) => {
      assert.ok(Number.isInteger(n) && n! > 0, `${name}: ${what} has no protobuf number`);
      const dup = numbers.get(n!);
      assert.equal(dup, undefined, `${name}: ${dup} and ${what} share protobuf number ${n}`);
      numbers.set(n!, what);
    };
    for (const e of t.protoEmbedded ?? []) {
      claim(e.number, `embedded ${e.name}`);
      for (const [field, f] of Object.entries(fieldsOf(e.type))) {
        embeddedFields.add(field);
        // The inlined field is the embedded struct's own field, number and all.
        assert.equal(fieldsOf(t)[field]?.protoNumber, f.protoNumber, `${name}.${field} inlined from ${e.type.name}`);
      }
    }
    for (const [field, f] of Object.entries(fieldsOf(t))) {
      if (embeddedFields.has(field)) continue;
      if ((field === 'apiVersion' || field === 'kind') && f.protoNumber === undefined) continue;
      claim(f.protoNumber, field);
    }
  }
  assert.ok(messages > 230, `only ${messages} messages found`);
});

test('spot facts: pod, volume, probe, ephemeral container, object meta', () => {
  const podSpec = fieldsOf(coreDefinitions['io.k8s.api.core.v1.PodSpec']!);
  const containers = podSpec.containers!;
  assert.equal(containers.kind, 'list');
  assert.equal(containers.protoNumber, 2);
  // The fluent modifiers share names with the flags: a set flag is `true`, an unset one the method.
  assert.ok(containers.required === true && containers.keepEmpty === true && containers.optional === true);
  if (containers.kind === 'list') {
    assert.equal(containers.listType, 'map');
    assert.deepEqual(containers.listMapKeys, ['name']);
    assert.equal(containers.patchStrategy, 'merge');
    assert.equal(containers.patchMergeKey, 'name');
  }
  assert.equal(podSpec.hostnameOverride?.protoNumber, 41);
  assert.equal(podSpec.terminationGracePeriodSeconds?.kind, 'int64');
  assert.equal(podSpec.terminationGracePeriodSeconds?.optional, true, 'pointer field');
  assert.notEqual(podSpec.hostNetwork?.optional, true, 'plain bool');
  assert.deepEqual(podSpec.restartPolicy?.enum, ['Always', 'Never', 'OnFailure']);

  const volume = coreDefinitions['io.k8s.api.core.v1.Volume']!;
  assert.deepEqual(volume.protoEmbedded?.map((e) => [e.number, e.name, e.type.name]), [[2, 'volumeSource', 'io.k8s.api.core.v1.VolumeSource']]);
  assert.equal(fieldsOf(volume).configMap?.protoNumber, 19);
  const probe = coreDefinitions['io.k8s.api.core.v1.Probe']!;
  assert.deepEqual(probe.protoEmbedded?.map((e) => [e.number, e.name]), [[1, 'handler']]);
  const eph = coreDefinitions['io.k8s.api.core.v1.EphemeralContainer']!;
  assert.deepEqual(eph.protoEmbedded?.map((e) => [e.number, e.name]), [[1, 'ephemeralContainerCommon']]);
  assert.equal(fieldsOf(eph).targetContainerName?.protoNumber, 2);

  const port = fieldsOf(coreDefinitions['io.k8s.api.core.v1.ContainerPort']!);
  assert.equal(port.protocol?.default, 'TCP');
  assert.equal(port.containerPort?.kind, 'int32');

  const meta = fieldsOf(metaDefinitions['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']!);
  assert.equal(meta.managedFields?.protoNumber, 17);
  assert.equal(meta.creationTimestamp?.kind, 'time');
  const owners = meta.ownerReferences!;
  assert.ok(owners.kind === 'list' && owners.listType === 'map' && owners.listMapKeys?.join() === 'uid' && owners.patchMergeKey === 'uid');
  assert.equal(scalarDefinitions.quantity?.name, 'io.k8s.apimachinery.pkg.api.resource.Quantity');
});

// ---- comparison with upstream's v1.32 OpenAPI v2 document

interface SwaggerProp {
  type?: string;
  format?: string;
  $ref?: string;
  description?: string;
  items?: SwaggerProp;
  additionalProperties?: SwaggerProp;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
}
interface SwaggerDef {
  description?: string;
  properties?: Record<string, SwaggerProp>;
  required?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-unions'?: unknown;
}

const SCALAR_REF: Partial<Record<Type['kind'], string>> = {
  time: 'io.k8s.apimachinery.pkg.apis.meta.v1.Time',
  microtime: 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime',
  quantity: 'io.k8s.apimachinery.pkg.api.resource.Quantity',
  intOrString: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString',
  rawExtension: 'io.k8s.apimachinery.pkg.runtime.RawExtension',
  fieldsV1: 'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1',
};

/** The OpenAPI v2 shape of one of our types. */
function shapeOf(t: Type): string {
  switch (t.kind) {
    case 'string': return 'string';
    case 'bool': return 'boolean';
    case 'int32': return 'integer/int32';
    case 'int64': return 'integer/int64';
    case 'double': return 'number/double';
    case 'bytes': return 'string/byte';
    case 'object': return '$' + t.name;
    case 'list': return `[${shapeOf(t.items)}]`;
    case 'map': return `{${shapeOf(t.values)}}`;
    default: return SCALAR_REF[t.kind] ? '$' + SCALAR_REF[t.kind] : t.kind;
  }
}

function upstreamShape(p: SwaggerProp): string {
  if (p.$ref) return '$' + p.$ref.replace('#/definitions/', '');
  if (p.type === 'array') return `[${upstreamShape(p.items ?? {})}]`;
  if (p.type === 'object' && p.additionalProperties) return `{${upstreamShape(p.additionalProperties)}}`;
  return p.format ? `${p.type}/${p.format}` : String(p.type);
}

/** Our description without the enum list upstream's v1.32 document leaves out. */
const baseDoc = (d: string | undefined) => (d ?? '').split('\n\nPossible enum values:\n')[0];

function differences(ours: ObjectType, up: SwaggerDef, defs: Record<string, SwaggerDef>): string[] {
  const out: string[] = [];
  const name = ours.name;
  const fields = fieldsOf(ours);
  const props = up.properties ?? {};
  for (const f of Object.keys(fields)) if (!(f in props)) out.push(`${name}: added property ${f}`);
  for (const p of Object.keys(props)) if (!(p in fields)) out.push(`${name}: missing property ${p}`);
  const required = Object.entries(fields).filter(([, f]) => f.required === true).map(([n]) => n).sort();
  const upRequired = [...(up.required ?? [])].sort();
  if (required.join() !== upRequired.join()) out.push(`${name}: required ours [${required}] upstream [${upRequired}]`);
  if ((ours.mapType ?? '') !== (up['x-kubernetes-map-type'] ?? '')) {
    out.push(`${name}: map-type ours ${ours.mapType} upstream ${up['x-kubernetes-map-type']}`);
  }
  if (JSON.stringify(ours.extensions?.['x-kubernetes-unions']) !== JSON.stringify(up['x-kubernetes-unions'])) {
    out.push(`${name}: unions differ`);
  }
  if ((ours.description ?? '') !== (up.description ?? '')) out.push(`${name}: description differs`);
  for (const [f, t] of Object.entries(fields)) {
    const p = props[f];
    if (!p) continue;
    const at = `${name}.${f}`;
    if (shapeOf(t) !== upstreamShape(p)) out.push(`${at}: type ours ${shapeOf(t)} upstream ${upstreamShape(p)}`);
    if (baseDoc(t.description) !== (p.description ?? '')) out.push(`${at}: description differs`);
    const refMapType = p.$ref ? defs[p.$ref.replace('#/definitions/', '')]?.['x-kubernetes-map-type'] : undefined;
    const mine = {
      listType: t.kind === 'list' ? t.listType : undefined,
      listMapKeys: t.kind === 'list' ? t.listMapKeys?.join() : undefined,
      mapType: t.kind === 'map' || t.kind === 'object' ? t.mapType : undefined,
      patchStrategy: t.kind === 'list' ? t.patchStrategy : undefined,
      patchMergeKey: t.kind === 'list' ? t.patchMergeKey : undefined,
    };
    const theirs = {
      listType: p['x-kubernetes-list-type'],
      listMapKeys: p['x-kubernetes-list-map-keys']?.join(),
      // A struct field's map type is the field's own marker, else its definition's.
      mapType: p['x-kubernetes-map-type'] ?? refMapType,
      patchStrategy: p['x-kubernetes-patch-strategy'],
      patchMergeKey: p['x-kubernetes-patch-merge-key'],
    };
    for (const k of Object.keys(mine) as (keyof typeof mine)[]) {
      if (mine[k] !== theirs[k]) out.push(`${at}: ${k} ours ${mine[k]} upstream ${theirs[k]}`);
    }
  }
  return out;
}

test('core/v1 and meta/v1 definitions match upstream v1.32 OpenAPI except for the listed additions', (t) => {
  if (!existsSync(SWAGGER)) {
    t.skip(`reference OpenAPI absent (${SWAGGER}); nothing to compare with`);
    return;
  }
  const defs = (JSON.parse(readFileSync(SWAGGER, 'utf8')) as { definitions: Record<string, SwaggerDef> }).definitions;
  const declared = { ...coreDefinitions, ...metaDefinitions };
  const found: string[] = [];
  for (const [name, ours] of Object.entries(declared)) {
    assert.equal(ours.name, name);
    const up = defs[name];
    if (!up) found.push(`${name}: not in upstream`);
    else found.push(...differences(ours, up, defs));
  }
  // Every upstream core/v1 and meta/v1 definition is declared (the scalars as scalarDefinitions).
  const scalarNames = new Set(Object.values(scalarDefinitions).map((s) => s!.name));
  for (const name of Object.keys(defs)) {
    const ours = name.startsWith('io.k8s.api.core.v1.') || name.startsWith('io.k8s.apimachinery.pkg.apis.meta.v1.') || name === 'io.k8s.apimachinery.pkg.version.Info';
    if (ours && !(name in declared) && !scalarNames.has(name)) found.push(`${name}: not declared`);
  }
  for (const s of Object.values(scalarDefinitions)) {
    const up = defs[s!.name];
    assert.ok(up, `${s!.name} upstream`);
    assert.equal(s!.description, up.description, `${s!.name} description`);
  }
  // Everything reachable from the declared definitions is itself declared, except the
  // embedded structs that upstream publishes inline only.
  for (const name of all.keys()) {
    if (!(name in declared) && !/\.(VolumeSource|PersistentVolumeSource|ProbeHandler|EphemeralContainerCommon)$/.test(name)) {
      found.push(`${name}: reachable but not in the definition maps`);
    }
  }
  const allowed = new Set([...ADDED_SINCE_1_32, ...VOCABULARY_GAPS]);
  const unexpected = found.filter((d) => !allowed.has(d));
  const stale = [...allowed].filter((d) => !found.includes(d));
  assert.deepEqual(unexpected, [], 'differences from v1.32 not on the 1.33/1.34 list');
  assert.deepEqual(stale, [], 'listed 1.33/1.34 additions not found');
});

// ---- upstream's v3 defaults, which follow from the Go field shapes our flags record

/**
 * The default upstream's v3 document gives a field: an explicit +default marker; else {}
 * for a non-pointer struct; else the zero value of a non-pointer scalar written even when
 * empty (no omitempty). Scalars that upstream models as their own definitions get none.
 */
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
/** List elements are never pointers here: structs default to {}, strings to "", integers to 0. */
function impliedItemDefault(t: Type): unknown {
  if (t.kind === 'object') return {};
  if (t.kind === 'string') return '';
  if (t.kind === 'int32' || t.kind === 'int64') return 0;
  return undefined;
}

test('pointer and omitempty flags reproduce every default of upstream v1.32 OpenAPI v3', (t) => {
  if (!existsSync(OPENAPI_V3_CORE)) {
    t.skip(`reference OpenAPI v3 absent (${OPENAPI_V3_CORE}); nothing to compare with`);
    return;
  }
  interface V3Prop { default?: unknown; items?: V3Prop }
  const schemas = (JSON.parse(readFileSync(OPENAPI_V3_CORE, 'utf8')) as { components: { schemas: Record<string, { properties?: Record<string, V3Prop> }> } }).components.schemas;
  const found: string[] = [];
  let compared = 0;
  for (const [name, ours] of Object.entries({ ...coreDefinitions, ...metaDefinitions })) {
    const props = schemas[name]?.properties;
    if (!props) continue;
    for (const [field, f] of Object.entries(fieldsOf(ours))) {
      const p = props[field];
      if (!p) continue;
      compared++;
      const want = JSON.stringify(p.default);
      const got = JSON.stringify(impliedDefault(f));
      if (want !== got) found.push(`${name}.${field}: ours ${got} upstream ${want}`);
      if (f.kind === 'list' && p.items && JSON.stringify(impliedItemDefault(f.items)) !== JSON.stringify(p.items.default)) {
        found.push(`${name}.${field}[]: ours ${JSON.stringify(impliedItemDefault(f.items))} upstream ${JSON.stringify(p.items.default)}`);
      }
    }
  }
  assert.ok(compared > 1000, `only ${compared} fields compared`);
  assert.deepEqual(found, []);
});
