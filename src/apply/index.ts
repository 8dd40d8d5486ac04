// Server-side apply: field sets, managedFields bookkeeping and the apply merge, as
// kube-apiserver v1.34 (structured-merge-diff and the field manager) does them.

export { apply, update, isResetManagedFields, setManagedFields, gvkString, LAST_APPLIED_ANNOTATION, BEFORE_FIRST_APPLY_MANAGER } from './fieldmanager.js';
export type { ApplyOptions, ApplyResult, FieldManagerOptions } from './fieldmanager.js';
export { applyConflictError, conflictMessage, printManager } from './conflict.js';
export { managerFromUserAgent, managerOrUserAgent, FIELD_MANAGER_MAX_LENGTH } from './useragent.js';
export {
  decodeManagedFields,
  encodeManagedFields,
  compareEntries,
  capUpdateManagers,
  managerIdentifier,
  formatTime,
  DEFAULT_MAX_UPDATE_MANAGERS,
  ANCIENT_CHANGES_MANAGER,
} from './managed.js';
export type { ManagedFieldsEntry, Managed, VersionedSet } from './managed.js';
export { FieldSet } from './fieldset.js';
export { fieldPE, keyPE, valuePE, indexPE, pathString, peString, serializePE, deserializePE, comparePE } from './path.js';
export type { Path, PathElement } from './path.js';
export { toFieldSet, compare, merge, removeItems, reconcileFieldSet, ensureNamedFieldsAreMembers, listItemPE } from './typed.js';
export { validate } from './validate.js';
export { normalize, stripNulls } from './roundtrip.js';
export type { Comparison, ValidationError } from './typed.js';
export { listShape, nodeFor } from './topology.js';
export type { Topology, ListShape } from './topology.js';
export { updaterApply, updaterUpdate, ConflictsError } from './updater.js';
export type { Conflict } from './updater.js';
