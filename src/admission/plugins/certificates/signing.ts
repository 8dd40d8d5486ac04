// CertificateSigning (upstream plugin/pkg/admission/certificates/signing): changing a
// CertificateSigningRequest's status.certificate or status.conditions through /status needs
// `sign` on its signer.

import { deepEqual } from '../../../registry/meta.js';
import { semanticEqual } from '../../../registry/validation/util.js';
import { admissionForbidden } from '../../errors.js';
import { authorizedForSigner, CERTIFICATES_GROUP } from '../../signer.js';
import type { AdmissionPlugin, PluginDeps } from '../../types.js';

export function certificateSigning(deps: Pick<PluginDeps, 'authorizer'>): AdmissionPlugin {
  return {
    name: 'CertificateSigning',
    handles: (op) => op === 'UPDATE',
    async validate(a) {
      if (a.subresource !== 'status' || a.resource.group !== CERTIFICATES_GROUP || a.resource.resource !== 'certificatesigningrequests') return;
      const now = a.object?.status ?? {};
      const before = a.oldObject?.status ?? {};
      if (deepEqual(now.certificate, before.certificate) && semanticEqual(now.conditions, before.conditions)) return;
      const signer = String(a.oldObject?.spec?.signerName ?? '');
      if (!(await authorizedForSigner(deps.authorizer, a.userInfo, 'sign', signer))) {
        throw admissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}
