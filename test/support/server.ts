// An in-process skiff on an ephemeral port with a temporary data dir, plus a small
// HTTPS client that authenticates with the generated admin certificate.

import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningSkiff, type SkiffOptions } from '../../src/index.js';
import { createLogger, type Logger } from '../../src/util/log.js';

export interface TestServer extends RunningSkiff {
  dataDir: string;
  request(method: string, path: string, opts?: RequestOptions): Promise<HttpResult>;
  /** Open a streaming GET; lines are delivered as they arrive. */
  stream(path: string, onLine: (line: string) => void, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; close(): void; ended: Promise<void> }>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body bytes or text, sent as is. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Authenticate as admin (default true). */
  auth?: boolean;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body's bytes (binary encodings). */
  body: Buffer;
  json(): any;
}

/** One HTTPS request to base's host, read whole; a body is framed with its content-length. */
export function httpsCall(
  base: URL,
  o: { method: string; path: string; headers: Record<string, string | string[]>; ca?: string; cert?: string; key?: string; rejectUnauthorized?: boolean; agent?: HttpsAgent },
  body?: string | Buffer,
): Promise<HttpResult> {
  // Node sends DELETE bodies without framing unless told the length.
  const headers = body === undefined ? o.headers : { ...o.headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: base.hostname, port: base.port, agent: false, ...o, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: bytes, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function startTestServer(opts: SkiffOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'skiff-test-'));
  const running = await startServer({ securePort: 0, bindAddress: '127.0.0.1', ...opts, dataDir, logger: opts.logger ?? silentLogger() });
  const base = new URL(running.url);
  const tlsOpts = (auth: boolean) => ({
    ca: running.caPem,
    cert: auth ? running.adminCertPem : undefined,
    key: auth ? running.adminKeyPem : undefined,
  });
  const request = (method: string, path: string, o: RequestOptions = {}): Promise<HttpResult> => {
    const body = o.raw !== undefined ? o.raw : o.body !== undefined ? JSON.stringify(o.body) : undefined;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    return httpsCall(base, { method, path, headers, ...tlsOpts(o.auth ?? true) }, body);
  };
  const stream: TestServer['stream'] = (path, onLine, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = httpsRequest({ host: base.hostname, port: base.port, method: 'GET', path, headers, agent: false, ...tlsOpts(true) }, (res) => {
        let buf = '';
        let endResolve: () => void;
        const ended = new Promise<void>((r) => (endResolve = r));
        res.on('data', (c: Buffer) => {
          buf += c.toString('utf8');
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            if (line.trim()) onLine(line);
          }
        });
        res.on('end', () => endResolve());
        res.on('close', () => endResolve());
        resolve({ status: res.statusCode ?? 0, headers: res.headers, close: () => req.destroy(), ended });
      });
      req.on('error', reject);
      req.end();
    });
  return {
    ...running,
    dataDir,
    request,
    stream,
    async close() {
      await running.stop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a test server, runs fn with it and stops it whatever fn does; fn's result is returned.
 * The data dir stays (tests that restart on one dir pass their own).
 */
export async function withTestServer<T>(opts: SkiffOptions, fn: (srv: TestServer) => Promise<T>): Promise<T> {
  const srv = await startTestServer(opts);
  try {
    return await fn(srv);
  } finally {
    await srv.stop();
  }
}

/** Errors only, so a failing test still shows why the server complained. */
export function silentLogger(): Logger {
  return createLogger({ verbosity: 0, stream: { write: (line: string) => (line.startsWith('E') ? process.stderr.write(line) : true) } });
}

/** Poll until fn returns truthy or the timeout passes (generous: CI is a loaded 2-core machine). */
export async function eventually<T>(fn: () => T | Promise<T>, timeoutMs = 15_000, what = 'condition', intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
