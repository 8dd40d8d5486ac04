// The manager a non-apply write is recorded under when the request names none
// (handlers' managerOrUserAgent / prefixFromUserAgent).

import { goIsPrint, byteLength } from '../apimachinery/goformat.js';

export const FIELD_MANAGER_MAX_LENGTH = 128;

/** The User-Agent up to its first "/", without unprintable characters, cut to 128 bytes. */
export function managerFromUserAgent(userAgent: string): string {
  const prefix = userAgent.split('/')[0];
  let out = '';
  let len = 0;
  for (const ch of prefix) {
    if (!goIsPrint(ch)) continue;
    const n = byteLength(ch);
    if (len + n > FIELD_MANAGER_MAX_LENGTH) break;
    out += ch;
    len += n;
  }
  return out;
}

/** The fieldManager query parameter when given, else the User-Agent's manager. */
export function managerOrUserAgent(fieldManager: string | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  return managerFromUserAgent(userAgent ?? '');
}
