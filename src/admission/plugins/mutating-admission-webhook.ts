// MutatingAdmissionWebhook (k8s.io/apiserver pkg/admission/plugin/webhook/mutating/plugin.go):
// the MutatingWebhookConfigurations' webhooks, called in order during the mutating phase.

import { WebhookConfigIndex } from '../webhook/config-index.js';
import { WebhookCredentials } from '../webhook/credentials.js';
import { dispatchMutating } from '../webhook/dispatch.js';
import type { AdmissionPlugin, PluginDeps } from '../types.js';

export function mutatingAdmissionWebhook(deps: PluginDeps): AdmissionPlugin {
  const index = new WebhookConfigIndex(deps.registry, 'mutatingwebhookconfigurations');
  const dispatch = { registry: deps.registry, catalog: deps.catalog, credentials: WebhookCredentials.fromPluginConfig(deps.config), authorizer: deps.authorizer, metrics: deps.metrics };
  return {
    name: 'MutatingAdmissionWebhook',
    admit: (a) => {
      const hooks = index.webhooks();
      // No configuration: nothing to match or call, and nothing a reinvocation round could call.
      return hooks.length ? dispatchMutating(hooks, a, dispatch) : undefined;
    },
    start: () => index.start(),
    stop: () => index.stop(),
  };
}
