// /debug/api_priority_and_fairness/dump_{priority_levels,queues,requests} and the
// apiserver_flowcontrol_* families on /metrics (upstream apf_controller_debug.go).

import type { FlowControl } from '../flowcontrol/controller.js';
import { dumpPriorityLevels, dumpQueues, dumpRequests } from '../flowcontrol/debug.js';
import { sendText, type Ctx } from '../server/http.js';

const PREFIX = '/debug/api_priority_and_fairness/';

export function handleFlowControlDebug(ctx: Ctx, fc: FlowControl | undefined): boolean {
  if (!ctx.path.startsWith(PREFIX) || !fc) return false;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  switch (ctx.path.slice(PREFIX.length)) {
    case 'dump_priority_levels':
      sendText(ctx, 200, dumpPriorityLevels(fc));
      return true;
    case 'dump_queues':
      sendText(ctx, 200, dumpQueues(fc));
      return true;
    case 'dump_requests':
      sendText(ctx, 200, dumpRequests(fc, (ctx.query.get('includeRequestDetails') ?? '').length > 0));
      return true;
    default:
      return false;
  }
}

/** A minimal /metrics with the flow-control families only (the full endpoint lives elsewhere). */
export function handleFlowControlMetrics(ctx: Ctx, fc: FlowControl | undefined): boolean {
  if (ctx.path !== '/metrics' || !fc || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return false;
  const res = ctx.res;
  const body = fc.metrics.render();
  res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-cache, private', 'audit-id': ctx.auditId });
  if (ctx.method === 'HEAD') res.end();
  else res.end(body);
  return true;
}
