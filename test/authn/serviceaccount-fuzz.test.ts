// The service-account JWT authenticator (pkg/serviceaccount/jwt.go, claims.go) against a
// real registry: the tokens TokenIssuer signs are accepted, and no malformed or forged
// token ever is (alg none, another key, other audiences, expired, not yet valid,
// tampered, HS256 keyed with the public key, a foreign issuer, random garbage).

import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { parsePublicKeysPem } from '../../src/authn/keys.js';
import { registryTokenGetter } from '../../src/authn/sa-getter.js';
import { boundAuthenticator, type ServiceAccountJwtAuthenticator } from '../../src/authn/serviceaccount.js';
import { ensurePki, type Pki } from '../../src/cli/pki.js';
import { DEFAULT_ISSUER, TokenIssuer } from '../../src/endpoints/token-request.js';
import { indexerFor } from '../../src/registry/filter.js';
import { Registry } from '../../src/registry/registry.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { builtinCatalog } from '../../src/types/catalog.js';

/** Whether two compact JWS decode to the same three segments. */
function sameDecoded(a: string, b: string): boolean {
  const pa = a.split('.');
  const pb = b.split('.');
  if (pa.length !== 3 || pb.length !== 3) return false;
  return pa.every((seg, i) => /^[A-Za-z0-9_-]*$/.test(seg) && Buffer.from(seg, 'base64url').equals(Buffer.from(pb[i]!, 'base64url')));
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

describe('service-account JWT authenticator', () => {
  let dir: string;
  let pki: Pki;
  let store: SqliteStore;
  let registry: Registry;
  let issuer: TokenIssuer;
  let auth: ServiceAccountJwtAuthenticator;
  let valid: string;
  let claims: Record<string, any>;
  let saUid: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-sa-fuzz-'));
    pki = await ensurePki(dir);
    store = SqliteStore.open(join(dir, 'skiff.db'));
    registry = new Registry(builtinCatalog(), store, indexerFor);
    const ns = registry.catalog.lookup('', 'v1', 'namespaces')!;
    await registry.create({ served: ns, namespace: '' }, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, { dryRun: false });
    const sas = registry.catalog.lookup('', 'v1', 'serviceaccounts')!;
    const sa = await registry.create({ served: sas, namespace: 'default' }, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'bot' } }, { dryRun: false });
    saUid = sa.metadata.uid;
    issuer = new TokenIssuer(registry, { privateKeyPem: pki.serviceAccount.privateKeyPem });
    auth = boundAuthenticator([DEFAULT_ISSUER], parsePublicKeysPem(pki.serviceAccount.publicKeyPem), [DEFAULT_ISSUER], registryTokenGetter(registry));
    valid = (await issuer.request({ served: sas, namespace: 'default' }, 'bot', { spec: {} }, false)).status.token;
    claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString());
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** True when the authenticator accepted the token (null and errors are rejections). */
  const accepted = async (token: string): Promise<boolean> => {
    try {
      return (await auth.authenticateToken(token)) !== null;
    } catch {
      return false;
    }
  };
  const signWith = (key: KeyObject, payload: object, alg = 'RS256') => new SignJWT(payload as never).setProtectedHeader({ alg }).sign(key);

  it('accepts what TokenIssuer issues, with the identity of claims.go', async () => {
    const user = await auth.authenticateToken(valid);
    assert.deepEqual(user, {
      username: 'system:serviceaccount:default:bot',
      uid: saUid,
      groups: ['system:serviceaccounts', 'system:serviceaccounts:default'],
      extra: { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] },
    });
    // A token of another issuer is not this authenticator's to judge: no opinion, no error.
    const other = await signWith(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, { ...claims, iss: 'https://elsewhere' });
    assert.equal(await auth.authenticateToken(other), null);
  });

  it('verifies ECDSA keys too (ES256 from an EC signing key)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecIssuer = new TokenIssuer(registry, { privateKeyPem: privateKey });
    const ecAuth = boundAuthenticator([DEFAULT_ISSUER], [publicKey], [DEFAULT_ISSUER], registryTokenGetter(registry));
    const sas = registry.catalog.lookup('', 'v1', 'serviceaccounts')!;
    const token = (await ecIssuer.request({ served: sas, namespace: 'default' }, 'bot', { spec: {} }, false)).status.token;
    assert.equal(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg, 'ES256');
    assert.equal((await ecAuth.authenticateToken(token))?.username, 'system:serviceaccount:default:bot');
    assert.equal(await ecAuth.authenticateToken(valid).catch(() => 'rejected'), 'rejected', 'an RSA-signed token does not verify with the EC key');
  });

  it('rejects every forged or malformed token (0 accepted)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [h, p, s] = valid.split('.') as [string, string, string];
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const hsWithPublicKey = (() => {
      const header = b64({ alg: 'HS256', typ: 'JWT' });
      const input = `${header}.${p}`;
      return `${input}.${createHmac('sha256', pki.serviceAccount.publicKeyPem).update(input).digest('base64url')}`;
    })();
    const reissue = (patch: object) => issuer.signJwt({ ...claims, ...patch });
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      `${b64({ alg: 'none' })}.${p}.${s}`,
      await signWith(otherKey, claims),
      reissue({ aud: ['someone-else'] }),
      reissue({ exp: now - 3600, iat: now - 7200, nbf: now - 7200 }),
      reissue({ nbf: now + 3600 }),
      reissue({ iat: now + 3600 }),
      reissue({ exp: 'tomorrow' }),
      reissue({ 'kubernetes.io': { ...claims['kubernetes.io'], serviceaccount: { name: 'bot', uid: 'another-uid' } } }),
      reissue({ 'kubernetes.io': { ...claims['kubernetes.io'], serviceaccount: { name: 'nobody', uid: saUid } } }),
      reissue({ 'kubernetes.io': undefined }),
      reissue({ 'kubernetes.io': { ...claims['kubernetes.io'], pod: { name: 'no-such-pod', uid: 'x' } } }),
      `${h}.${b64({ ...claims, sub: 'system:serviceaccount:kube-system:admin' })}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      `${h}.${p}`,
      `${h}.${p}.${s}.${s}`,
      hsWithPublicKey,
      '',
      '...',
      `${h}.${b64('not json')}.${s}`,
    ];
    const acceptedForged: string[] = [];
    for (const t of forged) if (await accepted(t)) acceptedForged.push(t);
    assert.deepEqual(acceptedForged, []);

    let count = 0;
    const jsonish = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string()));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.string(), fc.string(), fc.string()).map(([a, b, c]) => `${a}.${b}.${c}`),
          fc.record({ alg: fc.constantFrom('none', 'RS256', 'HS256', 'ES256', 'PS256', 'EdDSA'), kid: fc.string() }).chain((header) =>
            fc.record({ iss: fc.constantFrom(DEFAULT_ISSUER, 'kubernetes/serviceaccount', 'x'), aud: jsonish, exp: jsonish, 'kubernetes.io': jsonish, sub: jsonish }).chain((payload) =>
              fc.base64String().map((sig) => `${b64(header)}.${b64(payload)}.${sig.replace(/=/g, '')}`),
            ),
          ),
          fc.nat({ max: valid.length - 1 }).chain((i) => fc.string({ minLength: 1, maxLength: 1 }).map((c: string) => valid.slice(0, i) + c + valid.slice(i + 1))),
        ),
        async (token: string) => {
          count++;
          // A mutation may leave the decoded token unchanged (the same character, or only the
          // unused low bits of a segment's last base64url character): that is still the valid token.
          if (sameDecoded(token, valid)) return true;
          return !(await accepted(token));
        },
      ),
      { numRuns: 400, seed: 20261125 },
    );
    assert.equal(count >= 400, true);
  });
});
