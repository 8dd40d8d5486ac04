// audit.k8s.io/v1 Event: what one stage of one request looks like in the audit log
// (k8s.io/apiserver pkg/apis/audit/v1/types.go; pkg/audit/request.go fills it).

import type { Level, Stage } from './policy.js';

export interface AuditUser {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface ObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.k8s.io/v1';
  level: Level;
  auditID: string;
  stage: Stage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: ObjectReference;
  responseStatus?: Record<string, unknown>;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

/** metav1.MicroTime: RFC 3339, UTC, six fractional digits. */
export function microTime(ms: number): string {
  const d = new Date(Math.floor(ms));
  const micros = Math.floor((ms % 1000) * 1000);
  return `${d.toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;
}

export function auditUser(u: { username: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> }): AuditUser {
  const out: AuditUser = {};
  if (u.username) out.username = u.username;
  if (u.uid) out.uid = u.uid;
  if (u.groups?.length) out.groups = [...u.groups];
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  return out;
}

/** The event with upstream's field order and its empty fields left out. */
export function orderedEvent(e: AuditEvent): AuditEvent {
  const keys: (keyof AuditEvent)[] = ['kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'impersonatedUser', 'sourceIPs', 'userAgent', 'objectRef', 'responseStatus', 'requestObject', 'responseObject', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations'];
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = e[k];
    if (v === undefined || v === '' || (k === 'annotations' && Object.keys(v as object).length === 0)) continue;
    out[k] = v;
  }
  return out as unknown as AuditEvent;
}

/** Drops metadata.managedFields from an object or from a list's items (omitManagedFields). */
export function withoutManagedFields(obj: unknown): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  const o = { ...(obj as Record<string, unknown>) };
  const meta = o.metadata as Record<string, unknown> | undefined;
  if (meta && typeof meta === 'object' && 'managedFields' in meta) {
    const { managedFields: _, ...rest } = meta;
    o.metadata = rest;
  }
  if (Array.isArray(o.items)) o.items = o.items.map(withoutManagedFields);
  return o;
}

/** audit.EventString: the "legacy" one-line format. */
export function legacyLine(ev: AuditEvent): string {
  const q = (s: string) => JSON.stringify(s);
  const list = (xs: string[]) => xs.map(q).join(',');
  const username = ev.user.username || '<none>';
  const groups = ev.user.username && ev.user.groups?.length ? list(ev.user.groups) : '<none>';
  const as = ev.impersonatedUser ? (ev.impersonatedUser.username ?? '') : '<self>';
  const asgroups = ev.impersonatedUser?.groups ? list(ev.impersonatedUser.groups) : '<lookup>';
  const namespace = ev.objectRef?.namespace || '<none>';
  const response = ev.responseStatus ? String(ev.responseStatus.code) : '<deferred>';
  const ip = ev.sourceIPs?.[0] ?? '<unknown>';
  return `${ev.requestReceivedTimestamp} AUDIT: id=${q(ev.auditID)} stage=${q(ev.stage)} ip=${q(ip)} method=${q(ev.verb)} user=${q(username)} groups=${q(groups)} as=${q(as)} asgroups=${q(asgroups)} user-agent=${q(ev.userAgent ?? '')} namespace=${q(namespace)} uri=${q(ev.requestURI)} response="${response}"`;
}
