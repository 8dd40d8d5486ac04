// Service-account verification keys from PEM files (--service-account-key-file), as
// upstream's keyutil.PublicKeysFromFile reads them: RSA or ECDSA, public or private
// keys, several blocks per file.

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PUBLIC_BLOCKS = new Set(['PUBLIC KEY', 'RSA PUBLIC KEY']);
const PRIVATE_BLOCKS = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

/** Every RSA or ECDSA public key in a PEM text (private keys contribute their public half). */
export function parsePublicKeysPem(pem: string): KeyObject[] {
  const keys: KeyObject[] = [];
  for (const m of pem.matchAll(/-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----/g)) {
    const type = m[1]!;
    let key: KeyObject | undefined;
    try {
      if (PUBLIC_BLOCKS.has(type)) key = createPublicKey(m[0]);
      else if (PRIVATE_BLOCKS.has(type)) key = createPublicKey(createPrivateKey(m[0]));
    } catch {
      key = undefined;
    }
    if (key && (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ec')) keys.push(key);
  }
  if (keys.length === 0) throw new Error('data does not contain any valid RSA or ECDSA public keys');
  return keys;
}

export function readPublicKeysFile(path: string): KeyObject[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`failed to parse service-account issuer public key file "${path}": open ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
  try {
    return parsePublicKeysPem(text);
  } catch (e) {
    throw new Error(`failed to parse service-account issuer public key file "${path}": ${(e as Error).message}`);
  }
}

/** --service-account-signing-key-file: one RSA or ECDSA private key. */
export function readSigningKeyFile(path: string): KeyObject {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`failed to parse service-account-issuer-key-file: open ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
  try {
    const key = createPrivateKey(text);
    if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ec') throw new Error('unsupported key type');
    return key;
  } catch {
    throw new Error(`failed to parse service-account-issuer-key-file: data does not contain a valid RSA or ECDSA private key`);
  }
}

/** The JWS algorithm upstream signs with for a key: RS256, or ES256/384/512 by curve. */
export function signingAlgorithm(key: KeyObject): string {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (curve === 'prime256v1' || curve === 'P-256') return 'ES256';
  if (curve === 'secp384r1' || curve === 'P-384') return 'ES384';
  if (curve === 'secp521r1' || curve === 'P-521') return 'ES512';
  throw new Error(`unknown ecdsa key curve, must be 256, 384, or 521`);
}

/** The algorithms a key may verify (go-jose checks the key type against the header's alg). */
export function verificationAlgorithms(key: KeyObject): string[] {
  if (key.asymmetricKeyType === 'rsa') return ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
  return [signingAlgorithm(key)];
}
