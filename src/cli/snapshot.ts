// `skiff snapshot save|restore|status`: backups of the store, modelled on etcdctl's
// (etcdutl's) snapshot commands. The flags are the server's own storage flags, parsed by
// the server's flag table, so a snapshot names its store exactly as the server does.
//
// A snapshot holds the store only, never the PKI in the data dir: like an etcd snapshot,
// it carries no private keys, so it may be kept where the CA key must not be. Restoring a
// store into a data dir without the old ca.*/sa.* files gives a server with a new CA and
// a new service-account key (old kubeconfigs and tokens no longer verify).
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidSnapshotError, inspectSqliteSnapshot, isSqliteFile, restoreSqliteSnapshot, saveSqliteSnapshot, type SqliteSnapshotInfo } from '../storage/sqlite/backup.js';
import { etcdSnapshotDigestMatches, isEtcdSnapshotFile, saveEtcdSnapshot } from '../storage/etcd/snapshot.js';
import { STORE_FILE } from '../storage/sqlite/schema.js';
import { FlagError, parseFlags, type ServerFlags } from './flags.js';

export interface SnapshotCommandIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const USAGE = `usage:
  skiff snapshot save FILE [--data-dir DIR]
  skiff snapshot save FILE --etcd-servers URL [--etcd-cafile F --etcd-certfile F --etcd-keyfile F]
  skiff snapshot restore FILE --data-dir NEW_DIR [--bump-revision N --mark-compacted]
  skiff snapshot status FILE

save     copies the store to FILE while the server keeps serving: the SQLite store under
         --data-dir (default ./.skiff), or one etcd member's database through etcd's
         snapshot API (exactly one --etcd-servers endpoint; --etcd-prefix has no effect,
         the snapshot holds etcd's whole keyspace).
restore  installs a SQLite snapshot as the store of a data dir that has none yet; every
         object keeps its uid and resourceVersion. An etcd snapshot is restored into a new
         etcd data dir with etcdutl (etcdctl in etcd 3.4): etcdutl snapshot restore FILE.
         --bump-revision N --mark-compacted (as etcdutl's): raise the revision by N and
         compact all history below it, so resourceVersions handed out after the snapshot
         are never reused and clients holding older ones relist.
status   checks FILE and prints what it holds.
The snapshot holds the store only, not the PKI: copy ca.crt, ca.key, sa.key and sa.pub
(and admin.*, apiserver.*) from the old data dir to keep certificates and tokens valid.`;

const STORAGE_FLAGS = new Set(['data-dir', 'etcd-servers', 'etcd-cafile', 'etcd-certfile', 'etcd-keyfile', 'etcd-prefix']);

class UsageError extends Error {}

interface SnapshotArgs {
  cmd: 'save' | 'restore' | 'status';
  file: string;
  flags: ServerFlags;
  etcdServers: string[];
  bumpRevision: number;
}

/** etcdutl's restore-only flags, which the server's flag table does not have: taken out of argv first. */
function takeRestoreFlags(argv: string[]): { rest: string[]; bumpRevision?: string; markCompacted: boolean } {
  const rest: string[] = [];
  let bumpRevision: string | undefined;
  let markCompacted = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--mark-compacted' || a === '--mark-compacted=true') markCompacted = true;
    else if (a === '--mark-compacted=false') markCompacted = false;
    else if (a.startsWith('--bump-revision=')) bumpRevision = a.slice('--bump-revision='.length);
    else if (a === '--bump-revision') {
      bumpRevision = argv[++i];
      if (bumpRevision === undefined) throw new UsageError('flag needs an argument: --bump-revision');
    } else rest.push(a);
  }
  return { rest, bumpRevision, markCompacted };
}

function parseArgs(argv: string[]): SnapshotArgs | 'help' {
  const restoreFlags = takeRestoreFlags(argv);
  let parsed;
  try {
    parsed = parseFlags(restoreFlags.rest);
  } catch (e) {
    if (e instanceof FlagError) throw new UsageError(e.message);
    throw e;
  }
  if (parsed.help) return 'help';
  const [cmd, file, ...extra] = parsed.positional;
  if (cmd !== 'save' && cmd !== 'restore' && cmd !== 'status') throw new UsageError(cmd ? `unknown subcommand "${cmd}"` : 'missing subcommand');
  if (!file) throw new UsageError(`snapshot ${cmd} needs a FILE`);
  if (extra.length) throw new UsageError(`snapshot ${cmd} takes one FILE, got also ${extra.map((a) => JSON.stringify(a)).join(' ')}`);
  const other = [...parsed.changed].filter((f) => !STORAGE_FLAGS.has(f));
  if (other.length) throw new UsageError(`flag --${other[0]} is not used by skiff snapshot (only --data-dir and --etcd-*)`);
  const etcdServers = parsed.options.etcdServers.flatMap((x) => x.split(',')).filter(Boolean);
  const etcdTls = ['etcd-cafile', 'etcd-certfile', 'etcd-keyfile'].filter((f) => parsed.changed.has(f));
  if (etcdTls.length && etcdServers.length === 0) throw new UsageError(`--${etcdTls[0]} needs --etcd-servers`);
  if (cmd === 'save' && etcdServers.length && parsed.changed.has('data-dir')) throw new UsageError('give either --data-dir (SQLite) or --etcd-servers (etcd), not both');
  if (cmd === 'save' && etcdServers.length > 1) {
    throw new UsageError(`snapshot save needs exactly one --etcd-servers endpoint (a snapshot is one member's database), got ${etcdServers.length}`);
  }
  if (cmd === 'restore') {
    if (etcdServers.length) throw new UsageError('snapshot restore writes a skiff data dir; to restore an etcd snapshot use etcdutl snapshot restore');
    if (!parsed.changed.has('data-dir')) throw new UsageError('snapshot restore needs --data-dir NEW_DIR (a data dir without a store)');
  }
  if (cmd === 'status' && (etcdServers.length || parsed.changed.has('data-dir'))) throw new UsageError('snapshot status reads only FILE');
  const bumpRevision = parseBump(cmd, restoreFlags.bumpRevision, restoreFlags.markCompacted);
  return { cmd, file, flags: parsed.options, etcdServers, bumpRevision };
}

function parseBump(cmd: string, value: string | undefined, markCompacted: boolean): number {
  if ((value !== undefined || markCompacted) && cmd !== 'restore') throw new UsageError(`--bump-revision and --mark-compacted are flags of snapshot restore, not ${cmd}`);
  const n = value === undefined ? 0 : Number(value);
  if (!/^\d+$/.test(value ?? '0') || !Number.isSafeInteger(n)) throw new UsageError(`invalid argument ${JSON.stringify(value)} for "--bump-revision" flag: must be a non-negative integer`);
  if (n > 0 && !markCompacted) throw new UsageError('--mark-compacted is required with --bump-revision greater than 0');
  if (n === 0 && markCompacted) throw new UsageError('--mark-compacted needs --bump-revision greater than 0');
  return n;
}

export async function runSnapshotCommand(argv: string[], io: SnapshotCommandIO): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`Error: ${e.message}\nRun 'skiff snapshot --help' for usage.\n`);
      return 2;
    }
    throw e;
  }
  if (args === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  try {
    switch (args.cmd) {
      case 'save':
        await save(args, io);
        break;
      case 'restore':
        restore(args, io);
        break;
      case 'status':
        status(args.file, io);
        break;
    }
    return 0;
  } catch (e) {
    // One line, no stack: Node's fs errors already name the syscall and the path.
    io.stderr(`Error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

async function save(args: SnapshotArgs, io: SnapshotCommandIO): Promise<void> {
  const file = resolve(args.file);
  if (args.etcdServers.length) {
    const f = args.flags;
    const info = await saveEtcdSnapshot(
      { endpoint: args.etcdServers[0]!, caFile: f.etcdCafile || undefined, certFile: f.etcdCertfile || undefined, keyFile: f.etcdKeyfile || undefined },
      file,
    );
    io.stdout(`Snapshot saved at ${args.file} (etcd ${info.etcdVersion}, ${info.bytes} bytes, revision ${info.revisionAtStart} or later)\n`);
    return;
  }
  const storePath = join(resolve(args.flags.dataDir), STORE_FILE);
  if ([storePath, `${storePath}-wal`, `${storePath}-shm`].includes(file)) throw new InvalidSnapshotError(`${args.file} is the live store itself; save the snapshot elsewhere`);
  const info = saveSqliteSnapshot(storePath, file);
  io.stdout(`Snapshot saved at ${args.file} (${describeSqlite(info)})\n`);
}

function restore(args: SnapshotArgs, io: SnapshotCommandIO): void {
  const file = resolve(args.file);
  if (isEtcdSnapshotFile(file)) {
    throw new InvalidSnapshotError(
      `${args.file} is an etcd snapshot: restore it into a new etcd data dir with "etcdutl snapshot restore ${args.file} --data-dir ETCD_DIR" ` +
        '(etcdctl snapshot restore in etcd 3.4), start etcd on that dir and skiff with --etcd-servers',
    );
  }
  const dataDir = resolve(args.flags.dataDir);
  const storePath = join(dataDir, STORE_FILE);
  const taken = [STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`].find((f) => existsSync(join(dataDir, f)));
  if (taken) throw new InvalidSnapshotError(`data-dir "${args.flags.dataDir}" already holds a skiff store (${taken}); restore only into a data dir without one`);
  const info = restoreSqliteSnapshot(file, storePath, { bumpRevision: args.bumpRevision });
  io.stdout(`Snapshot restored to ${join(args.flags.dataDir, STORE_FILE)} (${describeSqlite(info)})\n`);
  if (!existsSync(join(dataDir, 'ca.key'))) {
    io.stdout(
      `${args.flags.dataDir} has no PKI: on first start skiff generates a new CA, certificates and service-account key.\n` +
        'To keep existing kubeconfigs and service-account tokens valid, copy ca.crt, ca.key, sa.key and sa.pub\n' +
        '(and admin.*, apiserver.*) from the old data dir into it before starting skiff.\n',
    );
  }
}

function status(fileArg: string, io: SnapshotCommandIO): void {
  const file = resolve(fileArg);
  if (isSqliteFile(file)) {
    io.stdout(`${fileArg}: skiff SQLite snapshot, ${describeSqlite(inspectSqliteSnapshot(file))}\n`);
    return;
  }
  if (!isEtcdSnapshotFile(file)) throw new InvalidSnapshotError(`${fileArg} is neither a skiff SQLite snapshot nor an etcd snapshot`);
  const size = statSync(file).size;
  if (!etcdSnapshotDigestMatches(file, size)) throw new InvalidSnapshotError(`${fileArg}: etcd snapshot whose sha256 digest is missing or does not match`);
  io.stdout(`${fileArg}: etcd snapshot, ${size} bytes, sha256 digest ok\n`);
}

function describeSqlite(info: SqliteSnapshotInfo): string {
  return `revision ${info.revision}, ${info.keys} keys, compacted to ${info.compacted}, ${info.bytes} bytes`;
}
