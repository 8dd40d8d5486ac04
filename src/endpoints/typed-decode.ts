// Decoding a JSON document into a kind's Go types, the two ways kube-apiserver does it:
// - encoding/json (sigs.k8s.io/json, case-sensitive, PreserveInts) for create/update
//   bodies and JSON/merge-patched objects: type mismatches and bad base64 are saved and
//   the first is reported; a custom unmarshaler's error (metav1.Time) aborts at once;
//   integers must be integer literals in range; a repeated key decodes into the same
//   struct field or map (duplicated objects merge); null leaves a non-pointer field as
//   it was and makes a map or list element its zero value (a null label value is "").
// - runtime.DefaultUnstructuredConverter.FromUnstructured for strategic-merge-patched
//   and applied objects: struct fields in declaration order, the first error returned,
//   integers converted (int32 wraps), with the converter's own texts
//   ("unrecognized type: int32", "cannot convert float64 to int32", ...).
// Read from Go's encoding/json decode.go (literalStore, object, array, indirect),
// k8s.io/apimachinery/pkg/runtime/converter.go and metav1 time.go / micro_time.go.
// Types with their own decoding not modelled here (Quantity, IntOrString, Duration,
// RawExtension, JSON, FieldsV1) are taken as sent and left to the checks that know them.

import { stdBase64Error } from '../apimachinery/gobase64.js';
import { formatGoTimeRFC3339, formatGoTimeRFC3339Micro, GoTimeParseError, parseGoTime, RFC3339_LAYOUT, RFC3339_MICRO_LAYOUT } from '../apimachinery/gotime.js';
import { compareGoStrings, goEncode, goEncodeNumber, GoJsonSyntaxError, goValueKind, jsToRaw, parseGoJson, rawToJs, setOwn, type RawNode } from '../patch/go-json.js';
import { encodeRawNode, jsonPatchedNode, mergePatchedNode } from './patched-json.js';
import { goPlusV, patchInvalid } from '../registry/field-validation.js';
import { gvkString, objectGVKNN } from '../apply/fieldmanager.js';
import { StatusError } from '../apimachinery/errors.js';
import { fieldsOf, isOptional, type ObjectType, type Type } from '../types/schema.js';

/** A decoding failure, worded as Go words it (the caller adds upstream's prefix). */
export class GoDecodeError extends Error {}

export interface TypedDecodeResult {
  /** The document as Go decodes it (fields the kind does not know are kept, last one winning). */
  value: Record<string, unknown>;
  /** The error Go's decoder returns, if any. */
  error?: string;
}

const GO_SCALARS: Partial<Record<string, string>> = { string: 'string', bool: 'bool', int32: 'int32', int64: 'int64', double: 'float64', bytes: '[]uint8' };
const INT_BITS: Partial<Record<string, bigint>> = { int32: 32n, int64: 64n };

/** A schema type as Go prints it: int32, []v1.Container, map[string]string, v1.PodSpec. */
export function goTypeName(type: Type): string {
  if (type.goType) return type.goType;
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

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A Go map has no order; it is encoded with sorted keys, so it is kept that way. */
function sortedKeys(m: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(m);
  const sorted = [...keys].sort(compareGoStrings);
  if (keys.every((k, i) => k === sorted[i])) return m;
  const out: Record<string, unknown> = {};
  for (const k of sorted) setOwn(out, k, m[k]);
  return out;
}

/** The zero value a map or slice element takes from a JSON null, as it is encoded back. */
function zeroValue(type: Type): unknown {
  switch (type.kind) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
    case 'double':
      return 0;
    case 'quantity':
      return '0';
    case 'intOrString':
      return 0;
    case 'object':
      return {};
    default:
      return null;
  }
}

function integerInRange(raw: string, kind: string): boolean {
  const bits = INT_BITS[kind]!;
  if (!/^-?\d+$/.test(raw)) return false;
  const n = BigInt(raw);
  return n >= -(2n ** (bits - 1n)) && n < 2n ** (bits - 1n);
}

/** metav1.Time / MicroTime UnmarshalJSON on a JSON value: the normalized string, or the error it returns. */
function decodeTime(kind: 'time' | 'microtime', jsonKind: string, value: unknown): string {
  if (typeof value !== 'string') throw new GoDecodeError(`json: cannot unmarshal ${jsonKind} into Go value of type string`);
  try {
    if (kind === 'time') return formatGoTimeRFC3339(parseGoTime(RFC3339_LAYOUT, value));
    return formatGoTimeRFC3339Micro(parseGoTime(RFC3339_MICRO_LAYOUT, value));
  } catch (e) {
    if (e instanceof GoTimeParseError) throw new GoDecodeError(e.message);
    throw e;
  }
}

// ---- encoding/json ----

interface JsonCtx {
  saved?: string;
}

type JsonKind = 'object' | 'array' | 'string' | 'number' | 'bool' | 'null';

/** How the decoder reads a document: a RawNode (duplicate keys and literals kept) or a plain value. */
interface DocView<N> {
  kind(n: N): JsonKind;
  entries(n: N): Iterable<readonly [string, N]>;
  items(n: N): readonly N[];
  str(n: N): string;
  /** A number's literal text. */
  num(n: N): string;
  bool(n: N): boolean;
  plain(n: N): unknown;
}

const rawView: DocView<RawNode> = {
  kind: goValueKind as (n: RawNode) => JsonKind,
  entries: (n) => (n as Extract<RawNode, { t: 'object' }>).entries,
  items: (n) => (n as Extract<RawNode, { t: 'array' }>).items,
  str: (n) => (n as Extract<RawNode, { t: 'string' }>).value,
  num: (n) => (n as Extract<RawNode, { t: 'number' }>).raw,
  bool: (n) => (n as Extract<RawNode, { t: 'bool' }>).value,
  plain: rawToJs,
};

const valueView: DocView<unknown> = {
  kind: (v) => (v === null || v === undefined ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : (typeof v as JsonKind)),
  entries: (v) => Object.entries(v as object),
  items: (v) => v as unknown[],
  str: (v) => v as string,
  num: (v) => goEncodeNumber(v as number),
  bool: (v) => v as boolean,
  plain: (v) => v,
};

/**
 * Decode a parsed JSON document into `type` as encoding/json does. A RawNode (parseGoJson)
 * keeps duplicate keys and number literals; a plain value is decoded as Go re-encodes it.
 */
export function decodeJsonTyped(doc: RawNode, type: ObjectType): TypedDecodeResult {
  return decodeTop(rawView, doc, type);
}

/** decodeJsonTyped for an already parsed value (no duplicate keys; numbers as Go would write them). */
export function decodeValueTyped(value: unknown, type: ObjectType): TypedDecodeResult {
  return decodeTop(valueView, value, type);
}

function decodeTop<N>(view: DocView<N>, doc: N, type: ObjectType): TypedDecodeResult {
  const ctx: JsonCtx = {};
  const plain = () => {
    const v = view.plain(doc);
    return isPlainObject(v) ? v : {};
  };
  try {
    const value = decodeInto(view, doc, type, undefined, goStructName(type), [], ctx);
    return { value: isPlainObject(value) ? value : plain(), error: ctx.saved };
  } catch (e) {
    if (!(e instanceof GoDecodeError)) throw e;
    return { value: plain(), error: e.message };
  }
}

function decodeInto<N>(view: DocView<N>, node: N, type: Type, existing: unknown, struct: string, path: readonly string[], ctx: JsonCtx): unknown {
  const kind = view.kind(node);
  const mismatch = (what: string): unknown => {
    ctx.saved ??= `json: cannot unmarshal ${what} into Go struct field ${struct}.${path.join('.')} of type ${goTypeName(type)}`;
    return existing !== undefined ? existing : view.plain(node);
  };
  if (kind === 'null') {
    // Pointers, maps and slices become nil; anything else keeps its value.
    if (existing === undefined || type.kind === 'map' || type.kind === 'list' || isOptional(type)) return null;
    return existing;
  }
  switch (type.kind) {
    case 'object': {
      if (kind !== 'object') return mismatch(kind);
      const target = isPlainObject(existing) ? existing : {};
      const fields = fieldsOf(type);
      const name = goStructName(type);
      for (const [k, v] of view.entries(node)) {
        const field = Object.hasOwn(fields, k) ? fields[k] : undefined;
        setOwn(target, k, field ? decodeInto(view, v, field, target[k], name, [...path, k], ctx) : view.plain(v));
      }
      return target;
    }
    case 'map': {
      if (kind !== 'object') return mismatch(kind);
      const target = isPlainObject(existing) ? existing : {};
      for (const [k, v] of view.entries(node)) setOwn(target, k, decodeElement(view, v, type.values, undefined, struct, path, ctx));
      return sortedKeys(target);
    }
    case 'list': {
      if (kind !== 'array') return mismatch(kind);
      // Elements decode into the slice's existing elements (encoding/json's array()).
      const prior = Array.isArray(existing) ? existing : [];
      return view.items(node).map((item, i) => decodeElement(view, item, type.items, prior[i], struct, path, ctx));
    }
    case 'time':
    case 'microtime':
      // The unmarshaler's own json.Unmarshal into a string fails with a type error, which
      // gets this field's context (so "of type string").
      if (kind !== 'string') throw new GoDecodeError(`json: cannot unmarshal ${kind} into Go struct field ${struct}.${path.join('.')} of type string`);
      return decodeTime(type.kind, 'string', view.str(node));
    case 'bytes': {
      if (kind === 'array') return view.plain(node);
      if (kind !== 'string') return mismatch(kind);
      const text = view.str(node);
      const err = stdBase64Error(text);
      if (err) {
        ctx.saved ??= err;
        return text;
      }
      return Buffer.from(text, 'base64').toString('base64');
    }
    case 'string':
      return kind === 'string' ? view.str(node) : mismatch(kind);
    case 'bool':
      return kind === 'bool' ? view.bool(node) : mismatch(kind);
    case 'int32':
    case 'int64': {
      if (kind !== 'number') return mismatch(kind);
      const raw = view.num(node);
      return integerInRange(raw, type.kind) ? Number(raw) : mismatch(`number ${raw}`);
    }
    case 'double': {
      if (kind !== 'number') return mismatch(kind);
      const raw = view.num(node);
      return Number.isFinite(Number(raw)) ? Number(raw) : mismatch(`number ${raw}`);
    }
    default:
      return view.plain(node);
  }
}

/** A map or slice element: a null is the element type's zero value, not "unchanged". */
function decodeElement<N>(view: DocView<N>, node: N, type: Type, existing: unknown, struct: string, path: readonly string[], ctx: JsonCtx): unknown {
  if (view.kind(node) === 'null') return existing !== undefined && type.kind !== 'map' && type.kind !== 'list' && !isOptional(type) ? existing : zeroValue(type);
  return decodeInto(view, node, type, existing, struct, path, ctx);
}

// ---- runtime.DefaultUnstructuredConverter ----

/** reflect.Kind of a value in an unstructured map (PreserveInts: whole numbers are int64). */
function unstructuredKind(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

/**
 * Convert an unstructured object into `type` as FromUnstructured does: the converted
 * value, or the converter's first error.
 */
export function convertUnstructuredTyped(value: Record<string, unknown>, type: ObjectType): TypedDecodeResult {
  try {
    return { value: convertValue(value, type) as Record<string, unknown> };
  } catch (e) {
    if (!(e instanceof GoDecodeError)) throw e;
    return { value, error: e.message };
  }
}

function convertValue(v: unknown, type: Type): unknown {
  if (v === null || v === undefined) return v; // a zero field, encoded back as absent
  const kind = unstructuredKind(v);
  const fail = (msg: string): never => {
    throw new GoDecodeError(msg);
  };
  switch (type.kind) {
    case 'object': {
      if (kind !== 'map') fail(`cannot restore struct from: ${kind}`);
      const src = v as Record<string, unknown>;
      const out: Record<string, unknown> = { ...src };
      const fields = fieldsOf(type);
      for (const [name, field] of Object.entries(fields)) {
        if (Object.hasOwn(src, name)) setOwn(out, name, convertValue(src[name], field));
      }
      return out;
    }
    case 'map': {
      if (kind !== 'map') fail(`cannot restore map from ${kind}`);
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) setOwn(out, k, x === null ? zeroValue(type.values) : convertValue(x, type.values));
      return sortedKeys(out);
    }
    case 'list':
      if (kind !== 'slice') fail(`cannot restore slice from ${kind}`);
      return (v as unknown[]).map((x) => (x === null ? zeroValue(type.items) : convertValue(x, type.items)));
    case 'bytes': {
      if (kind === 'slice') return v;
      if (kind !== 'string') fail(`cannot restore slice from ${kind}`);
      const err = stdBase64Error(v as string);
      if (err) fail(`error decoding from json: ${err}`);
      return v;
    }
    case 'time':
    case 'microtime':
      return decodeTime(type.kind, kind === 'map' ? 'object' : kind === 'slice' ? 'array' : kind === 'int64' || kind === 'float64' ? 'number' : kind, v);
    case 'string':
      if (kind === 'string') return v;
      return fail(kind === 'int64' ? 'cannot convert int64 to string' : 'unrecognized type: string');
    case 'bool':
      return kind === 'bool' ? v : fail('unrecognized type: bool');
    case 'int32':
    case 'int64':
      if (kind === 'int64') return type.kind === 'int32' ? (v as number) | 0 : v;
      return fail(kind === 'float64' ? `cannot convert float64 to ${type.kind}` : `unrecognized type: ${type.kind}`);
    case 'double':
      return kind === 'int64' || kind === 'float64' ? v : fail('unrecognized type: float64');
    default:
      return v;
  }
}

// ---- the patch handler ----

/**
 * The patched object as the patch handler decodes it into the kind (patch.go): JSON and
 * merge patches decode the patched JSON (as json-patch writes it, patched-json.ts) with
 * encoding/json, strategic merge patches convert the patched map; a failure is upstream's
 * 422 ` "" is invalid: patch: Invalid value: "<patched JSON | the patch as %+v>": <error>`.
 * Returns the decoded object and the patched JSON text (the 422s of fieldValidation=Strict
 * print it too).
 */
export function decodePatchedObject(
  kind: 'json' | 'merge' | 'strategic',
  current: unknown,
  patched: Record<string, unknown>,
  type: ObjectType,
  patchBody: string,
): { object: Record<string, unknown>; patchedJson: string } {
  if (kind === 'strategic') {
    const out = convertUnstructuredTyped(patched, type);
    if (out.error !== undefined) throw patchInvalid(goPlusV(patchBody), out.error);
    return { object: out.value, patchedJson: goEncode(patched) };
  }
  let node: RawNode;
  try {
    const patchNode = parseGoJson(patchBody);
    node = kind === 'merge' ? mergePatchedNode(current, patchNode, patched, type) : jsonPatchedNode(patchNode, patched, type);
  } catch (e) {
    if (!(e instanceof GoJsonSyntaxError)) throw e;
    node = jsToRaw(patched);
  }
  const patchedJson = encodeRawNode(node);
  const out = decodeJsonTyped(node, type);
  if (out.error !== undefined) throw patchInvalid(patchedJson, out.error);
  return { object: out.value, patchedJson };
}

/**
 * The applied object converted back into the kind (structuredmerge.go Apply: toVersioned,
 * the scheme's unstructuredToTyped). A failure is a plain error, so a 500 without reason:
 * `failed to convert new object (<ns>/<name>; <gvk>) to proper version: unable to convert
 * unstructured object to <gvk>: <converter error>`. `config` is the applied configuration.
 */
export function convertAppliedObject(applied: Record<string, unknown>, type: ObjectType, config: Record<string, unknown>): Record<string, unknown> {
  const out = convertUnstructuredTyped(applied, type);
  if (out.error === undefined) return out.value;
  throw new StatusError(500, '', `failed to convert new object (${objectGVKNN(config)}) to proper version: unable to convert unstructured object to ${gvkString(config)}: ${out.error}`);
}
