// What upstream's strategies, conversions and storage decoding add to objects of a few
// kinds beyond defaulting, in the order kube-apiserver v1.34 applies them.

import type { Obj, Requester } from '../types/kind.js';
import { deepEqual, nowTimestamp } from './meta.js';
import { generateJobSelector } from './validation/workloads.js';

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * batch/v1 SetDefaults_Job (pkg/apis/batch/v1/defaults.go) copies the template's labels to a
 * Job without labels; it runs again when the stored object is decoded, so the labels the
 * strategy generates (job-name, controller-uid, both spellings) reach the Job itself.
 */
export function jobLabelsFromTemplate(job: Obj): void {
  const labels = job.spec?.template?.metadata?.labels;
  if (isObj(labels) && Object.keys(labels).length > 0 && !(isObj(job.metadata?.labels) && Object.keys(job.metadata.labels).length > 0)) {
    job.metadata.labels = { ...labels };
  }
}

/** jobStrategy.PrepareForCreate (pkg/registry/batch/job/strategy.go) then the decode's defaulting. */
export function prepareJobForCreate(job: Obj): void {
  generateJobSelector(job);
  jobLabelsFromTemplate(job);
}

export const DAEMONSET_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateGeneration(ds: Obj): number {
  const v = Number(ds.metadata?.annotations?.[DAEMONSET_TEMPLATE_GENERATION]);
  return Number.isInteger(v) ? v : 0;
}

function setTemplateGeneration(ds: Obj, n: number): void {
  ds.metadata.annotations = { ...(ds.metadata.annotations ?? {}), [DAEMONSET_TEMPLATE_GENERATION]: String(n) };
}

/**
 * The internal DaemonSet's spec.templateGeneration is written to apps/v1 as this annotation
 * (Convert_apps_DaemonSet_To_v1_DaemonSet): at least 1 on create (daemonSetStrategy.PrepareForCreate).
 */
export function prepareDaemonSetForCreate(ds: Obj): void {
  setTemplateGeneration(ds, Math.max(1, templateGeneration(ds)));
}

/**
 * The DaemonSet upstream's field manager compares: the request converted to the internal
 * type and back, so the annotation always holds the request's template generation, "0" when
 * it had none. A writer whose body lacks the annotation therefore owns it, as upstream records.
 */
export function daemonSetAsConverted(ds: Obj): Obj {
  const view = { ...ds, metadata: { ...(ds.metadata ?? {}) } };
  setTemplateGeneration(view, templateGeneration(ds));
  return view;
}

/** daemonSetStrategy.PrepareForUpdate: the stored template generation, plus one when the template changed. */
export function prepareDaemonSetForUpdate(ds: Obj, old: Obj): void {
  const previous = templateGeneration(old);
  setTemplateGeneration(ds, deepEqual(ds.spec?.template, old.spec?.template) ? previous : previous + 1);
}

/** Convert_apps_StatefulSetSpec_To_v1_StatefulSetSpec sets apiVersion and kind on every claim template. */
export function typeClaimTemplates(sts: Obj): void {
  const templates = sts.spec?.volumeClaimTemplates;
  if (!Array.isArray(templates)) return;
  sts.spec.volumeClaimTemplates = templates.map((t: unknown) => {
    if (!isObj(t)) return t;
    const { apiVersion: _v, kind: _k, ...rest } = t;
    return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...rest };
  });
}

/** persistentvolumeStrategy.PrepareForCreate: status Pending since now. */
export function preparePersistentVolumeForCreate(pv: Obj): void {
  pv.status = { phase: 'Pending', lastPhaseTransitionTime: nowTimestamp() };
}

/** Strategies that set metadata.generation to 1 on create and never bump it (priorityClassStrategy). */
export function generationOneOnCreate(obj: Obj): void {
  obj.metadata.generation = 1;
}

/**
 * csrStrategy.PrepareForCreate (pkg/registry/certificates/certificates/strategy.go): the
 * requester's identity replaces whatever the client sent, and a new request carries no status.
 */
export function recordRequester(csr: Obj, user?: Requester): void {
  const spec = (csr.spec ??= {});
  for (const k of ['username', 'uid', 'groups', 'extra']) delete spec[k];
  if (user) {
    if (user.username) spec.username = user.username;
    if (user.uid) spec.uid = user.uid;
    if (user.groups.length) spec.groups = [...user.groups];
    if (user.extra && Object.keys(user.extra).length) spec.extra = structuredClone(user.extra);
  }
  csr.status = {};
}
