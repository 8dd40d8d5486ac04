// The Store on an etcd v3 cluster (3.4 or later), through our own gRPC client. Writes are
// transactions that compare a key's create or mod revision; reads are linearizable
// ranges; watches share one watch stream with prev_kv and resume across member failures.
import { readFile } from 'node:fs/promises';
import {
  CompactedError,
  FutureRevisionError,
  StoreUnavailableError,
  type DeleteResult,
  type KeyValue,
  type RangeOptions,
  type RangeResult,
  type Store,
  type Watch,
  type WatchCallbacks,
  type WatchOptions,
  type WriteResult,
} from '../store.js';
import { EtcdClient } from './client.js';
import { GrpcError, GrpcStatus } from './grpc.js';
import { CompareTarget, type RangeResponse, type RawKeyValue, type RequestOp, type TxnResponse } from './messages.js';
import { WatchMux } from './watch-mux.js';

export interface EtcdStoreOptions {
  /** Client URLs of the etcd members, e.g. ["http://127.0.0.1:2379"]. */
  endpoints: string[];
  /**
   * Prepended to every key (default ""). Callers already pass full keys such as
   * "/registry/configmaps/ns/name"; this only isolates several stores on one etcd.
   */
  prefix?: string;
  /** PEM files for TLS to etcd (--etcd-cafile, --etcd-certfile, --etcd-keyfile). */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Ask for a progress notification after a progress watcher was idle this long. Default 250 ms; 0 disables. */
  progressIntervalMs?: number;
  /** Budget of one request, retries across members included. Default 15 s. */
  requestTimeoutMs?: number;
  /** Longest wait for a connection to one member. Default 5 s. */
  dialTimeoutMs?: number;
}

/** Where an etcd version answers progress requests exactly (etcd-io/etcd#15220 and #17557 fixed). */
export function progressRequestsReliable(version: string): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (major !== 3) return major > 3;
  if (minor === 4) return patch >= 31;
  if (minor === 5) return patch >= 13;
  return minor > 5;
}

/** A key nobody uses: ranges on it only serve to learn the revision. */
const PROBE_KEY = Buffer.from([0]);
const HEALTH_TIMEOUT_MS = 2000;

/** The exclusive end of a byte prefix, as etcd's clientv3.GetPrefixRangeEnd. */
export function bytePrefixEnd(prefix: Buffer): Buffer {
  for (let i = prefix.length - 1; i >= 0; i--) {
    if (prefix[i]! < 0xff) {
      const end = Buffer.from(prefix.subarray(0, i + 1));
      end[i]!++;
      return end;
    }
  }
  return Buffer.from([0]); // every key from prefix on
}

export class EtcdStore implements Store {
  readonly name = 'etcd';
  private readonly mux: WatchMux;
  private readonly keyPrefix: Buffer;
  private closing = false;
  private closed?: Promise<void>;
  private readonly inflight = new Set<Promise<unknown>>();
  /** Lowest compaction point known to be in effect (ours or learned from errors). */
  private knownCompacted = 0;

  private constructor(
    private readonly client: EtcdClient,
    prefix: string,
    /** The etcd version of the member connect() talked to. */
    readonly serverVersion: string,
    progressIntervalMs: number,
  ) {
    this.keyPrefix = Buffer.from(prefix, 'utf8');
    const requestedProgress = progressRequestsReliable(serverVersion);
    this.requestProgress = requestedProgress
      ? () => {
          if (!this.closing) this.mux.requestProgress();
        }
      : undefined;
    this.mux = new WatchMux(client, {
      progressIntervalMs,
      requestedProgress,
      toKv: (raw) => this.toKv(raw),
      currentRevision: () => this.currentRevision(),
    });
  }

  /** Connects to the cluster (any one reachable member will do) and learns its version. */
  static async connect(opts: EtcdStoreOptions): Promise<EtcdStore> {
    const read = (f?: string) => (f ? readFile(f) : Promise.resolve(undefined));
    const [ca, cert, key] = await Promise.all([read(opts.caFile), read(opts.certFile), read(opts.keyFile)]);
    const tls = ca || cert || key ? { ca, cert, key } : undefined;
    const client = new EtcdClient({
      endpoints: opts.endpoints,
      tls,
      requestTimeoutMs: opts.requestTimeoutMs,
      dialTimeoutMs: opts.dialTimeoutMs,
    });
    let version: string;
    try {
      version = (await client.status(undefined, opts.dialTimeoutMs ?? 5000)).version;
    } catch (err) {
      client.close();
      throw unavailable(err, opts.endpoints.join(','));
    }
    // 3.4 brought client-chosen watch ids and progress requests, which the watch mux relies on.
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (major < 3 || (major === 3 && minor < 4)) {
      client.close();
      throw new StoreUnavailableError(`etcd: version ${version} is not supported, 3.4 or later is required`);
    }
    return new EtcdStore(client, opts.prefix ?? '', version, opts.progressIntervalMs ?? 250);
  }

  /** True when requested progress notifications are exact on this etcd version. */
  get progressReliable(): boolean {
    return progressRequestsReliable(this.serverVersion);
  }

  async currentRevision(): Promise<number> {
    const res = await this.do(() => this.client.range({ key: PROBE_KEY, countOnly: true }));
    return res.header.revision;
  }

  /**
   * etcd does not report its compaction point, but a read below it fails: the point is
   * the lowest revision still readable, found by bisection (about log2(revision) reads).
   */
  async compactedRevision(): Promise<number> {
    this.assertOpen();
    const current = await this.currentRevision();
    const readable = async (rev: number) => {
      try {
        await this.client.range({ key: PROBE_KEY, revision: rev, countOnly: true });
        return true;
      } catch (err) {
        if (isCompacted(err)) return false;
        throw unavailable(err);
      }
    };
    let lo = Math.max(1, Math.min(this.knownCompacted, current));
    if (await readable(lo)) {
      if (lo === 1) return 0;
      return lo;
    }
    let hi = current; // always readable
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (await readable(mid)) hi = mid;
      else lo = mid;
    }
    this.knownCompacted = Math.max(this.knownCompacted, hi);
    return hi;
  }

  async get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }> {
    const res = await this.read(revision, () => this.client.range({ key: this.k(key), revision }));
    const raw = res.kvs[0];
    return { kv: raw ? this.toKv(raw) : undefined, revision: revision || res.header.revision };
  }

  async range(prefix: string, opts: RangeOptions = {}): Promise<RangeResult> {
    const { key: start, rangeEnd } = this.bounds(prefix);
    let key = start;
    if (opts.startKey !== undefined) {
      const from = this.k(opts.startKey);
      if (Buffer.compare(from, key) > 0) key = from;
    }
    const revision = opts.revision && opts.revision > 0 ? opts.revision : undefined;
    const res = await this.read(revision, () =>
      this.client.range({ key, rangeEnd, revision, limit: opts.limit && opts.limit > 0 ? opts.limit : undefined, countOnly: opts.countOnly }),
    );
    return {
      kvs: opts.countOnly ? [] : res.kvs.map((kv) => this.toKv(kv)),
      revision: revision ?? res.header.revision,
      more: res.more,
      count: res.count,
    };
  }

  async create(key: string, value: Buffer): Promise<WriteResult> {
    const k = this.k(key);
    const res = await this.txn([{ key: k, target: CompareTarget.Create, equals: 0 }], { put: { key: k, value } }, k);
    return this.writeResult(key, value, res);
  }

  async update(key: string, value: Buffer, expectedModRevision: number): Promise<WriteResult> {
    const k = this.k(key);
    const res = await this.txn(
      [{ key: k, target: CompareTarget.Mod, equals: expectedModRevision }],
      { put: { key: k, value, prevKv: true } },
      k,
    );
    return this.writeResult(key, value, res);
  }

  async delete(key: string, expectedModRevision?: number): Promise<DeleteResult> {
    const k = this.k(key);
    if (expectedModRevision === undefined) {
      const res = await this.write(() => this.client.deleteRange(k));
      const prev = res.prevKvs[0];
      if (res.deleted === 0 || !prev) return { ok: false };
      return { ok: true, prevKv: this.toKv(prev), revision: res.header.revision };
    }
    const res = await this.txn([{ key: k, target: CompareTarget.Mod, equals: expectedModRevision }], { delete: { key: k, prevKv: true } }, k);
    const op = res.responses[0];
    if (!res.succeeded) {
      const cur = op && 'range' in op ? op.range.kvs[0] : undefined;
      return { ok: false, prevKv: cur ? this.toKv(cur) : undefined };
    }
    const prev = op && 'delete' in op ? op.delete.prevKvs[0] : undefined;
    if (!prev) return { ok: false };
    return { ok: true, prevKv: this.toKv(prev), revision: res.header.revision };
  }

  watch(prefix: string, opts: WatchOptions, callbacks: WatchCallbacks): Watch {
    if (this.closing) {
      queueMicrotask(() => callbacks.onError(new StoreUnavailableError('etcd: store is closed')));
      return { cancel() {} };
    }
    const { key, rangeEnd } = this.bounds(prefix);
    return this.mux.watch(key, rangeEnd, Math.max(0, opts.startRevision), opts.progressNotify === true, callbacks);
  }

  /**
   * Like etcd's RequestProgress: every progress watcher soon gets onProgress with a
   * revision up to which it has seen every change. Absent against etcd before
   * 3.4.31/3.5.13, whose answers may overtake queued events (watch-mux.ts); readers then
   * go to etcd, as upstream's cacher does without the RequestWatchProgress feature.
   */
  readonly requestProgress: (() => void) | undefined;

  /**
   * Compacts etcd's history below revision. Reads and watches below it fail at once;
   * like kube-apiserver, we do not wait for etcd to free the space (a physical compaction
   * of a long history can take longer than a request may). Compacting at or below the
   * compaction point fails with CompactedError, beyond the current revision with
   * FutureRevisionError.
   */
  async compact(revision: number): Promise<void> {
    this.assertOpen();
    try {
      await this.client.compact(revision, false);
    } catch (err) {
      if (isCompacted(err)) throw new CompactedError(await this.compactedRevision(), await this.currentRevision());
      if (isFuture(err)) throw new FutureRevisionError(revision, await this.currentRevision());
      throw unavailable(err);
    }
    this.knownCompacted = Math.max(this.knownCompacted, revision);
  }

  /** A linearizable read: fails unless a quorum is reachable. */
  async check(): Promise<void> {
    this.assertOpen();
    try {
      await this.client.range({ key: this.k('/health'), countOnly: true }, HEALTH_TIMEOUT_MS);
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Waits for requests in flight, then stops watchers and closes the connections. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.closing = true;
      this.mux.close();
      while (this.inflight.size) await Promise.allSettled([...this.inflight]);
      this.client.close();
    })();
    return this.closed;
  }

  // ---- helpers ----

  private k(key: string): Buffer {
    const k = Buffer.from(key, 'utf8');
    return this.keyPrefix.length ? Buffer.concat([this.keyPrefix, k]) : k;
  }

  /** The etcd key range of a prefix; the empty prefix is every key (under our key prefix). */
  private bounds(prefix: string): { key: Buffer; rangeEnd: Buffer } {
    const key = this.k(prefix);
    if (key.length === 0) return { key: PROBE_KEY, rangeEnd: PROBE_KEY };
    return { key, rangeEnd: bytePrefixEnd(key) };
  }

  private toKv(raw: RawKeyValue): KeyValue {
    const key = raw.key.subarray(this.keyPrefix.length).toString('utf8');
    return { key, value: raw.value, createRevision: raw.createRevision, modRevision: raw.modRevision };
  }

  private async txn(
    compare: { key: Buffer; target: CompareTarget.Create | CompareTarget.Mod; equals: number }[],
    success: RequestOp,
    key: Buffer,
  ): Promise<TxnResponse> {
    // A guarded write fails its compare when repeated, so etcd cannot apply it twice;
    // still, a retry after an ambiguous failure could report our own write as a conflict,
    // so only failures etcd cannot have applied are retried (see client.ts).
    return this.write(() => this.client.txn({ compare, success: [success], failure: [{ range: { key } }] }, false));
  }

  private writeResult(key: string, value: Buffer, res: TxnResponse): WriteResult {
    const op = res.responses[0];
    if (!res.succeeded) {
      const cur = op && 'range' in op ? op.range.kvs[0] : undefined;
      return { ok: false, current: cur ? this.toKv(cur) : undefined };
    }
    const rev = res.header.revision;
    const prev = op && 'put' in op ? op.put.prevKv : undefined;
    const prevKv = prev ? this.toKv(prev) : undefined;
    const kv: KeyValue = { key, value: Buffer.from(value), createRevision: prevKv ? prevKv.createRevision : rev, modRevision: rev };
    return prevKv ? { ok: true, kv, prevKv } : { ok: true, kv };
  }

  private write<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new StoreUnavailableError('etcd: store is closed'));
    return this.track(fn().catch((err: unknown) => Promise.reject(unavailable(err))));
  }

  private read(revision: number | undefined, fn: () => Promise<RangeResponse>): Promise<RangeResponse> {
    if (this.closing) return Promise.reject(new StoreUnavailableError('etcd: store is closed'));
    return this.track(
      fn().catch(async (err: unknown) => {
        if (isCompacted(err)) throw new CompactedError(await this.compactedRevision(), await this.currentRevision());
        if (isFuture(err)) throw new FutureRevisionError(revision ?? 0, await this.currentRevision());
        throw unavailable(err);
      }),
    );
  }

  private do<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new StoreUnavailableError('etcd: store is closed'));
    return this.track(fn().catch((err: unknown) => Promise.reject(unavailable(err))));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  private assertOpen(): void {
    if (this.closing) throw new StoreUnavailableError('etcd: store is closed');
  }
}

function isCompacted(err: unknown): boolean {
  return err instanceof GrpcError && err.code === GrpcStatus.OUT_OF_RANGE && /compacted/.test(err.details);
}

function isFuture(err: unknown): boolean {
  return err instanceof GrpcError && err.code === GrpcStatus.OUT_OF_RANGE && /future revision/.test(err.details);
}

/** An etcd failure that is not about revisions: unreachable, no quorum, or a rejected request. */
export class EtcdRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'EtcdRequestError';
  }
}

function unavailable(err: unknown, where?: string): Error {
  if (err instanceof StoreUnavailableError || err instanceof CompactedError || err instanceof FutureRevisionError) return err;
  if (err instanceof GrpcError) {
    const transient = [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED] as number[];
    // "request is too large", "database space exceeded" and the like are not outages.
    if (!transient.includes(err.code) && err.code !== GrpcStatus.UNKNOWN) return new EtcdRequestError(err.code, err.details);
    return new StoreUnavailableError(err.details.startsWith('etcdserver') || err.details.startsWith('grpc') ? err.details : `etcd: ${err.details}`);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new StoreUnavailableError(where ? `etcd (${where}): ${message}` : `etcd: ${message}`);
}
