// The runtime cost tracker shared by instrumented programs and library macros.
// Evaluation is synchronous, so one active tracker at a time is enough.
export const COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

export class CostLimitExceededError extends Error {
  constructor() {
    super(COST_LIMIT_EXCEEDED);
    this.name = 'CostLimitExceededError';
  }
}

export interface CostTracker {
  cost: number;
  limit: number;
  exceeded: boolean;
}

export const tracker: CostTracker = {cost: 0, limit: Infinity, exceeded: false};

export function charge(n: number): void {
  tracker.cost += n;
  if (tracker.cost > tracker.limit) {
    tracker.exceeded = true;
    throw new CostLimitExceededError();
  }
}
