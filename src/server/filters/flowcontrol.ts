// API Priority and Fairness filter: classifies the authenticated request, estimates its
// seats, and runs it when its priority level's fair queuing dispatches it; a request that
// is rejected or waits too long gets 429 with Retry-After (upstream
// server/filters/priority-and-fairness.go). Seats are held until the response has been
// written (a Go handler holds them while writing); a watch holds them only while it starts.

import type { FlowControl } from '../../flowcontrol/controller.js';
import { DroppedRequestsTracker } from '../../flowcontrol/dropped-requests.js';
import type { WorkEstimator } from '../../flowcontrol/work-estimator.js';
import { ANONYMOUS_USER } from '../../authn/types.js';
import type { Filter } from '../filter.js';
import { setHeader, type Ctx } from '../http.js';
import { isLongRunning } from '../long-running.js';
import { tooManyRequests, whenResponseDone } from './too-many-requests.js';

export const FLOW_SCHEMA_UID_HEADER = 'X-Kubernetes-PF-FlowSchema-UID';
export const PRIORITY_LEVEL_UID_HEADER = 'X-Kubernetes-PF-PriorityLevel-UID';

/** kube-apiserver's default --request-timeout. */
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const MAX_WAIT_MS = 60_000;

export interface FlowControlFilterOptions {
  /** Overrides the queue wait limit (a quarter of the request's timeout, as upstream). */
  requestWaitLimitMs?: number;
}

export function flowControlFilter(fc: FlowControl, estimator: WorkEstimator, opts: FlowControlFilterOptions = {}): Filter {
  const dropped = new DroppedRequestsTracker();
  return {
    name: 'priority-and-fairness',
    async handle(ctx, next) {
      const info = ctx.info;
      const isWatch = info.verb === 'watch';
      if (isLongRunning(info) && !isWatch) return next();
      const user = ctx.user ?? { username: ANONYMOUS_USER, groups: ['system:unauthenticated'] };
      const digest = { user, info };
      const c = fc.classify(digest);
      const work = estimator.estimate(info, ctx.query, c.pl.name);
      const fsName = String(c.fs.metadata?.name ?? '');
      const metrics = fc.metrics;
      const arrived = performance.now();
      metrics.estimatedSeats(c.pl.name, fsName, Math.max(work.initialSeats, work.finalSeats));
      const req = fc.startRequest(c, work, { digest, arriveTime: new Date() });
      setResponseHeaders(ctx, String(c.fs.metadata?.uid ?? ''), String(c.pl.pl.metadata?.uid ?? ''));
      const reject = () => {
        metrics.waited(c.pl.name, fsName, false, (performance.now() - arrived) / 1000);
        dropped.recordDroppedRequest(c.pl.name);
        tooManyRequests(ctx, dropped.retryAfter(c.pl.name));
      };
      if (typeof req === 'string') return reject();
      if (req.decision === 'waiting') {
        const timer = setTimeout(() => req.cancel('time-out'), opts.requestWaitLimitMs ?? waitLimitMs(ctx));
        const onClose = () => req.cancel('cancelled');
        ctx.res.once('close', onClose);
        const execute = await req.decided;
        clearTimeout(timer);
        ctx.res.off('close', onClose);
        if (!execute) {
          if (!ctx.res.headersSent && !(ctx.res as { destroyed?: boolean }).destroyed) reject();
          return;
        }
      }
      const dispatched = performance.now();
      metrics.waited(c.pl.name, fsName, true, (dispatched - arrived) / 1000);
      const finish = () => {
        metrics.executed(c.pl.name, fsName, isWatch, (performance.now() - dispatched) / 1000);
        req.finish();
      };
      if (isWatch) {
        // The watch handler returns once its initial events are out: initialization is done.
        try {
          await next();
        } finally {
          finish();
        }
        return;
      }
      try {
        await next();
      } finally {
        whenResponseDone(ctx, finish);
      }
    },
  };
}

function setResponseHeaders(ctx: Ctx, fsUid: string, plUid: string): void {
  setHeader(ctx.res, PRIORITY_LEVEL_UID_HEADER, plUid);
  setHeader(ctx.res, FLOW_SCHEMA_UID_HEADER, fsUid);
}

/** A quarter of the request's deadline (its ?timeout= or the default 60 s), at most a minute. */
function waitLimitMs(ctx: Ctx): number {
  const t = parseGoDurationMs(ctx.query.get('timeout'));
  const timeout = t !== undefined && t > 0 && t < DEFAULT_REQUEST_TIMEOUT_MS ? t : DEFAULT_REQUEST_TIMEOUT_MS;
  return Math.min(timeout / 4, MAX_WAIT_MS);
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function parseGoDurationMs(s: string | null): number | undefined {
  if (!s) return undefined;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = re.exec(s))) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    pos = re.lastIndex;
  }
  return pos === s.length && pos > 0 ? total : undefined;
}
