// authentication_attempts, authentication_duration_seconds, authorization_attempts_total,
// authorization_duration_seconds and authenticated_user_requests (no apiserver_ prefix upstream)
// (k8s.io/apiserver pkg/endpoints/filters/metrics.go).

import { exponentialBuckets, type MetricsRegistry } from './registry.js';

export type AuthenticationResult = 'success' | 'failure' | 'error';
export type AuthorizationResult = 'allowed' | 'denied' | 'no-opinion' | 'error';

export class AuthMetrics {
  private readonly users;
  private readonly authnAttempts;
  private readonly authnLatency;
  private readonly authzAttempts;
  private readonly authzLatency;

  constructor(reg: MetricsRegistry) {
    this.users = reg.counter({ name: 'authenticated_user_requests', help: 'Counter of authenticated requests broken out by username.', labelNames: ['username'] as const });
    this.authnAttempts = reg.counter({ name: 'authentication_attempts', help: 'Counter of authenticated attempts.', labelNames: ['result'] as const });
    this.authnLatency = reg.histogram({
      name: 'authentication_duration_seconds', help: 'Authentication duration in seconds broken out by result.', labelNames: ['result'] as const,
      buckets: exponentialBuckets(0.001, 2, 15),
    });
    this.authzAttempts = reg.counter({
      name: 'authorization_attempts_total', labelNames: ['result'] as const,
      help: "Counter of authorization attempts broken down by result. It can be either 'allowed', 'denied', 'no-opinion' or 'error'.",
    });
    this.authzLatency = reg.histogram({
      name: 'authorization_duration_seconds', help: 'Authorization duration in seconds broken out by result.', labelNames: ['result'] as const,
      buckets: exponentialBuckets(0.001, 2, 15),
    });
  }

  authenticated(result: AuthenticationResult, seconds: number, username?: string): void {
    if (result === 'success' && username !== undefined) this.users.inc({ username: compressUsername(username) });
    this.authnAttempts.inc({ result });
    this.authnLatency.observe({ result }, seconds);
  }

  authorized(result: AuthorizationResult, seconds: number): void {
    this.authzAttempts.inc({ result });
    this.authzLatency.observe({ result }, seconds);
  }
}

/** Bounded cardinality: a few well-known names, "email_id", or "other". */
function compressUsername(username: string): string {
  if (['admin', 'client', 'kube_proxy', 'kubelet', 'system:serviceaccount:kube-system:default'].includes(username)) return username;
  return username.includes('@') ? 'email_id' : 'other';
}
