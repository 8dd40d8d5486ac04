// The three PATCH engines behind one call. Pure data: no HTTP, no storage.

import type { FieldValidation, PatchBody, PatchOutcome } from './body.js';
import { applyJsonPatch } from './json-patch.js';
import { applyMergePatch } from './merge-patch.js';
import type { PatchSchema } from './schema.js';
import { applyStrategicMergePatch } from './strategic-merge-patch.js';

export type PatchKind = 'json' | 'merge' | 'strategic';

export interface ApplyPatchOptions {
  /** The request's fieldValidation; absent means Warn, as upstream. */
  fieldValidation?: FieldValidation;
}

/** Content types of the three patch kinds (apply-patch+yaml is server-side apply, elsewhere). */
export const PATCH_CONTENT_TYPES: Readonly<Record<PatchKind, string>> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

export function patchKindForContentType(contentType: string): PatchKind | undefined {
  const base = contentType.split(';')[0]!.trim();
  for (const [kind, ct] of Object.entries(PATCH_CONTENT_TYPES) as Array<[PatchKind, string]>) {
    if (ct === base) return kind;
  }
  return undefined;
}

/**
 * Applies a patch and returns the new object together with the patch body's strict
 * decoding errors. `patchBody` is the raw request body (string or bytes) or an already
 * decoded JSON value. `original` is never mutated. Failures are StatusErrors with
 * upstream's code, reason and message.
 */
export function applyPatchDetailed(
  kind: PatchKind,
  original: unknown,
  patchBody: PatchBody,
  schema?: PatchSchema,
  options: ApplyPatchOptions = {},
): PatchOutcome {
  switch (kind) {
    case 'json':
      return applyJsonPatch(original, patchBody, options);
    case 'merge':
      return applyMergePatch(original, patchBody, options);
    case 'strategic':
      return applyStrategicMergePatch(original, patchBody, schema, options);
  }
}

/** applyPatchDetailed, returning only the patched object. */
export function applyPatch(kind: PatchKind, original: unknown, patchBody: PatchBody, schema?: PatchSchema, options: ApplyPatchOptions = {}): unknown {
  return applyPatchDetailed(kind, original, patchBody, schema, options).object;
}

export type { FieldValidation, PatchBody, PatchOutcome } from './body.js';
export type { PatchField, PatchMeta, PatchSchema } from './schema.js';
export { mapSchema, mergeListByKey, structSchema } from './schema.js';
export { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS, DEFAULT_ACCUMULATED_COPY_SIZE_LIMIT } from './json-patch.js';
export type { JsonPatchOptions } from './json-patch.js';
export { applyMergePatch, mergePatchValue } from './merge-patch.js';
export { applyStrategicMergePatch, strategicMergeMapPatch, StrategicMergePatchError } from './strategic-merge-patch.js';
export { parseGoJson, GoJsonSyntaxError } from './go-json.js';
