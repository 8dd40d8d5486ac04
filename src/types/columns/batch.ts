// batch/v1 printers: Job and CronJob.

import type { Obj, TableColumn } from '../kind.js';
import { tableNow } from './clock.js';
import { DOCS } from './descriptions.js';
import { humanDuration } from './duration.js';
import { ageColumn, arr, boolPtr, col, formatLabelSelector, int, since, str, templateColumns, timeMs } from './format.js';

/** hasJobCondition: the first condition of the type decides. */
function jobCondition(job: Obj, type: string): boolean {
  const c = arr(job.status?.conditions).find((x) => x?.type === type);
  return c?.status === 'True';
}

function jobStatus(job: Obj): string {
  if (jobCondition(job, 'Complete')) return 'Complete';
  if (jobCondition(job, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp !== undefined && job.metadata?.deletionTimestamp !== null) return 'Terminating';
  if (jobCondition(job, 'Suspended')) return 'Suspended';
  if (jobCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

function jobCompletions(job: Obj): string {
  const succeeded = int(job.status?.succeeded);
  const completions = job.spec?.completions;
  if (completions !== undefined && completions !== null) return `${succeeded}/${int(completions)}`;
  const parallelism = int(job.spec?.parallelism);
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(job: Obj): string {
  const start = timeMs(job.status?.startTime);
  if (start === undefined) return '';
  const end = timeMs(job.status?.completionTime);
  return humanDuration((end ?? tableNow()) - start);
}

export const jobColumns: TableColumn[] = [
  col('Status', 'string', 'Status of the job.', jobStatus),
  col('Completions', 'string', DOCS['v1.JobStatus.succeeded'], jobCompletions),
  col('Duration', 'string', 'Time required to complete the job.', jobDuration),
  ageColumn(),
  ...templateColumns((o) => o.spec?.template?.spec?.containers),
  col('Selector', 'string', DOCS['v1.JobSpec.selector'], (o) => formatLabelSelector(o.spec?.selector), 1),
];

export const cronJobColumns: TableColumn[] = [
  col('Schedule', 'string', DOCS['v1.CronJobSpec.schedule'], (o) => str(o.spec?.schedule)),
  col('Timezone', 'string', DOCS['v1.CronJobSpec.timeZone'], (o) => (typeof o.spec?.timeZone === 'string' ? o.spec.timeZone : '<none>')),
  col('Suspend', 'boolean', DOCS['v1.CronJobSpec.suspend'], (o) => boolPtr(o.spec?.suspend)),
  col('Active', 'integer', DOCS['v1.CronJobStatus.active'], (o) => arr(o.status?.active).length),
  col('Last Schedule', 'string', DOCS['v1.CronJobStatus.lastScheduleTime'], (o) =>
    o.status?.lastScheduleTime === undefined || o.status?.lastScheduleTime === null ? '<none>' : since(o.status.lastScheduleTime),
  ),
  ageColumn(),
  ...templateColumns((o) => o.spec?.jobTemplate?.spec?.template?.spec?.containers),
  col('Selector', 'string', DOCS['v1.JobSpec.selector'], (o) => formatLabelSelector(o.spec?.jobTemplate?.spec?.selector), 1),
];
