// Automatic reload of --authentication-config, as kube-apiserver's ApplyTo does it:
// the file is polled (upstream: every minute); a changed file is decoded, validated
// (its anonymous section may not change), its JWT authenticators are built and must
// all finish discovery before they replace the old ones. Every attempt on changed
// content is counted in apiserver_authentication_config_controller_* metrics; a bad
// file keeps the old configuration in force.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { fieldErr } from '../apimachinery/errors.js';
import type { Counter, Gauge } from 'prom-client';
import { MetricsRegistry } from '../metrics/registry.js';
import type { Logger } from '../util/log.js';
import { configurationError, parseAuthenticationConfiguration, validateAuthenticationConfiguration, type AnonymousAuthConfig, type ValidationGates } from './config.js';
import { buildJwtAuthenticators, type JwtAuthenticatorSet, type JwtTuning } from './oidc/index.js';
import { waitAtMost } from '../util/wait-at-most.js';

const LABELS = ['status', 'apiserver_id_hash'] as const;

type Labels = (typeof LABELS)[number];

export interface ReloadMetrics {
  reloads: Counter<Labels>;
  lastTimestamp: Gauge<Labels>;
  /** One series: the hash of the configuration in force. */
  lastConfigInfo: Gauge<'apiserver_id_hash' | 'hash'>;
}

export function authenticationConfigMetrics(registry: MetricsRegistry = new MetricsRegistry()): ReloadMetrics {
  return {
    reloads: registry.counter({
      name: 'apiserver_authentication_config_controller_automatic_reloads_total',
      help: 'Total number of automatic reloads of authentication configuration split by status and apiserver identity.',
      labelNames: LABELS,
    }),
    lastTimestamp: registry.gauge({
      name: 'apiserver_authentication_config_controller_automatic_reload_last_timestamp_seconds',
      help: 'Timestamp of the last automatic reload of authentication configuration split by status and apiserver identity.',
      labelNames: LABELS,
    }),
    lastConfigInfo: registry.gauge({
      name: 'apiserver_authentication_config_controller_last_config_info',
      help: 'Information about the last applied authentication configuration with hash as label, split by apiserver identity.',
      labelNames: ['apiserver_id_hash', 'hash'] as const,
    }),
  };
}

/** configmetrics' hash of the apiserver identity. */
export function apiServerIdHash(id: string): string {
  return id === '' ? '' : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

export interface ReloadOptions {
  path: string;
  /** The content the server started with. */
  initialData: string;
  /** The anonymous section of the initial file (a reload may not change it). */
  initialAnonymous: AnonymousAuthConfig | undefined;
  target: JwtAuthenticatorSet;
  disallowedIssuers?: string[];
  gates?: ValidationGates;
  apiServerId: string;
  /** Poll interval; upstream: one minute. */
  intervalMs?: number;
  /** How long new authenticators may take to become ready (upstream: one minute). */
  updateTimeoutMs?: number;
  tuning?: JwtTuning;
  logger?: Logger;
  metrics?: ReloadMetrics;
}

export class AuthenticationConfigReloader {
  private tracked: string;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private signalStop!: () => void;
  /** Settles on stop(), so that a reload waiting for discovery does not hold the shutdown. */
  private readonly stopSignal = new Promise<void>((r) => (this.signalStop = r));
  private readonly metrics: ReloadMetrics;
  private readonly idHash: string;

  constructor(private readonly opts: ReloadOptions) {
    this.tracked = opts.initialData;
    this.metrics = opts.metrics ?? authenticationConfigMetrics();
    this.idHash = apiServerIdHash(opts.apiServerId);
    this.recordConfigInfo(opts.initialData);
  }

  private recordConfigInfo(data: string): void {
    this.metrics.lastConfigInfo.reset();
    this.metrics.lastConfigInfo.set({ apiserver_id_hash: this.idHash, hash: apiServerIdHash(data) }, 1);
  }

  start(): this {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.check().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.opts.intervalMs ?? 60_000);
      });
    };
    this.timer = setTimeout(tick, this.opts.intervalMs ?? 60_000);
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.signalStop();
    await this.running;
  }

  /** One poll: reload when the content changed. */
  async check(): Promise<void> {
    let data: string;
    try {
      data = await readFile(this.opts.path, 'utf8');
    } catch (e) {
      this.opts.logger?.error('failed to read authentication config file', e);
      // The file may come back: keep retrying with the tracked content unchanged.
      return this.record('failure');
    }
    if (data === this.tracked) return;
    let config;
    try {
      config = parseAuthenticationConfiguration(data);
    } catch (e) {
      this.opts.logger?.error('failed to load authentication config', e);
      this.tracked = data;
      return this.record('failure');
    }
    const { errors, mappers } = validateAuthenticationConfiguration(config, this.opts.disallowedIssuers, this.opts.gates);
    if (!isDeepStrictEqual(normalizeAnonymous(config.anonymous), normalizeAnonymous(this.opts.initialAnonymous))) {
      errors.push(fieldErr.forbidden('anonymous', 'changed from initial configuration file'));
    }
    if (errors.length > 0) {
      this.opts.logger?.error('failed to validate authentication config', configurationError(errors));
      this.tracked = data;
      return this.record('failure');
    }
    const next = buildJwtAuthenticators(config, mappers, this.opts.tuning);
    const ready = await waitReady(next, this.opts.updateTimeoutMs ?? 60_000, this.stopSignal);
    if (this.stopped) {
      for (const a of next) a.stop();
      return;
    }
    if (!ready) {
      for (const a of next) a.stop();
      const reasons = next.map((a) => a.health()?.message).filter(Boolean).join('; ');
      this.opts.logger?.error('failed to update authentication config', new Error(reasons));
      // Discovery may start working later: retry on the next poll.
      return this.record('failure');
    }
    this.opts.target.replace(next);
    this.tracked = data;
    this.opts.logger?.info('reloaded authentication config');
    this.record('success');
    this.recordConfigInfo(data);
  }

  private record(status: 'success' | 'failure'): void {
    const labels = { status, apiserver_id_hash: this.idHash };
    this.metrics.reloads.inc(labels);
    this.metrics.lastTimestamp.setToCurrentTime(labels);
  }
}

function normalizeAnonymous(a: AnonymousAuthConfig | undefined): unknown {
  return a === undefined ? undefined : { enabled: a.enabled, conditions: a.conditions ?? [] };
}

async function waitReady(authenticators: { ready: Promise<void>; health(): Error | undefined }[], timeoutMs: number, stop: Promise<void>): Promise<boolean> {
  await waitAtMost(Promise.race([Promise.all(authenticators.map((a) => a.ready)), stop]), timeoutMs);
  return authenticators.every((a) => a.health() === undefined);
}
