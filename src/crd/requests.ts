// The request-side steps that differ for custom resources: fieldValidation from pruning,
// the JSON/merge patch outcome, the scale subresource through the CRD's replica paths, and
// what a terminating CRD still allows.

import { fieldErr, invalid, StatusError, type GroupResource } from '../apimachinery/errors.js';
import { overflowingNumber, typedDecodeError } from '../endpoints/decode.js';
import { decodeValueTyped } from '../endpoints/typed-decode.js';
import { goJson, type Json } from '../types/go-json.js';
import type { Encoding } from '../encoding/negotiate.js';
import { goEncode } from '../patch/go-json.js';
import { applyFieldValidation, findUnknownFields, strictDecodingMessage, yamlDuplicateKeyError, type FieldValidationMode } from '../registry/field-validation.js';
import type { Obj } from '../types/kind.js';
import { object } from '../types/schema.js';
import { ObjectMeta } from '../types/schemas/meta.js';
import { desiredReplicas, scaleSpec } from '../endpoints/scale.js';
import { getAt, setAt } from './jsonpath.js';
import { normalizeCustomResource, type CustomResource } from './kind.js';

/** Any JSON object: the strict decoder then reports duplicate keys only. */
const ANY_OBJECT = object('unstructured', {}, { extensions: { 'x-kubernetes-preserve-unknown-fields': true } });

/**
 * fieldValidation for a create or update body of a custom resource, then pruning and
 * defaulting (in place). Duplicate keys come from the strict decoder, unknown fields from
 * pruning (as upstream's schemaCoercingDecoder reports them). Returns the warnings; throws
 * the Strict 400.
 */
export function decodeCustomResourceBody(cr: CustomResource, mode: FieldValidationMode, body: Buffer, encoding: Encoding, obj: Obj): string[] {
  // The CR codec decodes JSON into interface{}: a number no float64 holds is refused wherever it is.
  const overflow = encoding === 'json' ? overflowingNumber(body) : undefined;
  if (overflow !== undefined) throw typedDecodeError(cr.kind, cr.version, `json: cannot unmarshal number ${overflow} into Go value of type float64`);
  const metaError = coerceObjectMeta(obj);
  if (metaError) throw typedDecodeError(cr.kind, cr.version, metaError);
  const problems: string[] = [];
  if (mode !== 'Ignore') {
    if (encoding === 'yaml') {
      const dup = yamlDuplicateKeyError(body.toString('utf8'));
      if (dup) problems.push(dup);
    } else if (encoding === 'json') {
      problems.push(...findUnknownFields(body, ANY_OBJECT));
    }
  }
  const pruned = normalizeCustomResource(cr, obj);
  if (mode !== 'Ignore') for (const p of pruned) problems.push(`unknown field "${p}"`);
  return applyFieldValidation(mode, problems, { kind: cr.kind, version: cr.version });
}

/**
 * A JSON or merge patch applied to a custom resource: the patch's own strict errors and the
 * fields pruning drops from the patched object. Warn → warnings; Strict → upstream's 422
 * `patch: Invalid value: "<patched JSON>": strict decoding error: ...`.
 */
export function customResourcePatchValidation(cr: CustomResource, mode: FieldValidationMode, patchStrictErrors: readonly string[], patched: Obj): string[] {
  const metaError = coerceObjectMeta(patched);
  if (metaError) throw patchInvalid(goEncode(patched), metaError);
  const before = mode === 'Strict' ? goEncode(patched) : '';
  const pruned = normalizeCustomResource(cr, patched);
  if (mode === 'Ignore') return [];
  const problems = [...patchStrictErrors, ...pruned.map((p) => `unknown field "${p}"`)];
  if (problems.length === 0) return [];
  if (mode === 'Warn') return [...new Set(problems)];
  throw patchInvalid(before, strictDecodingMessage(problems));
}

/** Upstream's 422 for a patched custom resource it cannot decode: `"" is invalid: patch: Invalid value: "<patched JSON>": <why>`. */
function patchInvalid(patchedJson: string, why: string): StatusError {
  const err = invalid({ group: '', kind: '' }, '', [fieldErr.invalid('patch', patchedJson, why)]);
  if (err.status.details && !err.status.details.kind) delete err.status.details.kind;
  return err;
}

/**
 * A custom resource's metadata decoded as Go's ObjectMeta, as the CR handler's
 * structuralobjectmeta.GetObjectMeta does for a request (apiextensions-apiserver
 * pkg/apiserver/schema/objectmeta/coerce.go): a value of the wrong type is Go's decode
 * error, leaving the object as it was; otherwise the decoded metadata replaces it (a null list or map element becomes "";
 * empty maps and lists and zero values are dropped).
 */
function coerceObjectMeta(obj: Obj): string | undefined {
  const meta: unknown = obj.metadata;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const { value, error } = decodeValueTyped(meta, ObjectMeta);
  if (error) return error;
  // SetObjectMeta writes it back through ToUnstructured: Go's struct tags, so an empty map or
  // list (labels: {} left by a merge patch) and zero values go.
  obj.metadata = goJson(value as Json, ObjectMeta);
  return undefined;
}

function int(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;
}

/** scaleFromCustomResource: an autoscaling/v1 Scale through the CRD's replica and selector paths. */
export function customResourceToScale(cr: CustomResource, obj: Obj): Obj {
  const scale = cr.scale!;
  const spec = getAt(obj, scale.spec);
  const status = getAt(obj, scale.status);
  const check = (v: unknown, path: string[]) => {
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v))) {
      throw new StatusError(500, 'InternalError', `Internal error occurred: .${path.join('.')} accessor error: ${JSON.stringify(v)} is of the type ${typeof v === 'string' ? 'string' : typeof v}, expected int64`);
    }
  };
  check(spec, scale.spec);
  check(status, scale.status);
  const m = obj.metadata ?? {};
  const out: Obj = {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp },
    spec: scaleSpec(int(spec)),
    status: { replicas: int(status) },
  };
  if (scale.labelSelector) {
    const sel = getAt(obj, scale.labelSelector);
    if (typeof sel === 'string' && sel !== '') out.status.selector = sel;
  }
  return out;
}

/** Write a desired Scale's replicas into the custom resource (with the Scale's resourceVersion precondition). */
export function applyScaleToCustomResource(cr: CustomResource, obj: Obj, scale: Obj, gr: GroupResource): Obj {
  const replicas = desiredReplicas(obj, scale, gr);
  const next = structuredClone(obj);
  setAt(next, cr.scale!.spec, typeof replicas === 'number' ? replicas : 0);
  return next;
}

/** Upstream's 405 for writes that create while the CRD is being deleted. */
export function terminatingError(gr: GroupResource, verb: string): StatusError {
  const err = new StatusError(405, 'MethodNotAllowed', `${verb} not allowed while custom resource definition is terminating`, {
    group: gr.group,
    kind: gr.resource,
  });
  return err;
}
