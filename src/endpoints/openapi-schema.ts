// Converts the schema vocabulary (../types/schema.ts) into OpenAPI schema objects, in the
// v2 (swagger) or v3 flavour, collecting the named definitions a document refers to.
//
// Upstream's conventions reproduced here: named types are referenced, never inlined; v2
// puts siblings (description, extensions) next to "$ref" while v3 wraps the reference in
// "allOf"; only v3 carries defaults, including the zero values openapi-gen derives for
// non-pointer fields ({} for structs, "" / 0 / false for scalars that are always written).

import { fieldsOf, type ObjectType, type ScalarKind, type Type } from '../types/schema.js';

export type Flavor = 'v2' | 'v3';
export type Json = Record<string, unknown>;

export interface GVK {
  group: string;
  version: string;
  kind: string;
}

export const GVK_EXTENSION = 'x-kubernetes-group-version-kind';

export const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
export const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
export const TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Time';
export const MICRO_TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime';
export const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';
export const FIELDS_V1 = 'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1';
export const JSON_VALUE = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON';
export const PATCH = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';

const QUANTITY_DOC =
  "Quantity is a fixed-point representation of a number. It provides convenient marshaling/unmarshaling in JSON and YAML, in addition to String() and AsInt64() accessors.\n\nThe serialization format is:\n\n``` <quantity>        ::= <signedNumber><suffix>\n\n\t(Note that <suffix> may be empty, from the \"\" case in <decimalSI>.)\n\n<digit>           ::= 0 | 1 | ... | 9 <digits>          ::= <digit> | <digit><digits> <number>          ::= <digits> | <digits>.<digits> | <digits>. | .<digits> <sign>            ::= \"+\" | \"-\" <signedNumber>    ::= <number> | <sign><number> <suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI> <binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei\n\n\t(International System of units; See: http://physics.nist.gov/cuu/Units/binary.html)\n\n<decimalSI>       ::= m | \"\" | k | M | G | T | P | E\n\n\t(Note that 1024 = 1Ki but 1000 = 1k; I didn't choose the capitalization.)\n\n<decimalExponent> ::= \"e\" <signedNumber> | \"E\" <signedNumber> ```\n\nNo matter which of the three exponent forms is used, no quantity may represent a number greater than 2^63-1 in magnitude, nor may it have more than 3 decimal places. Numbers larger or more precise will be capped or rounded up. (E.g.: 0.1m will rounded up to 1m.) This may be extended in the future if we require larger or smaller quantities.\n\nWhen a Quantity is parsed from a string, it will remember the type of suffix it had, and will use the same type again when it is serialized.\n\nBefore serializing, Quantity will be put in \"canonical form\". This means that Exponent/suffix will be adjusted up or down (with a corresponding increase or decrease in Mantissa) such that:\n\n- No precision is lost - No fractional digits will be emitted - The exponent (or suffix) is as large as possible.\n\nThe sign will be omitted unless the number is negative.\n\nExamples:\n\n- 1.5 will be serialized as \"1500m\" - 1.5Gi will be serialized as \"1536Mi\"\n\nNote that the quantity will NEVER be internally represented by a floating point number. That is the whole point of this exercise.\n\nNon-canonical values will still parse as long as they are well formed, but will be re-emitted in their canonical form. (So always use canonical form, or don't diff.)\n\nThis format is intended to make it difficult to use these numbers without writing some sort of special handling code in the hopes that that will cause implementors to also use a fixed point implementation.";
const INTORSTRING_DOC =
  "IntOrString is a type that can hold an int32 or a string.  When used in JSON or YAML marshalling and unmarshalling, it produces or consumes the inner type.  This allows you to have, for example, a JSON field that can accept a name or number.";
const TIME_DOC =
  "Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.  Wrappers are provided for many of the factory methods that the time package offers.";
const MICROTIME_DOC =
  "MicroTime is version of Time with microsecond level precision.";
const RAWEXTENSION_DOC =
  "RawExtension is used to hold extensions in external versions.\n\nTo use this, make a field which has RawExtension as its type in your external, versioned struct, and Object in your internal struct. You also need to register your various plugin types.\n\n// Internal package:\n\n\ttype MyAPIObject struct {\n\t\truntime.TypeMeta `json:\",inline\"`\n\t\tMyPlugin runtime.Object `json:\"myPlugin\"`\n\t}\n\n\ttype PluginA struct {\n\t\tAOption string `json:\"aOption\"`\n\t}\n\n// External package:\n\n\ttype MyAPIObject struct {\n\t\truntime.TypeMeta `json:\",inline\"`\n\t\tMyPlugin runtime.RawExtension `json:\"myPlugin\"`\n\t}\n\n\ttype PluginA struct {\n\t\tAOption string `json:\"aOption\"`\n\t}\n\n// On the wire, the JSON will look something like this:\n\n\t{\n\t\t\"kind\":\"MyAPIObject\",\n\t\t\"apiVersion\":\"v1\",\n\t\t\"myPlugin\": {\n\t\t\t\"kind\":\"PluginA\",\n\t\t\t\"aOption\":\"foo\",\n\t\t},\n\t}\n\nSo what happens? Decode first uses json or yaml to unmarshal the serialized data into your external MyAPIObject. That causes the raw JSON to be stored, but not unpacked. The next step is to copy (using pkg/conversion) into the internal struct. The runtime package's DefaultScheme has conversion functions installed which will unpack the JSON stored in RawExtension, turning it into the correct object type, and storing it in the Object. (TODO: In the case where the object is of an unknown type, a runtime.Unknown object will be created and stored.)";
const FIELDSV1_DOC =
  "FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.\n\nEach key is either a '.' representing the field itself, and will always map to an empty set, or a string representing a sub-field or item. The string will follow one of these four formats: 'f:<name>', where <name> is the name of a field in a struct, or key in a map 'v:<value>', where <value> is the exact json formatted value of a list item 'i:<index>', where <index> is position of a item in a list 'k:<keys>', where <keys> is a map of  a list item's key fields to their unique values If a key maps to an empty Fields value, the field that key represents is part of the set.\n\nThe exact format is defined in sigs.k8s.io/structured-merge-diff";
const JSON_DOC =
  "JSON represents any valid JSON value. These types are supported: bool, int64, float64, string, []interface{}, map[string]interface{} and nil.";
const PATCH_DOC =
  "Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.";

/** Definitions whose OpenAPI form is fixed rather than derived from fields. */
const FIXED: Record<string, { v2: Json; v3: Json }> = {
  [QUANTITY]: {
    v2: { description: QUANTITY_DOC, type: 'string' },
    v3: { description: QUANTITY_DOC, oneOf: [{ type: 'string' }, { type: 'number' }] },
  },
  [INT_OR_STRING]: {
    v2: { description: INTORSTRING_DOC, format: 'int-or-string', type: 'string' },
    v3: { description: INTORSTRING_DOC, format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
  },
  [TIME]: {
    v2: { description: TIME_DOC, format: 'date-time', type: 'string' },
    v3: { description: TIME_DOC, format: 'date-time', type: 'string' },
  },
  [MICRO_TIME]: {
    v2: { description: MICROTIME_DOC, format: 'date-time', type: 'string' },
    v3: { description: MICROTIME_DOC, format: 'date-time', type: 'string' },
  },
  [RAW_EXTENSION]: { v2: { description: RAWEXTENSION_DOC, type: 'object' }, v3: { description: RAWEXTENSION_DOC, type: 'object' } },
  [FIELDS_V1]: { v2: { description: FIELDSV1_DOC, type: 'object' }, v3: { description: FIELDSV1_DOC, type: 'object' } },
  [JSON_VALUE]: { v2: { description: JSON_DOC }, v3: { description: JSON_DOC } },
  [PATCH]: { v2: { description: PATCH_DOC, type: 'object' }, v3: { description: PATCH_DOC, type: 'object' } },
};

/** Scalars that upstream publishes as a named definition and references. */
const NAMED_SCALARS: Partial<Record<ScalarKind, string>> = {
  quantity: QUANTITY,
  intOrString: INT_OR_STRING,
  time: TIME,
  microtime: MICRO_TIME,
  rawExtension: RAW_EXTENSION,
  json: JSON_VALUE,
  fieldsV1: FIELDS_V1,
};

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

export function isFixedDefinition(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FIXED, name);
}

// How sure we are that an ObjectType seen under a name is its own declaration rather
// than a field's copy (a field's .doc() replaces the description on its copy).
const DECLARED = 3; // handed in as a declaration
const STRONG = 2; // a kind's root, a list item or a map value: used as declared
const FALLBACK = 1; // skiff's own declaration of an apimachinery type
const WEAK = 0; // seen only as a field's type

/**
 * Every named object type the documents can refer to, by definition name, plus the
 * group-version-kinds the catalog attaches to definitions.
 */
export class TypeRegistry {
  private readonly types = new Map<string, { type: ObjectType; strength: number }>();
  private readonly walked = new Set<string>();
  private readonly gvks = new Map<string, GVK[]>();

  /** A declaration handed in by the caller: authoritative for its name. */
  declare(t: ObjectType): void {
    this.register(t, DECLARED);
    this.walk(t);
  }

  /** skiff's own declaration, used when nothing better is known for its name. */
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
        if (this.flavor === 'v3' && t.default !== undefined) s.default = t.default;
        return s;
      }
      case 'map': {
        const s: Json = {};
        if (pos === 'field' && t.description) s.description = t.description;
        s.type = 'object';
        s.additionalProperties = this.render(t.values, 'values');
        if (t.mapType) s['x-kubernetes-map-type'] = t.mapType;
        if (this.flavor === 'v3' && t.default !== undefined) s.default = t.default;
        return s;
      }
      default: {
        const named = NAMED_SCALARS[t.kind];
        const siblings: Json = {};
        if (pos === 'field' && t.description) siblings.description = t.description;
        if (this.flavor === 'v3') {
          if (t.default !== undefined) siblings.default = t.default;
          else if (!t.optional && t.kind in ZERO && (pos !== 'field' || t.keepEmpty)) siblings.default = ZERO[t.kind];
        }
        if (named) return this.wrapRef(named, siblings);
        const s: Json = { ...siblings, ...INLINE_SCALARS[t.kind] };
        if (t.format) s.format = t.format;
        addValidations(s, t);
        return s;
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
    const fixed = FIXED[name];
    if (fixed) return this.withGvks(name, { ...fixed[this.flavor] });
    const t = this.registry.get(name);
    if (!t) return this.withGvks(name, { type: 'object' });
    const d: Json = {};
    if (t.description) d.description = t.description;
    d.type = 'object';
    const fields = fieldsOf(t);
    const names = Object.keys(fields);
    if (names.length) {
      const props: Json = {};
      for (const n of names) props[n] = this.render(fields[n]!, 'field');
      d.properties = props;
      const required = names.filter((n) => fields[n]!.required);
      if (required.length) d.required = required;
    }
    if (t.mapType) d['x-kubernetes-map-type'] = t.mapType;
    for (const [k, v] of Object.entries(t.extensions ?? {})) if (k !== GVK_EXTENSION) d[k] = v;
    const own = t.extensions?.[GVK_EXTENSION];
    return this.withGvks(name, d, Array.isArray(own) ? (own as GVK[]) : []);
  }

  private withGvks(name: string, d: Json, own: readonly GVK[] = []): Json {
    const all: GVK[] = [];
    for (const g of [...own, ...this.registry.gvksOf(name)]) {
      if (!all.some((x) => sameGvk(x, g))) all.push({ group: g.group, kind: g.kind, version: g.version });
    }
    if (all.length > 1) all.sort((a, b) => cmp(a.group, b.group) || cmp(a.version, b.version) || cmp(a.kind, b.kind));
    if (all.length) d[GVK_EXTENSION] = all;
    return d;
  }

  private renderObjectRef(t: ObjectType, pos: Position): Json {
    const declared = this.registry.get(t.name) ?? t;
    const siblings: Json = {};
    if (pos === 'field' && t.description && t.description !== declared.description) siblings.description = t.description;
    if (this.flavor === 'v3') {
      if (t.default !== undefined) siblings.default = t.default;
      else if (!t.optional) siblings.default = {};
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

function addValidations(s: Json, t: Type): void {
  if (t.enum) s.enum = [...t.enum];
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
