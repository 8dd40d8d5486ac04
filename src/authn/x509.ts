// Client certificates (--client-ca-file). The TLS layer requests a certificate but
// does not reject unverified ones (so anonymous requests still work), so this
// authenticator verifies the presented chain against the client CA bundle itself,
// for client authentication, the way Go's x509.Verify does. Subject CN is the
// user name, each O a group, the 1.3.6.1.4.1.57683.2 attribute the uid.

import { X509Certificate, createHash } from 'node:crypto';
import type { PeerCertificate } from 'node:tls';
import { authenticationFailed } from './errors.js';
import { CREDENTIAL_ID_KEY, type AuthnRequest, type AuthnResult, type Authenticator, type UserInfo } from './types.js';

const EKU_CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const EKU_ANY = '2.5.29.37.0';
const UID_OID = '1.3.6.1.4.1.57683.2';
const MAX_CHAIN_DEPTH = 10;
const CACHE_LIMIT = 1024;

/** Splits a PEM bundle into certificates. Throws when it holds none or a bad one. */
export function parseCertificateBundle(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('data does not contain any valid RSA or ECDSA certificates');
  return blocks.map((b) => new X509Certificate(b));
}

interface VerifiedIdentity {
  user: UserInfo | null;
  notBefore: number;
  notAfter: number;
}

export class ClientCertificateAuthenticator implements Authenticator {
  private readonly roots: X509Certificate[];
  private readonly rootFingerprints: Set<string>;
  /** Verified chains by content; entries are re-checked against their validity window. */
  private readonly cache = new Map<string, VerifiedIdentity>();

  constructor(clientCaPem: string) {
    this.roots = parseCertificateBundle(clientCaPem);
    this.rootFingerprints = new Set(this.roots.map((r) => r.fingerprint256));
  }

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    const { presented, key } = presentedChainOnce(req.peerCertificate);
    if (presented.length === 0) return null;
    const now = Date.now();
    let identity = this.cache.get(key);
    if (!identity || now < identity.notBefore || now > identity.notAfter) {
      if (identity) this.cache.delete(key);
      identity = this.verify(presented, now);
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, identity);
    }
    if (!identity.user) return null;
    return { user: copyUser(identity.user), authenticator: 'x509' };
  }

  /**
   * The client's leaf certificate when it chains to one of this authenticator's roots
   * (for the requesting-proxy authenticator); null without a certificate; throws when
   * the chain does not verify.
   */
  verifiedLeaf(req: AuthnRequest): X509Certificate | null {
    const presented = presentedChain(req.peerCertificate);
    if (presented.length === 0) return null;
    const now = Date.now();
    const leaf = new X509Certificate(presented[0]!);
    this.buildChain(leaf, presented.slice(1).map((raw) => new X509Certificate(raw)), now);
    return leaf;
  }

  private verify(presented: Buffer[], now: number): VerifiedIdentity {
    let leaf: X509Certificate;
    let intermediates: X509Certificate[];
    try {
      leaf = new X509Certificate(presented[0]!);
      intermediates = presented.slice(1).map((raw) => new X509Certificate(raw));
    } catch (e) {
      throw authenticationFailed(`x509: malformed certificate: ${(e as Error).message}`);
    }
    let chain: X509Certificate[];
    try {
      chain = this.buildChain(leaf, intermediates, now);
    } catch (e) {
      throw authenticationFailed(`verifying certificate ${describe(leaf)} failed: ${(e as Error).message}`);
    }
    const notBefore = Math.max(...chain.map((c) => Date.parse(c.validFrom)));
    const notAfter = Math.min(...chain.map((c) => Date.parse(c.validTo)));
    return { user: userFromCertificate(leaf), notBefore, notAfter };
  }

  /** Finds a path from the leaf to a trusted root; throws with Go's x509 messages. */
  private buildChain(leaf: X509Certificate, intermediates: X509Certificate[], now: number): X509Certificate[] {
    checkValidity(leaf, now);
    const chain = [leaf];
    let current = leaf;
    let lastError: Error | undefined;
    for (let depth = 0; depth < MAX_CHAIN_DEPTH; depth++) {
      if (this.rootFingerprints.has(current.fingerprint256)) return checkUsage(chain);
      for (const root of this.roots) {
        if (!issuedBy(current, root)) continue;
        try {
          checkIssuer(root, now);
          return checkUsage([...chain, root]);
        } catch (e) {
          lastError = e as Error;
        }
      }
      const next = intermediates.find((c) => !chain.includes(c) && issuedBy(current, c));
      if (!next) break;
      try {
        checkIssuer(next, now);
      } catch (e) {
        lastError = e as Error;
        break;
      }
      chain.push(next);
      current = next;
    }
    throw lastError ?? new Error('x509: certificate signed by unknown authority');
  }
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

function goTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
}

function checkValidity(cert: X509Certificate, now: number): void {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  if (now < from) throw new Error(`x509: certificate has expired or is not yet valid: current time ${goTime(now)} is before ${goTime(from)}`);
  if (now > to) throw new Error(`x509: certificate has expired or is not yet valid: current time ${goTime(now)} is after ${goTime(to)}`);
}

function checkIssuer(cert: X509Certificate, now: number): void {
  checkValidity(cert, now);
  if (!cert.ca) throw new Error(`x509: certificate is not authorized to sign other certificates`);
}

/** Every certificate that restricts extended key usage must allow client auth. */
function checkUsage(chain: X509Certificate[]): X509Certificate[] {
  for (const cert of chain) {
    const ekus = cert.keyUsage;
    if (ekus && ekus.length > 0 && !ekus.includes(EKU_CLIENT_AUTH) && !ekus.includes(EKU_ANY)) {
      throw new Error('x509: certificate specifies an incompatible key usage');
    }
  }
  return chain;
}

function describe(cert: X509Certificate): string {
  const serial = BigInt('0x' + cert.serialNumber).toString(10);
  return `SN=${serial}`;
}

/** The leaf first, then whatever chain the client sent (getPeerCertificate(true)). */
function presentedChain(peer: AuthnRequest['peerCertificate']): Buffer[] {
  const out: Buffer[] = [];
  const seen = new Set<string>();
  let cur = peer as (PeerCertificate & { issuerCertificate?: PeerCertificate }) | undefined;
  while (cur && Buffer.isBuffer(cur.raw) && cur.raw.length > 0 && out.length < MAX_CHAIN_DEPTH) {
    const fp = createHash('sha256').update(cur.raw).digest('hex');
    if (seen.has(fp)) break;
    seen.add(fp);
    out.push(cur.raw);
    cur = cur.issuerCertificate;
  }
  return out;
}

/**
 * A connection presents one chain for its lifetime and the authentication filter hands
 * over the same certificate object for each of its requests: the chain and its cache key
 * are worked out once per certificate object, not hashed again on every request.
 */
const chainsByCertificate = new WeakMap<object, { presented: Buffer[]; key: string }>();

function presentedChainOnce(peer: AuthnRequest['peerCertificate']): { presented: Buffer[]; key: string } {
  const cached = peer && typeof peer === 'object' ? chainsByCertificate.get(peer) : undefined;
  if (cached) return cached;
  const presented = presentedChain(peer);
  const out = { presented, key: presented.length ? chainKey(presented) : '' };
  if (peer && typeof peer === 'object') chainsByCertificate.set(peer, out);
  return out;
}

/** A copy the caller may change without touching the cached identity (fields in the same order). */
function copyUser(u: UserInfo): UserInfo {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(u)) {
    if (Array.isArray(v)) out[k] = [...v];
    else if (v !== null && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v).map(([ek, ev]) => [ek, Array.isArray(ev) ? [...ev] : ev]));
    else out[k] = v;
  }
  return out as unknown as UserInfo;
}

function chainKey(chain: Buffer[]): string {
  const h = createHash('sha256');
  for (const raw of chain) h.update(raw);
  return h.digest('base64');
}

type SubjectObject = Record<string, string | string[] | undefined>;

function values(subject: SubjectObject, key: string): string[] {
  const v = subject[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** CN → username (none: no opinion), O → groups, the UID attribute → uid, plus the credential id. */
export function userFromCertificate(cert: X509Certificate): UserInfo | null {
  const subject = cert.toLegacyObject().subject as unknown as SubjectObject;
  const cn = values(subject, 'CN');
  const username = cn[cn.length - 1] ?? '';
  if (username === '') return null;
  const uids = values(subject, UID_OID);
  if (uids.length > 1) throw authenticationFailed(`expected 1 UID, but found multiple: [${uids.join(' ')}]`);
  if (uids.length === 1 && uids[0] === '') throw authenticationFailed('UID cannot be an empty string');
  const fingerprint = createHash('sha256').update(cert.raw).digest('hex');
  const user: UserInfo = { username, groups: values(subject, 'O'), extra: { [CREDENTIAL_ID_KEY]: [`X509SHA256=${fingerprint}`] } };
  if (uids.length === 1) user.uid = uids[0];
  return user;
}
