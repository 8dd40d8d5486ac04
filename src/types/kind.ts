// The shape of a kind's one declaration. Everything the server knows about a kind
// (discovery, routing, field selectors, table columns, strategy hooks) derives from it.

import type { FieldError } from '../apimachinery/errors.js';
import type { NameRule } from '../apimachinery/validation.js';
import type { ObjectType } from './schema.js';

/** Who sends a request, as strategies see it (authn's UserInfo). */
export interface Requester {
  username: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export type Verb = 'create' | 'delete' | 'deletecollection' | 'get' | 'list' | 'patch' | 'update' | 'watch';

/** Upstream's order, as discovery prints it. */
export const ALL_VERBS: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

// A plain decoded JSON object.
export type Obj = Record<string, any>;

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface SubresourceDef {
  name: string;
  /** The kind the subresource takes and returns; default: the parent kind. */
  kind?: GroupVersionKind;
  verbs: Verb[];
  /** 'status' style subresources update a slice of the parent object. */
  type: 'status' | 'scale' | 'finalize' | 'binding' | 'eviction' | 'ephemeralcontainers' | 'resize' | 'token' | 'connect';
  /** scale: what a GET of a missing object names, where the kind's ScaleREST names its own resource (default: the parent's NotFound). */
  notFoundOnGet?: { group: string; resource: string };
}

export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format?: string;
  description: string;
  /** 0 is shown by default; 1 only with -o wide. */
  priority: number;
  cell(obj: Obj): unknown;
}

/** Hooks where a kind differs from the generic registry behaviour. All optional. */
export interface Strategy {
  /** Clear fields a client must not set on create (e.g. status), set defaults; `user` is the requester, absent for the server's own writes. */
  prepareForCreate?(obj: Obj, user?: Requester): void;
  /** Carry over what a main-resource update must not change (e.g. status). */
  prepareForUpdate?(obj: Obj, old: Obj): void;
  /** The same for an update through the finalize subresource (namespaces), which may change spec.finalizers. */
  prepareForFinalize?(obj: Obj, old: Obj): void;
  /** The request object as upstream's field manager sees it, where its conversion to the internal type and back changes it (default: as sent). */
  managedFieldsView?(obj: Obj): Obj;
  /** Kind-specific validation on create. */
  validate?(obj: Obj): FieldError[];
  /** Kind-specific validation on update; `subresource` names the endpoint written through, if any. */
  validateUpdate?(obj: Obj, old: Obj, subresource?: string): FieldError[];
  /** Whether PUT may create an absent object (upstream AllowCreateOnUpdate). */
  allowCreateOnUpdate?: boolean;
  /** Whether PUT without resourceVersion is allowed (upstream AllowUnconditionalUpdate). */
  allowUnconditionalUpdate?: boolean;
  /** Seconds a delete waits before removal (pods' graceful deletion); 0 removes at once. */
  gracePeriodSeconds?(obj: Obj, requested: number | undefined): number;
  /** Something other than metadata.finalizers holds the object while terminating (namespaces' spec.finalizers). */
  blocksDeletion?(obj: Obj): boolean;
  /** Applied when an object starts terminating (namespaces: phase Terminating). */
  prepareForTermination?(obj: Obj, old: Obj): void;
  /**
   * The kind's DefaultGarbageCollectionPolicy: OrphanDependents when a delete without a policy
   * orphans dependents; Unsupported when deletes never add (and drop) the orphan and
   * foregroundDeletion finalizers. Default: DeleteDependents (background).
   */
  garbageCollectionPolicy?: 'OrphanDependents' | 'Unsupported';
  /** Why an object may never be deleted (upstream's REST Delete overrides answer 403 with it); undefined when it may. */
  undeletable?(name: string): string | undefined;
  /** Keep a client-supplied status on create (most kinds with a status subresource drop it). */
  keepStatusOnCreate?: boolean;
}

export interface KindDef {
  group: string;
  /** Served versions, preferred first. */
  versions: string[];
  kind: string;
  plural: string;
  singular: string;
  shortNames?: string[];
  categories?: string[];
  namespaced: boolean;
  verbs: Verb[];
  subresources?: SubresourceDef[];
  /** Field selector labels beyond metadata.name / metadata.namespace, with their getters. */
  fieldSelectors?: Record<string, (obj: Obj) => string | undefined>;
  /** Table columns after Name; absent means the default table (Name, Created At). */
  tableColumns?: TableColumn[];
  strategy?: Strategy;
  /**
   * When this kind is a view of another kind's stored objects (events.k8s.io Event over
   * core Event), the storing kind and the conversions to and from it.
   */
  storedAs?: {
    group: string;
    plural: string;
    toStored(obj: Obj): Obj;
    fromStored(obj: Obj): Obj;
  };
  /** Sent as a Warning header on every request for this kind (upstream's deprecated APIs). */
  deprecationWarning?: string;
  /** DELETE answers with the deleted object rather than a Success Status (upstream ReturnDeletedObject). */
  deleteReturnsObject?: boolean;
  /** Whether objects carry metadata.generation (set to 1 on create, bumped on spec changes). */
  tracksGeneration?: boolean;
  /** The kind's structural schema (with protobuf numbers); absent until declared. */
  schema?: ObjectType;
  /** Name validation rule for metadata.name. */
  nameRule?: NameRule;
}

/** Declare a kind with upstream's usual defaults filled in. */
export function kind(def: Omit<KindDef, 'verbs' | 'versions'> & { verbs?: Verb[]; versions?: string[]; version?: string }): KindDef {
  const { version, ...rest } = def;
  return {
    ...rest,
    versions: def.versions ?? [version ?? 'v1'],
    verbs: def.verbs ?? [...ALL_VERBS],
  };
}

export function statusSubresource(): SubresourceDef {
  return { name: 'status', verbs: ['get', 'patch', 'update'], type: 'status' };
}

export function scaleSubresource(notFoundOnGet?: { group: string; resource: string }): SubresourceDef {
  return {
    name: 'scale',
    kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
    verbs: ['get', 'patch', 'update'],
    type: 'scale',
    ...(notFoundOnGet ? { notFoundOnGet } : {}),
  };
}

/** Read a dotted path from an object, for field selectors and table cells. */
export function path(obj: Obj, p: string): unknown {
  let cur: any = obj;
  for (const seg of p.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = cur[seg];
  }
  return cur;
}

/** A field-selector getter for a dotted path, rendering as upstream's fields.Set does. */
export function fieldAt(p: string, dflt = ''): (obj: Obj) => string {
  return (obj) => {
    const v = path(obj, p);
    if (v === undefined || v === null) return dflt;
    return String(v);
  };
}
