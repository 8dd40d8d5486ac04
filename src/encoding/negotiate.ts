// Content negotiation: which representation a client asked for (Accept) and which
// encoding a request body uses (Content-Type).

import { notAcceptable, unsupportedMediaType } from '../apimachinery/errors.js';

export type Encoding = 'json' | 'yaml' | 'protobuf' | 'cbor';
export type Target = 'object' | 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';

export interface ResponseFormat {
  encoding: Encoding;
  target: Target;
  /** meta.k8s.io version for Table / PartialObjectMetadata targets. */
  metaVersion: 'v1' | 'v1beta1';
}

export const OBJECT_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
export const STREAM_MEDIA_TYPES = ['application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];
export const CBOR_MEDIA_TYPE = 'application/cbor';
/** RFC 8742 CBOR sequence: the watch stream of a CBOR client (one WatchEvent data item per event). */
export const CBOR_SEQ_MEDIA_TYPE = 'application/cbor-seq';

/** What a server offers besides JSON and YAML: protobuf (kinds with a schema), CBOR (the CBORServingAndStorage gate). */
export interface Offered {
  protobuf?: boolean;
  cbor?: boolean;
}

/** The media types in upstream's order (json, yaml, protobuf, cbor: the codec factory's serializers). */
function offeredTypes(stream: boolean, opts: Offered): string[] {
  const base = (stream ? STREAM_MEDIA_TYPES : OBJECT_MEDIA_TYPES).filter((t) => opts.protobuf !== false || !t.includes('protobuf'));
  if (opts.cbor) base.push(stream ? CBOR_SEQ_MEDIA_TYPE : CBOR_MEDIA_TYPE);
  return base;
}

interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
}

export function parseMediaRanges(header: string): MediaRange[] {
  const out: MediaRange[] = [];
  for (const clause of header.split(',')) {
    const parts = clause.split(';').map((s) => s.trim());
    // Case-sensitive, as goautoneg's ParseAccept and its matching are upstream: application/JSON
    // matches no serializer.
    const full = parts[0] ?? '';
    if (!full) continue;
    const slash = full.indexOf('/');
    const type = slash < 0 ? full : full.slice(0, slash);
    const subtype = slash < 0 ? '*' : full.slice(slash + 1);
    const params: Record<string, string> = {};
    let q = 1;
    for (const p of parts.slice(1)) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const k = p.slice(0, eq).trim();
      const v = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
      if (k === 'q') q = Number.isFinite(Number(v)) ? Number(v) : 0;
      else params[k] = v;
    }
    out.push({ type, subtype, params, q });
  }
  // Stable sort by quality.
  return out.map((r, i) => ({ r, i })).sort((a, b) => b.r.q - a.r.q || a.i - b.i).map((x) => x.r);
}

/**
 * Choose the response representation. `kind` is 'get' | 'list' | 'watch' | 'other';
 * Table and PartialObjectMetadata are offered only to reads.
 */
export function negotiateResponse(accept: string | undefined, kind: 'get' | 'list' | 'watch' | 'other', opts: Offered = {}): ResponseFormat {
  const plain: ResponseFormat = { encoding: 'json', target: 'object', metaVersion: 'v1' };
  if (!accept || accept.trim() === '') return plain;
  const stream = kind === 'watch';
  for (const r of parseMediaRanges(accept)) {
    if (r.q <= 0) continue;
    if (r.type === 'application' && r.subtype === 'vnd.kubernetes.protobuf') {
      if (!opts.protobuf) continue;
      const as = r.params['as'];
      if (!as) return { encoding: 'protobuf', target: 'object', metaVersion: 'v1' };
      if (kind === 'other' || r.params['g'] !== 'meta.k8s.io' || (r.params['v'] !== 'v1' && r.params['v'] !== 'v1beta1')) continue;
      // Tables are JSON-only upstream; metadata-only views work over protobuf.
      if (as === 'PartialObjectMetadata' && kind !== 'list') return { encoding: 'protobuf', target: 'PartialObjectMetadata', metaVersion: r.params['v'] };
      if (as === 'PartialObjectMetadataList' && kind === 'list') return { encoding: 'protobuf', target: 'PartialObjectMetadataList', metaVersion: r.params['v'] };
      continue;
    }
    // A watch asks for application/cbor and is answered in application/cbor-seq (watch.go);
    // application/cbor-seq itself is listed in 406s but matches no serializer.
    if (opts.cbor && r.type === 'application' && r.subtype === 'cbor') {
      if (!r.params['as']) return { encoding: 'cbor', target: 'object', metaVersion: 'v1' };
      if (kind === 'other' || r.params['g'] !== 'meta.k8s.io' || (r.params['v'] !== 'v1' && r.params['v'] !== 'v1beta1')) continue;
      if (r.params['as'] === 'PartialObjectMetadata' && kind !== 'list') return { encoding: 'cbor', target: 'PartialObjectMetadata', metaVersion: r.params['v'] };
      if (r.params['as'] === 'PartialObjectMetadataList' && kind === 'list') return { encoding: 'cbor', target: 'PartialObjectMetadataList', metaVersion: r.params['v'] };
      continue;
    }
    const isJson = r.type === 'application' && r.subtype === 'json';
    const isYaml = r.type === 'application' && r.subtype === 'yaml';
    const wildcard = (r.type === '*' && r.subtype === '*') || (r.type === 'application' && r.subtype === '*');
    if (!isJson && !isYaml && !wildcard) continue;
    if (isYaml && stream) continue;
    const as = r.params['as'];
    if (!as) {
      if (wildcard) return plain;
      return { encoding: isYaml ? 'yaml' : 'json', target: 'object', metaVersion: 'v1' };
    }
    if (kind === 'other') continue;
    const g = r.params['g'];
    const v = r.params['v'];
    if (g !== 'meta.k8s.io' || (v !== 'v1' && v !== 'v1beta1')) continue;
    const encoding: Encoding = isYaml ? 'yaml' : 'json';
    if (as === 'Table') return { encoding, target: 'Table', metaVersion: v };
    if (as === 'PartialObjectMetadata' && kind !== 'list') return { encoding, target: 'PartialObjectMetadata', metaVersion: v };
    if (as === 'PartialObjectMetadataList' && kind === 'list') return { encoding, target: 'PartialObjectMetadataList', metaVersion: v };
  }
  // A watch is negotiated as an object first (handlers/get.go ListResource), whose miss names
  // the object types (application/cbor-seq alone is one), and then as a stream (watch.go),
  // whose miss names the stream types (application/yaml is one).
  if (stream) negotiateResponse(accept, 'list', opts);
  throw notAcceptable(offeredTypes(stream, opts));
}

/**
 * go-restful's route match on Accept (emicklei/go-restful route.go matchesAccept), which
 * kube-apiserver applies before its own negotiation on the paths go-restful serves:
 * some clause's media type, parameters and q dropped and spaces trimmed, equals (exactly,
 * case and all) a type the route produces, or is `*\/*`. `application/*` matches nothing.
 */
export function routeAccepts(accept: string | undefined, produces: readonly string[]): boolean {
  if (!accept) return true;
  for (const clause of accept.split(',')) {
    const semi = clause.indexOf(';');
    const mediaType = (semi < 0 ? clause : clause.slice(0, semi)).replace(/^ +| +$/g, '');
    if (mediaType === '*/*' || produces.includes(mediaType)) return true;
  }
  return false;
}

/** The media types a go-restful route of a built-in kind produces, in upstream's order. */
export function routeProduces(stream: boolean, opts: Offered = {}): string[] {
  return stream ? [...offeredTypes(false, opts), ...offeredTypes(true, opts)] : offeredTypes(false, opts);
}

/** The encoding of a request body; absent Content-Type means JSON. */
export function requestEncoding(contentType: string | undefined, opts: Offered = {}): Encoding {
  if (!contentType || contentType.trim() === '') return 'json';
  const mt = contentType.split(';')[0]!.trim().toLowerCase();
  if (mt === 'application/json') return 'json';
  if (mt === 'application/yaml') return 'yaml';
  if (mt === 'application/vnd.kubernetes.protobuf' && opts.protobuf) return 'protobuf';
  if (mt === CBOR_MEDIA_TYPE && opts.cbor) return 'cbor';
  throw unsupportedMediaType(mt, offeredTypes(false, opts));
}

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

export const PATCH_MEDIA_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/** Server-side apply in CBOR, offered only with CBORServingAndStorage (installer.go appends it last). */
export const APPLY_CBOR_PATCH_MEDIA_TYPE = 'application/apply-patch+cbor';

export function patchType(contentType: string | undefined, allowed: PatchType[], opts: { cbor?: boolean } = {}): PatchType {
  const mt = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const offered: Record<string, PatchType> = opts.cbor && allowed.includes('apply') ? { ...PATCH_MEDIA_TYPES, [APPLY_CBOR_PATCH_MEDIA_TYPE]: 'apply' } : PATCH_MEDIA_TYPES;
  const t = offered[mt];
  if (!t || !allowed.includes(t)) {
    const accepted = Object.entries(offered)
      .filter(([, v]) => allowed.includes(v))
      .map(([k]) => k);
    throw unsupportedMediaType(mt, accepted);
  }
  return t;
}

/** Whether a patch body is CBOR (application/apply-patch+cbor), to be transcoded to JSON first. */
export function isCborPatch(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === APPLY_CBOR_PATCH_MEDIA_TYPE;
}
