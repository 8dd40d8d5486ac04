// Label and field selectors applied to stored objects: what the cache indexes per
// object (labels and the kind's selectable fields) and the matcher a list or watch uses.

import { assertSupportedFields, type FieldSelector } from '../apimachinery/fields.js';
import type { LabelSelector } from '../apimachinery/labels.js';
import type { KindDef, Obj } from '../types/kind.js';

export interface Indexed {
  labels: Record<string, string>;
  fields: Record<string, string>;
}

export interface ListFilter {
  /** No selector at all: remainingItemCount may be reported. */
  empty: boolean;
  matches(e: Indexed): boolean;
}

export const matchEverything: ListFilter = { empty: true, matches: () => true };

/** Field labels a kind can be selected by, metadata first. */
export function selectableFields(def: KindDef): string[] {
  const base = def.namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name'];
  return [...base, ...Object.keys(def.fieldSelectors ?? {})];
}

/** Old field labels that upstream still accepts for a kind. */
const fieldAliases: Record<string, Record<string, string>> = {
  '/Pod': { 'spec.host': 'spec.nodeName' },
};

export function indexerFor(def: KindDef): (obj: Obj) => Indexed {
  const getters = Object.entries(def.fieldSelectors ?? {});
  return (obj) => {
    const meta = obj.metadata ?? {};
    const fields: Record<string, string> = { 'metadata.name': meta.name ?? '' };
    if (def.namespaced) fields['metadata.namespace'] = meta.namespace ?? '';
    for (const [name, get] of getters) fields[name] = get(obj) ?? '';
    return { labels: meta.labels ?? {}, fields };
  };
}

export function buildFilter(def: KindDef, labels: LabelSelector, fields: FieldSelector): ListFilter {
  const converted = fields.empty
    ? fields
    : assertSupportedFields(fields, def.namespaced ? selectableFields(def) : [...selectableFields(def), 'metadata.namespace'], {
        aliases: fieldAliases[`${def.group}/${def.kind}`],
      });
  if (labels.empty && converted.empty) return matchEverything;
  return {
    empty: false,
    matches: (e) => labels.matches(e.labels) && converted.matches((f) => e.fields[f] ?? (f === 'metadata.namespace' ? '' : undefined)),
  };
}
