// serviceaccounts/{name}/token: TokenRequest, issuing bound service-account JWTs
// signed with the service-account key, with upstream's claims, limits and errors
// (pkg/registry/core/serviceaccount/storage/token.go, pkg/serviceaccount/claims.go, jwt.go).

import { createHash, createPrivateKey, createPublicKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { badRequest, conflict, fieldErr, invalid, isStatusError, type FieldError } from '../apimachinery/errors.js';
import { signingAlgorithm } from '../authn/keys.js';
import {
  EXPIRATION_EXTENSION_SECONDS,
  LEGACY_CLAIMS,
  LEGACY_ISSUER,
  WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS,
  serviceAccountUsername,
  sortedClaims,
  type BoundClaims,
} from '../authn/sa-claims.js';
import { nowTimestamp } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';

export const DEFAULT_ISSUER = 'https://kubernetes.default.svc.cluster.local';
const MIN_SECONDS = 600;
const MAX_SECONDS = 2 ** 32;

function b64url(b: Buffer | string): string {
  return Buffer.from(b).toString('base64url');
}

const HASH_OF: Record<string, string> = { RS256: 'sha256', ES256: 'sha256', ES384: 'sha384', ES512: 'sha512' };

export interface TokenIssuerOptions {
  /** The signing key (--service-account-signing-key-file), PEM or a private KeyObject. */
  privateKeyPem: string | KeyObject;
  /** The first --service-account-issuer: the one that issues. */
  issuer?: string;
  /** --api-audiences; default: the issuer. */
  audiences?: string[];
  /** --service-account-max-token-expiration in seconds; 0: no limit. */
  maxExpirationSeconds?: number;
  /** --service-account-extend-token-expiration (default true). */
  extendExpiration?: boolean;
}

/** upstream's keyIDFromPublicKey: base64url(sha256(DER public key)). */
export function keyIdOf(key: KeyObject): string {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return b64url(createHash('sha256').update(der).digest());
}

export class TokenIssuer {
  private readonly key: KeyObject;
  readonly keyId: string;
  readonly issuer: string;
  readonly audiences: string[];
  private readonly alg: string;

  constructor(
    private readonly registry: Registry,
    private readonly opts: TokenIssuerOptions,
  ) {
    this.key = typeof opts.privateKeyPem === 'string' ? createPrivateKey(opts.privateKeyPem) : opts.privateKeyPem;
    this.keyId = keyIdOf(this.key);
    this.issuer = opts.issuer ?? DEFAULT_ISSUER;
    this.audiences = opts.audiences?.length ? opts.audiences : [this.issuer];
    this.alg = signingAlgorithm(this.key);
  }

  /** The public half of the signing key. */
  get publicKey(): KeyObject {
    return createPublicKey(this.key);
  }

  /** Sign a JWT with the service-account key. */
  signJwt(claims: Obj): string {
    const header = b64url(JSON.stringify({ alg: this.alg, kid: this.keyId }));
    const payload = b64url(JSON.stringify(claims));
    const input = `${header}.${payload}`;
    const hash = HASH_OF[this.alg]!;
    const sig = sign(hash, Buffer.from(input), this.alg.startsWith('ES') ? { key: this.key, dsaEncoding: 'ieee-p1363' } : this.key);
    return `${input}.${b64url(sig)}`;
  }

  /** A Secret-based token for the tokens controller (legacy.go LegacyClaims). */
  legacyToken(sa: Obj, secretName: string): string {
    const ns = String(sa.metadata.namespace);
    const name = String(sa.metadata.name);
    return this.signJwt({
      iss: LEGACY_ISSUER,
      [LEGACY_CLAIMS.namespace]: ns,
      [LEGACY_CLAIMS.secretName]: secretName,
      [LEGACY_CLAIMS.serviceAccountName]: name,
      [LEGACY_CLAIMS.serviceAccountUid]: String(sa.metadata.uid),
      sub: serviceAccountUsername(ns, name),
    });
  }

  async request(scope: Scope, name: string, tr: Obj, dryRun: boolean, warn: (msg: string) => void = () => {}): Promise<Obj> {
    const spec = tr.spec ?? {};
    let expirationSeconds: number = spec.expirationSeconds ?? 3600;
    const errs: FieldError[] = [];
    if (expirationSeconds < MIN_SECONDS) errs.push(fieldErr.invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration less than 10 minutes'));
    if (expirationSeconds > MAX_SECONDS) errs.push(fieldErr.invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
    if (errs.length) throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, '', errs);
    const sa = await this.registry.get(scope, name);
    const ns = scope.namespace;
    const k8s: BoundClaims = { namespace: ns, serviceaccount: { name, uid: sa.metadata.uid } };
    const ref = spec.boundObjectRef;
    let podBound = false;
    if (ref) {
      const apiVersion = String(ref.apiVersion ?? '');
      const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
      const kind = String(ref.kind ?? '');
      let bound: Obj;
      if (group === '' && kind === 'Pod') {
        bound = await this.getCore('pods', ns, ref.name);
        if (name !== bound.spec?.serviceAccountName) throw badRequest(`cannot bind token for serviceaccount "${name}" to pod running with different serviceaccount name.`);
        k8s.pod = { name: ref.name, uid: bound.metadata.uid };
        podBound = true;
        const nodeName = bound.spec?.nodeName;
        if (nodeName) {
          // A missing node is no error: the token just carries no node claims.
          const node = await this.getCore('nodes', '', nodeName).catch((e) => {
            if (isStatusError(e) && e.code === 404) return undefined;
            throw e;
          });
          if (node) k8s.node = { name: nodeName, uid: node.metadata.uid };
        }
      } else if (group === '' && kind === 'Secret') {
        bound = await this.getCore('secrets', ns, ref.name);
        k8s.secret = { name: ref.name, uid: bound.metadata.uid };
      } else if (group === '' && kind === 'Node') {
        bound = await this.getCore('nodes', '', ref.name);
        k8s.node = { name: ref.name, uid: bound.metadata.uid };
      } else {
        throw badRequest(`cannot bind token to object of type ${goGroupVersionKind(apiVersion, kind)}`);
      }
      if (ref.uid && ref.uid !== bound.metadata.uid) {
        throw conflict({ group, resource: kind }, ref.name, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
      }
    }
    const audiences: string[] = Array.isArray(spec.audiences) && spec.audiences.length ? spec.audiences : this.audiences;
    const max = this.opts.maxExpirationSeconds ?? 0;
    if (max > 0 && expirationSeconds > max) {
      warn(`requested expiration of ${expirationSeconds} seconds shortened to ${max} seconds`);
      expirationSeconds = max;
    }
    // A pod-bound token for the API asked for 3607s lasts a year and only warns after (safe transition).
    let exp = expirationSeconds;
    if ((this.opts.extendExpiration ?? true) && podBound && expirationSeconds === WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS && audiences.every((a) => this.audiences.includes(a))) {
      k8s.warnafter = 0;
      exp = EXPIRATION_EXTENSION_SECONDS;
    }
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    if (k8s.warnafter !== undefined) k8s.warnafter = now + expirationSeconds;
    const claims = sortedClaims({
      aud: audiences,
      exp: now + exp,
      iat: now,
      iss: this.issuer,
      jti: randomUUID(),
      'kubernetes.io': k8s,
      nbf: now,
      sub: serviceAccountUsername(ns, name),
    });
    return {
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: { name, namespace: ns, creationTimestamp: nowTimestamp(new Date(nowMs)) },
      spec: { audiences, expirationSeconds, boundObjectRef: ref ?? null },
      status: { token: dryRun ? '' : this.signJwt(claims), expirationTimestamp: nowTimestamp(new Date(nowMs + expirationSeconds * 1000)) },
    };
  }

  private getCore(plural: string, namespace: string, name: string): Promise<Obj> {
    const served = this.registry.catalog.lookup('', 'v1', plural)!;
    return this.registry.get({ served, namespace }, name);
  }
}

/** schema.GroupVersionKind.String(): "group/version, Kind=kind". */
function goGroupVersionKind(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion];
  return `${group}/${version}, Kind=${kind}`;
}
