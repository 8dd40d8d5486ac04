// The service-account controller (kube-controller-manager's serviceaccount): every active
// namespace gets a `default` ServiceAccount, re-created when it is deleted.
// Upstream: pkg/controller/serviceaccount/serviceaccounts_controller.go.

import { isStatusError } from '../apimachinery/errors.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Logger } from '../util/log.js';
import { NamespacedObjectController } from './namespaced-object.js';

export const DEFAULT_SERVICE_ACCOUNT = 'default';

export class ServiceAccountsController extends NamespacedObjectController {
  private readonly accounts: ServedResource;

  constructor(registry: Registry, log: Logger) {
    const accounts = registry.catalog.lookup('', 'v1', 'serviceaccounts');
    if (!accounts) throw new Error('serviceaccounts are not served');
    super(registry, log, 'serviceaccount', accounts, DEFAULT_SERVICE_ACCOUNT, (type) => type === 'DELETED');
    this.accounts = accounts;
  }

  protected async syncNamespace(namespace: string): Promise<void> {
    if (this.cached(namespace)) return;
    try {
      await this.registry.create(
        { served: this.accounts, namespace },
        { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_SERVICE_ACCOUNT } },
        { dryRun: false, fieldManager: 'kube-controller-manager' },
      );
    } catch (e) {
      // Already there, or the namespace is gone or going: nothing to do.
      if (isStatusError(e) && (e.code === 409 || e.code === 404 || hasNamespaceTerminatingCause(e))) return;
      throw e;
    }
  }
}

export function hasNamespaceTerminatingCause(e: unknown): boolean {
  return isStatusError(e) && (e.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
}
