// OpenAPI definitions of custom resources, built from each served version's
// openAPIV3Schema as apiextensions-apiserver's builder does: the schema plus apiVersion,
// kind and a reference to ObjectMeta (v2 drops what swagger 2.0 cannot say).

import { definitionName } from '../endpoints/openapi-docs.js';
import type { Json, RawDefinition } from '../endpoints/openapi-schema.js';
import type { Catalog } from '../types/catalog.js';
import { customResourceOf } from './kind.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps } from './types.js';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const API_VERSION_DOC =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DOC =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';
const METADATA_DOC = "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

/** ToStructuralOpenAPIV2: what swagger 2.0 cannot express goes (nullable, junctors, int-or-string types). */
function toV2(s: JSONSchemaProps): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'not' || k === 'x-kubernetes-validations') continue;
    out[k] = v;
  }
  if (s['x-kubernetes-int-or-string']) delete out.type;
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toV2(v)]));
  const items = itemsOf(s);
  if (items) out.items = toV2(items);
  const ap = additionalPropertiesOf(s);
  if (ap) out.additionalProperties = toV2(ap);
  return out;
}

function withTypeMeta(schema: Json, flavor: 'v2' | 'v3', ref: (n: string) => string, embedded: boolean): Json {
  const props: Json = { ...((schema.properties as Json | undefined) ?? {}) };
  props.apiVersion = { ...(isObj(props.apiVersion) ? props.apiVersion : {}), description: API_VERSION_DOC, type: 'string' };
  props.kind = { ...(isObj(props.kind) ? props.kind : {}), description: KIND_DOC, type: 'string' };
  if (!embedded) props.metadata = flavor === 'v2' ? { $ref: ref(OBJECT_META), description: METADATA_DOC } : { allOf: [{ $ref: ref(OBJECT_META) }], description: METADATA_DOC };
  return { ...schema, properties: props };
}

/** Every served custom resource version's definition, by definition name. */
export function customResourceDefinitions(catalog: Catalog): Map<string, RawDefinition> {
  const out = new Map<string, RawDefinition>();
  for (const g of catalog.groups) {
    for (const v of g.versions) {
      for (const { def } of catalog.resources(g.name, v) ?? []) {
        const cr = customResourceOf(def);
        if (!cr) continue;
        const schema = cr.schema;
        const preserve = cr.preserveUnknownFields || !schema;
        out.set(definitionName(cr.group, cr.version, cr.kind), (flavor, ref) => {
          if (!schema || (flavor === 'v2' && (preserve || schema['x-kubernetes-preserve-unknown-fields']))) return { type: 'object' };
          const base = flavor === 'v2' ? toV2(schema) : (structuredClone(schema) as Json);
          return withTypeMeta(base, flavor, ref, false);
        });
      }
    }
  }
  return out;
}
