// tokencleaner: deletes bootstrap-token Secrets in kube-system once they expire.
// Upstream: pkg/controller/bootstrap/tokencleaner.go (off unless named in --controllers).

import { isStatusError } from '../apimachinery/errors.js';
import { BOOTSTRAP_NAMESPACE, BOOTSTRAP_SECRET_TYPE, bootstrapTokenTtl } from '../authn/bootstrap.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export class TokenCleaner extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly scope: Scope;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
  ) {
    super();
    const secrets = registry.catalog.lookup('', 'v1', 'secrets')!;
    this.scope = { served: secrets, namespace: BOOTSTRAP_NAMESPACE };
    this.informer = new Informer(registry, [secrets], (type, obj) => {
      if (type !== 'DELETED' && obj.metadata.namespace === BOOTSTRAP_NAMESPACE && obj.type === BOOTSTRAP_SECRET_TYPE) this.queue.add(obj.metadata.name);
    });
    this.queue = new WorkQueue<string>(
      (n) => n,
      (n) => this.evaluate(n),
      (n, e) => this.log.v(2).info('tokencleaner retry', { name: n, err: String(e) }),
    );
  }

  override stop(): void {
    super.stop();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private async evaluate(name: string): Promise<void> {
    let secret: Obj;
    try {
      secret = await this.registry.get(this.scope, name);
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return;
      throw e;
    }
    if (secret.type !== BOOTSTRAP_SECRET_TYPE || secret.metadata.deletionTimestamp) return;
    const ttl = bootstrapTokenTtl(secret, Date.now());
    if (ttl === Infinity) return;
    if (ttl > 0) {
      // Look again when it expires (a timer of our own, so idle() does not wait for it).
      clearTimeout(this.timers.get(name));
      const t = setTimeout(() => {
        this.timers.delete(name);
        this.queue.add(name);
      }, Math.min(ttl + 10, 2 ** 31 - 1));
      t.unref();
      this.timers.set(name, t);
      return;
    }
    this.log.v(3).info('Deleting expired bootstrap token', { secret: `${BOOTSTRAP_NAMESPACE}/${name}` });
    try {
      await this.registry.delete(this.scope, name, { dryRun: false, preconditions: { uid: secret.metadata.uid } });
    } catch (e) {
      if (isStatusError(e) && (e.code === 404 || e.code === 409)) return;
      throw e;
    }
  }
}
