// The objects of one stored resource: key layout, encoding to stored bytes, and
// the watch cache over them. Every served kind that stores objects goes through one.

import { stringifyJson } from '../encoding/json-depth.js';
import { compareKeys, WatchCache, type Entry, type Indexer, type Obj } from '../storage/watchcache/cache.js';
import type { KeyValue, Store } from '../storage/store.js';
import type { KindDef } from '../types/kind.js';
import { fieldsOf } from '../types/schema.js';
import { canonicalObject, sortedJson, withOrderedObjectMeta } from '../apimachinery/objectmeta.js';

/** A stored value that can't be decoded into an object. */
export class CorruptObjectError extends Error {
  constructor(readonly key: string, readonly reason: string) {
    super(`corrupt object ${key}: ${reason}`);
  }
}

const fieldOrders = new WeakMap<object, string[]>();

/** A built-in kind's top-level fields in its struct's order (undefined for a custom resource), computed once per schema. */
export function fieldOrderOf(def: KindDef): string[] | undefined {
  const schema = def.schema;
  if (!schema) return undefined;
  let order = fieldOrders.get(schema);
  if (!order) fieldOrders.set(schema, (order = Object.keys(fieldsOf(schema))));
  return order;
}

export class ResourceStore {
  readonly cache: WatchCache;
  readonly prefix: string;

  constructor(
    readonly store: Store,
    /** The kind whose objects these are (the storage owner). */
    readonly def: KindDef,
    registryPrefix: string,
    indexer: Indexer,
  ) {
    this.prefix = `${registryPrefix}/${def.plural}/`;
    this.cache = new WatchCache(store, this.prefix, indexer, { order: (obj) => this.order(obj) });
  }

  key(namespace: string, name: string): string {
    return this.def.namespaced ? `${this.prefix}${namespace}/${name}` : `${this.prefix}${name}`;
  }

  /** Key prefix for the objects of one namespace, or of all. */
  keyPrefix(namespace: string): string {
    return this.def.namespaced && namespace ? `${this.prefix}${namespace}/` : this.prefix;
  }

  /** Stored bytes: the object without its resourceVersion (the store's revision is the truth). */
  encode(obj: Obj): Buffer {
    const c = canonicalObject(obj, this.fieldOrder);
    if (c.metadata?.resourceVersion !== undefined) {
      c.metadata = { ...c.metadata };
      delete c.metadata.resourceVersion;
    }
    return Buffer.from(stringifyJson(c));
  }

  private get fieldOrder(): string[] | undefined {
    return fieldOrderOf(this.def);
  }

  decode(kv: KeyValue): Obj {
    let obj: Obj;
    try {
      obj = JSON.parse(kv.value.toString('utf8')) as Obj;
      if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('the stored value is not an object');
    } catch (e) {
      throw new CorruptObjectError(kv.key, (e as Error).message);
    }
    obj.metadata ??= {};
    obj.metadata.resourceVersion = String(kv.modRevision);
    return this.order(obj);
  }

  /**
   * A stored object, its resourceVersion just set, in the order it is served in: ObjectMeta's
   * fields in their struct order for a built-in kind; a custom resource sorted through and
   * through (also what an older skiff stored as it came).
   */
  private order(obj: Obj): Obj {
    return this.def.schema ? withOrderedObjectMeta(obj) : sortedJson(obj);
  }

  entryObject(e: Entry): Obj {
    return JSON.parse(e.bytes.toString('utf8')) as Obj;
  }

  /** The name a key stands for, relative to the resource prefix (used by continue tokens). */
  relativeKey(key: string): string {
    return key.slice(this.prefix.length);
  }
}

export { compareKeys };
