// The operations of structured-merge-diff's typed values, over plain JSON and a topology:
// field sets of a value, merge (config over live), comparison (added / modified / removed),
// removal of paths, and reconciliation of a field set with a schema that changed between
// atomic and granular.

import { setOwn } from '../patch/go-json.js';
import { goQuote } from '../apimachinery/goformat.js';
import { FieldSet } from './fieldset.js';
import { equalsPE, fieldPE, indexPE, keyPE, pathString, serializePE, type Path, type PathElement } from './path.js';
import { childTopology, isAtomicTopology, isNamedField, keyDefault, nodeFor, type ListShape, type Node, type Topology } from './topology.js';
import { clone, deepEqual, isObject, type FieldList, type Json, type JsonObject } from './value.js';

/** A schema violation in a value, printed as SMD's ValidationError: "<path>: <message>". */
export interface ValidationError {
  path: string;
  message: string;
}

export class TypedValueError extends Error {
  readonly errors: ValidationError[];
  constructor(errors: ValidationError[]) {
    super(validationErrorsString(errors));
    this.errors = errors;
  }
}

/** ValidationErrors.Error(). */
export function validationErrorsString(errors: ValidationError[]): string {
  const one = (e: ValidationError) => (e.path ? `${e.path}: ${e.message}` : e.message);
  if (errors.length === 1) return one(errors[0]);
  return ['errors:', ...errors.map((e) => '  ' + one(e))].join('\n');
}

/** The path element of a list item (an index for lists without keys). */
export function listItemPE(shape: ListShape, items: Topology, index: number, child: Json): PathElement {
  if (shape.relation === 'atomic') return indexPE(index);
  if (shape.keys.length > 0) {
    if (child === null) throw new Error('associative list with keys may not have a null element');
    if (!isObject(child)) throw new Error('associative list with keys may not have non-map elements');
    const fields: FieldList = [];
    for (const k of shape.keys) {
      if (Object.prototype.hasOwnProperty.call(child, k)) {
        fields.push([k, child[k]]);
        continue;
      }
      const def = keyDefault(items, k);
      if (def === undefined) throw new Error(`associative list with keys has an element that omits key field ${goQuote(k)} (and doesn't have default value)`);
      fields.push([k, def]);
    }
    return keyPE(fields);
  }
  if (isObject(child)) throw new Error("associative list without keys has an element that's a map type");
  if (Array.isArray(child)) throw new Error('not supported: associative list with lists as elements');
  if (child === null) throw new Error("associative list without keys has an element that's an explicit null");
  return { value: child };
}

interface IndexedItem {
  pe: PathElement;
  item: Json;
  /** Set when the element occurs more than once in the list. */
  duplicate: boolean;
}

/** Indexes a list's items by element; the first occurrence wins and repeats are marked. */
function indexList(node: Extract<Node, { kind: 'list' }>, list: Json[], path: Path): { order: IndexedItem[]; byKey: Map<string, IndexedItem> } {
  const order: IndexedItem[] = [];
  const byKey = new Map<string, IndexedItem>();
  list.forEach((item, i) => {
    let pe: PathElement;
    try {
      pe = listItemPE(node.shape, node.items, i, item);
    } catch (e) {
      throw new TypedValueError([{ path: pathString(path), message: `element ${i}: ${(e as Error).message}` }]);
    }
    const k = serializePE(pe);
    const seen = byKey.get(k);
    const entry: IndexedItem = { pe, item, duplicate: false };
    if (seen) {
      seen.duplicate = true;
      entry.duplicate = true;
    } else {
      byKey.set(k, entry);
    }
    order.push(entry);
  });
  return { order, byKey };
}

const asList = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const asMap = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});
const isEmptyish = (v: Json | undefined): boolean =>
  v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

// ---------------------------------------------------------------------------------------
// Field sets

/** TypedValue.ToFieldSet: the paths a value sets. */
export function toFieldSet(value: Json | undefined, topology: Topology): FieldSet {
  const set = new FieldSet();
  if (value === undefined) return set;
  const walk = (path: PathElement[], v: Json, topo: Topology) => {
    const node = nodeFor(topo, v);
    if (node.kind === 'leaf') {
      set.insert(path);
      return;
    }
    if (node.kind === 'map') {
      if (!isObject(v)) return;
      for (const [key, child] of Object.entries(v)) {
        const c = node.child(key);
        const p = [...path, fieldPE(key)];
        walk(p, child, c.topology);
        if (child === null || (isObject(child) && Object.keys(child).length === 0) || !c.declared) set.insert(p);
      }
      return;
    }
    if (!Array.isArray(v)) return;
    const { order } = indexList(node, v, path);
    const dupSeen = new Set<string>();
    for (const { pe, item, duplicate } of order) {
      const p = [...path, pe];
      if (duplicate) {
        // Duplicated items are owned as a whole.
        const k = serializePE(pe);
        if (!dupSeen.has(k)) set.insert(p);
        dupSeen.add(k);
        continue;
      }
      walk(p, item, node.items);
      set.insert(p);
    }
  };
  walk([], value, topology);
  return set;
}

// ---------------------------------------------------------------------------------------
// Comparison

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

export function isSame(c: Comparison): boolean {
  return c.added.empty() && c.modified.empty() && c.removed.empty();
}

export function excludeFields(c: Comparison, ignored: FieldSet | undefined): Comparison {
  if (!ignored || ignored.empty()) return c;
  return { added: c.added.recursiveDifference(ignored), modified: c.modified.recursiveDifference(ignored), removed: c.removed.recursiveDifference(ignored) };
}

/** TypedValue.Compare: what changed from lhs to rhs, per leaf and per granular node added or removed. */
export function compare(lhs: Json | undefined, rhs: Json | undefined, topology: Topology): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  const leafRule = (path: PathElement[], l: Json | undefined, r: Json | undefined) => {
    if (l === undefined) c.added.insert(path);
    else if (r === undefined) c.removed.insert(path);
    else if (!deepEqual(l, r)) c.modified.insert(path);
  };
  const walk = (path: PathElement[], l: Json | undefined, r: Json | undefined, topo: Topology) => {
    const ln = nodeFor(topo, l);
    const rn = nodeFor(topo, r);
    const node = l === undefined ? rn : r === undefined ? ln : ln.kind === rn.kind ? rn : { kind: 'leaf' as const };
    if (node.kind === 'leaf' || (isEmptyish(l) && isEmptyish(r))) {
      leafRule(path, l, r);
      return;
    }
    if (node.kind === 'map') {
      const lm = asMap(l);
      const rm = asMap(r);
      for (const key of Object.keys(lm)) walk([...path, fieldPE(key)], lm[key], Object.prototype.hasOwnProperty.call(rm, key) ? rm[key] : undefined, node.child(key).topology);
      for (const key of Object.keys(rm)) if (!Object.prototype.hasOwnProperty.call(lm, key)) walk([...path, fieldPE(key)], undefined, rm[key], node.child(key).topology);
    } else {
      const li = indexList(node, asList(l), path);
      const ri = indexList(node, asList(r), path);
      for (const [k, e] of li.byKey) walk([...path, e.pe], e.item, ri.byKey.get(k)?.item, node.items);
      for (const [k, e] of ri.byKey) if (!li.byKey.has(k)) walk([...path, e.pe], undefined, e.item, node.items);
    }
    if (path.length > 0) {
      if (l === undefined) c.added.insert(path);
      else if (r === undefined) c.removed.insert(path);
    }
  };
  walk([], lhs, rhs, topology);
  return c;
}

// ---------------------------------------------------------------------------------------
// Merge

/** TypedValue.Merge: rhs (the configuration) over lhs (the live object); leaves take rhs. */
export function merge(lhs: Json | undefined, rhs: Json | undefined, topology: Topology): Json | undefined {
  const walk = (path: PathElement[], l: Json | undefined, r: Json | undefined, topo: Topology): Json | undefined => {
    if (r === undefined) return clone(l);
    if (l === undefined) return clone(r);
    const ln = nodeFor(topo, l);
    const rn = nodeFor(topo, r);
    if (ln.kind !== rn.kind || rn.kind === 'leaf' || (isEmptyish(l) && isEmptyish(r))) return clone(r);
    if (rn.kind === 'map') {
      const lm = asMap(l);
      const rm = asMap(r);
      const out: JsonObject = {};
      for (const key of Object.keys(lm)) {
        const v = walk([...path, fieldPE(key)], lm[key], Object.prototype.hasOwnProperty.call(rm, key) ? rm[key] : undefined, rn.child(key).topology);
        if (v !== undefined) setOwn(out, key, v);
      }
      for (const key of Object.keys(rm)) {
        if (Object.prototype.hasOwnProperty.call(lm, key)) continue;
        const v = walk([...path, fieldPE(key)], undefined, rm[key], rn.child(key).topology);
        if (v !== undefined) setOwn(out, key, v);
      }
      return Object.keys(out).length > 0 ? out : undefined;
    }
    return mergeList(path, asList(l), asList(r), rn, walk);
  };
  return walk([], lhs, rhs, topology);
}

type MergeWalk = (path: PathElement[], l: Json | undefined, r: Json | undefined, topo: Topology) => Json | undefined;

/**
 * Associative list merge, keeping upstream's order: live items in their order, config items
 * that are new inserted where the config places them relative to the shared ones.
 */
function mergeList(path: PathElement[], lhs: Json[], rhs: Json[], node: Extract<Node, { kind: 'list' }>, walk: MergeWalk): Json[] | undefined {
  const r = indexList(node, rhs, path);
  const rhsOrder = [...r.byKey.values()];
  const l = indexList(node, lhs, path);
  const lhsOrder = l.order;
  const key = (pe: PathElement) => serializePE(pe);
  const lhsValue = (pe: PathElement): Json | undefined => {
    const e = l.byKey.get(key(pe));
    return e && !e.duplicate ? e.item : undefined;
  };
  const shared = rhsOrder.filter((e) => l.byKey.has(key(e.pe))).map((e) => e.pe);
  let nextShared: PathElement | undefined = shared.shift();
  const mergedRHS = new Set<string>();
  const out: Json[] = [];
  const push = (v: Json | undefined) => {
    if (v !== undefined) out.push(v);
  };
  let li = 0;
  let ri = 0;
  while (li < lhsOrder.length || ri < rhsOrder.length) {
    if (li < lhsOrder.length && ri < rhsOrder.length) {
      const pe = lhsOrder[li].pe;
      if (equalsPE(pe, rhsOrder[ri].pe)) {
        mergedRHS.add(key(pe));
        push(walk([...path, pe], lhsValue(pe), rhsOrder[ri].item, node.items));
        li++;
        ri++;
        nextShared = shared.shift();
        continue;
      }
      if (r.byKey.has(key(pe)) && nextShared && !equalsPE(nextShared, pe)) {
        li++;
        continue;
      }
    }
    if (li < lhsOrder.length) {
      const pe = lhsOrder[li].pe;
      if (!r.byKey.has(key(pe))) {
        push(walk([...path, pe], lhsOrder[li].item, undefined, node.items));
        li++;
        continue;
      }
      if (mergedRHS.has(key(pe))) {
        li++;
        continue;
      }
    }
    if (ri < rhsOrder.length) {
      const pe = rhsOrder[ri].pe;
      mergedRHS.add(key(pe));
      push(walk([...path, pe], lhsValue(pe), rhsOrder[ri].item, node.items));
      ri++;
      if (nextShared && equalsPE(nextShared, pe)) nextShared = shared.shift();
    }
  }
  return out.length > 0 ? out : undefined;
}

// ---------------------------------------------------------------------------------------
// Removal

/**
 * TypedValue.RemoveItems: drops the set's paths. A map or list left empty becomes null, as
 * upstream leaves it (the typed round trip drops it later).
 */
export function removeItems(value: Json | undefined, toRemove: FieldSet, topology: Topology): Json | undefined {
  if (value === undefined) return undefined;
  const walk = (v: Json, remove: FieldSet, topo: Topology, path: PathElement[]): Json => {
    const node = nodeFor(topo, v);
    if (node.kind === 'leaf') {
      // An atomic list or map reached with paths below it is dropped, as upstream does.
      if (isAtomicTopology(topo) && (Array.isArray(v) || isObject(v))) return null;
      return v;
    }
    if (node.kind === 'map') {
      if (!isObject(v)) return v;
      const out: JsonObject = {};
      for (const [k, child] of Object.entries(v)) {
        const pe = fieldPE(k);
        if (remove.hasMember(pe)) continue;
        const sub = remove.withPrefix(pe);
        setOwn(out, k, sub.empty() ? child : walk(child, sub, node.child(k).topology, [...path, pe]));
      }
      return Object.keys(out).length > 0 ? out : null;
    }
    if (!Array.isArray(v)) return v;
    const out: Json[] = [];
    v.forEach((item, i) => {
      let pe: PathElement;
      try {
        pe = listItemPE(node.shape, node.items, i, item);
      } catch {
        out.push(item);
        return;
      }
      if (remove.hasMember(pe)) return;
      const sub = remove.withPrefix(pe);
      out.push(sub.empty() ? item : walk(item, sub, node.items, [...path, pe]));
    });
    return out.length > 0 ? out : null;
  };
  return walk(value, toRemove, topology, []);
}

// ---------------------------------------------------------------------------------------
// Reconciling a field set with the schema

/**
 * ReconcileFieldSetWithSchema: where the schema now makes a node atomic, ownership of its
 * parts becomes ownership of the node. Nodes that became granular keep just the node.
 * Returns undefined when nothing changed.
 */
export function reconcileFieldSet(set: FieldSet, topology: Topology): FieldSet | undefined {
  let changed = false;
  const toRemove = new FieldSet();
  const toAdd = new FieldSet();
  const walk = (node: FieldSet, topo: Topology, path: PathElement[]) => {
    for (const { pe, set: sub } of node.childElements()) {
      const ct = childTopology(topo, pe);
      if (ct === undefined || typeof ct === 'string') continue;
      const p = [...path, pe];
      if (isAtomicTopology(ct) && !sub.empty()) {
        changed = true;
        for (const q of sub.paths()) toRemove.insert([...p, ...q]);
        toAdd.insert(p);
        continue;
      }
      walk(sub, ct, p);
    }
  };
  walk(set, topology, []);
  if (!changed) return undefined;
  return set.difference(toRemove).union(toAdd);
}

/**
 * Set.EnsureNamedFieldsAreMembers: adds as members the struct fields (not map keys) that
 * have paths below them, so that pruning can drop a struct nobody owns anything in.
 */
export function ensureNamedFieldsAreMembers(set: FieldSet, topology: Topology | undefined): FieldSet {
  const out = new FieldSet();
  const walk = (node: FieldSet, topo: Topology | undefined, path: PathElement[]) => {
    for (const pe of node.memberElements()) out.insert([...path, pe]);
    for (const { pe, set: sub } of node.childElements()) {
      if (topo !== undefined && 'field' in pe && isNamedField(topo, pe.field)) out.insert([...path, pe]);
      const ct = topo === undefined || 'value' in pe || 'index' in pe ? undefined : childTopology(topo, pe);
      walk(sub, ct, [...path, pe]);
    }
  };
  walk(set, topology, []);
  return out;
}
