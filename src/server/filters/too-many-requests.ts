// The 429 both in-flight limiters answer: Go's http.Error with upstream's text and a
// Retry-After header (server/filters/maxinflight.go tooManyRequests).

import type { Ctx } from '../http.js';
import { sendText, setHeader } from '../http.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later.';

export function tooManyRequests(ctx: Ctx, retryAfterSeconds: number): void {
  if (ctx.res.headersSent) return;
  setHeader(ctx.res, 'retry-after', String(retryAfterSeconds));
  sendText(ctx, 429, `${TOO_MANY_REQUESTS_MESSAGE}\n`);
}

/** Call fn once, when the response has been fully handed to the connection or the connection went away. */
export function whenResponseDone(ctx: Ctx, fn: () => void): void {
  const res = ctx.res as { writableFinished?: boolean; destroyed?: boolean; stream?: { destroyed?: boolean }; once(ev: string, f: () => void): unknown; off?(ev: string, f: () => void): unknown };
  if (res.writableFinished || res.destroyed || res.stream?.destroyed) {
    fn();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    res.off?.('finish', once);
    res.off?.('close', once);
    fn();
  };
  res.once('finish', once);
  res.once('close', once);
}
