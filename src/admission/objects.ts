// Reads of stored objects for admission plugins, as upstream's plugins read through informer
// listers: the watch cache first, a live read when the cache misses an object by name.

import type { Registry } from '../registry/registry.js';
import type { ResourceStore } from '../registry/resource-store.js';
import type { Obj } from '../types/kind.js';
import type { Entry } from '../storage/watchcache/cache.js';

/** Cached states are immutable: each decodes once, for every reader. */
const decodedEntries = new WeakMap<Entry, Obj>();

export class ObjectReader {
  constructor(private readonly registry: Registry) {}

  private store(group: string, plural: string): ResourceStore | undefined {
    const def = this.registry.catalog.storingKind(group, plural);
    return def ? this.registry.storeFor(def) : undefined;
  }

  /** One object by name: the cache, then the store. */
  async get(group: string, plural: string, namespace: string, name: string): Promise<Obj | undefined> {
    return this.cached(group, plural, namespace, name) ?? this.live(group, plural, namespace, name);
  }

  /** One object by name from the store, skipping the cache (upstream's client GET after a lister miss). */
  async live(group: string, plural: string, namespace: string, name: string): Promise<Obj | undefined> {
    const rs = this.store(group, plural);
    if (!rs) return undefined;
    const res = await this.registry.store.get(rs.key(namespace, name));
    return res.kv ? rs.decode(res.kv) : undefined;
  }

  /** One object from the cache only (for synchronous decisions). */
  cached(group: string, plural: string, namespace: string, name: string): Obj | undefined {
    const rs = this.store(group, plural);
    const e = rs?.cache.get(rs.key(namespace, name));
    return e && rs ? rs.entryObject(e) : undefined;
  }

  /**
   * One object from the cache only, decoded once per cached state and shared: the caller
   * must not change it. For checks that run on every request (a namespace's phase).
   */
  peek(group: string, plural: string, namespace: string, name: string): Obj | undefined {
    const rs = this.store(group, plural);
    const e = rs?.cache.get(rs.key(namespace, name));
    if (!e || !rs) return undefined;
    let obj = decodedEntries.get(e);
    if (!obj) decodedEntries.set(e, (obj = rs.entryObject(e)));
    return obj;
  }

  /** Every object of a resource (in a namespace when given), once the cache is filled. */
  async list(group: string, plural: string, namespace = ''): Promise<Obj[]> {
    const rs = this.store(group, plural);
    if (!rs) return [];
    await rs.cache.ready();
    return rs.cache.list(rs.keyPrefix(namespace), () => true).map((e) => rs.entryObject(e));
  }

  /** Wait until the resources' caches are filled (upstream's plugins wait for their informers). */
  async ready(...resources: [group: string, plural: string][]): Promise<void> {
    await Promise.all(resources.map(([g, p]) => this.store(g, p)?.cache.ready()));
  }
}
