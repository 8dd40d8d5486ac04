// The credentials skiff presents to admission webhooks: the kubeConfigFile of the plugin's
// WebhookAdmissionConfiguration (--admission-control-config-file), whose users are picked
// by the host called as upstream's defaultAuthenticationInfoResolver does (k8s.io/apiserver
// pkg/util/webhook/authentication.go, pkg/admission/plugin/webhook/config/kubeconfig.go):
// "host:port", then "*.<domain suffix>", the same without ":443", then "*", then the
// current context's user.

import { isAbsolute } from 'node:path';
import { goQuote } from '../../apimachinery/goformat.js';
import { loadKubeconfigUsers, type UserCredentials } from '../../util/webhook-kubeconfig.js';

const CONFIG_KIND = 'apiserver.config.k8s.io/v1/WebhookAdmissionConfiguration';

export class WebhookCredentials {
  private constructor(
    private readonly users: Map<string, UserCredentials>,
    private readonly currentUser: string | undefined,
  ) {}

  static none(): WebhookCredentials {
    return new WebhookCredentials(new Map(), undefined);
  }

  /** From the plugin's configuration object; throws (the server does not start) when it is invalid. */
  static fromPluginConfig(config: unknown): WebhookCredentials {
    if (config === undefined || config === null) return WebhookCredentials.none();
    const c = config as { apiVersion?: unknown; kind?: unknown; kubeConfigFile?: unknown };
    if (`${c.apiVersion}/${c.kind}` !== CONFIG_KIND) {
      throw new Error(`no kind ${goQuote(String(c.kind ?? ''))} is registered for version ${goQuote(String(c.apiVersion ?? ''))}: want WebhookAdmissionConfiguration (apiserver.config.k8s.io/v1)`);
    }
    const file = typeof c.kubeConfigFile === 'string' ? c.kubeConfigFile : '';
    if (!file) return WebhookCredentials.none();
    if (!isAbsolute(file)) throw new Error(`kubeConfigFile: Invalid value: ${goQuote(file)}: must be an absolute file path`);
    const { users, currentUser } = loadKubeconfigUsers(file);
    return new WebhookCredentials(users, currentUser);
  }

  /** The user for a "host:port" target. */
  forTarget(hostPort: string): UserCredentials {
    const bySuffix = (target: string) => {
      const exact = this.users.get(target);
      if (exact) return exact;
      const steps = target.split('.');
      for (let i = 1; i < steps.length; i++) {
        const u = this.users.get(`*.${steps.slice(i).join('.')}`);
        if (u) return u;
      }
      return undefined;
    };
    const found = bySuffix(hostPort) ?? (hostPort.endsWith(':443') ? bySuffix(hostPort.slice(0, -4)) : undefined) ?? this.users.get('*');
    if (found) return found;
    return (this.currentUser !== undefined ? this.users.get(this.currentUser) : undefined) ?? {};
  }
}
