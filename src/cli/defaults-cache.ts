// The objects an in-memory server's start leaves behind (its defaults: the RBAC and
// priority-and-fairness bootstrap objects, the system namespaces, the kubernetes Service...).
// Creating them is most of a process's first in-memory start (~200 ms of code run cold), so a
// later in-memory server with the same options starts from a copy of them, and its post-start
// hooks find them in place, as after a restart. The copies are kept per process and, for the
// shipped bundle (whose build id names exactly the code that made them), also in the cached
// PKI's directory (pki-cache.ts), so the next process (the next test file) starts from them too.
// Options that are not plain data (an authorizer object, admission plugins) key the copy by
// their identity in this process and are never written to disk.

import { createHash } from 'node:crypto';
import { readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { KeyValue } from '../storage/store.js';

declare const __SKIFF_BUILD_ID__: string | undefined;

/** A hash of the bundled code (scripts/bundle.mjs defines it); undefined in the unbundled output, which writes nothing. */
const BUILD_ID = typeof __SKIFF_BUILD_ID__ === 'string' ? __SKIFF_BUILD_ID__ : undefined;

/**
 * Options that cannot change which objects a start creates or what they hold (pkiCacheDir can:
 * another PKI puts another CA into every kube-root-ca.crt).
 */
const IRRELEVANT = new Set(['logger', 'onRequestEnd', 'verbosity', 'securePort', 'bindAddress', 'shutdownDelayMs', 'bookmarkIntervalMs']);

const identities = new WeakMap<object, number>();
let lastIdentity = 0;

export interface DefaultsKey {
  /** Equal for starts whose options could create the same defaults. */
  id: string;
  /** Every relevant option is plain data and the code is a bundle's: the copy may be written to disk. */
  persistable: boolean;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

export function defaultsKey(options: object): DefaultsKey {
  let plain = true;
  const json = JSON.stringify(options, function (this: unknown, key: string, value: unknown) {
    if (this === options && IRRELEVANT.has(key)) return undefined;
    if (typeof value === 'function' || (value !== null && typeof value === 'object' && !Array.isArray(value) && !isPlainObject(value))) {
      plain = false;
      let id = identities.get(value as object);
      if (id === undefined) identities.set(value as object, (id = ++lastIdentity));
      return `<instance ${id}>`;
    }
    return value;
  });
  return { id: createHash('sha256').update(`${hostname()}\n${json}`).digest('hex').slice(0, 32), persistable: plain && BUILD_ID !== undefined };
}

/** The file, in the cached PKI's directory, for the defaults made with this CA and options key. */
export function defaultsPath(pkiDir: string, caPem: string, key: DefaultsKey): string {
  return join(pkiDir, `defaults-${createHash('sha256').update(`${BUILD_ID}\n${caPem}\n${key.id}`).digest('hex').slice(0, 32)}.json`);
}

const FORMAT = 1;
/** Defaults files a PKI directory keeps (each build and each set of options writes its own), the last used first. */
export const KEEP_DEFAULTS_FILES = 8;
const DEFAULTS_FILE = /^defaults-[0-9a-f]{32}\.json$/;

/** The defaults written by an earlier process; undefined when there are none or the file is not one this code wrote. */
export async function readDefaults(path: string): Promise<KeyValue[] | undefined> {
  try {
    const doc = JSON.parse(await readFile(path, 'utf8')) as { format?: unknown; kvs?: unknown };
    if (doc.format !== FORMAT || !Array.isArray(doc.kvs)) return undefined;
    const kvs: KeyValue[] = [];
    for (const e of doc.kvs as unknown[]) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string') return undefined;
      // Revisions are assigned again by the store that takes them.
      kvs.push({ key: e[0], value: Buffer.from(e[1], 'base64'), createRevision: 0, modRevision: 0 });
    }
    // Used: the last to be pruned.
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
    return kvs;
  } catch {
    return undefined;
  }
}

/** Writes the defaults atomically (readable by this user only); a failure only costs the next process its head start. */
export async function writeDefaults(path: string, kvs: readonly KeyValue[]): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    await writeFile(tmp, JSON.stringify({ format: FORMAT, kvs: kvs.map((kv) => [kv.key, kv.value.toString('base64')]) }), { mode: 0o600 });
    await rename(tmp, path);
    await pruneDefaults(dirname(path), basename(path));
  } catch {
    // A full or read-only cache directory.
  }
}

/** Removes all but the KEEP_DEFAULTS_FILES last used defaults files (never `keep`): every new build writes new ones. */
async function pruneDefaults(dir: string, keep: string): Promise<void> {
  const files = (await readdir(dir)).filter((f) => DEFAULTS_FILE.test(f) && f !== keep);
  const used = await Promise.all(files.map(async (f) => ({ f, at: await stat(join(dir, f)).then((st) => st.mtimeMs, () => 0) })));
  used.sort((a, b) => b.at - a.at);
  await Promise.all(used.slice(KEEP_DEFAULTS_FILES - 1).map(({ f }) => unlink(join(dir, f)).catch(() => undefined)));
}
