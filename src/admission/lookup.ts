// How admission plugins read an object they do not admit (a namespace, a service account):
// the watch cache first, a live read only when it misses, as upstream's lister then client.

import type { Registry } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';

export async function lookupObject(registry: Registry, group: string, version: string, plural: string, namespace: string, name: string): Promise<Obj | undefined> {
  const served = registry.catalog.lookup(group, version, plural);
  if (!served) return undefined;
  const rs = registry.storeFor(served.def);
  const key = rs.key(namespace, name);
  const cached = rs.cache.get(key);
  if (cached) return rs.entryObject(cached);
  return liveObject(registry, group, version, plural, namespace, name);
}

/** A read that skips the cache (upstream's client GET after a lister miss). */
export async function liveObject(registry: Registry, group: string, version: string, plural: string, namespace: string, name: string): Promise<Obj | undefined> {
  const served = registry.catalog.lookup(group, version, plural);
  if (!served) return undefined;
  const rs = registry.storeFor(served.def);
  const res = await registry.store.get(rs.key(namespace, name));
  return res.kv ? rs.decode(res.kv) : undefined;
}
