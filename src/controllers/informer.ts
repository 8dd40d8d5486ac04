// A shared informer over every stored kind, for in-process controllers: it
// follows each resource's watch cache and hands decoded objects to handlers.

import { matchEverything } from '../registry/filter.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';

export type InformerEvent = 'ADDED' | 'MODIFIED' | 'DELETED';

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

export class Informer {
  private stops: (() => void)[] = [];

  constructor(
    private readonly registry: Registry,
    private readonly resources: ServedResource[],
    private readonly handler: InformerHandler,
  ) {}

  /** Start watching; resolves once every resource's initial state was delivered. */
  async start(): Promise<void> {
    for (const served of this.resources) {
      const stop = await this.registry.watch(
        { served, namespace: '' },
        { resourceVersion: '0', filter: matchEverything },
        {
          event: (type, bytes) => {
            if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') this.handler(type, JSON.parse(bytes.toString('utf8')), served);
          },
          close: () => undefined,
        },
      );
      this.stops.push(stop);
    }
  }

  stop(): void {
    for (const s of this.stops) s();
    this.stops = [];
  }
}
