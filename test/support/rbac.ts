// Helpers for authorization tests: a token file of plain users, per-user kubeconfigs,
// requests as a token user, and RBAC objects written by the admin.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeKubeconfig } from '../../src/cli/kubeconfig.js';
import { eventually, type HttpResult, type RequestOptions, type TestServer } from './server.js';

export interface TokenUser {
  name: string;
  token: string;
  groups: string[];
}

/** Write a --token-auth-file for these users; returns its path. */
export function writeTokenFile(dir: string, users: TokenUser[]): string {
  const path = join(dir, 'tokens.csv');
  writeFileSync(path, users.map((u, i) => `${u.token},${u.name},uid-${i}${u.groups.length ? `,"${u.groups.join(',')}"` : ''}`).join('\n') + '\n');
  return path;
}

export function asUser(srv: TestServer, u: TokenUser, method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult> {
  return srv.request(method, path, { ...opts, auth: false, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${u.token}` } });
}

export async function userKubeconfig(srv: TestServer, u: TokenUser): Promise<string> {
  const path = join(srv.dataDir, `kubeconfig-${u.name}`);
  await writeKubeconfig(path, { server: srv.url, caPem: srv.caPem, token: u.token, user: u.name });
  return path;
}

const RBAC = '/apis/rbac.authorization.k8s.io/v1';

/** Create (as admin) an RBAC object; fails the test on an error. */
export async function adminCreate(srv: TestServer, path: string, body: unknown): Promise<any> {
  const r = await srv.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`create ${path}: ${r.status} ${r.text}`);
  return r.json();
}

export function clusterRole(name: string, rules: unknown[], extra: Record<string, unknown> = {}) {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, rules, ...extra };
}

export function role(ns: string, name: string, rules: unknown[]) {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name, namespace: ns }, rules };
}

export function binding(kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, roleKind: 'Role' | 'ClusterRole', roleName: string, subjects: unknown[], ns?: string) {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind,
    metadata: ns ? { name, namespace: ns } : { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: roleName },
    subjects,
  };
}

export const userSubject = (name: string) => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name });
export const groupSubject = (name: string) => ({ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name });

/** Grant cluster-wide rules to a user (ClusterRole + ClusterRoleBinding named after it). */
export async function grantCluster(srv: TestServer, name: string, rules: unknown[], subjects: unknown[]): Promise<void> {
  await adminCreate(srv, `${RBAC}/clusterroles`, clusterRole(name, rules));
  await adminCreate(srv, `${RBAC}/clusterrolebindings`, binding('ClusterRoleBinding', name, 'ClusterRole', name, subjects));
}

/** Wait until the authorizer answers `allowed` for the user (the policy index follows a watch). */
export async function waitForAccess(srv: TestServer, user: string, groups: string[], attrs: Record<string, string>, allowed = true): Promise<void> {
  await eventually(async () => {
    const r = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user, groups, resourceAttributes: attrs } },
    });
    return r.json().status?.allowed === allowed;
  }, 5000, `${user} ${allowed ? 'allowed' : 'denied'} ${JSON.stringify(attrs)}`);
}

/** Upstream's default system:basic-user and system:discovery roles, bound to system:authenticated (the full policy lands with branch authz-policy). */
export async function createDiscoveryRoles(srv: TestServer): Promise<void> {
  const authenticated = [groupSubject('system:authenticated')];
  await grantCluster(srv, 'test:basic-user', [
    { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
    { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
  ], authenticated);
  await grantCluster(srv, 'test:discovery', [
    { nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], verbs: ['get'] },
  ], authenticated);
  await waitForAccess(srv, 'x', ['system:authenticated'], { verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectrulesreviews' });
}
