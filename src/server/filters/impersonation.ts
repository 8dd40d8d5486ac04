// Impersonation: Impersonate-User / -Group / -Uid / -Extra-<key> let an authorized
// user act as someone else. Each requested part is checked with verb "impersonate"
// (users, groups, serviceaccounts in the core group; userextras/<key> and uids in
// authentication.k8s.io), then everything after this filter sees the impersonated
// identity. Upstream: k8s.io/apiserver/pkg/endpoints/filters/impersonation.go and
// responsewriters.Forbidden for the 403 text.

import { forbidden as forbiddenError, internalError } from '../../apimachinery/errors.js';
import { splitServiceAccountUsername, serviceAccountUsername, ALL_SERVICE_ACCOUNTS_GROUP } from '../../authn/sa-claims.js';
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP, type UserInfo } from '../../authn/types.js';
import type { Attributes, Authorizer } from '../../authz/types.js';
import type { Filter } from '../filter.js';
import { distinctHeaders } from '../http.js';

const USER_HEADER = 'impersonate-user';
const GROUP_HEADER = 'impersonate-group';
const UID_HEADER = 'impersonate-uid';
const EXTRA_PREFIX = 'impersonate-extra-';
const AUTH_GROUP = 'authentication.k8s.io';

/** One thing to impersonate (upstream builds ObjectReferences). */
interface ImpersonationRequest {
  kind: 'ServiceAccount' | 'User' | 'Group' | 'UserExtra' | 'UID';
  namespace: string;
  name: string;
  apiVersion: string;
  fieldPath: string;
}

export function impersonationFilter(authorizer: Authorizer): Filter {
  return {
    name: 'impersonation',
    async handle(ctx, next) {
      const headers = distinctHeaders(ctx);
      const requests = impersonationRequests(headers);
      if (requests.length === 0) return next();
      const requestor = ctx.user!;
      const groupsSpecified = (headers.get(GROUP_HEADER) ?? []).length > 0;
      let username = '';
      let uid = '';
      let groups: string[] = [];
      const extra: Record<string, string[]> = {};
      for (const r of requests) {
        const attrs: Attributes = {
          user: requestor,
          verb: 'impersonate',
          isResourceRequest: true,
          path: '',
          namespace: r.namespace,
          apiGroup: r.kind === 'UserExtra' || r.kind === 'UID' ? AUTH_GROUP : '',
          apiVersion: r.kind === 'UserExtra' || r.kind === 'UID' ? 'v1' : '',
          resource: '',
          subresource: '',
          name: r.name,
        };
        switch (r.kind) {
          case 'ServiceAccount':
            attrs.resource = 'serviceaccounts';
            username = serviceAccountUsername(r.namespace, r.name);
            if (!groupsSpecified) groups = [ALL_SERVICE_ACCOUNTS_GROUP, `${ALL_SERVICE_ACCOUNTS_GROUP}:${r.namespace}`];
            break;
          case 'User':
            attrs.resource = 'users';
            username = r.name;
            break;
          case 'Group':
            attrs.resource = 'groups';
            groups.push(r.name);
            break;
          case 'UserExtra':
            attrs.resource = 'userextras';
            attrs.subresource = r.fieldPath;
            (extra[r.fieldPath] ??= []).push(r.name);
            break;
          case 'UID':
            attrs.resource = 'uids';
            uid = r.name;
            break;
        }
        const result = await authorizer.authorize(attrs);
        if (result.decision !== 'allow') throw impersonationForbidden(attrs, result.reason);
      }
      if (username !== ANONYMOUS_USER) {
        if (!groups.some((g) => g === AUTHENTICATED_GROUP || g === UNAUTHENTICATED_GROUP)) groups.push(AUTHENTICATED_GROUP);
      } else if (!groups.includes(UNAUTHENTICATED_GROUP)) {
        groups.push(UNAUTHENTICATED_GROUP);
      }
      const user: UserInfo = { username, groups, extra };
      if (uid) user.uid = uid;
      ctx.user = user;
      return next();
    },
  };
}

/** The parts a request asks to impersonate, in upstream's order; a 500 when there is no user to go with them. */
export function impersonationRequests(headers: Map<string, string[]>): ImpersonationRequest[] {
  const out: ImpersonationRequest[] = [];
  const user = headers.get(USER_HEADER)?.[0] ?? '';
  if (user) {
    const sa = splitServiceAccountUsername(user);
    out.push(sa ? ref('ServiceAccount', sa.name, { namespace: sa.namespace }) : ref('User', user));
  }
  const groups = headers.get(GROUP_HEADER) ?? [];
  for (const g of groups) out.push(ref('Group', g));
  let hasExtra = false;
  for (const [name, values] of headers) {
    if (!name.startsWith(EXTRA_PREFIX)) continue;
    hasExtra = true;
    const key = unescapeExtraKey(name.slice(EXTRA_PREFIX.length));
    for (const v of values) out.push(ref('UserExtra', v, { apiVersion: 'authentication.k8s.io/v1', fieldPath: key }));
  }
  const uid = headers.get(UID_HEADER)?.[0] ?? '';
  if (uid) out.push(ref('UID', uid, { apiVersion: 'authentication.k8s.io/v1' }));
  if ((groups.length > 0 || hasExtra || uid) && !user) {
    throw internalError(new Error(`requested [${out.map(goObjectReference).join(' ')}] without impersonating a user`));
  }
  return out;
}

function ref(kind: ImpersonationRequest['kind'], name: string, more: Partial<ImpersonationRequest> = {}): ImpersonationRequest {
  return { kind, name, namespace: '', apiVersion: '', fieldPath: '', ...more };
}

/** Go's %v of a v1.ObjectReference. */
function goObjectReference(r: ImpersonationRequest): string {
  return `{${r.kind} ${r.namespace} ${r.name}  ${r.apiVersion}  ${r.fieldPath}}`;
}

function unescapeExtraKey(raw: string): string {
  try {
    return decodeURIComponent(raw.toLowerCase());
  } catch {
    return raw.toLowerCase();
  }
}

/** responsewriters.Forbidden: NewForbidden over the impersonation attributes. */
function impersonationForbidden(a: Attributes, reason: string) {
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const where = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
  const msg = `User "${a.user.username}" cannot ${a.verb} resource "${resource}" in API group "${a.apiGroup}" ${where}`;
  return forbiddenError({ group: a.apiGroup, resource: a.resource }, a.name, reason ? `${msg}: ${reason}` : msg);
}
