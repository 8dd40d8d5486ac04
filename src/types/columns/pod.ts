// The Pod printer: READY x/y, the STATUS reason, RESTARTS with "(Xm ago)", and the wide
// IP / NODE / NOMINATED NODE / READINESS GATES cells, as upstream's printPod computes them.

import type { Obj, TableColumn } from '../kind.js';
import { tableNow } from './clock.js';
import { DOCS } from './descriptions.js';
import { humanDuration } from './duration.js';
import { ageColumn, arr, col, int, str, timeMs } from './format.js';

/** What printPod derives once per pod; every column reads one field of it. */
export interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
  ip: string;
  node: string;
  nominatedNode: string;
  readinessGates: string;
}

function isRestartable(container: Obj | undefined): boolean {
  return container?.restartPolicy === 'Always';
}

function conditionTrue(pod: Obj, type: string): boolean {
  return arr(pod.status?.conditions).some((c) => c?.type === type && c?.status === 'True');
}

/** isPodInitializedConditionTrue: the first Initialized condition decides. */
function initializedConditionTrue(pod: Obj): boolean {
  const c = arr(pod.status?.conditions).find((x) => x?.type === 'Initialized');
  return c?.status === 'True';
}

/** The later of a restart date and a container's last termination (zero time is never later). */
function laterFinish(current: number | undefined, status: Obj): number | undefined {
  const finished = timeMs(status?.lastState?.terminated?.finishedAt);
  if (finished === undefined) return current;
  return current === undefined || current < finished ? finished : current;
}

export function summarizePod(pod: Obj): PodSummary {
  const now = tableNow();
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const containers = arr(spec.containers);
  const initContainers = arr(spec.initContainers);

  let restarts = 0;
  let restartableInitRestarts = 0;
  let totalContainers = containers.length;
  let readyContainers = 0;
  let lastRestart: number | undefined;
  let lastRestartableInitRestart: number | undefined;

  const phase = str(status.phase);
  let reason = phase;
  if (str(status.reason) !== '') reason = str(status.reason);

  for (const c of arr(status.conditions)) {
    if (c?.type === 'PodScheduled' && c?.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initByName = new Map<string, Obj>();
  for (const c of initContainers) {
    initByName.set(str(c?.name), c);
    if (isRestartable(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses = arr(status.initContainerStatuses);
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i] ?? {};
    const restartable = isRestartable(initByName.get(str(cs.name)));
    restarts += int(cs.restartCount);
    lastRestart = laterFinish(lastRestart, cs);
    if (restartable) {
      restartableInitRestarts += int(cs.restartCount);
      lastRestartableInitRestart = laterFinish(lastRestartableInitRestart, cs);
    }
    const terminated = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (terminated && int(terminated.exitCode) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready === true) readyContainers++;
      continue;
    }
    if (terminated) {
      // initialization failed
      if (str(terminated.reason) === '') {
        reason = int(terminated.signal) !== 0 ? `Init:Signal:${int(terminated.signal)}` : `Init:ExitCode:${int(terminated.exitCode)}`;
      } else {
        reason = `Init:${str(terminated.reason)}`;
      }
    } else if (waiting && str(waiting.reason) !== '' && waiting.reason !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || initializedConditionTrue(pod)) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = arr(status.containerStatuses);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i] ?? {};
      restarts += int(cs.restartCount);
      lastRestart = laterFinish(lastRestart, cs);
      const waiting = cs.state?.waiting;
      const terminated = cs.state?.terminated;
      if (waiting && str(waiting.reason) !== '') {
        reason = str(waiting.reason);
      } else if (terminated && str(terminated.reason) !== '') {
        reason = str(terminated.reason);
      } else if (terminated) {
        reason = int(terminated.signal) !== 0 ? `Signal:${int(terminated.signal)}` : `ExitCode:${int(terminated.exitCode)}`;
      } else if (cs.ready === true && cs.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // A pod whose last-listed container completed while another still runs is not "Completed".
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = pod.metadata?.deletionTimestamp !== undefined && pod.metadata?.deletionTimestamp !== null;
  if (deleting && status.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Failed' && phase !== 'Succeeded') reason = 'Terminating';

  let restartsCell = String(restarts);
  if (restarts !== 0 && lastRestart !== undefined) restartsCell = `${restarts} (${humanDuration(now - lastRestart)} ago)`;

  const podIPs = arr(status.podIPs);
  const ip = podIPs.length > 0 ? str(podIPs[0]?.ip) : '';

  let readinessGates = '<none>';
  const gates = arr(spec.readinessGates);
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const gate of gates) {
      const c = arr(status.conditions).find((x) => x?.type === gate?.conditionType);
      if (c?.status === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }

  return {
    ready: `${readyContainers}/${totalContainers}`,
    status: reason,
    restarts: restartsCell,
    ip: ip === '' ? '<none>' : ip,
    node: str(spec.nodeName) === '' ? '<none>' : str(spec.nodeName),
    nominatedNode: str(status.nominatedNodeName) === '' ? '<none>' : str(status.nominatedNodeName),
    readinessGates,
  };
}

export const podColumns: TableColumn[] = [
  col('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.', (o) => summarizePod(o).ready),
  col('Status', 'string', 'The aggregate status of the containers in this pod.', (o) => summarizePod(o).status),
  col(
    'Restarts',
    'string',
    'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
    (o) => summarizePod(o).restarts,
  ),
  ageColumn(),
  col('IP', 'string', DOCS['v1.PodStatus.podIP'], (o) => summarizePod(o).ip, 1),
  col('Node', 'string', DOCS['v1.PodSpec.nodeName'], (o) => summarizePod(o).node, 1),
  col('Nominated Node', 'string', DOCS['v1.PodStatus.nominatedNodeName'], (o) => summarizePod(o).nominatedNode, 1),
  col('Readiness Gates', 'string', DOCS['v1.PodSpec.readinessGates'], (o) => summarizePod(o).readinessGates, 1),
];

/** The row conditions printPod attaches: Completed for Succeeded and Failed pods. */
export function podRowConditions(pod: Obj): Obj[] | undefined {
  switch (pod.status?.phase) {
    case 'Succeeded':
      return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
    case 'Failed':
      return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
    default:
      return undefined;
  }
}
