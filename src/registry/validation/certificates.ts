// certificates.k8s.io CertificateSigningRequest (pkg/apis/certificates/validation/validation.go,
// v1.34; messages checked against kube-apiserver v1.32): the request is a PEM CERTIFICATE
// REQUEST, usages known and unique, signerName "<domain>/<path>", expirationSeconds >= 600;
// and ClusterTrustBundle (name prefixed by its signer, a bundle of CA certificates).

import { X509Certificate } from 'node:crypto';
import { goBytes } from '../../apimachinery/errors.js';
import { DNS1123_LABEL_MAX_LENGTH, DNS1123_SUBDOMAIN_MAX_LENGTH, isDNS1123Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation.js';
import { fieldErr, isSet, obj, objs, optNum, str, strs, type FieldErrors, type Obj } from './util.js';

const KEY_USAGES = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only', 'digital signature', 'email protection',
  'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement', 'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime',
  'server auth', 'signing', 'timestamping',
];
const LEGACY_SIGNER = 'kubernetes.io/legacy-unknown';
const MIN_EXPIRATION_SECONDS = 600;

const GO_FIELD_PARAMS = '{optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false}';

/** One DER element's header: tag byte, content start and end (which may lie past the data), or undefined when the header itself is cut short. */
function derHeader(der: Buffer, at: number, end: number): { tag: number; start: number; end: number } | undefined {
  if (at + 2 > end) return undefined;
  const tag = der[at]!;
  let len = der[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > end) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i]!;
    start += n;
  }
  return { tag, start, end: start + len };
}

/** A whole DER element within `end`. */
function derElement(der: Buffer, at: number, end: number): { tag: number; start: number; end: number } | undefined {
  const h = derHeader(der, at, end);
  return h && h.end <= end ? h : undefined;
}

/**
 * The shape x509.ParseCertificateRequest needs: SEQUENCE { SEQUENCE info, SEQUENCE algorithm,
 * BIT STRING signature }. A wrong outer tag is reported in encoding/asn1's words; other
 * malformed structures get its "sequence truncated" or "data truncated" (finer asn1 details are not reproduced).
 */
function derRequestError(der: Buffer): string | undefined {
  // encoding/asn1 compares the tag before it checks that the content is all there.
  const header = derHeader(der, 0, der.length);
  if (header && header.tag !== 0x30) {
    const outer = header;
    const t = outer.tag;
    return `asn1: structure error: tags don't match (16 vs {class:${t >> 6} tag:${t & 0x1f} length:${outer.end - outer.start} isCompound:${(t & 0x20) !== 0}}) ${GO_FIELD_PARAMS} certificateRequest @${outer.start}`;
  }
  const outer = derElement(der, 0, der.length);
  if (!outer) return 'asn1: syntax error: data truncated';
  let at = outer.start;
  for (const want of [0x30, 0x30, 0x03]) {
    if (at >= outer.end) return 'asn1: syntax error: sequence truncated';
    const el = derElement(der, at, outer.end);
    if (!el || el.tag !== want) return 'asn1: syntax error: data truncated';
    at = el.end;
  }
  return undefined;
}

/** encoding/pem.Decode's first block: its type and base64 body, if any. */
function firstPemBlock(pem: string): { type: string; der: Buffer } | undefined {
  const m = /-----BEGIN ([^\r\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/.exec(pem);
  return m ? { type: m[1]!, der: Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64') } : undefined;
}

function validateRequest(request: unknown): FieldErrors {
  const bytes = typeof request === 'string' ? Buffer.from(request, 'base64').toString('latin1') : '';
  // Upstream's value is the decoded []byte.
  const value = goBytes(typeof request === 'string' ? Buffer.from(request, 'base64') : null);
  const block = firstPemBlock(bytes);
  if (!block || block.type !== 'CERTIFICATE REQUEST') return [fieldErr.invalid('spec.request', value, 'PEM block type must be CERTIFICATE REQUEST')];
  const derError = derRequestError(block.der);
  return derError ? [fieldErr.invalid('spec.request', value, derError)] : [];
}

/** ValidateSignerName (pkg/apis/certificates/validation). */
export function validateSignerName(path: string, signerName: string): FieldErrors {
  if (signerName === '') return [fieldErr.required(path, '')];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [fieldErr.invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, name] = segments as [string, string];
  const errs: FieldErrors = [];
  if (domain.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(fieldErr.tooLong(path, DNS1123_SUBDOMAIN_MAX_LENGTH));
  const labels = domain.split('.');
  for (const label of labels) {
    const msgs = isDNS1123Label(label);
    if (msgs.length === 0) continue;
    // Upstream stops at the first bad label: the next ones would repeat the message.
    for (const m of msgs) errs.push(fieldErr.invalid(path, domain, `validating label ${JSON.stringify(label)}: ${m}`));
    break;
  }
  if (labels.length < 2) errs.push(fieldErr.invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  const maxPath = DNS1123_SUBDOMAIN_MAX_LENGTH + DNS1123_LABEL_MAX_LENGTH + 1;
  if (name.length > maxPath) errs.push(fieldErr.tooLong(path, maxPath));
  for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(path, name, `validating label ${JSON.stringify(name)}: ${m}`));
  return errs;
}

function validateStatusConditions(csr: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  const exclusive: Record<string, string> = { Approved: 'Denied', Denied: 'Approved' };
  objs(obj(csr.status).conditions).forEach((c, i) => {
    const type = str(c.type);
    const p = `status.conditions[${i}]`;
    if (type === '') errs.push(fieldErr.required(`${p}.type`, ''));
    const other = exclusive[type];
    if (other && seen.has(other)) errs.push(fieldErr.invalid(`${p}.type`, type, 'Approved and Denied conditions are mutually exclusive'));
    if (['Approved', 'Denied', 'Failed'].includes(type) && seen.has(type)) errs.push(fieldErr.duplicate(`${p}.type`, type));
    seen.add(type);
    const status = str(c.status);
    if (['Approved', 'Denied', 'Failed'].includes(type)) {
      if (status !== 'True') errs.push(fieldErr.notSupported(`${p}.status`, status, ['True']));
    } else if (!['True', 'False', 'Unknown'].includes(status)) {
      errs.push(fieldErr.notSupported(`${p}.status`, status, ['False', 'True', 'Unknown']));
    }
  });
  return errs;
}

export function validateCertificateSigningRequest(csr: Obj): FieldErrors {
  const spec = obj(csr.spec);
  const errs = validateRequest(spec.request);
  const usages = strs(spec.usages);
  if (usages.length === 0) errs.push(fieldErr.required('spec.usages', ''));
  const seen = new Set<string>();
  usages.forEach((u, i) => {
    if (!KEY_USAGES.includes(u)) errs.push(fieldErr.notSupported(`spec.usages[${i}]`, u, KEY_USAGES));
  });
  usages.forEach((u, i) => {
    if (seen.has(u)) errs.push(fieldErr.duplicate(`spec.usages[${i}]`, u));
    seen.add(u);
  });
  const signer = str(spec.signerName);
  if (signer === LEGACY_SIGNER) errs.push(fieldErr.invalid('spec.signerName', signer, 'the legacy signerName is not allowed via this API version'));
  else errs.push(...validateSignerName('spec.signerName', signer));
  const expiration = optNum(spec.expirationSeconds);
  if (expiration !== undefined && expiration < MIN_EXPIRATION_SECONDS) {
    errs.push(fieldErr.invalid('spec.expirationSeconds', expiration, `may not specify a duration less than ${MIN_EXPIRATION_SECONDS} seconds (10 minutes)`));
  }
  if (isSet(csr.status)) errs.push(...validateStatusConditions(csr));
  return errs;
}

// ---- ClusterTrustBundle (ValidateClusterTrustBundle, v1.34) ----

const MAX_TRUST_BUNDLE_SIZE = 1024 * 1024;
const OMITTED = '<value omitted>';

/** ValidateClusterTrustBundleName: "<signerName with / as :>:<suffix>" when a signer is named, no ":" otherwise. */
function validateClusterTrustBundleName(name: string, signerName: string): string[] {
  if (signerName === '') {
    if (name.includes(':')) return ['ClusterTrustBundle without signer name must not have ":" in its name'];
    return isDNS1123Subdomain(name);
  }
  const prefix = `${signerName.replaceAll('/', ':')}:`;
  if (!name.startsWith(prefix)) return [`ClusterTrustBundle for signerName ${signerName} must be named with prefix ${prefix}`];
  return isDNS1123Subdomain(name.slice(prefix.length));
}

/** PEM blocks as encoding/pem.Decode walks them: type, whether it has headers, DER bytes. */
function pemBlocks(text: string): { type: string; headers: boolean; der: Buffer }[] {
  const out: { type: string; headers: boolean; der: Buffer }[] = [];
  const re = /-----BEGIN ([^\r\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const headers = /^[^\r\n:]+:.*\r?\n/.test(body);
    out.push({ type: m[1]!, headers, der: Buffer.from(body.replace(/^[^\r\n:]+:.*\r?\n/gm, '').replace(/\s+/g, ''), 'base64') });
  }
  return out;
}

function validateTrustBundle(bundle: string, path: string): FieldErrors {
  if (bundle.length > MAX_TRUST_BUNDLE_SIZE) return [fieldErr.tooLong(path, MAX_TRUST_BUNDLE_SIZE)];
  const errs: FieldErrors = [];
  const seen = new Map<string, number[]>();
  pemBlocks(bundle).forEach((b, i) => {
    if (b.type !== 'CERTIFICATE') return void errs.push(fieldErr.invalid(path, OMITTED, `entry ${i} has bad block type: ${b.type}`));
    if (b.headers) return void errs.push(fieldErr.invalid(path, OMITTED, `entry ${i} has PEM block headers`));
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(b.der);
    } catch {
      return void errs.push(fieldErr.invalid(path, OMITTED, `entry ${i} does not parse as X.509`));
    }
    if (!cert.ca) return void errs.push(fieldErr.invalid(path, OMITTED, `entry ${i} does not have the CA bit set`));
    const key = b.der.toString('base64');
    seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  // A malformed block hides the duplicate and missing-anchor checks, as upstream.
  if (errs.length) return errs;
  if (seen.size === 0) errs.push(fieldErr.invalid(path, OMITTED, 'at least one trust anchor must be provided'));
  for (const indices of seen.values()) if (indices.length > 1) errs.push(fieldErr.invalid(path, OMITTED, `duplicate trust anchor (indices [${indices.join(' ')}])`));
  return errs;
}

function validateClusterTrustBundleWith(bundle: Obj, parseBundle: boolean): FieldErrors {
  const spec = obj(bundle.spec);
  const signer = str(spec.signerName);
  const name = str(obj(bundle.metadata).name);
  // The kind's name rule (a path segment) is checked with the metadata; this is the rest of upstream's.
  const errs = isValidPathSegmentName(name).length ? [] : validateClusterTrustBundleName(name, signer).map((m) => fieldErr.invalid('metadata.name', name, m));
  if (signer !== '') errs.push(...validateSignerName('spec.signerName', signer));
  if (parseBundle) errs.push(...validateTrustBundle(str(spec.trustBundle), 'spec.trustBundle'));
  return errs;
}

export function validateClusterTrustBundle(bundle: Obj): FieldErrors {
  return validateClusterTrustBundleWith(bundle, true);
}

/** An unchanged bundle is not parsed again; the signer is immutable. */
export function validateClusterTrustBundleUpdate(bundle: Obj, old: Obj): FieldErrors {
  const spec = obj(bundle.spec);
  const oldSpec = obj(old.spec);
  const errs = validateClusterTrustBundleWith(bundle, str(spec.trustBundle) !== str(oldSpec.trustBundle));
  if (str(spec.signerName) !== str(oldSpec.signerName)) errs.push(fieldErr.invalid('spec.signerName', str(spec.signerName), 'field is immutable'));
  return errs;
}
