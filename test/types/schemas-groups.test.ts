// The named-group schemas (apps, autoscaling Scale, batch, coordination, events, policy,
// networking, rbac, flowcontrol, admissionregistration): protobuf numbers are complete and
// unique, and, when upstream's v1.32 OpenAPI document is at hand, every declared definition
// matches it except for the listed 1.33/1.34 changes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fieldsOf, isRequired, type ObjectType, type Type } from '../../src/types/schema.js';
import { admissionregistrationSchemas } from '../../src/types/schemas/admissionregistration.js';
import { appsSchemas } from '../../src/types/schemas/apps.js';
import { autoscalingSchemas } from '../../src/types/schemas/autoscaling.js';
import { batchSchemas } from '../../src/types/schemas/batch.js';
import { coordinationSchemas } from '../../src/types/schemas/coordination.js';
import { eventsSchemas } from '../../src/types/schemas/events.js';
import { flowcontrolSchemas } from '../../src/types/schemas/flowcontrol.js';
import { networkingSchemas } from '../../src/types/schemas/networking.js';
import { policySchemas } from '../../src/types/schemas/policy.js';
import { rbacSchemas } from '../../src/types/schemas/rbac.js';

// dist/test/types/ → repo root → ../shared/reference
const SWAGGER = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/swagger.json', import.meta.url));

const maps: [string, string, Record<string, ObjectType>, string[]][] = [
  // [OpenAPI prefix, group/version, map, expected kinds]
  ['io.k8s.api.apps.v1.', 'apps/v1', appsSchemas, ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'ControllerRevision']],
  ['io.k8s.api.autoscaling.v1.', 'autoscaling/v1', autoscalingSchemas, ['Scale']],
  ['io.k8s.api.batch.v1.', 'batch/v1', batchSchemas, ['Job', 'CronJob']],
  ['io.k8s.api.coordination.v1.', 'coordination.k8s.io/v1', coordinationSchemas, ['Lease']],
  ['io.k8s.api.events.v1.', 'events.k8s.io/v1', eventsSchemas, ['Event']],
  ['io.k8s.api.policy.v1.', 'policy/v1', policySchemas, ['PodDisruptionBudget', 'Eviction']],
  ['io.k8s.api.networking.v1.', 'networking.k8s.io/v1', networkingSchemas, ['NetworkPolicy', 'Ingress', 'IngressClass', 'IPAddress', 'ServiceCIDR']],
  ['io.k8s.api.rbac.v1.', 'rbac.authorization.k8s.io/v1', rbacSchemas, ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']],
  ['io.k8s.api.flowcontrol.v1.', 'flowcontrol.apiserver.k8s.io/v1', flowcontrolSchemas, ['FlowSchema', 'PriorityLevelConfiguration']],
  ['io.k8s.api.admissionregistration.v1.', 'admissionregistration.k8s.io/v1', admissionregistrationSchemas,
    ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration']],
];
const ownPrefixes = maps.map(([p]) => p);

/** Embedded structs (json:",inline") that have no OpenAPI definition of their own. */
const INLINE_ONLY = new Set(['io.k8s.api.admissionregistration.v1.Rule', 'io.k8s.api.networking.v1.IngressRuleValue']);

/**
 * Differences from the v1.32 document that v1.33/v1.34 introduced. Each entry must match a
 * difference the comparison finds, and every difference must be listed here.
 */
const CHANGES_SINCE_1_32 = new Set([
  // 1.33: DeploymentReplicaSetTerminatingReplicas (alpha) adds status.terminatingReplicas.
  'io.k8s.api.apps.v1.DeploymentStatus: added property terminatingReplicas',
  'io.k8s.api.apps.v1.ReplicaSetStatus: added property terminatingReplicas',
  // 1.33: StatefulSet spec.serviceName became optional.
  'io.k8s.api.apps.v1.StatefulSetSpec: required differs (ours [selector,template], upstream [selector,serviceName,template])',
  // 1.34: NetworkPolicy spec.podSelector became optional (defaults to an empty selector).
  'io.k8s.api.networking.v1.NetworkPolicySpec: required differs (ours [], upstream [podSelector])',
]);

/**
 * networking.k8s.io/v1 IPAddress and ServiceCIDR went GA in 1.33; v1.32 serves them as
 * v1beta1 with the same fields, so they are compared with the v1beta1 definitions.
 */
const GA_IN_1_33 = new Set(['IPAddress', 'IPAddressSpec', 'ParentReference', 'ServiceCIDR', 'ServiceCIDRSpec', 'ServiceCIDRStatus']);
function upstreamName(ours: string): string {
  const prefix = 'io.k8s.api.networking.v1.';
  if (ours.startsWith(prefix) && GA_IN_1_33.has(ours.slice(prefix.length))) {
    return 'io.k8s.api.networking.v1beta1.' + ours.slice(prefix.length);
  }
  return ours;
}

/** Every object type reachable from the kinds, by definition name. */
function collect(): Map<string, ObjectType> {
  const seen = new Map<string, ObjectType>();
  const visit = (t: Type) => {
    if (t.kind === 'list') return visit(t.items);
    if (t.kind === 'map') return visit(t.values);
    if (t.kind !== 'object' || seen.has(t.name)) return;
    seen.set(t.name, t);
    for (const f of Object.values(fieldsOf(t))) visit(f);
  };
  for (const [, , m] of maps) for (const t of Object.values(m)) visit(t);
  return seen;
}
const isOwn = (name: string) => ownPrefixes.some((p) => name.startsWith(p));

/** Fields that an embedded struct contributes (flat in JSON, nested in protobuf). */
function embeddedFieldNames(t: ObjectType): Set<string> {
  const names = new Set<string>();
  for (const e of t.protoEmbedded ?? []) for (const k of Object.keys(fieldsOf(e.type))) names.add(k);
  return names;
}

test('group schema maps hold the assigned kinds with apiVersion, kind and metadata', () => {
  for (const [prefix, gv, m, kinds] of maps) {
    assert.deepEqual(Object.keys(m).sort(), [...kinds].sort(), gv);
    for (const [kind, t] of Object.entries(m)) {
      assert.equal(t.name, prefix + kind);
      const fields = fieldsOf(t);
      assert.equal(fields.apiVersion?.kind, 'string', `${kind}.apiVersion`);
      assert.equal(fields.kind?.kind, 'string', `${kind}.kind`);
      assert.equal(fields.metadata?.protoNumber, 1, `${kind}.metadata`);
      const [group, version] = gv.includes('/') ? gv.split('/') : ['', gv];
      assert.deepEqual(t.extensions?.['x-kubernetes-group-version-kind'], [{ group, kind, version }], `${kind} GVK`);
    }
  }
});

test('every field of every declared message has a protobuf number, unique within the message', () => {
  let messages = 0;
  for (const [name, t] of collect()) {
    if (!isOwn(name)) continue;
    messages++;
    const numbers = new Map<number, string>();
    const fields = fieldsOf(t);
    const embedded = embeddedFieldNames(t);
    for (const e of t.protoEmbedded ?? []) {
      // The flat fields are the embedded struct's own, numbered inside it.
      for (const [k, f] of Object.entries(fieldsOf(e.type))) {
        assert.equal(fields[k], f, `${name}.${k} must be ${e.type.name}'s field`);
      }
      assert.equal(numbers.get(e.number), undefined, `${name}: embedded ${e.name} reuses protobuf number ${e.number}`);
      numbers.set(e.number, e.name);
    }
    for (const [field, f] of Object.entries(fields)) {
      if (embedded.has(field)) continue;
      if (field === 'apiVersion' || field === 'kind') {
        // TypeMeta travels in the protobuf envelope, not in the message.
        if (f.protoNumber === undefined) continue;
      }
      assert.ok(Number.isInteger(f.protoNumber) && f.protoNumber! > 0, `${name}.${field} has no protobuf number`);
      const dup = numbers.get(f.protoNumber!);
      assert.equal(dup, undefined, `${name}: fields ${dup} and ${field} share protobuf number ${f.protoNumber}`);
      numbers.set(f.protoNumber!, field);
    }
  }
  assert.ok(messages > 100, `only ${messages} messages found`);
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
    case 'object': return '$' + upstreamName(t.name);
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

function upstreamShape(p: SwaggerProp): string {
  if (p.$ref) return '$' + p.$ref.replace('#/definitions/', '');
  if (p.type === 'array') return `[${upstreamShape(p.items ?? {})}]`;
  if (p.type === 'object' && p.additionalProperties) return `{${upstreamShape(p.additionalProperties)}}`;
  return p.format ? `${p.type}/${p.format}` : String(p.type);
}

/** All differences between one declared definition and upstream's, as sentences. */
function differences(ours: ObjectType, up: SwaggerDef): string[] {
  const out: string[] = [];
  const name = ours.name;
  const fields = new Map(Object.entries(fieldsOf(ours)));
  const props = up.properties ?? {};
  for (const f of fields.keys()) if (!(f in props)) out.push(`${name}: added property ${f}`);
  for (const p of Object.keys(props)) if (!fields.has(p)) out.push(`${name}: missing property ${p}`);
  const required = [...fields].filter(([, f]) => isRequired(f)).map(([n]) => n).sort();
  const upRequired = [...(up.required ?? [])].sort();
  if (required.join() !== upRequired.join()) {
    out.push(`${name}: required differs (ours [${required}], upstream [${upRequired}])`);
  }
  if ((ours.mapType ?? '') !== (up['x-kubernetes-map-type'] ?? '')) {
    out.push(`${name}: map-type ours ${ours.mapType} upstream ${up['x-kubernetes-map-type']}`);
  }
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
    };
    const theirs = {
      listType: p['x-kubernetes-list-type'],
      listMapKeys: p['x-kubernetes-list-map-keys']?.join(),
      mapType: p.type === 'object' ? p['x-kubernetes-map-type'] : undefined,
      patchStrategy: p['x-kubernetes-patch-strategy'],
      patchMergeKey: p['x-kubernetes-patch-merge-key'],
    };
    // A struct-valued field (e.g. Deployment spec.strategy, retainKeys) carries its patch
    // strategy in the field's extensions.
    if (t.kind === 'object') {
      const own = t.extensions?.['x-kubernetes-patch-strategy'];
      if (own !== p['x-kubernetes-patch-strategy']) out.push(`${at}: patchStrategy ours ${own} upstream ${p['x-kubernetes-patch-strategy']}`);
      theirs.patchStrategy = undefined;
      if (p['x-kubernetes-patch-merge-key']) out.push(`${at}: patchMergeKey on a struct upstream`);
    }
    for (const k of Object.keys(mine) as (keyof typeof mine)[]) {
      if (mine[k] !== theirs[k]) out.push(`${at}: ${k} ours ${mine[k]} upstream ${theirs[k]}`);
    }
  }
  return out;
}

test('declared definitions match upstream v1.32 OpenAPI except for listed 1.33/1.34 changes', (t) => {
  if (!existsSync(SWAGGER)) {
    t.skip(`reference OpenAPI absent (${SWAGGER})`);
    return;
  }
  const defs = (JSON.parse(readFileSync(SWAGGER, 'utf8')) as { definitions: Record<string, SwaggerDef> }).definitions;
  const declared = collect();
  const found: string[] = [];
  for (const [name, ours] of declared) {
    if (!isOwn(name)) continue;
    const up = defs[upstreamName(name)];
    if (INLINE_ONLY.has(name)) {
      assert.equal(up, undefined, `${name} is declared inline-only but upstream has a definition`);
      continue;
    }
    if (!up) {
      found.push(`${name}: not in upstream`);
      continue;
    }
    found.push(...differences(ours, up));
  }
  // Every upstream definition of these group-versions is declared (lists aside; autoscaling/v1
  // is only Scale here, HorizontalPodAutoscaler lives elsewhere).
  for (const [prefix] of maps) {
    for (const name of Object.keys(defs)) {
      if (!name.startsWith(prefix) || name.slice(prefix.length).includes('.') || name.endsWith('List')) continue;
      if (prefix === 'io.k8s.api.autoscaling.v1.' && !name.slice(prefix.length).startsWith('Scale')) continue;
      if (!declared.has(name)) found.push(`${name}: not declared`);
    }
  }
  for (const name of GA_IN_1_33) {
    if (!declared.has('io.k8s.api.networking.v1.' + name)) found.push(`io.k8s.api.networking.v1.${name}: not declared`);
  }
  const unexpected = found.filter((d) => !CHANGES_SINCE_1_32.has(d));
  const stale = [...CHANGES_SINCE_1_32].filter((d) => !found.includes(d));
  assert.deepEqual(unexpected, [], 'differences from v1.32 not on the 1.33/1.34 list');
  assert.deepEqual(stale, [], 'listed 1.33/1.34 changes not found');
});

// Upstream's OpenAPI v3 documents default every non-pointer field to its zero value when
// the JSON tag keeps it ({} for structs, "" / 0 / false for scalars without omitempty), so
// the documents check our .optional() and .keepEmpty() flags.
const V3_DIR = fileURLToPath(new URL('../../../../shared/reference/openapi-v1.32/v3/', import.meta.url));
const v3File = (name: string) => {
  const parts = upstreamName(name).split('.');
  let group = parts[3]!;
  const version = parts[4]!;
  // autoscaling/v1 Scale is published with the apps/v1 scale subresources, policy/v1
  // Eviction with core/v1 pods/eviction.
  if (group === 'autoscaling') group = 'apps';
  if (name === 'io.k8s.api.policy.v1.Eviction') return `${V3_DIR}api__v1_openapi.json`;
  const g = group === 'apps' || group === 'batch' || group === 'policy' ? group
    : group === 'flowcontrol' ? 'flowcontrol.apiserver.k8s.io'
    : group === 'rbac' ? 'rbac.authorization.k8s.io' : `${group}.k8s.io`;
  return `${V3_DIR}apis__${g}__${version}_openapi.json`;
};

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
  interface V3Doc { components: { schemas: Record<string, { properties?: Record<string, { default?: unknown }> }> } }
  const docs = new Map<string, V3Doc['components']['schemas']>();
  const found: string[] = [];
  let compared = 0;
  for (const [name, ours] of collect()) {
    if (!isOwn(name) || INLINE_ONLY.has(name)) continue;
    const file = v3File(name);
    if (!docs.has(file)) docs.set(file, (JSON.parse(readFileSync(file, 'utf8')) as V3Doc).components.schemas);
    const props = docs.get(file)![upstreamName(name)]?.properties;
    assert.ok(props, `${name} missing from ${file}`);
    for (const [field, f] of Object.entries(fieldsOf(ours))) {
      const p = props[field];
      if (!p) continue;
      compared++;
      const want = JSON.stringify(p.default);
      const got = JSON.stringify(impliedDefault(f));
      if (want !== got) found.push(`${name}.${field}: ours ${got} upstream ${want}`);
    }
  }
  assert.ok(compared > 400, `only ${compared} fields compared`);
  // 1.33/1.34: StatefulSet spec.serviceName gained omitempty when it became optional.
  assert.deepEqual(found, ['io.k8s.api.apps.v1.StatefulSetSpec.serviceName: ours undefined upstream ""']);
});
