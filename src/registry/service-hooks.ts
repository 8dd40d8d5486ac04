// Wires Service allocation into the registry: ClusterIPs as IPAddress objects,
// NodePorts as reserved keys, released when a Service gives them up.

import { StatusError } from '../apimachinery/errors.js';
import type { Registry } from './registry.js';
import { ServiceAllocator, type IpAddressBook, type PortRange } from './service-allocator.js';

export function installServiceAllocation(registry: Registry, serviceCidr: string, nodePorts: PortRange): ServiceAllocator {
  const ipServed = registry.catalog.lookup('networking.k8s.io', 'v1', 'ipaddresses');
  if (!ipServed) throw new Error('networking.k8s.io/v1 ipaddresses must be served for ClusterIP allocation');
  const scope = { served: ipServed, namespace: '' };
  const book: IpAddressBook = {
    async claim(ip, svc) {
      try {
        await registry.create(
          scope,
          {
            apiVersion: 'networking.k8s.io/v1',
            kind: 'IPAddress',
            metadata: { name: ip, labels: { 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } },
            spec: { parentRef: { group: '', resource: 'services', namespace: svc.namespace, name: svc.name } },
          },
          { dryRun: false },
        );
        return true;
      } catch (e) {
        if (e instanceof StatusError && e.reason === 'AlreadyExists') return false;
        throw e;
      }
    },
    async release(ip) {
      try {
        await registry.delete(scope, ip, { dryRun: false });
      } catch (e) {
        if (!(e instanceof StatusError && e.code === 404)) throw e;
      }
    },
  };
  const allocator = new ServiceAllocator(registry.store, book, serviceCidr, nodePorts, registry.registryPrefix);
  registry.setHooks('', 'services', {
    beforeCreate: (obj, dryRun) => allocator.allocate(obj, undefined, dryRun),
    beforeUpdate: (obj, old, dryRun) => allocator.allocate(obj, old, dryRun),
    afterUpdate: (obj, old) => allocator.release(old, obj),
    afterDelete: (obj) => allocator.release(obj),
  });
  return allocator;
}
