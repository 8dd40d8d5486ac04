// Shared handling of a patch request body: raw JSON text or an already-decoded value.

import { GoJsonSyntaxError, jsToRaw, parseGoJson, type RawNode } from './go-json.js';

/**
 * A patch body. Strings and byte arrays are raw JSON text (the request body) and are
 * decoded here, with Go's error messages; anything else is taken as an already-decoded
 * JSON value.
 */
export type PatchBody = string | Uint8Array | unknown;

/** fieldValidation as the request gave it; upstream treats an empty value as Warn. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

/** Whether the handler decodes the patch strictly (Warn and Strict do; Ignore does not). */
export function decodesStrictly(fv: FieldValidation | '' | undefined): boolean {
  return fv !== 'Ignore';
}

export type DecodedBody = { ok: true; node: RawNode } | { ok: false; syntaxError: string };

export function decodeBody(body: PatchBody): DecodedBody {
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      return { ok: true, node: parseGoJson(body) };
    } catch (e) {
      if (e instanceof GoJsonSyntaxError) return { ok: false, syntaxError: e.message };
      throw e;
    }
  }
  return { ok: true, node: jsToRaw(body) };
}

/** The outcome of applying a patch: the new object and the patch body's strict decoding errors. */
export interface PatchOutcome {
  object: unknown;
  /**
   * Strict decoding errors found in the patch body itself (duplicate fields, unknown JSON
   * Patch operation fields), worded as upstream words them; empty when fieldValidation is
   * Ignore. The caller turns them into warnings (Warn) or a 422 (Strict), together with the
   * unknown fields it finds in the patched object.
   */
  strictErrors: string[];
}
