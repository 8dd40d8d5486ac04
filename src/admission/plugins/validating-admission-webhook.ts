// ValidatingAdmissionWebhook (k8s.io/apiserver pkg/admission/plugin/webhook/validating/plugin.go):
// the ValidatingWebhookConfigurations' webhooks, called in parallel during the validating phase.

import { WebhookConfigIndex } from '../webhook/config-index.js';
import { WebhookCredentials } from '../webhook/credentials.js';
import { dispatchValidating } from '../webhook/dispatch.js';
import type { AdmissionPlugin, PluginDeps } from '../types.js';

export function validatingAdmissionWebhook(deps: PluginDeps): AdmissionPlugin {
  const index = new WebhookConfigIndex(deps.registry, 'validatingwebhookconfigurations');
  const dispatch = { registry: deps.registry, catalog: deps.catalog, credentials: WebhookCredentials.fromPluginConfig(deps.config), authorizer: deps.authorizer, metrics: deps.metrics };
  return {
    name: 'ValidatingAdmissionWebhook',
    validate: (a) => {
      const hooks = index.webhooks();
      // No configuration: nothing to match or call (no promise, no turn of the event loop).
      return hooks.length ? dispatchValidating(hooks, a, dispatch) : undefined;
    },
    start: () => index.start(),
    stop: () => index.stop(),
  };
}
