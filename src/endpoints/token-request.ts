// serviceaccounts/{name}/token: TokenRequest, issuing bound service-account JWTs
// signed with the service-account key, with upstream's claims and limits.

import { createHash, createPrivateKey, createPublicKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { fieldErr, invalid, notFound, StatusError, type FieldError } from '../apimachinery/errors.js';
import { nowTimestamp } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';

export const DEFAULT_ISSUER = 'https://kubernetes.default.svc.cluster.local';
const MIN_SECONDS = 600;
const MAX_SECONDS = 2 ** 32;

function b64url(b: Buffer | string): string {
  return Buffer.from(b).toString('base64url');
}

export interface TokenIssuerOptions {
  privateKeyPem: string;
  issuer?: string;
  /** --api-audiences; default: the issuer. */
  audiences?: string[];
}

export class TokenIssuer {
  private readonly key: KeyObject;
  readonly keyId: string;
  readonly issuer: string;
  readonly audiences: string[];
  private readonly alg: string;

  constructor(
    private readonly registry: Registry,
    opts: TokenIssuerOptions,
  ) {
    this.key = createPrivateKey(opts.privateKeyPem);
    const der = createPublicKey(this.key).export({ type: 'spki', format: 'der' });
    // Upstream's key ID: base64url(sha256(DER public key)).
    this.keyId = b64url(createHash('sha256').update(der).digest());
    this.issuer = opts.issuer ?? DEFAULT_ISSUER;
    this.audiences = opts.audiences ?? [this.issuer];
    this.alg = this.key.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
  }

  /** Sign a JWT with the service-account key. */
  signJwt(claims: Obj): string {
    const header = b64url(JSON.stringify({ alg: this.alg, kid: this.keyId }));
    const payload = b64url(JSON.stringify(claims));
    const input = `${header}.${payload}`;
    const sig = sign('sha256', Buffer.from(input), this.alg === 'ES256' ? { key: this.key, dsaEncoding: 'ieee-p1363' } : this.key);
    return `${input}.${b64url(sig)}`;
  }

  async request(scope: Scope, name: string, tr: Obj, dryRun: boolean): Promise<Obj> {
    const sa = await this.registry.get(scope, name);
    const spec = tr.spec ?? {};
    const errs: FieldError[] = [];
    const expirationSeconds = spec.expirationSeconds ?? 3600;
    if (expirationSeconds < MIN_SECONDS) errs.push(fieldErr.invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration less than 10 minutes'));
    if (expirationSeconds > MAX_SECONDS) errs.push(fieldErr.invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
    const ref = spec.boundObjectRef;
    if (ref && !['Pod', 'Secret', 'Node'].includes(ref.kind)) errs.push(fieldErr.notSupported('spec.boundObjectRef.kind', ref.kind, ['Pod', 'Secret', 'Node']));
    if (errs.length) throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, name, errs);
    const ns = scope.namespace;
    const k8s: Obj = { namespace: ns, serviceaccount: { name, uid: sa.metadata.uid } };
    if (ref) {
      const plural = ref.kind === 'Pod' ? 'pods' : ref.kind === 'Secret' ? 'secrets' : 'nodes';
      const served = this.registry.catalog.lookup('', 'v1', plural)!;
      let bound: Obj;
      try {
        bound = await this.registry.get({ served, namespace: ref.kind === 'Node' ? '' : ns }, ref.name);
      } catch (e) {
        if (e instanceof StatusError && e.code === 404) throw notFound({ group: '', resource: plural }, ref.name);
        throw e;
      }
      if (ref.uid && ref.uid !== bound.metadata.uid) {
        throw new StatusError(409, 'Conflict', `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
      }
      k8s[ref.kind.toLowerCase()] = { name: ref.name, uid: bound.metadata.uid };
    }
    const now = Math.floor(Date.now() / 1000);
    const exp = now + expirationSeconds;
    const audiences: string[] = Array.isArray(spec.audiences) && spec.audiences.length ? spec.audiences : this.audiences;
    const claims = {
      aud: audiences,
      exp,
      iat: now,
      iss: this.issuer,
      jti: randomUUID(),
      'kubernetes.io': k8s,
      nbf: now,
      sub: `system:serviceaccount:${ns}:${name}`,
    };
    return {
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: { name, namespace: ns, creationTimestamp: nowTimestamp() },
      spec: { audiences, expirationSeconds, boundObjectRef: ref ?? null },
      status: { token: dryRun ? '' : this.signJwt(claims), expirationTimestamp: nowTimestamp(new Date(exp * 1000)) },
    };
  }
}
