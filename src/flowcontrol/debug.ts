// The /debug/api_priority_and_fairness/ dumps: comma-and-tab separated tables aligned as
// Go's tabwriter (minwidth 8, padding 1) aligns them (upstream apf_controller_debug.go).

import type { FlowControl, RequestMeta } from './controller.js';
import { formatSeatSeconds, type QueuedRequest } from './queueset.js';

/** Go's text/tabwriter with minwidth 8, tabwidth 0, padding 1, padchar ' ', for tab-terminated cells. */
export function tabwrite(lines: string[]): string {
  const rows = lines.map((l) => l.split('\t'));
  const widths: number[] = [];
  for (const r of rows) {
    for (let j = 0; j < r.length - 1; j++) widths[j] = Math.max(widths[j] ?? 8, [...r[j]!].length + 1);
  }
  return rows.map((r) => r.map((c, j) => (j < r.length - 1 ? c + ' '.repeat(widths[j]! - [...c].length) : c)).join('')).join('\n') + '\n';
}

const row = (...cols: (string | number | boolean)[]) => cols.map(String).join(',\t');

/** Go's time.RFC3339Nano in UTC: fractional seconds without trailing zeros. */
export function rfc3339Nano(d: Date | undefined): string {
  if (!d) return '0001-01-01T00:00:00Z';
  return d.toISOString().replace(/\.(\d*?)0*Z$/, (_m, frac: string) => (frac ? `.${frac}Z` : 'Z'));
}

/** Go's time.Duration String() for a duration in milliseconds. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const ns = Math.round(ms * 1e6);
  if (ns < 1000) return `${ns}ns`;
  if (ns < 1e6) return `${trim(ns / 1e3)}µs`;
  if (ns < 1e9) return `${trim(ns / 1e6)}ms`;
  return `${trim(ns / 1e9)}s`;
}

const trim = (x: number) => String(Number(x.toFixed(9)));

function sortedLevels(fc: FlowControl) {
  return [...fc.priorityLevels.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function dumpPriorityLevels(fc: FlowControl): string {
  const lines = [row('PriorityLevelName', 'ActiveQueues', 'IsIdle', 'IsQuiescing', 'WaitingRequests', 'ExecutingRequests', 'DispatchedRequests', 'RejectedRequests', 'TimedoutRequests', 'CancelledRequests')];
  for (const st of sortedLevels(fc)) {
    const d = st.queues.dump();
    const active = d.queues.filter((q) => q.waiting.length > 0).length;
    lines.push(row(st.name, active, st.queues.isIdle(), st.quiescing, d.waiting, d.executing, d.dispatched, d.rejected, d.timedout, d.cancelled));
  }
  return tabwrite(lines);
}

export function dumpQueues(fc: FlowControl): string {
  const lines = [row('PriorityLevelName', 'Index', 'PendingRequests', 'ExecutingRequests', 'SeatsInUse', 'NextDispatchR', 'InitialSeatsSum', 'MaxSeatsSum', 'TotalWorkSum')];
  for (const st of sortedLevels(fc)) {
    const d = st.queues.dump();
    d.queues.forEach((q, i) => {
      lines.push(row(st.name, i, q.waiting.length, q.executing.length, q.seatsInUse, formatSeatSeconds(q.nextDispatchR), q.sum.initialSeatsSum, q.sum.maxSeatsSum, formatSeatSeconds(q.sum.totalWorkSum)));
    });
  }
  return tabwrite(lines);
}

export function dumpRequests(fc: FlowControl, includeRequestDetails: boolean): string {
  let header = row('PriorityLevelName', 'FlowSchemaName', 'QueueIndex', 'RequestIndexInQueue', 'FlowDistingsher', 'ArriveTime', 'InitialSeats', 'FinalSeats', 'AdditionalLatency', 'StartTime');
  if (includeRequestDetails) header += ',\t' + row('UserName', 'Verb', 'APIPath', 'Namespace', 'Name', 'APIVersion', 'Resource', 'SubResource');
  const lines = [header];
  for (const st of sortedLevels(fc)) {
    const d = st.queues.dump();
    const dump = (iq: number, ir: number, r: QueuedRequest<RequestMeta>) => {
      const started = r.decision === 'waiting' ? undefined : new Date(r.descr.arriveTime.getTime() + (r.startMs - r.arrivalMs));
      let line = row(st.name, r.fsName, iq, ir, r.flowDistinguisher, rfc3339Nano(r.descr.arriveTime), r.work.initialSeats, r.work.finalSeats, goDuration(r.work.additionalLatencyMs), rfc3339Nano(started));
      if (includeRequestDetails) {
        const info = r.descr.digest.info;
        const gv = info.apiGroup ? `${info.apiGroup}/${info.apiVersion}` : info.apiVersion;
        line += ',\t' + row(r.descr.digest.user.username, info.verb, info.path, info.namespace, info.name, gv, info.resource, info.subresource);
      }
      lines.push(line);
    };
    d.queues.forEach((q, iq) => {
      q.waiting.forEach((r, ir) => dump(iq, ir, r));
      for (const r of q.executing) dump(iq, -1, r);
    });
    for (const r of d.queuelessExecuting) dump(-1, -1, r);
  }
  return tabwrite(lines);
}
