// Decoding request bodies into objects of the addressed kind, with upstream's
// checks and messages for wrong kinds, wrong versions and malformed input.

import { badRequest } from '../apimachinery/errors.js';
import { CborDecodeError, decodeCbor } from '../encoding/cbor.js';
import type { Encoding } from '../encoding/negotiate.js';
import { jsonDepthError, jsonStringEnd } from '../encoding/json-depth.js';
import { parseYaml } from '../encoding/yaml.js';
import type { Obj } from '../types/kind.js';
import { parseGoJson } from '../patch/go-json.js';
import { countKeys } from '../registry/field-validation.js';
import type { ObjectType } from '../types/schema.js';
import { decodeJsonTyped, decodeValueTyped } from './typed-decode.js';

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

/**
 * Decode a CBOR body into its JSON value. Upstream's serializer reads the body's
 * apiVersion/kind first (metaFactory.Interpret), so a body it cannot decode at all is
 * "unable to determine group/version/kind" (transformDecodeError's unrecognized form).
 */
function parseCbor(body: Buffer, kindForErrors: string): unknown {
  try {
    return decodeCbor(body);
  } catch (e) {
    if (e instanceof CborDecodeError) throw unrecognized(kindForErrors, `unable to determine group/version/kind: ${e.message}`, body);
    throw e;
  }
}

/**
 * A CBOR request body as the JSON document it stands for: the rest of the request path
 * (field validation, typed decoding, custom resources) then reads it as JSON. Upstream's
 * CBOR decoder rejects duplicate map keys outright, so nothing strict is lost.
 */
export function cborBodyAsJson(body: Buffer, kindForErrors: string): Buffer {
  return Buffer.from(JSON.stringify(parseCbor(body, kindForErrors)));
}

/**
 * An application/apply-patch+cbor body as JSON, for the apply path. v1.34's applyPatcher
 * decodes it with the CBOR decoder and reports a failure with the YAML wording
 * (k8s.io/apiserver v0.34 pkg/endpoints/handlers/patch.go applyPatchToCurrentObject).
 */
export function cborApplyPatchAsJson(body: Buffer): Buffer {
  try {
    return Buffer.from(JSON.stringify(decodeCbor(body)));
  } catch (e) {
    if (e instanceof CborDecodeError) throw badRequest(`error decoding YAML: ${e.message}`);
    throw e;
  }
}

/** Parse a body as JSON, YAML or CBOR into a plain value; malformed input is a 400 naming the expected kind. */
export function parseBody(body: Buffer, encoding: Encoding, kindForErrors = 'Object'): unknown {
  if (encoding === 'protobuf') throw unrecognized(kindForErrors, 'protobuf is not supported for this request', body);
  if (encoding === 'cbor') return parseCbor(body, kindForErrors);
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

/** The text of a YAML stream's first document (a later "---" or "..." at a line's start ends it). */
function firstYamlDocument(text: string): string {
  const start = /^---(?:[ \t].*)?$/m.exec(text);
  const from = start && text.slice(0, start.index).trim() === '' ? start.index + start[0].length : 0;
  const end = /^(?:---|\.\.\.)(?:[ \t]|$)/m.exec(text.slice(from));
  return end ? text.slice(0, from + end.index) : text;
}

/**
 * An apply patch as upstream's applyPatcher reads it (sigs.k8s.io/yaml.Unmarshal into a
 * map[string]interface{}): its first YAML document only, nothing (or null) as an empty object,
 * any other value refused as encoding/json refuses it.
 */
export function decodeApplyPatchYaml(text: string): Obj {
  let value: unknown;
  try {
    value = parseYaml(firstYamlDocument(text));
  } catch (e) {
    const err = e as Error & { reason?: string; mark?: { line: number } };
    // An error at the end of the stream is on the last line, as goyaml counts them.
    const lastLine = Math.max(1, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
    const reason = err.reason !== undefined && err.mark ? `line ${Math.min(err.mark.line + 1, lastLine)}: ${err.reason}` : err.message.split('\n')[0];
    throw badRequest(`error decoding YAML: error converting YAML to JSON: yaml: ${reason}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goType(value)} into Go value of type map[string]interface {}`);
  }
  return value as Obj;
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
 * Decode a JSON or YAML body into the kind's Go types, as upstream's typed decoding does:
 * the kind checks first, then Go's decoding (typed-decode.ts); a value Go refuses is a
 * 400 `<Kind> in version "v1" cannot be handled as a <Kind>: <Go's error>`.
 */
export function decodeTypedObject(body: Buffer, encoding: 'json' | 'yaml' | 'cbor', expected: ExpectedKind, type: ObjectType): Obj {
  const parsed = parseBody(body, encoding, expected.kind);
  const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  const decoded = !isObject ? undefined : encoding === 'json' && needsLiteralParse(body, parsed) ? decodeJsonTyped(parseGoJson(body), type) : decodeValueTyped(parsed, type);
  const obj = checkObject(decoded ? decoded.value : parsed, body, expected);
  if (decoded?.error) throw typedDecodeError(expected.kind, expected.version, decoded.error);
  return obj;
}

/**
 * Whether a JSON body needs the literal-keeping parse: an object key repeated, or a number
 * written otherwise than Go re-encodes its value (1.0, 8e1, 16 digits or more). Most bodies
 * have neither and are decoded from JSON.parse's value, which is several times faster.
 */
function needsLiteralParse(b: Buffer, parsed: unknown): boolean {
  let keys = 0;
  let digits = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x22) {
      i = jsonStringEnd(b, i);
      digits = 0;
    } else if (c >= 0x30 && c <= 0x39) {
      if (++digits >= 16) return true;
    } else {
      if (digits > 0 && (c === 0x2e || c === 0x65 || c === 0x45)) return true;
      digits = 0;
      if (c === 0x3a) keys++;
    }
  }
  return keys !== countKeys(parsed);
}

/**
 * The first number in a JSON text that a float64 cannot hold (1e400), as written: Go's
 * decoder refuses it where JSON.parse gives Infinity. Only a number with an exponent or of
 * more than 308 digits can overflow.
 */
export function overflowingNumber(b: Buffer): string | undefined {
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x22) {
      i = jsonStringEnd(b, i);
      continue;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) continue;
    let end = i + 1;
    let exponent = false;
    for (; end < b.length; end++) {
      const d = b[end]!;
      if (d === 0x65 || d === 0x45) exponent = true;
      else if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d)) break;
    }
    if (exponent || end - i > 308) {
      const literal = b.toString('latin1', i, end);
      if (!Number.isFinite(Number(literal))) return literal;
    }
    i = end - 1;
  }
  return undefined;
}

/** Upstream's 400 for a body its typed decoding refuses (transformDecodeError). */
export function typedDecodeError(kind: string, version: string, goError: string) {
  return badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${goError}`);
}
