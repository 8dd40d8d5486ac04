// Query parameters of list, watch and get, decoded, defaulted and validated in the order
// kube-apiserver v1.34's ListResource handler does it:
//   1. url.Values → metav1.ListOptions → internal ListOptions (bad integers, label and
//      field selector syntax): 400 BadRequest with the conversion error's text;
//   2. SetListOptionsDefaults (WatchList gate, on in v1.34): a watch from "" or "0"
//      becomes sendInitialEvents=true + resourceVersionMatch=NotOlderThan;
//   3. ValidateListOptions: 422 Invalid, kind ListOptions of group meta.k8s.io, name "".
// Then the storage layer's own check of continue and resourceVersion (400s) is
// resolveStorageList, mirroring storage.ValidateListOptions.

import { badRequest, type FieldError, fieldErr, invalid, type StatusError } from './errors.js';
import { type FieldSelector, FieldSelectorError, parseFieldSelector } from './fields.js';
import { type LabelSelector, LabelSelectorError, parseLabelSelector } from './labels.js';
import { ContinueTokenError, decodeContinue } from './continue.js';
import { goFieldErrorString, goQuote } from './validation.js';
import { goQueryBool } from './querybool.js';

export type ResourceVersionMatch = '' | 'Exact' | 'NotOlderThan' | (string & {});

export interface ListOptions {
  labelSelector: LabelSelector;
  fieldSelector: FieldSelector;
  watch: boolean;
  allowWatchBookmarks: boolean;
  /** Opaque; "" when unset. */
  resourceVersion: string;
  resourceVersionMatch: ResourceVersionMatch;
  /** Set when the parameter was given. */
  timeoutSeconds?: number;
  /** 0 when unset; values ≤ 0 mean no limit. */
  limit: number;
  continue: string;
  /** Unset unless given, or defaulted for a watch (see sendInitialEventsDefaulted). */
  sendInitialEvents?: boolean;
  /** True when sendInitialEvents/resourceVersionMatch were set by SetListOptionsDefaults, not the client. */
  sendInitialEventsDefaulted: boolean;
}

export interface GetOptions {
  resourceVersion: string;
}

// ---------------------------------------------------------------------------
// Go's url.ParseQuery and strconv
// ---------------------------------------------------------------------------

function queryUnescape(s: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) return undefined;
      bytes.push(parseInt(h, 16));
      i += 2;
    } else if (c === '+') {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Go's url.ParseQuery as req.URL.Query() applies it: pairs split on "&", pairs containing
 * ";" or bad %-escapes dropped, "+" read as a space.
 */
export function parseGoQuery(rawQuery: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const pair of rawQuery.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    out.append(key, value);
  }
  return out;
}

/** A strconv.NumError's text. */
export class GoNumError extends Error {
  override readonly name = 'GoNumError';
}

function goParseUnsigned(fn: string, s: string, digits: string, max: bigint): bigint {
  if (digits.length === 0) throw new GoNumError(`strconv.${fn}: parsing ${goQuote(s)}: invalid syntax`);
  let n = 0n;
  for (const ch of digits) {
    if (ch < '0' || ch > '9') throw new GoNumError(`strconv.${fn}: parsing ${goQuote(s)}: invalid syntax`);
    n = n * 10n + BigInt(ch.charCodeAt(0) - 48);
    // ParseUint stops at the first overflow, before looking at later characters.
    if (n > max) throw new GoNumError(`strconv.${fn}: parsing ${goQuote(s)}: value out of range`);
  }
  return n;
}

/** strconv.ParseInt(s, 10, 64), exactly; throws GoNumError with Go's message. */
export function goParseInt64Exact(s: string): bigint {
  const neg = s[0] === '-';
  const digits = s[0] === '-' || s[0] === '+' ? s.slice(1) : s;
  const u = goParseUnsigned('ParseInt', s, digits, 2n ** 64n - 1n);
  if (!neg && u > 2n ** 63n - 1n) throw new GoNumError(`strconv.ParseInt: parsing ${goQuote(s)}: value out of range`);
  if (neg && u > 2n ** 63n) throw new GoNumError(`strconv.ParseInt: parsing ${goQuote(s)}: value out of range`);
  return neg ? -u : u;
}

/** strconv.ParseInt(s, 10, 64) as a JS number; throws GoNumError with Go's message. */
export function goParseInt64(s: string): number {
  return Number(goParseInt64Exact(s));
}

/** strconv.ParseUint(s, 10, 64); throws GoNumError with Go's message. */
export function goParseUint64(s: string): number {
  return Number(goParseUnsigned('ParseUint', s, s, 2n ** 64n - 1n));
}

export { goQueryBool } from './querybool.js';

// ---------------------------------------------------------------------------
// resourceVersion
// ---------------------------------------------------------------------------

/** APIObjectVersioner.ParseResourceVersion failing: carries upstream's field error. */
export class ResourceVersionError extends Error {
  override readonly name = 'ResourceVersionError';
  constructor(readonly fieldError: FieldError) {
    super(goFieldErrorString(fieldError));
  }
}

/**
 * APIObjectVersioner.ParseResourceVersion: "" and "0" are 0. A bad value throws
 * ResourceVersionError whose message is upstream's storage.InvalidError text,
 * `resourceVersion: Invalid value: "x": strconv.ParseUint: parsing "x": invalid syntax`.
 */
export function parseResourceVersion(rv: string): number {
  if (rv === '' || rv === '0') return 0;
  try {
    return goParseUint64(rv);
  } catch (e) {
    throw new ResourceVersionError(fieldErr.invalid('resourceVersion', rv, (e as Error).message));
  }
}

// ---------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------

function asParams(query: URLSearchParams | string): URLSearchParams {
  return typeof query === 'string' ? parseGoQuery(query.startsWith('?') ? query.slice(1) : query) : query;
}

/**
 * The conversion from query parameters, without defaulting or validation.
 * Throws 400 BadRequest with the conversion's message (strconv errors, then label, then field selector).
 */
export function decodeListOptions(query: URLSearchParams | string): ListOptions {
  const q = asParams(query);
  const str = (k: string): string => q.get(k) ?? '';
  const has = (k: string): boolean => q.has(k);
  let timeoutSeconds: number | undefined;
  let limit = 0;
  try {
    if (has('timeoutSeconds')) timeoutSeconds = goParseInt64(str('timeoutSeconds'));
    if (has('limit')) limit = goParseInt64(str('limit'));
  } catch (e) {
    throw badRequest((e as Error).message);
  }
  let labelSelector: LabelSelector;
  let fieldSelector: FieldSelector;
  try {
    labelSelector = parseLabelSelector(str('labelSelector'));
    fieldSelector = parseFieldSelector(str('fieldSelector'));
  } catch (e) {
    if (e instanceof LabelSelectorError || e instanceof FieldSelectorError) throw badRequest(e.message);
    throw e;
  }
  const opts: ListOptions = {
    labelSelector,
    fieldSelector,
    watch: has('watch') && goQueryBool(str('watch')),
    allowWatchBookmarks: has('allowWatchBookmarks') && goQueryBool(str('allowWatchBookmarks')),
    resourceVersion: str('resourceVersion'),
    resourceVersionMatch: str('resourceVersionMatch'),
    limit,
    continue: str('continue'),
    sendInitialEventsDefaulted: false,
  };
  if (timeoutSeconds !== undefined) opts.timeoutSeconds = timeoutSeconds;
  if (has('sendInitialEvents')) opts.sendInitialEvents = goQueryBool(str('sendInitialEvents'));
  return opts;
}

/** metainternalversion.SetListOptionsDefaults. Mutates and returns `opts`. */
export function setListOptionsDefaults(opts: ListOptions, watchListEnabled = true): ListOptions {
  if (!watchListEnabled) return opts;
  if (opts.sendInitialEvents !== undefined || opts.resourceVersionMatch !== '') return opts;
  if (opts.watch && (opts.resourceVersion === '' || opts.resourceVersion === '0')) {
    opts.sendInitialEvents = true;
    opts.resourceVersionMatch = 'NotOlderThan';
    opts.sendInitialEventsDefaulted = true;
  }
  return opts;
}

/** metainternalversion/validation.ValidateListOptions. */
export function validateListOptions(opts: ListOptions, watchListEnabled = true): FieldError[] {
  const errs: FieldError[] = [];
  const match = opts.resourceVersionMatch;
  const rvm = 'resourceVersionMatch';
  if (opts.watch) {
    if (opts.sendInitialEvents !== undefined) {
      if (match !== 'NotOlderThan') errs.push(fieldErr.forbidden(rvm, 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
      if (!watchListEnabled) {
        errs.push(fieldErr.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'));
      }
    }
    if (match !== '') {
      if (opts.sendInitialEvents === undefined) errs.push(fieldErr.forbidden(rvm, 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
      if (match !== 'NotOlderThan') errs.push(fieldErr.notSupported(rvm, match, ['NotOlderThan']));
      if (opts.continue !== '') errs.push(fieldErr.forbidden(rvm, 'resourceVersionMatch is forbidden when continue is provided'));
    }
    return errs;
  }
  if (match !== '') {
    if (opts.resourceVersion === '') errs.push(fieldErr.forbidden(rvm, 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (opts.continue !== '') errs.push(fieldErr.forbidden(rvm, 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errs.push(fieldErr.notSupported(rvm, match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && opts.resourceVersion === '0') errs.push(fieldErr.forbidden(rvm, 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (opts.sendInitialEvents !== undefined) errs.push(fieldErr.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return errs;
}

/** The 422 ListResource returns for validation errors. */
export function listOptionsInvalid(errs: FieldError[]): StatusError {
  return invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errs);
}

/**
 * Decode, default and validate list/watch parameters as the ListResource handler does.
 * Throws StatusError 400 (conversion) or 422 (validation). Field labels are checked
 * afterwards by the caller (fields.assertSupportedFields), as upstream does.
 */
export function parseListOptions(query: URLSearchParams | string, opts: { watchListEnabled?: boolean } = {}): ListOptions {
  const watchListEnabled = opts.watchListEnabled ?? true;
  const o = setListOptionsDefaults(decodeListOptions(query), watchListEnabled);
  const errs = validateListOptions(o, watchListEnabled);
  if (errs.length !== 0) throw listOptionsInvalid(errs);
  return o;
}

/** metav1.GetOptions from the query: only resourceVersion. */
export function parseGetOptions(query: URLSearchParams | string): GetOptions {
  return { resourceVersion: asParams(query).get('resourceVersion') ?? '' };
}

// ---------------------------------------------------------------------------
// storage.ValidateListOptions
// ---------------------------------------------------------------------------

export interface StorageListPlan {
  /** The revision to read at; 0 means the latest (or, for NotOlderThan, at least resourceVersion). */
  withRev: number;
  /** The full storage key to resume from, when a continue token was given. */
  continueKey: string;
  /** The parsed resourceVersion parameter (0 when unset or "0"). */
  resourceVersion: number;
}

/**
 * storage.ValidateListOptions for a collection list under `keyPrefix` (the resource's
 * storage prefix ending in "/"). Throws 400 BadRequest:
 *   `invalid continue token: continue key is not valid: ...`,
 *   `specifying resource version is not allowed when using continue`,
 *   `invalid resource version: resourceVersion: Invalid value: ...`.
 */
export function resolveStorageList(opts: Pick<ListOptions, 'resourceVersion' | 'resourceVersionMatch' | 'limit' | 'continue'>, keyPrefix: string): StorageListPlan {
  if (opts.continue !== '') {
    let decoded: ReturnType<typeof decodeContinue>;
    try {
      decoded = decodeContinue(opts.continue, keyPrefix);
    } catch (e) {
      if (e instanceof ContinueTokenError) throw badRequest(`invalid continue token: ${e.message}`);
      throw e;
    }
    if (opts.resourceVersion !== '' && opts.resourceVersion !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    // A negative revision in the token asks for the latest state (set after a compaction).
    return { withRev: decoded.resourceVersion > 0 ? decoded.resourceVersion : 0, continueKey: decoded.key, resourceVersion: 0 };
  }
  if (opts.resourceVersion === '') return { withRev: 0, continueKey: '', resourceVersion: 0 };
  let rv: number;
  try {
    rv = parseResourceVersion(opts.resourceVersion);
  } catch (e) {
    if (e instanceof ResourceVersionError) throw badRequest(`invalid resource version: ${e.message}`);
    throw e;
  }
  switch (opts.resourceVersionMatch) {
    case 'NotOlderThan':
      return { withRev: 0, continueKey: '', resourceVersion: rv };
    case 'Exact':
      return { withRev: rv, continueKey: '', resourceVersion: rv };
    case '':
      return { withRev: opts.limit > 0 && rv > 0 ? rv : 0, continueKey: '', resourceVersion: rv };
    default:
      throw new Error(`unknown ResourceVersionMatch value: ${opts.resourceVersionMatch}`);
  }
}
