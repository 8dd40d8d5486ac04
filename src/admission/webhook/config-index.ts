// The webhooks of every Mutating- or ValidatingWebhookConfiguration, kept from a watch (as
// upstream's configuration managers keep them from an informer): configurations in name
// order, webhooks in their order, matchConditions compiled once per configuration version.

import { Informer } from '../../controllers/informer.js';
import type { Registry } from '../../registry/registry.js';
import type { Obj } from '../../types/kind.js';
import { MatchConditions, type MatchCriteria } from '../matching.js';

/** One webhook of a configuration (upstream's WebhookAccessor). */
export interface WebhookAccessor {
  /** `<configuration>/<webhook>/<index>`, as upstream identifies a webhook for reinvocation. */
  uid: string;
  configurationName: string;
  name: string;
  /** The admissionregistration.k8s.io/v1 MutatingWebhook or ValidatingWebhook as stored (defaulted). */
  spec: Record<string, any>;
  criteria: MatchCriteria;
  conditions: MatchConditions;
}

export type WebhookConfigurationResource = 'mutatingwebhookconfigurations' | 'validatingwebhookconfigurations';

export class WebhookConfigIndex {
  private readonly configs = new Map<string, { resourceVersion: string; hooks: WebhookAccessor[] }>();
  private sorted: WebhookAccessor[] = [];
  private informer?: Informer;

  constructor(
    private readonly registry: Registry,
    private readonly resource: WebhookConfigurationResource,
  ) {}

  async start(): Promise<void> {
    const served = this.registry.catalog.lookup('admissionregistration.k8s.io', 'v1', this.resource);
    if (!served) return;
    this.informer = new Informer(this.registry, [served], (type, obj) => this.onEvent(type, obj));
    await this.informer.start();
  }

  stop(): void {
    this.informer?.stop();
    this.informer = undefined;
  }

  /** Every webhook, configurations in name order. */
  webhooks(): readonly WebhookAccessor[] {
    return this.sorted;
  }

  private onEvent(type: string, obj: Obj): void {
    const name = String(obj.metadata?.name ?? '');
    if (type === 'DELETED') this.configs.delete(name);
    else {
      const rv = String(obj.metadata?.resourceVersion ?? '');
      if (this.configs.get(name)?.resourceVersion === rv) return;
      this.configs.set(name, { resourceVersion: rv, hooks: accessors(name, obj) });
    }
    this.sorted = [...this.configs.keys()].sort().flatMap((n) => this.configs.get(n)!.hooks);
  }
}

function accessors(configurationName: string, obj: Obj): WebhookAccessor[] {
  const hooks: Record<string, any>[] = Array.isArray(obj.webhooks) ? obj.webhooks : [];
  return hooks.map((spec, i) => ({
    uid: `${configurationName}/${spec.name}/${i}`,
    configurationName,
    name: String(spec.name ?? ''),
    spec,
    criteria: {
      rules: Array.isArray(spec.rules) ? spec.rules : [],
      matchPolicy: spec.matchPolicy,
      namespaceSelector: spec.namespaceSelector,
      objectSelector: spec.objectSelector,
    },
    conditions: new MatchConditions(Array.isArray(spec.matchConditions) ? spec.matchConditions : [], spec.failurePolicy ?? 'Fail'),
  }));
}
