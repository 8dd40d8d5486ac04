// The limiter used when API Priority and Fairness is off (--enable-priority-and-fairness=false):
// separate budgets for read-only and mutating requests (--max-requests-inflight,
// --max-mutating-requests-inflight; 0 = unlimited); long-running requests are exempt;
// a request over budget gets 429 with Retry-After: 1 unless its user is in system:masters
// (upstream server/filters/maxinflight.go). A slot is held until the response is written.

import { isLongRunning, isMutating } from '../long-running.js';
import type { Filter } from '../filter.js';
import { tooManyRequests, whenResponseDone } from './too-many-requests.js';

export interface MaxInFlightOptions {
  nonMutatingLimit: number;
  mutatingLimit: number;
}

export function maxInFlightFilter(opts: MaxInFlightOptions): Filter {
  const inflight = { readOnly: 0, mutating: 0 };
  return {
    name: 'max-in-flight',
    async handle(ctx, next) {
      if (isLongRunning(ctx.info)) return next();
      const kind = isMutating(ctx.info) ? 'mutating' : 'readOnly';
      const limit = kind === 'mutating' ? opts.mutatingLimit : opts.nonMutatingLimit;
      if (limit === 0) return next();
      if (inflight[kind] >= limit) {
        if (ctx.user?.groups.includes('system:masters')) return next();
        tooManyRequests(ctx, 1);
        return;
      }
      inflight[kind]++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inflight[kind]--;
      };
      try {
        await next();
      } finally {
        whenResponseDone(ctx, release);
      }
    },
  };
}
