// A SubjectAccessReview webhook on loopback with its own CA and serving certificate, for
// the Webhook authorizer tests; it records every review and answers with `decide`.

import { createServer, type Server } from 'node:https';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePki } from '../../src/cli/pki.js';

export interface ReviewWebhook {
  url: string;
  /** A kubeconfig naming this webhook (absolute path). */
  kubeconfig: string;
  received: any[];
  decide: (review: any) => { status?: number; body?: unknown; delayMs?: number };
  close(): Promise<void>;
}

export async function startReviewWebhook(decide: ReviewWebhook['decide']): Promise<ReviewWebhook> {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-webhook-'));
  const pki = await ensurePki(dir);
  const received: any[] = [];
  const hook: ReviewWebhook = { url: '', kubeconfig: join(dir, 'webhook.kubeconfig'), received, decide, close: async () => undefined };
  const server: Server = createServer({ key: pki.serving.keyPem, cert: pki.serving.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received.push(review);
      const answer = hook.decide(review);
      const reply = () => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? { ...review, status: { allowed: false } }));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  hook.url = `https://127.0.0.1:${port}/authorize`;
  writeFileSync(hook.kubeconfig, `apiVersion: v1
kind: Config
clusters:
- name: authz
  cluster:
    server: ${hook.url}
    certificate-authority-data: ${Buffer.from(pki.ca.certPem).toString('base64')}
users:
- name: apiserver
  user:
    token: webhook-caller-token
contexts:
- name: authz
  context: {cluster: authz, user: apiserver}
current-context: authz
`);
  hook.close = () =>
    new Promise((r) => {
      server.closeAllConnections?.();
      server.close(() => r());
    });
  return hook;
}

/** A review answer in the version the review came in. */
export function answer(review: any, status: Record<string, unknown>): unknown {
  return { apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status };
}
