// --audit-webhook-config-file: events POSTed as an audit.k8s.io/v1 EventList to the
// service named by a kubeconfig (k8s.io/apiserver plugin/pkg/audit/webhook and
// buffered). Batch mode buffers up to --audit-webhook-batch-max-size events or
// --audit-webhook-batch-max-wait; blocking modes send each request's events at once.
// A failed send is retried with backoff a few times, then dropped (and logged).

import { loadKubeconfigTarget, postJson, type WebhookTarget } from '../util/webhook-client.js';
import type { Logger } from '../util/log.js';
import type { AuditEvent } from './event.js';
import type { AuditBackend } from './log-backend.js';

export interface WebhookBackendOptions {
  configFile: string;
  mode?: string;
  batchMaxSize?: number;
  batchMaxWaitMs?: number;
  /** Upstream's --audit-webhook-initial-backoff is 10s; tests shorten it. */
  initialBackoffMs?: number;
}

const SEND_TIMEOUT_MS = 30_000;
const RETRIES = 3;

export class WebhookBackend implements AuditBackend {
  private readonly target: WebhookTarget;
  private buffer: AuditEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly o: WebhookBackendOptions,
    private readonly logger: Logger,
  ) {
    if (o.mode && !['batch', 'blocking', 'blocking-strict'].includes(o.mode)) throw new Error(`invalid audit webhook mode ${o.mode}, allowed modes are "batch,blocking,blocking-strict"`);
    this.target = loadKubeconfigTarget(o.configFile);
  }

  process(events: AuditEvent[]): void {
    if ((this.o.mode ?? 'batch') !== 'batch') {
      this.send(events);
      return;
    }
    this.buffer.push(...events);
    const max = this.o.batchMaxSize ?? 400;
    while (this.buffer.length >= max) this.send(this.buffer.splice(0, max));
    if (this.buffer.length && !this.timer) {
      this.timer = setTimeout(() => this.flush(), this.o.batchMaxWaitMs ?? 30_000);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.flush();
    await Promise.allSettled([...this.inflight]);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length) this.send(this.buffer.splice(0));
  }

  private send(items: AuditEvent[]): void {
    const body = { kind: 'EventList', apiVersion: 'audit.k8s.io/v1', metadata: {}, items };
    const p = (async () => {
      let backoff = this.o.initialBackoffMs ?? 10_000;
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await postJson(this.target, body, SEND_TIMEOUT_MS);
          if (res.status >= 200 && res.status < 300) return;
          throw new Error(`the server responded with status ${res.status}`);
        } catch (e) {
          if (attempt >= RETRIES) {
            this.logger.error('Error in audit plugin \'webhook\' affecting ' + items.length + ' audit events', e);
            return;
          }
          await new Promise((r) => setTimeout(r, backoff).unref());
          backoff *= 1.5;
        }
      }
    })();
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }
}
