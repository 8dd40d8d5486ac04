// Keeps a FlowControl current: follows FlowSchemas and PriorityLevelConfigurations
// through the registry's watch (the shared informer), re-digests after every change,
// writes FlowSchema status conditions only when they change, and folds seat demand
// into the levels' limits every 10 s (upstream apf_controller.go Run/syncOne/updateBorrowing).

import { Informer } from '../controllers/informer.js';
import type { Registry } from '../registry/registry.js';
import { serverApply } from '../registry/server-apply.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { BORROWING_ADJUSTMENT_PERIOD_MS, type FlowControl, type FlowSchemaStatusUpdate } from './controller.js';
import { FLOWCONTROL_GROUP } from './ensurer.js';

const FIELD_MANAGER = 'api-priority-and-fairness-config-consumer-v1';

export class FlowControlConfigController {
  private readonly pls = new Map<string, Obj>();
  private readonly fss = new Map<string, Obj>();
  private informer: Informer | undefined;
  private scheduled = false;
  private borrowingTimer: NodeJS.Timeout | undefined;
  /** Status writes under way, by FlowSchema name and wanted condition (not repeated while pending). */
  private readonly pending = new Set<string>();
  private stopped = false;

  constructor(
    private readonly registry: Registry,
    readonly flowControl: FlowControl,
    private readonly logger: Logger,
    private readonly borrowingPeriodMs = BORROWING_ADJUSTMENT_PERIOD_MS,
  ) {}

  async start(): Promise<void> {
    const catalog = this.registry.catalog;
    const pl = catalog.lookup(FLOWCONTROL_GROUP, 'v1', 'prioritylevelconfigurations');
    const fs = catalog.lookup(FLOWCONTROL_GROUP, 'v1', 'flowschemas');
    if (pl && fs) {
      this.informer = new Informer(this.registry, [pl, fs], (type, obj, served) => {
        const map = served.def.plural === 'flowschemas' ? this.fss : this.pls;
        const name = String(obj.metadata?.name ?? '');
        if (type === 'DELETED') map.delete(name);
        else map.set(name, obj);
        this.schedule();
      });
      await this.informer.start();
      this.sync();
    }
    this.borrowingTimer = setInterval(() => this.flowControl.updateBorrowing(), this.borrowingPeriodMs);
    this.borrowingTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    this.informer?.stop();
    if (this.borrowingTimer) clearInterval(this.borrowingTimer);
  }

  /** Coalesce a burst of events into one digest. */
  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.stopped) this.sync();
    });
  }

  private sync(): void {
    const updates = this.flowControl.digest([...this.pls.values()], [...this.fss.values()]);
    for (const u of updates) void this.writeStatus(u);
  }

  private async writeStatus(u: FlowSchemaStatusUpdate): Promise<void> {
    const key = `${u.name}/${u.condition.status}/${u.condition.reason}/${u.condition.message}`;
    if (this.pending.has(key)) return;
    const current = this.fss.get(u.name);
    const served = this.registry.catalog.lookup(FLOWCONTROL_GROUP, 'v1', 'flowschemas');
    if (!current || !served) return;
    this.pending.add(key);
    try {
      // As upstream's apf_controller: ApplyStatus of the one condition it owns.
      await serverApply(this.registry, { served, namespace: '' }, u.name, { metadata: { name: u.name }, status: { conditions: [u.condition] } }, { fieldManager: FIELD_MANAGER, status: true });
    } catch (e) {
      // A conflict means a newer object is on its way through the watch; the next digest retries.
      this.logger.v(4).info('FlowSchema status update failed', { name: u.name, err: String(e) });
    } finally {
      this.pending.delete(key);
    }
  }
}
