// Small helpers for writing upstream's SetDefaults_* functions over plain JSON objects.
// Go's two notions of "unset" matter: a pointer (or slice/map) field is unset when
// absent or null; a plain value field is unset when absent, null or its zero value.

export type JsonObject = Record<string, unknown>;

/** A struct defaulter: upstream's SetDefaults_<Type>, mutating the object in place. */
export type TypeDefaulter = (obj: JsonObject) => void;

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A Go pointer/slice/map field that is nil. */
export function isNil(v: unknown): boolean {
  return v === undefined || v === null;
}

/** A Go value field holding its zero value ("", 0, false) or absent. */
export function isZero(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === 0 || v === false;
}

/** len(x) == 0 for a Go slice or map field. */
export function isEmpty(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return isNil(v);
}

/** Sets a pointer field when nil. */
export function defaultPtr(obj: JsonObject, key: string, value: unknown): void {
  if (isNil(obj[key])) obj[key] = value;
}

/** Sets a value field when it holds its zero value. */
export function defaultValue(obj: JsonObject, key: string, value: unknown): void {
  if (isZero(obj[key])) obj[key] = value;
}

/**
 * The struct stored in a (non-pointer) struct field, created when absent: Go always has
 * one, so defaulting a field inside it materialises it.
 */
export function structField(obj: JsonObject, key: string): JsonObject {
  const v = obj[key];
  if (isObject(v)) return v;
  const created: JsonObject = {};
  obj[key] = created;
  return created;
}

/** The struct behind a pointer field, or undefined when nil. */
export function ptrStruct(obj: JsonObject, key: string): JsonObject | undefined {
  const v = obj[key];
  return isObject(v) ? v : undefined;
}

/** The object elements of a slice field. */
export function objectItems(v: unknown): JsonObject[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

export function deepCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
