// PodSecurityConfiguration (pod-security.admission.config.k8s.io/v1, also v1beta1 and
// v1alpha1), the PodSecurity plugin's entry of --admission-control-config-file, read as
// k8s.io/pod-security-admission admission/api/{v1/defaults.go,validation/validation.go} do:
// unset defaults are privileged/latest; levels, versions and exemptions are validated.

import { fieldErr, goFieldErrorString, type FieldError } from '../../apimachinery/errors.js';
import { isDNS1123Label, isDNS1123Subdomain } from '../../apimachinery/validation.js';
import { parseLevel, parseVersion, type Policy } from './policy.js';

export interface PodSecurityConfig {
  defaults: Policy;
  exemptions: { usernames: string[]; namespaces: string[]; runtimeClasses: string[] };
}

const GROUP = 'pod-security.admission.config.k8s.io';
const VERSIONS = ['v1', 'v1beta1', 'v1alpha1'];

/** The plugin's configuration; throws kube-apiserver's start-up error for a bad one. */
export function readPodSecurityConfig(raw: unknown): PodSecurityConfig {
  const doc = (raw ?? {}) as Record<string, unknown>;
  if (raw !== undefined && raw !== null) {
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('PodSecurity configuration error: expected PodSecurityConfiguration');
    const gv = String(doc.apiVersion ?? '');
    const [group, version] = gv.includes('/') ? gv.split('/', 2) : ['', gv];
    if (group !== GROUP || !VERSIONS.includes(version!) || doc.kind !== 'PodSecurityConfiguration') {
      throw new Error(`PodSecurity configuration error: no kind "${String(doc.kind ?? '')}" is registered for version "${gv}"; want ${GROUP}/v1 PodSecurityConfiguration`);
    }
  }
  const d = (doc.defaults ?? {}) as Record<string, unknown>;
  const e = (doc.exemptions ?? {}) as Record<string, unknown>;
  const str = (v: unknown, dflt: string) => (typeof v === 'string' && v !== '' ? v : dflt);
  const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x ?? '')) : []);
  const raws = {
    enforce: str(d.enforce, 'privileged'),
    'enforce-version': str(d['enforce-version'], 'latest'),
    warn: str(d.warn, 'privileged'),
    'warn-version': str(d['warn-version'], 'latest'),
    audit: str(d.audit, 'privileged'),
    'audit-version': str(d['audit-version'], 'latest'),
  };
  const exemptions = { usernames: list(e.usernames), namespaces: list(e.namespaces), runtimeClasses: list(e.runtimeClasses) };
  const errs: FieldError[] = [];
  for (const mode of ['enforce', 'warn', 'audit'] as const) {
    const level = parseLevel(raws[mode]);
    if (level.error) errs.push(fieldErr.invalid(`defaults.${mode}`, raws[mode], level.error));
    const version = parseVersion(raws[`${mode}-version`]);
    if (version.error) errs.push(fieldErr.invalid(`defaults.${mode}-version`, raws[`${mode}-version`], version.error));
  }
  errs.push(...validateNames('exemptions.namespaces', exemptions.namespaces, isDNS1123Label));
  errs.push(...validateNames('exemptions.runtimeClasses', exemptions.runtimeClasses, isDNS1123Subdomain));
  errs.push(...validateNames('exemptions.usernames', exemptions.usernames, (u) => (u === '' ? ['username must not be empty'] : [])));
  if (errs.length) {
    const msgs = errs.map(goFieldErrorString);
    throw new Error(`PodSecurity invalid: ${msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`}`);
  }
  const lv = (mode: 'enforce' | 'warn' | 'audit') => ({ level: parseLevel(raws[mode]).level, version: parseVersion(raws[`${mode}-version`]).version });
  return { defaults: { enforce: lv('enforce'), audit: lv('audit'), warn: lv('warn') }, exemptions };
}

function validateNames(path: string, names: string[], check: (n: string) => string[]): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  names.forEach((n, i) => {
    const problems = check(n);
    if (problems.length) errs.push(fieldErr.invalid(`${path}[${i}]`, n, problems.join(', ')));
    else if (seen.has(n)) errs.push(fieldErr.duplicate(`${path}[${i}]`, n));
    else seen.add(n);
  });
  return errs;
}
