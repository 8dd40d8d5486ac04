// The etcd v3 messages skiff uses (etcdserverpb/rpc.proto and mvccpb/kv.proto of etcd
// 3.4+), encoded and decoded by hand. Field numbers follow those protos; fields skiff
// never reads are skipped on decode.
import { ProtoReader, ProtoWriter } from './protowire.js';

export const RPC = {
  range: '/etcdserverpb.KV/Range',
  txn: '/etcdserverpb.KV/Txn',
  deleteRange: '/etcdserverpb.KV/DeleteRange',
  compact: '/etcdserverpb.KV/Compact',
  watch: '/etcdserverpb.Watch/Watch',
  status: '/etcdserverpb.Maintenance/Status',
  snapshot: '/etcdserverpb.Maintenance/Snapshot',
} as const;

/** mvccpb.KeyValue, with the key left as bytes. */
export interface RawKeyValue {
  key: Buffer;
  createRevision: number;
  modRevision: number;
  version: number;
  value: Buffer;
}

export interface ResponseHeader {
  revision: number;
  memberId: number;
  raftTerm: number;
}

// ---- requests ----

export interface RangeRequest {
  key: Buffer;
  rangeEnd?: Buffer;
  limit?: number;
  revision?: number;
  countOnly?: boolean;
  keysOnly?: boolean;
  serializable?: boolean;
}

function writeRange(w: ProtoWriter, r: RangeRequest): void {
  w.bytes(1, r.key, true)
    .bytes(2, r.rangeEnd)
    .uint(3, r.limit ?? 0)
    .uint(4, r.revision ?? 0)
    .bool(7, r.serializable)
    .bool(8, r.keysOnly)
    .bool(9, r.countOnly);
}

export function encodeRange(r: RangeRequest): Buffer {
  const w = new ProtoWriter();
  writeRange(w, r);
  return w.finish();
}

export interface PutOp {
  put: { key: Buffer; value: Buffer; prevKv?: boolean };
}
export interface DeleteOp {
  delete: { key: Buffer; rangeEnd?: Buffer; prevKv?: boolean };
}
export interface RangeOp {
  range: RangeRequest;
}
export type RequestOp = PutOp | DeleteOp | RangeOp;

export const enum CompareTarget {
  Version = 0,
  Create = 1,
  Mod = 2,
}

/** A compare of one key's create or mod revision for equality. */
export interface Compare {
  key: Buffer;
  target: CompareTarget.Create | CompareTarget.Mod;
  equals: number;
}

export interface TxnRequest {
  compare: Compare[];
  success: RequestOp[];
  failure: RequestOp[];
}

function writeOp(w: ProtoWriter, op: RequestOp): void {
  if ('put' in op) {
    // value is always written: an empty value must reach etcd as an empty value.
    w.message(2, (p) => p.bytes(1, op.put.key, true).bytes(2, op.put.value).bool(4, op.put.prevKv));
  } else if ('delete' in op) {
    w.message(3, (d) => d.bytes(1, op.delete.key, true).bytes(2, op.delete.rangeEnd).bool(3, op.delete.prevKv));
  } else {
    w.message(1, (r) => writeRange(r, op.range));
  }
}

export function encodeTxn(t: TxnRequest): Buffer {
  const w = new ProtoWriter(256);
  for (const c of t.compare) {
    w.message(1, (m) => {
      // result EQUAL is 0 (the default); target CREATE=1, MOD=2; the compared value is
      // create_revision (5) or mod_revision (6) and must be present even when 0.
      m.uint(2, c.target).bytes(3, c.key, true);
      const field = c.target === CompareTarget.Create ? 5 : 6;
      m.uint(field, c.equals, true);
    });
  }
  for (const op of t.success) w.message(2, (m) => writeOp(m, op));
  for (const op of t.failure) w.message(3, (m) => writeOp(m, op));
  return w.finish();
}

export function encodeDeleteRange(key: Buffer, rangeEnd?: Buffer, prevKv = true): Buffer {
  return new ProtoWriter().bytes(1, key, true).bytes(2, rangeEnd).bool(3, prevKv).finish();
}

export function encodeCompact(revision: number, physical: boolean): Buffer {
  return new ProtoWriter().uint(1, revision).bool(2, physical).finish();
}

export const encodeStatus = (): Buffer => Buffer.alloc(0);

export interface WatchCreate {
  key: Buffer;
  rangeEnd?: Buffer;
  startRevision: number;
  progressNotify?: boolean;
  prevKv?: boolean;
  /** Client-chosen watch id (etcd 3.4+); 0 lets the server choose. */
  watchId?: number;
}

export function encodeWatchCreate(c: WatchCreate): Buffer {
  return new ProtoWriter()
    .message(1, (m) =>
      m
        .bytes(1, c.key, true)
        .bytes(2, c.rangeEnd)
        .uint(3, c.startRevision)
        .bool(4, c.progressNotify)
        .bool(6, c.prevKv)
        .uint(7, c.watchId ?? 0),
    )
    .finish();
}

export function encodeWatchCancel(watchId: number): Buffer {
  return new ProtoWriter().message(2, (m) => m.uint(1, watchId)).finish();
}

export function encodeWatchProgress(): Buffer {
  return new ProtoWriter().message(3, () => {}).finish();
}

// ---- responses ----

export function decodeHeader(buf: Buffer): ResponseHeader {
  const r = new ProtoReader(buf);
  const h: ResponseHeader = { revision: 0, memberId: 0, raftTerm: 0 };
  while (r.next()) {
    switch (r.field) {
      case 2:
        h.memberId = r.int();
        break;
      case 3:
        h.revision = r.int();
        break;
      case 4:
        h.raftTerm = r.int();
        break;
      default:
        r.skip();
    }
  }
  return h;
}

const EMPTY = Buffer.alloc(0);

export function decodeKeyValue(buf: Buffer): RawKeyValue {
  const r = new ProtoReader(buf);
  const kv: RawKeyValue = { key: EMPTY, createRevision: 0, modRevision: 0, version: 0, value: EMPTY };
  while (r.next()) {
    switch (r.field) {
      case 1:
        kv.key = r.bytes();
        break;
      case 2:
        kv.createRevision = r.int();
        break;
      case 3:
        kv.modRevision = r.int();
        break;
      case 4:
        kv.version = r.int();
        break;
      case 5:
        kv.value = r.bytes();
        break;
      default:
        r.skip();
    }
  }
  return kv;
}

export interface RangeResponse {
  header: ResponseHeader;
  kvs: RawKeyValue[];
  more: boolean;
  count: number;
}

const NO_HEADER: ResponseHeader = { revision: 0, memberId: 0, raftTerm: 0 };

export function decodeRange(buf: Buffer): RangeResponse {
  const r = new ProtoReader(buf);
  const out: RangeResponse = { header: NO_HEADER, kvs: [], more: false, count: 0 };
  while (r.next()) {
    switch (r.field) {
      case 1:
        out.header = decodeHeader(r.bytes());
        break;
      case 2:
        out.kvs.push(decodeKeyValue(r.bytes()));
        break;
      case 3:
        out.more = r.bool();
        break;
      case 4:
        out.count = r.int();
        break;
      default:
        r.skip();
    }
  }
  return out;
}

export interface PutResponse {
  prevKv?: RawKeyValue;
}

function decodePut(buf: Buffer): PutResponse {
  const r = new ProtoReader(buf);
  const out: PutResponse = {};
  while (r.next()) {
    if (r.field === 2) out.prevKv = decodeKeyValue(r.bytes());
    else r.skip();
  }
  return out;
}

export interface DeleteRangeResponse {
  header: ResponseHeader;
  deleted: number;
  prevKvs: RawKeyValue[];
}

export function decodeDeleteRange(buf: Buffer): DeleteRangeResponse {
  const r = new ProtoReader(buf);
  const out: DeleteRangeResponse = { header: NO_HEADER, deleted: 0, prevKvs: [] };
  while (r.next()) {
    switch (r.field) {
      case 1:
        out.header = decodeHeader(r.bytes());
        break;
      case 2:
        out.deleted = r.int();
        break;
      case 3:
        out.prevKvs.push(decodeKeyValue(r.bytes()));
        break;
      default:
        r.skip();
    }
  }
  return out;
}

export type ResponseOp =
  | { range: RangeResponse }
  | { put: PutResponse }
  | { delete: DeleteRangeResponse }
  | { other: true };

function decodeResponseOp(buf: Buffer): ResponseOp {
  const r = new ProtoReader(buf);
  let op: ResponseOp = { other: true };
  while (r.next()) {
    switch (r.field) {
      case 1:
        op = { range: decodeRange(r.bytes()) };
        break;
      case 2:
        op = { put: decodePut(r.bytes()) };
        break;
      case 3:
        op = { delete: decodeDeleteRange(r.bytes()) };
        break;
      default:
        r.skip();
    }
  }
  return op;
}

export interface TxnResponse {
  header: ResponseHeader;
  succeeded: boolean;
  responses: ResponseOp[];
}

export function decodeTxn(buf: Buffer): TxnResponse {
  const r = new ProtoReader(buf);
  const out: TxnResponse = { header: NO_HEADER, succeeded: false, responses: [] };
  while (r.next()) {
    switch (r.field) {
      case 1:
        out.header = decodeHeader(r.bytes());
        break;
      case 2:
        out.succeeded = r.bool();
        break;
      case 3:
        out.responses.push(decodeResponseOp(r.bytes()));
        break;
      default:
        r.skip();
    }
  }
  return out;
}

export function decodeHeaderOnly(buf: Buffer): ResponseHeader {
  const r = new ProtoReader(buf);
  let header = NO_HEADER;
  while (r.next()) {
    if (r.field === 1) header = decodeHeader(r.bytes());
    else r.skip();
  }
  return header;
}

export interface StatusResponse {
  header: ResponseHeader;
  version: string;
  leader: number;
  raftIndex: number;
  errors: string[];
  isLearner: boolean;
}

export function decodeStatus(buf: Buffer): StatusResponse {
  const r = new ProtoReader(buf);
  const out: StatusResponse = { header: NO_HEADER, version: '', leader: 0, raftIndex: 0, errors: [], isLearner: false };
  while (r.next()) {
    switch (r.field) {
      case 1:
        out.header = decodeHeader(r.bytes());
        break;
      case 2:
        out.version = r.string();
        break;
      case 4:
        out.leader = r.int();
        break;
      case 5:
        out.raftIndex = r.int();
        break;
      case 8:
        out.errors.push(r.string());
        break;
      case 10:
        out.isLearner = r.bool();
        break;
      default:
        r.skip();
    }
  }
  return out;
}

export const enum EventType {
  Put = 0,
  Delete = 1,
}

export interface RawEvent {
  type: EventType;
  kv: RawKeyValue;
  prevKv?: RawKeyValue;
}

function decodeEvent(buf: Buffer): RawEvent {
  const r = new ProtoReader(buf);
  const ev: RawEvent = { type: EventType.Put, kv: decodeKeyValue(EMPTY) };
  while (r.next()) {
    switch (r.field) {
      case 1:
        ev.type = r.int() as EventType;
        break;
      case 2:
        ev.kv = decodeKeyValue(r.bytes());
        break;
      case 3:
        ev.prevKv = decodeKeyValue(r.bytes());
        break;
      default:
        r.skip();
    }
  }
  return ev;
}

export interface WatchResponse {
  header: ResponseHeader;
  watchId: number;
  created: boolean;
  canceled: boolean;
  compactRevision: number;
  cancelReason: string;
  fragment: boolean;
  events: RawEvent[];
}

export function decodeWatchResponse(buf: Buffer): WatchResponse {
  const r = new ProtoReader(buf);
  const out: WatchResponse = {
    header: NO_HEADER,
    watchId: 0,
    created: false,
    canceled: false,
    compactRevision: 0,
    cancelReason: '',
    fragment: false,
    events: [],
  };
  while (r.next()) {
    switch (r.field) {
      case 1:
        out.header = decodeHeader(r.bytes());
        break;
      case 2:
        out.watchId = r.int();
        break;
      case 3:
        out.created = r.bool();
        break;
      case 4:
        out.canceled = r.bool();
        break;
      case 5:
        out.compactRevision = r.int();
        break;
      case 6:
        out.cancelReason = r.string();
        break;
      case 7:
        out.fragment = r.bool();
        break;
      case 11:
        out.events.push(decodeEvent(r.bytes()));
        break;
      default:
        r.skip();
    }
  }
  return out;
}

/** SnapshotRequest has no fields. */
export const encodeSnapshotRequest = (): Buffer => Buffer.alloc(0);

/** One message of the Maintenance.Snapshot stream (rpc.proto SnapshotResponse). */
export interface SnapshotResponse {
  /** Bytes of the database still to come after this message. */
  remainingBytes: number;
  /** A piece of the database file; in the last message, the sha256 of the whole file. */
  blob: Buffer;
  /** The storage version (etcd 3.6+; empty before). */
  version: string;
}

export function decodeSnapshotResponse(buf: Buffer): SnapshotResponse {
  const r = new ProtoReader(buf);
  const out: SnapshotResponse = { remainingBytes: 0, blob: Buffer.alloc(0), version: '' };
  while (r.next()) {
    switch (r.field) {
      case 2:
        out.remainingBytes = r.int();
        break;
      case 3:
        out.blob = r.bytes();
        break;
      case 4:
        out.version = r.string();
        break;
      default:
        r.skip();
    }
  }
  return out;
}
