// The types a MutatingAdmissionPolicy's mutations build (k8s.io/apiserver pkg/cel/mutation
// typeresolver.go, dynamic/objects.go, jsonpatch.go, library/jsonpatch.go): `Object` and
// every `Object.<field>...` initializer, `JSONPatch{op, path, from, value}` and
// `jsonpatch.escapeKey`. The parser of cel-js has no message construction; syntax.ts
// rewrites `Name{f: v}` into the calls registered here.
import type {Environment} from '@marcbachmann/cel-js';

/** The call an `Object...{...}` initializer is rewritten to. */
export const OBJECT_CONSTRUCTOR = '__cel_object__';
/** The call a `JSONPatch{...}` initializer is rewritten to. */
export const JSONPATCH_CONSTRUCTOR = '__cel_jsonpatch__';

/** An Object initializer's value: its type name (Object, Object.spec, ...) and its fields. */
export class CelObjectValue {
  constructor(
    readonly typeName: string,
    readonly fields: Record<string, unknown>,
  ) {}
}

/** A JSONPatch initializer's value. */
export class CelJsonPatchValue {
  constructor(readonly fields: Record<string, unknown>) {}
}

class JsonPatchNamespace {}

/** jsonpatch.escapeKey: RFC 6901 escaping of one path segment. */
export function escapeJsonPointerKey(k: string): string {
  return k.replace(/~/g, '~0').replace(/\//g, '~1');
}

const fieldsOf = (m: unknown): Record<string, unknown> => {
  if (m instanceof Map) return Object.fromEntries([...m].map(([k, v]) => [String(k), v]));
  return {...(m as Record<string, unknown>)};
};

export function registerPatchTypes(env: Environment): void {
  env.registerType('Object', CelObjectValue);
  env.registerType('JSONPatch', CelJsonPatchValue);
  env.registerFunction(`${OBJECT_CONSTRUCTOR}(string, map<string, dyn>): Object`, (name: string, m: unknown) => new CelObjectValue(name, fieldsOf(m)));
  env.registerFunction(`${JSONPATCH_CONSTRUCTOR}(map<string, dyn>): JSONPatch`, (m: unknown) => new CelJsonPatchValue(fieldsOf(m)));
  env.registerType('JsonPatchNamespace', JsonPatchNamespace);
  env.registerConstant('jsonpatch', 'JsonPatchNamespace', new JsonPatchNamespace());
  env.registerFunction('JsonPatchNamespace.escapeKey(string): string', (_ns: unknown, k: string) => escapeJsonPointerKey(k));
}
