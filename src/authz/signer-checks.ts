// The signer verbs (upstream plugin/pkg/admission/certificates/{approval,signing,ctbattest}
// and pkg/apis/certificates IsAuthorizedForSignerName): approving a CertificateSigningRequest
// needs `approve`, setting its certificate needs `sign`, and a ClusterTrustBundle for a
// signer needs `attest`, each on resource `signers` in certificates.k8s.io named after the
// signer or its `<domain>/*` wildcard. They run at the write path until the admission
// chain exists; move them there as plugins then.

import { forbidden } from '../apimachinery/errors.js';
import type { UserInfo } from '../authn/types.js';
import { deepEqual } from '../registry/meta.js';
import type { Registry, WriteOptions } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { Authorizer } from './types.js';

const GROUP = 'certificates.k8s.io';

export async function authorizedForSigner(authorizer: Authorizer, user: UserInfo, verb: string, signerName: string): Promise<boolean> {
  for (const name of [signerName, `${signerName.split('/')[0]}/*`]) {
    const r = await authorizer.authorize({
      user, verb, isResourceRequest: true, path: '', namespace: '', apiGroup: GROUP, apiVersion: '*', resource: 'signers', subresource: '', name,
    });
    if (r.decision === 'allow') return true;
  }
  return false;
}

export function installSignerChecks(registry: Registry, authorizer: Authorizer): void {
  const csrs = { group: GROUP, resource: 'certificatesigningrequests' };
  registry.setHooks(GROUP, 'certificatesigningrequests', {
    async checkWrite(obj: Obj, old: Obj | undefined, _scope, opts: WriteOptions) {
      if (!old || !opts.user) return;
      const name = String(obj.metadata?.name ?? '');
      if (opts.requestSubresource === 'approval') {
        const signer = String(obj.spec?.signerName ?? '');
        if (!(await authorizedForSigner(authorizer, opts.user, 'approve', signer))) {
          throw forbidden(csrs, name, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
        }
      } else if (opts.requestSubresource === 'status' && !deepEqual(obj.status?.certificate, old.status?.certificate)) {
        const signer = String(old.spec?.signerName ?? '');
        if (!(await authorizedForSigner(authorizer, opts.user, 'sign', signer))) {
          throw forbidden(csrs, name, `user not permitted to sign requests with signerName ${JSON.stringify(signer)}`);
        }
      }
    },
  });
  registry.setHooks(GROUP, 'clustertrustbundles', {
    async checkWrite(obj: Obj, old: Obj | undefined, _scope, opts: WriteOptions) {
      const signer = String(obj.spec?.signerName ?? '');
      if (!signer || !opts.user) return;
      // Unchanged bundles (storage migration, garbage collection) need no attestation.
      if (old && old.spec?.signerName === signer && old.spec?.trustBundle === obj.spec?.trustBundle) return;
      if (!(await authorizedForSigner(authorizer, opts.user, 'attest', signer))) {
        throw forbidden({ group: GROUP, resource: 'clustertrustbundles' }, String(obj.metadata?.name ?? ''), `user not permitted to attest for signerName ${JSON.stringify(signer)}`);
      }
    },
  });
}
