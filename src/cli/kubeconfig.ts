// The admin kubeconfig skiff writes next to its generated PKI: one cluster, one
// user and one context, with the certificates embedded as base64 data.

import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import yaml from 'js-yaml';

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

export function kubeconfigYaml(opts: KubeconfigOptions): string {
  return yaml.dump(kubeconfigObject(opts), { lineWidth: -1, noRefs: true });
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
  return isIP(h) === 6 ? `https://[${h}]:${port}` : `https://${h}:${port}`;
}
