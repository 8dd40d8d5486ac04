// apps/v1 (Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision),
// batch/v1 (Job, CronJob) and coordination.k8s.io/v1 Lease
// (pkg/apis/{apps,batch,coordination}/validation and the selector immutability the
// apps strategies add on update).

import type { FieldError } from '../../apimachinery/errors.js';
import { labelSelectorFromMetav1, LabelSelectorError, validateMetav1LabelSelector, type LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1123Subdomain, validateAnnotations, validateLabels } from '../../apimachinery/validation.js';
import type { Obj as KindObj } from '../../types/kind.js';
import { RS_STATUS_FIELDS, validateReplicaCountsStatus } from './core.js';
import { parseCronSchedule } from './cron.js';
import { validatePodSpecificAnnotations, validatePodTemplateSpec, type PodValidationOptions } from './pod.js';
import { intOrPercentValue, isNotMoreThan100Percent, validatePositiveIntOrPercent } from './policy.js';
import {
  fieldErr,
  isObj,
  isSet,
  num,
  obj,
  optNum,
  semanticEqual,
  str,
  validateImmutable,
  validateNonnegative,
  type FieldErrors,
  type Obj,
} from './util.js';

const TEMPLATE_OPTS: PodValidationOptions = { resourceIsPod: false };

/** metav1.LabelSelectorAsSelector; undefined when it fails. */
function asSelector(sel: unknown): LabelSelector | undefined {
  try {
    return labelSelectorFromMetav1(isSet(sel) ? obj(sel) : undefined);
  } catch (e) {
    if (e instanceof LabelSelectorError) return undefined;
    throw e;
  }
}

const templateLabels = (tpl: Obj) => obj(obj(tpl.metadata).labels) as Record<string, string>;

/** The spec.selector checks shared by Deployment, ReplicaSet and StatefulSet. */
function validateRequiredSelector(spec: Obj, kindWord: string): FieldErrors {
  if (!isSet(spec.selector)) return [fieldErr.required('spec.selector', '')];
  const sel = obj(spec.selector);
  const errs = validateMetav1LabelSelector(sel, 'spec.selector');
  if (Object.keys(obj(sel.matchLabels)).length + (Array.isArray(sel.matchExpressions) ? sel.matchExpressions.length : 0) === 0) {
    errs.push(fieldErr.invalid('spec.selector', sel, `empty selector is invalid for ${kindWord}`));
  }
  return errs;
}

/** ValidatePodTemplateSpecForReplicaSet. */
function validateTemplateForReplicaSet(tpl: Obj, selector: LabelSelector, kind: string): FieldErrors {
  const errs: FieldErrors = [];
  if (!selector.empty && !selector.matches(templateLabels(tpl))) {
    errs.push(fieldErr.invalid('spec.template.metadata.labels', templateLabels(tpl), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(tpl, 'spec.template', TEMPLATE_OPTS));
  const tspec = obj(tpl.spec);
  if (str(tspec.restartPolicy) !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', str(tspec.restartPolicy), ['Always']));
  if (isSet(tspec.activeDeadlineSeconds)) errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${kind} is not Supported`));
  return errs;
}

function selectorImmutable(o: Obj, old: Obj): FieldErrors {
  return validateImmutable(obj(o.spec).selector ?? null, obj(old.spec).selector ?? null, 'spec.selector');
}

// ---- Deployment ----

function validateDeploymentStrategy(strategy: Obj): FieldErrors {
  switch (strategy.type) {
    case 'Recreate':
      return isSet(strategy.rollingUpdate) ? [fieldErr.forbidden('spec.strategy.rollingUpdate', "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate': {
      if (!isSet(strategy.rollingUpdate)) return [fieldErr.required('spec.strategy.rollingUpdate', 'this should be defaulted and never be nil')];
      const ru = obj(strategy.rollingUpdate);
      const p = 'spec.strategy.rollingUpdate';
      const errs = [...validatePositiveIntOrPercent(ru.maxUnavailable ?? 0, `${p}.maxUnavailable`), ...validatePositiveIntOrPercent(ru.maxSurge ?? 0, `${p}.maxSurge`)];
      if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
        errs.push(fieldErr.invalid(`${p}.maxUnavailable`, ru.maxUnavailable ?? 0, 'may not be 0 when `maxSurge` is 0'));
      }
      errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`));
      return errs;
    }
    default:
      return [fieldErr.notSupported('spec.strategy', strategy, ['Recreate', 'RollingUpdate'])];
  }
}

function validateDeploymentSpec(spec: Obj): FieldErrors {
  const errs = validateNonnegative(num(spec.replicas), 'spec.replicas');
  errs.push(...validateRequiredSelector(spec, 'deployment'));
  const selector = asSelector(spec.selector);
  if (!selector) errs.push(fieldErr.invalid('spec.selector', spec.selector ?? null, 'invalid label selector'));
  else errs.push(...validateTemplateForReplicaSet(obj(spec.template), selector, 'ReplicaSet'));
  errs.push(...validateDeploymentStrategy(obj(spec.strategy)));
  errs.push(...validateNonnegative(num(spec.minReadySeconds), 'spec.minReadySeconds'));
  const rhl = optNum(spec.revisionHistoryLimit);
  if (rhl !== undefined) errs.push(...validateNonnegative(rhl, 'spec.revisionHistoryLimit'));
  if (isSet(spec.rollbackTo)) errs.push(...validateNonnegative(num(obj(spec.rollbackTo).revision), 'spec.rollback.version'));
  const pds = optNum(spec.progressDeadlineSeconds);
  if (pds !== undefined) {
    errs.push(...validateNonnegative(pds, 'spec.progressDeadlineSeconds'));
    if (pds <= num(spec.minReadySeconds)) errs.push(fieldErr.invalid('spec.progressDeadlineSeconds', pds, 'must be greater than minReadySeconds'));
  }
  return errs;
}

function validateDeploymentStatus(status: Obj): FieldErrors {
  const errs: FieldErrors = [];
  for (const f of ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas']) {
    errs.push(...validateNonnegative(num(status[f]), `status.${f}`));
  }
  const cc = optNum(status.collisionCount);
  if (cc !== undefined) errs.push(...validateNonnegative(cc, 'status.collisionCount'));
  const replicas = num(status.replicas);
  for (const f of ['updatedReplicas', 'readyReplicas', 'availableReplicas']) {
    if (num(status[f]) > replicas) errs.push(fieldErr.invalid(`status.${f}`, num(status[f]), 'cannot be greater than status.replicas'));
  }
  if (num(status.availableReplicas) > num(status.readyReplicas)) errs.push(fieldErr.invalid('status.availableReplicas', num(status.availableReplicas), 'cannot be greater than readyReplicas'));
  return errs;
}

function collisionCountNotDecremented(o: Obj, old: Obj): FieldErrors {
  const n = optNum(obj(o.status).collisionCount);
  const p = optNum(obj(old.status).collisionCount);
  if ((n === undefined && p !== undefined) || (n !== undefined && p !== undefined && n < p)) {
    return [fieldErr.invalid('status.collisionCount', n ?? 0, 'cannot be decremented')];
  }
  return [];
}

export const validateDeployment = (d: Obj) => validateDeploymentSpec(obj(d.spec));
export const validateDeploymentUpdate = (d: Obj, old: Obj) => [
  ...validateDeploymentSpec(obj(d.spec)),
  ...selectorImmutable(d, old),
  ...validateDeploymentStatus(obj(d.status)),
  ...collisionCountNotDecremented(d, old),
];

// ---- ReplicaSet ----

function validateReplicaSetSpec(spec: Obj): FieldErrors {
  const errs = validateNonnegative(num(spec.replicas), 'spec.replicas');
  errs.push(...validateNonnegative(num(spec.minReadySeconds), 'spec.minReadySeconds'));
  errs.push(...validateRequiredSelector(spec, 'deployment'));
  const selector = asSelector(spec.selector);
  if (!selector) errs.push(fieldErr.invalid('spec.selector', spec.selector ?? null, 'invalid label selector'));
  else errs.push(...validateTemplateForReplicaSet(obj(spec.template), selector, 'ReplicaSet'));
  return errs;
}

export const validateReplicaSet = (rs: Obj) => validateReplicaSetSpec(obj(rs.spec));
export const validateReplicaSetUpdate = (rs: Obj, old: Obj) => [
  ...validateReplicaSetSpec(obj(rs.spec)),
  ...selectorImmutable(rs, old),
  ...validateReplicaCountsStatus(obj(rs.status), RS_STATUS_FIELDS),
];

// ---- StatefulSet ----

function validateStatefulSetSpec(spec: Obj): FieldErrors {
  const errs: FieldErrors = [];
  switch (spec.podManagementPolicy) {
    case '':
    case undefined:
    case null:
      errs.push(fieldErr.required('spec.podManagementPolicy', ''));
      break;
    case 'OrderedReady':
    case 'Parallel':
      break;
    default:
      errs.push(fieldErr.invalid('spec.podManagementPolicy', str(spec.podManagementPolicy), "must be 'OrderedReady' or 'Parallel'"));
  }
  const us = obj(spec.updateStrategy);
  switch (us.type) {
    case '':
    case undefined:
    case null:
      errs.push(fieldErr.required('spec.updateStrategy', ''));
      break;
    case 'OnDelete':
      if (isSet(us.rollingUpdate)) errs.push(fieldErr.invalid('spec.updateStrategy.rollingUpdate', us.rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'"));
      break;
    case 'RollingUpdate':
      if (isSet(us.rollingUpdate)) {
        const ru = obj(us.rollingUpdate);
        const p = 'spec.updateStrategy.rollingUpdate';
        errs.push(...validateNonnegative(num(ru.partition), `${p}.partition`));
        if (isSet(ru.maxUnavailable)) {
          errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, `${p}.maxUnavailable`));
          if (intOrPercentValue(ru.maxUnavailable) === 0) errs.push(fieldErr.invalid(`${p}.maxUnavailable`, ru.maxUnavailable, 'cannot be 0'));
          errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`));
        }
      }
      break;
    default:
      errs.push(fieldErr.invalid('spec.updateStrategy', us, "must be 'RollingUpdate' or 'OnDelete'"));
  }
  if (isSet(spec.persistentVolumeClaimRetentionPolicy)) {
    const pol = obj(spec.persistentVolumeClaimRetentionPolicy);
    for (const f of ['whenDeleted', 'whenScaled']) {
      if (pol[f] !== 'Retain' && pol[f] !== 'Delete') errs.push(fieldErr.notSupported(`spec.persistentVolumeClaimRetentionPolicy.${f}`, str(pol[f]), ['Retain', 'Delete']));
    }
  }
  errs.push(...validateNonnegative(num(spec.replicas), 'spec.replicas'));
  errs.push(...validateNonnegative(num(spec.minReadySeconds), 'spec.minReadySeconds'));
  if (isSet(spec.ordinals)) errs.push(...validateNonnegative(num(obj(spec.ordinals).start), 'spec.ordinals.start'));
  errs.push(...validateRequiredSelector(spec, 'statefulset'));
  const selector = asSelector(spec.selector);
  const tpl = obj(spec.template);
  if (!selector) errs.push(fieldErr.invalid('spec.selector', spec.selector ?? null, ''));
  else {
    if (!selector.empty && !selector.matches(templateLabels(tpl))) {
      errs.push(fieldErr.invalid('spec.template.metadata.labels', templateLabels(tpl), '`selector` does not match template `labels`'));
    }
    // StatefulSets validate only the template's metadata, not its pod spec.
    const tmeta = obj(tpl.metadata);
    errs.push(...validateLabels(obj(tmeta.labels) as Record<string, string>, 'spec.template.labels'));
    errs.push(...validateAnnotations(obj(tmeta.annotations) as Record<string, string>, 'spec.template.annotations'));
    errs.push(...validatePodSpecificAnnotations(obj(tmeta.annotations), 'spec.template.annotations'));
  }
  const tspec = obj(tpl.spec);
  if (str(tspec.restartPolicy) !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', str(tspec.restartPolicy), ['Always']));
  if (isSet(tspec.activeDeadlineSeconds)) errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  return errs;
}

const STATEFULSET_MUTABLE = ['replicas', 'template', 'updateStrategy', 'minReadySeconds', 'ordinals', 'persistentVolumeClaimRetentionPolicy'];

export const validateStatefulSet = (s: Obj) => validateStatefulSetSpec(obj(s.spec));
export function validateStatefulSetUpdate(s: Obj, old: Obj): FieldErrors {
  const errs = validateStatefulSetSpec(obj(s.spec));
  const spec = { ...obj(s.spec) };
  const oldSpec = obj(old.spec);
  for (const f of STATEFULSET_MUTABLE) spec[f] = oldSpec[f];
  if (!semanticEqual(spec, oldSpec)) {
    errs.push(
      fieldErr.forbidden(
        'spec',
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  const status = obj(s.status);
  for (const f of ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas']) errs.push(...validateNonnegative(num(status[f]), `status.${f}`));
  for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas']) {
    if (num(status[f]) > num(status.replicas)) errs.push(fieldErr.invalid(`status.${f}`, num(status[f]), 'cannot be greater than status.replicas'));
  }
  if (num(status.availableReplicas) > num(status.readyReplicas)) errs.push(fieldErr.invalid('status.availableReplicas', num(status.availableReplicas), 'cannot be greater than status.readyReplicas'));
  errs.push(...collisionCountNotDecremented(s, old));
  return errs;
}

// ---- DaemonSet ----

function validateDaemonSetSpec(spec: Obj): FieldErrors {
  const errs: FieldErrors = isSet(spec.selector) ? validateMetav1LabelSelector(obj(spec.selector), 'spec.selector') : [];
  const tpl = obj(spec.template);
  const selector = asSelector(spec.selector);
  if (selector && !selector.matches(templateLabels(tpl))) {
    errs.push(fieldErr.invalid('spec.template.metadata.labels', templateLabels(tpl), '`selector` does not match template `labels`'));
  }
  if (isSet(spec.selector)) {
    const sel = obj(spec.selector);
    if (Object.keys(obj(sel.matchLabels)).length + (Array.isArray(sel.matchExpressions) ? sel.matchExpressions.length : 0) === 0) {
      errs.push(fieldErr.invalid('spec.selector', sel, 'empty selector is invalid for daemonset'));
    }
  }
  errs.push(...validatePodTemplateSpec(tpl, 'spec.template', TEMPLATE_OPTS));
  const tspec = obj(tpl.spec);
  if (str(tspec.restartPolicy) !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', str(tspec.restartPolicy), ['Always']));
  if (isSet(tspec.activeDeadlineSeconds)) errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in DaemonSet is not Supported'));
  errs.push(...validateNonnegative(num(spec.minReadySeconds), 'spec.minReadySeconds'));
  errs.push(...validateNonnegative(num(spec.templateGeneration), 'spec.templateGeneration'));
  const us = obj(spec.updateStrategy);
  switch (us.type) {
    case 'OnDelete':
      break;
    case 'RollingUpdate': {
      if (!isSet(us.rollingUpdate)) {
        errs.push(fieldErr.required('spec.updateStrategy.rollingUpdate', ''));
        break;
      }
      const ru = obj(us.rollingUpdate);
      const p = 'spec.updateStrategy.rollingUpdate';
      errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable ?? 0, `${p}.maxUnavailable`));
      errs.push(...validatePositiveIntOrPercent(ru.maxSurge ?? 0, `${p}.maxSurge`));
      errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`));
      errs.push(...isNotMoreThan100Percent(ru.maxSurge, `${p}.maxSurge`));
      const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
      const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
      if (hasUnavailable && hasSurge) errs.push(fieldErr.invalid(`${p}.maxSurge`, ru.maxSurge, 'may not be set when maxUnavailable is non-zero'));
      else if (!hasUnavailable && !hasSurge) errs.push(fieldErr.required(`${p}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
      break;
    }
    default:
      errs.push(fieldErr.notSupported('spec.updateStrategy', us, ['RollingUpdate', 'OnDelete']));
  }
  const rhl = optNum(spec.revisionHistoryLimit);
  if (rhl !== undefined) errs.push(...validateNonnegative(rhl, 'spec.revisionHistoryLimit'));
  return errs;
}

export const validateDaemonSet = (ds: Obj) => validateDaemonSetSpec(obj(ds.spec));
export function validateDaemonSetUpdate(ds: Obj, old: Obj): FieldErrors {
  const spec = obj(ds.spec);
  const oldSpec = obj(old.spec);
  const errs: FieldErrors = [];
  const tg = num(spec.templateGeneration);
  const oldTg = num(oldSpec.templateGeneration);
  if (tg < oldTg) errs.push(fieldErr.invalid('spec.templateGeneration', tg, 'must not be decremented'));
  const templateUpdated = !semanticEqual(spec.template, oldSpec.template);
  if (tg === oldTg && templateUpdated && (isSet(spec.templateGeneration) || isSet(oldSpec.templateGeneration))) {
    errs.push(fieldErr.invalid('spec.templateGeneration', tg, 'must be incremented upon template update'));
  } else if (tg > oldTg && !templateUpdated) errs.push(fieldErr.invalid('spec.templateGeneration', tg, 'must not be incremented without template update'));
  errs.push(...validateDaemonSetSpec(spec));
  errs.push(...selectorImmutable(ds, old));
  const status = obj(ds.status);
  for (const f of ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady', 'observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable']) {
    errs.push(...validateNonnegative(num(status[f]), `status.${f}`));
  }
  errs.push(...collisionCountNotDecremented(ds, old));
  return errs;
}

// ---- ControllerRevision ----

export function validateControllerRevision(cr: Obj): FieldErrors {
  const errs: FieldErrors = [];
  if (!isSet(cr.data)) errs.push(fieldErr.required('data', 'data is mandatory'));
  errs.push(...validateNonnegative(num(cr.revision), 'revision'));
  return errs;
}

// ---- Job ----

const MAX_PARALLELISM_INDEXED = 100000;
const MAX_COMPLETIONS_INDEXED = 100000;

const LEGACY_JOB_NAME = 'job-name';
const JOB_NAME = 'batch.kubernetes.io/job-name';
const LEGACY_CONTROLLER_UID = 'controller-uid';
const CONTROLLER_UID = 'batch.kubernetes.io/controller-uid';

/**
 * The Job strategy's generateSelector (PrepareForCreate): unless manualSelector, label the
 * template with the job's name and uid and select on the uid. Call after metadata.uid is set.
 */
export function generateJobSelector(job: KindObj): void {
  const spec = (job.spec ??= {});
  if (spec.manualSelector === true) return;
  const meta = job.metadata ?? {};
  const tpl = (spec.template ??= {});
  const tmeta = (tpl.metadata ??= {});
  const labels = (tmeta.labels ??= {});
  for (const k of [LEGACY_JOB_NAME, JOB_NAME]) if (!Object.hasOwn(labels, k)) labels[k] = String(meta.name ?? '');
  for (const k of [LEGACY_CONTROLLER_UID, CONTROLLER_UID]) if (!Object.hasOwn(labels, k)) labels[k] = String(meta.uid ?? '');
  const sel = isObj(spec.selector) ? spec.selector : (spec.selector = {});
  const ml = isObj(sel.matchLabels) ? sel.matchLabels : (sel.matchLabels = {});
  if (!Object.hasOwn(ml, CONTROLLER_UID)) ml[CONTROLLER_UID] = String(meta.uid ?? '');
}

function validateHasLabel(labels: Record<string, string>, k: string, expected: string): FieldErrors {
  const p = `spec.template.metadata.labels[${k}]`;
  if (!Object.hasOwn(labels, k)) return [fieldErr.required(p, `must be '${expected}'`)];
  return labels[k] !== expected ? [fieldErr.invalid(p, labels, `must be '${expected}'`)] : [];
}

function validateGeneratedSelector(job: Obj): FieldErrors {
  const spec = obj(job.spec);
  if (spec.manualSelector === true || !isSet(spec.selector)) return [];
  const meta = obj(job.metadata);
  const uid = str(meta.uid);
  const name = str(meta.name);
  const errs: FieldErrors = [];
  if (uid === '') errs.push(fieldErr.required('metadata.uid', ''));
  const labels = templateLabels(obj(spec.template));
  errs.push(...validateHasLabel(labels, LEGACY_CONTROLLER_UID, uid));
  errs.push(...validateHasLabel(labels, LEGACY_JOB_NAME, name));
  errs.push(...validateHasLabel(labels, CONTROLLER_UID, uid));
  errs.push(...validateHasLabel(labels, JOB_NAME, name));
  const selector = asSelector(spec.selector);
  const expected = { [CONTROLLER_UID]: uid, [JOB_NAME]: name, [LEGACY_CONTROLLER_UID]: uid, [LEGACY_JOB_NAME]: name };
  if (selector && !selector.matches(expected)) errs.push(fieldErr.invalid('spec.selector', spec.selector, '`selector` not auto-generated'));
  return errs;
}

function validateJobSpecBody(spec: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished']) {
    const v = optNum(spec[f]);
    if (v !== undefined) errs.push(...validateNonnegative(v, `${path}.${f}`));
  }
  const mode = isSet(spec.completionMode) ? str(spec.completionMode) : undefined;
  const completions = optNum(spec.completions);
  const bli = optNum(spec.backoffLimitPerIndex);
  if (bli !== undefined) {
    errs.push(...validateNonnegative(bli, `${path}.backoffLimitPerIndex`));
    if (mode !== 'Indexed') errs.push(fieldErr.forbidden(`${path}.backoffLimitPerIndex`, 'requires indexed completion mode'));
  }
  const mfi = optNum(spec.maxFailedIndexes);
  if (mfi !== undefined) {
    errs.push(...validateNonnegative(mfi, `${path}.maxFailedIndexes`));
    if (bli === undefined) errs.push(fieldErr.required(`${path}.backoffLimitPerIndex`, 'when maxFailedIndexes is specified'));
  }
  if (mode !== undefined) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(fieldErr.notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (completions === undefined) errs.push(fieldErr.required(`${path}.completions`, 'when completion mode is Indexed'));
      const par = optNum(spec.parallelism);
      if (par !== undefined && par > MAX_PARALLELISM_INDEXED) {
        errs.push(fieldErr.invalid(`${path}.parallelism`, par, `must be less than or equal to ${MAX_PARALLELISM_INDEXED} when completion mode is Indexed`));
      }
      if (completions !== undefined && mfi !== undefined && mfi > completions) {
        errs.push(fieldErr.invalid(`${path}.maxFailedIndexes`, mfi, 'must be less than or equal to completions'));
      }
      if (completions !== undefined && completions > MAX_COMPLETIONS_INDEXED && bli !== undefined) {
        errs.push(fieldErr.invalid(`${path}.completions`, completions, `must be less than or equal to ${MAX_COMPLETIONS_INDEXED} when backoffLimitPerIndex is specified`));
      }
    }
  }
  if (isSet(spec.podReplacementPolicy)) {
    const prp = str(spec.podReplacementPolicy);
    const allowed = isSet(spec.podFailurePolicy) ? ['Failed'] : ['Failed', 'TerminatingOrFailed'];
    if (!allowed.includes(prp)) errs.push(fieldErr.notSupported(`${path}.podReplacementPolicy`, prp, allowed));
  }
  const tpl = obj(spec.template);
  errs.push(...validatePodTemplateSpec(tpl, `${path}.template`, TEMPLATE_OPTS));
  const rp = str(obj(tpl.spec).restartPolicy);
  const rpPath = `${path}.template.spec.restartPolicy`;
  if (rp === 'Always' || rp === '') errs.push(fieldErr.required(rpPath, 'valid values: "OnFailure", "Never"'));
  else if (rp !== 'OnFailure' && rp !== 'Never') errs.push(fieldErr.notSupported(rpPath, rp, ['OnFailure', 'Never']));
  else if (isSet(spec.podFailurePolicy) && rp !== 'Never') errs.push(fieldErr.invalid(rpPath, rp, 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

function validateJobSpec(spec: Obj): FieldErrors {
  const errs = validateJobSpecBody(spec, 'spec');
  if (!isSet(spec.selector)) errs.push(fieldErr.required('spec.selector', ''));
  else errs.push(...validateMetav1LabelSelector(obj(spec.selector), 'spec.selector'));
  const selector = asSelector(spec.selector);
  const labels = templateLabels(obj(spec.template));
  if (selector && !selector.matches(labels)) errs.push(fieldErr.invalid('spec.template.metadata.labels', labels, '`selector` does not match template `labels`'));
  return errs;
}

export function validateJob(job: Obj): FieldErrors {
  return [...validateGeneratedSelector(job), ...validateJobSpec(obj(job.spec))];
}

export function validateJobUpdate(job: Obj, old: Obj): FieldErrors {
  const spec = obj(job.spec);
  const oldSpec = obj(old.spec);
  const errs = [...validateGeneratedSelector(job), ...validateJobSpec(spec)];
  // Elastic indexed jobs may scale completions together with parallelism.
  const elastic = spec.completionMode === 'Indexed' && optNum(spec.completions) === optNum(spec.parallelism) && optNum(oldSpec.completions) === optNum(oldSpec.parallelism);
  if (!elastic) errs.push(...validateImmutable(spec.completions ?? null, oldSpec.completions ?? null, 'spec.completions'));
  errs.push(...validateImmutable(spec.selector ?? null, oldSpec.selector ?? null, 'spec.selector'));
  // A suspended job that never started may change its scheduling directives.
  const mutableScheduling = oldSpec.suspend === true && !isSet(obj(old.status).startTime);
  let oldTemplate = obj(oldSpec.template);
  const template = obj(spec.template);
  if (mutableScheduling) {
    const ot = { ...oldTemplate, spec: { ...obj(oldTemplate.spec) }, metadata: { ...obj(oldTemplate.metadata) } };
    const ts = obj(template.spec);
    const os = ot.spec as Obj;
    os.affinity = isSet(ts.affinity) ? { ...obj(os.affinity), nodeAffinity: obj(ts.affinity).nodeAffinity } : isSet(os.affinity) ? undefined : os.affinity;
    os.nodeSelector = ts.nodeSelector;
    os.tolerations = ts.tolerations;
    os.schedulingGates = ts.schedulingGates;
    (ot.metadata as Obj).annotations = obj(template.metadata).annotations;
    (ot.metadata as Obj).labels = obj(template.metadata).labels;
    oldTemplate = ot;
  }
  errs.push(...validateImmutable(template, oldTemplate, 'spec.template'));
  for (const f of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy']) {
    errs.push(...validateImmutable(spec[f] ?? null, oldSpec[f] ?? null, `spec.${f}`));
  }
  const status = obj(job.status);
  for (const f of ['active', 'succeeded', 'failed']) errs.push(...validateNonnegative(num(status[f]), `status.${f}`));
  for (const f of ['ready', 'terminating']) {
    const v = optNum(status[f]);
    if (v !== undefined) errs.push(...validateNonnegative(v, `status.${f}`));
  }
  return errs;
}

// ---- CronJob ----

function validTimeZone(tz: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return undefined;
  } catch {
    return `unknown time zone ${tz}`;
  }
}

function validateCronJobSpec(spec: Obj, oldSpec?: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const schedule = str(spec.schedule);
  if (schedule.length === 0) errs.push(fieldErr.required('spec.schedule', ''));
  else {
    const err = parseCronSchedule(schedule);
    if (err) errs.push(fieldErr.invalid('spec.schedule', schedule, err));
    const allowTZ = oldSpec ? str(oldSpec.schedule).includes('TZ') : false;
    if (allowTZ && schedule.includes('TZ') && isSet(spec.timeZone)) errs.push(fieldErr.invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
    else if (!allowTZ && schedule.includes('TZ')) errs.push(fieldErr.invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  const sds = optNum(spec.startingDeadlineSeconds);
  if (sds !== undefined) errs.push(...validateNonnegative(sds, 'spec.startingDeadlineSeconds'));
  if (!oldSpec || !semanticEqual(spec.timeZone ?? null, oldSpec.timeZone ?? null)) {
    if (isSet(spec.timeZone)) {
      const tz = str(spec.timeZone);
      if (tz.length === 0) errs.push(fieldErr.invalid('spec.timeZone', tz, 'timeZone must be nil or non-empty string'));
      else if (tz.toLowerCase() === 'local') errs.push(fieldErr.invalid('spec.timeZone', tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
      else {
        const e = validTimeZone(tz);
        if (e) errs.push(fieldErr.invalid('spec.timeZone', tz, e));
      }
    }
  }
  const cp = str(spec.concurrencyPolicy);
  if (cp === '') errs.push(fieldErr.required('spec.concurrencyPolicy', ''));
  else if (!['Allow', 'Forbid', 'Replace'].includes(cp)) errs.push(fieldErr.notSupported('spec.concurrencyPolicy', cp, ['Allow', 'Forbid', 'Replace']));
  const jt = obj(spec.jobTemplate);
  const jspec = obj(jt.spec);
  errs.push(...validateJobSpecBody(jspec, 'spec.jobTemplate.spec'));
  if (isSet(jspec.selector)) errs.push(fieldErr.invalid('spec.jobTemplate.spec.selector', jspec.selector, '`selector` will be auto-generated'));
  if (jspec.manualSelector === true) errs.push(fieldErr.notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  for (const f of ['successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) {
    const v = optNum(spec[f]);
    if (v !== undefined) errs.push(...validateNonnegative(v, `spec.${f}`));
  }
  return errs;
}

export function validateCronJob(cj: Obj): FieldErrors {
  const errs = validateCronJobSpec(obj(cj.spec));
  const name = str(obj(cj.metadata).name);
  if (name.length > 52) errs.push(fieldErr.invalid('metadata.name', name, 'must be no more than 52 characters'));
  return errs;
}

export const validateCronJobUpdate = (cj: Obj, old: Obj) => validateCronJobSpec(obj(cj.spec), obj(old.spec));

// ---- Lease ----

export function validateLease(lease: Obj): FieldErrors {
  const spec = obj(lease.spec);
  const errs: FieldErrors = [];
  const lds = optNum(spec.leaseDurationSeconds);
  if (lds !== undefined && lds <= 0) errs.push(fieldErr.invalid('spec.leaseDurationSeconds', lds, 'must be greater than 0'));
  const lt = optNum(spec.leaseTransitions);
  if (lt !== undefined && lt < 0) errs.push(fieldErr.invalid('spec.leaseTransitions', lt, 'must be greater than or equal to 0'));
  if (isSet(spec.strategy)) {
    const s = str(spec.strategy);
    if (s === '') errs.push(fieldErr.required('spec.strategy', ''));
    else if (s !== 'OldestEmulationVersion' && !s.includes('/')) {
      errs.push(fieldErr.notSupported('spec.strategy', s, ['OldestEmulationVersion']));
    } else if (s.includes('/')) for (const m of isDNS1123Subdomain(s.slice(0, s.indexOf('/')))) errs.push(fieldErr.invalid('spec.strategy', s, m));
  }
  if (str(spec.preferredHolder) !== '' && str(spec.strategy) === '') {
    errs.push(fieldErr.forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

// ---- registry ----

type V = { validate?(o: KindObj): FieldError[]; validateUpdate?(o: KindObj, old: KindObj): FieldError[] };

export const kindValidators: Record<string, V> = {
  'apps/Deployment': { validate: validateDeployment, validateUpdate: validateDeploymentUpdate },
  'apps/ReplicaSet': { validate: validateReplicaSet, validateUpdate: validateReplicaSetUpdate },
  'apps/StatefulSet': { validate: validateStatefulSet, validateUpdate: validateStatefulSetUpdate },
  'apps/DaemonSet': { validate: validateDaemonSet, validateUpdate: validateDaemonSetUpdate },
  'apps/ControllerRevision': {
    validate: validateControllerRevision,
    validateUpdate: (o, old) => [...validateControllerRevision(o), ...validateImmutable(o.data ?? null, old.data ?? null, 'data')],
  },
  'batch/Job': { validate: validateJob, validateUpdate: validateJobUpdate },
  'batch/CronJob': { validate: validateCronJob, validateUpdate: validateCronJobUpdate },
  'coordination.k8s.io/Lease': { validate: validateLease, validateUpdate: (o) => validateLease(o) },
};
