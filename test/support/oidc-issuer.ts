// A real OIDC issuer on loopback for tests: HTTPS with its own CA, discovery at
// /.well-known/openid-configuration, a JWKS that can be rotated, and token signing
// with real RS256 / ES256 / PS256 keys.

import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { createCertificateAuthority, issueCertificate, type CertAndKey } from '../../src/cli/pki.js';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface IssuerKey {
  kid: string;
  alg: string;
  privateKey: SigningKey;
  jwk: JWK;
}

export class TestOidcIssuer {
  readonly ca: CertAndKey;
  url = '';
  /** Keys published in the JWKS. */
  published: IssuerKey[] = [];
  /** Requests served, by path. */
  readonly hits = new Map<string, number>();
  /** Overrides the `issuer` field of the discovery document. */
  discoveryIssuer?: string;
  private server?: Server;

  private constructor(ca: CertAndKey) {
    this.ca = ca;
  }

  static async start(opts: { algs?: string[]; path?: string } = {}): Promise<TestOidcIssuer> {
    const ca = await createCertificateAuthority({ commonName: 'oidc-test-ca' });
    const issuer = new TestOidcIssuer(ca);
    const serving = await issueCertificate(ca, { commonName: 'localhost', usages: ['serverAuth'], dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] });
    for (const alg of opts.algs ?? ['RS256']) issuer.published.push(await issuer.newKey(alg));
    const path = opts.path ?? '';
    issuer.server = createServer({ key: serving.keyPem, cert: serving.certPem }, (req, res) => {
      const p = req.url ?? '';
      issuer.hits.set(p, (issuer.hits.get(p) ?? 0) + 1);
      if (p === `${path}/.well-known/openid-configuration`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ issuer: issuer.discoveryIssuer ?? issuer.url, jwks_uri: `${issuer.url}/keys`, id_token_signing_alg_values_supported: ['RS256', 'ES256'] }));
      } else if (p === `${path}/keys`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: issuer.published.map((k) => k.jwk) }));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => issuer.server!.listen(0, '127.0.0.1', r));
    issuer.url = `https://127.0.0.1:${(issuer.server.address() as AddressInfo).port}${path}`;
    return issuer;
  }

  private kidCounter = 0;

  async newKey(alg: string): Promise<IssuerKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `key-${++this.kidCounter}-${alg.toLowerCase()}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    return { kid, alg, privateKey, jwk };
  }

  /** Publishes a new key (the old ones stay unless `replace`). */
  async rotate(alg = 'RS256', replace = false): Promise<IssuerKey> {
    const key = await this.newKey(alg);
    this.published = replace ? [key] : [...this.published, key];
    return key;
  }

  /** A token signed by `key` (default: the first published) with sane defaults for iss/aud/exp. */
  async sign(claims: JWTPayload & Record<string, unknown>, key: IssuerKey = this.published[0]!, header: Record<string, unknown> = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: this.url, iat: now, exp: now + 600, ...claims };
    for (const k of Object.keys(payload)) if ((payload as Record<string, unknown>)[k] === undefined) delete (payload as Record<string, unknown>)[k];
    return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, ...header }).sign(key.privateKey);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}
