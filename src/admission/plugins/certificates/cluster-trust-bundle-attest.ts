// ClusterTrustBundleAttest (upstream plugin/pkg/admission/certificates/ctbattest): creating or
// changing a ClusterTrustBundle that names a signer needs `attest` on that signer; updates
// that only touch garbage-collection fields (storage migration, GC) need nothing.

import { semanticEqual } from '../../../registry/validation/util.js';
import type { Obj } from '../../../types/kind.js';
import { admissionForbidden } from '../../errors.js';
import { authorizedForSigner, CERTIFICATES_GROUP } from '../../signer.js';
import type { AdmissionPlugin, PluginDeps } from '../../types.js';

/** rbac.IsOnlyMutatingGCFields: equal once ownerReferences, finalizers and managedFields are the old ones. */
function onlyGcFieldsChanged(obj: Obj, old: Obj): boolean {
  const copy = structuredClone(obj);
  copy.metadata = { ...(copy.metadata ?? {}) };
  for (const f of ['ownerReferences', 'finalizers', 'managedFields', 'selfLink', 'resourceVersion']) {
    if (old.metadata?.[f] === undefined) delete copy.metadata[f];
    else copy.metadata[f] = old.metadata[f];
  }
  return semanticEqual(copy, old);
}

export function clusterTrustBundleAttest(deps: Pick<PluginDeps, 'authorizer'>): AdmissionPlugin {
  return {
    name: 'ClusterTrustBundleAttest',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async validate(a) {
      if (a.resource.group !== CERTIFICATES_GROUP || a.resource.resource !== 'clustertrustbundles' || !a.object) return;
      const signer = String(a.object.spec?.signerName ?? '');
      if (!signer) return;
      if (a.operation === 'UPDATE' && a.oldObject && onlyGcFieldsChanged(a.object, a.oldObject)) return;
      if (!(await authorizedForSigner(deps.authorizer, a.userInfo, 'attest', signer))) {
        throw admissionForbidden(a, `user not permitted to attest for signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}
