// The Event printer, shared by core/v1 and events.k8s.io/v1 (upstream prints both from the
// same internal object). Unlike every other printer its Name column comes last, as a wide
// column, so this list is the complete column list, Name included.

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { col, int, nameColumn, since, str, timeMs } from './format.js';

/** The internal Event fields the printer reads, from either API version's field names. */
interface EventView {
  firstTimestamp: unknown;
  lastTimestamp: unknown;
  eventTime: unknown;
  series: Obj | undefined;
  count: number;
  involvedObject: Obj;
  type: string;
  reason: string;
  source: Obj;
  reportingController: string;
  reportingInstance: string;
  message: string;
}

function isEventsV1(o: Obj): boolean {
  if (typeof o.apiVersion === 'string') return o.apiVersion.startsWith('events.k8s.io/');
  return 'regarding' in o || 'note' in o || 'reportingController' in o;
}

function view(o: Obj): EventView {
  const v1 = isEventsV1(o);
  return {
    firstTimestamp: v1 ? o.deprecatedFirstTimestamp : o.firstTimestamp,
    lastTimestamp: v1 ? o.deprecatedLastTimestamp : o.lastTimestamp,
    eventTime: o.eventTime,
    series: o.series && typeof o.series === 'object' ? o.series : undefined,
    count: int(v1 ? o.deprecatedCount : o.count),
    involvedObject: (v1 ? o.regarding : o.involvedObject) ?? {},
    type: str(o.type),
    reason: str(o.reason),
    source: (v1 ? o.deprecatedSource : o.source) ?? {},
    reportingController: str(v1 ? o.reportingController : o.reportingComponent),
    reportingInstance: str(o.reportingInstance),
    message: str(v1 ? o.note : o.message),
  };
}

function firstSeen(e: EventView): string {
  return timeMs(e.firstTimestamp) === undefined ? since(e.eventTime) : since(e.firstTimestamp);
}

function lastSeen(e: EventView): string {
  if (e.series) return since(e.series.lastObservedTime);
  return timeMs(e.lastTimestamp) === undefined ? firstSeen(e) : since(e.lastTimestamp);
}

function count(e: EventView): number {
  if (e.series) return int(e.series.count);
  // Singleton events don't have a count set in the new API.
  return e.count === 0 ? 1 : e.count;
}

function target(e: EventView): string {
  const kind = str(e.involvedObject.kind).toLowerCase();
  const name = str(e.involvedObject.name);
  return name.length > 0 ? `${kind}/${name}` : kind;
}

/** formatEventSource: component (or reportingController), then ", instance" when there is one. */
function source(e: EventView): string {
  const component = str(e.source.component) || e.reportingController;
  const instance = str(e.source.host) || e.reportingInstance;
  return instance.length === 0 ? component : `${component}, ${instance}`;
}

export const eventColumns: TableColumn[] = [
  col('Last Seen', 'string', DOCS['v1.Event.lastTimestamp'], (o) => lastSeen(view(o))),
  col('Type', 'string', DOCS['v1.Event.type'], (o) => view(o).type),
  col('Reason', 'string', DOCS['v1.Event.reason'], (o) => view(o).reason),
  col('Object', 'string', DOCS['v1.Event.involvedObject'], (o) => target(view(o))),
  col('Subobject', 'string', DOCS['v1.ObjectReference.fieldPath'], (o) => str(view(o).involvedObject.fieldPath), 1),
  col('Source', 'string', DOCS['v1.Event.source'], (o) => source(view(o)), 1),
  col('Message', 'string', DOCS['v1.Event.message'], (o) => view(o).message.trim()),
  col('First Seen', 'string', DOCS['v1.Event.firstTimestamp'], (o) => firstSeen(view(o)), 1),
  col('Count', 'string', DOCS['v1.Event.count'], (o) => count(view(o)), 1),
  nameColumn(undefined, 1),
];
