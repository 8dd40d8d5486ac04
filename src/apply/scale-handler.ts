// Field ownership through the scale subresource, as upstream's ScaleHandler
// (k8s.io/apimachinery/pkg/util/managedfields/internal/... scalehandler.go) has it: the
// parent's entries that own its replicas become the Scale's entries (owning spec.replicas, at
// autoscaling/v1), the field manager runs on the Scale, and its entries are folded back into
// the parent's.
//
// Two of upstream's quirks follow from working on manager identifiers, and are kept: an
// Update manager is named with its apiVersion, autoscaling/v1 in the Scale and the parent's
// version in the parent, so a parent updater that still owns replicas after a scale write is
// split in two (its other fields keep their time; replicas, in an entry without one). And a
// Scale whose replicas nobody owns has no managedFields, so an update through it records
// nobody (the skip-non-applied rule), until an apply makes the "before-first-apply" manager.

import { FieldSet } from './fieldset.js';
import { decodeOrEmpty, emptyManaged, encodeManagedFields, type ManagedFieldsEntry } from './managed.js';
import { fieldPE, type Path } from './path.js';

export const SCALE_API_VERSION = 'autoscaling/v1';
const REPLICAS_IN_SCALE: Path = [fieldPE('spec'), fieldPE('replicas')];

/**
 * Where each apiVersion of the parent kind keeps its replicas; null where that version has no
 * scale subresource. Entries at an apiVersion absent from the map are dropped.
 */
export type ReplicasPaths = ReadonlyMap<string, readonly string[] | null>;

const pathOf = (fields: readonly string[]): Path => fields.map(fieldPE);

/** ToSubresource: the Scale's managedFields, from the parent's. */
export function scaleManagedFields(parentEntries: unknown, replicasPaths: ReplicasPaths): ManagedFieldsEntry[] {
  const parent = decodeOrEmpty(parentEntries);
  const out = emptyManaged();
  for (const [id, vs] of parent.fields) {
    const path = replicasPaths.get(vs.apiVersion);
    if (!path || !vs.set.has(pathOf(path))) continue;
    out.fields.set(id, { set: FieldSet.of(REPLICAS_IN_SCALE), apiVersion: SCALE_API_VERSION, applied: vs.applied });
    out.times.set(id, parent.times.get(id));
  }
  return encodeManagedFields(out);
}

/** ToParent: the parent's managedFields after a write through the Scale, at the parent's `apiVersion`. */
export function parentManagedFields(parentEntries: unknown, scaleEntries: unknown, replicasPaths: ReplicasPaths, apiVersion: string): ManagedFieldsEntry[] {
  const parent = decodeOrEmpty(parentEntries);
  const scale = decodeOrEmpty(scaleEntries);
  const out = emptyManaged();
  const keep = (id: string, set: FieldSet, version: string, applied: boolean) => {
    out.fields.set(id, { set, apiVersion: version, applied });
    out.times.set(id, parent.times.get(id));
  };
  for (const [id, vs] of parent.fields) {
    if (!replicasPaths.has(vs.apiVersion)) continue;
    const fields = replicasPaths.get(vs.apiVersion);
    const path = fields ? pathOf(fields) : undefined;
    if (!path || !vs.set.has(path) || scale.fields.has(id)) {
      keep(id, vs.set, vs.apiVersion, vs.applied);
      continue;
    }
    // The Scale no longer names this manager: it loses replicas, and the entry goes if that was all.
    const rest = vs.set.difference(FieldSet.of(path));
    if (!rest.empty()) keep(id, rest, vs.apiVersion, vs.applied);
  }
  const own = replicasPaths.get(apiVersion);
  if (own) {
    for (const [id, vs] of scale.fields) {
      if (vs.set.has(REPLICAS_IN_SCALE)) keep(id, FieldSet.of(pathOf(own)), apiVersion, vs.applied);
    }
  }
  return encodeManagedFields(out);
}
