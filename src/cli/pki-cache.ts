// The PKI of in-memory servers (store 'memory' without a data dir). Their data is throw-away,
// but their PKI is not cheap: loading the X.509 library and issuing the certificates cost
// ~200 ms, in every process, which is every test file of a node:test suite. So they keep it in
// a private directory of the user's cache and reuse it while it is usable (ensurePki renews
// what expires or lacks a name). A directory that is not a real one, owned by this user and
// closed to everyone else, is never used: the PKI is then generated into the server's
// temporary data dir, as it would be without a cache.

import { createHash } from 'node:crypto';
import { lstat, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ensurePki, type EnsurePkiOptions, type Pki } from './pki.js';

/** $XDG_CACHE_HOME/skiff/pki, else ~/.cache/skiff/pki. */
export function defaultPkiCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'skiff', 'pki');
}

/** The cache's directory for one service range: its first address is in the serving certificate. */
export function rangeDir(cacheDir: string, serviceClusterIpRange = ''): string {
  return join(cacheDir, createHash('sha256').update(serviceClusterIpRange).digest('hex').slice(0, 16));
}

/** Creates dir (mode 0700) when missing; true only when it is a directory, not a symlink, owned by this user, with no access for group or others. */
export async function isPrivateDir(dir: string): Promise<boolean> {
  const uid = process.getuid?.();
  if (uid === undefined) return false;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const st = await lstat(dir);
    return st.isDirectory() && st.uid === uid && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * The PKI for an in-memory server: from (or generated into) cacheDir's directory for this
 * service range when that directory is private, else generated into tempDataDir. cacheDir
 * false: always tempDataDir.
 */
export async function memoryServerPki(tempDataDir: string, opts: EnsurePkiOptions, cacheDir: string | false = defaultPkiCacheDir()): Promise<Pki> {
  if (cacheDir !== false) {
    const dir = rangeDir(cacheDir, opts.serviceClusterIpRange);
    if ((await isPrivateDir(cacheDir)) && (await isPrivateDir(dir))) {
      try {
        return await ensurePki(dir, opts);
      } catch {
        // An unreadable or unwritable cache is no reason to fail a start.
      }
    }
  }
  return ensurePki(tempDataDir, opts);
}
