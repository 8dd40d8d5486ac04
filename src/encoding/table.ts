// The Table representation (meta.k8s.io/v1) that kubectl get asks for.

import type { KindDef, Obj, TableColumn } from '../types/kind.js';
import { goJson } from '../types/go-json.js';
import { ObjectMeta } from '../types/schemas/meta.js';
import { completeColumns, listOrderFor, rowConditionsFor } from '../types/columns/index.js';

export const NAME_COLUMN_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

export const CREATED_AT_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

const defaultColumns: TableColumn[] = [
  { name: 'Created At', type: 'date', description: CREATED_AT_DESCRIPTION, priority: 0, cell: (o) => o.metadata?.creationTimestamp ?? null },
];

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function parseIncludeObject(v: string | null): IncludeObject {
  if (v === 'None' || v === 'Object') return v;
  return 'Metadata';
}

const nameColumn: TableColumn = { name: 'Name', type: 'string', format: 'name', description: NAME_COLUMN_DESCRIPTION, priority: 0, cell: (o) => o.metadata?.name ?? '' };

/** Every column, Name included (a few kinds place Name themselves). */
function columnsOf(def: KindDef): TableColumn[] {
  return def.tableColumns ? completeColumns(def.tableColumns) : [nameColumn, ...defaultColumns];
}

export function columnDefinitions(def: KindDef): Obj[] {
  return columnsOf(def).map((c) => ({ name: c.name, type: c.type, format: c.format ?? '', description: c.description, priority: c.priority }));
}

/**
 * PartialObjectMetadata is a typed object whatever the kind it describes: its metadata is Go's
 * ObjectMeta, written in the struct's field order. A built-in object's already is; a custom
 * resource's (unstructured, `def` without a Go type) is sorted and is re-encoded.
 */
export function partialObjectMetadata(obj: Obj, metaVersion: string, def: KindDef): Obj {
  const metadata = obj.metadata ?? {};
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${metaVersion}`, metadata: def.schema ? metadata : (goJson(metadata, ObjectMeta) as Obj) };
}

export function tableRow(def: KindDef, obj: Obj, include: IncludeObject, metaVersion: string): Obj {
  const cells = columnsOf(def).map((c) => c.cell(obj) ?? null);
  const row: Obj = { cells };
  const conditions = rowConditionsFor(def.group, def.kind)?.(obj);
  if (conditions) row.conditions = conditions;
  if (include === 'Object') row.object = obj;
  else if (include === 'Metadata') row.object = partialObjectMetadata(obj, metaVersion, def);
  return row;
}

export function table(
  def: KindDef,
  objs: Obj[],
  listMeta: { resourceVersion?: string; continue?: string; remainingItemCount?: number },
  include: IncludeObject,
  metaVersion: string,
  withColumns = true,
): Obj {
  const t: Obj = { kind: 'Table', apiVersion: `meta.k8s.io/${metaVersion}`, metadata: listMeta };
  if (withColumns) t.columnDefinitions = columnDefinitions(def);
  const order = listOrderFor(def.group, def.kind);
  t.rows = (order ? [...objs].sort(order) : objs).map((o) => tableRow(def, o, include, metaVersion));
  return t;
}
