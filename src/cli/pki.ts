// The PKI skiff generates on first start when no TLS flags are given: a CA, a
// serving certificate, an admin client certificate and a service-account key pair,
// all PEM files in the data dir. Later starts reuse them after checking them with
// node:crypto only (fast); @peculiar/x509 is loaded only when something must be
// generated, because loading it costs ~100 ms.

import { X509Certificate, createHash, createPrivateKey, createPublicKey, generateKeyPair, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { ipFamily } from '../util/ip-family.js';
import { join } from 'node:path';

export interface CertAndKey {
  certPem: string;
  keyPem: string;
}

export interface CertKeyFiles extends CertAndKey {
  certPath: string;
  keyPath: string;
}

export interface ServiceAccountKeys {
  privateKeyPath: string;
  publicKeyPath: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export type PkiPart = 'ca' | 'serving' | 'admin' | 'service-account';

export interface Pki {
  dir: string;
  ca: CertKeyFiles;
  serving: CertKeyFiles;
  admin: CertKeyFiles;
  serviceAccount: ServiceAccountKeys;
  /** What this call generated; empty when everything was reused. */
  generated: PkiPart[];
}

export interface EnsurePkiOptions {
  /** Extra DNS names or IP addresses for the serving certificate. */
  hostnames?: string[];
  /** The service CIDR; its first address (the kubernetes Service IP) goes into the serving certificate. */
  serviceClusterIpRange?: string;
}

/** kube-apiserver's --service-cluster-ip-range default. */
export const DEFAULT_SERVICE_CLUSTER_IP_RANGE = '10.0.0.0/24';

export const CA_COMMON_NAME = 'skiff-ca';
export const SERVING_COMMON_NAME = 'kube-apiserver';
export const ADMIN_COMMON_NAME = 'kubernetes-admin';
export const ADMIN_GROUP = 'system:masters';

const DAY_MS = 24 * 3600 * 1000;
const CA_VALIDITY_MS = 3650 * DAY_MS;
const LEAF_VALIDITY_MS = 365 * DAY_MS;
/** Leaf certificates closer than this to expiry are reissued at start. */
const RENEW_BEFORE_MS = 30 * DAY_MS;
/** Backdating tolerates clocks that are a little behind. */
const BACKDATE_MS = 3600 * 1000;

const CLUSTER_DNS_NAMES = ['kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local'];

export const PKI_FILES = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  servingCert: 'apiserver.crt',
  servingKey: 'apiserver.key',
  adminCert: 'admin.crt',
  adminKey: 'admin.key',
  saKey: 'sa.key',
  saPub: 'sa.pub',
} as const;
const PKI_FILE_NAMES = Object.keys(PKI_FILES) as (keyof typeof PKI_FILES)[];

// ---------------------------------------------------------------------------
// Loading @peculiar/x509 lazily. It needs a Reflect metadata polyfill (through
// tsyringe); this is the small subset tsyringe uses, installed only if absent.

type X509Module = typeof import('@peculiar/x509');
type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
type SigningAlgorithm = webcrypto.EcdsaParams | webcrypto.RsaHashedImportParams;
let x509Module: Promise<X509Module> | undefined;

function installReflectMetadata(): void {
  const R = Reflect as unknown as Record<string, unknown>;
  if (typeof R.getMetadata === 'function') return;
  type Key = string | symbol | undefined;
  const store = new WeakMap<object, Map<Key, Map<unknown, unknown>>>();
  const own = (target: object, prop: Key, create: boolean): Map<unknown, unknown> | undefined => {
    let byProp = store.get(target);
    if (!byProp) {
      if (!create) return undefined;
      byProp = new Map();
      store.set(target, byProp);
    }
    let entries = byProp.get(prop);
    if (!entries && create) {
      entries = new Map();
      byProp.set(prop, entries);
    }
    return entries;
  };
  const defineMetadata = (key: unknown, value: unknown, target: object, prop?: Key) => void own(target, prop, true)!.set(key, value);
  const getOwnMetadata = (key: unknown, target: object, prop?: Key) => own(target, prop, false)?.get(key);
  const hasOwnMetadata = (key: unknown, target: object, prop?: Key) => own(target, prop, false)?.has(key) ?? false;
  const getMetadata = (key: unknown, target: object, prop?: Key): unknown => {
    for (let o: object | null = target; o; o = Object.getPrototypeOf(o) as object | null) {
      const entries = own(o, prop, false);
      if (entries?.has(key)) return entries.get(key);
    }
    return undefined;
  };
  const hasMetadata = (key: unknown, target: object, prop?: Key) => getMetadata(key, target, prop) !== undefined;
  const metadata = (key: unknown, value: unknown) => (target: object, prop?: Key) => defineMetadata(key, value, target, prop);
  Object.assign(R, { defineMetadata, getOwnMetadata, hasOwnMetadata, getMetadata, hasMetadata, metadata });
}

export function loadX509(): Promise<X509Module> {
  x509Module ??= (async () => {
    installReflectMetadata();
    const mod = await import('@peculiar/x509');
    mod.cryptoProvider.set(webcrypto as unknown as Parameters<typeof mod.cryptoProvider.set>[0]);
    return mod;
  })();
  return x509Module;
}

// ---------------------------------------------------------------------------
// Generation

const EC_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

function toPem(der: ArrayBuffer | Buffer, label: string): string {
  const b64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f; // positive
  bytes[0] |= 0x01; // no leading zero byte
  return bytes.toString('hex');
}

async function generateEcKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(EC_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function exportPrivateKeyPem(key: CryptoKey): Promise<string> {
  return toPem(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

/** Imports a PEM private key (PKCS#8, SEC1 or PKCS#1) as a signing CryptoKey. */
async function importSigningKey(keyPem: string): Promise<{ key: CryptoKey; algorithm: SigningAlgorithm }> {
  const ko = createPrivateKey(keyPem);
  const der = ko.export({ type: 'pkcs8', format: 'der' });
  if (ko.asymmetricKeyType === 'ec') {
    const curve = ko.asymmetricKeyDetails?.namedCurve;
    const namedCurve = curve === 'secp384r1' ? 'P-384' : curve === 'secp521r1' ? 'P-521' : 'P-256';
    const hash = namedCurve === 'P-384' ? 'SHA-384' : namedCurve === 'P-521' ? 'SHA-512' : 'SHA-256';
    const key = (await webcrypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve }, true, ['sign'])) as CryptoKey;
    return { key, algorithm: { name: 'ECDSA', hash } };
  }
  if (ko.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    const key = (await webcrypto.subtle.importKey('pkcs8', der, algorithm, true, ['sign'])) as CryptoKey;
    return { key, algorithm };
  }
  throw new Error(`unsupported CA key type ${ko.asymmetricKeyType ?? 'unknown'}`);
}

export interface CaOptions {
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** A self-signed CA certificate with a fresh ECDSA P-256 key. */
export async function createCertificateAuthority(opts: CaOptions = {}): Promise<CertAndKey> {
  const x509 = await loadX509();
  const keys = await generateEcKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: [opts.commonName ?? CA_COMMON_NAME] }],
    notBefore: opts.notBefore ?? new Date(now - BACKDATE_MS),
    notAfter: opts.notAfter ?? new Date(now + CA_VALIDITY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem') + '\n', keyPem: await exportPrivateKeyPem(keys.privateKey) };
}

export type ExtKeyUsageName = 'serverAuth' | 'clientAuth';

export interface IssueOptions {
  commonName: string;
  /** Subject O entries; for client certificates these become the user's groups. */
  organizations?: string[];
  /** Extended key usages; none means the extension is omitted. */
  usages?: ExtKeyUsageName[];
  dnsNames?: string[];
  ipAddresses?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** Issue an intermediate CA instead of a leaf. */
  isCa?: boolean;
  /** More subject attributes by type (a short name or a dotted OID), placed before CN. */
  subjectAttributes?: Record<string, string[]>[];
}

/** A certificate with a fresh ECDSA P-256 key, signed by `issuer`. */
export async function issueCertificate(issuer: CertAndKey, opts: IssueOptions): Promise<CertAndKey> {
  const x509 = await loadX509();
  const [keys, signer] = await Promise.all([generateEcKeys(), importSigningKey(issuer.keyPem)]);
  const issuerCert = new x509.X509Certificate(issuer.certPem);
  const now = Date.now();
  const subject: Record<string, string[]>[] = (opts.organizations ?? []).map((o) => ({ O: [o] }));
  subject.push(...(opts.subjectAttributes ?? []));
  subject.push({ CN: [opts.commonName] });
  const flags = opts.isCa
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature
    : x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment;
  const extensions: InstanceType<X509Module['Extension']>[] = [
    new x509.BasicConstraintsExtension(opts.isCa ?? false, undefined, true),
    new x509.KeyUsagesExtension(flags, true),
    await x509.AuthorityKeyIdentifierExtension.create(issuerCert.publicKey),
  ];
  if (opts.isCa) extensions.push(await x509.SubjectKeyIdentifierExtension.create(keys.publicKey));
  if (opts.usages && opts.usages.length > 0) {
    extensions.push(new x509.ExtendedKeyUsageExtension(opts.usages.map((u) => x509.ExtendedKeyUsage[u]), false));
  }
  const names = [
    ...(opts.dnsNames ?? []).map((value) => ({ type: 'dns' as const, value })),
    ...(opts.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names, false));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: issuerCert.subject,
    notBefore: opts.notBefore ?? new Date(now - BACKDATE_MS),
    notAfter: opts.notAfter ?? new Date(now + LEAF_VALIDITY_MS),
    signingAlgorithm: signer.algorithm,
    publicKey: keys.publicKey,
    signingKey: signer.key,
    extensions,
  });
  return { certPem: cert.toString('pem') + '\n', keyPem: await exportPrivateKeyPem(keys.privateKey) };
}

/**
 * The service-account signing key pair: ECDSA P-256 (tokens are ES256, which
 * kube-apiserver accepts); RSA generation would cost 100-400 ms of first start.
 */
function generateServiceAccountKeys(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'ec',
      { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } },
      (err, publicKeyPem, privateKeyPem) => (err ? reject(err) : resolve({ privateKeyPem, publicKeyPem })),
    );
  });
}

/** The first host address of a CIDR, e.g. 10.0.0.1 for 10.0.0.0/24: the kubernetes Service IP. */
export function firstServiceIp(cidr: string): string {
  const [addr, bitsText] = cidr.split('/');
  const family = ipFamily(addr ?? '');
  const bits = Number(bitsText);
  if (family === 0 || !Number.isInteger(bits)) throw new Error(`invalid CIDR address: ${cidr}`);
  const width = family === 4 ? 32 : 128;
  if (bits < 0 || bits > width) throw new Error(`invalid CIDR address: ${cidr}`);
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(width - bits);
  const value = (ipToBigInt(addr!, family) & mask) + 1n;
  return bigIntToIp(value, family);
}

function ipToBigInt(ip: string, family: number): bigint {
  if (family === 4) return ip.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipToBigInt(v4[1]!, 4);
    text = text.slice(0, -v4[1]!.length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - headParts.length - tailParts.length).fill('0');
  return [...headParts, ...zeros, ...tailParts].reduce((acc, part) => (acc << 16n) + BigInt(parseInt(part, 16)), 0n);
}

function bigIntToIp(value: bigint, family: number): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

// ---------------------------------------------------------------------------
// Reuse checks (node:crypto only)

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function validUntil(cert: X509Certificate): number {
  return Date.parse(cert.validTo);
}

function parsePair(pair: { certPem?: string; keyPem?: string }): { cert: X509Certificate; key: KeyObject } | undefined {
  if (!pair.certPem || !pair.keyPem) return undefined;
  try {
    const cert = new X509Certificate(pair.certPem);
    const key = createPrivateKey(pair.keyPem);
    return cert.checkPrivateKey(key) ? { cert, key } : undefined;
  } catch {
    return undefined;
  }
}

function usableCa(pair: { certPem?: string; keyPem?: string }, now: number): boolean {
  const parsed = parsePair(pair);
  return parsed !== undefined && parsed.cert.ca && validUntil(parsed.cert) > now + RENEW_BEFORE_MS;
}

function usableLeaf(pair: { certPem?: string; keyPem?: string }, ca: X509Certificate, now: number, covers: (c: X509Certificate) => boolean): boolean {
  const parsed = parsePair(pair);
  if (!parsed) return false;
  const { cert } = parsed;
  return cert.checkIssued(ca) && cert.verify(ca.publicKey) && validUntil(cert) > now + RENEW_BEFORE_MS && covers(cert);
}

function usableServiceAccountKeys(privateKeyPem?: string, publicKeyPem?: string): boolean {
  if (!privateKeyPem || !publicKeyPem) return false;
  try {
    const derived = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
    const stored = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
    return derived.equals(stored);
  } catch {
    return false;
  }
}

function servingNames(opts: EnsurePkiOptions): { dnsNames: string[]; ipAddresses: string[] } {
  const dns = new Set<string>(['localhost', hostname().toLowerCase(), ...CLUSTER_DNS_NAMES]);
  const ips = new Set<string>(['127.0.0.1', '::1', firstServiceIp(opts.serviceClusterIpRange ?? DEFAULT_SERVICE_CLUSTER_IP_RANGE)]);
  for (const h of opts.hostnames ?? []) {
    if (!h) continue;
    if (ipFamily(h)) ips.add(h);
    else dns.add(h.toLowerCase());
  }
  dns.delete('');
  return { dnsNames: [...dns], ipAddresses: [...ips] };
}

function coversNames(names: { dnsNames: string[]; ipAddresses: string[] }): (c: X509Certificate) => boolean {
  return (cert) =>
    names.dnsNames.every((n) => cert.checkHost(n, { wildcards: false }) !== undefined) && names.ipAddresses.every((ip) => cert.checkIP(ip) !== undefined);
}

function hasClientIdentity(cert: X509Certificate): boolean {
  const subject = cert.toLegacyObject().subject as unknown as Record<string, string | string[] | undefined>;
  const orgs = ([] as string[]).concat(subject.O ?? []);
  return subject.CN === ADMIN_COMMON_NAME && orgs.includes(ADMIN_GROUP);
}

// ---------------------------------------------------------------------------

async function writeAtomic(path: string, data: string, mode: number): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, data, { mode });
  await rename(tmp, path);
}

/**
 * Returns the data dir's PKI, generating whatever is missing, invalid, about to
 * expire, or (for the serving certificate) lacking a requested name. A new CA
 * reissues every certificate.
 */
export async function ensurePki(dataDir: string, opts: EnsurePkiOptions = {}): Promise<Pki> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = (name: keyof typeof PKI_FILES) => join(dataDir, PKI_FILES[name]);
  const contents = Object.fromEntries(await Promise.all(PKI_FILE_NAMES.map(async (n) => [n, await readIfExists(path(n))] as const))) as Partial<PkiFileContents>;
  const now = Date.now();
  const sNames = servingNames(opts);
  /** The Pki of these file contents, with each file's path. */
  const pki = (files: PkiFileContents, generated: PkiPart[]): Pki => ({
    dir: dataDir,
    ca: { certPem: files.caCert, keyPem: files.caKey, certPath: path('caCert'), keyPath: path('caKey') },
    serving: { certPem: files.servingCert, keyPem: files.servingKey, certPath: path('servingCert'), keyPath: path('servingKey') },
    admin: { certPem: files.adminCert, keyPem: files.adminKey, certPath: path('adminCert'), keyPath: path('adminKey') },
    serviceAccount: { privateKeyPem: files.saKey, publicKeyPem: files.saPub, privateKeyPath: path('saKey'), publicKeyPath: path('saPub') },
    generated,
  });
  // What an earlier start found usable, unchanged since and not yet due for renewal, is not parsed
  // and checked again (~8 ms of every start: four keys, three certificates, a signature).
  const stampPath = join(dataDir, CHECKED_STAMP);
  if (isStamped(await readIfExists(stampPath), contents, sNames, now)) return pki(contents, []);
  const generated: PkiPart[] = [];
  let ca: CertAndKey;
  if (usableCa({ certPem: contents.caCert, keyPem: contents.caKey }, now)) {
    ca = { certPem: contents.caCert!, keyPem: contents.caKey! };
  } else {
    ca = await createCertificateAuthority();
    generated.push('ca');
  }
  const caCert = new X509Certificate(ca.certPem);
  const freshCa = generated.includes('ca');

  const servingExisting = { certPem: contents.servingCert, keyPem: contents.servingKey };
  const adminExisting = { certPem: contents.adminCert, keyPem: contents.adminKey };
  const needServing = freshCa || !usableLeaf(servingExisting, caCert, now, coversNames(sNames));
  const needAdmin = freshCa || !usableLeaf(adminExisting, caCert, now, hasClientIdentity);
  const needSa = !usableServiceAccountKeys(contents.saKey, contents.saPub);

  const [serving, admin, sa] = await Promise.all([
    needServing
      ? issueCertificate(ca, { commonName: SERVING_COMMON_NAME, usages: ['serverAuth'], ...sNames })
      : (servingExisting as CertAndKey),
    needAdmin
      ? issueCertificate(ca, { commonName: ADMIN_COMMON_NAME, organizations: [ADMIN_GROUP], usages: ['clientAuth'] })
      : (adminExisting as CertAndKey),
    needSa ? generateServiceAccountKeys() : { privateKeyPem: contents.saKey!, publicKeyPem: contents.saPub! },
  ]);
  if (needServing) generated.push('serving');
  if (needAdmin) generated.push('admin');
  if (needSa) generated.push('service-account');

  // Keys first, so a certificate never sits next to a key it doesn't match for long.
  const writes: Promise<void>[] = [];
  if (freshCa) writes.push(writeAtomic(path('caKey'), ca.keyPem, 0o600).then(() => writeAtomic(path('caCert'), ca.certPem, 0o644)));
  if (needServing) writes.push(writeAtomic(path('servingKey'), serving.keyPem, 0o600).then(() => writeAtomic(path('servingCert'), serving.certPem, 0o644)));
  if (needAdmin) writes.push(writeAtomic(path('adminKey'), admin.keyPem, 0o600).then(() => writeAtomic(path('adminCert'), admin.certPem, 0o644)));
  if (needSa) writes.push(writeAtomic(path('saKey'), sa.privateKeyPem, 0o600).then(() => writeAtomic(path('saPub'), sa.publicKeyPem, 0o644)));
  await Promise.all(writes);
  const files: PkiFileContents = { caCert: ca.certPem, caKey: ca.keyPem, servingCert: serving.certPem, servingKey: serving.keyPem, adminCert: admin.certPem, adminKey: admin.keyPem, saKey: sa.privateKeyPem, saPub: sa.publicKeyPem };
  const renewAt = Math.min(...[ca.certPem, serving.certPem, admin.certPem].map((pem) => validUntil(new X509Certificate(pem)))) - RENEW_BEFORE_MS;
  await writeAtomic(stampPath, JSON.stringify({ digest: pkiDigest(files, sNames), renewAt }), 0o600).catch(() => undefined);
  return pki(files, generated);
}

/** What each of the PKI's files holds. */
type PkiFileContents = Record<keyof typeof PKI_FILES, string>;

/** The file ensurePki leaves after checking the PKI: a digest of what it checked and when that needs renewing. */
export const CHECKED_STAMP = 'pki-checked.json';

/** Exported for tests. */
export function pkiDigest(contents: PkiFileContents, names: { dnsNames: string[]; ipAddresses: string[] }): string {
  const hash = createHash('sha256');
  for (const name of PKI_FILE_NAMES) hash.update(`${name}\0${contents[name]}\0`);
  return hash.update(JSON.stringify(names)).digest('hex');
}

function allPresent(contents: Partial<PkiFileContents>): contents is PkiFileContents {
  return PKI_FILE_NAMES.every((name) => contents[name] !== undefined);
}

/** Whether the stamp names exactly these files and names, and their renewal is not due. */
function isStamped(stamp: string | undefined, contents: Partial<PkiFileContents>, names: { dnsNames: string[]; ipAddresses: string[] }, now: number): contents is PkiFileContents {
  if (!stamp || !allPresent(contents)) return false;
  try {
    const { digest, renewAt } = JSON.parse(stamp) as { digest?: unknown; renewAt?: unknown };
    return typeof renewAt === 'number' && now < renewAt && digest === pkiDigest(contents, names);
  } catch {
    return false;
  }
}
