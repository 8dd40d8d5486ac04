// Discovery: the legacy documents (/api, /apis, /apis/<g>, group versions) and
// aggregated discovery (apidiscovery.k8s.io v2 and v2beta1), derived from the catalog.

import { createHash } from 'node:crypto';
import { resourceNotFound } from '../apimachinery/errors.js';
import { encodeCbor } from '../encoding/cbor.js';
import { CBOR_MEDIA_TYPE, negotiateResponse, parseMediaRanges } from '../encoding/negotiate.js';
import { header, sendBytes, setHeader, writeHead, type Ctx } from '../server/http.js';
import type { Catalog } from '../types/catalog.js';
import type { KindDef, Obj } from '../types/kind.js';

/** As upstream: base64 of the first 8 bytes of sha256("group/version/kind") of the storage version. */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

function storageGVK(catalog: Catalog, def: KindDef): { group: string; version: string; kind: string } {
  const owner = catalog.storageOwner(def);
  const ownerDef = catalog.storingKind(owner.group, owner.plural) ?? def;
  return { group: ownerDef.group, version: ownerDef.versions[0]!, kind: ownerDef.kind };
}

/** One discovery document, encoded once per encoding asked for. */
interface Memoized {
  json: Buffer;
  /** Encoded from the JSON form on the first CBOR request. */
  cbor?: Buffer;
  /** Aggregated documents: the ETag of the JSON form, whatever the encoding. */
  etag?: string;
}

const cborOf = (doc: Memoized): Buffer => (doc.cbor ??= encodeCbor(JSON.parse(doc.json.toString('utf8'))));

export class Discovery {
  private cache = new Map<string, Memoized>();

  constructor(
    private readonly catalog: Catalog,
    private readonly options: { cbor?: boolean } = {},
  ) {}

  /** Forget cached documents (the catalog changed). */
  invalidate(): void {
    this.cache.clear();
  }

  private memo(key: string, build: () => unknown): Memoized {
    let doc = this.cache.get(key);
    if (!doc) {
      doc = { json: Buffer.from(JSON.stringify(build())) };
      this.cache.set(key, doc);
    }
    return doc;
  }

  /** Handles discovery paths; returns false when the path is not a discovery path. */
  handle(ctx: Ctx): boolean {
    const p = ctx.path.replace(/\/+$/, '') || '/';
    const segs = p.split('/').filter(Boolean);
    if (segs[0] === 'api' && segs.length === 1) {
      const agg = wantsAggregated(header(ctx.req, 'accept'), this.options.cbor === true);
      if (agg) return this.sendAggregated(ctx, agg, true), true;
      this.send(ctx, this.memo('api', () => ({
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: serverAddress(ctx) }],
      })));
      return true;
    }
    if (segs[0] === 'api' && segs.length === 2) {
      if (!this.catalog.hasGroupVersion('', segs[1]!)) throw resourceNotFound();
      this.send(ctx, this.memo(`gv:/${segs[1]}`, () => this.resourceList('', segs[1]!)));
      return true;
    }
    if (segs[0] === 'apis' && segs.length === 1) {
      const agg = wantsAggregated(header(ctx.req, 'accept'), this.options.cbor === true);
      if (agg) return this.sendAggregated(ctx, agg, false), true;
      this.send(ctx, this.memo('apis', () => ({
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: this.catalog.groups.filter((g) => g.name !== '').map((g) => this.group(g.name, g.versions)),
      })));
      return true;
    }
    if (segs[0] === 'apis' && segs.length === 2) {
      const g = this.catalog.groups.find((x) => x.name === segs[1]);
      if (!g || g.name === '') throw resourceNotFound();
      this.send(ctx, this.memo(`g:${g.name}`, () => ({ kind: 'APIGroup', apiVersion: 'v1', ...this.group(g.name, g.versions) })));
      return true;
    }
    if (segs[0] === 'apis' && segs.length === 3) {
      if (!segs[1] || !this.catalog.hasGroupVersion(segs[1], segs[2]!)) throw resourceNotFound();
      this.send(ctx, this.memo(`gv:${segs[1]}/${segs[2]}`, () => this.resourceList(segs[1]!, segs[2]!)));
      return true;
    }
    return false;
  }

  /** JSON, or CBOR when CBORServingAndStorage is on and the client prefers it (upstream negotiates discovery like any object). */
  private send(ctx: Ctx, doc: Memoized): void {
    if (this.options.cbor && this.prefersCbor(header(ctx.req, 'accept'))) {
      sendBytes(ctx, 200, CBOR_MEDIA_TYPE, cborOf(doc));
      return;
    }
    sendBytes(ctx, 200, 'application/json', doc.json);
  }

  private prefersCbor(accept: string | undefined): boolean {
    if (!accept?.includes('cbor')) return false;
    try {
      return negotiateResponse(accept, 'other', { cbor: true }).encoding === 'cbor';
    } catch {
      return false;
    }
  }

  private group(name: string, versions: string[]): Obj {
    const vs = versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
    return { name, versions: vs, preferredVersion: vs[0] };
  }

  private resourceList(group: string, version: string): Obj {
    const resources: Obj[] = [];
    for (const { def } of this.catalog.resources(group, version) ?? []) {
      const svh = storageGVK(this.catalog, def);
      const r: Obj = {
        name: def.plural,
        singularName: def.singular,
        namespaced: def.namespaced,
        kind: def.kind,
        verbs: def.verbs,
      };
      if (def.shortNames?.length) r.shortNames = def.shortNames;
      if (def.categories?.length) r.categories = def.categories;
      r.storageVersionHash = storageVersionHash(svh.group, svh.version, svh.kind);
      resources.push(r);
      for (const sub of def.subresources ?? []) {
        const s: Obj = { name: `${def.plural}/${sub.name}`, singularName: '', namespaced: def.namespaced };
        if (sub.kind) {
          s.group = sub.kind.group;
          s.version = sub.kind.version;
        }
        s.kind = sub.kind?.kind ?? def.kind;
        s.verbs = sub.verbs;
        resources.push(s);
      }
    }
    const out: Obj = { kind: 'APIResourceList' };
    if (group) out.apiVersion = 'v1';
    out.groupVersion = group ? `${group}/${version}` : version;
    out.resources = resources;
    return out;
  }

  private aggregated(version: 'v2' | 'v2beta1', core: boolean): Obj {
    const items: Obj[] = [];
    for (const g of this.catalog.groups) {
      if ((g.name === '') !== core) continue;
      const versions = g.versions.map((v) => ({
        version: v,
        resources: (this.catalog.resources(g.name, v) ?? []).map(({ def }) => {
          // Custom resources name their group and version in responseKind, as the CRD discovery controller does.
          const own = this.catalog.isCustom(def) ? { group: g.name, version: v } : { group: '', version: '' };
          const r: Obj = {
            resource: def.plural,
            responseKind: { ...own, kind: def.kind },
            scope: def.namespaced ? 'Namespaced' : 'Cluster',
            singularResource: def.singular,
            verbs: def.verbs,
          };
          if (def.shortNames?.length) r.shortNames = def.shortNames;
          if (def.categories?.length) r.categories = def.categories;
          if (def.subresources?.length) {
            r.subresources = def.subresources.map((s) => ({
              subresource: s.name,
              responseKind: s.kind ? { group: s.kind.group, version: s.kind.version, kind: s.kind.kind } : { ...own, kind: def.kind },
              verbs: s.verbs,
            }));
          }
          return r;
        }),
        freshness: 'Current',
      }));
      items.push({ metadata: { name: g.name, creationTimestamp: null }, versions });
    }
    return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
  }

  private sendAggregated(ctx: Ctx, { version, subtype }: AggregatedFormat, core: boolean): void {
    const doc = this.memo(`agg:${version}:${core}`, () => this.aggregated(version, core));
    const etag = (doc.etag ??= `"${createHash('sha512').update(doc.json).digest('hex').slice(0, 64).toUpperCase()}"`);
    setHeader(ctx.res, 'vary', 'Accept');
    setHeader(ctx.res, 'etag', etag);
    if (header(ctx.req, 'if-none-match') === etag) {
      writeHead(ctx, 304);
      ctx.res.end();
      return;
    }
    const mediaType = `application/${subtype};g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;
    sendBytes(ctx, 200, mediaType, subtype === 'cbor' ? cborOf(doc) : doc.json);
  }
}

interface AggregatedFormat {
  version: 'v2' | 'v2beta1';
  subtype: 'json' | 'cbor';
}

function wantsAggregated(accept: string | undefined, cbor: boolean): AggregatedFormat | null {
  if (!accept) return null;
  for (const r of parseMediaRanges(accept)) {
    if (r.q <= 0) continue;
    const subtype = r.subtype === 'json' || (cbor && r.subtype === 'cbor') ? r.subtype : null;
    if (r.type === 'application' && subtype && r.params['g'] === 'apidiscovery.k8s.io' && r.params['as'] === 'APIGroupDiscoveryList') {
      if (r.params['v'] === 'v2' || r.params['v'] === 'v2beta1') return { version: r.params['v'], subtype };
      continue;
    }
    if (r.params['as']) continue;
    return null; // a plain type came first: the legacy document
  }
  return null;
}

function serverAddress(ctx: Ctx): string {
  const sock = ctx.req.socket as { localAddress?: string; localPort?: number };
  const addr = sock.localAddress ?? '127.0.0.1';
  const host = addr.includes(':') ? `[${addr.replace(/^::ffff:/, '')}]` : addr;
  return `${addr.startsWith('::ffff:') ? addr.slice(7) : host}:${sock.localPort ?? 6443}`;
}
