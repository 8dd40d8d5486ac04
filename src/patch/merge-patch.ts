// RFC 7386 JSON Merge Patch as kube-apiserver v1.34 applies it (evanphx/json-patch v4
// MergePatch behind the patch handler's decoding).
//
// Upstream specifics kept: a value taken from the patch loses its null members at every
// depth but keeps null array elements (json-patch v4.12's pruneAryNulls; checked against
// kube-apiserver v1.32: `{"spec":{"a":[1,null,{"b":null}]}}` stores `[1,null,{}]`), and a
// top-level array patch replaces the document (reachable only with fieldValidation=Ignore;
// the caller's decode of the result then fails as upstream's does).

import { decodeBody, decodesStrictly, type FieldValidation, type PatchBody, type PatchOutcome } from './body.js';
import { patchBadRequest } from './errors.js';
import { deepCopyJson, dropNulls, isJsonMap } from './go-format.js';
import { StrictErrorList, collectDuplicateFields, goValueKind, rawToJs, setOwn } from './go-json.js';

export interface MergePatchOptions {
  /** Default 'Warn', like an absent fieldValidation parameter. */
  fieldValidation?: FieldValidation;
}

const INVALID_PATCH = 'Invalid JSON Patch';

/** Applies a JSON merge patch to `original` (never mutated). Throws StatusError as upstream responds. */
export function applyMergePatch(original: unknown, body: PatchBody, opts: MergePatchOptions = {}): PatchOutcome {
  const strict = decodesStrictly(opts.fieldValidation);
  const decoded = decodeBody(body);
  if (!decoded.ok) throw patchBadRequest(strict ? `error decoding patch: ${decoded.syntaxError}` : INVALID_PATCH);
  const node = decoded.node;
  const strictErrors = new StrictErrorList();
  if (strict) {
    if (node.t !== 'object' && node.t !== 'null') {
      throw patchBadRequest(`error decoding patch: json: cannot unmarshal ${goValueKind(node)} into Go value of type map[string]interface {}`);
    }
    collectDuplicateFields(node, '', strictErrors);
  }
  const patch = rawToJs(node);
  return { object: mergePatchValue(original, patch), strictErrors: strictErrors.errors };
}

/** jsonpatch.MergePatch on decoded values; throws 400 "Invalid JSON Patch" where upstream does. */
export function mergePatchValue(original: unknown, patch: unknown): unknown {
  if (patch === null || patch === undefined) throw patchBadRequest(INVALID_PATCH);
  if (Array.isArray(patch)) return pruneArrayNulls(deepCopyJson(patch));
  if (!isJsonMap(patch)) throw patchBadRequest(INVALID_PATCH);
  const doc = deepCopyJson(original);
  const p = deepCopyJson(patch);
  if (!isJsonMap(doc)) return pruneDocNulls(p);
  mergeDocs(doc, p);
  return doc;
}

// The walks below are iterative: patches may nest up to Go's 10000 levels, deeper than
// Node's stack. Both work on copies (mergePatchValue copies its inputs), so they mutate.

function mergeDocs(doc: Record<string, unknown>, patch: Record<string, unknown>): void {
  const stack: [Record<string, unknown>, Record<string, unknown>][] = [[doc, patch]];
  while (stack.length) {
    const [d, p] = stack.pop()!;
    for (const [k, v] of Object.entries(p)) {
      if (v === null) {
        delete d[k];
        continue;
      }
      const cur = Object.prototype.hasOwnProperty.call(d, k) ? d[k] : undefined;
      if (cur === undefined || cur === null || !isJsonMap(cur)) setOwn(d, k, dropNulls(v, false));
      else if (!isJsonMap(v)) setOwn(d, k, v);
      else stack.push([cur, v]);
    }
  }
}

function pruneDocNulls(doc: Record<string, unknown>): Record<string, unknown> {
  dropNulls(doc, false);
  return doc;
}

function pruneArrayNulls(a: unknown[]): unknown[] {
  dropNulls(a, false);
  return a;
}
