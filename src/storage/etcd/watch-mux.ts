// All watches of one EtcdStore share one etcd watch stream. Each watcher remembers the
// next revision it needs; when the stream fails (member killed, leader lost, connection
// reset) it is reopened on the next member and every watcher is re-created from that
// revision, so nothing is skipped and nothing is delivered twice. A watcher whose
// revision has been compacted meanwhile gets CompactedError.
//
// Progress notifications. etcd sends its own per-watcher notifications only every
// --experimental-watch-progress-notify-interval (10 minutes by default), so the mux asks
// for progress itself (WatchProgressRequest) when a progress watcher has been idle for
// progressIntervalMs and whenever requestProgress() is called. etcd before 3.4.31 and
// 3.5.13 answers such a request on its control channel, which its send loop may pick
// ahead of events already queued for the stream, or held back for a slow stream
// (etcd-io/etcd#15220). No client-side check can tell such an answer from an exact one,
// so against those versions the mux never asks (requestedProgress false): watchers get
// only etcd's own per-watcher notifications, which travel with their events.
import {
  CompactedError,
  StoreUnavailableError,
  type KeyValue,
  type StoreEvent,
  type Watch,
  type WatchCallbacks,
} from '../store.js';
import type { EtcdClient } from './client.js';
import type { BidiStream, GrpcChannel } from './grpc.js';
import {
  EventType,
  RPC,
  decodeWatchResponse,
  encodeWatchCancel,
  encodeWatchCreate,
  encodeWatchProgress,
  type RawEvent,
  type RawKeyValue,
  type WatchResponse,
} from './messages.js';

/** etcd's id for responses that belong to no single watcher (requested progress). */
const BROADCAST_WATCH_ID = -1;
/** A progress request left unanswered this long is given up (etcd 3.4.24+ stays silent while a watcher catches up). */
const PROGRESS_RETRY_MS = 500;
const MAX_BACKOFF_MS = 2000;

export interface WatchMuxOptions {
  /** Ask for progress when a progress watcher was idle this long; 0 disables. */
  progressIntervalMs: number;
  /** Whether etcd answers progress requests exactly (see above); if not, the mux never asks. */
  requestedProgress: boolean;
  /** Converts an etcd key-value into the caller's view (strips the key prefix). */
  toKv(raw: RawKeyValue): KeyValue;
  /** The current revision, for watches that start "from now on". */
  currentRevision(): Promise<number>;
}

type State = 'resolving' | 'pending' | 'creating' | 'active' | 'done';

interface Watcher {
  readonly id: number;
  readonly key: Buffer;
  readonly rangeEnd?: Buffer;
  readonly progressNotify: boolean;
  readonly callbacks: WatchCallbacks;
  state: State;
  /** Highest revision whose events were delivered (events at or below it are duplicates). */
  lastEventRev: number;
  /** Where a re-created watch starts: after the last event or the last confirmed progress. */
  nextRev: number;
  /** Delivered something since the last progress tick. */
  busy: boolean;
}

export class WatchMux {
  private readonly watchers = new Map<number, Watcher>();
  private nextId = 1;
  private stream?: BidiStream;
  private reconnectTimer?: NodeJS.Timeout;
  private backoffMs = 0;
  private progressTimer?: NodeJS.Timeout;
  private progressWanted = false;
  private progressSentAt = 0;
  private closed = false;
  /** The error that ended the last stream, for diagnostics. */
  lastStreamError?: Error;

  constructor(
    private readonly client: EtcdClient,
    private readonly opts: WatchMuxOptions,
  ) {}

  watch(key: Buffer, rangeEnd: Buffer | undefined, startRevision: number, progressNotify: boolean, callbacks: WatchCallbacks): Watch {
    const w: Watcher = {
      id: this.nextId++,
      key,
      rangeEnd,
      progressNotify,
      callbacks,
      state: 'resolving',
      lastEventRev: Math.max(0, startRevision - 1),
      nextRev: startRevision,
      busy: false,
    };
    const handle: Watch = { cancel: () => this.remove(w) };
    if (this.closed) {
      w.state = 'done';
      return handle;
    }
    this.watchers.set(w.id, w);
    if (progressNotify) this.ensureProgressTimer();
    if (startRevision > 0) {
      this.schedule(w);
    } else {
      // "From now on": pin down now as a revision first, so a re-created watch resumes exactly there.
      this.opts.currentRevision().then(
        (rev) => {
          if (w.state !== 'resolving') return;
          w.lastEventRev = rev;
          w.nextRev = rev + 1;
          this.schedule(w);
        },
        (err: unknown) => this.fail(w, asUnavailable(err)),
      );
    }
    return handle;
  }

  /** Ask etcd for the current revision on behalf of every progress watcher (only where it answers exactly). */
  requestProgress(): void {
    if (!this.opts.requestedProgress) return;
    this.progressWanted = true;
    this.pumpProgress();
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.state = 'done';
    this.watchers.clear();
    this.stream?.cancel();
    this.stream = undefined;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.progressTimer);
  }

  // ---- stream ----

  private schedule(w: Watcher): void {
    w.state = 'pending';
    if (this.stream) this.sendCreate(w);
    else this.openStream();
  }

  private openStream(): void {
    if (this.closed || this.stream || this.reconnectTimer) return;
    const ch = this.client.channel;
    const stream: BidiStream = ch.openStream(RPC.watch, {
      onMessage: (msg) => this.onMessage(stream, ch, msg),
      onEnd: (err) => this.onStreamEnd(stream, ch, err ?? new Error('watch stream ended by the server')),
    });
    this.stream = stream;
    this.progressSentAt = 0;
    for (const w of this.watchers.values()) if (w.state === 'pending') this.sendCreate(w);
  }

  private sendCreate(w: Watcher): void {
    w.state = 'creating';
    this.stream!.write(
      encodeWatchCreate({
        key: w.key,
        rangeEnd: w.rangeEnd,
        startRevision: w.nextRev,
        progressNotify: w.progressNotify,
        prevKv: true,
        watchId: w.id,
      }),
    );
  }

  private onStreamEnd(stream: BidiStream, ch: GrpcChannel, err: Error): void {
    if (stream !== this.stream) return;
    this.stream = undefined;
    this.lastStreamError = err;
    if (this.closed) return;
    let waiting = false;
    for (const w of this.watchers.values()) {
      if (w.state === 'creating' || w.state === 'active') w.state = 'pending';
      if (w.state === 'pending') waiting = true;
    }
    this.client.failover(ch);
    if (!waiting) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(50, this.backoffMs * 2));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.openStream();
    }, delay);
  }

  /** Abandon the current stream as if it had failed (e.g. its member lost the leader). */
  private restartStream(stream: BidiStream, ch: GrpcChannel, why: Error): void {
    stream.cancel();
    this.onStreamEnd(stream, ch, why);
  }

  private onMessage(stream: BidiStream, ch: GrpcChannel, msg: Buffer): void {
    if (stream !== this.stream) return;
    let res: WatchResponse;
    try {
      res = decodeWatchResponse(msg);
    } catch (err) {
      this.restartStream(stream, ch, err as Error);
      return;
    }
    if (res.watchId === BROADCAST_WATCH_ID) {
      if (!res.created && !res.canceled && res.events.length === 0) this.onRequestedProgress(res.header.revision);
      return;
    }
    const w = this.watchers.get(res.watchId);
    if (!w || w.state === 'done') return;
    if (res.canceled) {
      if (res.compactRevision > 0) {
        this.fail(w, new CompactedError(res.compactRevision, res.header.revision));
      } else if (/no leader/.test(res.cancelReason)) {
        this.restartStream(stream, ch, new Error(`etcd: ${res.cancelReason}`));
      } else {
        this.fail(w, new StoreUnavailableError(`etcd: watch canceled by the server: ${res.cancelReason || 'no reason given'}`));
      }
      return;
    }
    if (res.created) {
      this.onCreated(w);
      return;
    }
    if (w.state !== 'active') return;
    if (res.events.length === 0) {
      // etcd's own per-watcher notification travels with the watcher's events: always exact.
      this.deliverProgress(w, res.header.revision);
      return;
    }
    this.deliverEvents(w, res.events);
  }

  private onCreated(w: Watcher): void {
    if (w.state !== 'creating') return;
    w.state = 'active';
    this.backoffMs = 0;
    this.pumpProgress();
  }

  private deliverEvents(w: Watcher, raw: RawEvent[]): void {
    let i = 0;
    while (i < raw.length) {
      const rev = raw[i]!.kv.modRevision;
      const group: StoreEvent[] = [];
      for (; i < raw.length && raw[i]!.kv.modRevision === rev; i++) group.push(this.toEvent(raw[i]!));
      if (rev <= w.lastEventRev) continue;
      w.lastEventRev = rev;
      if (rev >= w.nextRev) w.nextRev = rev + 1;
      w.busy = true;
      try {
        w.callbacks.onEvents(group, rev);
      } catch (err) {
        this.fail(w, err instanceof Error ? err : new Error(String(err)));
        return;
      }
      if (w.state !== 'active') return;
    }
  }

  private toEvent(ev: RawEvent): StoreEvent {
    const prevKv = ev.prevKv ? this.opts.toKv(ev.prevKv) : undefined;
    if (ev.type === EventType.Delete) {
      const kv = this.opts.toKv(ev.kv);
      return { type: 'DELETE', kv: { ...kv, value: Buffer.alloc(0), createRevision: 0 }, prevKv, isCreate: false };
    }
    const kv = this.opts.toKv(ev.kv);
    return { type: 'PUT', kv, prevKv, isCreate: kv.createRevision === kv.modRevision };
  }

  private deliverProgress(w: Watcher, revision: number): void {
    if (!w.progressNotify || w.state !== 'active' || revision < w.nextRev - 1) return;
    w.nextRev = revision + 1;
    try {
      w.callbacks.onProgress?.(revision);
    } catch (err) {
      this.fail(w, err instanceof Error ? err : new Error(String(err)));
    }
  }

  // ---- requested progress ----

  private ensureProgressTimer(): void {
    if (this.progressTimer || this.opts.progressIntervalMs <= 0 || !this.opts.requestedProgress) return;
    this.progressTimer = setInterval(() => this.progressTick(), this.opts.progressIntervalMs);
    this.progressTimer.unref();
  }

  private progressTick(): void {
    let idle = false;
    for (const w of this.watchers.values()) {
      if (!w.progressNotify || w.state !== 'active') continue;
      if (w.busy) w.busy = false;
      else idle = true;
    }
    if (idle) this.requestProgress();
  }

  private pumpProgress(): void {
    if (!this.progressWanted || !this.stream) return;
    if (this.progressSentAt && Date.now() - this.progressSentAt < PROGRESS_RETRY_MS) return;
    if (![...this.watchers.values()].some((w) => w.progressNotify && w.state === 'active')) return;
    this.progressWanted = false;
    this.progressSentAt = Date.now();
    this.stream.write(encodeWatchProgress());
  }

  private onRequestedProgress(revision: number): void {
    this.progressSentAt = 0;
    // etcd answers only once every watcher on the stream has caught up (3.4.31+, 3.5.13+).
    for (const w of [...this.watchers.values()]) this.deliverProgress(w, revision);
    this.pumpProgress();
  }

  // ---- ending watchers ----

  private remove(w: Watcher): void {
    if (w.state === 'done') return;
    const onServer = w.state === 'creating' || w.state === 'active';
    w.state = 'done';
    this.watchers.delete(w.id);
    if (onServer) this.stream?.write(encodeWatchCancel(w.id));
  }

  private fail(w: Watcher, err: Error): void {
    if (w.state === 'done') return;
    this.remove(w);
    try {
      w.callbacks.onError(err);
    } catch {
      // The watcher is gone either way.
    }
  }
}

function asUnavailable(err: unknown): Error {
  if (err instanceof CompactedError || err instanceof StoreUnavailableError) return err;
  return new StoreUnavailableError(`etcd: ${err instanceof Error ? err.message : String(err)}`);
}
