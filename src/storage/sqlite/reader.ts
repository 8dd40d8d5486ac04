// Read queries: get and range at the current or a past revision, and history windows for
// watch replay. Every multi-statement read runs in one read transaction, so it sees one
// snapshot even when another connection commits meanwhile.
import {
  CompactedError,
  FutureRevisionError,
  type KeyValue,
  type RangeOptions,
  type RangeResult,
  type StoreEvent,
  type KeyBounds,
} from '../store.js';
import { prefixBounds } from '../store.js';
import { INITIAL_REVISION, type SqliteDatabase } from './schema.js';
import type Database from 'better-sqlite3';

type Row = unknown[];
type Stmt = Database.Statement<unknown[], Row>;

const EMPTY = Buffer.alloc(0);

export function asBuffer(v: unknown): Buffer {
  if (v === null || v === undefined) return EMPTY;
  if (Buffer.isBuffer(v)) return v;
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  throw new Error(`sqlite: unexpected value type ${typeof v}`);
}

export class SqliteReader {
  private readonly stmts = new Map<string, Stmt>();
  private readonly revisionStmt: Stmt;
  private readonly beginStmt: Database.Statement;
  private readonly commitStmt: Database.Statement;

  /**
   * @param compactedRevision the authoritative compaction point (kept in memory by the
   *   store, so it is raised before any history row is removed).
   */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly compactedRevision: () => number,
  ) {
    this.revisionStmt = this.stmt('SELECT MAX(rev) FROM log');
    this.beginStmt = db.prepare('BEGIN');
    this.commitStmt = db.prepare('COMMIT');
  }

  /** Latest committed revision visible to this connection. */
  revision(): number {
    const row = this.revisionStmt.get();
    const rev = row?.[0];
    return typeof rev === 'number' ? rev : INITIAL_REVISION;
  }

  metaValue(name: string): number {
    const row = this.stmt('SELECT value FROM meta WHERE name = ?').get(name);
    return (row?.[0] as number | undefined) ?? 0;
  }

  get(key: string, revision = 0): { kv?: KeyValue; revision: number } {
    return this.snapshot(() => {
      const current = this.revision();
      const rev = this.checkRevision(revision, current);
      let row: Row | undefined;
      if (rev === current) {
        row = this.stmt(
          `SELECT c.key, l.value, c.create_rev, c.mod_rev
             FROM current c CROSS JOIN log l ON l.rev = c.mod_rev WHERE c.key = ?`,
        ).get(key);
      } else {
        row = this.stmt(
          'SELECT key, value, create_rev, rev, deleted FROM log WHERE key = ? AND rev <= ? ORDER BY rev DESC LIMIT 1',
        ).get(key, rev);
        if (row?.[4]) row = undefined;
      }
      return { kv: row ? toKv(row) : undefined, revision: rev };
    });
  }

  range(prefix: string, opts: RangeOptions = {}): RangeResult {
    const bounds = prefixBounds(prefix);
    if (opts.startKey !== undefined && opts.startKey > bounds.start) bounds.start = opts.startKey;
    const limit = opts.limit && opts.limit > 0 ? opts.limit : -1;
    return this.snapshot(() => {
      const current = this.revision();
      const rev = this.checkRevision(opts.revision ?? 0, current);
      if (bounds.end !== undefined && bounds.start >= bounds.end) {
        return { kvs: [], revision: rev, more: false, count: 0 };
      }
      const hasEnd = bounds.end !== undefined;
      const keyArgs: unknown[] = hasEnd ? [bounds.start, bounds.end] : [bounds.start];
      const keyCond = (col: string) => (hasEnd ? `${col} >= ? AND ${col} < ?` : `${col} >= ?`);
      let count: number;
      let rows: Row[] = [];
      if (opts.withoutCount && !opts.countOnly) {
        // One row past the limit tells whether there are more: counting what is left at a past
        // revision walks the rest of the range, and a cache loading page by page would pay that
        // for every page (quadratic in the resource's size).
        rows = this.pageRows(rev === current, keyCond, keyArgs, rev, limit > 0 ? limit + 1 : -1);
        const more = limit > 0 && rows.length > limit;
        if (more) rows.length = limit;
        return { kvs: rows.map(toKv), revision: rev, more, count: rows.length + (more ? 1 : 0) };
      }
      if (rev === current) count = this.stmt(`SELECT COUNT(*) FROM current WHERE ${keyCond('key')}`).get(...keyArgs)![0] as number;
      else count = this.stmt(`SELECT COUNT(*) ${visibleAt(keyCond)}`).get(...keyArgs, rev, rev)![0] as number;
      if (!opts.countOnly) rows = this.pageRows(rev === current, keyCond, keyArgs, rev, limit);
      const kvs = rows.map(toKv);
      return { kvs, revision: rev, more: !opts.countOnly && count > kvs.length, count };
    });
  }

  /** Up to limit (-1: all) rows of the range in key order, from the current table or as of rev. */
  private pageRows(atCurrent: boolean, keyCond: (col: string) => string, keyArgs: unknown[], rev: number, limit: number): Row[] {
    if (atCurrent) {
      return this.stmt(
        `SELECT c.key, l.value, c.create_rev, c.mod_rev
           FROM current c CROSS JOIN log l ON l.rev = c.mod_rev
          WHERE ${keyCond('c.key')} ORDER BY c.key LIMIT ?`,
      ).all(...keyArgs, limit);
    }
    return this.stmt(`SELECT l.key, l.value, l.create_rev, l.rev ${visibleAt(keyCond)} ORDER BY l.key LIMIT ?`).all(...keyArgs, rev, rev, limit);
  }

  /**
   * Events with fromRev <= revision <= toRev under the bounds, in revision order, with
   * prevKv. The scan walks revisions (rowid order), so its cost is bounded by the window.
   */
  history(bounds: KeyBounds, fromRev: number, toRev: number): StoreEvent[] {
    const hasEnd = bounds.end !== undefined;
    const rows = this.stmt(
      `SELECT l.rev, l.key, l.value, l.create_rev, l.deleted, l.prev_rev, p.value, p.create_rev
         FROM log l LEFT JOIN log p ON p.rev = l.prev_rev AND l.prev_rev > 0
        WHERE l.rev >= ? AND l.rev <= ? AND +l.key >= ? ${hasEnd ? 'AND +l.key < ?' : ''}
        ORDER BY l.rev`,
    ).all(fromRev, toRev, bounds.start, ...(hasEnd ? [bounds.end] : []));
    return rows.map(historyRowToEvent);
  }

  /** Run a multi-statement read against one snapshot. */
  private snapshot<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    this.beginStmt.run();
    try {
      return fn();
    } finally {
      this.commitStmt.run();
    }
  }

  private checkRevision(requested: number, current: number): number {
    if (!requested || requested <= 0) return current;
    const compacted = this.compactedRevision();
    if (requested < compacted) throw new CompactedError(compacted, current);
    if (requested > current) throw new FutureRevisionError(requested, current);
    return requested;
  }

  private stmt(sql: string): Stmt {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.db.prepare<unknown[], Row>(sql).raw(true);
      this.stmts.set(sql, s);
    }
    return s;
  }
}

function toKv(row: Row): KeyValue {
  return {
    key: row[0] as string,
    value: asBuffer(row[1]),
    createRevision: row[2] as number,
    modRevision: row[3] as number,
  };
}

function historyRowToEvent(row: Row): StoreEvent {
  const [rev, key, value, createRev, deleted, prevRev, prevValue, prevCreateRev] = row as [
    number, string, unknown, number, number, number, unknown, number | null,
  ];
  const prevKv: KeyValue | undefined =
    prevRev > 0 && prevCreateRev !== null
      ? { key, value: asBuffer(prevValue), createRevision: prevCreateRev, modRevision: prevRev }
      : undefined;
  if (deleted) {
    return { type: 'DELETE', kv: { key, value: EMPTY, createRevision: 0, modRevision: rev }, prevKv, isCreate: false };
  }
  return {
    type: 'PUT',
    kv: { key, value: asBuffer(value), createRevision: createRev, modRevision: rev },
    prevKv,
    isCreate: prevRev === 0,
  };
}

/**
 * Rows at or below a revision that no later row at or below it supersedes (parameters: the key
 * bounds, rev, rev): walks the (key, rev, deleted) index in key order, so LIMIT stops early.
 */
function visibleAt(keyCond: (col: string) => string): string {
  return `FROM log l WHERE ${keyCond('l.key')} AND l.rev <= ? AND l.deleted = 0
    AND NOT EXISTS (SELECT 1 FROM log n WHERE n.key = l.key AND n.rev > l.rev AND n.rev <= ?)`;
}
