// A client for webhooks the server calls (authorization, later token review and
// admission): the target read from a kubeconfig file (first or current context) or from
// the in-cluster service-account environment, and one JSON POST over HTTPS with a timeout.

import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { loadWebhookKubeconfig } from './webhook-kubeconfig.js';

export interface WebhookTarget {
  url: URL;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  token?: string;
  insecureSkipTLSVerify?: boolean;
  /** Connect to this address instead of the URL's host (a Service's cluster IP); the URL's host stays the Host header. */
  connectHost?: string;
  /** The TLS server name to verify, when not the URL's host (`<service>.<namespace>.svc`). */
  servername?: string;
}

/** The cluster and user of a kubeconfig's current context (or its only cluster and user). */
export function loadKubeconfigTarget(path: string): WebhookTarget {
  const conn = loadWebhookKubeconfig(path);
  let url: URL;
  try {
    url = new URL(conn.server);
  } catch {
    throw new Error(`invalid configuration: server URL ${JSON.stringify(conn.server)} in ${path} is not a URL`);
  }
  const bytes = (pem: string | undefined) => (pem === undefined ? undefined : Buffer.from(pem));
  return { url, ca: bytes(conn.caPem), cert: bytes(conn.certPem), key: bytes(conn.keyPem), token: conn.token, insecureSkipTLSVerify: conn.insecureSkipTLSVerify };
}

const SA_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** rest.InClusterConfig: KUBERNETES_SERVICE_HOST/PORT and the mounted service-account token and CA. */
export function inClusterTarget(): WebhookTarget {
  const host = process.env.KUBERNETES_SERVICE_HOST;
  const port = process.env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) throw new Error('unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined');
  return {
    url: new URL(`https://${host.includes(':') ? `[${host}]` : host}:${port}`),
    token: readFileSync(`${SA_DIR}/token`, 'utf8').trim(),
    ca: readFileSync(`${SA_DIR}/ca.crt`),
  };
}

export interface WebhookResponse {
  status: number;
  body: Buffer;
}

/** POST a JSON body; rejects on connection errors and when the whole exchange takes longer than timeoutMs. */
export function postJson(target: WebhookTarget, body: unknown, timeoutMs: number): Promise<WebhookResponse> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, */*',
      'content-length': String(payload.length),
    };
    if (target.token) headers.authorization = `Bearer ${target.token}`;
    if (target.connectHost) headers.host = target.url.host;
    const req = request(
      target.url,
      {
        method: 'POST',
        headers,
        ...(target.connectHost ? { hostname: target.connectHost } : {}),
        ...(target.servername ? { servername: target.servername } : {}),
        ca: target.ca,
        cert: target.cert,
        key: target.key,
        rejectUnauthorized: !target.insecureSkipTLSVerify,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    const deadline = new Error(`Post "${target.url.href}": context deadline exceeded`);
    req.on('timeout', () => req.destroy(deadline));
    const timer = setTimeout(() => req.destroy(deadline), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(payload);
  });
}
