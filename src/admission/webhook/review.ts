// The AdmissionReview codec (k8s.io/apiserver pkg/admission/plugin/webhook/request/admissionreview.go):
// the first of the webhook's admissionReviewVersions skiff speaks (v1, v1beta1) is sent, and the
// answer is checked as upstream checks it (uid, apiVersion/kind for v1, patch and patchType).

import { stdBase64Error } from '../../apimachinery/gobase64.js';
import { goQuote } from '../../apimachinery/goformat.js';
import type { Obj } from '../../types/kind.js';

export type ReviewVersion = 'v1' | 'v1beta1';

/** The first known version in the webhook's list, or undefined (upstream's CreateAdmissionObjects). */
export function negotiateReviewVersion(versions: readonly string[] | undefined): ReviewVersion | undefined {
  for (const v of versions ?? []) if (v === 'v1' || v === 'v1beta1') return v;
  return undefined;
}

/**
 * The review to POST: `request` is admissionRequestFields of the match; uid, object and oldObject
 * are added in the wire order of admission.k8s.io AdmissionRequest.
 */
export function buildReview(version: ReviewVersion, uid: string, request: Record<string, unknown>, object: Obj | undefined, oldObject: Obj | undefined): Record<string, unknown> {
  const { dryRun, options, ...head } = request;
  return {
    kind: 'AdmissionReview',
    apiVersion: `admission.k8s.io/${version}`,
    request: { uid, ...head, object: object ?? null, oldObject: oldObject ?? null, dryRun, options: options ?? null },
  };
}

/** What a webhook answered, once verified. */
export interface AdmissionResponse {
  allowed: boolean;
  /** The decoded patch bytes (mutating webhooks only). */
  patch?: Buffer;
  patchType: string;
  result?: Record<string, any>;
  auditAnnotations: Record<string, string>;
  warnings: string[];
}

/** VerifyAdmissionResponse: throws the reason a response is invalid. */
export function verifyResponse(version: ReviewVersion, uid: string, mutating: boolean, review: unknown): AdmissionResponse {
  if (!review || typeof review !== 'object' || Array.isArray(review)) throw new Error('webhook response was absent');
  const rv = review as Record<string, any>;
  const r = rv.response;
  if (r === undefined || r === null) throw new Error('webhook response was absent');
  if (typeof r !== 'object' || Array.isArray(r)) throw new Error('json: cannot unmarshal into Go struct field AdmissionReview.response');
  const allowed = typeof r.allowed === 'boolean' ? r.allowed : false;
  const patchBytes = decodePatch(r.patch);
  const patchType = typeof r.patchType === 'string' ? r.patchType : undefined;
  const base = {
    allowed,
    result: r.status && typeof r.status === 'object' ? (r.status as Record<string, any>) : undefined,
    auditAnnotations: stringMap(r.auditAnnotations),
    warnings: Array.isArray(r.warnings) ? r.warnings.filter((w: unknown): w is string => typeof w === 'string') : [],
  };
  if (version === 'v1beta1') {
    const patch = mutating && patchBytes?.length ? patchBytes : undefined;
    return { ...base, patch, patchType: patch ? 'JSONPatch' : '' };
  }
  const gotUid = typeof r.uid === 'string' ? r.uid : '';
  if (gotUid !== uid) throw new Error(`expected response.uid=${goQuote(uid)}, got ${goQuote(gotUid)}`);
  const apiVersion = typeof rv.apiVersion === 'string' ? rv.apiVersion : '';
  const kind = typeof rv.kind === 'string' ? rv.kind : '';
  if (apiVersion !== 'admission.k8s.io/v1' || kind !== 'AdmissionReview') {
    throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${gvkString(apiVersion, kind)}`);
  }
  if (!mutating) {
    if (patchBytes?.length) throw new Error('validating webhook may not return response.patch');
    if (patchType !== undefined) throw new Error('validating webhook may not return response.patchType');
    return { ...base, patchType: '' };
  }
  if (patchBytes?.length && patchType === undefined) throw new Error('webhook returned response.patch but not response.patchType');
  if (!patchBytes?.length && patchType !== undefined) throw new Error('webhook returned response.patchType but not response.patch');
  if (patchType === '') throw new Error('webhook returned invalid response.patchType of ""');
  return { ...base, patch: patchBytes?.length ? patchBytes : undefined, patchType: patchType ?? '' };
}

/** GroupVersionKind.String(): "group/version, Kind=kind". */
function gvkString(apiVersion: string, kind: string): string {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return `${group}/${version}, Kind=${kind}`;
}

function decodePatch(p: unknown): Buffer | undefined {
  if (p === undefined || p === null) return undefined;
  if (typeof p !== 'string') throw new Error('json: cannot unmarshal into Go struct field AdmissionResponse.response.patch of type []uint8');
  const bad = stdBase64Error(p);
  if (bad) throw new Error(bad);
  return Buffer.from(p, 'base64');
}

function stringMap(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
