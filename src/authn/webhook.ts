// Webhook token authentication (--authentication-token-webhook-*), as
// k8s.io/apiserver/plugin/pkg/authenticator/token/webhook/webhook.go: a TokenReview
// (authentication.k8s.io v1 or v1beta1) is POSTed to the configured server; its
// status decides. Results are cached for --authentication-token-webhook-cache-ttl,
// authenticated and unauthenticated alike, but not errors (upstream's token cache
// with cacheErrs=false). Transport failures, timeouts, non-2xx answers and garbage
// are errors, so the request gets 401, never 500.

import { createHmac, randomBytes } from 'node:crypto';
import { httpsRequest } from './https.js';
import type { TokenAuthenticator, UserInfo } from './types.js';
import type { WebhookConnection } from '../util/webhook-kubeconfig.js';

export const WEBHOOK_VERSIONS = ['v1', 'v1beta1'] as const;
export type WebhookVersion = (typeof WEBHOOK_VERSIONS)[number];

export interface RetryBackoff {
  initialMs: number;
  factor: number;
  jitter: number;
  steps: number;
}

/** webhook.DefaultRetryBackoffWithInitialDelay(500ms). */
export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { initialMs: 500, factor: 1.5, jitter: 0.2, steps: 5 };

export interface WebhookTokenOptions {
  connection: WebhookConnection;
  /** --authentication-token-webhook-version (default v1beta1, as upstream). */
  version?: string;
  /** --authentication-token-webhook-cache-ttl in ms (default 2m); 0 disables the cache. */
  cacheTtlMs?: number;
  /** The API audiences; when set, the review asks for them and the answer must grant one. */
  apiAudiences?: string[];
  /** Per-request timeout (default 30s, the generic webhook's). */
  timeoutMs?: number;
  retryBackoff?: RetryBackoff;
  /** Cache entries kept at most (oldest dropped first). */
  cacheSize?: number;
}

interface CacheEntry {
  user: UserInfo | null;
  expires: number;
}

interface ReviewStatus {
  authenticated?: boolean;
  user?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  audiences?: string[];
  error?: string;
}

class RetriableError extends Error {}

export class WebhookTokenAuthenticator implements TokenAuthenticator {
  private readonly version: WebhookVersion;
  private readonly cache = new Map<string, CacheEntry>();
  // Cache keys are HMACs under a per-process key: tokens are never kept or compared in the clear.
  private readonly hmacKey = randomBytes(32);

  constructor(private readonly opts: WebhookTokenOptions) {
    const version = opts.version ?? 'v1beta1';
    if (!(WEBHOOK_VERSIONS as readonly string[]).includes(version)) {
      throw new Error(`unsupported authentication webhook version ${JSON.stringify(version)}, supported versions are "v1", "v1beta1"`);
    }
    this.version = version as WebhookVersion;
  }

  async authenticateToken(token: string): Promise<UserInfo | null> {
    const ttl = this.opts.cacheTtlMs ?? 120_000;
    const key = this.cacheKey(token);
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.user && structuredClone(hit.user);
    if (hit) this.cache.delete(key);
    const user = await this.review(token);
    if (ttl > 0) {
      if (this.cache.size >= (this.opts.cacheSize ?? 4096)) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { user, expires: Date.now() + ttl });
    }
    return user && structuredClone(user);
  }

  private cacheKey(token: string): string {
    const h = createHmac('sha256', this.hmacKey);
    for (const aud of this.opts.apiAudiences ?? []) h.update(`${aud.length}:${aud}`);
    return h.update(token).digest('base64');
  }

  /** One review (with retries); null for "not authenticated", throws for errors. */
  private async review(token: string): Promise<UserInfo | null> {
    const wantAuds = this.opts.apiAudiences ?? [];
    const status = await this.withBackoff(() => this.post(token, wantAuds));
    if (wantAuds.length > 0) {
      const got = status.audiences && status.audiences.length > 0 ? status.audiences : wantAuds;
      if (!wantAuds.some((a) => got.includes(a))) return null;
    }
    if (!status.authenticated) {
      if (status.error) throw new Error(status.error);
      return null;
    }
    const u = status.user ?? {};
    const user: UserInfo = { username: u.username ?? '', groups: u.groups ?? [] };
    if (u.uid) user.uid = u.uid;
    if (u.extra) user.extra = { ...u.extra };
    return user;
  }

  private async post(token: string, audiences: string[]): Promise<ReviewStatus> {
    const apiVersion = `authentication.k8s.io/${this.version}`;
    const spec: Record<string, unknown> = { token };
    if (audiences.length > 0) spec.audiences = audiences;
    const body = JSON.stringify({ kind: 'TokenReview', apiVersion, metadata: { creationTimestamp: null }, spec, status: { user: {} } });
    const c = this.opts.connection;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (c.token) headers.authorization = `Bearer ${c.token}`;
    let res;
    try {
      res = await httpsRequest(c.server, { method: 'POST', body, headers, caPem: c.caPem, certPem: c.certPem, keyPem: c.keyPem, timeoutMs: this.opts.timeoutMs ?? 30_000, maxBytes: 1024 * 1024 });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const msg = `Post ${JSON.stringify(c.server)}: ${(e as Error).message}`;
      throw code === 'ECONNRESET' ? new RetriableError(msg) : new Error(msg);
    }
    if (res.status === 429) throw new RetriableError(`the server has received too many requests and has asked us to try again later`);
    if (res.status < 200 || res.status > 299) throw new Error(`the server responded with the status code ${res.status} but did not return more information`);
    let review: { apiVersion?: unknown; kind?: unknown; status?: ReviewStatus };
    try {
      review = JSON.parse(res.body);
    } catch (e) {
      throw new Error(`couldn't decode the webhook's TokenReview: ${(e as Error).message}`);
    }
    if (review === null || typeof review !== 'object' || Array.isArray(review)) throw new Error("couldn't decode the webhook's TokenReview: not an object");
    if (review.apiVersion !== undefined && review.apiVersion !== apiVersion) {
      throw new Error(`the webhook answered with ${String(review.apiVersion)}, expected ${apiVersion}`);
    }
    if (review.kind !== undefined && review.kind !== 'TokenReview') throw new Error(`the webhook answered with kind ${String(review.kind)}, expected TokenReview`);
    return checkStatus(review.status ?? {});
  }

  private async withBackoff<T>(fn: () => Promise<T>): Promise<T> {
    const b = this.opts.retryBackoff ?? DEFAULT_RETRY_BACKOFF;
    let delay = b.initialMs;
    for (let step = 1; ; step++) {
      try {
        return await fn();
      } catch (e) {
        if (!(e instanceof RetriableError) || step >= b.steps) throw e;
      }
      await new Promise((r) => setTimeout(r, delay * (1 + Math.random() * b.jitter)));
      delay *= b.factor;
    }
  }
}

function checkStatus(s: ReviewStatus): ReviewStatus {
  const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const bad = (what: string) => new Error(`couldn't decode the webhook's TokenReview: status.${what} has the wrong type`);
  if (typeof s !== 'object' || s === null) throw bad('');
  if (s.authenticated !== undefined && typeof s.authenticated !== 'boolean') throw bad('authenticated');
  if (s.error !== undefined && typeof s.error !== 'string') throw bad('error');
  if (s.audiences !== undefined && s.audiences !== null && !isStrings(s.audiences)) throw bad('audiences');
  const u = s.user;
  if (u !== undefined && u !== null) {
    if (typeof u !== 'object') throw bad('user');
    if (u.username !== undefined && typeof u.username !== 'string') throw bad('user.username');
    if (u.uid !== undefined && typeof u.uid !== 'string') throw bad('user.uid');
    if (u.groups !== undefined && u.groups !== null && !isStrings(u.groups)) throw bad('user.groups');
    if (u.extra !== undefined && u.extra !== null && (typeof u.extra !== 'object' || !Object.values(u.extra).every(isStrings))) throw bad('user.extra');
  }
  return { ...s, audiences: s.audiences ?? undefined, user: u ? { ...u, groups: u.groups ?? undefined, extra: u.extra ?? undefined } : undefined };
}
