// Opens the SQLite file and creates the schema.
//
// Layout:
//   log      one row per revision (the history). A PUT row has the value; a DELETE row
//            (a tombstone) has none. prev_rev points at the row this one superseded (0 on
//            a create), so watch replay can attach prevKv and compaction can find what
//            became garbage without scanning every key.
//   current  the live keys and the revision of their latest row: a range at the current
//            revision walks this small table in key order and fetches values by rowid.
//   meta     'compacted': reads and watches below it fail; 'compact_done': the revision up
//            to which history rows have been physically removed (may lag after a crash).
// The current revision is MAX(log.rev): compaction never removes the newest row.
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/** The store's file name inside --data-dir. */
export const STORE_FILE = 'skiff.db';

/** The revision of an empty store, as in etcd: the first write gets revision 2. */
export const INITIAL_REVISION = 1;

/** PRAGMA user_version of a store in the current layout. */
export const SCHEMA_VERSION = 1;

export interface OpenDatabaseOptions {
  /** Milliseconds to wait on a lock held by another connection. */
  busyTimeoutMs?: number;
}

/** Each connection's SQLite page cache. */
export const PAGE_CACHE_BYTES = 4 * 1024 * 1024;

export function openDatabase(path: string, opts: OpenDatabaseOptions = {}): SqliteDatabase {
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 5000}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (typeof mode === 'string' && mode.toLowerCase() !== 'wal' && path !== ':memory:') {
      throw new Error(`sqlite: could not enable WAL mode (got ${mode})`);
    }
    // FULL: the WAL is fsynced at every commit, so an acknowledged write survives power loss.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = OFF');
    // Truncate the WAL back to this size after a checkpoint instead of keeping its peak size.
    db.pragma('journal_size_limit = 67108864');
    // 4 MiB of page cache per connection (better-sqlite3 builds SQLite with 16 MiB): reads are
    // served by the watch caches, and the writer touches a few B-tree pages per write; the
    // larger cache only kept ~24 MiB of pages of deleted objects resident (bench/memory.ts).
    db.pragma(`cache_size = -${PAGE_CACHE_BYTES / 1024}`);
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function migrate(db: SqliteDatabase): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version !== 0) {
    throw new Error(`sqlite: unsupported schema version ${version} (expected ${SCHEMA_VERSION})`);
  }
  db.transaction(() => {
    db.exec(`
      CREATE TABLE log (
        rev        INTEGER PRIMARY KEY,
        key        TEXT    NOT NULL,
        value      BLOB,
        create_rev INTEGER NOT NULL,
        prev_rev   INTEGER NOT NULL,
        deleted    INTEGER NOT NULL
      );
      CREATE INDEX log_key_rev ON log(key, rev, deleted);
      CREATE TABLE current (
        key        TEXT    PRIMARY KEY,
        create_rev INTEGER NOT NULL,
        mod_rev    INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE meta (
        name  TEXT    PRIMARY KEY,
        value INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO meta(name, value) VALUES ('compacted', 0), ('compact_done', 0);
    `);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}
