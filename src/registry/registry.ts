// The generic registry: create, get, list, watch, update, delete and
// deletecollection with kube-apiserver semantics, for every kind alike. A kind
// adds only what differs about it through its declaration's strategy.

import { stringifyJson } from '../encoding/json-depth.js';
import {
  alreadyExists,
  badRequest,
  conflict,
  fieldErr,
  invalid,
  notFound,
  OPTIMISTIC_LOCK_MESSAGE,
  resourceExpired,
  StatusError,
  tooLargeResourceVersion,
  tooManyRequests,
  type FieldError,
  forbidden,
} from '../apimachinery/errors.js';
import { checkNameParameter } from '../apimachinery/validation.js';
import { CompactedError, FutureRevisionError, type KeyValue, type Store } from '../storage/store.js';
import { TooOldResourceVersionError, type CacheWatcherSink, type Entry, type EventType } from '../storage/watchcache/cache.js';
import type { Catalog, ServedResource } from '../types/catalog.js';
import { apiVersionOf } from '../types/catalog.js';
import type { KindDef, Obj } from '../types/kind.js';
import type { UserInfo } from '../authn/types.js';
import { ContinueTokenError, decodeContinue, encodeContinue } from '../apimachinery/continue.js';
import type { ListFilter } from './filter.js';
import { clone, deepEqual, metaOf, newUid, nowTimestamp } from './meta.js';
import { generateName, validateMeta, validateMetaUpdate } from './meta-validation.js';
import { CorruptObjectError, fieldOrderOf, ResourceStore } from './resource-store.js';
import { isResetManagedFields, update as trackUpdate } from '../apply/index.js';
import { AdmissionChain } from '../admission/chain.js';
import { namespaceLifecycle } from '../admission/plugins/namespace-lifecycle.js';
import type { RequestAdmission } from '../admission/types.js';
import { canonicalObject } from '../apimachinery/objectmeta.js';
import { goJson, type Json } from '../types/go-json.js';
import { ObjectMeta } from '../types/schemas/meta.js';
import { customResourceOf } from '../crd/kind.js';
import { validateObjectMeta, validateObjectMetaUpdate, type ObjectMetaLike } from '../apimachinery/validation.js';

export interface Scope {
  served: ServedResource;
  /** The request's namespace ('' for cluster-scoped or all namespaces). */
  namespace: string;
}

/**
 * What a read does while its resource's watch cache is still loading (a restart with many
 * objects stored): 'wait' for it (in-process readers: controllers, admission), or follow
 * upstream's rules for a cache that is not ready (KEP-4568, ResilientWatchCacheInitialization,
 * GA in 1.34; k8s.io/apiserver pkg/storage/cacher/delegator.go and cacher.go), as API
 * requests do: GET and a LIST with a limit and no selector are read from the store, other
 * LISTs get 429 "storage is (re)initializing" (WATCHes too: checkWatchable).
 */
export type WhileCacheLoads = 'wait' | 'upstream';

export interface ListParams {
  resourceVersion?: string;
  resourceVersionMatch?: string;
  limit?: number;
  continue?: string;
  filter: ListFilter;
  whileCacheLoads?: WhileCacheLoads;
}

export interface ListResult {
  /** Each item's JSON in the served version. */
  items: Buffer[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface WatchParams {
  resourceVersion?: string;
  resourceVersionMatch?: string;
  sendInitialEvents?: boolean;
  filter: ListFilter;
}

export interface WatchSink {
  event(type: EventType, bytes: Buffer, rv: number, memo: Map<string, Buffer>): void;
  /** All initial events have been sent (sendInitialEvents). */
  initialEventsEnd?(rv: number): void;
  progress?(rv: number): void;
  close(err: Error | null): void;
  /** While the client's connection is backed up: when it takes more (see CacheWatcherSink.backlog). */
  backlog?(): Promise<void> | undefined;
}

export interface WriteOptions {
  dryRun: boolean;
  /** Who writes, for metadata.managedFields (the fieldManager parameter or the User-Agent's product). */
  fieldManager?: string;
  /** managedFields were already computed by server-side apply. */
  applied?: boolean;
  /** Who asks (the authenticated, possibly impersonated user); undefined for the server's own writes. */
  user?: UserInfo;
  /** The subresource as the request's URL names it (approval, status, ...), for admission checks. */
  requestSubresource?: string;
  /**
   * The request's admission chain, run at upstream's points of the write path. The server's
   * own writes have none: they get NamespaceLifecycle only.
   */
  admission?: RequestAdmission;
}

/** Who the server's own writes are made by, for admission. */
const SERVER_USER: UserInfo = { username: 'system:apiserver', groups: ['system:authenticated', 'system:masters'] };

/** The manager recorded for writes that name none (the server's own writes). */
export const DEFAULT_FIELD_MANAGER = 'kube-apiserver';

export interface DeleteOptions extends WriteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  orphanDependents?: boolean;
  gracePeriodSeconds?: number;
  /** Unsafe deletion of a corrupt object (gate AllowUnsafeMalformedObjectDeletion). */
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

function deletionPolicy(opts: DeleteOptions): 'Orphan' | 'Background' | 'Foreground' | undefined {
  if (opts.propagationPolicy) return opts.propagationPolicy;
  if (opts.orphanDependents === true) return 'Orphan';
  if (opts.orphanDependents === false) return 'Background';
  return undefined;
}

/** The garbage-collection finalizers a delete adds or removes, as upstream's deletionFinalizersForGarbageCollection. */
function updateGcFinalizers(finalizers: string[], policy: 'Orphan' | 'Background' | 'Foreground' | undefined, def: KindDef): string[] {
  let orphan: boolean;
  let foreground: boolean;
  const defaultPolicy = def.strategy?.garbageCollectionPolicy;
  if (defaultPolicy === 'Unsupported') {
    orphan = false;
    foreground = false;
  } else if (policy === undefined) {
    // Keep what the object already asks for; else the kind's default.
    orphan = finalizers.includes(FINALIZER_ORPHAN) || (!finalizers.includes(FINALIZER_FOREGROUND) && defaultPolicy === 'OrphanDependents');
    foreground = finalizers.includes(FINALIZER_FOREGROUND);
  } else {
    orphan = policy === 'Orphan';
    foreground = policy === 'Foreground';
  }
  let out = finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND);
  if (orphan) out = [...out, FINALIZER_ORPHAN];
  if (foreground) out = [...out, FINALIZER_FOREGROUND];
  // Preserve the original order where nothing changed.
  if (out.length === finalizers.length && out.every((f) => finalizers.includes(f))) return finalizers;
  return out;
}

/** Side effects of writes (allocations), run by the registry around storage writes. */
export interface ResourceHooks {
  /**
   * Before a create or update is prepared and validated: checks that depend on who writes
   * (RBAC escalation prevention). `old` is undefined for a create; throws to refuse.
   */
  checkWrite?(obj: Obj, old: Obj | undefined, scope: Scope, opts: WriteOptions): Promise<void>;
  /** Before a new object is stored; returns an undo for when the write fails. */
  beforeCreate?(obj: Obj, dryRun: boolean): Promise<(() => Promise<void>) | void>;
  /** Before an update is stored; returns an undo for when the write fails. */
  beforeUpdate?(obj: Obj, old: Obj, dryRun: boolean): Promise<(() => Promise<void>) | void>;
  /** After an update was stored: release what the old object held and the new one does not. */
  afterUpdate?(obj: Obj, old: Obj): Promise<void>;
  /** After an object was removed from storage. */
  afterDelete?(obj: Obj): Promise<void>;
}

export interface RegistryOptions {
  registryPrefix?: string;
  /** Feature gate AllowUnsafeMalformedObjectDeletion (alpha in 1.34, off by default). */
  allowUnsafeMalformedObjectDeletion?: boolean;
  /** How long a read waits for the cache to reach a requested revision. */
  freshnessTimeoutMs?: number;
}

const NEWLINE = Buffer.from('\n');

/** Fields of metadata the server owns; a client's values are replaced on create. */
const SERVER_SET_ON_CREATE = ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'resourceVersion', 'selfLink'];

/** The fields an endpoint resets, which nobody owns through it (constant: the field manager reads each once). */
const IGNORE_SPEC: readonly (readonly string[])[] = [['spec']];
const IGNORE_STATUS: readonly (readonly string[])[] = [['status']];
const IGNORE_NOTHING: readonly (readonly string[])[] = [];

/** Kinds whose objects carry metadata.generation, bumped on spec changes. */
export function tracksGeneration(def: KindDef): boolean {
  return def.tracksGeneration ?? false;
}

export class Registry {
  private readonly stores = new Map<string, ResourceStore>();
  private readonly hooks = new Map<string, ResourceHooks>();
  readonly registryPrefix: string;
  private readonly freshnessTimeoutMs: number;
  private readonly unsafeDelete: boolean;
  /** What the server's own writes pass through (upstream's controllers, as API clients, meet NamespaceLifecycle too). */
  private readonly internalAdmission: AdmissionChain;

  constructor(
    readonly catalog: Catalog,
    readonly store: Store,
    private readonly indexerFor: (def: KindDef) => (obj: Obj) => { labels: Record<string, string>; fields: Record<string, string> },
    opts: RegistryOptions = {},
  ) {
    this.registryPrefix = opts.registryPrefix ?? '/registry';
    this.freshnessTimeoutMs = opts.freshnessTimeoutMs ?? 3000;
    this.unsafeDelete = opts.allowUnsafeMalformedObjectDeletion ?? false;
    this.internalAdmission = new AdmissionChain([namespaceLifecycle({ registry: this })]);
  }

  /** Register write side effects for a stored resource (by its storage owner's group and plural). */
  setHooks(group: string, plural: string, hooks: ResourceHooks): void {
    this.hooks.set(`${group}/${plural}`, hooks);
  }

  private hooksFor(def: KindDef): ResourceHooks | undefined {
    const owner = this.catalog.storageOwner(def);
    return this.hooks.get(`${owner.group}/${owner.plural}`);
  }

  /** The storage of a served kind (shared by views such as events.k8s.io Event). */
  storeFor(def: KindDef): ResourceStore {
    const owner = this.catalog.storageOwner(def);
    const id = `${owner.group}/${owner.plural}`;
    let rs = this.stores.get(id);
    if (!rs) {
      const ownerDef = this.catalog.storingKind(owner.group, owner.plural) ?? def;
      // Custom resources live under /registry/<group>/<plural>/, as upstream keeps them.
      const prefix = this.catalog.isCustom(ownerDef) ? `${this.registryPrefix}/${owner.group}` : this.registryPrefix;
      rs = new ResourceStore(this.store, ownerDef, prefix, this.indexerFor(ownerDef));
      this.stores.set(id, rs);
    }
    return rs;
  }

  /** Every resource storage opened so far (metrics read their object counts). */
  resourceStores(): IterableIterator<ResourceStore> {
    return this.stores.values();
  }

  /** Forget a resource's storage (its watch cache stops and its watchers end): a CRD went away or changed its storage. */
  dropStore(group: string, plural: string): void {
    const id = `${group}/${plural}`;
    const rs = this.stores.get(id);
    if (!rs) return;
    this.stores.delete(id);
    rs.cache.stop();
  }

  /** Start every watch cache (lazily fed; does not block). */
  warmCaches(): Promise<void> {
    const all = this.catalog.kinds.filter((k) => !k.storedAs && k.verbs.includes('list')).map((k) => this.storeFor(k).cache.ready());
    return Promise.all(all).then(() => undefined);
  }

  stopCaches(): void {
    for (const rs of this.stores.values()) rs.cache.stop();
  }

  // ---- conversion between the served view and storage ----

  /**
   * The object as kube-apiserver holds it once decoded into its Go type (types/go-json.ts):
   * every write passes through here, so stored bytes, responses, watch events and every
   * media type carry Go's encoding of empty fields.
   */
  private goShaped(def: KindDef, obj: Obj): Obj {
    if (def.schema) return goJson(obj, def.schema) as Obj;
    // A custom resource's metadata is Go's ObjectMeta all the same (the CR codec's coercion):
    // an empty map or list left by a patch or an apply goes.
    const meta: unknown = obj.metadata;
    if (meta !== null && typeof meta === 'object' && !Array.isArray(meta)) obj.metadata = goJson(meta as Json, ObjectMeta);
    return obj;
  }

  private toServed(served: ServedResource, obj: Obj): Obj {
    const def = served.def;
    const out = def.storedAs ? this.goShaped(def, def.storedAs.fromStored(obj)) : obj;
    out.apiVersion = apiVersionOf(served.group, served.version);
    out.kind = def.kind;
    return canonicalObject(out, fieldOrderOf(def));
  }

  /**
   * A stored object after a create hook (a Service's allocations): what the hook added takes
   * its place in the struct order. A kind stored at another version than it is served keeps
   * the hook's order (its served schema does not describe the stored form).
   */
  private shapedAfterHook(def: KindDef, stored: Obj): Obj {
    return def.storedAs ? stored : this.goShaped(def, stored);
  }

  /** A written built-in object's keys in its struct order (a custom resource's are sorted when it is sent). */
  private ordered(def: KindDef, obj: Obj): Obj {
    const order = fieldOrderOf(def);
    return order ? canonicalObject(obj, order) : obj;
  }

  private toStored(served: ServedResource, obj: Obj): Obj {
    const def = served.def;
    if (def.storedAs) {
      const owner = this.storeFor(def).def;
      const out = def.storedAs.toStored(obj);
      out.kind = owner.kind;
      out.apiVersion = apiVersionOf(owner.group, owner.versions[0]!);
      return this.goShaped(owner, out);
    }
    return obj;
  }

  /** Decode a stored value, turning a corrupt one into upstream's 500. */
  private decodeKv(rs: ResourceStore, kv: KeyValue): Obj {
    try {
      return rs.decode(kv);
    } catch (e) {
      if (e instanceof CorruptObjectError) throw this.corruptError(e.key, e.reason);
      throw e;
    }
  }

  private corruptListError(served: ServedResource, corrupt: [string, string][]): StatusError {
    if (!this.unsafeDelete) return this.corruptError(corrupt[0]![0], corrupt[0]![1]);
    const resource = served.group ? `${served.def.plural}.${served.group}` : served.def.plural;
    return new StatusError(500, 'StoreReadError', `failed to read one or more ${resource} from the storage`, {
      causes: corrupt.map(([key, reason]) => ({ reason: 'UnexpectedServerResponse', message: `failed to decode: ${reason}`, field: key })),
    });
  }

  private corruptError(key: string, reason: string): StatusError {
    const msg = this.unsafeDelete
      ? `StorageError: corrupt object, Code: 7, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: failed to decode: ${reason}`
      : reason;
    return new StatusError(500, 'InternalError', `Internal error occurred: ${msg}`, { causes: [{ message: msg }] });
  }

  /** The cache's JSON of the object at `key` as written at revision `rv`, when served as stored. */
  private cachedJson(served: ServedResource, rs: ResourceStore, key: string, rv: number): Buffer | undefined {
    if (served.def.storedAs || served.version !== served.def.versions[0]) return undefined;
    const e = rs.cache.get(key);
    return e && e.rv === rv ? Buffer.concat([e.bytes, NEWLINE]) : undefined;
  }

  private entryBytes(served: ServedResource, e: Entry): Buffer {
    if (!served.def.storedAs && served.version === served.def.versions[0]) return e.bytes;
    return Buffer.from(stringifyJson(this.toServed(served, JSON.parse(e.bytes.toString('utf8')))));
  }

  private gr(served: ServedResource) {
    return { group: served.group, resource: served.def.plural };
  }

  private gk(served: ServedResource) {
    return { group: served.group, kind: served.def.kind };
  }

  // ---- reads ----

  async get(scope: Scope, name: string, resourceVersion?: string, whileCacheLoads: WhileCacheLoads = 'wait'): Promise<Obj> {
    checkNameParameter(name);
    const rs = this.storeFor(scope.served.def);
    const key = rs.key(scope.namespace, name);
    const rv = parseResourceVersion(resourceVersion);
    if (rv === undefined || (whileCacheLoads === 'upstream' && !(await this.cacheServes(rs))) || !(await this.cacheAt(rs, rv))) {
      // No resourceVersion, or the cache is not ready or cannot tell it is fresh: the store
      // answers (at its latest revision, which must not be older than the one asked for).
      const res = await this.store.get(key);
      if (rv !== undefined && rv > res.revision) throw storeTooLargeResourceVersion(rv, res.revision);
      if (!res.kv) throw notFound(this.gr(scope.served), name);
      return this.toServed(scope.served, this.decodeKv(rs, res.kv));
    }
    const e = rs.cache.get(key);
    if (!e) throw notFound(this.gr(scope.served), name);
    return this.toServed(scope.served, rs.entryObject(e));
  }

  /** Whether the resource's cache serves; a cache that loads quickly is waited for. */
  private async cacheServes(rs: ResourceStore): Promise<boolean> {
    if (rs.cache.isReady) return true;
    await rs.cache.whenReadyOrLoading();
    return rs.cache.isReady;
  }

  /**
   * A watch from an API client on a resource whose cache is still loading gets upstream's 429
   * (before the response starts). In-process watchers wait for the cache instead.
   */
  async checkWatchable(scope: Scope): Promise<void> {
    const rs = this.storeFor(scope.served.def);
    if (!(await this.cacheServes(rs))) throw storageInitializing(rs.cache.notReadyForMs);
  }

  /**
   * Bring the cache to revision rv (the store's current one for a consistent read). False
   * when it is behind and the store cannot say whether it is current: without exact progress
   * answers (etcd before 3.4.31/3.5.13) an idle resource's cache never learns it, and the
   * caller reads from the store, as upstream's cacher delegates to etcd without the
   * RequestWatchProgress feature. Upstream's 504 when asked-for progress does not come.
   */
  private async cacheAt(rs: ResourceStore, rv: number): Promise<boolean> {
    await rs.cache.ready();
    if (rs.cache.revision >= rv) return true;
    if (!this.store.requestProgress) return false;
    this.store.requestProgress();
    if (await rs.cache.waitFresh(rv, this.freshnessTimeoutMs)) return true;
    throw tooLargeResourceVersion(rv, rs.cache.revision);
  }

  /**
   * Wait until a watch can start at rv. A cache behind rv waits for it, except where the
   * store gives no exact progress: there a revision the store has reached (a list read from
   * it, above) starts at once, and the cache passes on only what follows rv.
   */
  private async watchableFrom(rs: ResourceStore, rv: number): Promise<void> {
    await rs.cache.ready();
    if (rs.cache.revision >= rv) return;
    if (!this.store.requestProgress && rv <= (await this.store.currentRevision())) return;
    await rs.cache.waitFresh(rv, 24 * 3600_000);
  }

  /** A list at the store's latest revision (`current` when the caller just read it), which must not be older than rv. */
  private async listLatestFromStore(scope: Scope, rs: ResourceStore, keyPrefix: string, rv: number | undefined, limit: number, filter: ListParams['filter'], current?: number): Promise<ListResult> {
    current ??= await this.store.currentRevision();
    if (rv !== undefined && rv > current) throw storeTooLargeResourceVersion(rv, current);
    return this.listFromStore(scope, rs, keyPrefix, current, keyPrefix, limit, filter);
  }

  async list(scope: Scope, p: ListParams): Promise<ListResult> {
    const rs = this.storeFor(scope.served.def);
    const keyPrefix = rs.keyPrefix(scope.namespace);
    const rv = parseResourceVersion(p.resourceVersion);
    const limit = p.limit && p.limit > 0 ? p.limit : 0;
    const match = p.resourceVersionMatch ?? '';

    if (p.continue) {
      let tok;
      try {
        tok = decodeContinue(p.continue, keyPrefix);
      } catch (e) {
        if (e instanceof ContinueTokenError) throw badRequest(`invalid continue token: ${e.message}`);
        throw e;
      }
      // A negative revision (issued after a compaction) continues at the latest revision.
      const at = tok.resourceVersion > 0 ? tok.resourceVersion : await this.store.currentRevision();
      return this.listFromStore(scope, rs, keyPrefix, at, tok.key, limit, p.filter, true);
    }
    if (limit > 0 && rv !== undefined && rv > 0 && match !== 'NotOlderThan') {
      // Exact: a consistent snapshot at that revision, from the store.
      return this.listFromStore(scope, rs, keyPrefix, rv, keyPrefix, limit, p.filter);
    }
    if (match === 'Exact' && rv !== undefined && rv > 0) return this.listFromStore(scope, rs, keyPrefix, rv, keyPrefix, limit, p.filter);
    if (p.whileCacheLoads === 'upstream' && !(await this.cacheServes(rs))) {
      // Only a list that a page of the store can answer is read from it; the others get 429.
      if (limit === 0 || !p.filter.empty) throw storageInitializing(rs.cache.notReadyForMs);
      return this.listLatestFromStore(scope, rs, keyPrefix, rv, limit, p.filter);
    }
    // A consistent list (no resourceVersion) is one at the store's revision now.
    const current = rv === undefined ? await this.store.currentRevision() : undefined;
    if (!(await this.cacheAt(rs, rv ?? current!))) return this.listLatestFromStore(scope, rs, keyPrefix, rv, limit, p.filter, current);

    const cacheRev = rs.cache.revision;
    const corrupt = rs.cache.corruptKeys(keyPrefix);
    if (corrupt.length) throw this.corruptListError(scope.served, corrupt);
    const entries = rs.cache.list(keyPrefix, (e) => p.filter.matches(e) && (!scope.namespace || !rs.def.namespaced || e.namespace === scope.namespace));
    // resourceVersion=0 means "any": upstream's cache answers in full, ignoring the limit.
    if (limit === 0 || rv === 0 || entries.length <= limit) {
      return { items: entries.map((e) => this.entryBytes(scope.served, e)), resourceVersion: String(cacheRev) };
    }
    const page = entries.slice(0, limit);
    const last = page[page.length - 1]!;
    const result: ListResult = {
      items: page.map((e) => this.entryBytes(scope.served, e)),
      resourceVersion: String(cacheRev),
      continue: encodeContinue(last.key + '\u0000', keyPrefix, cacheRev),
    };
    if (p.filter.empty) result.remainingItemCount = entries.length - limit;
    return result;
  }

  private async listFromStore(
    scope: Scope,
    rs: ResourceStore,
    keyPrefix: string,
    revision: number,
    startKey: string,
    limit: number,
    filter: ListFilter,
    isContinue = false,
  ): Promise<ListResult> {
    const items: Buffer[] = [];
    let start = startKey;
    let remaining: number | undefined;
    let more = false;
    let lastKey = '';
    const indexer = this.indexerFor(rs.def);
    for (;;) {
      let res;
      try {
        res = await this.store.range(keyPrefix, { revision, startKey: start, limit: limit ? limit + 1 - items.length : 0 });
      } catch (e) {
        throw this.mapStoreReadError(e, revision, isContinue, keyPrefix, start);
      }
      let i = 0;
      for (; i < res.kvs.length; i++) {
        const kv = res.kvs[i]!;
        if (limit && items.length === limit) {
          more = true;
          break;
        }
        lastKey = kv.key;
        const obj = this.decodeKv(rs, kv);
        const idx = indexer(obj);
        if (!filter.matches(idx)) continue;
        items.push(Buffer.from(stringifyJson(this.toServed(scope.served, obj))));
      }
      if (more) {
        if (filter.empty) remaining = res.count - i;
        break;
      }
      if (!res.more || res.kvs.length === 0) break;
      start = res.kvs[res.kvs.length - 1]!.key + '\u0000';
    }
    const out: ListResult = { items, resourceVersion: String(revision) };
    if (more) {
      out.continue = encodeContinue(lastKey + '\u0000', keyPrefix, revision);
      if (remaining !== undefined) out.remainingItemCount = remaining;
    }
    return out;
  }

  private mapStoreReadError(e: unknown, revision: number, isContinue: boolean, keyPrefix: string, startKey: string): Error {
    if (e instanceof CompactedError) {
      if (isContinue) {
        // Upstream hands out a token to continue inconsistently at the latest revision.
        const err = resourceExpired(
          'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
        );
        if (startKey.length > keyPrefix.length) err.status.metadata.continue = encodeContinue(startKey, keyPrefix, -1);
        return err;
      }
      return resourceExpired('The resourceVersion for the provided list is too old.');
    }
    if (e instanceof FutureRevisionError) return tooLargeResourceVersion(revision, e.currentRevision);
    return e as Error;
  }

  /** Start a watch. Returns a stop function. Throws a 410 StatusError for too-old versions. */
  async watch(scope: Scope, p: WatchParams, sink: WatchSink): Promise<() => void> {
    const rs = this.storeFor(scope.served.def);
    const rv = parseResourceVersion(p.resourceVersion);
    const initial = rv === undefined || rv === 0 || p.sendInitialEvents === true;
    if (p.sendInitialEvents === false && (rv === undefined || rv === 0)) {
      // Start "now" with no initial state.
    }
    // Where the cache cannot tell it is current, the watch starts at its revision: a
    // consistent state, trailing the store by the cache's lag, whose changes then follow.
    if (rv === undefined) await this.cacheAt(rs, await this.store.currentRevision());
    else if (rv > 0) await this.watchableFrom(rs, rv);
    else await rs.cache.ready();
    const served = scope.served;
    const keyPrefix = rs.keyPrefix(scope.namespace);
    const sendInitial = initial && p.sendInitialEvents !== false;
    const cacheSink: CacheWatcherSink = {
      event: (type, entry, ev) => {
        let bytes: Buffer;
        if (served.def.storedAs || served.version !== served.def.versions[0]) {
          const memoKey = `${served.group}/${served.version}:${type}`;
          let b = ev.memo.get(memoKey);
          if (!b) {
            b = this.entryBytes(served, entry);
            ev.memo.set(memoKey, b);
          }
          bytes = b;
        } else {
          bytes = entry.bytes;
        }
        sink.event(type, bytes, entry.rv, ev.memo);
      },
      progress: (r) => sink.progress?.(r),
      close: (err) => sink.close(err),
      backlog: sink.backlog && (() => sink.backlog!()),
    };
    try {
      const stop = rs.cache.watch(
        { namespace: rs.def.namespaced ? scope.namespace : '', matches: (e) => p.filter.matches(e) },
        cacheSink,
        { fromRV: rv ?? 0, initial: sendInitial, keyPrefix, initialDone: p.sendInitialEvents ? (at) => sink.initialEventsEnd?.(at) : undefined },
      );
      return stop;
    } catch (e) {
      if (e instanceof TooOldResourceVersionError) throw resourceExpired(e.message);
      throw e;
    }
  }

  // ---- writes ----

  /** Fill in and validate a new object; returns the object to store (in storage form). */
  private prepareCreate(scope: Scope, obj: Obj, opts: WriteOptions): Obj {
    const def = scope.served.def;
    const meta = metaOf(obj);
    for (const f of SERVER_SET_ON_CREATE) delete meta[f];
    takeRequestNamespace(def, meta, scope);
    if (!meta.name && meta.generateName) meta.name = generateName(String(meta.generateName));
    meta.uid = newUid();
    meta.creationTimestamp = nowTimestamp();
    // Kinds that do not track generation keep the client's (validated as non-negative), as upstream.
    if (tracksGeneration(def)) meta.generation = 1;
    else if (!meta.generation) delete meta.generation;
    if (Array.isArray(meta.finalizers) && meta.finalizers.length === 0) delete meta.finalizers;
    if (def.subresources?.some((s) => s.type === 'status') && def.strategy?.keepStatusOnCreate !== true) {
      delete obj.status;
    }
    def.strategy?.prepareForCreate?.(obj, opts.user);
    const errs: FieldError[] = [...metaErrors(obj, def), ...(def.strategy?.validate?.(obj) ?? [])];
    if (errs.length) throw invalid(this.gk(scope.served), String(meta.name ?? meta.generateName ?? ''), errs);
    return obj;
  }

  async create(scope: Scope, obj: Obj, opts: WriteOptions): Promise<Obj> {
    return (await this.createEncoded(scope, obj, opts)).obj;
  }

  /**
   * create, also giving the created object's JSON (with the newline the JSON serializer
   * ends with) when the watch cache already holds it: the store publishes a commit to the
   * cache before the write resolves, and the cache's bytes are what GET, LIST and WATCH
   * answer with, so the 201 need not encode the object a third time.
   */
  async createEncoded(scope: Scope, obj: Obj, opts: WriteOptions): Promise<{ obj: Obj; json?: Buffer }> {
    const rs = this.storeFor(scope.served.def);
    obj = this.goShaped(scope.served.def, obj);
    const admission = this.admissionOf(scope, opts, String(metaOf(obj).name ?? ''));
    // Field ownership is the writer's request, before admission and the strategy change it (handlers/create.go).
    this.trackManagedFields(scope.served, undefined, obj, opts);
    await admission.mutate('CREATE', obj, undefined);
    await this.hooksFor(scope.served.def)?.checkWrite?.(obj, undefined, scope, opts);
    const generated = !metaOf(obj).name && !!metaOf(obj).generateName;
    const rvOnCreate = nonZeroResourceVersion(metaOf(obj).resourceVersion);
    const template = generated ? clone(obj) : obj;
    for (let attempt = 0; ; attempt++) {
      const candidate = generated && attempt > 0 ? clone(template) : obj;
      const prepared = this.goShaped(scope.served.def, this.prepareCreate(scope, candidate, opts));
      await admission.validate('CREATE', prepared, undefined);
      const stored = this.toStored(scope.served, prepared);
      const name = String(stored.metadata.name);
      const key = rs.key(stored.metadata.namespace ?? '', name);
      const hooks = this.hooksFor(scope.served.def);
      if (opts.dryRun) {
        const existing = await this.store.get(key);
        if (existing.kv) throw alreadyExists(this.gr(scope.served), name);
        await hooks?.beforeCreate?.(stored, true);
        return { obj: this.toServed(scope.served, this.shapedAfterHook(scope.served.def, stored)) };
      }
      // The storage layer's check (k8s.io/apiserver pkg/storage/etcd3/store.go Create), after
      // validation; not an API status, so it surfaces as a bare 500. Dry runs never reach it.
      if (rvOnCreate) throw new StatusError(500, '', 'resourceVersion should not be set on objects to be created');
      const existing = hooks?.beforeCreate ? await this.store.get(key) : undefined;
      if (existing?.kv) {
        if (!generated || attempt >= 7) throw alreadyExists(this.gr(scope.served), name);
        continue;
      }
      const undo = await hooks?.beforeCreate?.(stored, false);
      const written = hooks?.beforeCreate ? this.shapedAfterHook(scope.served.def, stored) : stored;
      const res = await this.store.create(key, rs.encode(written));
      if (res.ok) {
        written.metadata.resourceVersion = String(res.kv.modRevision);
        return { obj: this.toServed(scope.served, written), json: this.cachedJson(scope.served, rs, key, res.kv.modRevision) };
      }
      if (undo) await undo();
      // Upstream retries generated names a few times before giving up.
      if (!generated || attempt >= 7) throw alreadyExists(this.gr(scope.served), name);
    }
  }

  /** The request's admission, or for the server's own writes NamespaceLifecycle alone. */
  private admissionOf(scope: Scope, opts: WriteOptions, name: string): RequestAdmission {
    if (opts.admission) return opts.admission;
    const served = scope.served;
    return this.internalAdmission.forRequest({
      resource: { group: served.group, version: served.version, resource: served.def.plural },
      subresource: opts.requestSubresource ?? '',
      kind: { group: served.group, version: served.version, kind: served.def.kind },
      name,
      namespace: served.def.namespaced ? scope.namespace : '',
      dryRun: opts.dryRun,
      userInfo: opts.user ?? SERVER_USER,
      served,
      addAnnotation: () => undefined,
      addWarning: () => undefined,
    });
  }

  /**
   * Read-modify-write with optimistic concurrency. `mutate` receives the current
   * object (served form) or undefined and returns the desired object (served form).
   * It is retried on storage conflicts unless `conditional` pins a resourceVersion.
   */
  async guaranteedUpdate(
    scope: Scope,
    name: string,
    mutate: (current: Obj | undefined) => Promise<Obj> | Obj,
    opts: WriteOptions & { subresource?: string; allowCreate?: boolean },
  ): Promise<{ obj: Obj; created: boolean }> {
    checkNameParameter(name);
    const def = scope.served.def;
    const rs = this.storeFor(def);
    const key = rs.key(scope.namespace, name);
    for (let attempt = 0; ; attempt++) {
      const res = await this.store.get(key);
      const current = res.kv ? this.toServed(scope.served, this.decodeKv(rs, res.kv)) : undefined;
      const desired = this.goShaped(def, await mutate(current ? clone(current) : undefined));
      if (!current) {
        if (!opts.allowCreate) throw notFound(this.gr(scope.served), name);
        const dmeta = metaOf(desired);
        if (dmeta.resourceVersion) throw notFound(this.gr(scope.served), name);
        const created = await this.create(scope, desired, opts);
        return { obj: created, created: true };
      }
      const hooks = this.hooksFor(def);
      const admission = this.admissionOf(scope, opts, name);
      // As handlers/update.go: the field manager's transformer runs before mutating admission and the strategy.
      this.trackManagedFields(scope.served, current, desired, opts);
      await admission.mutate('UPDATE', desired, current);
      await hooks?.checkWrite?.(desired, current, scope, opts);
      const next = this.goShaped(def, this.prepareUpdate(scope, desired, current, opts));
      await admission.validate('UPDATE', next, current);
      if (
        current.metadata.deletionTimestamp &&
        !(next.metadata.finalizers?.length > 0) &&
        !(def.strategy?.blocksDeletion?.(next) ?? false) &&
        !(Number(next.metadata.deletionGracePeriodSeconds ?? 0) > 0)
      ) {
        // The last finalizer is gone from a terminating object: remove it.
        if (opts.dryRun) return { obj: this.ordered(def, next), created: false };
        if (await this.removeStored(def, key, res.kv!.modRevision, current)) return { obj: this.ordered(def, next), created: false };
        continue;
      }
      const storedNext = this.toStored(scope.served, clone(next));
      const storedCur = this.toStored(scope.served, clone(current));
      const nextBytes = rs.encode(storedNext);
      if (nextBytes.equals(rs.encode(storedCur))) return { obj: current, created: false };
      if (opts.dryRun) {
        await hooks?.beforeUpdate?.(next, current, true);
        return { obj: this.ordered(def, hooks?.beforeUpdate ? this.goShaped(def, next) : next), created: false };
      }
      const undo = await hooks?.beforeUpdate?.(next, current, false);
      // What a hook adds (a Service's allocations) takes its place in the struct order.
      const written = hooks?.beforeUpdate ? this.goShaped(def, next) : next;
      const finalBytes = hooks?.beforeUpdate ? rs.encode(this.toStored(scope.served, clone(written))) : nextBytes;
      const w = await this.store.update(key, finalBytes, res.kv!.modRevision);
      if (w.ok) {
        written.metadata.resourceVersion = String(w.kv.modRevision);
        await hooks?.afterUpdate?.(written, current);
        return { obj: this.ordered(def, written), created: false };
      }
      if (undo) await undo();
      if (attempt > 20) throw conflict(this.gr(scope.served), name, OPTIMISTIC_LOCK_MESSAGE);
    }
  }

  /**
   * Record the writer's field ownership in metadata.managedFields (server-side apply's
   * Update entries). An empty list keeps the existing entries; a list holding one empty
   * entry strips them all, the writer's own included (as upstream documents for
   * "Clearing managedFields").
   */
  private trackManagedFields(served: ServedResource, live: Obj | undefined, next: Obj, opts: WriteOptions & { subresource?: string }): void {
    if (opts.applied) return;
    const def = served.def;
    const meta = next.metadata;
    const requested = meta.managedFields;
    if (Array.isArray(requested) && requested.length === 0) meta.managedFields = live?.metadata?.managedFields;
    else if (isResetManagedFields(requested)) {
      delete meta.managedFields;
      return;
    } else if (requested === undefined && live) meta.managedFields = live.metadata?.managedFields;
    const sub = opts.subresource && opts.subresource !== 'finalize' ? opts.subresource : undefined;
    const hasStatus = def.subresources?.some((x) => x.type === 'status') ?? false;
    const entries = trackUpdate(live, def.strategy?.managedFieldsView?.(next) ?? next, opts.fieldManager ?? DEFAULT_FIELD_MANAGER, {
      apiVersion: apiVersionOf(served.group, served.version),
      schema: def.schema ?? customResourceOf(def)?.applyType ?? 'unstructured',
      subresource: sub,
      ignoredFields: sub === 'status' ? IGNORE_SPEC : hasStatus && !sub ? IGNORE_STATUS : IGNORE_NOTHING,
    });
    if (entries.length) meta.managedFields = entries;
    else delete meta.managedFields;
  }

  /** Apply upstream's update rules: immutable metadata, status/spec split, generation. */
  private prepareUpdate(scope: Scope, desired: Obj, current: Obj, opts: WriteOptions & { subresource?: string }): Obj {
    const subresource = opts.subresource;
    const def = scope.served.def;
    const meta = metaOf(desired);
    const cmeta = current.metadata;
    // rest.BeforeUpdate checks it as BeforeCreate does (a patch or an apply may name another namespace).
    takeRequestNamespace(def, meta, scope);
    const hasStatus = def.subresources?.some((s) => s.type === 'status') ?? false;
    let next: Obj;
    if (subresource === 'status') {
      next = clone(current);
      next.status = desired.status;
      if (desired.status === undefined) delete next.status;
      next.metadata.resourceVersion = meta.resourceVersion;
      carryManagedFields(next, meta);
    } else if (subresource === 'binding' || subresource === 'ephemeralcontainers' || subresource === 'resize') {
      // The caller built the whole object from the current one; only its slice changed.
      next = desired;
      if (subresource !== 'binding' && tracksGeneration(def) && specChanged(next, current)) {
        next.metadata.generation = (Number(cmeta.generation) || 0) + 1;
      }
    } else {
      // The main resource, or namespaces/finalize: an update of everything but status
      // (namespaceFinalizeStrategy.PrepareForUpdate keeps only the old status).
      next = desired;
      if (hasStatus) {
        if (current.status === undefined) delete next.status;
        else next.status = clone(current.status);
      }
      // Server-owned metadata carries over; a uid is kept only when the request has none
      // (rest.BeforeUpdate), so a changed one fails validation as immutable.
      if (!meta.uid) {
        if (cmeta.uid === undefined) delete meta.uid;
        else meta.uid = cmeta.uid;
      }
      for (const f of ['creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation']) {
        if (cmeta[f] === undefined) delete meta[f];
        else meta[f] = cmeta[f];
      }
      if (meta.namespace === undefined && cmeta.namespace !== undefined) meta.namespace = cmeta.namespace;
      if (Array.isArray(meta.finalizers) && meta.finalizers.length === 0) delete meta.finalizers;
      if (subresource === 'finalize') def.strategy?.prepareForFinalize?.(next, current);
      else def.strategy?.prepareForUpdate?.(next, current);
      if (tracksGeneration(def) && specChanged(next, current)) {
        meta.generation = (Number(cmeta.generation) || 0) + 1;
      }
    }
    const errs: FieldError[] = [
      ...metaUpdateErrors(next, current, def),
      ...(def.strategy?.validateUpdate?.(next, current, subresource) ?? []),
    ];
    if (errs.length) throw invalid(this.gk(scope.served), String(cmeta.name), errs);
    return next;
  }

  /** PUT: replace with optimistic concurrency. */
  async update(scope: Scope, name: string, obj: Obj, opts: WriteOptions & { subresource?: string }): Promise<{ obj: Obj; created: boolean }> {
    checkNameParameter(name);
    const def = scope.served.def;
    const meta = metaOf(obj);
    // "0" is no resourceVersion: an unconditional update where the kind allows one (store.go Update).
    const wantRV = meta.resourceVersion && String(meta.resourceVersion) !== '0' ? String(meta.resourceVersion) : '';
    if (wantRV && parseResourceVersion(wantRV) === undefined) {
      throw invalid(this.gk(scope.served), name, [{ type: 'FieldValueInvalid', field: 'metadata.resourceVersion', value: wantRV, detail: 'must be a decimal integer' }]);
    }
    const unconditional = def.strategy?.allowUnconditionalUpdate ?? true;
    return this.guaranteedUpdate(
      scope,
      name,
      (current) => {
        const uid = obj.metadata?.uid;
        if (current && uid && uid !== current.metadata.uid) {
          // A PUT body's uid is a storage precondition (rest.defaultUpdatedObjectInfo.Preconditions);
          // its failure is a StorageError that storeerr.InterpretUpdateError turns into a 409.
          const key = this.storeFor(def).key(scope.namespace, name);
          throw conflict(this.gr(scope.served), name, `StorageError: invalid object, Code: 4, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${uid}, UID in object meta: ${current.metadata.uid ?? ''}`);
        }
        if (current && wantRV && wantRV !== current.metadata.resourceVersion) {
          throw conflict(this.gr(scope.served), name, OPTIMISTIC_LOCK_MESSAGE);
        }
        if (current && !wantRV && !unconditional) {
          // store.go Update names the resource where a kind belongs (a TODO upstream keeps).
          throw invalid({ group: scope.served.group, kind: scope.served.def.plural }, name, [fieldErr.invalid('metadata.resourceVersion', 0, 'must be specified for an update')]);
        }
        const copy = clone(obj);
        if (!wantRV) delete copy.metadata.resourceVersion;
        if (current) copy.metadata.resourceVersion = current.metadata.resourceVersion;
        return copy;
      },
      { ...opts, allowCreate: opts.subresource ? false : (def.strategy?.allowCreateOnUpdate ?? false) },
    );
  }

  async delete(scope: Scope, name: string, opts: DeleteOptions): Promise<{ obj: Obj; deleted: boolean }> {
    checkNameParameter(name);
    const def = scope.served.def;
    const admission = this.admissionOf(scope, opts, name);
    await admission.mutate('DELETE', undefined, undefined);
    const undeletable = def.strategy?.undeletable?.(name);
    if (undeletable) throw forbidden(this.gr(scope.served), name, undeletable);
    const rs = this.storeFor(def);
    const key = rs.key(scope.namespace, name);
    const policy = deletionPolicy(opts);
    for (let attempt = 0; ; attempt++) {
      const res = await this.store.get(key);
      if (!res.kv) throw notFound(this.gr(scope.served), name);
      if (opts.ignoreStoreReadErrorWithClusterBreakingPotential && this.unsafeDelete) {
        let readable = true;
        try {
          rs.decode(res.kv);
        } catch (e) {
          if (!(e instanceof CorruptObjectError)) throw e;
          readable = false;
        }
        if (readable) {
          throw invalid({ group: scope.served.group, kind: scope.served.def.plural }, name, [
            fieldErr.invalid('ignoreStoreReadErrorWithClusterBreakingPotential', true, 'is exclusively used to delete corrupt object(s), try again by removing this option'),
          ]);
        }
        // Unsafe: no finalizers, no preconditions, straight out of storage.
        await this.store.delete(key);
        return { obj: { metadata: { name } }, deleted: true };
      }
      const current = this.toServed(scope.served, this.decodeKv(rs, res.kv));
      checkDeletePreconditions(scope.served, current, opts.preconditions);
      await admission.validate('DELETE', undefined, current);
      const next = clone(current);
      const meta = next.metadata;
      const grace = def.strategy?.gracePeriodSeconds?.(current, opts.gracePeriodSeconds) ?? 0;
      const finalizers = updateGcFinalizers(Array.isArray(meta.finalizers) ? [...meta.finalizers] : [], policy, def);
      const blocked = def.strategy?.blocksDeletion?.(current) ?? false;
      const terminating = !!current.metadata.deletionTimestamp;
      if (finalizers.length > 0 || blocked || grace > 0) {
        // Graceful: mark for deletion; finalizers' owners (or the grace period) finish it.
        if (finalizers.length > 0) meta.finalizers = finalizers;
        else delete meta.finalizers;
        if (!terminating) {
          meta.deletionTimestamp = nowTimestamp(new Date(Date.now() + grace * 1000));
          meta.deletionGracePeriodSeconds = grace;
          // Marked for deletion, an object with a generation gets a new one (rest.BeforeDelete, markAsDeleting).
          if (Number(meta.generation) > 0) meta.generation = Number(meta.generation) + 1;
          def.strategy?.prepareForTermination?.(next, current);
        } else if (grace < Number(meta.deletionGracePeriodSeconds ?? 0)) {
          // A shorter grace period may replace a longer one.
          meta.deletionTimestamp = nowTimestamp(new Date(Date.now() + grace * 1000));
          meta.deletionGracePeriodSeconds = grace;
        }
        if (deepEqual(next, current)) return { obj: current, deleted: false };
        if (opts.dryRun) return { obj: this.ordered(def, next), deleted: false };
        const w = await this.store.update(key, rs.encode(this.toStored(scope.served, clone(next))), res.kv.modRevision);
        if (w.ok) {
          next.metadata.resourceVersion = String(w.kv.modRevision);
          return { obj: this.ordered(def, next), deleted: false };
        }
        continue;
      }
      // Nothing to wait for (also an object already terminating whose holds are gone): remove it.
      // A kind deleted gracefully (pods) answers as marked with no grace period: rest.BeforeDelete
      // set it on the object the store then deleted at once.
      const gone = def.strategy?.gracePeriodSeconds && !terminating ? this.ordered(def, markedDeletedNow(current)) : current;
      if (opts.dryRun) return { obj: gone, deleted: true };
      if (await this.removeStored(def, key, res.kv.modRevision, current)) return { obj: gone, deleted: true };
      if (attempt > 20) throw conflict(this.gr(scope.served), name, OPTIMISTIC_LOCK_MESSAGE);
    }
  }

  /** Delete a stored object if unchanged since modRevision, then release what it held. False on a conflict. */
  private async removeStored(def: KindDef, key: string, modRevision: number, current: Obj): Promise<boolean> {
    const d = await this.store.delete(key, modRevision);
    if (d.ok) await this.hooksFor(def)?.afterDelete?.(current);
    return d.ok;
  }

  /**
   * Deletes what the list selects; returns the listed objects and the list's resourceVersion.
   * A few deletes are in flight at a time (upstream's --delete-collection-workers), and a
   * caller that does not need the listed objects (the namespace and CRD controllers) passes
   * keepItems=false: then only their names are held while deleting.
   */
  async deleteCollection(
    scope: Scope,
    p: ListParams,
    opts: DeleteOptions,
    { keepItems = true }: { keepItems?: boolean } = {},
  ): Promise<{ items: Obj[]; resourceVersion: string }> {
    // The mutating phase runs once for the collection, the validating one for each item (as upstream).
    const admission = this.admissionOf(scope, opts, '');
    await admission.mutate('DELETE', undefined, undefined);
    const itemOpts: DeleteOptions = { ...opts, admission: { mutate: async () => undefined, validate: (op, o, old) => admission.validate(op, o, old) } };
    const list = await this.list(scope, { ...p, limit: 0, continue: undefined });
    const targets = list.items.map(nameOfListed);
    // The answer is the list as it was read, before the deletes (upstream's Store.DeleteCollection
    // returns its listObj): an object a finalizer keeps shows no deletionTimestamp there, and one
    // gone meanwhile is still listed. Without keepItems nothing of it is held while deleting.
    const listed = keepItems ? list.items.slice() : [];
    list.items.length = 0;
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const { namespace, name } = targets[next++]!;
        try {
          await this.delete({ ...scope, namespace }, name, itemOpts);
        } catch (e) {
          if (e instanceof StatusError && e.code === 404) continue;
          throw e;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_COLLECTION_WORKERS, targets.length) }, worker));
    return { items: listed.map((b) => JSON.parse(b.toString('utf8')) as Obj), resourceVersion: list.resourceVersion };
  }
}

/** Deletes of one deletecollection in flight at a time. */
const DELETE_COLLECTION_WORKERS = 8;

/** The namespace and name of a listed object (its bytes are not kept). */
function nameOfListed(b: Buffer): { namespace: string; name: string } {
  const meta = (JSON.parse(b.toString('utf8')) as Obj).metadata ?? {};
  return { namespace: meta.namespace ?? '', name: meta.name };
}

/** versioner.ObjectResourceVersion(obj) != 0: a resourceVersion that parses as a non-zero uint64. */
function nonZeroResourceVersion(v: unknown): boolean {
  return typeof v === 'string' && /^\d+$/.test(v) && !/^0+$/.test(v);
}

/** Parse a resourceVersion query value: undefined for unset, a number otherwise; 400 when malformed. */
export function parseResourceVersion(v: string | undefined | null): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  // Upstream passes this storage error through unconverted: a 500 with no reason.
  if (!/^\d+$/.test(v)) throw new StatusError(500, '', `resourceVersion: Invalid value: ${JSON.stringify(v)}: strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

/** apiextensions-apiserver validates ObjectMeta generically: CRDs and custom resources skip the kube-only finalizer-name rule. */
function genericMeta(def: KindDef): boolean {
  return def.group === 'apiextensions.k8s.io' || customResourceOf(def) !== undefined;
}

function metaErrors(obj: Obj, def: KindDef): FieldError[] {
  if (!genericMeta(def)) return validateMeta(obj, def);
  return validateObjectMeta(obj.metadata as ObjectMetaLike, { namespaced: def.namespaced, nameRule: def.nameRule ?? 'DNS1123Subdomain', kubeFinalizers: false });
}

/**
 * rest.BeforeUpdate's validateCommonFields (k8s.io/apiserver pkg/registry/rest/update.go): an
 * update passes the generic ObjectMeta checks of a create too (names as path segments,
 * finalizers, namespace, labels…), then the update checks. Repeated messages fold in invalid().
 */
function metaUpdateErrors(next: Obj, current: Obj, def: KindDef): FieldError[] {
  const common = validateObjectMeta(next.metadata as ObjectMetaLike, { namespaced: def.namespaced, nameRule: 'PathSegmentName', kubeFinalizers: false });
  const update = genericMeta(def)
    ? validateObjectMetaUpdate(next.metadata as ObjectMetaLike, current.metadata as ObjectMetaLike, { kubeFinalizers: false })
    : validateMetaUpdate(next, current, def);
  return [...common, ...update];
}

/**
 * rest.BeforeDelete's early precondition check (k8s.io/apiserver pkg/registry/rest/delete.go):
 * a 409 naming the kind (not the resource) with its own wording.
 */
function checkDeletePreconditions(served: ServedResource, current: Obj, pre: DeleteOptions['preconditions']): void {
  if (!pre) return;
  const byKind = { group: served.group, resource: served.def.kind };
  const name = String(current.metadata.name);
  if (pre.uid && pre.uid !== current.metadata.uid) {
    throw conflict(byKind, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${current.metadata.uid ?? ''}). The object might have been deleted and then recreated`);
  }
  if (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion) {
    throw conflict(byKind, name, `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${current.metadata.resourceVersion ?? ''}). The object might have been modified`);
  }
}

/** The object as deleted at once after graceful marking: deletionTimestamp now, no grace period, a new generation. */
function markedDeletedNow(obj: Obj): Obj {
  const out = clone(obj);
  out.metadata.deletionTimestamp = nowTimestamp();
  out.metadata.deletionGracePeriodSeconds = 0;
  if (Number(out.metadata.generation) > 0) out.metadata.generation = Number(out.metadata.generation) + 1;
  return out;
}

/** A status update starts from the stored object but keeps the ownership computed for this write. */
function carryManagedFields(next: Obj, desiredMeta: Obj): void {
  if (desiredMeta.managedFields === undefined) delete next.metadata.managedFields;
  else next.metadata.managedFields = desiredMeta.managedFields;
}

function specChanged(next: Obj, current: Obj): boolean {
  for (const k of new Set([...Object.keys(next), ...Object.keys(current)])) {
    if (k === 'metadata' || k === 'status' || k === 'apiVersion' || k === 'kind') continue;
    if (!deepEqual(next[k], current[k])) return true;
  }
  return false;
}

export { resourceExpired };

/**
 * Upstream's answer while a resource's watch cache is not ready (cacher.go, ready.go), with its
 * retry hint growing with the downtime: e^(0.06 s⁻¹ × downtime) seconds, 1 to 30 (cacher/util.go).
 */
function storageInitializing(downtimeMs: number): StatusError {
  const retryAfter = Math.trunc(Math.min(30, Math.max(1, Math.exp((0.06 * downtimeMs) / 1000))));
  return tooManyRequests('storage is (re)initializing', retryAfter);
}

/** A read from the store asking for a revision it has not reached (etcd3 store.go validateMinimumResourceVersion: no retry hint). */
function storeTooLargeResourceVersion(requested: number, current: number): StatusError {
  return new StatusError(504, 'Timeout', `Timeout: Too large resource version: ${requested}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
  });
}

/** rest.BeforeCreate/BeforeUpdate: the request's namespace fills an empty one and must match a set one; a cluster-scoped object has none. */
function takeRequestNamespace(def: KindDef, meta: Obj, scope: Scope): void {
  if (def.namespaced) {
    if (!meta.namespace) meta.namespace = scope.namespace;
    else if (meta.namespace !== scope.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  } else if (meta.namespace) {
    delete meta.namespace;
  }
}
