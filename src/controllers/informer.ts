// A shared informer over every stored kind, for in-process controllers: it
// follows each resource's watch cache and hands decoded objects to handlers.
// Given a function instead of a list, it follows the catalog: resources added at run
// time (custom resources) are watched from then on, removed ones are let go, and a
// watch whose storage was replaced is restarted.

import { matchEverything, type ListFilter } from '../registry/filter.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import { objectMetadata } from './object-metadata.js';
import { TimeSlice } from '../util/time-slice.js';

export type InformerEvent = 'ADDED' | 'MODIFIED' | 'DELETED';

/**
 * Longest run of handler work between two yields while a watch's initial state is handed
 * over: a restart with many objects stored delivers them in slices, so requests are
 * answered meanwhile.
 */
const DELIVERY_SLICE_MS = 4;

export interface InformerHandler {
  (type: InformerEvent, obj: Obj, resource: ServedResource): void;
}

/** Every kind that owns its storage (views such as events.k8s.io Event are skipped), at its preferred version. */
export function storedResources(registry: Registry): ServedResource[] {
  const out: ServedResource[] = [];
  for (const def of registry.catalog.kinds) {
    if (def.storedAs || !def.verbs.includes('watch')) continue;
    out.push({ def, group: def.group, version: def.versions[0]! });
  }
  return out;
}

export interface InformerOptions {
  /**
   * Which objects of a resource the handler sees (as a field/label selector would choose them):
   * a controller that cares about one object neither decodes nor remembers the others.
   */
  filter?(r: ServedResource): ListFilter | undefined;
  /** Handlers get {apiVersion, kind, metadata} only, read without decoding the rest (a metadata informer). */
  metadataOnly?: boolean;
}

/** Objects whose selectable fields (metadata.name, metadata.namespace, …) have these values. */
export function fieldsEqual(want: Record<string, string>): ListFilter {
  const pairs = Object.entries(want);
  return { empty: false, matches: (e) => pairs.every(([f, v]) => e.fields[f] === v) };
}

function keyOf(r: ServedResource): string {
  return `${r.group}/${r.def.plural}`;
}

interface Running {
  served: ServedResource;
  stop: () => void;
  closed: boolean;
  /**
   * The objects the handler has been given and not seen deleted, by uid, across this
   * resource's watches (a re-list reconciles against it): the bytes the watches delivered,
   * which the watch cache shares, so following a resource costs no decoded copy of each object.
   */
  known: Map<string, Buffer>;
  /** During a re-list's initial state: the uids it has delivered (what exists now). */
  listed: Set<string> | null;
  /**
   * Events received and not yet handed to the handler: the initial state arrives at once and
   * is delivered in slices; null once it was, and later events go straight to the handler.
   */
  backlog: [InformerEvent, Buffer][] | null;
}

export class Informer {
  private readonly running = new Map<string, Running>();
  private stopped = true;
  private unsubscribe: (() => void) | undefined;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly registry: Registry,
    private readonly resources: ServedResource[] | (() => ServedResource[]),
    private readonly handler: InformerHandler,
    private readonly opts: InformerOptions = {},
  ) {}

  /** Start watching; resolves once every resource's initial state was delivered. */
  async start(): Promise<void> {
    this.stopped = false;
    if (typeof this.resources === 'function') this.unsubscribe = this.registry.catalog.onChange(() => this.resync());
    await this.resync();
  }

  /** Bring the running watches in line with the wanted resources (serialised). */
  private resync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.sync()).catch(() => undefined);
    return this.syncing;
  }

  private async sync(): Promise<void> {
    if (this.stopped) return;
    const wanted = typeof this.resources === 'function' ? this.resources() : this.resources;
    const keys = new Set(wanted.map(keyOf));
    for (const [key, r] of this.running) {
      if (!keys.has(key)) {
        r.stop();
        this.running.delete(key);
      }
    }
    for (const served of wanted) {
      if (this.stopped) return;
      const key = keyOf(served);
      const cur = this.running.get(key);
      if (cur && !cur.closed) continue;
      await this.watch(key, served);
    }
  }

  private async watch(key: string, served: ServedResource): Promise<void> {
    const previous = this.running.get(key);
    // A re-list starts from what the handler was given, which a watch closed while it was
    // still handing over its initial state has only part of.
    const entry: Running = { served, stop: () => undefined, closed: false, known: previous?.known ?? new Map(), listed: previous ? new Set() : null, backlog: [] };
    this.running.set(key, entry);
    const stop = await this.registry.watch(
      { served, namespace: '' },
      { resourceVersion: '0', filter: this.opts.filter?.(served) ?? matchEverything },
      {
        event: (type, bytes) => {
          if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') return;
          if (entry.backlog) entry.backlog.push([type, bytes]);
          else this.deliver(entry, type, bytes);
        },
        close: () => {
          entry.closed = true;
          // The cache failed or the storage was replaced: re-list and follow again.
          if (!this.stopped) setTimeout(() => void this.resync(), 100).unref();
        },
      },
    );
    // Stopped (or replaced) while the watch was being set up: nothing else would ever end it,
    // and it would keep this informer and its handler's state alive, fed but unread.
    if (this.stopped || this.running.get(key) !== entry) {
      stop();
      entry.closed = true;
      return;
    }
    entry.stop = stop;
    // The initial state (what exists now) was queued before watch() returned.
    await this.deliverBacklog(entry);
    // After a whole re-list, whatever went away while we were not watching is deleted for the handlers.
    const listed = entry.listed;
    entry.listed = null;
    if (listed && !this.stopped && !entry.closed) {
      for (const [uid, bytes] of entry.known) {
        if (listed.has(uid)) continue;
        entry.known.delete(uid);
        this.handler('DELETED', this.decode(bytes), entry.served);
      }
    }
  }

  /** Hand the queued events to the handler in slices, yielding to the event loop between them. */
  private async deliverBacklog(entry: Running): Promise<void> {
    const backlog = entry.backlog!;
    const slice = new TimeSlice(DELIVERY_SLICE_MS);
    for (let i = 0; i < backlog.length; i++) {
      if (this.stopped || entry.closed) break;
      if (slice.due) await slice.yield();
      const [type, bytes] = backlog[i]!;
      backlog[i] = undefined as unknown as [InformerEvent, Buffer];
      this.deliver(entry, type, bytes);
    }
    entry.backlog = null;
  }

  private deliver(entry: Running, type: InformerEvent, bytes: Buffer): void {
    if (this.stopped || entry.closed) return;
    const obj = this.decode(bytes);
    const uid = obj.metadata?.uid;
    if (uid) {
      if (type === 'DELETED') {
        entry.known.delete(uid);
        entry.listed?.delete(uid);
      } else {
        entry.known.set(uid, bytes);
        entry.listed?.add(uid);
      }
    }
    this.handler(type, obj, entry.served);
  }

  private decode(bytes: Buffer): Obj {
    return this.opts.metadataOnly ? objectMetadata(bytes) : (JSON.parse(bytes.toString('utf8')) as Obj);
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const r of this.running.values()) r.stop();
    this.running.clear();
  }
}
