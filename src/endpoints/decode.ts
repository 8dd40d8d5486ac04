// Decoding request bodies into objects of the addressed kind, with upstream's
// checks and messages for wrong kinds, wrong versions and malformed input.

import { badRequest } from '../apimachinery/errors.js';
import type { Encoding } from '../encoding/negotiate.js';
import { jsonDepthError } from '../encoding/json-depth.js';
import { parseYaml } from '../encoding/yaml.js';
import type { Obj } from '../types/kind.js';
import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';

export interface ExpectedKind {
  group: string;
  version: string;
  kind: string;
  /** Whether a kind is registered in a group/version (for upstream's "no kind is registered" wording). */
  isRegistered(apiVersion: string, kind: string): boolean;
  /** Other group/versions the endpoint takes in the body besides its own (upstream's AcceptsGroupVersion). */
  alsoAccepts?: readonly string[];
}

/** Upstream's summary of a body in decode errors: the first 30 bytes, as text for objects, hex otherwise. */
export function summarizeBody(body: Buffer): string {
  if (body.length === 0) return '<empty>';
  const head = body.subarray(0, 30);
  const more = body.length > 30 ? ' ...' : '';
  if (body[0] === 0x7b) return head.toString('utf8') + more;
  return head.toString('hex') + more;
}

/** Go's encoding/json wording for the common syntax errors. */
function goJsonError(e: Error, text: string): string {
  const m = /position (\d+)/.exec(e.message);
  const pos = m ? Number(m[1]) : -1;
  if (pos < 0 || pos >= text.length || /end of JSON input|Unterminated/.test(e.message)) return 'unexpected end of JSON input';
  const ch = text[pos]!;
  const prev = text.slice(0, pos).trimEnd().slice(-1);
  if (prev === '{' || prev === ',') return `invalid character '${ch}' looking for beginning of object key string`;
  if (prev === ':' || prev === '[' || prev === '') return `invalid character '${ch}' looking for beginning of value`;
  return `invalid character '${ch}' after object key:value pair`;
}

function unrecognized(kind: string, err: string, body: Buffer) {
  return badRequest(`the object provided is unrecognized (must be of type ${kind}): ${err} (${summarizeBody(body)})`);
}

/** Parse a body as JSON or YAML into a plain value; malformed input is a 400 naming the expected kind. */
export function parseBody(body: Buffer, encoding: Encoding, kindForErrors = 'Object'): unknown {
  if (encoding === 'protobuf') throw unrecognized(kindForErrors, 'protobuf is not supported for this request', body);
  const text = body.toString('utf8');
  if (encoding === 'yaml') {
    try {
      return parseYaml(text);
    } catch (e) {
      throw unrecognized(kindForErrors, `yaml: ${((e as Error & { reason?: string }).reason ?? (e as Error).message).split('\n')[0]}`, body);
    }
  }
  const tooDeep = jsonDepthError(text);
  if (tooDeep) throw unrecognized(kindForErrors, `couldn't get version/kind; json parse error: ${tooDeep}`, body);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw unrecognized(kindForErrors, `couldn't get version/kind; json parse error: ${goJsonError(e as Error, text)}`, body);
  }
}

function goType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

const TYPE_META = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * Decode a body as an object of the expected kind. apiVersion and kind default
 * from the URL when absent; a mismatch is a 400 as upstream reports it.
 */
export function decodeObject(body: Buffer, encoding: Encoding, expected: ExpectedKind): Obj {
  return checkObject(parseBody(body, encoding, expected.kind), body, expected);
}

/** Upstream's checks of a decoded body against the endpoint's kind (defaulting apiVersion and kind). */
export function checkObject(value: unknown, body: Buffer, expected: ExpectedKind): Obj {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw unrecognized(expected.kind, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goType(value)} into Go value of type ${TYPE_META}`, body);
  }
  const obj = value as Obj;
  for (const f of ['apiVersion', 'kind'] as const) {
    if (obj[f] !== undefined && obj[f] !== null && typeof obj[f] !== 'string') {
      throw unrecognized(expected.kind, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goType(obj[f])} into Go struct field .${f} of type string`, body);
    }
  }
  const expectedAV = expected.group ? `${expected.group}/${expected.version}` : expected.version;
  const av: string = obj.apiVersion || expectedAV;
  const kind: string = obj.kind || expected.kind;
  const version = av.includes('/') ? av.slice(av.indexOf('/') + 1) : av;
  if (!expected.isRegistered(av, kind)) {
    throw badRequest(
      `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expected.kind}: no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(av)} in scheme "pkg/api/legacyscheme/scheme.go:30"`,
    );
  }
  if (kind !== expected.kind) {
    const goPkg = (a: string) => (a.includes('/') ? a.split('/')[1] : a);
    throw badRequest(
      `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expected.kind}: converting (${goPkg(av)}.${kind}) to (${expected.group ? expected.group.split('.')[0] : 'core'}.${expected.kind}): unknown conversion`,
    );
  }
  if (av !== expectedAV && !expected.alsoAccepts?.includes(av)) {
    throw badRequest(`the API version in the data (${av}) does not match the expected API version (${expectedAV})`);
  }
  obj.apiVersion = expectedAV;
  obj.kind = expected.kind;
  if (obj.metadata === null) obj.metadata = {};
  if (obj.metadata !== undefined && (typeof obj.metadata !== 'object' || Array.isArray(obj.metadata))) {
    throw badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expected.kind}: json: cannot unmarshal ${goType(obj.metadata)} into Go struct field ${expected.kind}.metadata of type v1.ObjectMeta`);
  }
  return obj;
}

/**
 * Reject a JSON/YAML body whose values do not fit the kind's Go types, as decoding into
 * the typed struct does upstream (a 400 naming the first mismatch in document order).
 * Types with their own JSON decoding (quantities, times, int-or-string, raw JSON) are
 * left to the checks that know them.
 */
export function checkGoTypes(obj: Obj, type: ObjectType, kind: string, version: string): void {
  const err = structTypeError(obj, type, goStructName(type), []);
  if (err) throw badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: json: ${err}`);
}

const GO_SCALARS: Partial<Record<string, string>> = { string: 'string', bool: 'bool', int32: 'int32', int64: 'int64', double: 'float64' };
const INT_RANGE: Partial<Record<string, [number, number]>> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-(2 ** 63), 2 ** 63 - 1] };

function structTypeError(obj: Record<string, unknown>, type: ObjectType, struct: string, path: string[]): string | undefined {
  const fields = fieldsOf(type);
  for (const [name, value] of Object.entries(obj)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) continue;
    const err = valueTypeError(value, field, struct, [...path, name]);
    if (err) return err;
  }
  return undefined;
}

/** Go's UnmarshalTypeError for one value: the innermost struct and the JSON field path name it; list indexes and map keys do not. */
function valueTypeError(value: unknown, type: Type, struct: string, path: string[]): string | undefined {
  if (value === null) return undefined;
  const mismatch = (what: string) => `cannot unmarshal ${what} into Go struct field ${struct}.${path.join('.')} of type ${goTypeName(type)}`;
  switch (type.kind) {
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch(goType(value));
      return structTypeError(value as Record<string, unknown>, type, goStructName(type), path);
    case 'list':
      if (!Array.isArray(value)) return mismatch(goType(value));
      for (const item of value) {
        const err = valueTypeError(item, type.items, struct, path);
        if (err) return err;
      }
      return undefined;
    case 'map':
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch(goType(value));
      for (const item of Object.values(value as object)) {
        const err = valueTypeError(item, type.values, struct, path);
        if (err) return err;
      }
      return undefined;
    default: {
      const goName = GO_SCALARS[type.kind];
      if (!goName) return undefined;
      const jsonKind = goType(value);
      const wanted = goName === 'bool' ? 'bool' : goName === 'string' ? 'string' : 'number';
      if (jsonKind !== wanted) return mismatch(jsonKind);
      const range = INT_RANGE[type.kind];
      if (range && (!Number.isInteger(value) || (value as number) < range[0] || (value as number) > range[1])) return mismatch(`number ${String(value)}`);
      return undefined;
    }
  }
}

/** A schema type as Go prints it: int32, []v1.Container, map[string]string, v1.PodSpec. */
function goTypeName(type: Type): string {
  switch (type.kind) {
    case 'object':
      return `${goPackage(type)}.${goStructName(type)}`;
    case 'list':
      return `[]${goTypeName(type.items)}`;
    case 'map':
      return `map[string]${goTypeName(type.values)}`;
    default:
      return GO_SCALARS[type.kind] ?? type.kind;
  }
}

const goStructName = (type: ObjectType) => type.name.slice(type.name.lastIndexOf('.') + 1);
const goPackage = (type: ObjectType) => type.name.split('.').at(-2) ?? '';
