// CertificateSubjectRestriction (upstream plugin/pkg/admission/certificates/subjectrestriction):
// a CertificateSigningRequest for kubernetes.io/kube-apiserver-client may not ask for the
// system:masters group (an O of its subject).

import { loadX509 } from '../../../cli/pki.js';
import { admissionForbidden } from '../../errors.js';
import { CERTIFICATES_GROUP } from '../../signer.js';
import type { AdmissionPlugin } from '../../types.js';

const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';

/** The subject organizations of a PEM certificate request (certificates.ParseCSR); throws upstream's reasons. */
export async function csrOrganizations(request: string): Promise<string[]> {
  const pem = Buffer.from(request, 'base64').toString('latin1');
  const block = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(pem);
  if (!block || block[1] !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  const x509 = await loadX509();
  let csr: InstanceType<typeof x509.Pkcs10CertificateRequest>;
  try {
    csr = new x509.Pkcs10CertificateRequest(Buffer.from(block[2]!.replace(/\s+/g, ''), 'base64'));
  } catch {
    throw new Error('asn1: structure error: tags don\'t match');
  }
  return csr.subjectName.getField('O');
}

export function certificateSubjectRestriction(): AdmissionPlugin {
  return {
    name: 'CertificateSubjectRestriction',
    handles: (op) => op === 'CREATE',
    async validate(a) {
      if (a.subresource !== '' || a.resource.group !== CERTIFICATES_GROUP || a.resource.resource !== 'certificatesigningrequests' || !a.object) return;
      if (a.object.spec?.signerName !== KUBE_APISERVER_CLIENT) return;
      let groups: string[];
      try {
        groups = await csrOrganizations(String(a.object.spec?.request ?? ''));
      } catch (e) {
        throw admissionForbidden(a, `failed to parse CSR: ${(e as Error).message}`);
      }
      if (groups.includes('system:masters')) {
        throw admissionForbidden(a, `use of ${KUBE_APISERVER_CLIENT} signer with system:masters group is not allowed`);
      }
    },
  };
}
