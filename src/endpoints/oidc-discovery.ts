// Service-account issuer discovery: GET /.well-known/openid-configuration (the OIDC
// discovery document) and GET /openid/v1/jwks (the public key set that verifies
// service-account tokens), as kube-apiserver serves them.
//
// Upstream installs both only when the issuer is an https URL without query or fragment
// (and --service-account-jwks-uri, when given, is https); otherwise the paths are unknown.
// The documents are compact JSON without a trailing newline, cacheable for an hour. The
// routes are go-restful ones: another method gets 405 and an Accept header naming neither
// the produced type nor */* gets 406, both as kube-apiserver's negotiated Status.

import { createHash, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { signingAlgorithm } from '../authn/keys.js';
import { selectGetRoute } from './restful-route.js';
import { writeHead, type Ctx } from '../server/http.js';

export const OPENID_CONFIG_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';

const CONFIG_MEDIA_TYPE = 'application/json';
const JWKS_MEDIA_TYPE = 'application/jwk-set+json';
const CACHE_CONTROL = 'public, max-age=3600';

export interface OidcDiscoveryOptions {
  /** The service-account issuer (--service-account-issuer), e.g. https://kubernetes.default.svc.cluster.local. */
  issuer: string;
  /** PEM of the public (or private) service-account signing key. */
  publicKeyPem: string;
  /** The kid service-account tokens carry; default: upstream's base64url(sha256(DER public key)). */
  keyId?: string;
  /** --service-account-jwks-uri. Default: https://<externalAddress>/openid/v1/jwks. */
  jwksUri?: string;
  /**
   * The server's external address, host:port (upstream: --external-hostname, else the
   * advertise address, with the secure port). Default: the local address of the connection.
   */
  externalAddress?: string;
}

/** A public key as a JWK, with go-jose's member order (use, kty, kid, crv, alg, x, y / n, e). */
export function publicJwk(key: KeyObject, keyId: string): Record<string, string> {
  const jwk: JsonWebKey = key.export({ format: 'jwk' });
  const alg = signingAlgorithm(key);
  if (jwk.kty === 'EC') return { use: 'sig', kty: 'EC', kid: keyId, crv: String(jwk.crv), alg, x: String(jwk.x), y: String(jwk.y) };
  return { use: 'sig', kty: String(jwk.kty), kid: keyId, alg, n: String(jwk.n), e: String(jwk.e) };
}

export { signingAlgorithm };

/** Why upstream would not install the endpoints for this configuration, or undefined. */
export function discoveryUnavailable(issuer: string, jwksUri?: string): string | undefined {
  let iss: URL;
  try {
    iss = new URL(issuer);
  } catch {
    return `issuer URL ${issuer} is not a URL`;
  }
  if (iss.protocol !== 'https:') return `issuer URL must use https scheme, got: ${issuer}`;
  if (iss.search !== '') return `issuer URL may not include a query, got: ${issuer}`;
  if (iss.hash !== '') return `issuer URL may not include a fragment, got: ${issuer}`;
  if (jwksUri !== undefined && jwksUri !== '') {
    try {
      if (new URL(jwksUri).protocol !== 'https:') return `jwksURI requires https scheme, parsed as: ${jwksUri}`;
    } catch {
      return `jwksURI ${jwksUri} is not a URL`;
    }
  }
  return undefined;
}

export class OidcDiscovery {
  /** Why the endpoints are not served (the issuer is not https, ...); undefined when they are. */
  readonly disabledReason: string | undefined;
  private readonly issuer: string;
  private readonly jwksUri: string | undefined;
  private readonly externalAddress: string | undefined;
  private readonly algorithms: string[];
  private readonly keyset: Buffer;
  /** Discovery documents by jwks_uri (one, unless the address comes from each connection). */
  private readonly configs = new Map<string, Buffer>();

  constructor(opts: OidcDiscoveryOptions) {
    const key = createPublicKey(opts.publicKeyPem);
    const keyId = opts.keyId ?? createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('base64url');
    this.issuer = opts.issuer;
    this.jwksUri = opts.jwksUri || undefined;
    this.externalAddress = opts.externalAddress || undefined;
    this.disabledReason = discoveryUnavailable(opts.issuer, this.jwksUri);
    const jwk = publicJwk(key, keyId);
    this.algorithms = [jwk.alg!];
    this.keyset = Buffer.from(goJson({ keys: [jwk] }));
  }

  /** Handles the two discovery paths; returns false for any other path (or when disabled). */
  handle(ctx: Ctx): boolean {
    if (this.disabledReason !== undefined) return false;
    const path = ctx.path.replace(/\/+$/, '');
    if (path === OPENID_CONFIG_PATH) {
      selectGetRoute(ctx, [CONFIG_MEDIA_TYPE]);
      send(ctx, CONFIG_MEDIA_TYPE, this.configFor(ctx));
      return true;
    }
    if (path === JWKS_PATH) {
      selectGetRoute(ctx, [JWKS_MEDIA_TYPE]);
      send(ctx, JWKS_MEDIA_TYPE, this.keyset);
      return true;
    }
    return false;
  }

  /** The discovery document (as served to a request on `ctx`'s connection). */
  configFor(ctx?: Ctx): Buffer {
    const jwksUri = this.jwksUri ?? `https://${this.externalAddress ?? (ctx ? localAddress(ctx) : 'localhost:6443')}${JWKS_PATH}`;
    let doc = this.configs.get(jwksUri);
    if (!doc) {
      doc = Buffer.from(
        goJson({
          issuer: this.issuer,
          jwks_uri: jwksUri,
          response_types_supported: ['id_token'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: this.algorithms,
        }),
      );
      this.configs.set(jwksUri, doc);
    }
    return doc;
  }

  /** The JSON Web Key Set document. */
  keysetJson(): Buffer {
    return this.keyset;
  }
}

function send(ctx: Ctx, contentType: string, body: Buffer): void {
  writeHead(ctx, 200, {
    'audit-id': ctx.auditId,
    'cache-control': CACHE_CONTROL,
    'content-type': contentType,
    'content-length': String(body.length),
  });
  ctx.res.end(body);
}

/** JSON as Go's encoding/json writes it: compact, with <, >, & and U+2028/9 escaped. */
function goJson(v: unknown): string {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** host:port the client reached this server on. */
function localAddress(ctx: Ctx): string {
  const sock = (ctx.req.socket ?? {}) as { localAddress?: string; localPort?: number };
  let addr = sock.localAddress ?? '127.0.0.1';
  if (addr.startsWith('::ffff:')) addr = addr.slice(7);
  const host = addr.includes(':') ? `[${addr}]` : addr;
  return `${host}:${sock.localPort ?? 6443}`;
}
