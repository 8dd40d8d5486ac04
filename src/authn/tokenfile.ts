// --token-auth-file: a CSV of token,user,uid[,"group1,group2"], read with the
// rules of upstream's tokenfile package: at least three columns, empty tokens
// skipped with a warning, a duplicate token replaces the earlier one (with a warning).

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readCsv } from './csv.js';
import type { TokenAuthenticator, UserInfo } from './types.js';

const digest = (token: string) => createHash('sha256').update(token).digest('base64');

export class StaticTokenAuthenticator implements TokenAuthenticator {
  // Keyed by a digest so that lookups don't compare secret bytes directly.
  private readonly users = new Map<string, UserInfo>();

  constructor(entries: Iterable<[string, UserInfo]> = []) {
    for (const [token, user] of entries) this.users.set(digest(token), user);
  }

  get size(): number {
    return this.users.size;
  }

  async authenticateToken(token: string): Promise<UserInfo | null> {
    const user = this.users.get(digest(token));
    return user ? structuredClone(user) : null;
  }
}

/** Parses token file content. Throws on malformed CSV or short records. */
export function parseTokenFile(text: string, path: string, warn: (msg: string) => void = () => {}): StaticTokenAuthenticator {
  const entries = new Map<string, UserInfo>();
  let recordNum = 0;
  for (const record of readCsv(text)) {
    if (record.length < 3) {
      throw new Error(`token file '${path}' must have at least 3 columns (token, user name, user uid), found ${record.length}`);
    }
    recordNum++;
    const [token, username, uid] = record as [string, string, string];
    if (token === '') {
      warn(`empty token has been found in token file '${path}', record number '${recordNum}'`);
      continue;
    }
    if (entries.has(token)) warn(`duplicate token has been found in token file '${path}', record number '${recordNum}'`);
    const user: UserInfo = { username, groups: record.length >= 4 ? record[3]!.split(',') : [] };
    if (uid !== '') user.uid = uid;
    entries.set(token, user);
  }
  return new StaticTokenAuthenticator(entries);
}

/** Reads --token-auth-file. File errors read like Go's ("open <path>: no such file or directory"). */
export function loadTokenFile(path: string, warn?: (msg: string) => void): StaticTokenAuthenticator {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`open ${path}: ${describeFsError(e)}`);
  }
  return parseTokenFile(text, path, warn);
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}
