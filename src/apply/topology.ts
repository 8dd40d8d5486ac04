// How a value is walked: which parts are leaves (scalars, atomic lists/maps/structs),
// which are granular maps (struct fields or map keys) and which are associative lists
// (sets or maps keyed by fields). Derived from the schema vocabulary the way upstream
// derives the SMD schema from OpenAPI markers.

import { fieldsOf, string, type ListType, type MapType, type ObjectType, type Type } from '../types/schema.js';
import { objectMetaTopology } from './objectmeta.js';
import type { PathElement } from './path.js';
import { isObject, type Json } from './value.js';

/**
 * What a value is walked with:
 * - a schema Type;
 * - 'unstructured': no schema (custom resources without markers): every key is a struct
 *   field, lists are atomic, maps and objects granular;
 * - 'deduced': SMD's untyped deduced type (x-kubernetes-preserve-unknown-fields and fields
 *   not declared in a schema): every key is a map entry, lists are atomic;
 * - 'atomic': any JSON treated as one leaf;
 * - 'unstructured-object' / 'deduced-object': a whole object walked as 'unstructured' /
 *   'deduced', except that apiVersion, kind and metadata have ObjectMeta's schema, as
 *   custom resources have upstream.
 */
export type Topology = Type | 'unstructured' | 'deduced' | 'atomic' | 'unstructured-object' | 'deduced-object';

export interface ListShape {
  relation: 'atomic' | 'set' | 'map';
  keys: readonly string[];
}

/** listType, or a merge patch strategy without listType: map keyed by the merge key (a set without one). */
export function listShape(t: ListType): ListShape {
  if (t.listType === 'map') return { relation: 'map', keys: t.listMapKeys ?? [] };
  if (t.listType === 'set') return { relation: 'set', keys: [] };
  if (t.listType === 'atomic') return { relation: 'atomic', keys: [] };
  if (t.patchStrategy === 'merge' || t.patchStrategy === 'merge,retainKeys') {
    return t.patchMergeKey ? { relation: 'map', keys: [t.patchMergeKey] } : { relation: 'set', keys: [] };
  }
  return { relation: 'atomic', keys: [] };
}

export type ScalarClass = 'numeric' | 'string' | 'boolean' | 'untyped';

/** The SMD scalar a schema scalar becomes; undefined for kinds that hold any JSON (atomic). */
export function scalarClass(t: Type): ScalarClass | undefined {
  switch (t.kind) {
    case 'int32':
    case 'int64':
    case 'double':
      return 'numeric';
    case 'string':
    case 'bytes':
    case 'duration':
      return 'string';
    case 'bool':
      return 'boolean';
    // A string with a format other than "byte" (Time and MicroTime are date-time) is an
    // untyped scalar to kube-openapi's schemaconv: a number there passes the typed patch.
    case 'time':
    case 'microtime':
    case 'quantity':
    case 'intOrString':
      return 'untyped';
    default:
      return undefined;
  }
}

export interface ChildTopology {
  topology: Topology;
  /** A declared struct field (as opposed to a map entry or an undeclared field). */
  declared: boolean;
}

/** How one node with a given value is walked. */
export type Node =
  | { kind: 'leaf' }
  | { kind: 'map'; child(key: string): ChildTopology; allowsUnknown: boolean; struct?: ObjectType }
  | { kind: 'list'; shape: ListShape; items: Topology; type: ListType };

const LEAF: Node = { kind: 'leaf' };

function isPreserveUnknown(t: ObjectType): boolean {
  return t.extensions?.['x-kubernetes-preserve-unknown-fields'] === true;
}

const structNodes = new WeakMap<ObjectType, Node>();

function structNode(t: ObjectType): Node {
  let n = structNodes.get(t);
  if (!n) {
    let fields: Record<string, Type> | undefined;
    const get = () => (fields ??= fieldsOf(t));
    n = {
      kind: 'map',
      struct: t,
      allowsUnknown: isPreserveUnknown(t),
      child(key: string): ChildTopology {
        const f = get();
        if (Object.prototype.hasOwnProperty.call(f, key)) return { topology: f[key], declared: true };
        return { topology: 'deduced', declared: false };
      },
    };
    structNodes.set(t, n);
  }
  return n;
}

const deducedMap: Node = { kind: 'map', allowsUnknown: true, child: () => ({ topology: 'deduced', declared: false }) };
const unstructuredMap: Node = { kind: 'map', allowsUnknown: true, child: () => ({ topology: 'unstructured', declared: true }) };

function rootChild(rest: ChildTopology): (key: string) => ChildTopology {
  return (key) => {
    if (key === 'metadata') return { topology: objectMetaTopology, declared: true };
    if (key === 'apiVersion' || key === 'kind') return { topology: string(), declared: true };
    return rest;
  };
}
const unstructuredRoot: Node = { kind: 'map', allowsUnknown: true, child: rootChild({ topology: 'unstructured', declared: true }) };
const deducedRoot: Node = { kind: 'map', allowsUnknown: true, child: rootChild({ topology: 'deduced', declared: false }) };

/**
 * The node for a value (absent values and null take the shape the schema says). A value of
 * the wrong shape for its schema is walked as a leaf.
 */
export function nodeFor(topology: Topology, value: Json | undefined, ignoreAtomic = false): Node {
  const isMapValue = value === undefined || value === null || isObject(value);
  const isListValue = value === undefined || value === null || Array.isArray(value);
  if (topology === 'atomic') return LEAF;
  if (topology === 'deduced') return isObject(value) ? deducedMap : LEAF;
  if (topology === 'unstructured') return isObject(value) ? unstructuredMap : LEAF;
  if (topology === 'unstructured-object') return isMapValue ? unstructuredRoot : LEAF;
  if (topology === 'deduced-object') return isMapValue ? deducedRoot : LEAF;
  switch (topology.kind) {
    case 'object':
      if ((topology.mapType === 'atomic' && !ignoreAtomic) || !isMapValue) return LEAF;
      return structNode(topology);
    case 'map': {
      if ((topology.mapType === 'atomic' && !ignoreAtomic) || !isMapValue) return LEAF;
      return mapNode(topology);
    }
    case 'list': {
      const shape = listShape(topology);
      if ((shape.relation === 'atomic' && !ignoreAtomic) || !isListValue) return LEAF;
      return { kind: 'list', shape, items: topology.items, type: topology };
    }
    default:
      return LEAF;
  }
}

function mapNode(t: MapType): Node {
  const values = t.values;
  return { kind: 'map', allowsUnknown: true, child: () => ({ topology: values, declared: false }) };
}

/** The topology below one path element, from the schema alone (undefined where it says nothing). */
export function childTopology(topology: Topology, pe: PathElement): Topology | undefined {
  if (topology === 'unstructured-object' || topology === 'deduced-object') {
    const n = topology === 'unstructured-object' ? unstructuredRoot : deducedRoot;
    return 'field' in pe ? (n as Extract<Node, { kind: 'map' }>).child(pe.field).topology : undefined;
  }
  if (typeof topology === 'string') return topology === 'atomic' ? undefined : topology;
  if ('field' in pe) {
    if (topology.kind === 'object') return (structNode(topology) as Extract<Node, { kind: 'map' }>).child(pe.field).topology;
    if (topology.kind === 'map') return topology.values;
    return undefined;
  }
  return topology.kind === 'list' ? topology.items : undefined;
}

/** Whether the schema makes this node atomic regardless of its value (for reconciling field sets). */
export function isAtomicTopology(topology: Topology): boolean {
  if (typeof topology === 'string') return topology === 'atomic';
  switch (topology.kind) {
    case 'object':
    case 'map':
      return topology.mapType === 'atomic';
    case 'list':
      return listShape(topology).relation === 'atomic';
    default:
      return false;
  }
}

/** The default of a list-map key field, from the item struct's schema. */
export function keyDefault(items: Topology, key: string): Json | undefined {
  if (typeof items === 'string' || items.kind !== 'object') return undefined;
  const f = fieldsOf(items)[key];
  // `default` is a data property when set; on the prototype the name is the fluent builder.
  if (!f || !Object.prototype.hasOwnProperty.call(f, 'default')) return undefined;
  const d = (f as { default?: unknown }).default;
  return d === undefined || d === null ? undefined : (d as Json);
}

/** Whether a field is a named (declared struct) field of the node, as SMD's FindField answers from the schema. */
export function isNamedField(topology: Topology, key: string): boolean {
  if (topology === 'unstructured' || topology === 'unstructured-object') return true;
  if (topology === 'deduced-object') return key === 'metadata' || key === 'apiVersion' || key === 'kind';
  if (typeof topology === 'string') return false;
  return topology.kind === 'object' && Object.prototype.hasOwnProperty.call(fieldsOf(topology), key);
}
