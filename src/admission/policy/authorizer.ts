// The `authorizer` CEL variable of admission policies over the server's asynchronous
// authorizer. CEL evaluates synchronously, so a request's evaluation records the checks
// it could not answer from memory; the dispatcher then asks the authorizer for them and
// evaluates again (expressions are deterministic, so a round with no new checks is final).
// One cache per request, as upstream's CachingAuthorizer.

import type { AuthorizationResult, Attributes as AuthzAttributes, Authorizer } from '../../authz/types.js';
import type { SyncAuthorizer } from '../../authz/cel-adapter.js';

export class RequestAuthorizerCache implements SyncAuthorizer {
  private readonly answers = new Map<string, AuthorizationResult>();
  private readonly pending = new Map<string, AuthzAttributes>();

  constructor(private readonly authorizer: Authorizer) {}

  authorizeSync(attributes: AuthzAttributes): AuthorizationResult {
    const key = JSON.stringify(attributes);
    const known = this.answers.get(key);
    if (known) return known;
    this.pending.set(key, attributes);
    return { decision: 'noOpinion', reason: '' };
  }

  /** Whether the last evaluation asked something not answered yet. */
  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Ask the authorizer what the last evaluation needed. */
  async resolvePending(): Promise<void> {
    const asked = [...this.pending];
    this.pending.clear();
    await Promise.all(
      asked.map(async ([key, attributes]) => {
        let answer: AuthorizationResult;
        try {
          answer = await this.authorizer.authorize(attributes);
        } catch (e) {
          answer = { decision: 'noOpinion', reason: '', error: (e as Error).message };
        }
        this.answers.set(key, answer);
      }),
    );
  }
}
