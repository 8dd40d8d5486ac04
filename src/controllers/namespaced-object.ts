// What the controllers that keep one named object in every active namespace share
// (serviceaccount's `default`, root-ca-cert-publisher's `kube-root-ca.crt`): a namespace
// is synced when it becomes active, and again when its object changes or goes away.

import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { fieldsEqual, Informer, type InformerEvent } from './informer.js';
import { WorkQueue } from './queue.js';

export abstract class NamespacedObjectController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  /** The informer's view of the managed object in each namespace. */
  private readonly objects = new Map<string, Obj>();
  private readonly activeNamespaces = new Set<string>();
  /** Until the initial lists are in, nothing is queued (the objects' cache would be incomplete). */
  private synced = false;

  constructor(
    protected readonly registry: Registry,
    protected readonly log: Logger,
    name: string,
    served: ServedResource,
    private readonly objectName: string,
    /** Which events of the managed object send its namespace back to the queue. */
    resyncOn: (type: InformerEvent) => boolean,
  ) {
    super();
    const namespaces = registry.catalog.lookup('', 'v1', 'namespaces');
    if (!namespaces) throw new Error('namespaces are not served');
    this.informer = new Informer(registry, [namespaces, served], (type, obj, r) => {
      const { name: objName, namespace } = obj.metadata ?? {};
      if (r.def.plural === 'namespaces') {
        if (type !== 'DELETED' && (obj.status?.phase ?? 'Active') === 'Active') {
          this.activeNamespaces.add(objName);
          if (this.synced) this.queue.add(objName);
        } else this.activeNamespaces.delete(objName);
        return;
      }
      if (objName !== this.objectName) return;
      if (type === 'DELETED') this.objects.delete(namespace);
      else this.objects.set(namespace, obj);
      if (this.synced && resyncOn(type) && this.activeNamespaces.has(namespace)) this.queue.add(namespace);
    }, { filter: (r) => (r.def.plural === 'namespaces' ? undefined : fieldsEqual({ 'metadata.name': objectName })) });
    this.queue = new WorkQueue<string>(
      (ns) => ns,
      (ns) => (this.activeNamespaces.has(ns) ? this.syncNamespace(ns) : Promise.resolve()),
      (ns, e) => this.log.v(2).info(`${name} controller retry`, { namespace: ns, err: String(e) }),
    );
  }

  override async start(): Promise<void> {
    await super.start();
    this.synced = true;
    for (const ns of this.activeNamespaces) this.queue.add(ns);
  }

  /** The managed object of a namespace as the informer last saw it. */
  protected cached(namespace: string): Obj | undefined {
    return this.objects.get(namespace);
  }

  protected abstract syncNamespace(namespace: string): Promise<void>;
}
