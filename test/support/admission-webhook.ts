// An admission webhook server on loopback with its own CA: every path is a webhook whose
// answer a test sets with `on(path, fn)`; every review received is recorded per path.

import { createServer, type Server } from 'node:https';
import { createCertificateAuthority, issueCertificate } from '../../src/cli/pki.js';

export interface WebhookReply {
  /** The AdmissionReview `response` (uid and apiVersion/kind are filled in from the review). */
  response?: Record<string, unknown>;
  /** A raw body instead (malformed answers). */
  raw?: string;
  status?: number;
  delayMs?: number;
}

export interface AdmissionWebhookServer {
  port: number;
  /** base64 PEM of the CA, for clientConfig.caBundle. */
  caBundle: string;
  url(path: string): string;
  on(path: string, reply: (review: any) => WebhookReply): void;
  received(path: string): any[];
  close(): Promise<void>;
}

/** A webhook server whose certificate is valid for 127.0.0.1, localhost and the given names. */
export async function startAdmissionWebhookServer(dnsNames: string[] = []): Promise<AdmissionWebhookServer> {
  const ca = await createCertificateAuthority({ commonName: 'webhook-test-ca' });
  const serving = await issueCertificate(ca, { commonName: 'webhook', dnsNames: ['localhost', ...dnsNames], ipAddresses: ['127.0.0.1'], usages: ['serverAuth'] });
  const replies = new Map<string, (review: any) => WebhookReply>();
  const seen = new Map<string, any[]>();
  const server: Server = createServer({ key: serving.keyPem, cert: serving.certPem }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let review: any;
      try {
        review = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        review = undefined;
      }
      if (!seen.has(path)) seen.set(path, []);
      seen.get(path)!.push({ ...review, query: req.url, host: req.headers.host, authorization: req.headers.authorization });
      const reply = replies.get(path)?.(review) ?? { response: { allowed: true } };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.raw ?? JSON.stringify({ apiVersion: review?.apiVersion, kind: 'AdmissionReview', response: { uid: review?.request?.uid, ...reply.response } }));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    caBundle: Buffer.from(ca.certPem).toString('base64'),
    url: (path) => `https://127.0.0.1:${port}${path}`,
    on: (path, reply) => void replies.set(path, reply),
    received: (path) => seen.get(path) ?? [],
    close: () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

/** A JSONPatch response body field: base64 of the operations. */
export function jsonPatch(ops: unknown[]): { patch: string; patchType: 'JSONPatch' } {
  return { patch: Buffer.from(JSON.stringify(ops)).toString('base64'), patchType: 'JSONPatch' };
}
