// Schemas shaped like the built-in kinds (only the markers that matter to apply) and the
// runner of declarative scenarios: a base object, a sequence of applies and updates by
// managers, and after each step the expected object, managedFields or error.

import assert from 'node:assert/strict';
import { apply, update, type ManagedFieldsEntry } from '../../src/apply/index.js';
import { objectMetaTopology } from '../../src/apply/objectmeta.js';
import { StatusError, type StatusCause } from '../../src/apimachinery/errors.js';
import { bool, int32, list, map, object, quantity, string, type ObjectType, type Type } from '../../src/types/schema.js';

const typeMeta = { apiVersion: string(), kind: string() };

export const ConfigMap: ObjectType = object('io.k8s.api.core.v1.ConfigMap', {
  ...typeMeta,
  metadata: objectMetaTopology,
  data: map(string()),
  binaryData: map(string()),
  immutable: bool().optional(),
});

const ContainerPort = object('io.k8s.api.core.v1.ContainerPort', {
  name: string(),
  containerPort: int32().keepEmpty(),
  protocol: string().default('TCP'),
});

const EnvVar = object('io.k8s.api.core.v1.EnvVar', { name: string().keepEmpty(), value: string() });

const Container = object('io.k8s.api.core.v1.Container', {
  name: string().keepEmpty(),
  image: string(),
  args: list(string()),
  ports: list(ContainerPort, { listType: 'map', listMapKeys: ['containerPort', 'protocol'], patchStrategy: 'merge', patchMergeKey: 'containerPort' }),
  // No listType: the merge strategy makes it a map keyed by name.
  env: list(EnvVar, { patchStrategy: 'merge', patchMergeKey: 'name' }),
  resources: object('io.k8s.api.core.v1.ResourceRequirements', { limits: map(quantity()), requests: map(quantity()) }),
});

const PodSpec = object('io.k8s.api.core.v1.PodSpec', {
  containers: list(Container, { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }).keepEmpty(),
  nodeSelector: map(string(), { mapType: 'atomic' }),
  tolerations: list(object('io.k8s.api.core.v1.Toleration', { key: string(), value: string() }), { listType: 'atomic' }),
});

const LabelSelector = object('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector', { matchLabels: map(string()) }, { mapType: 'atomic' });

const Condition = object('io.k8s.api.apps.v1.DeploymentCondition', { type: string().keepEmpty(), status: string().keepEmpty(), reason: string() });

export const Deployment: ObjectType = object('io.k8s.api.apps.v1.Deployment', {
  ...typeMeta,
  metadata: objectMetaTopology,
  spec: object('io.k8s.api.apps.v1.DeploymentSpec', {
    replicas: int32().optional(),
    paused: bool(),
    selector: LabelSelector.optional(),
    template: object('io.k8s.api.core.v1.PodTemplateSpec', { metadata: objectMetaTopology, spec: PodSpec }),
    strategy: object('io.k8s.api.apps.v1.DeploymentStrategy', { type: string() }),
  }),
  status: object('io.k8s.api.apps.v1.DeploymentStatus', {
    replicas: int32(),
    conditions: list(Condition, { listType: 'map', listMapKeys: ['type'] }),
  }),
});

type Obj = Record<string, unknown>;

export interface ExpectedError {
  code: number;
  reason?: string;
  message: string;
  causes?: StatusCause[];
}

export interface Step {
  /** What happens: an apply, or a non-apply write (create when there is no live object). */
  op: 'apply' | 'update';
  manager: string;
  /** Apply: the configuration. Update: the whole new object (live managedFields are carried over unless it sets its own). */
  object: Obj;
  time: string;
  force?: boolean;
  apiVersion?: string;
  kind?: string;
  subresource?: string;
  ignoredFields?: string[][];
  /** The object after the step, without metadata.managedFields (and without the uid the runner assigns). */
  expectObject?: Obj;
  /** managedFields after the step; [] means none. */
  expectManaged?: ManagedFieldsEntry[];
  expectError?: ExpectedError;
}

export interface Scenario {
  name: string;
  schema?: Type | 'deduced';
  apiVersion: string;
  kind?: string;
  /** The stored object the scenario starts from (absent: the first step creates it). */
  base?: Obj;
  steps: Step[];
}

const UID = 'uid-1';

function withoutManagedFields(o: Obj): Obj {
  const c = structuredClone(o);
  const m = c.metadata as Obj | undefined;
  if (m) {
    delete m.managedFields;
    if (m.uid === UID) delete m.uid;
  }
  return c;
}

/** Stores an object as the registry would: a uid once created. */
function stored(o: Obj): Obj {
  const c = structuredClone(o);
  const m = (c.metadata ??= {}) as Obj;
  m.uid ??= UID;
  return c;
}

export function runScenario(s: Scenario): void {
  let live: Obj | undefined = s.base ? stored(s.base) : undefined;
  s.steps.forEach((step, i) => {
    const label = `${s.name}: step ${i + 1} (${step.op} by ${step.manager})`;
    const opts = {
      apiVersion: step.apiVersion ?? s.apiVersion,
      kind: step.kind ?? s.kind,
      schema: s.schema,
      now: step.time,
      subresource: step.subresource,
      force: step.force,
      ignoredFields: step.ignoredFields,
    };
    let next: Obj | undefined;
    let managed: ManagedFieldsEntry[] | undefined;
    try {
      if (step.op === 'apply') {
        const r = apply(live, step.object, step.manager, opts);
        next = r.object;
        managed = r.managedFields;
      } else {
        const newObj = structuredClone(step.object);
        const meta = (newObj.metadata ??= {}) as Obj;
        const liveMeta = (live?.metadata ?? {}) as Obj;
        if (!('managedFields' in meta) && liveMeta.managedFields) meta.managedFields = structuredClone(liveMeta.managedFields);
        if (liveMeta.uid) meta.uid = liveMeta.uid;
        managed = update(live, newObj, step.manager, opts);
        next = newObj;
        if (managed.length > 0) meta.managedFields = managed;
        else delete meta.managedFields;
      }
    } catch (e) {
      if (!step.expectError) throw new Error(`${label}: unexpected error: ${(e as Error).message}`);
      assert.ok(e instanceof StatusError, `${label}: not a StatusError: ${String(e)}`);
      assert.equal(e.code, step.expectError.code, label);
      assert.equal(e.status.message, step.expectError.message, label);
      if (step.expectError.reason !== undefined) assert.equal(e.reason, step.expectError.reason, label);
      if (step.expectError.causes) assert.deepEqual(e.status.details?.causes, step.expectError.causes, label);
      return;
    }
    if (step.expectError) assert.fail(`${label}: expected error ${step.expectError.message}`);
    if (step.expectObject) assert.deepEqual(withoutManagedFields(next), step.expectObject, `${label}: object`);
    if (step.expectManaged) {
      // Compared as JSON text too: key order inside fieldsV1 is part of the contract.
      assert.deepEqual(managed, step.expectManaged, `${label}: managedFields`);
      assert.equal(JSON.stringify(managed), JSON.stringify(step.expectManaged), `${label}: managedFields key order`);
      const onObject = ((next.metadata as Obj | undefined)?.managedFields ?? []) as ManagedFieldsEntry[];
      assert.deepEqual(onObject, step.expectManaged, `${label}: metadata.managedFields`);
    }
    live = stored(next);
  });
}

/** A managedFields entry as upstream writes it. */
export function entry(manager: string, operation: 'Apply' | 'Update', apiVersion: string, time: string | undefined, fieldsV1: unknown, subresource?: string): ManagedFieldsEntry {
  const e: ManagedFieldsEntry = { manager, operation, apiVersion };
  if (time) e.time = time;
  e.fieldsType = 'FieldsV1';
  e.fieldsV1 = fieldsV1 as ManagedFieldsEntry['fieldsV1'];
  if (subresource) e.subresource = subresource;
  return e;
}
