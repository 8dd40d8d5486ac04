// RFC 6902 JSON Patch as kube-apiserver v1.34 applies it: gopkg.in/evanphx/json-patch.v4
// (v4.12) semantics, behind the patch handler's decoding, limits and error mapping.
//
// Upstream quirks kept on purpose: negative array indices count from the end; `replace`
// of a missing object key adds it; `copy` from a missing object key copies null; a `test`
// against a missing key passes when the value is null; `replace` of the root with a
// non-container value does nothing; scalars compare by their JSON text.

import { decodeBody, decodesStrictly, type FieldValidation, type PatchBody, type PatchOutcome } from './body.js';
import { ApiserverPanic, patchBadRequest, patchUnprocessable, tooManyPatchOperations } from './errors.js';
import { GoRuntimePanic, deepCopyJson, isJsonMap } from './go-format.js';
import {
  StrictErrorList,
  collectDuplicateFields,
  goEncode,
  goEncodedLength,
  goValueKind,
  rawToJs,
  setOwn,
  type RawNode,
} from './go-json.js';

/** maxJSONPatchOperations in the apiserver's patch handler. */
export const MAX_JSON_PATCH_OPERATIONS = 10000;
/** The apiserver's default JSONPatchMaxCopyBytes, which arms jsonpatch.AccumulatedCopySizeLimit. */
export const DEFAULT_ACCUMULATED_COPY_SIZE_LIMIT = 3 * 1024 * 1024;

export interface JsonPatchOptions {
  /** Default 'Warn', like an absent fieldValidation parameter. */
  fieldValidation?: FieldValidation;
  maxOperations?: number;
  /** Total bytes `copy` operations may add; 0 means unlimited. */
  accumulatedCopySizeLimit?: number;
}

/** Applies a JSON Patch to `original` (never mutated). Throws StatusError as upstream responds. */
export function applyJsonPatch(original: unknown, body: PatchBody, opts: JsonPatchOptions = {}): PatchOutcome {
  const strict = decodesStrictly(opts.fieldValidation);
  const decoded = decodeBody(body);
  if (!decoded.ok) {
    throw patchBadRequest(strict ? `error decoding patch: ${decoded.syntaxError}` : decoded.syntaxError);
  }
  const root = decoded.node;
  const strictErrors = new StrictErrorList();
  if (strict) {
    const typeErr = checkStrictOps(root, strictErrors);
    if (typeErr) throw patchBadRequest(`error decoding patch: ${typeErr}`);
  }
  const ops = decodeOperations(root);
  const max = opts.maxOperations ?? MAX_JSON_PATCH_OPERATIONS;
  if (ops.length > max) throw tooManyPatchOperations(max, ops.length);

  const object = applyOperations(original, ops, opts.accumulatedCopySizeLimit ?? DEFAULT_ACCUMULATED_COPY_SIZE_LIMIT);
  return { object, strictErrors: strictErrors.errors.map((e) => `json patch ${e}`) };
}

// ---- decoding ----

const OP_STRING_FIELDS = new Set(['op', 'path', 'from']);

/** kjson.UnmarshalStrict into []jsonPatchOp: the first type error, and the strict errors. */
function checkStrictOps(root: RawNode, out: StrictErrorList): string | undefined {
  if (root.t === 'null') return undefined;
  if (root.t !== 'array') return `json: cannot unmarshal ${goValueKind(root)} into Go value of type []handlers.jsonPatchOp`;
  let firstErr: string | undefined;
  root.items.forEach((item, idx) => {
    if (item.t === 'null') return;
    if (item.t !== 'object') {
      firstErr ??= `json: cannot unmarshal ${goValueKind(item)} into Go value of type handlers.jsonPatchOp`;
      return;
    }
    const seen = new Set<string>();
    for (const [k, v] of item.entries) {
      const path = `[${idx}].${k}`;
      if (OP_STRING_FIELDS.has(k) || k === 'value') {
        if (seen.has(k)) out.add(`duplicate field "${path}"`);
        seen.add(k);
        if (k === 'value') collectDuplicateFields(v, path, out);
        else if (v.t !== 'string' && v.t !== 'null') {
          firstErr ??= `json: cannot unmarshal ${goValueKind(v)} into Go struct field jsonPatchOp.${k} of type string`;
        }
      } else {
        out.add(`unknown field "${path}"`);
      }
    }
  });
  return firstErr;
}

/** One operation as jsonpatch.Operation holds it: a map of raw values (last duplicate wins). */
type Operation = Map<string, RawNode>;

/** jsonpatch.DecodePatch. */
function decodeOperations(root: RawNode): Operation[] {
  if (root.t === 'null') return [];
  if (root.t !== 'array') throw patchBadRequest(`json: cannot unmarshal ${goValueKind(root)} into Go value of type jsonpatch.Patch`);
  return root.items.map((item) => {
    if (item.t === 'null') return new Map();
    if (item.t !== 'object') throw patchBadRequest(`json: cannot unmarshal ${goValueKind(item)} into Go value of type jsonpatch.Operation`);
    return new Map(item.entries);
  });
}

function opKind(op: Operation): string {
  const v = op.get('op');
  return v && v.t === 'string' ? v.value : 'unknown';
}

class ApplyError extends Error {}

function opString(op: Operation, field: 'path' | 'from'): string {
  const v = op.get(field);
  if (!v || v.t === 'null') {
    throw new ApplyError(field === 'path' ? 'operation missing path field: missing value' : 'operation, missing from field: missing value');
  }
  if (v.t !== 'string') throw new ApplyError(`json: cannot unmarshal ${goValueKind(v)} into Go value of type string`);
  return v.value;
}

// ---- the document ----

type Container = Record<string, unknown> | unknown[];

/** strconv.Atoi: optional sign, decimal digits, within int64. */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const big = BigInt(s);
  if (big > 9223372036854775807n || big < -9223372036854775808n) return undefined;
  return Number(big);
}

function decodePatchKey(k: string): string {
  return k.replace(/~1|~0/g, (m) => (m === '~1' ? '/' : '~'));
}

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function invalidIndex(idx: number): ApplyError {
  return new ApplyError(`Unable to access invalid index: ${idx}: invalid index referenced`);
}

/** The element's value, or undefined for a missing key or JSON null (Go's nil node). */
function get(c: Container, key: string): unknown {
  if (Array.isArray(c)) {
    let idx = atoi(key);
    if (idx === undefined) throw new ApplyError(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
    if (idx < 0) {
      if (idx < -c.length) throw invalidIndex(idx);
      idx += c.length;
    }
    if (idx >= c.length) throw invalidIndex(idx);
    return c[idx] ?? undefined;
  }
  return hasOwn(c, key) ? (c[key] ?? undefined) : undefined;
}

function set(c: Container, key: string, val: unknown): void {
  if (Array.isArray(c)) {
    let idx = atoi(key);
    if (idx === undefined) throw new ApplyError(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
    if (idx < 0) {
      if (idx < -c.length) throw invalidIndex(idx);
      idx += c.length;
    }
    c[idx] = val;
    return;
  }
  setOwn(c, key, val);
}

function add(c: Container, key: string, val: unknown): void {
  if (Array.isArray(c)) {
    if (key === '-') {
      c.push(val);
      return;
    }
    let idx = atoi(key);
    if (idx === undefined) throw new ApplyError(`value was not a proper array index: '${key}'`);
    const size = c.length + 1;
    if (idx >= size) throw invalidIndex(idx);
    if (idx < 0) {
      if (idx < -size) throw invalidIndex(idx);
      idx += size;
    }
    c.splice(idx, 0, val);
    return;
  }
  setOwn(c, key, val);
}

function remove(c: Container, key: string): void {
  if (Array.isArray(c)) {
    let idx = atoi(key);
    if (idx === undefined) throw new ApplyError(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
    if (idx >= c.length) throw invalidIndex(idx);
    if (idx < 0) {
      if (idx < -c.length) throw invalidIndex(idx);
      idx += c.length;
    }
    c.splice(idx, 1);
    return;
  }
  if (!hasOwn(c, key)) throw new ApplyError(`Unable to remove nonexistent key: ${key}: missing value`);
  delete c[key];
}

/** findObject: the container holding the path's last token, or undefined. */
function findObject(root: Container, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let doc: Container = root;
  for (const part of split.slice(1, -1)) {
    let next: unknown;
    try {
      next = get(doc, decodePatchKey(part));
    } catch {
      return undefined;
    }
    if (!isContainer(next)) return undefined;
    doc = next;
  }
  return { con: doc, key: decodePatchKey(split[split.length - 1]!) };
}

/** lazyNode.equal with the document value on the left: structural, scalars by JSON text. */
function equalsTestValue(docVal: unknown, test: RawNode): boolean {
  if (isJsonMap(docVal)) {
    if (test.t !== 'object') return false;
    const testMap = new Map(test.entries);
    const keys = Object.keys(docVal);
    if (keys.length !== testMap.size) return false;
    for (const k of keys) {
      const tv = testMap.get(k);
      if (tv === undefined) return false;
      const dv = docVal[k];
      const dNil = dv === null || dv === undefined;
      const tNil = tv.t === 'null';
      if (dNil !== tNil) return false;
      if (dNil) continue;
      if (!equalsTestValue(dv, tv)) return false;
    }
    return true;
  }
  if (Array.isArray(docVal)) {
    if (test.t !== 'array' || test.items.length !== docVal.length) return false;
    return docVal.every((dv, i) => {
      // Upstream dereferences the nil node a null element decodes to.
      if (dv === null || dv === undefined || test.items[i]!.t === 'null') throw nilDereference();
      return equalsTestValue(dv, test.items[i]!);
    });
  }
  switch (test.t) {
    case 'string':
    case 'number':
      return goEncode(docVal) === test.raw;
    case 'bool':
      return goEncode(docVal) === (test.value ? 'true' : 'false');
    default:
      return false;
  }
}

function applyOperations(original: unknown, ops: Operation[], copyLimit: number): unknown {
  let root = deepCopyJson(original);
  let copied = 0;
  const container = (): Container => {
    if (!isContainer(root)) throw new ApplyError('invalid state detected');
    return root;
  };
  for (const op of ops) {
    const kind = opKind(op);
    try {
      switch (kind) {
        case 'add': {
          const path = opStringOr(op, 'path', 'add operation failed to decode path: missing value');
          const found = findObject(container(), path);
          if (!found) throw new ApplyError(`add operation does not apply: doc is missing path: "${path}": missing value`);
          add(found.con, found.key, opValue(op));
          break;
        }
        case 'remove': {
          const path = opStringOr(op, 'path', 'remove operation failed to decode path: missing value');
          const found = findObject(container(), path);
          if (!found) throw new ApplyError(`remove operation does not apply: doc is missing path: "${path}": missing value`);
          remove(found.con, found.key);
          break;
        }
        case 'replace': {
          const path = opString(op, 'path');
          if (path === '') {
            const v = op.get('value');
            if (!v) throw nilDereference();
            if (v.t === 'object' || v.t === 'array') root = rawToJs(v);
            break;
          }
          const found = findObject(container(), path);
          if (!found) throw new ApplyError(`replace operation does not apply: doc is missing path: ${path}: missing value`);
          try {
            get(found.con, found.key);
          } catch {
            throw new ApplyError(`replace operation does not apply: doc is missing key: ${path}: missing value`);
          }
          set(found.con, found.key, opValue(op));
          break;
        }
        case 'move': {
          const from = opString(op, 'from');
          const src = findObject(container(), from);
          if (!src) throw new ApplyError(`move operation does not apply: doc is missing from path: ${from}: missing value`);
          const val = get(src.con, src.key);
          remove(src.con, src.key);
          const path = opString(op, 'path');
          const dst = findObject(container(), path);
          if (!dst) throw new ApplyError(`move operation does not apply: doc is missing destination path: ${path}: missing value`);
          add(dst.con, dst.key, val ?? null);
          break;
        }
        case 'test': {
          const path = opString(op, 'path');
          const want = op.get('value');
          if (path === '') {
            if (!want) throw nilDereference();
            if (!equalsTestValue(root, want)) throw new ApplyError(`testing value ${path} failed: test failed`);
            break;
          }
          const found = findObject(container(), path);
          if (!found) throw new ApplyError(`test operation does not apply: is missing path: ${path}: missing value`);
          const val = get(found.con, found.key);
          if (val === undefined) {
            if (!want) throw nilDereference();
            if (want.t === 'null') break;
            throw new ApplyError(`testing value ${path} failed: test failed`);
          }
          if (!want || !equalsTestValue(val, want)) throw new ApplyError(`testing value ${path} failed: test failed`);
          break;
        }
        case 'copy': {
          const from = opString(op, 'from');
          const src = findObject(container(), from);
          if (!src) throw new ApplyError(`copy operation does not apply: doc is missing from path: ${from}: missing value`);
          const val = get(src.con, src.key);
          const path = opStringOr(op, 'path', 'copy operation failed to decode path: missing value');
          const dst = findObject(container(), path);
          if (!dst) throw new ApplyError(`copy operation does not apply: doc is missing destination path: ${path}: missing value`);
          copied += val === undefined ? 0 : goEncodedLength(val);
          if (copyLimit > 0 && copied > copyLimit) {
            throw new ApplyError(`Unable to complete the copy, the accumulated size increase of copy is ${copied}, exceeding the limit ${copyLimit}`);
          }
          add(dst.con, dst.key, val === undefined ? null : deepCopyJson(val));
          break;
        }
        default:
          throw new ApplyError(`Unexpected kind: ${kind}`);
      }
    } catch (e) {
      if (e instanceof ApplyError) throw patchUnprocessable(e.message);
      if (e instanceof GoRuntimePanic) throw new ApiserverPanic(e.message);
      throw e;
    }
  }
  return root;
}

function nilDereference(): GoRuntimePanic {
  return new GoRuntimePanic('runtime error: invalid memory address or nil pointer dereference');
}

/** The op's value: a missing or null value is JSON null. */
function opValue(op: Operation): unknown {
  const v = op.get('value');
  return v ? rawToJs(v) : null;
}

/** add/remove/copy report a path that fails to decode with their own fixed text. */
function opStringOr(op: Operation, field: 'path', message: string): string {
  try {
    return opString(op, field);
  } catch {
    throw new ApplyError(message);
  }
}
