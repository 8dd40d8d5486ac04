// The schema vocabulary every kind and shared struct is declared with. From these
// declarations the server derives OpenAPI v2/v3, protobuf codecs, unknown-field
// detection, structural validation, defaulting, strategic-merge keys, apply topology
// and CEL types — so each fact about a field is written exactly once.

export type ScalarKind =
  | 'string'
  | 'bool'
  | 'int32'
  | 'int64'
  | 'double'
  | 'bytes' // []byte: base64 in JSON, bytes in protobuf
  | 'time' // metav1.Time: RFC 3339 seconds in JSON; {seconds=1,nanos=2} in protobuf
  | 'microtime' // metav1.MicroTime: RFC 3339 micro in JSON; {seconds=1,nanos=2}
  | 'duration' // metav1.Duration: Go duration string in JSON; {duration=1 int64 ns} in protobuf
  | 'quantity' // resource.Quantity: string or number in JSON; {string=1} in protobuf
  | 'intOrString' // intstr.IntOrString: {type=1,intVal=2,strVal=3} in protobuf
  | 'rawExtension' // runtime.RawExtension: any JSON; {raw=1 bytes} in protobuf
  | 'json' // apiextensions JSON: any JSON value; {raw=1 bytes} in protobuf
  | 'fieldsV1'; // metav1.FieldsV1: any JSON object; {Raw=1 bytes} in protobuf

interface Common {
  description?: string;
  /** Protobuf field number within the enclosing message. */
  protoNumber?: number;
  required?: boolean;
  /** Go pointer (or slice/map) field: absent when unset; matters for protobuf encoding. */
  optional?: boolean;
  /**
   * The Go type's name where it is a named type rather than the kind's plain one
   * (types.UID, v1.RestartPolicy), as decoding errors print it.
   */
  goType?: string;
  /** JSON tag without omitempty: the zero value is still written. */
  keepEmpty?: boolean;
  default?: unknown;
  enum?: readonly string[];
  /** Read-only / server-populated. */
  readOnly?: boolean;
  /** OpenAPI format override (e.g. int32, date-time, byte). */
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  pattern?: string;
}

/**
 * A named OpenAPI definition a scalar is published as: upstream types with their own JSON
 * encoding that openapi-gen describes with a fixed schema (JSONSchemaPropsOrBool, ...).
 * Fields of the scalar `$ref` it; its description, type and format appear once, on the
 * definition. Every other consumer sees the scalar's `kind` only.
 */
export interface ScalarDefinition {
  name: string;
  description?: string;
  /** The definition's OpenAPI type and format; none: any JSON value. */
  type?: string;
  format?: string;
}

export interface ScalarType extends Common {
  kind: ScalarKind;
  /** Publish the value as this named definition, referenced rather than inlined. */
  definition?: ScalarDefinition;
  /** OpenAPI extensions of the field (x-kubernetes-list-type on []byte fields, ...), passed through. */
  extensions?: Record<string, unknown>;
}

/**
 * A Go struct embedded with `json:",inline"`: its fields are listed flat in the outer
 * type's `fields` (so JSON consumers see them directly), while protobuf carries them
 * inside one message field with this number.
 */
export interface ProtoEmbedded {
  number: number;
  /** The protobuf field name. */
  name: string;
  type: ObjectType;
}

export interface ObjectType extends Common {
  kind: 'object';
  /** Embedded structs whose fields appear flat in `fields`. */
  protoEmbedded?: readonly ProtoEmbedded[];
  /** The OpenAPI definition name, e.g. io.k8s.api.core.v1.ConfigMap. */
  name: string;
  /** Fields in declaration order (JSON name → type). Thunk for recursive structs. */
  fields: Record<string, Type> | (() => Record<string, Type>);
  /** x-kubernetes-map-type for structs ('atomic' for e.g. ObjectReference-like structs). */
  mapType?: 'atomic' | 'granular';
  /** x-kubernetes-unions / x-kubernetes-group-version-kind etc., passed through to OpenAPI. */
  extensions?: Record<string, unknown>;
  /**
   * A custom resource's type: its objects stay as sent (upstream keeps them unstructured), never
   * converted to a Go struct and back, so no zero value is filled in and no empty one dropped.
   */
  unstructured?: boolean;
}

export interface MapType extends Common {
  kind: 'map';
  values: Type;
  /** x-kubernetes-map-type. */
  mapType?: 'atomic' | 'granular';
}

export interface ListType extends Common {
  kind: 'list';
  items: Type;
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: readonly string[];
  patchStrategy?: 'merge' | 'retainKeys' | 'merge,retainKeys' | 'replace';
  patchMergeKey?: string;
  /**
   * A named Go slice type with a protobuf message of its own, `{repeated items = 1}`
   * (metav1.Verbs): the field carries one such message rather than repeated elements.
   */
  protoWrapped?: boolean;
}

export type Type = ScalarType | ObjectType | MapType | ListType;

/** Fluent modifiers, returning a copy so shared definitions are never mutated. */
export interface Fluent<T extends Type> {
  proto(n: number): T & Fluent<T>;
  required(): T & Fluent<T>;
  optional(): T & Fluent<T>;
  keepEmpty(): T & Fluent<T>;
  enum(values: readonly string[]): T & Fluent<T>;
  default(v: unknown): T & Fluent<T>;
  doc(text: string): T & Fluent<T>;
  readOnly(): T & Fluent<T>;
  with(extra: Partial<T>): T & Fluent<T>;
}

function fluent<T extends Type>(t: T): T & Fluent<T> {
  return Object.assign(Object.create(fluentProto) as object, t) as T & Fluent<T>;
}

/**
 * A copy of `t` with one flag set, made in one step: the ~2,300 documented fields of the
 * built-in schemas are built at every start, and a spread into a fresh object and then an
 * assign onto the prototyped one cost that start ~3x as much.
 */
function derive<K extends string>(t: Type, key: K, value: unknown): Type & Fluent<Type> {
  const out = Object.assign(Object.create(fluentProto) as object, t) as Record<string, unknown>;
  out[key] = value;
  return out as unknown as Type & Fluent<Type>;
}

// Modifiers live on a shared prototype so copying a type copies only its data.
const fluentProto = {
  proto(this: Type, n: number) {
    return derive(this, 'protoNumber', n);
  },
  required(this: Type) {
    return derive(this, 'required', true);
  },
  optional(this: Type) {
    return derive(this, 'optional', true);
  },
  keepEmpty(this: Type) {
    return derive(this, 'keepEmpty', true);
  },
  enum(this: Type, values: readonly string[]) {
    return derive(this, 'enum', values);
  },
  default(this: Type, v: unknown) {
    return derive(this, 'default', v);
  },
  doc(this: Type, text: string) {
    return derive(this, 'description', text);
  },
  readOnly(this: Type) {
    return derive(this, 'readOnly', true);
  },
  with(this: Type, extra: Partial<Type>) {
    return Object.assign(Object.create(fluentProto) as object, this, extra) as Type & Fluent<Type>;
  },
};

const scalar = (kind: ScalarKind) => () => fluent<ScalarType>({ kind });

export const string = scalar('string');
export const bool = scalar('bool');
export const int32 = scalar('int32');
export const int64 = scalar('int64');
export const double = scalar('double');
export const bytes = scalar('bytes');
export const time = scalar('time');
export const microTime = scalar('microtime');
export const duration = scalar('duration');
export const quantity = scalar('quantity');
export const intOrString = scalar('intOrString');
export const rawExtension = scalar('rawExtension');
export const json = scalar('json');
export const fieldsV1 = scalar('fieldsV1');

export function object(name: string, fields: Record<string, Type> | (() => Record<string, Type>), extra: Partial<ObjectType> = {}) {
  return fluent<ObjectType>({ kind: 'object', name, fields, ...extra });
}

export function map(values: Type, extra: Partial<MapType> = {}) {
  return fluent<MapType>({ kind: 'map', values, ...extra });
}

export function list(items: Type, extra: Partial<ListType> = {}) {
  return fluent<ListType>({ kind: 'list', items, ...extra });
}

// The modifiers share names with the flags they set (t.required() sets t.required),
// so an unset flag reads as the modifier function: always read flags through these.
export const isRequired = (t: Type): boolean => Object.hasOwn(t, 'required') && t.required === true;
export const isOptional = (t: Type): boolean => Object.hasOwn(t, 'optional') && t.optional === true;
export const keepsEmpty = (t: Type): boolean => Object.hasOwn(t, 'keepEmpty') && t.keepEmpty === true;
export const isReadOnly = (t: Type): boolean => Object.hasOwn(t, 'readOnly') && t.readOnly === true;
export const enumOf = (t: Type): readonly string[] | undefined => (Object.hasOwn(t, 'enum') && Array.isArray(t.enum) ? t.enum : undefined);
export const hasDefault = (t: Type): boolean => Object.hasOwn(t, 'default');
export const defaultOf = (t: Type): unknown => (Object.hasOwn(t, 'default') ? t.default : undefined);

/** The fields of an object type (resolving a thunk). */
export function fieldsOf(t: ObjectType): Record<string, Type> {
  return typeof t.fields === 'function' ? t.fields() : t.fields;
}
