// Which checks apply at each level and version, and their aggregate result, as
// k8s.io/pod-security-admission policy/registry.go and checks.go (v1.34) build them: each
// check's rule of the newest version not after the policy's, restricted = the restricted
// checks plus every baseline check they do not override, baseline IDs first then restricted,
// each group sorted by ID. Versions past the newest check (and "latest") read as the newest.

import { goStringCompare } from '../../apimachinery/validation.js';
import type { Obj } from '../../types/kind.js';
import { BASELINE_CHECKS } from './baseline.js';
import type { Check, CheckOptions, CheckPodFn, CheckResult } from './check.js';
import type { LevelVersion } from './policy.js';
import { RESTRICTED_CHECKS } from './restricted.js';

export const DEFAULT_CHECKS: readonly Check[] = [...BASELINE_CHECKS, ...RESTRICTED_CHECKS];

export interface AggregateResult {
  allowed: boolean;
  reasons: string[];
  details: string[];
}

/** "reason1, reason2" (the namespace warnings). */
export function forbiddenReason(r: AggregateResult): string {
  return r.reasons.join(', ');
}

/** "reason1 (detail1), reason2" (the 403, warnings and audit annotations). */
export function forbiddenDetail(r: AggregateResult): string {
  return r.reasons.map((reason, i) => (r.details[i] ? `${reason} (${r.details[i]})` : reason)).join(', ');
}

export function aggregate(results: CheckResult[]): AggregateResult {
  const reasons: string[] = [];
  const details: string[] = [];
  for (const r of results) {
    if (r.allowed) continue;
    reasons.push(r.reason || 'unknown forbidden reason');
    details.push(r.detail ?? '');
  }
  return { allowed: reasons.length === 0, reasons, details };
}

export class Evaluator {
  private readonly baseline = new Map<number, CheckPodFn[]>();
  private readonly restricted = new Map<number, CheckPodFn[]>();
  readonly maxVersion: number;

  constructor(checks: readonly Check[], private readonly opts: CheckOptions) {
    this.maxVersion = Math.max(...checks.map((c) => c.versions[c.versions.length - 1]!.minimumVersion));
    const ids = (level: Check['level']) => checks.filter((c) => c.level === level).map((c) => c.id).sort(goStringCompare);
    const order = [...ids('baseline'), ...ids('restricted')];
    const byId = new Map(checks.map((c) => [c.id, c]));
    for (let v = 0; v <= this.maxVersion; v++) {
      const at = (c: Check) => [...c.versions].reverse().find((x) => x.minimumVersion <= v);
      const overridden = new Set(checks.filter((c) => c.level === 'restricted').flatMap((c) => at(c)?.overrides ?? []));
      const baseline: CheckPodFn[] = [];
      const restricted: CheckPodFn[] = [];
      for (const id of order) {
        const c = byId.get(id)!;
        const vc = at(c);
        if (!vc) continue;
        if (c.level === 'baseline') {
          baseline.push(vc.checkPod);
          if (!overridden.has(id)) restricted.push(vc.checkPod);
        } else {
          restricted.push(vc.checkPod);
        }
      }
      this.baseline.set(v, baseline);
      this.restricted.set(v, restricted);
    }
  }

  evaluate(lv: LevelVersion, meta: Obj, spec: Obj): AggregateResult {
    if (lv.level === 'privileged') return { allowed: true, reasons: [], details: [] };
    const v = Math.min(lv.version, this.maxVersion);
    const checks = (lv.level === 'baseline' ? this.baseline : this.restricted).get(v) ?? [];
    return aggregate(checks.map((check) => check(meta ?? {}, spec ?? {}, this.opts)));
  }
}
