import { webcrypto } from 'node:crypto';
import { loadX509 } from '../../src/cli/pki.js';

/** A real PEM CERTIFICATE REQUEST (ECDSA P-256) for `subject`, e.g. "CN=alice". */
export async function csrPem(subject: string): Promise<string> {
  const x509 = await loadX509();
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const req = await x509.Pkcs10CertificateRequestGenerator.create({ name: subject, keys, signingAlgorithm: alg });
  return req.toString('pem');
}
