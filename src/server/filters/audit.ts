// Audit filter: after authentication, as upstream's WithAudit (k8s.io/apiserver
// pkg/endpoints/filters/audit.go). The policy picks the request's level; events are
// written at RequestReceived, ResponseStarted (long-running requests), and
// ResponseComplete or Panic, with the user, the impersonated user, the object reference,
// the response status, the request and response bodies as the level allows, and the
// annotations the request collected (authorization decision and reason, admission).

import { gunzipSync } from 'node:zlib';
import { isStatusError } from '../../apimachinery/errors.js';
import type { Auditor } from '../../audit/layer.js';
import { auditUser, microTime, withoutManagedFields, type AuditEvent, type ObjectReference } from '../../audit/event.js';
import { levelAtLeast, type RequestAuditConfig, type Stage } from '../../audit/policy.js';
import { parseYaml } from '../../encoding/yaml.js';
import type { Filter } from '../filter.js';
import { header, type Ctx } from '../http.js';
import { isLongRunning } from '../long-running.js';
import { whenResponseDone } from './too-many-requests.js';
import { connectionSocket } from './authentication.js';

function policyFor(auditor: Auditor, ctx: Ctx): RequestAuditConfig {
  const info = ctx.info;
  return auditor.policyFor({ user: ctx.user, verb: info.verb, isResourceRequest: info.isResourceRequest, path: ctx.path, apiGroup: info.apiGroup, namespace: info.namespace, resource: info.resource, subresource: info.subresource, name: info.name });
}

function newEvent(ctx: Ctx, cfg: RequestAuditConfig): AuditEvent {
  const received = Date.now();
  return {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: cfg.level,
    auditID: ctx.auditId,
    stage: 'RequestReceived',
    requestURI: ctx.req.url ?? ctx.path,
    verb: ctx.info.verb,
    user: auditUser(ctx.user ?? { username: '' }),
    sourceIPs: sourceIPs(ctx),
    userAgent: header(ctx.req, 'user-agent'),
    objectRef: objectRef(ctx),
    requestReceivedTimestamp: microTime(received),
    stageTimestamp: microTime(received),
  };
}

/**
 * Before authentication: a request whose credentials were refused is audited at
 * ResponseStarted with the methods it tried (upstream WithFailedAuthenticationAudit).
 */
export function failedAuthenticationAuditFilter(auditor: Auditor): Filter {
  return {
    name: 'failed-authentication-audit',
    async handle(ctx, next) {
      try {
        await next();
      } catch (e) {
        if (isStatusError(e) && e.status.code === 401 && !ctx.user) {
          const cfg = policyFor(auditor, ctx);
          if (cfg.level !== 'None' && !cfg.omitStages.includes('ResponseStarted')) {
            const ev = newEvent(ctx, cfg);
            auditor.emit({ ...ev, stage: 'ResponseStarted', responseStatus: { metadata: {}, message: authMethods(ctx), code: 401 }, stageTimestamp: microTime(Date.now()) });
          }
        }
        throw e;
      }
    },
  };
}

/** getAuthMethods. */
function authMethods(ctx: Ctx): string {
  const methods: string[] = [];
  const auth = (header(ctx.req, 'authorization') ?? '').trim();
  if (/^basic /i.test(auth)) methods.push('basic');
  const parts = auth.split(' ');
  if (parts.length > 1 && parts[0]!.toLowerCase() === 'bearer') methods.push('bearer');
  if ((ctx.query.get('access_token') ?? '').trim()) methods.push('access_token');
  const cert = (connectionSocket(ctx) as { getPeerCertificate?: () => { raw?: Buffer } } | undefined)?.getPeerCertificate?.();
  if (cert?.raw) methods.push('x509');
  return methods.length ? `Authentication failed, attempted: ${methods.join(', ')}` : 'Authentication failed, no credentials provided';
}

export function auditFilter(auditor: Auditor): Filter {
  return {
    name: 'audit',
    async handle(ctx, next) {
      const info = ctx.info;
      const cfg = policyFor(auditor, ctx);
      if (cfg.level === 'None') return next();
      const ev = newEvent(ctx, cfg);
      const emit = (stage: Stage) => {
        if (cfg.omitStages.includes(stage)) return;
        auditor.emit({ ...ev, stage, stageTimestamp: microTime(Date.now()), annotations: { ...ctx.auditAnnotations } });
      };
      emit('RequestReceived');
      const body = captureResponseBody(ctx, cfg);
      let thrown: unknown;
      let failed = false;
      try {
        await next();
        if (isLongRunning(info) && ctx.res.headersSent) {
          finish(ctx, ev, cfg, body, undefined);
          emit('ResponseStarted');
        }
      } catch (e) {
        failed = true;
        thrown = e;
        throw e;
      } finally {
        whenResponseDone(ctx, () => {
          finish(ctx, ev, cfg, body, failed ? thrown : undefined);
          // An error that is not a Status is upstream's panic: the Panic stage instead of ResponseComplete.
          emit(failed && !isStatusError(thrown) ? 'Panic' : 'ResponseComplete');
        });
      }
    },
  };
}

/** Fills in what is known once the handler is done. */
function finish(ctx: Ctx, ev: AuditEvent, cfg: RequestAuditConfig, body: () => Buffer | undefined, error: unknown): void {
  if (ctx.user && ev.user.username !== ctx.user.username) ev.impersonatedUser = auditUser(ctx.user);
  const code = error !== undefined ? (isStatusError(error) ? error.status.code : 500) : ctx.res.statusCode;
  ev.responseStatus = responseStatus(ctx, code, error, body);
  const reqObj = requestObject(ctx);
  if (ev.objectRef && reqObj && typeof reqObj === 'object') {
    const meta = (reqObj as { metadata?: { name?: unknown; namespace?: unknown } }).metadata;
    if (!ev.objectRef.name && typeof meta?.name === 'string' && ctx.info.verb === 'create' && !ctx.info.subresource) ev.objectRef.name = meta.name;
  }
  const strip = (o: unknown) => (cfg.omitManagedFields ? withoutManagedFields(o) : o);
  if (levelAtLeast(cfg.level, 'Request') && reqObj !== undefined) ev.requestObject = strip(reqObj);
  if (levelAtLeast(cfg.level, 'RequestResponse') && !isLongRunning(ctx.info)) {
    const res = decodeJson(body(), String(ctx.res.getHeader('content-type') ?? ''), String(ctx.res.getHeader('content-encoding') ?? ''));
    if (res !== undefined) ev.responseObject = strip(res);
  }
}

function responseStatus(ctx: Ctx, code: number, error: unknown, body: () => Buffer | undefined): Record<string, unknown> {
  let status: Record<string, unknown> | undefined;
  if (isStatusError(error)) status = error.status as unknown as Record<string, unknown>;
  else if (code >= 400) {
    const b = decodeJson(body(), String(ctx.res.getHeader('content-type') ?? ''), String(ctx.res.getHeader('content-encoding') ?? ''));
    if (b && typeof b === 'object' && (b as { kind?: unknown }).kind === 'Status') status = b as Record<string, unknown>;
  }
  if (!status) return { metadata: {}, code };
  const { kind: _k, apiVersion: _a, ...rest } = status;
  return { metadata: {}, ...rest, code: (rest.code as number | undefined) ?? code };
}

/** Keeps what is written when the level logs responses (or when an error's Status may be needed). */
function captureResponseBody(ctx: Ctx, cfg: RequestAuditConfig): () => Buffer | undefined {
  const res = ctx.res as unknown as { write: (...a: unknown[]) => boolean; end: (...a: unknown[]) => unknown };
  const chunks: Buffer[] = [];
  let size = 0;
  const all = levelAtLeast(cfg.level, 'RequestResponse') && !isLongRunning(ctx.info);
  const keep = (chunk: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    if (!all && ctx.res.statusCode < 400) return;
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined;
    if (!b || size > 64 * 1024 * 1024) return;
    size += b.length;
    chunks.push(b);
  };
  const write = res.write;
  const end = res.end;
  res.write = (...a: unknown[]) => {
    keep(a[0]);
    return write.apply(res, a);
  };
  res.end = (...a: unknown[]) => {
    keep(a[0]);
    return end.apply(res, a);
  };
  return () => (chunks.length ? Buffer.concat(chunks) : undefined);
}

function decodeJson(b: Buffer | undefined, contentType: string, encoding: string): unknown {
  if (!b || !contentType.startsWith('application/json')) return undefined;
  try {
    return JSON.parse((encoding === 'gzip' ? gunzipSync(b) : b).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The request body as an object: JSON, YAML or a patch document (protobuf is left out). */
function requestObject(ctx: Ctx): unknown {
  const b = ctx.requestBody;
  if (!b || b.length === 0) return undefined;
  const ct = (header(ctx.req, 'content-type') ?? '').split(';')[0]!.trim();
  try {
    if (ct.endsWith('json')) return JSON.parse(b.toString('utf8'));
    if (ct.endsWith('yaml')) return parseYaml(b.toString('utf8'));
  } catch {
    return undefined;
  }
  return undefined;
}

function objectRef(ctx: Ctx): ObjectReference | undefined {
  const i = ctx.info;
  if (!i.isResourceRequest) return undefined;
  const ref: ObjectReference = { resource: i.resource };
  if (i.namespace) ref.namespace = i.namespace;
  if (i.name) ref.name = i.name;
  if (i.apiGroup) ref.apiGroup = i.apiGroup;
  if (i.apiVersion) ref.apiVersion = i.apiVersion;
  if (i.subresource) ref.subresource = i.subresource;
  return ref;
}

/** The X-Forwarded-For chain, X-Real-Ip, then the connection's address (utilnet.SourceIPs). */
function sourceIPs(ctx: Ctx): string[] {
  const ips: string[] = [];
  for (const ip of (header(ctx.req, 'x-forwarded-for') ?? '').split(',')) if (ip.trim()) ips.push(ip.trim());
  const real = header(ctx.req, 'x-real-ip')?.trim();
  if (real && !ips.includes(real)) ips.push(real);
  const remote = (ctx.req.socket as { remoteAddress?: string } | undefined)?.remoteAddress?.replace(/^::ffff:/, '');
  if (remote && !ips.includes(remote)) ips.push(remote);
  return ips;
}
