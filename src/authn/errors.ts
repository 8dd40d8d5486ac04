import { unauthorized, type StatusError } from '../apimachinery/errors.js';

/**
 * The 401 a present-but-invalid credential produces. Clients only ever see
 * "Unauthorized" (as upstream answers); the reason travels in `cause` for logs.
 */
export function authenticationFailed(reason: string | Error): StatusError {
  const err = unauthorized();
  err.cause = typeof reason === 'string' ? new Error(reason) : reason;
  return err;
}

/** The reason behind an authentication failure, for logging. */
export function failureReason(err: unknown): string {
  if (err instanceof Error && err.cause instanceof Error) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}
