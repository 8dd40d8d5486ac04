// ClusterIP and NodePort allocation for Services. Each allocated ClusterIP is an
// IPAddress object (networking.k8s.io/v1, named by the IP, as upstream's 1.33+
// allocator keeps them); each NodePort is a key created only if absent. Both make
// the store the arbiter, so several replicas never hand out the same value.

import { fieldErr, invalid, StatusError, type FieldError } from '../apimachinery/errors.js';
import type { Store } from '../storage/store.js';
import type { Obj } from '../types/kind.js';

export interface PortRange {
  base: number;
  size: number;
}

/** An IPv4 CIDR as [first, last] usable addresses (network and broadcast excluded). */
export function ipv4Range(cidr: string): { first: number; last: number; prefix: string } {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(cidr.trim());
  if (!m) throw new Error(`invalid CIDR "${cidr}" (only IPv4 service ranges are supported)`);
  const bits = Number(m[5]);
  const ip = ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const net = (ip & mask) >>> 0;
  const bcast = (net | (~mask >>> 0)) >>> 0;
  return { first: net + 1, last: bits >= 31 ? bcast : bcast - 1, prefix: cidr };
}

export function ipToString(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function ipToNumber(s: string): number | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (!m || m.slice(1).some((x) => Number(x) > 255)) return undefined;
  return ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
}

/** Creates and deletes IPAddress objects; provided by the registry so the objects are real API objects. */
export interface IpAddressBook {
  /** Create the IPAddress for ip owned by the service; false when it exists already. */
  claim(ip: string, service: { namespace: string; name: string }): Promise<boolean>;
  release(ip: string): Promise<void>;
}

const needsNodePorts = (type: string | undefined) => type === 'NodePort' || type === 'LoadBalancer';
const needsClusterIp = (type: string | undefined) => type !== 'ExternalName';

export class ServiceAllocator {
  private readonly range: { first: number; last: number; prefix: string };

  constructor(
    private readonly store: Store,
    private readonly ips: IpAddressBook,
    serviceCidr: string,
    private readonly nodePorts: PortRange,
    private readonly registryPrefix = '/registry',
  ) {
    this.range = ipv4Range(serviceCidr);
  }

  private portKey(port: number, protocol: string): string {
    return `${this.registryPrefix}/skiff/nodeports/${protocol}/${port}`;
  }

  /**
   * Allocate what a new or changed Service needs (mutating obj); returns a function
   * that releases what this call took (for failed writes). With dryRun nothing is kept.
   */
  async allocate(obj: Obj, old: Obj | undefined, dryRun: boolean): Promise<() => Promise<void>> {
    const spec = (obj.spec ??= {});
    const type: string = spec.type ?? 'ClusterIP';
    const taken: (() => Promise<void>)[] = [];
    const rollback = async () => {
      for (const r of taken.reverse()) await r().catch(() => undefined);
    };
    const svc = { namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '' };
    try {
      // ClusterIP.
      const oldIp: string | undefined = old?.spec?.clusterIP;
      if (!needsClusterIp(type)) {
        delete spec.clusterIP;
        delete spec.clusterIPs;
      } else if (oldIp && oldIp !== 'None' && needsClusterIp(old?.spec?.type ?? 'ClusterIP')) {
        // Kept across updates; immutability is validated elsewhere.
        spec.clusterIP ??= oldIp;
        spec.clusterIPs ??= [oldIp];
      } else if (spec.clusterIP === 'None' || (Array.isArray(spec.clusterIPs) && spec.clusterIPs[0] === 'None')) {
        spec.clusterIP = 'None';
        spec.clusterIPs = ['None'];
      } else {
        const wanted: string | undefined = spec.clusterIP || (Array.isArray(spec.clusterIPs) ? spec.clusterIPs[0] : undefined) || undefined;
        const ip = wanted ? await this.claimSpecific(wanted, svc, dryRun, taken) : await this.claimAny(svc, dryRun, taken);
        spec.clusterIP = ip;
        spec.clusterIPs = [ip];
      }
      if (needsClusterIp(type)) setIpFamilies(spec);
      // NodePorts.
      const ports: Obj[] = Array.isArray(spec.ports) ? spec.ports : [];
      const oldPorts = new Set<string>();
      if (needsNodePorts(old?.spec?.type)) for (const p of old?.spec?.ports ?? []) if (p.nodePort) oldPorts.add(`${p.protocol ?? 'TCP'}/${p.nodePort}`);
      if (needsNodePorts(type)) {
        for (let i = 0; i < ports.length; i++) {
          const p = ports[i]!;
          const protocol = p.protocol ?? 'TCP';
          if (p.nodePort) {
            if (oldPorts.has(`${protocol}/${p.nodePort}`)) continue;
            await this.claimPort(Number(p.nodePort), protocol, `spec.ports[${i}].nodePort`, dryRun, taken);
          } else {
            p.nodePort = await this.claimAnyPort(protocol, dryRun, taken);
          }
        }
      } else {
        for (const p of ports) delete p.nodePort;
      }
      return rollback;
    } catch (e) {
      await rollback();
      throw e;
    }
  }

  /** Release what a Service no longer holds (after delete, or after an update dropped it). */
  async release(obj: Obj, kept?: Obj): Promise<void> {
    const ip: string | undefined = obj.spec?.clusterIP;
    const keptIp: string | undefined = kept?.spec?.clusterIP;
    if (ip && ip !== 'None' && ip !== keptIp) await this.ips.release(ip).catch(() => undefined);
    const keptPorts = new Set<string>();
    if (kept && needsNodePorts(kept.spec?.type)) for (const p of kept.spec?.ports ?? []) if (p.nodePort) keptPorts.add(`${p.protocol ?? 'TCP'}/${p.nodePort}`);
    if (needsNodePorts(obj.spec?.type)) {
      for (const p of obj.spec?.ports ?? []) {
        const protocol = p.protocol ?? 'TCP';
        if (p.nodePort && !keptPorts.has(`${protocol}/${p.nodePort}`)) await this.store.delete(this.portKey(Number(p.nodePort), protocol)).catch(() => undefined);
      }
    }
  }

  private async claimSpecific(ip: string, svc: { namespace: string; name: string }, dryRun: boolean, taken: (() => Promise<void>)[]): Promise<string> {
    const n = ipToNumber(ip);
    const errs: FieldError[] = [];
    if (n === undefined) errs.push(fieldErr.invalid('spec.clusterIPs[0]', ip, 'must be a valid IP address'));
    else if (n < this.range.first || n > this.range.last) {
      errs.push(fieldErr.invalid('spec.clusterIPs', [ip], `failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.range.prefix}`));
    }
    if (errs.length) throw invalid({ group: '', kind: 'Service' }, svc.name, errs);
    if (dryRun) return ip;
    if (!(await this.ips.claim(ip, svc))) {
      throw invalid({ group: '', kind: 'Service' }, svc.name, [fieldErr.invalid('spec.clusterIPs', [ip], `failed to allocate IP ${ip}: provided IP is already allocated`)]);
    }
    taken.push(() => this.ips.release(ip));
    return ip;
  }

  private async claimAny(svc: { namespace: string; name: string }, dryRun: boolean, taken: (() => Promise<void>)[]): Promise<string> {
    const size = this.range.last - this.range.first + 1;
    const start = Math.floor(Math.random() * size);
    for (let i = 0; i < size; i++) {
      const ip = ipToString(this.range.first + ((start + i) % size));
      if (dryRun) return ip;
      if (await this.ips.claim(ip, svc)) {
        taken.push(() => this.ips.release(ip));
        return ip;
      }
    }
    throw new StatusError(500, 'InternalError', `Internal error occurred: failed to allocate a serviceIP: range is full`, { causes: [{ message: 'failed to allocate a serviceIP: range is full' }] });
  }

  private async claimPort(port: number, protocol: string, field: string, dryRun: boolean, taken: (() => Promise<void>)[]): Promise<void> {
    const { base, size } = this.nodePorts;
    if (port < base || port >= base + size) {
      throw invalid({ group: '', kind: 'Service' }, '', [fieldErr.invalid(field, port, `provided port is not in the valid range. The range of valid ports is ${base}-${base + size - 1}`)]);
    }
    if (dryRun) return;
    const res = await this.store.create(this.portKey(port, protocol), Buffer.from('1'));
    if (!res.ok) throw invalid({ group: '', kind: 'Service' }, '', [fieldErr.invalid(field, port, 'provided port is already allocated')]);
    taken.push(async () => void (await this.store.delete(this.portKey(port, protocol))));
  }

  private async claimAnyPort(protocol: string, dryRun: boolean, taken: (() => Promise<void>)[]): Promise<number> {
    const { base, size } = this.nodePorts;
    const start = Math.floor(Math.random() * size);
    for (let i = 0; i < size; i++) {
      const port = base + ((start + i) % size);
      if (dryRun) return port;
      const res = await this.store.create(this.portKey(port, protocol), Buffer.from('1'));
      if (res.ok) {
        taken.push(async () => void (await this.store.delete(this.portKey(port, protocol))));
        return port;
      }
    }
    throw new StatusError(500, 'InternalError', 'Internal error occurred: failed to allocate a nodePort: range is full');
  }
}

/**
 * initIPFamilyFields (pkg/registry/core/service/storage/alloc.go) on a single-stack IPv4
 * cluster: a headless Service without a selector requires dual stack and lists both families
 * (it gets no IPs, so the cluster's families do not limit it); every other one is SingleStack IPv4.
 */
function setIpFamilies(spec: Record<string, any>): void {
  const selectorless = spec.clusterIP === 'None' && !(spec.selector && Object.keys(spec.selector).length > 0);
  spec.ipFamilyPolicy ??= selectorless ? 'RequireDualStack' : 'SingleStack';
  if (Array.isArray(spec.ipFamilies) && spec.ipFamilies.length > 0) {
    if (selectorless && spec.ipFamilyPolicy !== 'SingleStack' && spec.ipFamilies.length === 1) spec.ipFamilies = [spec.ipFamilies[0], spec.ipFamilies[0] === 'IPv6' ? 'IPv4' : 'IPv6'];
    return;
  }
  spec.ipFamilies = selectorless && spec.ipFamilyPolicy !== 'SingleStack' ? ['IPv4', 'IPv6'] : ['IPv4'];
}
