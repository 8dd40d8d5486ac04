// ConfigMaps kube-apiserver owns in kube-system: extension-apiserver-authentication
// (the client CA and the requestheader configuration, for aggregated API servers and
// webhooks to trust; upstream: pkg/controlplane/controller/clusterauthenticationtrust)
// and kube-apiserver-legacy-service-account-token-tracking (the date legacy-token
// tracking began; upstream: pkg/controlplane/controller/legacytokentracking).

import type { RequestHeaderOptions } from '../authn/requestheader.js';
import { isStatusError } from '../apimachinery/errors.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';

export const AUTHENTICATION_CONFIGMAP = 'extension-apiserver-authentication';
export const LEGACY_TOKEN_TRACKING_CONFIGMAP = 'kube-apiserver-legacy-service-account-token-tracking';
const NAMESPACE = 'kube-system';
const RESYNC_MS = 60_000;
const SYNC_ATTEMPTS = 3;

export interface ClusterAuthenticationInfo {
  clientCaPem?: string;
  requestHeader?: RequestHeaderOptions;
}

/** The ConfigMap data kube-apiserver publishes (header lists as JSON arrays). */
export function authenticationConfigMapData(info: ClusterAuthenticationInfo): Record<string, string> {
  const data: Record<string, string> = {};
  if (info.clientCaPem) data['client-ca-file'] = info.clientCaPem;
  const rh = info.requestHeader;
  if (!rh) return data;
  data['requestheader-username-headers'] = JSON.stringify(rh.usernameHeaders);
  data['requestheader-uid-headers'] = JSON.stringify(rh.uidHeaders);
  data['requestheader-group-headers'] = JSON.stringify(rh.groupHeaders);
  data['requestheader-extra-headers-prefix'] = JSON.stringify(rh.extraHeaderPrefixes);
  data['requestheader-client-ca-file'] = rh.clientCaPem;
  data['requestheader-allowed-names'] = JSON.stringify(rh.allowedNames);
  return data;
}

/** Go's time.Parse("2006-01-02", s) succeeds. */
function isTrackingDate(s: unknown): boolean {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The authentication ConfigMap holds exactly this data. */
function holds(cm: Obj | undefined, data: Record<string, string>): boolean {
  return cm !== undefined && JSON.stringify(cm.data ?? {}) === JSON.stringify(data);
}

/** The tracking ConfigMap has a date legacy-token tracking began. */
function tracksSince(cm: Obj | undefined): boolean {
  return cm !== undefined && isTrackingDate(cm.data?.since);
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export class ClusterAuthenticationPublisher {
  private timer: NodeJS.Timeout | undefined;
  private readonly scope: Scope;

  constructor(
    private readonly registry: Registry,
    private readonly info: ClusterAuthenticationInfo,
    private readonly log: Logger,
  ) {
    this.scope = { served: registry.catalog.lookup('', 'v1', 'configmaps')!, namespace: NAMESPACE };
  }

  /** Publish now, then keep the ConfigMaps in place (re-created when deleted, corrected when changed). */
  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => void this.sync().catch((e) => this.log.v(2).info('cluster authentication sync failed', { err: String(e) })), RESYNC_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The ConfigMap as stored now (a quorum read), or undefined when there is none. */
  private async current(name: string): Promise<Obj | undefined> {
    try {
      return await this.registry.get(this.scope, name);
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return undefined;
      throw e;
    }
  }

  async sync(): Promise<void> {
    const data = authenticationConfigMapData(this.info);
    // What is stored is read first: an update that would change nothing still runs the whole
    // write path (validation, managed fields) before the store sees the bytes are equal, and
    // every start and every resync would pay for it. Replicas starting together race to create
    // the ConfigMaps: the one whose create loses (409) reads again.
    for (let attempt = 1; ; attempt++) {
      try {
        const [published, tracking] = await Promise.all([this.current(AUTHENTICATION_CONFIGMAP), this.current(LEGACY_TOKEN_TRACKING_CONFIGMAP)]);
        if (!holds(published, data)) await this.publish(data);
        if (!tracksSince(tracking)) await this.startTracking();
        return;
      } catch (e) {
        if (attempt >= SYNC_ATTEMPTS || !(isStatusError(e) && e.code === 409)) throw e;
      }
    }
  }

  private async publish(data: Record<string, string>): Promise<void> {
    await this.registry.guaranteedUpdate(
      this.scope,
      AUTHENTICATION_CONFIGMAP,
      (cur: Obj | undefined) => {
        const base: Obj = cur ?? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: AUTHENTICATION_CONFIGMAP, namespace: NAMESPACE } };
        if (holds(cur, data)) return cur!;
        return { ...base, data };
      },
      { dryRun: false, allowCreate: true },
    );
  }

  /**
   * As upstream's legacytokentracking controller (syncConfigMap): created only when absent, its
   * date set again only when unparsable. A restart then writes nothing (and does not wait
   * for the store's write path to come up before it is ready).
   */
  private async startTracking(): Promise<void> {
    try {
      await this.registry.guaranteedUpdate(
        this.scope,
        LEGACY_TOKEN_TRACKING_CONFIGMAP,
        (cur: Obj | undefined) => {
          if (tracksSince(cur)) return cur!;
          const base: Obj = cur ?? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: LEGACY_TOKEN_TRACKING_CONFIGMAP, namespace: NAMESPACE } };
          return { ...base, data: { ...(cur?.data ?? {}), since: today() } };
        },
        { dryRun: false, allowCreate: true },
      );
    } catch (e) {
      // Another replica created or changed it first.
      if (!(isStatusError(e) && (e.code === 409 || e.code === 404))) throw e;
    }
  }
}
