// A small HTTPS client for the authenticators' outbound calls (OIDC discovery and
// JWKS, token review webhooks): custom CAs, client certificates, a hard timeout,
// a bounded body. Never logs what it sends (tokens travel in webhook bodies).

import { request } from 'node:https';

export interface HttpsOptions {
  method?: 'GET' | 'POST';
  /** PEM bundle to trust instead of the system roots. */
  caPem?: string;
  certPem?: string;
  keyPem?: string;
  body?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Largest accepted response body (default 4 MiB). */
  maxBytes?: number;
}

export interface HttpsResponse {
  status: number;
  contentType: string;
  body: string;
}

export class HttpsTimeoutError extends Error {}

export function httpsRequest(url: string, opts: HttpsOptions = {}): Promise<HttpsResponse> {
  const maxBytes = opts.maxBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      reject(new Error(`parse ${JSON.stringify(url)}: invalid URL`));
      return;
    }
    if (u.protocol !== 'https:') {
      reject(new Error(`unsupported protocol scheme ${JSON.stringify(u.protocol.replace(/:$/, ''))}`));
      return;
    }
    const headers: Record<string, string> = { accept: 'application/json, */*', ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = request(
      url,
      {
        method: opts.method ?? 'GET',
        headers,
        ca: opts.caPem || undefined,
        cert: opts.certPem || undefined,
        key: opts.keyPem || undefined,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy(new Error(`response body larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new HttpsTimeoutError(`${opts.method ?? 'GET'} ${url}: context deadline exceeded (Client.Timeout exceeded while awaiting headers)`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** GET a JSON document; non-200 answers and non-JSON bodies are errors. */
export async function getJson(url: string, opts: HttpsOptions = {}): Promise<unknown> {
  const res = await httpsRequest(url, opts);
  if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
  try {
    return JSON.parse(res.body);
  } catch (e) {
    throw new Error(`expected JSON from ${url}: ${(e as Error).message}`);
  }
}
