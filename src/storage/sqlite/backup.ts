// Snapshots of the SQLite store: a consistent copy taken while a server keeps writing,
// the checks a file must pass before a server may start on it, and the copy into a fresh
// data dir.
//
// The copy is `VACUUM INTO`: one read transaction, so it is the store as of one commit
// (the WAL's committed frames included) and, unlike the step-wise backup API, it never
// restarts when the server commits meanwhile; in WAL mode the reader does not block the
// server's writer. Revisions are `log.rev`, an INTEGER PRIMARY KEY, which VACUUM keeps.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { durableRename } from '../../util/durable-rename.js';
import { fileHead } from '../../util/file-head.js';
import { INITIAL_REVISION, SCHEMA_VERSION, type SqliteDatabase } from './schema.js';
import { WriteEngine } from './write-engine.js';

/** What a snapshot holds, for the operator's report. */
export interface SqliteSnapshotInfo {
  /** The store's revision: the newest row of the log. */
  revision: number;
  /** Live keys. */
  keys: number;
  /** Revision below which history was compacted away. */
  compacted: number;
  /** Size of the file in bytes. */
  bytes: number;
}

/** A file that is not a usable skiff store; the message says why. */
export class InvalidSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSnapshotError';
  }
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const TABLES = ['current', 'log', 'meta'];

export function isSqliteFile(path: string): boolean {
  return fileHead(path, SQLITE_MAGIC.length).equals(SQLITE_MAGIC);
}

/**
 * Copies the live store at storePath into file, atomically (a `.part` file renamed into
 * place once complete, checked and synced). Safe while a server writes to the store.
 */
export function saveSqliteSnapshot(storePath: string, file: string): SqliteSnapshotInfo {
  if (!existsSync(storePath)) throw new InvalidSnapshotError(`no skiff store at ${storePath}`);
  const part = `${file}.part`;
  // Not openDatabase: that would create a schema in a file that is not a store yet.
  copyToPart(storePath, { fileMustExist: true }, part, (source) => {
    source.pragma('busy_timeout = 5000');
    checkLayout(source, storePath);
  });
  return installPart(part, file, () => inspectSqliteSnapshot(part));
}

/** Checks that file is an intact skiff store and reports what it holds. Never writes to it. */
export function inspectSqliteSnapshot(file: string): SqliteSnapshotInfo {
  if (!isSqliteFile(file)) throw new InvalidSnapshotError(`${file} is not a skiff snapshot: not an SQLite database`);
  let db: SqliteDatabase;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new InvalidSnapshotError(`${file}: ${(err as Error).message}`);
  }
  try {
    checkLayout(db, file);
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new InvalidSnapshotError(`${file} failed the integrity check: ${problems.slice(0, 3).join('; ')}`);
    }
    const revision = (db.prepare('SELECT MAX(rev) FROM log').pluck().get() as number | null) ?? INITIAL_REVISION;
    const keys = db.prepare('SELECT COUNT(*) FROM current').pluck().get() as number;
    const compacted = (db.prepare("SELECT value FROM meta WHERE name = 'compacted'").pluck().get() as number | undefined) ?? 0;
    return { revision, keys, compacted, bytes: statSync(file).size };
  } catch (err) {
    if (err instanceof InvalidSnapshotError) throw err;
    // SQLITE_CORRUPT, SQLITE_NOTADB and the like surface here.
    throw new InvalidSnapshotError(`${file} is damaged: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  /**
   * Like etcdutl's --bump-revision with --mark-compacted: the restored store's revision is
   * raised by this much and everything below is marked compacted, so no resourceVersion a
   * client saw after the snapshot is handed out again, and clients holding older ones
   * get 410 Gone and relist. 0 (default) keeps the snapshot's revision and history.
   */
  bumpRevision?: number;
}

/**
 * The log row that carries a bumped revision: a tombstone of a key outside every
 * resource prefix, so no range or watch of the API ever reports it.
 */
export const BUMP_REVISION_KEY = '/skiff-restore/bump-revision';

/**
 * Installs a checked snapshot as the store at storePath, which must not exist. The copy
 * is made through SQLite (so a snapshot taken from a WAL-mode store comes out whole) into
 * a `.part` file renamed into place; the server sets WAL mode again when it opens it.
 */
export function restoreSqliteSnapshot(file: string, storePath: string, opts: RestoreOptions = {}): SqliteSnapshotInfo {
  const info = inspectSqliteSnapshot(file);
  const bump = opts.bumpRevision ?? 0;
  mkdirSync(dirname(storePath), { recursive: true, mode: 0o700 });
  const part = `${storePath}.part`;
  copyToPart(file, { readonly: true, fileMustExist: true }, part);
  return installPart(part, storePath, () => {
    if (bump > 0) bumpRevision(part, info.revision + bump);
    const restored = inspectSqliteSnapshot(part);
    if (restored.revision !== info.revision + bump || restored.keys !== info.keys) {
      throw new InvalidSnapshotError(`the copy of ${file} does not match it (revision ${restored.revision} vs ${info.revision + bump})`);
    }
    return restored;
  });
}

/**
 * Copies the database at sourcePath into part (see vacuumInto), after prepare has run on
 * the open source; part is removed again when either fails.
 */
function copyToPart(sourcePath: string, openOptions: Database.Options, part: string, prepare?: (source: SqliteDatabase) => void): void {
  const source = new Database(sourcePath, openOptions);
  try {
    prepare?.(source);
    vacuumInto(source, part);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  } finally {
    source.close();
  }
}

/** Renames a complete part into place as target once finish (its checks) has passed; otherwise removes it. */
function installPart<T>(part: string, target: string, finish: () => T): T {
  try {
    const result = finish();
    durableRename(part, target);
    return result;
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
}

/** Raises the store's revision to `revision` and compacts everything below it. */
function bumpRevision(path: string, revision: number): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.prepare('INSERT INTO log(rev, key, value, create_rev, prev_rev, deleted) VALUES (?, ?, NULL, 0, 0, 1)').run(revision, BUMP_REVISION_KEY);
    const engine = new WriteEngine(db);
    engine.markCompacted(revision);
    // At once: the server's stepwise compaction would take one transaction per 5000 of the bumped revisions.
    engine.compactStep(revision, Infinity);
  } finally {
    db.close();
  }
}

/** A copy of db as of one read transaction, readable by its owner only: it holds every Secret. */
function vacuumInto(db: SqliteDatabase, part: string): void {
  rmSync(part, { force: true });
  // VACUUM INTO accepts an existing empty file and keeps its permissions.
  writeFileSync(part, '', { mode: 0o600, flag: 'wx' });
  db.prepare('VACUUM INTO ?').run(part);
}

function checkLayout(db: SqliteDatabase, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  if (!TABLES.every((t) => tables.includes(t))) {
    throw new InvalidSnapshotError(`${file} is an SQLite database but not a skiff store (tables: ${tables.join(', ') || 'none'})`);
  }
  if (version !== SCHEMA_VERSION) {
    throw new InvalidSnapshotError(`${file} has store schema version ${version}; this skiff reads version ${SCHEMA_VERSION}`);
  }
}
