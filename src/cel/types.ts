// Declared types for CEL variables: the CEL type plus the size bounds the cost estimator uses.

export type ScalarName =
  | 'int' | 'uint' | 'double' | 'string' | 'bool' | 'bytes' | 'null_type'
  | 'timestamp' | 'duration' | 'dyn' | 'type';

export interface ScalarDecl {
  kind: 'scalar';
  name: ScalarName;
  /** Maximum size (characters or bytes) for strings and bytes; undefined when unknown. */
  maxElements?: number;
  minSerializedSize: number;
}

/** A type provided by a library (kubernetes.Quantity, net.IP, kubernetes.authorization.Authorizer, ...). */
export interface OpaqueDecl {
  kind: 'opaque';
  name: string;
  minSerializedSize: number;
}

export interface ListDecl {
  kind: 'list';
  elem: DeclType;
  maxElements?: number;
  listType?: 'atomic' | 'set' | 'map';
  mapKeys?: string[];
  minSerializedSize: number;
}

export interface MapDecl {
  kind: 'map';
  key: DeclType;
  value: DeclType;
  maxElements?: number;
  minSerializedSize: number;
}

export interface FieldDecl {
  /** The property name in JSON (before escaping). */
  jsonName: string;
  type: DeclType;
  required: boolean;
}

export interface ObjectDecl {
  kind: 'object';
  /** The CEL type name (dotted path). */
  name: string;
  /** Fields by escaped CEL name. */
  fields: Map<string, FieldDecl>;
  minSerializedSize: number;
  /** The runtime class of values of this type (created lazily). */
  ctor?: new () => object;
}

export type DeclType = ScalarDecl | OpaqueDecl | ListDecl | MapDecl | ObjectDecl;

const scalar = (name: ScalarName, minSerializedSize = 1, maxElements?: number): ScalarDecl =>
  maxElements === undefined ? {kind: 'scalar', name, minSerializedSize} : {kind: 'scalar', name, minSerializedSize, maxElements};

export const Types = {
  int: scalar('int'),
  uint: scalar('uint'),
  double: scalar('double'),
  bool: scalar('bool', 4),
  string: scalar('string', 2),
  bytes: scalar('bytes', 2),
  null: scalar('null_type', 4),
  timestamp: scalar('timestamp', 21),
  duration: scalar('duration', 3),
  dyn: scalar('dyn', 1),
  type: scalar('type', 1),
  stringWithMax: (max: number): ScalarDecl => scalar('string', 2, max),
  listOf: (elem: DeclType, maxElements?: number): ListDecl =>
    maxElements === undefined ? {kind: 'list', elem, minSerializedSize: 2} : {kind: 'list', elem, maxElements, minSerializedSize: 2},
  mapOf: (value: DeclType, maxElements?: number, key: DeclType = scalar('string', 2)): MapDecl =>
    maxElements === undefined ? {kind: 'map', key, value, minSerializedSize: 2} : {kind: 'map', key, value, maxElements, minSerializedSize: 2},
  opaque: (name: string): OpaqueDecl => ({kind: 'opaque', name, minSerializedSize: 1}),
  object: (name: string, fields: Record<string, DeclType | {type: DeclType; jsonName?: string; required?: boolean}>): ObjectDecl => {
    const m = new Map<string, FieldDecl>();
    for (const [k, v] of Object.entries(fields)) {
      if ('kind' in v) m.set(k, {jsonName: k, type: v, required: false});
      else m.set(k, {jsonName: v.jsonName ?? k, type: v.type, required: v.required ?? false});
    }
    return {kind: 'object', name, fields: m, minSerializedSize: 2};
  },
};

/** The type string cel-js uses for a declared type. */
export function celJsTypeName(t: DeclType): string {
  switch (t.kind) {
    case 'scalar':
      switch (t.name) {
        case 'timestamp': return 'google.protobuf.Timestamp';
        case 'duration': return 'google.protobuf.Duration';
        case 'null_type': return 'null';
        default: return t.name;
      }
    case 'opaque': return t.name;
    case 'list': return `list<${celJsTypeName(t.elem)}>`;
    case 'map': return `map<${celJsTypeName(t.key)}, ${celJsTypeName(t.value)}>`;
    case 'object': return t.name;
  }
}

/** Upstream (cel-go) spelling of a cel-js type name: list(int), map(string, int), null_type. */
export function formatCelGoType(name: string): string {
  let s = name;
  // Rewrite innermost generic brackets first so nested types convert correctly.
  for (;;) {
    const next = s.replace(/\b(list|map|optional)<([^<>]*)>/g, (_m, k: string, inner: string) =>
      k === 'optional' ? `optional_type(${inner})` : `${k}(${inner})`);
    if (next === s) break;
    s = next;
  }
  return s
    .replace(/\bdyn\(([^()]*)\)/g, '$1')
    .replace(/\bnull\b/g, 'null_type')
    .replace(/^list$/, 'list(dyn)')
    .replace(/^map$/, 'map(dyn, dyn)');
}

/** Lookup a CEL type string (as in a function signature) to a DeclType without size bounds. */
export function declFromTypeString(s: string): DeclType {
  const t = s.trim();
  const gen = /^(list|map)<(.*)>$/.exec(t);
  if (gen) {
    if (gen[1] === 'list') return Types.listOf(declFromTypeString(gen[2]!));
    let depth = 0;
    let split = -1;
    const inner = gen[2]!;
    for (let i = 0; i < inner.length; i++) {
      if (inner[i] === '<') depth++;
      else if (inner[i] === '>') depth--;
      else if (inner[i] === ',' && depth === 0) { split = i; break; }
    }
    return Types.mapOf(declFromTypeString(inner.slice(split + 1)), undefined, declFromTypeString(inner.slice(0, split)));
  }
  switch (t) {
    case 'int': case 'uint': case 'double': case 'string': case 'bool': case 'bytes': case 'dyn': case 'type':
      return (Types as unknown as Record<string, DeclType>)[t]!;
    case 'null': case 'null_type': return Types.null;
    case 'timestamp': case 'google.protobuf.Timestamp': return Types.timestamp;
    case 'duration': case 'google.protobuf.Duration': return Types.duration;
    case 'list': return Types.listOf(Types.dyn);
    case 'map': return Types.mapOf(Types.dyn, undefined, Types.dyn);
    default: return Types.opaque(t);
  }
}
