// The connect subresources (pods' exec, attach, portforward, log and proxy; services' and nodes'
// proxy): skiff runs no kubelet and proxies nowhere, so each answers what kube-apiserver answers
// up to the point where it would dial: the object's lookup, its checks, then a 503.
import { badRequest, notFound, serviceUnavailable, StatusError } from '../apimachinery/errors.js';
import { goQuote } from '../apimachinery/goformat.js';
import { goParseInt64Exact } from '../apimachinery/listoptions.js';
import type { Registry, Scope } from '../registry/registry.js';

const VALID_SCHEMES = new Set(['', 'http', 'https']);

/** utilnet.SplitSchemeNamePort: `[scheme:]name[:port]`, undefined when not valid. */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | undefined {
  const parts = id.split(':');
  let scheme = '';
  let name = '';
  let port = '';
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) [name, port] = parts as [string, string];
  else if (parts.length === 3) [scheme, name, port] = parts as [string, string, string];
  else return undefined;
  return name && VALID_SCHEMES.has(scheme) ? { scheme, name, port } : undefined;
}

export async function connect(registry: Registry, scope: Scope, id: string, sub: string): Promise<never> {
  const resource = scope.served.def.plural;
  // A proxy's name may carry a scheme and a port (each REST's ResourceLocation).
  let name = id;
  let port = '';
  if (sub === 'proxy') {
    const parsed = splitSchemeNamePort(id);
    if (!parsed) throw badRequest(`invalid ${resource === 'pods' ? 'pod' : resource === 'services' ? 'service' : 'node'} request ${goQuote(id)}`);
    ({ name, port } = parsed);
  }
  if (resource === 'services') return serviceProxy(registry, scope, name, port);
  const obj = await registry.get(scope, name);
  if (resource === 'pods') {
    if (!obj.spec?.nodeName) throw badRequest(`pod ${name} does not have a host assigned`);
    throw serviceUnavailable(`no kubelet is reachable for node ${goQuote(obj.spec.nodeName)}: skiff does not run nodes`);
  }
  throw serviceUnavailable(`no kubelet is reachable for node ${goQuote(name)}: skiff does not run nodes`);
}

/** The service REST's ResourceLocation (pkg/registry/core/service/storage): a numbered port names the service's port, then its Endpoints. */
async function serviceProxy(registry: Registry, scope: Scope, name: string, port: string): Promise<never> {
  let portNumber: bigint | undefined;
  try {
    portNumber = goParseInt64Exact(port);
  } catch {
    // Not a number: a port name, looked up in the Endpoints.
  }
  if (portNumber !== undefined) {
    const svc = await registry.get(scope, name);
    if (!(svc.spec?.ports ?? []).some((p: { port?: number }) => BigInt(Number(p.port ?? 0)) === portNumber)) {
      throw serviceUnavailable(`no service port ${portNumber} found for service ${goQuote(name)}`);
    }
  }
  const endpoints = registry.catalog.lookup('', 'v1', 'endpoints')!;
  // A missing Endpoints object is reported under the service's name and resource, as upstream's is.
  const eps = await registry.get({ served: endpoints, namespace: scope.namespace }, name).catch((e) => {
    if (e instanceof StatusError && e.code === 404) throw notFound({ group: '', resource: 'services' }, name);
    throw e;
  });
  if (!(eps.subsets?.length > 0)) throw serviceUnavailable(`no endpoints available for service ${goQuote(name)}`);
  throw serviceUnavailable(`skiff does not proxy to the endpoints of service ${goQuote(name)}`);
}
