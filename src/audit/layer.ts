// The audit layer, built from its options (kube-apiserver's --audit-* flags): the policy
// and the backends events go to. Without a policy file, or without a backend, nothing is
// audited (upstream options/audit.go).

import type { Logger } from '../util/log.js';
import { orderedEvent, type AuditEvent } from './event.js';
import { LogBackend, type AuditBackend } from './log-backend.js';
import { evaluatePolicy, readPolicyFile, type AuditAttributes, type Policy, type RequestAuditConfig } from './policy.js';
import { WebhookBackend } from './webhook-backend.js';

export interface AuditOptions {
  auditPolicyFile?: string;
  /** --audit-log-path; "-" is standard output. */
  auditLogPath?: string;
  auditLogMaxAge?: number;
  auditLogMaxBackup?: number;
  auditLogMaxSize?: number;
  /** "json" (default) or "legacy". */
  auditLogFormat?: string;
  auditWebhookConfigFile?: string;
  auditWebhookMode?: string;
  auditWebhookBatchMaxSize?: number;
  auditWebhookBatchMaxWaitMs?: number;
  auditWebhookInitialBackoffMs?: number;
}

export class Auditor {
  constructor(
    private readonly policy: Policy,
    private readonly backends: readonly AuditBackend[],
  ) {}

  policyFor(a: AuditAttributes): RequestAuditConfig {
    return evaluatePolicy(this.policy, a);
  }

  emit(ev: AuditEvent): void {
    const ordered = orderedEvent(ev);
    for (const b of this.backends) b.process([ordered]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.backends.map((b) => b.stop()));
  }
}

export function buildAudit(o: AuditOptions, logger: Logger): Auditor | undefined {
  const format = o.auditLogFormat ?? 'json';
  if (format !== 'json' && format !== 'legacy') throw new Error(`invalid audit log format ${format}, allowed formats are "legacy,json"`);
  for (const [flag, v] of [['--audit-log-maxage', o.auditLogMaxAge], ['--audit-log-maxbackup', o.auditLogMaxBackup], ['--audit-log-maxsize', o.auditLogMaxSize]] as const) {
    if ((v ?? 0) < 0) throw new Error(`${flag} can't be a negative number`);
  }
  if (!o.auditPolicyFile) {
    if (o.auditLogPath || o.auditWebhookConfigFile) logger.info('No audit policy file provided, no events will be recorded for audit');
    return undefined;
  }
  const policy = readPolicyFile(o.auditPolicyFile);
  const backends: AuditBackend[] = [];
  if (o.auditLogPath) {
    backends.push(new LogBackend({ path: o.auditLogPath, format, maxAgeDays: o.auditLogMaxAge, maxBackups: o.auditLogMaxBackup, maxSizeMB: o.auditLogMaxSize }));
  }
  if (o.auditWebhookConfigFile) {
    backends.push(new WebhookBackend({ configFile: o.auditWebhookConfigFile, mode: o.auditWebhookMode, batchMaxSize: o.auditWebhookBatchMaxSize, batchMaxWaitMs: o.auditWebhookBatchMaxWaitMs, initialBackoffMs: o.auditWebhookInitialBackoffMs }, logger));
  }
  return backends.length ? new Auditor(policy, backends) : undefined;
}
