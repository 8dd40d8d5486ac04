// The options of writes (CreateOptions, UpdateOptions, PatchOptions, DeleteOptions):
// decoded from the query and body and validated with upstream's 422 messages.

import { badRequest, fieldErr, invalid, type FieldError } from '../apimachinery/errors.js';
import { GoNumError, goParseInt64 } from '../apimachinery/listoptions.js';
import { validateFieldManager } from '../apimachinery/validation.js';
import type { Obj } from '../types/kind.js';
import { goQueryBool, queryOptionalFlag } from '../apimachinery/querybool.js';
import type { DeleteOptions } from './registry.js';
import { fieldValidationDirective, validateFieldValidation, type FieldValidationMode } from './field-validation.js';

type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions';

function validateDryRun(dryRun: string[]): FieldError[] {
  return dryRun.every((v) => v === 'All') ? [] : [fieldErr.notSupported('dryRun', dryRun, ['All'])];
}

function fail(kind: OptionsKind, errs: FieldError[]): void {
  if (errs.length) throw invalid({ group: 'meta.k8s.io', kind }, '', errs);
}

export interface WriteParams {
  dryRun: boolean;
  fieldManager: string;
  force: boolean;
  fieldValidation: FieldValidationMode;
}

/** Query options of create, update and patch. */
export function writeParams(query: URLSearchParams, kind: Exclude<OptionsKind, 'DeleteOptions'>): WriteParams {
  const dryRun = query.getAll('dryRun');
  const fieldManager = query.get('fieldManager') ?? '';
  const errs = validateDryRun(dryRun);
  if (fieldManager) errs.push(...validateFieldManager(fieldManager, 'fieldManager'));
  const fv = query.get('fieldValidation') ?? '';
  errs.push(...validateFieldValidation(fv));
  fail(kind, errs);
  const force = query.get('force');
  return { dryRun: dryRun.length > 0, fieldManager, force: force !== null && goQueryBool(force), fieldValidation: fieldValidationDirective(fv) };
}

const POLICIES = ['Foreground', 'Background', 'Orphan'] as const;

/** DeleteOptions from the body, or the query when there is none, validated as upstream's ValidateDeleteOptions. */
export function deleteOptions(query: URLSearchParams, body: Obj | undefined): DeleteOptions {
  // A body replaces the query: upstream decodes one or the other (handlers/delete.go).
  const o: Obj = body ?? deleteOptionsFromQuery(query);
  const dryRun: string[] = Array.isArray(o.dryRun) ? o.dryRun.map(String) : [];
  const errs: FieldError[] = [];
  if (o.orphanDependents !== undefined && o.orphanDependents !== null && o.propagationPolicy !== undefined && o.propagationPolicy !== null) {
    errs.push(fieldErr.invalid('propagationPolicy', o.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (o.propagationPolicy !== undefined && o.propagationPolicy !== null && !POLICIES.includes(o.propagationPolicy)) {
    errs.push(fieldErr.notSupported('propagationPolicy', o.propagationPolicy, [...POLICIES, 'nil']));
  }
  errs.push(...validateDryRun(dryRun));
  if (o.gracePeriodSeconds !== undefined && o.gracePeriodSeconds !== null && !Number.isInteger(Number(o.gracePeriodSeconds))) {
    errs.push(fieldErr.invalid('gracePeriodSeconds', o.gracePeriodSeconds, 'must be an integer'));
  }
  const unsafe = o.ignoreStoreReadErrorWithClusterBreakingPotential === true;
  if (unsafe) {
    const together = 'can not be set together with ignoreStoreReadErrorWithClusterBreakingPotential';
    if (dryRun.length) errs.push(fieldErr.invalid('dryRun', dryRun, together));
    if (o.propagationPolicy !== undefined && o.propagationPolicy !== null) errs.push(fieldErr.invalid('propagationPolicy', o.propagationPolicy, together));
    if (o.orphanDependents !== undefined && o.orphanDependents !== null) errs.push(fieldErr.invalid('orphanDependents', o.orphanDependents, together));
    if (o.gracePeriodSeconds !== undefined && o.gracePeriodSeconds !== null && Number(o.gracePeriodSeconds) !== 0) errs.push(fieldErr.invalid('gracePeriodSeconds', Number(o.gracePeriodSeconds), together));
    if (o.preconditions && (o.preconditions.uid || o.preconditions.resourceVersion)) errs.push(fieldErr.invalid('preconditions', o.preconditions, together));
  }
  fail('DeleteOptions', errs);
  const out: DeleteOptions = { dryRun: dryRun.length > 0 };
  if (unsafe) out.ignoreStoreReadErrorWithClusterBreakingPotential = true;
  if (o.preconditions && typeof o.preconditions === 'object') out.preconditions = o.preconditions;
  if (o.propagationPolicy) out.propagationPolicy = o.propagationPolicy;
  if (typeof o.orphanDependents === 'boolean') out.orphanDependents = o.orphanDependents;
  if (o.gracePeriodSeconds !== undefined && o.gracePeriodSeconds !== null) out.gracePeriodSeconds = Number(o.gracePeriodSeconds);
  return out;
}

function deleteOptionsFromQuery(query: URLSearchParams): Obj {
  const o: Obj = {};
  const gp = query.get('gracePeriodSeconds');
  if (gp !== null) {
    try {
      o.gracePeriodSeconds = goParseInt64(gp);
    } catch (e) {
      if (e instanceof GoNumError) throw badRequest(e.message);
      throw e;
    }
  }
  const policy = query.get('propagationPolicy');
  if (policy !== null) o.propagationPolicy = policy;
  for (const flag of ['ignoreStoreReadErrorWithClusterBreakingPotential', 'orphanDependents']) {
    const v = queryOptionalFlag(query, flag);
    if (v !== undefined) o[flag] = v;
  }
  if (query.getAll('dryRun').length) o.dryRun = query.getAll('dryRun');
  return o;
}
