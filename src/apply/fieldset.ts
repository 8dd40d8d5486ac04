// fieldpath.Set: a trie of path elements. A path is in the set when its last element is
// a member of the node reached by the elements before it. Operations and the fieldsV1
// encoding follow structured-merge-diff.

import { comparePE, deserializePE, equalsPE, serializePE, UnknownPathElementType, type Path, type PathElement } from './path.js';
import { isObject, type Json, type JsonObject } from './value.js';

interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

function search<T>(arr: readonly T[], pe: PathElement, get: (t: T) => PathElement): { index: number; found: boolean } {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePE(get(arr[mid]), pe) < 0) lo = mid + 1;
    else hi = mid;
  }
  return { index: lo, found: lo < arr.length && equalsPE(get(arr[lo]), pe) };
}

const self = (pe: PathElement) => pe;
const childPE = (c: Child) => c.pe;

export class FieldSet {
  /** Sorted. */
  private readonly members: PathElement[];
  /** Sorted by element; never holds an empty set. */
  private readonly children: Child[];

  constructor(members: PathElement[] = [], children: Child[] = []) {
    this.members = members;
    this.children = children;
  }

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /** Adds a path (mutates; sets are otherwise treated as values). */
  insert(path: Path): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) {
      const { index, found } = search(node.children, path[i], childPE);
      if (!found) node.children.splice(index, 0, { pe: path[i], set: new FieldSet() });
      node = node.children[index].set;
    }
    const last = path[path.length - 1];
    const { index, found } = search(node.members, last, self);
    if (!found) node.members.splice(index, 0, last);
  }

  has(path: Path): boolean {
    if (path.length === 0) return false;
    let node: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) {
      const { index, found } = search(node.children, path[i], childPE);
      if (!found) return false;
      node = node.children[index].set;
    }
    return search(node.members, path[path.length - 1], self).found;
  }

  /** The subtree below one element (empty when absent). */
  withPrefix(pe: PathElement): FieldSet {
    const { index, found } = search(this.children, pe, childPE);
    return found ? this.children[index].set : new FieldSet();
  }

  hasMember(pe: PathElement): boolean {
    return search(this.members, pe, self).found;
  }

  empty(): boolean {
    return this.members.length === 0 && this.children.length === 0;
  }

  /** Number of paths. */
  size(): number {
    return this.members.length + this.children.reduce((n, c) => n + c.set.size(), 0);
  }

  memberElements(): readonly PathElement[] {
    return this.members;
  }

  childElements(): readonly { pe: PathElement; set: FieldSet }[] {
    return this.children;
  }

  union(other: FieldSet): FieldSet {
    const members = mergeSorted(this.members, other.members, self, (a) => a, (a) => a);
    const children = mergeSorted(this.children, other.children, childPE, (a, b) => ({ pe: a.pe, set: a.set.union(b.set) }), (a) => a);
    return new FieldSet(members, children);
  }

  intersection(other: FieldSet): FieldSet {
    const members = this.members.filter((pe) => other.hasMember(pe));
    const children: Child[] = [];
    for (const c of this.children) {
      const { index, found } = search(other.children, c.pe, childPE);
      if (!found) continue;
      const s = c.set.intersection(other.children[index].set);
      if (!s.empty()) children.push({ pe: c.pe, set: s });
    }
    return new FieldSet(members, children);
  }

  /** Paths of this set that are not in other (a path's descendants are unaffected). */
  difference(other: FieldSet): FieldSet {
    const members = this.members.filter((pe) => !other.hasMember(pe));
    const children: Child[] = [];
    for (const c of this.children) {
      const { index, found } = search(other.children, c.pe, childPE);
      if (!found) {
        children.push(c);
        continue;
      }
      const s = c.set.difference(other.children[index].set);
      if (!s.empty()) children.push({ pe: c.pe, set: s });
    }
    return new FieldSet(members, children);
  }

  /** Removes other's paths and everything below them. */
  recursiveDifference(other: FieldSet): FieldSet {
    const members = this.members.filter((pe) => !other.hasMember(pe));
    const children: Child[] = [];
    for (const c of this.children) {
      if (other.hasMember(c.pe)) continue;
      const { index, found } = search(other.children, c.pe, childPE);
      if (!found) {
        children.push(c);
        continue;
      }
      const s = c.set.recursiveDifference(other.children[index].set);
      if (!s.empty()) children.push({ pe: c.pe, set: s });
    }
    return new FieldSet(members, children);
  }

  /** Only the paths with nothing below them. */
  leaves(): FieldSet {
    const members = this.members.filter((pe) => !search(this.children, pe, childPE).found);
    const children: Child[] = [];
    for (const c of this.children) {
      const s = c.set.leaves();
      if (!s.empty()) children.push({ pe: c.pe, set: s });
    }
    return new FieldSet(members, children);
  }

  equals(other: FieldSet): boolean {
    if (this.members.length !== other.members.length || this.children.length !== other.children.length) return false;
    if (!this.members.every((pe, i) => equalsPE(pe, other.members[i]))) return false;
    return this.children.every((c, i) => equalsPE(c.pe, other.children[i].pe) && c.set.equals(other.children[i].set));
  }

  /** Set.Iterate order: a node's members, then each child's paths in element order. */
  paths(): Path[] {
    const out: Path[] = [];
    const walk = (node: FieldSet, prefix: PathElement[]) => {
      for (const pe of node.members) out.push([...prefix, pe]);
      for (const c of node.children) walk(c.set, [...prefix, c.pe]);
    };
    walk(this, []);
    return out;
  }

  /** The fieldsV1 object: members as `{}`, a member with children gets a leading `".": {}`. */
  toFieldsV1(): JsonObject {
    return emit(this, false);
  }

  /** Parses a fieldsV1 object; element prefixes from the future are dropped, as upstream does. */
  static fromFieldsV1(v: unknown): FieldSet {
    if (v === null || v === undefined) return new FieldSet();
    if (!isObject(v)) throw new Error(`ReadMapCB: expect { or n, but found ${typeof v === 'string' ? '"' : String(v)[0]}`);
    return read(v).children ?? new FieldSet();
  }
}

function mergeSorted<T>(a: readonly T[], b: readonly T[], get: (t: T) => PathElement, both: (x: T, y: T) => T, one: (x: T) => T): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = comparePE(get(a[i]), get(b[j]));
    if (c < 0) out.push(one(a[i++]));
    else if (c > 0) out.push(one(b[j++]));
    else out.push(both(a[i++], b[j++]));
  }
  while (i < a.length) out.push(one(a[i++]));
  while (j < b.length) out.push(one(b[j++]));
  return out;
}

function emit(s: FieldSet, includeSelf: boolean): JsonObject {
  const out: JsonObject = {};
  const members = s.memberElements();
  const children = s.childElements();
  if (includeSelf && !(members.length === 0 && children.length === 0)) out['.'] = {};
  let mi = 0;
  let ci = 0;
  while (mi < members.length || ci < children.length) {
    const c = mi < members.length && ci < children.length ? comparePE(members[mi], children[ci].pe) : mi < members.length ? -1 : 1;
    if (c < 0) {
      out[serializePE(members[mi++])] = {};
    } else if (c > 0) {
      out[serializePE(children[ci].pe)] = emit(children[ci].set, false);
      ci++;
    } else {
      out[serializePE(children[ci].pe)] = emit(children[ci].set, true);
      mi++;
      ci++;
    }
  }
  return out;
}

function read(obj: JsonObject): { children?: FieldSet; isMember: boolean } {
  let children: FieldSet | undefined;
  let isMember = false;
  for (const [key, sub] of Object.entries(obj)) {
    if (key === '.') {
      isMember = true;
      continue;
    }
    let pe: PathElement;
    try {
      pe = deserializePE(key);
    } catch (e) {
      if (e instanceof UnknownPathElementType) continue;
      throw new Error(`parsing key as path element: ${(e as Error).message}`);
    }
    if (sub !== null && !isObject(sub)) throw new Error(`ReadMapCB: expect { or n, but found ${JSON.stringify(sub as Json)[0]}`);
    const inner = sub === null ? { isMember: true } : read(sub);
    children ??= new FieldSet();
    if (inner.isMember) children.insert([pe]);
    if (inner.children) {
      for (const p of inner.children.paths()) children.insert([pe, ...p]);
    }
  }
  if (!children) isMember = true;
  return { children, isMember };
}
