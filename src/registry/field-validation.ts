// Server-side field validation (the `fieldValidation` query parameter of POST, PUT and
// PATCH): unknown and duplicate fields detected from the kind's schema and reported the
// way kube-apiserver v1.34 reports them.
//
// Three upstream mechanisms are reproduced, because each words and orders its findings
// differently:
// - create/update bodies (and the JSON/merge-patched object) go through sigs.k8s.io/json's
//   strict decoder: document order, `unknown field "a.b[0].c"` / `duplicate field ...`
//   with Go-quoted paths, map keys in the path, repeats dropped, at most 100;
// - a strategic-merge-patched object goes through the unstructured converter
//   (FromUnstructuredWithValidation): only unknown fields, paths without map keys, the
//   list sorted;
// - YAML bodies first pass yaml.v2's strict decoding (duplicate keys, one error listing
//   line numbers), then the JSON decoder runs over the sorted-key JSON conversion.
// Protobuf bodies have no strict decoding: they never produce findings.

import { StatusError, badRequest, fieldErr, invalid, type FieldError } from '../apimachinery/errors.js';
import { goQuote } from '../apimachinery/goformat.js';
import { kubeYamlSchema } from '../encoding/yaml.js';
import { jsonStringEnd } from '../encoding/json-depth.js';
import { GoJsonSyntaxError, StrictErrorList, compareGoStrings, goEncode, jsToRaw, parseGoJson, type RawNode } from '../patch/go-json.js';
import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';
import yaml from 'js-yaml';

export type FieldValidationMode = 'Ignore' | 'Warn' | 'Strict';

/** The options kinds whose `fieldValidation` is validated (the 422 names the kind). */
export type WriteOptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions';

/** Upstream's allowed values, as sets.NewString(...).List() orders them in the 422. */
const ALLOWED_FIELD_VALIDATION = ['', 'Ignore', 'Strict', 'Warn'];

/** metav1 validation.ValidateFieldValidation: an unsupported value is one field error. */
export function validateFieldValidation(value: string): FieldError[] {
  return ALLOWED_FIELD_VALIDATION.includes(value) ? [] : [fieldErr.notSupported('fieldValidation', value, ALLOWED_FIELD_VALIDATION)];
}

/** handlers/rest.go fieldValidation(): an empty (or absent) directive means Warn. */
export function fieldValidationDirective(value: string | null | undefined): FieldValidationMode {
  return value === 'Ignore' || value === 'Strict' ? value : 'Warn';
}

/**
 * Reads and validates `fieldValidation` from a request's query. An unsupported value is
 * upstream's 422, e.g. `CreateOptions.meta.k8s.io "" is invalid: fieldValidation:
 * Unsupported value: "foo": supported values: "", "Ignore", "Strict", "Warn"`.
 * (Upstream reports it together with the options' other errors; callers that already
 * collect those can use validateFieldValidation instead.)
 */
export function fieldValidationMode(query: URLSearchParams, optionsKind: WriteOptionsKind): FieldValidationMode {
  const value = query.get('fieldValidation') ?? '';
  const errs = validateFieldValidation(value);
  if (errs.length) throw invalid({ group: 'meta.k8s.io', kind: optionsKind }, '', errs);
  return fieldValidationDirective(value);
}

// ---- the strict JSON decoder (sigs.k8s.io/json UnmarshalStrict into the Go type) ----

const PRESERVE_UNKNOWN = 'x-kubernetes-preserve-unknown-fields';

function preservesUnknown(t: ObjectType): boolean {
  return t.extensions?.[PRESERVE_UNKNOWN] === true;
}

/** Path of a key below `parent`, as the strict decoder builds it. */
function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** A field path built lazily: most walks report nothing, so strings are made only for findings. */
interface PathNode {
  readonly up: PathNode | undefined;
  readonly key?: string;
  readonly index?: number;
}

function pathString(p: PathNode | undefined): string {
  if (!p) return '';
  if (p.index !== undefined) return `${pathString(p.up)}[${p.index}]`;
  return childPath(pathString(p.up), p.key!);
}

/** How the strict walk reads a document: a RawNode tree (duplicates visible) or plain JS values. */
interface DocView<N> {
  /** Calls `fn` for each entry of an object in order; false when `n` is not an object. */
  eachEntry(n: N, fn: (key: string, value: N) => void): boolean;
  /** The items of an array, or undefined when `n` is not an array. */
  items(n: N): readonly N[] | undefined;
  /** Whether an object can hold a key twice (only raw text can). */
  duplicates: boolean;
}

const rawView: DocView<RawNode> = {
  eachEntry(n, fn) {
    if (n.t !== 'object') return false;
    for (const [k, v] of n.entries) fn(k, v);
    return true;
  },
  items: (n) => (n.t === 'array' ? n.items : undefined),
  duplicates: true,
};

const jsView: DocView<unknown> = {
  eachEntry(n, fn) {
    if (!isPlainObject(n)) return false;
    for (const k of Object.keys(n)) fn(k, n[k]);
    return true;
  },
  items: (n) => (Array.isArray(n) ? n : undefined),
  duplicates: false,
};

/** Go marshals maps with sorted keys: the order a JSON conversion of a Go map shows. */
const sortedJsView: DocView<unknown> = {
  eachEntry(n, fn) {
    if (!isPlainObject(n)) return false;
    for (const k of Object.keys(n).sort(compareGoStrings)) fn(k, n[k]);
    return true;
  },
  items: (n) => (Array.isArray(n) ? n : undefined),
  duplicates: false,
};

/**
 * Walks a JSON document against a type as encoding/json decodes it into the Go struct.
 * `type` undefined stands for interface{} (only duplicates are checked). Values the
 * decoder skips (unknown fields, type mismatches, custom unmarshalers such as Quantity,
 * Time, IntOrString, RawExtension, FieldsV1) are not looked into.
 */
function walkStrict<N>(view: DocView<N>, node: N, type: Type | undefined, path: PathNode | undefined, out: StrictErrorList): void {
  if (type !== undefined && type.kind !== 'object' && type.kind !== 'map' && type.kind !== 'list') return;
  if (type === undefined && !view.duplicates) return; // interface{}: nothing to find without duplicates
  if (type?.kind === 'list' || type === undefined) {
    const items = view.items(node);
    if (items) {
      const itemType = type?.kind === 'list' ? type.items : undefined;
      for (let i = 0; i < items.length; i++) walkStrict(view, items[i]!, itemType, { up: path, index: i }, out);
      return;
    }
    if (type) return;
  }
  const seen = view.duplicates ? new Set<string>() : undefined;
  const struct = type?.kind === 'object' ? type : undefined;
  const fields = struct ? fieldsOf(struct) : undefined;
  const preserve = struct ? preservesUnknown(struct) : false;
  view.eachEntry(node, (k, v) => {
    let valueType: Type | undefined;
    if (fields) {
      if (Object.hasOwn(fields, k)) valueType = fields[k];
      else if (!preserve) {
        out.add(`unknown field ${goQuote(pathString({ up: path, key: k }))}`);
        return;
      }
    } else if (type?.kind === 'map') {
      valueType = type.values;
    }
    if (seen) {
      if (seen.has(k)) out.add(`duplicate field ${goQuote(pathString({ up: path, key: k }))}`);
      seen.add(k);
    }
    if (valueType === undefined ? !view.duplicates : valueType.kind !== 'object' && valueType.kind !== 'map' && valueType.kind !== 'list') return;
    walkStrict(view, v, valueType, { up: path, key: k }, out);
  });
}

/** Object keys in JSON text: each is followed by the only colons outside strings. */
function countKeysInText(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x22) i = jsonStringEnd(b, i);
    else if (c === 0x3a) n++;
  }
  return n;
}

/** Object keys in a parsed value (fewer than in its text when a key was repeated). */
export function countKeys(v: unknown): number {
  // Iterative: bodies may nest up to Go's 10000 levels, deeper than Node's stack.
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (Array.isArray(x)) {
      for (const y of x) if (y !== null && typeof y === 'object') stack.push(y);
    } else if (isPlainObject(x)) {
      for (const y of Object.values(x)) {
        n++;
        if (y !== null && typeof y === 'object') stack.push(y);
      }
    }
  }
  return n;
}

const utf8Encoder = new TextEncoder();

/**
 * The strict errors of a JSON request body decoded into `type` (a create or update body):
 * unknown and duplicate fields in document order, each once, at most 100, worded as
 * upstream (`unknown field "spec.foo"`, `duplicate field "metadata.name"`).
 * `body` is the raw JSON (string or bytes; only the raw text shows duplicates) or an
 * already decoded value; pass `decoded` too when the caller has parsed the bytes, to
 * spare a second parse. Malformed JSON yields no findings (decoding reports it).
 */
export function findUnknownFields(body: Buffer | Uint8Array | string | unknown, type: ObjectType, decoded?: unknown): string[] {
  const out = new StrictErrorList();
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = typeof body === 'string' ? utf8Encoder.encode(body) : body;
    let value = decoded;
    if (value === undefined) {
      try {
        value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      } catch {
        return [];
      }
    }
    // Duplicates vanish in a parsed value; only then is the slower raw parse needed.
    if (countKeysInText(bytes) !== countKeys(value)) {
      const node = toRawNode(bytes);
      if (!node) return [];
      walkStrict(rawView, node, type, undefined, out);
      return out.errors;
    }
    walkStrict(jsView, value, type, undefined, out);
    return out.errors;
  }
  walkStrict(jsView, body, type, undefined, out);
  return out.errors;
}

/** findUnknownFields over an already parsed RawNode (from parseGoJson). */
export function findUnknownFieldsInRaw(node: RawNode, type: ObjectType): string[] {
  const out = new StrictErrorList();
  walkStrict(rawView, node, type, undefined, out);
  return out.errors;
}

function toRawNode(body: unknown): RawNode | undefined {
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      return parseGoJson(body);
    } catch (e) {
      if (e instanceof GoJsonSyntaxError) return undefined; // the decode step reports syntax errors
      throw e;
    }
  }
  return jsToRaw(body);
}

// ---- YAML bodies ----

type YamlKey = string | number | boolean | null | object;

interface YamlNode {
  line: number;
  kind: string;
  result: unknown;
  children: YamlNode[];
}

/** A node's line as yaml.v2 records it: a collection starts at its first entry. */
function yamlNodeLine(n: YamlNode): number {
  return n.children.length ? yamlNodeLine(n.children[0]!) : n.line;
}

/** js-yaml sometimes wraps a node in one more open/close pair with the same result. */
function unwrapYaml(n: YamlNode): YamlNode {
  while (n.children.length === 1 && n.children[0]!.result === n.result && n.children[0]!.kind === n.kind) n = n.children[0]!;
  return n;
}

/** Go's %#v of a decoded YAML map key. */
function goSharpV(k: YamlKey): string {
  if (typeof k === 'string') return goQuote(k);
  if (k === null) return '<nil>';
  if (typeof k === 'number') return goFormatFloatG(k);
  return String(k);
}

/**
 * yaml.v2's strict decoding error for duplicate mapping keys, as sigs.k8s.io/yaml's
 * YAMLToJSONStrict returns it: `yaml: unmarshal errors:\n  line 4: key "name" already
 * set in map` (one line per duplicate, in decoding order). Undefined when there is none
 * or the text does not parse (decoding reports that).
 */
export function yamlDuplicateKeyError(text: string): string | undefined {
  const stack: YamlNode[] = [{ line: 0, kind: '', result: undefined, children: [] }];
  try {
    yaml.load(text, {
      schema: kubeYamlSchema,
      json: true,
      listener(event, state) {
        const s = state as unknown as { line: number; kind: string; result: unknown };
        if (event === 'open') {
          stack.push({ line: s.line, kind: '', result: undefined, children: [] });
        } else {
          const n = stack.pop()!;
          n.kind = s.kind;
          n.result = s.result;
          stack[stack.length - 1]!.children.push(n);
        }
      },
    });
  } catch {
    return undefined;
  }
  const lines: string[] = [];
  const visit = (raw: YamlNode): void => {
    const n = unwrapYaml(raw);
    if (n.kind === 'mapping') {
      const seen = new Set<string>();
      for (let i = 0; i + 1 < n.children.length; i += 2) {
        const keyNode = unwrapYaml(n.children[i]!);
        const valueNode = n.children[i + 1]!;
        visit(valueNode);
        const key = keyNode.result as YamlKey;
        if (key === '<<') continue; // merge keys are not entries
        const id = `${typeof key}:${String(key)}`;
        if (seen.has(id)) lines.push(`line ${yamlNodeLine(unwrapYaml(valueNode)) + 1}: key ${goSharpV(key)} already set in map`);
        seen.add(id);
      }
    } else {
      for (const c of n.children) visit(c);
    }
  };
  for (const root of stack[0]!.children) visit(root);
  return lines.length ? `yaml: unmarshal errors:\n  ${lines.join('\n  ')}` : undefined;
}

/**
 * The strict errors of a YAML request body: yaml.v2's duplicate-key error first, then the
 * unknown fields of the decoded document, which upstream finds in the sorted-key JSON it
 * converts the YAML to. `decoded` is the body as parsed (duplicates resolved last-wins).
 */
export function findYamlStrictErrors(text: string, decoded: unknown, type: ObjectType): string[] {
  const errors: string[] = [];
  const dup = yamlDuplicateKeyError(text);
  if (dup) errors.push(dup);
  const out = new StrictErrorList();
  walkStrict(sortedJsView, decoded, type, undefined, out);
  return errors.concat(out.errors);
}

// ---- outcomes: create and update ----

/** runtime.strictDecodingError's text. */
export function strictDecodingMessage(problems: readonly string[]): string {
  return `strict decoding error: ${problems.join(', ')}`;
}

/** The kind and version the body was decoded as (upstream's "X in version "v" cannot be handled as a X"). */
export interface DecodeTarget {
  kind: string;
  version: string;
}

const YAML_ERRORS_PREFIXES = ['yaml: unmarshal errors:\n', 'error converting YAML to JSON: yaml: unmarshal errors:\n'];

/**
 * The warnings for strict decoding errors (handlers/rest.go addStrictDecodingWarnings):
 * one per error, except that a yaml.v2 error listing several lines becomes one warning
 * per line, without its "yaml: unmarshal errors:" header. Repeats are dropped.
 */
export function strictDecodingWarnings(problems: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of problems) {
    const prefix = YAML_ERRORS_PREFIXES.find((x) => p.startsWith(x));
    if (prefix) out.push(...p.slice(prefix.length).split('\n').map((line) => line.trim()));
    else out.push(p);
  }
  return [...new Set(out)];
}

/**
 * The fieldValidation outcome of a create or update body's strict errors:
 * Ignore → none; Warn → the warnings to add (one `Warning: 299 - "<text>"` header each);
 * Strict → throws upstream's 400, e.g. `Pod in version "v1" cannot be handled as a Pod:
 * strict decoding error: unknown field "spec.foo", unknown field "spec.bar"`.
 */
export function applyFieldValidation(mode: FieldValidationMode, problems: readonly string[], target: DecodeTarget): string[] {
  if (mode === 'Ignore' || problems.length === 0) return [];
  if (mode === 'Warn') return strictDecodingWarnings(problems);
  throw badRequest(`${target.kind} in version ${goQuote(target.version)} cannot be handled as a ${target.kind}: ${strictDecodingMessage(problems)}`);
}

export interface BodyFieldValidationInput {
  /** The raw request body. */
  body: Uint8Array;
  encoding: 'json' | 'yaml' | 'protobuf';
  /**
   * The body as parsed, unmodified (JSON.parse / YAML parse output). For JSON it spares a
   * second parse; for YAML it is required. Do not pass an object already defaulted or
   * completed with apiVersion/kind: the duplicate check compares key counts.
   */
  decoded?: unknown;
  /** The schema of the kind the body decodes to; without one nothing is checked. */
  type: ObjectType | undefined;
  target: DecodeTarget;
}

/**
 * The whole fieldValidation step of a create or update body: finds the strict errors for
 * the body's encoding (none for protobuf, which upstream decodes without strictness) and
 * applies the mode. Returns the warnings to add; throws the Strict 400.
 */
export function bodyFieldValidation(mode: FieldValidationMode, input: BodyFieldValidationInput): string[] {
  if (mode === 'Ignore' || !input.type || input.encoding === 'protobuf') return [];
  const problems =
    input.encoding === 'yaml'
      ? findYamlStrictErrors(Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength).toString('utf8'), input.decoded, input.type)
      : findUnknownFields(input.body, input.type, input.decoded);
  return applyFieldValidation(mode, problems, input.target);
}

// ---- outcomes: patch ----

export type PatchKindForValidation = 'json' | 'merge' | 'strategic';

/**
 * The unknown fields of a patched object, as the patch handler finds them:
 * - json/merge: the patched JSON is decoded strictly; everything a patch introduces is
 *   marshalled from Go maps, so keys are visited in sorted order;
 * - strategic: the unstructured converter reports unknown fields with paths that omit
 *   map keys, unquoted, sorted by message.
 */
export function findPatchedObjectUnknownFields(kind: PatchKindForValidation, patched: unknown, type: ObjectType): string[] {
  if (kind === 'strategic') {
    const out: string[] = [];
    walkConverter(patched, type, '', out);
    return out.sort(compareGoStrings);
  }
  const out = new StrictErrorList();
  walkStrict(sortedJsView, patched, type, undefined, out);
  return out.errors;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation's unknown-field walk. */
function walkConverter(value: unknown, type: Type | undefined, path: string, out: string[]): void {
  if (type === undefined || value === null || value === undefined) return;
  switch (type.kind) {
    case 'object': {
      if (!isPlainObject(value)) return;
      const fields = fieldsOf(type);
      const preserve = preservesUnknown(type);
      for (const [k, v] of Object.entries(value)) {
        const p = childPath(path, k);
        if (Object.hasOwn(fields, k)) walkConverter(v, fields[k], p, out);
        else if (!preserve) out.push(`unknown field "${p}"`);
      }
      return;
    }
    case 'map':
      // mapFromUnstructured does not push the key onto the path.
      if (isPlainObject(value)) for (const v of Object.values(value)) walkConverter(v, type.values, path, out);
      return;
    case 'list':
      if (Array.isArray(value)) value.forEach((item, i) => walkConverter(item, type.items, `${path}[${i}]`, out));
      return;
    default:
      return;
  }
}

export interface PatchFieldValidationInput {
  kind: PatchKindForValidation;
  /** The patch engine's strict errors for the patch body (PatchOutcome.strictErrors). */
  patchStrictErrors: readonly string[];
  /** The patched object (after directive removal for strategic merge patches). */
  patched: unknown;
  type: ObjectType;
  /** The patched JSON as the JSON/merge patcher wrote it (its 422 prints it); default: Go's sorted encoding of `patched`. */
  patchedJson?: string;
  /** The raw patch body; the strategic-merge 422 prints it as Go prints the decoded map. */
  patchBody?: string | Uint8Array | unknown;
}

/**
 * The fieldValidation outcome of a JSON, merge or strategic merge patch: the patch body's
 * own strict errors followed by the patched object's unknown fields.
 * Ignore → none; Warn → the warnings; Strict → throws upstream's 422 with an empty kind
 * and name: ` "" is invalid: patch: Invalid value: "<value>": strict decoding error: ...`
 * where <value> is the patched JSON (json/merge; here with Go's sorted-key encoding) or
 * the decoded patch printed with %+v (strategic, e.g. `map[spec:map[foo:1]]`).
 */
export function applyPatchFieldValidation(mode: FieldValidationMode, input: PatchFieldValidationInput): string[] {
  if (mode === 'Ignore') return [];
  const problems = [...input.patchStrictErrors, ...findPatchedObjectUnknownFields(input.kind, input.patched, input.type)];
  if (problems.length === 0) return [];
  if (mode === 'Warn') return strictDecodingWarnings(problems);
  const value = input.kind === 'strategic' ? goPlusV(input.patchBody) : (input.patchedJson ?? goEncode(input.patched));
  throw patchInvalid(value, strictDecodingMessage(problems));
}

/** errors.NewInvalid(schema.GroupKind{}, "", {field.Invalid(field.NewPath("patch"), value, detail)}). */
export function patchInvalid(value: string, detail: string): StatusError {
  const err = invalid({ group: '', kind: '' }, '', [fieldErr.invalid('patch', value, detail)]);
  // An empty kind is omitted from upstream's StatusDetails.
  if (err.status.details && !err.status.details.kind) delete err.status.details.kind;
  return err;
}

// ---- server-side apply ----

/**
 * The apply patcher's strict check (yaml.UnmarshalStrict of the apply body into a map, so
 * only duplicate keys): Ignore → none; Warn → one warning; Strict → 400
 * `error strict decoding patch: error converting YAML to JSON: yaml: unmarshal errors: ...`.
 */
export function applyApplyPatchFieldValidation(mode: FieldValidationMode, applyBody: string): string[] {
  if (mode === 'Ignore') return [];
  const dup = yamlDuplicateKeyError(applyBody);
  if (!dup) return [];
  const err = `error converting YAML to JSON: ${dup}`;
  if (mode === 'Warn') return strictDecodingWarnings([err]);
  throw badRequest(`error strict decoding patch: ${err}`);
}

// ---- Go's %+v of a decoded JSON value (map[string]interface{} with int64/float64 numbers) ----

/** fmt's %+v of the patch map kjson.UnmarshalStrict builds (last duplicate wins). */
export function goPlusV(body: unknown): string {
  const node = toRawNode(body);
  return node ? plusV(node) : '<nil>';
}

function plusV(node: RawNode): string {
  // Iterative: bodies may nest up to Go's 10000 levels, deeper than Node's stack.
  const out: string[] = [];
  const work: (RawNode | string)[] = [node];
  while (work.length) {
    const n = work.pop()!;
    if (typeof n === 'string') {
      out.push(n);
      continue;
    }
    switch (n.t) {
      case 'null':
        out.push('<nil>');
        break;
      case 'bool':
        out.push(n.value ? 'true' : 'false');
        break;
      case 'string':
        out.push(n.value);
        break;
      case 'number':
        out.push(goNumberPlusV(n.raw));
        break;
      case 'array':
        out.push('[');
        work.push(']');
        for (let i = n.items.length - 1; i >= 0; i--) {
          work.push(n.items[i]!);
          if (i > 0) work.push(' ');
        }
        break;
      case 'object': {
        const last = new Map<string, RawNode>();
        for (const [k, v] of n.entries) last.set(k, v);
        const keys = [...last.keys()].sort(compareGoStrings);
        out.push('map[');
        work.push(']');
        for (let i = keys.length - 1; i >= 0; i--) {
          work.push(last.get(keys[i]!)!);
          work.push(`${i > 0 ? ' ' : ''}${keys[i]!}:`);
        }
        break;
      }
    }
  }
  return out.join('');
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** PreserveInts: integers without '.' that fit int64 stay int64; the rest are float64. */
function goNumberPlusV(raw: string): string {
  if (!raw.includes('.') && /^-?\d+$/.test(raw)) {
    const n = BigInt(raw);
    if (n >= INT64_MIN && n <= INT64_MAX) return n.toString();
  }
  return goFormatFloatG(Number(raw));
}

/** strconv.FormatFloat(f, 'g', -1, 64), which %v uses for float64. */
export function goFormatFloatG(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const neg = f < 0;
  // Shortest round-trip digits, as both JS and Go compute them.
  const [mant, expStr] = Math.abs(f).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const exp = Number(expStr); // decimal exponent of the first digit
  let s: string;
  if (exp < -4 || exp >= 6) {
    // %e with the shortest digits; Go writes at least two exponent digits.
    const frac = digits.slice(1);
    const e = Math.abs(exp).toString().padStart(2, '0');
    s = `${digits[0]}${frac ? '.' + frac : ''}e${exp < 0 ? '-' : '+'}${e}`;
  } else if (exp < 0) {
    s = `0.${'0'.repeat(-exp - 1)}${digits}`;
  } else if (digits.length <= exp + 1) {
    s = digits + '0'.repeat(exp + 1 - digits.length);
  } else {
    s = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }
  return neg ? `-${s}` : s;
}
