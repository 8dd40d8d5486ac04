// A small etcd v3 client over our own gRPC transport: one connection to one member at a
// time, moving on to the next endpoint when that member fails. Reads are retried on any
// unavailability; writes only when etcd cannot have applied them (no connection, refused
// stream, or "no leader", which a member with require-leader metadata answers before
// proposing anything).
import { GrpcChannel, GrpcError, GrpcStatus, type TlsFiles } from './grpc.js';
import {
  RPC,
  decodeDeleteRange,
  decodeHeaderOnly,
  decodeRange,
  decodeStatus,
  decodeTxn,
  encodeCompact,
  encodeDeleteRange,
  encodeRange,
  encodeStatus,
  encodeTxn,
  type DeleteRangeResponse,
  type RangeRequest,
  type RangeResponse,
  type ResponseHeader,
  type StatusResponse,
  type TxnRequest,
  type TxnResponse,
} from './messages.js';

export interface EtcdClientOptions {
  /** Client URLs of the members, e.g. "http://127.0.0.1:2379" (scheme defaults to http, https with tls). */
  endpoints: string[];
  tls?: TlsFiles;
  /** Longest wait for a connection to one member. Default 5 s. */
  dialTimeoutMs?: number;
  /** Budget of one request, retries included. Default 15 s. */
  requestTimeoutMs?: number;
  /** HTTP/2 ping interval while connected; 0 disables. Default 10 s. */
  keepaliveMs?: number;
}

/** etcd's require-leader metadata: a member without a leader rejects the call at once. */
const REQUIRE_LEADER = { hasleader: 'true' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retriable(err: GrpcError, idempotent: boolean): boolean {
  if (err.code !== GrpcStatus.UNAVAILABLE) return false;
  if (idempotent || !err.delivered) return true;
  return /no leader|not capable|too many requests/.test(err.details);
}

export class EtcdClient {
  private readonly channels: GrpcChannel[];
  private active = 0;
  private readonly requestTimeoutMs: number;

  constructor(opts: EtcdClientOptions) {
    if (opts.endpoints.length === 0) throw new Error('etcd: no endpoints');
    this.requestTimeoutMs = opts.requestTimeoutMs ?? 15_000;
    this.channels = opts.endpoints.map(
      (e) =>
        new GrpcChannel(e, {
          tls: opts.tls,
          dialTimeoutMs: opts.dialTimeoutMs,
          keepaliveMs: opts.keepaliveMs,
          metadata: REQUIRE_LEADER,
        }),
    );
  }

  get endpointCount(): number {
    return this.channels.length;
  }

  /** The channel calls and watch streams use now. */
  get channel(): GrpcChannel {
    return this.channels[this.active]!;
  }

  /** After a failure on ch, drop its connection and move on to the next endpoint. */
  failover(ch: GrpcChannel): void {
    ch.reset();
    if (this.channels[this.active] === ch) this.active = (this.active + 1) % this.channels.length;
  }

  async call(path: string, msg: Buffer, idempotent: boolean, timeoutMs = this.requestTimeoutMs): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    const maxAttempts = this.channels.length * 3;
    for (let attempt = 1; ; attempt++) {
      const ch = this.channel;
      try {
        return await ch.unary(path, msg, Math.max(1, deadline - Date.now()));
      } catch (err) {
        if (!(err instanceof GrpcError) || !retriable(err, idempotent)) throw err;
        this.failover(ch);
        if (attempt >= maxAttempts || Date.now() >= deadline) throw err;
        // Once every member has failed in a row, back off before the next round.
        if (attempt % this.channels.length === 0) await sleep(Math.min(50 * attempt, 1000));
      }
    }
  }

  async range(req: RangeRequest, timeoutMs?: number): Promise<RangeResponse> {
    return decodeRange(await this.call(RPC.range, encodeRange(req), true, timeoutMs));
  }

  /** A transaction; idempotent only when it cannot write (or its writes are guarded by compares that a retry would fail). */
  async txn(req: TxnRequest, idempotent: boolean): Promise<TxnResponse> {
    return decodeTxn(await this.call(RPC.txn, encodeTxn(req), idempotent));
  }

  async deleteRange(key: Buffer, rangeEnd?: Buffer): Promise<DeleteRangeResponse> {
    return decodeDeleteRange(await this.call(RPC.deleteRange, encodeDeleteRange(key, rangeEnd), false));
  }

  async compact(revision: number, physical: boolean): Promise<ResponseHeader> {
    // Compaction is idempotent: a repeat fails with "compacted", which callers handle.
    return decodeHeaderOnly(await this.call(RPC.compact, encodeCompact(revision, physical), true));
  }

  /** Status of the member behind the current channel (or the given one). */
  async status(ch?: GrpcChannel, timeoutMs = 5000): Promise<StatusResponse> {
    if (ch) return decodeStatus(await ch.unary(RPC.status, encodeStatus(), timeoutMs));
    return decodeStatus(await this.call(RPC.status, encodeStatus(), true, timeoutMs));
  }

  /** Every channel, for per-member status. */
  get allChannels(): readonly GrpcChannel[] {
    return this.channels;
  }

  close(): void {
    for (const ch of this.channels) ch.close();
  }
}
