// The claims of service-account JWTs, shared by the issuer (TokenRequest, the tokens
// controller) and the authenticator. Upstream: pkg/serviceaccount/claims.go (bound
// tokens, private claim "kubernetes.io"), legacy.go (Secret-based tokens) and
// k8s.io/apiserver/pkg/authentication/serviceaccount/util.go (the identity).

import type { UserInfo } from './types.js';
import { CREDENTIAL_ID_KEY } from './types.js';

/** The issuer of Secret-based (legacy) tokens. */
export const LEGACY_ISSUER = 'kubernetes/serviceaccount';
export const SERVICE_ACCOUNT_USERNAME_PREFIX = 'system:serviceaccount:';
export const ALL_SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
/** A pod-bound token requested for this many seconds is extended to a year and only warns after (claims.go). */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 60 * 60 + 7;
export const EXPIRATION_EXTENSION_SECONDS = 24 * 365 * 60 * 60;

export const POD_NAME_KEY = 'authentication.kubernetes.io/pod-name';
export const POD_UID_KEY = 'authentication.kubernetes.io/pod-uid';
export const NODE_NAME_KEY = 'authentication.kubernetes.io/node-name';
export const NODE_UID_KEY = 'authentication.kubernetes.io/node-uid';

/** Legacy private claims (legacy.go). */
export const LEGACY_CLAIMS = {
  namespace: 'kubernetes.io/serviceaccount/namespace',
  secretName: 'kubernetes.io/serviceaccount/secret.name',
  serviceAccountName: 'kubernetes.io/serviceaccount/service-account.name',
  serviceAccountUid: 'kubernetes.io/serviceaccount/service-account.uid',
} as const;

export interface ObjectRef {
  name: string;
  uid: string;
}

/** The "kubernetes.io" private claim of a bound token. */
export interface BoundClaims {
  namespace: string;
  serviceaccount: ObjectRef;
  pod?: ObjectRef;
  secret?: ObjectRef;
  node?: ObjectRef;
  warnafter?: number;
}

export function serviceAccountUsername(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_USERNAME_PREFIX}${namespace}:${name}`;
}

/** Splits system:serviceaccount:<ns>:<name>; undefined when the name is not a service account's. */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SERVICE_ACCOUNT_USERNAME_PREFIX)) return undefined;
  const parts = username.slice(SERVICE_ACCOUNT_USERNAME_PREFIX.length).split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { namespace: parts[0], name: parts[1] };
}

export interface ServiceAccountInfo {
  namespace: string;
  name: string;
  uid: string;
  podName?: string;
  podUid?: string;
  nodeName?: string;
  nodeUid?: string;
  credentialId?: string;
}

/** The identity a service-account token authenticates as (ServiceAccountInfo.UserInfo upstream). */
export function serviceAccountUser(sa: ServiceAccountInfo): UserInfo {
  const extra: Record<string, string[]> = {};
  if (sa.podName && sa.podUid) {
    extra[POD_NAME_KEY] = [sa.podName];
    extra[POD_UID_KEY] = [sa.podUid];
  }
  if (sa.nodeName) {
    extra[NODE_NAME_KEY] = [sa.nodeName];
    if (sa.nodeUid) extra[NODE_UID_KEY] = [sa.nodeUid];
  }
  if (sa.credentialId) extra[CREDENTIAL_ID_KEY] = [sa.credentialId];
  const user: UserInfo = {
    username: serviceAccountUsername(sa.namespace, sa.name),
    groups: [ALL_SERVICE_ACCOUNTS_GROUP, `${ALL_SERVICE_ACCOUNTS_GROUP}:${sa.namespace}`],
  };
  if (sa.uid) user.uid = sa.uid;
  if (Object.keys(extra).length) user.extra = extra;
  return user;
}

/** Sorts an object's keys recursively, as go-jose's merged claim map marshals. */
export function sortedClaims<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortedClaims) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = sortedClaims(v);
  }
  return out as T;
}
