// Levels, versions and a namespace's policy as k8s.io/pod-security-admission api/helpers.go
// and api/constants.go (v1.34) define them: the pod-security.kubernetes.io/* labels resolved
// over the configured defaults, invalid values reported as field errors.

import { fieldErr, type FieldError } from '../../apimachinery/errors.js';
import type { Level } from './check.js';

export type { Level };

export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
export const ENFORCE_LEVEL_LABEL = `${LABEL_PREFIX}enforce`;
export const ENFORCE_VERSION_LABEL = `${LABEL_PREFIX}enforce-version`;
export const AUDIT_LEVEL_LABEL = `${LABEL_PREFIX}audit`;
export const AUDIT_VERSION_LABEL = `${LABEL_PREFIX}audit-version`;
export const WARN_LEVEL_LABEL = `${LABEL_PREFIX}warn`;
export const WARN_VERSION_LABEL = `${LABEL_PREFIX}warn-version`;

/** The policy minor version (v1.<minor>); LATEST is newer than any. */
export type Version = number;
export const LATEST: Version = Number.POSITIVE_INFINITY;

export interface LevelVersion {
  level: Level;
  version: Version;
}

export interface Policy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

export function versionString(v: Version): string {
  return v === LATEST ? 'latest' : `v1.${v}`;
}

export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

/** An unknown level reads as restricted, with an error. */
export function parseLevel(s: string): { level: Level; error?: string } {
  return (LEVELS as readonly string[]).includes(s) ? { level: s as Level } : { level: 'restricted', error: `must be one of ${LEVELS.join(', ')}` };
}

/** "latest" or "v1.x"; anything else reads as latest, with an error. */
export function parseVersion(s: string): { version: Version; error?: string } {
  if (s === 'latest') return { version: LATEST };
  const m = /^v1\.([0-9]|[1-9][0-9]*)$/.exec(s);
  const minor = m ? Number(m[1]) : NaN;
  // Go's strconv.Atoi fails past int64.
  if (!m || !Number.isSafeInteger(minor)) return { version: LATEST, error: 'must be "latest" or "v1.x"' };
  return { version: minor };
}

/** -1, 0 or 1 as a is less strict than, as strict as, or stricter than b. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

export function sameLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && a.version === b.version;
}

/** Both privileged (any version), or the same level and version. */
export function equivalentLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return (a.level === 'privileged' && b.level === 'privileged') || sameLevelVersion(a, b);
}

export function equivalentPolicy(a: Policy, b: Policy): boolean {
  return equivalentLevelVersion(a.enforce, b.enforce) && equivalentLevelVersion(a.audit, b.audit) && equivalentLevelVersion(a.warn, b.warn);
}

export function fullyPrivileged(p: Policy): boolean {
  return p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
}

const labelPath = (label: string) => `metadata.labels[${label}]`;

/**
 * A namespace's policy from its labels over the defaults. A valid policy always comes back;
 * invalid labels also give errors (enforce then reads restricted/latest, audit and warn fail open).
 * Warn follows an explicit, stricter enforce level unless set itself.
 */
export function policyToEvaluate(labels: Record<string, string> | undefined | null, defaults: Policy): { policy: Policy; errors: FieldError[] } {
  const p: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errors: FieldError[] = [];
  if (!labels || !Object.keys(labels).length) return { policy: p, errors };
  const has = (k: string) => Object.hasOwn(labels, k);
  const note = (label: string, value: string, error?: string) => {
    if (error) errors.push(fieldErr.invalid(labelPath(label), value, error));
  };
  let hasEnforceLevel = false;
  if (has(ENFORCE_LEVEL_LABEL)) {
    const r = parseLevel(labels[ENFORCE_LEVEL_LABEL]!);
    p.enforce.level = r.level;
    hasEnforceLevel = !r.error;
    note(ENFORCE_LEVEL_LABEL, labels[ENFORCE_LEVEL_LABEL]!, r.error);
  }
  if (has(ENFORCE_VERSION_LABEL)) {
    const r = parseVersion(labels[ENFORCE_VERSION_LABEL]!);
    p.enforce.version = r.version;
    note(ENFORCE_VERSION_LABEL, labels[ENFORCE_VERSION_LABEL]!, r.error);
  }
  if (has(AUDIT_LEVEL_LABEL)) {
    const r = parseLevel(labels[AUDIT_LEVEL_LABEL]!);
    p.audit.level = r.error ? 'privileged' : r.level;
    note(AUDIT_LEVEL_LABEL, labels[AUDIT_LEVEL_LABEL]!, r.error);
  }
  if (has(AUDIT_VERSION_LABEL)) {
    const r = parseVersion(labels[AUDIT_VERSION_LABEL]!);
    p.audit.version = r.version;
    note(AUDIT_VERSION_LABEL, labels[AUDIT_VERSION_LABEL]!, r.error);
  }
  const hasWarnLevel = has(WARN_LEVEL_LABEL);
  const hasWarnVersion = has(WARN_VERSION_LABEL);
  if (hasWarnLevel) {
    const r = parseLevel(labels[WARN_LEVEL_LABEL]!);
    p.warn.level = r.error ? 'privileged' : r.level;
    note(WARN_LEVEL_LABEL, labels[WARN_LEVEL_LABEL]!, r.error);
  }
  if (hasWarnVersion) {
    const r = parseVersion(labels[WARN_VERSION_LABEL]!);
    p.warn.version = r.version;
    note(WARN_VERSION_LABEL, labels[WARN_VERSION_LABEL]!, r.error);
  }
  if (!hasWarnLevel && hasEnforceLevel && compareLevels(p.enforce.level, p.warn.level) > 0) {
    p.warn.level = p.enforce.level;
    if (!hasWarnVersion) p.warn.version = p.enforce.version;
  }
  return { policy: p, errors };
}

/** Field errors compare equal when they say the same (upstream's reflect.DeepEqual of the lists). */
export function sameErrors(a: FieldError[], b: FieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.field === b[i]!.field && e.value === b[i]!.value && e.detail === b[i]!.detail && e.type === b[i]!.type);
}
