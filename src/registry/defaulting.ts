// Defaulting as kube-apiserver v1.34 applies it when it decodes an object: the
// generated defaulters walk the object top-down and, at every struct, run the struct's
// SetDefaults_<Type> function and then its declarative (+default=) field defaults.
// Here the walk follows the kind's schema: the struct functions are looked up by
// OpenAPI definition name (./defaults/*.ts), the declarative defaults are the schema's
// `.default(v)`s. A default is written only where the field is unset in Go's sense:
// absent or null for pointer fields, also the zero value for plain value fields; a
// zero-valued default on a plain value field changes nothing and is not written.

import { builtinSchema } from '../types/builtin-schemas.js';
import { defaultOf, fieldsOf, hasDefault, isOptional, type ObjectType, type Type } from '../types/schema.js';
import { appsBatchDefaulters } from './defaults/apps-batch.js';
import { coreDefaulters } from './defaults/core.js';
import { groupDefaulters } from './defaults/groups.js';
import { deepCopy, isObject, isZero, type JsonObject, type TypeDefaulter } from './defaults/util.js';

export type { TypeDefaulter } from './defaults/util.js';

const typeDefaulters = new Map<string, TypeDefaulter>([
  ...Object.entries(coreDefaulters),
  ...Object.entries(appsBatchDefaulters),
  ...Object.entries(groupDefaulters),
]);

/**
 * Registers the SetDefaults function of a struct, by OpenAPI definition name (e.g.
 * `io.k8s.api.storage.v1.VolumeAttachmentSpec`). It runs wherever the struct occurs.
 */
export function registerTypeDefaulter(definitionName: string, fn: TypeDefaulter): void {
  typeDefaulters.set(definitionName, fn);
  plans = new WeakMap();
  mayDefaultCache = new WeakMap();
}

/** The struct defaulter registered for a definition name, if any. */
export function typeDefaulterFor(definitionName: string): TypeDefaulter | undefined {
  return typeDefaulters.get(definitionName);
}

function isZeroDefault(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

/** What defaulting does at one struct, computed once per definition name. */
interface Plan {
  /** The struct's own SetDefaults function, then those of the structs it embeds inline. */
  defaulters: TypeDefaulter[];
  /** Declarative defaults worth writing (a zero default on a value field is a no-op). */
  declared: Array<{ name: string; value: unknown; pointer: boolean }>;
  /** Fields whose subtree may receive defaults; `struct` marks non-pointer structs. */
  children: Array<{ name: string; type: Type; struct: boolean }>;
}

// Cached per type object (not per name: two schemas may share a definition name).
let plans = new WeakMap<ObjectType, Plan>();
let mayDefaultCache = new WeakMap<ObjectType, boolean>();

function structDefaulters(type: ObjectType, out: TypeDefaulter[]): TypeDefaulter[] {
  const own = typeDefaulters.get(type.name);
  if (own) out.push(own);
  for (const embedded of type.protoEmbedded ?? []) structDefaulters(embedded.type, out);
  return out;
}

/** Whether anything below a type can be defaulted (recursive types count as yes while open). */
function mayDefault(type: Type, open = new Set<string>()): boolean {
  if (type.kind === 'list') return mayDefault(type.items, open);
  if (type.kind === 'map') return mayDefault(type.values, open);
  if (type.kind !== 'object') return false;
  const cached = mayDefaultCache.get(type);
  if (cached !== undefined) return cached;
  if (open.has(type.name)) return true;
  open.add(type.name);
  let result = structDefaulters(type, []).length > 0;
  if (!result) {
    for (const ft of Object.values(fieldsOf(type))) {
      if ((hasDefault(ft) && !(isZeroDefault(defaultOf(ft)) && !isOptional(ft))) || mayDefault(ft, open)) {
        result = true;
        break;
      }
    }
  }
  open.delete(type.name);
  // A false answer is exact; a true one may lean on an open cycle, which only costs a walk.
  mayDefaultCache.set(type, result);
  return result;
}

function planFor(type: ObjectType): Plan {
  let plan = plans.get(type);
  if (plan) return plan;
  plan = { defaulters: structDefaulters(type, []), declared: [], children: [] };
  for (const [name, ft] of Object.entries(fieldsOf(type))) {
    if (hasDefault(ft)) {
      const value = defaultOf(ft);
      const pointer = isOptional(ft);
      if (pointer || !isZeroDefault(value)) plan.declared.push({ name, value, pointer });
    }
    if (mayDefault(ft)) plan.children.push({ name, type: ft, struct: ft.kind === 'object' && !isOptional(ft) });
  }
  plans.set(type, plan);
  return plan;
}

function walk(value: unknown, type: Type): void {
  switch (type.kind) {
    case 'object': {
      if (!isObject(value)) return;
      const plan = planFor(type);
      for (const fn of plan.defaulters) fn(value);
      for (const d of plan.declared) {
        const cur = value[d.name];
        if (cur === undefined || cur === null || (!d.pointer && isZero(cur))) value[d.name] = deepCopy(d.value);
      }
      for (const c of plan.children) {
        const v = value[c.name];
        if (v !== undefined && v !== null) {
          walk(v, c.type);
        } else if (c.struct) {
          // A Go struct field always exists: defaults inside it materialise it.
          const zero: JsonObject = {};
          walk(zero, c.type);
          if (Object.keys(zero).length) value[c.name] = zero;
        }
      }
      return;
    }
    case 'list':
      if (Array.isArray(value)) for (const item of value) walk(item, type.items);
      return;
    case 'map':
      if (isObject(value)) for (const v of Object.values(value)) walk(v, type.values);
      return;
    default:
      return;
  }
}

/** Applies every default the schema declares or its structs' defaulters set, in place. */
export function applySchemaDefaults(obj: Record<string, unknown>, type: ObjectType): void {
  walk(obj, type);
}

const DEFINITION_PREFIX: Record<string, string> = {
  'apiextensions.k8s.io': 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions',
  'apiregistration.k8s.io': 'io.k8s.kube-aggregator.pkg.apis.apiregistration',
};

/** The OpenAPI definition name of a built-in kind, e.g. io.k8s.api.apps.v1.Deployment. */
export function definitionName(group: string, version: string, kind: string): string {
  const prefix = DEFINITION_PREFIX[group] ?? `io.k8s.api.${group ? group.split('.')[0] : 'core'}`;
  return `${prefix}.${version}.${kind}`;
}

function schemaFor(group: string, version: string, kind: string): ObjectType | undefined {
  const t = builtinSchema(group, kind);
  return t && t.name === definitionName(group, version, kind) ? t : undefined;
}

/**
 * Defaults an object of the given kind in place, as upstream's scheme defaulter does on
 * decode (create, update, every patch, and reads of stored objects). `type` defaults to
 * the built-in schema of that group/version/kind; without any schema only the kind's own
 * defaulter runs.
 */
export function applyDefaults(group: string, version: string, kind: string, obj: object, type?: ObjectType): void {
  const t = type ?? schemaFor(group, version, kind);
  if (t) {
    walk(obj, t);
    return;
  }
  typeDefaulters.get(definitionName(group, version, kind))?.(obj as JsonObject);
}
