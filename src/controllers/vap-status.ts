// The ValidatingAdmissionPolicy status controller (upstream
// pkg/controller/validatingadmissionpolicystatus): for each policy whose generation is
// newer than status.observedGeneration, type-check it against the kinds it matches and
// server-side apply status.observedGeneration and status.typeChecking.expressionWarnings
// (forced, as field manager validatingadmissionpolicy-status-controller). Upstream's
// controller writes no conditions, and neither does this one.

import { StatusError } from '../apimachinery/errors.js';
import { apply } from '../apply/index.js';
import { typeCheckPolicy } from '../admission/policy/typecheck.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export const VAP_STATUS_FIELD_MANAGER = 'validatingadmissionpolicy-status-controller';
const API_VERSION = 'admissionregistration.k8s.io/v1';

export class ValidatingAdmissionPolicyStatusController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly served: ServedResource;
  private readonly policies = new Map<string, Obj>();

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
  ) {
    super();
    const served = registry.catalog.lookup('admissionregistration.k8s.io', 'v1', 'validatingadmissionpolicies');
    if (!served) throw new Error('validatingadmissionpolicies are not served');
    this.served = served;
    this.informer = new Informer(registry, [served], (type, obj) => {
      if (type === 'DELETED') this.policies.delete(obj.metadata.name);
      else {
        this.policies.set(obj.metadata.name, obj);
        this.queue.add(obj.metadata.name);
      }
    });
    this.queue = new WorkQueue<string>(
      (n) => n,
      (n) => this.sync(n),
      (n, e) => this.log.v(2).info('validatingadmissionpolicy status retry', { policy: n, err: String(e) }),
    );
  }

  private async sync(name: string): Promise<void> {
    const policy = this.policies.get(name);
    if (!policy) return;
    const generation = Number(policy.metadata.generation ?? 0);
    if (generation <= Number(policy.status?.observedGeneration ?? 0)) return;
    const expressionWarnings = typeCheckPolicy(this.registry.catalog, policy);
    const config = {
      apiVersion: API_VERSION,
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name },
      // No warnings: typeChecking is {} (the apply configuration omits an empty list).
      status: { observedGeneration: generation, typeChecking: expressionWarnings.length ? { expressionWarnings } : {} },
    };
    try {
      await this.registry.guaranteedUpdate(
        { served: this.served, namespace: '' },
        name,
        (current) => {
          if (!current) throw new StatusError(404, 'NotFound', 'gone');
          return apply(current, config, VAP_STATUS_FIELD_MANAGER, {
            apiVersion: API_VERSION,
            kind: 'ValidatingAdmissionPolicy',
            schema: this.served.def.schema!,
            subresource: 'status',
            force: true,
          }).object as Obj;
        },
        { dryRun: false, fieldManager: VAP_STATUS_FIELD_MANAGER, applied: true, subresource: 'status' },
      );
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return;
      throw e;
    }
  }
}
