// The responses kube-apiserver's patch handler gives for patch failures.

import { StatusError, badRequest } from '../apimachinery/errors.js';

/**
 * errors.NewGenericServerResponse(422, ...) with no resource: the JSON Patch apply failure
 * (failed `test`, missing path, bad index, ...) and a few strategic-merge-patch failures.
 * Upstream discards the underlying message; it is kept here as `cause` for logs.
 */
export function patchUnprocessable(cause: string): StatusError {
  const err = new StatusError(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
  (err as Error).cause = cause;
  return err;
}

/** errors.NewRequestEntityTooLargeError for a JSON Patch with too many operations. */
export function tooManyPatchOperations(max: number, got: number): StatusError {
  return new StatusError(
    413,
    'RequestEntityTooLarge',
    `Request entity too large: The allowed maximum operations in a JSON patch is ${max}, got ${got}`,
  );
}

/** errors.NewBadRequest with the given text. */
export function patchBadRequest(message: string): StatusError {
  return badRequest(message);
}

/**
 * A plain Go error that reaches the response writer unconverted: 500 with an empty
 * (omitted) reason and the error text as message, no details.
 */
export function patchServerError(message: string): StatusError {
  const err = new StatusError(500, '', message);
  delete err.status.reason;
  return err;
}

/** The plain-text body kube-apiserver's panic recovery writes. */
export const PANIC_RESPONSE_TEXT = 'This request caused apiserver to panic. Look in the logs for details.\n';

/**
 * Where upstream's code panics on a patch (a nil dereference, hashing a map), its panic
 * recovery answers 500 with a text/plain body, not a Status. The HTTP layer should write
 * `plainTextBody` as text/plain when it catches this error.
 */
export class ApiserverPanic extends StatusError {
  readonly plainTextBody = PANIC_RESPONSE_TEXT;
  constructor(readonly panicValue: string) {
    super(500, 'InternalError', PANIC_RESPONSE_TEXT.trimEnd());
    this.name = 'ApiserverPanic';
  }
}
