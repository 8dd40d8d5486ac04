// OpenAPI v3 schema (with Kubernetes extensions) -> CEL declared types, and JSON -> CEL values.
import {escapePropertyName} from './escaping.js';
import {MAX_REQUEST_SIZE_BYTES, MAX_DATETIME_SIZE_JSON, MAX_DURATION_SIZE_JSON, JSON_DATE_SIZE,
  MIN_DATETIME_SIZE_JSON, MIN_DURATION_SIZE_JSON} from './limits.js';
import type {DeclType, FieldDecl, ListDecl, MapDecl, ObjectDecl, ScalarDecl} from './types.js';
import {Types} from './types.js';
import {parseDate, parseGoDuration, parseTimestamp} from './timestamp.js';
import {withListSemantics} from './values.js';

export {parseGoDuration};

/** The subset of a structural schema that CEL typing reads. */
export interface OpenAPISchema {
  type?: string;
  format?: string;
  properties?: Record<string, OpenAPISchema>;
  additionalProperties?: OpenAPISchema | boolean;
  items?: OpenAPISchema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  nullable?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
}

const zeroIfNegative = (v: number): number => (v < 0 ? 0 : v);
const maxStringLengthPerRequest = (s: OpenAPISchema): number => {
  if (s['x-kubernetes-int-or-string']) return MAX_REQUEST_SIZE_BYTES - 2;
  switch (s.format) {
    case 'duration': return MAX_DURATION_SIZE_JSON;
    case 'date': return JSON_DATE_SIZE;
    case 'date-time': return MAX_DATETIME_SIZE_JSON;
    default: return MAX_REQUEST_SIZE_BYTES - 2;
  }
};
const maxArrayItemsFromMinSize = (minSize: number): number => Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (minSize + 1));
const maxPropertiesFromMinSize = (minSize: number): number => Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (minSize + 6));

function withTypeAndObjectMeta(s: OpenAPISchema): OpenAPISchema {
  const p = s.properties ?? {};
  const meta = p.metadata;
  if (p.kind?.type === 'string' && p.apiVersion?.type === 'string' && meta?.type === 'object' &&
      meta.properties?.name?.type === 'string' && meta.properties?.generateName?.type === 'string') {
    return s;
  }
  return {
    ...s,
    properties: {
      ...p,
      kind: {type: 'string'},
      apiVersion: {type: 'string'},
      metadata: {type: 'object', properties: {name: {type: 'string'}, generateName: {type: 'string'}}},
    },
  };
}

export interface SchemaToTypeOptions {
  /** The CEL type name of the root object (default "Object"). */
  name?: string;
  /** The root of a custom resource: apiVersion, kind, metadata.name/generateName are always accessible. */
  isResourceRoot?: boolean;
}

/** Convert a structural schema to a CEL declared type; undefined when the schema is not visible to CEL. */
export function schemaToDeclType(schema: OpenAPISchema | undefined, opts: SchemaToTypeOptions = {}): DeclType | undefined {
  return convert(schema, opts.name ?? 'Object', opts.isResourceRoot ?? false);
}

function convert(s: OpenAPISchema | undefined, name: string, isResourceRoot: boolean): DeclType | undefined {
  if (!s) return undefined;
  if (s['x-kubernetes-int-or-string']) {
    const dyn: ScalarDecl = {
      kind: 'scalar', name: 'dyn', minSerializedSize: 1,
      maxElements: s.maxLength !== undefined ? zeroIfNegative(s.maxLength) * 4 : maxStringLengthPerRequest(s),
    };
    return dyn;
  }
  if (isResourceRoot) s = withTypeAndObjectMeta(s);
  switch (s.type) {
    case 'array': {
      if (!s.items) return undefined;
      const items = convert(s.items, `${name}.items`, s.items['x-kubernetes-embedded-resource'] ?? false);
      if (!items) return undefined;
      const list: ListDecl = {
        kind: 'list', elem: items, minSerializedSize: 2,
        maxElements: s.maxItems !== undefined ? zeroIfNegative(s.maxItems) : maxArrayItemsFromMinSize(items.minSerializedSize),
      };
      if (s['x-kubernetes-list-type']) list.listType = s['x-kubernetes-list-type'];
      if (s['x-kubernetes-list-map-keys']) list.mapKeys = s['x-kubernetes-list-map-keys'];
      return list;
    }
    case 'object': {
      const ap = s.additionalProperties;
      if (ap && typeof ap === 'object') {
        const value = convert(ap, `${name}.values`, ap['x-kubernetes-embedded-resource'] ?? false);
        if (!value) return undefined;
        const map: MapDecl = {
          kind: 'map', key: Types.string, value, minSerializedSize: 2,
          maxElements: s.maxProperties !== undefined ? zeroIfNegative(s.maxProperties) : maxPropertiesFromMinSize(value.minSerializedSize),
        };
        return map;
      }
      const fields = new Map<string, FieldDecl>();
      const required = new Set(s.required ?? []);
      let minSerializedSize = 2;
      for (const [prop, ps] of Object.entries(s.properties ?? {})) {
        const escaped = escapePropertyName(prop);
        const ft = convert(ps, `${name}.${escaped ?? 'inaccessible'}`, ps['x-kubernetes-embedded-resource'] ?? false);
        if (!ft) continue;
        if (escaped !== undefined) fields.set(escaped, {jsonName: prop, type: ft, required: required.has(prop)});
        if (required.has(prop) && ps.default === undefined) minSerializedSize += prop.length + ft.minSerializedSize + 4;
      }
      const obj: ObjectDecl = {kind: 'object', name, fields, minSerializedSize};
      return obj;
    }
    case 'string': {
      switch (s.format) {
        case 'byte':
          return {kind: 'scalar', name: 'bytes', minSerializedSize: 2,
            maxElements: s.maxLength !== undefined ? zeroIfNegative(s.maxLength) : maxStringLengthPerRequest(s)};
        case 'duration':
          return {kind: 'scalar', name: 'duration', minSerializedSize: MIN_DURATION_SIZE_JSON, maxElements: maxStringLengthPerRequest(s)};
        case 'date':
          return {kind: 'scalar', name: 'timestamp', minSerializedSize: JSON_DATE_SIZE, maxElements: maxStringLengthPerRequest(s)};
        case 'date-time':
          return {kind: 'scalar', name: 'timestamp', minSerializedSize: MIN_DATETIME_SIZE_JSON, maxElements: maxStringLengthPerRequest(s)};
      }
      let maxElements: number;
      if (s.maxLength !== undefined) maxElements = zeroIfNegative(s.maxLength) * 4;
      else if (s.enum && s.enum.length > 0) {
        maxElements = 0;
        for (const e of s.enum) if (typeof e === 'string' && e.length > maxElements) maxElements = e.length;
      } else maxElements = maxStringLengthPerRequest(s);
      return {kind: 'scalar', name: 'string', minSerializedSize: 2, maxElements};
    }
    case 'boolean': return Types.bool;
    case 'number': return Types.double;
    case 'integer': return Types.int;
  }
  return undefined;
}

// ---- values ----

/** format: date or date-time; RFC 3339 keeps nanoseconds, other ISO 8601 forms strfmt accepts fall back to Date. */
function parseSchemaTimestamp(s: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return parseDate(s);
  try {
    return parseTimestamp(s);
  } catch {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) throw new Error(`invalid timestamp "${s}"`);
    return d;
  }
}

function base64ToBytes(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, 'base64'));
}

/** A JSON value without a schema: integral numbers become int, objects become maps. */
export function jsonToCel(v: unknown): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(jsonToCel);
  if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v);
    if (proto !== null && proto !== Object.prototype) return v;
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = jsonToCel(x);
    return out;
  }
  return v;
}

/** The runtime class of an object type (one per declaration). */
export function objectClass(t: ObjectDecl): new () => object {
  if (!t.ctor) {
    const named = {[t.name]: class {}}[t.name]!;
    t.ctor = named;
  }
  return t.ctor;
}

/** Convert a JSON value to the CEL value of a declared type (integers by schema, formats, escaped names). */
export function toCelValue(v: unknown, t: DeclType): unknown {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'scalar':
      switch (t.name) {
        case 'int':
          if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
          return typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : v;
        case 'double':
          return typeof v === 'bigint' ? Number(v) : v;
        case 'bytes':
          return typeof v === 'string' ? base64ToBytes(v) : v;
        case 'timestamp':
          return typeof v === 'string' ? parseSchemaTimestamp(v) : v;
        case 'duration':
          return typeof v === 'string' ? parseGoDuration(v) : v;
        case 'dyn':
          return jsonToCel(v);
        default:
          return v;
      }
    case 'opaque':
      return v;
    case 'list': {
      if (!Array.isArray(v)) return v;
      const list = v.map((x) => toCelValue(x, t.elem));
      // x-kubernetes-list-type set and map lists compare ignoring order and merge on concatenation.
      if (t.listType === 'set') return withListSemantics(list, {type: 'set'});
      if (t.listType === 'map' && t.mapKeys?.length) {
        return withListSemantics(list, {type: 'map', keys: t.mapKeys.map((k) => escapePropertyName(k) ?? k)});
      }
      return list;
    }
    case 'map': {
      if (typeof v !== 'object' || Array.isArray(v)) return v;
      const out: Record<string, unknown> = Object.create(null);
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = toCelValue(x, t.value);
      return out;
    }
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) return v;
      const src = v as Record<string, unknown>;
      const Ctor = objectClass(t);
      const out = new Ctor() as Record<string, unknown>;
      for (const [name, f] of t.fields) {
        const x = src[f.jsonName];
        if (x !== undefined && x !== null) out[name] = toCelValue(x, f.type);
      }
      return out;
    }
  }
}
