// /debug/api_priority_and_fairness/dump_{priority_levels,queues,requests} (upstream apf_controller_debug.go).

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
