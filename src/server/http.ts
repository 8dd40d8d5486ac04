// Request and response plumbing shared by every endpoint: one request type over
// HTTP/1.1 and HTTP/2, bounded body reading, and writing objects and Status errors.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { gzip } from 'node:zlib';
import { requestEntityTooLarge, StatusError, type Status } from '../apimachinery/errors.js';
import type { UserInfo } from '../authn/types.js';
import { toYaml } from '../encoding/yaml.js';
import type { Encoding } from '../encoding/negotiate.js';
import { encodeObjectProto, PROTOBUF_MEDIA_TYPE } from '../encoding/protobuf.js';
import type { ObjectType } from '../types/schema.js';
import type { RequestInfo } from './requestinfo.js';

export type Req = IncomingMessage | Http2ServerRequest;
export type Res = ServerResponse | Http2ServerResponse;

/** Upstream's limit on request bodies (3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export interface Ctx {
  req: Req;
  res: Res;
  method: string;
  path: string;
  query: URLSearchParams;
  info: RequestInfo;
  user?: UserInfo;
  auditId: string;
  /** Response headers that must go out with whatever is written (e.g. Warning). */
  warnings: string[];
}

export function header(req: Req, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  if (Array.isArray(v)) return v.join(', ');
  return v ?? undefined;
}

export async function readBody(req: Req, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(header(req, 'content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw requestEntityTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw requestEntityTooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function baseHeaders(ctx: Ctx, contentType: string): Record<string, string | string[]> {
  const h: Record<string, string | string[]> = {
    'content-type': contentType,
    'cache-control': 'no-cache, private',
    'audit-id': ctx.auditId,
  };
  if (ctx.warnings.length) h['warning'] = ctx.warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  return h;
}

function acceptsGzip(ctx: Ctx): boolean {
  const ae = header(ctx.req, 'accept-encoding') ?? '';
  return /\bgzip\b/i.test(ae);
}

/** Upstream compresses responses of 128 KiB and more when the client accepts gzip. */
const GZIP_THRESHOLD = 128 * 1024;

export function sendBytes(ctx: Ctx, code: number, contentType: string, body: Buffer | string): void {
  const res = ctx.res;
  const headers = baseHeaders(ctx, contentType);
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const finish = (bytes: Buffer) => {
    headers['content-length'] = String(bytes.length);
    res.writeHead(code, headers as Record<string, string>);
    if (ctx.method === 'HEAD') res.end();
    else res.end(bytes);
  };
  if (payload.length >= GZIP_THRESHOLD && acceptsGzip(ctx) && ctx.method === 'GET') {
    headers['content-encoding'] = 'gzip';
    headers['vary'] = 'Accept-Encoding';
    // Compressing a large list takes milliseconds: off the event loop, so that other
    // requests are not held up behind it.
    gzip(payload, { level: 1 }, (err, zipped) => {
      if (res.headersSent || (res as { destroyed?: boolean }).destroyed) return;
      try {
        if (err) {
          delete headers['content-encoding'];
          delete headers['vary'];
          finish(payload);
        } else {
          finish(zipped);
        }
      } catch {
        // the client went away meanwhile
      }
    });
    return;
  }
  finish(payload);
}

export function isPretty(ctx: Ctx): boolean {
  const p = ctx.query.get('pretty');
  if (p === null) return false;
  return p === '' || p === 'true' || p === '1';
}

/** Write a value as JSON, YAML or protobuf. `json` may be pre-encoded bytes (the fast path); protobuf needs the type. */
export function sendEncoded(ctx: Ctx, code: number, encoding: Encoding, value: unknown, preEncoded?: Buffer, protoType?: ObjectType): void {
  if (encoding === 'protobuf' && protoType) {
    const v = (preEncoded ? JSON.parse(preEncoded.toString('utf8')) : value) as Record<string, unknown>;
    sendBytes(ctx, code, PROTOBUF_MEDIA_TYPE, Buffer.from(encodeObjectProto(v, protoType)));
    return;
  }
  if (encoding === 'yaml') {
    const v = preEncoded ? JSON.parse(preEncoded.toString('utf8')) : value;
    sendBytes(ctx, code, 'application/yaml', toYaml(v));
    return;
  }
  if (isPretty(ctx)) {
    const v = preEncoded ? JSON.parse(preEncoded.toString('utf8')) : value;
    sendBytes(ctx, code, 'application/json', JSON.stringify(v, null, 2) + '\n');
    return;
  }
  sendBytes(ctx, code, 'application/json', preEncoded ?? Buffer.from(JSON.stringify(value) + '\n'));
}

export function sendStatus(ctx: Ctx, err: StatusError): void {
  const res = ctx.res;
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  sendEncoded(ctx, err.code, 'json', err.status);
}

export function successStatus(details: Status['details'], code = 200): Status {
  const s: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code };
  if (details) s.details = details;
  return s;
}

export function sendText(ctx: Ctx, code: number, text: string): void {
  const res = ctx.res;
  res.writeHead(code, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache, private',
    'audit-id': ctx.auditId,
    'content-length': String(Buffer.byteLength(text)),
  });
  if (ctx.method === 'HEAD') res.end();
  else res.end(text);
}
