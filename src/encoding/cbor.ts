// CBOR (RFC 8949) as kube-apiserver serves it behind CBORServingAndStorage, from
// k8s.io/apimachinery pkg/runtime/serializer/cbor (cbor.go, internal/modes/encode.go,
// decode.go) and the MarshalCBOR methods of metav1.Time/MicroTime, Quantity,
// IntOrString, FieldsV1 and RawExtension (all of which go through modes.Encode).
//
// Encoding: every data item is enclosed in the self-described CBOR tag 55799 (prefix
// d9 d9 f7); Go strings and map keys are CBOR byte strings (String: StringToByteString,
// FieldName: FieldNameToByteString); []byte fields are byte strings in tag 22, "expected
// later base64 encoding" (ByteSliceLaterFormatBase64); map keys are sorted bytewise by
// their encoding (SortBytewiseLexical, RFC 8949 4.2.1); integers are CBOR integers and
// floats the shortest IEEE width that keeps their value (ShortestFloat16); no
// indefinite lengths. skiff's objects are JSON-shaped, so the schema says which fields
// are []byte (base64 text in JSON, raw bytes here) and which are float64.
//
// Decoding (modes.Decode): duplicate map keys, NaN/Inf, bignum tags, simple values other
// than false/true/null, invalid UTF-8 text strings, integers outside int64 and non-string
// map keys are errors; at most 10000 nested levels; indefinite lengths are accepted; tags
// are unwrapped (an "expected later encoding" tag on a byte string makes it base64,
// base64url or hex text; time tags give RFC 3339 text); byte strings are text otherwise.
// The result is the JSON value upstream's decode into Unstructured would give.

import { decode as cborDecode, encode as cborEncode, Tag } from 'cbor2';
import { sortCoreDeterministic } from 'cbor2/sorts';
import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';

/** The head of tag 55799 (self-described CBOR): upstream's magic number for CBOR data. */
export const SELF_DESCRIBED_CBOR = Buffer.from([0xd9, 0xd9, 0xf7]);

const TAG_SELF_DESCRIBED = 55799;
const TAG_EXPECTED_BASE64URL = 21;
const TAG_EXPECTED_BASE64 = 22;
const TAG_EXPECTED_BASE16 = 23;
const TAG_DATETIME_STRING = 0;
const TAG_EPOCH_DATETIME = 1;
const TAG_POS_BIGNUM = 2;
const TAG_NEG_BIGNUM = 3;

/** modes.Decode MaxNestedLevels (the JSON decoder's limit). */
export const MAX_NESTED_LEVELS = 10000;

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8Lossy = new TextDecoder('utf-8');

/** A body upstream's CBOR decoder refuses; the message is worded as fxamacker/cbor's. */
export class CborDecodeError extends Error {}

/** Whether bytes start with the self-described CBOR tag (upstream's RecognizesData). */
export function hasCborPrefix(data: Uint8Array): boolean {
  return data.length >= 3 && data[0] === 0xd9 && data[1] === 0xd9 && data[2] === 0xf7;
}

// ---------------------------------------------------------------------------------------
// Encoding

/** The type of a field of a struct, looking into structs embedded inline. */
export function fieldType(t: ObjectType, name: string): Type | undefined {
  const fields = fieldsOf(t);
  const direct = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (direct) return direct;
  for (const f of Object.values(fields)) {
    if (f.kind === 'object' && (f as unknown as { inline?: boolean }).inline === true) {
      const inner = fieldType(f, name);
      if (inner) return inner;
    }
  }
  return undefined;
}

function base64Bytes(s: string): Uint8Array {
  // A plain Uint8Array: cbor2 encodes a Node Buffer by its toJSON form.
  return new Uint8Array(Buffer.from(s, 'base64'));
}

/** A float64 holding a whole number: Go writes it as a float, the shortest width that keeps it. */
class GoFloat {
  constructor(private readonly value: number) {}
  toCBOR(w: { write(b: Uint8Array): void }): undefined {
    w.write(cborEncode(this.value, { avoidInts: true }));
    return undefined;
  }
}

/** The cbor2 data model of a JSON value: strings and keys as byte strings, []byte in tag 22. */
function toCborModel(v: unknown, type: Type | undefined): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    if (type?.kind === 'bytes') return new Tag(TAG_EXPECTED_BASE64, base64Bytes(v));
    return utf8.encode(v);
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`cbor: unsupported value: ${v}`);
    // A float64 field holding a whole number is still a float (Go keeps the type).
    if (type?.kind === 'double' && Number.isInteger(v)) return new GoFloat(v);
    return v;
  }
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) {
    const items = type?.kind === 'list' ? type.items : undefined;
    return v.map((x) => toCborModel(x, items));
  }
  if (v instanceof Tag) return v;
  const out = new Map<Uint8Array, unknown>();
  const obj = v as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (obj[k] === undefined) continue;
    const ft = type?.kind === 'object' ? fieldType(type, k) : type?.kind === 'map' ? type.values : undefined;
    out.set(utf8.encode(k), toCborModel(obj[k], ft));
  }
  return out;
}

const ENCODE_OPTIONS = { sortKeys: sortCoreDeterministic, collapseBigInts: true } as const;

/** The CBOR model of a value, for embedding an already tagged item (a watch event's object). */
export function selfDescribed(model: unknown): Tag {
  return new Tag(TAG_SELF_DESCRIBED, model);
}

function encodeModel(model: unknown): Buffer {
  const bytes = cborEncode(model, ENCODE_OPTIONS);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Encode a JSON-shaped object as upstream's CBOR serializer writes it. `type` is the
 * kind's schema (built-in kinds); without one (custom resources, Status) every string is
 * a Go string, as in Unstructured.
 */
export function encodeCbor(value: unknown, type?: Type): Buffer {
  return encodeModel(selfDescribed(toCborModel(value, type)));
}

/** A watch event: {type, object} with the object's own self-described item embedded (RawExtension). */
export function encodeWatchEventCbor(eventType: string, object: unknown, type?: Type): Buffer {
  const event = new Map<Uint8Array, unknown>([
    [utf8.encode('type'), utf8.encode(eventType)],
    [utf8.encode('object'), selfDescribed(toCborModel(object, type))],
  ]);
  return encodeModel(selfDescribed(event));
}

// ---------------------------------------------------------------------------------------
// Decoding

/** A decoded CBOR map with every pair as written (duplicates included), checked when converted. */
class DecodedMap {
  constructor(readonly pairs: readonly (readonly [unknown, unknown, ...unknown[]])[]) {}
}

const DECODE_OPTIONS = {
  maxDepth: MAX_NESTED_LEVELS,
  createObject: (kve: readonly (readonly [unknown, unknown, ...unknown[]])[]) => new DecodedMap(kve),
  ignoreGlobalTags: true,
  rejectSimple: true,
  rejectUndefined: true,
  collapseBigInts: true,
} as const;

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** Go's quoting of a map key in DupMapKeyError. */
function goQuoted(s: string): string {
  return JSON.stringify(s);
}

function rfc3339Nano(epochSeconds: number): string {
  const ms = Math.floor(epochSeconds * 1000);
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) throw new CborDecodeError('cbor: epoch time out of range');
  const frac = epochSeconds - Math.floor(epochSeconds);
  const base = d.toISOString().slice(0, 19);
  if (frac === 0) return `${base}Z`;
  const nanos = Math.round(frac * 1e9).toString().padStart(9, '0').replace(/0+$/, '');
  return `${base}.${nanos}Z`;
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return utf8Lossy.decode(v);
  return undefined;
}

/** A decoded cbor2 value as the JSON value Go's decode into interface{} gives. */
function toJsonValue(v: unknown): unknown {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new CborDecodeError(`cbor: ${Number.isNaN(v) ? 'NaN' : 'Inf'} value is not allowed`);
    return v;
  }
  if (typeof v === 'bigint') {
    if (v > INT64_MAX || v < INT64_MIN) throw new CborDecodeError(`cbor: cannot unmarshal ${v < 0n ? 'negative' : 'positive'} integer into Go value of type int64 (${v} overflows Go's int64)`);
    return Number(v);
  }
  if (v instanceof Uint8Array) return utf8Lossy.decode(v);
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v instanceof Tag) return tagValue(v);
  if (v instanceof DecodedMap) {
    const out: Record<string, unknown> = {};
    let index = 0;
    for (const [k, x] of v.pairs) {
      const key = typeof k === 'string' ? k : k instanceof Uint8Array ? utf8Lossy.decode(k) : undefined;
      if (key === undefined) throw new CborDecodeError(`cbor: cannot unmarshal ${cborTypeName(k)} into Go value of type string`);
      if (Object.hasOwn(out, key)) throw new CborDecodeError(`cbor: found duplicate map key ${goQuoted(key)} at map element index ${index}`);
      Object.defineProperty(out, key, { value: toJsonValue(x), enumerable: true, writable: true, configurable: true });
      index++;
    }
    return out;
  }
  throw new CborDecodeError(`cbor: cannot unmarshal ${cborTypeName(v)} into Go value of type interface {}`);
}

function cborTypeName(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'bigint') return Number.isInteger(Number(v)) ? (Number(v) < 0 ? 'negative integer' : 'positive integer') : 'primitives';
  if (Array.isArray(v)) return 'array';
  if (v instanceof DecodedMap) return 'map';
  if (v instanceof Tag) return 'tag';
  if (typeof v === 'boolean' || v === null) return 'primitives';
  return 'primitives';
}

function tagValue(t: Tag): unknown {
  const n = Number(t.tag);
  const c = t.contents;
  switch (n) {
    case TAG_EXPECTED_BASE64:
    case TAG_EXPECTED_BASE64URL:
    case TAG_EXPECTED_BASE16:
      if (c instanceof Uint8Array) {
        const b = Buffer.from(c.buffer, c.byteOffset, c.byteLength);
        return n === TAG_EXPECTED_BASE64 ? b.toString('base64') : n === TAG_EXPECTED_BASE64URL ? b.toString('base64url') : b.toString('hex');
      }
      return toJsonValue(c);
    case TAG_DATETIME_STRING: {
      const s = textOf(c);
      if (s === undefined || Number.isNaN(Date.parse(s))) throw new CborDecodeError('cbor: tag number 0 must be followed by text string, got ' + cborTypeName(c));
      return s;
    }
    case TAG_EPOCH_DATETIME:
      if (typeof c !== 'number' && typeof c !== 'bigint') throw new CborDecodeError('cbor: tag number 1 must be followed by integer or floating-point number, got ' + cborTypeName(c));
      if (typeof c === 'number' && !Number.isFinite(c)) throw new CborDecodeError('cbor: tag number 1 must be followed by a finite number');
      return rfc3339Nano(Number(c));
    case TAG_POS_BIGNUM:
    case TAG_NEG_BIGNUM:
      throw new CborDecodeError(`cbor: bignum tags are forbidden (tag number ${n})`);
    default:
      // UnrecognizedTagContentToAny: an unknown tag stands for its content.
      return toJsonValue(c);
  }
}

/** fxamacker/cbor's wording for the failures cbor2 reports in its own words. */
function goWording(e: Error, data: Uint8Array): string {
  const m = e.message;
  if (data.length === 0) return 'EOF';
  if (/depth|nest/i.test(m)) return `cbor: exceeded max nested level ${MAX_NESTED_LEVELS}`;
  if (/unexpected end|outside the bounds/i.test(m)) return 'unexpected EOF';
  if (/utf-?8|encoded data was not valid/i.test(m)) return 'cbor: invalid UTF-8 string';
  if (/simple|undefined/i.test(m)) return `cbor: ${m}`;
  if (/extra data/i.test(m)) {
    try {
      const len = itemLength(data, 0);
      return `cbor: ${data.length - len} bytes of extraneous data starting at index ${len}`;
    } catch {
      return 'unexpected EOF';
    }
  }
  return `cbor: ${m}`;
}

/**
 * Decode one CBOR data item (optionally self-described) into its JSON value, with
 * upstream's strictness. Throws CborDecodeError with fxamacker/cbor's wording.
 */
export function decodeCbor(data: Uint8Array): unknown {
  if (data.length === 0) throw new CborDecodeError('EOF');
  // cbor2 decodes recursively: measure the nesting first, so that a deep item is refused
  // with upstream's error rather than by the JavaScript stack.
  const depth = nestingDepth(data);
  if (depth > MAX_NESTED_LEVELS) throw new CborDecodeError(`cbor: exceeded max nested level ${MAX_NESTED_LEVELS}`);
  let raw: unknown;
  try {
    raw = cborDecode(data, DECODE_OPTIONS);
  } catch (e) {
    if (e instanceof RangeError && /call stack/.test(e.message)) throw new CborDecodeError(`cbor: ${depth} nested levels are more than this server decodes`);
    throw new CborDecodeError(goWording(e as Error, data));
  }
  return toJsonValue(raw);
}

/** Test helper shape: decode every item of a CBOR sequence (a watch stream). */
export function decodeCborSequence(data: Uint8Array): unknown[] {
  const out: unknown[] = [];
  let rest = data;
  while (rest.length > 0) {
    const len = itemLength(rest, 0);
    out.push(decodeCbor(rest.subarray(0, len)));
    rest = rest.subarray(len);
  }
  return out;
}

/**
 * The deepest nesting of arrays, maps and tags in the first data item (0 for a scalar),
 * walked without recursion. Malformed input yields the depth reached; the decoder reports it.
 */
export function nestingDepth(b: Uint8Array): number {
  // Each open container: how many more items it holds (-1: indefinite, until "break").
  const open: number[] = [];
  let max = 0;
  let at = 0;
  while (at < b.length) {
    const ib = b[at++]!;
    if (ib === 0xff && open.length > 0 && open[open.length - 1] === -1) {
      open.pop();
    } else {
      const major = ib >> 5;
      const ai = ib & 0x1f;
      let arg = 0;
      if (ai < 24) arg = ai;
      else if (ai <= 27) {
        const n = 1 << (ai - 24);
        if (at + n > b.length) return max;
        for (let i = 0; i < n; i++) arg = arg * 256 + b[at + i]!;
        at += n;
      } else if (ai !== 31) return max;
      if ((major === 2 || major === 3) && ai !== 31) at += arg;
      const container = major === 4 || major === 5 || major === 6 || (ai === 31 && (major === 2 || major === 3));
      if (container) {
        const items = ai === 31 ? -1 : major === 4 ? arg : major === 5 ? 2 * arg : 1;
        open.push(items);
        max = Math.max(max, open.length);
        if (items !== 0) continue;
        open.pop();
      }
    }
    // An item ended: count it against its container, closing those that are full.
    while (open.length > 0) {
      const top = open[open.length - 1]!;
      if (top === -1) break;
      if (top > 1) {
        open[open.length - 1] = top - 1;
        break;
      }
      open.pop();
    }
    if (open.length === 0) return max;
  }
  return max;
}

/** The length in bytes of the (definite or indefinite length) data item at `at`. */
export function itemLength(b: Uint8Array, at: number): number {
  const start = at;
  const walk = (): void => {
    if (at >= b.length) throw new CborDecodeError('unexpected EOF');
    const ib = b[at++]!;
    const major = ib >> 5;
    const ai = ib & 0x1f;
    if (ai === 31) {
      if (major === 7) throw new CborDecodeError('cbor: unexpected "break" code');
      while (true) {
        if (at >= b.length) throw new CborDecodeError('unexpected EOF');
        if (b[at] === 0xff) {
          at++;
          return;
        }
        walk();
        if (major === 5) walk();
      }
    }
    let arg = 0;
    if (ai < 24) arg = ai;
    else if (ai <= 27) {
      const n = 1 << (ai - 24);
      if (at + n > b.length) throw new CborDecodeError('unexpected EOF');
      for (let i = 0; i < n; i++) arg = arg * 256 + b[at + i]!;
      at += n;
    } else throw new CborDecodeError(`cbor: invalid additional information ${ai} for type ${major}`);
    switch (major) {
      case 2:
      case 3:
        if (at + arg > b.length) throw new CborDecodeError('unexpected EOF');
        at += arg;
        return;
      case 4:
        for (let i = 0; i < arg; i++) walk();
        return;
      case 5:
        for (let i = 0; i < 2 * arg; i++) walk();
        return;
      case 6:
        walk();
        return;
      default:
        return;
    }
  };
  walk();
  return at - start;
}

/** Check text strings as UTF-8 the strict way (cbor2 decodes them leniently). */
export function isValidUtf8(b: Uint8Array): boolean {
  try {
    utf8Strict.decode(b);
    return true;
  } catch {
    return false;
  }
}
