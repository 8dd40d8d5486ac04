// Applies batches of writes in one transaction (one fsync per batch) and removes
// compacted history. Synchronous: it runs wherever the write connection lives.
import type { KeyValue } from '../store.js';
import { asBuffer } from './reader.js';
import { INITIAL_REVISION, type SqliteDatabase } from './schema.js';
import type Database from 'better-sqlite3';

export type WriteOp =
  | { op: 'create'; key: string; value: Buffer }
  | { op: 'update'; key: string; value: Buffer; expected: number }
  | { op: 'delete'; key: string; expected?: number };

/**
 * The outcome of one op. On a successful delete, kv is the tombstone: the key, an empty
 * value, createRevision 0 and the delete's revision.
 */
export type OpResult =
  | { ok: true; kv: KeyValue; prevKv?: KeyValue }
  | { ok: false; current?: KeyValue };

export interface BatchResult {
  results: OpResult[];
  /** The store's revision after the batch. */
  revision: number;
}

/** Revisions of history examined per compaction step (one small transaction each). */
const COMPACTION_STEP = 5000;

type Row = unknown[];

export class WriteEngine {
  private revision: number;
  private compactDone: number;
  private readonly maxRev: Database.Statement<[], Row>;
  private readonly findCurrent: Database.Statement<[string], Row>;
  private readonly insertLog: Database.Statement<[number, string, Buffer | null, number, number, number]>;
  private readonly upsertCurrent: Database.Statement<[string, number, number]>;
  private readonly deleteCurrent: Database.Statement<[string]>;
  private readonly setMeta: Database.Statement<[number, string]>;
  private readonly deletePrevs: Database.Statement<[number, number]>;
  private readonly deleteTombstones: Database.Statement<[number, number]>;
  private readonly applyInTxn: Database.Transaction<(ops: WriteOp[]) => OpResult[]>;

  constructor(private readonly db: SqliteDatabase) {
    this.maxRev = db.prepare<[], Row>('SELECT MAX(rev) FROM log').raw(true);
    this.revision = this.readRevision();
    this.compactDone = (db.prepare(`SELECT value FROM meta WHERE name = 'compact_done'`).pluck().get() as number) ?? 0;
    this.findCurrent = db
      .prepare<[string], Row>(
        `SELECT c.create_rev, c.mod_rev, l.value
           FROM current c CROSS JOIN log l ON l.rev = c.mod_rev WHERE c.key = ?`,
      )
      .raw(true);
    this.insertLog = db.prepare(
      'INSERT INTO log(rev, key, value, create_rev, prev_rev, deleted) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.upsertCurrent = db.prepare(
      `INSERT INTO current(key, create_rev, mod_rev) VALUES (?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET create_rev = excluded.create_rev, mod_rev = excluded.mod_rev`,
    );
    this.deleteCurrent = db.prepare('DELETE FROM current WHERE key = ?');
    this.setMeta = db.prepare('UPDATE meta SET value = ? WHERE name = ?');
    // A row superseded below the compaction point is garbage; the superseding row names it.
    this.deletePrevs = db.prepare(
      'DELETE FROM log WHERE rev IN (SELECT prev_rev FROM log WHERE rev >= ? AND rev < ? AND prev_rev > 0)',
    );
    this.deleteTombstones = db.prepare('DELETE FROM log WHERE rev >= ? AND rev < ? AND deleted = 1');
    this.applyInTxn = db.transaction((ops: WriteOp[]) => {
      // Re-read under the write lock: another connection to the same file may have written.
      this.revision = this.readRevision();
      return ops.map((op) => this.applyOne(op));
    });
  }

  private readRevision(): number {
    const rev = this.maxRev.get()?.[0];
    return typeof rev === 'number' ? rev : INITIAL_REVISION;
  }

  currentRevision(): number {
    return this.revision;
  }

  /** Apply ops in order in one transaction. On failure nothing is applied and it throws. */
  applyBatch(ops: WriteOp[]): BatchResult {
    const before = this.revision;
    try {
      const results = this.applyInTxn.immediate(ops);
      return { results, revision: this.revision };
    } catch (err) {
      this.revision = before;
      throw err;
    }
  }

  /** Record the new compaction point durably (physical removal follows in steps). */
  markCompacted(revision: number): void {
    this.setMeta.run(revision, 'compacted');
  }

  /**
   * Remove one step of history below `revision`. Returns true when history below it is
   * fully compacted. Keeps, per key, the newest row at or below `revision` and the row a
   * change at `revision` superseded (the prevKv of a watch started there). `step` bounds
   * the revisions one call examines (Infinity: all of them in one transaction).
   */
  compactStep(revision: number, step = COMPACTION_STEP): boolean {
    if (this.compactDone >= revision) return true;
    const lo = this.compactDone;
    const hi = Math.min(lo + step, revision);
    this.db.transaction(() => {
      this.deletePrevs.run(lo, hi);
      this.deleteTombstones.run(lo, hi);
      this.setMeta.run(hi, 'compact_done');
    }).immediate();
    this.compactDone = hi;
    // A finished compaction leaves the page cache full of pages it emptied: give them back.
    if (hi >= revision) this.db.pragma('shrink_memory');
    return hi >= revision;
  }

  private applyOne(op: WriteOp): OpResult {
    const row = this.findCurrent.get(op.key);
    const current: KeyValue | undefined = row
      ? { key: op.key, value: asBuffer(row[2]), createRevision: row[0] as number, modRevision: row[1] as number }
      : undefined;
    switch (op.op) {
      case 'create': {
        if (current) return { ok: false, current };
        const rev = ++this.revision;
        this.insertLog.run(rev, op.key, op.value, rev, 0, 0);
        this.upsertCurrent.run(op.key, rev, rev);
        return { ok: true, kv: { key: op.key, value: op.value, createRevision: rev, modRevision: rev } };
      }
      case 'update': {
        const actual = current ? current.modRevision : 0;
        if (actual !== op.expected) return { ok: false, current };
        const rev = ++this.revision;
        const createRev = current ? current.createRevision : rev;
        this.insertLog.run(rev, op.key, op.value, createRev, actual, 0);
        this.upsertCurrent.run(op.key, createRev, rev);
        return { ok: true, kv: { key: op.key, value: op.value, createRevision: createRev, modRevision: rev }, prevKv: current };
      }
      case 'delete': {
        if (!current) return { ok: false };
        if (op.expected !== undefined && current.modRevision !== op.expected) return { ok: false, current };
        const rev = ++this.revision;
        this.insertLog.run(rev, op.key, null, 0, current.modRevision, 1);
        this.deleteCurrent.run(op.key);
        return { ok: true, kv: { key: op.key, value: Buffer.alloc(0), createRevision: 0, modRevision: rev }, prevKv: current };
      }
    }
  }
}
