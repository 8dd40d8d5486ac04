// The root CA publisher (kube-controller-manager's root-ca-cert-publisher): every active
// namespace has a `kube-root-ca.crt` ConfigMap whose `ca.crt` is the cluster CA, put back
// when it is changed or deleted. Upstream: pkg/controller/certificates/rootcacertpublisher/publisher.go.

import { deepEqual } from '../registry/meta.js';
import { isStatusError } from '../apimachinery/errors.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Logger } from '../util/log.js';
import { NamespacedObjectController } from './namespaced-object.js';
import { hasNamespaceTerminatingCause } from './serviceaccounts.js';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';
const FIELD_MANAGER = 'kube-controller-manager';

export class RootCaPublisher extends NamespacedObjectController {
  private readonly configMaps: ServedResource;

  constructor(
    registry: Registry,
    log: Logger,
    private readonly rootCaPem: string,
  ) {
    const configMaps = registry.catalog.lookup('', 'v1', 'configmaps');
    if (!configMaps) throw new Error('configmaps are not served');
    super(registry, log, 'root-ca-cert-publisher', configMaps, ROOT_CA_CONFIGMAP, (type) => type !== 'ADDED');
    this.configMaps = configMaps;
  }

  protected async syncNamespace(namespace: string): Promise<void> {
    const scope = { served: this.configMaps, namespace };
    const data = { 'ca.crt': this.rootCaPem };
    const cm = this.cached(namespace);
    if (!cm) {
      try {
        await this.registry.create(
          scope,
          { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIGMAP, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data },
          { dryRun: false, fieldManager: FIELD_MANAGER },
        );
      } catch (e) {
        // A create the cache did not know about yet is fine; so is a namespace gone or going.
        if (isStatusError(e) && (e.code === 409 || e.code === 404 || hasNamespaceTerminatingCause(e))) return;
        throw e;
      }
      return;
    }
    if (deepEqual(cm.data ?? {}, data) && cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]) return;
    try {
      await this.registry.guaranteedUpdate(
        scope,
        ROOT_CA_CONFIGMAP,
        (cur) => {
          if (!cur) throw Object.assign(new Error('gone'), { gone: true });
          cur.data = data;
          cur.metadata.annotations = { ...(cur.metadata.annotations ?? {}), [DESCRIPTION_ANNOTATION]: DESCRIPTION };
          return cur;
        },
        { dryRun: false, fieldManager: FIELD_MANAGER },
      );
    } catch (e) {
      if ((e as { gone?: boolean }).gone || (isStatusError(e) && e.code === 404)) return;
      throw e;
    }
  }
}
