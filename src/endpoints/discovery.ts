// Discovery: the legacy documents (/api, /apis, /apis/<g>, group versions) and
// aggregated discovery (apidiscovery.k8s.io v2 and v2beta1), derived from the catalog.

import { createHash } from 'node:crypto';
import { resourceNotFound } from '../apimachinery/errors.js';
import { negotiateResponse, parseMediaRanges, routeProduces } from '../encoding/negotiate.js';
import { header, sendBytes, sendEncoded, sendText, setHeader, writeHead, type Ctx } from '../server/http.js';
import type { Catalog } from '../types/catalog.js';
import type { KindDef, Obj, SubresourceDef } from '../types/kind.js';
import type { ObjectType } from '../types/schema.js';
import { APIGroupDiscoveryList } from '../types/schemas/apidiscovery.js';
import { APIGroup, APIGroupList, APIResourceList, APIVersions } from '../types/schemas/meta.js';
import { encodeObjectProto, PROTOBUF_MEDIA_TYPE } from '../encoding/protobuf.js';
import { toGoYaml } from '../encoding/go-yaml.js';
import { selectGetRoute } from './restful-route.js';

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
  /** Aggregated documents: the ETag of the JSON form, whatever the encoding. */
  etag?: string;
  /** Encoded from the JSON form on the first protobuf request. */
  protobuf?: Buffer;
  /** Encoded from the JSON form on the first YAML request (legacy documents only). */
  yaml?: Buffer;
}

const decoded = (doc: Memoized): Obj => JSON.parse(doc.json.toString('utf8'));

function protobufOf(doc: Memoized, type: ObjectType): Buffer {
  return (doc.protobuf ??= Buffer.from(encodeObjectProto(decoded(doc), type)));
}

function yamlOf(doc: Memoized): Buffer {
  return (doc.yaml ??= Buffer.from(toGoYaml(decoded(doc))));
}


export class Discovery {
  private cache = new Map<string, Memoized>();

  constructor(
    private readonly catalog: Catalog,
  ) {}

  /** Forget cached documents (the catalog changed). */
  invalidate(): void {
    this.cache.clear();
  }

  private memo(key: string, build: () => unknown): Memoized {
    let doc = this.cache.get(key);
    if (!doc) {
      doc = { json: Buffer.from(JSON.stringify(build()) + '\n') };
      this.cache.set(key, doc);
    }
    return doc;
  }

  /**
   * Handles every non-resource path under /api and /apis: the discovery documents, and
   * the 404s of the rest — a Status under a group go-restful serves (/api, /apis/<group>),
   * the mux's plain-text page under a group nobody serves.
   */
  handle(ctx: Ctx): boolean {
    const p = ctx.path.replace(/\/+$/, '') || '/';
    const segs = p.split('/').filter(Boolean);
    if (segs[0] !== 'api' && segs[0] !== 'apis') return false;
    if (segs[0] === 'api' && segs.length === 1) {
      const agg = wantsAggregated(header(ctx.req, 'accept'));
      if (agg) return this.sendAggregated(ctx, agg, true), true;
      this.send(ctx, APIVersions, 'restful', this.memo('api', () => ({
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: serverAddress(ctx) }],
      })));
      return true;
    }
    if (segs[0] === 'apis' && segs.length === 1) {
      const agg = wantsAggregated(header(ctx.req, 'accept'));
      if (agg) return this.sendAggregated(ctx, agg, false), true;
      this.send(ctx, APIGroupList, 'plain', this.memo('apis', () => ({
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: this.catalog.groups.filter((g) => g.name !== '').map((g) => this.group(g.name, g.versions)),
      })));
      return true;
    }
    const group = segs[0] === 'api' ? '' : segs[1]!;
    if (!this.catalog.servesGroup(group)) return notFoundPage(ctx), true;
    const version = segs[0] === 'api' ? segs[1]! : segs[2];
    if (segs[0] === 'apis' && segs.length === 2) {
      const g = this.catalog.groups.find((x) => x.name === group)!;
      this.send(ctx, APIGroup, 'plain', this.memo(`g:${g.name}`, () => ({ kind: 'APIGroup', apiVersion: 'v1', ...this.group(g.name, g.versions) })));
      return true;
    }
    if (segs.length === (group ? 3 : 2) && version && this.catalog.hasGroupVersion(group, version)) {
      this.send(ctx, APIResourceList, 'restful', this.memo(`gv:${group}/${version}`, () => this.resourceList(group, version)));
      return true;
    }
    throw resourceNotFound();
  }

  /**
   * A legacy document in the representation negotiated from Accept: JSON, YAML or protobuf.
   * Discovery has no CBOR in v1.34, whatever CBORServingAndStorage says (non-resource
   * endpoints gained it only in 1.37, KEP-4222). The documents go-restful serves (/api and
   * the group versions) first pass its route match: GET only, and an Accept naming a type
   * it produces.
   */
  private send(ctx: Ctx, type: ObjectType, router: 'restful' | 'plain', doc: Memoized): void {
    const accept = header(ctx.req, 'accept');
    const offered = { protobuf: true };
    if (router === 'restful') selectGetRoute(ctx, routeProduces(false, offered));
    const { encoding } = negotiateResponse(accept, 'other', offered);
    if (encoding === 'protobuf') sendBytes(ctx, 200, PROTOBUF_MEDIA_TYPE, protobufOf(doc, type));
    else if (encoding === 'yaml') sendBytes(ctx, 200, 'application/yaml', yamlOf(doc));
    else sendEncoded(ctx, 200, encoding, undefined, doc.json, type);
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
        const other = kindElsewhere(sub, group, version);
        if (other) {
          s.group = other.group;
          s.version = other.version;
        }
        s.kind = sub.kind?.kind ?? def.kind;
        s.verbs = sub.verbs;
        resources.push(s);
      }
    }
    // The API installer registers built-in paths sorted (endpoints/installer.go) and lists them so;
    // the CRD discovery controller lists each CRD's resource, then status, then scale, unsorted.
    if (!(this.catalog.resources(group, version) ?? []).some(({ def }) => this.catalog.isCustom(def))) {
      resources.sort((a, b) => byName(a.name as string, b.name as string));
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
        resources: [...(this.catalog.resources(g.name, v) ?? [])].sort((a, b) => byName(a.def.plural, b.def.plural)).map(({ def }) => {
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
            const subs = this.catalog.isCustom(def) ? def.subresources : [...def.subresources].sort((a, b) => byName(a.name, b.name));
            r.subresources = subs.map((s) => ({
              subresource: s.name,
              responseKind: { ...(kindElsewhere(s, g.name, v) ?? own), kind: s.kind?.kind ?? def.kind },
              verbs: s.verbs,
            }));
          }
          return r;
        }),
        freshness: 'Current',
      }));
      // ObjectMeta's name is omitempty: the core group's item has none.
      items.push({ metadata: g.name ? { name: g.name, creationTimestamp: null } : { creationTimestamp: null }, versions });
    }
    return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
  }

  private sendAggregated(ctx: Ctx, { version, encoding }: AggregatedFormat, core: boolean): void {
    const doc = this.memo(`agg:${version}:${core}`, () => this.aggregated(version, core));
    const etag = (doc.etag ??= aggregatedETag(decoded(doc).items as unknown[]));
    setHeader(ctx.res, 'etag', etag);
    setHeader(ctx.res, 'vary', 'Accept');
    setHeader(ctx.res, 'cache-control', 'public');
    if (header(ctx.req, 'if-none-match') === etag) {
      writeHead(ctx, 304);
      ctx.res.end();
      return;
    }
    if (encoding === 'protobuf') {
      sendBytes(ctx, 200, `${PROTOBUF_MEDIA_TYPE};${aggregatedParams(version)}`, protobufOf(doc, APIGroupDiscoveryList));
    } else sendBytes(ctx, 200, `application/json;${aggregatedParams(version)}`, doc.json);
  }
}

interface AggregatedFormat {
  version: 'v2' | 'v2beta1';
  encoding: 'json' | 'protobuf';
}

/**
 * discovery/aggregated etag.go: the upper-case hex SHA-512 of json.Marshal of the list as the
 * handler caches it, before the serializer sets its kind and apiVersion (TypeMeta is omitempty,
 * ListMeta is not), quoted. Both versions carry the same items, so they share the ETag.
 */
function aggregatedETag(items: unknown[]): string {
  return `"${createHash('sha512').update(`{"metadata":{},"items":${JSON.stringify(items)}}`).digest('hex').toUpperCase()}"`;
}

const aggregatedParams = (version: string) => `g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;

/** The aggregated document the Accept header prefers, in JSON or protobuf; null for the legacy one. */
function wantsAggregated(accept: string | undefined): AggregatedFormat | null {
  if (!accept) return null;
  for (const r of parseMediaRanges(accept)) {
    if (r.q <= 0) continue;
    const encoding = r.subtype === 'json' ? 'json' : r.subtype === 'vnd.kubernetes.protobuf' ? 'protobuf' : null;
    if (r.type === 'application' && encoding && r.params['g'] === 'apidiscovery.k8s.io' && r.params['as'] === 'APIGroupDiscoveryList') {
      if (r.params['v'] === 'v2' || r.params['v'] === 'v2beta1') return { version: r.params['v'], encoding };
      continue;
    }
    if (r.params['as']) continue;
    return null; // a plain type came first: the legacy document
  }
  return null;
}

/**
 * The group and version of a subresource's kind when they are not the resource's own: the
 * installer names them only for storage that reports its kind (Scale, Eviction,
 * TokenRequest), whose kind lives elsewhere; PodAttachOptions, Binding and the like are core v1.
 */
function kindElsewhere(sub: SubresourceDef, group: string, version: string): { group: string; version: string } | undefined {
  if (!sub.kind || (sub.kind.group === group && sub.kind.version === version)) return undefined;
  return { group: sub.kind.group, version: sub.kind.version };
}

/** Go's sort.Strings order: by bytes (code units, for the ASCII names of resources). */
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function notFoundPage(ctx: Ctx): void {
  sendText(ctx, 404, '404 page not found\n');
}

function serverAddress(ctx: Ctx): string {
  const sock = ctx.req.socket as { localAddress?: string; localPort?: number };
  const addr = sock.localAddress ?? '127.0.0.1';
  const host = addr.includes(':') ? `[${addr.replace(/^::ffff:/, '')}]` : addr;
  return `${addr.startsWith('::ffff:') ? addr.slice(7) : host}:${sock.localPort ?? 6443}`;
}
