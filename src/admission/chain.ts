// The admission chain: the enabled plugins in upstream's order, run phase by phase.
// Every mutating plugin runs before any validating one (upstream's chainAdmissionHandler).

import type { AdmissionPlugin, Attributes, Operation, RequestAdmission } from './types.js';
import type { AdmissionMetrics, AdmissionStep } from './metrics.js';
import type { Obj } from '../types/kind.js';

/** What a request fixes before the write path fills in the operation and its objects. */
export type RequestAttributes = Omit<Attributes, 'operation' | 'object' | 'oldObject'>;

export class AdmissionChain {
  /** `metrics`: each phase and each plugin is timed (the step and controller admission histograms). */
  constructor(
    readonly plugins: readonly AdmissionPlugin[],
    private readonly metrics?: AdmissionMetrics,
  ) {
    this.admitters = plugins.filter((p) => p.admit);
    this.validators = plugins.filter((p) => p.validate);
  }

  /** The plugins of each phase, in chain order. */
  private readonly admitters: readonly AdmissionPlugin[];
  private readonly validators: readonly AdmissionPlugin[];

  get names(): string[] {
    return this.plugins.map((p) => p.name);
  }

  /** The mutating plugins, run once more when one asks for it (upstream's reinvoker in pkg/admission/reinvocation.go). */
  async admit(a: Attributes): Promise<void> {
    const r = (a.reinvocation ??= { isReinvoke: false, shouldReinvoke: false, values: new Map() });
    await this.runStep('admit', a);
    if (!r.shouldReinvoke) return;
    r.isReinvoke = true;
    await this.runStep('admit', a);
  }

  validate(a: Attributes): Promise<void> {
    return this.runStep('validate', a);
  }

  private async runStep(step: AdmissionStep, a: Attributes): Promise<void> {
    const started = performance.now();
    let rejected = true;
    try {
      for (const p of step === 'admit' ? this.admitters : this.validators) {
        if (!handles(p, a.operation)) continue;
        const pluginStarted = this.metrics ? performance.now() : 0;
        let pluginRejected = true;
        try {
          const result = step === 'admit' ? p.admit!(a) : p.validate!(a);
          // Most plugins decide at once for most requests: only a pending answer costs a turn.
          if (result) await result;
          pluginRejected = false;
        } finally {
          this.metrics?.observePlugin(p.name, step, a.operation, pluginRejected, (performance.now() - pluginStarted) / 1000);
        }
      }
      rejected = false;
    } finally {
      this.metrics?.observeStep(step, a.operation, rejected, (performance.now() - started) / 1000);
    }
  }

  /** Admission for one request; the registry calls it with each phase's objects. */
  forRequest(base: RequestAttributes): RequestAdmission {
    // Spelled out rather than spread: one object shape for every request.
    const attrs = (operation: Operation, object: Obj | undefined, oldObject: Obj | undefined): Attributes => ({
      operation,
      resource: base.resource,
      subresource: base.subresource,
      kind: base.kind,
      name: base.name,
      namespace: base.namespace,
      object,
      oldObject,
      options: base.options,
      dryRun: base.dryRun,
      userInfo: base.userInfo,
      served: base.served,
      addAnnotation: base.addAnnotation,
      addWarning: base.addWarning,
      reinvocation: base.reinvocation,
    });
    return {
      mutate: (op, object, oldObject) => this.admit(attrs(op, object, oldObject)),
      validate: (op, object, oldObject) => {
        const a = attrs(op, object, oldObject);
        // The validating phase sees a generated name (rest.AdmissionToValidateObjectFunc).
        if (!a.name && op === 'CREATE' && object?.metadata?.name) a.name = String(object.metadata.name);
        return this.validate(a);
      },
    };
  }

  async start(): Promise<void> {
    await Promise.all(this.plugins.map((p) => p.start?.()));
  }

  stop(): void {
    for (const p of this.plugins) p.stop?.();
  }
}

function handles(p: AdmissionPlugin, op: Operation): boolean {
  return p.handles ? p.handles(op) : true;
}
