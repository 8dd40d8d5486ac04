// Authorization on a signer (upstream pkg/certauthorization IsAuthorizedForSignerName): the
// verb on resource `signers` of certificates.k8s.io named after the signer, or after its
// `<domain>/*` wildcard.

import type { UserInfo } from '../authn/types.js';
import type { Authorizer } from '../authz/types.js';

export const CERTIFICATES_GROUP = 'certificates.k8s.io';

export async function authorizedForSigner(authorizer: Authorizer, user: UserInfo, verb: string, signerName: string): Promise<boolean> {
  for (const name of [signerName, `${signerName.split('/')[0]}/*`]) {
    const r = await authorizer.authorize({
      user, verb, isResourceRequest: true, path: '', namespace: '', apiGroup: CERTIFICATES_GROUP, apiVersion: '*', resource: 'signers', subresource: '', name,
    });
    if (r.decision === 'allow') return true;
  }
  return false;
}
