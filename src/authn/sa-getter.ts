// The objects service-account tokens are bound to, read from the registry (its
// watch caches), as upstream's registry-backed serviceaccount token getter does.

import type { Registry } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { ServiceAccountTokenGetter } from './serviceaccount.js';

export function registryTokenGetter(registry: Registry): ServiceAccountTokenGetter {
  const get = (plural: string, namespace: string, name: string): Promise<Obj> => {
    const served = registry.catalog.lookup('', 'v1', plural);
    if (!served) return Promise.reject(new Error(`${plural} are not served`));
    return registry.get({ served, namespace }, name);
  };
  return {
    getServiceAccount: (ns, name) => get('serviceaccounts', ns, name),
    getPod: (ns, name) => get('pods', ns, name),
    getSecret: (ns, name) => get('secrets', ns, name),
    getNode: (name) => get('nodes', '', name),
  };
}
