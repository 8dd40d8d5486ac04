// Kubernetes protobuf for built-in kinds, driven by the schema declarations: decode to the
// JSON object upstream's json.Marshal of the decoded Go struct would give, and encode
// byte for byte as upstream's gogo-generated Marshal (fields by ascending number,
// non-pointer fields always written, map entries sorted by key).

import { goJSON, goQuote, goStringCompare } from '../apimachinery/goformat.js';
import { formatQuantity, parseQuantity } from '../apimachinery/quantity.js';
import { fieldsOf, type ListType, type MapType, type ObjectType, type Type } from '../types/schema.js';
import { decodeEnvelope, encodeEnvelope, hasProtobufPrefix } from './protobuf-envelope.js';
import {
  formatGoDuration,
  formatMicroTime,
  formatTime,
  parseGoDuration,
  parseRFC3339,
  ZERO_TIME_SECONDS,
} from './protobuf-scalars.js';
import { ProtoDecodeError, ProtoReader, ProtoWriter, WIRE_FIXED64, WIRE_LEN, WIRE_VARINT } from './protobuf-wire.js';

export * from './protobuf-envelope.js';
export { ProtoDecodeError } from './protobuf-wire.js';

export interface ProtoDecodeOptions {
  /**
   * Turns the bytes of a RawExtension / JSON / FieldsV1 into a JSON value. The default
   * parses JSON and rejects envelope-encoded protobuf (which only watch events embed).
   */
  parseRaw?: (raw: Uint8Array) => unknown;
}

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

interface FieldPlan {
  json: string;
  no: number | undefined;
  type: Type;
  optional: boolean;
  keepEmpty: boolean;
  /** Go `omitzero`: omitted from JSON when the value is the zero value. */
  omitZero: boolean;
  /** An embedded struct whose fields JSON flattens into the parent but protobuf nests. */
  inline: boolean;
  /** For a field declared flat in the parent but carried by a `protoEmbedded` struct: its index. */
  embedded?: number;
}

interface MessagePlan {
  /** Declaration order: the order of JSON output. */
  fields: FieldPlan[];
  /** The `protoEmbedded` structs, as inline fields (not in `fields`: their fields are). */
  embedded: FieldPlan[];
  /** Fields with a protobuf number, ascending: the order of the wire. */
  wire: FieldPlan[];
  byNumber: Map<number, FieldPlan>;
}

const plans = new WeakMap<ObjectType, MessagePlan>();

/** Schema properties the vocabulary does not (yet) type; read defensively. */
function flag(t: Type, name: 'inline' | 'omitZero'): boolean {
  return (t as unknown as Record<string, unknown>)[name] === true;
}

/**
 * Go structs embedded with `json:",inline"` may be declared two ways: as a field whose
 * object type carries `inline: true` (and its own protobuf number), or as
 * `protoEmbedded: [{number, name, type}]` on the outer type, whose `fields` then list the
 * embedded struct's fields flat (with their numbers inside the embedded struct).
 */
interface ProtoEmbedded {
  number: number;
  name: string;
  type: ObjectType;
}

function protoEmbeddedOf(t: ObjectType): readonly ProtoEmbedded[] {
  const v = (t as unknown as { protoEmbedded?: unknown }).protoEmbedded;
  return Array.isArray(v) ? (v as ProtoEmbedded[]) : [];
}

function planOf(t: ObjectType): MessagePlan {
  const cached = plans.get(t);
  if (cached) return cached;
  const embeddedTypes = protoEmbeddedOf(t);
  const embeddedIndex = new Map<string, number>();
  embeddedTypes.forEach((e, i) => {
    for (const k of Object.keys(fieldsOf(e.type))) embeddedIndex.set(k, i);
  });
  const fields: FieldPlan[] = [];
  const byNumber = new Map<number, FieldPlan>();
  const number = (f: FieldPlan) => {
    if (f.no === undefined || f.embedded !== undefined) return;
    if (!Number.isInteger(f.no) || f.no <= 0) throw new Error(`${t.name}.${f.json}: invalid protobuf number ${f.no}`);
    const dup = byNumber.get(f.no);
    if (dup) throw new Error(`${t.name}: protobuf number ${f.no} used by both ${dup.json} and ${f.json}`);
    byNumber.set(f.no, f);
  };
  for (const [json, ft] of Object.entries(fieldsOf(t))) {
    const f: FieldPlan = {
      json,
      no: ft.protoNumber,
      type: ft,
      optional: ft.optional === true,
      keepEmpty: ft.keepEmpty === true,
      omitZero: flag(ft, 'omitZero') || (t.name === OBJECT_META && json === 'creationTimestamp'),
      inline: ft.kind === 'object' && flag(ft, 'inline'),
      embedded: embeddedIndex.get(json),
    };
    number(f);
    fields.push(f);
  }
  const embedded = embeddedTypes.map((e): FieldPlan => {
    const f: FieldPlan = { json: e.name, no: e.number, type: e.type, optional: false, keepEmpty: false, omitZero: false, inline: true };
    number(f);
    return f;
  });
  const wire = [...byNumber.values()].sort((a, b) => a.no! - b.no!);
  const plan = { fields, embedded, wire, byNumber };
  plans.set(t, plan);
  return plan;
}

// ---------------------------------------------------------------------------------------
// Encoding

/** Serialize a JSON-shaped object of the given type (no envelope). */
export function encodeProto(obj: unknown, type: ObjectType): Uint8Array {
  const w = new ProtoWriter();
  writeFields(w, asRecord(obj), planOf(type));
  return w.finish();
}

/** Serialize an object with its envelope; apiVersion and kind are taken from the object. */
export function encodeObjectProto(obj: Record<string, unknown>, type: ObjectType): Uint8Array {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  return encodeEnvelope(apiVersion, kind, encodeProto(obj, type));
}

function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function writeFields(w: ProtoWriter, obj: Record<string, unknown>, plan: MessagePlan): void {
  for (const f of plan.wire) {
    const v = f.inline ? obj : obj[f.json];
    writeField(w, f.no!, f.type, v, f.optional);
  }
}

function writeField(w: ProtoWriter, no: number, t: Type, v: unknown, optional: boolean): void {
  switch (t.kind) {
    case 'list':
      if (!Array.isArray(v)) return;
      if (t.protoWrapped) {
        w.tag(no, WIRE_LEN).fork();
        for (const item of v) writeListItem(w, 1, t, item);
        w.join();
        return;
      }
      for (const item of v) writeListItem(w, no, t, item);
      return;
    case 'map': {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
      const m = v as Record<string, unknown>;
      const keys = Object.keys(m).filter((k) => m[k] !== undefined).sort(goStringCompare);
      for (const k of keys) {
        w.tag(no, WIRE_LEN).fork();
        w.tag(1, WIRE_LEN).string(k);
        writeMapValue(w, t, m[k]);
        w.join();
      }
      return;
    }
    default:
      if (optional && (v === null || v === undefined)) return;
      writeValue(w, no, t, v);
  }
}

function writeListItem(w: ProtoWriter, no: number, t: ListType, item: unknown): void {
  if (t.items.kind === 'list' || t.items.kind === 'map') {
    // A nested collection travels in a wrapper message {items=1}.
    w.tag(no, WIRE_LEN).fork();
    writeField(w, 1, t.items, item, false);
    w.join();
  } else if (t.items.kind === 'bytes') {
    w.tag(no, WIRE_LEN).bytes(base64Bytes(item));
  } else writeValue(w, no, t.items, item);
}

function writeMapValue(w: ProtoWriter, t: MapType, v: unknown): void {
  const vt = t.values;
  if (vt.kind === 'list' || vt.kind === 'map') {
    // e.g. map<string, ExtraValue> where ExtraValue is {repeated string items = 1}.
    w.tag(2, WIRE_LEN).fork();
    writeField(w, 1, vt, v, false);
    w.join();
  } else if (vt.kind === 'bytes') {
    if (v !== null && v !== undefined) w.tag(2, WIRE_LEN).bytes(base64Bytes(v));
  } else writeValue(w, 2, vt, v);
}

/** One singular value with its tag; null/undefined stand for the Go zero value. */
function writeValue(w: ProtoWriter, no: number, t: Type, v: unknown): void {
  switch (t.kind) {
    case 'string':
      w.tag(no, WIRE_LEN).string(typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
      return;
    case 'bool':
      w.tag(no, WIRE_VARINT).bool(v === true);
      return;
    case 'int32':
      w.tag(no, WIRE_VARINT).int32(toNumber(v));
      return;
    case 'int64':
      w.tag(no, WIRE_VARINT).int64(typeof v === 'bigint' ? v : toNumber(v));
      return;
    case 'double':
      w.tag(no, WIRE_FIXED64).double(typeof v === 'number' ? v : Number(v ?? 0));
      return;
    case 'bytes':
      // Go writes a []byte field only when it is non-nil.
      if (v !== null && v !== undefined) w.tag(no, WIRE_LEN).bytes(base64Bytes(v));
      return;
    case 'object':
      w.tag(no, WIRE_LEN).fork();
      writeFields(w, asRecord(v), planOf(t));
      w.join();
      return;
    case 'list':
    case 'map':
      // Only reachable for a collection nested in a collection; handled by the callers.
      throw new Error(`protobuf: unexpected nested ${t.kind}`);
    default:
      w.tag(no, WIRE_LEN).fork();
      writeSpecial(w, t.kind, v);
      w.join();
  }
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Math.trunc(Number(v));
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

function base64Bytes(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  return typeof v === 'string' ? Buffer.from(v, 'base64') : new Uint8Array(0);
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** The body (without tag and length) of a message-shaped scalar. */
function writeSpecial(w: ProtoWriter, kind: Type['kind'], v: unknown): void {
  switch (kind) {
    case 'time':
    case 'microtime': {
      // metav1.Time / MicroTime: nothing for the zero time; otherwise Timestamp
      // {seconds=1, nanos=2}, where Time drops the nanoseconds.
      if (typeof v !== 'string') return;
      const { seconds, nanos } = parseRFC3339(v);
      if (seconds === ZERO_TIME_SECONDS && nanos === 0) return;
      w.tag(1, WIRE_VARINT).int64(seconds);
      w.tag(2, WIRE_VARINT).int32(kind === 'microtime' ? nanos : 0);
      return;
    }
    case 'duration': {
      let ns = 0n;
      if (typeof v === 'string') ns = parseGoDuration(v);
      else if (typeof v === 'number' && Number.isFinite(v)) ns = BigInt(Math.trunc(v));
      w.tag(1, WIRE_VARINT).int64(ns);
      return;
    }
    case 'quantity':
      w.tag(1, WIRE_LEN).string(canonicalQuantity(v));
      return;
    case 'intOrString':
      // intstr.IntOrString {type=1 (0 int, 1 string), intVal=2, strVal=3}, all always written.
      if (typeof v === 'string') {
        w.tag(1, WIRE_VARINT).uint32(1);
        w.tag(2, WIRE_VARINT).uint32(0);
        w.tag(3, WIRE_LEN).string(v);
      } else {
        w.tag(1, WIRE_VARINT).uint32(0);
        w.tag(2, WIRE_VARINT).int32(toNumber(v));
        w.tag(3, WIRE_LEN).string('');
      }
      return;
    case 'rawExtension':
    case 'json':
    case 'fieldsV1':
      // {raw=1 bytes}: the JSON text; JSON null leaves Raw nil.
      if (v === null || v === undefined) return;
      w.tag(1, WIRE_LEN).bytes(v instanceof Uint8Array ? v : utf8.encode(goJSON(v)));
      return;
    default:
      throw new Error(`protobuf: no message form for ${kind}`);
  }
}

/** Quantity.String(): the canonical form; an unparseable value passes through. */
function canonicalQuantity(v: unknown): string {
  if (v === null || v === undefined) return '0';
  const s = typeof v === 'string' ? v.trim() : String(v);
  try {
    return formatQuantity(parseQuantity(s));
  } catch {
    return s;
  }
}

// ---------------------------------------------------------------------------------------
// Decoding

const EMPTY = new Uint8Array(0);

/** Decode a protobuf message (no envelope) into the JSON object of the given type. */
export function decodeProto(bytes: Uint8Array, type: ObjectType, options: ProtoDecodeOptions = {}): Record<string, unknown> {
  return decodeMessage(bytes, planOf(type), options.parseRaw ?? defaultParseRaw);
}

/**
 * Decode an envelope-encoded object. `resolve` gives the schema for the envelope's
 * apiVersion and kind; `defaults` fill in an empty apiVersion or kind (upstream uses the
 * endpoint's group, version and kind). The result starts with kind and apiVersion, as
 * Go's TypeMeta marshals.
 */
export function decodeObjectProto(
  bytes: Uint8Array,
  resolve: (apiVersion: string, kind: string) => ObjectType | undefined,
  defaults: { apiVersion?: string; kind?: string } = {},
  options: ProtoDecodeOptions = {},
): Record<string, unknown> {
  const env = decodeEnvelope(bytes);
  const kind = env.kind || defaults.kind || '';
  const apiVersion = env.apiVersion || defaults.apiVersion || '';
  const typeMeta = `runtime.TypeMeta{APIVersion:${goQuote(env.apiVersion)}, Kind:${goQuote(env.kind)}}`;
  if (!kind) throw new ProtoDecodeError(`Object 'Kind' is missing in '${typeMeta}'`);
  if (!apiVersion) throw new ProtoDecodeError(`Object 'apiVersion' is missing in '${typeMeta}'`);
  const type = resolve(apiVersion, kind);
  if (!type) throw new ProtoDecodeError(`no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)}`);
  const body = decodeProto(env.raw, type, options);
  const out: Record<string, unknown> = { kind, apiVersion };
  for (const [k, v] of Object.entries(body)) if (k !== 'kind' && k !== 'apiVersion') out[k] = v;
  return out;
}

function defaultParseRaw(raw: Uint8Array): unknown {
  if (hasProtobufPrefix(raw)) {
    throw new ProtoDecodeError('protobuf: an embedded object encoded as protobuf cannot be represented as JSON here');
  }
  try {
    return JSON.parse(utf8Decoder.decode(raw));
  } catch (err) {
    throw new ProtoDecodeError(`protobuf: embedded raw data is not valid JSON: ${(err as Error).message}`);
  }
}

type ParseRaw = (raw: Uint8Array) => unknown;

/** Per-field state while scanning a message. */
type Slot =
  | { kind: 'value'; value: unknown }
  | { kind: 'chunks'; chunks: Uint8Array[] }
  | { kind: 'list'; items: unknown[] }
  | { kind: 'map'; entries: Map<string, unknown> };

function decodeMessage(bytes: Uint8Array, plan: MessagePlan, parseRaw: ParseRaw): Record<string, unknown> {
  const slots = new Map<FieldPlan, Slot>();
  const r = new ProtoReader(bytes);
  while (!r.eof()) {
    const [no, wt] = r.tag();
    const f = plan.byNumber.get(no);
    if (!f) {
      r.skip(wt, no);
      continue;
    }
    readField(r, wt, f, slots, parseRaw);
  }
  return render(plan, slots, parseRaw);
}

function wrongWire(wt: number, f: { json: string }): ProtoDecodeError {
  return new ProtoDecodeError(`proto: wrong wireType = ${wt} for field ${f.json}`);
}

function readField(r: ProtoReader, wt: number, f: FieldPlan, slots: Map<FieldPlan, Slot>, parseRaw: ParseRaw): void {
  const t = f.type;
  if (t.kind === 'list' && t.protoWrapped) {
    if (wt !== WIRE_LEN) throw wrongWire(wt, f);
    const items = decodeWrapper(r.bytes(), { ...t, protoWrapped: false }, f, parseRaw);
    const slot = slots.get(f);
    if (slot?.kind === 'list') slot.items.push(...((items as unknown[] | null) ?? []));
    else slots.set(f, { kind: 'list', items: (items as unknown[] | null) ?? [] });
    return;
  }
  if (t.kind === 'list') {
    let slot = slots.get(f);
    if (!slot) slots.set(f, (slot = { kind: 'list', items: [] }));
    const items = (slot as { items: unknown[] }).items;
    const it = t.items;
    if (wt === WIRE_LEN && isNumeric(it)) {
      // Packed repeated scalars (gogo writes them unpacked but reads both).
      const sub = new ProtoReader(r.bytes());
      while (!sub.eof()) items.push(readScalar(sub, it));
      return;
    }
    items.push(readListItem(r, wt, t, f, parseRaw));
    return;
  }
  if (t.kind === 'map') {
    if (wt !== WIRE_LEN) throw wrongWire(wt, f);
    let slot = slots.get(f);
    if (!slot) slots.set(f, (slot = { kind: 'map', entries: new Map() }));
    const [k, v] = readMapEntry(r.bytes(), t, f, parseRaw);
    (slot as { entries: Map<string, unknown> }).entries.set(k, v);
    return;
  }
  if (isNumeric(t) || t.kind === 'string') {
    if (wt !== expectedWire(t)) throw wrongWire(wt, f);
    slots.set(f, { kind: 'value', value: readScalar(r, t) });
    return;
  }
  // bytes and every message-shaped kind: keep the payload; repeated occurrences of a
  // message merge, which for protobuf is the same as decoding the concatenation.
  if (wt !== WIRE_LEN) throw wrongWire(wt, f);
  const payload = r.bytes();
  const prev = slots.get(f);
  if (t.kind !== 'bytes' && prev?.kind === 'chunks') prev.chunks.push(payload);
  else slots.set(f, { kind: 'chunks', chunks: [payload] });
}

function isNumeric(t: Type): boolean {
  return t.kind === 'bool' || t.kind === 'int32' || t.kind === 'int64' || t.kind === 'double';
}

function expectedWire(t: Type): number {
  if (t.kind === 'double') return WIRE_FIXED64;
  if (isNumeric(t)) return WIRE_VARINT;
  return WIRE_LEN;
}

function readScalar(r: ProtoReader, t: Type): unknown {
  switch (t.kind) {
    case 'string':
      return r.string();
    case 'bool':
      return r.bool();
    case 'int32':
      return r.int32();
    case 'int64':
      return r.int64();
    case 'double':
      return r.double();
    default:
      throw new Error(`protobuf: ${t.kind} is not a scalar`);
  }
}

/** A list element or map value, already in its JSON form. */
function readElement(r: ProtoReader, wt: number, t: Type, f: { json: string }, parseRaw: ParseRaw): unknown {
  if (wt !== expectedWire(t)) throw wrongWire(wt, f);
  if (isNumeric(t) || t.kind === 'string') return readScalar(r, t);
  const payload = r.bytes();
  if (t.kind === 'bytes') return Buffer.from(payload).toString('base64');
  return decodeMessageValue(payload, t, parseRaw);
}

function readListItem(r: ProtoReader, wt: number, t: ListType, f: FieldPlan, parseRaw: ParseRaw): unknown {
  if (t.items.kind === 'list' || t.items.kind === 'map') {
    if (wt !== WIRE_LEN) throw wrongWire(wt, f);
    return decodeWrapper(r.bytes(), t.items, f, parseRaw);
  }
  return readElement(r, wt, t.items, f, parseRaw);
}

/** A {items=1} wrapper message holding a nested list or map; an empty one is Go's nil. */
function decodeWrapper(bytes: Uint8Array, t: ListType | MapType, f: { json: string }, parseRaw: ParseRaw): unknown {
  const inner: FieldPlan = { json: f.json, no: 1, type: t, optional: false, keepEmpty: true, omitZero: false, inline: false };
  const plan: MessagePlan = { fields: [inner], embedded: [], wire: [inner], byNumber: new Map([[1, inner]]) };
  return decodeMessage(bytes, plan, parseRaw)[f.json];
}

function readMapEntry(bytes: Uint8Array, t: MapType, f: FieldPlan, parseRaw: ParseRaw): [string, unknown] {
  let key = '';
  let value: unknown;
  let seen = false;
  const r = new ProtoReader(bytes);
  while (!r.eof()) {
    const [no, wt] = r.tag();
    if (no === 1) {
      if (wt !== WIRE_LEN) throw wrongWire(wt, f);
      key = r.string();
    } else if (no === 2) {
      const vt = t.values;
      if (vt.kind === 'list' || vt.kind === 'map') {
        if (wt !== WIRE_LEN) throw wrongWire(wt, f);
        value = decodeWrapper(r.bytes(), vt, f, parseRaw);
      } else value = readElement(r, wt, vt, f, parseRaw);
      seen = true;
    } else r.skip(wt, no);
  }
  if (!seen) value = zeroElement(t.values, parseRaw);
  return [key, value];
}

/** The JSON of a map value that the entry left out. */
function zeroElement(t: Type, parseRaw: ParseRaw): unknown {
  switch (t.kind) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
    case 'double':
      return 0;
    case 'bytes':
    case 'list':
    case 'map':
      return null;
    default:
      return decodeMessageValue(EMPTY, t, parseRaw);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The JSON of a message-shaped value (object or special scalar) from its payload. */
function decodeMessageValue(payload: Uint8Array, t: Type, parseRaw: ParseRaw): unknown {
  switch (t.kind) {
    case 'object':
      return decodeMessage(payload, planOf(t), parseRaw);
    case 'time':
    case 'microtime': {
      if (payload.length === 0) return null;
      let seconds = 0;
      let nanos = 0;
      const r = new ProtoReader(payload);
      while (!r.eof()) {
        const [no, wt] = r.tag();
        if (no === 1 && wt === WIRE_VARINT) seconds = r.int64();
        else if (no === 2 && wt === WIRE_VARINT) nanos = r.int32();
        else if (no === 1 || no === 2) throw wrongWire(wt, { json: no === 1 ? 'Seconds' : 'Nanos' });
        else r.skip(wt, no);
      }
      if (t.kind === 'time') nanos = 0; // metav1.Time reads whole seconds only
      else if (nanos < 0 || nanos >= 1e9) {
        const carry = Math.floor(nanos / 1e9);
        seconds += carry;
        nanos -= carry * 1e9;
      }
      if (seconds === ZERO_TIME_SECONDS && nanos === 0) return null;
      return t.kind === 'time' ? formatTime(seconds) : formatMicroTime(seconds, nanos);
    }
    case 'duration': {
      let ns = 0n;
      const r = new ProtoReader(payload);
      while (!r.eof()) {
        const [no, wt] = r.tag();
        if (no === 1 && wt === WIRE_VARINT) ns = r.int64Big();
        else if (no === 1) throw wrongWire(wt, { json: 'Duration' });
        else r.skip(wt, no);
      }
      return formatGoDuration(ns);
    }
    case 'quantity': {
      let s: string | undefined;
      const r = new ProtoReader(payload);
      while (!r.eof()) {
        const [no, wt] = r.tag();
        if (no === 1 && wt === WIRE_LEN) s = r.string();
        else if (no === 1) throw wrongWire(wt, { json: 'String_' });
        else r.skip(wt, no);
      }
      if (s === undefined) return '0';
      try {
        return formatQuantity(parseQuantity(s));
      } catch (err) {
        throw new ProtoDecodeError((err as Error).message);
      }
    }
    case 'intOrString': {
      let type = 0;
      let intVal = 0;
      let strVal = '';
      const r = new ProtoReader(payload);
      while (!r.eof()) {
        const [no, wt] = r.tag();
        if (no === 1 && wt === WIRE_VARINT) type = r.int64();
        else if (no === 2 && wt === WIRE_VARINT) intVal = r.int32();
        else if (no === 3 && wt === WIRE_LEN) strVal = r.string();
        else if (no >= 1 && no <= 3) throw wrongWire(wt, { json: ['Type', 'IntVal', 'StrVal'][no - 1]! });
        else r.skip(wt, no);
      }
      return type === 1 ? strVal : intVal;
    }
    case 'rawExtension':
    case 'json':
    case 'fieldsV1': {
      let raw: Uint8Array | undefined;
      const r = new ProtoReader(payload);
      while (!r.eof()) {
        const [no, wt] = r.tag();
        if (no === 1 && wt === WIRE_LEN) raw = r.bytes();
        else if (no === 1) throw wrongWire(wt, { json: 'Raw' });
        else r.skip(wt, no);
      }
      // Go marshals a nil (and an empty) Raw as null.
      return raw === undefined || raw.length === 0 ? null : parseRaw(raw);
    }
    default:
      throw new Error(`protobuf: ${t.kind} is not message-shaped`);
  }
}

const OMIT = Symbol('omit');

/** Build the JSON object from the scanned fields, applying Go's zero values and omitempty. */
function render(plan: MessagePlan, slots: Map<FieldPlan, Slot>, parseRaw: ParseRaw): Record<string, unknown> {
  const inlined = (f: FieldPlan) => {
    const slot = slots.get(f);
    return decodeMessage(slot?.kind === 'chunks' ? concat(slot.chunks) : EMPTY, planOf(f.type as ObjectType), parseRaw);
  };
  const embedded = plan.embedded.map(inlined);
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) {
    if (f.embedded !== undefined) {
      const sub = embedded[f.embedded]!;
      if (Object.hasOwn(sub, f.json)) out[f.json] = sub[f.json];
      continue;
    }
    if (f.inline) {
      Object.assign(out, inlined(f));
      continue;
    }
    const v = fieldJSON(f, slots.get(f), parseRaw);
    if (v !== OMIT) out[f.json] = v;
  }
  return out;
}

function fieldJSON(f: FieldPlan, slot: Slot | undefined, parseRaw: ParseRaw): unknown {
  const t = f.type;
  const absent = f.keepEmpty ? null : OMIT;
  switch (t.kind) {
    case 'list':
      return slot?.kind === 'list' ? slot.items : absent;
    case 'map': {
      if (slot?.kind !== 'map') return absent;
      const obj: Record<string, unknown> = {};
      for (const k of [...slot.entries.keys()].sort(goStringCompare)) obj[k] = slot.entries.get(k);
      return obj;
    }
    case 'string':
    case 'bool':
    case 'int32':
    case 'int64':
    case 'double': {
      if (slot?.kind === 'value') {
        if (f.optional) return slot.value;
        return isZeroScalar(slot.value) && !f.keepEmpty ? OMIT : slot.value;
      }
      if (f.optional) return absent;
      return f.keepEmpty ? zeroElement(t, parseRaw) : OMIT;
    }
    case 'bytes': {
      if (slot?.kind !== 'chunks') return absent;
      const b = slot.chunks[0]!;
      if (b.length === 0 && !f.keepEmpty) return OMIT;
      return Buffer.from(b).toString('base64');
    }
    default: {
      // Structs: a nil pointer is omitted (or null); a non-pointer struct is always written.
      if (slot?.kind !== 'chunks' && f.optional) return absent;
      const value = decodeMessageValue(slot?.kind === 'chunks' ? concat(slot.chunks) : EMPTY, t, parseRaw);
      if (f.omitZero && value === null && (t.kind === 'time' || t.kind === 'microtime')) return OMIT;
      return value;
    }
  }
}

function isZeroScalar(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

// ---------------------------------------------------------------------------------------
// Lists

/**
 * The schema of a `<Kind>List` message: {metadata=1 ListMeta, items=2 repeated Kind};
 * apiVersion and kind travel in the envelope only.
 */
export function listType(itemType: ObjectType, listMetaType: ObjectType, name = `${itemType.name}List`): ObjectType {
  return {
    kind: 'object',
    name,
    fields: {
      kind: { kind: 'string' },
      apiVersion: { kind: 'string' },
      metadata: { ...listMetaType, protoNumber: 1 },
      items: { kind: 'list', items: itemType, protoNumber: 2, keepEmpty: true },
    },
  };
}
