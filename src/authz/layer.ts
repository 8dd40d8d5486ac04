// The authorization layer, built from its options: the configured chain (flags or
// --authorization-config; skiff's default Node,RBAC), the RBAC policy index and the Node
// authorizer's graph that feed it, the write-path checks that need an authorizer
// (RBAC escalation, CSR signers), and the default policy reconciled at every start.

import type { Registry } from '../registry/registry.js';
import type { Logger } from '../util/log.js';
import { ensureBootstrapPolicy } from './bootstrappolicy/ensure.js';
import { Authorization } from './index.js';
import { nodeAuthorizerFor } from './node/authorizer.js';
import { RbacAuthorizer } from './rbac/authorizer.js';
import { installEscalationChecks } from './rbac/escalation.js';
import { RbacPolicyIndex } from './rbac/policy-index.js';
import type { Authorizer, RuleResolver } from './types.js';
import type { DecisionRecorder } from '../metrics/authz.js';

/** skiff's default authorization (kube-apiserver's flag defaults to AlwaysAllow): secure out of the box. */
export const DEFAULT_AUTHORIZATION_MODES = ['Node', 'RBAC'];

/** An authorizer the server runs: it may follow the registry (e.g. the Node authorizer's graph). */
export type ServerAuthorizer = Authorizer & RuleResolver & { start?(): Promise<void>; stop?(): void };

export interface AuthorizationOptions {
  /**
   * --authorization-mode: AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC, Node, in order. Unset
   * (and no --authorization-config): Node,RBAC.
   */
  authorizationMode?: string[];
  /** --authorization-policy-file (ABAC). */
  authorizationPolicyFile?: string;
  /** --authorization-webhook-config-file: kubeconfig of the Webhook mode's service. */
  authorizationWebhookConfigFile?: string;
  /** --authorization-webhook-version: v1beta1 (default) or v1. */
  authorizationWebhookVersion?: string;
  /** --authorization-webhook-cache-authorized-ttl, ms (default 5m). */
  authorizationWebhookCacheAuthorizedTtlMs?: number;
  /** --authorization-webhook-cache-unauthorized-ttl, ms (default 30s). */
  authorizationWebhookCacheUnauthorizedTtlMs?: number;
  /** --authorization-config: an AuthorizationConfiguration file; exclusive with the flags above. */
  authorizationConfigFile?: string;
  /** How often the --authorization-config file is re-read besides on change (default 60s). */
  authorizationConfigReloadIntervalMs?: number;
  /** First retry delay of a failed webhook authorization call (default 500ms). */
  authorizationWebhookInitialBackoffMs?: number;
  /** The authorizer to use instead of the configured one (tests, embedders), or a function building it from the registry. */
  authorizer?: ServerAuthorizer | ((registry: Registry) => ServerAuthorizer);
}

export interface AuthorizationLayer {
  authorizer: ServerAuthorizer;
  /** Post-start hook rbac/bootstrap-roles: the default policy, reconciled. */
  ensureDefaultPolicy(): Promise<void>;
  /** After the watch caches: fill the RBAC index and the node graph. */
  start(): Promise<void>;
  stop(): void;
}

/** Throws (the server does not start) on an invalid or conflicting configuration. */
export function buildAuthorization(o: AuthorizationOptions, registry: Registry, logger: Logger, recordDecision?: DecisionRecorder): AuthorizationLayer {
  const rbacIndex = new RbacPolicyIndex(registry, logger);
  const rbac = new RbacAuthorizer(rbacIndex);
  const node = nodeAuthorizerFor(registry);
  const configured = Authorization.create(
    { flags: authorizationFlags(o), configFile: o.authorizationConfigFile, reloadIntervalMs: o.authorizationConfigReloadIntervalMs },
    { rbac, node, webhookInitialBackoffMs: o.authorizationWebhookInitialBackoffMs, recordDecision },
    logger,
  );
  const custom = typeof o.authorizer === 'function' ? o.authorizer(registry) : o.authorizer;
  const authorizer: ServerAuthorizer = custom ?? configured;
  installEscalationChecks(registry, authorizer, rbac);
  return {
    authorizer,
    async ensureDefaultPolicy() {
      const { created, updated } = await ensureBootstrapPolicy(registry);
      if (created.length || updated.length) logger.v(1).info('rbac/bootstrap-roles', { created: created.length, updated: updated.length });
    },
    async start() {
      await Promise.all([rbacIndex.start(), node.start(), custom?.start?.()]);
    },
    stop() {
      custom?.stop?.();
      configured.stop();
      node.stop();
      rbacIndex.stop();
    },
  };
}

/** The legacy authorization flags; undefined when only --authorization-config configures authorization. */
function authorizationFlags(o: AuthorizationOptions) {
  const any = o.authorizationMode !== undefined || o.authorizationPolicyFile || o.authorizationWebhookConfigFile || o.authorizationWebhookVersion ||
    o.authorizationWebhookCacheAuthorizedTtlMs !== undefined || o.authorizationWebhookCacheUnauthorizedTtlMs !== undefined;
  if (!any && o.authorizationConfigFile) return undefined;
  return {
    modes: o.authorizationMode ?? DEFAULT_AUTHORIZATION_MODES,
    policyFile: o.authorizationPolicyFile,
    webhookConfigFile: o.authorizationWebhookConfigFile,
    webhookVersion: o.authorizationWebhookVersion,
    webhookCacheAuthorizedTTLMs: o.authorizationWebhookCacheAuthorizedTtlMs,
    webhookCacheUnauthorizedTTLMs: o.authorizationWebhookCacheUnauthorizedTtlMs,
  };
}
