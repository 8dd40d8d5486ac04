// A webhook's connection from a kubeconfig file, as client-go's clientcmd reads it for
// --authentication-token-webhook-config-file and --authorization-webhook-config-file: the
// current context's cluster (server, certificate-authority[-data]) and user
// (client-certificate[-data], client-key[-data], token). Relative paths are relative
// to the kubeconfig's directory.

import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { parseYaml } from '../encoding/yaml.js';

export interface WebhookConnection {
  server: string;
  caPem?: string;
  certPem?: string;
  keyPem?: string;
  /** A bearer token for the webhook; never logged. */
  token?: string;
  /** The cluster's insecure-skip-tls-verify. */
  insecureSkipTLSVerify?: boolean;
}

interface Named<T> {
  name?: string;
  cluster?: T;
  user?: T;
  context?: T;
}

type Section = Record<string, unknown>;

function readAt(base: string, path: string, what: string): string {
  const full = isAbsolute(path) ? path : join(base, path);
  try {
    return readFileSync(full, 'utf8');
  } catch (e) {
    throw new Error(`unable to read ${what} ${JSON.stringify(full)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
}

function dataOrFile(section: Section, key: string, base: string): string | undefined {
  const data = section[`${key}-data`];
  if (typeof data === 'string' && data !== '') return Buffer.from(data, 'base64').toString('utf8');
  const file = section[key];
  if (typeof file === 'string' && file !== '') return readAt(base, file, key);
  return undefined;
}

function find(list: unknown, name: string, kind: 'cluster' | 'user' | 'context'): Section | undefined {
  if (!Array.isArray(list)) return undefined;
  const entry = (list as Named<Section>[]).find((e) => e?.name === name);
  return entry?.[kind];
}

/** The parsed kubeconfig file; a missing file is worded as Go's stat error. */
function readKubeconfig(path: string): Section {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`stat ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
  return (parseYaml(text) ?? {}) as Section;
}

export function loadWebhookKubeconfig(path: string): WebhookConnection {
  const doc = readKubeconfig(path);
  const base = dirname(path);
  const contextName = typeof doc['current-context'] === 'string' ? (doc['current-context'] as string) : '';
  let clusterName: string | undefined;
  let userName: string | undefined;
  if (contextName !== '') {
    const ctx = find(doc.contexts, contextName, 'context');
    if (!ctx) throw new Error(`invalid configuration: context was not found for specified context: ${contextName}`);
    clusterName = ctx.cluster as string | undefined;
    userName = ctx.user as string | undefined;
  }
  // Without a current context, a file with exactly one cluster (and user) still works.
  const clusters = Array.isArray(doc.clusters) ? (doc.clusters as Named<Section>[]) : [];
  const users = Array.isArray(doc.users) ? (doc.users as Named<Section>[]) : [];
  const cluster = clusterName !== undefined ? find(doc.clusters, clusterName, 'cluster') : clusters.length === 1 ? clusters[0]!.cluster : undefined;
  const user = userName !== undefined ? find(doc.users, userName, 'user') : users.length === 1 ? users[0]!.user : undefined;
  if (!cluster || typeof cluster.server !== 'string' || cluster.server === '') {
    throw new Error('invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable');
  }
  const conn: WebhookConnection = { server: cluster.server };
  if (cluster['insecure-skip-tls-verify'] === true) conn.insecureSkipTLSVerify = true;
  const ca = dataOrFile(cluster, 'certificate-authority', base);
  if (ca) conn.caPem = ca;
  if (user) Object.assign(conn, readUser(user, base));
  return conn;
}

/** A kubeconfig user's credentials (client certificate and key, token or tokenFile). */
export type UserCredentials = Pick<WebhookConnection, 'certPem' | 'keyPem' | 'token'>;

function readUser(user: Section, base: string): UserCredentials {
  const out: UserCredentials = {};
  const cert = dataOrFile(user, 'client-certificate', base);
  const key = dataOrFile(user, 'client-key', base);
  if (cert) out.certPem = cert;
  if (key) out.keyPem = key;
  if (typeof user.token === 'string' && user.token !== '') out.token = user.token;
  else if (typeof user.tokenFile === 'string' && user.tokenFile !== '') out.token = readAt(base, user.tokenFile, 'tokenFile').trim();
  return out;
}

/** Every user of a kubeconfig by name, and the current context's user (admission webhooks pick a user by the host they call). */
export function loadKubeconfigUsers(path: string): { users: Map<string, UserCredentials>; currentUser?: string } {
  const doc = readKubeconfig(path);
  const base = dirname(path);
  const users = new Map<string, UserCredentials>();
  for (const u of Array.isArray(doc.users) ? (doc.users as Named<Section>[]) : []) {
    if (typeof u?.name === 'string' && u.user && typeof u.user === 'object') users.set(u.name, readUser(u.user, base));
  }
  const contextName = typeof doc['current-context'] === 'string' ? (doc['current-context'] as string) : '';
  const ctx = contextName ? find(doc.contexts, contextName, 'context') : undefined;
  return { users, currentUser: typeof ctx?.user === 'string' ? ctx.user : undefined };
}
