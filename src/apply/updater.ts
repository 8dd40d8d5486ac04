// merge.Updater of structured-merge-diff: ownership bookkeeping for updates, and the
// merge, prune and conflict detection of apply. All versions of a kind are taken to share
// one field layout (no conversion); managers at versions the kind no longer serves are
// dropped, as upstream drops them when conversion reports a missing version.

import { goStringCompare } from '../apimachinery/goformat.js';
import { FieldSet } from './fieldset.js';
import type { Managed, VersionedSet } from './managed.js';
import type { Path } from './path.js';
import type { Topology } from './topology.js';
import { normalize } from './roundtrip.js';
import { compare, ensureNamedFieldsAreMembers, excludeFields, merge, reconcileFieldSet, removeItems, toFieldSet, type Comparison } from './typed.js';
import { deepEqual, type Json } from './value.js';

export interface Conflict {
  /** Manager identifier (JSON). */
  manager: string;
  path: Path;
}

/** merge.Conflicts, ordered by manager identifier and then path. */
export class ConflictsError extends Error {
  readonly conflicts: Conflict[];
  constructor(conflicts: Conflict[]) {
    super(`${conflicts.length} conflicts`);
    this.conflicts = conflicts;
  }
}

export interface UpdaterOptions {
  topology: Topology;
  /** Fields no manager owns through this endpoint (upstream's reset fields). */
  ignored?: FieldSet;
  /** Versions the kind serves; managers at other versions are dropped. Unset: all kept. */
  knownVersions?: readonly string[];
}

function known(opts: UpdaterOptions, version: string): boolean {
  return !opts.knownVersions || opts.knownVersions.includes(version);
}


function reconcile(managers: Map<string, VersionedSet>, opts: UpdaterOptions): Map<string, VersionedSet> {
  const out = new Map<string, VersionedSet>();
  for (const [id, vs] of managers) {
    if (!known(opts, vs.apiVersion)) continue;
    const r = reconcileFieldSet(vs.set, opts.topology);
    out.set(id, r ? { ...vs, set: r } : vs);
  }
  return out;
}

/**
 * Updater.update: takes changed fields from other managers (or reports them as conflicts).
 * The objects are compared as upstream's typed values (see normalize).
 */
function takeOwnership(
  oldView: Json | undefined,
  newView: Json | undefined,
  managers: Map<string, VersionedSet>,
  workflow: string,
  force: boolean,
  opts: UpdaterOptions,
): Comparison {
  const cmp = excludeFields(compare(oldView, newView, opts.topology), opts.ignored);
  const changed = cmp.modified.union(cmp.added);
  const conflicts = new Map<string, FieldSet>();
  for (const [id, vs] of [...managers]) {
    if (id === workflow) continue;
    if (!known(opts, vs.apiVersion)) {
      managers.delete(id);
      continue;
    }
    const c = vs.set.intersection(changed);
    if (!c.empty()) conflicts.set(id, c);
  }
  if (!force && conflicts.size > 0) {
    const list: Conflict[] = [];
    for (const id of [...conflicts.keys()].sort(goStringCompare)) for (const path of conflicts.get(id)!.paths()) list.push({ manager: id, path });
    throw new ConflictsError(list);
  }
  for (const [id, c] of conflicts) {
    const vs = managers.get(id)!;
    managers.set(id, { ...vs, set: vs.set.difference(c) });
  }
  if (!cmp.removed.empty()) {
    for (const [id, vs] of [...managers]) {
      if (id === workflow) continue;
      managers.set(id, { ...vs, set: vs.set.difference(cmp.removed) });
    }
  }
  for (const [id, vs] of [...managers]) if (vs.set.empty()) managers.delete(id);
  return cmp;
}

/** Updater.Update: the writer owns what it added or changed; removed fields leave every owner. */
export function updaterUpdate(live: Json | undefined, newObj: Json | undefined, version: string, managed: Managed, manager: string, opts: UpdaterOptions): Managed {
  const managers = reconcile(managed.fields, opts);
  const cmp = takeOwnership(normalize(live, opts.topology), normalize(newObj, opts.topology), managers, manager, true, opts);
  const previous = managers.get(manager)?.set ?? new FieldSet();
  let set = previous.union(cmp.modified).union(cmp.added).difference(cmp.removed);
  if (opts.ignored) set = set.recursiveDifference(opts.ignored);
  if (set.empty()) managers.delete(manager);
  else managers.set(manager, { set, apiVersion: version, applied: false });
  return { fields: managers, times: managed.times };
}

export interface ApplyResult {
  /** The merged object; undefined when the apply changed nothing. */
  object: Json | undefined;
  managed: Managed;
}

/**
 * Updater.Apply: merge the configuration, prune what the applier stopped applying, resolve
 * ownership. Upstream merges onto the live object's typed value; ownership is decided on
 * that view (so a zero or null in the configuration over another manager's value is a
 * conflict), while the returned object is the same merge onto the live object as stored.
 */
export function updaterApply(live: Json | undefined, config: Json, version: string, managed: Managed, manager: string, force: boolean, opts: UpdaterOptions): ApplyResult {
  const managers = reconcile(managed.fields, opts);
  const lastSet = managers.get(manager);
  let set = toFieldSet(config, opts.topology);
  if (opts.ignored) set = set.recursiveDifference(opts.ignored);
  managers.set(manager, { set, apiVersion: version, applied: true });
  const liveView = normalize(live, opts.topology);
  const newView = prune(merge(liveView, config, opts.topology), managers, lastSet, opts);
  const newObj = prune(merge(live, config, opts.topology), managers, lastSet, opts);
  takeOwnership(liveView, newView, managers, manager, force, opts);
  return { object: deepEqual(liveView, newView) ? undefined : newObj, managed: { fields: managers, times: managed.times } };
}

/**
 * Removes what the applier applied last time and not this time, unless another manager
 * (or the new configuration) owns it; never removes what the applier did not own. Struct
 * fields count as owned when anything below them is, so a struct nobody owns anything in
 * goes whole.
 */
function prune(merged: Json | undefined, managers: Map<string, VersionedSet>, lastSet: VersionedSet | undefined, opts: UpdaterOptions): Json | undefined {
  if (!lastSet || lastSet.set.empty() || !known(opts, lastSet.apiVersion)) return merged;
  const topo = opts.topology;
  const named = (s: FieldSet) => ensureNamedFieldsAreMembers(s, topo);
  const last = named(lastSet.set);
  const mergedSet = named(toFieldSet(merged, topo));
  const pruned0 = removeItems(merged, last, topo);
  let owned = new FieldSet();
  for (const vs of managers.values()) if (known(opts, vs.apiVersion)) owned = owned.union(vs.set);
  const pruned1 = removeItems(merged, mergedSet.difference(named(toFieldSet(pruned0, topo)).union(named(owned))), topo);
  return removeItems(merged, mergedSet.difference(named(toFieldSet(pruned1, topo))).intersection(last), topo);
}
