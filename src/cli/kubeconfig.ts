// The admin kubeconfig skiff writes next to its generated PKI: one cluster, one
// user and one context, with the certificates embedded as base64 data.

import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { ipFamily } from '../util/ip-family.js';

export interface KubeconfigOptions {
  /** e.g. https://127.0.0.1:6443 (see serverUrl). */
  server: string;
  caPem: string;
  /** Client certificate and key; or use `token`. */
  clientCertPem?: string;
  clientKeyPem?: string;
  token?: string;
  clusterName?: string;
  user?: string;
  context?: string;
}

const b64 = (pem: string) => Buffer.from(pem, 'utf8').toString('base64');

/** The kubeconfig as a plain object (the shape of clientcmd's v1 Config). */
export function kubeconfigObject(opts: KubeconfigOptions): Record<string, unknown> {
  const clusterName = opts.clusterName ?? 'skiff';
  const userName = opts.user ?? 'admin';
  const contextName = opts.context ?? 'skiff';
  const user: Record<string, string> = {};
  if (opts.clientCertPem !== undefined || opts.clientKeyPem !== undefined) {
    if (!opts.clientCertPem || !opts.clientKeyPem) throw new Error('kubeconfig: a client certificate needs both clientCertPem and clientKeyPem');
    user['client-certificate-data'] = b64(opts.clientCertPem);
    user['client-key-data'] = b64(opts.clientKeyPem);
  }
  if (opts.token !== undefined) user.token = opts.token;
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: clusterName, cluster: { 'certificate-authority-data': b64(opts.caPem), server: opts.server } }],
    contexts: [{ name: contextName, context: { cluster: clusterName, user: userName } }],
    'current-context': contextName,
    preferences: {},
    users: [{ name: userName, user }],
  };
}

/**
 * The kubeconfig as YAML. Written by hand for its fixed shape: every start writes it before
 * /readyz, and a general YAML dumper spent ~17 ms of the start on it (scanning each
 * base64 character for a plain style). Strings are JSON-quoted, which YAML reads as
 * double-quoted scalars.
 */
export function kubeconfigYaml(opts: KubeconfigOptions): string {
  const c = kubeconfigObject(opts) as {
    clusters: [{ name: string; cluster: Record<string, string> }];
    contexts: [{ name: string; context: Record<string, string> }];
    'current-context': string;
    users: [{ name: string; user: Record<string, string> }];
  };
  const q = (s: string) => JSON.stringify(s);
  const map = (m: Record<string, string>, indent: string) => {
    const keys = Object.keys(m);
    return keys.length === 0 ? ' {}\n' : `\n${keys.map((k) => `${indent}${k}: ${q(m[k]!)}\n`).join('')}`;
  };
  const [cluster] = c.clusters;
  const [context] = c.contexts;
  const [user] = c.users;
  return (
    'apiVersion: v1\nkind: Config\nclusters:\n' +
    `  - name: ${q(cluster.name)}\n    cluster:${map(cluster.cluster, '      ')}` +
    'contexts:\n' +
    `  - name: ${q(context.name)}\n    context:${map(context.context, '      ')}` +
    `current-context: ${q(c['current-context'])}\n` +
    'preferences: {}\nusers:\n' +
    `  - name: ${q(user.name)}\n    user:${map(user.user, '      ')}`
  );
}

/** Writes the kubeconfig atomically with mode 0600 (it holds a private key). */
export async function writeKubeconfig(path: string, opts: KubeconfigOptions): Promise<string> {
  const text = kubeconfigYaml(opts);
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, text, { mode: 0o600 });
  await rename(tmp, path);
  return text;
}

/** https://host:port, bracketing IPv6 literals; an unspecified bind address becomes loopback. */
export function serverUrl(host: string, port: number): string {
  let h = host;
  if (h === '' || h === '0.0.0.0') h = '127.0.0.1';
  else if (h === '::') h = '::1';
  return ipFamily(h) === 6 ? `https://[${h}]:${port}` : `https://${h}:${port}`;
}
