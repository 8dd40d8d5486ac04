// certificates.k8s.io CertificateSigningRequest (pkg/apis/certificates/validation/validation.go,
// v1.34; messages checked against kube-apiserver v1.32): the request is a PEM CERTIFICATE
// REQUEST, usages known and unique, signerName "<domain>/<path>", expirationSeconds >= 600.

import { DNS1123_LABEL_MAX_LENGTH, DNS1123_SUBDOMAIN_MAX_LENGTH, isDNS1123Label, isDNS1123Subdomain } from '../../apimachinery/validation.js';
import { fieldErr, isSet, obj, objs, optNum, str, strs, type FieldErrors, type Obj } from './util.js';

const KEY_USAGES = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only', 'digital signature', 'email protection',
  'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement', 'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime',
  'server auth', 'signing', 'timestamping',
];
const LEGACY_SIGNER = 'kubernetes.io/legacy-unknown';
const MIN_EXPIRATION_SECONDS = 600;

/** The type of the first PEM block in bytes, as encoding/pem.Decode finds it. */
function firstPemBlockType(pem: string): string | undefined {
  return /-----BEGIN ([^\r\n-]*)-----\r?\n/.exec(pem)?.[1];
}

function validateRequest(request: unknown): FieldErrors {
  const bytes = typeof request === 'string' ? Buffer.from(request, 'base64').toString('latin1') : '';
  if (firstPemBlockType(bytes) === 'CERTIFICATE REQUEST') return [];
  return [fieldErr.invalid('spec.request', typeof request === 'string' ? request : null, 'PEM block type must be CERTIFICATE REQUEST')];
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
