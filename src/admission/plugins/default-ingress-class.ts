// DefaultIngressClass (upstream plugin/pkg/admission/network/defaultingressclass): a new Ingress
// with neither spec.ingressClassName nor the kubernetes.io/ingress.class annotation gets the
// default IngressClass, when there is one.

import { newestDefaultClass } from '../default-class.js';
import { isResource } from '../errors.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, PluginDeps } from '../types.js';

const GROUP = 'networking.k8s.io';

export function defaultIngressClass(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);
  return {
    name: 'DefaultIngressClass',
    handles: (op) => op === 'CREATE',
    async admit(a) {
      if (!isResource(a, GROUP, 'ingresses') || !a.object) return;
      const ing = a.object;
      if (ing.spec?.ingressClassName != null || 'kubernetes.io/ingress.class' in (ing.metadata?.annotations ?? {})) return;
      const classes = await objects.list(GROUP, 'ingressclasses');
      const def = newestDefaultClass(classes, (c) => c.metadata?.annotations?.['ingressclass.kubernetes.io/is-default-class'] === 'true');
      if (def) (ing.spec ??= {}).ingressClassName = def.metadata.name;
    },
    start: () => objects.ready([GROUP, 'ingressclasses']),
  };
}
