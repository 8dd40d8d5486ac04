// Builds the server's authorizer and rule resolver from the authorization configuration
// (flags or file): system:masters first, then one authorizer per configured entry, made
// by the factory of its type, behind a union (upstream pkg/kubeapiserver/authorizer
// config.go). With a configuration file the chain is rebuilt when the file changes.

import { readFileSync } from 'node:fs';
import type { Logger } from '../util/log.js';
import { inClusterTarget, loadKubeconfigTarget } from '../util/webhook-client.js';
import { AbacAuthorizer } from './abac.js';
import { alwaysAllow } from './always-allow.js';
import { alwaysDeny } from './always-deny.js';
import {
  authorizationConfigFromFlags,
  parseAuthorizationConfiguration,
  validateAuthorizationFlags,
  watchAuthorizationConfig,
  AuthorizationConfigError,
  type AuthorizationConfig,
  type AuthorizationFlags,
  type AuthorizerConfig,
  type AuthorizerType,
  type ConfigWatcher,
} from './config.js';
import { privilegedGroups, SYSTEM_PRIVILEGED_GROUP } from './privileged-groups.js';
import type { RbacAuthorizer } from './rbac/authorizer.js';
import { unionAuthorizer, unionRuleResolver } from './union.js';
import { instrumentedAuthorizer } from './instrumented.js';
import type { DecisionRecorder } from '../metrics/authz.js';
import type { Attributes, Authorizer, RuleResolver } from './types.js';
import type { UserInfo } from '../authn/types.js';
import { WebhookAuthorizer } from './webhook.js';

export interface AuthorizerDeps {
  rbac: RbacAuthorizer;
  node: Authorizer & RuleResolver;
  policyFile?: string;
  /** Webhook retry backoff start (tests shorten it). */
  webhookInitialBackoffMs?: number;
  /** Counts each configured authorizer's decisions (apiserver_authorization_decisions_total). */
  recordDecision?: DecisionRecorder;
}

type Factory = (entry: AuthorizerConfig, deps: AuthorizerDeps) => Authorizer & RuleResolver;

/** One row per mode. */
const FACTORIES: Record<AuthorizerType, Factory> = {
  AlwaysAllow: () => alwaysAllow,
  AlwaysDeny: () => alwaysDeny,
  ABAC: (_e, d) => {
    if (!d.policyFile) throw new AuthorizationConfigError("authorization-mode ABAC's authorization policy file not passed");
    return AbacAuthorizer.fromFile(d.policyFile);
  },
  RBAC: (_e, d) => d.rbac,
  Node: (_e, d) => d.node,
  Webhook: (e, d) => {
    const w = e.webhook!;
    const kubeconfig = w.connectionInfo.kubeConfigFile;
    // Fail at start-up on an unreadable kubeconfig, as upstream does.
    if (w.connectionInfo.type === 'KubeConfigFile') loadKubeconfigTarget(kubeconfig!);
    return new WebhookAuthorizer({
      target: w.connectionInfo.type === 'KubeConfigFile' ? () => loadKubeconfigTarget(kubeconfig!) : inClusterTarget,
      version: w.subjectAccessReviewVersion,
      authorizedTTLMs: w.authorizedTTLMs,
      unauthorizedTTLMs: w.unauthorizedTTLMs,
      timeoutMs: w.timeoutMs,
      failurePolicy: w.failurePolicy,
      matchConditions: w.matchConditions,
      initialBackoffMs: d.webhookInitialBackoffMs,
    });
  },
};

export function buildChain(config: AuthorizationConfig, deps: AuthorizerDeps): { authorizer: Authorizer; ruleResolver: RuleResolver } {
  const entries = config.authorizers.map((e) => FACTORIES[e.type](e, { ...deps, policyFile: config.policyFile ?? deps.policyFile }));
  return {
    authorizer: unionAuthorizer([
      privilegedGroups(SYSTEM_PRIVILEGED_GROUP),
      ...entries.map((a, i) => {
        const { type, name } = config.authorizers[i]!;
        return deps.recordDecision ? instrumentedAuthorizer(type, name, a, deps.recordDecision) : a;
      }),
    ]),
    ruleResolver: unionRuleResolver(entries),
  };
}

export interface AuthorizationSetup {
  /** --authorization-mode and its flags; unset when only the configuration file is given. */
  flags?: AuthorizationFlags;
  /** --authorization-config. */
  configFile?: string;
  reloadIntervalMs?: number;
}

/** An authorizer whose chain can be swapped (configuration reloads). */
export class Authorization implements Authorizer, RuleResolver {
  private watcher?: ConfigWatcher;

  private constructor(private chain: { authorizer: Authorizer; ruleResolver: RuleResolver }) {}

  authorize(a: Attributes) {
    return this.chain.authorizer.authorize(a);
  }

  rulesFor(user: UserInfo, namespace: string) {
    return this.chain.ruleResolver.rulesFor(user, namespace);
  }

  stop(): void {
    this.watcher?.stop();
  }

  /** The configured authorization. Throws (the server does not start) on an invalid or conflicting configuration. */
  static create(setup: AuthorizationSetup, deps: AuthorizerDeps, logger: Logger): Authorization {
    if (setup.configFile && setup.flags) {
      throw new AuthorizationConfigError('--authorization-config can not be specified when --authorization-mode or --authorization-webhook-* flags are defined');
    }
    if (setup.configFile) {
      const path = setup.configFile;
      const text = readFileSync(path, 'utf8');
      const config = parseAuthorizationConfiguration(text, path);
      const authz = new Authorization(buildChain(config, deps));
      authz.watcher = watchAuthorizationConfig(
        path,
        { text, config },
        (next) => {
          try {
            authz.chain = buildChain(next, deps);
            logger.info('loaded new authorization configuration', { path });
          } catch (e) {
            logger.error('error building the reloaded authorization configuration; keeping the previous one', e, { path });
          }
        },
        (msg) => logger.error(msg),
        setup.reloadIntervalMs,
      );
      return authz;
    }
    if (setup.flags) {
      const problems = validateAuthorizationFlags(setup.flags);
      if (problems.length) throw new AuthorizationConfigError(problems.join('; '));
      return new Authorization(buildChain(authorizationConfigFromFlags(setup.flags), deps));
    }
    throw new AuthorizationConfigError('neither --authorization-mode nor --authorization-config configures authorization');
  }
}
