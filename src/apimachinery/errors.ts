// Errors are values of one type, StatusError, carrying the metav1.Status body
// that clients see. Constructors reproduce upstream's codes, reasons and messages.

import { goJSON, goQuote } from './goformat.js';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: { resourceVersion?: string; continue?: string };
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

export class StatusError extends Error {
  readonly status: Status;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  /** Write the Status as protobuf rather than JSON (the request negotiated protobuf). */
  protobuf = false;
  constructor(code: number, reason: string, message: string, details?: StatusDetails, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'StatusError';
    // Field order as upstream serializes a Status; an empty reason (Unknown) is omitted.
    const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code };
    delete (status as Partial<Status>).code;
    if (reason) status.reason = reason;
    if (details) status.details = details;
    status.code = code;
    this.status = status;
    this.headers = headers;
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): string {
    return this.status.reason ?? '';
  }
}

export function isStatusError(e: unknown): e is StatusError {
  return e instanceof StatusError;
}

/** A catch handler for writes whose object may already be gone: a 404 is swallowed, anything else rethrown. */
export function ignoreNotFound(e: unknown): void {
  if (!(e instanceof StatusError && e.code === 404)) throw e;
}

/** A group/resource pair as upstream prints it: "configmaps" or "deployments.apps". */
export interface GroupResource {
  group: string;
  resource: string;
}

export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

function resourceDetails(gr: GroupResource, name: string): StatusDetails {
  const d: StatusDetails = { name };
  if (gr.group) d.group = gr.group;
  d.kind = gr.resource;
  return d;
}

export function notFound(gr: GroupResource, name: string): StatusError {
  return new StatusError(404, 'NotFound', `${qualifiedResource(gr)} ${goQuote(name)} not found`, resourceDetails(gr, name));
}

export function alreadyExists(gr: GroupResource, name: string): StatusError {
  return new StatusError(409, 'AlreadyExists', `${qualifiedResource(gr)} ${goQuote(name)} already exists`, resourceDetails(gr, name));
}

export function conflict(gr: GroupResource, name: string, why: string): StatusError {
  return new StatusError(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} ${goQuote(name)}: ${why}`, resourceDetails(gr, name));
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

export function badRequest(message: string): StatusError {
  return new StatusError(400, 'BadRequest', message);
}

export function forbidden(gr: GroupResource, name: string, why: string): StatusError {
  const subject = name ? `${qualifiedResource(gr)} ${goQuote(name)}` : qualifiedResource(gr);
  return new StatusError(403, 'Forbidden', `${subject} is forbidden: ${why}`, resourceDetails(gr, name));
}

export function unauthorized(message = 'Unauthorized'): StatusError {
  return new StatusError(401, 'Unauthorized', message);
}

export function methodNotSupported(gr: GroupResource, action: string): StatusError {
  const d: StatusDetails = {};
  if (gr.group) d.group = gr.group;
  d.kind = gr.resource;
  return new StatusError(405, 'MethodNotAllowed', `${action} is not supported on resources of kind "${qualifiedResource(gr)}"`, d);
}

/** go-restful's answer when a path exists but not for this method. */
export function methodNotAllowed(): StatusError {
  return new StatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});
}

export function notAcceptable(accepted: string[]): StatusError {
  return new StatusError(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);
}

/**
 * The protobuf serializer's errNotMarshalable (apimachinery runtime/serializer/protobuf):
 * a negotiated protobuf response for an object with no protobuf form (custom resources).
 * Upstream then writes this 406 Status itself in protobuf.
 */
export function notMarshalable(goType: string): StatusError {
  const e = new StatusError(406, 'NotAcceptable', `object ${goType} does not implement the protobuf marshalling interface and cannot be encoded to a protobuf message`);
  e.protobuf = true;
  return e;
}

/**
 * go-restful's refusal when no route of the path produces a media type the Accept header
 * names (emicklei/go-restful jsr311.go detectRoute), as kube-apiserver writes it.
 */
export function routeNotAcceptable(produces: readonly string[]): StatusError {
  return new StatusError(406, 'NotAcceptable', `406: Not Acceptable\n\nAvailable representations: ${produces.join(', ')}`, {});
}

export function unsupportedMediaType(contentType: string, accepted: string[]): StatusError {
  void contentType;
  return new StatusError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
}

export function gone(message: string): StatusError {
  return new StatusError(410, 'Gone', message);
}

/** 410 Expired, the reason upstream uses for too-old resource versions and continue tokens. */
export function resourceExpired(message: string): StatusError {
  return new StatusError(410, 'Expired', message);
}

export function tooLargeResourceVersion(requested: number, current: number, retryAfterSeconds = 1): StatusError {
  return new StatusError(
    504,
    'Timeout',
    `Timeout: Too large resource version: ${requested}, current: ${current}`,
    { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function timeout(message: string, retryAfterSeconds = 0): StatusError {
  const details: StatusDetails | undefined = retryAfterSeconds ? { retryAfterSeconds } : undefined;
  return new StatusError(504, 'Timeout', message, details, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
}

export function tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return new StatusError(429, 'TooManyRequests', message, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
}

export function requestEntityTooLarge(limit: number): StatusError {
  return new StatusError(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
}

export function internalError(err: unknown): StatusError {
  const msg = err instanceof Error ? err.message : String(err);
  return new StatusError(500, 'InternalError', `Internal error occurred: ${msg}`, { causes: [{ message: msg }] });
}

export function serviceUnavailable(message: string): StatusError {
  return new StatusError(503, 'ServiceUnavailable', message);
}

/** The generic 404 for a path that names no known resource. */
export function resourceNotFound(): StatusError {
  return new StatusError(404, 'NotFound', 'the server could not find the requested resource', {});
}

// ---- field errors and 422 Invalid ----

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const fieldErrorTitles: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Marker for "print no value", as upstream's omitValue. */
export const OMIT_VALUE = Symbol('omitValue');

export interface FieldError {
  type: FieldErrorType;
  field: string;
  value?: unknown;
  detail?: string;
}

/** field.Error.Error() as apimachinery v1.34 prints it: strings with %q, numbers and bools with %v, the rest as JSON. */
/**
 * A field error's value that upstream passes as a Go value with no String method, which
 * field.Error prints with %#v: held here as that text.
 */
export class GoValue {
  constructor(private readonly printed: string) {}
  toString(): string {
    return this.printed;
  }
}

/** A Go []byte as %#v prints it (nil is `[]byte(nil)`). */
export function goBytes(bytes: Uint8Array | null): GoValue {
  return new GoValue(bytes ? `[]byte{${[...bytes].map((b) => `0x${b.toString(16)}`).join(', ')}}` : '[]byte(nil)');
}

export function goFieldErrorString(e: FieldError): string {
  return `${e.field}: ${goFieldErrorBody(e)}`;
}

export function goFieldErrorBody(e: FieldError): string {
  const title = fieldErrorTitles[e.type];
  let s: string;
  if (
    e.type === 'FieldValueRequired' ||
    e.type === 'FieldValueForbidden' ||
    e.type === 'FieldValueTooLong' ||
    e.type === 'InternalError' ||
    !('value' in e) ||
    typeof e.value === 'symbol'
  ) {
    s = title;
  } else if (typeof e.value === 'string') {
    s = `${title}: ${goQuote(e.value)}`;
  } else if (e.value instanceof GoValue) {
    s = `${title}: ${e.value}`;
  } else {
    s = `${title}: ${goJSON(e.value)}`;
  }
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

export const fieldErrorBody = goFieldErrorBody;
export const fieldErrorString = goFieldErrorString;

export const fieldErr = {
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail }),
  invalid: (field: string, value: unknown, detail = ''): FieldError => ({ type: 'FieldValueInvalid', field, value, detail }),
  notSupported: (field: string, value: unknown, valid: string[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field,
    value,
    detail: valid.length ? `supported values: ${valid.map((v) => JSON.stringify(v)).join(', ')}` : '',
  }),
  forbidden: (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, detail }),
  duplicate: (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, value }),
  notFound: (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, value }),
  tooLong: (field: string, max: number): FieldError => ({
    type: 'FieldValueTooLong',
    field,
    detail: `may not be more than ${max} bytes`,
  }),
  tooMany: (field: string, actual: number, max: number): FieldError => ({
    type: 'FieldValueTooMany',
    field,
    value: actual,
    detail: `must have at most ${max} items`,
  }),
  typeInvalid: (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueTypeInvalid', field, value, detail }),
  internal: (field: string, detail: string): FieldError => ({ type: 'InternalError', field, detail }),
};

/** A group/kind pair as upstream prints it: "ConfigMap" or "Deployment.apps". */
export interface GroupKind {
  group: string;
  kind: string;
}

export function invalid(gk: GroupKind, name: string, errs: FieldError[]): StatusError {
  const causes: StatusCause[] = errs.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field }));
  const qk = gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
  const seen = new Set<string>();
  const msgs: string[] = [];
  for (const e of errs) {
    const m = fieldErrorString(e);
    if (!seen.has(m)) {
      seen.add(m);
      msgs.push(m);
    }
  }
  let message = `${qk} ${goQuote(name)} is invalid`;
  if (msgs.length === 1) message += `: ${msgs[0]}`;
  else if (msgs.length > 1) message += `: [${msgs.join(', ')}]`;
  const details: StatusDetails = {};
  if (name) details.name = name;
  if (gk.group) details.group = gk.group;
  // StatusDetails.Kind is omitempty: a review's decoded internal object has none.
  if (gk.kind) details.kind = gk.kind;
  details.causes = causes;
  return new StatusError(422, 'Invalid', message, details);
}
