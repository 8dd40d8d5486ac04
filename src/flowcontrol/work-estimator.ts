// How many seats a request occupies (upstream k8s.io/apiserver/pkg/util/flowcontrol/request:
// width.go, list_work_estimator.go with SizeBasedListCostEstimate on as in v1.34,
// mutating_work_estimator.go, config.go).

import type { RequestInfo } from '../server/requestinfo.js';
import type { WorkEstimate } from './queueset.js';

export const MINIMUM_SEATS = 1;
/** With SizeBasedListCostEstimate (beta, on in v1.34) lists may take up to 100 seats before the level's own cap. */
export const MAXIMUM_LIST_SEATS_LIMIT = 100;
export const MAXIMUM_MUTATING_SEATS_LIMIT = 10;
const BYTES_PER_SEAT = 100_000;
const CACHE_WITH_STREAMING_MAX_MEMORY_USAGE = 1_000_000;
const MAX_OBJECT_SIZE = 1_500_000;
const WATCHES_PER_SEAT = 10;
const EVENT_ADDITIONAL_DURATION_MS = 5;

export interface ResourceStats {
  /** Objects stored for group/resource and their average serialized size; undefined if the resource has no storage. */
  objects(group: string, resource: string): { count: number; averageBytes: number } | undefined;
  /** Watchers that a write to this resource notifies. */
  watchers(group: string, resource: string): number;
}

export class WorkEstimator {
  constructor(
    private readonly stats: ResourceStats,
    /** The priority level's cap on seats (0: none). */
    private readonly maxSeatsFor: (priorityLevel: string) => number,
  ) {}

  estimate(info: RequestInfo, query: URLSearchParams, priorityLevel: string): WorkEstimate {
    switch (info.verb) {
      case 'list':
        return this.list(info, query, priorityLevel);
      case 'create':
      case 'update':
      case 'patch':
      case 'delete':
        return this.mutating(info, priorityLevel);
      default:
        // Watches are estimated as lists only with the WatchList feature, off by default in v1.34.
        return seats(MINIMUM_SEATS);
    }
  }

  private cap(priorityLevel: string, limit: number): number {
    const m = this.maxSeatsFor(priorityLevel);
    return m === 0 || m > limit ? limit : m;
  }

  private list(info: RequestInfo, query: URLSearchParams, priorityLevel: string): WorkEstimate {
    const maxSeats = this.cap(priorityLevel, MAXIMUM_LIST_SEATS_LIMIT);
    const stats = this.stats.objects(info.apiGroup, info.resource);
    if (!stats) return seats(MINIMUM_SEATS);
    const limitParam = Number(query.get('limit') ?? '0');
    const limit = Number.isFinite(limitParam) ? Math.trunc(limitParam) : 0;
    const rv = query.get('resourceVersion') ?? '';
    // Upstream's delegator (ConsistentListFromCache on, no cache snapshots): continuations, exact
    // matches and limited lists at a given revision go to storage; the rest is served from the cache.
    const fromCache = !query.get('continue') && query.get('resourceVersionMatch') !== 'Exact' && !(limit > 0 && rv !== '' && rv !== '0');
    const averageBytes = stats.averageBytes <= 0 && stats.count !== 0 ? MAX_OBJECT_SIZE : stats.averageBytes;
    const limited = limit > 0 && limit < stats.count ? limit : stats.count;
    let loaded: number;
    if (info.name !== '') loaded = 1;
    else if (fromCache) loaded = limited;
    else if (query.get('fieldSelector') || query.get('labelSelector')) loaded = Math.max(limited, Math.floor(stats.count / 2));
    else loaded = limited;
    let memory = loaded * averageBytes;
    if (fromCache) memory = Math.min(memory, CACHE_WITH_STREAMING_MAX_MEMORY_USAGE);
    const n = Math.ceil(memory / BYTES_PER_SEAT);
    return seats(Math.min(Math.max(n, MINIMUM_SEATS), maxSeats));
  }

  private mutating(info: RequestInfo, priorityLevel: string): WorkEstimate {
    const maxSeats = this.cap(priorityLevel, MAXIMUM_MUTATING_SEATS_LIMIT);
    if (info.resource === 'serviceaccounts' && info.subresource === 'token') return seats(MINIMUM_SEATS);
    const watchCount = this.stats.watchers(info.apiGroup, info.resource);
    if (watchCount < WATCHES_PER_SEAT) return seats(1);
    let finalSeats = Math.ceil(watchCount / WATCHES_PER_SEAT);
    const finalWorkMs = finalSeats * EVENT_ADDITIONAL_DURATION_MS;
    if (finalSeats > maxSeats) finalSeats = maxSeats;
    return { initialSeats: 1, finalSeats, additionalLatencyMs: finalWorkMs / finalSeats };
  }
}

const seats = (n: number): WorkEstimate => ({ initialSeats: n, finalSeats: 0, additionalLatencyMs: 0 });
