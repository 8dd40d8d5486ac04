// Table columns of a custom resource: its version's additionalPrinterColumns (JSONPath
// cells typed as upstream's tableconvertor types them), or the default Age column.

import type { Obj, TableColumn } from '../types/kind.js';
import { CREATION_TIMESTAMP_DOC, since, timeMs } from '../types/columns/format.js';
import { goFormatFloatG } from '../registry/field-validation.js';
import { evaluate, parseJsonPath, type JsonPath } from './jsonpath.js';
import { goJSON } from '../apimachinery/goformat.js';
import { sortedJson } from '../apimachinery/objectmeta.js';
import { stringifyJson } from '../encoding/json-depth.js';
import type { ColumnDefinition } from './types.js';

type ColumnType = TableColumn['type'];

const TYPES: readonly ColumnType[] = ['string', 'integer', 'number', 'boolean', 'date'];

/** Go's fmt.Fprint of a JSON value decoded into interface{} (what jsonpath prints for scalars); null as text/template prints it. */
function goPrint(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFormatFloatG(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null || v === undefined) return '<no value>';
  return String(v);
}

/**
 * jsonpath PrintResults of one value, as the CRD table convertor calls it (JSON output not
 * enabled): maps and lists as json.Marshal writes them (compact, keys sorted, <>& escaped),
 * the rest as Go prints them. kube-apiserver v1.32 answers `["a","b"]`, `{"a":[2],"x":1}`.
 */
function printResult(v: unknown): string {
  if (v === null || typeof v !== 'object') return goPrint(v);
  const sorted = sortedJson(v);
  try {
    return goJSON(sorted);
  } catch (e) {
    // Nested deeper than the stack: the iterative encoder (no HTML escaping).
    if (e instanceof RangeError) return stringifyJson(sorted);
    throw e;
  }
}

/** tableconvertor's cellForJSONValue. */
function typedCell(type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof v === 'number' ? Math.trunc(v) : null;
    case 'number':
      return typeof v === 'number' ? v : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
    case 'string':
      return typeof v === 'string' ? v : null;
    case 'date': {
      if (typeof v !== 'string') return null;
      if (v === '') return '<unknown>';
      if (timeMs(v) === undefined) return '<invalid>';
      return since(v);
    }
  }
  return null;
}

function column(def: ColumnDefinition): TableColumn | undefined {
  const type = (TYPES.includes(def.type as ColumnType) ? def.type : 'string') as ColumnType;
  let path: JsonPath;
  try {
    path = parseJsonPath(def.jsonPath ?? '');
  } catch {
    return undefined;
  }
  const c: TableColumn = {
    name: def.name ?? '',
    type,
    description: def.description || `Custom resource definition column (in JSONPath format): ${def.jsonPath}`,
    priority: def.priority ?? 0,
    cell: (obj: Obj) => {
      const results = evaluate(obj, path);
      if (results.length === 0) return null;
      const value = results[0];
      if (type === 'string') return value === undefined ? null : printResult(value);
      return typedCell(type, value);
    },
  };
  c.format = def.format ?? '';
  return c;
}

/** The columns after Name; with none declared, upstream's default: Age. */
export function printerColumns(defs: ColumnDefinition[] | undefined): TableColumn[] {
  if (!defs || defs.length === 0) {
    return [{ name: 'Age', type: 'date', format: '', description: CREATION_TIMESTAMP_DOC, priority: 0, cell: (o) => typedCell('date', o.metadata?.creationTimestamp) }];
  }
  return defs.map(column).filter((c): c is TableColumn => c !== undefined);
}
