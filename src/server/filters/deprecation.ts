// Requests to a deprecated API version (upstream endpoints/installer.go with
// endpoints/deprecation and metrics.MonitorRequest): a "299" Warning, the audit
// annotations k8s.io/deprecated and k8s.io/removed-release, and the
// apiserver_requested_deprecated_apis gauge. Runs after authorization, where upstream's
// route handler would.

import type { RequestMetrics } from '../../metrics/request.js';
import type { Catalog } from '../../types/catalog.js';
import { deprecationOf } from '../../types/lifecycle.js';
import type { Filter } from '../filter.js';

export const DEPRECATED_ANNOTATION = 'k8s.io/deprecated';
export const REMOVED_RELEASE_ANNOTATION = 'k8s.io/removed-release';

export function deprecationFilter(catalog: Catalog, metrics?: RequestMetrics): Filter {
  return {
    name: 'deprecation',
    async handle(ctx, next) {
      const i = ctx.info;
      if (i.isResourceRequest) {
        const served = catalog.lookup(i.apiGroup, i.apiVersion, i.resource);
        // Subresources other than status serve other kinds (Scale, Eviction, ...).
        const d = served && (!i.subresource || i.subresource === 'status') ? deprecationOf(i.apiGroup, i.apiVersion, served.def.kind) : undefined;
        if (d) {
          ctx.warnings.push(d.warning);
          ctx.auditAnnotations[DEPRECATED_ANNOTATION] = 'true';
          if (d.removedRelease) ctx.auditAnnotations[REMOVED_RELEASE_ANNOTATION] = d.removedRelease;
          metrics?.deprecatedRequest(ctx, d.removedRelease);
        }
      }
      return next();
    },
  };
}
