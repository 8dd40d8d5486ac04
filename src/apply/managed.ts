// metadata.managedFields <-> the field manager's working form: a map from manager
// identifier (the entry without fields, time and, for appliers, apiVersion, as JSON) to a
// versioned field set, plus the entries' times. Decoding, encoding, ordering and the cap
// on update managers are upstream's.

import { goJSON, goQuote, goStringCompare } from '../apimachinery/goformat.js';
import { FieldSet } from './fieldset.js';
import { secondsTimestamp } from '../registry/meta.js';
import { isObject, type Json } from './value.js';

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update' | string;
  apiVersion?: string;
  time?: string;
  fieldsType?: string;
  fieldsV1?: Json;
  subresource?: string;
}

export interface VersionedSet {
  set: FieldSet;
  apiVersion: string;
  applied: boolean;
}

/** fieldpath.ManagedFields with the times of the entries. */
export interface Managed {
  fields: Map<string, VersionedSet>;
  times: Map<string, string | undefined>;
}

export function emptyManaged(): Managed {
  return { fields: new Map(), times: new Map() };
}

export function copyManaged(m: Managed): Managed {
  return { fields: new Map(m.fields), times: new Map(m.times) };
}

/** BuildManagerIdentifier: the entry as JSON without fieldsType, fieldsV1, time, and apiVersion for appliers. */
export function managerIdentifier(e: { manager?: string; operation?: string; apiVersion?: string; subresource?: string }): string {
  const id: Record<string, string> = {};
  if (e.manager) id.manager = e.manager;
  if (e.operation) id.operation = e.operation;
  if (e.apiVersion && e.operation !== 'Apply') id.apiVersion = e.apiVersion;
  if (e.subresource) id.subresource = e.subresource;
  return goJSON(id);
}

export interface ParsedIdentifier {
  manager: string;
  operation: string;
  apiVersion: string;
  subresource: string;
}

export function parseIdentifier(id: string): ParsedIdentifier | undefined {
  try {
    const o: unknown = JSON.parse(id);
    if (!isObject(o)) return undefined;
    const s = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
    return { manager: s('manager'), operation: s('operation'), apiVersion: s('apiVersion'), subresource: s('subresource') };
  } catch {
    return undefined;
  }
}

/** metav1.Time as upstream writes it: RFC 3339, UTC, whole seconds. */
export function formatTime(t: Date | string | number): string {
  const ms = t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);
  if (Number.isNaN(ms)) return String(t);
  return secondsTimestamp(Math.floor(ms / 1000));
}

function timeSeconds(t: string | undefined): number {
  if (!t) return 0;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** DecodeManagedFields: throws with upstream's messages on a malformed entry. Later duplicates win. */
export function decodeManagedFields(entries: readonly ManagedFieldsEntry[] | null | undefined): Managed {
  const m = emptyManaged();
  (entries ?? []).forEach((e, i) => {
    if (!isObject(e as unknown)) throw new Error('operation must be `Apply` or `Update`');
    if (e.operation !== 'Apply' && e.operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (!e.apiVersion) throw new Error('apiVersion must not be empty');
    if (e.fieldsType === undefined || e.fieldsType === '') throw new Error(`missing fieldsType in managed fields entry ${i}`);
    if (e.fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${goQuote(String(e.fieldsType))} in managed fields entry ${i}`);
    const id = managerIdentifier(e);
    let set: FieldSet;
    try {
      set = FieldSet.fromFieldsV1(e.fieldsV1 ?? {});
    } catch (err) {
      throw new Error(`error decoding versioned set from ${entryGoString(e)}: error decoding set: ${(err as Error).message}`);
    }
    m.fields.set(id, { set, apiVersion: e.apiVersion, applied: e.operation === 'Apply' });
    m.times.set(id, e.time ? formatTime(e.time) : undefined);
  });
  return m;
}

function entryGoString(e: ManagedFieldsEntry): string {
  return `{${e.manager ?? ''} ${e.operation ?? ''} ${e.apiVersion ?? ''} ${e.time ?? '<nil>'} ${e.fieldsType ?? ''} ${e.fieldsV1 === undefined ? '<nil>' : 'fieldsV1'} ${e.subresource ?? ''}}`;
}

/** DecodeManagedFields where a failure counts as no entries (what is stored always decodes; a request's may not). */
export function decodeOrEmpty(entries: unknown): Managed {
  try {
    return decodeManagedFields(Array.isArray(entries) ? (entries as ManagedFieldsEntry[]) : []);
  } catch {
    return emptyManaged();
  }
}

/** Upstream's order: operation, then time (seconds), manager, apiVersion, subresource. */
export function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  const op = goStringCompare(p.operation ?? '', q.operation ?? '');
  if (op !== 0) return op;
  const ps = timeSeconds(p.time);
  const qs = timeSeconds(q.time);
  if (ps !== qs) return ps < qs ? -1 : 1;
  return (
    goStringCompare(p.manager ?? '', q.manager ?? '') ||
    goStringCompare(p.apiVersion ?? '', q.apiVersion ?? '') ||
    goStringCompare(p.subresource ?? '', q.subresource ?? '')
  );
}

/** encodeManagedFields: entries in upstream's field order, sorted; empty means "no managedFields". */
export function encodeManagedFields(m: Managed): ManagedFieldsEntry[] {
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of m.fields) {
    const p = parseIdentifier(id) ?? { manager: '', operation: '', apiVersion: '', subresource: '' };
    const e: ManagedFieldsEntry = {};
    if (p.manager) e.manager = p.manager;
    const operation = vs.applied ? 'Apply' : p.operation;
    if (operation) e.operation = operation;
    if (vs.apiVersion) e.apiVersion = vs.apiVersion;
    const t = m.times.get(id);
    if (t) e.time = t;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = vs.set.toFieldsV1();
    if (p.subresource) e.subresource = p.subresource;
    out.push(e);
  }
  return out.sort(compareEntries);
}

export const DEFAULT_MAX_UPDATE_MANAGERS = 10;
export const ANCIENT_CHANGES_MANAGER = 'ancient-changes';

/** capUpdateManagers: merges the oldest update entries into per-version "ancient-changes" buckets. */
export function capUpdateManagers(m: Managed, max = DEFAULT_MAX_UPDATE_MANAGERS): Managed {
  const updaters = [...m.fields].filter(([, vs]) => !vs.applied).map(([id]) => id);
  if (updaters.length <= max) return m;
  updaters.sort((a, b) => {
    const ta = timeSeconds(m.times.get(a));
    const tb = timeSeconds(m.times.get(b));
    if (ta !== tb) return ta < tb ? -1 : 1;
    return goStringCompare(a, b);
  });
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const id = updaters[i];
    const vs = m.fields.get(id);
    if (!vs) continue;
    const time = m.times.get(id);
    const version = vs.apiVersion;
    const bucket = managerIdentifier({ manager: ANCIENT_CHANGES_MANAGER, operation: 'Update', apiVersion: version });
    const first = firstOfVersion.get(version);
    if (first === undefined) {
      firstOfVersion.set(version, id);
      continue;
    }
    if (!m.fields.has(bucket)) {
      const s = m.fields.get(first);
      m.fields.delete(first);
      if (s) m.fields.set(bucket, s);
    }
    const b = m.fields.get(bucket);
    m.fields.set(bucket, { set: vs.set.union(b ? b.set : new FieldSet()), apiVersion: vs.apiVersion, applied: vs.applied });
    m.fields.delete(id);
    length--;
    m.times.set(bucket, time);
  }
  return m;
}
