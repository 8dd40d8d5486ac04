// A filter wraps the rest of the chain: it may answer the request itself, change the
// request context, or call next(). The server composes its filters in one fixed order
// (the table in app.ts), as upstream's DefaultBuildHandlerChain does.

import type { Ctx } from './http.js';

export interface Filter {
  readonly name: string;
  handle(ctx: Ctx, next: () => Promise<void>): Promise<void>;
}

/** Runs `filters` in order around `terminal`. */
export function composeFilters(filters: readonly Filter[], terminal: (ctx: Ctx) => Promise<void>): (ctx: Ctx) => Promise<void> {
  return (ctx) => {
    const step = (i: number): Promise<void> => (i < filters.length ? filters[i]!.handle(ctx, () => step(i + 1)) : terminal(ctx));
    return step(0);
  };
}
