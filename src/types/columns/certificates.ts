// certificates.k8s.io printers: CertificateSigningRequest and ClusterTrustBundle.

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { humanDuration } from './duration.js';
import { ageColumn, arr, col, int, str } from './format.js';

/** extractCSRStatus: Denied > Approved > Pending, then ",Failed" and ",Issued". */
function csrCondition(csr: Obj): string {
  let approved = false;
  let denied = false;
  let failed = false;
  for (const c of arr(csr.status?.conditions)) {
    if (c?.type === 'Approved') approved = true;
    else if (c?.type === 'Denied') denied = true;
    else if (c?.type === 'Failed') failed = true;
  }
  let status = denied ? 'Denied' : approved ? 'Approved' : 'Pending';
  if (failed) status += ',Failed';
  if (str(csr.status?.certificate).length > 0) status += ',Issued';
  return status;
}

export const certificateSigningRequestColumns: TableColumn[] = [
  ageColumn(),
  col('SignerName', 'string', DOCS['certv1beta1.CertificateSigningRequestSpec.signerName'], (o) => (str(o.spec?.signerName) === '' ? '<none>' : str(o.spec.signerName))),
  col('Requestor', 'string', DOCS['certv1beta1.CertificateSigningRequestSpec.request'], (o) => str(o.spec?.username)),
  col('RequestedDuration', 'string', DOCS['v1.CertificateSigningRequestSpec.expirationSeconds'], (o) =>
    o.spec?.expirationSeconds === undefined || o.spec?.expirationSeconds === null ? '<none>' : humanDuration(int(o.spec.expirationSeconds) * 1000),
  ),
  col('Condition', 'string', DOCS['certv1beta1.CertificateSigningRequestStatus.conditions'], csrCondition),
];

export const clusterTrustBundleColumns: TableColumn[] = [
  col('SignerName', 'string', DOCS['v1alpha1.ClusterTrustBundleSpec.signerName'], (o) => (str(o.spec?.signerName) === '' ? '<none>' : str(o.spec.signerName))),
];
