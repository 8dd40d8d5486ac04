// Label and field selectors applied to stored objects: what the cache indexes per
// object (labels and the kind's selectable fields) and the matcher a list or watch uses.

import { assertSupportedFields, type FieldSelector } from '../apimachinery/fields.js';
import { goQuote } from '../apimachinery/goformat.js';
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

/**
 * A kind with field labels of its own has its own conversion (AddFieldLabelConversionFunc),
 * which for a cluster-scoped kind (nodes, namespaces, certificate signing requests) knows no
 * metadata.namespace; the default conversion accepts it for every kind.
 */
function hasOwnFieldSelectors(def: KindDef): boolean {
  return Object.keys(def.fieldSelectors ?? {}).length > 0;
}

/**
 * Where a kind's field label conversion (AddFieldLabelConversionFunc) does more than accept its
 * own field labels: old or view names for stored fields, labels of the stored kind it also
 * accepts, and its own message for the others.
 */
interface FieldLabelConversionOptions {
  aliases?: Readonly<Record<string, string>>;
  also?: readonly string[];
  message?: (label: string) => string;
}

const fieldLabelConversions: Record<string, FieldLabelConversionOptions> = {
  '/Pod': { aliases: { 'spec.host': 'spec.nodeName' } },
  'batch/Job': { message: (label) => `field label ${goQuote(label)} not supported for Job` },
  // events.k8s.io/v1 names the core Event's fields its own way (events/v1 conversion.go).
  'events.k8s.io/Event': {
    also: ['reason', 'type'],
    aliases: {
      'regarding.kind': 'involvedObject.kind',
      'regarding.namespace': 'involvedObject.namespace',
      'regarding.name': 'involvedObject.name',
      'regarding.uid': 'involvedObject.uid',
      'regarding.apiVersion': 'involvedObject.apiVersion',
      'regarding.resourceVersion': 'involvedObject.resourceVersion',
      'regarding.fieldPath': 'involvedObject.fieldPath',
      reportingController: 'reportingComponent',
    },
  },
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

/** The selector through the kind's field label conversion (what a list or watch with a field selector pays for). */
function convertFieldLabels(def: KindDef, fields: FieldSelector): FieldSelector {
  const conversion = fieldLabelConversions[`${def.group}/${def.kind}`] ?? {};
  const supported = def.namespaced || hasOwnFieldSelectors(def) ? selectableFields(def) : [...selectableFields(def), 'metadata.namespace'];
  return assertSupportedFields(fields, [...supported, ...(conversion.also ?? [])], { aliases: conversion.aliases, message: conversion.message });
}

export function buildFilter(def: KindDef, labels: LabelSelector, fields: FieldSelector): ListFilter {
  const converted = fields.empty ? fields : convertFieldLabels(def, fields);
  if (labels.empty && converted.empty) return matchEverything;
  return {
    empty: false,
    matches: (e) => labels.matches(e.labels) && converted.matches((f) => e.fields[f] ?? (f === 'metadata.namespace' ? '' : undefined)),
  };
}
