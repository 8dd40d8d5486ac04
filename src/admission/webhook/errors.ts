// The errors of calling an admission webhook (k8s.io/apiserver pkg/util/webhook/error.go and
// pkg/admission/plugin/webhook/errors/statuserror.go): a failed call is subject to the
// webhook's failurePolicy, a rejection never is.

import { badRequest, StatusError } from '../../apimachinery/errors.js';
import { goQuote } from '../../apimachinery/goformat.js';

/** A transport or protocol failure talking to the webhook (ErrCallingWebhook). */
export class CallingWebhookError extends Error {
  constructor(
    readonly webhookName: string,
    readonly reason: string,
    /** The code of the error's Status (ServiceUnavailable unless the webhook's server answered with one). */
    readonly code = 503,
  ) {
    super(`failed calling webhook ${goQuote(webhookName)}: ${reason}`);
  }
}

/** A webhook's refusal (ErrWebhookRejection): a Status the webhook chose. */
export class WebhookRejectionError extends StatusError {}

/** ToStatusErr: the webhook's Status, at least 400 and Failure, with "admission webhook ... denied the request". */
export function rejectionError(webhookName: string, result: Record<string, any> | undefined): StatusError {
  const r = result && typeof result === 'object' ? result : {};
  const deniedBy = `admission webhook ${goQuote(webhookName)} denied the request`;
  const code = Number.isInteger(r.code) && r.code >= 400 ? r.code : 400;
  const reason = typeof r.reason === 'string' ? r.reason : '';
  const message = typeof r.message === 'string' && r.message ? `${deniedBy}: ${r.message}` : reason ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`;
  return new WebhookRejectionError(code, reason, message, r.details && typeof r.details === 'object' && !Array.isArray(r.details) ? r.details : undefined);
}

/** NewDryRunUnsupportedErr. */
export function dryRunUnsupported(webhookName: string): StatusError {
  return badRequest(`admission webhook ${goQuote(webhookName)} does not support dry run`);
}
