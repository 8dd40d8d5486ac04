// --admission-control-config-file: an AdmissionConfiguration (apiserver.config.k8s.io/v1,
// also apiserver.k8s.io/v1alpha1) naming each plugin's configuration inline or by path
// (relative paths are relative to the file), as k8s.io/apiserver pkg/admission/config.go reads it.

import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { parseYaml } from '../encoding/yaml.js';

const KINDS = new Set(['apiserver.config.k8s.io/v1/AdmissionConfiguration', 'apiserver.k8s.io/v1alpha1/AdmissionConfiguration', 'apiserver.config.k8s.io/v1alpha1/AdmissionConfiguration']);

/** Each plugin's configuration object, by plugin name. Throws on an unreadable or malformed file. */
export function readAdmissionConfig(file: string | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!file) return out;
  const doc = readYamlFile(file) as { apiVersion?: string; kind?: string; plugins?: unknown } | null;
  if (!doc || typeof doc !== 'object' || !KINDS.has(`${doc.apiVersion}/${doc.kind}`)) {
    throw new Error(`failed to read plugin config: unexpected config type in ${file}: want AdmissionConfiguration (apiserver.config.k8s.io/v1)`);
  }
  const plugins = doc.plugins ?? [];
  if (!Array.isArray(plugins)) throw new Error(`failed to read plugin config: ${file}: plugins must be a list`);
  for (const p of plugins as { name?: unknown; path?: unknown; configuration?: unknown }[]) {
    if (!p || typeof p.name !== 'string' || !p.name) throw new Error(`failed to read plugin config: ${file}: every plugin entry needs a name`);
    if (p.configuration !== undefined) out.set(p.name, p.configuration);
    else if (typeof p.path === 'string' && p.path) out.set(p.name, readYamlFile(isAbsolute(p.path) ? p.path : join(dirname(file), p.path)));
  }
  return out;
}

function readYamlFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`failed to read plugin config: ${(e as Error).message}`);
  }
  return parseYaml(text);
}
