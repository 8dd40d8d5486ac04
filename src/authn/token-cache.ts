// kube-apiserver caches successful token authentications for 10s (TokenSuccessCacheTTL;
// failures are not cached: TokenFailureCacheTTL 0), keyed by the token and the requested
// audiences. Upstream: k8s.io/apiserver/pkg/authentication/token/cache. Keys are
// HMACs of the token under a per-process secret, so the cache holds no credential.

import { createHmac, randomBytes } from 'node:crypto';
import type { TokenResponse } from './types.js';

export const DEFAULT_TOKEN_SUCCESS_TTL_MS = 10_000;
const MAX_ENTRIES = 4096;

export class TokenSuccessCache {
  private readonly secret = randomBytes(32);
  private readonly entries = new Map<string, { res: TokenResponse; expires: number }>();

  constructor(private readonly ttlMs: number = DEFAULT_TOKEN_SUCCESS_TTL_MS) {}

  key(token: string, audiences: readonly string[]): string {
    return createHmac('sha256', this.secret).update(token).update('\0').update(audiences.join('\0')).digest('base64');
  }

  get(key: string): TokenResponse | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (Date.now() >= e.expires) {
      this.entries.delete(key);
      return undefined;
    }
    return structuredClone(e.res);
  }

  set(key: string, res: TokenResponse): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { res: structuredClone(res), expires: Date.now() + this.ttlMs });
  }
}
