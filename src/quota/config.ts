// The ResourceQuota plugin's configuration from --admission-control-config-file
// (k8s.io/apiserver pkg/admission/plugin/resourcequota/apis/resourcequota): resources that
// may only be consumed when a quota covers them (matchContains on the usage names,
// matchScopes on the object's scopes).

import type { ScopeRequirement } from './evaluators.js';

export interface LimitedResource {
  apiGroup: string;
  resource: string;
  matchContains: string[];
  matchScopes: ScopeRequirement[];
}

const KINDS = new Set([
  'apiserver.config.k8s.io/v1/ResourceQuotaConfiguration',
  'resourcequota.admission.k8s.io/v1beta1/Configuration',
  'resourcequota.admission.k8s.io/v1alpha1/Configuration',
]);

/** The limited resources of a configuration object (none without one); throws the plugin's start-up errors. */
export function parseQuotaConfiguration(config: unknown): LimitedResource[] {
  if (config === undefined || config === null) return [];
  if (typeof config !== 'object' || Array.isArray(config)) throw new Error('ResourceQuota: the configuration is not an object');
  const c = config as { apiVersion?: unknown; kind?: unknown; limitedResources?: unknown };
  if (!KINDS.has(`${c.apiVersion}/${c.kind}`)) {
    throw new Error(`ResourceQuota: no kind "${String(c.kind)}" is registered for version "${String(c.apiVersion)}": want apiserver.config.k8s.io/v1 ResourceQuotaConfiguration`);
  }
  const list = c.limitedResources ?? [];
  if (!Array.isArray(list)) throw new Error('ResourceQuota: limitedResources must be a list');
  const errs: string[] = [];
  const out = list.map((raw, i): LimitedResource => {
    const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (typeof r.resource !== 'string' || r.resource === '') errs.push(`limitedResources[${i}].resource: Required value`);
    const scopes = Array.isArray(r.matchScopes) ? (r.matchScopes as Record<string, unknown>[]) : [];
    return {
      apiGroup: typeof r.apiGroup === 'string' ? r.apiGroup : '',
      resource: typeof r.resource === 'string' ? r.resource : '',
      matchContains: Array.isArray(r.matchContains) ? r.matchContains.map(String) : [],
      matchScopes: scopes.map((s) => ({ scopeName: String(s?.scopeName ?? ''), operator: String(s?.operator ?? ''), values: Array.isArray(s?.values) ? s.values.map(String) : undefined })),
    };
  });
  if (errs.length) throw new Error(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
  return out;
}
