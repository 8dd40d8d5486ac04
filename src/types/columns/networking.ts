// networking.k8s.io printers: Ingress, IngressClass, NetworkPolicy, ServiceCIDR, IPAddress.

import type { Obj, TableColumn } from '../kind.js';
import { loadBalancerIngress } from './core.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, formatLabelSelector, str } from './format.js';

/** formatHosts: up to three hosts, then " + N more..." counting every rule; "*" when none. */
function ingressHosts(ing: Obj): string {
  const rules = arr(ing.spec?.rules);
  const list: string[] = [];
  const max = 3;
  let more = false;
  for (const rule of rules) {
    if (list.length === max) more = true;
    if (!more && str(rule?.host).length !== 0) list.push(str(rule.host));
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${rules.length - max} more...` : ret;
}

export const ingressColumns: TableColumn[] = [
  col('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration', (o) =>
    typeof o.spec?.ingressClassName === 'string' ? o.spec.ingressClassName : '<none>',
  ),
  col('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule', ingressHosts),
  col('Address', 'string', 'Address is a list containing ingress points for the load-balancer', (o) => loadBalancerIngress(o.status?.loadBalancer)),
  col('Ports', 'string', 'Ports of TLS configurations that open', (o) => (arr(o.spec?.tls).length !== 0 ? '80, 443' : '80')),
  ageColumn(),
];

export const ingressClassColumns: TableColumn[] = [
  col('Controller', 'string', 'Controller that is responsible for handling this class', (o) => str(o.spec?.controller)),
  col('Parameters', 'string', 'A reference to a resource with additional parameters', (o) => {
    const p = o.spec?.parameters;
    if (!p || typeof p !== 'object') return '<none>';
    let s = str(p.kind);
    if (typeof p.apiGroup === 'string') s += `.${p.apiGroup}`;
    return `${s}/${str(p.name)}`;
  }),
  ageColumn(),
];

export const networkPolicyColumns: TableColumn[] = [
  // podSelector is a struct, not a pointer: absent reads as the empty selector.
  col('Pod-Selector', 'string', DOCS['extv1beta1.NetworkPolicySpec.podSelector'], (o) => formatLabelSelector(o.spec?.podSelector ?? {})),
  ageColumn(),
];

export const serviceCIDRColumns: TableColumn[] = [
  col('CIDRs', 'string', DOCS['v1beta1.ServiceCIDRSpec.cidrs'], (o) => arr(o.spec?.cidrs).map(str).join(',')),
  ageColumn(),
];

/**
 * Upstream declares only Name and ParentRef for IPAddress (its printer also emits an age
 * cell that no column describes; kubectl drops it).
 */
export const ipAddressColumns: TableColumn[] = [
  col('ParentRef', 'string', DOCS['v1beta1.IPAddressSpec.parentRef'], (o) => {
    const ref = o.spec?.parentRef;
    if (!ref || typeof ref !== 'object') return '<none>';
    const group = str(ref.group);
    const resource = str(ref.resource);
    let s = (group === '' ? resource : `${resource}.${group}`).toLowerCase();
    if (str(ref.namespace) !== '') s += `/${str(ref.namespace)}`;
    return `${s}/${str(ref.name)}`;
  }),
];
