// apiregistration.k8s.io/v1 APIService (served by kube-apiserver's aggregator).

import { kind, statusSubresource, type KindDef, type Obj } from '../kind.js';
import { APIService } from '../schemas/apiregistration.js';

/** Upstream's PrepareForCreate: an APIService without spec.service is local and available at once. */
function markLocalAvailable(svc: Obj): void {
  if (svc.spec?.service) return;
  svc.status = {
    conditions: [{
      type: 'Available', status: 'True', lastTransitionTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      reason: 'Local', message: 'Local APIServices are always available',
    }],
  };
}

export const apiregistrationKinds: KindDef[] = [
  kind({
    group: 'apiregistration.k8s.io', kind: 'APIService', plural: 'apiservices', singular: 'apiservice', categories: ['api-extensions'],
    namespaced: false, subresources: [statusSubresource()], schema: APIService,
    // The name must also be <spec.version>.<spec.group> (spec validation, not declared here).
    nameRule: 'PathSegmentName',
    strategy: { allowUnconditionalUpdate: false, prepareForCreate: markLocalAvailable },
  }),
];
