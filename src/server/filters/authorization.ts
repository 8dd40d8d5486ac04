// Authorization filter: asks the authorizer about the request's attributes; anything
// but allow is a 403 with upstream's message (endpoints/filters/authorization.go and
// endpoints/handlers/responsewriters/errors.go ForbiddenStatusError).

import { StatusError } from '../../apimachinery/errors.js';
import { ANONYMOUS_USER } from '../../authn/types.js';
import { attributesFor, type Authorizer, type AuthorizationResult as Result } from '../../authz/types.js';
import type { AuthMetrics, AuthorizationResult } from '../../metrics/auth.js';
import type { Filter } from '../filter.js';
import { sendText, type Ctx } from '../http.js';

function requestUri(ctx: Ctx): string {
  return ctx.req.url ?? ctx.path;
}

// The audit annotations upstream's filter adds (endpoints/filters/authorization.go).
export const DECISION_ANNOTATION = 'authorization.k8s.io/decision';
export const REASON_ANNOTATION = 'authorization.k8s.io/reason';

export function authorizationFilter(authorizer: Authorizer, metrics?: AuthMetrics): Filter {
  return {
    name: 'authorization',
    async handle(ctx, next) {
      const started = performance.now();
      const result = await authorizer.authorize(attributesFor(ctx.user!, ctx.info, ctx.query));
      metrics?.authorized(metricResult(result), (performance.now() - started) / 1000);
      if (result.decision === 'allow') {
        ctx.authorization = { decision: 'allow', reason: result.reason };
        ctx.auditAnnotations[DECISION_ANNOTATION] = 'allow';
        ctx.auditAnnotations[REASON_ANNOTATION] = result.reason;
        return next();
      }
      // An authorizer that failed (a webhook outage) makes a 500, as upstream's filter does.
      if (result.error) {
        ctx.auditAnnotations[REASON_ANNOTATION] = 'internal error';
        return sendText(ctx, 500, `Internal Server Error: ${JSON.stringify(requestUri(ctx))}: ${result.error}\n`);
      }
      ctx.authorization = { decision: 'forbid', reason: result.reason };
      ctx.auditAnnotations[DECISION_ANNOTATION] = 'forbid';
      ctx.auditAnnotations[REASON_ANNOTATION] = result.reason;
      throw forbidden(ctx, result.reason);
    },
  };
}

function metricResult(r: Result): AuthorizationResult {
  if (r.decision === 'allow') return 'allowed';
  if (r.error) return 'error';
  return r.decision === 'deny' ? 'denied' : 'no-opinion';
}

export function forbidden(ctx: Ctx, reason?: string): StatusError {
  const info = ctx.info;
  const user = ctx.user?.username ?? ANONYMOUS_USER;
  if (!info.isResourceRequest) {
    return new StatusError(403, 'Forbidden', `forbidden: User "${user}" cannot ${info.verb} path "${ctx.path}"${reason ? `: ${reason}` : ''}`, {});
  }
  const res = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  const where = info.namespace ? ` in the namespace "${info.namespace}"` : ' at the cluster scope';
  const qualified = `${info.resource}${info.apiGroup ? '.' + info.apiGroup : ''}`;
  const subject = info.name ? `${qualified} "${info.name}"` : qualified;
  const details: Record<string, string> = {};
  if (info.name) details.name = info.name;
  if (info.apiGroup) details.group = info.apiGroup;
  details.kind = info.resource;
  return new StatusError(
    403,
    'Forbidden',
    `${subject} is forbidden: User "${user}" cannot ${info.verb} resource "${res}" in API group "${info.apiGroup}"${where}${reason ? `: ${reason}` : ''}`,
    details,
  );
}
