// The shape of a Pod Security Standards check and the helpers every check uses to word
// its result, as k8s.io/pod-security-admission policy/checks.go, helpers.go and visitor.go
// (v1.34) define them: a check has an ID, a level and versions from which its rule applies.

import { goStringCompare } from '../../apimachinery/validation.js';
import type { Obj } from '../../types/kind.js';

export type Level = 'privileged' | 'baseline' | 'restricted';

export interface CheckResult {
  allowed: boolean;
  /** Short reason ("host namespaces"); the 403 and the namespace warnings list these. */
  reason?: string;
  /** Which fields and values broke the rule ("hostNetwork=true, hostPID=true"). */
  detail?: string;
}

export interface CheckOptions {
  /** Feature gate UserNamespacesPodSecurityStandards: pods with hostUsers=false pass the user and /proc checks. */
  relaxForUserNamespacePods: boolean;
}

/** One check of a pod's metadata and spec (a pod's, or a workload's pod template's). */
export type CheckPodFn = (meta: Obj, spec: Obj, opts: CheckOptions) => CheckResult;

export interface VersionedCheck {
  /** The policy minor version (v1.<minor>) from which this rule applies. */
  minimumVersion: number;
  checkPod: CheckPodFn;
  /** Baseline checks this restricted check replaces (a stricter form of the same rule). */
  overrides?: string[];
}

export interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** Strictly increasing minimumVersion. */
  versions: VersionedCheck[];
}

export const ALLOWED: CheckResult = { allowed: true };

export function forbidden(reason: string, detail: string): CheckResult {
  return { allowed: false, reason, detail };
}

/** "a", "b" */
export function joinQuote(items: readonly string[]): string {
  return items.length ? `"${items.join('", "')}"` : '';
}

export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** `container "a"` / `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

/** A set's members in Go's sorted order (sets.String.List). */
export function sortedSet(s: Iterable<string>): string[] {
  return [...new Set(s)].sort(goStringCompare);
}

/** Init containers, containers, then ephemeral containers, as upstream visits them. */
export function visitContainers(spec: Obj, visit: (c: Obj) => void): void {
  for (const list of [spec.initContainers, spec.containers, spec.ephemeralContainers]) {
    if (!Array.isArray(list)) continue;
    for (const c of list) if (c && typeof c === 'object') visit(c as Obj);
  }
}

export function containerName(c: Obj): string {
  return typeof c.name === 'string' ? c.name : '';
}

export function isWindowsPod(spec: Obj): boolean {
  return spec.os?.name === 'windows';
}

export function relaxForUserNamespace(spec: Obj, opts: CheckOptions): boolean {
  return opts.relaxForUserNamespacePods && spec.hostUsers === false;
}

export function podSecurityContext(spec: Obj): Obj | undefined {
  const sc = spec.securityContext;
  return sc && typeof sc === 'object' ? (sc as Obj) : undefined;
}

export function containerSecurityContext(c: Obj): Obj | undefined {
  const sc = c.securityContext;
  return sc && typeof sc === 'object' ? (sc as Obj) : undefined;
}

export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => String(x)) : [];
}
