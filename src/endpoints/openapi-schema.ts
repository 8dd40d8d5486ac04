// Converts the schema vocabulary (../types/schema.ts) into OpenAPI schema objects, in the
// v2 (swagger) or v3 flavour, collecting the named definitions a document refers to.
//
// Upstream's conventions reproduced here: named types are referenced, never inlined; v2
// puts siblings (description, extensions) next to "$ref" while v3 wraps the reference in
// "allOf"; only v3 carries defaults, including the zero values openapi-gen derives for
// non-pointer fields ({} for structs, "" / 0 / false for scalars that are always written).

import { fieldsOf, type ObjectType, type ScalarDefinition, type ScalarKind, type Type } from '../types/schema.js';
import { scalarDefinitions } from '../types/schemas/meta.js';

export type Flavor = 'v2' | 'v3';
export type Json = Record<string, unknown>;

export interface GVK {
  group: string;
  version: string;
  kind: string;
}

export const GVK_EXTENSION = 'x-kubernetes-group-version-kind';

const JSON_VALUE = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON';
const JSON_DOC =
  'JSON represents any valid JSON value. These types are supported: bool, int64, float64, string, []interface{}, map[string]interface{} and nil.';

/** Scalars upstream publishes as a named definition, referenced where they are used. */
const NAMED_SCALARS = new Map<ScalarKind, { name: string; v2: Json; v3: Json }>();
for (const [kind, d] of Object.entries(scalarDefinitions) as [ScalarKind, NonNullable<(typeof scalarDefinitions)[ScalarKind]>][]) {
  const v2: Json = { description: d.description, type: d.type, ...(d.format ? { format: d.format } : {}) };
  // v3 spells the two-typed scalars with oneOf, as upstream's OpenAPIV3OneOfTypes do.
  let v3: Json = v2;
  if (kind === 'quantity') v3 = { description: d.description, oneOf: [{ type: 'string' }, { type: 'number' }] };
  if (kind === 'intOrString') v3 = { description: d.description, format: d.format, oneOf: [{ type: 'integer' }, { type: 'string' }] };
  NAMED_SCALARS.set(kind, { name: d.name, v2, v3 });
}
if (!NAMED_SCALARS.has('json')) NAMED_SCALARS.set('json', { name: JSON_VALUE, v2: { description: JSON_DOC }, v3: { description: JSON_DOC } });

/** Definitions whose OpenAPI form is fixed rather than derived from fields, by name. */
const FIXED = new Map([...NAMED_SCALARS.values()].map((d) => [d.name, d]));

const INLINE_SCALARS: Partial<Record<ScalarKind, Json>> = {
  string: { type: 'string' },
  bool: { type: 'boolean' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  double: { type: 'number', format: 'double' },
  bytes: { type: 'string', format: 'byte' },
  duration: { type: 'string' },
};

/** The zero value openapi-gen publishes as the v3 default of a non-pointer scalar. */
const ZERO: Partial<Record<ScalarKind, unknown>> = { string: '', bool: false, int32: 0, int64: 0, double: 0 };

// How sure we are that an ObjectType seen under a name is its own declaration rather
// than a field's copy (a field's .doc() replaces the description on its copy).
const DECLARED = 3; // handed in as a declaration
const STRONG = 2; // a kind's root, a list item or a map value: used as declared
const FALLBACK = 1; // synthesized here (a List or a kind nobody declared)
const WEAK = 0; // seen only as a field's type

/**
 * Every named object type the documents can refer to, by definition name, plus the
 * group-version-kinds the catalog attaches to definitions.
 */
/**
 * A definition given as OpenAPI rather than as a vocabulary type (a custom resource's
 * schema): built per document flavour, with `ref` giving the pointer of (and including)
 * another definition.
 */
export type RawDefinition = (flavor: Flavor, ref: (name: string) => string) => Json;

export class TypeRegistry {
  private readonly types = new Map<string, { type: ObjectType; strength: number }>();
  private readonly raws = new Map<string, RawDefinition>();
  private readonly walked = new Set<string>();
  private readonly gvks = new Map<string, GVK[]>();

  /** A declaration handed in by the caller: authoritative for its name. */
  declare(t: ObjectType): void {
    this.register(t, DECLARED);
    this.walk(t);
  }

  /** A type synthesized here, used when nothing better is known for its name. */
  fallback(t: ObjectType): void {
    this.register(t, FALLBACK);
  }

  /** A kind's schema: itself authoritative, and every type it reaches becomes known. */
  root(t: ObjectType): void {
    this.register(t, STRONG);
    this.walk(t);
  }

  get(name: string): ObjectType | undefined {
    return this.types.get(name)?.type;
  }

  /** A definition known only as OpenAPI (it wins over any vocabulary type of the name). */
  raw(name: string, def: RawDefinition): void {
    this.raws.set(name, def);
  }

  rawDefinition(name: string): RawDefinition | undefined {
    return this.raws.get(name);
  }

  /** Whether the type known under `name` is its declaration rather than a field's copy. */
  isDeclared(name: string): boolean {
    return (this.types.get(name)?.strength ?? WEAK) > WEAK;
  }

  addGvk(name: string, gvk: GVK): void {
    let list = this.gvks.get(name);
    if (!list) this.gvks.set(name, (list = []));
    if (!list.some((g) => sameGvk(g, gvk))) list.push(gvk);
  }

  gvksOf(name: string): readonly GVK[] {
    return this.gvks.get(name) ?? [];
  }

  private register(t: ObjectType, strength: number): void {
    const cur = this.types.get(t.name);
    if (!cur || cur.strength < strength) this.types.set(t.name, { type: t, strength });
  }

  private walk(t: ObjectType): void {
    if (this.walked.has(t.name)) return;
    this.walked.add(t.name);
    for (const f of Object.values(fieldsOf(t))) this.visit(f, WEAK);
  }

  private visit(t: Type, strength: number): void {
    if (t.kind === 'object') {
      this.register(t, strength);
      this.walk(t);
    } else if (t.kind === 'list') {
      this.visit(t.items, STRONG);
    } else if (t.kind === 'map') {
      this.visit(t.values, STRONG);
    }
  }
}

export function sameGvk(a: GVK, b: GVK): boolean {
  return a.group === b.group && a.version === b.version && a.kind === b.kind;
}

type Position = 'field' | 'items' | 'values';

/** Renders types for one document, collecting the definitions they reference. */
export class SchemaRenderer {
  readonly definitions = new Map<string, Json>();
  /** Definitions of the scalars with a `definition` this document rendered, by name. */
  private readonly scalarDefinitions = new Map<string, ScalarDefinition>();
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();

  constructor(
    readonly flavor: Flavor,
    private readonly registry: TypeRegistry,
  ) {}

  /** The JSON pointer of a definition, marking it as needed by the document. */
  refTo(name: string): string {
    if (!this.queued.has(name)) {
      this.queued.add(name);
      this.queue.push(name);
    }
    return this.flavor === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}`;
  }

  /** A bare reference schema. */
  ref(name: string): Json {
    return { $ref: this.refTo(name) };
  }

  /** The schema of a value of type `t` found at a field, list item or map value. */
  render(t: Type, pos: Position = 'field'): Json {
    switch (t.kind) {
      case 'object':
        return this.renderObjectRef(t, pos);
      case 'list': {
        const s: Json = {};
        if (pos === 'field' && t.description) s.description = t.description;
        s.type = 'array';
        s.items = this.render(t.items, 'items');
        addValidations(s, t);
        if (t.listType) s['x-kubernetes-list-type'] = t.listType;
        if (t.listMapKeys) s['x-kubernetes-list-map-keys'] = [...t.listMapKeys];
        if (t.patchMergeKey) s['x-kubernetes-patch-merge-key'] = t.patchMergeKey;
        if (t.patchStrategy) s['x-kubernetes-patch-strategy'] = t.patchStrategy;
        if (this.flavor === 'v3' && own(t, 'default') !== undefined) s.default = own(t, 'default');
        return s;
      }
      case 'map': {
        const s: Json = {};
        if (pos === 'field' && t.description) s.description = t.description;
        s.type = 'object';
        s.additionalProperties = this.render(t.values, 'values');
        if (t.mapType) s['x-kubernetes-map-type'] = t.mapType;
        if (this.flavor === 'v3' && own(t, 'default') !== undefined) s.default = own(t, 'default');
        return s;
      }
      default: {
        const def = t.definition;
        if (def) this.scalarDefinitions.set(def.name, def);
        const named = def?.name ?? NAMED_SCALARS.get(t.kind)?.name;
        const siblings: Json = {};
        // A field documented with its definition's description does not repeat it.
        if (pos === 'field' && t.description && t.description !== def?.description) siblings.description = t.description;
        if (this.flavor === 'v3') {
          if (own(t, 'default') !== undefined) siblings.default = own(t, 'default');
          else if (!def && !own(t, 'optional') && t.kind in ZERO && (pos !== 'field' || own(t, 'keepEmpty'))) siblings.default = ZERO[t.kind];
        }
        if (named) return this.wrapRef(named, { ...siblings, ...t.extensions });
        const s: Json = { ...siblings, ...INLINE_SCALARS[t.kind] };
        if (t.format) s.format = t.format;
        addValidations(s, t);
        return Object.assign(s, t.extensions);
      }
    }
  }

  /** Render every definition the document refers to (transitively). */
  finish(): Map<string, Json> {
    for (let i = 0; i < this.queue.length; i++) {
      const name = this.queue[i]!;
      this.definitions.set(name, this.definition(name));
    }
    return this.definitions;
  }

  private definition(name: string): Json {
    const fixed = FIXED.get(name);
    if (fixed) return this.withGvks(name, { ...fixed[this.flavor] });
    const scalar = this.scalarDefinitions.get(name);
    if (scalar) {
      const d: Json = {};
      for (const k of ['description', 'type', 'format'] as const) if (scalar[k] !== undefined) d[k] = scalar[k];
      return this.withGvks(name, d);
    }
    const raw = this.registry.rawDefinition(name);
    if (raw) return this.withGvks(name, raw(this.flavor, (n) => this.refTo(n)));
    const t = this.registry.get(name);
    if (!t) return this.withGvks(name, { type: 'object' });
    const d: Json = {};
    // A field's copy carries the field's description, not the type's.
    if (t.description && this.registry.isDeclared(name)) d.description = t.description;
    d.type = 'object';
    const fields = fieldsOf(t);
    const names = Object.keys(fields);
    if (names.length) {
      const props: Json = {};
      for (const n of names) props[n] = this.render(fields[n]!, 'field');
      d.properties = props;
      const required = names.filter((n) => own(fields[n]!, 'required'));
      if (required.length) d.required = required;
    }
    if (t.mapType) d['x-kubernetes-map-type'] = t.mapType;
    for (const [k, v] of Object.entries(t.extensions ?? {})) if (k !== GVK_EXTENSION) d[k] = v;
    const declaredGvks = t.extensions?.[GVK_EXTENSION];
    return this.withGvks(name, d, Array.isArray(declaredGvks) ? (declaredGvks as GVK[]) : []);
  }

  private withGvks(name: string, d: Json, declared: readonly GVK[] = []): Json {
    const all: GVK[] = [];
    for (const g of [...declared, ...this.registry.gvksOf(name)]) {
      if (!all.some((x) => sameGvk(x, g))) all.push({ group: g.group, kind: g.kind, version: g.version });
    }
    if (all.length > 1) all.sort((a, b) => cmp(a.group, b.group) || cmp(a.version, b.version) || cmp(a.kind, b.kind));
    if (all.length) d[GVK_EXTENSION] = all;
    return d;
  }

  private renderObjectRef(t: ObjectType, pos: Position): Json {
    const declared = this.registry.get(t.name) ?? t;
    const siblings: Json = {};
    const typeDoc = this.registry.isDeclared(t.name) ? declared.description : undefined;
    if (pos === 'field' && t.description && t.description !== typeDoc) siblings.description = t.description;
    if (this.flavor === 'v3') {
      if (own(t, 'default') !== undefined) siblings.default = own(t, 'default');
      else if (!own(t, 'optional')) siblings.default = {};
    }
    if (t.mapType && t.mapType !== declared.mapType) siblings['x-kubernetes-map-type'] = t.mapType;
    for (const [k, v] of Object.entries(t.extensions ?? {})) {
      if (k === GVK_EXTENSION) continue;
      if (!deepEqual(v, declared.extensions?.[k])) siblings[k] = v;
    }
    return this.wrapRef(t.name, siblings);
  }

  private wrapRef(name: string, siblings: Json): Json {
    const ref = this.refTo(name);
    if (this.flavor === 'v2') {
      delete siblings.default;
      return { $ref: ref, ...siblings };
    }
    if (Object.keys(siblings).length === 0) return { $ref: ref };
    return { allOf: [{ $ref: ref }], ...siblings };
  }
}

type Flag = 'required' | 'optional' | 'keepEmpty' | 'readOnly' | 'enum' | 'default';

/**
 * A type's own setting. The vocabulary's fluent modifiers share these names (t.required
 * is a method unless the type was marked), so only own data properties count.
 */
export function own<K extends Flag>(t: Type, key: K): Type[K] | undefined {
  if (!Object.prototype.hasOwnProperty.call(t, key)) return undefined;
  const v = t[key];
  return typeof v === 'function' ? undefined : v;
}

function addValidations(s: Json, t: Type): void {
  const values = own(t, 'enum');
  if (values) s.enum = [...values];
  if (t.minimum !== undefined) s.minimum = t.minimum;
  if (t.maximum !== undefined) s.maximum = t.maximum;
  if (t.maxLength !== undefined) s.maxLength = t.maxLength;
  if (t.minItems !== undefined) s.minItems = t.minItems;
  if (t.maxItems !== undefined) s.maxItems = t.maxItems;
  if (t.pattern !== undefined) s.pattern = t.pattern;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Json)[k], (b as Json)[k]));
}
