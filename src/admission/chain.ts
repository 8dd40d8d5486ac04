// The admission chain: the enabled plugins in upstream's order, run phase by phase.
// Every mutating plugin runs before any validating one (upstream's chainAdmissionHandler).

import type { AdmissionPlugin, Attributes, Operation, RequestAdmission } from './types.js';
import type { Obj } from '../types/kind.js';

/** What a request fixes before the write path fills in the operation and its objects. */
export type RequestAttributes = Omit<Attributes, 'operation' | 'object' | 'oldObject'>;

export class AdmissionChain {
  constructor(readonly plugins: readonly AdmissionPlugin[]) {}

  get names(): string[] {
    return this.plugins.map((p) => p.name);
  }

  /** The mutating plugins, run once more when one asks for it (upstream's reinvoker in pkg/admission/reinvocation.go). */
  async admit(a: Attributes): Promise<void> {
    const r = (a.reinvocation ??= { isReinvoke: false, shouldReinvoke: false, values: new Map() });
    await this.admitOnce(a);
    if (!r.shouldReinvoke) return;
    r.isReinvoke = true;
    await this.admitOnce(a);
  }

  private async admitOnce(a: Attributes): Promise<void> {
    for (const p of this.plugins) {
      if (p.admit && handles(p, a.operation)) await p.admit(a);
    }
  }

  async validate(a: Attributes): Promise<void> {
    for (const p of this.plugins) {
      if (p.validate && handles(p, a.operation)) await p.validate(a);
    }
  }

  /** Admission for one request; the registry calls it with each phase's objects. */
  forRequest(base: RequestAttributes): RequestAdmission {
    const attrs = (operation: Operation, object: Obj | undefined, oldObject: Obj | undefined): Attributes => ({
      ...base,
      operation,
      object,
      oldObject,
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
