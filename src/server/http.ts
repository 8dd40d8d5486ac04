// Request and response plumbing shared by every endpoint: one request type over
// HTTP/1.1 and HTTP/2, bounded body reading, and writing objects and Status errors.

import { stringifyJson } from '../encoding/json-depth.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { createGzip, gzip } from 'node:zlib';
import { requestEntityTooLarge, StatusError, type Status } from '../apimachinery/errors.js';
import type { UserInfo } from '../authn/types.js';
import { toGoYaml } from '../encoding/go-yaml.js';
import { goParseBool } from '../apimachinery/querybool.js';
import { CBOR_MEDIA_TYPE, negotiateResponse, type Encoding } from '../encoding/negotiate.js';
import { encodeObjectProto, PROTOBUF_MEDIA_TYPE } from '../encoding/protobuf.js';
import { encodeCbor } from '../encoding/cbor.js';
import type { ObjectType } from '../types/schema.js';
import { Status as StatusType } from '../types/schemas/meta.js';
import type { RequestInfo } from './requestinfo.js';
import { isHeaderName, warningHeaderValues, wireHeaderValue } from './headers.js';
import { PacedWriter, type PacedOutput } from './paced-writer.js';

export type Req = IncomingMessage | Http2ServerRequest;
export type Res = ServerResponse | Http2ServerResponse;

/** Upstream's default limit on request bodies (3 MiB, genericapiserver's MaxRequestBodyBytes). */
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
  /** Warning texts that must go out with whatever is written. */
  warnings: string[];
  /** Annotations for the request's audit event (admission plugins add them). */
  auditAnnotations: Record<string, string>;
  /** The request body limit (--max-request-body-bytes); 0 means none. */
  maxBodyBytes: number;
  /** The authorizer's answer (audit annotations, metrics). */
  authorization?: { decision: 'allow' | 'forbid'; reason: string };
  /** The request body once read (the audit log's requestObject). */
  requestBody?: Buffer;
  /** The resource handler serves CBOR (CBORServingAndStorage): errors may be negotiated to it. */
  cbor?: boolean;
}

const CONNECTION_SPECIFIC = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Printable ASCII without surrounding spaces: a header value wireHeaderValue leaves unchanged. */
const PLAIN_VALUE = /^[!-~](?:[ -~]*[!-~])?$/;

export type HeaderValue = string | number | readonly string[];

/**
 * Sets a response header. Never throws: values are made legal as Go's net/http writes
 * them (see headers.ts); a name or value that cannot be sent is dropped.
 */
export function setHeader(res: Res, name: string, value: HeaderValue): void {
  if (res.headersSent || !isHeaderName(name)) return;
  // HTTP/2 has no connection-specific headers (RFC 9113 8.2.2); Go's HTTP/2 server drops them too.
  if ('stream' in res && CONNECTION_SPECIFIC.has(name.toLowerCase())) return;
  if (typeof value === 'string' && PLAIN_VALUE.test(value)) {
    // Already what wireHeaderValue would make of it (the common case: types, ids, lengths).
    try {
      res.setHeader(name, value);
    } catch {
      // as below
    }
    return;
  }
  const values = (Array.isArray(value) ? value : [String(value)]).map(wireHeaderValue).filter((v): v is string => v !== undefined);
  try {
    if (values.length === 0) res.removeHeader(name);
    else res.setHeader(name, values.length === 1 && !Array.isArray(value) ? values[0]! : values);
  } catch {
    // Headers Node refuses for the protocol (e.g. Connection over HTTP/2) are not sent.
  }
}

/**
 * The one place a response's status line and headers are written: `headers`, the
 * request's warnings, then the status. Never throws; a response that still cannot be
 * started is destroyed (the client sees its stream reset) rather than taking the
 * process down.
 */
export function writeHead(ctx: Ctx, code: number, headers: Record<string, HeaderValue> = {}): void {
  const res = ctx.res;
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(headers)) setHeader(res, name, value);
  const warnings = warningHeaderValues(ctx.warnings);
  if (warnings.length) setHeader(res, 'warning', warnings);
  try {
    res.writeHead(code);
  } catch {
    res.destroy();
  }
}

export function header(req: Req, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  if (Array.isArray(v)) return v.join(', ');
  return v ?? undefined;
}

/**
 * The request body, at most ctx.maxBodyBytes (upstream's limitedReadBody). Past the
 * limit: a 413 Status, after which the connection closes (see tooLarge).
 */
export async function readBody(ctx: Ctx): Promise<Buffer> {
  const { req } = ctx;
  const limit = ctx.maxBodyBytes > 0 ? ctx.maxBodyBytes : Infinity;
  const declared = Number(header(req, 'content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(ctx);
  const buffered = bufferedBody(req, declared);
  if (buffered) return (ctx.requestBody = buffered);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(ctx);
    chunks.push(chunk);
  }
  ctx.requestBody = Buffer.concat(chunks);
  return ctx.requestBody;
}

/**
 * An HTTP/1.1 body whose declared length has arrived whole (a small body comes with its
 * headers, and is parsed before the filters let the handler read it), taken at once from
 * the stream's buffer: async iteration would cost more than the rest of reading it. The
 * parser never passes on more than Content-Length bytes. Undefined when the body must be
 * read as it comes (not all there yet, chunked, or already flowing).
 */
function bufferedBody(req: Req, declared: number): Buffer | undefined {
  if ('stream' in req || !Number.isFinite(declared)) return undefined;
  if (req.readableFlowing !== null || req.readableLength !== declared) return undefined;
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while (req.readableLength > 0 && (chunk = req.read() as Buffer | null) !== null) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * Go's server answers and then closes a connection whose request body was left unread
 * (it drains at most 256 KiB). The rest of the body is discarded while the answer goes
 * out, so the client reads the 413 instead of a reset; then the HTTP/1.1 connection
 * closes (HTTP/2 ends just the stream).
 */
function tooLarge(ctx: Ctx): StatusError {
  const { req, res } = ctx;
  req.resume();
  if (!('stream' in res)) {
    setHeader(res, 'connection', 'close');
    // Node would destroy the socket right after the answer, and a close with unread input
    // sends a reset that can discard the answer before the client reads it.
    const socket = (req as IncomingMessage).socket as IncomingMessage['socket'] & { destroySoon?: () => void };
    socket.destroySoon = () => {
      // Half-close once the whole body arrived (discarded), so no unread input turns the
      // close into a reset; a client still sending after 30 s is cut off.
      const close = () => {
        socket.end();
        setTimeout(() => socket.destroy(), 500).unref();
      };
      if ((req as IncomingMessage).complete) close();
      else req.once('end', close);
      setTimeout(() => socket.destroy(), 30_000).unref();
    };
  }
  return requestEntityTooLarge(ctx.maxBodyBytes);
}

/** Cache-Control as upstream's WithCacheControl filter sets it: unless the handler set its own. */
function baseHeaders(ctx: Ctx, contentType: string): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = { 'content-type': contentType, 'audit-id': ctx.auditId };
  if (!ctx.res.hasHeader('cache-control')) headers['cache-control'] = 'no-cache, private';
  return headers;
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
    writeHead(ctx, code, headers);
    if (ctx.method === 'HEAD') res.end();
    else endWithBody(res, bytes);
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

/** Bodies from this size on are written a piece at a time (paced-writer.ts); smaller ones in one write. */
const STREAM_THRESHOLD = 1024 * 1024;

/** Ends a response with its body: a large one is handed to the connection a piece at a time (paced-writer.ts). */
export function endWithBody(res: Res, body: Buffer): void {
  if (body.length < STREAM_THRESHOLD) {
    res.end(body);
    return;
  }
  const out = new PacedWriter(res as unknown as PacedOutput);
  out.write(body);
  out.end();
}

/**
 * A JSON body given as parts (a list's items): small bodies go out as one buffer with a
 * Content-Length; large ones are written part by part, each piece once the connection has
 * taken the last (chunked, gzip-compressed on the way when the client accepts it), as
 * upstream's streaming collection encoder (StreamingCollectionEncodingToJSON, on by default
 * since 1.33) writes lists. The whole body, and its compressed or encrypted copy, is never held at once.
 */
export async function sendJsonParts(ctx: Ctx, code: number, parts: Buffer[]): Promise<void> {
  let size = 0;
  for (const p of parts) size += p.length;
  if (size < STREAM_THRESHOLD || ctx.method !== 'GET') {
    sendBytes(ctx, code, 'application/json', Buffer.concat(parts, size));
    return;
  }
  const headers = baseHeaders(ctx, 'application/json');
  const compress = acceptsGzip(ctx);
  if (compress) {
    headers['content-encoding'] = 'gzip';
    headers['vary'] = 'Accept-Encoding';
  }
  writeHead(ctx, code, headers);
  let target = ctx.res as unknown as PacedOutput;
  if (compress) {
    const gz = createGzip({ level: 1 });
    gz.pipe(ctx.res as unknown as NodeJS.WritableStream);
    gz.once('error', () => (ctx.res as unknown as { destroy(): void }).destroy());
    ctx.res.once('close', () => gz.destroy());
    target = gz;
  }
  const out = new PacedWriter(target);
  for (const p of parts) out.write(p);
  out.end();
  // The handler (and its flow-control seat) lasts until the connection has been handed the whole list.
  await out.taken();
}

/** Upstream's isPrettyPrint (negotiation/negotiate.go): ?pretty by strconv.ParseBool, else curl, wget and browsers. */
export function isPretty(ctx: Ctx): boolean {
  const p = ctx.query.get('pretty');
  if (p) return goParseBool(p) ?? false;
  const ua = header(ctx.req, 'user-agent') ?? '';
  return ua.startsWith('curl') || ua.startsWith('Wget') || ua.startsWith('Mozilla/5.0');
}

/** Write a value as JSON, YAML or protobuf. `json` may be pre-encoded bytes (the fast path); protobuf needs the type. */
export function sendEncoded(ctx: Ctx, code: number, encoding: Encoding, value: unknown, preEncoded?: Buffer, protoType?: ObjectType): void {
  const proto = encoding === 'protobuf' && protoType;
  if (encoding !== 'cbor' && !proto && encoding !== 'yaml' && !isPretty(ctx)) {
    sendBytes(ctx, code, 'application/json', preEncoded ?? Buffer.from(stringifyJson(value) + '\n'));
    return;
  }
  const v = preEncoded ? JSON.parse(preEncoded.toString('utf8')) : value;
  if (encoding === 'cbor') sendBytes(ctx, code, CBOR_MEDIA_TYPE, encodeCbor(v, protoType));
  else if (proto) sendBytes(ctx, code, PROTOBUF_MEDIA_TYPE, Buffer.from(encodeObjectProto(v as Record<string, unknown>, proto)));
  else if (encoding === 'yaml') sendBytes(ctx, code, 'application/yaml', toGoYaml(v));
  // json.MarshalIndent(obj, "", "  ") with no trailing newline, as the pretty serializer writes it.
  else sendBytes(ctx, code, 'application/json', JSON.stringify(v, null, 2));
}

export function sendStatus(ctx: Ctx, err: StatusError): void {
  const res = ctx.res;
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(err.headers)) setHeader(res, k, v);
  const encoding = err.protobuf ? 'protobuf' : statusEncoding(ctx);
  if (!encoding) {
    // Upstream's WriteObjectNegotiated: an error whose Accept cannot be met is written by
    // WriteRawJSON (json.MarshalIndent, no trailing newline) with its own code.
    sendBytes(ctx, err.code, 'application/json', JSON.stringify(err.status, null, 2));
    return;
  }
  sendEncoded(ctx, err.code, encoding, err.status, undefined, encoding === 'protobuf' ? StatusType : undefined);
}

/**
 * An API error is written as upstream's ErrorNegotiated writes it, on every path: in the
 * representation the Accept header names among JSON, YAML and protobuf (CBOR only where a
 * resource handler serves it; the filters' serializer has none); undefined when none fits.
 */
function statusEncoding(ctx: Ctx): Encoding | undefined {
  try {
    return negotiateResponse(header(ctx.req, 'accept'), 'other', { protobuf: true, cbor: ctx.cbor === true }).encoding;
  } catch {
    return undefined;
  }
}

export function successStatus(details: Status['details'], code = 200): Status {
  const s: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code };
  if (details) s.details = details;
  return s;
}

export function sendText(ctx: Ctx, code: number, text: string, extraHeaders: Record<string, HeaderValue> = {}): void {
  const res = ctx.res;
  writeHead(ctx, code, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache, private',
    'audit-id': ctx.auditId,
    'content-length': String(Buffer.byteLength(text)),
    ...extraHeaders,
  });
  if (ctx.method === 'HEAD') res.end();
  else res.end(text);
}

/** Request headers by lower-cased name with every value of a repeated header kept apart (Node joins them with ", "). */
export function distinctHeaders(ctx: Ctx): Map<string, string[]> {
  const raw = ctx.req.rawHeaders ?? [];
  const out = new Map<string, string[]>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const list = out.get(name);
    if (list) list.push(raw[i + 1]!);
    else out.set(name, [raw[i + 1]!]);
  }
  return out;
}
