// apps/v1 and batch/v1 defaulters: pkg/apis/apps/v1/defaults.go and
// pkg/apis/batch/v1/defaults.go (v1.34; StatefulSetAutoDeletePVC and
// JobPodReplacementPolicy are enabled).

import { defaultPtr, defaultValue, isEmpty, isObject, ptrStruct, structField, deepCopy, type JsonObject, type TypeDefaulter } from './util.js';

const A = 'io.k8s.api.apps.v1.';
const B = 'io.k8s.api.batch.v1.';
const MAX_INT32 = 2147483647;

function deployment(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultPtr(spec, 'replicas', 1);
  const strategy = structField(spec, 'strategy');
  defaultValue(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const ru = ptrStruct(strategy, 'rollingUpdate') ?? {};
    strategy.rollingUpdate = ru;
    defaultPtr(ru, 'maxUnavailable', '25%');
    defaultPtr(ru, 'maxSurge', '25%');
  }
  defaultPtr(spec, 'revisionHistoryLimit', 10);
  defaultPtr(spec, 'progressDeadlineSeconds', 600);
}

function daemonSet(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  const strategy = structField(spec, 'updateStrategy');
  defaultValue(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const ru = ptrStruct(strategy, 'rollingUpdate') ?? {};
    strategy.rollingUpdate = ru;
    defaultPtr(ru, 'maxUnavailable', 1);
    defaultPtr(ru, 'maxSurge', 0);
  }
  defaultPtr(spec, 'revisionHistoryLimit', 10);
}

function statefulSet(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultValue(spec, 'podManagementPolicy', 'OrderedReady');
  const strategy = structField(spec, 'updateStrategy');
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    if (!isObject(strategy.rollingUpdate)) strategy.rollingUpdate = {};
  }
  const ru = ptrStruct(strategy, 'rollingUpdate');
  if (strategy.type === 'RollingUpdate' && ru) defaultPtr(ru, 'partition', 0);
  const retention = ptrStruct(spec, 'persistentVolumeClaimRetentionPolicy') ?? {};
  spec.persistentVolumeClaimRetentionPolicy = retention;
  defaultValue(retention, 'whenDeleted', 'Retain');
  defaultValue(retention, 'whenScaled', 'Retain');
  defaultPtr(spec, 'replicas', 1);
  defaultPtr(spec, 'revisionHistoryLimit', 10);
}

function job(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  if (spec.completions == null && spec.parallelism == null) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  defaultPtr(spec, 'parallelism', 1);
  if (spec.backoffLimit == null) spec.backoffLimit = spec.backoffLimitPerIndex != null ? MAX_INT32 : 6;
  const template = ptrStruct(spec, 'template');
  const templateMeta = template && ptrStruct(template, 'metadata');
  const labels = templateMeta?.labels;
  const meta = structField(obj, 'metadata');
  if (isObject(labels) && isEmpty(meta.labels)) meta.labels = deepCopy(labels);
  defaultPtr(spec, 'completionMode', 'NonIndexed');
  defaultPtr(spec, 'suspend', false);
  if (spec.podReplacementPolicy == null) {
    spec.podReplacementPolicy = spec.podFailurePolicy != null ? 'Failed' : 'TerminatingOrFailed';
  }
  defaultPtr(spec, 'manualSelector', false);
}

function cronJob(obj: JsonObject): void {
  const spec = structField(obj, 'spec');
  defaultValue(spec, 'concurrencyPolicy', 'Allow');
  defaultPtr(spec, 'suspend', false);
  defaultPtr(spec, 'successfulJobsHistoryLimit', 3);
  defaultPtr(spec, 'failedJobsHistoryLimit', 1);
}

export const appsBatchDefaulters: Record<string, TypeDefaulter> = {
  [A + 'Deployment']: deployment,
  [A + 'DaemonSet']: daemonSet,
  [A + 'StatefulSet']: statefulSet,
  [A + 'ReplicaSet']: (o) => defaultPtr(structField(o, 'spec'), 'replicas', 1),
  [B + 'Job']: job,
  [B + 'CronJob']: cronJob,
  [B + 'PodFailurePolicyOnPodConditionsPattern']: (o) => defaultValue(o, 'status', 'True'),
};
