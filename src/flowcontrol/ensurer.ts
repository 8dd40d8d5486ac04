// The configuration producer: at start every server makes sure the bootstrap FlowSchemas
// and PriorityLevelConfigurations exist (upstream pkg/registry/flowcontrol/ensurer).
// Mandatory objects always get their spec back; suggested ones only while their
// `apf.kubernetes.io/autoupdate-spec` annotation says true (or, without a readable
// annotation, while nobody changed them: generation 1). Objects that carry the annotation
// but are no longer part of the bootstrap set are deleted when it says true.
// One list per kind from the watch cache; writes only for what differs, all at once.

import { StatusError } from '../apimachinery/errors.js';
import { matchEverything } from '../registry/filter.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import {
  AUTO_UPDATE_ANNOTATION, MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS,
} from './bootstrap.js';

export const FLOWCONTROL_GROUP = 'flowcontrol.apiserver.k8s.io';
const FIELD_MANAGER = 'api-priority-and-fairness-config-producer-v1';

/** Go's strconv.ParseBool. */
export function parseGoBool(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

/** Semantic equality of two specs: absent, false, empty lists and empty objects are the same (Go's omitempty). */
export function specsEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = normalize((v as Record<string, unknown>)[k]);
      if (x === false || x === null || x === undefined || x === '' || (Array.isArray(x) && x.length === 0) || (typeof x === 'object' && x && !Array.isArray(x) && Object.keys(x).length === 0)) continue;
      out[k] = x;
    }
    return out;
  }
  return v;
}

/** What the ensure strategy decides for an existing object (upstream strategy.ShouldUpdate); undefined: leave it. */
export function desiredUpdate(current: Obj, bootstrapObj: Obj, mandatory: boolean): Obj | undefined {
  const bootstrap = withUserSettableFields(current, bootstrapObj);
  const annotations = (current.metadata?.annotations ?? {}) as Record<string, string>;
  let autoUpdateSpec = mandatory;
  if (!autoUpdateSpec) {
    const parsed = parseGoBool(annotations[AUTO_UPDATE_ANNOTATION]);
    autoUpdateSpec = parsed ?? current.metadata?.generation === 1;
  }
  const updateAnnotation = parseGoBool(annotations[AUTO_UPDATE_ANNOTATION]) !== autoUpdateSpec;
  const specChanged = autoUpdateSpec && !specsEqual(current.spec, bootstrap.spec);
  if (!updateAnnotation && !specChanged) return undefined;
  const copy = structuredClone(current);
  if (updateAnnotation) copy.metadata.annotations = { ...annotations, [AUTO_UPDATE_ANNOTATION]: String(autoUpdateSpec) };
  if (specChanged) copy.spec = structuredClone(bootstrap.spec);
  return copy;
}

/**
 * The fields of the mandatory exempt level's spec.exempt may be set by authorized users
 * (ExemptPriorityLevelConfiguration's documentation): they are kept, the rest is restored.
 */
function withUserSettableFields(current: Obj, bootstrap: Obj): Obj {
  const exempt = (current.spec as { exempt?: unknown } | undefined)?.exempt;
  if (bootstrap.kind !== 'PriorityLevelConfiguration' || bootstrap.metadata.name !== 'exempt' || !exempt) return bootstrap;
  return { ...bootstrap, spec: { ...(bootstrap.spec as object), exempt } };
}

async function ensureKind(registry: Registry, scope: Scope, mandatory: readonly Obj[], suggested: readonly Obj[]): Promise<void> {
  const listed = await registry.list(scope, { filter: matchEverything });
  const existing = new Map<string, Obj>();
  for (const b of listed.items) {
    const o = JSON.parse(b.toString('utf8')) as Obj;
    existing.set(String(o.metadata.name), o);
  }
  const writes: Promise<unknown>[] = [];
  const opts = { dryRun: false, fieldManager: FIELD_MANAGER };
  const ensure = (bootstrap: Obj, isMandatory: boolean) => {
    const name = String(bootstrap.metadata.name);
    const current = existing.get(name);
    if (!current) {
      writes.push(registry.create(scope, structuredClone(bootstrap), opts).catch((e) => {
        if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
      }));
      return;
    }
    const update = desiredUpdate(current, bootstrap, isMandatory);
    if (update) writes.push(registry.update(scope, name, update, opts).catch(ignoreConflict));
  };
  for (const o of mandatory) ensure(o, true);
  for (const o of suggested) ensure(o, false);
  const wanted = new Set([...mandatory, ...suggested].map((o) => String(o.metadata.name)));
  for (const [name, o] of existing) {
    const annotation = (o.metadata.annotations as Record<string, string> | undefined)?.[AUTO_UPDATE_ANNOTATION];
    if (wanted.has(name) || annotation === undefined || parseGoBool(annotation) !== true) continue;
    writes.push(registry.delete(scope, name, { dryRun: false, preconditions: { uid: String(o.metadata.uid) } }).catch(ignoreConflict));
  }
  await Promise.all(writes);
}

/** Another replica may have written first: its write wins, this one is retried on the next start. */
function ignoreConflict(e: unknown): void {
  if (e instanceof StatusError && (e.reason === 'Conflict' || e.reason === 'NotFound')) return;
  throw e;
}

export async function ensureFlowControlConfiguration(registry: Registry): Promise<void> {
  const pl = registry.catalog.lookup(FLOWCONTROL_GROUP, 'v1', 'prioritylevelconfigurations');
  const fs = registry.catalog.lookup(FLOWCONTROL_GROUP, 'v1', 'flowschemas');
  if (!pl || !fs) return;
  await Promise.all([
    ensureKind(registry, { served: pl, namespace: '' }, MANDATORY_PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS),
    ensureKind(registry, { served: fs, namespace: '' }, MANDATORY_FLOW_SCHEMAS, SUGGESTED_FLOW_SCHEMAS),
  ]);
}
