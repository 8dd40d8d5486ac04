// /healthz, /livez and /readyz with named checks, as upstream's healthz package.

import { sendText, type Ctx } from '../server/http.js';

export interface HealthCheck {
  name: string;
  /** Resolves when healthy; throws with the reason otherwise. */
  check(): Promise<void> | void;
}

export type HealthEndpoint = 'healthz' | 'livez' | 'readyz';

export class Health {
  private readonly checks: Record<HealthEndpoint, HealthCheck[]> = { healthz: [], livez: [], readyz: [] };

  add(check: HealthCheck, endpoints: HealthEndpoint[] = ['healthz', 'livez', 'readyz']): void {
    for (const e of endpoints) this.checks[e].push(check);
  }

  /** Handles the health paths; returns false for other paths. */
  async handle(ctx: Ctx): Promise<boolean> {
    const m = /^\/(healthz|livez|readyz)(?:\/([^/]+(?:\/[^/]+)*))?\/?$/.exec(ctx.path);
    if (!m) return false;
    const endpoint = m[1] as HealthEndpoint;
    const single = m[2];
    const checks = this.checks[endpoint];
    if (single) {
      const c = checks.find((x) => x.name === single);
      if (!c) return false;
      try {
        await c.check();
        sendText(ctx, 200, 'ok');
      } catch (e) {
        sendText(ctx, 500, `internal server error: ${(e as Error).message}\n`);
      }
      return true;
    }
    const excluded = new Set(ctx.query.getAll('exclude').flatMap((v) => v.split(',')).filter(Boolean));
    const verbose = ctx.query.has('verbose');
    const lines: string[] = [];
    let failed = false;
    const results = await Promise.all(
      checks.map(async (c) => {
        if (excluded.has(c.name)) return { c, excluded: true, err: null as Error | null };
        try {
          await c.check();
          return { c, excluded: false, err: null };
        } catch (e) {
          return { c, excluded: false, err: e as Error };
        }
      }),
    );
    for (const r of results) {
      if (r.excluded) {
        lines.push(`[+]${r.c.name} excluded: ok`);
        excluded.delete(r.c.name);
      } else if (r.err) {
        failed = true;
        lines.push(`[-]${r.c.name} failed: reason withheld`);
      } else {
        lines.push(`[+]${r.c.name} ok`);
      }
    }
    for (const name of excluded) lines.push(`warn: some health checks cannot be excluded: no matches for "${name}"`);
    if (failed) {
      sendText(ctx, 500, `${lines.join('\n')}\n${endpoint} check failed\n`);
      return true;
    }
    if (verbose) sendText(ctx, 200, `${lines.join('\n')}\n${endpoint} check passed\n`);
    else sendText(ctx, 200, 'ok');
    return true;
  }
}
