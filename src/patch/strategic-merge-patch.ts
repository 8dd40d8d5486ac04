// Strategic merge patch as kube-apiserver v1.34 applies it server-side
// (k8s.io/apimachinery/pkg/util/strategicpatch StrategicMergeMapPatch with
// MergeParallelList and IgnoreUnmatchedNulls, behind the patch handler's decoding and
// interpretStrategicMergePatchError).
//
// The result is upstream's intermediate map: the caller still decodes it against the type
// (dropping nulls and unknown keys, reporting unknown fields) as upstream's
// FromUnstructuredWithValidation does. Where upstream iterates a Go map (random order),
// the patch's key order is used.

import { StatusError } from '../apimachinery/errors.js';
import { decodeBody, decodesStrictly, type FieldValidation, type PatchBody, type PatchOutcome } from './body.js';
import { ApiserverPanic, patchBadRequest, patchServerError, patchUnprocessable } from './errors.js';
import {
  GoRuntimePanic,
  deepCopyJson,
  dropNulls,
  goFormatS,
  goFormatV,
  goHashKey,
  goScalarEqual,
  goTypeName,
  goTypeOf,
  isJsonMap,
  type GoType,
} from './go-format.js';
import { StrictErrorList, collectDuplicateFields, goValueKind, rawToJs, setOwn } from './go-json.js';
import { sliceStable } from './go-sort.js';
import type { PatchMeta, PatchSchema } from './schema.js';

const DIRECTIVE_MARKER = '$patch';
const DELETE_DIRECTIVE = 'delete';
const REPLACE_DIRECTIVE = 'replace';
const MERGE_DIRECTIVE = 'merge';
const RETAIN_KEYS_STRATEGY = 'retainKeys';
const DELETE_FROM_PRIMITIVE_LIST_PREFIX = '$deleteFromPrimitiveList';
const RETAIN_KEYS_DIRECTIVE = '$retainKeys';
const SET_ELEMENT_ORDER_PREFIX = '$setElementOrder';

type JMap = Record<string, unknown>;

/** How interpretStrategicMergePatchError answers an error. */
type SmpErrorKind = 'badRequest' | 'unprocessable' | 'server';

/** A strategic-merge-patch failure carrying upstream's error text and how the handler maps it. */
export class StrategicMergePatchError extends Error {
  constructor(
    message: string,
    readonly kind: SmpErrorKind,
  ) {
    super(message);
    this.name = 'StrategicMergePatchError';
  }
  toStatusError(): StatusError {
    switch (this.kind) {
      case 'badRequest':
        return patchBadRequest(this.message);
      case 'unprocessable':
        return patchUnprocessable(this.message);
      case 'server':
        return patchServerError(this.message);
    }
  }
}

// mergepatch's sentinel errors (answered 400 / 422) and error constructors (answered 500).
const errBadPatchFormatForPrimitiveList = (): StrategicMergePatchError =>
  new StrategicMergePatchError('invalid patch format of primitive list', 'badRequest');
const errBadPatchFormatForRetainKeys = (): StrategicMergePatchError =>
  new StrategicMergePatchError('invalid patch format of retainKeys', 'badRequest');
const errBadPatchFormatForSetElementOrderList = (): StrategicMergePatchError =>
  new StrategicMergePatchError('invalid patch format of setElementOrder list', 'badRequest');
const errNoListOfLists = (): StrategicMergePatchError => new StrategicMergePatchError('lists of lists are not supported', 'unprocessable');
const serverError = (message: string): StrategicMergePatchError => new StrategicMergePatchError(message, 'server');
const errNoMergeKey = (m: JMap, key: string): StrategicMergePatchError =>
  serverError(`map: ${goFormatV(m)} does not contain declared merge key: ${key}`);
const errBadArgType = (expected: string, actual: unknown): StrategicMergePatchError =>
  serverError(`expected a ${expected}, but received a ${goTypeName(actual)}`);
const errBadPatchType = (t: unknown, m: JMap): StrategicMergePatchError =>
  serverError(`unknown patch type: ${goFormatS(t)} in map: ${goFormatV(m)}`);

const MAP_TYPE = 'map[string]interface {}';
const SLICE_TYPE = '[]interface {}';

function has(m: JMap, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, k);
}

// ---- schema lookups ----

interface Lookup {
  meta: PatchMeta;
  sub: PatchSchema | undefined;
}

function lookupField(schema: PatchSchema | undefined, key: string, forSlice: boolean): Lookup {
  if (!schema) return { meta: {}, sub: undefined };
  const f = schema.field(key);
  if (!f) {
    if (schema.structName) throw serverError(`unable to find api field in struct ${schema.structName} for the json field "${key}"`);
    return { meta: {}, sub: undefined };
  }
  return { meta: f.meta ?? {}, sub: forSlice ? (f.items ?? f.schema) : f.schema };
}

/** extractRetainKeysPatchStrategy: [has retainKeys, the other strategy]. */
function extractRetainKeysPatchStrategy(strategies: readonly string[]): [boolean, string] {
  switch (strategies.length) {
    case 0:
      return [false, ''];
    case 1:
      return strategies[0] === RETAIN_KEYS_STRATEGY ? [true, ''] : [false, strategies[0]!];
    case 2:
      if (strategies[0] === RETAIN_KEYS_STRATEGY) return [true, strategies[1]!];
      if (strategies[1] === RETAIN_KEYS_STRATEGY) return [true, strategies[0]!];
      throw serverError(`unexpected patch strategy: ${goFormatV([...strategies])}`);
    default:
      throw serverError(`unexpected patch strategy: ${goFormatV([...strategies])}`);
  }
}

function strategyOf(meta: PatchMeta): string {
  return extractRetainKeysPatchStrategy(meta.strategies ?? [])[1];
}

// ---- entry points ----

export interface StrategicMergePatchOptions {
  /** Default 'Warn', like an absent fieldValidation parameter. */
  fieldValidation?: FieldValidation;
}

/**
 * Applies a strategic merge patch to `original` (never mutated) using `schema` for patch
 * metadata; without a schema every map merges and every list is replaced.
 * Throws StatusError as upstream responds.
 */
export function applyStrategicMergePatch(
  original: unknown,
  body: PatchBody,
  schema?: PatchSchema,
  opts: StrategicMergePatchOptions = {},
): PatchOutcome {
  const decoded = decodeBody(body);
  if (!decoded.ok) throw patchBadRequest(decoded.syntaxError);
  const node = decoded.node;
  if (node.t !== 'object' && node.t !== 'null') {
    throw patchBadRequest(`json: cannot unmarshal ${goValueKind(node)} into Go value of type map[string]interface {}`);
  }
  const strictErrors = new StrictErrorList();
  if (decodesStrictly(opts.fieldValidation)) collectDuplicateFields(node, '', strictErrors);
  const patch = rawToJs(node) as JMap | null;
  try {
    return { object: strategicMergeMapPatch(original, patch, schema), strictErrors: strictErrors.errors };
  } catch (e) {
    if (e instanceof StrategicMergePatchError) throw e.toStatusError();
    if (e instanceof GoRuntimePanic) throw new ApiserverPanic(e.message);
    throw e;
  }
}

/**
 * StrategicMergeMapPatch on decoded values: throws StrategicMergePatchError (or
 * GoRuntimePanic where upstream's code would panic).
 */
export function strategicMergeMapPatch(original: unknown, patch: JMap | null, schema?: PatchSchema): JMap {
  const doc = isJsonMap(original) ? deepCopyJson(original) : {};
  return mergeMap(doc, patch === null ? null : deepCopyJson(patch), schema);
}

// ---- maps ----

function mergeMap(original: JMap | null, patch: JMap | null, schema: PatchSchema | undefined): JMap {
  if (patch && has(patch, DIRECTIVE_MARKER)) return handleDirectiveInMergeMap(patch[DIRECTIVE_MARKER], patch);
  const orig = original ?? {};
  if (!patch) return orig;

  applyRetainKeysDirective(orig, patch);
  mergePatchIntoOriginal(orig, patch, schema);

  for (const patchKey of Object.keys(patch)) {
    if (!has(patch, patchKey)) continue;
    const patchV = patch[patchKey];
    let k = patchKey;
    let isDeleteList = false;
    if (patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX)) {
      isDeleteList = true;
      const noPrefixKey = extractKey(patchKey, DELETE_FROM_PRIMITIVE_LIST_PREFIX);
      if (noPrefixKey.length > 0) k = noPrefixKey;
    }

    if (patchV === null) {
      delete orig[k];
      continue;
    }

    if (!has(orig, k)) {
      if (!isDeleteList) {
        dropNulls(patchV, false);
        setOrDrop(orig, k, patchV);
      }
      continue;
    }

    const originalType = goTypeOf(orig[k]);
    if (originalType !== goTypeOf(patchV)) {
      if (!isDeleteList) {
        dropNulls(patchV, false);
        setOrDrop(orig, k, patchV);
      }
      continue;
    }

    switch (originalType) {
      case 'map': {
        const { sub, meta } = lookupField(schema, k, false);
        const strategy = strategyOf(meta);
        setOwn(orig, k, strategy !== REPLACE_DIRECTIVE ? mergeMap(orig[k] as JMap, patchV as JMap, sub) : patchV);
        break;
      }
      case 'slice': {
        const { sub, meta } = lookupField(schema, k, true);
        const strategy = strategyOf(meta);
        setOwn(orig, k, mergeSliceHandler(orig[k] as unknown[], patchV as unknown[], sub, strategy, meta.mergeKey ?? '', isDeleteList));
        break;
      }
      default:
        setOrDrop(orig, k, patchV);
    }
  }
  return orig;
}

/** original[k] = removeDirectives(v), or delete original[k] when v itself is a directive. */
function setOrDrop(orig: JMap, k: string, v: unknown): void {
  const [nv, keep] = removeDirectives(v);
  if (keep) setOwn(orig, k, nv);
  else delete orig[k];
}

function handleDirectiveInMergeMap(directive: unknown, patch: JMap): JMap {
  if (directive === REPLACE_DIRECTIVE) {
    delete patch[DIRECTIVE_MARKER];
    return patch;
  }
  if (directive === DELETE_DIRECTIVE) return {};
  throw errBadPatchType(directive, patch);
}

/** Removes maps carrying $patch (as values and as list elements); [value, keep]. */
function removeDirectives(obj: unknown): [unknown, boolean] {
  // Iterative: patches may nest up to Go's 10000 levels, deeper than Node's stack. Maps are
  // cleaned in place; lists are rebuilt without their directive maps.
  const isDirective = (v: unknown) => isJsonMap(v) && has(v, DIRECTIVE_MARKER);
  if (isDirective(obj)) return [null, false];
  const rebuilt = (v: unknown): unknown => (Array.isArray(v) ? [] : v);
  const root = rebuilt(obj);
  const work: [unknown, unknown][] = [[obj, root]];
  while (work.length) {
    const [src, dst] = work.pop()!;
    if (isJsonMap(src)) {
      for (const [k, v] of Object.entries(src)) {
        if (isDirective(v)) {
          delete src[k];
          continue;
        }
        const nv = rebuilt(v);
        if (nv !== v) setOwn(src, k, nv);
        if (v !== null && typeof v === 'object') work.push([v, nv]);
      }
    } else if (Array.isArray(src)) {
      const out = dst as unknown[];
      for (const v of src) {
        if (isDirective(v)) continue;
        const nv = rebuilt(v);
        out.push(nv);
        if (v !== null && typeof v === 'object') work.push([v, nv]);
      }
    }
  }
  return [root, true];
}

/** "$prefix/key" -> "key"; a malformed key is the prefix's format error. */
function extractKey(s: string, prefix: string): string {
  const slash = s.indexOf('/');
  if (slash < 0 || s.slice(0, slash) !== prefix) {
    if (prefix === DELETE_FROM_PRIMITIVE_LIST_PREFIX) throw errBadPatchFormatForPrimitiveList();
    if (prefix === SET_ELEMENT_ORDER_PREFIX) throw errBadPatchFormatForSetElementOrderList();
    throw serverError(`fail to find unknown prefix ${JSON.stringify(prefix)} in ${s}\n`);
  }
  return s.slice(slash + 1);
}

function applyRetainKeysDirective(original: JMap, patch: JMap): void {
  if (!has(patch, RETAIN_KEYS_DIRECTIVE)) return;
  const retainKeys = patch[RETAIN_KEYS_DIRECTIVE];
  delete patch[RETAIN_KEYS_DIRECTIVE];
  if (!Array.isArray(retainKeys)) throw errBadPatchFormatForRetainKeys();
  const keep = new Set(retainKeys.map(goHashKey));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX) || k.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    if (!keep.has(goHashKey(k))) throw errBadPatchFormatForRetainKeys();
  }
  for (const k of Object.keys(original)) {
    if (!keep.has(goHashKey(k))) delete original[k];
  }
}

/** Processes each $setElementOrder/<list> with its list, enforcing the requested order. */
function mergePatchIntoOriginal(original: JMap, patch: JMap, schema: PatchSchema | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!has(patch, key) || !key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    const setElementOrder = patch[key];
    delete patch[key];
    if (!Array.isArray(setElementOrder)) throw errBadArgType(SLICE_TYPE, setElementOrder);
    const originalKey = extractKey(key, SET_ELEMENT_ORDER_PREFIX);

    const foundOriginal = has(original, originalKey);
    const foundPatch = has(patch, originalKey);
    let originalFieldValue: unknown[] | undefined;
    let patchFieldValue: unknown[] | undefined;
    if (foundOriginal) {
      const v = original[originalKey];
      if (!Array.isArray(v)) throw errBadArgType(SLICE_TYPE, v);
      originalFieldValue = v;
    }
    if (foundPatch) {
      const v = patch[originalKey];
      if (!Array.isArray(v)) throw errBadArgType(SLICE_TYPE, v);
      patchFieldValue = v;
    }
    const { sub, meta } = lookupField(schema, originalKey, true);
    const strategy = strategyOf(meta);
    const mergeKey = meta.mergeKey ?? '';
    validatePatchWithSetOrderList(patchFieldValue ?? [], setElementOrder, mergeKey);

    let merged: unknown[];
    if (originalFieldValue && !patchFieldValue) {
      merged = originalFieldValue;
    } else if (!originalFieldValue && patchFieldValue) {
      merged = removeDirectives(patchFieldValue)[0] as unknown[];
    } else if (originalFieldValue && patchFieldValue) {
      merged = mergeSliceHandler(originalFieldValue, patchFieldValue, sub, strategy, mergeKey, false);
    } else {
      continue;
    }

    const [patchItems, serverOnlyItems] = mergeKey
      ? partitionMapsByPresentInList(merged, setElementOrder, mergeKey)
      : partitionPrimitivesByPresentInList(merged, setElementOrder);
    const kind = sliceElementType(originalFieldValue, patchFieldValue);
    setOwn(original, originalKey, normalizeElementOrder(patchItems, serverOnlyItems, setElementOrder, originalFieldValue ?? [], mergeKey, kind));
    delete patch[originalKey];
  }
}

/** The patch list's items (deletions and directives aside) must follow the $setElementOrder list's order. */
function validatePatchWithSetOrderList(patchList: unknown[], setOrderList: unknown[], mergeKey: string): void {
  if (setOrderList.length === 0 || patchList.length === 0) return;
  const nonDeleteList = mergeKey ? extractToDeleteItems(patchList)[0] : patchList;
  let patchIndex = 0;
  let setOrderIndex = 0;
  while (patchIndex < nonDeleteList.length && setOrderIndex < setOrderList.length) {
    if (containsDirectiveMarker(nonDeleteList[patchIndex])) {
      patchIndex++;
      continue;
    }
    if (mergeKeyValueEqual(nonDeleteList[patchIndex], setOrderList[setOrderIndex], mergeKey)) patchIndex++;
    setOrderIndex++;
  }
  if (patchIndex < nonDeleteList.length && setOrderIndex >= setOrderList.length) {
    throw serverError(
      `The order in patch list:\n${goFormatV(patchList)}\n doesn't match ${SET_ELEMENT_ORDER_PREFIX} list:\n${goFormatV(setOrderList)}\n`,
    );
  }
}

function containsDirectiveMarker(item: unknown): boolean {
  return isJsonMap(item) && has(item, DIRECTIVE_MARKER);
}

function mergeKeyValueEqual(left: unknown, right: unknown, mergeKey: string): boolean {
  if (!mergeKey) return goScalarEqual(left, right);
  if (!isJsonMap(left)) throw errBadArgType(MAP_TYPE, left);
  if (!isJsonMap(right)) throw errBadArgType(MAP_TYPE, right);
  if (!has(left, mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!has(right, mergeKey)) throw errNoMergeKey(right, mergeKey);
  return goScalarEqual(left[mergeKey], right[mergeKey]);
}

// ---- lists ----

function mergeSliceHandler(
  original: unknown[],
  patch: unknown[],
  schema: PatchSchema | undefined,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
): unknown[] {
  // Delete lists are handled the same way whatever the field's patch strategy is.
  if (strategy === MERGE_DIRECTIVE || isDeleteList) return mergeSlice(original, patch, schema, mergeKey, isDeleteList);
  return patch;
}

function mergeSlice(original: unknown[], patch: unknown[], schema: PatchSchema | undefined, mergeKey: string, isDeleteList: boolean): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementType(original, patch);

  let base = original;
  let patchItemsList = patch;
  let merged: unknown[];
  if (kind !== 'map') {
    if (isDeleteList) return deleteFromSlice(original, patch);
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (!mergeKey) throw serverError(`cannot merge lists without merge key for ${schema?.structName ? 'struct' : 'map'}`);
    [base, patchItemsList] = mergeSliceWithSpecialElements(original, patch, mergeKey);
    merged = mergeSliceWithoutSpecialElements(base, patchItemsList, mergeKey, schema);
  }

  const [patchItems, serverOnlyItems] = mergeKey
    ? partitionMapsByPresentInList(merged, patchItemsList, mergeKey)
    : partitionPrimitivesByPresentInList(merged, patchItemsList);
  return normalizeElementOrder(patchItems, serverOnlyItems, patchItemsList, base, mergeKey, kind);
}

/** Applies `$patch: delete` and `$patch: replace` list elements; returns [original, patch without them]. */
function mergeSliceWithSpecialElements(original: unknown[], patch: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const patchWithoutSpecialElements: unknown[] = [];
  let replace = false;
  let orig = original;
  for (const v of patch) {
    const typedV = v as JMap;
    if (!has(typedV, DIRECTIVE_MARKER)) {
      patchWithoutSpecialElements.push(v);
      continue;
    }
    const patchType = typedV[DIRECTIVE_MARKER];
    if (patchType === DELETE_DIRECTIVE) {
      if (!has(typedV, mergeKey)) throw errNoMergeKey(typedV, mergeKey);
      orig = deleteMatchingEntries(orig, mergeKey, typedV[mergeKey]);
    } else if (patchType === REPLACE_DIRECTIVE) {
      replace = true;
    } else if (patchType === MERGE_DIRECTIVE) {
      throw serverError('merging lists cannot yet be specified in the patch');
    } else {
      throw errBadPatchType(patchType, typedV);
    }
  }
  if (replace) return [patchWithoutSpecialElements, []];
  return [orig, patchWithoutSpecialElements];
}

function deleteMatchingEntries(original: unknown[], mergeKey: string, mergeValue: unknown): unknown[] {
  let out = original;
  for (;;) {
    const found = findMapInSliceBasedOnKeyValue(out, mergeKey, mergeValue);
    if (!found) return out;
    out = [...out.slice(0, found.index), ...out.slice(found.index + 1)];
  }
}

function mergeSliceWithoutSpecialElements(original: unknown[], patch: unknown[], mergeKey: string, schema: PatchSchema | undefined): unknown[] {
  const out = original.slice();
  for (const v of patch) {
    const typedV = v as JMap;
    if (!has(typedV, mergeKey)) throw errNoMergeKey(typedV, mergeKey);
    const found = findMapInSliceBasedOnKeyValue(out, mergeKey, typedV[mergeKey]);
    if (found) out[found.index] = mergeMap(found.map, typedV, schema);
    else out.push(v);
  }
  return out;
}

function findMapInSliceBasedOnKeyValue(list: unknown[], key: string, value: unknown): { map: JMap; index: number } | undefined {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (!isJsonMap(v)) throw serverError(`value for key ${i} is not a map.`);
    if (has(v, key) && goScalarEqual(v[key], value)) return { map: v, index: i };
  }
  return undefined;
}

function deleteFromSlice(current: unknown[], toDelete: unknown[]): unknown[] {
  const drop = new Set(toDelete.map(goHashKey));
  return current.filter((v) => !drop.has(goHashKey(v)));
}

/** Go's in-place deduplication (it reorders; the order is normalized afterwards). */
function deduplicateScalars(s: unknown[]): unknown[] {
  const out = s.slice();
  let length = out.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (goScalarEqual(out[i], out[j])) {
        out[j] = out[length];
        out.length = length;
        length--;
        j--;
      }
    }
  }
  return out;
}

/** The common element type of the lists; lists of lists and mixed lists are errors. */
function sliceElementType(...slices: Array<unknown[] | undefined>): GoType {
  let prev: GoType | undefined;
  for (const s of slices) {
    for (const v of s ?? []) {
      const cur = goTypeOf(v);
      if (prev === undefined) {
        if (cur === 'nil') throw new GoRuntimePanic('runtime error: invalid memory address or nil pointer dereference');
        prev = cur;
        if (prev === 'slice') throw errNoListOfLists();
      } else if (prev !== cur) {
        throw serverError(`list element types are not identical: ${goFormatV(slices.map((x) => x ?? []))}`);
      }
    }
  }
  if (prev === undefined) throw serverError('no elements in any of the given slices');
  return prev;
}

function partitionPrimitivesByPresentInList(original: unknown[], partitionBy: unknown[]): [unknown[], unknown[]] {
  const inPatch = new Set(partitionBy.map(goHashKey));
  const patch: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const v of original) (inPatch.has(goHashKey(v)) ? patch : serverOnly).push(v);
  return [patch, serverOnly];
}

function partitionMapsByPresentInList(original: unknown[], partitionBy: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const patch: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const v of original) {
    if (!isJsonMap(v)) throw errBadArgType(MAP_TYPE, v);
    if (!has(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    (findMapInSliceBasedOnKeyValue(partitionBy, mergeKey, v[mergeKey]) ? patch : serverOnly).push(v);
  }
  return [patch, serverOnly];
}

// ---- ordering ----

/**
 * Sorts the patch items by `patchOrder` and the server-only items by `serverOrder`, then
 * interleaves them (the live order decides where a server-only item goes).
 */
function normalizeElementOrder(
  patch: unknown[],
  serverOnly: unknown[],
  patchOrder: unknown[],
  serverOrder: unknown[],
  mergeKey: string,
  kind: GoType,
): unknown[] {
  const p = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string, kind: GoType): unknown[] {
  let items = toSort.slice();
  let toDelete: unknown[] = [];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, items, order);
    [items, toDelete] = extractToDeleteItems(items);
  }
  sliceStable(items, (a, b) => {
    const ia = indexOf(order, a, mergeKey, kind);
    if (ia >= 0) {
      const ib = indexOf(order, b, mergeKey, kind);
      if (ib >= 0) return ia < ib;
    }
    return true;
  });
  return [...items, ...toDelete];
}

function mergeSortedSlice(left: unknown[], right: unknown[], serverOrder: unknown[], mergeKey: string, kind: GoType): unknown[] {
  const less = (l: unknown, r: unknown): [boolean, boolean] => {
    const li = indexOf(serverOrder, l, mergeKey, kind);
    const ri = indexOf(serverOrder, r, mergeKey, kind);
    return li >= 0 && ri >= 0 ? [li < ri, true] : [false, false];
  };
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  const size = left.length + right.length;
  for (let k = 0; k < size; k++) {
    if (i >= left.length && j < right.length) {
      out.push(right[j++]);
    } else if (j >= right.length && i < left.length) {
      out.push(left[i++]);
    } else {
      const [isLess, foundBoth] = less(left[i], right[j]);
      if (foundBoth && isLess) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** The position of an item in a list (by merge key for maps), or -1. */
function indexOf(list: unknown[], item: unknown, mergeKey: string, kind: GoType): number {
  const val = kind === 'map' ? (v: unknown): unknown => (isJsonMap(v) ? (v[mergeKey] ?? null) : null) : (v: unknown): unknown => v;
  const want = val(item);
  for (let i = 0; i < list.length; i++) {
    if (goScalarEqual(want, val(list[i]))) return i;
  }
  return -1;
}

function extractToDeleteItems(list: unknown[]): [unknown[], unknown[]] {
  const nonDelete: unknown[] = [];
  const toDelete: unknown[] = [];
  for (const v of list) {
    if (!isJsonMap(v)) throw errBadArgType(MAP_TYPE, v);
    if (has(v, DIRECTIVE_MARKER) && v[DIRECTIVE_MARKER] === DELETE_DIRECTIVE) toDelete.push(v);
    else nonDelete.push(v);
  }
  return [nonDelete, toDelete];
}

function validateMergeKeyInLists(mergeKey: string, ...lists: unknown[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isJsonMap(item)) throw errBadArgType(MAP_TYPE, item);
      if (!has(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}
