// The patch metadata a strategic merge patch needs, supplied by the caller (the catalog
// knows each built-in type's patchStrategy / patchMergeKey tags).

/** A field's patch tags: patchStrategy split at commas ('merge', 'replace', 'retainKeys'), patchMergeKey. */
export interface PatchMeta {
  strategies?: readonly string[];
  mergeKey?: string;
}

/** What a schema knows about one field. */
export interface PatchField {
  meta?: PatchMeta;
  /** Schema of the value when it is an object (struct or map). */
  schema?: PatchSchema;
  /** Schema of the list elements when the value is a list; defaults to `schema`. */
  items?: PatchSchema;
}

/**
 * The schema of an object value. A field the schema does not know is merged without
 * metadata (maps merge, lists are replaced), unless the schema names a Go struct: then
 * upstream's "unable to find api field in struct ..." error is raised where upstream
 * raises it (when both the live object and the patch hold an object or a list there).
 */
export interface PatchSchema {
  readonly structName?: string;
  field(name: string): PatchField | undefined;
}

/** A typed struct with the given fields (a function allows recursive definitions). */
export function structSchema(name: string, fields: Record<string, PatchField> | (() => Record<string, PatchField>)): PatchSchema {
  let resolved: Record<string, PatchField> | undefined = typeof fields === 'function' ? undefined : fields;
  return {
    structName: name,
    field(key: string): PatchField | undefined {
      resolved ??= (fields as () => Record<string, PatchField>)();
      return Object.prototype.hasOwnProperty.call(resolved, key) ? resolved[key] : undefined;
    },
  };
}

/** A Go map[string]T: every key has the element schema and no patch tags. */
export function mapSchema(values?: PatchSchema): PatchSchema {
  const f: PatchField = values ? { schema: values, items: values } : {};
  return { field: () => f };
}

/** Shorthand for a list merged by key: patchStrategy=merge, patchMergeKey=key. */
export function mergeListByKey(key: string, items?: PatchSchema): PatchField {
  return { meta: { strategies: ['merge'], mergeKey: key }, ...(items ? { items } : {}) };
}
