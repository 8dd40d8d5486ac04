// A client for webhooks the server calls (authorization, later token review and
// admission): the target read from a kubeconfig file (first or current context) or from
// the in-cluster service-account environment, and one JSON POST over HTTPS with a timeout.

import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { dirname, resolve } from 'node:path';
import { parseYaml } from '../encoding/yaml.js';

export interface WebhookTarget {
  url: URL;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  token?: string;
  insecureSkipTLSVerify?: boolean;
}

type Named<T> = { name?: string } & T;

/** The cluster and user of a kubeconfig's current context (else its first cluster and user). */
export function loadKubeconfigTarget(path: string): WebhookTarget {
  const cfg = (parseYaml(readFileSync(path, 'utf8')) ?? {}) as Record<string, any>;
  const base = dirname(resolve(path));
  const file = (p: string | undefined) => (p ? readFileSync(resolve(base, p)) : undefined);
  const data = (b64: string | undefined) => (b64 ? Buffer.from(b64, 'base64') : undefined);
  const contexts = (cfg.contexts ?? []) as Named<{ context?: { cluster?: string; user?: string } }>[];
  const current = contexts.find((c) => c.name === cfg['current-context'])?.context;
  const clusters = (cfg.clusters ?? []) as Named<{ cluster?: Record<string, any> }>[];
  const users = (cfg.users ?? []) as Named<{ user?: Record<string, any> }>[];
  const cluster = (current ? clusters.find((c) => c.name === current.cluster) : clusters[0])?.cluster;
  const user = (current ? users.find((u) => u.name === current.user) : users[0])?.user ?? {};
  if (!cluster?.server) throw new Error(`invalid configuration: no server found for cluster in ${path}`);
  let url: URL;
  try {
    url = new URL(String(cluster.server));
  } catch {
    throw new Error(`invalid configuration: server URL ${JSON.stringify(cluster.server)} in ${path} is not a URL`);
  }
  const tokenFile = user.tokenFile ? readFileSync(resolve(base, String(user.tokenFile)), 'utf8').trim() : undefined;
  return {
    url,
    ca: data(cluster['certificate-authority-data']) ?? file(cluster['certificate-authority']),
    cert: data(user['client-certificate-data']) ?? file(user['client-certificate']),
    key: data(user['client-key-data']) ?? file(user['client-key']),
    token: user.token ? String(user.token) : tokenFile,
    insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
  };
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

/** POST a JSON body; rejects on connection errors and on timeout. */
export function postJson(target: WebhookTarget, body: unknown, timeoutMs: number): Promise<WebhookResponse> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, */*',
      'content-length': String(payload.length),
    };
    if (target.token) headers.authorization = `Bearer ${target.token}`;
    const req = request(
      target.url,
      {
        method: 'POST',
        headers,
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
    req.on('timeout', () => req.destroy(new Error(`Post "${target.url.href}": context deadline exceeded`)));
    req.on('error', reject);
    req.end(payload);
  });
}
