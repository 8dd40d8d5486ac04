// What Go's encoding/json writes for a built-in object: kube-apiserver decodes every
// object into its Go struct and encodes it back (on write, on read, in every media
// type), so the JSON it returns follows the struct tags, not what the client sent.
// The schema records the two facts that decide it per field (checked against
// k8s.io/api's types.go): `optional` = a Go pointer, `keepEmpty` = no `omitempty`.
//
//   pointer            nil → omitted with omitempty, else `null`; a set value is kept (0, "", false too)
//   value struct       always written (omitempty never omits a struct): `{}` when empty
//   metav1.Time        a struct with its own encoding: the zero time is `null`
//   Duration/Quantity/IntOrString: value structs whose zero is "0s" / "0" / 0
//   RawExtension/JSON/FieldsV1:    value structs whose zero is `null`
//   scalar             zero ("", 0, false) omitted with omitempty, else written
//   slice / map        nil or empty omitted with omitempty; nil is `null` without
//
// Fields are written in the struct's declared order, unknown ones after them.

import { goStringCompare } from '../apimachinery/goformat.js';
import { setOwn } from '../patch/go-json.js';
import { fieldsOf, isOptional, keepsEmpty, type ObjectType, type ScalarKind, type Type } from './schema.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The zero values Go's struct-typed scalars encode to (they are written even with omitempty). */
const STRUCT_SCALAR_ZERO: Partial<Record<ScalarKind, Json>> = {
  time: null,
  microtime: null,
  duration: '0s',
  quantity: '0',
  intOrString: 0,
  rawExtension: null,
  json: null,
  fieldsV1: null,
};

const PLAIN_ZERO: Partial<Record<ScalarKind, Json>> = { string: '', bool: false, int32: 0, int64: 0, double: 0, bytes: null };

/** `value` as Go's encoding/json writes it after decoding it into the Go type `type`. */
export function goJson(value: Json | undefined, type: Type): Json | undefined {
  if (value === undefined) return undefined;
  switch (type.kind) {
    case 'object':
      return value === null || isObject(value) ? goStruct(value ?? {}, type) : value;
    case 'list':
      return Array.isArray(value) ? value.map((v) => goJson(v, type.items) as Json) : value;
    case 'map': {
      if (!isObject(value)) return value;
      // encoding/json writes a map's keys sorted: so must a key the server added (a label a strategy sets).
      const keys = Object.keys(value);
      if (!keys.every((k, i) => i === 0 || goStringCompare(keys[i - 1]!, k) < 0)) keys.sort(goStringCompare);
      const out: JsonObject = {};
      for (const k of keys) setOwn(out, k, goJson(value[k], type.values) as Json);
      return out;
    }
    default:
      return value;
  }
}

/** What a Go map entry decoded from null holds, as encoding/json writes it back: the element type's zero value (an unset field without omitempty). */
export function goZeroJson(t: Type): Json {
  return goField(null, t, isOptional(t), false) ?? null;
}

/** A declared field with its two struct-tag facts, read once per type (every write walks these). */
interface FieldTag {
  key: string;
  type: Type;
  pointer: boolean;
  omitEmpty: boolean;
}

interface StructTags {
  declared: Record<string, Type>;
  fields: FieldTag[];
}

const structTags = new WeakMap<ObjectType, StructTags>();

function tagsOf(type: ObjectType): StructTags {
  let tags = structTags.get(type);
  if (!tags) {
    const declared = fieldsOf(type);
    const fields = Object.entries(declared).map(([key, t]) => ({ key, type: t, pointer: isOptional(t), omitEmpty: !keepsEmpty(t) }));
    structTags.set(type, (tags = { declared, fields }));
  }
  return tags;
}

function goStruct(src: JsonObject, type: ObjectType): JsonObject {
  const { declared, fields } = tagsOf(type);
  const out: JsonObject = {};
  for (const f of fields) {
    const v = goField(src[f.key], f.type, f.pointer, f.omitEmpty);
    if (v !== undefined) out[f.key] = v;
  }
  for (const k in src) if (Object.hasOwn(src, k) && !Object.hasOwn(declared, k)) setOwn(out, k, src[k]!);
  return out;
}

/** One declared field; undefined when Go leaves it out. */
function goField(v: Json | undefined, ft: Type, pointer: boolean, omitEmpty: boolean): Json | undefined {
  if (v === undefined || v === null) {
    // Unset: a nil pointer, slice or map, or a value type's zero.
    if (ft.kind === 'object') return pointer ? (omitEmpty ? undefined : null) : goStruct({}, ft);
    if (ft.kind === 'list' || ft.kind === 'map' || pointer) return omitEmpty ? undefined : null;
    if (Object.hasOwn(STRUCT_SCALAR_ZERO, ft.kind)) return STRUCT_SCALAR_ZERO[ft.kind]!;
    return omitEmpty ? undefined : (PLAIN_ZERO[ft.kind] ?? null);
  }
  if (ft.kind === 'list' || ft.kind === 'map') {
    const empty = Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0;
    return omitEmpty && empty ? undefined : goJson(v, ft);
  }
  if (ft.kind === 'object') return goJson(v, ft);
  if (!pointer && omitEmpty && (v === '' || v === 0 || v === false) && !Object.hasOwn(STRUCT_SCALAR_ZERO, ft.kind)) return undefined;
  return v;
}
