// CertificateApproval (upstream plugin/pkg/admission/certificates/approval): approving or
// denying a CertificateSigningRequest through /approval needs `approve` on its signer.

import { admissionForbidden } from '../../errors.js';
import { authorizedForSigner, CERTIFICATES_GROUP } from '../../signer.js';
import type { AdmissionPlugin, PluginDeps } from '../../types.js';

export function certificateApproval(deps: Pick<PluginDeps, 'authorizer'>): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    handles: (op) => op === 'UPDATE',
    async validate(a) {
      if (a.subresource !== 'approval' || a.resource.group !== CERTIFICATES_GROUP || a.resource.resource !== 'certificatesigningrequests') return;
      const signer = String(a.oldObject?.spec?.signerName ?? '');
      if (!(await authorizedForSigner(deps.authorizer, a.userInfo, 'approve', signer))) {
        throw admissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}
