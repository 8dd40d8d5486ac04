// The HTTP face of the generic registry: one handler serves every resource
// request, choosing the operation from the request info and the kind's verbs.

import { sortedJson } from '../apimachinery/objectmeta.js';
import type { RequestMetrics } from '../metrics/request.js';
import { randomInt } from 'node:crypto';
import {
  badRequest,
  conflict,
  fieldErr,
  forbidden,
  invalid,
  methodNotAllowed,
  notFound,
  notMarshalable,
  OPTIMISTIC_LOCK_MESSAGE,
  resourceNotFound,
  StatusError,
} from '../apimachinery/errors.js';
import { CBOR_SEQ_MEDIA_TYPE, isCborPatch, negotiateResponse, patchType, requestEncoding, routeProduces, type Encoding, type ResponseFormat } from '../encoding/negotiate.js';
import { encodeWatchEventCbor } from '../encoding/cbor.js';
import { parseIncludeObject, partialObjectMetadata, table } from '../encoding/table.js';
import { applyPatchDetailed } from '../patch/index.js';
import { applyApplyPatchFieldValidation, applyFieldValidation, applyPatchFieldValidation, bodyFieldValidation, type FieldValidationMode } from '../registry/field-validation.js';
import { cborUnknownFieldError } from '../encoding/cbor-strict.js';
import { applyDefaults } from '../registry/defaulting.js';
import { pruneObject } from '../registry/prune.js';
import { buildFilter } from '../registry/filter.js';
import { parseListOptions } from '../registry/list-options.js';
import type { DeleteOptions, Registry, Scope } from '../registry/registry.js';
import { deleteOptions, writeParams, type WriteParams } from '../registry/options.js';
import { header, isPretty, readBody, sendEncoded, sendJsonParts, sendText, successStatus, writeHead, type Ctx } from '../server/http.js';
import { PacedWriter, type PacedOutput } from '../server/paced-writer.js';
import type { Catalog, ServedResource } from '../types/catalog.js';
import { apiVersionOf } from '../types/catalog.js';
import type { KindDef, Obj, SubresourceDef, Verb } from '../types/kind.js';
import { cborApplyPatchAsJson, cborBodyAsJson, checkObject, decodeApplyPatchYaml, decodeObject, decodeTypedObject } from './decode.js';
import { decodeDeleteOptionsBody } from './delete-options.js';
import { convertAppliedObject, decodePatchedObject } from './typed-decode.js';
import { applyScale, toScale } from './scale.js';
import { patchSchemaOf } from '../registry/patch-schema.js';
import { apply as applyFields, managerOrUserAgent, update as trackUpdate } from '../apply/index.js';
import { parentManagedFields, scaleManagedFields, SCALE_API_VERSION, type ReplicasPaths } from '../apply/scale-handler.js';
import { evictPod } from './eviction.js';
import { bindPod, limitPodUpdate } from './pod-subresources.js';
import { connect } from './connect.js';
import type { TokenIssuer } from './token-request.js';
import { Scale as ScaleType } from '../types/schemas/autoscaling.js';
import { decodeObjectProto, encodeObjectProto, encodeWatchEventProto, listType, PROTOBUF_MEDIA_TYPE } from '../encoding/protobuf.js';
import { ListMeta, ObjectMeta, Status as StatusType } from '../types/schemas/meta.js';
import { object, type ObjectType } from '../types/schema.js';
import { coreSchemas } from '../types/schemas/core.js';
import { policySchemas } from '../types/schemas/policy.js';
import { authenticationSchemas } from '../types/schemas/authentication.js';
import { isReview, type Reviews } from './reviews.js';
import { componentStatuses } from './component-statuses.js';
import type { AdmissionChain } from '../admission/chain.js';
import { deleteOptionsObject, optionsObject, requestAdmission, type AdmissionRequest } from './request-admission.js';
import { attributesFor, type Authorizer } from '../authz/types.js';
import { CUSTOM_RESOURCE_VERBS, customResourceOf, normalizeCustomResource } from '../crd/kind.js';
import { applyScaleToCustomResource, customResourcePatchValidation, customResourceToScale, decodeCustomResourceBody, terminatingError } from '../crd/requests.js';
import { selectRouteByAccept } from './restful-route.js';

export interface ResourceHandlerOptions {
  /** Default watch timeout bounds (upstream: min-request-timeout 1800s, random up to twice that). */
  minRequestTimeoutSeconds?: number;
  /** How often a watch with allowWatchBookmarks gets a BOOKMARK. */
  bookmarkIntervalMs?: number;
  /** Close watches with buffered output over this many bytes (the client re-lists). */
  watchBufferLimitBytes?: number;
  /** The admission chain writes pass through. */
  admission?: AdmissionChain;
  /** Watch events are counted and sized here. */
  metrics?: RequestMetrics;
  /** CBORServingAndStorage: application/cbor bodies and responses, application/cbor-seq watches. */
  cbor?: boolean;
  /** The server runs control loops of its own: componentstatuses reports them as the controller manager. */
  inProcessControllers?: boolean;
}

export class ResourceHandler {
  private readonly openWatches = new Set<() => void>();
  private readonly minRequestTimeout: number;
  private readonly bookmarkIntervalMs: number;
  private readonly watchBufferLimit: number;

  constructor(
    private readonly catalog: Catalog,
    private readonly registry: Registry,
    private readonly tokens: TokenIssuer,
    opts: ResourceHandlerOptions = {},
    private readonly reviews?: Reviews,
    private readonly authorizer?: Authorizer,
  ) {
    this.minRequestTimeout = opts.minRequestTimeoutSeconds ?? 1800;
    this.bookmarkIntervalMs = opts.bookmarkIntervalMs ?? 60_000;
    this.watchBufferLimit = opts.watchBufferLimitBytes ?? 16 * 1024 * 1024;
    this.admissionChain = opts.admission;
    this.metrics = opts.metrics;
    this.cbor = opts.cbor ?? false;
    this.inProcessControllers = opts.inProcessControllers ?? true;
  }

  private readonly inProcessControllers: boolean;

  private readonly cbor: boolean;

  private readonly metrics?: RequestMetrics;

  private readonly admissionChain?: AdmissionChain;

  private admission(ctx: Ctx, r: AdmissionRequest) {
    return requestAdmission(this.admissionChain, ctx, r);
  }

  /** End every open watch (graceful shutdown). */
  closeWatches(): void {
    for (const stop of [...this.openWatches]) stop();
  }

  get watchCount(): number {
    return this.openWatches.size;
  }

  async handle(ctx: Ctx): Promise<void> {
    const info = ctx.info;
    ctx.cbor = this.cbor;
    if (!this.catalog.hasGroupVersion(info.apiGroup, info.apiVersion)) {
      // Under a served group go-restful's web service answers with a Status; elsewhere the mux's page.
      if (this.catalog.servesGroup(info.apiGroup)) throw resourceNotFound();
      return notFoundPage(ctx);
    }
    const served = this.catalog.lookup(info.apiGroup, info.apiVersion, info.resource);
    if (!served) throw resourceNotFound();
    const def = served.def;
    if (!def.namespaced && info.namespace && info.resource !== 'namespaces') throw resourceNotFound();
    let sub: SubresourceDef | undefined;
    if (info.subresource) {
      sub = def.subresources?.find((s) => s.name === info.subresource);
      // Only a proxy takes a path after its name (go-restful's `{name}/proxy/{path:*}` routes).
      if (!sub || (info.parts.length > 3 && sub.name !== 'proxy')) throw resourceNotFound();
    } else if (info.parts.length > 2) {
      throw resourceNotFound();
    }
    const namespace = def.namespaced ? info.namespace : '';
    const scope: Scope = { served, namespace };
    const custom = customResourceOf(def);
    // A terminating CRD advertises fewer verbs but refuses only creates (with its own message).
    const verbs: Verb[] = sub ? sub.verbs : custom ? CUSTOM_RESOURCE_VERBS : def.verbs;
    const verb = info.verb as Verb;
    if (custom?.deprecationWarning) ctx.warnings.push(custom.deprecationWarning);
    if (custom?.terminating && verb === 'create' && !sub) throw terminatingError({ group: served.group, resource: def.plural }, verb);
    // Routes exist per path shape: no POST to a named object, no PUT/PATCH on a collection.
    const named = info.name !== '' && !(verb === 'list' || verb === 'watch' || verb === 'deletecollection');
    if ((verb === 'create' && named && !sub) || ((verb === 'update' || verb === 'patch') && !info.name)) throw methodNotAllowed();
    if (!verbs.includes(verb)) {
      throw methodNotAllowed();
    }
    if (!custom) {
      const produces = routeProducesFor(def, sub, verb, this.cbor);
      if (produces) selectRouteByAccept(ctx, produces);
    }
    if (def.deprecationWarning) ctx.warnings.push(def.deprecationWarning);
    if (def.group === '' && def.plural === 'componentstatuses') return this.componentStatuses(ctx, scope, verb);
    if (def.group === '' && def.plural === 'bindings' && verb === 'create') return this.bindingsResource(ctx, scope);
    if (sub?.type === 'scale') return this.scale(ctx, scope, verb);
    if (sub && (sub.type === 'binding' || sub.type === 'eviction' || sub.type === 'connect' || sub.type === 'token')) return this.podAction(ctx, scope, sub);
    switch (verb) {
      case 'get':
        return this.get(ctx, scope);
      case 'list':
        return this.list(ctx, scope);
      case 'watch':
        return this.watch(ctx, scope);
      case 'create':
        return this.create(ctx, scope);
      case 'update':
        return this.update(ctx, scope, sub);
      case 'patch':
        return this.patch(ctx, scope, sub);
      case 'delete':
        return this.delete(ctx, scope);
      case 'deletecollection':
        return this.deleteCollection(ctx, scope);
    }
  }

  private negotiate(ctx: Ctx, served: ServedResource, kind: 'get' | 'list' | 'watch' | 'other'): ResponseFormat {
    // Custom resources advertise protobuf too (apiextensions' unstructuredNegotiatedSerializer):
    // their metadata views encode, the objects themselves do not.
    const custom = customResourceOf(served.def) !== undefined;
    const fmt = negotiateResponse(header(ctx.req, 'accept'), kind, { protobuf: custom || !!served.def.schema, cbor: this.cbor });
    if (custom && fmt.encoding === 'protobuf' && fmt.target === 'object') {
      throw notMarshalable(kind === 'list' ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured');
    }
    return fmt;
  }

  /** `json`: the object's JSON already encoded (used when the answer is plain JSON of the object). */
  private sendObject(ctx: Ctx, code: number, served: ServedResource, obj: Obj, fmt?: ResponseFormat, json?: Buffer): void {
    const f = fmt ?? this.negotiate(ctx, served, 'other');
    if (f.target === 'Table') {
      const include = parseIncludeObject(ctx.query.get('includeObject'));
      sendEncoded(ctx, code, f.encoding, table(served.def, [obj], { resourceVersion: obj.metadata?.resourceVersion }, include, f.metaVersion));
      return;
    }
    if (f.target === 'PartialObjectMetadata') {
      sendEncoded(ctx, code, f.encoding, partialObjectMetadata(obj, f.metaVersion, served.def), undefined, PartialObjectMetadataType);
      return;
    }
    // A custom resource is unstructured: its keys go out sorted, as Go writes a map (the
    // already-encoded JSON comes from the watch cache, sorted there).
    const preEncoded = f.encoding === 'json' ? json : undefined;
    sendEncoded(ctx, code, f.encoding, served.def.schema || preEncoded ? obj : sortedJson(obj), preEncoded, served.def.schema);
  }

  private async get(ctx: Ctx, scope: Scope): Promise<void> {
    const fmt = this.negotiate(ctx, scope.served, 'get');
    const obj = await this.registry.get(scope, ctx.info.name, ctx.query.get('resourceVersion') ?? undefined, 'upstream');
    this.sendObject(ctx, 200, scope.served, obj, fmt);
  }

  private async list(ctx: Ctx, scope: Scope): Promise<void> {
    // As upstream's ListResource: the options (selectors included) are decoded and validated
    // before the output is negotiated, and the field labels converted after.
    const opts = parseListOptions(ctx.query);
    const fmt = this.negotiate(ctx, scope.served, 'list');
    const filter = buildFilter(scope.served.def, opts.labelSelector, opts.fieldSelector);
    const res = await this.registry.list(scope, {
      resourceVersion: opts.resourceVersion || undefined,
      resourceVersionMatch: opts.resourceVersionMatch || undefined,
      limit: opts.limit,
      continue: opts.continue || undefined,
      filter,
      whileCacheLoads: 'upstream',
    });
    const listMeta: Obj = { resourceVersion: res.resourceVersion };
    if (res.continue) listMeta.continue = res.continue;
    if (res.remainingItemCount !== undefined) listMeta.remainingItemCount = res.remainingItemCount;
    const served = scope.served;
    if (fmt.target === 'Table') {
      const include = parseIncludeObject(ctx.query.get('includeObject'));
      const objs = res.items.map((b) => JSON.parse(b.toString('utf8')));
      sendEncoded(ctx, 200, fmt.encoding, table(served.def, objs, listMeta, include, fmt.metaVersion));
      return;
    }
    if (fmt.target === 'PartialObjectMetadataList') {
      const items = res.items.map((b) => partialObjectMetadata(JSON.parse(b.toString('utf8')), fmt.metaVersion, served.def));
      sendEncoded(ctx, 200, fmt.encoding, { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${fmt.metaVersion}`, metadata: listMeta, items }, undefined, PartialObjectMetadataListType);
      return;
    }
    if (fmt.encoding === 'protobuf' && served.def.schema) {
      const list = { kind: `${served.def.kind}List`, apiVersion: apiVersionOf(served.group, served.version), metadata: listMeta, items: res.items.map((b) => JSON.parse(b.toString('utf8'))) };
      sendEncoded(ctx, 200, 'protobuf', list, undefined, listType(served.def.schema, ListMeta));
      return;
    }
    const custom = customResourceOf(served.def);
    if (fmt.encoding === 'cbor') {
      const items = res.items.map((b) => JSON.parse(b.toString('utf8')) as Obj);
      if (!custom) for (const item of items) (delete item.kind, delete item.apiVersion);
      const list = { kind: custom?.listKind ?? `${served.def.kind}List`, apiVersion: apiVersionOf(served.group, served.version), metadata: listMeta, items };
      sendEncoded(ctx, 200, 'cbor', list, undefined, served.def.schema ? listType(served.def.schema, ListMeta) : undefined);
      return;
    }
    const listKind = custom?.listKind ?? `${served.def.kind}List`;
    const apiVersion = apiVersionOf(served.group, served.version);
    // A typed list is a Go struct (kind, apiVersion, metadata, items); a custom resource list is
    // an UnstructuredList, written as a map: keys sorted, and its continue set even when empty.
    const head = custom ? `{"apiVersion":${JSON.stringify(apiVersion)},"items":[` : `{"kind":"${listKind}","apiVersion":"${apiVersion}","metadata":${JSON.stringify(listMeta)},"items":[`;
    const end = custom ? Buffer.from(`],"kind":${JSON.stringify(listKind)},"metadata":${JSON.stringify(unstructuredListMeta(listMeta))}}\n`) : LIST_END;
    const parts: Buffer[] = [Buffer.from(head)];
    res.items.forEach((b, i) => {
      if (i > 0) parts.push(COMMA);
      // Items of built-in lists carry no kind/apiVersion (typed items have an empty TypeMeta
      // upstream); custom resource lists are unstructured and keep them.
      if (custom) parts.push(b);
      else parts.push(...withoutTypeMeta(b));
    });
    parts.push(end);
    if (fmt.encoding === 'json' && !isPretty(ctx)) await sendJsonParts(ctx, 200, parts);
    else sendEncoded(ctx, 200, fmt.encoding, undefined, Buffer.concat(parts));
  }

  private async watch(ctx: Ctx, scope: Scope): Promise<void> {
    const query = new URLSearchParams(ctx.query);
    query.set('watch', 'true');
    const opts = parseListOptions(query);
    const fmt = this.negotiate(ctx, scope.served, 'watch');
    const proto = fmt.encoding === 'protobuf';
    const cbor = fmt.encoding === 'cbor';
    const filter = buildFilter(scope.served.def, opts.labelSelector, opts.fieldSelector);
    await this.registry.checkWatchable(scope);
    const served = scope.served;
    const def = served.def;
    const include = parseIncludeObject(ctx.query.get('includeObject'));
    // Unset or 0: MinRequestTimeout to twice that, at random (upstream's ListResource). A negative
    // timeout is a timer that has already fired there: 200 and an empty stream (kube-apiserver
    // v1.32 answers timeoutSeconds=-5 so, in ~17 ms).
    const timeoutSec = opts.timeoutSeconds ? opts.timeoutSeconds : this.minRequestTimeout + randomInt(0, this.minRequestTimeout + 1);
    const res = ctx.res;
    const apiVersion = apiVersionOf(served.group, served.version);
    let firstTableEvent = true;
    let closed = false;
    let lastRV = 0;
    /** The newest resourceVersion this watcher has been sent (events and bookmarks). */
    let sentRV = Number(opts.resourceVersion) || 0;

    const out = new PacedWriter(res as unknown as PacedOutput);
    const write = (frame: Buffer) => {
      if (closed) return;
      out.write(frame);
      this.metrics?.watchEvent(served.group, served.version, def.plural, frame.length);
      if (out.pending > this.watchBufferLimit) finish(); // slow watcher: drop it, the client re-lists
    };
    const protoTypeFor = (obj: Obj) => (obj.kind === 'Status' ? StatusType : fmt.target === 'PartialObjectMetadata' ? PartialObjectMetadataType : def.schema!);
    const frameOf = (type: string, objectBytes: Buffer): Buffer => {
      if (proto) {
        const obj = JSON.parse(objectBytes.toString('utf8')) as Obj;
        return Buffer.from(encodeWatchEventProto(type, encodeObjectProto(obj, protoTypeFor(obj))));
      }
      if (cbor) {
        const obj = JSON.parse(objectBytes.toString('utf8')) as Obj;
        return encodeWatchEventCbor(type, obj, obj.kind === 'Status' ? undefined : fmt.target === 'PartialObjectMetadata' ? PartialObjectMetadataType : def.schema);
      }
      return Buffer.concat([Buffer.from(`{"type":"${type}","object":`), objectBytes, FRAME_END]);
    };
    const encodeEvent = (type: string, bytes: Buffer, memo: Map<string, Buffer>): Buffer => {
      if (fmt.target === 'Table') {
        const obj = JSON.parse(bytes.toString('utf8'));
        const t = table(def, [obj], { resourceVersion: obj.metadata?.resourceVersion }, include, fmt.metaVersion, firstTableEvent);
        firstTableEvent = false;
        return frameOf(type, Buffer.from(JSON.stringify(t)));
      }
      if (fmt.target === 'PartialObjectMetadata') {
        const obj = JSON.parse(bytes.toString('utf8'));
        return frameOf(type, Buffer.from(JSON.stringify(partialObjectMetadata(obj, fmt.metaVersion, def))));
      }
      const key = `frame:${fmt.encoding}:${apiVersion}:${type}`;
      let f = memo.get(key);
      if (!f) {
        f = frameOf(type, bytes);
        memo.set(key, f);
      }
      return f;
    };
    const bookmark = (rv: number, initialEnd: boolean): Buffer => {
      const meta: Obj = { resourceVersion: String(rv) };
      if (initialEnd) meta.annotations = { 'k8s.io/initial-events-end': 'true', ...initialEventsListBlueprint(fmt, served) };
      // A custom resource's bookmark is an unstructured object: keys sorted.
      const obj = fmt.target !== 'object' ? bookmarkForMetaTarget(fmt, meta) : def.schema ? { kind: def.kind, apiVersion, metadata: meta } : sortedJson({ kind: def.kind, apiVersion, metadata: meta });
      return frameOf('BOOKMARK', Buffer.from(JSON.stringify(obj)));
    };

    writeHead(ctx, 200, {
      'content-type': proto ? `${PROTOBUF_MEDIA_TYPE};stream=watch` : cbor ? CBOR_SEQ_MEDIA_TYPE : 'application/json',
      'cache-control': 'no-cache, private',
      'audit-id': ctx.auditId,
    });
    if ((res as { flushHeaders?: () => void }).flushHeaders) (res as { flushHeaders: () => void }).flushHeaders();
    if (timeoutSec < 0) {
      res.end();
      return;
    }

    let stopWatch: (() => void) | null = null;
    let timer: NodeJS.Timeout | null = null;
    let bookmarkTimer: NodeJS.Timeout | null = null;
    const finish = () => {
      if (closed) return;
      closed = true;
      stopWatch?.();
      if (timer) clearTimeout(timer);
      if (bookmarkTimer) clearTimeout(bookmarkTimer);
      this.openWatches.delete(finish);
      out.end();
    };
    this.openWatches.add(finish);
    ctx.req.on('close', finish);
    res.on('close', finish);
    timer = setTimeout(finish, timeoutSec * 1000);

    try {
      stopWatch = await this.registry.watch(
        scope,
        {
          resourceVersion: opts.resourceVersion || undefined,
          resourceVersionMatch: opts.resourceVersionMatch || undefined,
          sendInitialEvents: opts.sendInitialEvents,
          filter,
        },
        {
          event: (type, bytes, rv, memo) => {
            lastRV = Math.max(lastRV, rv);
            sentRV = Math.max(sentRV, rv);
            write(encodeEvent(type, bytes, memo));
          },
          initialEventsEnd: (rv) => {
            if (opts.allowWatchBookmarks) write(bookmark(rv, true));
            sentRV = Math.max(sentRV, rv);
          },
          progress: (rv) => {
            lastRV = Math.max(lastRV, rv);
          },
          backlog: () => (out.pending > Math.min(WATCH_BACKLOG_BYTES, this.watchBufferLimit / 2) && !closed ? out.taken() : undefined),
          close: (err) => {
            if (err) write(frameOf('ERROR', Buffer.from(JSON.stringify(new StatusError(500, 'InternalError', `Internal error occurred: ${err.message}`).status))));
            finish();
          },
        },
      );
      if (closed) stopWatch();
    } catch (e) {
      if (e instanceof StatusError) {
        // Upstream reports a failed watch start as an ERROR event on a 200 stream.
        write(frameOf('ERROR', Buffer.from(JSON.stringify(e.status))));
        finish();
        return;
      }
      finish();
      throw e;
    }
    if (opts.allowWatchBookmarks) {
      // cacheWatcher.nextBookmarkTime (k8s.io/apiserver pkg/storage/cacher/cache_watcher.go):
      // every bookmark interval, and 2s before the watch's deadline so the client resumes
      // from a recent resourceVersion; only once the cache has moved past what was sent.
      const deadline = Date.now() + timeoutSec * 1000;
      const schedule = () => {
        const now = Date.now();
        const at = Math.min(now + this.bookmarkIntervalMs, deadline - 2000);
        if (at < now || closed) return;
        bookmarkTimer = setTimeout(() => {
          const rv = Math.max(lastRV, this.registry.storeFor(def).cache.revision);
          if (rv > sentRV) {
            write(bookmark(rv, false));
            sentRV = rv;
          }
          schedule();
        }, at - now);
      };
      schedule();
    }
  }

  /** Decode a create/update body: kind checks, then fieldValidation, then defaulting. */
  private async readObject(ctx: Ctx, scope: Scope, mode: FieldValidationMode): Promise<Obj> {
    const served = scope.served;
    const def = served.def;
    const requested = requestEncoding(header(ctx.req, 'content-type'), { protobuf: !!served.def.schema, cbor: this.cbor });
    const cbor = requested === 'cbor';
    // A CBOR body continues as the JSON document it stands for.
    const encoding = requested === 'cbor' ? 'json' : requested;
    const body = cbor ? cborBodyAsJson(await readBody(ctx), def.kind) : await readBody(ctx);
    const obj = this.decodeBody(body, encoding, scope);
    const custom = customResourceOf(def);
    if (def.schema) {
      const target = { kind: def.kind, version: served.version };
      if (cbor) {
        const unknown = mode === 'Ignore' ? undefined : cborUnknownFieldError(JSON.parse(body.toString('utf8')), def.schema);
        ctx.warnings.push(...applyFieldValidation(mode, unknown ? [unknown] : [], target));
      } else {
        ctx.warnings.push(...bodyFieldValidation(mode, { body, encoding, type: def.schema, target }));
      }
      pruneObject(obj, def.schema);
      applyDefaults(served.group, served.version, def.kind, obj, def.schema);
    } else if (custom) {
      ctx.warnings.push(...decodeCustomResourceBody(custom, mode, body, encoding, obj));
    }
    return obj;
  }

  private decodeBody(body: Buffer, encoding: Encoding, scope: Scope): Obj {
    const served = scope.served;
    if (encoding === 'protobuf') {
      let decoded: Obj;
      try {
        decoded = decodeObjectProto(body, (av, kind) => this.catalog.byKind(av, kind)?.def.schema, {
          apiVersion: apiVersionOf(served.group, served.version),
          kind: served.def.kind,
        }) as Obj;
      } catch (e) {
        throw badRequest(`the object provided is unrecognized (must be of type ${served.def.kind}): ${(e as Error).message}`);
      }
      return checkObject(decoded, body, {
        group: served.group,
        version: served.version,
        kind: served.def.kind,
        isRegistered: (apiVersion, kind) => this.catalog.isRegistered(apiVersion, kind),
      });
    }
    const expected = {
      group: served.group,
      version: served.version,
      kind: served.def.kind,
      isRegistered: (apiVersion: string, kind: string) => this.catalog.isRegistered(apiVersion, kind),
    };
    return served.def.schema ? decodeTypedObject(body, encoding, expected, served.def.schema) : decodeObject(body, encoding, expected);
  }

  /** The manager of a non-apply write: the fieldManager parameter, else the User-Agent's product. */
  private manager(ctx: Ctx, fieldManager: string): string {
    return managerOrUserAgent(fieldManager, header(ctx.req, 'user-agent') ?? '');
  }

  private async create(ctx: Ctx, scope: Scope): Promise<void> {
    const { dryRun, fieldManager, fieldValidation } = writeParams(ctx.query, 'CreateOptions');
    const obj = await this.readObject(ctx, scope, fieldValidation);
    const admission = this.admission(ctx, { scope, name: String(obj.metadata?.name ?? ''), options: optionsObject('CreateOptions', ctx.query), dryRun });
    if (this.reviews && isReview(scope.served)) {
      await admission?.mutate('CREATE', obj, undefined);
      await admission?.validate('CREATE', obj, undefined);
      this.sendObject(ctx, 201, scope.served, await this.reviews.answer(ctx, scope.served, obj, this.manager(ctx, fieldManager)));
      return;
    }
    const created = await this.registry.createEncoded(scope, obj, { dryRun, fieldManager: this.manager(ctx, fieldManager), user: ctx.user, admission });
    this.sendObject(ctx, 201, scope.served, created.obj, undefined, created.json);
  }

  private async update(ctx: Ctx, scope: Scope, sub: SubresourceDef | undefined): Promise<void> {
    const params = writeParams(ctx.query, 'UpdateOptions');
    const dryRun = params.dryRun;
    const fieldManager = this.manager(ctx, params.fieldManager);
    const obj = await this.readObject(ctx, scope, params.fieldValidation);
    const name = ctx.info.name;
    checkNameAndNamespace(obj.metadata ?? {}, name, scope);
    if (scope.served.def.namespaced) obj.metadata.namespace = scope.namespace;
    const admission = this.admission(ctx, { scope, sub, name, options: optionsObject('UpdateOptions', ctx.query), dryRun });
    if (sub?.type === 'ephemeralcontainers' || sub?.type === 'resize') {
      const kind = sub.type;
      const r = await this.registry.guaranteedUpdate(
        scope,
        name,
        (cur) => {
          if (!cur) throw notFound({ group: scope.served.group, resource: scope.served.def.plural }, name);
          const rv = obj.metadata?.resourceVersion;
          if (rv && rv !== cur.metadata.resourceVersion) throw conflict({ group: scope.served.group, resource: scope.served.def.plural }, name, OPTIMISTIC_LOCK_MESSAGE);
          return limitPodUpdate(kind, obj, cur);
        },
        { dryRun, fieldManager, subresource: kind, user: ctx.user, requestSubresource: sub.name, admission },
      );
      this.sendObject(ctx, 200, scope.served, r.obj);
      return;
    }
    const res = await this.registry.update(scope, name, obj, { dryRun, fieldManager, subresource: slicedSubresource(sub), user: ctx.user, requestSubresource: sub?.name, admission });
    this.sendObject(ctx, res.created ? 201 : 200, scope.served, res.obj);
  }

  private async patch(ctx: Ctx, scope: Scope, sub: SubresourceDef | undefined): Promise<void> {
    const params = writeParams(ctx.query, 'PatchOptions');
    const dryRun = params.dryRun;
    const served = scope.served;
    const custom = customResourceOf(served.def);
    const isCustom = custom !== undefined;
    const pt = patchType(header(ctx.req, 'content-type'), patchTypesOf(isCustom), { cbor: this.cbor });
    if (pt === 'apply') return this.apply(ctx, scope, sub, params);
    forbidForce(ctx);
    const fieldManager = this.manager(ctx, params.fieldManager);
    const body = await readBody(ctx);
    const patchBody = body.toString('utf8');
    let warnings: string[] = [];
    const name = ctx.info.name;
    const res = await this.registry.guaranteedUpdate(
      scope,
      name,
      (current) => {
        if (!current) throw notFound({ group: served.group, resource: served.def.plural }, name);
        const schema = served.def.schema;
        const out = applyPatchDetailed(pt as 'json' | 'merge' | 'strategic', current, patchBody, schema ? patchSchemaOf(schema) : undefined, { fieldValidation: params.fieldValidation });
        let patched = out.object as Obj;
        if (pt === 'strategic') dropPatchDirectives(patched);
        if (schema) {
          let patchedJson: string | undefined;
          if (isJsonObject(patched)) ({ object: patched, patchedJson } = decodePatchedObject(pt as 'json' | 'merge' | 'strategic', current, patched, schema, patchBody) as { object: Obj; patchedJson: string });
          warnings = applyPatchFieldValidation(params.fieldValidation, { kind: pt as 'json' | 'merge' | 'strategic', patchStrictErrors: out.strictErrors, patched, patchedJson, type: schema, patchBody });
          pruneObject(patched, schema);
          applyDefaults(served.group, served.version, served.def.kind, patched, schema);
        } else if (custom && patched !== null && typeof patched === 'object' && !Array.isArray(patched)) {
          warnings = customResourcePatchValidation(custom, params.fieldValidation, out.strictErrors, patched);
        }
        if (patched === null || typeof patched !== 'object' || Array.isArray(patched)) {
          throw badRequest('the patch produced an object that is not a JSON object');
        }
        const pmeta = patched.metadata ?? {};
        checkNameAndNamespace(pmeta, name, scope);
        const wantRV = pmeta.resourceVersion;
        if (wantRV && wantRV !== current.metadata.resourceVersion) {
          throw conflict({ group: served.group, resource: served.def.plural }, name, OPTIMISTIC_LOCK_MESSAGE);
        }
        patched.apiVersion = apiVersionOf(served.group, served.version);
        patched.kind = served.def.kind;
        patched.metadata = { ...pmeta, name, resourceVersion: current.metadata.resourceVersion };
        if (served.def.namespaced) patched.metadata.namespace = scope.namespace;
        if (sub?.type === 'ephemeralcontainers' || sub?.type === 'resize') return limitPodUpdate(sub.type, patched, current);
        return patched;
      },
      { dryRun, fieldManager, subresource: slicedSubresource(sub), user: ctx.user, requestSubresource: sub?.name, admission: this.admission(ctx, { scope, sub, name, options: optionsObject('PatchOptions', ctx.query), dryRun }) },
    );
    ctx.warnings.push(...warnings);
    this.sendObject(ctx, 200, served, res.obj);
  }

  /** componentstatuses: computed on read from the control plane's health, never stored (component-statuses.ts). */
  private async componentStatuses(ctx: Ctx, scope: Scope, verb: Verb): Promise<void> {
    const store = this.registry.store;
    const items = await componentStatuses({ inProcessControllers: this.inProcessControllers, storeCheck: () => store.check() });
    if (verb === 'get') {
      const found = items.find((i) => i.metadata.name === ctx.info.name);
      if (!found) throw notFound({ group: '', resource: 'componentstatuses' }, ctx.info.name);
      this.sendObject(ctx, 200, scope.served, found, this.negotiate(ctx, scope.served, 'get'));
      return;
    }
    const fmt = this.negotiate(ctx, scope.served, 'list');
    if (fmt.target === 'Table') {
      sendEncoded(ctx, 200, fmt.encoding, table(scope.served.def, items, {}, parseIncludeObject(ctx.query.get('includeObject')), fmt.metaVersion));
      return;
    }
    sendEncoded(ctx, 200, fmt.encoding === 'protobuf' ? 'json' : fmt.encoding, { kind: 'ComponentStatusList', apiVersion: 'v1', metadata: {}, items });
  }

  /** POST namespaces/{ns}/bindings: binds the pod named by the Binding, as pods/{name}/binding does. */
  private async bindingsResource(ctx: Ctx, scope: Scope): Promise<void> {
    const { dryRun } = writeParams(ctx.query, 'CreateOptions');
    const binding = decodeFixedKind(ctx, await readBody(ctx), { group: '', version: 'v1', kind: 'Binding' }, coreSchemas.Binding);
    const pods = this.catalog.lookup('', 'v1', 'pods')!;
    const name = String(binding.metadata?.name ?? '');
    if (!name) throw invalid({ group: '', kind: 'Binding' }, '', [fieldErr.required('metadata.name', 'name or generateName is required')]);
    await bindPod(this.registry, { served: pods, namespace: scope.namespace }, name, binding, dryRun);
    sendEncoded(ctx, 201, 'json', CREATED_STATUS);
  }

  /** Server-side apply: PATCH with application/apply-patch+yaml; creates when absent. */
  private async apply(ctx: Ctx, scope: Scope, sub: SubresourceDef | undefined, params: WriteParams): Promise<void> {
    const served = scope.served;
    const def = served.def;
    const name = ctx.info.name;
    requireApplyManager(params);
    if (sub && sub.type !== 'status') throw new StatusError(415, 'UnsupportedMediaType', `apply patches are not supported on the ${sub.name} subresource`);
    const cfg = await this.readApplyConfig(ctx, params);
    const apiVersion = apiVersionOf(served.group, served.version);
    const opts = {
      apiVersion,
      kind: def.kind,
      schema: def.schema ?? customResourceOf(def)?.applyType ?? ('unstructured' as const),
      subresource: sub?.type === 'status' ? 'status' : undefined,
      force: params.force,
      sentConfig: cfg,
      ignoredFields: sub?.type === 'status' ? [['spec']] : def.subresources?.some((x) => x.type === 'status') ? [['status']] : [],
    };
    const res = await this.registry.guaranteedUpdate(
      scope,
      name,
      (current) => {
        const rv = cfg.metadata?.resourceVersion;
        if (current && rv && rv !== current.metadata.resourceVersion) {
          throw conflict({ group: served.group, resource: def.plural }, name, OPTIMISTIC_LOCK_MESSAGE);
        }
        const base = current ?? undefined;
        // A namespace the configuration names is checked as it is (typed, then against the URL's).
        const namespace = def.namespaced && (cfg.metadata?.namespace === undefined || cfg.metadata.namespace === '') ? { namespace: scope.namespace } : {};
        const out = applyFields(base, { ...cfg, metadata: { ...(cfg.metadata ?? {}), ...namespace } }, params.fieldManager, opts);
        let obj = out.object as Obj;
        // The merged object names the URL's, as every patch must (a configuration may leave the name to the live object).
        checkNameAndNamespace(obj.metadata ?? {}, name, scope);
        if (current) obj.metadata = { ...obj.metadata, resourceVersion: current.metadata.resourceVersion };
        if (def.schema) {
          obj = convertAppliedObject(obj, def.schema, cfg) as Obj;
          pruneObject(obj, def.schema);
          applyDefaults(served.group, served.version, def.kind, obj, def.schema);
        } else {
          const custom = customResourceOf(def);
          if (custom) normalizeCustomResource(custom, obj);
        }
        return obj;
      },
      {
        dryRun: params.dryRun,
        fieldManager: params.fieldManager,
        applied: true,
        allowCreate: !sub,
        subresource: sub?.type === 'status' ? 'status' : undefined,
        user: ctx.user,
        requestSubresource: sub?.name,
        admission: this.admission(ctx, { scope, sub, name, options: optionsObject('PatchOptions', ctx.query), dryRun: params.dryRun }),
      },
    );
    this.sendObject(ctx, res.created ? 201 : 200, served, res.obj);
  }

  /** Subresources that act rather than update a slice: binding, eviction, connect, token. */
  private async podAction(ctx: Ctx, scope: Scope, sub: SubresourceDef): Promise<void> {
    const name = ctx.info.name;
    if (sub.type === 'connect') {
      const options: Obj = { kind: connectOptionsKind(sub.name), apiVersion: 'v1', ...Object.fromEntries(ctx.query) };
      const admission = this.admission(ctx, { scope, sub, name, options, dryRun: false, kind: { group: '', version: 'v1', kind: options.kind } });
      await admission?.mutate('CONNECT', options, undefined);
      await admission?.validate('CONNECT', options, undefined);
      return connect(this.registry, scope, name, sub.name);
    }
    const { dryRun } = writeParams(ctx.query, 'CreateOptions');
    const kind = sub.kind!;
    // Eviction is accepted in any served policy version, as upstream does.
    const obj = decodeFixedKind(ctx, await readBody(ctx), kind, SUBRESOURCE_BODY_SCHEMAS[`${kind.group}/${kind.kind}`], kind.kind === 'Eviction' ? ['policy/v1beta1'] : []);
    // Subresource creates (binding, eviction, token) are admitted with their own object.
    const admission = this.admission(ctx, { scope, sub, name, options: optionsObject('CreateOptions', ctx.query), dryRun, kind });
    await admission?.mutate('CREATE', obj, undefined);
    await admission?.validate('CREATE', obj, undefined);
    if (sub.type === 'token') {
      sendEncoded(ctx, 201, 'json', await this.tokens.request(scope, name, obj, dryRun, (w) => ctx.warnings.push(w)));
      return;
    }
    if (sub.type === 'binding') {
      await bindPod(this.registry, scope, name, obj, dryRun);
      sendEncoded(ctx, 201, 'json', CREATED_STATUS);
      return;
    }
    const status = await evictPod(this.registry, scope, name, obj, ctx.query.getAll('dryRun'));
    sendEncoded(ctx, status.code, 'json', status);
  }

  private async scale(ctx: Ctx, scope: Scope, verb: Verb): Promise<void> {
    const served = scope.served;
    const name = ctx.info.name;
    const gr = { group: served.group, resource: served.def.plural };
    const custom = customResourceOf(served.def);
    const sub = served.def.subresources?.find((s) => s.type === 'scale');
    const scaleOf = (obj: Obj) => (custom?.scale ? customResourceToScale(custom, obj) : toScale(obj));
    const withScale = (cur: Obj, scale: Obj) => (custom?.scale ? applyScaleToCustomResource(custom, cur, scale, gr) : applyScale(cur, scale, gr));
    const sendScale = (obj: Obj) => {
      const fmt = negotiateResponse(header(ctx.req, 'accept'), 'other', { protobuf: true, cbor: this.cbor });
      sendEncoded(ctx, 200, fmt.encoding, scaleOf(obj), undefined, ScaleType);
    };
    if (verb === 'get') {
      // Some built-in kinds' ScaleREST.Get names the subresource when the object is missing
      // (registry/apps/deployment/storage: NewNotFound(apps.Resource("deployments/scale"), name)).
      const obj = await this.registry.get(scope, name, ctx.query.get('resourceVersion') ?? undefined).catch((e: unknown) => {
        throw sub?.notFoundOnGet && e instanceof StatusError && e.code === 404 ? notFound(sub.notFoundOnGet, name) : e;
      });
      return sendScale(obj);
    }
    const params = writeParams(ctx.query, verb === 'patch' ? 'PatchOptions' : 'UpdateOptions');
    const pt = verb === 'patch' ? patchType(header(ctx.req, 'content-type'), patchTypesOf(custom !== undefined), { cbor: this.cbor }) : undefined;
    if (pt === 'apply') requireApplyManager(params);
    else if (pt !== undefined) forbidForce(ctx);
    const manager = pt === 'apply' ? params.fieldManager : this.manager(ctx, params.fieldManager);
    // The field manager runs on the Scale (its entries from the parent's, ScaleHandler.ToSubresource).
    const scaleFields = { apiVersion: SCALE_API_VERSION, kind: 'Scale', schema: ScaleType, subresource: 'scale' };
    const tracked = (old: Obj, scale: Obj): Obj => ({ ...scale, metadata: { ...(scale.metadata ?? {}), managedFields: trackUpdate(old, scale, manager, scaleFields) } });
    let write: (oldScale: Obj) => Obj;
    if (verb === 'update') {
      const scale = decodeFixedKind(ctx, await readBody(ctx), { group: 'autoscaling', version: 'v1', kind: 'Scale' }, ScaleType);
      // The Scale is the update's object: its name is checked against the URL's (handlers/update.go checkName).
      checkNameAndNamespace(scale.metadata ?? {}, name, scope);
      write = (old) => tracked(old, scale);
    } else if (pt === 'apply') {
      const cfg = await this.readApplyConfig(ctx, params);
      write = (old) => {
        // Converted back into a Scale as upstream's field manager does: replicas is an int32.
        const out = convertAppliedObject(applyFields(old, cfg, manager, { ...scaleFields, force: params.force, sentConfig: cfg }).object, ScaleType, cfg) as Obj;
        // Checked once the configuration is merged, after its conflicts (a Scale may leave its name out).
        checkNameAndNamespace(out.metadata ?? {}, name, scope);
        return out;
      };
    } else {
      const scalePatch = (await readBody(ctx)).toString('utf8');
      const kindOfPatch = pt as 'json' | 'merge' | 'strategic';
      write = (old) => {
        const patched = applyPatchDetailed(kindOfPatch, old, scalePatch).object;
        checkNameAndNamespace(isJsonObject(patched) && isJsonObject(patched.metadata) ? patched.metadata : {}, name, scope);
        return tracked(old, (isJsonObject(patched) ? decodePatchedObject(kindOfPatch, old, patched, ScaleType, scalePatch).object : patched) as Obj);
      };
    }
    // Admission sees the Scale objects (autoscaling/v1), as upstream's scale subresource.
    const admission = this.admission(ctx, {
      scope,
      sub,
      name,
      options: optionsObject(verb === 'patch' ? 'PatchOptions' : 'UpdateOptions', ctx.query),
      dryRun: params.dryRun,
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
    });
    const replicasPaths = custom?.replicasPaths ?? builtinReplicasPaths(served);
    const res = await this.registry.guaranteedUpdate(
      scope,
      name,
      async (cur) => {
        // The store's own NotFound, which names the parent resource.
        if (!cur) throw notFound(gr, name);
        const oldScale = scaleOf(cur);
        oldScale.metadata.managedFields = scaleManagedFields(cur.metadata.managedFields, replicasPaths);
        const newScale = write(oldScale);
        await admission?.mutate('UPDATE', newScale, oldScale);
        await admission?.validate('UPDATE', newScale, oldScale);
        const next = withScale(cur, newScale);
        // Back to the parent's entries (ScaleHandler.ToParent); the registry leaves them as they are.
        const entries = parentManagedFields(cur.metadata.managedFields, newScale.metadata?.managedFields, replicasPaths, apiVersionOf(served.group, served.version));
        next.metadata = { ...next.metadata, managedFields: entries };
        if (entries.length === 0) delete next.metadata.managedFields;
        return next;
      },
      { dryRun: params.dryRun, requestSubresource: 'scale', subresource: 'scale', fieldManager: manager, applied: true },
    );
    sendScale(res.obj);
  }

  /** An apply patch's body as an object: CBOR or YAML (JSON), with the field validation warnings it earns. */
  private async readApplyConfig(ctx: Ctx, params: WriteParams): Promise<Obj> {
    let body = await readBody(ctx);
    if (isCborPatch(header(ctx.req, 'content-type'))) body = cborApplyPatchAsJson(body);
    ctx.warnings.push(...applyApplyPatchFieldValidation(params.fieldValidation, body.toString('utf8')));
    return decodeApplyPatchYaml(body.toString('utf8'));
  }

  private async readDeleteOptions(ctx: Ctx, scope: Scope): Promise<DeleteOptions> {
    const body = await readBody(ctx);
    const opts = deleteOptions(ctx.query, body.length > 0 ? decodeDeleteOptionsBody(body, header(ctx.req, 'content-type'), { cbor: this.cbor }) : undefined);
    opts.user = ctx.user;
    opts.admission = this.admission(ctx, { scope, name: ctx.info.name, options: deleteOptionsObject(opts), dryRun: opts.dryRun });
    if (opts.ignoreStoreReadErrorWithClusterBreakingPotential) await this.authorizeUnsafeDelete(ctx);
    return opts;
  }

  /**
   * Deleting with ignoreStoreReadErrorWithClusterBreakingPotential needs its own verb
   * (upstream endpoints/handlers/delete.go authorizeUnsafeDelete).
   */
  private async authorizeUnsafeDelete(ctx: Ctx): Promise<void> {
    if (!this.authorizer || !ctx.user) return;
    const verb = 'unsafe-delete-ignore-read-errors';
    const info = ctx.info;
    const r = await this.authorizer.authorize({ ...attributesFor(ctx.user, info), verb });
    if (r.decision === 'allow') return;
    const gr = { group: info.apiGroup, resource: info.resource };
    if (r.error) throw forbidden(gr, info.name, `error while checking permission for "${verb}", ${r.error}`);
    throw forbidden(gr, info.name, `not permitted to do "${verb}", reason: ${r.reason}`);
  }

  private async delete(ctx: Ctx, scope: Scope): Promise<void> {
    const opts = await this.readDeleteOptions(ctx, scope);
    const res = await this.registry.delete(scope, ctx.info.name, opts);
    const served = scope.served;
    if (res.deleted && !served.def.deleteReturnsObject) {
      const details: Obj = { name: ctx.info.name };
      if (served.group) details.group = served.group;
      details.kind = served.def.plural;
      details.uid = res.obj.metadata?.uid;
      const status: Obj = successStatus(details);
      delete status.code;
      sendEncoded(ctx, 200, negotiateResponse(header(ctx.req, 'accept'), 'other').encoding, status);
      return;
    }
    // Upstream answers 202 only when cascading deletion was asked for with orphanDependents=false.
    const code = !res.deleted && opts.orphanDependents === false ? 202 : 200;
    this.sendObject(ctx, code, served, res.obj);
  }

  private async deleteCollection(ctx: Ctx, scope: Scope): Promise<void> {
    const opts = parseListOptions(ctx.query);
    const dopts = await this.readDeleteOptions(ctx, scope);
    const filter = buildFilter(scope.served.def, opts.labelSelector, opts.fieldSelector);
    const deleted = await this.registry.deleteCollection(scope, { filter }, dopts);
    const served = scope.served;
    // A typed list's items carry no kind or apiVersion (Go leaves their TypeMeta empty); a
    // custom resource list is unstructured, as the list of a list request (its items come
    // sorted, as the registry serves them).
    const custom = customResourceOf(served.def);
    const kind = custom?.listKind ?? `${served.def.kind}List`;
    const apiVersion = apiVersionOf(served.group, served.version);
    const metadata = { resourceVersion: deleted.resourceVersion };
    const list = custom
      ? { apiVersion, items: deleted.items, kind, metadata: unstructuredListMeta(metadata) }
      : { kind, apiVersion, metadata, items: deleted.items.map(({ kind: _k, apiVersion: _a, ...rest }) => rest) };
    sendEncoded(ctx, 200, negotiateResponse(header(ctx.req, 'accept'), 'other').encoding, list);
  }
}

const PartialObjectMetadataType = object('io.k8s.apimachinery.pkg.apis.meta.v1.PartialObjectMetadata', { metadata: ObjectMeta.proto(1) });
const PartialObjectMetadataListType = object('io.k8s.apimachinery.pkg.apis.meta.v1.PartialObjectMetadataList', {
  metadata: ListMeta.proto(1),
  items: { kind: 'list', items: PartialObjectMetadataType, protoNumber: 2 },
});

/** Bodies the acting subresources take, for protobuf decoding. */
const SUBRESOURCE_BODY_SCHEMAS: Record<string, ObjectType | undefined> = {
  '/Binding': coreSchemas.Binding,
  'policy/Eviction': policySchemas.Eviction,
  'authentication.k8s.io/TokenRequest': authenticationSchemas.TokenRequest,
};

/**
 * Decode a request body that must be one fixed kind (a subresource's Binding, Eviction,
 * TokenRequest or Scale): JSON, YAML, or protobuf when the kind has a schema.
 */
function decodeFixedKind(ctx: Ctx, body: Buffer, kind: { group: string; version: string; kind: string }, schema: ObjectType | undefined, alsoAccepts: string[] = []): Obj {
  const apiVersion = apiVersionOf(kind.group, kind.version);
  const encoding = requestEncoding(header(ctx.req, 'content-type'), { protobuf: !!schema, cbor: ctx.cbor });
  const expected = { ...kind, alsoAccepts, isRegistered: (av: string, k: string) => k === kind.kind && (av === apiVersion || alsoAccepts.includes(av)) };
  if (encoding === 'cbor') body = cborBodyAsJson(body, kind.kind);
  if (encoding === 'protobuf') return checkObject(decodeObjectProto(body, () => schema, { apiVersion, kind: kind.kind }), body, expected);
  return schema ? decodeTypedObject(body, encoding, expected, schema) : decodeObject(body, encoding, expected);
}

/** The subresources that write a slice of the object through the generic update path. */
/** The options kind a connect subresource's admission sees (PodExecOptions, ...). */
function connectOptionsKind(sub: string): string {
  const kinds: Record<string, string> = { exec: 'PodExecOptions', attach: 'PodAttachOptions', portforward: 'PodPortForwardOptions', log: 'PodLogOptions', proxy: 'PodProxyOptions' };
  return kinds[sub] ?? 'PodProxyOptions';
}

function slicedSubresource(sub: SubresourceDef | undefined): string | undefined {
  return sub?.type === 'status' || sub?.type === 'finalize' || sub?.type === 'ephemeralcontainers' || sub?.type === 'resize' ? sub.type : undefined;
}

const CREATED_STATUS = successStatus(undefined, 201);

const COMMA = Buffer.from(',');
const OPEN_BRACE = Buffer.from('{');
const KIND_PREFIX = Buffer.from('{"kind":"');
const API_VERSION_INFIX = Buffer.from(',"apiVersion":"');

/**
 * An object's JSON without its leading "kind" and "apiVersion" members, as slices of the
 * cached bytes (objects are stored kind, apiVersion, metadata first; identifiers hold no
 * escaped quotes). Bytes of any other shape are returned whole.
 */
export function withoutTypeMeta(b: Buffer): Buffer[] {
  if (!b.subarray(0, KIND_PREFIX.length).equals(KIND_PREFIX)) return [b];
  const kindEnd = b.indexOf(0x22, KIND_PREFIX.length);
  if (kindEnd < 0 || !b.subarray(kindEnd + 1, kindEnd + 1 + API_VERSION_INFIX.length).equals(API_VERSION_INFIX)) return [b];
  const avEnd = b.indexOf(0x22, kindEnd + 1 + API_VERSION_INFIX.length);
  if (avEnd < 0) return [b];
  const next = b[avEnd + 1];
  if (next === 0x2c) return [OPEN_BRACE, b.subarray(avEnd + 2)];
  if (next === 0x7d) return [OPEN_BRACE, b.subarray(avEnd + 1)];
  return [b];
}
/** The patch types a kind takes: a custom resource has no Go struct for strategic merge. */
function patchTypesOf(custom: boolean): ('json' | 'merge' | 'strategic' | 'apply')[] {
  return custom ? ['json', 'merge', 'apply'] : ['json', 'merge', 'strategic', 'apply'];
}

/** An apply patch names its manager (PatchOptions validation). */
function requireApplyManager(params: WriteParams): void {
  if (!params.fieldManager) {
    throw invalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldErr.required('fieldManager', 'is required for apply patch')]);
  }
}

/** force is an apply patch's option alone (PatchOptions validation). */
function forbidForce(ctx: Ctx): void {
  if (ctx.query.has('force')) {
    throw invalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldErr.forbidden('force', 'may not be specified for non-apply patch')]);
  }
}

/** A built-in kind keeps its replicas at spec.replicas, in its one served version. */
const builtinReplicas = new WeakMap<ServedResource, ReplicasPaths>();
function builtinReplicasPaths(served: ServedResource): ReplicasPaths {
  let paths = builtinReplicas.get(served);
  if (!paths) builtinReplicas.set(served, (paths = new Map([[apiVersionOf(served.group, served.version), ['spec', 'replicas']]])));
  return paths;
}

/** handlers/update.go checkName: an update's body names the object of the URL (namer.ObjectName: a name it must have). */
function checkName(bodyName: unknown, name: string): void {
  if (bodyName === undefined || bodyName === null || bodyName === '') {
    throw badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
  }
  if (bodyName !== name) throw nameMismatch(bodyName, name);
}

/** handlers' checkName as a patched object (handlers/patch.go applyPatch) and a subresource's body meet it: the URL's name, and its namespace if any. */
function checkNameAndNamespace(meta: Obj, name: string, scope: Scope): void {
  checkName(meta.name, name);
  if (scope.namespace && meta.namespace && meta.namespace !== scope.namespace) {
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

/** The body names another object than the URL. */
function nameMismatch(bodyName: unknown, name: string): StatusError {
  return badRequest(`the name of the object (${String(bodyName)}) does not match the name on the URL (${name})`);
}
const LIST_END = Buffer.from(']}\n');

/**
 * An UnstructuredList's metadata as Go writes it: its keys sorted, continue always present
 * (UnstructuredList.SetContinue keeps an empty token; a typed ListMeta omits it).
 */
function unstructuredListMeta(listMeta: Obj): Obj {
  return sortedJson({ continue: '', ...listMeta });
}
const FRAME_END = Buffer.from('}\n');
/** A watch whose connection holds more than this unsent waits before more of its initial state is written. */
const WATCH_BACKLOG_BYTES = 1024 * 1024;

/**
 * The closing bookmark of a watch-list carries an empty list of the watched type, encoded
 * as the response is and base64'd: client-go 1.32/1.33 (rest.Request.WatchList, used by
 * metadata-only and dynamic informers) decodes it as the list it returns, and gives up on
 * the watch-list without it. Upstream kube-apiserver wrote it from 1.31 to 1.33
 * (k8s.io/apiserver pkg/endpoints/handlers/response.go watchListTransformer, removed by
 * kubernetes#132326 in 1.34 together with client-go's reader); 1.34 clients ignore it, so
 * skiff keeps writing it for the older clients a 1.34 server still serves.
 */
function initialEventsListBlueprint(fmt: ResponseFormat, served: ServedResource): Record<string, string> {
  const def = served.def;
  let encoded: Uint8Array;
  if (fmt.target === 'PartialObjectMetadata') {
    const list = { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${fmt.metaVersion}`, metadata: {}, items: null };
    encoded = fmt.encoding === 'protobuf' ? encodeObjectProto(list, PartialObjectMetadataListType) : Buffer.from(`${JSON.stringify(list)}\n`);
  } else if (fmt.target === 'object') {
    const custom = customResourceOf(def);
    // A typed list's nil items encode as null; an unstructured (custom resource) list writes [].
    const kind = custom?.listKind ?? `${def.kind}List`;
    const apiVersion = apiVersionOf(served.group, served.version);
    const list = custom ? { apiVersion, items: [], kind, metadata: {} } : { kind, apiVersion, metadata: {}, items: null };
    encoded = fmt.encoding === 'protobuf' && def.schema ? encodeObjectProto(list, listType(def.schema, ListMeta)) : Buffer.from(`${JSON.stringify(list)}\n`);
  } else {
    return {};
  }
  return { 'k8s.io/initial-events-list-blueprint': Buffer.from(encoded).toString('base64') };
}

function bookmarkForMetaTarget(fmt: ResponseFormat, meta: Obj): Obj {
  if (fmt.target === 'Table') {
    return { kind: 'Table', apiVersion: `meta.k8s.io/${fmt.metaVersion}`, metadata: meta, rows: null };
  }
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${fmt.metaVersion}`, metadata: meta };
}

/**
 * Upstream converts a strategic-merge result to its Go type, which drops leftover
 * directive keys and nulls; without a schema we drop the directives here.
 */
function dropPatchDirectives(v: unknown): void {
  // Iterative: patches may nest up to Go's 10000 levels, deeper than Node's stack.
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (Array.isArray(x)) {
      for (const y of x) if (y !== null && typeof y === 'object') stack.push(y);
      continue;
    }
    if (x === null || typeof x !== 'object') continue;
    const o = x as Obj;
    for (const k of Object.keys(o)) {
      if (k === '$patch' || k === '$retainKeys' || k.startsWith('$setElementOrder/') || k.startsWith('$deleteFromPrimitiveList/')) delete o[k];
      else if (o[k] !== null && typeof o[k] === 'object') stack.push(o[k]);
    }
  }
}

/**
 * What the go-restful route of a built-in resource produces (apiserver endpoints/installer.go):
 * collection reads add the watch stream types, pods/log adds text/plain, and the other
 * connect subresources produce anything. Custom resources are served outside go-restful.
 */
function routeProducesFor(def: KindDef, sub: SubresourceDef | undefined, verb: Verb, cbor: boolean): string[] | undefined {
  if (sub?.type === 'connect') return sub.name === 'log' ? ['text/plain', ...routeProduces(false, { cbor })] : undefined;
  return routeProduces(!sub && (verb === 'list' || verb === 'watch'), { protobuf: !!def.schema, cbor });
}

function notFoundPage(ctx: Ctx): void {
  sendText(ctx, 404, '404 page not found\n');
}

const isJsonObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
