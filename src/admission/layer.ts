// The admission layer, built from its options: the enabled plugins of the table in
// upstream's order (--enable-admission-plugins / --disable-admission-plugins over v1.34's
// default set), each configured from --admission-control-config-file.

import type { Authorizer } from '../authz/types.js';
import { FeatureGates } from '../features/index.js';
import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { AdmissionChain } from './chain.js';
import type { AdmissionMetrics } from './metrics.js';
import { readAdmissionConfig } from './config.js';
import { ADMISSION_PLUGINS } from './plugins.js';
import type { AdmissionPlugin } from './types.js';

export interface AdmissionOptions {
  /** --enable-admission-plugins: added to the default set (order does not matter). */
  enableAdmissionPlugins?: string[];
  /** --disable-admission-plugins: taken out of the default set. */
  disableAdmissionPlugins?: string[];
  /** --admission-control-config-file. */
  admissionControlConfigFile?: string;
  /** Plugins appended to the chain after the configured ones (embedders, tests). */
  extraAdmissionPlugins?: AdmissionPlugin[];
}

export interface AdmissionDeps {
  registry: Registry;
  authorizer: Authorizer;
  logger: Logger;
  featureGates?: FeatureGates;
  metrics?: AdmissionMetrics;
}

/** The enabled plugin names in execution order; throws kube-apiserver's errors for bad flags. */
export function enabledAdmissionPlugins(o: AdmissionOptions): string[] {
  const enable = o.enableAdmissionPlugins ?? [];
  const disable = o.disableAdmissionPlugins ?? [];
  const known = new Set(ADMISSION_PLUGINS.map((p) => p.name));
  const errs: string[] = [];
  for (const n of enable) if (!known.has(n)) errs.push(`enable-admission-plugins plugin "${n}" is unknown`);
  for (const n of disable) if (!known.has(n)) errs.push(`disable-admission-plugins plugin "${n}" is unknown`);
  const both = [...new Set(enable.filter((n) => disable.includes(n)))].sort();
  if (both.length) errs.push(`[${both.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  for (const n of enable) {
    const row = ADMISSION_PLUGINS.find((p) => p.name === n);
    if (row && !row.create) errs.push(`enable-admission-plugins plugin "${n}" is not implemented by skiff`);
  }
  if (errs.length) throw new Error(errs.join(', '));
  return ADMISSION_PLUGINS.filter((p) => !disable.includes(p.name) && (p.defaultOn || enable.includes(p.name))).map((p) => p.name);
}

export function buildAdmission(o: AdmissionOptions, deps: AdmissionDeps): AdmissionChain {
  const names = new Set(enabledAdmissionPlugins(o));
  const configs = readAdmissionConfig(o.admissionControlConfigFile);
  const plugins: AdmissionPlugin[] = [];
  const missing: string[] = [];
  for (const row of ADMISSION_PLUGINS) {
    if (!names.has(row.name)) continue;
    if (!row.create) {
      missing.push(row.name);
      continue;
    }
    plugins.push(
      row.create({
        registry: deps.registry,
        catalog: deps.registry.catalog,
        authorizer: deps.authorizer,
        logger: deps.logger,
        featureGates: deps.featureGates ?? FeatureGates.defaults(),
        metrics: deps.metrics,
        config: configs.get(row.name),
      }),
    );
  }
  if (missing.length) deps.logger.v(1).info('default admission plugins skiff does not implement', { plugins: missing.join(',') });
  return new AdmissionChain([...plugins, ...(o.extraAdmissionPlugins ?? [])], deps.metrics);
}
