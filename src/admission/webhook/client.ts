// Calling an admission webhook: its clientConfig (url, or a Service reference resolved through
// the Service's cluster IP as kube-apiserver's cluster-IP service resolver does, with TLS
// server name `<service>.<namespace>.svc`), its caBundle (the system roots when empty), the
// credentials of the plugin's kubeConfigFile for that host, and
// one POST bounded by timeoutSeconds. Upstream: k8s.io/apiserver pkg/util/webhook/client.go,
// k8s.io/kube-aggregator pkg/apiserver/resolvers.go (ResolveCluster).

import { goQuote } from '../../apimachinery/goformat.js';
import type { Registry } from '../../registry/registry.js';
import { postJson, type WebhookTarget } from '../../util/webhook-client.js';
import type { UserCredentials } from '../../util/webhook-kubeconfig.js';
import type { WebhookCredentials } from './credentials.js';

export interface ServiceReference {
  namespace?: string;
  name?: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** base64 PEM bundle, as the API's []byte field. */
  caBundle?: string;
}

/**
 * Where to POST (throws the reason, which upstream reports as a failed call; a Service that
 * can't be resolved fails as the dial of `Post "https://<service>.<namespace>.svc:<port>..."`).
 */
export async function resolveTarget(cc: WebhookClientConfig, registry: Registry, credentials: WebhookCredentials, timeoutSeconds: number): Promise<WebhookTarget> {
  const ca = cc.caBundle ? Buffer.from(cc.caBundle, 'base64') : undefined;
  if (cc.service) {
    const svc = cc.service;
    const port = svc.port || 443;
    const serverName = `${svc.name}.${svc.namespace}.svc`;
    const url = new URL(`https://${serverName}:${port}`);
    url.pathname = svc.path ?? '';
    try {
      const connectHost = await resolveServiceHost(registry, svc.namespace ?? '', svc.name ?? '', port);
      return { url, ca, servername: serverName, connectHost, ...userOf(credentials.forTarget(`${serverName}:${port}`)) };
    } catch (e) {
      throw new Error(`Post ${goQuote(goHref(withTimeout(url, timeoutSeconds), true))}: ${(e as Error).message}`);
    }
  }
  if (!cc.url) throw new Error('webhook configuration must have either service or URL');
  let url: URL;
  try {
    url = new URL(cc.url);
  } catch (e) {
    throw new Error(`Unparsable URL: ${(e as Error).message}`);
  }
  const hostPort = url.port ? url.host : `${url.host}:443`;
  return { url, ca, ...userOf(credentials.forTarget(hostPort)) };
}

function userOf(u: UserCredentials): Pick<WebhookTarget, 'cert' | 'key' | 'token'> {
  return { cert: u.certPem ? Buffer.from(u.certPem) : undefined, key: u.keyPem ? Buffer.from(u.keyPem) : undefined, token: u.token };
}

/** ResolveCluster: the Service's cluster IP and port (ExternalName: its name). */
async function resolveServiceHost(registry: Registry, namespace: string, name: string, port: number): Promise<string> {
  if (!namespace || !name) throw new Error('cannot resolve an empty service name or namespace or port');
  const served = registry.catalog.lookup('', 'v1', 'services');
  const svc = served ? await registry.get({ served, namespace }, name).catch(() => undefined) : undefined;
  if (!svc) throw new Error(`service ${goQuote(name)} not found`);
  const spec = (svc.spec ?? {}) as Record<string, any>;
  const type = spec.type ?? 'ClusterIP';
  if (type === 'ClusterIP' && spec.clusterIP === 'None') throw new Error('cannot route to service with ClusterIP "None"');
  if (type === 'ExternalName') return String(spec.externalName ?? '');
  if (type !== 'ClusterIP' && type !== 'LoadBalancer' && type !== 'NodePort') throw new Error(`unsupported service type ${goQuote(String(type))}`);
  const ports = Array.isArray(spec.ports) ? spec.ports : [];
  if (!ports.some((p: any) => p?.port === port)) throw new Error(`no service port ${port} found for service ${goQuote(name)}`);
  return String(spec.clusterIP ?? '');
}

/**
 * POST the review with client-go's `?timeout=` and return the decoded answer. Throws errors
 * worded as Go's HTTP client and client-go word them (`Post "<url>": context deadline exceeded`).
 */
export async function postReview(target: WebhookTarget, review: unknown, timeoutSeconds: number): Promise<unknown> {
  const url = withTimeout(target.url, timeoutSeconds);
  const t: WebhookTarget = { ...target, url };
  let res;
  try {
    res = await postJson(t, review, timeoutSeconds * 1000);
  } catch (e) {
    const msg = (e as Error).message;
    const cause = msg.endsWith(': context deadline exceeded') ? 'context deadline exceeded' : transportMessage(e as NodeJS.ErrnoException, url);
    throw new Error(`Post ${goQuote(goHref(url, !!target.servername))}: ${cause}`);
  }
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status > 299) throw new Error(responseError(res.status, text));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`couldn't get version/kind; json parse error: ${(e as Error).message}`);
  }
}

/** The URL as Go prints it: a Service's URL always names its port, 443 included. */
function goHref(url: URL, explicitPort: boolean): string {
  if (!explicitPort || url.port) return url.href;
  return `${url.protocol}//${url.hostname}:443${url.pathname}${url.search}`;
}

/** client-go's Request.Timeout adds the deadline to the query. */
function withTimeout(u: URL, timeoutSeconds: number): URL {
  const url = new URL(u.href);
  url.searchParams.set('timeout', `${timeoutSeconds}s`);
  return url;
}

function transportMessage(e: NodeJS.ErrnoException, url: URL): string {
  const addr = `${url.hostname}:${url.port || 443}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${addr}: connect: connection refused`;
    case 'ENOTFOUND':
      return `dial tcp: lookup ${url.hostname}: no such host`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `dial tcp ${addr}: connect: no route to host`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `tls: failed to verify certificate: x509: certificate is valid for other names, not ${url.hostname}`;
    case 'ECONNRESET':
      return 'EOF';
    default:
      return e.message;
  }
}

/** client-go's error for a non-2xx answer: the Status it carries, or the generic text for the code. */
function responseError(code: number, body: string): string {
  try {
    const s = JSON.parse(body);
    if (s && s.kind === 'Status' && typeof s.message === 'string') return s.message;
  } catch {
    // not a Status
  }
  const trimmed = body.trim();
  switch (code) {
    case 400:
      return 'the server rejected our request for an unknown reason';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'the server could not find the requested resource';
    case 500:
      return `an error on the server (${goQuote(trimmed || 'unknown')}) has prevented the request from succeeding`;
    case 503:
      return `the server is currently unable to handle the request`;
    default:
      return `the server responded with the status code ${code} but did not return more information`;
  }
}
