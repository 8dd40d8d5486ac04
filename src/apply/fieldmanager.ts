// The field manager of kube-apiserver (k8s.io/apimachinery/pkg/util/managedfields/internal):
// apply and update of metadata.managedFields, as the chain upstream builds it:
//   version check > last-applied updater > last-applied manager > skip-non-applied >
//   cap managers > build manager info > managed-fields updater > strip meta > structured merge.
// Pure data: the caller supplies the live object, the request object and the schema.

import { badRequest, StatusError } from '../apimachinery/errors.js';
import { byteLength } from '../apimachinery/goformat.js';
import type { Type } from '../types/schema.js';
import { applyConflictError } from './conflict.js';
import { FieldSet } from './fieldset.js';
import {
  capUpdateManagers,
  copyManaged,
  decodeManagedFields,
  decodeOrEmpty,
  DEFAULT_MAX_UPDATE_MANAGERS,
  emptyManaged,
  encodeManagedFields,
  formatTime,
  managerIdentifier,
  type Managed,
  type ManagedFieldsEntry,
} from './managed.js';
import { fieldPE, type Path } from './path.js';
import type { Topology } from './topology.js';
import { normalize, stripNulls } from './roundtrip.js';
import { compare, excludeFields, toFieldSet, TypedValueError, validationErrorsString } from './typed.js';
import { validate } from './validate.js';
import { ConflictsError, updaterApply, updaterUpdate, type Conflict, type UpdaterOptions } from './updater.js';
import { canonicalJSON, clone, isObject, type Json, type JsonObject } from './value.js';

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
export const BEFORE_FIRST_APPLY_MANAGER = 'before-first-apply';
const CURRENT_OPERATION = 'current-operation';
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

export interface FieldManagerOptions {
  /** The request's group/version ("v1", "apps/v1"): recorded in entries. */
  apiVersion: string;
  /** The kind the endpoint takes; with it, an apply body of another kind or version gets 400. */
  kind?: string;
  /** The kind's schema; absent: unstructured (custom resources without markers). */
  schema?: Type | 'unstructured' | 'deduced';
  /** The subresource written through ("status", "scale"); recorded in entries. */
  subresource?: string;
  /** Time recorded in entries that change (default: now). */
  now?: Date | string | number;
  /** Fields this endpoint resets, which nobody owns through it (e.g. ["status"] for the main resource). */
  ignoredFields?: FieldSet | readonly (readonly string[])[];
  /** Versions the kind serves: entries at other versions are dropped. Default: keep all. */
  knownVersions?: readonly string[];
  /** Update entries kept before the oldest merge into "ancient-changes" (default 10). */
  maxUpdateManagers?: number;
}

export interface ApplyOptions extends FieldManagerOptions {
  force?: boolean;
  /** The apply body as the client sent it (upstream's patch object), which errors name; default: the config. */
  sentConfig?: unknown;
}

export interface ApplyResult {
  /** The merged object, metadata.managedFields set (absent when no entries remain). */
  object: JsonObject;
  managedFields: ManagedFieldsEntry[];
}

type Obj = Record<string, unknown>;

const STRIPPED: FieldSet = FieldSet.of(
  [fieldPE('apiVersion')],
  [fieldPE('kind')],
  [fieldPE('metadata')],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(
    (f): Path => [fieldPE('metadata'), fieldPE(f)],
  ),
);

interface Context {
  /** How errors name the applied configuration: objectGVKNN of the body as sent. */
  configLabel?: string;
  version: string;
  subresource: string;
  now: string;
  updater: UpdaterOptions;
  maxUpdateManagers: number;
}

/** Field sets of the path lists callers pass again and again (the same array each time). */
const ignoredSets = new WeakMap<object, FieldSet>();

function contextOf(opts: FieldManagerOptions): Context {
  let ignored: FieldSet | undefined;
  if (opts.ignoredFields instanceof FieldSet) ignored = opts.ignoredFields;
  else if (opts.ignoredFields) {
    ignored = ignoredSets.get(opts.ignoredFields);
    if (!ignored) ignoredSets.set(opts.ignoredFields, (ignored = FieldSet.of(...opts.ignoredFields.map((p) => p.map(fieldPE)))));
  }
  return {
    version: opts.apiVersion,
    subresource: opts.subresource ?? '',
    now: formatTime(opts.now ?? new Date()),
    updater: { topology: topologyOf(opts.schema), ignored, knownVersions: opts.knownVersions },
    maxUpdateManagers: opts.maxUpdateManagers ?? DEFAULT_MAX_UPDATE_MANAGERS,
  };
}

function topologyOf(schema: FieldManagerOptions['schema']): Topology {
  if (schema === undefined || schema === 'unstructured') return 'unstructured-object';
  if (schema === 'deduced') return 'deduced-object';
  return schema;
}

function metadataOf(obj: unknown): Obj | undefined {
  if (!isObject(obj)) return undefined;
  const m = obj.metadata;
  return isObject(m) ? m : undefined;
}

/**
 * withoutManagedFields for a reader that never writes into it (the update chain): the
 * object itself when it has no managedFields, as a create's body mostly has not.
 */
function viewWithoutManagedFields(obj: unknown): JsonObject {
  if (!isObject(obj)) return {};
  const m = obj.metadata;
  if (!isObject(m) || !Object.prototype.hasOwnProperty.call(m, 'managedFields')) return obj;
  return withoutManagedFields(obj);
}

/** The object without metadata.managedFields (what the merge and comparisons see). */
function withoutManagedFields(obj: unknown): JsonObject {
  const c = clone((isObject(obj) ? obj : {}) as Json) as JsonObject;
  const m = c.metadata;
  if (isObject(m)) delete m.managedFields;
  return c;
}

function stripMeta(managed: Managed, id: string): void {
  const vs = managed.fields.get(id);
  if (!vs) return;
  const set = vs.set.difference(STRIPPED);
  if (set.empty()) managed.fields.delete(id);
  else managed.fields.set(id, { ...vs, set });
}

/** schema.GroupVersionKind.String() of an object's apiVersion and kind. */
export function gvkString(obj: unknown): string {
  const o = isObject(obj) ? obj : {};
  const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : '';
  const kind = typeof o.kind === 'string' ? o.kind : '';
  const parts = apiVersion.split('/');
  if (apiVersion === '') return `/, Kind=${kind}`;
  if (parts.length === 1) return `/${apiVersion}, Kind=${kind}`;
  if (parts.length === 2) return `${parts[0]}/${parts[1]}, Kind=${kind}`;
  return '/, Kind=';
}

/** objectGVKNN: "namespace/name; group/version, Kind=Kind". */
export function objectGVKNN(obj: unknown): string {
  const m = metadataOf(obj) ?? {};
  const ns = typeof m.namespace === 'string' ? m.namespace : '';
  const name = typeof m.name === 'string' ? m.name : '';
  return `${ns}/${name}; ${gvkString(obj)}`;
}

/** A plain Go error surfaced by the handler: 500 with no reason. */
function internalPlain(message: string): StatusError {
  return new StatusError(500, '', message);
}

// ---------------------------------------------------------------------------------------
// Update

/** isResetManagedFields, as the spec has it: a list holding exactly one empty entry (an empty list does not reset). */
export function isResetManagedFields(managedFields: unknown): boolean {
  if (!Array.isArray(managedFields) || managedFields.length !== 1) return false;
  const e: unknown = managedFields[0];
  if (!isObject(e)) return e === null;
  const keys = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];
  return keys.every((k) => e[k] === undefined || e[k] === null || e[k] === '');
}

/** cap managers > build manager info > managed-fields updater > strip meta > structured merge, for an update. */
/** The identifier of a non-apply writer's managedFields entry. */
function updaterIdentifier(manager: string, ctx: Context): string {
  return managerIdentifier({ manager: manager || 'unknown', operation: 'Update', apiVersion: ctx.version, subresource: ctx.subresource });
}

function updateChain(live: JsonObject, newObj: JsonObject, managed: Managed, manager: string, ctx: Context): Managed {
  const id = updaterIdentifier(manager, ctx);
  const out = updaterUpdate(live, newObj, ctx.version, copyManaged(managed), CURRENT_OPERATION, ctx.updater);
  stripMeta(out, CURRENT_OPERATION);
  const current = out.fields.get(CURRENT_OPERATION);
  if (current) {
    out.fields.delete(CURRENT_OPERATION);
    const previous = out.fields.get(id);
    out.fields.set(id, previous ? { set: current.set.union(previous.set), apiVersion: current.apiVersion, applied: current.applied } : current);
    out.times.set(id, ctx.now);
  }
  return capUpdateManagers(out, ctx.maxUpdateManagers);
}

/**
 * What updateChain comes to for a create with no managedFields to start from: the writer
 * owns every field it sent, minus the ignored and stripped ones, in one entry (or none).
 * The same steps without the bookkeeping of other managers, of which there are none.
 */
function createdEntries(newObj: JsonObject, manager: string, ctx: Context): ManagedFieldsEntry[] {
  const { topology, ignored } = ctx.updater;
  const cmp = excludeFields(compare(normalize({}, topology), normalize(newObj, topology), topology), ignored);
  let set = cmp.modified.union(cmp.added).difference(cmp.removed);
  if (ignored) set = set.recursiveDifference(ignored);
  set = set.difference(STRIPPED);
  if (set.empty()) return [];
  const id = updaterIdentifier(manager, ctx);
  return encodeManagedFields({ fields: new Map([[id, { set, apiVersion: ctx.version, applied: false }]]), times: new Map([[id, ctx.now]]) });
}

/**
 * The managedFields a non-apply write (create, update, patch) stores. `live` is absent on
 * create. The request's own managedFields are honoured when they decode (a list with one
 * empty entry resets them; on subresources they are ignored); otherwise the live ones are
 * kept. An existing object without managedFields stays untracked, as upstream skips it.
 * Never fails: on an internal error the result is empty, as UpdateNoErrors clears them.
 */
export function update(live: unknown, newObj: unknown, manager: string, opts: FieldManagerOptions): ManagedFieldsEntry[] {
  try {
    const ctx = contextOf(opts);
    const liveMF = metadataOf(live)?.managedFields;
    const newMF = metadataOf(newObj)?.managedFields;
    let managed: Managed;
    if (ctx.subresource) managed = decodeOrEmpty(liveMF);
    else if (isResetManagedFields(newMF)) managed = emptyManaged();
    else {
      try {
        managed = decodeManagedFields(Array.isArray(newMF) ? (newMF as ManagedFieldsEntry[]) : []);
        if (managed.fields.size === 0) managed = decodeOrEmpty(liveMF);
      } catch {
        managed = decodeOrEmpty(liveMF);
      }
    }
    const liveUID = metadataOf(live)?.uid;
    if (managed.fields.size === 0 && typeof liveUID === 'string' && liveUID !== '') return [];
    if (managed.fields.size === 0 && live === undefined) return createdEntries(viewWithoutManagedFields(newObj), manager, ctx);
    const result = updateChain(viewWithoutManagedFields(live ?? {}), viewWithoutManagedFields(newObj), managed, manager, ctx);
    return encodeManagedFields(result);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------
// Apply

/** What the structured merge checks about the applied configuration before merging. */
function checkConfig(live: JsonObject, config: JsonObject, ctx: Context): void {
  if (Array.isArray(metadataOf(config)?.managedFields)) throw badRequest('metadata.managedFields must be nil');
  const patchErrs = validate(config, ctx.updater.topology);
  if (patchErrs.length > 0) throw internalPlain(`failed to create typed patch object (${ctx.configLabel ?? objectGVKNN(config)}): ${validationErrorsString(patchErrs)}`);
  const liveErrs = validate(live, ctx.updater.topology, true);
  if (liveErrs.length > 0) throw internalPlain(`failed to create typed live object (${objectGVKNN(live)}): ${validationErrorsString(liveErrs)}`);
}

/** skip-non-applied > cap > build manager info > managed-fields updater > strip meta > structured merge, for an apply. */
function applyChain(live: JsonObject, config: JsonObject, managed: Managed, manager: string, force: boolean, ctx: Context): { object: JsonObject; managed: Managed } {
  let m = copyManaged(managed);
  if (m.fields.size === 0) m = updateChain({}, live, m, BEFORE_FIRST_APPLY_MANAGER, ctx);
  const id = managerIdentifier({ manager: manager || 'unknown', operation: 'Apply', subresource: ctx.subresource });
  checkConfig(live, config, ctx);
  let result;
  try {
    result = updaterApply(live, config, ctx.version, m, id, force, ctx.updater);
  } catch (e) {
    if (e instanceof TypedValueError) throw internalPlain(`failed to merge config: ${e.message}`);
    throw e;
  }
  stripMeta(result.managed, id);
  let object: JsonObject;
  if (result.object !== undefined) {
    result.managed.times.set(id, ctx.now);
    object = (isObject(result.object) ? result.object : {}) as JsonObject;
  } else {
    object = clone(live);
  }
  return { object, managed: result.managed };
}

/** The fields the last-applied annotation of client-side apply lets kubectl take over without conflict. */
function allowedFromLastApplied(live: JsonObject, ctx: Context): FieldSet | undefined {
  const annotations = metadataOf(live)?.annotations;
  const lastApplied = isObject(annotations) ? annotations[LAST_APPLIED_ANNOTATION] : undefined;
  if (typeof lastApplied !== 'string' || lastApplied === '') return undefined;
  let obj: unknown;
  try {
    obj = JSON.parse(lastApplied);
  } catch {
    return undefined;
  }
  if (!isObject(obj) || obj.apiVersion !== ctx.version) return undefined;
  const topo = ctx.updater.topology;
  if (validate(obj, topo).length > 0) return undefined;
  try {
    const set = toFieldSet(obj, topo);
    const cmp = compare(obj, normalize(live, topo), topo);
    return set.difference(cmp.modified).difference(cmp.added).difference(cmp.removed);
  } catch {
    return undefined;
  }
}

/** buildLastApplied: the applied configuration without the annotation, as json.Encoder writes it. */
function buildLastApplied(config: JsonObject): string {
  const c = clone(config);
  const m = c.metadata;
  if (isObject(m) && isObject(m.annotations)) delete m.annotations[LAST_APPLIED_ANNOTATION];
  return canonicalJSON(c) + '\n';
}

function setLastApplied(object: JsonObject, value: string): void {
  const meta = (isObject(object.metadata) ? object.metadata : (object.metadata = {})) as JsonObject;
  const annotations = (isObject(meta.annotations) ? meta.annotations : (meta.annotations = {})) as JsonObject;
  annotations[LAST_APPLIED_ANNOTATION] = value;
  let size = 0;
  for (const [k, v] of Object.entries(annotations)) size += byteLength(k) + byteLength(typeof v === 'string' ? v : '');
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) delete annotations[LAST_APPLIED_ANNOTATION];
}

/**
 * Server-side apply of `config` by `manager` onto `live` (absent: the object is created).
 * Throws a StatusError: 409 Conflict listing the fields other managers own (unless force),
 * 400 for a body of the wrong kind or one carrying managedFields, 500 (no reason) for a
 * body that does not fit the schema or live managedFields that do not decode.
 * The returned object still needs the kind's defaulting, as upstream defaults after the merge.
 */
export function apply(live: unknown, config: unknown, manager: string, opts: ApplyOptions): ApplyResult {
  const ctx = contextOf(opts);
  if (opts.sentConfig !== undefined) ctx.configLabel = objectGVKNN(opts.sentConfig);
  const liveObj = withoutManagedFields(live ?? {});
  let managed: Managed;
  try {
    const entries = metadataOf(live)?.managedFields;
    managed = decodeManagedFields(Array.isArray(entries) ? (entries as ManagedFieldsEntry[]) : []);
  } catch (e) {
    throw internalPlain(`failed to decode managed fields: ${(e as Error).message}`);
  }
  // The handler decodes apply bodies into objects; anything else never reaches upstream's field manager.
  if (!isObject(config)) throw badRequest('the apply body must be an object');
  if (opts.kind !== undefined) {
    const want = gvkString({ apiVersion: opts.apiVersion, kind: opts.kind });
    const got = gvkString(config);
    if (got !== want) throw badRequest(`invalid object type: ${got}`);
  }
  const cfg = clone(config as Json) as JsonObject;
  const force = opts.force ?? false;
  let out: { object: JsonObject; managed: Managed };
  try {
    out = applyChain(liveObj, cfg, managed, manager, force, ctx);
  } catch (e) {
    if (!(e instanceof ConflictsError)) throw e;
    let conflicts: Conflict[] = e.conflicts;
    if (manager === 'kubectl') {
      const allowed = allowedFromLastApplied(liveObj, ctx);
      if (allowed) conflicts = conflicts.filter((c) => !allowed.has(c.path));
      if (conflicts.length === 0) {
        out = applyChain(liveObj, cfg, managed, manager, true, ctx);
        return finishApply(out, cfg, manager, ctx);
      }
    }
    throw applyConflictError(conflicts);
  }
  return finishApply(out, cfg, manager, ctx);
}

function finishApply(out: { object: JsonObject; managed: Managed }, config: JsonObject, manager: string, ctx: Context): ApplyResult {
  const object = (stripNulls(out.object, ctx.updater.topology) ?? {}) as JsonObject;
  if (manager === 'kubectl') {
    const annotations = metadataOf(object)?.annotations;
    const current = isObject(annotations) ? annotations[LAST_APPLIED_ANNOTATION] : undefined;
    if (typeof current === 'string' && current !== '') setLastApplied(object, buildLastApplied(config));
  }
  const managedFields = encodeManagedFields(out.managed);
  setManagedFields(object, managedFields);
  return { object, managedFields };
}

/** Writes entries into metadata.managedFields (removing the key when there are none). */
export function setManagedFields(object: Record<string, unknown>, entries: readonly ManagedFieldsEntry[]): void {
  if (entries.length === 0) {
    const m = object.metadata;
    if (isObject(m)) delete m.managedFields;
    return;
  }
  if (!isObject(object.metadata)) object.metadata = {};
  (object.metadata as Obj).managedFields = entries.map((e) => ({ ...e }));
}
