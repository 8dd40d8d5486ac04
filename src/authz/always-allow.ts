// Authorization until RBAC lands: every authenticated user may do anything, and
// anonymous users may read only what upstream's system:public-info-viewer role
// grants (health and version), so a fresh server is not open to the network.

import { ANONYMOUS_USER } from '../authn/types.js';
import type { Authorizer } from '../server/server.js';

const PUBLIC_INFO_PATHS = [/^\/healthz(\/.*)?$/, /^\/livez(\/.*)?$/, /^\/readyz(\/.*)?$/, /^\/version\/?$/];

export const allowAuthenticated: Authorizer = {
  async authorize(ctx) {
    if (ctx.user?.username !== ANONYMOUS_USER) return { allowed: true };
    if (!ctx.info.isResourceRequest && ctx.method === 'GET' && PUBLIC_INFO_PATHS.some((re) => re.test(ctx.path))) return { allowed: true };
    return { allowed: false };
  },
};
