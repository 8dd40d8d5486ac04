// The token success cache (k8s.io/apiserver/pkg/authentication/token/cache, 10s for
// successes in kube-apiserver): keyed by token and audiences, holding no credential.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TokenSuccessCache } from '../../src/authn/token-cache.js';
import { BearerTokenAuthenticator } from '../../src/authn/bearer.js';
import type { TokenAuthenticator, UserInfo } from '../../src/authn/types.js';

describe('token success cache', () => {
  it('remembers successes per token and audiences, never failures, and keys hold no token', async () => {
    const cache = new TokenSuccessCache(60_000);
    const key = cache.key('secret-token', ['api']);
    assert.ok(!key.includes('secret-token'));
    assert.notEqual(key, cache.key('secret-token', ['other']));
    let calls = 0;
    let answer: UserInfo | null = { username: 'u', groups: [] };
    const counting: TokenAuthenticator = {
      async authenticateToken(token) {
        calls++;
        return token === 'secret-token' ? answer : null;
      },
    };
    const bearer = new BearerTokenAuthenticator([counting], ['api'], cache);
    const req = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    assert.equal((await bearer.authenticate(req('secret-token')))?.user.username, 'u');
    answer = null; // Revoked upstream of the cache: the cached success still answers.
    assert.equal((await bearer.authenticate(req('secret-token')))?.user.username, 'u');
    assert.equal(calls, 1);
    await assert.rejects(bearer.authenticate(req('wrong')));
    await assert.rejects(bearer.authenticate(req('wrong')));
    assert.equal(calls, 3, 'failures are not cached');
    // Without a cache every request is checked.
    const uncached = new BearerTokenAuthenticator([counting], ['api']);
    await assert.rejects(uncached.authenticate(req('secret-token')));
  });
});
