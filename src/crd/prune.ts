// Structural pruning of custom resources (apiextensions-apiserver schema/pruning): fields
// the schema does not specify are dropped, except under x-kubernetes-preserve-unknown-fields
// and the apiVersion/kind/metadata of the root and of embedded resources. ObjectMeta (at the
// root and in embedded resources) is coerced to its declared fields. Every dropped field is
// reported with its path, which fieldValidation turns into warnings or a strict error.

import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';
import { ObjectMeta } from '../types/schemas/meta.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps } from './types.js';

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

class Pruner {
  readonly unknown: string[] = [];

  private record(path: string): void {
    this.unknown.push(path);
  }

  /** `s` undefined: no schema applies (everything below a map is dropped). */
  prune(x: unknown, s: JSONSchemaProps | undefined, path: string, isResourceRoot: boolean): void {
    if (s && s['x-kubernetes-preserve-unknown-fields'] === true) {
      this.skip(x, s, path);
      return;
    }
    if (Array.isArray(x)) {
      const items = s ? itemsOf(s) : undefined;
      x.forEach((v, i) => this.prune(v, items, `${path}[${i}]`, false));
      return;
    }
    if (!isObj(x)) return;
    if (!s) {
      for (const k of Object.keys(x)) {
        this.record(join(path, k));
        delete x[k];
      }
      return;
    }
    const embedded = s['x-kubernetes-embedded-resource'] === true;
    for (const k of Object.keys(x)) {
      if ((isResourceRoot || embedded) && META_FIELDS.has(k)) {
        if (k === 'metadata' && !isResourceRoot) this.coerceMeta(x, join(path, k));
        continue;
      }
      const prop = s.properties?.[k];
      if (prop) this.prune(x[k], prop, join(path, k), false);
      else if (s.additionalProperties !== undefined && s.additionalProperties !== false) this.prune(x[k], additionalPropertiesOf(s), join(path, k), false);
      else {
        this.record(join(path, k));
        delete x[k];
      }
    }
  }

  private skip(x: unknown, s: JSONSchemaProps, path: string): void {
    if (Array.isArray(x)) {
      const items = itemsOf(s);
      if (items) x.forEach((v, i) => this.skip(v, items, `${path}[${i}]`));
      return;
    }
    if (!isObj(x)) return;
    const embedded = s['x-kubernetes-embedded-resource'] === true;
    for (const k of Object.keys(x)) {
      if (embedded && META_FIELDS.has(k)) {
        if (k === 'metadata') this.coerceMeta(x, join(path, k));
        continue;
      }
      const prop = s.properties?.[k];
      if (prop) this.prune(x[k], prop, join(path, k), false);
      else {
        const ap = additionalPropertiesOf(s);
        if (ap) this.prune(x[k], ap, join(path, k), false);
      }
    }
  }

  /** Embedded ObjectMeta: unknown fields are dropped like the root's. */
  coerceMeta(parent: Record<string, unknown>, path: string): void {
    const meta = parent.metadata;
    if (isObj(meta)) pruneTyped(meta, ObjectMeta, path, this.unknown);
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Unknown fields of a value of a vocabulary type (ObjectMeta), dropped and recorded. */
function pruneTyped(v: unknown, t: Type, path: string, out: string[]): void {
  if (t.kind === 'object') {
    if (!isObj(v)) return;
    if ((t as ObjectType).extensions?.['x-kubernetes-preserve-unknown-fields'] === true) return;
    const fields = fieldsOf(t);
    for (const k of Object.keys(v)) {
      const ft = fields[k];
      if (!ft) {
        out.push(join(path, k));
        delete v[k];
      } else pruneTyped(v[k], ft, join(path, k), out);
    }
  } else if (t.kind === 'list') {
    if (Array.isArray(v)) v.forEach((x, i) => pruneTyped(x, t.items, `${path}[${i}]`, out));
  } else if (t.kind === 'map') {
    if (!isObj(v)) return;
    for (const [k, x] of Object.entries(v)) {
      // schemaobjectmeta.Coerce round-trips ObjectMeta through the unstructured converter,
      // which decodes a null into a string map value as "" (labels {"x": null} -> {"x": ""}).
      if (x === null && t.values.kind === 'string') v[k] = '';
      else pruneTyped(x, t.values, join(path, k), out);
    }
  }
}

/**
 * Prune a custom resource in place; returns the paths of the dropped fields (sorted),
 * root metadata included.
 */
export function pruneCustomResource(obj: Record<string, unknown>, schema: JSONSchemaProps | undefined, preserveUnknownFields = false): string[] {
  const p = new Pruner();
  if (!preserveUnknownFields) p.prune(obj, schema ?? {}, '', true);
  if (isObj(obj.metadata)) pruneTyped(obj.metadata, ObjectMeta, 'metadata', p.unknown);
  return p.unknown.sort();
}

function schemaForField(s: JSONSchemaProps | undefined, k: string): JSONSchemaProps | undefined {
  if (!s) return undefined;
  return s.properties?.[k] ?? additionalPropertiesOf(s);
}

/** structuraldefaulting.PruneNonNullableNullsWithoutDefaults. */
export function pruneNonNullableNulls(x: unknown, s: JSONSchemaProps | undefined): void {
  // Iterative: x-kubernetes-preserve-unknown-fields values may nest up to 10000 levels.
  const stack: [unknown, JSONSchemaProps | undefined][] = [[x, s]];
  while (stack.length) {
    const [v, sv] = stack.pop()!;
    if (Array.isArray(v)) {
      const items = sv ? itemsOf(sv) : undefined;
      for (const e of v) if (e !== null && typeof e === 'object') stack.push([e, items]);
      continue;
    }
    if (!isObj(v)) continue;
    for (const k of Object.keys(v)) {
      const sub = schemaForField(sv, k);
      if (v[k] === null && sub && !sub.nullable && sub.default === undefined) delete v[k];
      else if (v[k] !== null && typeof v[k] === 'object') stack.push([v[k], sub]);
    }
  }
}

function isNonNullableNullWithDefault(v: unknown, s: JSONSchemaProps | undefined): boolean {
  return v === null && !!s && !s.nullable && s.default !== undefined;
}

/** structuraldefaulting.Default: fill in schema defaults, top-down. */
export function applySchemaDefaults(x: unknown, s: JSONSchemaProps | undefined): void {
  if (!s) return;
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    if (!items) return;
    for (let i = 0; i < x.length; i++) {
      if (isNonNullableNullWithDefault(x[i], items)) x[i] = structuredClone(items.default);
      applySchemaDefaults(x[i], items);
    }
    return;
  }
  if (!isObj(x)) return;
  for (const [k, prop] of Object.entries(s.properties ?? {})) {
    if (prop.default === undefined) continue;
    if (!Object.hasOwn(x, k) || isNonNullableNullWithDefault(x[k], prop)) x[k] = structuredClone(prop.default);
  }
  const ap = additionalPropertiesOf(s);
  for (const k of Object.keys(x)) {
    const prop = s.properties?.[k];
    if (prop) applySchemaDefaults(x[k], prop);
    else if (ap) {
      if (isNonNullableNullWithDefault(x[k], ap)) x[k] = structuredClone(ap.default);
      applySchemaDefaults(x[k], ap);
    }
  }
}

/** Whether any default is declared anywhere in the schema. */
export function hasDefaults(s: JSONSchemaProps | undefined): boolean {
  if (!isObj(s)) return false;
  if (s.default !== undefined) return true;
  if (Object.values(s.properties ?? {}).some(hasDefaults)) return true;
  const items = itemsOf(s);
  if (items && hasDefaults(items)) return true;
  const ap = additionalPropertiesOf(s);
  return !!ap && hasDefaults(ap);
}
