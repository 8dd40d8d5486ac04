// The apiserver_* request families (k8s.io/apiserver pkg/endpoints/metrics/metrics.go):
// request counts, latencies and response sizes with upstream's labels and buckets, the
// in-flight watermark, long-running requests, watch events and requested deprecated APIs.

import type { Ctx } from '../server/http.js';
import { header } from '../server/http.js';
import type { Filter } from '../server/filter.js';
import { isLongRunning, isMutating } from '../server/long-running.js';
import { whenResponseDone } from '../server/filters/too-many-requests.js';
import { exponentialBuckets, type MetricsRegistry } from './registry.js';

const REQUEST_LABELS = ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component', 'code'] as const;
const LATENCY_LABELS = ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component'] as const;
const SIZE_LABELS = ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'] as const;
const GVR = ['group', 'version', 'resource'] as const;

const APISERVER_COMPONENT = 'apiserver';
const CONNECT_SUBRESOURCES = new Set(['log', 'exec', 'portforward', 'attach', 'proxy']);
const HEALTH_PATHS = /^\/(healthz|livez|readyz)(\/|$)/;

export class RequestMetrics {
  readonly requests;
  readonly latencies;
  readonly responseSizes;
  readonly inflight;
  readonly longRunning;
  readonly deprecatedApis;
  readonly watchEvents;
  readonly watchEventSizes;
  private readonly executing = { readOnly: 0, mutating: 0 };
  private readonly watermark = { readOnly: 0, mutating: 0 };

  constructor(reg: MetricsRegistry) {
    this.requests = reg.counter({
      name: 'apiserver_request_total', stability: 'STABLE', labelNames: REQUEST_LABELS,
      help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    });
    this.latencies = reg.histogram({
      name: 'apiserver_request_duration_seconds', stability: 'STABLE', labelNames: LATENCY_LABELS,
      help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      buckets: [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60],
    });
    this.responseSizes = reg.histogram({
      name: 'apiserver_response_sizes', stability: 'STABLE', labelNames: SIZE_LABELS,
      help: 'Response size distribution in bytes for each group, version, verb, resource, subresource, scope and component.',
      buckets: exponentialBuckets(1000, 10, 7),
    });
    // Upstream reports the largest number in use during the last second, not the instant value.
    this.inflight = reg.gauge({
      name: 'apiserver_current_inflight_requests', stability: 'STABLE', labelNames: ['request_kind'] as const,
      help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
      collect: () => {
        for (const kind of ['readOnly', 'mutating'] as const) {
          this.inflight.set({ request_kind: kind }, this.watermark[kind]);
          this.watermark[kind] = this.executing[kind];
        }
      },
    });
    this.longRunning = reg.gauge({
      name: 'apiserver_longrunning_requests', stability: 'STABLE', labelNames: SIZE_LABELS,
      help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
    });
    this.deprecatedApis = reg.gauge({
      name: 'apiserver_requested_deprecated_apis', stability: 'STABLE', labelNames: ['group', 'version', 'resource', 'subresource', 'removed_release'] as const,
      help: 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
    });
    this.watchEvents = reg.counter({
      name: 'apiserver_watch_events_total', stability: 'BETA', labelNames: GVR,
      help: 'Number of events sent in watch clients',
    });
    this.watchEventSizes = reg.histogram({
      name: 'apiserver_watch_events_sizes', stability: 'BETA', labelNames: GVR,
      help: 'Watch event size distribution in bytes',
      buckets: exponentialBuckets(1024, 2, 8),
    });
  }

  /** One watch event of `bytes` sent to a client. */
  watchEvent(group: string, version: string, resource: string, bytes: number): void {
    const labels = { group, version, resource };
    this.watchEvents.inc(labels);
    this.watchEventSizes.observe(labels, bytes);
  }

  /** A request to a deprecated API (MonitorRequest's deprecated branch). */
  deprecatedRequest(ctx: Ctx, removedRelease: string): void {
    const i = ctx.info;
    this.deprecatedApis.set({ group: i.apiGroup, version: i.apiVersion, resource: i.resource, subresource: i.subresource, removed_release: removedRelease }, 1);
  }

  /**
   * Measures every request from here on. Like upstream, only requests that reached their
   * handler (authorized) are counted, plus the 429s of the concurrency limiters
   * (RecordDroppedRequest); health checks are counted under their path.
   */
  filter(): Filter {
    return {
      name: 'request-metrics',
      handle: async (ctx, next) => {
        const started = performance.now();
        const longRunning = isLongRunning(ctx.info);
        const kind = isMutating(ctx.info) ? 'mutating' : 'readOnly';
        let release: (() => void) | undefined;
        if (longRunning) {
          const g = this.longRunning.labels(sizeLabels(ctx));
          g.inc();
          release = () => g.dec();
        } else {
          this.executing[kind]++;
          this.watermark[kind] = Math.max(this.watermark[kind], this.executing[kind]);
          release = () => void this.executing[kind]--;
        }
        try {
          await next();
        } finally {
          whenResponseDone(ctx, () => {
            release?.();
            this.observe(ctx, (performance.now() - started) / 1000);
          });
        }
      },
    };
  }

  private observe(ctx: Ctx, seconds: number): void {
    const code = ctx.res.statusCode;
    const health = !ctx.info.isResourceRequest && HEALTH_PATHS.test(ctx.path);
    const authorized = ctx.authorization?.decision === 'allow';
    if (!health && !(ctx.info.isResourceRequest && (authorized || code === 429))) return;
    const base = health ? healthLabels(ctx) : sizeLabels(ctx);
    const dryRun = cleanDryRun(ctx.query);
    this.requests.inc({ ...base, dry_run: dryRun, code: String(code) });
    if (code === 429 && !authorized) return; // a dropped request is only counted
    this.latencies.observe({ ...base, dry_run: dryRun }, seconds);
    if (ctx.info.verb === 'get' || ctx.info.verb === 'list') {
      const size = Number(ctx.res.getHeader('content-length'));
      if (Number.isFinite(size)) this.responseSizes.observe(base, size);
    }
  }
}

function sizeLabels(ctx: Ctx): Record<(typeof SIZE_LABELS)[number], string> {
  const i = ctx.info;
  if (!i.isResourceRequest) return { verb: reportedVerb(ctx), group: '', version: '', resource: '', subresource: i.path, scope: '', component: APISERVER_COMPONENT };
  return { verb: reportedVerb(ctx), group: i.apiGroup, version: i.apiVersion, resource: i.resource, subresource: i.subresource, scope: cleanScope(ctx), component: APISERVER_COMPONENT };
}

/** Health checks are instrumented with their path as subresource and no component (upstream healthz.go). */
function healthLabels(ctx: Ctx): Record<(typeof SIZE_LABELS)[number], string> {
  return { verb: 'GET', group: '', version: '', resource: '', subresource: ctx.path, scope: '', component: '' };
}

/** CleanScope. */
function cleanScope(ctx: Ctx): string {
  const i = ctx.info;
  if (i.name !== '' || i.verb === 'create') return 'resource';
  if (i.namespace !== '') return 'namespace';
  return i.isResourceRequest ? 'cluster' : '';
}

/** CanonicalVerb + cleanVerb: the HTTP method, GET of a collection is LIST, watches WATCH, server-side apply APPLY, connect subresources CONNECT. */
function reportedVerb(ctx: Ctx): string {
  const i = ctx.info;
  let verb = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  if (verb === 'GET' && cleanScope(ctx) !== 'resource' && cleanScope(ctx) !== '') verb = 'LIST';
  if (i.verb === 'watch') return 'WATCH';
  if (verb === 'PATCH' && header(ctx.req, 'content-type') === 'application/apply-patch+yaml') verb = 'APPLY';
  if (i.isResourceRequest && CONNECT_SUBRESOURCES.has(i.subresource)) verb = 'CONNECT';
  return ['APPLY', 'CONNECT', 'CREATE', 'DELETE', 'DELETECOLLECTION', 'GET', 'LIST', 'PATCH', 'POST', 'PROXY', 'PUT', 'UPDATE', 'WATCH', 'WATCHLIST'].includes(verb) ? verb : 'other';
}

/** cleanDryRun: the sorted, de-duplicated dryRun values; anything but "All" is "invalid". */
function cleanDryRun(query: URLSearchParams): string {
  const values = query.getAll('dryRun');
  if (values.length === 0) return '';
  if (values.some((v) => v !== 'All')) return 'invalid';
  return [...new Set(values)].sort().join(',');
}
