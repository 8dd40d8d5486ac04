// The internal (hub) view of a v1 CRD spec, as upstream converts it before validating:
// when every version carries the same schema, subresources or printer columns, they move
// to the top level (spec.validation, spec.subresources, spec.additionalPrinterColumns) and
// errors are reported at those paths.

import { deepEqual } from '../registry/meta.js';
import type { ColumnDefinition, Crd, CrdVersion, JSONSchemaProps, Subresources } from './types.js';

export interface InternalVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: Subresources;
  additionalPrinterColumns?: ColumnDefinition[];
  selectableFields?: { jsonPath?: string }[];
}

export interface InternalSpec {
  version: string;
  versions: InternalVersion[];
  validation?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: Subresources;
  additionalPrinterColumns?: ColumnDefinition[];
}

function columnsOrNil(v: CrdVersion): ColumnDefinition[] | undefined {
  return Array.isArray(v.additionalPrinterColumns) && v.additionalPrinterColumns.length > 0 ? v.additionalPrinterColumns : undefined;
}

export function toInternal(crd: Crd): InternalSpec {
  const vs: CrdVersion[] = Array.isArray(crd.spec.versions) ? crd.spec.versions : [];
  const versions: InternalVersion[] = vs.map((v) => ({
    name: typeof v?.name === 'string' ? v.name : '',
    served: v?.served === true,
    storage: v?.storage === true,
    deprecated: v?.deprecated === true,
    deprecationWarning: v?.deprecationWarning,
    schema: v?.schema ?? undefined,
    subresources: v?.subresources ?? undefined,
    additionalPrinterColumns: v ? columnsOrNil(v) : undefined,
    selectableFields: v?.selectableFields,
  }));
  const out: InternalSpec = { version: versions[0]?.name ?? '', versions };
  if (versions.length === 0) return out;
  const first = versions[0]!;
  const same = <K extends 'schema' | 'subresources' | 'additionalPrinterColumns'>(k: K) => versions.every((v) => deepEqual(v[k] ?? null, first[k] ?? null));
  if (same('subresources')) {
    out.subresources = first.subresources;
    for (const v of versions) delete v.subresources;
  }
  if (same('schema')) {
    out.validation = first.schema;
    for (const v of versions) delete v.schema;
  }
  if (same('additionalPrinterColumns')) {
    out.additionalPrinterColumns = first.additionalPrinterColumns;
    for (const v of versions) delete v.additionalPrinterColumns;
  }
  return out;
}

export function hasPerVersionSubresources(spec: InternalSpec): boolean {
  return spec.versions.some((v) => v.subresources !== undefined);
}

/** getSubresourcesForVersion. */
export function subresourcesFor(spec: InternalSpec, version: string): Subresources | undefined {
  if (!hasPerVersionSubresources(spec)) return spec.subresources;
  return spec.versions.find((v) => v.name === version)?.subresources;
}
