// The objects of one resource in a namespace, read from the registry's watch cache (the
// informer listers quota admission, LimitRanger and the quota controller read upstream).

import type { Registry } from '../registry/registry.js';
import type { KindDef, Obj } from '../types/kind.js';

export function cachedObjects(registry: Registry, def: KindDef, namespace: string): Obj[] {
  const rs = registry.storeFor(def);
  return rs.cache.list(rs.keyPrefix(namespace), () => true).map((e) => rs.entryObject(e));
}

/** The kind stored for a group's resource, if the catalog serves it. */
export function kindFor(registry: Registry, group: string, resource: string): KindDef | undefined {
  return registry.catalog.kinds.find((k) => k.group === group && k.plural === resource && !k.storedAs);
}
