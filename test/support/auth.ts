// Helpers for authentication tests: kubeconfigs that carry a bearer token (or
// nothing), and raw HTTPS requests with chosen credentials.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kubectl } from './kubectl.js';
import { httpsCall, type HttpResult, type TestServer } from './server.js';

let counter = 0;

/** A kubeconfig for srv that authenticates with `token` (or not at all when undefined). */
export function tokenKubeconfig(srv: TestServer, token?: string): string {
  const path = join(srv.dataDir, `token-${process.pid}-${counter++}.kubeconfig`);
  const user = token === undefined ? {} : { token };
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'c', cluster: { server: srv.url, 'certificate-authority-data': Buffer.from(srv.caPem).toString('base64') } }],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'x', context: { cluster: 'c', user: 'u', namespace: 'default' } }],
    'current-context': 'x',
  };
  writeFileSync(path, JSON.stringify(config), { mode: 0o600 });
  return path;
}

/** `kubectl auth whoami -o json` → status.userInfo, or the failure. */
export async function whoami(kubeconfig: string, extraArgs: string[] = []): Promise<{ code: number; user?: any; stderr: string }> {
  const r = await kubectl(kubeconfig, ['auth', 'whoami', '-o', 'json', ...extraArgs]);
  if (r.code !== 0) return { code: r.code, stderr: r.stderr };
  return { code: 0, user: JSON.parse(r.stdout).status.userInfo, stderr: r.stderr };
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: unknown;
  cert?: string;
  key?: string;
}

/** One HTTPS request with exactly the given credentials (no admin certificate unless passed). */
export function rawRequest(srv: TestServer, r: RawRequest): Promise<HttpResult> {
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers: Record<string, string | string[]> = { ...(r.headers ?? {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return httpsCall(new URL(srv.url), { method: r.method ?? 'GET', path: r.path, headers, ca: srv.caPem, cert: r.cert, key: r.key }, body);
}

/** The 401 body kube-apiserver answers for any failed authentication. */
export const UNAUTHORIZED_BODY = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };
