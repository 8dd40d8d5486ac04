// The storage contract every backend (SQLite, etcd) implements. It is shaped on
// etcd v3: one global revision counter, keys are strings, values are opaque bytes,
// every write bumps the revision, and history is kept until compaction.

export interface KeyValue {
  key: string;
  value: Buffer;
  /** Revision at which this key was (last) created. */
  createRevision: number;
  /** Revision of the last change to this key: becomes metadata.resourceVersion. */
  modRevision: number;
}

export type WatchEventType = 'PUT' | 'DELETE';

export interface StoreEvent {
  type: WatchEventType;
  /** For PUT: the new value. For DELETE: key and modRevision (the delete's revision); value is empty, createRevision 0. */
  kv: KeyValue;
  /** The value before this change; absent on a create. */
  prevKv?: KeyValue;
  /** True when this PUT created the key (no live previous value). */
  isCreate: boolean;
}

export interface RangeOptions {
  /** Read at this revision; 0 or absent means the current revision. */
  revision?: number;
  /** Maximum number of keys to return; 0 or absent means all. */
  limit?: number;
  /** Return keys greater than or equal to this key (must lie within the prefix). */
  startKey?: string;
  /** Only count; kvs is empty. */
  countOnly?: boolean;
  /**
   * The caller needs `more`, not `count` (a cache paging through a resource): a store whose
   * count costs a scan of the rest of the range may skip it and return a lower bound,
   * kvs.length + (more ? 1 : 0).
   */
  withoutCount?: boolean;
}

export interface RangeResult {
  kvs: KeyValue[];
  /** The revision the range was read at. */
  revision: number;
  /** True when more keys exist after the last one returned. */
  more: boolean;
  /** Number of keys in the whole range from startKey on (ignoring limit). */
  count: number;
}

export type WriteResult =
  | { ok: true; kv: KeyValue; prevKv?: KeyValue }
  | { ok: false; current?: KeyValue };

export interface DeleteResult {
  ok: boolean;
  /** On success the deleted value; on failure the current value, if any. */
  prevKv?: KeyValue;
  /** On success the revision of the delete. */
  revision?: number;
}

export interface WatchOptions {
  /** Deliver events with revision >= startRevision. 0 means "from now on". */
  startRevision: number;
  /** Also deliver progress notifications (a revision with no events) when idle. */
  progressNotify?: boolean;
}

export interface WatchCallbacks {
  /** Events of one revision arrive together, in revision order. */
  onEvents(events: StoreEvent[], revision: number): void;
  /** A progress notification: every change up to this revision has been delivered. */
  onProgress?(revision: number): void;
  /** The watch ended: a CompactedError if it started below the compacted revision, or any other failure. */
  onError(err: Error): void;
}

export interface Watch {
  cancel(): void;
}

/** Thrown (or passed to onError) when a revision below the compaction point is requested. */
export class CompactedError extends Error {
  constructor(readonly compactRevision: number, readonly currentRevision: number) {
    super(`mvcc: required revision has been compacted (compacted at ${compactRevision})`);
    this.name = 'CompactedError';
  }
}

/** Thrown when a read asks for a revision greater than the current one. */
export class FutureRevisionError extends Error {
  constructor(readonly requestedRevision: number, readonly currentRevision: number) {
    super(`mvcc: required revision is a future revision`);
    this.name = 'FutureRevisionError';
  }
}

/** Thrown when the backend cannot be reached or has failed; becomes 500/503 for clients. */
export class StoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}

export interface Store {
  /** Human-readable backend name for logs and health checks, e.g. "sqlite" or "etcd". */
  readonly name: string;

  /** The current (latest committed) revision of the whole store. */
  currentRevision(): Promise<number>;

  /** The revision below which history is gone (0 when never compacted). */
  compactedRevision(): Promise<number>;

  /** One key, at the current or a given revision. */
  get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }>;

  /** Keys in [prefix, prefixEnd(prefix)), sorted bytewise, at a revision. */
  range(prefix: string, opts?: RangeOptions): Promise<RangeResult>;

  /** Create only if the key is absent. ok=false with current when it exists. */
  create(key: string, value: Buffer): Promise<WriteResult>;

  /** Compare-and-swap: replace only if the key's modRevision equals expectedModRevision (0: only if absent). */
  update(key: string, value: Buffer, expectedModRevision: number): Promise<WriteResult>;

  /** Delete; with expectedModRevision, only if it matches. ok=false with current on mismatch or absence. */
  delete(key: string, expectedModRevision?: number): Promise<DeleteResult>;

  /** Watch every key under prefix. Events carry prevKv. */
  watch(prefix: string, opts: WatchOptions, callbacks: WatchCallbacks): Watch;

  /**
   * Ask every watch with progressNotify to report the current revision soon (etcd's
   * RequestProgress). A consistent read from the watch cache uses it to learn it is
   * up to date when its prefix saw no recent events.
   */
  requestProgress?(): void;

  /** Drop history below revision. Reads and watches below it then fail with CompactedError. */
  compact(revision: number): Promise<void>;

  /** Healthy and reachable; throws otherwise. */
  check(): Promise<void>;

  /** Flush pending writes and release resources. */
  close(): Promise<void>;
}

/** The exclusive end of a prefix range, as etcd computes it. */
export function prefixEnd(prefix: string): string {
  if (prefix.length === 0) return '\u0000';
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Key bounds of a prefix range; `end` is undefined for the empty prefix (every key). */
export interface KeyBounds {
  start: string;
  end?: string;
}

export function prefixBounds(prefix: string): KeyBounds {
  if (prefix.length === 0) return { start: '' };
  const last = prefix.charCodeAt(prefix.length - 1);
  return { start: prefix, end: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

export function inBounds(key: string, b: KeyBounds): boolean {
  return key >= b.start && (b.end === undefined || key < b.end);
}
