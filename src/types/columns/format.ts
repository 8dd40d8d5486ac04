// Shared cell formatting, as upstream's printers render values (labels.FormatLabels,
// metav1.FormatLabelSelector, Quantity.String, IntOrString.String, ...).

import { labelSelectorFromMetav1, type Metav1LabelSelector } from '../../apimachinery/labels.js';
import { goStringCompare } from '../../apimachinery/validation.js';
import { formatQuantity, parseQuantity } from '../../apimachinery/quantity.js';
import type { Obj, TableColumn } from '../kind.js';
import { tableNow } from './clock.js';
import { humanDuration } from './duration.js';
import { DOCS } from './descriptions.js';

export const NAME_DOC = DOCS['v1.ObjectMeta.name'];
export const CREATION_TIMESTAMP_DOC = DOCS['v1.ObjectMeta.creationTimestamp'];

type ColumnType = TableColumn['type'];

/** A column definition; priority 1 columns show only with -o wide. */
export function col(name: string, type: ColumnType, description: string, cell: (obj: Obj) => unknown, priority = 0, format?: string): TableColumn {
  const c: TableColumn = { name, type, description, priority, cell };
  if (format !== undefined) c.format = format;
  return c;
}

/** The Age column every printer carries: time since metadata.creationTimestamp. */
export function ageColumn(): TableColumn {
  return col('Age', 'string', CREATION_TIMESTAMP_DOC, (o) => since(o.metadata?.creationTimestamp));
}

/** The Name column, for kinds whose printer places or renders it differently. */
export function nameColumn(cell: (obj: Obj) => unknown = (o) => o.metadata?.name ?? '', priority = 0, format = 'name'): TableColumn {
  return col('Name', 'string', NAME_DOC, cell, priority, format);
}

/** Milliseconds of an RFC 3339 timestamp, undefined for absent (Go's zero time) or unparsable. */
export function timeMs(ts: unknown): number | undefined {
  if (typeof ts !== 'string' || ts === '') return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
}

/** translateTimestampSince: "<unknown>" for a zero time, else HumanDuration(now - t). */
export function since(ts: unknown): string {
  const ms = timeMs(ts);
  return ms === undefined ? '<unknown>' : humanDuration(tableNow() - ms);
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

/** An integer field, 0 when unset (Go's zero value). */
export function int(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export function arr(v: unknown): Obj[] {
  return Array.isArray(v) ? (v as Obj[]) : [];
}

export function len(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return 0;
}

/** printBoolPtr: "True", "False", or "<unset>" when nil. */
export function boolPtr(v: unknown): string {
  if (v === undefined || v === null) return '<unset>';
  return v === true ? 'True' : 'False';
}

/** labels.FormatLabels: sorted "k=v" pairs joined by ",", "<none>" when empty. */
export function formatLabels(labels: unknown): string {
  if (!labels || typeof labels !== 'object') return '<none>';
  const pairs = Object.entries(labels as Record<string, unknown>).map(([k, v]) => `${k}=${str(v)}`);
  pairs.sort(goStringCompare);
  return pairs.length === 0 ? '<none>' : pairs.join(',');
}

/** metav1.LabelSelectorAsSelector(...).String(); undefined when the selector does not convert. */
export function selectorString(sel: unknown): string | undefined {
  try {
    return labelSelectorFromMetav1((sel ?? null) as Metav1LabelSelector | null).toString();
  } catch {
    return undefined;
  }
}

/** metav1.FormatLabelSelector: "<none>" when empty, "<error>" when it does not convert. */
export function formatLabelSelector(sel: unknown): string {
  const s = selectorString(sel);
  if (s === undefined) return '<error>';
  return s === '' ? '<none>' : s;
}

/** resource.Quantity String(): the canonical form; "<nil>" for a nil quantity pointer. */
export function quantity(v: unknown): string {
  if (v === undefined || v === null) return '<nil>';
  const s = typeof v === 'number' ? String(v) : str(v);
  try {
    return formatQuantity(parseQuantity(s));
  } catch {
    return s;
  }
}

/** A quantity value held by a (non-pointer) field: "0" when unset. */
export function quantityValue(v: unknown): string {
  return v === undefined || v === null ? '0' : quantity(v);
}

/** intstr.IntOrString String(). */
export function intOrString(v: unknown): string {
  return typeof v === 'number' ? String(Math.trunc(v)) : str(v);
}

/** layoutContainerCells: container names and images, each joined by ",". */
export function containerCells(containers: unknown): { names: string; images: string } {
  const list = arr(containers);
  return { names: list.map((c) => str(c?.name)).join(','), images: list.map((c) => str(c?.image)).join(',') };
}

/** listWithMoreString: up to max entries, then " + N more...", "<unset>" when empty. */
export function listWithMore(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

/** strings.ToLower(GroupKind.String()) + "/" + name, as formatResourceName prints. */
export function groupKindName(group: string, kind: string, name: string): string {
  if (group === '' && kind === '') return name;
  const gk = group === '' ? kind : `${kind}.${group}`;
  return `${gk.toLowerCase()}/${name}`;
}

/** Go's metav1.GetControllerOf: the owner reference with controller=true. */
export function controllerOf(obj: Obj): Obj | undefined {
  return arr(obj.metadata?.ownerReferences).find((r) => r?.controller === true);
}

/** Sort strings in Go's byte order (sets.String.List, sort.Strings). */
export function goSorted(values: Iterable<string>): string[] {
  return [...values].sort(goStringCompare);
}

/** Column builders for the three "wide" template columns that most workload printers share. */
export const CONTAINERS_DOC = 'Names of each container in the template.';
export const IMAGES_DOC = 'Images referenced by each container in the template.';

export function templateColumns(containers: (o: Obj) => unknown): TableColumn[] {
  return [
    col('Containers', 'string', CONTAINERS_DOC, (o) => containerCells(containers(o)).names, 1),
    col('Images', 'string', IMAGES_DOC, (o) => containerCells(containers(o)).images, 1),
  ];
}
