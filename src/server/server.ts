// The listener: panic recovery and request info around the filter chain it is given,
// then routing. One TLS port serves HTTP/2 and HTTP/1.1.

import { randomUUID } from 'node:crypto';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { internalError, isStatusError } from '../apimachinery/errors.js';
import type { Logger } from '../util/log.js';
import { MAX_BODY_BYTES, sendStatus, sendText, type Ctx, type Req, type Res } from './http.js';
import { answerClientError, GO_MAX_HEADER_BYTES, HTTP2_MAX_HEADER_LIST_SIZE } from './wire-errors.js';
import { parseRequestTarget } from './request-target.js';
import { parseRequestInfo } from './requestinfo.js';
import { composeFilters, type Filter } from './filter.js';
import { waitAtMost } from '../util/wait-at-most.js';

/** A route handler: returns true when it handled the request. */
export type Route = (ctx: Ctx) => Promise<boolean> | boolean;

export interface ServerOptions {
  key: string;
  cert: string;
  /** CA bundle used to request (not require) client certificates. */
  clientCa?: string;
  /** The filter chain, outermost first (authentication, impersonation, flow control, authorization, ...). */
  filters: readonly Filter[];
  routes: Route[];
  logger: Logger;
  /** The request body limit in bytes (upstream's MaxRequestBodyBytes, 3 MiB by default); 0 means none. */
  maxRequestBodyBytes?: number;
  /** Called when a request ends (its audit annotations are final); until an audit log exists, the test hook for them. */
  onRequestEnd?: (ctx: Ctx) => void;
}

export class ApiServer {
  private readonly http: Http2SecureServer;
  private readonly inflight = new Set<Res>();
  private readonly opts: ServerOptions;
  private readonly handler: (ctx: Ctx) => Promise<void>;

  constructor(opts: ServerOptions) {
    this.opts = opts;
    this.handler = composeFilters(opts.filters, (ctx) => this.route(ctx));
    this.http = createSecureServer(
      {
        key: opts.key,
        cert: opts.cert,
        ca: opts.clientCa,
        requestCert: true,
        rejectUnauthorized: false,
        allowHTTP1: true,
        minVersion: 'TLSv1.2',
        settings: { maxConcurrentStreams: 250, maxHeaderListSize: HTTP2_MAX_HEADER_LIST_SIZE },
        maxSessionMemory: 64,
      },
      (req, res) => this.serve(req, res),
    );
    // The HTTP/1.1 fallback reads these from the server: Go's MaxHeaderBytes (1 MiB) for the
    // request line and headers, and Go's answers to requests it cannot parse.
    (this.http as unknown as { maxHeaderSize: number }).maxHeaderSize = GO_MAX_HEADER_BYTES;
    this.http.on('clientError', (err: Error & { code?: string }, socket) => answerClientError(err, socket));
    this.http.on('sessionError', (err) => opts.logger.v(2).info('http2 session error', { err: String(err) }));
    this.http.on('tlsClientError', (err) => opts.logger.v(4).info('TLS handshake error', { err: String(err) }));
  }

  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, host, () => {
        this.http.off('error', reject);
        resolve(this.http.address() as AddressInfo);
      });
    });
  }

  /** Stop accepting connections and wait for in-flight requests (watches must be closed by the caller). */
  async close(timeoutMs = 10_000): Promise<void> {
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (this.inflight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const res of this.inflight) res.destroy?.();
    // Idle HTTP/1.1 keep-alive sockets and HTTP/2 sessions keep close() waiting: end them.
    (this.http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await waitAtMost(closed, 500);
  }

  private serve(req: Req, res: Res): void {
    this.inflight.add(res);
    res.on('close', () => this.inflight.delete(res));
    res.on('finish', () => this.inflight.delete(res));
    // One request's failure stays in its own response: whatever escapes the handler's own
    // error handling is logged and ends that response, never the process.
    this.handle(req, res).catch((e: unknown) => {
      this.opts.logger.error('response failed', e, { method: req.method, URI: req.url });
      res.destroy();
    });
  }

  private async handle(req: Req, res: Res): Promise<void> {
    const target = parseRequestTarget(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    const ctx: Ctx = {
      req,
      res,
      method,
      path: target?.path ?? '/',
      query: target?.query ?? new URLSearchParams(),
      info: parseRequestInfo(method, target?.path ?? '/', target?.query ?? new URLSearchParams()),
      auditId: randomUUID(),
      warnings: [],
      auditAnnotations: {},
      maxBodyBytes: this.opts.maxRequestBodyBytes ?? MAX_BODY_BYTES,
    };
    if (!target) {
      // Go's server refuses a request target url.ParseRequestURI cannot read before any handler runs.
      req.resume();
      sendText(ctx, 400, '400 Bad Request', { connection: 'close' });
      return;
    }
    const started = Date.now();
    try {
      await this.handler(ctx);
    } catch (e) {
      const plain = (e as { plainTextBody?: string }).plainTextBody;
      if (plain !== undefined && !res.headersSent) {
        // Inputs that make upstream panic get its plain-text 500.
        sendText(ctx, 500, plain);
        return;
      }
      const err = isStatusError(e) ? e : internalError(e);
      if (!isStatusError(e)) this.opts.logger.error('request failed', e, { path: ctx.path, method });
      sendStatus(ctx, err);
    } finally {
      this.opts.onRequestEnd?.(ctx);
      const httpLog = this.opts.logger.v(3);
      if (httpLog.enabled) httpLog.info('HTTP', {
        verb: method,
        URI: req.url,
        latency: `${Date.now() - started}ms`,
        userAgent: req.headers['user-agent'],
        audit_id: ctx.auditId,
        resp: res.statusCode,
      });
    }
  }

  private async route(ctx: Ctx): Promise<void> {
    for (const route of this.opts.routes) {
      if (await route(ctx)) return;
    }
    sendText(ctx, 404, '404 page not found\n');
  }
}
