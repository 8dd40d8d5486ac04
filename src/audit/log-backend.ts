// --audit-log-path: one event a line (json or legacy) to a file that rotates as
// kube-apiserver's lumberjack logger rotates it (--audit-log-maxsize megabytes, 100 when
// 0; backups named <name>-<UTC time><ext>, at most --audit-log-maxbackup of them, none
// older than --audit-log-maxage days), or to standard output for "-".

import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { legacyLine, type AuditEvent } from './event.js';

export interface AuditBackend {
  process(events: AuditEvent[]): void;
  stop(): Promise<void>;
}

export interface LogBackendOptions {
  path: string;
  format?: 'json' | 'legacy';
  maxAgeDays?: number;
  maxBackups?: number;
  maxSizeMB?: number;
}

const MB = 1024 * 1024;

export class LogBackend implements AuditBackend {
  private fd: number | undefined;
  private size = 0;
  private readonly maxBytes: number;

  constructor(private readonly o: LogBackendOptions) {
    this.maxBytes = (o.maxSizeMB && o.maxSizeMB > 0 ? o.maxSizeMB : 100) * MB;
    if (o.path !== '-') this.open();
  }

  process(events: AuditEvent[]): void {
    for (const ev of events) {
      const line = `${this.o.format === 'legacy' ? legacyLine(ev) : JSON.stringify(ev)}\n`;
      if (this.o.path === '-') {
        process.stdout.write(line);
        continue;
      }
      const bytes = Buffer.from(line);
      if (this.size + bytes.length > this.maxBytes && this.size > 0) this.rotate();
      writeSync(this.fd!, bytes);
      this.size += bytes.length;
    }
  }

  async stop(): Promise<void> {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): void {
    mkdirSync(dirname(this.o.path), { recursive: true, mode: 0o755 });
    this.fd = openSync(this.o.path, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    closeSync(this.fd!);
    const ext = extname(this.o.path);
    const prefix = basename(this.o.path, ext);
    const stamp = new Date().toISOString().slice(0, 23).replace(/:/g, '-');
    renameSync(this.o.path, join(dirname(this.o.path), `${prefix}-${stamp}${ext}`));
    this.open();
    this.pruneBackups(prefix, ext);
  }

  private pruneBackups(prefix: string, ext: string): void {
    const dir = dirname(this.o.path);
    const re = new RegExp(`^${escapeRe(prefix)}-(\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3})${escapeRe(ext)}$`);
    const backups = readdirSync(dir)
      .map((f) => ({ f, m: re.exec(f) }))
      .filter((x) => x.m)
      .map((x) => ({ file: join(dir, x.f), at: Date.parse(`${x.m![1]!.replace(/T(\d{2})-(\d{2})-(\d{2})/, 'T$1:$2:$3')}Z`) }))
      .sort((a, b) => b.at - a.at);
    const cutoff = this.o.maxAgeDays && this.o.maxAgeDays > 0 ? Date.now() - this.o.maxAgeDays * 86_400_000 : -Infinity;
    backups.forEach((b, i) => {
      if ((this.o.maxBackups && this.o.maxBackups > 0 && i >= this.o.maxBackups) || b.at < cutoff) {
        try {
          unlinkSync(b.file);
        } catch {
          // already gone
        }
      }
    });
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
