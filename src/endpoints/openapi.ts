// /openapi/v2 and /openapi/v3: OpenAPI documents generated from the catalog.
//
// Nothing is built at start-up: each document is generated on its first request and kept
// (as bytes, outside the V8 heap) until invalidate() says the catalog changed. Caching
// follows kube-openapi: ETag is the upper-case hex SHA-512 of the JSON document, the v3
// index links every document with ?hash=<etag>, a request carrying the current hash is
// immutable for a year, and a stale hash is redirected (301) to the current one.

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { parseMediaRanges } from '../encoding/negotiate.js';
import { endWithBody, header, sendText, setHeader, writeHead, type Ctx } from '../server/http.js';
import type { Catalog } from '../types/catalog.js';
import type { ObjectType } from '../types/schema.js';
import { buildV2, buildV3, OpenApiModel, type V3Entry } from './openapi-docs.js';
import type { RawDefinition } from './openapi-schema.js';
import { swaggerToProto } from './openapi-proto.js';

export interface OpenApiOptions {
  /**
   * Named type declarations (for example every ObjectType exported by the schema modules).
   * A definition takes its description and extensions from the declaration of its name;
   * without one, only types used as a kind, a list item or a map value are known as
   * declared, and fields' copies stand in for the rest.
   */
  types?: Iterable<ObjectType>;
  /** Definitions known only as OpenAPI (custom resources' schemas), computed from the catalog when a document is built. */
  rawDefinitions?: (catalog: Catalog) => ReadonlyMap<string, RawDefinition>;
  /** CBORServingAndStorage: operations list the CBOR media types. */
  cbor?: boolean;
}

/**
 * Every named object type among the values of some modules (e.g. `import * as core from
 * '../types/schemas/core.js'`): the declarations to hand to OpenApi as `types`.
 */
export function namedTypes(...modules: object[]): ObjectType[] {
  const out: ObjectType[] = [];
  for (const m of modules) {
    for (const v of Object.values(m)) {
      if (v && typeof v === 'object' && (v as ObjectType).kind === 'object' && typeof (v as ObjectType).name === 'string') out.push(v as ObjectType);
    }
  }
  return out;
}

const V2_PROTO = 'com.github.proto-openapi.spec.v2.v1.0+protobuf';
const V2_PROTO_DEPRECATED = 'com.github.proto-openapi.spec.v2@v1.0+protobuf';

/** kube-openapi wraps /openapi/v2 in gziphandler, which compresses bodies from 1400 bytes. */
const GZIP_MIN_SIZE = 1400;

interface Doc {
  json: Buffer;
  /** Upper-case hex SHA-512 of `json`, unquoted. */
  etag: string;
  proto?: Buffer;
}

function docOf(value: unknown): Doc {
  const json = Buffer.from(stableStringify(value));
  return { json, etag: createHash('sha512').update(json).digest('hex').toUpperCase() };
}

export class OpenApi {
  private model: OpenApiModel | undefined;
  private v2Doc: Doc | undefined;
  /** Documents served so far, by v3 key ("api/v1", "apis/apps/v1", ...). */
  private readonly v3Docs = new Map<string, Doc>();
  /** ETags of every v3 document, computed for the index. */
  private v3Etags: Map<string, string> | undefined;
  private lastModified = new Date();
  private readonly types: readonly ObjectType[];
  private readonly rawDefinitions: OpenApiOptions['rawDefinitions'];

  constructor(
    private catalog: Catalog,
    options: OpenApiOptions = {},
  ) {
    this.types = [...(options.types ?? [])];
    this.rawDefinitions = options.rawDefinitions;
    this.cbor = options.cbor ?? false;
  }

  private readonly cbor: boolean;

  /**
   * Forget every generated document: the catalog changed (a CRD was added, changed or
   * removed). Pass the new catalog when it is a different object.
   */
  invalidate(catalog?: Catalog): void {
    if (catalog) this.catalog = catalog;
    this.model = undefined;
    this.v2Doc = undefined;
    this.v3Docs.clear();
    this.v3Etags = undefined;
    this.lastModified = new Date();
  }

  /** The swagger 2.0 document (freshly generated). */
  v2(): object {
    return buildV2(this.getModel());
  }

  /**
   * The OpenAPI 3.0 document of one index entry: "api/v1", "apis/apps/v1" (or the
   * group version alone: "v1", "apps/v1"), "api", "apis", "apis/apps", "version".
   */
  v3(groupVersion: string): object | undefined {
    const entry = this.entry(normalizeKey(groupVersion));
    return entry && buildV3(this.getModel(), entry.paths());
  }

  /** Handles /openapi/v2 and /openapi/v3[/...]; returns false for any other path. */
  handle(ctx: Ctx): boolean {
    const p = ctx.path;
    if (p === '/openapi/v2') {
      this.serveV2(ctx);
      return true;
    }
    if (p === '/openapi/v3') {
      this.serveIndex(ctx);
      return true;
    }
    if (p.startsWith('/openapi/v3/')) {
      this.serveV3(ctx, p.slice('/openapi/v3/'.length));
      return true;
    }
    return false;
  }

  private getModel(): OpenApiModel {
    this.model ??= new OpenApiModel(this.catalog, this.types, this.rawDefinitions?.(this.catalog), { cbor: this.cbor });
    return this.model;
  }

  private entry(key: string): V3Entry | undefined {
    return this.getModel()
      .v3Entries()
      .find((e) => e.key === key);
  }

  private getV2(): Doc {
    this.v2Doc ??= docOf(buildV2(this.getModel()));
    return this.v2Doc;
  }

  private getV3(key: string): Doc | undefined {
    let doc = this.v3Docs.get(key);
    if (!doc) {
      const entry = this.entry(key);
      if (!entry) return undefined;
      doc = docOf(buildV3(this.getModel(), entry.paths()));
      this.v3Docs.set(key, doc);
    }
    return doc;
  }

  private etags(): Map<string, string> {
    if (!this.v3Etags) {
      const model = this.getModel();
      const etags = new Map<string, string>();
      for (const e of model.v3Entries()) {
        // Hash every document, keeping the bytes only of those already served.
        etags.set(e.key, this.v3Docs.get(e.key)?.etag ?? docOf(buildV3(model, e.paths())).etag);
      }
      this.v3Etags = etags;
    }
    return this.v3Etags;
  }

  private serveV2(ctx: Ctx): void {
    setHeader(ctx.res, 'vary', 'Accept');
    const choice = negotiate(header(ctx.req, 'accept'), ['json', V2_PROTO_DEPRECATED, V2_PROTO]);
    if (!choice) {
      writeEmpty(ctx, 406);
      return;
    }
    const doc = this.getV2();
    if (choice === 'json') {
      serveContent(ctx, doc.json, 'application/json', doc.etag, this.lastModified, true);
      return;
    }
    doc.proto ??= swaggerToProto(JSON.parse(doc.json.toString('utf8')) as Record<string, unknown>);
    serveContent(ctx, doc.proto, `application/${V2_PROTO}`, doc.etag, this.lastModified, true);
  }

  private serveIndex(ctx: Ctx): void {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const [key, etag] of this.etags()) paths[key] = { serverRelativeURL: serverRelativeUrl(key, etag) };
    const body = Buffer.from(stableStringify({ paths }));
    const etag = createHash('sha512').update(body).digest('hex').toUpperCase();
    serveContent(ctx, body, 'application/json', etag, new Date(), false);
  }

  private serveV3(ctx: Ctx, key: string): void {
    setHeader(ctx.res, 'vary', 'Accept');
    const doc = key ? this.getV3(key) : undefined;
    if (!doc) {
      // kube-openapi's v3 handler: an unknown group version is a bare 404, without a body.
      writeEmpty(ctx, 404);
      return;
    }
    // Protobuf v3 documents are not produced: a client must accept JSON.
    if (!negotiate(header(ctx.req, 'accept'), ['json'])) {
      writeEmpty(ctx, 406);
      return;
    }
    setHeader(ctx.res, 'etag', `"${doc.etag}"`);
    const hash = ctx.query.get('hash');
    if (hash) {
      if (hash !== doc.etag) {
        redirect(ctx, serverRelativeUrl(key, doc.etag));
        return;
      }
      setHeader(ctx.res, 'cache-control', 'public, immutable');
      setHeader(ctx.res, 'expires', oneYearFromNow());
    }
    serveContent(ctx, doc.json, 'application/json', doc.etag, this.lastModified, false);
  }
}

function normalizeKey(gv: string): string {
  const k = gv.replace(/^\/+|\/+$/g, '');
  if (k === 'api' || k === 'apis' || k === 'version' || k.startsWith('api/') || k.startsWith('apis/')) return k;
  if (k === '.well-known/openid-configuration' || k === 'openid/v1/jwks') return k;
  return k.includes('/') ? `apis/${k}` : `api/${k}`;
}

export function serverRelativeUrl(key: string, etag: string): string {
  return `/openapi/v3/${key}?hash=${encodeURIComponent(etag)}`;
}

/**
 * goautoneg: clauses by quality, then specificity; the first clause matching one of the
 * offered subtypes (application/<subtype>) wins. Returns undefined when nothing matches.
 */
function negotiate(accept: string | undefined, offered: string[]): string | undefined {
  const clauses = parseMediaRanges(accept && accept.trim() ? accept : '*/*')
    .map((c, i) => ({ c, i, spec: (c.type === '*' ? 0 : 1) + (c.subtype === '*' ? 0 : 1) }))
    .sort((a, b) => b.c.q - a.c.q || b.spec - a.spec || a.i - b.i)
    .map((x) => x.c);
  for (const c of clauses) {
    if (c.q <= 0) continue;
    for (const sub of offered) {
      if (c.type !== 'application' && c.type !== '*') continue;
      if (c.subtype !== sub && c.subtype !== '*') continue;
      return sub;
    }
  }
  return undefined;
}

function baseHeaders(ctx: Ctx): void {
  const res = ctx.res;
  if (!res.hasHeader('cache-control')) setHeader(res, 'cache-control', 'no-cache, private');
  setHeader(res, 'audit-id', ctx.auditId);
}

function writeEmpty(ctx: Ctx, code: number): void {
  baseHeaders(ctx);
  setHeader(ctx.res, 'content-length', '0');
  writeHead(ctx, code);
  ctx.res.end();
}

/** Go's http.ServeContent for an in-memory document: Last-Modified, ETag, conditional GETs. */
function serveContent(ctx: Ctx, body: Buffer, contentType: string, etag: string, lastModified: Date, gzip: boolean): void {
  const res = ctx.res;
  baseHeaders(ctx);
  const quoted = `"${etag}"`;
  setHeader(res, 'etag', quoted);
  const inm = header(ctx.req, 'if-none-match');
  let notModified = false;
  if (inm !== undefined) {
    notModified = inm.split(',').some((t) => {
      const v = t.trim();
      return v === '*' || v.replace(/^W\//, '') === quoted;
    });
  } else {
    const ims = header(ctx.req, 'if-modified-since');
    const since = ims ? Date.parse(ims) : NaN;
    notModified = Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  if (notModified) {
    writeHead(ctx, 304);
    res.end();
    return;
  }
  setHeader(res, 'last-modified', lastModified.toUTCString());
  setHeader(res, 'accept-ranges', 'bytes');
  setHeader(res, 'content-type', contentType);
  let payload = body;
  if (gzip && body.length >= GZIP_MIN_SIZE && /\bgzip\b/i.test(header(ctx.req, 'accept-encoding') ?? '') && ctx.method !== 'HEAD') {
    payload = gzipSync(body, { level: 1 });
    setHeader(res, 'content-encoding', 'gzip');
    const vary = res.getHeader('vary');
    setHeader(res, 'vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  setHeader(res, 'content-length', String(payload.length));
  writeHead(ctx, 200);
  if (ctx.method === 'HEAD') res.end();
  else endWithBody(res, payload);
}

/** Go's http.Redirect. */
function redirect(ctx: Ctx, location: string): void {
  const res = ctx.res;
  baseHeaders(ctx);
  setHeader(res, 'location', location);
  let body = '';
  if (ctx.method === 'GET' || ctx.method === 'HEAD') setHeader(res, 'content-type', 'text/html; charset=utf-8');
  if (ctx.method === 'GET') body = `<a href="${htmlEscape(location)}">Moved Permanently</a>.\n\n`;
  setHeader(res, 'content-length', String(Buffer.byteLength(body)));
  writeHead(ctx, 301);
  res.end(body);
}

function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}

function oneYearFromNow(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toUTCString().replace(/GMT$/, 'UTC');
}

/** JSON with object keys sorted, as Go marshals maps (deterministic bytes, stable ETags). */
export function stableStringify(value: unknown): string {
  const parts: string[] = [];
  write(value);
  return parts.join('');

  function write(v: unknown): void {
    if (v === null || typeof v !== 'object') {
      parts.push(v === undefined ? 'null' : JSON.stringify(v));
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((x, i) => {
        if (i) parts.push(',');
        write(x);
      });
      parts.push(']');
      return;
    }
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    parts.push('{');
    keys.forEach((k, i) => {
      if (i) parts.push(',');
      parts.push(JSON.stringify(k), ':');
      write(o[k]);
    });
    parts.push('}');
  }
}
