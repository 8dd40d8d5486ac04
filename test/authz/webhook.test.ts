// The Webhook authorizer against a real TLS webhook on loopback (upstream
// k8s.io/apiserver/plugin/pkg/authorizer/webhook/webhook.go): v1 and v1beta1 review
// bodies, the decision mapping, the allow/deny caches, timeouts and failure policies,
// and CEL matchConditions over the v1 SubjectAccessReview spec.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Attributes } from '../../src/authz/types.js';
import { WebhookAuthorizer, type WebhookAuthorizerOptions } from '../../src/authz/webhook.js';
import { loadKubeconfigTarget } from '../../src/util/webhook-client.js';
import { answer, startReviewWebhook, type ReviewWebhook } from '../support/webhook-server.js';

function attrs(user: string, over: Partial<Attributes> = {}): Attributes {
  return {
    user: { username: user, uid: `${user}-uid`, groups: ['team', 'system:authenticated'], extra: { scopes: ['a'] } },
    verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/ns/pods/p', namespace: 'ns', apiGroup: '', apiVersion: 'v1',
    resource: 'pods', subresource: '', name: 'p', ...over,
  };
}

describe('webhook authorizer', () => {
  let hook: ReviewWebhook;
  before(async () => {
    hook = await startReviewWebhook((review) => {
      const user = review.spec.user;
      if (user === 'alice') return { body: answer(review, { allowed: true, reason: 'alice may' }) };
      if (user === 'mallory') return { body: answer(review, { allowed: false, denied: true, reason: 'mallory may not' }) };
      if (user === 'both') return { body: answer(review, { allowed: true, denied: true }) };
      if (user === 'slow') return { body: answer(review, { allowed: true }), delayMs: 2000 };
      if (user === 'broken') return { status: 500, body: 'oops' };
      if (user === 'garbage') return { body: 'not json' };
      return { body: answer(review, { allowed: false, reason: 'no opinion here' }) };
    });
  });
  after(async () => {
    await hook?.close();
  });

  const make = (over: Partial<WebhookAuthorizerOptions> = {}) =>
    new WebhookAuthorizer({
      target: () => loadKubeconfigTarget(hook.kubeconfig),
      version: 'v1', authorizedTTLMs: 60_000, unauthorizedTTLMs: 60_000, timeoutMs: 5000, failurePolicy: 'NoOpinion', initialBackoffMs: 10, ...over,
    });

  it('sends a v1 SubjectAccessReview and maps allowed, denied and neither to allow, deny and no opinion', async () => {
    const w = make();
    assert.deepEqual(await w.authorize(attrs('alice')), { decision: 'allow', reason: 'alice may' });
    const sent = hook.received.at(-1);
    assert.deepEqual(sent, {
      kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null },
      spec: {
        resourceAttributes: { namespace: 'ns', verb: 'get', version: 'v1', resource: 'pods', name: 'p' },
        user: 'alice', groups: ['team', 'system:authenticated'], extra: { scopes: ['a'] }, uid: 'alice-uid',
      },
      status: { allowed: false },
    });
    assert.deepEqual(await w.authorize(attrs('mallory')), { decision: 'deny', reason: 'mallory may not' });
    assert.deepEqual(await w.authorize(attrs('carol')), { decision: 'noOpinion', reason: 'no opinion here' });
    const both = await w.authorize(attrs('both'));
    assert.equal(both.decision, 'deny');
    assert.equal(both.error, 'webhook subject access review returned both allow and deny response');
    await w.authorize(attrs('alice', { isResourceRequest: false, path: '/healthz', namespace: '', resource: '', name: '', apiVersion: '' }));
    assert.deepEqual(hook.received.at(-1).spec.nonResourceAttributes, { path: '/healthz', verb: 'get' });
  });

  it('speaks v1beta1 (groups as "group")', async () => {
    const w = make({ version: 'v1beta1' });
    assert.equal((await w.authorize(attrs('alice'))).decision, 'allow');
    const sent = hook.received.at(-1);
    assert.equal(sent.apiVersion, 'authorization.k8s.io/v1beta1');
    assert.deepEqual(sent.spec.group, ['team', 'system:authenticated']);
    assert.equal(sent.spec.groups, undefined);
  });

  it('caches allowed and unauthorized answers for their TTLs', async () => {
    const w = make({ authorizedTTLMs: 60_000, unauthorizedTTLMs: 1 });
    const before = hook.received.length;
    await w.authorize(attrs('alice'));
    await w.authorize(attrs('alice'));
    assert.equal(hook.received.length, before + 1, 'the second allow came from the cache');
    await w.authorize(attrs('carol'));
    await new Promise((r) => setTimeout(r, 20));
    await w.authorize(attrs('carol'));
    assert.equal(hook.received.length, before + 3, 'the unauthorized answer expired');
    // A different request is a different cache key.
    await w.authorize(attrs('alice', { verb: 'list', name: '' }));
    assert.equal(hook.received.length, before + 4);
  });

  it('applies the failure policy to timeouts, errors and malformed answers', async () => {
    for (const user of ['slow', 'broken', 'garbage']) {
      const deny = await make({ failurePolicy: 'Deny', timeoutMs: 200 }).authorize(attrs(user));
      assert.equal(deny.decision, 'deny', user);
      assert.ok(deny.error, `${user}: an error is reported`);
      const skip = await make({ failurePolicy: 'NoOpinion', timeoutMs: 200 }).authorize(attrs(user));
      assert.equal(skip.decision, 'noOpinion', user);
      assert.ok(skip.error);
    }
    const unreachable = new WebhookAuthorizer({
      target: () => ({ url: new URL('https://127.0.0.1:1/') }),
      version: 'v1', authorizedTTLMs: 1, unauthorizedTTLMs: 1, timeoutMs: 500, failurePolicy: 'Deny', initialBackoffMs: 1,
    });
    assert.equal((await unreachable.authorize(attrs('alice'))).decision, 'deny');
  });

  it('asks only when every matchCondition holds; an evaluation error yields the failure policy', async () => {
    const conditions = ["request.user != 'skipme'", "!('resourceAttributes' in request) || request.resourceAttributes.namespace != 'kube-system'"];
    const w = make({ matchConditions: conditions, failurePolicy: 'Deny' });
    const before = hook.received.length;
    assert.deepEqual(await w.authorize(attrs('skipme')), { decision: 'noOpinion', reason: '' });
    assert.deepEqual(await w.authorize(attrs('alice', { namespace: 'kube-system' })), { decision: 'noOpinion', reason: '' });
    assert.equal(hook.received.length, before, 'the webhook was not called');
    assert.equal((await w.authorize(attrs('alice'))).decision, 'allow');
    assert.equal(hook.received.length, before + 1);
    const failing = "request.resourceAttributes.namespace == 'ns'";
    const nonResource = { isResourceRequest: false, path: '/metrics', namespace: '', resource: '', name: '' };
    const denied = await make({ matchConditions: [failing], failurePolicy: 'Deny' }).authorize(attrs('alice', nonResource));
    assert.equal(denied.decision, 'deny');
    assert.match(denied.error ?? '', /resourceAttributes/);
    const skipped = await make({ matchConditions: [failing], failurePolicy: 'NoOpinion' }).authorize(attrs('alice', nonResource));
    assert.equal(skipped.decision, 'noOpinion');
    assert.equal(hook.received.length, before + 1);
  });

  it('cannot resolve rules: rules reviews are incomplete', async () => {
    assert.deepEqual(await make().rulesFor(), {
      resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'webhook authorizer does not support user rule resolution',
    });
  });
});
