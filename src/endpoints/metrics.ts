// GET /metrics: the server's registry in the Prometheus text format (prom-client renders it).

import { sendBytes, type Ctx } from '../server/http.js';
import type { MetricsRegistry } from '../metrics/registry.js';

export async function handleMetrics(ctx: Ctx, registry: MetricsRegistry): Promise<boolean> {
  if (ctx.path !== '/metrics') return false;
  sendBytes(ctx, 200, registry.contentType, await registry.render());
  return true;
}
