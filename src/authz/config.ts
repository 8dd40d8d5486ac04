// Authorization configuration: the AuthorizationConfiguration file (apiserver.config.k8s.io/v1,
// --authorization-config) with upstream's defaults and validation
// (k8s.io/apiserver/pkg/apis/apiserver/validation ValidateAuthorizationConfiguration), the
// same configuration built from the legacy flags (pkg/kubeapiserver/options/authorization.go),
// and the file watcher that reloads on change and at least every minute, keeping the
// previous configuration when the new one is invalid.

import { readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fieldErr, goFieldErrorString, type FieldError } from '../apimachinery/errors.js';
import { isDNS1123Subdomain } from '../apimachinery/validation.js';
import { parseYaml } from '../encoding/yaml.js';
import { parseGoDuration } from '../cli/flags.js';
import { compileMatchConditions, type FailurePolicy } from './webhook.js';

export const AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] as const;
export type AuthorizerType = (typeof AUTHORIZATION_MODES)[number];

export interface WebhookConfig {
  timeoutMs: number;
  authorizedTTLMs: number;
  unauthorizedTTLMs: number;
  subjectAccessReviewVersion: 'v1' | 'v1beta1';
  matchConditionSubjectAccessReviewVersion: string;
  failurePolicy: FailurePolicy;
  connectionInfo: { type: 'KubeConfigFile' | 'InClusterConfig'; kubeConfigFile?: string };
  matchConditions: string[];
}

export interface AuthorizerConfig {
  type: AuthorizerType;
  name: string;
  webhook?: WebhookConfig;
}

export interface AuthorizationConfig {
  authorizers: AuthorizerConfig[];
  /** ABAC's policy file (flags only). */
  policyFile?: string;
}

const API_VERSIONS = ['apiserver.config.k8s.io/v1', 'apiserver.config.k8s.io/v1beta1', 'apiserver.config.k8s.io/v1alpha1'];
const MAX_MATCH_CONDITIONS = 64;

export class AuthorizationConfigError extends Error {}

/** Parse, default and validate an AuthorizationConfiguration document (YAML or JSON). */
export function parseAuthorizationConfiguration(text: string, source = 'authorization configuration'): AuthorizationConfig {
  let doc: any;
  try {
    doc = parseYaml(text);
  } catch (e) {
    throw new AuthorizationConfigError(`failed to decode ${source}: ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new AuthorizationConfigError(`failed to decode ${source}: not an object`);
  if (doc.kind !== 'AuthorizationConfiguration' || !API_VERSIONS.includes(doc.apiVersion)) {
    throw new AuthorizationConfigError(`failed to decode ${source}: no kind "${doc.kind ?? ''}" is registered for version "${doc.apiVersion ?? ''}"`);
  }
  const errs: FieldError[] = [];
  const authorizers: AuthorizerConfig[] = [];
  const entries: any[] = Array.isArray(doc.authorizers) ? doc.authorizers : [];
  if (entries.length === 0) errs.push(fieldErr.required('authorizers', 'at least one authorization mode must be defined'));
  const seenTypes = new Set<string>();
  const seenNames = new Set<string>();
  entries.forEach((raw, i) => {
    const path = `authorizers[${i}]`;
    const type = typeof raw?.type === 'string' ? raw.type : '';
    if (!type) return void errs.push(fieldErr.required(`${path}.type`));
    if (!(AUTHORIZATION_MODES as readonly string[]).includes(type)) return void errs.push(fieldErr.notSupported(`${path}.type`, type, [...AUTHORIZATION_MODES].sort()));
    if (seenTypes.has(type) && type !== 'Webhook') return void errs.push(fieldErr.duplicate(`${path}.type`, type));
    seenTypes.add(type);
    const name = typeof raw?.name === 'string' ? raw.name : '';
    if (!name) errs.push(fieldErr.required(`${path}.name`));
    else if (seenNames.has(name)) errs.push(fieldErr.duplicate(`${path}.name`, name));
    else {
      const bad = isDNS1123Subdomain(name);
      if (bad.length) errs.push(fieldErr.invalid(`${path}.name`, name, `authorizer name is invalid: ${bad.join(', ')}`));
    }
    seenNames.add(name);
    const entry: AuthorizerConfig = { type: type as AuthorizerType, name };
    if (type === 'Webhook') {
      if (raw.webhook == null) return void errs.push(fieldErr.required(`${path}.webhook`, 'required when type=Webhook'));
      entry.webhook = validateWebhook(raw.webhook, `${path}.webhook`, errs);
    } else if (raw.webhook != null) {
      errs.push(fieldErr.invalid(`${path}.webhook`, 'non-null', 'may only be specified when type=Webhook'));
    }
    authorizers.push(entry);
  });
  if (errs.length) throw new AuthorizationConfigError(aggregateFieldErrors(errs));
  return { authorizers };
}

function aggregateFieldErrors(errs: FieldError[]): string {
  const msgs = errs.map(goFieldErrorString);
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}

function duration(v: unknown, field: string, errs: FieldError[], dflt?: number): number {
  if (v === undefined || v === null || v === '') return dflt ?? 0;
  try {
    return parseGoDuration(String(v));
  } catch (e) {
    errs.push(fieldErr.invalid(field, String(v), (e as Error).message));
    return 0;
  }
}

function validateWebhook(w: any, path: string, errs: FieldError[]): WebhookConfig {
  const timeoutMs = duration(w.timeout, `${path}.timeout`, errs);
  if (timeoutMs === 0) errs.push(fieldErr.required(`${path}.timeout`));
  else if (timeoutMs > 30_000 || timeoutMs < 0) errs.push(fieldErr.invalid(`${path}.timeout`, String(w.timeout), 'must be > 0s and <= 30s'));
  // v1 defaults: authorizedTTL 5m, unauthorizedTTL 30s.
  const authorizedTTLMs = duration(w.authorizedTTL, `${path}.authorizedTTL`, errs, 5 * 60_000);
  if (authorizedTTLMs < 0) errs.push(fieldErr.invalid(`${path}.authorizedTTL`, String(w.authorizedTTL), 'must be > 0s'));
  const unauthorizedTTLMs = duration(w.unauthorizedTTL, `${path}.unauthorizedTTL`, errs, 30_000);
  if (unauthorizedTTLMs < 0) errs.push(fieldErr.invalid(`${path}.unauthorizedTTL`, String(w.unauthorizedTTL), 'must be > 0s'));
  const sarVersion = String(w.subjectAccessReviewVersion ?? '');
  if (!sarVersion) errs.push(fieldErr.required(`${path}.subjectAccessReviewVersion`));
  else if (sarVersion !== 'v1' && sarVersion !== 'v1beta1') errs.push(fieldErr.notSupported(`${path}.subjectAccessReviewVersion`, sarVersion, ['v1', 'v1beta1']));
  const conditions: any[] = Array.isArray(w.matchConditions) ? w.matchConditions : [];
  const mcVersion = String(w.matchConditionSubjectAccessReviewVersion ?? '');
  if (!mcVersion) {
    if (conditions.length) errs.push(fieldErr.required(`${path}.matchConditionSubjectAccessReviewVersion`, 'required if match conditions are specified'));
  } else if (mcVersion !== 'v1') {
    errs.push(fieldErr.notSupported(`${path}.matchConditionSubjectAccessReviewVersion`, mcVersion, ['v1']));
  }
  const failurePolicy = String(w.failurePolicy ?? '');
  if (!failurePolicy) errs.push(fieldErr.required(`${path}.failurePolicy`));
  else if (failurePolicy !== 'NoOpinion' && failurePolicy !== 'Deny') errs.push(fieldErr.notSupported(`${path}.failurePolicy`, failurePolicy, ['NoOpinion', 'Deny']));
  const ci = w.connectionInfo ?? {};
  const ciType = String(ci.type ?? '');
  const ciPath = `${path}.connectionInfo`;
  if (!ciType) errs.push(fieldErr.required(`${ciPath}.type`));
  else if (ciType === 'InClusterConfig') {
    if (ci.kubeConfigFile != null) errs.push(fieldErr.invalid(`${ciPath}.kubeConfigFile`, String(ci.kubeConfigFile), 'can only be set when type=KubeConfigFile'));
  } else if (ciType === 'KubeConfigFile') {
    const f = typeof ci.kubeConfigFile === 'string' ? ci.kubeConfigFile : '';
    if (!f) errs.push(fieldErr.required(`${ciPath}.kubeConfigFile`));
    else if (!isAbsolute(f)) errs.push(fieldErr.invalid(`${ciPath}.kubeConfigFile`, f, 'must be an absolute path'));
    else {
      try {
        if (!statSync(f).isFile()) errs.push(fieldErr.invalid(`${ciPath}.kubeConfigFile`, f, 'must be a regular file'));
      } catch (e) {
        errs.push(fieldErr.invalid(`${ciPath}.kubeConfigFile`, f, `error loading file: ${(e as Error).message}`));
      }
    }
  } else {
    errs.push(fieldErr.notSupported(`${ciPath}.type`, ciType, ['InClusterConfig', 'KubeConfigFile']));
  }
  const expressions: string[] = [];
  if (conditions.length > MAX_MATCH_CONDITIONS) errs.push(fieldErr.tooMany(`${path}.matchConditions`, conditions.length, MAX_MATCH_CONDITIONS));
  conditions.slice(0, MAX_MATCH_CONDITIONS).forEach((c, i) => {
    const expr = typeof c?.expression === 'string' ? c.expression : '';
    const f = `${path}.matchConditions[${i}].expression`;
    if (!expr) return void errs.push(fieldErr.required(f));
    if (expressions.includes(expr)) return void errs.push(fieldErr.duplicate(f, expr));
    try {
      compileMatchConditions([expr]);
    } catch (e) {
      errs.push(fieldErr.invalid(f, expr, `compilation failed: ${(e as Error).message}`));
    }
    expressions.push(expr);
  });
  return {
    timeoutMs, authorizedTTLMs, unauthorizedTTLMs,
    subjectAccessReviewVersion: sarVersion as WebhookConfig['subjectAccessReviewVersion'],
    matchConditionSubjectAccessReviewVersion: mcVersion,
    failurePolicy: failurePolicy as FailurePolicy,
    connectionInfo: { type: ciType as 'KubeConfigFile' | 'InClusterConfig', kubeConfigFile: ci.kubeConfigFile },
    matchConditions: expressions,
  };
}

export interface AuthorizationFlags {
  modes: string[];
  policyFile?: string;
  webhookConfigFile?: string;
  webhookVersion?: string;
  webhookCacheAuthorizedTTLMs?: number;
  webhookCacheUnauthorizedTTLMs?: number;
}

/** Upstream's flag validation (BuiltInAuthorizationOptions.Validate); [] when valid. */
export function validateAuthorizationFlags(f: AuthorizationFlags): string[] {
  const errs: string[] = [];
  if (f.modes.length === 0) errs.push('at least one authorization-mode must be passed');
  const has = (m: string) => f.modes.includes(m);
  if (has('ABAC') && !f.policyFile) errs.push("authorization-mode ABAC's authorization policy file not passed");
  if (has('Webhook') && !f.webhookConfigFile) errs.push("authorization-mode Webhook's authorization config file not passed");
  if (f.policyFile && !has('ABAC')) errs.push('cannot specify --authorization-policy-file without mode ABAC');
  if (f.webhookConfigFile && !has('Webhook')) errs.push('cannot specify --authorization-webhook-config-file without mode Webhook');
  if (f.webhookVersion && f.webhookVersion !== 'v1' && f.webhookVersion !== 'v1beta1') {
    errs.push(`unsupported webhook authorizer version "${f.webhookVersion}", supported versions are "v1", "v1beta1"`);
  }
  return errs;
}

/** The configuration the legacy flags describe (authorizer names as upstream gives them). */
export function authorizationConfigFromFlags(f: AuthorizationFlags): AuthorizationConfig {
  return {
    policyFile: f.policyFile,
    authorizers: f.modes.map((mode): AuthorizerConfig => {
      const name = mode.toLowerCase();
      if (mode !== 'Webhook') return { type: mode as AuthorizerType, name };
      return {
        type: 'Webhook',
        name,
        webhook: {
          timeoutMs: 30_000,
          authorizedTTLMs: f.webhookCacheAuthorizedTTLMs ?? 5 * 60_000,
          unauthorizedTTLMs: f.webhookCacheUnauthorizedTTLMs ?? 30_000,
          subjectAccessReviewVersion: (f.webhookVersion || 'v1beta1') as 'v1' | 'v1beta1',
          matchConditionSubjectAccessReviewVersion: 'v1',
          failurePolicy: 'NoOpinion',
          connectionInfo: { type: 'KubeConfigFile', kubeConfigFile: f.webhookConfigFile },
          matchConditions: [],
        },
      };
    }),
  };
}

/** Reload may reorder Node and RBAC, or change webhooks, but not add or remove the other types. */
export function checkReloadable(previous: AuthorizationConfig, next: AuthorizationConfig): string | undefined {
  const fixed = (c: AuthorizationConfig) => c.authorizers.filter((a) => a.type !== 'Webhook').map((a) => a.type).sort().join(',');
  if (fixed(previous) !== fixed(next)) return `non-webhook authorizer types may not be added or removed when reloading: had [${fixed(previous)}], got [${fixed(next)}]`;
  return undefined;
}

export interface ConfigWatcher {
  stop(): void;
}

/**
 * Calls `apply` with each new valid configuration of `path` (on change, and by polling
 * every `intervalMs`); an unreadable, invalid or non-reloadable file keeps the current one.
 */
export function watchAuthorizationConfig(
  path: string,
  initial: { text: string; config: AuthorizationConfig },
  apply: (config: AuthorizationConfig) => void,
  onError: (message: string) => void,
  intervalMs = 60_000,
): ConfigWatcher {
  let lastText = initial.text;
  let current = initial.config;
  const check = () => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      return onError(`error reading authorization configuration file ${path}: ${(e as Error).message}`);
    }
    if (text === lastText) return;
    lastText = text;
    try {
      const next = parseAuthorizationConfiguration(text, path);
      const problem = checkReloadable(current, next);
      if (problem) return onError(`error reloading authorization configuration file ${path}: ${problem}`);
      current = next;
      apply(next);
    } catch (e) {
      onError(`error reloading authorization configuration file ${path}: ${(e as Error).message}`);
    }
  };
  const timer = setInterval(check, intervalMs);
  timer.unref?.();
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(path, { persistent: false }, () => setTimeout(check, 20));
    watcher.on('error', () => undefined);
  } catch {
    // Polling alone still reloads within the interval.
  }
  return {
    stop() {
      clearInterval(timer);
      watcher?.close();
    },
  };
}
